"""Which rule statements stand when they overlap another: precedence between the quotes rules.

Two passes of :func:`.quotes.find_attributions` decide between statements found by
different routes: a verb the cue model proposed gives way to a lexicon statement
(:func:`beside_lexicon`), and a statement made inside another speaker's description is
left to that description unless it reports a remark (:func:`outside_sources`). Kept apart
from the clause rules because they judge whole statements, not words.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from crosswire.doctext import doc_text

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["Found", "beside_lexicon", "outside_sources", "reports_remark"]

Found = tuple["Token", "Token", tuple[int, int], tuple[int, int], str, tuple[int, int]]
"""A rule attribution before speaker resolution: cue token, source head, source token range,
content and cue character spans, and the kind."""


def beside_lexicon(found: list[Found], proposed: set[int]) -> list[Found]:
    """``found`` without the cue model's statements (cue token in ``proposed``) whose cue,
    source or content overlaps a lexicon statement's cue or content."""
    doc_spans = sorted(
        span
        for tok, _h, _s, content, _k, cue in found
        if tok.i not in proposed
        for span in (content, cue)
    )
    starts = [s[0] for s in doc_spans]

    def free(lo: int, hi: int) -> bool:
        i = bisect.bisect_left(starts, hi)
        return not any(doc_spans[j][1] > lo for j in range(max(0, i - 20), i))

    out = []
    for item in found:
        tok, src_tok, content, cue = item[0], item[2], item[3], item[5]
        if tok.i in proposed:
            doc = tok.doc
            src = (doc[src_tok[0]].idx, doc[src_tok[1] - 1].idx + len(doc[src_tok[1] - 1]))
            if not (free(*content) and free(*cue) and free(*src)):
                continue
        out.append(item)
    return out


def outside_sources(found: list[Found]) -> list[Found]:
    """Without the statements made inside another speaker's description: "Lindsey Graham, who
    has endorsed Cruz, said ..." is one attribution whose source holds the relative clause
    (PolNeAR annotates one attribution per word, and its sources keep such clauses more
    often than not), not a second one by "who". The tagger may still claim the clause's cue
    (it does, for the cases PolNeAR annotates; blocking it scored lower on train).

    A description that *reports a remark* stays a statement of its own: its verb has a
    clausal complement or its content quotes words ("Podolyak, who had earlier created some
    hope by saying on Sunday that Russia was beginning to talk “constructively”, tweeted
    ..."). On PolNeAR train (rules alone), 37 of the 50 such statements the description
    rule dropped are annotated attributions with that source, against 42 of the 131
    descriptions without either."""
    spans = [
        (head.left_edge.i, head.right_edge.i, tok.i) for tok, head, *_ in found if tok.is_alpha
    ]
    out = []
    for item in found:
        tok, head = item[0], item[1]
        around = [
            (lo, hi)
            for lo, hi, cue in spans
            if lo <= tok.i <= hi and lo <= head.i <= hi and not lo <= cue <= hi and cue != tok.i
        ]
        if not around:
            out.append(item)
        elif reports_remark(item):
            out.append(_within(item, min(hi for _, hi in around)))
    return out


def _within(item: Found, last: int) -> Found:
    """``item`` with its content cut at the end of the description it was made in (token
    ``last``): "Lindsey Graham, who has warned of “a disaster”, said ..." gives "has warned"
    the content "of “a disaster”", not the rest of the sentence."""
    tok = item[0]
    lo, hi = item[3]
    end = min(hi, tok.doc[last].idx + len(tok.doc[last].text))
    text = doc_text(tok.doc)
    while end > lo and (text[end - 1].isspace() or text[end - 1] in ",;:—–-"):
        end -= 1
    # the parser may hang a closing mark on the outer verb: keep the one the content opened
    if end < hi and text[end] in "”’»" and text.count("“", lo, end) > text.count("”", lo, end):
        end += 1
    return item if end <= lo or end == hi else (*item[:3], (lo, end), *item[4:])


def reports_remark(item: Found) -> bool:
    """Whether a statement's verb reports what was said: a clausal complement ("saying that
    ...") or quoted words in its content (kind ``direct`` or ``mixed``)."""
    tok, kind = item[0], item[4]
    return kind != "indirect" or any(c.dep_ == "ccomp" for c in tok.children)
