"""Token features for the attribution tagger, shared by training and extraction.

PolNeAR's annotation is univocal (each token is at most one of source, cue or
content, of at most one attribution), so attribution is a tag sequence and a
linear-chain CRF over the parse can learn what the clause rules cannot list:
noun and adjective cues ("the claim that", "optimistic that"), light verbs,
sourceless passives ("it was reported that"). The features describe each
token, its neighbours, and above all its place in the dependency tree: the
first verbs and cue words above it and the relation it hangs from ("under a
``ccomp`` of *say*", "the ``nsubj`` of *warn*"), which is how content and
source relate to a cue in every English attribution.

Training (``bench/train_quotes.py``) and extraction call the same
:func:`sequences`, so the model never sees features computed differently.
Cost is linear: each token looks at its neighbours, its children and at most
``_MAX_UP`` ancestors.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy
from spacy.attrs import DEP, ENT_TYPE, HEAD, IDX, IS_SPACE, LEMMA, LOWER, ORTH, POS, SENT_START, TAG
from spacy.tokens import Doc

from crosswire.doctext import doc_text
from crosswire.extract.quotes_columns import strings_of
from crosswire.extract.quotes_lexicon import BELIEF_VERBS, EXTRA_VERBS, SPEECH_VERBS, STANCE_VERBS
from crosswire.extract.quotes_marks import Quoted, find_quoted

__all__ = ["Sequence", "sequences"]

_CUE_WORDS = SPEECH_VERBS | BELIEF_VERBS | STANCE_VERBS | EXTRA_VERBS | {"according"}
_MAX_UP = 6
_QUOTE_CHARS = frozenset("“”\"‘’«»'`")
_CLAUSE_DEPS = frozenset({"ccomp", "xcomp", "advcl", "acl", "relcl", "conj", "parataxis"})
_VERB_POS = frozenset({"VERB", "AUX"})
_CHILD_WORD_DEPS = frozenset({"mark", "prep", "agent", "auxpass", "neg"})
_AV = ("av0=", "av1=")
_QUOTE_FEATS = ("q=0", "q=1", "q=2")
# (offset, word, POS, dep, lemma and boundary feature prefixes) of the neighbours looked at.
_NEIGHBOURS = tuple(
    (off, f"{off}w=", f"{off}p=", f"{off}d=" if off in (-1, 1) else "", f"{off}l=", f"{off}BOUND")
    for off in (-2, -1, 1, 2)
)


@dataclass(frozen=True, slots=True)
class Sequence:
    """One paragraph's tokens (indices into the doc) and their feature lists."""

    tokens: list[int]
    features: list[list[str]]


def _bucket(n: int) -> str:
    if n <= 3:
        return str(n)
    if n <= 6:
        return "4-6"
    if n <= 12:
        return "7-12"
    return "13+"


_BUCKETS = tuple(_bucket(k) for k in range(_MAX_UP + 1))
_DEPTH_FEATS = tuple("depth=" + b for b in _BUCKETS)


def sequences(
    doc: Doc, text: str | None = None, quoted: list[Quoted] | None = None
) -> list[Sequence]:
    """Feature sequences of ``doc``, one per paragraph, whitespace tokens left out. Pass
    ``text`` and its ``quoted`` passages when at hand: ``Doc.text`` rebuilds the string from
    every token, and the quote scan is the extractor's own."""
    n = len(doc)
    if n == 0:
        return []
    # Token attributes as arrays of string ids, resolved once per distinct id: building a
    # Token object per token (``list(doc)``) used to cost more than all the features.
    cols = doc.to_array([ORTH, LOWER, LEMMA, POS, TAG, DEP, ENT_TYPE, IS_SPACE, IDX, SENT_START])
    strings = doc.vocab.strings
    orth, lower, lemma_raw, pos, tag, dep, ent = (
        strings_of(strings, cols[:, k].tolist()) for k in range(7)
    )
    # Per distinct string, not per token: a report repeats most of its words.
    lowered = {lm: lm.lower() for lm in set(lemma_raw)}
    lemma = [lowered[lm] for lm in lemma_raw]
    space = (cols[:, 7] != 0).tolist()
    idx = cols[:, 8].tolist()
    sent_start = (cols[:, 9].astype("int64") == 1).tolist()
    rel = doc.to_array([HEAD]).astype("int64")
    head = (rel + numpy.arange(n, dtype="int64")).tolist()
    shapes = {t: (_shape(t), "\n" in t) for t in set(orth)}
    shape = [shapes[t][0] for t in orth]
    breaks = [shapes[t][1] for t in orth]
    children: list[list[int]] = [[] for _ in range(n)]
    for i, h in enumerate(head):
        if h != i:
            children[h].append(i)
    text = doc_text(doc) if text is None else text
    in_quote = _quote_mask(text, idx, n, find_quoted(text) if quoted is None else quoted)
    cue_word = [lm in _CUE_WORDS for lm in lemma]

    # The nearest cue-lexicon word in the same sentence, on each side (distance, lemma).
    left_cue: list[tuple[int, str] | None] = [None] * n
    last: int | None = None
    for i in range(n):
        if sent_start[i]:
            last = None
        left_cue[i] = (i - last, lemma[last]) if last is not None else None
        if cue_word[i] and pos[i] in {"VERB", "AUX"}:
            last = i
    right_cue: list[tuple[int, str] | None] = [None] * n
    nxt: int | None = None
    for i in range(n - 1, -1, -1):
        right_cue[i] = (nxt - i, lemma[nxt]) if nxt is not None else None
        if cue_word[i] and pos[i] in {"VERB", "AUX"}:
            nxt = i
        if sent_start[i]:
            nxt = None

    feats: list[list[str]] = []
    for i in range(n):
        if space[i]:
            feats.append([])
            continue
        f = [
            "b",
            "w=" + lower[i],
            "l=" + lemma[i],
            "p=" + pos[i],
            "t=" + tag[i],
            "d=" + dep[i],
            "s=" + shape[i],
            "e=" + ent[i],
            "dl=" + dep[i] + "|" + lemma[head[i]],
            "hp=" + pos[head[i]] + "|" + dep[i],
            "hl=" + lemma[head[i]],
            _QUOTE_FEATS[in_quote[i]],
        ]
        if lower[i][:1] in _QUOTE_CHARS:
            f.append("qm")
        if sent_start[i]:
            f.append("ss")
        if cue_word[i]:
            f.append("cw")
            f.append("cwp=" + pos[i])
        for c in children[i]:
            f.append("cd=" + dep[c])
            if dep[c] in _CHILD_WORD_DEPS:
                f.append("cdl=" + dep[c] + "|" + lower[c])
        # The path up the tree: the relations crossed and the verbs and cue words met.
        cur, k, path = i, 0, dep[i]
        found_cue = False
        verbs = 0
        while k < _MAX_UP and head[cur] != cur:
            up = head[cur]
            k += 1
            if not found_cue and cue_word[up]:
                f.append("ac=" + lemma[up] + "|" + dep[cur])
                f.append("acr=" + dep[cur] + "|" + _BUCKETS[k])
                found_cue = True
            if verbs < 2 and pos[up] in _VERB_POS:
                f.append(_AV[verbs] + lemma[up] + "|" + dep[cur])
                verbs += 1
            if dep[cur] in _CLAUSE_DEPS and k <= 3:
                path += ">" + dep[cur]
            cur = up
        f.append("path=" + path)
        f.append(_DEPTH_FEATS[k])
        if not found_cue:
            f.append("nocue")
        lc, rc = left_cue[i], right_cue[i]
        f.append("lc=" + (_bucket(lc[0]) if lc else "-"))
        f.append("rc=" + (_bucket(rc[0]) if rc else "-"))
        if lc:
            f.append("lcl=" + lc[1])
        if rc:
            f.append("rcl=" + rc[1])
        for off, pw, pp, pd, pl, pb in _NEIGHBOURS:
            j = i + off
            if 0 <= j < n and not space[j]:
                f.append(pw + lower[j])
                f.append(pp + pos[j])
                if pd:
                    f.append(pd + dep[j])
                    f.append(pl + lemma[j])
            else:
                f.append(pb)
        feats.append(f)

    out: list[Sequence] = []
    cur_toks: list[int] = []
    cur_feats: list[list[str]] = []
    for i in range(n):
        if not space[i]:
            cur_toks.append(i)
            cur_feats.append(feats[i])
        if breaks[i] and cur_toks:
            out.append(Sequence(cur_toks, cur_feats))
            cur_toks, cur_feats = [], []
    if cur_toks:
        out.append(Sequence(cur_toks, cur_feats))
    return out


def _shape(text: str) -> str:
    if text.isupper():
        return "X"
    if text[:1].isupper():
        return "Xx"
    if text.isdigit():
        return "d"
    if text.isalpha():
        return "x"
    return "o"


def _quote_mask(text: str, idx: list[int], n: int, quoted: list[Quoted]) -> list[int]:
    """Per token: 0 outside quotation marks, 1 inside a short quotation, 2 inside a long one."""
    mask = [0] * n
    j = 0
    for q in quoted:
        while j < n and idx[j] < q.start:
            j += 1
        k = j
        long = 2 if len(text[q.start : q.end].split()) > 4 else 1
        while k < n and idx[k] < q.end:
            mask[k] = long
            k += 1
    return mask
