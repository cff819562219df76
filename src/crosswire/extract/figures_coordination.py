"""Victims counted in a coordination: "a man and two children are dead" is three.

A report often splits one toll over a coordinated subject or object: "one
man and two children", "two women and a man", "a mother, father and
toddler". Each part is a figure of its own (or an article-and-noun with no
number at all), and the largest one alone under-counts the incident. This
adds one figure for the whole coordination, spanning it, whose value is the
sum of its parts, when every part counts people and at least one part is
already a casualty figure (which lends its measure).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from crosswire.extract.figures_numbers import parse_number
from crosswire.extract.figures_victim_words import PERSON_NOUNS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["Coordination", "conjoined_counts"]

_ONE = frozenset({"a", "an", "one", "another"})
_PEOPLE = frozenset({"people", "person", "persons", "others", "adults"})


@dataclass(frozen=True, slots=True)
class Coordination:
    """A coordinated group of counted people: its span, total, and the figure lending a measure."""

    start: int
    end: int
    value: int
    source: int  # index of the casualty figure inside it


def _members(root: Token) -> list[Token]:
    out = [root]
    for c in root.children:
        if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN"):
            out.extend(_members(c))
    return out


def _part(noun: Token) -> int | None:
    """How many people one coordinated noun phrase counts, or None if it is not people."""
    lemma = noun.lemma_.lower()
    if lemma not in PERSON_NOUNS and noun.lower_ not in _PEOPLE:
        return None
    nums = [c for c in noun.children if c.dep_ == "nummod"]
    if nums:
        value = parse_number(nums[0].text.replace(",", ""))
        return int(value) if value is not None and float(value).is_integer() else None
    if noun.tag_ == "NN" and any(c.lower_ in _ONE for c in noun.children if c.dep_ == "det"):
        return 1
    if noun.tag_ == "NN" and not any(c.dep_ in ("det", "poss") for c in noun.children):
        return 1  # "a mother, father and toddler": the article is given once
    return None


def conjoined_counts(doc: Doc, figures: list[tuple[int, int, str | None]]) -> list[Coordination]:
    """Sum coordinated counts of people (see the module docstring).

    ``figures`` are (start, end, measure) of the explicit figures found so
    far; the result names, by index, the casualty figure whose measure the
    whole coordination takes.
    """
    out: list[Coordination] = []
    seen: set[int] = set()
    for index, (start, end, measure) in enumerate(figures):
        if measure not in ("killed", "injured", "shot"):
            continue
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            continue
        noun = span[-1].head if span[-1].dep_ == "nummod" else None
        if noun is None:
            continue
        root = noun
        while root.dep_ == "conj" and root.head.pos_ in ("NOUN", "PROPN"):
            root = root.head
        if root.i in seen:
            continue
        members = _members(root)
        if len(members) < 2:
            continue
        parts = [_part(m) for m in members]
        if any(p is None for p in parts):
            continue
        seen.add(root.i)
        first = min(m.left_edge.i for m in members)
        last = members[-1]
        while doc[first].dep_ in ("cc", "punct", "preconj"):
            first += 1
        total = sum(p for p in parts if p is not None)
        out.append(Coordination(doc[first].idx, last.idx + len(last.text), total, index))
    return out
