"""Victims counted in a coordination: "a man and two children are dead" is three.

A report often splits one toll over a coordinated subject or object: "one
man and two children", "two women and a man", "a young couple and their
baby", "two boys are dead along with their father". Each part is a figure
of its own (or a noun with no number at all), and the largest one alone
under-counts the incident. This finds each such coordination, spanning it,
whose value is the sum of its parts, when every part counts people (a
singular person noun is one, "couple" two, a plural needs its number) and
at least one part is a number or a pair; the extractor gives it the
measure of a casualty figure inside it, or reads one off its predicate.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from crosswire.extract.figures_numbers import parse_number
from crosswire.extract.figures_victim_words import PERSON_NOUNS
from crosswire.extract.figures_wounds import borne_by

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["Coordination", "conjoined_counts"]

_PEOPLE = frozenset({"people", "person", "persons", "others", "adults"})
_PAIRS = {"couple": 2, "pair": 2, "twins": 2}
_ALONG = frozenset({"along", "together"})
_CASUALTY = frozenset({"killed", "injured", "shot"})


@dataclass(frozen=True, slots=True)
class Coordination:
    """A coordinated group of counted people: its span and total."""

    start: int
    end: int
    value: int
    source: int | None  # index of a casualty figure inside it, whose measure it takes
    root: int  # token index of the first coordinated noun


def _members(root: Token) -> list[Token]:
    out = [root]
    for c in root.children:
        if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN"):
            out.extend(_members(c))
    return out


def _along_with(root: Token) -> list[Token]:
    """ "Two boys are dead along with their father": the father, attached to the verb."""
    if root.dep_ not in ("nsubj", "nsubjpass"):
        return []
    out: list[Token] = []
    for prep in root.head.children:
        if prep.dep_ != "prep":
            continue
        if prep.lower_ in _ALONG:
            withs = [c for c in prep.children if c.dep_ == "prep" and c.lower_ == "with"]
        elif prep.lower_ == "with" and any(c.lower_ in _ALONG for c in prep.children):
            withs = [prep]
        else:
            continue
        for w in withs:
            out.extend(c for c in w.children if c.dep_ == "pobj" and c.pos_ == "NOUN")
    return out


def _part(noun: Token) -> int | None:
    """How many people one coordinated noun phrase counts, or None if it is not people."""
    lemma = noun.lemma_.lower()
    if lemma in _PAIRS and noun.tag_ == "NN":
        return _PAIRS[lemma]
    if lemma not in PERSON_NOUNS and noun.lower_ not in _PEOPLE:
        return None
    nums = [c for c in noun.children if c.dep_ == "nummod"]
    if nums:
        value = parse_number(nums[0].text.replace(",", ""))
        return int(value) if value is not None and float(value).is_integer() else None
    if noun.tag_ == "NN":
        return 1  # "a man", "their baby", "father" in "a mother, father and toddler"
    return None


def conjoined_counts(doc: Doc, figures: list[tuple[int, int, str | None]]) -> list[Coordination]:
    """Sum coordinated counts of people (see the module docstring).

    ``figures`` are (start, end, measure) of the explicit figures found so
    far; a coordination holding a casualty figure names it, by index.
    """
    source: dict[int, int] = {}
    for index, (start, end, measure) in enumerate(figures):
        span = doc.char_span(start, end, alignment_mode="expand")
        if measure in _CASUALTY and span is not None and len(span):
            source.setdefault(span[-1].head.i, index)
    out: list[Coordination] = []
    for root in doc:
        if root.pos_ != "NOUN" or root.dep_ == "conj":
            continue
        members = _members(root)
        members += [m for m in _along_with(root) if m not in members]
        if len(members) < 2:
            continue
        parts = [_part(m) for m in members]
        if any(p is None for p in parts):
            continue
        if not any(
            m.lemma_.lower() in _PAIRS or any(c.dep_ == "nummod" for c in m.children)
            for m in members
        ):
            continue  # "a man and a woman": each is a victim described, counted there
        if len({borne_by(m) for m in members} - {None}) > 1:
            continue  # "one person deceased and two others with gunshot wounds": no one toll
        conjoined = [m for m in members if m.i == root.i or m.dep_ == "conj"]
        first = min(m.left_edge.i for m in conjoined)
        last = max(members, key=lambda m: m.i)
        while doc[first].dep_ in ("cc", "punct", "preconj"):
            first += 1
        total = sum(p for p in parts if p is not None)
        lender = next((source[m.i] for m in members if m.i in source), None)
        out.append(Coordination(doc[first].idx, last.idx + len(last.text), total, lender, root.i))
    return out
