"""What a distance locates: "the Wadi Seidna airfield, about 22 km north of Khartoum".

A distance is a fact about a pair of places. The figure's place is often the
reference point ("of Khartoum"), so two distances from Khartoum, one of an
airfield on its outskirts and one of a border crossing, would be set side by
side as one quantity that reports disagree on. The located thing, kept as
what the figure counts, tells them apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["located_by_distance"]

_LOCATING = frozenset({"be", "lie", "sit", "stand", "locate", "situate"})
_HEDGES = frozenset({"about", "some", "around", "roughly", "nearly", "almost", "approximately"})


def _phrase(head: Token) -> str:
    """The noun's own words without its article: "Wadi Seidna airfield"."""
    left = head.left_edge.i
    doc = head.doc
    while left < head.i and doc[left].dep_ in ("det", "poss", "case", "punct"):
        left += 1
    return doc[left : head.i + 1].text


def located_by_distance(doc: Doc, span: Span) -> str | None:
    """The place or thing a distance figure locates, or None when the text does not say.

    An appositive distance ("the Argeen crossing, some 900 km from Khartoum")
    locates the noun before its comma; a distance after a locating verb
    ("Port Sudan lies about 800 km north-east of Khartoum") locates its subject.
    """
    i = span.start - 1
    while i >= 0 and doc[i].lower_ in _HEDGES:
        i -= 1
    if i >= 1 and doc[i].text == "," and doc[i - 1].pos_ in ("NOUN", "PROPN"):
        noun = doc[i - 1]
        return _phrase(noun)
    tok = span.root
    for _ in range(4):
        if tok.pos_ in ("VERB", "AUX"):
            if tok.lemma_.lower() not in _LOCATING:
                return None
            subj = next((c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")), None)
            return _phrase(subj) if subj is not None else None
        if tok.head.i == tok.i:
            break
        tok = tok.head
    return None
