"""Victims the parser hides: list items, people counted by their ages, negated outcomes.

A list of victims whose items carry their own appositions ("killed his
daughter, Kayla Walker; his girlfriend, Shantai Hale; and her mother,
Viola Warren") is parsed with the second item as one more apposition of the
first and the third as the second's conjunct, so reading only conjuncts
finds one victim where the report names three. A semicolon never separates
a noun from its own apposition, so an apposition after one starts a new
item. "his sons, ages 3 and 4" are two people, one per age. And "shot his
grandmother, not fatally": the adverb that would make the shooting a
killing is negated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["age_members", "negated", "pair_noun", "semicolon_members"]


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


def age_members(noun: Token) -> list[Token]:
    """The ages that count the people a plural noun names ("his sons, ages 3 and 4": 3, 4).

    With no number of its own, "his sons" says nothing of how many; an
    apposition listing their ages tells one person per age. A noun that
    carries its number ("his two sons, ages 3 and 4") is counted by it.
    """
    if noun.tag_ not in ("NNS", "NNPS") or any(c.dep_ == "nummod" for c in noun.children):
        return []
    for c in noun.children:
        if c.dep_ == "appos" and c.lemma_.lower() == "age" and c.i > noun.i:
            return [t for t in c.subtree if t.like_num and t.i > c.i]
    doc = noun.doc
    if noun.i + 2 < len(doc) and doc[noun.i + 1].text == "," and doc[noun.i + 2].lower_ == "ages":
        # "found his daughters, ages 5 and 7, dead": the parser hangs the ages on the verb
        ages = doc[noun.i + 2]
        return [t for t in ages.subtree if t.like_num and t.i > ages.i]
    return []


#: nouns that name two people at once ("an elderly couple", "his parents", "twin brothers")
_PAIR_NOUNS = frozenset({"couple", "parents", "twins"})


def pair_noun(noun: Token) -> bool:
    """Does ``noun`` name two people with no number of its own ("a couple was found dead")?

    Not "a couple of men" (a quantity of what follows), nor a noun in a
    coordination, which is counted as a whole elsewhere.
    """
    low = noun.lower_
    if low not in _PAIR_NOUNS or noun.dep_ == "conj":
        return False
    if any(c.dep_ in ("nummod", "conj", "prep") for c in noun.children):
        return False
    return noun.pos_ == "NOUN"


def negated(tok: Token) -> bool:
    """ "not fatally", "never wounded": the word is negated."""
    return any(c.dep_ == "neg" for c in tok.children)
