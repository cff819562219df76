"""Victim coreference within one report: the same person mentioned twice is one victim.

"A 3-year-old boy was shot ... the toddler died": descriptions fold
together when nothing about them clashes (gender, stated age, the ages a
noun allows, not two patients of one predicate). A :class:`Profile`
gathers what a victim's mentions say; :func:`merge_descriptions` folds
compatible descriptions into the earliest one, keeping the gravest outcome.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crosswire.doctext import doc_text
from crosswire.extract.figures_numbers import parse_number
from crosswire.extract.figures_victim_words import AGE, AGE_CLASS, FEMALE, MALE

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "RANK",
    "Profile",
    "Victim",
    "definite",
    "fold_nicknames",
    "gender_of_key",
    "last_named_before",
    "merge_descriptions",
    "profile",
]


@dataclass(frozen=True, slots=True)
class Victim:
    """One distinct victim: the words that describe them and what happened to them."""

    start: int
    end: int
    description: str
    key: str
    measure: str  # "killed" or "injured"
    predicate: Token
    #: told as one more person ("his sister was also killed"), so no other claimant's
    #: victim can be this one: see ``reconcile_victims.share_apart``
    apart: bool = False


RANK = {"shot": 0, "injured": 1, "killed": 2}


@dataclass(slots=True)
class Profile:
    """What the mentions of one victim say about them: gender, age, age range, position."""

    start: int
    gender: str | None
    age: float | None
    ages: tuple[float, float]
    verbs: set[int]
    #: sentences (their first token) where the victim is introduced, not re-mentioned
    introduced: set[int] = field(default_factory=set)

    def fits(self, other: Profile) -> bool:
        """Could both describe one person (no clash of gender, age, age range or clause)?"""
        if self.verbs & other.verbs:
            return False  # "a man and a teenager were shot": two people
        if self.introduced & other.introduced:
            return False  # "Mother shot, daughter pistol-whipped": two introduced in one sentence
        if self.gender and other.gender and self.gender != other.gender:
            return False
        if self.age is not None and other.age is not None and self.age != other.age:
            return False
        lo, hi = max(self.ages[0], other.ages[0]), min(self.ages[1], other.ages[1])
        return lo <= hi and all(a is None or lo <= a <= hi for a in (self.age, other.age))

    def absorb(self, other: Profile) -> None:
        self.start = min(self.start, other.start)
        self.gender = self.gender or other.gender
        self.age = self.age if self.age is not None else other.age
        lo, hi = max(self.ages[0], other.ages[0]), min(self.ages[1], other.ages[1])
        self.ages = (lo, hi) if lo <= hi else self.ages
        self.verbs |= other.verbs
        self.introduced |= other.introduced


def profile(doc: Doc, noun: Token, start: int, verb: Token) -> Profile:
    """The profile of one victim mention: "A 3-year-old boy", "Darin Booker, 13"."""
    lemma = noun.lemma_.lower()
    gender = "m" if noun.lower_ in MALE or lemma in MALE else None
    gender = "f" if noun.lower_ in FEMALE or lemma in FEMALE else gender
    age: float | None = None
    window = doc_text(doc)[noun.left_edge.idx : noun.idx + len(noun.text)]
    m = AGE.search(window)
    if m:
        n = parse_number(m.group(1).replace("-", " ").strip())
        if n is not None:
            age = n if m.group(2).lower() == "year" else 0.0
    elif noun.i + 2 < len(doc) and doc[noun.i + 1].text == "," and doc[noun.i + 2].like_num:
        n = parse_number(doc[noun.i + 2].text)  # "Darin Booker, 13,"
        if n is not None and 0 < n < 110:
            age = n
    ages = AGE_CLASS.get(lemma, (0.0, 120.0))
    fresh = noun.pos_ in ("NOUN", "ADJ") and not definite(noun)
    return Profile(start, gender, age, ages, {verb.i}, {noun.sent.start} if fresh else set())


def gender_of_key(key: str) -> str | None:
    word = key.split(":", 1)[-1].split("#")[0]
    return "m" if word in MALE else "f" if word in FEMALE else None


def definite(noun: Token) -> bool:
    """ "the victim", "the child", "he": a re-mention, not a new person."""
    if noun.pos_ == "PRON":
        return True
    return any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in noun.children)


_REMENTION = re.compile(r"the (?:other|second|third|fourth)\b", re.IGNORECASE)


def merge_descriptions(seen: dict[str, Victim], profiles: dict[str, Profile]) -> None:
    """Fold descriptions of one person together: "A 3-year-old boy" ... "the toddler".

    Descriptions with different head nouns are one victim when nothing
    about them clashes (gender, stated age, the ages the noun allows, and
    not two patients of one predicate). "another"/"second" descriptions
    ("another man was wounded") never fold into an earlier victim, except
    "the other man" or "the second victim", which re-mention the "another"
    or "a second" told before ("one man dead and another with injuries ...
    the other man was found inside the vehicle").
    """
    order = sorted(seen, key=lambda k: profiles[k].start if k in profiles else seen[k].start)
    for key in order:
        if not key.startswith("desc:") or key == "desc:person" or key not in seen:
            continue
        mine = profiles.get(key)
        if mine is None:
            continue
        for other in order:
            if other == key or other not in seen or not other.startswith("desc:"):
                continue
            theirs = profiles.get(other)
            if other == "desc:person" or theirs is None or theirs.start > mine.start:
                continue
            if "#" in key and not ("#" in other and _REMENTION.match(seen[key].description)):
                continue  # "another man": a new person, unless "the other man" after "another"
            if not theirs.fits(mine):
                continue
            theirs.absorb(mine)
            kept, gone = seen[other], seen.pop(key)
            if RANK[gone.measure] > RANK[kept.measure]:
                seen[other] = Victim(
                    kept.start, kept.end, kept.description, other, gone.measure, gone.predicate
                )
            break


def fold_surnames(seen: dict[str, Victim]) -> None:
    """Fold a surname or given name alone ("Mata", "Amari") into the full name it re-mentions.

    Named victims are keyed by surname and given name ("name:mata/hank"),
    so a bare surname is a re-mention of one of them: of the first one
    named, keeping the gravest outcome ("Hank Mata was shot ... Mata died").
    """
    full: dict[str, list[str]] = {}
    for key in seen:
        if key.startswith("name:") and "/" in key:
            surname, given = key.split("/", 1)
            full.setdefault(surname, []).append(key)
            full.setdefault("name:" + given, []).append(key)  # "Amari" after "Amari Brown"
    for key in [k for k in seen if k.startswith("name:") and "/" not in k and k in full]:
        target = min(full[key], key=lambda k: seen[k].start)
        gone, kept = seen.pop(key), seen[target]
        if RANK[gone.measure] > RANK[kept.measure]:
            seen[target] = Victim(
                kept.start, kept.end, kept.description, target, gone.measure, gone.predicate
            )


#: common short forms whose full given name does not start with them
_NICKNAMES = {
    "bill": "william",
    "billy": "william",
    "bob": "robert",
    "bobby": "robert",
    "dick": "richard",
    "rick": "richard",
    "ricky": "richard",
    "jim": "james",
    "jimmy": "james",
    "jack": "john",
    "johnny": "john",
    "ted": "edward",
    "peggy": "margaret",
    "maggie": "margaret",
    "liz": "elizabeth",
    "beth": "elizabeth",
    "betty": "elizabeth",
    "tony": "anthony",
    "chuck": "charles",
    "tim": "timothy",
    "tommy": "thomas",
    "drew": "andrew",
    "sandy": "sandra",
    "zach": "zachary",
}


#: endings of a longer given name that make it another person's: "Dan" / "Danielle"
_OTHER_NAME_ENDINGS = ("a", "e", "i", "y", "ie", "ey", "ee", "elle", "ette", "ine", "ina")


def _short_for(word: str, given: str) -> bool:
    """Is ``word`` a short form of the given name ``given`` ("Chris" of "Christian")?

    Not when the longer name has an ending that makes another name of the
    same stem ("Dan" and "Danielle Mata" are a father and his daughter):
    such a pair is left apart unless it is a common nickname.
    """
    if _NICKNAMES.get(word) == given:
        return True
    if len(word) < 3 or len(given) <= len(word) or not given.startswith(word):
        return False
    return not given.endswith(_OTHER_NAME_ENDINGS)


def fold_nicknames(seen: dict[str, Victim]) -> None:
    """Fold a short given name into the one full name it shortens ("Chris" -> "Christian Roe").

    A killer's "I killed Chris" after "Christian Bandemer, 16, was shot" is
    the same person: a given name (alone, or with the same surname) that is
    the start of, or a common nickname for, the given name of exactly one
    other named victim re-mentions that victim. Two victims it could
    shorten leave it alone.
    """
    for key in sorted(seen, key=lambda k: seen[k].start):
        if not key.startswith("name:") or key not in seen:
            continue
        surname, _, given = key[5:].partition("/")
        word = given or surname  # a lone word written without a surname is a given name
        fits = []
        for other in seen:
            if other == key or not other.startswith("name:") or "/" not in other:
                continue
            o_surname, o_given = other[5:].split("/", 1)
            if (not given or o_surname == surname) and _short_for(word, o_given):
                fits.append(other)
        if len(fits) != 1:
            continue
        gone, kept = seen.pop(key), seen[fits[0]]
        if RANK[gone.measure] > RANK[kept.measure]:
            seen[fits[0]] = Victim(
                kept.start, kept.end, kept.description, fits[0], gone.measure, gone.predicate
            )


def last_named_before(doc: Doc, i: int, seen: dict[str, Victim]) -> Victim | None:
    """The named victim who is the last person named before token ``i``, if it is one.

    A death told of a described person ("he died of his injuries") is most
    likely the one named just before it: when that one is already counted
    as killed, it is a re-mention of them, not a death of another victim
    named elsewhere in the report. None when the last person named is no
    victim ("Jacob Remaley called 911 ... his mom was dead") or the name
    fits several (a family's shared surname).
    """
    named = [
        (key[5:].split("/", 1)[0], key[5:].split("/", 1)[1] if "/" in key else None, victim)
        for key, victim in seen.items()
        if key.startswith("name:")
    ]
    for ent in reversed(doc.ents):
        if ent.label_ != "PERSON" or ent.end > i:
            continue
        words = {t.lower_ for t in ent}
        fits = [
            v
            for surname, given, v in named
            if surname in words and (given is None or len(ent) == 1 or given in words)
        ]
        return fits[0] if len(fits) == 1 else None
    return None
