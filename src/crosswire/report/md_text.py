"""Escaping untrusted text for Markdown: one definition every Markdown writer uses.

Report text comes from the ingested articles, which anyone able to post one
controls. Markdown renderers that allow raw HTML (CommonMark's default, as in
markdown-it) run a ``<script>`` or ``<img onerror>`` left in it, so every
cell, line and fragment of the Markdown report is built from text passed
through :func:`md` (or :func:`md_marked` for a sentence with bold spans).
Section modules cannot import :mod:`crosswire.report.markdown` (it imports
them), hence this small module below both.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

__all__ = ["line_start", "md", "md_inline", "md_marked"]

_SPECIAL = re.compile(r"[\\`*_\[\]<>|~#&]")
_ESCAPED = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|~#&"})
"""Each character GFM gives a meaning to, behind a backslash. Most strings hold none, so
:func:`_escape` looks before it translates: a regex substitution on every string was a
good part of a large report's time."""


def _escape(text: str) -> str:
    return text.translate(_ESCAPED) if _SPECIAL.search(text) else text


_OTHER_SPACE = "\t-\r\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
"""Every character ``str.isspace`` (and so ``str.split``) takes for whitespace, but " "."""

_UNUSUAL_CHAR = re.compile(f"[\\\\`*_\\[\\]<>|~#&{_OTHER_SPACE}]")


def _unusual(text: str) -> bool:
    """Whether :func:`md_inline` would change ``text``: a character GFM gives a meaning to,
    whitespace other than single spaces between words. Most cells and names hold none, and
    this test is cheaper than splitting, joining and searching again each of the hundreds
    of thousands of strings a large report escapes. One character class and three string
    tests: a pattern with alternatives (as this was) tried each at every position, and
    cost four times as long."""
    return (
        text[:1] == " "
        or text[-1:] == " "
        or "  " in text
        or _UNUSUAL_CHAR.search(text) is not None
    )


_LINE_START = re.compile(r"(?:[-+]|\d{1,9}[.)])(?=\s|$)|=")


def md_inline(text: str) -> str:
    """Escape every character GFM gives a meaning to; whitespace runs become one space."""
    if not _unusual(text):
        return text
    return _escape(" ".join(text.split()))


def line_start(text: str) -> str:
    """Escape what would start a list, heading underline or numbered item at a line's start."""
    if not text or (text[0] not in "-+=" and not text[0].isdecimal()):
        return text  # cannot match: skip the regex (``\\d`` is any decimal digit, as isdecimal)
    m = _LINE_START.match(text)
    return text[: m.end() - 1] + "\\" + text[m.end() - 1 :] if m else text


@lru_cache(maxsize=1 << 16)
def md(text: str) -> str:
    """Escape plain text for inline GFM, table cells included; newlines become spaces.

    Remembered for the last 65,536 strings: a 1,000-report story's Markdown
    escapes about 300,000 cells, names and labels but only about 13,000
    different ones (types, statuses, outlets, dates, places repeat)."""
    # md_inline and line_start written out: this runs for every cell of a report
    if _unusual(text):
        text = _escape(" ".join(text.split()))
    if not text or (text[0] not in "-+=" and not text[0].isdecimal()):
        return text
    return line_start(text)


def md_marked(segments: Iterable[tuple[str, bool]]) -> str:
    """A sentence of (text, marked) segments, each escaped, the marked ones in bold."""
    parts = []
    for text, marked in segments:
        escaped = _escape(text)
        inner = escaped.strip()
        if marked and inner:
            lead = escaped[: len(escaped) - len(escaped.lstrip())]
            trail = escaped[len(escaped.rstrip()) :]
            escaped = f"{lead}**{inner}**{trail}"
        parts.append(escaped)
    return " ".join("".join(parts).split())
