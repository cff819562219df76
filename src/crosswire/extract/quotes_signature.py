"""Signed quotations: “...” ― Sonya Herridge (a dash and a name closing the line).

Vox-pop galleries, reader letters and embedded posts attribute a quotation
with a signature line rather than a verb: the quotation, a dash (― — – or
-/--) and the speaker's name, with nothing after it on the line. The parse
gives these no reporting verb and the tagger rarely labels a bare dash as a
cue, so this pass reads the line ends directly (linear in the text). PolNeAR
annotates the dash as the cue and the name, without the trailing period, as
the source (train: every dash cue directly after a quotation is spanned so).

To keep headline bylines and ranges ("Page 3 - Sports") out, the dash must
follow a quotation that ends right before it on the same line, and the words
after it must be one to five capitalised words closing the line.
"""

from __future__ import annotations

import re

from crosswire.extract.quotes_marks import Quoted

__all__ = ["signed_quotations"]

_SIGNATURE = re.compile(
    r"([―—–]|--?)[ \t\u00a0]*"
    r"([A-Z][\w'’.-]*(?:[ \u00a0]+[A-Z][\w'’.-]*){0,4})"
    r"[.]?[ \t\u00a0]*$",
    re.MULTILINE,
)
_MARKS = frozenset('“”"«»')


def signed_quotations(
    text: str, quoted: list[Quoted]
) -> list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]]:
    """(content, dash, name) character spans of each quotation signed at the end of its line.

    ``quoted`` are the article's quotations in text order (:func:`.quotes_marks.find_quoted`).
    """
    ends = {q.end: q for q in quoted if q.closed}
    out: list[tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = []
    for m in _SIGNATURE.finditer(text):
        pos = m.start(1)
        while pos > 0 and text[pos - 1] in " \t\u00a0":
            pos -= 1
        q = ends.get(pos)
        if q is not None:
            content = (q.start, q.end)
        else:
            # A line that is one quotation the mark scanner could not pair (a reversed
            # opening mark, a stray inner mark): the whole line up to the dash.
            lo = text.rfind("\n", 0, pos) + 1
            while lo < pos and text[lo] in " \t\u00a0":
                lo += 1
            if pos - lo < 2 or text[lo] not in _MARKS or text[pos - 1] not in _MARKS:
                continue
            content = (lo, pos)
        name_lo, name_hi = m.span(2)
        while name_hi > name_lo and text[name_hi - 1] == ".":
            name_hi -= 1
        out.append((content, m.span(1), (name_lo, name_hi)))
    return out
