"""Bare numbers that are the value of a toll: "the death toll rose above 35,000",
"Death toll passes 11,000", "the number of dead has risen to more than 3,300", "put the
toll at 2,274", and the parts of a toll told elliptically: "2,662 deaths have been
confirmed - 1,262 in government-held areas ..., and 1,400 in the north-west", "more than
5,700 deaths have been reported, including 1,414 in government-held areas".

The number has no counted noun of its own, so the counted-noun rules leave it untracked;
what it counts is the noun it is set equal to (the toll, the number of dead) or the
counted noun of the figure it breaks down.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.figures_context_words import (
    measure_words,
    noun_measures,
    people,
    verb_measures,
)

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = ["toll_measure"]

_TOLL_PREPS = frozenset(
    {"to", "above", "past", "at", "beyond", "over", "near", "around", "from", "for"}
)
_TALLY = frozenset({"number", "tally", "count", "figure", "total"})
_OF_DEAD = frozenset({"dead", "deaths", "death", "killed", "fatalities", "victims", "bodies"})
#: Adjectives standing for people by what befell them ("the number of injured climbed to 934").
_OF_PEOPLE_BY_STATE = {
    "injured": "injured",
    "wounded": "injured",
    "missing": "missing",
    "displaced": "displaced",
    "homeless": "displaced",
    "evacuated": "evacuated",
}
_TOLL_KIND = {"injury": "injured", "casualty": "casualties", "wounded": "injured"}
_BREAKDOWN = frozenset({"oprd", "conj", "appos", "npadvmod", "dobj", "attr"})
_ESTIMATE = frozenset({"put", "place", "estimate", "set", "fix"})
_MAX_CLIMB = 4


def _toll_noun(noun: Token) -> str | None:
    """The measure a toll-like noun stands for: "death toll", "the number of dead", "the
    count of evacuees", and a measure noun with no number of its own standing for its
    tally: "deaths had risen to 273", "fatalities climbed to 40"."""
    lemma = noun.lemma_.lower()
    if noun.tag_ in ("NNS", "NNPS") and not any(c.dep_ == "nummod" for c in noun.children):
        table = noun_measures()
        if (m := table.get(noun.lower_) or table.get(lemma)) and m != "population":
            return m
    mods = {c.lemma_.lower() for c in noun.children if c.dep_ in ("compound", "amod", "nmod")}
    if lemma == "toll":
        for word, measure in _TOLL_KIND.items():
            if word in mods:
                return measure
        return "killed"
    if lemma in _TALLY:
        if mods & {"death", "fatality"}:
            return "killed"
        for child in noun.children:
            if child.dep_ == "prep" and child.lower_ == "of":
                obj = next((o for o in child.children if o.dep_ == "pobj"), None)
                if obj is not None and obj.lower_ in _OF_DEAD:
                    return "killed"
                if obj is not None and obj.lower_ in _OF_PEOPLE_BY_STATE:
                    return _OF_PEOPLE_BY_STATE[obj.lower_]  # "the number of injured"
                if obj is not None and (m := _befallen(obj)):
                    return m  # "the number of people killed", "of its nationals who died"
                if obj is not None and obj.tag_ in ("NNS", "NNPS"):
                    # "Turkey's count of evacuees", "the number of refugees"
                    return noun_measures().get(obj.lower_)
    return None


def _befallen(noun: Token) -> str | None:
    """What befell the people a tally counts, told by a participle or relative clause on them:
    "the number of pilgrims killed", "the number of its nationals who died"."""
    if noun.lemma_.lower() not in people() and noun.lower_ not in people():
        return None
    table = verb_measures()
    for child in noun.children:
        if child.dep_ in ("acl", "relcl", "amod") and child.pos_ in ("VERB", "ADJ"):
            m = table.get(child.lemma_.lower()) or table.get(child.lower_)
            if m in ("killed", "injured", "missing", "displaced", "evacuated"):
                return m
    return None


def _counted_measure(noun: Token) -> str | None:
    """The measure of a counted noun that carries its own number: "2,662 deaths"."""
    if not any(c.dep_ == "nummod" for c in noun.children):
        return None
    table = noun_measures()
    return table.get(noun.lower_) or table.get(noun.lemma_.lower())


def _relative_toll(num: Token) -> str | None:
    """ "the official tolls, which come to 432": the relative pronoun subject stands for the
    noun the clause hangs on."""
    verb = num
    while verb.dep_ in ("pobj", "prep", "attr", "dobj") and verb.head.i != verb.i:
        verb = verb.head
        if verb.pos_ in ("VERB", "AUX"):
            break
    if verb.dep_ != "relcl" or verb.lemma_.lower() not in measure_words("tally_verbs"):
        return None
    if not any(c.dep_ == "nsubj" and c.lower_ in ("which", "that") for c in verb.children):
        return None
    return _toll_noun(verb.head) if verb.head.pos_ == "NOUN" else None


_TOLL_WORDS_BACK = 5


def _toll_by_words(num: Token) -> str | None:
    """A headline the parser gets wrong: "Mexico quake death toll climbs to 230", "deaths
    from Mexico quake climb to 273" (the verb tagged a noun). Read off the words: a tally
    verb and a preposition right before the number, a toll noun a few words before."""
    if num.i < 2 or num.nbor(-1).lower_ not in _TOLL_PREPS:
        return None
    verb = num.nbor(-1).nbor(-1)
    tally = measure_words("tally_verbs")
    if not (verb.lemma_.lower() in tally or verb.lower_.removesuffix("s") in tally):
        return None
    start = max(verb.sent.start, verb.i - _TOLL_WORDS_BACK)
    for tok in reversed(verb.doc[start : verb.i]):
        if (m := _toll_noun(tok)) is not None:
            return m
    return None


def toll_measure(anchor: Token) -> str | None:
    """The measure of a bare number that is a toll's value or a toll's part, else None."""
    return _toll_by_parse(anchor) or _toll_by_words(anchor)


def _toll_by_parse(anchor: Token) -> str | None:
    tok = anchor
    if tok.dep_ == "pobj" and tok.head.lower_ == "of" and tok.head.head.pos_ == "NOUN":
        return _toll_noun(tok.head.head)  # "a death toll of 217"
    if (m := _relative_toll(tok)) is not None:
        return m  # "the official tolls, which come to 432"
    if tok.dep_ == "pobj" and tok.head.lower_ == "at":
        for verb in tok.ancestors:
            # "put the toll in the areas where they operate at 2,274": the parse may hang
            # "at" from the nearer verb; the estimate is the one whose object is a toll
            if verb.lemma_.lower() in _ESTIMATE:
                obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
                if obj is not None and (m := _toll_noun(obj)):
                    return m
                break
    if tok.dep_ == "pobj" and tok.head.lower_ in ("including", "includes"):
        head = tok.head.head  # "deaths, including 1,414 in ...": the part of a counted toll
        if head.pos_ in ("NOUN", "PROPN"):
            return _counted_measure(head)
        tok = tok.head  # "deaths have been reported, including 1,414": the verb's toll
    for _ in range(_MAX_CLIMB):
        head = tok.head
        if head.i == tok.i:
            return None
        if (
            tok.dep_ == "pobj"
            and head.dep_ == "prep"
            and head.lower_ not in _TOLL_PREPS | {"including", "includes"}
        ):
            return None
        if head.pos_ in ("VERB", "AUX"):
            lemma = head.lemma_.lower()
            tally = lemma in measure_words("tally_verbs")
            for child in head.children:
                if child.i == tok.i:
                    continue
                if child.dep_ in ("nsubj", "nsubjpass", "dobj") and child.pos_ in ("NOUN", "PROPN"):
                    if tally and (m := _toll_noun(child)):
                        return m  # "the death toll rose above 35,000"
                    breakdown = tok.dep_ in _BREAKDOWN or tok.lower_ in ("including", "includes")
                    if breakdown and (m := _counted_measure(child)):
                        return m  # "2,662 deaths have been confirmed - 1,262 in ..."
            if not tally:
                return None
        tok = head
    return None
