"""Quotation marks: where quoted passages start and end, in every common style.

The parse does not know quotation marks pair up, and news text mixes styles
(“curly”, "straight", ‘single’, «guillemets»), uses ’ as an apostrophe, and
follows the print convention for quotes over several paragraphs: each
paragraph opens with a mark and only the last one closes. A character scan
is the reliable way (and linear): it pairs marks within a paragraph and
reports a passage still open at the paragraph end as ``closed=False``, so
the extractor can carry its speaker into the next paragraph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["Quoted", "find_quoted", "is_speech_like", "paragraph_bounds"]

_PAIRS = {"“": "”", "«": "»", "„": "“", "‘": "’", "‹": "›"}
_STRAIGHT = {'"', "''", "``"}
_PARA = re.compile(r"\n\s*\n|\n")
_OPEN_BEFORE = frozenset(" \t\n([{—–-/:;,")
# Every character that can open a passage (outside one) or close one (inside): the scan
# jumps from one to the next, since any other character only moves it on.
_MAY_OPEN = re.compile("[`'\"“«„‘‹]")
_MAY_CLOSE = re.compile("['\"”’»“›]")


@dataclass(frozen=True, slots=True)
class Quoted:
    """A quoted passage: ``start``/``end`` include the marks (as PolNeAR and PARC count them).

    ``closed`` is False when the paragraph ended before a closing mark (a
    quote running on into the next paragraph); ``end`` is then the end of
    the paragraph's text.
    """

    start: int
    end: int
    closed: bool
    single: bool

    @property
    def inner(self) -> tuple[int, int]:
        """The quoted words without the marks (approximate for unclosed passages)."""
        return self.start + 1, self.end - (1 if self.closed else 0)


def paragraph_bounds(text: str) -> list[tuple[int, int]]:
    """(start, end) of each non-blank paragraph (a line or a blank-line-separated block)."""
    out: list[tuple[int, int]] = []
    pos = 0
    for m in _PARA.finditer(text):
        if text[pos : m.start()].strip():
            out.append((pos, m.start()))
        pos = m.end()
    if text[pos:].strip():
        out.append((pos, len(text.rstrip())))
    return out


def _is_opening_single(text: str, i: int) -> bool:
    return i == 0 or text[i - 1] in _OPEN_BEFORE or text[i - 1] in '“"'


def _closing_single(text: str, i: int, end: int) -> bool:
    """A ’ that closes a single-quoted passage (not an apostrophe as in it’s, Ukraine’s)."""
    nxt = text[i + 1] if i + 1 < end else " "
    return not nxt.isalnum()


def _scan_paragraph(text: str, start: int, end: int) -> list[Quoted]:
    out: list[Quoted] = []
    i = start
    open_at = -1
    closer = ""
    single = False
    while i < end:
        candidate = (_MAY_OPEN if open_at < 0 else _MAY_CLOSE).search(text, i, end)
        if candidate is None:
            break
        i = candidate.start()
        ch = text[i]
        two = text[i : i + 2]
        if open_at < 0:
            if two in {"``", "''"} and (i == start or text[i - 1] in _OPEN_BEFORE):
                open_at, closer, single = i, "''", False
                i += 2
                continue
            if ch == '"':
                open_at, closer, single = i, '"', False
            elif ch in _PAIRS and (ch != "‘" or _is_opening_single(text, i)):
                open_at, closer, single = i, _PAIRS[ch], ch in "‘‹"
            i += 1
            continue
        hit = 0
        if closer == "''" and two == "''":
            hit = 2
        elif (
            (closer == "''" and ch == "”")
            or (closer == '"' and ch in {'"', "”"})
            or (closer == "’" and ch == "’" and _closing_single(text, i, end))
            or (closer not in {"''", '"', "’"} and ch == closer)
            or (closer == "”" and ch == '"')
        ):
            hit = 1
        if hit:
            out.append(Quoted(open_at, i + hit, True, single))
            open_at = -1
            i += hit
            continue
        i += 1
    if open_at >= 0:
        out.append(Quoted(open_at, end, False, single))
    return out


def find_quoted(text: str) -> list[Quoted]:
    """Every quoted passage in ``text``, in order, paragraph by paragraph (linear time)."""
    out: list[Quoted] = []
    for start, end in paragraph_bounds(text):
        out.extend(_scan_paragraph(text, start, end))
    return out


_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


def is_speech_like(text: str, q: Quoted) -> bool:
    """True when the passage reads as quoted speech rather than a title or scare quote.

    Speech has at least four words, or ends in sentence punctuation inside
    the marks ("“Yes,” she said"); a short capitalised phrase without such
    punctuation ("“13th”", “constructively”) is a title or a scare quote.
    """
    lo, hi = q.inner
    body = text[lo:hi].strip()
    words = _WORD.findall(body)
    if not words:
        return False
    if not q.closed:
        return True
    if body[-1:] in {",", ".", "?", "!", "…"} and len(words) >= 2:
        return True
    return len(words) >= 4
