"""The ``stories`` aggregator: reports grouped into stories and incidents, incrementally.

Runs after ``places`` and before ``operations`` and ``reconciliations``,
which group by its incidents. The engine
(:class:`crosswire.clustering.StoryEngine`) is kept in the store's state,
so a link run only adds the reports it has not seen (the ``new`` ones, and
any others missing from the state); nothing is recomputed for the rest.
Features come from what the pipeline already knows: canonical entity names
of the mentions, resolved places (``place_mentions``, keyed by geonameid),
normalised dates (``timexes``) and the lead's roles (``lead_roles``) when those
extractors are installed, the parser's sentences, and the article's
``duplicate_of`` and wire credits. Reports carrying one wire text (found by
the ``wire_texts`` aggregator, which runs first) count as one source.

Also here, for the CLI: :func:`list_stories` (``crosswire stories``) and
:func:`export_for_story` (``crosswire report --story ID``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from crosswire.clustering.dates import DateSpan
from crosswire.clustering.engine import ENGINE_VERSION, StoryEngine
from crosswire.clustering.features import Name, ReportFeatures, report_features
from crosswire.clustering.text import name_key, stem
from crosswire.link import Corpus
from crosswire.link.wire_texts import merge_sources
from crosswire.models import Article

if TYPE_CHECKING:
    from crosswire.store import StoreBackend

__all__ = [
    "AGGREGATOR",
    "StoriesAggregator",
    "StorySummary",
    "export_for_story",
    "features_for",
    "focus_of",
    "list_stories",
    "readable_labels",
]

Item = dict[str, Any]
_STATE_KEY = "engine"


def _names(article: Article, corpus: Corpus) -> list[Name]:
    out: list[Name] = []
    ann = corpus.annotations.get(article.id)
    for m in ann.mentions if ann else []:
        eid = corpus.entities.entity_at(article.id, m.start, m.end)
        ent = corpus.entities.get(eid)
        shown = ent.name if ent else m.text
        key = name_key(shown)
        if key:
            out.append((m.start, m.end, key, shown))
    for p in corpus.extractions.get("place_mentions", {}).get(article.id, []):
        gid = p.get("geonameid")
        if gid is not None and isinstance(p.get("start"), int) and isinstance(p.get("end"), int):
            out.append((p["start"], p["end"], f"geo:{gid}", str(p.get("name") or p.get("text"))))
    return out


def _dates(article: Article, corpus: Corpus) -> list[DateSpan] | None:
    items = corpus.extractions.get("timexes")
    if items is None:
        return None  # extractor not installed: the engine resolves dates itself
    out = []
    for t in items.get(article.id, []):
        value = t.get("value")
        if not isinstance(value, str) or len(value) != 10 or t.get("granularity", "day") != "day":
            continue
        try:
            day = date.fromisoformat(value)
        except ValueError:
            continue
        out.append(DateSpan(int(t["start"]), int(t["end"]), day, day))
    return out


#: Place kinds precise enough to be a report's point (a state's or country's centre is not).
_POINT_FEATURES = frozenset({"city", "county"})
#: Least resolution confidence of a report's focus.
_FOCUS_CONFIDENCE = 0.6


def focus_of(items: Sequence[Mapping[str, Any]]) -> tuple[float, float] | None:
    """(lat, lon) of a report's main place, from its ``place_mentions`` items, or None.

    The most salient place (:func:`crosswire.geo.focus.primary_place`), kept only
    when it is a town or a county resolved with some confidence: clustering keeps
    far-apart reports in different stories (:mod:`crosswire.clustering.focus`),
    and a state's or a country's centre is no point to measure distance from.
    """
    from crosswire.geo.focus import primary_place

    place = primary_place(items)
    if place is None or place.get("lat") is None or place.get("lon") is None:
        return None
    if str(place.get("feature")) not in _POINT_FEATURES:
        return None
    if float(place.get("confidence") or 0.0) < _FOCUS_CONFIDENCE:
        return None
    return (round(float(place["lat"]), 4), round(float(place["lon"]), 4))


def _roles(article: Article, corpus: Corpus) -> list[tuple[str, str]]:
    items = corpus.extractions.get("lead_roles", {}).get(article.id, [])
    return [(str(r.get("role")), str(r.get("key"))) for r in items if r.get("key")]


def _main_day(article: Article, corpus: Corpus) -> DateSpan | None:
    """The report's own incident day by the dating rules ``bench/gvc_dates.py`` measures.

    :func:`~crosswire.extract.events_dating.incident_day` over this one report's
    events and timexes, with the span of the strongest words naming that day. None
    when the ``events`` or ``timexes`` extractor did not run, or nothing dates it.
    """
    events = corpus.extractions.get("events")
    timexes = corpus.extractions.get("timexes")
    if events is None or timexes is None:
        return None
    from crosswire.extract.events_dating import Report, incident_day

    report = Report(
        article.id,
        article.published,
        events.get(article.id, []),
        timexes.get(article.id, []),
        article.text,
    )
    dated = incident_day([report])
    if dated is None:
        return None
    vote = max((v for v in dated.votes if v.day == dated.day), key=lambda v: v.weight)
    return DateSpan(vote.start, vote.end, dated.day, dated.day)


def features_for(article: Article, corpus: Corpus) -> ReportFeatures:
    """Clustering features of one article from what the pipeline stored about it."""
    ann = corpus.annotations.get(article.id)
    return report_features(
        article.id,
        article.text,
        article.published,
        names=_names(article, corpus),
        sentences=ann.sentences if ann and ann.sentences else None,
        dates=_dates(article, corpus),
        title=article.title,
        duplicate_of=article.duplicate_of,
        wire=article.wire,
        outlet=article.outlet,
        roles=_roles(article, corpus),
        main_day=_main_day(article, corpus),
        focus=focus_of(corpus.extractions.get("place_mentions", {}).get(article.id, [])),
    )


class StoriesAggregator:
    """Builds ``stories[]`` (see the module docstring)."""

    name = "stories"
    version = f"3+engine{ENGINE_VERSION}"
    requires: tuple[str, ...] = ("place_mentions", "timexes", "events", "lead_roles")
    assigns: tuple[str, ...] = ("stories",)

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """Add unseen reports to the saved engine and return the stories."""
        saved = store.get_state(self.name, _STATE_KEY)
        engine = StoryEngine.from_json(saved) if saved else None
        present = {a.id for a in corpus.articles}
        if engine is None or any(a not in present for a in engine.features):
            engine = StoryEngine()  # first run, new engine version, or reports withdrawn
        order = {a.id: n for n, a in enumerate(corpus.articles)}
        unseen = [a for a in corpus.articles if a.id not in engine]
        # originals before their copies, then publication order: a batch is one arrival order
        unseen.sort(
            key=lambda a: (a.duplicate_of is not None, a.published or date.max, order[a.id])
        )
        for article in unseen:
            engine.add(features_for(article, corpus))
        engine.settle()  # the run ends: stories rest on every report it brought
        store.put_state(self.name, _STATE_KEY, engine.to_json())
        items = engine.items({a.id: a.published for a in corpus.articles})
        items = readable_labels(items, corpus.articles)
        return _count_shared_text(items, engine, corpus.articles)


_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")


def readable_labels(
    items: Sequence[Mapping[str, Any]], articles: Sequence[Article]
) -> list[dict[str, Any]]:
    """Stories whose label words read as the reports write them.

    The engine labels a story with its heaviest terms, which are stems
    ("naple", "jame", "yonker"): good for matching, wrong for a reader. Each
    word after the label's dash becomes the form the story's own reports
    use most for that stem ("Naples", "James", "Yonkers"); a word no report
    spells out stays as it is.
    """
    text = {a.id: a.text for a in articles}
    out = []
    for story in items:
        label = str(story.get("label") or "")
        names, dash, words = label.rpartition(" — ")
        if not dash or not words:
            out.append(dict(story))
            continue
        wanted = {w.strip() for w in words.split(",")}
        forms: dict[str, Counter[str]] = {w: Counter() for w in wanted}
        for aid in story.get("articles") or []:
            for m in _WORD.finditer(text.get(str(aid), "")):
                key = stem(m.group(0))
                if key in forms:
                    forms[key][m.group(0).replace("’", "'")] += 1
        named = {w.casefold() for w in _WORD.findall(names)}
        shown = []
        for word in (w.strip() for w in words.split(",")):
            seen = forms.get(word)
            if seen:
                # a common noun is written in lower case somewhere ("Police said" opens a
                # sentence, "the police" does not); a name never is
                lower = Counter({f: n for f, n in seen.items() if f.islower()})
                word = max((lower or seen).items(), key=lambda kv: (kv[1], kv[0]))[0]
            if word.casefold() not in named:  # "Yonkers — Yonkers" says it once
                shown.append(word)
        joined = f"{names}{dash}{', '.join(shown)}" if shown else names
        out.append({**story, "label": joined})
    return out


def _count_shared_text(
    items: list[Item], engine: StoryEngine, articles: Sequence[Article]
) -> list[Item]:
    """Reports carrying one wire or shared text (``Article.text_source``, set by the
    ``wire_texts`` aggregator) count as one source in every story and incident."""
    source_of = {a.id: a.text_source for a in articles if a.text_source}
    if not source_of:
        return items
    for story in items:
        story["sources"] = merge_sources(story["sources"], source_of)
        story["independent_sources"] = len(story["sources"])
        for inc in story["incidents"]:
            groups = merge_sources(engine.source_groups(inc["articles"]), source_of)
            inc["independent_sources"] = len(groups)
    items.sort(key=lambda s: (-int(s["independent_sources"]), -len(s["articles"]), s["id"]))
    return items


AGGREGATOR = StoriesAggregator()


@dataclass(frozen=True, slots=True)
class StorySummary:
    """One line of ``crosswire stories``."""

    id: str
    label: str
    first: str | None
    last: str | None
    articles: int
    independent_sources: int
    incidents: int


def list_stories(store: StoreBackend) -> list[StorySummary]:
    """The stories the last link run built, largest first (empty before any run)."""
    stored = store.section("stories")
    items = stored[1] if stored else []
    return [
        StorySummary(
            id=str(s["id"]),
            label=str(s.get("label") or ""),
            first=s.get("first"),
            last=s.get("last"),
            articles=len(s.get("articles") or []),
            independent_sources=int(s.get("independent_sources") or 0),
            incidents=len(s.get("incidents") or []),
        )
        for s in items
    ]


def _strings(value: object) -> set[str]:
    """Every string held at any depth of ``value`` (keys aside): the ids an item may cite."""
    found: set[str] = set()
    add = found.add
    pending: list[Any] = [value]
    push, pop = pending.append, pending.pop
    while pending:
        v = pop()
        kind = type(v)  # exact types first: isinstance against Mapping is slow, and this
        if kind is dict:  # runs over every value of every item of a story's export
            values: Iterable[Any] = v.values()
        elif kind is list:
            values = v
        elif kind is str or isinstance(v, str):
            add(v)
            continue
        elif kind in _SCALARS:
            continue
        elif isinstance(v, Mapping):
            values = v.values()
        elif isinstance(v, list | tuple):
            values = v
        else:
            continue
        for x in values:  # strings and scalars settled here, not pushed and popped
            k = type(x)
            if k is str:
                add(x)
            elif k not in _SCALARS:
                push(x)
    return found


_SCALARS = frozenset({int, float, bool, type(None)})


def export_for_story(doc: Mapping[str, Any], story_id: str) -> dict[str, Any]:
    """An export document cut down to one story: its articles and everything citing them.

    Entities keep only their mentions in the story's articles; items of other
    sections are kept when they cite one of those articles, or an item kept
    before them (a reconciliation citing kept figures); ``stories`` holds the
    one story.

    Raises:
        KeyError: no story has this id.
    """
    story = next((s for s in doc.get("stories", []) if s.get("id") == story_id), None)
    if story is None:
        raise KeyError(f"no story {story_id!r}")
    keep = set(story.get("articles") or [])
    out: dict[str, Any] = dict(doc)
    out["articles"] = [a for a in doc.get("articles", []) if a.get("id") in keep]
    entities = []
    for ent in doc.get("entities", []):
        mentions = [m for m in ent.get("mentions", []) if m.get("article") in keep]
        if mentions:
            entities.append({**ent, "mentions": mentions})
    out["entities"] = entities
    known = {str(a.get("id")) for a in doc.get("articles", [])}
    dropped = known - keep
    cited = set(keep)
    for key, items in doc.items():
        if key in ("version", "articles", "entities", "stories") or not isinstance(items, list):
            continue
        kept = []
        for i in items:
            if not (type(i) is dict or isinstance(i, Mapping)) or i.get("article") in dropped:
                continue
            if not dropped and i.get("article") in cited:
                # A story of every report in the export: nothing to trim, and an item of
                # one of its reports is kept without walking it.
                kept.append(i)
                continue
            held = _strings(i)
            if held & cited:
                # Most items cite only the story's reports: nothing to trim, so no copy
                # (copying every item made a large story's report slow).
                kept.append(_trim(i, dropped) if held & dropped else i)
        cited |= {str(i["id"]) for i in kept if "id" in i}
        out[key] = kept
    out["stories"] = [story]
    return out


def _trim(value: Any, dropped: set[str]) -> Any:
    """``value`` without what points at an article outside the story.

    An item of another section can span stories: a place named in this
    story and in another keeps mentions in both, an operation or a
    reconciliation lists reports of both. The report cites every span it
    shows, so spans (objects with an ``article``) and article ids that point
    at a report left out are removed at every depth; what remains cites only
    the story's reports.
    """
    if isinstance(value, Mapping):
        return {k: _trim(v, dropped) for k, v in value.items()}
    if isinstance(value, list):
        return [
            _trim(v, dropped)
            for v in value
            if not (isinstance(v, str) and v in dropped)
            and not (isinstance(v, Mapping) and v.get("article") in dropped)
        ]
    return value
