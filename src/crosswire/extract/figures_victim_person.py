"""Is a token a person, and which one: names, their dedupe keys, person words.

Victim finding (:mod:`~crosswire.extract.figures_victim_mentions`) asks two
questions of a noun the parser hands a killing or wounding predicate: is it a
person at all ("a pizza shop" is not; "Torres" is, wherever NER put it), and
which person, so that "Hank Mata", "Mata" and "Mark Mata" are told apart
and brought together right. Both answers are kept here, apart from the
predicates that find the nouns.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.figures_victim_words import AGE, PERSON_NOUNS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "bare_name",
    "described_person",
    "elliptic",
    "name_key",
    "person_like",
    "person_words",
    "surnames",
    "weak_name",
]


_SUFFIXES = frozenset({"sr", "jr", "ii", "iii", "iv"})


#: words before a name that are not a given name: "Mr Green", "Junior Kaitlyn Pullam"
_TITLES = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "miss",
        "dr",
        "officer",
        "deputy",
        "sgt",
        "sergeant",
        "detective",
        "trooper",
        "junior",
        "senior",
        "sophomore",
        "freshman",
        "pastor",
        "rev",
        "reverend",
    ]
)


def name_key(noun: Token, surnames: dict[str, set[str]]) -> str:
    """The dedupe key of a named victim: surname and given name ("name:mata/hank").

    Family members share a surname ("Mark Mata ... Hank Mata"), so the
    given name is part of the key when it is written; a given name alone
    takes the surname it was written with earlier ("Braison" -> "Braison
    Howard"); a surname alone stays "name:mata" and is folded into the
    full name it re-mentions when the victims are counted.
    """
    if noun.lower_.rstrip(".") in _SUFFIXES:
        names = [
            c
            for c in noun.children
            if c.dep_ in ("compound", "flat") and c.i < noun.i and c.is_alpha
        ]
        if names:  # "Joshua Hawkins Sr.": the surname is Hawkins
            rest = [n.lower_ for n in names]
            return f"name:{rest[-1]}/{rest[0]}" if len(rest) > 1 else f"name:{rest[0]}"
    given = [
        c
        for c in noun.children
        if c.dep_ in ("compound", "flat")
        and c.pos_ == "PROPN"
        and c.i < noun.i
        and c.is_alpha
        and c.lower_.rstrip(".") not in _TITLES
    ]
    if given:
        return f"name:{noun.lower_}/{given[0].lower_}"
    surname = surnames.get(noun.lower_, set())
    if len(surname) == 1:
        return f"name:{next(iter(surname))}/{noun.lower_}"
    return "name:" + noun.lower_


def described_person(noun: Token) -> bool:
    """Does the text itself say this proper noun is a person, whatever NER called it?

    An age ("38-year-old Goldie Long", "Darin Booker, 13,") or an appositive
    person noun ("Calvin Santiago, a 19-year-old black male") is evidence
    no place or company name carries.
    """
    doc = noun.doc
    if any(t.lower_ in ("old", "year-old") for t in noun.subtree if t.i < noun.i):
        return True
    for c in noun.children:
        if c.dep_ == "appos" and (c.lemma_.lower() in PERSON_NOUNS or AGE.search(c.text)):
            return True
        if c.dep_ == "appos" and any(t.lower_ in ("old", "year-old") for t in c.subtree):
            return True
    i = noun.i
    if i + 2 < len(doc) and doc[i + 1].text == "," and doc[i + 2].like_num:
        after = doc[i + 3].text if i + 3 < len(doc) else ""
        age = doc[i + 2].text
        return after in (",", ".", ";", "") and age.isdigit() and 0 < int(age) < 110
    return False


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


_ELLIPTIC = frozenset({"another", "second", "third"})


def elliptic(tok: Token) -> bool:
    """ "one person died and a second was injured", "one dead and another wounded".

    "another" / "a second" standing alone as a clause's participant (not
    modifying a noun) is one more person, distinct from the one before.
    """
    return (
        tok.lower_ in _ELLIPTIC
        and tok.pos_ in ("ADJ", "PRON", "DET", "NOUN")
        and (
            tok.dep_ in ("nsubj", "nsubjpass", "dobj", "conj")
            or (tok.dep_ == "dep" and any(c.dep_ == "prep" for c in tok.children))
            or (tok.dep_ == "det" and tok.head.tag_ == "VBN" and tok.head.i == tok.i + 1)
        )
    )


def person_like(tok: Token) -> bool:
    """Is this token plainly a person (a name, he/she, a person noun, "the 15-year-old")?"""
    if tok.lower_ in ("he", "she", "him", "her") or tok.ent_type_ == "PERSON" or elliptic(tok):
        return True
    if tok.pos_ == "PROPN":
        return tok.lower_ in person_words(tok.doc) or described_person(tok) or bare_name(tok)
    if tok.pos_ != "NOUN":
        return False
    if tok.lemma_.lower() in PERSON_NOUNS or tok.lower_ in ("old", "year-old"):
        return True
    return any(t.lower_ in ("old", "year-old") for t in tok.subtree if t.i < tok.i)


def bare_name(noun: Token) -> bool:
    """Is a proper noun a person's full name, though NER called it something else?

    "Tasha Green was treated and released": a given name and a surname,
    title-case in a sentence that is not a headline, with no article before
    them ("the Green Company"), standing as the subject of what befell
    someone (or coordinated with a named person: "Marcus Brown ... and
    Tasha Green were shot"). Companies, places and teams are rarely shot,
    treated or killed; their names end in words that say what they are.
    """
    if noun.pos_ != "PROPN" or noun.ent_type_ not in ("", "ORG", "PERSON"):
        return False
    if noun.dep_ == "conj":
        first = noun.head
        if not (
            first.ent_type_ == "PERSON"
            or first.lower_ in person_words(noun.doc)
            or bare_name(first)
        ):
            return False
    elif noun.dep_ not in ("nsubj", "nsubjpass"):
        return False
    given = [c for c in noun.children if c.dep_ == "compound" and c.i < noun.i]
    words = [*given, noun]
    if len(given) not in (1, 2) or any(c.dep_ == "det" for c in noun.children):
        return False
    if words[-1].i - words[0].i != len(given):
        return False  # the words of the name run together, nothing between them
    if any(
        not t.is_alpha or not t.is_title or t.pos_ != "PROPN" or t.lower_ in _NOT_NAME_WORDS
        for t in words
    ):
        return False
    # not a title-case headline: the clause has lower-case words ("was treated and released");
    # its subtree, not the sentence, which spaCy finds by walking the whole document
    clause = noun
    while clause.dep_ == "conj" and clause.head.i != clause.i:
        clause = clause.head  # "Marcus Brown and Tasha Green were shot": the clause of both
    return sum(1 for t in clause.head.subtree if t.is_alpha and t.is_lower) >= 2


def weak_name(noun: Token) -> bool:
    """Is ``noun`` a person only by :func:`bare_name` (no NER, age or person noun says so)?

    Such a name right after a sentence about another incident's victim is
    taken to go on about that victim, not to bring in one of this report.
    """
    return (
        noun.ent_type_ != "PERSON"
        and noun.lower_ not in person_words(noun.doc)
        and not described_person(noun)
        and bare_name(noun)
    )


#: words that end or start the names of organisations and places, never a person's
_NOT_NAME_WORDS = frozenset(
    [
        "inc",
        "corp",
        "co",
        "company",
        "group",
        "bank",
        "school",
        "church",
        "center",
        "centre",
        "park",
        "county",
        "city",
        "street",
        "hospital",
        "police",
        "department",
        "university",
        "college",
        "news",
        "times",
        "post",
        "club",
        "team",
        "restaurant",
        "bar",
        "apartments",
        "motors",
        "airlines",
        "market",
        "store",
        "mall",
        "academy",
        "institute",
        "council",
        "committee",
        "party",
        "association",
        "union",
        "museum",
        "library",
        "station",
        "airport",
        "house",
        "hall",
        "office",
        "court",
        "agency",
        "service",
        "services",
        "church",
        "temple",
        "mosque",
        "high",
        "middle",
        "elementary",
        "state",
        "national",
        "united",
        "american",
        "north",
        "south",
        "east",
        "west",
        "new",
    ]
)
