"""The incremental story and incident engine, and the ``stories[]`` items it exports.

One object, fed one report at a time, keeps stories
(:class:`~crosswire.clustering.stories.StoryClusterer`) and incidents
(:class:`~crosswire.clustering.incidents.IncidentLinker`) up to date, and
serialises to JSON so the ``stories`` aggregator can keep it in the store
between runs. The benchmarks drive this same class, so what they measure is
what the pipeline does.

Independent sources: a duplicate (``duplicate_of``) counts with its
original, and reports crediting the same wire service whose texts are still
close (cosine at or above :data:`WIRE_COPY`) count once: a rewritten wire
story is not a second witness.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from crosswire.clustering.components import Components
from crosswire.clustering.features import IncidentMention, ReportFeatures
from crosswire.clustering.incidents import IncidentLinker
from crosswire.clustering.stories import StoryClusterer
from crosswire.clustering.vectors import add_into, cosine, top_terms

__all__ = ["ENGINE_VERSION", "WIRE_COPY", "StoryEngine"]

ENGINE_VERSION = "10"
#: Cosine at or above which two reports crediting one wire service count as one source.
WIRE_COPY = 0.5


def _iso(ordinal: int | None) -> str | None:
    return date.fromordinal(ordinal).isoformat() if ordinal and ordinal > 0 else None


class StoryEngine:
    """Stories and incidents over the reports added so far."""

    def __init__(
        self, stories: StoryClusterer | None = None, incidents: IncidentLinker | None = None
    ) -> None:
        self.stories = stories or StoryClusterer()
        self.incidents = incidents or IncidentLinker()
        self.features: dict[str, ReportFeatures] = {}

    def __contains__(self, article_id: object) -> bool:
        return article_id in self.features

    def add(self, f: ReportFeatures) -> None:
        """Add one report: place it in a story and link its incident mentions."""
        if f.id in self.features:
            return
        original = f.duplicate_of if f.duplicate_of in self.features else None
        self.features[f.id] = f
        sid = self.stories.add(f.id, f.terms, f.day, join=original, slots=f.slots, focus=f.focus)
        self.incidents.add(
            f.id,
            f.mentions,
            self.stories.idf,
            like=original,
            related=lambda a: self.stories.story_of(a) == sid,
        )

    def add_all(self, reports: Iterable[ReportFeatures]) -> None:
        """Add reports in the order given, as one run (then :meth:`settle`)."""
        for f in reports:
            self.add(f)
        self.settle()

    def settle(self) -> None:
        """End a run of reports: stories that grew in it are re-checked if due early
        (:meth:`crosswire.clustering.stories.StoryClusterer.settle`)."""
        self.stories.settle()

    def story_of(self, article_id: str) -> str | None:
        """Story id of an article."""
        return self.stories.story_of(article_id)

    def primary_incident(self, article_id: str) -> str | None:
        """Incident id of an article's main incident."""
        ids = self.incidents.of_article.get(article_id)
        return ids[0] if ids else None

    # -- independent sources ---------------------------------------------------------------

    def source_groups(self, article_ids: Iterable[str]) -> list[list[str]]:
        """``article_ids`` grouped into independent sources (see the module docstring)."""
        ids = sorted(set(article_ids), key=lambda a: self.stories.docs[a].seq)
        sources = Components(ids)
        for a in ids:
            dup = self.features[a].duplicate_of
            if dup in sources:
                sources.union(a, str(dup))
        wired = [a for a in ids if self.features[a].wire]
        for i, a in enumerate(wired):
            for b in wired[i + 1 :]:
                if sources.find(a) == sources.find(b) or not set(self.features[a].wire) & set(
                    self.features[b].wire
                ):
                    continue
                if cosine(self.features[a].terms, self.features[b].terms) >= WIRE_COPY:
                    sources.union(b, a)
        return sources.groups()

    # -- export ----------------------------------------------------------------------------

    def label(self, story_id: str) -> str:
        """A short label: the story's leading names, then its leading words.

        A people's name gives way to its country's ("Russian" to "Russia"), and words any
        news story uses ("city", "forces") are passed over: with few reports the weights
        cannot tell them from the story's own words, and "Mariupol, Russian, Russia — city"
        tells a reader less than "Mariupol, Russia, Ukraine — convoy, humanitarian".
        """
        names: list[str] = []
        words: list[str] = []
        members = self.stories.members(story_id)
        display: dict[str, str] = {}
        covered: set[str] = set()
        for aid in members:
            for key, shown in self.features[aid].names.items():
                display.setdefault(key, shown)
        # from the members at the current IDF, not the running sum: the same reports
        # always get the same label, however they arrived
        total: dict[str, float] = {}
        for aid in members:
            if self.stories.docs[aid].clustered:
                add_into(total, self.stories.idf.vector(self.features[aid].terms))
        for term, _ in top_terms(total, 30):
            if term.startswith("@"):
                found = display.get(term[1:])
                if not found or found in names:
                    continue
                kin = next((n for n in names if _same_stem(n, found)), None)
                if kin is not None:
                    if len(found) < len(kin):  # "Russia" after "Russian": the country
                        names[names.index(kin)] = found
                    continue
                if len(names) < 3:
                    names.append(found)
                    covered.update(found.lower().split())
            elif (
                len(words) < 2
                and not term.isdigit()
                and term not in covered
                and term not in _GENERIC_WORDS
                and not any(_same_stem(term, n) for n in names)
            ):
                words.append(term)
        return ", ".join(names) + (" — " if names and words else "") + ", ".join(words)

    def items(self, published: Mapping[str, date | None] | None = None) -> list[dict[str, Any]]:
        """The export's ``stories[]``, largest story first (see ``schema/sections/stories.json``).

        ``published`` gives article dates for each story's range; by default the
        dates the features were built with.
        """
        out: list[dict[str, Any]] = []
        for sid in self.stories.stories:
            members = sorted(
                self.stories.members(sid), key=lambda a: (self.features[a].day or 0, a)
            )
            days = [
                d.toordinal() if (d := (published or {}).get(a)) else self.features[a].day
                for a in members
            ]
            incidents = self._incidents_of(members)
            inc_days = [i["_lo"] for i in incidents if i["exact"]]
            known = [d for d in (*days, *inc_days) if d]
            for inc in incidents:
                inc.pop("_lo")
            groups = self.source_groups(members)
            out.append(
                {
                    "id": sid,
                    "label": self.label(sid),
                    "articles": members,
                    "first": _iso(min(known)) if known else None,
                    "last": _iso(max(known)) if known else None,
                    "independent_sources": len(groups),
                    "sources": groups,
                    "incidents": incidents,
                }
            )
        out.sort(key=lambda s: (-int(s["independent_sources"]), -len(s["articles"]), s["id"]))
        return out

    def _incidents_of(self, members: list[str]) -> list[dict[str, Any]]:
        seen: dict[str, None] = {}
        for aid in members:
            for iid in self.incidents.of_article.get(aid, []):
                seen.setdefault(iid)
        out: list[dict[str, Any]] = []
        for iid in seen:
            inc = self.incidents.incidents[iid]
            arts = list(dict.fromkeys(a for a, _ in inc.members))
            mentions = []
            for aid, k in inc.members:
                ms: list[IncidentMention] = self.features[aid].mentions
                if k < len(ms):
                    for s, e in ms[k].spans:
                        mentions.append({"article": aid, "start": s, "end": e})
            primary = [a for a, k in inc.members if k == 0]
            out.append(
                {
                    "id": iid,
                    "articles": arts,
                    "date": _iso(inc.lo) if inc.exact else None,
                    "date_range": [_iso(inc.lo), _iso(inc.hi)] if inc.lo > 0 else None,
                    "exact": inc.exact,
                    "main_in": primary,
                    "independent_sources": len(self.source_groups(arts)),
                    "counts": {
                        kind: max(seen, key=lambda n: (seen[n], n))
                        for kind, seen in sorted(inc.counts.items())
                    },
                    "mentions": mentions,
                    "_lo": inc.lo,
                }
            )
        out.sort(key=lambda i: (i["date_range"] or ["~"])[0] + i["id"])
        return out

    # -- state -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole engine, JSON-ready, for ``store.put_state``."""
        return {
            "version": ENGINE_VERSION,
            "features": [f.to_json() for f in self.features.values()],
            "stories": self.stories.to_json(),
            "incidents": self.incidents.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> StoryEngine | None:
        """Inverse of :meth:`to_json`; None when the state is from another engine version."""
        if not isinstance(data, Mapping) or data.get("version") != ENGINE_VERSION:
            return None
        stories = StoryClusterer.from_json(data["stories"])
        features = [ReportFeatures.from_json(f) for f in data["features"]]
        mentions = {f.id: f.mentions for f in features}
        incidents = IncidentLinker.from_json(data["incidents"], mentions, stories.idf)
        engine = cls(stories, incidents)
        engine.features = {f.id: f for f in features}
        return engine


#: Words of any news report, whatever its story (lemmas, as the story terms are).
_GENERIC_WORDS = frozenset(
    {
        "city",
        "town",
        "country",
        "area",
        "region",
        "part",
        "people",
        "person",
        "man",
        "woman",
        "official",
        "authority",
        "force",
        "government",
        "report",
        "year",
        "month",
        "week",
        "day",
        "time",
        "today",
        "yesterday",
        "news",
        "number",
        "thing",
        "way",
        "place",
        "state",
        "world",
        "say",
        "tell",
    }
)


def _same_stem(a: str, b: str) -> bool:
    """ "Russia" and "Russian", "Ukraine" and "Ukrainian": one word, the other its derivative
    (a shared start of five letters or more covering all but two letters of the shorter)."""
    a, b = a.casefold(), b.casefold()
    if " " in a or " " in b:
        return False
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n >= 5 and n >= min(len(a), len(b)) - 2
