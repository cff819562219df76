"""What counted people bore: a hospital stay, wounds, and whether the wounds are survivable.

"two people were taken to the hospital", "all three suffered gunshot
wounds", "two other men suffered non-life-threatening injuries": no killing
or wounding verb says what befell the people a number counts, but what they
bore does. Kept apart from :mod:`~crosswire.extract.figures_context` (which
reads a figure's measure off its predicates) so each module stays small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["hospitalised", "survivable", "wounded"]

_TAKE_TO = frozenset({"take", "rush", "transport", "airlift", "fly", "carry", "send"})
_CARE = frozenset({"hospital", "center", "centre", "clinic"})
_HURT = frozenset({"injury"})


def hospitalised(predicates: list[Token]) -> bool:
    """Were the counted people taken to hospital, or are they described with injuries?

    "One man was taken to the hospital", "at least one person was rushed to
    a medical center", "two people were treated for injuries": no wounding
    verb, but an injury all the same.
    """
    if predicates and any(t.lemma_.lower() in ("die", "kill") for t in predicates[0].sent):
        return False  # "taken to a hospital where they later died"
    for pred in predicates[:2]:
        lemma = pred.lemma_.lower()
        for prep in pred.children:
            if prep.dep_ != "prep":
                continue
            objs = [c.lemma_.lower() for c in prep.children if c.dep_ == "pobj"]
            if lemma in _TAKE_TO and prep.lower_ == "to" and _CARE & set(objs):
                return True
            if prep.lower_ in ("with", "for") and _HURT & set(objs):
                return True
    return False


def wounded(predicates: list[Token]) -> bool:
    """Do the counted people have wounds ("two of the victims had gunshot wounds")?

    A wound says they were shot, not that they lived: "all three suffered
    gunshot wounds" can be said of the dead.
    """
    return any(
        pred.lemma_.lower() in _BEAR
        and any(
            c.dep_ == "dobj" and c.lemma_.lower() in _WOUNDS and not _fatal_wound(c)
            for c in pred.children
        )
        for pred in predicates[:2]
    )


def survivable(predicates: list[Token]) -> bool:
    """Are the wounds borne described as ones people live with ("minor", "non-life-threatening")?"""
    for pred in predicates[:2]:
        for c in pred.children:
            if c.dep_ != "dobj" or c.lemma_.lower() not in _WOUNDS:
                continue
            words = {t.lower_ for t in c.subtree if t.i < c.i}
            if words & _SURVIVABLE or ("non" in words and "threatening" in words):
                return True
    return False


_SURVIVABLE = frozenset({"minor", "non-life-threatening", "nonlife-threatening", "superficial"})
_BEAR = frozenset({"have", "suffer", "sustain", "receive"})
_WOUNDS = frozenset({"wound", "injury"})


def _fatal_wound(noun: Token) -> bool:
    """ "suffered fatal gunshot wounds": a death, not an injury."""
    return any(c.lower_ in ("fatal", "mortal", "deadly", "lethal") for c in noun.children)
