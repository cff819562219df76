"""Is a victim this report's? Other incidents, and deaths told without a killing verb.

A report often recalls earlier shootings ("a separate shooting", a
"Related:" link line, "the 2014 killing of ...", a dated timeline entry):
:func:`background` keeps their victims out. And it often tells a death
without a killing predicate ("a man's body was found", "the coroner", "an
autopsy is scheduled"): :func:`death_told` lets the counting step make the
shot victim a killed one.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_mentions import describe_victim
from crosswire.extract.figures_victim_person import person_like, weak_name
from crosswire.extract.figures_victim_words import DEADLY, DEATH_NOUNS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["background", "death_told", "goes_on", "other_cause", "surname_key"]


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_INCIDENT_BEFORE = re.compile(
    r"\b(?:reminded|recalled|similar|previous|earlier|prior|another|last)\b", re.IGNORECASE
)
_ELSEWHERE = re.compile(
    r"\b(?:separate|unrelated) (?:incidents?|shootings?|cases?|attacks?)\b"
    r"|^\W*(?:related|read|watch|more|see also|also read)\b\s*:"
    r"|^\W*(?:jan|feb|march|april|may|june|july|aug|sept?|oct|nov|dec)[a-z]*\.? \d{1,2}"
    r"(?:, \d{4})?:",
    re.IGNORECASE,
)
_LONG_AGO = re.compile(
    r"\b(?:years|decades|a year(?: and a half)?) (?:ago|earlier|before)\b", re.IGNORECASE
)


def background(sent: Span, verb: Token, year: int | None) -> bool:
    """Does the sentence tell of another incident than the report's?

    "years ago", "a separate shooting", a "Related:" link line, a sentence
    recalling an earlier incident dated two or more years before the report
    ("reminded of a November 2003 incident"), or a predicate dated so
    itself ("the 2014 killing of 12-year-old Tamir").
    """
    if _LONG_AGO.search(sent.text) or _ELSEWHERE.search(sent.text):
        return True
    if year is None:
        return False
    anchors = [verb, verb.head] if verb.dep_ == "oprd" else [verb]
    # "a July 2014 shooting that left a girl dead": the clause is dated by the noun it describes
    anchors += [a.head for a in anchors if a.dep_ in ("relcl", "acl") and a.head.i != a.i]
    dated = [
        t.text
        for a in anchors
        for c in a.children
        for t in (c, *c.children)
        if _YEAR.fullmatch(t.text)
    ]
    if any(int(y) <= year - 2 for y in dated):
        return True
    if not _INCIDENT_BEFORE.search(sent.text):
        return False
    return any(int(y) <= year - 2 for y in _YEAR.findall(sent.text))


def surname_key(noun: Token, names: dict[str, set[str]]) -> str | None:
    """The surname key ("name:smith") a named victim mention is keyed by, if it names one."""
    named = describe_victim(noun.doc, noun, names) if noun.pos_ == "PROPN" else None
    return named[3].split("/")[0] if named is not None and named[3].startswith("name:") else None


def goes_on(noun: Token, names: dict[str, set[str]], told: set[tuple[int, str]]) -> bool:
    """Does a mention right after another incident's victim go on about that victim?

    A bare name ("... a 2014 shooting that left a girl dead. Genesis Rincon
    was shot"), or the surname of one named there (in ``told``, as the
    sentence's start and the surname key: "Smith and Jamel Martin were shot
    Jan. 17. Smith died at the scene, and Martin later died").
    """
    if weak_name(noun):
        return True
    surname = surname_key(noun, names)
    return surname is not None and (noun.sent.start, surname) in told


def _a_body(tok: Token) -> bool:
    """ "the body of a man", "a body was found": a dead person, not "body armor"."""
    if any(c.lower_ == "of" for c in tok.children):
        return True
    if any(c.dep_ == "poss" and person_like(c) for c in tok.children):
        return True  # "Caskey's body was taken for an autopsy"
    return tok.dep_ in ("nsubjpass", "dobj") and tok.head.lemma_.lower() in ("find", "discover")


def death_told(doc: Doc, elsewhere: frozenset[int] = frozenset()) -> bool:
    """Does the report say, without a killing predicate, that someone died?

    "a man's body was found", "the homicide victim", "an autopsy is
    scheduled", "the coroner said", "a deadly shooting"; not in a sentence
    that tells another incident (its start token in ``elsewhere``: "the
    violence began Dec. 18 with the fatal shooting of a man").
    """
    for tok in doc:
        if tok.sent.start in elsewhere:
            continue
        low = tok.lemma_.lower()
        attempted = any(c.lower_ in ("attempted", "attempt") for c in tok.children)
        if (
            low in DEATH_NOUNS
            and tok.pos_ in ("NOUN", "ADJ", "PROPN")
            and (low != "body" or _a_body(tok))
            and not attempted  # "wanted for attempted homicide": nobody died
        ):
            return True  # "for an autopsy" (tagged ADJ), "the Coroner's office"
        nonfatal = tok.i >= 2 and tok.nbor(-1).text == "-" and tok.nbor(-2).lower_ == "non"
        if (
            low in DEADLY
            and tok.head.lemma_.lower() in ("shooting", "shot", "attack")
            and not (
                nonfatal  # "a non-fatal shooting"
            )
        ):
            return True
        if low == "examiner" and any(c.lower_ == "medical" for c in tok.children):
            return True
        if low == "die" and tok.pos_ == "VERB" and _of_wounds(tok):
            return True  # "they later died from their injuries": whoever "they" is
    return False


_WOUNDS = frozenset({"injury", "wound", "wounds", "injuries", "gunshot"})


def _of_wounds(verb: Token) -> bool:
    """ "died of his wounds", "died from their injuries": a death from the shooting."""
    if any(c.dep_ == "neg" for c in verb.children):
        return False
    if any(c.dep_ == "nsubj" and c.pos_ == "NOUN" and not person_like(c) for c in verb.children):
        return False  # "the family dog died from its injuries"
    return any(
        prep.dep_ == "prep"
        and prep.lower_ in ("of", "from")
        and any(t.lemma_.lower() in _WOUNDS for t in prep.subtree)
        for prep in verb.children
    )


_CRASH = frozenset({"crash", "collision", "wreck", "overdose", "fire", "blaze", "drowning"})
_VEHICLES = frozenset({"vehicle", "car", "truck", "motorcycle"})
_GUNSHOT = frozenset({"shoot", "shooting", "shot", "gun", "gunshot", "gunfire", "bullet", "wound"})


def other_cause(verb: Token) -> bool:
    """Did the death this predicate tells come from something other than gunfire?

    "The child's grandfather died during a car crash shortly after the
    shooting", "was killed after losing control of his vehicle": a death,
    but not the shooting's. Read off the predicate's own prepositional
    phrases, so "died after the shooting" stays a shooting death.
    """
    for prep in verb.children:
        if prep.dep_ != "prep":
            continue
        words = {t.lemma_.lower() for t in prep.subtree}
        crashed = bool(words & _CRASH) or ("control" in words and bool(words & _VEHICLES))
        if crashed and not words & _GUNSHOT:
            return True  # not merely "in a car": a crash, a fire, losing control of a vehicle
    return False
