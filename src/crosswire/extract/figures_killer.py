"""A killer's suicide added to the count of the people they killed.

"A man opened fire at his home, killing his five young children as well as
his wife. The gunman then took his own life": the report counts six dead,
the people the gunman killed, and tells his death apart. Coders (the Gun
Violence Archive) record seven. :func:`victims_of_killer` finds the
explicit killed figures that count a killer's victims — the object of an
active killing or shooting predicate ("killing his five children", "killed
her daughter and two grandchildren") — so the extractor can add the
killer's own death to them, once, where the report tells that the killer
died.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_person import person_like
from crosswire.extract.figures_victim_words import KILL, SHOOT

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["victims_of_killer"]

_SHOOTERS = frozenset({"suspect", "gunman", "shooter", "attacker", "killer", "assailant"})
_LINKS = frozenset({"nummod", "quantmod", "compound", "amod", "det", "poss"})


def _counted_noun(doc: Doc, start: int, end: int) -> Token | None:
    """The noun a figure's words hang from ("five" -> "children")."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    tok = span.root
    for _ in range(3):
        if tok.dep_ not in _LINKS or tok.head.i == tok.i:
            break
        tok = tok.head
    return tok


def victims_of_killer(doc: Doc, start: int, end: int) -> bool:
    """Does the figure at ``start:end`` count the people someone killed or shot?

    Its noun (or the first of coordinated nouns) is the direct object of an
    active killing or shooting predicate: "killing his five young children
    as well as his wife", "killed her daughter and two grandchildren".
    """
    noun = _counted_noun(doc, start, end)
    if noun is None:
        return False
    while noun.dep_ == "conj" and noun.head.i != noun.i:
        noun = noun.head
    if noun.dep_ != "dobj":
        return False
    verb = noun.head
    lemma = verb.lemma_.lower()
    if lemma not in KILL and lemma not in SHOOT:
        return False
    if any(c.dep_ in ("auxpass", "nsubjpass") for c in verb.children):
        return False
    agent = _subject(verb)
    # "a shooting that kills 2" counts everyone who died, the shooter too; the killer who took
    # their own life is one person, not "brothers" or "they"
    if agent is None or agent.tag_ in ("NNS", "NNPS") or agent.lower_ in ("they", "we"):
        return False
    # a shooter noun is no victim noun ("a gunman shot two men, killing one"), but a person
    return agent.pos_ == "PRON" or person_like(agent) or agent.lemma_.lower() in _SHOOTERS


def _subject(verb: Token) -> Token | None:
    """The subject of ``verb``, inherited along coordinated and subordinate predicates."""
    holder = verb
    for _ in range(4):
        subj = [c for c in holder.children if c.dep_ == "nsubj"]
        if subj:
            return subj[0]
        if holder.dep_ in ("relcl", "acl") and holder.head.pos_ in ("NOUN", "PROPN"):
            return holder.head  # "a man who had been laid off ..., killing his children"
        if holder.dep_ == "pcomp" and holder.head.dep_ == "prep":
            holder = holder.head.head  # "killed himself after killing two people"
            continue
        if holder.dep_ not in ("conj", "advcl", "xcomp") or holder.head.i == holder.i:
            return None
        holder = holder.head
    return None
