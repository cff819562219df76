"""A source sentence in Markdown: its marked spans in bold, then where it comes from.

The Markdown report and the section builders that write their own Markdown fragments (a
story's incident days) cite evidence the same way. The section modules are loaded by
:mod:`crosswire.report.sections`, which :mod:`crosswire.report.markdown` reaches through
the view it renders, so this lives below both rather than in the renderer.
"""

from __future__ import annotations

from crosswire.report.evidence import Evidence, SourceRef
from crosswire.report.md_text import line_start as _line_start
from crosswire.report.md_text import md, md_inline

__all__ = ["code", "evidence_md"]


def code(text: str) -> str:
    """An identifier as a code span, or escaped text when it cannot be one safely."""
    if not text or "`" in text or "|" in text or text != text.strip():
        return md(text)
    return f"`{text}`"


def _cite(ref: SourceRef) -> str:
    dup = " (duplicate)" if ref.duplicate else ""
    return f"{code(ref.short_id)}{dup}, {md(ref.outlet)}, {md(ref.published)}"


def _bold(text: str) -> str:
    inner = text.strip()
    if not inner:
        return _plain(text)
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    return f"{' ' if lead else ''}**{md(inner)}**{' ' if trail else ''}"


def evidence_md(ev: Evidence) -> str:
    """The source sentence with its spans in bold, then where it comes from."""
    parts = [_bold(s.text) if s.marked else _plain(s.text) for s in ev.segments]
    body = _line_start("".join(parts).strip())
    if ev.clipped_start:
        body = "… " + body
    if ev.clipped_end:
        body += " …"
    return f"{body} — {_cite(ev.source)}"


def _plain(text: str) -> str:
    """Escape a fragment but keep its edge spaces (``md`` collapses them)."""
    core = text.strip()
    if not core:
        return " " if text else ""
    lead = " " if text[0].isspace() else ""
    trail = " " if text[-1].isspace() else ""
    # md_inline of the stripped text is md_inline of the text (it drops edge spaces) but
    # mostly takes its quick way out, which an edge space (most fragments have one) barred.
    return lead + md_inline(core) + trail
