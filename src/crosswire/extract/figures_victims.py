"""Victims a report names or describes instead of counting them.

Local crime and conflict reporting often never states a toll: "Jane Doe,
25, was shot and killed; her brother was wounded", "a man was found dead".
The killed and injured measures must still be there, so each victim who is
the patient of a killing or wounding predicate becomes a derived figure of
1, spanning the words that describe the victim. The same victim is often
mentioned again ("Doe", "the woman"): named victims are told apart by
surname, described ones by their head noun, and the described ones count
only beyond the named ones (a description usually re-mentions a named
victim); someone shot and later killed counts once, as killed.

A description folds into an earlier one when nothing about them clashes
(gender, stated age, the ages the noun allows: "A 3-year-old boy" ... "the
toddler"), a given name into the full name it belongs to ("Braison" ->
"Braison Howard"), and only people are victims ("shot himself dead
center"). Victims of another incident ("in a separate shooting", a
"Related:" line, "the 2014 killing of ...") are left out, and a death the
report tells without a killing predicate ("a man's body was found",
"the homicide victim", "the coroner") makes the shot victim a killed one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from crosswire.extract.figures_numbers import parse_number

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["Victim", "derived_victims", "subject_casualty"]

_KILL = frozenset(
    ["kill", "murder", "slay", "execute", "die", "dead", "massacre", "behead", "strangle", "stab"]
)
_INJURE = frozenset(["injure", "wound", "hurt", "hospitalize", "hospitalise", "maim"])
_SHOOT = frozenset({"shoot"})
_ATTEMPT = frozenset(["try", "attempt", "threaten", "plan", "want", "intend", "vow", "fear"])
_PERSON_NOUNS = frozenset(
    [
        "man",
        "woman",
        "boy",
        "girl",
        "teen",
        "teenager",
        "child",
        "kid",
        "son",
        "daughter",
        "mother",
        "father",
        "brother",
        "sister",
        "wife",
        "husband",
        "victim",
        "person",
        "baby",
        "toddler",
        "infant",
        "student",
        "driver",
        "resident",
        "officer",
        "deputy",
        "trooper",
        "grandmother",
        "grandfather",
        "uncle",
        "aunt",
        "nephew",
        "niece",
        "cousin",
        "friend",
        "girlfriend",
        "boyfriend",
        "neighbor",
        "neighbour",
        "clerk",
        "employee",
        "worker",
        "customer",
        "passenger",
        "pedestrian",
        "bystander",
        "youth",
        "juvenile",
        "adult",
        "male",
        "female",
        "civilian",
        "soldier",
        "journalist",
        "guard",
        "owner",
        "security",
        # kin, roles and trades seen as victims in crime reports
        "homeowner",
        "ex",
        "stepson",
        "stepdaughter",
        "stepfather",
        "stepmother",
        "grandson",
        "granddaughter",
        "grandchild",
        "grandparent",
        "sibling",
        "relative",
        "parent",
        "mom",
        "dad",
        "partner",
        "fiance",
        "fiancee",
        "roommate",
        "coworker",
        "classmate",
        "citizen",
        "actor",
        "policeman",
        "policewoman",
        "hunter",
        "teacher",
        "player",
        "athlete",
        "rapper",
        "pastor",
        "patron",
        "tenant",
        "landlord",
        "cashier",
        "bartender",
        "motorist",
        "cyclist",
        "jogger",
        "runner",
        "shopkeeper",
        "homeless",
        "senior",
        "sophomore",
        "freshman",
        "junior",
        "mother-in-law",
        "father-in-law",
        "lady",
        "gentleman",
        "guy",
        "individual",
        "occupant",
    ]
)
_NOT_PEOPLE = frozenset(
    [
        "car",
        "vehicle",
        "house",
        "home",
        "window",
        "building",
        "store",
        "door",
        "wall",
        "truck",
        "bus",
        "tire",
        "round",
        "bullet",
        "shot",
        "dog",
        "cat",
        "horse",
        "animal",
        "deer",
        "bear",
        "gun",
        "weapon",
        "suspect",
        "gunman",
        "shooter",
        "robber",
        "attacker",
        "officer",
        "deputy",
        "trooper",
        "police",
        # events and wounds, not people: "the shooting death", "Alec's shooting death"
        "death",
        "shooting",
        "killing",
        "murder",
        "homicide",
        "incident",
        "attack",
        "crime",
        "case",
        "scene",
        "wound",
        "injury",
        "body",
        "fire",
        "gunfire",
    ]
)
_NOBODY = frozenset(["nobody", "none", "anyone", "anybody", "everyone", "everybody"])
_NOT_PRONOUNS = frozenset(
    ["it", "they", "them", "we", "us", "i", "me", "you", "this", "that", "which", "who"]
)
_GENERIC = frozenset({"victim", "person", "male", "female", "adult", "youth", "juvenile"})


@dataclass(frozen=True, slots=True)
class Victim:
    """One distinct victim: the words that describe them and what happened to them."""

    start: int
    end: int
    description: str
    key: str
    measure: str  # "killed" or "injured"
    predicate: Token


def _predicate_lemma(tok: Token) -> str:
    return tok.lemma_.lower()


def _fatal(verb: Token) -> bool:
    """Does this predicate (with its coordinated verbs and modifiers) say the victim died?"""
    group = [verb, *(c for c in verb.children if c.dep_ in ("conj", "oprd", "acomp", "xcomp"))]
    if verb.dep_ == "conj":
        group.append(verb.head)
    for tok in group:
        if _predicate_lemma(tok) in _KILL:
            return True
        for c in tok.children:
            if c.lower_ in ("fatally", "dead", "mortally") or (
                c.dep_ == "prep"
                and c.lower_ == "to"
                and any(g.lower_ == "death" for g in c.children)
            ):
                return True
    return False


_RANK = {"shot": 0, "injured": 1, "killed": 2}


def _hurt(verb: Token) -> bool:
    """Is a shooting predicate coordinated with an explicit injury ("shot and wounded")?"""
    group = [verb, *(c for c in verb.children if c.dep_ in ("conj", "xcomp", "oprd", "acomp"))]
    if verb.dep_ == "conj":
        group.append(verb.head)
    return any(_predicate_lemma(t) in _INJURE for t in group)


_CLIMB = frozenset({"conj", "xcomp", "oprd", "advcl", "acomp", "pcomp", "prep"})


def _patients(verb: Token) -> list[Token]:
    """The people a killing/wounding predicate happened to (not who did it).

    Subjects are inherited along coordinated and subordinate predicates:
    "was found shot and killed", "is recovering after being shot".
    """
    lemma = _predicate_lemma(verb)
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


_NOMINAL = {
    "murder": "killed",
    "killing": "killed",
    "death": "killed",
    "homicide": "killed",
    "body": "killed",  # "the body of a man was found"
}
_DEADLY = frozenset(["deadly", "fatal"])


def _nominal_victims(doc: Doc) -> list[tuple[Token, Token, str]]:
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
                if low in _NOMINAL:
                    out.append((obj, tok, _NOMINAL[low]))
                elif low == "victim" and any(
                    c.lower_ in _DEADLY for c in obj.children if c.dep_ == "amod"
                ):
                    out.append((tok, obj, "killed"))
    return out


def _skip(verb: Token) -> bool:
    if any(c.dep_ == "neg" for c in verb.children):
        return True
    head = verb.head if verb.dep_ in ("xcomp", "conj") else verb
    return any(_predicate_lemma(t) in _ATTEMPT for t in (head, verb.head))


def _describe(
    doc: Doc, noun: Token, surnames: dict[str, set[str]]
) -> tuple[int, int, str, str] | None:
    """(start, end, description, dedupe key) of a victim noun phrase, or None if not a person."""
    if noun.tag_ in ("NNS", "NNPS") or noun.lower_ in _NOT_PRONOUNS or noun.lower_ in _NOBODY:
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
    if noun.ent_type_ == "PERSON" or (noun.pos_ == "PROPN" and noun.lower_ in _person_words(doc)):
        surname = surnames.get(noun.lower_, ())
        word = next(iter(surname)) if len(surname) == 1 else noun.lower_
        return start, end, words, "name:" + word
    if noun.pos_ == "PRON":
        return start, end, words, "desc:person"
    aged = _AGE.search(words)
    if aged and aged.end() == len(words):  # "a 15-year-old is dead": a person by age alone
        return start, end, words, "desc:" + aged.group(0).lower().replace(" ", "-")
    if lemma in _NOT_PEOPLE or noun.pos_ != "NOUN":
        return None
    if noun.ent_type_ not in ("", "PERSON") and not (noun.is_lower and lemma in _PERSON_NOUNS):
        return None  # an entity's word, unless plainly a person noun ("DCistA bystander")
    if not noun.is_lower and noun.i > noun.sent.start:
        return None  # headline and page furniture, not a person described
    if not _person_like(noun):
        return None  # "shot himself dead center", "a pizza shop": not a person described
    key = "desc:person" if lemma in _GENERIC else "desc:" + lemma
    if any(c.lower_ in ("another", "other", "second", "third") for c in noun.children):
        key += f"#{noun.i}"  # "another man was wounded": a second man, not the first again
    return start, end, words, key


def _surnames(doc: Doc) -> dict[str, set[str]]:
    """Given names to the surnames they go with: "Braison" later is "Braison Howard" again."""
    out: dict[str, set[str]] = {}
    for ent in doc.ents:
        words = [t.lower_ for t in ent if t.is_alpha and not t.is_stop]
        if ent.label_ != "PERSON" or len(words) < 2:
            continue
        for w in words[:-1]:
            out.setdefault(w, set()).add(words[-1])
    return out


def _person_words(doc: Doc) -> frozenset[str]:
    """Words of the doc's PERSON entities: "Torres" is a name even where NER calls it a place."""
    return frozenset(t.lower_ for e in doc.ents if e.label_ == "PERSON" for t in e)


_CONDITION = frozenset(["critical", "stable", "serious", "grave", "fair"])
_SUFFER = frozenset(["suffer", "sustain", "receive", "treat"])


def _condition_victims(doc: Doc) -> list[tuple[Token, Token, str]]:
    """ "in critical condition", "suffered gunshot wounds": the subject was injured."""
    out: list[tuple[Token, Token, str]] = []
    for tok in doc:
        low = tok.lemma_.lower()
        hit = False
        if low == "condition" and any(c.lower_ in _CONDITION for c in tok.children):
            hit = True
        if low in ("wound", "injury") and tok.head.lemma_.lower() in _SUFFER:
            hit = True
        if low in ("wound", "injury") and tok.head.lower_ == "with" and tok.dep_ == "pobj":
            holder = tok.head.head  # "a man with a gunshot wound", "she's in hospital with wounds"
            if _person_like(holder):
                out.append((holder, tok, "injured"))
                continue
            while holder.dep_ in ("pobj", "prep") and holder.head.i != holder.i:
                holder = holder.head  # "found Duran on a bike path with gunshot wounds"
            found = [c for c in holder.children if c.dep_ == "dobj" and _person_like(c)]
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
        if verb.pos_ in ("VERB", "AUX") and subj and _person_like(subj[0]):
            out.append((subj[0], verb, "injured"))
    return out


_MALE = frozenset(
    [
        "man",
        "boy",
        "he",
        "him",
        "son",
        "father",
        "brother",
        "husband",
        "boyfriend",
        "uncle",
        "nephew",
        "male",
    ]
)
_FEMALE = frozenset(
    [
        "woman",
        "girl",
        "she",
        "her",
        "daughter",
        "mother",
        "sister",
        "wife",
        "girlfriend",
        "aunt",
        "niece",
        "female",
    ]
)


# the ages a person noun allows, in years: "the toddler" is not "the 15-year-old"
_AGE_CLASS: dict[str, tuple[float, float]] = {
    "baby": (0, 2),
    "infant": (0, 2),
    "toddler": (0, 4),
    "child": (0, 13),
    "kid": (0, 17),
    "boy": (0, 19),
    "girl": (0, 19),
    "teen": (12, 19),
    "teenager": (12, 19),
    "juvenile": (8, 18),
    "youth": (8, 24),
    "student": (4, 30),
    "man": (16, 120),
    "woman": (16, 120),
    "adult": (18, 120),
}
_AGE = re.compile(r"\b([\w.]+?)[- ](year|month|week|day)s?[- ]olds?\b", re.IGNORECASE)


@dataclass(slots=True)
class _Profile:
    """What the mentions of one victim say about them: gender, age, age range, position."""

    start: int
    gender: str | None
    age: float | None
    ages: tuple[float, float]
    verbs: set[int]

    def fits(self, other: _Profile) -> bool:
        """Could both describe one person (no clash of gender, age, age range or clause)?"""
        if self.verbs & other.verbs:
            return False  # "a man and a teenager were shot": two people
        if self.gender and other.gender and self.gender != other.gender:
            return False
        if self.age is not None and other.age is not None and self.age != other.age:
            return False
        lo, hi = max(self.ages[0], other.ages[0]), min(self.ages[1], other.ages[1])
        return lo <= hi and all(a is None or lo <= a <= hi for a in (self.age, other.age))

    def absorb(self, other: _Profile) -> None:
        self.start = min(self.start, other.start)
        self.gender = self.gender or other.gender
        self.age = self.age if self.age is not None else other.age
        lo, hi = max(self.ages[0], other.ages[0]), min(self.ages[1], other.ages[1])
        self.ages = (lo, hi) if lo <= hi else self.ages
        self.verbs |= other.verbs


def _profile(doc: Doc, noun: Token, start: int, verb: Token) -> _Profile:
    """The profile of one victim mention: "A 3-year-old boy", "Darin Booker, 13"."""
    lemma = noun.lemma_.lower()
    gender = "m" if noun.lower_ in _MALE or lemma in _MALE else None
    gender = "f" if noun.lower_ in _FEMALE or lemma in _FEMALE else gender
    age: float | None = None
    window = doc.text[noun.left_edge.idx : noun.idx + len(noun.text)]
    m = _AGE.search(window)
    if m:
        n = parse_number(m.group(1).replace("-", " ").strip())
        if n is not None:
            age = n if m.group(2).lower() == "year" else 0.0
    elif noun.i + 2 < len(doc) and doc[noun.i + 1].text == "," and doc[noun.i + 2].like_num:
        n = parse_number(doc[noun.i + 2].text)  # "Darin Booker, 13,"
        if n is not None and 0 < n < 110:
            age = n
    ages = _AGE_CLASS.get(lemma, (0.0, 120.0))
    return _Profile(start, gender, age, ages, {verb.i})


def _person_like(tok: Token) -> bool:
    """Is this token plainly a person (a name, he/she, a person noun, "the 15-year-old")?"""
    if tok.lower_ in ("he", "she", "him", "her") or tok.ent_type_ == "PERSON":
        return True
    if tok.pos_ == "PROPN":
        return tok.lower_ in _person_words(tok.doc)
    if tok.pos_ != "NOUN":
        return False
    if tok.lemma_.lower() in _PERSON_NOUNS or tok.lower_ in ("old", "year-old"):
        return True
    return any(t.lower_ in ("old", "year-old") for t in tok.subtree if t.i < tok.i)


def _gender(key: str) -> str | None:
    word = key.split(":", 1)[-1].split("#")[0]
    return "m" if word in _MALE else "f" if word in _FEMALE else None


def _definite(noun: Token) -> bool:
    """ "the victim", "the child", "he": a re-mention, not a new person."""
    if noun.pos_ == "PRON":
        return True
    return any(c.dep_ == "det" and c.lower_ in ("the", "this", "that") for c in noun.children)


def _merge_descriptions(seen: dict[str, Victim], profiles: dict[str, _Profile]) -> None:
    """Fold descriptions of one person together: "A 3-year-old boy" ... "the toddler".

    Descriptions with different head nouns are one victim when nothing
    about them clashes (gender, stated age, the ages the noun allows, and
    not two patients of one predicate). "another"/"second" descriptions
    ("another man was wounded") never fold into an earlier victim.
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
            if "#" in key or not theirs.fits(mine):
                continue
            theirs.absorb(mine)
            kept, gone = seen[other], seen.pop(key)
            if _RANK[gone.measure] > _RANK[kept.measure]:
                seen[other] = Victim(
                    kept.start, kept.end, kept.description, other, gone.measure, gone.predicate
                )
            break


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
_INCIDENT_BEFORE = re.compile(
    r"\b(?:reminded|recalled|similar|previous|earlier|prior|another|last)\b", re.IGNORECASE
)
_ELSEWHERE = re.compile(
    r"\b(?:separate|unrelated) (?:incidents?|shootings?|cases?|attacks?)\b|^\W*related\b\s*:",
    re.IGNORECASE,
)
_LONG_AGO = re.compile(r"\b(?:years|decades) (?:ago|earlier|before)\b", re.IGNORECASE)


def _background(sent: Span, verb: Token, year: int | None) -> bool:
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


_DEATH_NOUNS = frozenset(["autopsy", "coroner", "homicide", "body", "obituary", "funeral"])


def _a_body(tok: Token) -> bool:
    """ "the body of a man", "a body was found": a dead person, not "body armor"."""
    if any(c.lower_ == "of" for c in tok.children):
        return True
    return tok.dep_ in ("nsubjpass", "dobj") and tok.head.lemma_.lower() in ("find", "discover")


def _death_told(doc: Doc) -> bool:
    """Does the report say, without a killing predicate, that someone died?

    "a man's body was found", "the homicide victim", "an autopsy is
    scheduled", "the coroner said", "a deadly shooting".
    """
    for tok in doc:
        low = tok.lemma_.lower()
        if tok.pos_ == "NOUN" and low in _DEATH_NOUNS and (low != "body" or _a_body(tok)):
            return True
        if low in _DEADLY and tok.head.lemma_.lower() in ("shooting", "shot", "attack"):
            return True
        if low == "examiner" and any(c.lower_ == "medical" for c in tok.children):
            return True
    return False


def derived_victims(
    doc: Doc, explicit: list[tuple[int, int]], year: int | None = None
) -> list[Victim]:
    """Distinct victims described (not counted) in ``doc``, killed before injured.

    ``explicit`` are the spans of explicit figures; a victim phrase that
    contains one ("two men") is counted there, not here. ``year`` is the
    report's year: a victim in a sentence dated two or more years earlier
    (or "years ago") belongs to an earlier incident, not this report's.
    """
    seen: dict[str, Victim] = {}
    cands: list[tuple[Token, Token, str]] = []
    for tok in doc:
        lemma = _predicate_lemma(tok)
        if lemma not in _KILL and lemma not in _INJURE and lemma not in _SHOOT:
            continue
        if tok.pos_ not in ("VERB", "ADJ") or _skip(tok):
            continue
        if _fatal(tok):
            measure = "killed"
        elif lemma in _SHOOT and not _hurt(tok):
            measure = "shot"  # shot, outcome not stated: injured unless they are a killed victim
        else:
            measure = "injured"
        for noun in _patients(tok):
            died = any(
                c.dep_ in ("relcl", "acl") and _predicate_lemma(c) in _KILL for c in noun.children
            )
            cands.append((noun, tok, "killed" if died else measure))
    cands.extend(_nominal_victims(doc))
    cands.extend(_condition_victims(doc))
    cands.sort(key=lambda c: c[0].i)
    definite: set[str] = set()
    surnames = _surnames(doc)
    profiles: dict[str, _Profile] = {}
    for noun, tok, measure in cands:
        if _background(noun.sent, tok, year):
            continue
        desc = _describe(doc, noun, surnames)
        if desc is None:
            continue
        start, end, words, key = desc
        if any(s < end and start < e for s, e in explicit):
            continue
        if key.startswith("desc:") and key not in seen and _definite(noun):
            definite.add(key)
        prof = _profile(doc, noun, start, tok)
        if key in profiles:
            profiles[key].absorb(prof)
        else:
            profiles[key] = prof
        prior = seen.get(key)
        if prior is None:
            seen[key] = Victim(start, end, words, key, measure, tok)
        elif _RANK[measure] > _RANK[prior.measure]:
            # shot, then died: one victim, killed; keep the first description's span
            seen[key] = Victim(prior.start, prior.end, prior.description, key, measure, tok)
    _merge_descriptions(seen, profiles)
    named_hurt = [
        v for v in seen.values() if v.key.startswith("name:") and v.measure in ("injured", "shot")
    ]
    for v in sorted(seen.values(), key=lambda v: v.start):
        if v.key.startswith("desc:") and v.measure == "killed" and named_hurt:
            n = named_hurt.pop(0)  # "a man was shot and killed ... Jones was shot": one man
            seen[n.key] = Victim(n.start, n.end, n.description, n.key, "killed", v.predicate)
            del seen[v.key]
    generic_death = seen.get("desc:person")
    if generic_death is not None and generic_death.measure == "killed":
        others = [v for v in seen.values() if v.key != "desc:person"]
        if any(v.measure == "killed" for v in others):
            del seen["desc:person"]  # "he died": the victim already counted as killed
        else:
            hurt = sorted((v for v in others if v.measure != "killed"), key=lambda v: v.start)
            if hurt:  # "a man with a gunshot wound ... he later died": one man, killed
                h = hurt[0]
                seen[h.key] = Victim(h.start, h.end, h.description, h.key, "killed", h.predicate)
                del seen["desc:person"]
    killed = [v for v in seen.values() if v.measure == "killed"]
    for key in [k for k, v in seen.items() if v.measure != "killed" and k in definite]:
        g = _gender(key)
        if any(_gender(k.key) in (None, g) or g is None for k in killed):
            del seen[key]  # "the child was airlifted with injuries" after "his sister was killed"
    if seen and not any(v.measure == "killed" for v in seen.values()) and _death_told(doc):
        shot = sorted(
            (v for v in seen.values() if v.measure == "shot" or v.predicate.pos_ == "NOUN"),
            key=lambda v: v.start,
        )
        if shot:  # "a man's body was found ... the victim had been shot": he was killed
            v = shot[0]
            seen[v.key] = Victim(v.start, v.end, v.description, v.key, "killed", v.predicate)
    killed_any = any(v.measure == "killed" for v in seen.values())
    for v in list(seen.values()):
        if v.measure != "shot":
            continue
        if v.key.startswith("desc:") and (killed_any or (v.key == "desc:person" and len(seen) > 1)):
            # "the victim had been shot", "his son was shot": a re-mention of the one who died
            del seen[v.key]
            continue
        seen[v.key] = Victim(v.start, v.end, v.description, v.key, "injured", v.predicate)
    out: list[Victim] = []
    for measure in ("killed", "injured"):
        named = [v for v in seen.values() if v.measure == measure and v.key.startswith("name:")]
        described = [v for v in seen.values() if v.measure == measure and v.key.startswith("desc:")]
        specific = [v for v in described if v.key != "desc:person"]
        if not specific:
            specific = described[:1]
        extra = max(0, len(specific) - len(named))
        out.extend(named)
        out.extend(sorted(specific, key=lambda v: v.start)[:extra])
    return sorted(out, key=lambda v: v.start)


def subject_casualty(subject: Token) -> str | None:
    """What happened to the subject of a clause: killed, injured, shot, or None.

    "Both were shot and killed" -> killed; "both are listed in critical
    condition" -> injured; "both men were shot" -> shot (outcome unstated).
    """
    verb = subject.head
    if subject.dep_ not in ("nsubj", "nsubjpass") or _skip(verb):
        return None
    lemma = _predicate_lemma(verb)
    if lemma in _KILL or lemma in _INJURE or lemma in _SHOOT:
        if _fatal(verb):
            return "killed"
        return "shot" if lemma in _SHOOT and not _hurt(verb) else "injured"
    for tok in verb.subtree:
        if tok.lemma_.lower() == "condition" and any(c.lower_ in _CONDITION for c in tok.children):
            return "injured"
    return None
