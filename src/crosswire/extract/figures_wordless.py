"""Counts a report tells without a numeral: "both", "a double homicide".

"Both are listed in critical condition" counts two people; "a triple
homicide" three dead; "a murder-suicide" the killer and at least one
victim. The figures extractor (:mod:`~crosswire.extract.figures`) reads
these beside the numbers :mod:`~crosswire.extract.figures_numbers` finds;
they are kept here so that the extractor's module stays about assembling
figures.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crosswire.extract.figures_numbers import Quantity

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["MULTIPLE", "MULTIPLES", "both_counts"]


MULTIPLES = {"double": 2, "triple": 3, "quadruple": 4}


#: "a double shooting" shot two people, "a triple homicide" killed three, "a double
#: murder-suicide" three (the killer too), "a murder-suicide" two
MULTIPLE = re.compile(
    r"\b(?:(double|triple|quadruple)[- ])?(?:fatal )?(shooting|homicide|murder|killing)s?"
    r"(?P<suicide>[- ]suicides?)?\b",
    re.I,
)


_PAIR_NOUNS = frozenset(
    ["victims", "men", "women", "people", "boys", "girls", "teens", "teenagers", "brothers"]
)


def both_counts(doc: Doc) -> list[tuple[Quantity, Token]]:
    """ "Both are listed in critical condition", "both men were shot and killed": two.

    "both" as a subject, or the determiner of a plural person subject,
    counts two people (with the subject, whose predicate says what
    happened to them); kept only where it counts casualties.
    """
    out: list[tuple[Quantity, Token]] = []
    for tok in doc:
        if tok.lower_ != "both":
            continue
        if tok.dep_ in ("nsubj", "nsubjpass"):
            subject, end = tok, tok.idx + len(tok.text)
        elif tok.dep_ in ("det", "predet", "preconj") and tok.head.lower_ in _PAIR_NOUNS:
            subject, end = tok.head, tok.head.idx + len(tok.head.text)
        elif (floating := _floating_subject(tok)) is not None:
            subject, end = floating, tok.idx + len(tok.text)  # "They were both shot"
        else:
            continue
        q = Quantity(tok.idx, end, tok.idx, tok.idx + len(tok.text), 2, 2, 2, None, "exact")
        out.append((q, subject))
    return out


def _floating_subject(both: Token) -> Token | None:
    """The plural subject a floating "both" counts ("They were both shot", "they both died").

    Only of a passive, dying or being: in "they both kill" the two are who kill.
    """
    if both.dep_ not in ("dep", "advmod", "appos", "det", "quantmod"):
        return None
    head = both.head
    if head.lower_ == "they" and head.dep_ in ("nsubj", "nsubjpass"):
        both, head = head, head.head
    if head.pos_ not in ("VERB", "AUX"):
        return None
    undergone = head.lemma_.lower() in _UNDERGO
    for c in head.children:
        if (c.dep_ == "nsubjpass" or (c.dep_ == "nsubj" and undergone)) and (
            c.lower_ == "they" or c.lower_ in _PAIR_NOUNS
        ):
            return c
    return None


#: predicates whose subject underwent them: "they both died", "they are both in hospital"
_UNDERGO = frozenset({"die", "be", "remain", "survive", "suffer", "sustain"})
