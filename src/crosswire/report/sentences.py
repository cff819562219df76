"""Find the sentence a span sits in, so every claim is shown in its context.

A reader has to be able to judge a highlighted name or number by the
sentence it came from ("20 people were killed, the mayor said" is not the
same claim as "20 people were killed"). The annotate stage records spaCy's
sentence boundaries per article and those are preferred; when they are not
available (an export produced without a model, a unit test) a regex splitter
stands in. It errs on the side of *not* splitting: a sentence shown too long
is harmless, one cut in half at "Mr." or "U.S." misleads.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence

from crosswire.errors import ExportError

__all__ = ["SentenceIndex", "sentence_spans", "source_sentence"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Words that end in a full stop without ending the sentence. Titles are never
# followed by a sentence break; the rest only when the next word is a likely
# sentence opener (see _STARTERS).
_TITLES = _words(
    "Mr Mrs Ms Mx Dr Prof Gen Lt Col Maj Capt Cmdr Sgt Cpl Pvt Adm Brig Gov Sen Rep Rev "
    "Hon Pres Amb Supt Insp Det St Mt Ft No Nos Vol Art Fig Ch Sec Para approx ca cf "
    "Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Mon Tue Tues Wed Thu Thurs Fri Sat Sun "
    "vs v al"
)
_SOMETIMES_FINAL = _words("Inc Ltd Co Corp Bros Jr Sr etc Esq PLC plc")
_STARTERS = _words(
    "The A An He She It They We I You In On At But And Or So Yet This That These Those There "
    "His Her Their Its Our My According After Before When While However Meanwhile Some Many "
    "Most One Two Three If As By For From Since Officials Residents Authorities Police Witnesses"
)

# A candidate break: terminal punctuation, optional closing quotes/brackets,
# then either whitespace or (a join that lost its space) an upper-case word.
_CANDIDATE = re.compile(r"(?<![.!?…])([.!?…]+)([\"'”’»)\]]*)(\s+|(?=[“‘«]?[A-Z][a-z]))")
_OPENS_SENTENCE = re.compile(r"[\"'“‘«(\[]*[A-Z0-9]")
_TOKEN_BEFORE = re.compile(r"[\"'“‘«(\[]*(\S*)$")
_DOTTED = re.compile(r"(?:[A-Za-z]\.)+[A-Za-z]")
_NEXT_WORD = re.compile(r"[\"'“‘«(\[]*([A-Za-z]+)")
_BLOCK = re.compile(r"[^\n]+")
_CLOSERS = "\"'”’»)]"


def _is_break(block: str, match: re.Match[str]) -> bool:
    """Decide whether a candidate inside one line of text ends a sentence."""
    rest = block[match.end() :]
    if not _OPENS_SENTENCE.match(rest):
        return False
    if match.group(1) != ".":
        return True  # "!", "?", "..." followed by an opener
    token = _TOKEN_BEFORE.search(block, 0, match.start())
    word = token.group(1) if token else ""
    if not match.group(3) and not (len(word) > 1 and (word[-1].islower() or word[-1].isdigit())):
        return False  # "word.The", with no space, splits only after a word or a number
    nxt = _NEXT_WORD.match(rest)
    opener = nxt.group(1) if nxt else ""
    if word in _TITLES:
        return False
    if word in _SOMETIMES_FINAL or _DOTTED.fullmatch(word) or re.fullmatch(r"[A-Z]", word):
        return opener in _STARTERS  # "U.S. The ..." splits, "U.S. Army" does not
    return True


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """Split ``text`` into sentences with the regex fallback.

    Line breaks always end a sentence (cleaned articles keep one paragraph
    per line); within a line, a full stop, "!" or "?" ends one only when the
    next word starts with a capital or a digit and the word before is not an
    abbreviation, a title, an initial or a dotted acronym. Spans exclude
    surrounding whitespace.
    """
    spans: list[tuple[int, int]] = []
    for block in _BLOCK.finditer(text):
        line, base = block.group(), block.start()
        start = 0
        for match in _CANDIDATE.finditer(line):
            if _is_break(line, match):
                spans.append((base + start, base + match.end(2)))
                start = match.end()
        spans.append((base + start, base + len(line)))
    return [_strip(text, s, e) for s, e in spans if text[s:e].strip()]


def _strip(text: str, start: int, end: int) -> tuple[int, int]:
    piece = text[start:end]
    lead = len(piece) - len(piece.lstrip())
    trail = len(piece) - len(piece.rstrip())
    return start + lead, end - trail


def source_sentence(
    text: str,
    start: int,
    end: int,
    sentences: Sequence[tuple[int, int]] | None = None,
) -> tuple[int, int]:
    """Return the ``(start, end)`` of the sentence that contains ``text[start:end]``.

    ``sentences`` are sentence boundaries for ``text`` (spaCy's, from the
    annotate stage); without them, or when empty, :func:`sentence_spans`
    splits the text. A span that crosses a sentence boundary widens to cover
    every sentence it touches. A span in the gap between two sentences gives
    back the span itself. To look up many spans of one text, build a
    :class:`SentenceIndex` once instead.

    Raises:
        ExportError: if the span is not inside ``text``.
    """
    if not 0 <= start <= end <= len(text):
        raise ExportError(f"span {start}-{end} is outside the article text (length {len(text)})")
    return SentenceIndex(text, sentences).sentence(start, end)


class SentenceIndex:
    """One text's sentence boundaries, sorted once for many :meth:`sentence` look-ups.

    A report cites tens of spans per article; sorting the boundaries again
    for each one was a good part of a large story's report time.
    """

    def __init__(self, text: str, sentences: Sequence[tuple[int, int]] | None = None) -> None:
        self.text = text
        self._bounds = sorted(sentences) if sentences else sentence_spans(text)
        self._starts = [s for s, _ in self._bounds]

    def sentence(self, start: int, end: int) -> tuple[int, int]:
        """As :func:`source_sentence` for this text."""
        text, bounds, starts = self.text, self._bounds, self._starts
        if not 0 <= start <= end <= len(text):
            raise ExportError(
                f"span {start}-{end} is outside the article text (length {len(text)})"
            )
        lo, hi = start, end
        last = max(start, end - 1)
        # The sentence holding the first character of the span.
        i = bisect_right(starts, start) - 1
        if i >= 0:
            first_lo, first_hi = bounds[i]
            if first_hi > last and (i + 1 == len(starts) or starts[i + 1] > last):
                # the usual case: the span's last character is in that sentence and no other
                return _tidy(text, start, end, min(lo, first_lo), max(hi, first_hi))
            if first_hi > start or first_hi >= end:
                lo = min(lo, first_lo)
                hi = max(hi, first_hi)
        # The sentence holding the last character of the span.
        j = bisect_right(starts, last) - 1
        if j >= 0 and bounds[j][1] > last:
            hi = max(hi, bounds[j][1])
            lo = min(lo, bounds[j][0])
        return _tidy(text, start, end, lo, hi)


def _tidy(text: str, start: int, end: int, lo: int, hi: int) -> tuple[int, int]:
    """Keep a sentence on the span's own lines, with its closing quote, without edge spaces.

    Statistical sentence boundaries can run across a paragraph break (after
    a caption with no full stop) or leave a closing quote to the next
    sentence; neither helps a reader judge the span.
    """
    lo = max(lo, text.rfind("\n", 0, start) + 1)
    line_end = text.find("\n", end)
    hi = min(hi, len(text) if line_end == -1 else line_end)
    closing = hi
    while closing < len(text) and text[closing] in _CLOSERS:
        closing += 1
    if closing > hi and (closing == len(text) or text[closing].isspace()):
        hi = closing
    while lo < start and text[lo].isspace():
        lo += 1
    while hi > end and text[hi - 1].isspace():
        hi -= 1
    return lo, hi
