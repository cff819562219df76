"""Render the situation report as one self-contained HTML file.

The file must open anywhere an analyst takes it: offline, from an e-mail
attachment, on a laptop in the field. So it carries its stylesheet inline,
loads no fonts, images or scripts from anywhere, and reads without
JavaScript (a few lines of optional inline script only expand collapsed
evidence when printing). Article text is untrusted: the template autoescapes
every string, and a Content-Security-Policy allowing only the report's own
style and script (by hash) stops anything that might slip through.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib.resources import files
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from crosswire.errors import ExportError
from crosswire.report.build import build_view
from crosswire.report.collector import collector_paused
from crosswire.report.evidence import Evidence, SourceRef
from crosswire.report.html_text import escape_text
from crosswire.report.view import EntityGroup, ReportView, Section

__all__ = ["PRINT_SCRIPT", "ReportLinks", "evidence_html", "render_html", "render_view_html"]

PRINT_SCRIPT = (
    'addEventListener("beforeprint",function(){'
    'document.querySelectorAll("details:not([open])").forEach(function(d){'
    'd.open=true;d.setAttribute("data-print","")})});'
    'addEventListener("afterprint",function(){'
    'document.querySelectorAll("details[data-print]").forEach(function(d){'
    'd.open=false;d.removeAttribute("data-print")})});'
)
"""Optional: opens collapsed evidence for printing and closes it again afterwards."""


@cache
def _script() -> str:
    """The page's one inline script: print handling and the bundled map pan / zoom."""
    from crosswire.geo.mapzoom import MAP_SCRIPT

    return PRINT_SCRIPT + "\n" + MAP_SCRIPT()


@cache
def _environment() -> Environment:
    return Environment(
        loader=PackageLoader("crosswire.report", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


@cache
def _stylesheet() -> str:
    css = files("crosswire.report").joinpath("static/sitrep.css").read_text(encoding="utf-8")
    if "</" in css or "@import" in css or "url(" in css:
        raise ExportError("report stylesheet must not close <style> or load anything")
    return css


def _hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def _policy(css: str, script: str) -> str:
    """A CSP that lets nothing load and nothing run except this file's own style and script."""
    return (
        f"default-src 'none'; style-src {_hash(css)}; script-src {_hash(script)}; "
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )


@dataclass(frozen=True, slots=True)
class ReportLinks:
    """Where a report page served by the web dashboard links out to.

    The stand-alone file links only inside itself; a page of the dashboard
    also links every piece of evidence to the span in its article's page
    (``span``), every source to that page (``article``) and carries the
    dashboard's navigation (``nav``: (href, label) pairs) and links each story of the
    story index to its page (``story``: story id to href). Hrefs are escaped
    by the template like any other string.
    """

    span: Callable[[Evidence], str]
    article: Callable[[SourceRef], str]
    nav: Sequence[tuple[str, str]] = field(default_factory=tuple)
    story: Callable[[str], str] | None = None


def evidence_html(ev: Evidence, links: ReportLinks | None = None) -> Markup:
    """One piece of evidence as the report shows it: the sentence, highlights marked, then
    the source it comes from (and, on a dashboard page, a link to the span in its article).

    Made here rather than by a template macro: a large story's report shows tens of
    thousands of pieces, and a macro call per piece was a good part of its rendering time.
    Everything from the data is escaped.
    """
    return _EvidenceWriter(links)(ev)


_escape_cell = lru_cache(maxsize=1 << 16)(escape_text)
"""Escaping (:func:`escape_text`) remembered for table cells, which repeat (types,
statuses, places, dates) across the thousands of rows of a large story's tables;
sentences do not, and are escaped each time."""


class _EvidenceWriter:
    """:func:`evidence_html` for one rendering, each source's citation escaped once.

    A report cites each source in hundreds of pieces of evidence; escaping its
    id, outlet and date again for each was a fifth of the escaping a large
    story's page did.
    """

    __slots__ = ("_cites", "_links")

    def __init__(self, links: ReportLinks | None) -> None:
        self._links = links
        self._cites: dict[int, tuple[SourceRef, str]] = {}

    def _cite(self, ref: SourceRef) -> str:
        known = self._cites.get(id(ref))
        if known is not None and known[0] is ref:
            return known[1]
        cite = (
            f'</span>\n<span class="cite"><a href="#{escape_text(ref.anchor)}">'
            f"{escape_text(ref.short_id)}</a> · {escape_text(ref.outlet)} · "
            f"{escape_text(ref.published)}"
            + (' · <span class="is-dup">duplicate</span></span>' if ref.duplicate else "</span>")
        )
        self._cites[id(ref)] = (ref, cite)  # the ref is kept: its id is not reused meanwhile
        return cite

    def __call__(self, ev: Evidence) -> Markup:
        return Markup(self._text(ev))

    def _text(self, ev: Evidence) -> str:
        """:meth:`__call__` as a plain string, for the loops that join many pieces."""
        parts = ['<span class="sentence">', "… " if ev.clipped_start else ""]
        for text, marked in ev.segments:
            parts.append(f"<mark>{escape_text(text)}</mark>" if marked else escape_text(text))
        parts += [" …" if ev.clipped_end else "", self._cite(ev.source)]
        if self._links:
            href = self._links.span(ev)
            parts.append(f' <a class="to-span" href="{escape(href)}">in the report</a>')
        return "".join(parts)

    def entities(self, group: EntityGroup, limit: int) -> Markup:
        """A group's entities, each with its facts and every piece of its evidence, the first
        ``limit`` shown and the rest folded; as the template laid them out, line for line
        (written here for the same reason as :meth:`rows`: a template loop over a large
        story's thousands of entities and tens of thousands of pieces of evidence, each
        string escaped into a ``Markup`` of its own, was a fifth of its page's time)."""
        out: list[str] = []
        add = out.append
        evidence = self._text
        for e in group.entities:
            add(f'<article class="entity" id="{escape_text(e.anchor)}">\n')
            add(f'<h4>{escape_text(e.name)}</h4><span class="badge">{escape_text(e.type)}</span>\n')
            add('<dl class="facts">\n')
            if e.aliases:
                add(f"<dt>Also known as</dt><dd>{escape_text(', '.join(e.aliases))}</dd>")
            if e.roles:
                add(f"<dt>Roles</dt><dd>{escape_text('; '.join(e.roles))}</dd>")
            n = len(e.reports)
            add(f"<dt>Reports</dt><dd>{n}")
            if e.independent != n:
                add(f" ({e.independent} independent)")
            add(": ")
            add(
                ", ".join(
                    f'<a class="id" href="#{escape_text(r.anchor)}">{escape_text(r.short_id)}</a>'
                    for r in e.reports
                )
            )
            add(f"</dd>\n<dt>Mentions</dt><dd>{e.mentions}</dd>\n</dl>\n")
            add('<ol class="evidence">\n')
            out += [f"<li>{evidence(ev)}</li>\n" for ev in e.evidence[:limit]]
            add("</ol>\n")
            rest = e.evidence[limit:]
            if rest:
                add(f'<details class="more">\n<summary>+{len(rest)} more</summary>\n')
                add(f'<ol class="evidence" start="{limit + 1}">\n')
                out += [f"<li>{evidence(ev)}</li>\n" for ev in rest]
                add("</ol>\n</details>\n")
            add("</article>\n")
        return Markup("".join(out).removesuffix("\n"))

    def rows(self, section: Section) -> Markup:
        """The rows of a section's table, one line each (a template loop per cell was most
        of the time a large story's page took to lay its tables out)."""
        out = []
        for item in section.items:
            values = item.values
            cells = f"<td>{'</td><td>'.join(map(_escape_cell, values))}</td>" if values else ""
            source = (
                self._text(item.evidence)
                if item.evidence is not None
                else '<span class="note">no source span</span>'
            )
            out.append(f'<tr id="{escape_text(item.anchor)}">{cells}<td>{source}</td></tr>')
        return Markup("\n".join(out))


def _ref_linker(anchors: Mapping[str, str]) -> Callable[[str], Markup]:
    """``ref_link(short)`` for the page: a report's short id, linked to its row of Sources
    when it has one. A Python callable rather than a template macro: a top-level macro
    closes over the render context, which holds the view, and that reference cycle kept a
    large story's whole view alive until the cycle collector walked it."""

    def ref_link(short: str) -> Markup:
        anchor = anchors.get(short)
        if anchor:
            return Markup(f'<a class="id" href="#{escape(anchor)}">{escape(short)}</a>')
        return Markup(f'<span class="id">{escape(short)}</span>')

    return ref_link


def render_view_html(view: ReportView, *, links: ReportLinks | None = None) -> str:
    """Lay out a built :class:`ReportView` as a single HTML page.

    Without ``links`` (the CLI's file) the page is self-contained and links
    only to its own anchors; with them it is a page of the web dashboard.
    """
    css = _stylesheet()
    counts = {"sources": str(view.article_count)}
    counts.update({g.anchor: str(len(g.entities)) for g in view.entity_groups})
    counts.update({s.anchor: str(len(s.items)) for s in view.sections})
    anchors = {r.ref.short_id: r.ref.anchor for r in view.sources}
    writer = _EvidenceWriter(links)
    return (
        _environment()
        .get_template("sitrep.html.j2")
        .render(
            view=view,
            css=Markup(css),
            script=Markup(_script()),
            csp=_policy(css, _script()),
            counts=counts,
            ref_link=_ref_linker(anchors),
            links=links,
            evidence=writer,
            rows=writer.rows,
            entities=writer.entities,
        )
    )


def render_html(
    doc: Mapping[str, Any],
    *,
    sentences: Mapping[str, Sequence[tuple[int, int]]] | None = None,
    title: str | None = None,
) -> str:
    """Render an export document as a self-contained HTML situation report.

    ``sentences`` maps article ids to sentence boundaries (spaCy's, from the
    annotate stage); without them a regex splitter finds the source
    sentences. ``title`` replaces the generated title. The page has inline
    CSS, no external assets, and is the same for the same input.

    Raises:
        ExportError: if the export is malformed or a span does not fit its article.
    """
    with collector_paused():
        return render_view_html(build_view(doc, sentences=sentences, title=title))
