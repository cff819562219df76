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
from functools import lru_cache

import numpy
from spacy.attrs import DEP, ENT_TYPE, HEAD, IDX, IS_SPACE, LEMMA, ORTH, POS, SENT_START, TAG
from spacy.strings import StringStore
from spacy.tokens import Doc

from crosswire.doctext import doc_text
from crosswire.extract.quotes_lexicon import BELIEF_VERBS, EXTRA_VERBS, SPEECH_VERBS, STANCE_VERBS
from crosswire.extract.quotes_marks import Quoted, find_quoted

__all__ = ["Sequence", "sequences"]

_CUE_WORDS = SPEECH_VERBS | BELIEF_VERBS | STANCE_VERBS | EXTRA_VERBS | {"according"}
_MAX_UP = 6
# Distinct words kept by the feature caches (a few tens of MB at most).
_CACHED_WORDS = 1 << 14
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
    every token, and the quote scan is the extractor's own.

    The features of a token are built from bundles made once per distinct word (its own
    attributes, what it adds as a child or as a neighbour) and per distinct (relation, head
    word) pair, not once per token: a report repeats most of its words, and string
    concatenation per token used to be most of the tagger's time. The lists are exactly
    those a token-by-token build gives, in the same order (the CRF sums weights in it)."""
    n = len(doc)
    if n == 0:
        return []
    # Token attributes as arrays of string ids: building a Token object per token
    # (``list(doc)``) used to cost more than all the features.
    cols = doc.to_array([ORTH, LEMMA, POS, TAG, DEP, ENT_TYPE, IS_SPACE, IDX, SENT_START])
    strings = doc.vocab.strings
    space = (cols[:, 6] != 0).tolist()
    idx = cols[:, 7].tolist()
    sent_start = (cols[:, 8].astype("int64") == 1).tolist()
    rel = doc.to_array([HEAD]).astype("int64")
    head = (rel + numpy.arange(n, dtype="int64")).tolist()
    ids = [cols[:, k].tolist() for k in range(6)]
    rows: dict[tuple[int, ...], _Word] = {}
    words = []
    for key in zip(*ids, strict=True):
        w = rows.get(key)
        if w is None:
            w = rows[key] = _word(strings, *key)
        words.append(w)
    lemma = [w.lemma for w in words]
    pos = [w.pos for w in words]
    dep = [w.dep for w in words]
    cue_word = [w.cue for w in words]
    lemma_ids, pos_ids, dep_ids = ids[1], ids[2], ids[4]
    head_feats = [
        _head_features(strings, dep_ids[i], lemma_ids[h], pos_ids[h]) for i, h in enumerate(head)
    ]
    kid_feats: list[list[str]] = [[] for _ in range(n)]
    for i, h in enumerate(head):
        if h != i:
            kid_feats[h].extend(words[i].as_child)
    text = doc_text(doc) if text is None else text
    in_quote = _quote_mask(text, idx, n, find_quoted(text) if quoted is None else quoted)

    # The nearest cue-lexicon verb in the same sentence, on each side: its distance bucket
    # and lemma, as the features "lc=", "rc=", "lcl=", "rcl=" read them.
    verb_cue = [w.verb_cue for w in words]
    left: list[tuple[str, str | None]] = [("lc=-", None)] * n
    last: int | None = None
    for i in range(n):
        if sent_start[i]:
            last = None
        if last is not None:
            left[i] = ("lc=" + _bucket(i - last), "lcl=" + lemma[last])
        if verb_cue[i]:
            last = i
    right: list[tuple[str, str | None]] = [("rc=-", None)] * n
    nxt: int | None = None
    for i in range(n - 1, -1, -1):
        if nxt is not None:
            right[i] = ("rc=" + _bucket(nxt - i), "rcl=" + lemma[nxt])
        if verb_cue[i]:
            nxt = i
        if sent_start[i]:
            nxt = None
    cue_tails = [
        (lc, rc) + ((lcl,) if lcl else ()) + ((rcl,) if rcl else ())
        for (lc, lcl), (rc, rcl) in zip(left, right, strict=True)
    ]
    # What the token ``off`` places away adds to each token's features.
    near: list[list[tuple[str, ...]]] = []
    for k, (off, _pw, _pp, _pd, _pl, pb) in enumerate(_NEIGHBOURS):
        bound = (pb,)
        per_tok = [bound if s else w.as_near[k] for w, s in zip(words, space, strict=True)]
        if off < 0:
            near.append([bound] * min(-off, n) + per_tok[: max(n + off, 0)])
        else:
            near.append(per_tok[off:] + [bound] * min(off, n))
    tails = [
        c + a + b + x + y
        for c, a, b, x, y in zip(cue_tails, near[0], near[1], near[2], near[3], strict=True)
    ]

    feats: list[list[str]] = []
    for i in range(n):
        if space[i]:
            feats.append([])
            continue
        w = words[i]
        f = [*w.own, *head_feats[i], _QUOTE_FEATS[in_quote[i]]]
        if w.quote_mark:
            f.append("qm")
        if sent_start[i]:
            f.append("ss")
        if w.cue:
            f.extend(w.cue_feats)
        f += kid_feats[i]
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
        f += tails[i]
        feats.append(f)

    out: list[Sequence] = []
    cur_toks: list[int] = []
    cur_feats: list[list[str]] = []
    for i in range(n):
        if not space[i]:
            cur_toks.append(i)
            cur_feats.append(feats[i])
        if words[i].line_break and cur_toks:
            out.append(Sequence(cur_toks, cur_feats))
            cur_toks, cur_feats = [], []
    if cur_toks:
        out.append(Sequence(cur_toks, cur_feats))
    return out


@dataclass(frozen=True, slots=True)
class _Word:
    """What a word (form, lemma, tags, relation, entity type) gives the features: its own,
    what it adds to its head's (``as_child``) and to its neighbours' (``as_near``, one per
    offset of ``_NEIGHBOURS``)."""

    own: tuple[str, ...]
    lemma: str
    pos: str
    dep: str
    cue: bool
    verb_cue: bool
    quote_mark: bool
    line_break: bool
    cue_feats: tuple[str, ...]
    as_child: tuple[str, ...]
    as_near: tuple[tuple[str, ...], ...]


@lru_cache(maxsize=_CACHED_WORDS)
def _word(
    strings: StringStore,
    orth: int,
    lemma_id: int,
    pos_id: int,
    tag_id: int,
    dep_id: int,
    ent_id: int,
) -> _Word:
    """The feature bundle of a word, by string ids (spaCy's ids are hashes of the strings, so
    an id means the same string in every document). Cached across documents: reports share
    most of their words, and building these strings was most of the feature time."""
    form, lemma, pos, tag, dep, ent = (
        strings[v] for v in (orth, lemma_id, pos_id, tag_id, dep_id, ent_id)
    )
    lower = form.lower()
    lemma = lemma.lower()
    cue = lemma in _CUE_WORDS
    near = tuple(
        (pw + lower, pp + pos, pd + dep, pl + lemma) if pd else (pw + lower, pp + pos)
        for _off, pw, pp, pd, pl, _pb in _NEIGHBOURS
    )
    return _Word(
        own=(
            "b",
            "w=" + lower,
            "l=" + lemma,
            "p=" + pos,
            "t=" + tag,
            "d=" + dep,
            "s=" + _shape(form),
            "e=" + ent,
        ),
        lemma=lemma,
        pos=pos,
        dep=dep,
        cue=cue,
        verb_cue=cue and pos in _VERB_POS,
        quote_mark=lower[:1] in _QUOTE_CHARS,
        line_break="\n" in form,
        cue_feats=("cw", "cwp=" + pos),
        as_child=("cd=" + dep, "cdl=" + dep + "|" + lower)
        if dep in _CHILD_WORD_DEPS
        else ("cd=" + dep,),
        as_near=near,
    )


@lru_cache(maxsize=_CACHED_WORDS)
def _head_features(
    strings: StringStore, dep_id: int, head_lemma_id: int, head_pos_id: int
) -> tuple[str, str, str]:
    """A token's features of its relation and head word ("dl=", "hp=", "hl="), by string ids."""
    dep, head_lemma, head_pos = (
        strings[dep_id],
        strings[head_lemma_id].lower(),
        strings[head_pos_id],
    )
    return ("dl=" + dep + "|" + head_lemma, "hp=" + head_pos + "|" + dep, "hl=" + head_lemma)


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
