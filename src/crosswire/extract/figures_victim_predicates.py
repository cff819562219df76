"""What a predicate says happened: killing, wounding or shooting, and whether it happened.

"was shot and killed", "passed away", "shot his wife and killed his son",
"nearly killed", "could have struck": the outcome a predicate (with the
predicates coordinated with it) tells, and whether it tells an event at all.
Kept apart from :mod:`~crosswire.extract.figures_victim_mentions` (who the
predicate happened to) so each module stays small.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_lists import negated
from crosswire.extract.figures_victim_words import ATTEMPT, INJURE, KILL

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = [
    "charged_act",
    "fatal",
    "gapped_fate",
    "hurt",
    "killed_beside",
    "own_object",
    "predicate_lemma",
    "skip_predicate",
    "struck_by_gunfire",
]


def predicate_lemma(tok: Token) -> str:
    """The predicate's lemma, with euphemisms of dying read as "die" ("passed away")."""
    lemma = tok.lemma_.lower()
    if lemma == "slain":
        return "slay"  # "the slain man": tagged an adjective, lemma unchanged
    if lemma in _DIE_WORDS and tok.pos_ == "VERB":
        return "die"
    if lemma == "pass" and any(c.lower_ == "away" for c in tok.children):
        return "die"
    if lemma == "gun" and any(c.lower_ == "down" and c.dep_ == "prt" for c in tok.children):
        return "kill"  # "was gunned down outside his home"
    if lemma == "lose" and any(
        c.dep_ == "dobj"
        and c.lemma_.lower() == "life"
        and any(p.dep_ == "poss" for p in c.children)
        for c in tok.children
    ):
        return "die"  # "a 19-year-old man lost his life": the subject died
    if lemma == "whip" and _pistol_before(tok):
        return "injure"  # "pistol-whipped the daughter": hurt with a gun, not shot
    return lemma


def _pistol_before(tok: Token) -> bool:
    """Is the word before ``tok`` "pistol" (over a hyphen: "pistol-whipped", "pistol whipping")?"""
    i = tok.i - 1
    if i >= 0 and tok.doc[i].text == "-":
        i -= 1
    return i >= 0 and tok.doc[i].lower_ in ("pistol", "gun")


_DIE_WORDS = frozenset({"perish", "succumb"})  # "succumbed to his injuries"


def fatal(verb: Token) -> bool:
    """Does this predicate (with its coordinated verbs and modifiers) say the victim died?"""
    group = [verb, *(c for c in verb.children if c.dep_ in ("oprd", "acomp", "xcomp"))]
    group += _coordinated(verb)
    for tok in group:
        if predicate_lemma(tok) in KILL:
            return True
        for c in tok.children:
            if (c.lower_ in ("fatally", "dead", "deceased", "mortally") and not negated(c)) or (
                c.dep_ == "prep"
                and c.lower_ == "to"
                and any(g.lower_ == "death" for g in c.children)
            ):
                return True
    return False


def gapped_fate(verb: Token) -> str:
    """The fate a gapped clause's person shares: that of the shooting verb alone.

    "John Doe was shot in the chest and killed, and another man in the arm":
    the gapping repeats "was shot" with a wound place of its own, not the
    "and killed" told of Doe, so the second man was shot ("injured" unless
    told dead elsewhere). When the parser hangs the gapped person on the
    killing verb ("was shot in the back and killed and her son in the leg"),
    the shooting it follows is still the verb repeated. A fatal word on the
    repeated verb itself ("fatally shot") goes with it.
    """
    if predicate_lemma(verb) in KILL and verb.dep_ == "conj" and verb.head.pos_ == "VERB":
        verb = verb.head
    if predicate_lemma(verb) in KILL or any(
        c.lower_ in ("fatally", "mortally") and not negated(c) for c in verb.children
    ):
        return "killed"
    return "injured" if predicate_lemma(verb) in INJURE else "shot"


def hurt(verb: Token) -> bool:
    """Is a shooting predicate coordinated with an explicit injury ("shot and wounded")?"""
    group = [verb, *(c for c in verb.children if c.dep_ in ("xcomp", "oprd", "acomp"))]
    group += _coordinated(verb)
    return any(predicate_lemma(t) in INJURE for t in group)


def _own_subject(tok: Token) -> bool:
    return any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)


def _coordinated(verb: Token) -> list[Token]:
    """Predicates coordinated with ``verb`` that share its subject ("shot and killed").

    "One person died and a second was injured" coordinates two clauses with
    subjects of their own: the second was not killed; in "shot his wife and
    then killed himself" the killing is the shooter's own death, not hers;
    in "shot his wife and killed his son" each predicate has an object of its
    own: the killing happened to the son, not to the wife.
    """
    mine = own_object(verb)
    out = [
        c
        for c in verb.children
        if c.dep_ == "conj"
        and not _own_subject(c)
        and not _reflexive_object(c)
        and not (mine and own_object(c))
    ]
    if (
        verb.dep_ == "conj"
        and not _own_subject(verb)
        and not _reflexive_object(verb)
        and not (mine and own_object(verb.head))
        and predicate_lemma(verb.head) != "leave"  # "left one dead and another injured"
    ):
        out.append(verb.head)
    if (
        verb.dep_ == "advcl"
        and verb.tag_ == "VBN"
        and verb.head.tag_ == "VBN"
        and not _own_subject(verb)
        and not own_object(verb)
    ):
        out.append(verb.head)  # "found fatally shot, stabbed": participles side by side
    return out


def _reflexive_object(verb: Token) -> bool:
    """ "shot his wife and then killed himself": the killing is the shooter's own death."""
    return any(c.dep_ == "dobj" and c.lower_ in ("himself", "herself") for c in verb.children)


#: object pronouns that re-mention the person just told ("shot his wife and killed her")
_RE_MENTIONS = frozenset({"him", "her", "them", "it", "both", "all", "each"})


def killed_beside(verb: Token) -> bool:
    """Is a shooting told beside a killing of someone else ("shot his wife and killed his son")?

    Each predicate has an object of its own, and the report says which one
    died: the people only shot lived, wounded victims apart from the dead,
    not a re-mention of them (nor, counted, "he shot two women and killed a
    man", a total the dead are among).
    """
    if not own_object(verb):
        return False
    mates = [c for c in verb.children if c.dep_ == "conj" and not _own_subject(c)]
    if verb.dep_ == "conj" and not _own_subject(verb):
        mates.append(verb.head)
    # "shot his wife and then shot and killed her boyfriend": the killing one step further
    mates += [c for m in mates for c in m.children if c.dep_ == "conj" and c.i != verb.i]
    return any(predicate_lemma(m) in KILL and own_object(m) for m in mates)


def own_object(verb: Token) -> bool:
    """Has ``verb`` a direct object of its own that names someone new ("killed his son")?

    A reflexive object is the shooter; an object pronoun ("killed her") re-mentions
    the person the coordinated predicate told, so neither makes a second patient.
    """
    return any(
        c.dep_ == "dobj" and c.lower_ not in _RE_MENTIONS and c.lower_ not in ("himself", "herself")
        for c in verb.children
    )


_COUNTERFACTUAL = frozenset({"could", "would", "might", "may", "should"})
_STRIKE = frozenset({"strike", "hit", "graze"})
#: adverbs that make a killing or shooting one that did not happen ("nearly killed")
_NEAR_MISS = frozenset({"nearly", "almost", "possibly", "narrowly"})
_GUNFIRE = frozenset({"bullet", "gunfire", "round", "shot", "shotgun", "pellet", "fire", "gun"})


def struck_by_gunfire(verb: Token) -> bool:
    """ "was struck by a stray bullet", "fired a round, striking the teen": shot.

    "strike", "hit" and "graze" count as shooting only where the sentence is
    about gunfire (a bullet or round as agent or subject, or firing nearby),
    not "hit by a car"; a graze, or one "also hit", may take the gunfire from
    the sentence before ("A man was shot. A bystander was also hit").
    """
    lemma = predicate_lemma(verb)
    if lemma not in _STRIKE or verb.pos_ != "VERB":
        return False
    near = [t.lemma_.lower() for t in verb.sent]
    start = verb.sent.start
    if start > 0 and (lemma == "graze" or any(c.lower_ == "also" for c in verb.children)):
        # "Another teen was grazed", "A bystander was also hit" after a shooting is told
        near += [t.lemma_.lower() for t in verb.doc[start - 1].sent]
    return bool(_GUNFIRE & set(near)) or "fire" in near or "shoot" in near


def skip_predicate(verb: Token) -> bool:
    """Is the predicate negated, only attempted, or counterfactual ("could have struck")?"""
    if any(c.dep_ == "neg" for c in verb.children):
        return True
    if any(c.dep_ == "advmod" and c.lower_ in _NEAR_MISS for c in verb.children):
        return True  # "came within inches of possibly killing the trooper", "nearly killed"
    if predicate_lemma(verb) == "shoot" and any(
        c.dep_ in ("prep", "prt") and c.lower_ == "at" and not any(c.children)
        for c in verb.children
    ):
        return True  # "the officer was shot at": fired at, not hit
    if any(c.dep_ == "aux" and c.lower_ in _COUNTERFACTUAL for c in verb.children) and any(
        c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children
    ):
        return True  # "they could have struck the little child"
    if verb.tag_ == "VB" and not any(c.dep_ == "aux" and c.lemma_ == "do" for c in verb.children):
        return True  # "to kill him", "go ahead and kill him", "would shoot": no event told
    head = verb.head if verb.dep_ in ("xcomp", "conj") else verb
    return any(predicate_lemma(t) in ATTEMPT for t in (head, verb.head))


#: verbs and nouns that state a charge: "charged with", "booked on charges of", "on suspicion of"
_CHARGE_WORDS = frozenset(
    {"charge", "book", "arrest", "indict", "convict", "suspicion", "count", "plead"}
)


def charged_act(verb: Token) -> bool:
    """Is the gerund one of the acts of a charge ("charged with murder and injuring a
    child's parent", "booked on charges of ... and wounding a spouse")?

    A charge's wording names the crime, often in the law's own terms, so the
    person it names is a victim the report tells elsewhere, under other words,
    or no one new ("injuring a child's parent" is the dead mother herself).
    Only "with", "of" and "on" lead to a charge: "arrested after shooting a
    man" tells the shooting itself.
    """
    if verb.tag_ != "VBG":
        return False
    tok = verb
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    if tok.dep_ == "advcl":  # "charged with murder, ..., being a felon ... and injuring ..."
        return tok.head.lemma_.lower() in _CHARGE_WORDS and tok.head.pos_ == "VERB"
    if tok.dep_ not in ("pcomp", "pobj") or tok.head.dep_ != "prep":
        return False
    if tok.head.lower_ not in ("with", "of", "on"):
        return False
    return tok.head.head.lemma_.lower() in _CHARGE_WORDS
