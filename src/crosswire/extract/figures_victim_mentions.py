"""Finding victim mentions in a parse: who a killing, wounding or shooting happened to.

Each candidate is (the victim's noun, the predicate or noun that says what
happened, the measure: killed / injured / shot). Candidates come from
predicates ("was shot and killed"), nominals ("the murder of a pizza shop
worker") and conditions ("in critical condition", "with a gunshot
wound"); :func:`describe_victim` turns a noun into a span and a key that
the coreference step (:mod:`crosswire.extract.figures_victim_coref`) uses
to tell victims apart. Mentions of another incident (:func:`background`)
and deaths told without a killing predicate (:func:`death_told`) are
recognised here too.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_words import (
    AGE,
    ATTEMPT,
    CONDITION,
    DEADLY,
    DEATH_NOUNS,
    GENERIC,
    INJURE,
    KILL,
    NOBODY,
    NOMINAL,
    NOT_PEOPLE,
    NOT_PRONOUNS,
    PERSON_NOUNS,
    SHOOT,
    SUFFER,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "background",
    "condition_victims",
    "death_told",
    "describe_victim",
    "fatal",
    "hurt",
    "nominal_victims",
    "patients",
    "person_like",
    "person_words",
    "predicate_lemma",
    "skip_predicate",
    "subject_casualty",
    "surnames",
]


def predicate_lemma(tok: Token) -> str:
    return tok.lemma_.lower()


def fatal(verb: Token) -> bool:
    """Does this predicate (with its coordinated verbs and modifiers) say the victim died?"""
    group = [verb, *(c for c in verb.children if c.dep_ in ("conj", "oprd", "acomp", "xcomp"))]
    if verb.dep_ == "conj":
        group.append(verb.head)
    for tok in group:
        if predicate_lemma(tok) in KILL:
            return True
        for c in tok.children:
            if c.lower_ in ("fatally", "dead", "mortally") or (
                c.dep_ == "prep"
                and c.lower_ == "to"
                and any(g.lower_ == "death" for g in c.children)
            ):
                return True
    return False


def hurt(verb: Token) -> bool:
    """Is a shooting predicate coordinated with an explicit injury ("shot and wounded")?"""
    group = [verb, *(c for c in verb.children if c.dep_ in ("conj", "xcomp", "oprd", "acomp"))]
    if verb.dep_ == "conj":
        group.append(verb.head)
    return any(predicate_lemma(t) in INJURE for t in group)


_CLIMB = frozenset({"conj", "xcomp", "oprd", "advcl", "acomp", "pcomp", "prep"})


def patients(verb: Token) -> list[Token]:
    """The people a killing/wounding predicate happened to (not who did it).

    Subjects are inherited along coordinated and subordinate predicates:
    "was found shot and killed", "is recovering after being shot".
    """
    lemma = predicate_lemma(verb)
    intransitive = lemma in ("die", "dead") or verb.tag_ == "VBN"
    deps = ("nsubj", "nsubjpass") if lemma in ("die", "dead") else ("nsubjpass", "dobj")
    found = [c for c in verb.children if c.dep_ in deps]
    if not found and verb.tag_ == "VBN" and verb.dep_ in ("ccomp", "xcomp", "oprd"):
        found = [c for c in verb.children if c.dep_ == "nsubj"]  # "found a man shot in the leg"
    holder = verb
    for _ in range(3):
        if found or holder.dep_ not in _CLIMB or holder.head.i == holder.i:
            break
        holder = holder.head
        want = ("nsubj", "nsubjpass") if intransitive else ("nsubjpass",)
        found = [c for c in holder.children if c.dep_ in want]
    if verb.dep_ == "amod" and verb.head.pos_ in ("NOUN", "PROPN"):
        found = [verb.head]  # "its wounded driver", "the dead man"
    elif verb.dep_ == "acl" and verb.tag_ == "VBN" and verb.head.pos_ in ("NOUN", "PROPN"):
        found = [verb.head]  # "a man shot inside a restaurant", "girl shot at party dies"
    out: list[Token] = []
    for f in found:
        out.append(f)
        out.extend(c for c in f.children if c.dep_ == "conj")
    return out


def nominal_victims(doc: Doc) -> list[tuple[Token, Token, str]]:
    """ "the murder of a pizza shop worker", "the victim of a deadly shooting"."""
    out: list[tuple[Token, Token, str]] = []
    for tok in doc:
        low = tok.lemma_.lower()
        if tok.pos_ != "NOUN":
            continue
        for prep in tok.children:
            if prep.dep_ != "prep" or prep.lower_ != "of":
                continue
            for obj in prep.children:
                if obj.dep_ != "pobj":
                    continue
                if low in NOMINAL:
                    out.append((obj, tok, NOMINAL[low]))
                elif low == "victim" and any(
                    c.lower_ in DEADLY for c in obj.children if c.dep_ == "amod"
                ):
                    out.append((tok, obj, "killed"))
    return out


def skip_predicate(verb: Token) -> bool:
    if any(c.dep_ == "neg" for c in verb.children):
        return True
    head = verb.head if verb.dep_ in ("xcomp", "conj") else verb
    return any(predicate_lemma(t) in ATTEMPT for t in (head, verb.head))


def describe_victim(
    doc: Doc, noun: Token, surnames: dict[str, set[str]]
) -> tuple[int, int, str, str] | None:
    """(start, end, description, dedupe key) of a victim noun phrase, or None if not a person."""
    if noun.tag_ in ("NNS", "NNPS") or noun.lower_ in NOT_PRONOUNS or noun.lower_ in NOBODY:
        return None
    if any(c.lower_ == "no" for c in noun.children if c.dep_ == "det"):
        return None  # "no one was hurt"
    if noun.pos_ == "PRON" and noun.lower_ not in ("he", "she", "him", "her"):
        return None
    if any(t.like_num for t in noun.lefts if t.dep_ == "nummod"):
        return None  # "two men": an explicit figure already counts them
    lemma = noun.lemma_.lower()
    left = noun.left_edge.i
    while left < noun.i and doc[left].dep_ in ("punct", "cc"):
        left += 1
    right = noun.i
    for child in noun.children:
        if child.dep_ in ("compound", "flat") and child.i > right:
            right = child.i
    start, end = doc[left].idx, doc[right].idx + len(doc[right].text)
    words = doc.text[start:end]
    if noun.ent_type_ == "PERSON" or (noun.pos_ == "PROPN" and noun.lower_ in person_words(doc)):
        surname = surnames.get(noun.lower_, ())
        word = next(iter(surname)) if len(surname) == 1 else noun.lower_
        return start, end, words, "name:" + word
    if noun.pos_ == "PRON":
        return start, end, words, "desc:person"
    aged = AGE.search(words)
    if aged and aged.end() == len(words):  # "a 15-year-old is dead": a person by age alone
        return start, end, words, "desc:" + aged.group(0).lower().replace(" ", "-")
    if lemma in NOT_PEOPLE or noun.pos_ != "NOUN":
        return None
    if noun.ent_type_ not in ("", "PERSON") and not (noun.is_lower and lemma in PERSON_NOUNS):
        return None  # an entity's word, unless plainly a person noun ("DCistA bystander")
    if not noun.is_lower and noun.i > noun.sent.start:
        return None  # headline and page furniture, not a person described
    if not person_like(noun):
        return None  # "shot himself dead center", "a pizza shop": not a person described
    key = "desc:person" if lemma in GENERIC else "desc:" + lemma
    if any(c.lower_ in ("another", "other", "second", "third") for c in noun.children):
        key += f"#{noun.i}"  # "another man was wounded": a second man, not the first again
    return start, end, words, key


def surnames(doc: Doc) -> dict[str, set[str]]:
    """Given names to the surnames they go with: "Braison" later is "Braison Howard" again."""
    out: dict[str, set[str]] = {}
    for ent in doc.ents:
        words = [t.lower_ for t in ent if t.is_alpha and not t.is_stop]
        if ent.label_ != "PERSON" or len(words) < 2:
            continue
        for w in words[:-1]:
            out.setdefault(w, set()).add(words[-1])
    return out


def person_words(doc: Doc) -> frozenset[str]:
    """Words of the doc's PERSON entities: "Torres" is a name even where NER calls it a place."""
    return frozenset(t.lower_ for e in doc.ents if e.label_ == "PERSON" for t in e)


def condition_victims(doc: Doc) -> list[tuple[Token, Token, str]]:
    """ "in critical condition", "suffered gunshot wounds": the subject was injured."""
    out: list[tuple[Token, Token, str]] = []
    for tok in doc:
        low = tok.lemma_.lower()
        hit = False
        if low == "condition" and any(c.lower_ in CONDITION for c in tok.children):
            hit = True
        if low in ("wound", "injury") and tok.head.lemma_.lower() in SUFFER:
            hit = True
        if low in ("wound", "injury") and tok.head.lower_ == "with" and tok.dep_ == "pobj":
            holder = tok.head.head  # "a man with a gunshot wound", "she's in hospital with wounds"
            if person_like(holder):
                out.append((holder, tok, "injured"))
                continue
            while holder.dep_ in ("pobj", "prep") and holder.head.i != holder.i:
                holder = holder.head  # "found Duran on a bike path with gunshot wounds"
            found = [c for c in holder.children if c.dep_ == "dobj" and person_like(c)]
            if found:
                out.append((found[0], tok, "injured"))
                continue
            hit = True
        if not hit:
            continue
        verb = tok
        for _ in range(4):
            if verb.pos_ in ("VERB", "AUX") or verb.head.i == verb.i:
                break
            verb = verb.head
        subj = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
        if verb.lemma_.lower() == "leave":  # "a shooting that left a man in critical condition"
            subj = [c for c in verb.children if c.dep_ == "dobj"]
        if verb.pos_ in ("VERB", "AUX") and subj and person_like(subj[0]):
            out.append((subj[0], verb, "injured"))
    return out


def person_like(tok: Token) -> bool:
    """Is this token plainly a person (a name, he/she, a person noun, "the 15-year-old")?"""
    if tok.lower_ in ("he", "she", "him", "her") or tok.ent_type_ == "PERSON":
        return True
    if tok.pos_ == "PROPN":
        return tok.lower_ in person_words(tok.doc)
    if tok.pos_ != "NOUN":
        return False
    if tok.lemma_.lower() in PERSON_NOUNS or tok.lower_ in ("old", "year-old"):
        return True
    return any(t.lower_ in ("old", "year-old") for t in tok.subtree if t.i < tok.i)


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_INCIDENT_BEFORE = re.compile(
    r"\b(?:reminded|recalled|similar|previous|earlier|prior|another|last)\b", re.IGNORECASE
)
_ELSEWHERE = re.compile(
    r"\b(?:separate|unrelated) (?:incidents?|shootings?|cases?|attacks?)\b|^\W*related\b\s*:",
    re.IGNORECASE,
)
_LONG_AGO = re.compile(r"\b(?:years|decades) (?:ago|earlier|before)\b", re.IGNORECASE)


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
    dated = [t.text for c in verb.children for t in (c, *c.children) if _YEAR.fullmatch(t.text)]
    if any(int(y) <= year - 2 for y in dated):
        return True
    if not _INCIDENT_BEFORE.search(sent.text):
        return False
    return any(int(y) <= year - 2 for y in _YEAR.findall(sent.text))


def _a_body(tok: Token) -> bool:
    """ "the body of a man", "a body was found": a dead person, not "body armor"."""
    if any(c.lower_ == "of" for c in tok.children):
        return True
    return tok.dep_ in ("nsubjpass", "dobj") and tok.head.lemma_.lower() in ("find", "discover")


def death_told(doc: Doc) -> bool:
    """Does the report say, without a killing predicate, that someone died?

    "a man's body was found", "the homicide victim", "an autopsy is
    scheduled", "the coroner said", "a deadly shooting".
    """
    for tok in doc:
        low = tok.lemma_.lower()
        if tok.pos_ == "NOUN" and low in DEATH_NOUNS and (low != "body" or _a_body(tok)):
            return True
        if low in DEADLY and tok.head.lemma_.lower() in ("shooting", "shot", "attack"):
            return True
        if low == "examiner" and any(c.lower_ == "medical" for c in tok.children):
            return True
    return False


def subject_casualty(subject: Token) -> str | None:
    """What happened to the subject of a clause: killed, injured, shot, or None.

    "Both were shot and killed" -> killed; "both are listed in critical
    condition" -> injured; "both men were shot" -> shot (outcome unstated).
    """
    verb = subject.head
    if subject.dep_ not in ("nsubj", "nsubjpass") or skip_predicate(verb):
        return None
    lemma = predicate_lemma(verb)
    if lemma in KILL or lemma in INJURE or lemma in SHOOT:
        if fatal(verb):
            return "killed"
        return "shot" if lemma in SHOOT and not hurt(verb) else "injured"
    for tok in verb.subtree:
        if tok.lemma_.lower() == "condition" and any(c.lower_ in CONDITION for c in tok.children):
            return "injured"
    return None
