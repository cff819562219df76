"""Render the situation report as GitHub-flavoured Markdown.

Markdown is the format analysts paste into tickets, wikis and chat, so the
output has to survive any GFM renderer: article text is untrusted and is
escaped so that a "|" cannot break a table, a "<script>" stays text and a
leading "-" cannot start a list. Highlights are **bold**; evidence beyond
the first few per entity is summarised as "+N more" (the HTML report shows
it all).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from crosswire.report.build import build_view
from crosswire.report.collector import collector_paused
from crosswire.report.md_evidence import code, evidence_md
from crosswire.report.md_text import md
from crosswire.report.overview import join_words, plural
from crosswire.report.view import EntityGroup, ReportView, Section, SourceRow

__all__ = ["code", "evidence_md", "md", "render_markdown", "render_view_markdown"]

_REMOVED_CHARS = 160


@lru_cache(maxsize=1 << 16)
def _cell(value: str) -> str:
    """A table cell: escaped, a space when empty (as :func:`_row` writes it); remembered,
    as :func:`md` is, for the values that repeat down a large story's tables."""
    return md(value) or " "


def _row(cells: Iterable[str]) -> str:
    return "| " + " | ".join(c or " " for c in cells) + " |"


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    return [_row(md(h) for h in header), _row("---" for _ in header), *(_row(r) for r in rows)]


def _duplicates(row: SourceRow) -> str:
    if row.duplicate_of:
        return f"duplicate of {code(row.duplicate_of)}"
    if row.wire_text_of:
        return f"carries the wire text of {code(row.wire_text_of)}"
    if row.copies:
        return f"has {plural(len(row.copies), 'copy', 'copies')}: " + ", ".join(
            code(c) for c in row.copies
        )
    return "original"


def _sources(view: ReportView) -> list[str]:
    out = [
        "## Sources",
        "",
        f"{plural(view.article_count, 'report')}, {view.independent_count} independent "
        "(duplicates and carriers of another's wire text excluded).",
        "",
    ]
    if not view.sources:
        return [*out[:2], "The export holds no reports."]
    header = ["ID", "Outlet", "Published", "Dateline", "Wire", "Title", "Source", "Duplicates"]
    rows = (
        [
            code(r.ref.short_id),
            md(r.ref.outlet),
            md(r.ref.published),
            md(r.dateline or "—"),
            md(", ".join(r.wire) or "—"),
            ("_" + md(r.title) + "_") if r.title_is_excerpt else md(r.title),
            md(r.location),
            _duplicates(r),
        ]
        for r in view.sources
    )
    out += _table(header, rows)
    cleaned = [r for r in view.sources if r.removed]
    out += ["", "### Removed in cleaning", ""]
    if not cleaned:
        out.append("Cleaning removed nothing from these reports.")
    for r in cleaned:
        kinds: dict[str, int] = {}
        for item in r.removed:
            kinds[item.kind] = kinds.get(item.kind, 0) + 1
        counts = join_words([plural(n, md(k)) for k, n in sorted(kinds.items())], len(kinds))
        out.append(f"- {code(r.ref.short_id)}: {counts}")
        for item in r.removed:
            text = " ".join(item.text.split())
            if len(text) > _REMOVED_CHARS:
                text = text[:_REMOVED_CHARS].rstrip() + "…"
            out.append(f"  - {md(item.kind)}: {md(text)}")
    return out


def _group(group: EntityGroup, limit: int) -> list[str]:
    out = [f"### {md(group.title)}", ""]
    if not group.entities:
        return [*out, "None extracted."]
    rows = []
    for e in group.entities:
        reports = str(len(e.reports))
        if e.independent != len(e.reports):
            reports += f" ({e.independent} independent)"
        rows.append(
            [
                f"**{md(e.name)}**",
                md(e.type),
                md(", ".join(e.aliases)) or "—",
                md("; ".join(e.roles)) or "—",
                reports + ": " + ", ".join(code(r.short_id) for r in e.reports),
            ]
        )
    out += _table(["Name", "Type", "Also known as", "Roles", "Reports"], rows)
    out += ["", "Evidence:", ""]
    for e in group.entities:
        out.append(f"- **{md(e.name)}** ({plural(e.mentions, 'mention')})")
        out += [f"  - {evidence_md(ev)}" for ev in e.evidence[:limit]]
        rest = e.evidence[limit:]
        if rest:
            where = sorted({ev.source.short_id for ev in rest})
            out.append(f"  - +{len(rest)} more in " + ", ".join(code(w) for w in where))
    return out


def _section(section: Section) -> list[str]:
    out = [f"## {md(section.title)}", "", f"_{md(section.blurb)}_", ""]
    if section.md_fragment:
        out += [section.md_fragment, ""]
    if not section.items:
        return [*out, md(section.empty_note)]
    out += _table([*section.columns, "Source"], ())
    # Rows written out (as _row would): a large story's tables have tens of thousands.
    for item in section.items:
        cells = list(map(_cell, item.values))
        cells.append(evidence_md(item.evidence) if item.evidence else "no source span")
        out.append("| " + " | ".join(cells) + " |")
    return out


def render_view_markdown(view: ReportView) -> str:
    """Lay out a built :class:`ReportView` as Markdown."""
    out = [f"# {md(view.title)}", "", "## Overview", "", md(" ".join(view.overview)), ""]
    if view.story_index:
        out += ["### Stories at a glance", ""]
        out += _table(
            ["Story", "Dates", "Reports", "Independent", "Incidents", "Key points", "ID"],
            [
                [md(s.label), md(s.dates), str(s.reports), str(s.independent), str(s.incidents),
                 str(s.key_points), code(s.id)]
                for s in view.story_index
            ],
        )  # fmt: skip
        out += ["", "Each story in full: `crosswire report --story ID`.", ""]
    if view.key_points:
        out += ["### Key points", ""]
        out += [
            f"- {md(k.text)} ({', '.join(md(r) for r in k.reports)}; [evidence](#{k.anchor}))"
            for k in view.key_points
        ]
        if view.key_points_omitted:
            out.append(
                f"- … and {view.key_points_omitted} more key points in the stories' own reports."
            )
        out.append("")
    out += [*_sources(view), "", "## Entities", ""]
    for group in view.entity_groups:
        out += [*_group(group, view.evidence_limit), ""]
    for section in view.sections:
        out += [*_section(section), ""]
    out.append(f"_Generated by crosswire from export version {md(view.version)}._")
    return "\n".join(out) + "\n"


def render_markdown(
    doc: Mapping[str, Any],
    *,
    sentences: Mapping[str, Sequence[tuple[int, int]]] | None = None,
    title: str | None = None,
) -> str:
    """Render an export document as a GitHub-flavoured Markdown situation report.

    ``sentences`` maps article ids to sentence boundaries (spaCy's, from the
    annotate stage); without them a regex splitter finds the source
    sentences. ``title`` replaces the generated title. The output is the
    same for the same input.

    Raises:
        ExportError: if the export is malformed or a span does not fit its article.
    """
    with collector_paused():
        return render_view_markdown(build_view(doc, sentences=sentences, title=title))
