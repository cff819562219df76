"""Statements told in pieces: quotations carried over to the next paragraph or past the
reporting clause, and sourceless contents that their cue splits in two.

The extractor finds one statement per cue; a reader sees one statement per
speaker's turn. ``“...,” he said. “...”`` is one turn in two quotations, a quote
left open at a paragraph's end goes on in the next, and "Temperatures were
forecast to fall" is one content around its cue. These functions stitch the
pieces after the statements are found, so every piece carries its speaker.
"""

from __future__ import annotations

import bisect
import itertools

from crosswire.extract.quotes_filter import groups_of
from crosswire.extract.quotes_marks import Quoted, paragraph_bounds
from crosswire.extract.quotes_statements import Attribution, QuoteIndex

__all__ = ["carry_on_quotes", "join_around_cue"]


def join_around_cue(text: str, atts: list[Attribution]) -> list[Attribution]:
    """A sourceless statement whose content the cue splits in two ("Temperatures were forecast
    to fall ...", "More than 11,000 people are now known to have died"): PolNeAR marks the
    subject and the infinitive as one content around the cue, but as two items a reader
    sees the bare subject ("Unattributed: Temperatures") as a statement of its own. With
    nothing but the cue between them, the pieces become one content reading as the
    sentence does."""
    drop: set[int] = set()
    for items in groups_of(atts).values():
        if len(items) < 2 or any(a.source is not None or a.cue != items[0].cue for a in items):
            continue
        first = items[0]
        if not all(
            not text[a.content[1] : b.content[0]].replace(text[a.cue[0] : a.cue[1]], "", 1).strip()
            and a.content[1] <= a.cue[0] < a.cue[1] <= b.content[0]
            for a, b in itertools.pairwise(items)
        ):
            continue
        first.content = (first.content[0], items[-1].content[1])
        drop.update(id(a) for a in items[1:])
    return [a for a in atts if id(a) not in drop] if drop else atts


def carry_on_quotes(text: str, quotes: QuoteIndex, found: list[Attribution]) -> list[Attribution]:
    """Add unclaimed quotations that carry on the previous statement (split, multi-paragraph)."""
    paragraphs = paragraph_bounds(text)
    p_starts = [p[0] for p in paragraphs]

    def para(pos: int) -> int:
        return bisect.bisect_right(p_starts, pos) - 1

    claimed = sorted(a.content for a in found)
    c_starts = [c[0] for c in claimed]

    def is_claimed(q: Quoted) -> bool:
        i = bisect.bisect_right(c_starts, q.start) - 1
        return i >= 0 and claimed[i][0] <= q.start < claimed[i][1]

    items = sorted(found, key=lambda a: a.content[0])
    # Backwards: paragraphs of a quote left open ("“...¶“...,” X said") take the speaker of
    # the paragraph that finally closes it.
    by_start = {a.content[0]: a for a in items}
    for k in range(len(quotes.speech) - 2, -1, -1):
        q, nxt = quotes.speech[k], quotes.speech[k + 1]
        later = by_start.get(nxt.start)
        if q.closed or is_claimed(q) or later is None or later.kind == "indirect":
            continue
        if para(nxt.start) == para(q.start) + 1 and nxt.start == paragraphs[para(nxt.start)][0]:
            cont = Attribution(
                (q.start, q.end), later.cue, later.source, later.speaker, "direct", later.medium
            )
            cont.origin = later.origin
            items.append(cont)
            by_start[q.start] = cont
    items.sort(key=lambda a: a.content[0])
    for n, a in enumerate(items):
        a.group = n
    for a, b in itertools.pairwise(items):
        if b.cue == a.cue and b.source == a.source and b.kind == "direct" == a.kind:
            b.group = a.group
    merged: list[Attribution] = []
    f_i = 0
    last: Attribution | None = None
    for q in quotes.speech:
        while f_i < len(items) and items[f_i].content[0] <= q.start:
            last = items[f_i]
            merged.append(last)
            f_i += 1
        if is_claimed(q) or last is None:
            continue
        if last.kind == "indirect":
            continue
        q_para, last_para = para(q.start), para(last.content[1] - 1)
        gap = text[max(last.content[1], last.cue[1]) : q.start]
        same = q_para == last_para and any(ch in ".:" for ch in gap) and len(gap) < 200
        opens_next = q_para == last_para + 1 and q.start == paragraphs[q_para][0]
        if not (same or opens_next):
            continue
        cont = Attribution(
            (q.start, q.end), last.cue, last.source, last.speaker, "direct", last.medium, last.group
        )
        cont.origin = last.origin
        merged.append(cont)
        last = cont
    merged.extend(items[f_i:])
    return merged
