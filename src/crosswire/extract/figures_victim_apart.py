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
from crosswire.extract.figures_victim_person import person_like
from crosswire.extract.figures_victim_words import FEMALE, GENERIC, MALE

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = [
    "SELF",
    "after_another",
    "also_someone",
    "co_patients",
    "kin_of_victim",
    "mark_apart",
    "may_be",
    "one_more",
    "one_more_subject",
    "other_antecedent",
    "other_gender",
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
    for i in range(noun.i - 1, _window_start(noun) - 1, -1):
        tok = doc[i]
        if tok.pos_ in ("NOUN", "PROPN") and person_like(tok):
            return any(c.lower_ in _OTHER for c in tok.children if c.dep_ in ("amod", "det"))
    return False


_SUBJECT_PRONOUNS = frozenset({"he", "she"})


def _first_subject(sent: Span) -> Token | None:
    """The earliest subject of a sentence's main clause or of the clause its main verb reports
    ("At least one other man was inside, police said": the man)."""
    root = sent.root
    clauses = [root] + [c for c in root.children if c.dep_ == "ccomp"]
    subjects = [c for v in clauses for c in v.children if c.dep_ in ("nsubj", "nsubjpass")]
    return min(subjects, key=lambda t: t.i) if subjects else None


def other_antecedent(noun: Token) -> Token | None:
    """The "other" / "second" person a subject pronoun goes back to, if it does.

    "Mark Jones was killed. A second man, 19, was in the car with him. He
    was shot in the arm": a subject "he" / "she" takes the subject of the
    sentence before (through a chain of subject pronouns: "He had jumped
    into the back. He was wounded"); when that subject is a person told as
    one more ("another woman", "one other man", "a second man"), the
    pronoun is that person, not a re-mention of the victim told before.
    """
    if noun.lower_ not in _SUBJECT_PRONOUNS or noun.dep_ not in ("nsubj", "nsubjpass"):
        return None
    doc, sent = noun.doc, noun.sent
    for _ in range(3):
        if sent.start == 0:
            return None
        sent = doc[sent.start - 1].sent
        subject = _first_subject(sent)
        if subject is None:
            return None
        if subject.lower_ == noun.lower_:
            continue  # "He had jumped into the back seat. He was wounded": the same one
        if subject.pos_ not in ("NOUN", "PROPN") or not person_like(subject):
            return None
        if subject.tag_ not in ("NN", "NNP"):
            return None  # "Other juveniles were there when the teen was shot. He died": not one
        clash = FEMALE if noun.lower_ == "he" else MALE
        if subject.lower_ in clash or subject.lemma_.lower() in clash:
            return None
        other = any(c.lower_ in _OTHER for c in subject.children if c.dep_ in ("amod", "det"))
        return subject if other else None
    return None


def may_be(profiles: dict[str, Profile], key: str, other: str) -> bool:
    """Could two victims' mentions be one person? Not "a girl" and "her grandmother"."""
    mine, theirs = profiles.get(key), profiles.get(other)
    return mine is None or theirs is None or mine.fits(theirs) or theirs.fits(mine)


#: possessive pronouns that point back to one person, with the gender they require
_POSSESSIVES = {"his": "m", "her": "f"}


def kin_of_victim(noun: Token, victims: frozenset[int]) -> Token | None:
    """The victim whose someone ``noun`` is ("his sister", "Doe's brother", "the victim's son").

    A person possessed by a victim is someone else than that victim: "John
    Doe, 30, was killed. Relatives said his sister was killed" tells two
    dead, whoever told of each. The possessor is a victim mention (a token
    in ``victims``), a generic victim noun ("the victim's brother"), or
    "his" / "her" whose antecedent, the nearest person before it in its
    sentence or the one before that agrees in gender, is a victim
    mention; an object's "his" / "her" is its subject's ("she shot her
    daughter"), who did the deed. "their" is left alone: "his family said
    their son died" is the victim again. Returns the possessor's mention,
    None when ``noun`` is no victim's kin. The caller leaves out of ``victims`` the ones who shot
    someone: "a man who shot his wife was shot by an officer" tells the wife
    as his victim, whom the shooter rules already keep apart, and a second
    "his wife" after his name is her again.
    """
    for poss in (c for c in noun.children if c.dep_ == "poss"):
        if poss.i in victims:
            return poss
        if poss.pos_ == "NOUN" and poss.lemma_.lower() in GENERIC:
            return poss  # "the victim's brother"
        gender = _POSSESSIVES.get(poss.lower_)
        if gender is not None and noun.dep_ == "dobj":
            return None  # "she shot her daughter": the subject's own, whoever she is
        if gender is not None:
            antecedent = _antecedent(poss, gender)
            return antecedent if antecedent is not None and antecedent.i in victims else None
    return None


def _antecedent(pron: Token, gender: str) -> Token | None:
    """The person ``pron`` stands for: the subject of a clause it sits in, else the nearest
    person before it (its sentence or the one before) of ``gender``.

    "The man charged in the death of a teen cried after his friend died":
    "his" is the man's, the subject of the clause the friend's death hangs
    on, not the teen's, though the teen is named nearer. A name counts by
    its last token (the victims' mentions are their heads); a plural noun
    or a noun of the other gender ("his wife" for "her") is passed over.
    """
    clash = FEMALE if gender == "m" else MALE

    def fits(tok: Token) -> bool:
        if tok.i >= pron.i or tok.lemma_.lower() in clash or tok.tag_ in ("NNS", "NNPS"):
            return False
        return (tok.ent_type_ == "PERSON" and tok.pos_ == "PROPN") or (
            tok.pos_ == "NOUN" and person_like(tok)
        )

    for holder in pron.head.ancestors:
        if holder.pos_ not in ("VERB", "AUX"):
            continue
        for c in holder.children:
            if c.dep_ == "nsubj" and pron not in list(c.subtree) and fits(c):
                return c  # the clause's own subject
    doc = pron.doc
    for i in range(pron.i - 1, _window_start(pron) - 1, -1):
        tok = doc[i]
        if tok.ent_type_ == "PERSON" and tok.pos_ == "PROPN":
            if i + 1 < len(doc) and doc[i + 1].ent_type_ == "PERSON" and doc[i + 1].ent_iob_ == "I":
                continue  # inside a name: its last token stands for it
            return tok
        if fits(tok):
            return tok
    return None


#: ordinals that, after "a", make a subject one more person than those told before
_ORDINALS = frozenset({"second", "third", "fourth", "fifth"})


def one_more(victim: Victim, named: Victim, profiles: dict[str, Profile]) -> bool:
    """Is a described dead ``victim`` someone beside the wounded ``named`` victim?

    "John Doe and a woman were shot. The woman died": the woman was shot
    beside Doe, so her death is not his; nor is "the other man"'s after
    "John Doe and another man were shot". A death whose subject is told as
    one more person ("Another man died", "a second man died") is someone
    beside Doe too. Not an "another" as a killer's object ("he killed
    another man", other than the killer): that one may be the named victim.
    """
    if co_patients(profiles, victim.key, named.key):
        return True
    return "#" in victim.key and one_more_subject(victim)


def one_more_subject(victim: Victim) -> bool:
    """Is the victim the subject of its predicate, told as one more ("Another man died",
    "A second man was taken to a hospital")? Not "shot another teen": other than the shooter.
    """
    for c in victim.predicate.children:
        if c.dep_ not in ("nsubj", "nsubjpass"):
            continue
        words = {d.lower_ for d in c.children if d.dep_ in ("det", "amod")}
        if "another" in words or (words & _ORDINALS and words & {"a", "an"}):
            return True
    return False


def other_gender(profiles: dict[str, Profile], key: str, dead: list[str]) -> bool:
    """Is a victim of a gender every one of the ``dead`` is told not to be?

    "A man was pronounced dead. A woman was taken to a hospital with a
    gunshot wound": she is no re-mention of him. Only a told gender
    counts: an age clash on its own left victims of other incidents in the
    count on GVC train (a boy shot months earlier beside a named 8-year-old).
    """
    mine = profiles.get(key)
    if mine is None or mine.gender is None or not dead:
        return False
    return all(
        (theirs := profiles.get(d)) is not None
        and theirs.gender is not None
        and theirs.gender != mine.gender
        for d in dead
    )


def _window_start(tok: Token) -> int:
    """First token of the sentence before ``tok``'s (or of its own, if it is the first):
    how far back a word looks for the person it refers to."""
    start = tok.sent.start
    return tok.doc[start - 1].sent.start if start > 0 else start
