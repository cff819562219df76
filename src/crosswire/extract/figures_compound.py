"""Measures a figure's words make together: "killed or wounded", "dead and missing", "cases".

"40 people were killed or wounded" is not 40 dead: read as ``killed`` it was set against a
death toll of 12 as a disagreement. Two measure words coordinated on one figure ("killed or
wounded", "dead and injured", "missing and dead", "deaths and injuries") make the compound
measure the data file ``figure_kinds/compound_measures.txt`` names (``casualties``,
``dead_or_missing``). Only words side by side, joined by "and"/"or", with no subject, object
or number of their own count: "three were killed and four injured" is two figures, and
"were injured and died later" (a finite second verb) tells what happened next.

Epidemic counts ("1,200 suspected cholera cases") get the measure ``cases``; a court's "two
cases" does not (a case counts illness only with a disease word or "suspected",
"confirmed" by it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.figures_context_words import noun_measures, verb_measures
from crosswire.extract.figures_kind_words import compound_measures, kind_words

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["compound_measure", "epidemic_cases"]

#: finite verbs start a clause of their own: "were injured and died later"
_FINITE = frozenset({"VBD", "VBZ", "VBP"})
_OWN = frozenset({"nsubj", "nsubjpass", "dobj", "nummod", "npadvmod"})
_JOIN = frozenset({"and", "or", "and/or"})


def _word_measure(tok: Token) -> str | None:
    verbs = verb_measures()
    return verbs.get(tok.lemma_.lower()) or verbs.get(tok.lower_) or noun_measures().get(tok.lower_)


def _beside(word: Token) -> list[Token]:
    """The words coordinated right beside ``word`` ("killed or wounded"), either way round."""
    doc = word.doc
    out = []
    pairs = [(word, c) for c in word.children if c.dep_ == "conj"]
    if word.dep_ == "conj" and word.head.i != word.i:
        pairs.append((word.head, word))
    for first, second in pairs:
        if second.i != first.i + 2 or doc[first.i + 1].lower_ not in _JOIN:
            continue
        if second.tag_ in _FINITE or any(c.dep_ in _OWN for c in second.children):
            continue
        out.append(second if first.i == word.i else first)
    return out


def compound_measure(
    span: Span, noun: Token | None, predicates: list[Token], measure: str | None
) -> str | None:
    """``measure``, or the compound measure when its word is coordinated with another's."""
    pairs = compound_measures()
    parts = {p for pair in pairs for p in pair}
    if measure not in parts:
        return measure
    words: list[Token] = [*predicates[:2]]
    if noun is not None:
        words.insert(0, noun)
    doc = span.doc
    after = span[-1].i + 1
    if after < len(doc):
        words.append(doc[after])  # "1,000 dead and missing"
    for word in words:
        first = _word_measure(word)
        if first is None:
            continue
        for other in _beside(word):
            second = _word_measure(other)
            if second is not None and second != first:
                compound = pairs.get(frozenset({first, second}))
                if compound is not None:
                    return compound
    return measure


def epidemic_cases(noun: Token | None, sentence: Span) -> bool:
    """Does ``noun`` count cases of an illness ("suspected cases", "cholera cases", or
    "cases" in a report that names a disease)?"""
    if noun is None or noun.lemma_.lower() != "case":
        return False
    marks = kind_words("case_modifiers") | kind_words("diseases")
    if any(c.lower_ in marks for c in noun.children if c.dep_ in ("amod", "compound")):
        return True
    if any(t.lower_ in kind_words("diseases") for t in sentence):
        return True
    # "5,864 cases reported" in a report about an outbreak: the disease is named elsewhere
    # in it (its headline, its lead), not in every sentence
    return any(t.lower_ in kind_words("diseases") for t in sentence.doc)
