"""Victims the parser hides: items of a semicolon list, and outcomes a negation takes back.

A list of victims whose items carry their own appositions ("killed his
daughter, Kayla Walker; his girlfriend, Shantai Hale; and her mother,
Viola Warren") is parsed with the second item as one more apposition of the
first and the third as the second's conjunct, so reading only conjuncts
finds one victim where the report names three. A semicolon never separates
a noun from its own apposition, so an apposition after one starts a new
item. And "shot his grandmother, not fatally": the adverb that would make
the shooting a killing is negated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["negated", "semicolon_members"]


def semicolon_members(noun: Token) -> list[Token]:
    """The further items of a semicolon list that starts with ``noun``, in order."""
    doc = noun.doc
    out: list[Token] = []
    for c in noun.children:
        if c.dep_ != "appos" or c.i < noun.i or c.left_edge.i == 0:
            continue
        if doc[c.left_edge.i - 1].text != ";":
            continue
        out.append(c)
        out.extend(g for g in c.children if g.dep_ == "conj")
    return out


def negated(tok: Token) -> bool:
    """ "not fatally", "never wounded": the word is negated."""
    return any(c.dep_ == "neg" for c in tok.children)
