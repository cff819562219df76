"""The Figures section: every number the reports state, with what it counts and who says so.

A generic table would show ``low``/``high``/``claimant_span`` columns that
mean nothing to a reader. Here each figure reads as an analyst writes it
("up to 170,000 residents"), next to its measure, claimant, place, as-of
date, caveats and the report it comes from, with the source sentence and
the number's words highlighted. Figures derived from named victims are
marked as such. Tracked measures come first (killed, injured, ...), then
other counts, each in report order.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from crosswire.errors import ExportError
from crosswire.link.reconciliations import format_figure
from crosswire.report.evidence import ArticleText, Evidence, Segment
from crosswire.report.view import Item, Section

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = ["build", "figure_evidence"]

_COLUMNS = ("Figure", "Measure", "Claimant", "Place", "As of", "Caveats", "Report")
_MEASURE_ORDER = (
    "killed",
    "injured",
    "shot",
    "casualties",
    "missing",
    "detained",
    "displaced",
    "evacuated",
    "population_remaining",
    "population_prewar",
    "population",
    "sheltering",
    "rescued",
    "aid_quantity",
    "vehicles",
    "territory_controlled",
    "distance",
)


def figure_evidence(item: Mapping[str, Any], texts: Mapping[str, ArticleText]) -> Evidence:
    """The figure's sentence with its words highlighted; raises if the span is off."""
    article = texts.get(str(item.get("article")))
    if article is None:
        raise ExportError(
            f"figures ({item.get('id')}) cites article {item.get('article')!r}, not in the export"
        )
    start, end, expected = item.get("start"), item.get("end"), item.get("text")
    span = article.fits(start, end, expected) or article.span(
        start, end, f"figures ({item.get('id')})", expected
    )
    told = item.get("headline")
    if span[0] == span[1] and isinstance(told, Mapping) and str(told.get("text") or "").strip():
        # a count read from the report's title, which is not part of its text: the title is
        # the evidence, never the body's first sentence (which does not say it)
        title, words = str(told.get("title") or ""), str(told["text"])
        s, e = told.get("start"), told.get("end")
        if isinstance(s, int) and isinstance(e, int) and title[s:e] == words:
            parts = [Segment(title[:s], False), Segment(words, True), Segment(title[e:], False)]
        else:
            parts = [Segment(words, True)]
        return Evidence(
            source=article.ref,
            start=span[0],
            end=span[1],
            spans=(span,),
            segments=(Segment("Headline: ", False), *(p for p in parts if p.text)),
            clipped_start=False,
            clipped_end=False,
        )
    return article.one(span)


_FIELDS = frozenset({"value", "low", "high", "hedge", "measure", "counts", "claimant", "caveats"})


def _anchor(reuse: dict[str, bool], fid: str, anchors: Anchors) -> str:
    """The anchor the generic section gave this figure (links elsewhere use it), else a new one.

    The generic section made them with :meth:`Anchors.make`: ``base``, then
    ``base-2``, ``base-3`` ... for repeats, so each is found by lookup (a scan
    of every anchor per figure made a 1,000-report story's report take minutes).
    """
    base = "figures-" + (re.sub(r"[^A-Za-z0-9_-]+", "-", fid).strip("-") or "x")
    candidate, n = base, 1
    while candidate in reuse:  # anchor -> still free
        if reuse[candidate]:
            reuse[candidate] = False
            return candidate
        n += 1
        candidate = f"{base}-{n}"
    return anchors.make("figure", fid)


def _measure_rank(item: Mapping[str, Any]) -> int:
    measure = item.get("measure")
    return _MEASURE_ORDER.index(measure) if measure in _MEASURE_ORDER else len(_MEASURE_ORDER)


def _text(value: object) -> str:
    return " ".join(str(value).split()) if value else ""


def build(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    """Refine the generic Figures section: readable figures, tracked measures first.

    Items that do not carry this stage's fields (an export from another
    tool, an older version) are left to the generic table.
    """
    raw = doc.get("figures") or []
    if not raw or not all(
        (type(i) is dict or isinstance(i, Mapping)) and set(i) >= _FIELDS for i in raw
    ):
        return generic
    reuse = dict.fromkeys((item.anchor for item in generic.items), True)
    order = {aid: n for n, aid in enumerate(texts)}
    rows: list[tuple[tuple[int, int, int], Item]] = []
    for item in raw:
        ev = figure_evidence(item, texts)
        ref = ev.source
        words = format_figure(item)
        if item.get("derived"):
            words += " (derived from a victim named, not counted)"
        values = (
            words,
            _text(item.get("measure")).replace("_", " ") or "(untracked)",
            _text(item.get("claimant")) or "unattributed",
            _text(item.get("place")) + (" (inferred)" if item.get("place_inferred") else ""),
            _text(item.get("as_of")) + (f" ({item['as_of_source']})" if item.get("as_of") else ""),
            "; ".join(_text(c) for c in item.get("caveats") or ()),
            " ".join(p for p in (ref.short_id, ref.outlet, ref.published) if p),
        )
        key = (_measure_rank(item), order.get(ref.article, len(order)), int(item["start"]))
        rows.append((key, Item(_anchor(reuse, str(item.get("id")), anchors), values, ev)))
    rows.sort(key=lambda pair: pair[0])
    return Section(
        key=generic.key,
        title=generic.title,
        anchor=generic.anchor,
        blurb=(
            "Numbers the reports give: what they count, who claims them, as of when, with "
            "every caveat. Tracked measures first; victims named but not counted are marked."
        ),
        empty_note=generic.empty_note,
        columns=_COLUMNS,
        items=tuple(item for _, item in rows),
    )
