"""The Reconciliation section: figures for one quantity side by side, never collapsed.

For each group (measure, place, incident) the reader sees its status
(corroborated, consistent, changed, diverging, disputed, single source),
how many independent sources stand behind it, and every figure with its
value, hedge, claimant, outlet, date and the source sentence with the
number highlighted. The conservative figure an ACLED-style coder would
record is shown apart and labelled as such, so no one mistakes it for
"the" number. Contested groups (disputed, diverging, changed) come first.

The HTML fragment is inserted as trusted HTML, so everything from the data
is escaped here with ``markupsafe.escape`` (source sentences, the bulk of it, with
:func:`~crosswire.report.html_text.escape_text`: the same characters, no ``Markup`` per
piece); the Markdown fragment says the same in text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, partial
from typing import TYPE_CHECKING, Any

from markupsafe import escape

from crosswire.link.reconciliations import format_figure
from crosswire.report.evidence import ArticleText, Evidence
from crosswire.report.html_text import escape_text
from crosswire.report.md_text import md, md_marked
from crosswire.report.section_figures import figure_evidence
from crosswire.report.view import Item, Section

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = ["build"]

_COLUMNS = ("Measure", "Place", "Status", "Independent sources", "Figures", "Conservative")
_FIELDS = frozenset({"measure", "status", "figures", "independent_sources", "summary"})
_STATUS_ORDER = ("disputed", "diverging", "changed", "consistent", "corroborated", "single_source")


def _text(value: object) -> str:
    return " ".join(str(value).split()) if value is not None else ""


def _rank(group: Mapping[str, Any]) -> tuple[int, int, str]:
    status = str(group.get("status"))
    pos = _STATUS_ORDER.index(status) if status in _STATUS_ORDER else len(_STATUS_ORDER)
    return (pos, -int(group.get("independent_sources") or 0), str(group.get("measure")))


def _sentence_html(ev: Evidence) -> str:
    parts = ["…" if ev.clipped_start else ""]
    for seg in ev.segments:
        parts.append(
            f"<mark>{escape_text(seg.text)}</mark>" if seg.marked else escape_text(seg.text)
        )
    parts.append("…" if ev.clipped_end else "")
    return "".join(parts)


def _sentence_md(ev: Evidence) -> str:
    return md_marked((s.text, s.marked) for s in ev.segments)


def _rows(
    group: Mapping[str, Any],
    figures: Mapping[str, Mapping[str, Any]],
    texts: Mapping[str, ArticleText],
) -> list[tuple[Mapping[str, Any], Evidence]]:
    out = []
    for fid in group.get("figures") or ():
        item = figures.get(str(fid))
        if item is not None:
            out.append((item, figure_evidence(item, texts)))
    return out


def _html(
    groups: Sequence[tuple[Mapping[str, Any], str, list[tuple[Mapping[str, Any], Evidence]]]],
) -> str:
    out = ['<div class="reconciliations">']
    for group, anchor, rows in groups:
        title = f"{_text(group.get('measure')).replace('_', ' ')}" + (
            f" — {_text(group['place'])}" if group.get("place") else ""
        )
        cons = group.get("conservative") or {}
        out.append(f'<section class="rec rec-{escape(group.get("status"))}" id="{escape(anchor)}">')
        out.append(
            f"<h3>{escape(title)} <small>{escape(_text(group.get('status')).replace('_', ' '))}, "
            f"{escape(group.get('independent_sources'))} independent source(s)</small></h3>"
        )
        out.append(
            f'<p class="conservative"><strong>{escape(_text(cons.get("label")))}</strong></p>'
        )
        estimate = group.get("best_estimate") or {}
        if estimate.get("label"):
            out.append(f'<p class="estimate">{escape(_text(estimate.get("label")))}</p>')
        out.append(
            "<table><thead><tr><th>Figure</th><th>Hedge</th><th>Claimant</th><th>Outlet</th>"
            "<th>As of</th><th>Caveats</th><th>Source</th></tr></thead><tbody>"
        )
        for item, ev in rows:
            ref = ev.source
            out.append(
                "<tr>"
                f"<td>{escape(format_figure(item))}</td>"
                f"<td>{escape(_text(item.get('hedge')).replace('_', ' '))}</td>"
                f"<td>{escape(_text(item.get('claimant')) or 'unattributed')}</td>"
                f'<td><a href="#{escape(ref.anchor)}">{escape(ref.short_id)}</a> '
                f"{escape(ref.outlet)}</td>"
                f"<td>{escape(_text(item.get('as_of')))}</td>"
                f"<td>{escape('; '.join(_text(c) for c in item.get('caveats') or ()))}</td>"
                f"<td>{_sentence_html(ev)}</td>"
                "</tr>"
            )
        out.append("</tbody></table></section>")
    out.append("</div>")
    return "\n".join(out)


def _markdown(
    groups: Sequence[tuple[Mapping[str, Any], str, list[tuple[Mapping[str, Any], Evidence]]]],
) -> str:
    lines: list[str] = []
    for group, _, rows in groups:
        title = _text(group.get("measure")).replace("_", " ") + (
            f" — {_text(group['place'])}" if group.get("place") else ""
        )
        lines.append(
            f"**{md(title)}** — {md(_text(group.get('status')).replace('_', ' '))}, "
            f"{md(str(group.get('independent_sources')))} independent source(s)"
        )
        lines.append("")
        lines.append(f"_{md(_text((group.get('conservative') or {}).get('label')))}_")
        lines.append("")
        if (group.get("best_estimate") or {}).get("label"):
            lines.append(md(_text(group["best_estimate"]["label"])))
            lines.append("")
        lines.append("| Figure | Hedge | Claimant | Outlet | As of | Caveats | Source |")
        lines.append("|---|---|---|---|---|---|---|")
        for item, ev in rows:
            cells = (
                format_figure(item),
                _text(item.get("hedge")).replace("_", " "),
                _text(item.get("claimant")) or "unattributed",
                " ".join(p for p in (ev.source.short_id, ev.source.outlet) if p),
                _text(item.get("as_of")),
                "; ".join(_text(c) for c in item.get("caveats") or ()),
            )
            safe = [md(c) for c in cells]
            lines.append("| " + " | ".join(safe) + f" | {_sentence_md(ev)} |")
        lines.append("")
    return "\n".join(lines)


def build(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    """The Reconciliation section: a summary table plus every group in full."""
    figures = {
        str(f.get("id")): f
        for f in doc.get("figures") or ()
        if (type(f) is dict or isinstance(f, Mapping))
    }
    raw = doc.get("reconciliations") or []
    if not raw or not all(
        (type(g) is dict or isinstance(g, Mapping)) and set(g) >= _FIELDS for g in raw
    ):
        return generic
    groups = sorted(raw, key=_rank)
    built = []
    items = []
    for group in groups:
        anchor = anchors.make("rec", str(group.get("id")))
        rows = _rows(group, figures, texts)
        built.append((group, anchor, rows))
        values = (
            _text(group.get("measure")).replace("_", " "),
            _text(group.get("place")),
            _text(group.get("status")).replace("_", " "),
            _text(group.get("independent_sources")),
            "; ".join(format_figure(item) for item, _ in rows),
            _text((group.get("conservative") or {}).get("label")),
        )
        items.append(Item(anchor, values, rows[0][1] if rows else None))
    return Section(
        key=generic.key,
        title=generic.title,
        anchor=generic.anchor,
        blurb=(
            "Figures for the same measure and place set side by side across reports, with "
            "whether they agree. The conservative figure is what an ACLED-style coder would "
            "record; it is not a replacement for the figures listed."
        ),
        empty_note=generic.empty_note,
        columns=_COLUMNS,
        items=tuple(items),
        html_part=cache(partial(_html, built)) if built else "",
        md_part=cache(partial(_markdown, built)) if built else "",
    )
