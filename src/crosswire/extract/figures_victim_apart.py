"""Telling victims apart: when a victim mention is one more person, not a re-mention.

"His brother was also shot", "another was injured", a pronoun whose gender
no other victim has, two patients of one predicate: each tells a person
beside the ones told before. :mod:`~crosswire.extract.figures_victims`
counts the distinct victims with these tests; they live here so each
module stays small.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_coref import Profile, Victim
from crosswire.extract.figures_victim_lists import negated
from crosswire.extract.figures_victim_mentions import person_like
from crosswire.extract.figures_victim_words import GENERIC

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = [
    "SELF",
    "after_another",
    "also_someone",
    "co_patients",
    "elliptic_key",
    "mark_apart",
    "may_be",
    "pronoun_apart",
    "survivor",
]

SELF = "self:killer"
_OTHER = frozenset({"other", "another", "second"})


def mark_apart(victims: list[Victim], fresh: set[str]) -> list[Victim]:
    """Mark the victims told as one more person (see ``Victim.apart``).

    "Police said a 30-year-old man was killed. Relatives said his sister was
    also killed": the sister is no one else the report tells of, whoever told
    of her, so the claimants' victims add up. Victims told apart only by a
    clash of gender or age are not marked: added across claimants on GVC
    train they exposed victims wrongly taken ("the man" beside "a 3-year-old
    girl"), which the largest claimant's count had hidden.
    """
    others = [v for v in victims if v.key != SELF]
    return [replace(v, apart=True) if v.key in fresh and len(others) > 1 else v for v in victims]


def survivor(verb: Token) -> bool:
    """Does a shooting predicate say its patient lived ("was also shot but survived")?

    "shot but survived" and "shot and is expected to survive" tell a
    wounded person, and "was also shot" a second person beside one told
    before: neither is a re-mention of a victim who died, so the patient
    counts as injured even when someone else in the report was killed.
    "also" marks a new person only on a noun that is no generic re-mention
    ("the victim was also shot in the leg" is the same victim).
    """
    group = [c for c in verb.children if c.dep_ == "conj"]
    group += [x for c in group for x in c.children if x.dep_ in ("xcomp", "conj")]
    if any(t.lemma_.lower() == "survive" and not negated(t) for t in group):
        return True
    return also_someone(verb)


def also_someone(verb: Token) -> bool:
    """ "his brother was also shot", "his sister was also killed": a person beside one before.

    Only a subject that is no generic re-mention ("the victim was also shot in
    the leg" is the same victim) and no pronoun.
    """
    if not any(c.dep_ == "advmod" and c.lower_ == "also" for c in verb.children):
        return False
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    return any(
        s.pos_ in ("NOUN", "PROPN") and s.lemma_.lower() not in GENERIC and person_like(s)
        for s in subjects
    )


def co_patients(profiles: dict[str, Profile], key: str, other: str) -> bool:
    """Were two victims patients of one predicate, or introduced in one sentence?

    Then neither re-mentions the other: "the victims, a man and a woman, were
    shot ... The man died" and "a man was shot in the leg and his brother was
    killed" leave the one shot a wounded victim of their own.
    """
    mine, theirs = profiles.get(key), profiles.get(other)
    if mine is None or theirs is None:
        return False
    return bool(mine.verbs & theirs.verbs or mine.introduced & theirs.introduced)


def pronoun_apart(seen: dict[str, Victim], profiles: dict[str, Profile]) -> bool:
    """Is the victim told only by pronouns someone apart from every other victim?

    "She was shot in the arm. Her husband was also wounded": "she" has no
    antecedent among the victims (the only other one is a man), so she is a
    victim of her own, not a re-mention of him. A named victim, or any
    other victim whose gender is unknown or the same, may be whom the
    pronoun re-mentions, and then it is not counted apart.
    """
    mine = profiles.get("desc:person")
    if "desc:person" not in seen or mine is None or mine.gender is None:
        return False
    others = [k for k in seen if k not in ("desc:person", SELF)]
    return bool(others) and all(
        k.startswith("desc:")
        and (theirs := profiles.get(k)) is not None
        and theirs.gender is not None
        and theirs.gender != mine.gender
        for k in others
    )


def after_another(noun: Token) -> bool:
    """Does a pronoun follow a person introduced as another one ("one other man ... He")?

    "At least one other man, 21, was inside the van ... He was wounded":
    the pronoun's antecedent is the nearest person noun before it (in its
    own or the previous sentence); when that noun is "other" / "another" /
    "a second" person, the pronoun is that new person, not a re-mention of
    a victim told before.
    """
    if noun.pos_ != "PRON":
        return False
    doc = noun.doc
    start = noun.sent.start
    if start > 0:
        start = doc[start - 1].sent.start
    for i in range(noun.i - 1, start - 1, -1):
        tok = doc[i]
        if tok.pos_ in ("NOUN", "PROPN") and person_like(tok):
            return any(c.lower_ in _OTHER for c in tok.children if c.dep_ in ("amod", "det"))
    return False


def may_be(profiles: dict[str, Profile], key: str, other: str) -> bool:
    """Could two victims' mentions be one person? Not "a girl" and "her grandmother"."""
    mine, theirs = profiles.get(key), profiles.get(other)
    return mine is None or theirs is None or mine.fits(theirs) or theirs.fits(mine)


def elliptic_key(key: str) -> bool:
    """ "a second was injured": a person told apart from the one before, never the same one."""
    return key.startswith("desc:person#")
