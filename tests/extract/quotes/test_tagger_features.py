"""The tagger's features, read from token columns, are exactly the token-by-token features of
spaCy's Token attributes: same strings, same order (CRFsuite sums weights in it). A guard for
any rewrite made for speed: the shipped CRF was trained on these lists."""

from __future__ import annotations

from spacy.tokens import Doc

from crosswire.annotate import Annotator
from crosswire.extract.quotes_features import _BUCKETS, _bucket, _shape, sequences
from crosswire.extract.quotes_lexicon import BELIEF_VERBS, EXTRA_VERBS, SPEECH_VERBS, STANCE_VERBS
from crosswire.extract.quotes_marks import find_quoted

_TEXT = (
    "Kyiv's mayor said on Tuesday that “the shelling has not stopped.” Officials, "
    "according to a statement, denied it.\n\nThe ministry added: ‘We are ready.’ "
    "He wasn’t there, she said. \"It is 'over',\" one aide told reporters, who "
    "believed the claim that peace was near.\n\nNo.\n\nRescuers warned on Monday that "
    "the dam, which Russia controls, could break within days, officials said."
)
_CUE = SPEECH_VERBS | BELIEF_VERBS | STANCE_VERBS | EXTRA_VERBS | {"according"}
_CLAUSE = {"ccomp", "xcomp", "advcl", "acl", "relcl", "conj", "parataxis"}
_NEAR = {-2: "-2", -1: "-1", 1: "1", 2: "2"}


def _nearest_cue(doc: Doc, i: int, step: int) -> tuple[int, str] | None:
    """Distance and lemma of the nearest cue verb from token ``i`` in its sentence."""
    j = i + step
    sent = doc[i].sent
    while sent.start <= j < sent.end:
        t = doc[j]
        if t.lemma_.lower() in _CUE and t.pos_ in {"VERB", "AUX"}:
            return abs(j - i), t.lemma_.lower()
        j += step
    return None


def _reference(doc: Doc, i: int, quote_level: int) -> list[str]:
    """One token's features, read off spaCy's Token attributes one at a time."""
    tok = doc[i]
    lem = tok.lemma_.lower()
    head = tok.head
    f = ["b", "w=" + tok.lower_, "l=" + lem, "p=" + tok.pos_, "t=" + tok.tag_]
    f += ["d=" + tok.dep_, "s=" + _shape(tok.text), "e=" + tok.ent_type_]
    f += ["dl=" + tok.dep_ + "|" + head.lemma_.lower(), "hp=" + head.pos_ + "|" + tok.dep_]
    f += ["hl=" + head.lemma_.lower(), f"q={quote_level}"]
    if tok.lower_[:1] in "“”\"‘’«»'`":
        f.append("qm")
    if tok.is_sent_start:
        f.append("ss")
    if lem in _CUE:
        f += ["cw", "cwp=" + tok.pos_]
    for c in tok.children:
        f.append("cd=" + c.dep_)
        if c.dep_ in {"mark", "prep", "agent", "auxpass", "neg"}:
            f.append("cdl=" + c.dep_ + "|" + c.lower_)
    cur, k, path, found, verbs = tok, 0, tok.dep_, False, 0
    while k < 6 and cur.head.i != cur.i:
        up, k = cur.head, k + 1
        if not found and up.lemma_.lower() in _CUE:
            f += ["ac=" + up.lemma_.lower() + "|" + cur.dep_, "acr=" + cur.dep_ + "|" + _BUCKETS[k]]
            found = True
        if verbs < 2 and up.pos_ in {"VERB", "AUX"}:
            f.append(f"av{verbs}=" + up.lemma_.lower() + "|" + cur.dep_)
            verbs += 1
        if cur.dep_ in _CLAUSE and k <= 3:
            path += ">" + cur.dep_
        cur = up
    f += ["path=" + path, "depth=" + _bucket(k)] + ([] if found else ["nocue"])
    left, right = _nearest_cue(doc, i, -1), _nearest_cue(doc, i, 1)
    f += [
        "lc=" + (_bucket(left[0]) if left else "-"),
        "rc=" + (_bucket(right[0]) if right else "-"),
    ]
    f += (["lcl=" + left[1]] if left else []) + (["rcl=" + right[1]] if right else [])
    for off, name in _NEAR.items():
        j = i + off
        if 0 <= j < len(doc) and not doc[j].is_space:
            f += [name + "w=" + doc[j].lower_, name + "p=" + doc[j].pos_]
            if off in (-1, 1):
                f += [name + "d=" + doc[j].dep_, name + "l=" + doc[j].lemma_.lower()]
        else:
            f.append(name + "BOUND")
    return f


def test_features_match_token_by_token_reference(annotator: Annotator) -> None:
    doc = annotator.nlp(_TEXT)
    level = [0] * len(doc)
    for q in find_quoted(_TEXT):
        long = 2 if len(_TEXT[q.start : q.end].split()) > 4 else 1
        for t in doc:
            if q.start <= t.idx < q.end:
                level[t.i] = long
    seqs = sequences(doc)
    assert len(seqs) == 4  # one per paragraph
    assert [i for s in seqs for i in s.tokens] == [t.i for t in doc if not t.is_space]
    for seq in seqs:
        for i, feats in zip(seq.tokens, seq.features, strict=True):
            assert feats == _reference(doc, i, level[i]), doc[i].text


def test_features_do_not_depend_on_what_was_read_before(annotator: Annotator) -> None:
    # Nothing carries over from one document to the next: a document read again after
    # another one comes out as when read alone.
    first = annotator.nlp(_TEXT)
    alone = [(s.tokens, s.features) for s in sequences(first)]
    other = annotator.nlp("The mayor denied it. “No,” she said.")
    assert sequences(other)
    assert [(s.tokens, s.features) for s in sequences(first)] == alone
    assert sequences(annotator.nlp("")) == []
