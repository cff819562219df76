"""Turn an export document into a :class:`ReportView`.

The export is a plain dict written by another module and possibly edited or
produced by hand, so it is checked as it is read: a missing article, a
mention pointing outside its article or a version this code does not know
raise :class:`ExportError` with the culprit named, instead of producing a
report that quietly cites the wrong words. Orderings are explicit and
stable so that the same export always renders to the same bytes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import zip_longest
from typing import Any

from crosswire.errors import ExportError
from crosswire.report.evidence import ArticleText, Evidence, SourceRef
from crosswire.report.key_points import KeyPoint, key_points
from crosswire.report.overview import join_words, overview, report_title
from crosswire.report.sections import build_sections
from crosswire.report.view import (
    EntityGroup,
    EntityRow,
    Removed,
    ReportView,
    SourceRow,
    StoryEntry,
    TocEntry,
    rank,
)

__all__ = [
    "CORPUS_KEY_POINTS",
    "CORPUS_POINTS_PER_STORY",
    "ENTITY_GROUPS",
    "EVIDENCE_LIMIT",
    "SUPPORTED_VERSIONS",
    "Anchors",
    "build_view",
]

SUPPORTED_VERSIONS = frozenset({"1"})
EVIDENCE_LIMIT = 3
"""Pieces of evidence shown per entity before "+N more"."""

ENTITY_GROUPS: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("people", "People", ("PERSON",)),
    ("organisations", "Organisations", ("ORG",)),
    ("places-named", "Places", ("GPE", "LOC", "FAC")),
    ("groups", "Groups", ("NORP",)),
)
_EXCERPT_WORDS = 12
CORPUS_POINTS_PER_STORY = 2
"""Key points per story in a report over several stories (its own report shows them all)."""
CORPUS_KEY_POINTS = 24
"""Key points at most in a report over several stories: a page to read, not hundreds of lines."""


_UNSAFE_ID = re.compile(r"[^A-Za-z0-9_-]+")
_SAFE_ID = re.compile(r"[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?")
"""An id with nothing to replace and no "-" to strip at either end."""


@lru_cache(maxsize=1 << 16)
def _safe_part(raw: str) -> str:
    """``raw`` as it may stand in an HTML id. Remembered: most item ids need the
    substitution (``abc:q0``), and a section's item gets its anchor twice, the generic
    section's and its own builder's under another prefix."""
    if raw and _SAFE_ID.fullmatch(raw):  # an id safe already: no substitution
        return raw
    return _UNSAFE_ID.sub("-", raw).strip("-") or "x"


class Anchors:
    """Hands out HTML ids that are safe (``[A-Za-z0-9_-]``) and unique in the report."""

    def __init__(self) -> None:
        self._used: set[str] = set()

    @staticmethod
    def base(prefix: str, raw: str) -> str:
        """The id :meth:`make` gives ``raw`` under ``prefix`` when it is still free."""
        return f"{prefix}-{_safe_part(raw)}"

    def make(self, prefix: str, raw: str) -> str:
        """An id for ``raw`` under ``prefix``, suffixed with -2, -3 ... on collision."""
        base = f"{prefix}-{_safe_part(raw)}"  # self.base(prefix, raw), written out
        anchor, n = base, 1
        while anchor in self._used:
            n += 1
            anchor = f"{base}-{n}"
        self._used.add(anchor)
        return anchor


def _short_ids(ids: Sequence[str]) -> dict[str, str]:
    """Shortest prefixes (at least 8 characters) that still tell the ids apart."""
    longest = max((len(i) for i in ids), default=0)
    for length in range(8, max(longest, 8) + 1):
        if len({i[:length] for i in ids}) == len(set(ids)):
            return {i: i[:length] for i in ids}
    return {i: i for i in ids}


def _list(doc: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    value = doc.get(key) or []
    if not isinstance(value, list) or not all(
        (type(v) is dict or isinstance(v, Mapping)) for v in value
    ):
        raise ExportError(f"export: {key!r} must be a list of objects")
    return value


def _str(value: object) -> str | None:
    return value if isinstance(value, str) and value.strip() else None


def _strs(value: object) -> tuple[str, ...]:
    if not isinstance(value, list | tuple):
        return ()
    return tuple(v for v in value if isinstance(v, str) and v.strip())


def _excerpt(text: str) -> str:
    words = text.split()
    head = " ".join(words[:_EXCERPT_WORDS])
    return head + ("…" if len(words) > _EXCERPT_WORDS else "")


def _link(url: str | None) -> str | None:
    return url if url and re.match(r"https?://[^\s]+$", url, re.IGNORECASE) else None


def _source_order(raw: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Originals by date (undated last), source and id; each one's copies right after it.

    A copy of a copy goes with the first original of its chain; a cycle of
    copies (a broken export) is treated as originals rather than dropped.
    """

    def key(a: Mapping[str, Any]) -> tuple[str, str, str]:
        return (_str(a.get("published")) or "~", str(a.get("source") or ""), a["id"])

    by_id = {a["id"]: a for a in raw}

    def root(a: Mapping[str, Any]) -> str:
        seen = {a["id"]}
        current = a
        while (up := _str(current.get("duplicate_of"))) in by_id and up not in seen:
            seen.add(str(up))
            current = by_id[str(up)]
        return str(current["id"]) if up not in seen else str(a["id"])

    roots = {a["id"]: root(a) for a in raw}
    family: dict[str, list[Mapping[str, Any]]] = {}
    for a in sorted(raw, key=key):
        if roots[a["id"]] != a["id"]:
            family.setdefault(roots[a["id"]], []).append(a)
    ordered: list[Mapping[str, Any]] = []
    for a in sorted((a for a in raw if roots[a["id"]] == a["id"]), key=key):
        ordered += [a, *family.get(a["id"], [])]
    return ordered


def _articles(
    doc: Mapping[str, Any],
    sentences: Mapping[str, Sequence[tuple[int, int]]] | None,
    anchors: Anchors,
) -> tuple[list[SourceRow], dict[str, ArticleText]]:
    raw = _list(doc, "articles")
    for n, art in enumerate(raw):
        if not isinstance(art.get("id"), str) or not isinstance(art.get("text"), str):
            raise ExportError(f"export: article #{n} has no string 'id' and 'text'")
    ids = [a["id"] for a in raw]
    dupes = sorted(i for i, n in Counter(ids).items() if n > 1)
    if dupes:
        raise ExportError(f"export: article id {dupes[0]} appears more than once")
    short = _short_ids(ids)
    ordered = _source_order(raw)
    copies: dict[str, list[str]] = {}
    for art in ordered:
        original = _str(art.get("duplicate_of"))
        if original:
            copies.setdefault(original, []).append(short[art["id"]])
    rows: list[SourceRow] = []
    texts: dict[str, ArticleText] = {}
    for art in ordered:
        aid: str = art["id"]
        ref = SourceRef(
            article=aid,
            short_id=short[aid],
            anchor=anchors.make("src", short[aid]),
            outlet=_str(art.get("outlet")) or "unknown outlet",
            published=_str(art.get("published")) or "date unknown",
            duplicate=bool(_str(art.get("duplicate_of"))),
        )
        title = _str(art.get("title"))
        url, source = _str(art.get("url")), _str(art.get("source"))
        original = _str(art.get("duplicate_of"))
        carried = _str(art.get("wire_text_of"))
        removed = tuple(
            Removed(str(r.get("kind") or "removed"), str(r.get("text") or ""))
            for r in art.get("removed") or []
            if isinstance(r, Mapping)
        )
        rows.append(
            SourceRow(
                ref=ref,
                dateline=_str(art.get("dateline")),
                wire=_strs(art.get("wire")),
                title=title or _excerpt(art["text"]),
                title_is_excerpt=title is None,
                location=url or source or "unknown source",
                link=_link(url),
                duplicate_of=short.get(original, original) if original else None,
                copies=tuple(copies.get(aid, ())),
                removed=removed,
                wire_text_of=short.get(carried, carried) if carried else None,
            )
        )
        texts[aid] = ArticleText(ref, art["text"], (sentences or {}).get(aid))
    return rows, texts


def _wire_texts(doc: Mapping[str, Any], sources: Sequence[SourceRow]) -> list[str]:
    """One line per wire or shared text: "Associated Press text carried by X, Y and Z"
    (outlets in the order they carried it; a report with no outlet by its short id)."""
    ref = {s.ref.article: s.ref for s in sources}
    lines = []
    for group in _list(doc, "wire_texts"):
        carriers = [ref[a] for a in _strs(group.get("articles")) if a in ref]
        if len(carriers) < 2:
            continue
        names = list(
            dict.fromkeys(
                r.outlet if r.outlet != "unknown outlet" else f"report {r.short_id}"
                for r in carriers
            )
        )
        wire = _str(group.get("wire"))
        what = f"{wire} text" if wire else "The same text"
        lines.append(f"{what} carried by {join_words(names, len(names))}")
    return lines


def _round_robin(per_article: list[list[Evidence]]) -> Iterator[Evidence]:
    """First evidence from each report, then the second from each, and so on."""
    for layer in zip_longest(*per_article):
        yield from (ev for ev in layer if ev is not None)


def _entity(
    ent: Mapping[str, Any],
    n: int,
    texts: Mapping[str, ArticleText],
    anchors: Anchors,
    order: Mapping[str, int],
) -> EntityRow:
    """One entity's row; ``order`` is each article's place in Sources order."""
    eid = _str(ent.get("id")) or f"#{n}"
    name = _str(ent.get("name")) or eid
    spans: dict[str, list[tuple[int, int]]] = {}
    mentions = ent.get("mentions") or []
    if not isinstance(mentions, list):
        raise ExportError(f"entity {eid} ({name}): 'mentions' must be a list")
    for k, m in enumerate(mentions):
        if not (type(m) is dict or isinstance(m, Mapping)):
            raise ExportError(f"entity {eid} ({name}) mention #{k} is not an object")
        article = texts.get(str(m.get("article")))
        if article is None:
            raise ExportError(
                f"entity {eid} ({name}) mention #{k} cites article {m.get('article')!r}, "
                "not in the export"
            )
        start, end, expected = m.get("start"), m.get("end"), m.get("text")
        span = article.fits(start, end, expected) or article.span(
            start, end, f"entity {eid} ({name}) mention #{k}", expected
        )
        spans.setdefault(article.ref.article, []).append(span)
    cited = sorted(spans, key=order.__getitem__)
    evidence = [
        *_round_robin([texts[a].evidence(spans[a]) for a in cited if not texts[a].ref.duplicate]),
        *_round_robin([texts[a].evidence(spans[a]) for a in cited if texts[a].ref.duplicate]),
    ]
    reports = tuple(texts[a].ref for a in cited)
    return EntityRow(
        id=eid,
        anchor=anchors.make("ent", eid),
        name=name,
        type=_str(ent.get("type")) or "OTHER",
        aliases=tuple(a for a in _strs(ent.get("aliases")) if a != name),
        roles=_strs(ent.get("roles")),
        reports=reports,
        independent=sum(1 for r in reports if not r.duplicate),
        mentions=len(mentions),
        evidence=tuple(evidence),
    )


def _entity_groups(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors
) -> tuple[EntityGroup, ...]:
    order = {aid: n for n, aid in enumerate(texts)}  # Sources order, built once for all
    rows = [_entity(e, n, texts, anchors, order) for n, e in enumerate(_list(doc, "entities"))]
    rows.sort(key=rank)
    known = {t for _, _, types in ENTITY_GROUPS for t in types}
    spec = [*ENTITY_GROUPS, ("other-names", "Other names", ())]
    groups = []
    for key, title, types in spec:
        members = tuple(r for r in rows if (r.type in types if types else r.type not in known))
        if members or types:
            groups.append(EntityGroup(key, title, f"entities-{key}", members))
    return tuple(groups)


def build_view(
    doc: Mapping[str, Any],
    *,
    sentences: Mapping[str, Sequence[tuple[int, int]]] | None = None,
    title: str | None = None,
) -> ReportView:
    """Check an export document and build the report view both renderers draw.

    ``sentences`` maps article ids to sentence boundaries (from the
    annotate stage); articles without them fall back to the regex splitter.

    Raises:
        ExportError: if the export is not version 1, an article lacks an id
            or text, or any cited span does not fit its article.
    """
    if not isinstance(doc, Mapping):
        raise ExportError("export: expected a JSON object at the top level")
    version = str(doc.get("version"))
    if version not in SUPPORTED_VERSIONS:
        raise ExportError(
            f"export: version {doc.get('version')!r} is not supported "
            f"(this crosswire reads version {', '.join(sorted(SUPPORTED_VERSIONS))})"
        )
    anchors = Anchors()
    sources, texts = _articles(doc, sentences, anchors)
    groups = _entity_groups(doc, texts, anchors)
    sections = build_sections(doc, texts, anchors)
    independent = sum(1 for s in sources if s.duplicate_of is None and s.wire_text_of is None)
    points = key_points(doc)
    index = _story_index(doc, points)
    shown = _cap_points(points) if len(index) > 1 else points
    toc = [TocEntry("overview", "Overview", 1)]
    if len(index) > 1:
        toc.append(TocEntry("story-index", "Stories at a glance", 2))
    if points:
        toc.append(TocEntry("key-points", "Key points", 2))
    toc.append(TocEntry("sources", "Sources", 1))
    toc.append(TocEntry("entities", "Entities", 1))
    toc += [TocEntry(g.anchor, g.title, 2) for g in groups]
    toc += [TocEntry(s.anchor, s.title, 1) for s in sections]
    return ReportView(
        title=title or report_title(groups, independent, len(doc.get("stories") or ())),
        overview=overview(sources, groups, _wire_texts(doc, sources)),
        version=version,
        article_count=len(sources),
        independent_count=independent,
        sources=tuple(sources),
        entity_groups=groups,
        sections=sections,
        toc=tuple(toc),
        evidence_limit=EVIDENCE_LIMIT,
        key_points=shown,
        story_index=index if len(index) > 1 else (),
        key_points_omitted=len(points) - len(shown),
    )


def _cap_points(points: Sequence[KeyPoint]) -> tuple[KeyPoint, ...]:
    """The first :data:`CORPUS_POINTS_PER_STORY` points of each story (stories largest
    first, as :func:`key_points` orders them), :data:`CORPUS_KEY_POINTS` at most."""
    taken: Counter[str | None] = Counter()
    kept: list[KeyPoint] = []
    for point in points:
        if taken[point.story] < CORPUS_POINTS_PER_STORY and len(kept) < CORPUS_KEY_POINTS:
            taken[point.story] += 1
            kept.append(point)
    return tuple(kept)


def _story_index(doc: Mapping[str, Any], points: Sequence[KeyPoint]) -> tuple[StoryEntry, ...]:
    """One entry per story, in the export's order (largest first)."""
    per_story = Counter(p.story for p in points)
    entries = []
    for story in _list(doc, "stories"):
        sid = _str(story.get("id"))
        if sid is None:
            continue
        first, last = _str(story.get("first")) or "", _str(story.get("last")) or ""
        dates = first if first == last else f"{first} – {last}".strip(" –")
        entries.append(
            StoryEntry(
                id=sid,
                label=_str(story.get("label")) or sid,
                dates=dates or "date unknown",
                reports=len(story.get("articles") or []),
                independent=int(story.get("independent_sources") or 0),
                incidents=len(story.get("incidents") or []),
                key_points=per_story.get(sid, 0),
            )
        )
    return tuple(entries)
