"""Names that are no victim's: time words, points of reference, people who lived.

The parser sometimes hands a killing predicate a "name" that names no
victim. These checks keep such names out of the victims, so that victims
named by different claimants of one report can be added up safely:

- a weekday, month or time of day is never a person ("a 16-year-old killed
  Friday", parsed with "Friday" as the head the participle modifies);
- a person named only as a relative's point of reference ("the grandson of
  Rep. Danny Davis was shot", "Davis' grandson") is not the victim: the
  relative is;
- a named person the report says is alive ("remains in critical
  condition", "is expected to survive") is not the one whose death the
  report tells without a name ("a baby died").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_person import name_key, person_like, surnames
from crosswire.extract.figures_victim_predicates import predicate_lemma
from crosswire.extract.figures_victim_words import CONDITION, INJURE, KILL, SHOOT
from crosswire.extract.time_lexicon import MONTHS, WEEKDAYS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "TIME_WORDS",
    "alive",
    "alive_names",
    "harming_people",
    "reference_only",
    "same_person",
    "shooter_names",
    "time_word",
]

#: words that name a time, never a person, whatever the tagger says
TIME_WORDS = (
    frozenset(WEEKDAYS)
    | frozenset(m for m in MONTHS if len(m) > 4 or m in ("june", "july"))  # not "May", "Jan"
    | frozenset(
        [
            "today",
            "tonight",
            "yesterday",
            "tomorrow",
            "morning",
            "afternoon",
            "evening",
            "night",
            "overnight",
            "noon",
            "midnight",
            "weekend",
        ]
    )
)

#: nouns that make the name after "of" (or before "'s") a point of reference
_RELATIVES = frozenset(
    [
        "son",
        "daughter",
        "child",
        "grandson",
        "granddaughter",
        "grandchild",
        "nephew",
        "niece",
        "brother",
        "sister",
        "cousin",
        "father",
        "mother",
        "wife",
        "husband",
        "girlfriend",
        "boyfriend",
        "fiancee",
        "fiance",
        "stepson",
        "stepdaughter",
        "relative",
        "friend",
        "neighbor",
        "neighbour",
    ]
)


def time_word(key: str) -> bool:
    """Is a victim's name key made of time words only ("name:friday")?"""
    if not key.startswith("name:"):
        return False
    return all(part in TIME_WORDS for part in key[5:].split("/"))


def reference_only(noun: Token) -> bool:
    """Is this name only a relative's point of reference ("grandson of X", "X's son")?

    Read off the words where the parse fails: "The grandson of Illinois
    U.S. Rep. Danny Davis was fatally shot" is parsed with both "grandson"
    and "Davis" as subjects of "shot".
    """
    if noun.pos_ != "PROPN":
        return False
    doc = noun.doc
    left = min((t.i for t in noun.subtree if t.i <= noun.i), default=noun.i)
    while left > 0 and doc[left - 1].pos_ == "PROPN":
        left -= 1  # "Rep. Danny Davis": titles parsed as compounds of the name
    if left >= 2 and doc[left - 1].lower_ == "of" and doc[left - 2].lemma_.lower() in _RELATIVES:
        # parsed as a participant of its own, not as the object of "of" (which a participle
        # may rightly modify: "friends of a 16-year-old killed Friday")
        return noun.dep_ != "pobj"
    after = noun.i + 1
    if after < len(doc) and doc[after].tag_ == "POS":
        after += 1
    while after < len(doc) and doc[after].pos_ == "ADJ":
        after += 1
    return (
        after > noun.i + 1
        and after < len(doc)
        and doc[after].lemma_.lower() in _RELATIVES
        and doc[noun.i + 1].tag_ == "POS"
    )


_ALIVE_VERBS = frozenset({"survive", "recover"})


def alive_names(doc: Doc) -> frozenset[str]:
    """Lower-cased names ("betzida castillo") of people the report says are alive.

    "Gomez remains in critical condition", "she is expected to survive"
    (after Gomez), "Smith survived": the subject of a condition ("in stable
    condition") or of "survive" / "recover", when it is a name or a
    pronoun re-mentioning the person named just before.
    """
    out: set[str] = set()
    for tok in doc:
        lemma = tok.lemma_.lower()
        verb: Token | None = None
        if lemma in _ALIVE_VERBS and tok.pos_ == "VERB" and not _negated(tok):
            verb = tok
            while verb.dep_ in ("xcomp", "ccomp") and not _subjects(verb):
                verb = verb.head  # "she is expected to survive"
        elif lemma == "condition" and any(c.lower_ in CONDITION for c in tok.children):
            verb = tok.head
            for _ in range(3):
                if verb.pos_ in ("VERB", "AUX") or verb.head.i == verb.i:
                    break
                verb = verb.head
        if verb is None or _negated(verb):
            continue
        for subj in _subjects(verb):
            appos = [c for c in subj.children if c.dep_ == "appos" and c.pos_ == "PROPN"]
            if subj.pos_ == "PROPN" or appos:  # "Gomez", "her sister, Betzida Castillo,"
                name = subj if subj.pos_ == "PROPN" else appos[0]
                out.add(" ".join(t.lower_ for t in name.subtree if t.pos_ == "PROPN"))
            elif subj.lower_ in ("he", "she"):
                named = _last_name_before(doc, subj.i)
                if named:
                    out.add(named)
    return frozenset(out)


def alive(key: str, names: frozenset[str]) -> bool:
    """Is the victim keyed ``key`` ("name:gomez/diana") one of the ``names`` said to be alive?

    The surname must be there, and the given name too when the key has one
    and the name was written with one: "Betzida Castillo" being alive says
    nothing of her sister Ava Castillo.
    """
    surname, _, given = key[5:].partition("/")
    for name in names:
        words = name.split()
        if surname in words and (not given or len(words) == 1 or given in words):
            return True
    return False


def _subjects(verb: Token) -> list[Token]:
    return [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]


def _negated(tok: Token) -> bool:
    """ "didn't survive": no life told."""
    return any(c.dep_ == "neg" for c in tok.children)


def _last_name_before(doc: Doc, i: int) -> str | None:
    """The last PERSON named before token ``i`` in the same or previous sentence."""
    start = doc[i].sent.start
    if start > 0:
        start = doc[start - 1].sent.start
    for ent in reversed(doc.ents):
        if ent.label_ == "PERSON" and ent.end <= i and ent.start >= start:
            return " ".join(t.lower_ for t in ent)
    return None


_SHOOTER = frozenset({"suspect", "gunman", "shooter", "assailant", "killer", "gunmen"})


def shooter_names(doc: Doc) -> frozenset[str]:
    """Name keys ("name:henderson/cory") of people the report calls the shooter or suspect.

    "the suspect, Cory Henderson,", "Henderson, the gunman,", "suspect Cory
    Henderson": such a person fired the shots and is not among their
    victims, even where the parse makes them a patient of "shot".
    """
    out: set[str] = set()
    known = surnames(doc)
    for tok in doc:
        if tok.lemma_.lower() not in _SHOOTER or tok.pos_ not in ("NOUN", "PROPN"):
            continue
        names: list[Token] = []
        if tok.dep_ == "appos" and tok.head.pos_ == "PROPN":
            names.append(tok.head)  # "Henderson, the gunman,"
        names += [c for c in tok.children if c.dep_ == "appos" and c.pos_ == "PROPN"]
        if tok.dep_ == "compound" and tok.head.pos_ == "PROPN":
            names.append(tok.head)  # "suspect Cory Henderson"
        out.update(name_key(n, known) for n in names if n.ent_type_ == "PERSON")
    return frozenset(out)


_SELF_OBJECTS = frozenset({"himself", "herself", "themselves"})


def harming_people(doc: Doc) -> tuple[frozenset[str], frozenset[int]]:
    """People the report tells shot, killed or wounded someone else: name keys, tokens.

    "John Smith shot his wife ... Police then shot Smith": Smith is a victim
    too (the police shot him), but the wife he shot is someone else, never a
    re-mention of him; likewise "police killed a man who had shot his
    girlfriend". The doer is the subject of an active predicate with a
    person as its object (the noun a "who" stands for in a relative clause),
    or the agent of a passive one; a subject pronoun ("after he shot a
    clerk") stands for the last person named before it. The tokens are the
    doers' own mentions; the keys, the names among them and behind pronouns.
    """
    known = surnames(doc)
    names: set[str] = set()
    tokens: set[int] = set()
    for verb in doc:
        lemma = predicate_lemma(verb)
        if lemma not in SHOOT and lemma not in KILL and lemma not in INJURE:
            continue
        doers: list[Token] = []
        objects = [
            c
            for c in verb.children
            if c.dep_ == "dobj" and c.lower_ not in _SELF_OBJECTS and person_like(c)
        ]
        holder = verb
        while (
            holder.dep_ in ("conj", "advcl", "xcomp")
            and holder.head.i != holder.i
            and not any(c.dep_ in ("nsubj", "nsubjpass") for c in holder.children)
        ):
            holder = holder.head  # "John Smith shot and killed his wife": Smith's object too
        if objects:
            for subj in (c for c in holder.children if c.dep_ == "nsubj"):
                relative = subj.lower_ in ("who", "that") and holder.dep_ == "relcl"
                doers.append(holder.head if relative else subj)
        for agent in (c for c in verb.children if c.dep_ == "agent"):
            doers += [o for o in agent.children if o.dep_ == "pobj"]
        for doer in doers:
            tokens.add(doer.i)
            if doer.ent_type_ == "PERSON" and doer.pos_ == "PROPN":
                names.add(name_key(doer, known))
            elif doer.lower_ in ("he", "she"):
                named = _last_person_before(doc, doer.i)
                if named is not None:
                    names.add(name_key(named, known))
    return frozenset(names), frozenset(tokens)


def _last_person_before(doc: Doc, i: int) -> Token | None:
    """The person a subject pronoun at token ``i`` stands for, named in its sentence or the one
    before: the last one named as a subject ("Yashkus shot and killed Thompson. Then, he
    drove ...": Yashkus), else the last one named ("Police killed John Smith after he ...")."""
    start = doc[i].sent.start
    if start > 0:
        start = doc[start - 1].sent.start
    named = [
        ent.root
        for ent in doc.ents
        if ent.label_ == "PERSON" and ent.end <= i and ent.start >= start
    ]
    subjects = [t for t in named if t.dep_ in ("nsubj", "nsubjpass")]
    chosen = subjects or named
    return chosen[-1] if chosen else None


def same_person(key: str, keys: frozenset[str]) -> bool:
    """Is the name ``key`` ("name:smith/john") one of ``keys``, a surname alone matching?"""
    surname, _, given = key[5:].partition("/")
    for other in keys:
        their_surname, _, their_given = other[5:].partition("/")
        if surname == their_surname and (not given or not their_given or given == their_given):
            return True
    return False
