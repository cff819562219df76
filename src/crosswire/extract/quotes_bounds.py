"""Where a source ends: which modifiers of the speaker's noun belong to the source span.

"Merkel, who has adopted one of the most open policies in Europe" or "Trump in his
announcement speech": what follows the speaker's head word is sometimes part of who spoke
("one longtime adviser to Bill Clinton", "Scott Reed, the Chamber's chief political
strategist") and sometimes a side remark about them. The conventions of PolNeAR (and PARC)
are too uneven for a word list: it depends on the modifier's relation, its first word, the
punctuation before it, its length, whether it holds a date or a verb of saying. A logistic
model over those features, trained on PolNeAR **train** (``bench/train_quotes_bounds.py``),
decides for each modifier to the right of the head, in order; the source stops before the
first one it leaves out. It ships as package data (``quotes_model/source_bounds.json``) and is
read once per process (:func:`load_bounds`). Cost: a few dictionary lookups per source.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from crosswire.extract.quotes_lexicon import (
    BELIEF_VERBS,
    EXTRA_VERBS,
    SPEECH_VERBS,
    STANCE_VERBS,
)
from crosswire.extract.quotes_tagger import read_json_model

if TYPE_CHECKING:
    from spacy.tokens import Token

__all__ = [
    "BOUNDS_FILE",
    "SourceBounds",
    "candidate_children",
    "child_features",
    "limit_of",
    "load_bounds",
]

BOUNDS_FILE = "source_bounds.json"
_CUE_LEMMAS = SPEECH_VERBS | BELIEF_VERBS | STANCE_VERBS | EXTRA_VERBS
_FUNCTION_POS = frozenset({"ADP", "DET", "PRON", "SCONJ", "CCONJ", "PART", "ADV", "PUNCT"})
_TIME_ENTS = frozenset({"DATE", "TIME"})


def _bucket(n: int) -> str:
    for cap in (1, 2, 3, 5, 8, 13, 21):
        if n <= cap:
            return str(cap)
    return "22+"


def limit_of(head: Token, cue: tuple[int, int], content: tuple[int, int]) -> tuple[int, bool]:
    """How far right a source headed by ``head`` may reach (token index, exclusive) and whether
    it follows its cue ("said Mr. Kim, who ..."): never over the cue, into the content or past
    the end of the sentence."""
    doc = head.doc
    sent_end = head.sent.end
    cue_tok = doc.char_span(cue[0], cue[1], alignment_mode="expand")
    inverted = cue_tok is not None and cue_tok.start < head.i
    limit = sent_end
    if cue_tok is not None and not inverted:
        limit = min(limit, cue_tok.start)
    if content[0] > head.idx:
        c_tok = doc.char_span(content[0], content[1], alignment_mode="expand")
        if c_tok is not None:
            limit = min(limit, c_tok.start)
    return max(limit, head.i + 1), inverted


def candidate_children(head: Token, limit_lo: int, limit_hi: int) -> list[Token]:
    """The right dependents of ``head`` whose words all lie in token range
    ``[limit_lo, limit_hi)`` (before the cue, outside the content), in text order."""
    return [
        c
        for c in head.rights
        if c.dep_ != "punct" and limit_lo <= c.left_edge.i and c.right_edge.i < limit_hi
    ]


def child_features(head: Token, child: Token, k: int, inverted: bool) -> list[str]:
    """Features of the ``k``-th candidate modifier ``child`` of the source head ``head``."""
    doc = head.doc
    lo, hi = child.left_edge.i, child.right_edge.i + 1
    first = doc[lo]
    w0 = first.lower_ if first.pos_ in _FUNCTION_POS else first.pos_
    before = doc[lo - 1].text if lo - 1 > head.i else "-"
    if before not in {",", "—", "–", "-", "--", "(", "―"}:
        before = "w"
    words = doc[lo:hi]
    dep = child.dep_
    feats = [
        f"d={dep}",
        f"d|w0={dep}|{w0}",
        f"pre={before}",
        f"d|pre={dep}|{before}",
        f"n={_bucket(hi - lo)}",
        f"d|n={dep}|{_bucket(hi - lo)}",
        f"cp={child.pos_}",
        f"ct={child.tag_}",
        f"hp={head.pos_}",
        f"he={head.ent_type_ or '-'}",
        f"hd={head.dep_}",
        f"k={min(k, 3)}",
        "inv" if inverted else "fwd",
    ]
    if any(t.ent_type_ in _TIME_ENTS for t in words):
        feats.append(f"time|{dep}")
    if any(t.pos_ == "VERB" and t.lemma_.lower() in _CUE_LEMMAS for t in words):
        feats.append(f"cue|{dep}")
    if any(t.pos_ in {"VERB", "AUX"} for t in words):
        feats.append(f"verb|{dep}")
    if any(t.ent_type_ in {"PERSON", "ORG"} for t in words):
        feats.append(f"name|{dep}")
    if dep == "prep":
        feats.append(f"prep={child.lower_}")
    return feats


@dataclass(frozen=True, slots=True)
class SourceBounds:
    """Logistic weights per feature and the bias: the probability that a modifier is kept."""

    weights: dict[str, float]
    bias: float

    def keeps(self, feats: list[str]) -> bool:
        z = self.bias + sum(self.weights.get(f, 0.0) for f in feats)
        return 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0))) >= 0.5

    def right_end(self, head: Token, lo: int, hi: int, limit_hi: int, inverted: bool) -> int:
        """The end (token index) of the source ``[lo, hi)`` headed by ``head``: up to the first
        modifier the model leaves out, or over every candidate modifier within ``limit_hi``."""
        if not lo <= head.i < hi:
            return hi
        doc = head.doc
        kids = candidate_children(head, lo, limit_hi)
        if not kids:
            return hi
        end = head.i + 1
        for k, child in enumerate(kids):
            if not self.keeps(child_features(head, child, k, inverted)):
                break
            end = child.right_edge.i + 1
        else:
            end = max(end, hi) if hi <= limit_hi else end
        while end - 1 > head.i and doc[end - 1].is_punct and doc[end - 1].text not in {")", "."}:
            end -= 1
        return max(end, head.i + 1)


@lru_cache(maxsize=1)
def load_bounds(path: str | None = None) -> SourceBounds:
    """The shipped source-boundary model, read once per process (``path`` overrides it)."""

    def parse(data: Any) -> SourceBounds:
        return SourceBounds({str(k): float(v) for k, v in data["weights"].items()}, data["bias"])

    return read_json_model(
        BOUNDS_FILE, path, "quotes source-boundary model", "bench/train_quotes_bounds.py", parse
    )
