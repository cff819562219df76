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
    from spacy.tokens import Doc, Token

__all__ = [
    "borne_by",
    "died_in_care",
    "hospitalised",
    "in_condition",
    "in_hospital",
    "nobody_hurt",
    "some_died_in_care",
    "stays_in_care",
    "survivable",
    "wounded",
]

_TAKE_TO = frozenset({"take", "rush", "transport", "airlift", "fly", "carry", "send"})
_CARE = frozenset({"hospital", "center", "centre", "clinic"})
_HURT = frozenset({"injury"})


def hospitalised(predicates: list[Token]) -> bool:
    """Were the counted people taken to hospital, or are they described with injuries?

    "One man was taken to the hospital", "at least one person was rushed to
    a medical center", "two people were treated for injuries": no wounding
    verb, but an injury all the same.
    """
    if predicates and any(_their_death(t) for t in predicates[0].sent):
        return False  # "taken to a hospital where they later died"
    if predicates and any(_unwounded_cause(t) for t in predicates[0].sent):
        return False  # "two relatives who passed out were taken to a hospital": not shot
    return _cared_for(predicates)


def _unwounded_cause(tok: Token) -> bool:
    """A cause of care that is no wound: fainting ("passed out", "fainted"), shock, chest pains."""
    lemma = tok.lemma_.lower()
    if lemma == "faint" and tok.pos_ == "VERB":
        return True
    if lemma == "pass" and any(c.lower_ == "out" and c.dep_ == "prt" for c in tok.children):
        return True
    return lemma in ("pain", "attack") and any(
        c.lower_ in ("chest", "panic", "anxiety") for c in tok.children
    )


def _their_death(tok: Token) -> bool:
    """A death in the sentence that may be the counted people's: not one of someone named
    apart ("one victim died at the scene while two others were taken to a hospital")."""
    if tok.lemma_.lower() not in ("die", "kill"):
        return False
    subjects = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass")]
    return not subjects or any(
        c.pos_ == "PRON" or c.lower_ in _ALL_OF_THEM or any(p.lower_ == "of" for p in c.children)
        for c in subjects
    )


def some_died_in_care(predicates: list[Token]) -> bool:
    """Were the counted people taken to hospital, where some of them died?

    "Four people were taken to hospitals, and one of them died": the four
    are everyone shot, not four wounded (one died); the death is counted by
    its own number.
    """
    if not predicates or not _cared_for(predicates):
        return False
    return any(
        t.lemma_.lower() in ("die", "kill")
        and any(
            c.dep_ in ("nsubj", "nsubjpass")
            and c.like_num
            and any(p.lower_ == "of" for p in c.children)
            for c in t.children
        )
        for t in predicates[0].sent
    )


def died_in_care(predicates: list[Token]) -> bool:
    """Were the counted people taken to hospital, where they died ("where they died")?

    The death's subject is a pronoun or quantifier for all of them ("they",
    "both", "all"): the count is of the dead.
    """
    if not predicates or not _cared_for(predicates):
        return False
    return any(
        (t.lemma_.lower() in ("die", "succumb") or (t.lower_ == "dead" and t.dep_ == "oprd"))
        and any(
            c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in _ALL_OF_THEM
            for c in (t.head.children if t.dep_ == "oprd" else t.children)
        )
        for t in predicates[0].sent
    )


_ALL_OF_THEM = frozenset({"they", "both", "all"})


def _cared_for(predicates: list[Token]) -> bool:
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


_DEAD = frozenset({"dead", "deceased"})


def borne_by(noun: Token) -> str | None:
    """What the counted noun's own words say befell them: killed, injured, or None.

    "We have one person deceased and two others with gunshot wounds": no
    predicate tells it; the adjective after the noun ("deceased", "dead")
    or a "with" phrase of wounds or injuries does. Wounds alone say people
    were shot, not that they lived ("found three people with gunshot
    wounds", one of whom died): shot. "Others" with wounds, told beside
    the dead, and minor or non-life-threatening injuries are injuries.
    """
    for c in noun.children:
        if c.dep_ == "amod" and c.i > noun.i and c.lower_ in _DEAD:
            return "killed"
        if c.dep_ == "prep" and c.lower_ == "with":
            objs = [o for o in c.children if o.dep_ == "pobj"]
            hurt = [o for o in objs if o.lemma_.lower() in _WOUNDS and not _fatal_wound(o)]
            if not hurt:
                continue
            words = {t.lower_ for o in hurt for t in o.subtree if t.i < o.i}
            mild = words & _SURVIVABLE or ("non" in words and "threatening" in words)
            return "injured" if mild or noun.lower_ == "others" else "shot"
    return None


#: hospital conditions of the living ("listed in stable condition")
_CONDITIONS = frozenset({"critical", "stable", "serious", "grave", "fair", "good"})


def in_hospital(predicates: list[Token]) -> bool:
    """Are the counted people in hospital, with no word of how they are ("two people are in
    the hospital after a shooting")?

    Hurt as of then, and maybe dead in a later report: the caller counts them
    as shot, so a later death takes one of them rather than one more (read as
    injured it left one person hurt twice on GVC train: in hospital in the
    first report, dead in the update).
    """
    return any(stays_in_care(pred) for pred in predicates[:2])


def stays_in_care(pred: Token) -> bool:
    """Does the predicate keep its subject in hospital ("remain in the hospital", "are
    hospitalized", "remains in critical condition")?

    Staying there is being hurt, not the population measure that "remain" and
    "stay" otherwise name ("100,000 remain in the city").
    """
    if pred.lemma_.lower() not in _STAY:
        return False
    for c in pred.children:
        if c.dep_ in ("acomp", "oprd") and c.lower_ in _HOSPITALISED:
            return True
        if c.dep_ != "prep" or c.lower_ != "in":
            continue
        for o in c.children:
            if o.dep_ == "pobj" and o.lemma_.lower() in _CARE:
                return True
            if o.dep_ == "pobj" and o.lemma_.lower() == "condition":
                return any(t.lower_ in _CONDITIONS for t in o.subtree if t.i < o.i)
    return False


_STAY = frozenset({"be", "remain", "stay"})
_HOSPITALISED = frozenset({"hospitalized", "hospitalised"})


def in_condition(predicates: list[Token]) -> bool:
    """Are the counted people in a hospital condition ("both were listed in stable condition")?

    A condition is told of the living: the counted people were hurt. Being
    "in the hospital" alone is not read: told of a count it left one person
    hurt twice on GVC train (in hospital in the first report, dead in the
    update), and read as shot it undid "five others injured" beside "two
    in critical condition".
    """
    for pred in predicates[:2]:
        for prep in pred.children:
            if prep.dep_ != "prep" or prep.lower_ != "in":
                continue
            for obj in prep.children:
                if (
                    obj.dep_ == "pobj"
                    and obj.lemma_.lower() == "condition"
                    and any(t.lower_ in _CONDITIONS for t in obj.subtree if t.i < obj.i)
                ):
                    return True
    return False


_HARM = frozenset({"hurt", "injure", "wound", "strike", "hit", "kill", "shoot"})
_NOBODY = frozenset({"nobody", "none"})
_HARMS = frozenset({"injury", "casualty", "fatality", "death"})


def nobody_hurt(doc: Doc) -> bool:
    """Does the report say its incident hurt nobody ("No one was hurt", "No injuries were
    reported")?

    Then a casualty number it gives can only be a tally of other incidents
    ("Nine officers have been fatally shot this year"), never the incident's
    own toll. "No one else was hurt" / "no other injuries" say someone was,
    so they do not count; nor does a negated clause ("not everyone was hurt").
    """
    for tok in doc:
        if tok.dep_ not in ("nsubj", "nsubjpass", "attr"):
            continue
        low = tok.lower_
        kids = list(tok.children)
        if any(c.lower_ in ("else", "other", "further", "more", "serious") for c in kids):
            continue
        nobody = low in _NOBODY or (
            low == "one" and any(c.lower_ == "no" and c.dep_ == "det" for c in kids)
        )
        verb = tok.head
        if (
            nobody
            and tok.dep_ != "attr"
            and verb.lemma_.lower() in _HARM
            and not any(c.dep_ == "neg" for c in verb.children)
        ):
            return True
        harms = tok.lemma_.lower() in _HARMS and any(
            c.lower_ == "no" and c.dep_ == "det" for c in kids
        )
        if harms and verb.lemma_.lower() in ("report", "be"):
            return True  # "No injuries were reported", "There were no injuries"
    return False
