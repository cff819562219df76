"""The attribution filter: a trained logistic model that drops candidate statements nobody made.

The cue rules (:mod:`.quotes_clause`) and the tagger (:mod:`.quotes_tagger`) propose every
verb of the lexicon with a subject and a complement as a statement. Many are not reports of
what someone said or thinks: "he spoke against the backdrop of the museum", "they made plans
to build bunkers", "a bulldozer pushed the mound". A word list cannot tell them apart ("spoke
against" a policy is a stance), but the combination of the cue word, its place in the parse,
the kind of source, the shape of the content and how sure the CRF tagger is that the cue
words are a cue and the source words a source (its marginals) can. This module scores each
candidate statement (all items of one ``group`` together) with a logistic model over such
features and drops those unlikely to be an attribution.

The model is trained on PolNeAR **train** (``bench/train_quotes_filter.py``): every statement
the extractor proposes there, without this filter and with a tagger that never saw the
document (two-fold), is a positive when its content overlaps an annotated content and a
negative otherwise; the threshold was chosen on a held-out fifth of train. It ships as package
data (``quotes_model/attribution_filter.json``: feature weights, bias, threshold) and is read
once per process, on first use (:func:`load_filter`). Scoring is a dictionary lookup per
feature, a few dozen per statement.

Measured (PolNeAR, speech lexicon): on the held-out fifth of train, source exact F1 0.7406 ->
0.7421 and content overlap F1 0.8370 -> 0.8376; the gain is small because what the rules and
tagger propose is mostly right (about 9 in 10 statements on train) and the rest does not
separate well on these features. A second model that dropped doubtful *sources* (keeping the
statement, speaker unknown) gained 0.5 points of source F1 there but cost a point of
attribution F1, and was left out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from crosswire.extract.quotes_lexicon import (
    BELIEF_VERBS,
    EXTRA_VERBS,
    SPEECH_VERBS,
    STANCE_VERBS,
)
from crosswire.extract.quotes_statements import Attribution
from crosswire.extract.quotes_tagger import read_json_model

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = [
    "FILTER_FILE",
    "AttributionFilter",
    "Logistic",
    "filter_attributions",
    "group_features",
    "groups_of",
    "load_filter",
    "statement_tokens",
]

FILTER_FILE = "attribution_filter.json"
_OPENERS = frozenset({"that", "to", "whether", "if", "how", "what", "why", "who", "as"})
_QUOTES = frozenset('“”"‘’«»')


def _bucket(n: int) -> str:
    for cap in (1, 2, 3, 5, 8, 13, 21, 34):
        if n <= cap:
            return str(cap)
    return "35+"


def _lexicon(lemma: str) -> str:
    if lemma in SPEECH_VERBS:
        return "speech"
    if lemma in BELIEF_VERBS:
        return "belief"
    if lemma in STANCE_VERBS:
        return "stance"
    if lemma in EXTRA_VERBS:
        return "extra"
    return "none"


def _span(doc: Doc, span: tuple[int, int]) -> Span | None:
    return doc.char_span(span[0], span[1], alignment_mode="expand")


def statement_tokens(doc: Doc, atts: list[Attribution]) -> list[int]:
    """The cue and source words of ``atts`` (token indices): those the tagger's marginals are
    wanted for."""
    out: list[int] = []
    for a in atts:
        for span in (a.cue, a.source):
            words = _span(doc, span) if span is not None else None
            if words is not None:
                out.extend(range(words.start, words.end))
    return out


def _marginal_features(
    marginals: dict[int, tuple[float, float]] | None,
    cue: Span | None,
    src: Span | None,
    origin: str,
) -> list[str]:
    """The CRF's view of the statement, in tenths: how sure it is that the cue words are a
    cue and the source words a source."""
    if marginals is None:
        return ["m=none"]
    feats = []
    if cue is not None and len(cue):
        p = max(marginals.get(t.i, (0.0, 0.0))[0] for t in cue)
        feats += [f"mc={int(p * 10)}", f"mc|o={int(p * 10)}|{origin}"]
    if src is not None and len(src):
        root = marginals.get(src.root.i, (0.0, 0.0))[1]
        low = min(marginals.get(t.i, (0.0, 0.0))[1] for t in src if not t.is_punct or t == src.root)
        feats += [f"ms={int(root * 10)}", f"msl={int(low * 10)}", f"ms|o={int(root * 10)}|{origin}"]
    return feats


def group_features(
    doc: Doc,
    text: str,
    items: list[Attribution],
    marginals: dict[int, tuple[float, float]] | None = None,
) -> list[str]:
    """Features of one statement: its items (one ``group``, content fragments in text order)
    share the cue, the source and the speaker. ``marginals``: the tagger's per-token cue and
    source probabilities (:func:`.quotes_tagger.tag_attributions`)."""
    first = items[0]
    feats = [f"o={first.origin}", f"k={first.kind}", f"nf={_bucket(len(items))}"]
    cue = _span(doc, first.cue)
    lemma = "?"
    if cue is not None and len(cue):
        root = cue.root
        lemma = root.lemma_.lower()
        words = [t.lower_ for t in cue if not t.is_space]
        feats += [
            f"cl={lemma}",
            f"cp={root.pos_}",
            f"cd={root.dep_}",
            f"cx={_lexicon(lemma)}",
            f"cn={_bucket(len(words))}",
            "ct=" + (" ".join(words) if len(words) <= 3 else "long"),
            f"cl|k={lemma}|{first.kind}",
            f"cx|o={_lexicon(lemma)}|{first.origin}",
        ]
        if any(t.dep_ == "neg" for t in cue):
            feats.append("neg")
        if any(c.dep_ == "ccomp" for c in root.children):
            feats.append("ccomp")
        if any(c.dep_ == "dobj" for c in root.children):
            feats.append("dobj")
        if root.tag_ in {"VBG", "VBN"}:
            feats.append(f"ctag={root.tag_}")
    src = _span(doc, first.source) if first.source is not None else None
    feats += _marginal_features(marginals, cue, src, first.origin)
    if src is None or not len(src):
        feats += ["s=none", f"s=none|cl={lemma}"]
    else:
        sroot = src.root
        spos = sroot.pos_
        feats += [
            f"sp={spos}",
            f"se={sroot.ent_type_ or '-'}",
            f"sn={_bucket(len(src))}",
            f"sk={first.speaker.kind}",
            f"sv={first.speaker.via}",
            f"sp|cl={spos}|{lemma}",
            f"sd={sroot.dep_}",
            "s<c" if src.start_char < first.cue[0] else "s>c",
        ]
        if spos in {"PRON", "NOUN"}:
            feats.append(f"sl={sroot.lemma_.lower()}")
    lo, hi = items[0].content[0], items[-1].content[1]
    body = text[lo:hi]
    n_words = len(body.split())
    feats += [f"tn={_bucket(n_words)}", f"tn|k={_bucket(n_words)}|{first.kind}"]
    head = body.split(maxsplit=1)[0].lower() if body.split() else ""
    if head and head[0] in _QUOTES:
        feats.append("t0=quote")
    elif head in _OPENERS:
        feats.append(f"t0={head}")
    if lo >= first.cue[1]:
        gap = lo - first.cue[1]
        feats.append(f"after={_bucket(gap)}")
    else:
        feats.append("before")
    if "\n" in text[min(lo, first.cue[0]) : max(lo, first.cue[0])]:
        feats.append("para")
    return feats


@dataclass(frozen=True, slots=True)
class Logistic:
    """Logistic weights per feature, the bias and the probability below which the answer is no."""

    weights: dict[str, float]
    bias: float
    threshold: float

    def probability(self, feats: list[str]) -> float:
        z = self.bias + sum(self.weights.get(f, 0.0) for f in feats)
        return 1.0 / (1.0 + math.exp(-max(min(z, 30.0), -30.0)))

    def says_yes(self, feats: list[str]) -> bool:
        return self.probability(feats) >= self.threshold

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Logistic:
        weights = data["weights"]
        if not isinstance(weights, dict):
            raise TypeError("weights must be an object")
        return cls(
            {str(k): float(v) for k, v in weights.items()},
            float(str(data["bias"])),
            float(str(data["threshold"])),
        )


AttributionFilter = Logistic
"""The shipped filter: is this statement an attribution at all?"""


@lru_cache(maxsize=1)
def load_filter(path: str | None = None) -> AttributionFilter:
    """The shipped filter, read once per process (``path`` overrides it)."""
    return read_json_model(
        FILTER_FILE,
        path,
        "quotes attribution filter",
        "bench/train_quotes_filter.py",
        Logistic.from_json,
    )


def groups_of(atts: list[Attribution]) -> dict[int, list[Attribution]]:
    """The statements: items by ``group``, each in text order."""
    out: dict[int, list[Attribution]] = {}
    for a in sorted(atts, key=lambda a: a.content[0]):
        out.setdefault(a.group, []).append(a)
    return out


def filter_attributions(
    doc: Doc,
    text: str,
    atts: list[Attribution],
    model: AttributionFilter,
    marginals: dict[int, tuple[float, float]] | None = None,
    features: dict[int, list[str]] | None = None,
) -> list[Attribution]:
    """``atts`` without the statements the model rejects (all items of their group).
    ``features``: each group's :func:`group_features`, when already computed."""
    dropped = {
        g
        for g, items in groups_of(atts).items()
        if not model.says_yes(
            features[g] if features is not None else group_features(doc, text, items, marginals)
        )
    }
    return [a for a in atts if a.group not in dropped]
