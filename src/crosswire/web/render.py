"""Shared rendering for the dashboard pages: templates, links to spans, the article text.

Every statement a page makes links to ``/articles/ID#span-START-END``: the
article page cuts its cleaned text at every extracted span, so any cited
span (even one the page did not list) can be highlighted there by its
fragment; :data:`SPAN_SCRIPT` does the highlighting, and without script the
fragment's anchor still scrolls to the span's start.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any
from urllib.parse import quote, urlencode

from jinja2 import Environment, PackageLoader, StrictUndefined

from crosswire.report.evidence import Evidence, SourceRef
from crosswire.web.query import Page

__all__ = [
    "CSP",
    "NAV",
    "Pager",
    "Segment",
    "article_href",
    "environment",
    "segments",
    "span_href",
]

CSP = (
    "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""Dashboard pages load only the app's own stylesheet and script: no CDN, no inline code."""

NAV: tuple[tuple[str, str], ...] = (
    ("/", "Overview"),
    ("/report", "Situation report"),
    ("/articles", "Articles"),
    ("/quotes", "Who said what"),
    ("/reconciliations", "Reconciliation"),
    ("/timeline", "Timeline"),
    ("/map", "Map"),
    ("/api", "API"),
)


@dataclass(frozen=True, slots=True)
class Pager:
    """Where a page of a list sits: items ``first``-``last`` (from 1) of ``count``, and
    the hrefs of the previous and next pages (``None`` at either end).

    Dashboard lists page like the API's (``limit``, ``offset``): a store of
    thousands of reports made one page of every article or every quote too
    large for a browser to lay out.
    """

    first: int
    last: int
    count: int
    previous: str | None
    next: str | None

    @classmethod
    def of(cls, page: Page, path: str, params: Mapping[str, str]) -> Pager:
        """The pager of ``page`` of the list at ``path`` asked for with ``params``."""

        def href(offset: int) -> str:
            query = {**params, "limit": str(page.limit), "offset": str(offset)}
            return f"{path}?{urlencode(query)}"

        limit = page.limit or page.count or 1
        previous = href(max(0, page.offset - limit)) if page.offset > 0 else None
        following = href(page.next_offset) if page.next_offset is not None else None
        last = page.offset + len(page.items)
        return cls(min(page.offset + 1, last), last, page.count, previous, following)


def article_href(article: str) -> str:
    """The dashboard page of one article."""
    return f"/articles/{quote(article, safe='')}"


def span_href(article: str, start: int, end: int) -> str:
    """The article page scrolled to, and highlighting, the span ``start``-``end``."""
    return f"{article_href(article)}#span-{int(start)}-{int(end)}"


def evidence_href(ev: Evidence) -> str:
    """Link for a piece of report evidence: its first non-empty highlighted span.

    An empty span (an item located at a point, such as a date guessed from
    the dateline) cannot be highlighted, so the link then shows its sentence.
    """
    start, end = next(((s, e) for s, e in ev.spans if e > s), (ev.start, ev.end))
    return span_href(ev.source.article, start, end)


def ref_href(ref: SourceRef) -> str:
    """Link for a source in the report's Sources table."""
    return article_href(ref.article)


@cache
def environment() -> Environment:
    """The dashboard's Jinja environment (autoescaping: all article text is untrusted)."""
    env = Environment(
        loader=PackageLoader("crosswire.web", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.globals.update(
        nav=NAV, span_href=span_href, article_href=article_href, evidence_href=evidence_href
    )
    return env


def render(template: str, **context: Any) -> str:
    """Render one dashboard template."""
    return environment().get_template(template).render(**context)


@dataclass(frozen=True, slots=True)
class Segment:
    """A run of article text between span boundaries.

    ``kinds`` are the kinds of extracted spans covering it (for styling);
    ``anchors`` the ``span-S-E`` ids of spans starting here (for the
    fragment to scroll to without script).
    """

    start: int
    text: str
    kinds: tuple[str, ...]
    anchors: tuple[str, ...]


def segments(text: str, spans: Iterable[tuple[int, int, str]]) -> list[Segment]:
    """Cut ``text`` at every boundary of ``spans`` ((start, end, kind)), in text order."""
    kept = sorted({(s, e, k) for s, e, k in spans if 0 <= s < e <= len(text)})
    cuts = sorted({0, len(text), *(s for s, _, _ in kept), *(e for _, e, _ in kept)})
    starting: dict[int, list[str]] = {}
    for s, e, _ in kept:
        ids = starting.setdefault(s, [])
        if f"span-{s}-{e}" not in ids:
            ids.append(f"span-{s}-{e}")
    out = []
    for a, b in pairwise(cuts):
        kinds = tuple(sorted({k for s, e, k in kept if s <= a and b <= e}))
        out.append(Segment(a, text[a:b], kinds, tuple(starting.get(a, ()))))
    return out


def article_spans(doc: Mapping[str, Any], article: str) -> list[dict[str, Any]]:
    """Every span the export cites in one article, with what cites it (for the article page)."""
    found: list[dict[str, Any]] = []

    def add(kind: str, label: str, span: Mapping[str, Any]) -> None:
        if span.get("article", article) == article and isinstance(span.get("start"), int):
            s, e = int(span["start"]), int(span.get("end") or span["start"])
            if e > s:
                found.append({"kind": kind, "label": label, "start": s, "end": e})

    for ent in doc.get("entities") or []:
        for m in ent.get("mentions") or []:
            add("entity", f"{ent.get('name')} ({ent.get('type')})", m)
    for q in doc.get("quotes") or []:
        if q.get("article") == article:
            add("quote", f"{q.get('speaker') or 'unknown speaker'}: {q.get('kind')}", q)
    for f in doc.get("figures") or []:
        if f.get("article") == article:
            add("figure", f"{f.get('measure') or 'figure'}: {f.get('value')}", f)
    for ev in doc.get("events") or []:
        if ev.get("article") == article:
            day = (ev.get("date") or {}).get("value") or "undated"
            add("event", f"{ev.get('type')} ({day})", ev)
    for story in doc.get("stories") or []:
        for inc in story.get("incidents") or []:
            for ev in (inc.get("day") or {}).get("evidence") or []:
                add("date", f"day of {inc.get('id')}", ev)
    found.sort(key=lambda x: (x["start"], x["end"], x["kind"]))
    return found
