"""The ``operations`` aggregator: humanitarian operations tracked across reports.

No feed tracks a convoy from "en route" to "blocked"; OCHA staff do it by
hand from the reports. This aggregator does it from the ``events`` items:
each evacuation, corridor or aid step with a stated status becomes an
:class:`~crosswire.link.operations_cluster.OpMention`, mentions are grouped
into operations (:func:`~crosswire.link.operations_cluster.cluster`), and
each operation is written once, with its origin, destination, route points,
organisers, counts, current status and a dated ``status_history`` whose
every step cites its source span. A later report about the same operation
adds steps to it instead of creating another, and an operation keeps its id
from run to run (saved in the store's state) so links to it stay valid.

Ceasefires, truces, humanitarian pauses and cessations of hostilities are tracked
the same way (``kind`` "ceasefire"), with their own steps: agreed, in_effect,
violated, extended, collapsed. Each step joins the truce told of last when it lies
within :data:`TRUCE_DAYS` of it; "two earlier truces", "the previous one" are others.
A truce has a ``place`` and ``parties`` instead of an origin and destination.

Who runs an evacuation keeps operations apart as an organiser does: a government
named as the subject above the step ("France said it had evacuated ...", ``sponsor``
on the event). People fleeing are no operation, and an "aid blocked" step must name
goods or vehicles ("warehouses looted" is a loss, not a convoy stopped).

A step dated only by its report's publication date takes the date of the
latest explicitly dated step of the same operation in the same report when
there is one ("45 buses were en route", two paragraphs after "set out
yesterday"), and says so in ``date_source``.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Callable
from datetime import date
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from crosswire.extract.events_args import org_key
from crosswire.extract.events_lexicon import OPERATION_TYPES, STATUSES
from crosswire.extract.quotes_lexicon import GOVERNMENT_METONYMS
from crosswire.link import Corpus
from crosswire.link.incidents import definite, incident_of_items
from crosswire.link.operation_parties import PartyReader, fill_defaults, fill_from_model
from crosswire.link.operations_cluster import CONVOY, PROGRAMME, Operation, OpMention, cluster

if TYPE_CHECKING:
    from crosswire.store import StoreBackend

__all__ = ["AGGREGATOR", "OperationsAggregator", "operation_mentions"]

Item = dict[str, Any]

_OP_WORDS = frozenset(
    {
        *("convoy", "corridor", "corridors", "safe", "passage", "passages", "team"),
        *("buses", "cars", "evacuation", "evacuations"),
    }
)
_ROUNDUP = frozenset({"corridors", "convoys", "evacuations", "passages", "routes"})
"""Plural triggers that, with no place, sum up the day's operations rather than name one."""
_CONVOY_WORDS = frozenset({"convoy", "convoys"})
"""Triggers that name a convoy and nothing of its load."""
_ROUNDUP_WORDS = re.compile(r"(?i)\b(?:corridors|convoys|evacuations|passages|routes)\b")
_ROUNDUP_KINDS = frozenset({"humanitarian_corridor", "evacuation"})
"""The operations a roundup of corridors and evacuations sums up."""


def _country(part: Item) -> bool:
    """Is this place a whole country ("corridors ... in Ukraine")? It narrows no route."""
    from crosswire.geo.gazetteer import gazetteer

    gid = part.get("geonameid")
    if gid in (None, ""):
        return False
    try:
        found = gazetteer().by_geonameid(int(gid))
    except (TypeError, ValueError):
        return False
    return found is not None and found.feature == "country"


def link_roundups(ops: list[Operation], roundups: list[OpMention]) -> None:
    """A roundup ("all seven corridors arranged for March 24 functioned", "eight of the nine
    corridors worked") is a step of each corridor or evacuation told of on its day, not an
    operation of its own; a step on no operation's day is dropped. It comes before the steps of
    the same rank on its day, so what a report says of one corridor ("the corridor to
    Vovchansk did not work") is that corridor's last word."""
    for r in roundups:
        if r.day is None:
            continue
        for op in ops:
            kinds = {m.kind for m in op.mentions}
            if kinds & _ROUNDUP_KINDS and any(
                m.day == r.day and not m.roundup for m in op.mentions
            ):
                op.add(r)


_DISTINCT = re.compile(
    r"(?i)\b(?:second|third|fourth|another|separate|new|further|other)\s+(?:[\w.-]+\s+){0,2}$"
)
"""Words before a trigger that set it apart from the operation its report told of before."""
_RANK = {
    "planned": 0,
    "underway": 1,
    "disputed": 2,
    "attacked": 2,
    "agreed": 0,
    "in_effect": 1,
    "violated": 2,
    "extended": 3,
    "collapsed": 4,
}
TRUCE_STATUSES = ("agreed", "in_effect", "violated", "extended", "collapsed")
"""What a ceasefire's steps can say of it, in the order they usually come."""
_KIND = {
    "evacuation": "evacuation",
    "humanitarian_corridor": "humanitarian_corridor",
    "aid_delivery": "aid_delivery",
    "aid_blocked": "aid_delivery",
}


_WEEK = re.compile(r"^(\d{4})-W(\d{2})")
_FLEE = frozenset({"flee", "fled", "fleeing", "flees"})
"""People fleeing are displaced, not an operation someone runs ("we will see more people
forced to flee", "20,000 have fled to Chad"): the figures count them."""
_GOODS = re.compile(
    r"(?i)\b(?:convoys?|trucks?|lorr(?:y|ies)|deliver\w*|cargo|supplies|food|aid|fuel|"
    r"medicines?|shipments?)\b"
)
"""What an "aid blocked" step must name to be one: "warehouses looted, colleagues killed"
is a loss, not a delivery stopped."""
_SPONSOR_LABELS = frozenset({"GPE", "NORP", "PROPN"})
_TRUCE_DISTINCT = re.compile(
    r"(?i)\b(?:earlier|previous|former|past|other|another|second|third|new|separate)\s+"
    r"(?:[\w.-]+\s+){0,2}$"
)
"""Words before a truce that make it another one: "two earlier truces ... collapsed"."""
TRUCE_DAYS = 10
"""Steps of one truce (agreed, violated, extended) lie at most this many days apart."""


def _day(value: object) -> date | None:
    if not isinstance(value, str):
        return None
    week = _WEEK.match(value)
    if week:
        try:
            return date.fromisocalendar(int(week.group(1)), int(week.group(2)), 1)
        except ValueError:
            return None
    if len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def _sort_date(value: object) -> str:
    """A step's date as a sortable day: "2023-W17" (last week) sorts at its Monday, not
    after every day of the year."""
    day = _day(value)
    return day.isoformat() if day is not None else str(value or "~")[:10]


def _place_key(part: Any, article: str, corpus: Corpus) -> str | None:
    if not isinstance(part, dict) or "start" not in part:
        return None
    entity = corpus.entities.entity_at(article, int(part["start"]), int(part["end"]))
    return entity or _COMPASS.sub("", " ".join(str(part.get("text", "")).lower().split())) or None


def _gazetteer_keys(parts: list[Any]) -> frozenset[str]:
    """The GeoNames places a step's places resolve to, as keys beside their entities:
    "eastern Aleppo" and "Aleppo" are two names (two entities) of one place."""
    return frozenset(
        f"gn:{p['geonameid']}"
        for p in parts
        if isinstance(p, dict) and p.get("geonameid") not in (None, "")
    )


def _signature(event: Item) -> str | None:
    for count in event.get("counts") or []:
        if count.get("unit") in ("tons",):
            return "tons"
    vehicles = [c["unit"] for c in event.get("counts") or [] if c.get("vehicle")]
    return vehicles[0] if vehicles else event.get("vehicle")


def _sponsors(event: Item, article: str, corpus: Corpus, dateline: str) -> frozenset[str]:
    """The government running the step: a subject that names a country or its capital
    ("France said it had evacuated", "Moscow says"), of a step it could run. "Russia says the
    UN convoy was attacked" tells what befell a convoy, not who runs it; "Geneva: The World
    Health Organization said" names the dateline's city, no government."""
    part = event.get("sponsor")
    if not isinstance(part, dict) or part.get("label") not in _SPONSOR_LABELS:
        return frozenset()
    if event.get("status") not in _RUNNING:
        return frozenset()
    name = " ".join(str(part.get("text", "")).split()).lower()
    if name and name in dateline.lower() and name not in GOVERNMENT_METONYMS:
        return frozenset()  # the report's dateline city, no government
    key = _place_key(part, article, corpus)
    return frozenset({key}) if key else frozenset()


_RUNNING = frozenset({"planned", "agreed", "underway", "succeeded"})
"""Steps a government can be said to run (an attack on a convoy or a denial is no such step)."""
_PROGRAMME = re.compile(
    r"(?i)\b(?:all|every|any)\s+(?:[\w-]+\s+){0,3}?(?:convoys?|deliver(?:y|ies)|shipments?)\b|"
    r"\b(?:UN|aid)\s+(?:aid\s+)?(?:convoys|shipments)\b"
)
"""A whole programme of aid runs ("every convoy in Syria was put on hold", "UN aid convoys were
back on the move"): suspended and resumed as one, apart from any single convoy."""
_PROGRAMME_STATES = frozenset({"suspended", "underway", "blocked"})
_COMPASS = re.compile(
    r"(?i)^(?:the\s+)?(?:(?:north|south|east|west)(?:ern)?|"
    r"(?:north|south)[- ]?(?:east|west)(?:ern)?|central|rural)\s+"
)


def _programme(event: Item, text: str) -> bool:
    """Is this step one of a programme of convoys rather than of one convoy?"""
    if event.get("status") not in _PROGRAMME_STATES or _KIND.get(str(event.get("type"))) != (
        "aid_delivery"
    ):
        return False
    lo, hi = int(event["start"]), int(event["end"])
    return bool(_PROGRAMME.search(text[max(lo - 40, 0) : hi + 40]))


def _paragraph(text: str, at: int) -> int:
    return text.rfind("\n\n", 0, at) + 1


_AROUND = 60
"""How far around a step in a copy its words must be its original's to be a repeat."""


def _copied(corpus: Corpus) -> Callable[[Item], bool]:
    """Is an event told in a copy of another report, in a sentence its original has too? A
    copy's own sentences are news ("...; Twenty buses left Borodianka for Zhytomyr" added
    under a repeated paragraph); its repeated ones prove nothing twice."""
    texts = {a.id: a.text for a in corpus.articles}
    originals = {a.id: texts.get(a.duplicate_of, "") for a in corpus.articles if a.duplicate_of}

    def copied(event: Item) -> bool:
        article = str(event.get("article"))
        if article not in originals:
            return False
        # the words around the step, not its whole sentence: a copy cut or joined at another
        # place ("...; Twenty buses") bounds the same sentence elsewhere
        sent = event.get("sentence") or {}
        text = texts.get(article, "")
        lo = max(int(sent.get("start", 0)), int(event.get("start", 0)) - _AROUND)
        hi = min(int(sent.get("end", len(text))), int(event.get("end", 0)) + _AROUND)
        words = " ".join(text[lo:hi].split())
        return not words or words in " ".join(originals[article].split())

    return copied


def operation_mentions(corpus: Corpus) -> list[OpMention]:
    """The operation steps among all events, in a form the clustering reads."""
    rank = {a.id: n for n, a in enumerate(corpus.articles)}
    events = corpus.items("events")
    texts = {a.id: a.text for a in corpus.articles}
    copied = _copied(corpus)
    datelines = {a.id: a.dateline for a in corpus.articles}
    incident_of = incident_of_items(events, corpus.sections.get("stories", []))
    spots: dict[str, list[tuple[int, str]]] = {}
    for p in corpus.items("place_mentions"):
        if p.get("dateline") or p.get("feature") in ("country", "region", "unresolved"):
            continue
        spots.setdefault(str(p.get("article")), []).append((int(p["start"]), _name(p["text"])))
    out: list[OpMention] = []
    for event in events:
        if copied(event):
            continue  # a wire copy repeats its original; counting it twice proves nothing
        if event.get("type") not in OPERATION_TYPES or event.get("status") not in STATUSES:
            continue
        article = str(event["article"])
        orgs = frozenset(
            k for k in (org_key(str(o.get("text", ""))) for o in event.get("organisers") or []) if k
        )
        text = texts.get(article, "")
        signature = PROGRAMME if _programme(event, text) else _signature(event)
        words = {str(t).lower() for t in event.get("triggers") or []}
        sponsors = _sponsors(event, article, corpus, datelines.get(article) or "")
        routed = isinstance(event.get("origin"), dict) and isinstance(
            event.get("destination"), dict
        )
        carried = any(c.get("unit") == "people" for c in event.get("counts") or []) and any(
            isinstance(event.get(r), dict) for r in ("origin", "destination")
        )
        if words <= _FLEE:
            continue
        if not (orgs or signature or sponsors or words & _OP_WORDS or routed or carried):
            continue  # "7,000 people left Mariupol", "buses from A to B": steps; a bare "left" not
        sent = event.get("sentence") or {}
        sentence = text[int(sent.get("start", 0)) : int(sent.get("end", len(text)))]
        if event.get("type") == "aid_blocked" and not _GOODS.search(sentence):
            continue
        parts = [event.get("origin"), event.get("destination"), event.get("place")]
        parts += list(event.get("route") or [])
        places = frozenset(k for k in (_place_key(p, article, corpus) for p in parts) if k)
        places |= _gazetteer_keys(parts)
        narrow = [p for p in parts if isinstance(p, dict) and not _country(p)]
        roundup = (
            not narrow
            and bool(words <= _ROUNDUP or _ROUNDUP_WORDS.search(sentence))
            and not (orgs or signature)  # a government telling the day's total is no runner
        )
        value = (event.get("date") or {}).get("value")
        order = (_sort_date(value), rank.get(article, 0), int(event["start"]))
        kind = _KIND[str(event["type"])]
        if kind == "evacuation" and words <= _CONVOY_WORDS and signature in (None, "vehicles"):
            people = any(c.get("unit") == "people" for c in event.get("counts") or [])
            kind = kind if people else CONVOY  # "the UN convoy came under attack"
        incident = definite(incident_of.get(str(event["id"])))
        lead = text[max(int(event["start"]) - 40, 0) : int(event["start"])]
        distinct = bool(_DISTINCT.search(lead))
        # by name, not entity: the parse may tag "Bervytsa" in one sentence and not the next;
        # with its role, so a corridor to Kyiv never joins the evacuation of Kyiv
        ends = frozenset(
            f"{r}:{_end_name(str(event[r]['text']))}"
            for r in ("origin", "destination")
            if isinstance(event.get(r), dict) and event[r].get("text")
        )
        out.append(
            OpMention(
                event,
                kind,
                order,
                _day(value),
                places,
                orgs,
                signature,
                incident,
                distinct,
                sponsors=sponsors,
                paragraph=_paragraph(text, int(event["start"])),
                ends=ends if event.get("route_named") or len(ends) == 2 else frozenset(),
                roundup=roundup,
                spoken=frozenset(
                    n
                    for at, n in spots.get(article, ())
                    if int(sent.get("start", 0)) <= at < int(sent.get("end", 0))
                ),
            )
        )
    _name_places(out, corpus)
    return out


def truce_mentions(corpus: Corpus) -> list[OpMention]:
    """The steps of ceasefires, truces and humanitarian pauses with a stated state."""
    rank = {a.id: n for n, a in enumerate(corpus.articles)}
    texts = {a.id: a.text for a in corpus.articles}
    copied = _copied(corpus)
    out: list[OpMention] = []
    for event in corpus.items("events"):
        if copied(event) or event.get("type") != "ceasefire":
            continue
        if event.get("status") not in TRUCE_STATUSES:
            continue
        article = str(event["article"])
        value = (event.get("date") or {}).get("value")
        order = (_sort_date(value), rank.get(article, 0), int(event["start"]))
        lead = texts.get(article, "")[max(int(event["start"]) - 40, 0) : int(event["start"])]
        plural = str(event.get("text", "")).lower().endswith("s")
        distinct = bool(_TRUCE_DISTINCT.search(lead)) or plural
        out.append(
            OpMention(
                event,
                "ceasefire",
                order,
                _day(value),
                frozenset(),
                frozenset(),
                None,
                distinct=distinct,
            )
        )
    return out


def truce_cluster(mentions: list[OpMention]) -> list[Operation]:
    """One truce per run of steps: each step joins the truce told of last when it lies
    within :data:`TRUCE_DAYS` of it; "two earlier truces", "the previous one" are others."""
    truces: list[Operation] = []
    current: Operation | None = None
    for m in sorted(mentions, key=lambda x: x.order):
        if m.distinct:
            same = next(
                (
                    t
                    for t in truces
                    if t.mentions[0].distinct
                    and t.mentions[0].article == m.article
                    and (t.mentions[0].event.get("sentence") or {})
                    == (m.event.get("sentence") or {})
                ),
                None,
            )
            if same is None:
                truces.append(Operation())
                same = truces[-1]
            same.add(m)
            continue
        near = current is not None and (
            m.day is None
            or current.last_day is None
            or (m.day - current.last_day).days <= TRUCE_DAYS
        )
        if current is None or not near:
            current = Operation()
            truces.append(current)
        current.add(m)
    return truces


def _parties(op: Operation, texts: dict[str, str]) -> list[Item]:
    """Who agreed to or extended the truce: the agents of those steps, named (not pronouns),
    outside headlines (whose parse makes "Sudan crisis live" an agent)."""
    out: list[Item] = []
    for m in op.mentions:
        if m.event.get("status") not in ("agreed", "extended"):
            continue
        if int(m.event["start"]) < texts.get(m.article, "").find("\n"):
            continue
        for actor in m.event.get("actors") or []:
            if actor.get("role") != "agent" or not actor.get("text"):
                continue
            if int(actor["start"]) <= int(m.event["start"]) < int(actor["end"]):
                continue  # "Sudan ceasefire violated": the truce itself
            if actor["text"] not in {p["text"] for p in out}:
                out.append(
                    {
                        "text": actor["text"],
                        "article": m.article,
                        "start": actor["start"],
                        "end": actor["end"],
                    }
                )
    return out


def _name_places(mentions: list[OpMention], corpus: Corpus) -> None:
    """Each mention's ``named``: the names of its places and of every place some
    operation goes from, to or through that its sentence names, however the parse typed it
    there ("through Bab al-Hawa" read as a person's name in one report is the crossing
    another report routes by)."""

    def names(m: OpMention) -> set[str]:
        parts = [m.event.get("origin"), m.event.get("destination"), m.event.get("place")]
        parts += list(m.event.get("route") or [])
        return {_name(p.get("text")) for p in parts if isinstance(p, dict) and p.get("text")}

    own = {id(m): names(m) for m in mentions}
    known = set().union(*own.values()) if own else set()
    for m in mentions:
        sent = m.event.get("sentence") or {}
        lo, hi = sent.get("start"), sent.get("end")
        ann = corpus.annotations.get(m.article)
        found = set(own[id(m)])
        if ann is not None and isinstance(lo, int) and isinstance(hi, int):
            found |= {_name(x.text) for x in ann.mentions if lo <= x.start < hi} & known
        m.named = frozenset(found)


def _name(text: object) -> str:
    return " ".join(str(text).lower().split())


@lru_cache(maxsize=4096)
def _end_name(text: str) -> str:
    """A route end's name as the gazetteer spells it when every place it may be is spelt one
    way: "Severodonetsk" and "Sievierodonetsk" are both Siverskodonetsk, one corridor's end,
    whichever report resolved the name. Read from the name alone (never from one report's
    choice among its places), so a name resolves the same in every report; a name the
    gazetteer lacks, or spells several ways, stays as written."""
    from crosswire.geo.gazetteer import gazetteer

    spelt = {_name(p.name) for p, _alternate in gazetteer().lookup(text)}
    return spelt.pop() if len(spelt) == 1 else _name(text)


def _place(parts: list[tuple[Item, str]], corpus: Corpus) -> Item | None:
    if not parts:
        return None
    names = Counter(" ".join(str(p.get("text", "")).split()) for p, _ in parts)
    name = names.most_common(1)[0][0]
    part, article = next((p, a) for p, a in parts if " ".join(str(p.get("text")).split()) == name)
    entity = corpus.entities.entity_at(article, int(part["start"]), int(part["end"]))
    return {
        "name": name,
        "entity": entity,
        "geonameid": part.get("geonameid"),
        "article": article,
        "start": part["start"],
        "end": part["end"],
    }


def _history(op: Operation, published: dict[str, date | None]) -> list[Item]:
    steps: list[Item] = []
    truce = all(m.kind == "ceasefire" for m in op.mentions)
    for m in op.mentions:
        limit = published.get(m.article)
        date_info = m.event.get("date") or {}
        value, source = date_info.get("value"), date_info.get("source")
        if source in ("publication", "context") and not truce:
            # not a truce's: "violated" in a headline is not the day it "began at midnight"
            dated = [
                str(o.event["date"]["value"])
                for o in op.mentions
                if o.article == m.article
                and (o.event.get("date") or {}).get("source") == "timex"
                and (limit is None or o.day is None or o.day <= limit)
            ]
            if dated:
                value, source = max(dated)[:10], "operation"
        steps.append(
            {
                "date": value,
                "date_source": source,
                "status": m.event["status"],
                "article": m.article,
                "start": m.event["start"],
                "end": m.event["end"],
                "text": m.event["text"],
                "cue": (m.event.get("status_cue") or {}).get("text"),
                "event": m.event["id"],
                **({"roundup": True} if m.roundup else {}),
            }
        )
    steps.sort(
        key=lambda s: (
            _sort_date(s["date"]),
            _RANK.get(str(s["status"]), 3),
            not s.get("roundup"),
            s["start"],
        )
    )
    return steps


def _kind(op: Operation) -> str:
    kinds = Counter(m.kind for m in op.mentions if not m.roundup)
    if op.signature in ("flights", "ships"):
        return "evacuation" if kinds["evacuation"] else "aid_delivery"
    words = {str(t).lower() for m in op.mentions for t in m.event.get("triggers") or []}
    if op.signature in ("buses", "cars", "vehicles", "trucks") or "convoy" in words:
        # a convoy no report says the load of stays the people's, as the word reads
        people = kinds["evacuation"] or not (
            kinds["aid_delivery"] or kinds["humanitarian_corridor"]
        )
        return "evacuation_convoy" if people else "aid_convoy"
    return kinds.most_common(1)[0][0]


def _counts(op: Operation) -> list[Item]:
    seen: dict[tuple[Any, str], Item] = {}
    for m in op.mentions:
        if m.roundup:
            continue  # the day's total, not this operation's
        for c in m.event.get("counts") or []:
            key = (c["value"], c["unit"])
            if key not in seen:
                seen[key] = {**c, "article": m.article}
    return list(seen.values())


def _governments(op: Operation) -> list[Item]:
    """The governments named as running the operation ("France said it had evacuated")."""
    out: dict[str, Item] = {}
    for m in op.mentions:
        part = m.event.get("sponsor")
        if m.sponsors and isinstance(part, dict) and part.get("text"):
            name = " ".join(str(part["text"]).split())
            out.setdefault(
                name,
                {"name": name, "article": m.article, "start": part["start"], "end": part["end"]},
            )
    return list(out.values())


def _organisers(op: Operation, corpus: Corpus) -> list[Item]:
    out: dict[str, Item] = {}
    for m in op.mentions:
        for o in m.event.get("organisers") or []:
            key = org_key(str(o.get("text", "")))
            if key and key not in out:
                entity = corpus.entities.entity_at(m.article, int(o["start"]), int(o["end"]))
                out[key] = {"name": key, "text": o["text"], "entity": entity, "how": o.get("how")}
    return list(out.values())


def _whole_route(op: Operation) -> tuple[tuple[Item, str], tuple[Item, str]] | None:
    """The ends of the route the operation's steps name whole most often (origin and
    destination told in one step, and not one place), or None when no step does."""
    pairs: dict[tuple[str, str], list[tuple[tuple[Item, str], tuple[Item, str]]]] = {}
    for m in op.mentions:
        o, d = m.event.get("origin"), m.event.get("destination")
        if m.roundup or not (isinstance(o, dict) and isinstance(d, dict)):
            continue
        key = (_name(o.get("text")), _name(d.get("text")))
        if key[0] != key[1]:
            pairs.setdefault(key, []).append(((o, m.article), (d, m.article)))
    if not pairs:
        return None
    return max(pairs.values(), key=len)[0]


def _item(
    op: Operation,
    op_id: str,
    corpus: Corpus,
    published: dict[str, date | None],
    sides: PartyReader,
) -> Item:
    first = op.mentions[0].event
    roles: dict[str, list[tuple[Item, str]]] = {"origin": [], "destination": [], "route": []}
    for m in op.mentions:
        if m.roundup:
            continue  # "corridors ... in Ukraine": the day's, no end of this route
        for role in ("origin", "destination"):
            if isinstance(m.event.get(role), dict):
                roles[role].append((m.event[role], m.article))
        roles["route"] += [(r, m.article) for r in m.event.get("route") or []]
    route: list[Item] = []
    for part, article in roles["route"]:
        point = _place([(part, article)], corpus)
        if point and point["name"] not in {r["name"] for r in route}:
            route.append(point)
    history = _history(op, published)
    origin, destination = _place(roles["origin"], corpus), _place(roles["destination"], corpus)
    if origin and destination and origin["name"] == destination["name"]:
        # "45 buses were en route to Mariupol ... to evacuate people from Mariupol": a
        # convoy sent in to bring people out. The reports name where it is going, so that
        # is what is kept; "Mariupol → Mariupol" would read as a route that goes nowhere.
        # Unless a step names the whole route ("the passage from Polohy toward Zaporizhzhya"
        # beside "the convoy will follow the route to Polohy"): that route is the operation's.
        whole = _whole_route(op)
        if whole is not None:
            origin = _place([whole[0]], corpus)
            destination = _place([whole[1]], corpus)
        else:
            origin = None
    return {
        "id": op_id,
        "kind": _kind(op),
        "origin": origin,
        "destination": destination,
        "route": route,
        "organisers": _organisers(op, corpus),
        "governments": _governments(op),
        "counts": _counts(op),
        **sides.roles(
            [(m.article, m.event) for m in op.mentions],
            # a roundup's teller tells the day's total, not whose each corridor is
            proposing=[(m.article, m.event) for m in op.mentions if not m.roundup],
        ),
        "status": history[-1]["status"] if history else None,
        "status_history": history,
        "articles": sorted(op.articles, key=lambda a: [x.id for x in corpus.articles].index(a)),
        "incidents": list(op.incidents),
        "events": [m.event["id"] for m in op.mentions],
        "article": first["article"],
        "start": first["start"],
        "end": first["end"],
        "text": first["text"],
    }


def _stable_ids(ops: list[Operation], previous: dict[str, str]) -> list[str]:
    """Keep each operation's id from the last run (by its events); new ones get a fresh id."""
    ids: list[str] = []
    used: set[str] = set()
    for op in ops:
        votes = Counter(
            previous[m.event["id"]]
            for m in op.mentions
            if m.event["id"] in previous and not m.roundup
        )
        choice = next((i for i, _ in votes.most_common() if i not in used), None)
        if choice is None:
            digest = hashlib.sha1(str(op.mentions[0].event["id"]).encode()).hexdigest()[:10]
            choice = f"op-{digest}"
            while choice in used:
                choice += "x"
        used.add(choice)
        ids.append(choice)
    return ids


class OperationsAggregator:
    """Builds the ``operations`` export section (see the module docstring)."""

    name = "operations"
    version = "12"
    requires: tuple[str, ...] = ("place_mentions", "quotes", "events", "stories")
    assigns: tuple[str, ...] = ("operations",)

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """One item per operation, each with its dated, sourced status history."""
        mentions = operation_mentions(corpus)
        ops = cluster([m for m in mentions if not m.roundup])
        link_roundups(ops, [m for m in mentions if m.roundup])
        truces = truce_cluster(truce_mentions(corpus))
        first_truce = len(ops)
        ops += truces
        previous = store.get_state(self.name, "event_ops") or {}
        ids = _stable_ids(ops, previous if isinstance(previous, dict) else {})
        published = {a.id: a.published for a in corpus.articles}
        texts = {a.id: a.text for a in corpus.articles}
        sides = PartyReader(corpus)
        items = [
            _item(op, op_id, corpus, published, sides) for op, op_id in zip(ops, ids, strict=True)
        ]
        for op, item in zip(ops[:first_truce], items[:first_truce], strict=True):
            fill_from_model(item, sides.features([(m.article, m.event) for m in op.mentions]))
        fill_defaults(items[:first_truce])
        for op, item in zip(truces, items[first_truce:], strict=True):
            # a truce goes nowhere: where it holds is its place, who made it its parties
            places = [
                (m.event[role], m.article)
                for m in op.mentions
                for role in ("place", "origin", "destination")
                if isinstance(m.event.get(role), dict)
            ]
            item.update(kind="ceasefire", origin=None, destination=None, route=[])
            item["place"] = _place(places, corpus)
            item["parties"] = _parties(op, texts)
        store.put_state(
            self.name,
            "event_ops",
            {
                m.event["id"]: op_id
                for op, op_id in zip(ops, ids, strict=True)
                for m in op.mentions
                if not m.roundup  # a roundup is a step of many
            },
        )
        items.sort(key=lambda i: (str(i["status_history"][0]["date"] or "~"), i["id"]))
        return items


AGGREGATOR = OperationsAggregator()
