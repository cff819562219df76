"""Victims told by their condition or wounds, not by a killing or wounding predicate.

"in critical condition", "suffered a gunshot wound", "a man with a gunshot
wound", "fighting for her life": kept apart from
:mod:`~crosswire.extract.figures_victim_mentions` (predicates and nouns)
so each module stays small; the same victim tuples come out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_mentions import antecedent
from crosswire.extract.figures_victim_person import person_like
from crosswire.extract.figures_victim_words import CONDITION, SUFFER
from crosswire.extract.figures_wounds import hospitalised

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["condition_victims"]


def condition_victims(doc: Doc) -> list[tuple[Token, Token, str]]:
    """ "in critical condition", "suffered wounds" (injured); "suffering from a wound" (shot)."""
    out: list[tuple[Token, Token, str]] = []
    for tok in doc:
        victims = _victims_taken_to_hospital(tok)
        if victims:
            out.extend((v, tok, "injured") for v in victims)
            continue
        low = tok.lemma_.lower()
        hit = False
        if low == "life" and tok.head.lower_ == "for" and tok.head.head.lemma_.lower() == "fight":
            hit = True  # "a 6-year-old girl is fighting for her life"
        if low == "condition" and any(t.lower_ in CONDITION for t in tok.subtree if t.i < tok.i):
            hit = True
        if (
            low in _GRAVE_STATES
            and tok.dep_ == "acomp"
            and tok.head.lemma_.lower() == "be"
            and not any(c.dep_ == "prep" for c in tok.children)  # "is critical of the police"
        ):
            hit = True  # "One man is dead, another is critical": a state stands for a condition
        if _recovering(tok) or _treated(tok):
            hit = True  # "a second victim is recovering", "was treated and released"
        suffered = low in ("wound", "injury") and (
            tok.head.lemma_.lower() in SUFFER
            or (  # "was treated for a gunshot wound": wounded and alive (not "minor injuries")
                tok.dep_ == "pobj"
                and tok.head.lower_ == "for"
                and tok.head.head.lemma_.lower() in _TREAT
                and any(c.lower_ in _SHOT_WOUND for c in tok.children)
            )
        )
        hit = hit or suffered
        if low in ("wound", "injury") and tok.dep_ == "pobj" and tok.head.lower_ == "from":
            hit = tok.head.head.lemma_.lower() == "suffer"  # "suffering from a gunshot wound"
        if low in ("wound", "injury") and tok.dep_ == "dobj" and tok.head.lemma_.lower() == "have":
            hit = any(c.lower_ in ("gunshot", "bullet", "stab") for c in tok.children)
        if low in ("wound", "injury") and tok.head.lower_ == "with" and tok.dep_ == "pobj":
            holder = tok.head.head  # "a man with a gunshot wound", "she's in hospital with wounds"
            outcome = "injured"
            if person_like(holder):
                out.append((holder, tok, outcome))
                continue
            while holder.dep_ in ("pobj", "prep") and holder.head.i != holder.i:
                holder = holder.head  # "found Duran on a bike path with gunshot wounds"
            found = [c for c in holder.children if c.dep_ == "dobj" and person_like(c)]
            if found:
                out.append((found[0], tok, outcome))
                continue
            hit = True
        if not hit:
            continue
        # a wound says someone was shot, not that they lived; a condition says they live
        # "suffering from" / "had" a wound says someone was shot, not that they lived
        measure = "shot" if low == "wound" and not suffered else "injured"
        verb = tok
        for _ in range(4):
            if verb.pos_ in ("VERB", "AUX") or verb.head.i == verb.i:
                break
            verb = verb.head
        subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if not subj and verb.dep_ == "xcomp":  # "she is expected to recover"
            subj = [c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")]
        if not subj and verb.dep_ == "conj":  # "He was suffering ... and was listed in ..."
            subj = [c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")]
        if verb.lemma_.lower() == "leave":  # "a shooting that left a man in critical condition"
            subj = [c for c in verb.children if c.dep_ == "dobj"]
        elif (
            verb.dep_ in ("acl", "relcl")
            and verb.head.pos_ in ("NOUN", "PROPN")
            and (not subj or subj[0].lower_ in ("who", "that"))
        ):
            # "found a juvenile male suffering from a gunshot wound", "the clerk, who is still
            # hospitalized with gunshot wounds"
            subj = [antecedent(verb)]
        if verb.lemma_.lower() in _CHARGE:
            continue  # "Carroll was booked with negligent injury": a charge, not a wound
        if verb.pos_ in ("VERB", "AUX") and subj and person_like(subj[0]):
            out.append((subj[0], verb, measure))
    return out


def _victims_taken_to_hospital(verb: Token) -> list[Token]:
    """The victims a clause takes to hospital ("the victims, ages 17 and 19, were taken to
    area hospitals"): hurt and alive as of then, as a count taken there is.

    Only people the report calls victims: a suspect taken to hospital may be
    unhurt, and a death in the sentence ("taken to a hospital, where he died")
    is read by the killing predicate instead.
    """
    if verb.pos_ != "VERB" or not hospitalised([verb]):
        return []
    return [
        c
        for c in verb.children
        if c.dep_ == "nsubjpass" and c.lemma_.lower() == "victim" and not _denied(c)
    ]


def _denied(noun: Token) -> bool:
    """ "no victims were taken to hospital"."""
    return any(c.lower_ in ("no", "neither") for c in noun.children)


#: states that tell a person's condition on their own ("is critical"; not "is good", "is fair")
_GRAVE_STATES = frozenset({"critical", "stable", "serious", "grave"})
#: what makes a wound one a shot or a knife dealt: "a gunshot wound", "a graze wound"
_SHOT_WOUND = frozenset({"gunshot", "bullet", "graze", "grazing", "stab"})
_HARMS = frozenset({"wound", "injury", "gunshot", "surgery", "shooting"})
_TREAT = frozenset({"treat", "hospitalize", "hospitalise"})
_CHARGE = frozenset(
    {"charge", "book", "arrest", "accuse", "indict", "convict", "cite", "plead", "sentence"}
)


def _treated(tok: Token) -> bool:
    """ "was treated and released", "was treated at a hospital": one hurt who lives.

    Only a passive "treated" with no "for": what follows "for" says whether it
    was the shooting's harm ("treated for shock", "for minor injuries from
    broken glass" are not; "for a gunshot wound" is read with the wounds).
    """
    if tok.lemma_.lower() != "treat" or tok.tag_ != "VBN":
        return False
    if not any(c.dep_ == "auxpass" for c in tok.children):
        return False
    if any(c.dep_ == "neg" or (c.dep_ == "prep" and c.lower_ == "for") for c in tok.children):
        return False
    # treated at a place of care, or treated and let go: not "was still being medically
    # treated" (a shooter's evaluation, GVC train 715024)
    released = any(c.dep_ == "conj" and c.lemma_.lower() == "release" for c in tok.children)
    return released or any(
        c.dep_ == "prep"
        and c.lower_ in ("at", "in")
        and any(o.lemma_.lower() in _CARE_PLACES for o in c.children if o.dep_ == "pobj")
        for c in tok.children
    )


_CARE_PLACES = frozenset({"hospital", "center", "centre", "clinic", "scene"})


def _recovering(tok: Token) -> bool:
    """ "is recovering", "is expected to recover": one hurt who lives (not "recovered a gun")."""
    if tok.lemma_.lower() not in ("recover", "recuperate") or tok.pos_ != "VERB":
        return False
    if any(c.dep_ in ("dobj", "neg") for c in tok.children):
        return False
    for prep in (c for c in tok.children if c.dep_ == "prep" and c.lower_ == "from"):
        if not any(o.lemma_.lower() in _HARMS for o in prep.children if o.dep_ == "pobj"):
            return False  # "his wife is recovering from the shock"
    return tok.tag_ == "VBG" or (tok.dep_ == "xcomp" and tok.head.lemma_.lower() == "expect")
