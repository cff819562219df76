"""The ``reconciliations`` aggregator: figures about the same quantity, set side by side.

Reports disagree most about numbers, and an analyst must see the
disagreement, not an average. A group is one *quantity*: one measure (plus
what is counted, for vehicles and aid, and what a distance locates), unit and
period, in one story (the stories aggregator's day-cut incidents do not split
a toll), narrowed by places through the place hierarchy
(:mod:`crosswire.link.quantities`) and by the population counted where it is
a part of a larger count. Each group gets a verdict
(:func:`crosswire.link.reconcile_status.judge`: status, dated series,
direction, who contests it), the number of independent sources behind it (a
duplicate or a wire copy is not a second source), a one-paragraph summary
listing every value with its hedge, claimant and date, and, clearly labelled,
the conservative figure an ACLED-style coder would record. Nothing is
collapsed: every figure id stays in the group; projections and partial
counts are listed beside the counts, never judged with them.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from crosswire.link.contests import Contest, find_contests
from crosswire.link.incidents import definite, incident_of_items
from crosswire.link.quantities import (
    POPULATION_MEASURES,
    Within,
    is_area,
    nationality_of,
    place_within,
    population_of,
    population_words,
    quantity_places,
    same_party,
    world_region,
)
from crosswire.link.reconcile_status import (
    Contesting,
    Observation,
    Verdict,
    best_estimate,
    conservative,
    judge,
    observation,
)
from crosswire.link.reconcile_victims import share_apart, share_killers, share_named

if TYPE_CHECKING:
    from crosswire.link import Corpus
    from crosswire.link.entity_index import EntityIndex
    from crosswire.models import Article
    from crosswire.store import StoreBackend

__all__ = [
    "AGGREGATOR",
    "SITUATION_MEASURES",
    "ReconciliationsAggregator",
    "format_figure",
    "incident_of_figures",
    "place_keys",
    "reconcile",
    "source_key",
    "story_of_articles",
]

Item = dict[str, Any]
_KIND_MEASURES = frozenset({"vehicles", "aid_quantity", "distance"})
#: Measures that describe a place's situation, not one incident: grouped by place only.
SITUATION_MEASURES = frozenset(
    {
        "population_remaining",
        "population_prewar",
        "population",
        "sheltering",
        "displaced",
        "territory_controlled",
        "distance",
    }
)
_HEDGE_WORDS = {
    "exact": "",
    "approximately": "about ",
    "at_least": "at least ",
    "at_most": "at most ",
    "up_to": "up to ",
    "more_than": "more than ",
    "fewer_than": "fewer than ",
}


def source_key(article: Article | None, article_id: str) -> str:
    """Who really stands behind an article: the source of the wire or shared text it carries
    (found by the ``wire_texts`` aggregator), its original if it is a copy, its wire if any."""
    if article is None:
        return article_id
    if article.text_source:
        return article.text_source
    if article.duplicate_of:
        return article.duplicate_of
    if article.wire:
        return "wire:" + article.wire[0].casefold()
    return article.id


def _kind(item: Mapping[str, Any], parts: Mapping[str, str] | None = None) -> str:
    if parts and str(item.get("id")) in parts:
        return parts[str(item["id"])]
    if item.get("measure") not in _KIND_MEASURES:
        return ""
    counts = str(item.get("counts") or "").casefold().split()
    word = counts[-1] if counts else ""
    return word[:-2] if word.endswith("es") and word[:-2].endswith("s") else word.rstrip("s")


def _period(item: Mapping[str, Any]) -> str:
    """The period a figure totals over ("January", "per month"): figures of different
    periods (a month's trucks, one convoy's) are not set against each other."""
    period = str(item.get("period") or "")
    # "since last week", "in the past month": a running total counted from then, the same
    # quantity as the toll told without it; a rate ("per day") or a named span stays apart
    return "" if period.casefold().startswith(_SINCE) else period


_SINCE = ("last ", "past ", "this ")


def format_figure(item: Mapping[str, Any]) -> str:
    """A figure as a short phrase: "up to 170,000 residents", "55–60 %", "thousands
    (2,000–9,999) people".

    A count in words only ("thousands", "tens of thousands") keeps the report's words,
    with the range it is read as beside them: "about 2,000–9,999" alone would look like
    a range some source gave."""
    value, low, high = item.get("value"), item.get("low"), item.get("high")
    hedge = str(item.get("hedge") or "exact")
    said = " ".join(str(item.get("text") or "").split())
    if value is None and low is not None and high is not None and said:
        if not any(ch.isdigit() for ch in said):
            number = f"{said} ({low:,}–{high:,})"
            hedge = "exact"  # the words carry their own vagueness
        else:
            number = f"{low:,}–{high:,}"
    elif value is not None:
        whole = isinstance(value, float) and value.is_integer()
        number = f"{int(value) if whole else value:,}"  # never "4,100,000.0"
    elif low is not None and high is not None:
        number = f"{low:,}–{high:,}"
    else:
        number = f"{(low if low is not None else high) or 0:,}"
    unit = item.get("unit")
    counts = item.get("counts")
    words = f"{_HEDGE_WORDS.get(hedge, '')}{number}"
    if unit:
        words += f" {unit}"
    if counts and not item.get("derived") and str(counts).casefold() != str(unit).casefold():
        words += f" {counts}"  # never "up to 8 times times"
    if item.get("period"):
        words += f" ({item['period']})"
    if item.get("derived"):
        words = f"named victim ({counts})"
    return words


def _headline(items: list[Item]) -> Item:
    """An article's main figure for one claimant: explicit over derived, then the largest."""
    explicit = [i for i in items if not i.get("derived")]
    pool = explicit or items

    def size(i: Item) -> float:
        for key in ("value", "low", "high"):
            if isinstance(i.get(key), int | float):
                return float(i[key])
        return 0.0

    return max(pool, key=size)


_FLOORS = frozenset({"at_least", "more_than"})


def _below_named(head: Item, named: int) -> bool:
    """Is an article's explicit figure only a floor that its named victims exceed?

    "At least two" or "a murder-suicide" (at least the killer and one
    victim) are lower bounds; when the same report names three distinct
    dead, the names are the fuller count. An exact figure always stands.
    """
    if head.get("derived") or head.get("hedge") not in _FLOORS:
        return False
    floor = head.get("value") if head.get("value") is not None else head.get("low")
    return isinstance(floor, int | float) and named > floor


def reconcile(
    figures: Sequence[Item],
    articles: Mapping[str, Article],
    incident_of: Mapping[str, str] | None = None,
    place_key: Mapping[str, str] | None = None,
    story_of: Mapping[str, str] | None = None,
    contests: Sequence[Contest] = (),
    within: Within | None = None,
) -> list[Item]:
    """Group ``figures`` and describe each group (see the module docstring).

    ``incident_of`` maps a figure id to its incident id (see
    :func:`incident_of_figures`); ``place_key`` maps a figure id to a
    canonical place key (entity or gazetteer id), else the place name is used.
    ``story_of`` maps an article id to its story (see :func:`story_of_articles`):
    a figure with no incident is then compared only within its story, so a
    store holding many crises never sets "2 miles" from one shooting against
    "6 miles" from another as diverging. A situation figure with a place
    (Mariupol's population) is still compared across stories: the place is the
    quantity. Without ``story_of`` the whole corpus is one scope.

    ``within(a, b)`` says whether place key ``a`` lies inside place key ``b``
    (Derna in Libya): a figure placed in a wider or no place then joins the
    quantity of the narrower place its scope is about, instead of splitting
    one toll over three place strings. ``contests`` are statements that
    contest a toll or the account behind it (see :mod:`crosswire.link.contests`).
    """
    incident_of = incident_of or {}
    place_key = place_key or {}
    story_of = story_of or {}
    buckets: dict[tuple[str, ...], list[Item]] = defaultdict(list)
    pending: list[tuple[list[str], Item]] = []

    def place_of(item: Item) -> str:
        return place_key.get(str(item["id"])) or str(item.get("place") or "").casefold()

    def scope_of(item: Item) -> str:
        story = story_of.get(str(item["article"]))
        return f"story:{story}" if story else ""

    parts = _populations(figures, scope_of)
    for item in figures:
        measure = item.get("measure")
        if not measure:
            continue
        rest = (str(measure), _kind(item, parts), str(item.get("unit") or ""), _period(item))
        if measure in SITUATION_MEASURES:
            buckets[("", "" if place_of(item) else scope_of(item), *rest)].append(item)
            continue
        incident = incident_of.get(str(item["id"]), "")
        if incident and item.get("cumulative") and story_of:
            # a running total told beside an incident ("the war's toll rose to 1,300") is
            # the war's quantity, never the incident's toll
            buckets[("", scope_of(item), *rest)].append(item)
            continue
        if incident.startswith("?"):
            pending.append((incident[1:].split("|"), item))
            continue
        buckets[(incident, "" if incident else scope_of(item), *rest)].append(item)
    for candidates, item in pending:
        unit = str(item.get("unit") or "")
        rest = (str(item["measure"]), _kind(item, parts), unit, _period(item))
        place = place_of(item)
        # a running tally ("104 shot this year") outside every incident's sentences
        # is about no one incident: it stays with its story
        home = None
        if not item.get("cumulative"):
            home = next(
                (
                    (iid, "", *rest)
                    for iid in candidates
                    if any(place_of(o) == place for o in buckets.get((iid, "", *rest), ()))
                ),
                # the report tells of one incident only: the figure is about it
                (candidates[0], "", *rest) if len(candidates) == 1 else None,
            )
        buckets[home or ("", scope_of(item), *rest)].append(item)
    _adopt_story_figures(buckets, place_of, story_of)
    sole: dict[tuple[str, ...], str] = {}
    if story_of:
        buckets, sole = _story_quantities(buckets, story_of)
        if within is not None:
            buckets = _across_stories(buckets, place_of)
        buckets = _echoes_joined(buckets)
    groups: list[Item] = []
    for (incident, scope, measure, kind, unit, _), items in sorted(buckets.items()):
        keys = Counter(place_of(item) for item in items)
        quantity_of = quantity_places(keys, within, in_incident=bool(incident))
        incident = incident or sole.get((incident, scope, measure, kind, unit, _), "")
        by_place: dict[str, list[Item]] = defaultdict(list)
        names: dict[str, Counter[str]] = defaultdict(Counter)
        for item in items:
            key = quantity_of.get(place_of(item), place_of(item))
            by_place[key].append(item)
            if item.get("place"):
                names[key][str(item["place"])] += 1
        for key, placed in sorted(by_place.items()):
            shown = names[key].most_common(1)[0][0] if names[key] else None
            for members in _running_totals_apart(placed):
                told = {str(m.get("_incident") or "") for m in members if "_incident" in m}
                site = incident or (next(iter(told)) if len(told) == 1 else "")
                members = [{k: v for k, v in m.items() if k != "_incident"} for m in members]
                where = (site, scope)
                bearing = _bearing(contests, measure, members, site, shown, story_of, kind)
                groups.append(
                    _group(where, measure, kind, unit, key, shown, members, articles, bearing)
                )
    return groups


def _running_totals_apart(members: list[Item]) -> list[list[Item]]:
    """A wider conflict's running total ("the war's toll rose to 1,300") beside an incident's
    own count in one place is its own quantity, never the incident's toll: a running total
    several times the incident's largest own count. One of the same size ("close to 400 dead
    so far" beside "almost 400 killed") is the incident's toll told to date; where no incident
    tells a count of its own, running totals are the quantity ("as many as 2,500 killed")."""
    own = [
        float(v)
        for m in members
        if m.get("_incident") and not m.get("cumulative")
        if isinstance(
            v := m.get("value") if m.get("value") is not None else m.get("low"), int | float
        )
    ]
    if not own:
        return _told_side_by_side(members)
    wider = [
        m
        for m in members
        if m.get("cumulative")
        and isinstance(
            v := m.get("value") if m.get("value") is not None else m.get("low"), int | float
        )
        and v >= _WIDER * max(own)
    ]
    if not wider or len(wider) == len(members):
        return _told_side_by_side(members)
    return [[m for m in members if m not in wider], wider]


#: How many times an incident's own count a running total must be to be a wider conflict's.
_WIDER = 3.0
#: How far apart (a factor) two counts told on one day must lie to be two quantities.
_APART = 5.0


def _value(item: Item) -> float | None:
    v = item.get("value") if item.get("value") is not None else item.get("low")
    return float(v) if isinstance(v, int | float) and v > 0 else None


def _told_side_by_side(members: list[Item]) -> list[list[Item]]:
    """A running total and a smaller count told on the same days are two quantities.

    "A strike on a school killed 12" and "the death toll in the 16-day war rose to 912",
    both told on one day, are the strike's toll and the war's, whatever incident or place
    each report's passages fall in. They are split where the counts jump by
    :data:`_APART` or more, when the upper ones are mostly running totals (figures whose
    sentence says "since the offensive began", "in the war", "so far") and the lower ones
    none, the lower ones come from two reports or more, and both sides are told on a
    common day. A toll that rises over days (65, then
    273) is never told on one day at both sizes, and an estimate far above the official
    count (10,000 against 151) is no running total: both stay one quantity."""
    valued = sorted(((v, m) for m in members if (v := _value(m)) is not None), key=lambda vm: vm[0])
    if len(valued) < 2:
        return [members]
    ratio, cut = max((valued[i + 1][0] / valued[i][0], i + 1) for i in range(len(valued) - 1))
    if ratio < _APART:
        return [members]
    lower = [m for _, m in valued[:cut]]
    upper = [m for _, m in valued[cut:]]
    running = sum(1 for m in upper if m.get("cumulative"))
    if any(m.get("cumulative") for m in lower) or running * 2 < len(upper):
        return [members]
    if len({str(m["article"]) for m in lower}) < 2:
        return [members]  # one report's smaller number: a part of the toll, not a second toll
    days = {str(m.get("as_of")) for m in lower if m.get("as_of")}
    if not days & {str(m.get("as_of")) for m in upper if m.get("as_of")}:
        return [members]
    rest = [m for m in members if _value(m) is None]  # vague words stay with the upper side
    return [lower, upper + rest]


#: Measures a contest of a toll bears on ("denied the strike", "disputed the casualty numbers").
_CONTESTABLE = frozenset({"killed", "injured", "shot", "casualties", "missing", "dead_or_missing"})


def _bearing(
    contests: Sequence[Contest],
    measure: str,
    members: Sequence[Item],
    incident: str,
    place: str | None,
    story_of: Mapping[str, str],
    population: str = "",
) -> list[Contesting]:
    """The contests that bear on one group of a casualty measure: told in its incident's
    passages, or in the paragraph of one of its figures, or naming its place; never by a
    party that gave one of its figures (no one contests their own number). A group of one
    population (the security forces among the dead) bears only contests told beside its
    figures or naming that population: "the toll could be far higher" contests the whole."""
    if measure not in _CONTESTABLE or not contests:
        return []
    own_words = population_words(population)
    near = defaultdict(list)
    for m in members:
        near[str(m["article"])].append(int(m["start"]))
    claimants = {str(m["claimant"]) for m in members if m.get("claimant")}
    named = place.casefold() if place else None
    stories = {story_of.get(a) for a in near}
    out = []
    for c in contests:
        close = any(abs(c.start - at) <= _NEAR for at in near.get(c.article, ()))
        here = bool(incident) and c.incident == incident
        names = (
            named is not None
            and named in c.text.casefold()
            and (c.article in near or story_of.get(c.article, "?") in stories)
        )
        if own_words and not close:
            told = set(_WORD.findall(c.text.casefold()))
            if not told & own_words:
                continue
        if not (close or here or names):
            continue
        if c.party and any(same_party(c.party, who) for who in claimants):
            continue
        out.append(Contesting(c.party, c.text, c.article, c.start, c.end))
    return out


_WORD = re.compile(r"[a-z]+")

#: How far (characters) a contest may stand from a figure and still be about it: a paragraph.
_NEAR = 400


#: A count of one population is a part of the whole when it is below this share of the
#: largest count of everyone in its scope ("12 staff" of "42 killed"); near it, it is the whole
#: told by who the dead were ("four women" beside "four dead females and the unharmed child",
#: read as five). 0.95 cost GVC one incident and moved no crisis-set number.
_PART_OF_WHOLE = 0.8


def _populations(figures: Sequence[Item], scope_of: Callable[[Item], str]) -> dict[str, str]:
    """Figure id -> the population it counts, for counts of a part of a scope's dead or moved
    ("14 civilians" where "400 dead" are told, "12 staff" beside "42 killed"): a part is its
    own quantity, never a rival of the whole. A count of children, women or staff that is the
    whole ("four women were killed", nothing larger told) stays with the whole."""
    whole: dict[tuple[str, str], float] = defaultdict(float)
    told: dict[tuple[str, str], float] = defaultdict(float)  # per report
    largest: dict[tuple[str, str], float] = defaultdict(float)  # per report, any count
    classes: list[tuple[Item, str, float]] = []
    nationals: list[tuple[Item, str, float]] = []
    for item in figures:
        measure = item.get("measure")
        if measure not in POPULATION_MEASURES or item.get("derived"):
            continue
        population = population_of(item.get("counts"), measure)
        value = item.get("value") if item.get("value") is not None else item.get("low")
        if not isinstance(value, int | float):
            continue
        own = (str(item["article"]), str(measure))
        largest[own] = max(largest[own], float(value))
        if not population and (country := nationality_of(item.get("counts"))):
            # "464 Iranians" among the pilgrims: a part only beside a larger count told in
            # the same report; "1,800 Palestinians" with nothing larger is the whole toll
            nationals.append((item, country, float(value)))
            continue
        if population:
            classes.append((item, population, float(value)))
        else:
            key = (scope_of(item), str(measure))
            whole[key] = max(whole[key], float(value))
            own = (str(item["article"]), str(measure))
            told[own] = max(told[own], float(value))
    out: dict[str, str] = {}
    for item, population, value in classes:
        measure = str(item["measure"])
        if value < _PART_OF_WHOLE * whole.get((scope_of(item), measure), 0.0) or value < told.get(
            (str(item["article"]), measure), 0.0
        ):
            # below the scope's largest total, or below a total its own report gives
            # ("370 insurgents" where the same report tells "almost 400 dead")
            out[str(item["id"])] = population
    for item, country, value in nationals:
        if value < _PART_OF_WHOLE * largest[(str(item["article"]), str(item["measure"]))]:
            out[str(item["id"])] = country
    return out


def _story_quantities(
    buckets: Mapping[tuple[str, ...], list[Item]], story_of: Mapping[str, str]
) -> tuple[dict[tuple[str, ...], list[Item]], dict[tuple[str, ...], str]]:
    """One story's counts of one measure as one scope, whichever incident told them.

    The stories aggregator cuts a crisis into incidents by day, and a later
    report's "the toll has risen to 273" sits in that day's incident, not the
    quake's: keyed by incident, one toll falls apart into one group per report
    day and its series never shows. Within a story, places keep different
    incidents' counts apart (see :func:`quantity_places`); a running total of
    the wider conflict ("the war's toll rose to 1,300") stays its own quantity
    where the story also tells an incident's own toll. Returns the new buckets
    and, for each, the incident when all its figures came from one.
    """
    merged: dict[tuple[str, ...], list[Item]] = defaultdict(list)
    incidents: dict[tuple[str, ...], set[str]] = defaultdict(set)
    for (incident, scope, *rest), items in buckets.items():
        stories = Counter(
            story_of[str(i["article"])] for i in items if str(i["article"]) in story_of
        )
        if not stories:
            merged[(incident, scope, *rest)].extend(items)
            incidents[(incident, scope, *rest)].add(incident)
            continue
        key = ("", f"story:{stories.most_common(1)[0][0]}", *rest)
        for item in items:
            merged[key].append({**item, "_incident": incident})
    return dict(merged), {k: next(iter(v)) for k, v in incidents.items() if len(v) == 1}


#: Stories whose tolls for one country or region are one quantity when their figures' days
#: lie this close: one crisis filed as several stories (a UN official's estimate, a
#: later agency count), not two crises in one country months apart.
_CRISIS_DAYS = 30


def _across_stories(
    buckets: Mapping[tuple[str, ...], list[Item]], place_of: Callable[[Item], str]
) -> dict[tuple[str, ...], list[Item]]:
    """Join the figures for one country or first-level region (:func:`is_area`) that
    stories of one crisis told apart, when their days lie within :data:`_CRISIS_DAYS`.

    Story clustering follows events as ECB+ defines them: a UN rapporteur's estimate of a
    conflict's dead may found a story of its own beside the army's count of the same dead.
    Keyed by story, "killed in Myanmar" then falls into two groups, neither of which shows
    the dispute. Figures for a town stay with their story: a town names one incident.
    """
    spans: dict[tuple[tuple[str, ...], str], dict[str, list[str]]] = defaultdict(dict)
    for (_, scope, *rest), items in buckets.items():
        if not scope.startswith("story:"):
            continue
        for item in items:
            place = place_of(item)
            if place and is_area(place):
                days = spans[(tuple(rest), place)].setdefault(scope, [])
                if item.get("as_of"):
                    days.append(str(item["as_of"])[:10])
    home: dict[tuple[tuple[str, ...], str, str], str] = {}
    for (quantity, place), scopes in spans.items():
        if len(scopes) < 2:
            continue
        order = sorted(scopes, key=lambda s: min(scopes[s], default="9999"))
        lead, last = order[0], max(scopes[order[0]], default="")
        for scope in order[1:]:
            first = min(scopes[scope], default="")
            if last and first and _days_between(last, first) > _CRISIS_DAYS:
                lead = scope
            else:
                home[(quantity, place, scope)] = lead
            last = max([last, *scopes[scope]])
    if not home:
        return dict(buckets)
    out: dict[tuple[str, ...], list[Item]] = defaultdict(list)
    for (incident, scope, *rest), items in buckets.items():
        placed = {place_of(i) for i in items if place_of(i)}
        leads = {home.get((tuple(rest), p, scope)) for p in placed}
        # unplaced figures follow their story's placed ones when all of those moved to one
        # quantity ("the official tolls come to 432" told beside "killed in Myanmar")
        unplaced = next(iter(leads)) if len(leads) == 1 else None
        for item in items:
            moved = home.get((tuple(rest), place_of(item), scope))
            if moved is None and not place_of(item):
                moved = unplaced
            out[(incident, moved or scope, *rest)].append(item)
    return dict(out)


def _echoes_joined(
    buckets: Mapping[tuple[str, ...], list[Item]],
) -> dict[tuple[str, ...], list[Item]]:
    """A story's count whose every number another story of the crisis already gives, within
    :data:`_CRISIS_DAYS`, is that story's quantity: a lone report filed as a story of its own
    ("769 dead and 934 injured in Mina") repeats the crisis's toll, it does not found one.
    Only buckets of one report move, and only into the one bucket of several reports that
    gives all their numbers."""
    out: dict[tuple[str, ...], list[Item]] = {k: list(v) for k, v in buckets.items()}
    several: dict[tuple[str, ...], list[tuple[tuple[str, ...], set[object], str]]] = defaultdict(
        list
    )
    lone: list[tuple[str, ...]] = []
    for key, items in out.items():
        if key[0] or not key[1].startswith("story:"):
            continue
        if len({str(i["article"]) for i in items}) == 1:
            lone.append(key)
        else:
            first = next((str(i["as_of"])[:10] for i in items if i.get("as_of")), "")
            several[key[2:]].append((key, {i.get("value") for i in items}, first))
    for key in lone:
        items = out[key]
        values = {i.get("value") for i in items}
        if None in values:
            continue
        days = [str(i["as_of"])[:10] for i in items if i.get("as_of")]
        homes = [
            other
            for other, told, first in several.get(key[2:], ())
            if values <= told
            and all(not first or _days_between(d, first) <= _CRISIS_DAYS for d in days)
        ]
        if len(homes) == 1:
            out[homes[0]].extend(items)
            del out[key]
    return out


def _days_between(a: str, b: str) -> int:
    from datetime import date

    try:
        return abs((date.fromisoformat(b) - date.fromisoformat(a)).days)
    except ValueError:
        return 0


def _adopt_story_figures(
    buckets: dict[tuple[str, ...], list[Item]],
    place_of: Callable[[Item], str],
    story_of: Mapping[str, str],
) -> None:
    """A story-level figure joins the one incident of its story that counts the same
    measure in the same place: a later report's "AFAD said 31,643 people had been killed
    in Turkey", outside the passages that date its incident, updates the toll the
    earlier reports gave for the quake, not a toll of its own. With two such incidents,
    or none, it stays with its story."""
    stories_of: dict[str, set[str]] = defaultdict(set)
    for key, items in buckets.items():
        if key[0]:
            stories_of[key[0]].update(
                f"story:{story_of[str(i['article'])]}"
                for i in items
                if str(i["article"]) in story_of
            )
    # each incident bucket's places, once (an adopted figure adds no new one: it matched)
    places_in = {k: {place_of(o) for o in members} for k, members in buckets.items() if k[0]}
    for key in [k for k in buckets if not k[0] and k[1].startswith("story:")]:
        candidates = [k for k in places_in if k[2:] == key[2:] and key[1] in stories_of[k[0]]]
        keep: list[Item] = []
        for item in buckets[key]:
            place = place_of(item)
            homes = [k for k in candidates if place in places_in[k]]
            if place and not item.get("cumulative") and len(homes) == 1:
                buckets[homes[0]].append(item)
            else:
                keep.append(item)
        if keep:
            buckets[key] = keep
        else:
            del buckets[key]


def story_of_articles(stories: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """Article id -> id of the story it belongs to, from the ``stories`` section."""
    return {str(aid): str(story["id"]) for story in stories for aid in story.get("articles") or ()}


#: Figure kinds that enter a toll; projections and partial counts are shown beside it.
COUNTED_KINDS = frozenset({"count", "estimate", "recalled"})


def _group(
    where: tuple[str, str],
    measure: str,
    kind: str,
    unit: str,
    key: str,
    place: str | None,
    members: list[Item],
    articles: Mapping[str, Article],
    contests: Sequence[Contesting] = (),
) -> Item:
    per: dict[tuple[str, str, bool], list[Item]] = defaultdict(list)
    beside: list[Item] = []
    for item in members:
        figure_kind = str(item.get("kind") or "count")
        if figure_kind not in COUNTED_KINDS:
            beside.append(item)
            continue
        recalled = figure_kind == "recalled"
        per[(str(item["article"]), str(item.get("claimant") or ""), recalled)].append(item)
    share_killers(per, members)  # a killer's suicide is no re-mention of a victim
    share_named(per)
    share_apart(per)
    obs: list[Observation] = []
    for (aid, _, _), items in per.items():
        head = _headline(items)
        src = source_key(articles.get(aid), aid)
        derived = [i for i in items if i.get("derived")]
        if derived and _below_named(head, len(derived)):
            head = derived[0]
        o = observation(head, src)
        if head.get("derived"):
            n = float(len(derived))
            o = Observation(
                tuple(str(i["id"]) for i in derived),
                aid,
                src,
                n,
                n,
                None,
                "at_least",
                o.as_of,
                tuple(c for i in derived for c in i.get("caveats") or ()),
            )
        obs.append(o)
    verdict = judge(obs, measure, contests)
    contested = {f for c in verdict.contesting for f in c.figure_ids}
    obs = [o for o in obs if not set(o.figure_ids) & contested]
    current = [o for o in obs if o.kind != "recalled" or o.as_of] or obs
    named = [o for o in current if any(f.endswith(":victim") for f in o.figure_ids)]
    most_named = max((o.value or 0 for o in named), default=0)
    explicit = [
        o
        for o in current
        if o not in named
        and not (o.hedge in _FLOORS and o.value is not None and o.value < most_named)
    ]  # "a murder-suicide" (at least two) says less than three dead named by another claimant
    if explicit:
        cons = conservative(explicit, measure)
        estimate = best_estimate(explicit, measure)
    elif current:
        best = max(current, key=lambda o: o.value or 0)
        cons = conservative([best], measure)
        cons["label"] = cons["label"].replace("lowest credible number", "victims named")
        estimate = best_estimate([best], measure)
        estimate["label"] = estimate["label"].replace("most often given", "victims named")
    else:
        cons = conservative([], measure)
        estimate = best_estimate([], measure)
    incident, scope = where  # the scope (a story) only when there is no incident
    ident = "|".join(
        [incident or scope, measure, kind, unit, key, *sorted(str(m["id"]) for m in members)]
    )
    members.sort(key=lambda i: (str(i.get("as_of") or ""), str(i["article"]), int(i["start"])))
    status = verdict.status
    return {
        "id": "rec:" + hashlib.sha256(ident.encode()).hexdigest()[:16],
        "measure": measure,
        "counts": kind or None,
        "unit": unit or None,
        "place": place,
        "place_key": key or None,
        "incident": incident or None,
        "status": status,
        "direction": verdict.direction if status in ("changed", "disputed", "diverging") else None,
        "series": _series_items(verdict),
        "contested_by": _contested_items(verdict),
        "beside": [{"figure": str(b["id"]), "kind": str(b.get("kind") or "count")} for b in beside],
        "figures": [str(m["id"]) for m in members],
        # a group of projections or partial counts only (shown beside, never judged) still
        # rests on its reports: their sources, not zero
        "independent_sources": len({o.source for o in obs})
        or len({source_key(articles.get(str(m["article"])), str(m["article"])) for m in members}),
        "articles": sorted({str(m["article"]) for m in members}),
        "as_of": sorted({str(m["as_of"]) for m in members if m.get("as_of")}),
        "conservative": cons,
        "best_estimate": estimate,
        "summary": _summary(measure, place, verdict, members, obs, articles),
    }


def _series_items(verdict: Verdict) -> list[Item]:
    """The dated series, latest first, as export items."""
    return [
        {
            "as_of": point.as_of,
            "superseded": point.as_of is None
            and all(o.kind == "recalled" for o in point.observations),
            "figures": [f for o in point.observations for f in o.figure_ids],
            "claimants": sorted({o.claimant for o in point.observations if o.claimant}),
        }
        for point in verdict.series
    ]


def _contested_items(verdict: Verdict) -> list[Item]:
    return [
        {
            "party": c.party,
            "text": c.text or None,
            "article": c.article,
            "start": c.start,
            "end": c.end,
            "figures": list(c.figure_ids),
        }
        for c in verdict.contesting
    ]


def _summary(
    measure: str,
    place: str | None,
    verdict: Verdict,
    members: list[Item],
    obs: list[Observation],
    articles: Mapping[str, Article],
) -> str:
    status = verdict.status
    if verdict.direction in ("rose", "revised_down") and status == "changed":
        status = f"changed ({verdict.direction.replace('_', ' ')})"
    where = f" in {place}" if place else ""
    parts = []
    for item in members:
        art = articles.get(str(item["article"]))
        outlet = (art.outlet if art else None) or f"report {str(item['article'])[:8]}"
        who = item.get("claimant") or "unattributed"
        when = f", as of {item['as_of']}" if item.get("as_of") else ""
        caveat = f" ({'; '.join(item['caveats'])})" if item.get("caveats") else ""
        label = _KIND_LABELS.get(str(item.get("kind") or "count"), "")
        parts.append(f"{label}{format_figure(item)} ({who}, {outlet}{when}){caveat}")
    sources = len({o.source for o in obs})
    noun = "source" if sources == 1 else "independent sources"
    contested = ""
    parties = sorted({c.party for c in verdict.contesting if c.party})
    if verdict.contesting:
        contested = f"; contested by {', '.join(parties) if parties else 'a party'}"
    return (
        f"{measure.replace('_', ' ')}{where}: {status.replace('_', ' ')} across {sources} {noun}"
        f"{contested} — " + "; ".join(parts) + "."
    )


#: How a figure that is not a count is labelled where it is shown beside the counts.
_KIND_LABELS = {
    "projection": "projection: ",
    "partial": "partial count: ",
    "recalled": "earlier figure: ",
    "estimate": "estimate: ",
}


def _joint_parts(item: Item) -> list[str]:
    """The places of a figure placed in several at once ("Turkey and Syria"), else []."""
    place = item.get("place")
    if not isinstance(place, str) or item.get("place_geonameid") is not None:
        return []
    if " and " not in place:
        return []
    head, last = place.rsplit(" and ", 1)
    parts = [p.strip().casefold() for p in [*head.split(", "), last]]
    return parts if all(parts) else []


def place_keys(figures: Sequence[Item], entities: EntityIndex) -> dict[str, str]:
    """A canonical place key per figure id: gazetteer id, else canonical entity.

    A figure whose place was read from a gazetteer-resolved mention carries a
    geonameid; one whose place came from an entity mention ("the city" ->
    the article's main town) may not. Entities seen with a geonameid lend
    it to the others, so both land in one group.
    """
    ent_of: dict[str, str] = {}
    ent_gid: dict[str, int] = {}
    joint: dict[str, str] = {}
    for item in figures:
        span = item.get("place_span")
        parts = _joint_parts(item)
        if parts:
            # "Turkey and Syria": the joint area, whichever order the report names them in
            joint[str(item["id"])] = "places:" + "|".join(sorted(parts))
            continue
        if isinstance(span, dict):
            ent = entities.entity_at(str(item["article"]), span["start"], span["end"])
            if ent is not None:
                ent_of[str(item["id"])] = ent
                gid = item.get("place_geonameid")
                if isinstance(gid, int):
                    ent_gid.setdefault(ent, gid)
    keys: dict[str, str] = {}
    for item in figures:
        fid = str(item["id"])
        if fid in joint:
            keys[fid] = joint[fid]
            continue
        region = world_region(item.get("place"))
        if region:
            keys[fid] = f"region:{region}"  # "West Africa": wider than any country
            continue
        gid = item.get("place_geonameid")
        ent = ent_of.get(fid)
        if not isinstance(gid, int) and ent is not None:
            gid = ent_gid.get(ent)
        if isinstance(gid, int):
            keys[fid] = f"geonames:{gid}"
        elif ent is not None:
            keys[fid] = f"entity:{ent}"
    return keys


def incident_of_figures(figures: Sequence[Item], stories: Sequence[Item]) -> dict[str, str]:
    """The incident each figure reports on (see :func:`crosswire.link.incidents.incident_of_items`).

    A figure in an article that tells of several incidents but in none of
    their spans (a cumulative toll, a background number) gets its article's
    incidents as candidates (``"?id1|id2"``): it joins a group of one of them
    for the same measure and place if there is one, else it is grouped by
    place alone.
    """
    return incident_of_items(figures, stories)


class ReconciliationsAggregator:
    """Aggregator component: runs last, over every report's figures."""

    name = "reconciliations"
    version = "18"
    requires: tuple[str, ...] = ("quotes", "figures", "stories")
    assigns: tuple[str, ...] = ("reconciliations",)

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """Reconciliation groups for the whole corpus (cheap enough to recompute each time)."""
        articles = {a.id: a for a in corpus.articles}
        figures = corpus.items("figures")
        stories = corpus.sections.get("stories", [])
        incidents = incident_of_figures(figures, stories)
        places = place_keys(figures, corpus.entities)
        contests = find_contests(corpus.articles, corpus.annotations, corpus.items("quotes"))
        where = incident_of_items(
            [
                {"id": str(i), "article": c.article, "start": c.start}
                for i, c in enumerate(contests)
            ],
            stories,
        )
        contests = [c.at_incident(definite(where.get(str(i)))) for i, c in enumerate(contests)]
        return reconcile(
            figures,
            articles,
            incidents,
            places,
            story_of_articles(stories),
            contests,
            place_within,
        )


AGGREGATOR = ReconciliationsAggregator()
