"""One role per word: a statement's source never holds another statement's cue.

PolNeAR (like PARC) is nearly univocal: a word is the source, the cue or the content of at most
one attribution. "Alfonso Aguilar, the executive director of ..., who also said that ..." is
two attributions there: "Alfonso Aguilar, the executive director of ..." is the source of the
first, and "who" the source of "said". The noun phrase the clause rules read as a source runs
over that relative clause whenever the boundary model keeps it (PolNeAR keeps relative
clauses that only describe the speaker, so the model cannot drop them all). When another
statement the extractor keeps has its cue inside a source, in a relative or participle
clause set off by a comma or a dash, the source therefore ends before that clause. For the
same reason a source never ends in the auxiliary of the verb after it ("city officials have
said": the tagger and the parse sometimes hand "have" to the source).

On PolNeAR **train** (fold taggers, so the tagger never saw the document it reads) this
changed 22 sources: 18 became exact, 3 exact ones were cut ("Harry Reid, who called on
Grayson ..." is one source there), and source exact F1 rose 0.7473 -> 0.7482 (mean of the
five fifths, each up or equal). Cutting restrictive clauses as well, or cutting at the
head's modifier instead of the clause, lowered it (0.7478, 0.7471). Dropping the trailing
auxiliary changed 7 sources (5 became exact, 2 stayed wrong): 0.7501 -> 0.7504.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from crosswire.doctext import doc_text
from crosswire.extract.quotes_statements import Attribution, chars

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = ["univocal_sources"]

# Last words that may be (or end in) an auxiliary: only these sources are parsed for one.
_AUXILIARIES = frozenset(
    {"have", "has", "had", "is", "are", "was", "were", "will", "would", "can", "could", "may"}
    | {"might", "must", "shall", "should", "do", "does", "did"}
)
_CONTRACTED = ("'ve", "'s", "'d", "'re", "'ll", "'m")
_CLAUSES = frozenset({"relcl", "acl"})
_TRAILING = frozenset({",", ";", ":", "—", "–", "-", "--", "(", "and", "or", "but"})


def _cut(doc: Doc, source: tuple[int, int], cue_start: int) -> tuple[int, int] | None:
    """``source`` ended before the clause modifying a noun of it that holds the token at
    ``cue_start`` ("..., who also said that ..."); None when no such clause holds it or the
    clause is not set off by a comma or a dash (PolNeAR keeps restrictive clauses: "a person
    who attended and described her remarks" is one source, on train as often as not)."""
    span = doc.char_span(source[0], source[1], alignment_mode="expand")
    tok = doc.char_span(cue_start, cue_start + 1, alignment_mode="expand")
    if span is None or tok is None:
        return None
    t = tok[0]
    while t.dep_ not in _CLAUSES and span.start <= t.head.i < span.end and t.head.i != t.i:
        t = t.head
    if t.dep_ not in _CLAUSES or not span.start <= t.head.i < t.i:
        return None
    end = t.left_edge.i
    if doc[end - 1].text not in _TRAILING:
        return None  # a restrictive clause ("a person who attended and described ...")
    while end > span.start and (doc[end - 1].is_space or doc[end - 1].lower_ in _TRAILING):
        end -= 1
    if end <= span.start:
        return None
    return chars(doc, span.start, end)


def _without_auxiliary(doc: Doc, source: tuple[int, int]) -> tuple[int, int]:
    """``source`` without a last word that is the auxiliary of a verb outside it ("American
    officials have [said]", "who’ve"): it belongs to the cue's verb group (PolNeAR train:
    7 of 9 such sources are exact without it)."""
    words = doc_text(doc)[source[0] : source[1]].lower().replace("’", "'").split()
    if len(words) < 2 or not (words[-1] in _AUXILIARIES or words[-1].endswith(_CONTRACTED)):
        return source  # the common case, read without building a span
    span = doc.char_span(source[0], source[1], alignment_mode="expand")
    if span is None or len(span) < 2:
        return source
    last = span[-1]
    if last.pos_ != "AUX" or span.start <= last.head.i < span.end:
        return source
    return chars(doc, span.start, span.end - 1)


def univocal_sources(doc: Doc, atts: list[Attribution]) -> list[Attribution]:
    """``atts`` with every source that holds another statement's cue cut before it (in place:
    nested statements point at their parent object, which must stay the same one)."""
    cues = sorted({a.cue for a in atts})
    for a in atts:
        if a.source is None:
            continue
        src = a.source = _without_auxiliary(doc, a.source)
        for c in cues[bisect.bisect_left(cues, (src[0], -1)) :]:
            if c[0] >= src[1]:
                break
            if c[1] <= src[1] and c != a.cue:
                cut = _cut(doc, src, c[0])
                if cut is not None:
                    a.source = cut
                break
    return atts
