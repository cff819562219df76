"""The cue model: a trained logistic model that proposes reporting verbs beyond the lexicon.

PolNeAR marks as attributions far more than verbs of saying: acts and intentions of a
named agent ("Obama imposed sanctions", "the campaign released a statement", "Trump hopes
to", "Cruz is pushing for") and many verbs no word list would hold. The lexicon of
:mod:`.quotes_lexicon` keeps the verbs that are cues nearly always; this model looks at
every other verb with a subject and says whether it is a cue *here*, from the verb itself
(lemma, tag, its dependents: a clause, an infinitive, an object), who its subject is (a
person, an organisation, a pronoun, a thing) and the words around it. A verb it accepts
then goes through the same clause rules as a lexicon verb (:func:`.quotes.find_attributions`:
subject as source, complement as content) and the statement filter.

The model is trained on PolNeAR **train** (``bench/train_quotes_cues.py``): every verb
outside the lexicon that the rules could read (it has a subject) is a positive when it lies
inside an annotated cue; the threshold was chosen on a held-out fifth of train, end to end.
It ships as package data (``quotes_model/cue_verbs.json``) and is read once per process
(:func:`load_cues`). Cost: a few dozen dictionary lookups per verb.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from spacy.attrs import LEMMA, POS

from crosswire.extract.quotes_clause import source_head
from crosswire.extract.quotes_columns import string_columns
from crosswire.extract.quotes_filter import Logistic
from crosswire.extract.quotes_statements import QuoteIndex
from crosswire.extract.quotes_tagger import read_json_model

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["CUES_FILE", "CueModel", "cue_features", "load_cues", "neighbourhood", "verb_candidates"]

CUES_FILE = "cue_verbs.json"
_KID_DEPS = frozenset(
    {"ccomp", "xcomp", "dobj", "prep", "advcl", "dative", "attr", "acomp", "neg", "prt", "agent"}
)
_PERSONAL = frozenset({"i", "we", "he", "she", "they", "you", "who"})

CueModel = Logistic
"""The shipped cue model: is this verb an attribution cue?"""


def _subject_features(head: Token | None) -> list[str]:
    if head is None:
        return ["s=none"]
    feats = [f"sp={head.pos_}", f"se={head.ent_type_ or '-'}", f"sd={head.dep_}"]
    low = head.lower_
    if head.pos_ == "PRON":
        feats.append(f"sl={low}")
    elif head.pos_ == "NOUN":
        feats.append(f"sl={head.lemma_.lower()}")
    person = head.ent_type_ in {"PERSON", "ORG", "NORP", "GPE"} or low in _PERSONAL
    feats.append("s=agent" if person else "s=thing")
    return feats


def cue_features(
    tok: Token, head: Token | None, marginals: dict[int, tuple[float, float]] | None = None
) -> list[str]:
    """Features of the verb ``tok`` whose source head (subject) is ``head``; ``marginals``:
    the attribution tagger's cue and source probabilities per token, when it ran."""
    doc = tok.doc
    lemma = tok.lemma_.lower()
    kids = sorted({c.dep_ for c in tok.children if c.dep_ in _KID_DEPS})
    feats = [f"l={lemma}", f"t={tok.tag_}", f"d={tok.dep_}", f"l|d={lemma}|{tok.dep_}"]
    feats += [f"k={k}" for k in kids]
    feats += [f"l|k={lemma}|{k}" for k in kids if k in {"ccomp", "xcomp", "dobj", "prep"}]
    if not kids:
        feats.append("k=none")
    for c in tok.children:
        if c.dep_ == "ccomp":
            mark = next((m.lower_ for m in c.children if m.dep_ == "mark"), "-")
            feats.append(f"cm={mark}")
        elif c.dep_ == "xcomp":
            feats.append(f"x={c.lemma_.lower()}")
        elif c.dep_ == "prep":
            feats.append(f"p={c.lower_}")
            feats.append(f"l|p={lemma}|{c.lower_}")
        elif c.dep_ == "dobj":
            feats.append(f"o={c.pos_}")
            if c.pos_ == "NOUN":
                feats.append(f"ol={c.lemma_.lower()}")
    feats += _subject_features(head)
    if head is not None:
        feats.append(f"l|s={lemma}|{'agent' if 's=agent' in feats else 'thing'}")
    if tok.head is not tok:
        feats.append(f"h={tok.head.pos_}|{tok.dep_}")
    prev = doc[tok.i - 1].lower_ if tok.i > 0 else "<s>"
    nxt = doc[tok.i + 1].lower_ if tok.i + 1 < len(doc) else "</s>"
    feats += [f"w-1={prev}", f"w+1={nxt}"]
    if marginals is None:
        feats.append("m=none")
    else:
        cue = int(marginals.get(tok.i, (0.0, 0.0))[0] * 10)
        feats += [f"mc={cue}", f"mc|s={cue}|{'agent' if 's=agent' in feats else 'thing'}"]
        if head is not None:
            feats.append(f"ms={int(marginals.get(head.i, (0.0, 0.0))[1] * 10)}")
    return feats


def verb_candidates(
    doc: Doc, lemmas: frozenset[str], quotes: QuoteIndex | None = None
) -> list[tuple[Token, Token]]:
    """Every verb outside ``lemmas`` with a subject the clause rules can read, with that
    subject's head word: what the cue model judges. With ``quotes``, verbs inside a
    quotation are left out (they belong to a nested statement)."""
    out = []
    pos, lemma = string_columns(doc, [POS, LEMMA])
    for i in range(len(doc)):
        if pos[i] != "VERB" or lemma[i].lower() in lemmas:
            continue
        tok = doc[i]  # a Token object only for the verbs (read as columns above)
        if quotes is not None and quotes.holding(tok.idx) is not None:
            continue
        head = source_head(tok)
        if head is not None:
            out.append((tok, head))
    return out


def neighbourhood(tok: Token, head: Token | None) -> range:
    """The words around a lexicon cue verb the statement filter reads the tagger's marginals
    for: the verb with a few words either side (its auxiliaries, particles and the words
    :func:`.quotes_clause.widen_cue` may add) and its subject's phrase. (For the cue model's
    verbs, only the verb and its subject's head word are read: they are what it weighs.)"""
    lo, hi = tok.i - 3, tok.i + 6
    if head is not None:
        lo, hi = min(lo, head.left_edge.i), max(hi, head.right_edge.i + 1)
    return range(max(lo, 0), min(hi, len(tok.doc)))


@lru_cache(maxsize=1)
def load_cues(path: str | None = None) -> CueModel:
    """The shipped cue model, read once per process (``path`` overrides it)."""
    return read_json_model(
        CUES_FILE, path, "quotes cue model", "bench/train_quotes_cues.py", Logistic.from_json
    )
