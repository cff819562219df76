"""Generic rendering of the sections later stages fill (figures, quotes, ...).

Figures, reconciliations, quotes, events, places, operations and stories
are extracted by stages that do not exist yet, and their fields will move
while they are built. Rather than guess their final shape, each section is
shown as a table of whatever fields its items carry, plus the source
sentence of the span each item cites. When a stage lands, only its section
needs a dedicated builder here; the report's structure does not change.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

from crosswire.errors import ExportError
from crosswire.report.evidence import ArticleText
from crosswire.report.view import Item, Section, format_value

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = ["SECTIONS", "SPAN_KEYS", "build_sections", "format_value"]

SPAN_KEYS = frozenset({"article", "start", "end", "text"})
"""Fields that locate an item's span; shown as its source sentence, not as columns."""

# (export key, title, anchor, what the section is for)
SECTIONS: tuple[tuple[str, str, str, str], ...] = (
    ("figures", "Figures", "figures", "Numbers the reports give, with who claims them."),
    (
        "reconciliations",
        "Reconciliation",
        "reconciliation",
        "Figures for the same measure and place, set side by side across reports.",
    ),
    ("quotes", "Quotes", "quotes", "Who said what, in the reports' own words."),
    ("events", "Timeline", "timeline", "Dated events, earliest first."),
    ("places", "Places", "places", "Places the reports locate events in."),
    (
        "operations",
        "Operations",
        "operations",
        "Evacuations, convoys, corridors, aid and ceasefires.",
    ),
    ("stories", "Stories", "stories", "Reports grouped by the story they tell."),
)


def _label(key: str) -> str:
    """Column heading for a field name: ``id`` -> ``ID``, ``place_id`` -> ``Place id``."""
    words = key.replace("_", " ").strip() or key
    return "ID" if words.lower() == "id" else words[:1].upper() + words[1:]


def _sort_date(item: Mapping[str, Any]) -> str:
    date = item.get("date")
    if type(date) is dict or isinstance(date, Mapping):
        date = date.get("value")
    return date if isinstance(date, str) and date else "~"  # undated last


def _what(key: str, n: int, item: Mapping[str, Any]) -> str:
    """How an error names item ``n`` of section ``key`` (made only for an error)."""
    label = item.get("id")
    return f"{key}[{n}]" + (f" ({label})" if isinstance(label, str) else "")


def _span(
    item: Mapping[str, Any], key: str, n: int, texts: Mapping[str, ArticleText]
) -> tuple[ArticleText, tuple[int, int]] | None:
    """The item's article and checked span (``None`` when it cites none); raises if off."""
    if "article" not in item and "start" not in item and "end" not in item:
        return None
    article = texts.get(str(item.get("article")))
    if article is None:
        raise ExportError(
            f"{_what(key, n, item)} cites article {item.get('article')!r}, not in the export"
        )
    text = item.get("text")
    expected = text if isinstance(text, str) else None
    start, end = item.get("start"), item.get("end")
    span = article.fits(start, end, expected) or article.span(
        start, end, _what(key, n, item), expected
    )
    return article, span


def _section(
    key: str,
    title: str,
    anchor: str,
    blurb: str,
    raw: object,
    texts: Mapping[str, ArticleText],
    anchors: Anchors,
) -> tuple[Section, Callable[[], Section]]:
    """The generic section without values or evidence, and how to fill them in.

    Anchors, spans and order are settled here (anchors must be handed out
    in the same order whatever the section's own builder does, and a span
    that does not fit raises now); the table's values and evidence are made
    only by the second part, for a section shown generically. Making them
    for every item of sections whose builder replaces the table took
    seconds on a large story.
    """
    if raw is None:
        raw = []
    # type(v) is dict first: an isinstance against the Mapping ABC runs Python code, and
    # this (like the other per-item checks of the report) runs for every item.
    if not isinstance(raw, list) or not all(
        (type(v) is dict or isinstance(v, Mapping)) for v in raw
    ):
        raise ExportError(f"export: {key!r} must be a list of objects")
    items: list[Mapping[str, Any]] = raw
    order = {aid: n for n, aid in enumerate(texts)}
    built: list[tuple[tuple[str, int, int, int], Item]] = []
    spans: list[tuple[ArticleText, tuple[int, int]] | None] = []
    for n, item in enumerate(items):
        label = item.get("id")
        cited = _span(item, key, n, texts)
        spans.append(cited)
        where = (order[cited[0].ref.article], cited[1][0]) if cited else (len(order), n)
        sort_key = (_sort_date(item) if key == "events" else "", *where, n)
        # tuple.__new__: an Item without the named tuple's Python-level __new__
        item_anchor = anchors.make(anchor, str(label or n))
        built.append((sort_key, tuple.__new__(Item, (item_anchor, (), None))))
    built.sort()  # by sort key: each ends with the item's own index, so no two are equal
    section = Section(
        key=key,
        title=title,
        anchor=anchor,
        blurb=blurb,
        empty_note=f"Not yet extracted: this export has no {title.lower()}.",
        columns=(),  # made by filled(): a section's own builder brings its columns
        items=tuple(item for _, item in built),
    )

    def filled() -> Section:
        # Every field any item has, in order of first appearance.
        columns = list(dict.fromkeys(k for item in items for k in item if k not in SPAN_KEYS))
        if "id" in columns:
            columns.remove("id")
            columns.insert(0, "id")
        rows = []
        for (*_, n), it in built:
            cited = spans[n]
            values = tuple(format_value(items[n].get(c)) for c in columns)
            ev = cited[0].evidence([cited[1]])[0] if cited else None
            rows.append(Item(it.anchor, values, ev))
        return replace(section, columns=tuple(_label(c) for c in columns), items=tuple(rows))

    return section, filled


def build_sections(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors
) -> tuple[Section, ...]:
    """Build every later-stage section, in report order, from the export.

    Items are ordered by the Sources order of their article and their
    offset (the timeline by date first); items without a span come last.

    Raises:
        ExportError: if a section is not a list of objects or an item's span
            does not fit its article.
    """
    built = []
    for key, title, anchor, blurb in SECTIONS:
        generic, filled = _section(key, title, anchor, blurb, doc.get(key), texts, anchors)
        section = _custom_builder(key)(doc, texts, anchors, generic)
        built.append(filled() if section is generic else section)
    return tuple(built)


SectionBuilder = Callable[
    [Mapping[str, Any], Mapping[str, ArticleText], "Anchors", Section], Section
]


def _keep(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    return generic


@cache
def _custom_builder(key: str) -> SectionBuilder:
    """The section's own builder, ``crosswire.report.section_<key>.build``, if it exists.

    It receives the generic section and returns it refined (own columns,
    an HTML fragment such as a timeline or map) or replaced; sections
    without one are shown generically. The generic section it receives
    carries each item's anchor, in order, but no values or evidence yet:
    they are made only when the builder returns that section itself.
    Looked up once per key and process: searching the import path for a module on each
    report was a cost paid for every story page.
    """
    module_name = f"crosswire.report.section_{key}"
    if find_spec(module_name) is None:
        return _keep
    builder: SectionBuilder = importlib.import_module(module_name).build
    return builder
