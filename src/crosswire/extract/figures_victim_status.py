"""A victim mention's status, learned: killed, injured, unharmed, shooter or another incident's.

The victim rules read an outcome off the predicate ("shot and killed", "wounded"); where the
predicate tells none ("a man was shot", "the victim was hit") they fall back on guesses (a
re-mention of the dead, else injured), and those guesses are where unseen reports go wrong:
most wrong long-tail counts under-count the injured. What the report says around the
mention does tell it ("is in stable condition", "later died at a hospital", "was arrested"),
in more ways than rules can list, so a small multinomial logistic model reads it: the
predicate and its neighbours in the parse, the words of the mention's sentence and the
next, the kind of mention (name, description, pronoun), where in the report it stands, and
the rules' own reading.

It is trained by ``bench/train_victim_status.py`` on the tune part of the GVA long tail
only, by distant supervision: a named victim takes the status the Gun Violence Archive
gives that participant; a described one takes the incident's status when all its victims
share one (every victim killed, or every victim injured). The weights ship as package data
(``victim_model/victim_status.json``), are read once per process, and scoring is a few
dictionary lookups and one small numpy product per mention.
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from crosswire.errors import ModelError
from crosswire.extract.figures_victim_apart import SELF
from crosswire.extract.figures_victim_coref import Victim
from crosswire.extract.figures_victim_predicates import predicate_lemma
from crosswire.extract.figures_victim_words import INJURE, KILL

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "FLIPPED",
    "NOT_HURT",
    "STATUSES",
    "STATUS_FILE",
    "StatusMention",
    "VictimStatusModel",
    "load_victim_status",
    "recording",
    "status_features",
    "weigh_victims",
]

STATUS_FILE = "victim_status.json"
STATUSES = ("killed", "injured", "unharmed", "shooter", "other")
"""The classes: killed, injured, unharmed, the shooter (not hurt), another incident's victim."""

NOT_HURT = 0.7
"""A victim is left out (another incident's, the shooter, unharmed) from this probability."""
FLIPPED = 0.7
"""A victim the rules read as killed is injured (or the other way round) from this probability."""

_FLIP = {"killed": "injured", "injured": "killed"}
_CONTENT = frozenset({"NOUN", "VERB", "ADJ", "ADV", "PROPN", "NUM"})


@dataclass(frozen=True)
class StatusMention:
    """One victim mention as the model saw it (for the training script's distant labels)."""

    start: int
    end: int
    text: str
    rule_measure: str
    named: bool
    features: tuple[str, ...]


recording: ContextVar[list[StatusMention] | None] = ContextVar(
    "victim_status_recording", default=None
)
"""Set to a list by the training script to collect every mention the victim rules weigh."""


def _word(tok: Token) -> str:
    if tok.like_num:
        return "#num"
    return tok.lemma_.lower()


def _sentence_index(tok: Token) -> int:
    doc = tok.doc
    n = 0
    for sent in doc.sents:
        if sent.start <= tok.i < sent.end:
            return n
        n += 1
    return n


def status_features(noun: Token, tok: Token, measure: str) -> list[str]:
    """The features of one victim mention: ``noun`` the victim, ``tok`` the predicate (or
    noun) that says what befell them, ``measure`` the rules' reading (killed / injured /
    shot)."""
    feats = [f"rule={measure}", f"pred={_word(tok)}", f"pred_tag={tok.tag_}"]
    feats.append(f"pred_dep={tok.dep_}")
    feats.append(f"noun_pos={noun.pos_}")
    feats.append(f"noun_dep={noun.dep_}")
    if noun.pos_ != "PROPN":
        feats.append(f"noun={_word(noun)}")
    for c in tok.children:
        feats.append(f"child={_word(c)}")
        for g in c.children:
            feats.append(f"grand={_word(g)}")
        if c.dep_ == "neg":
            feats.append("negated")
        if c.dep_ == "aux" and c.tag_ == "MD":
            feats.append(f"modal={_word(c)}")
    head = tok.head
    if head.i != tok.i:
        feats.append(f"head={_word(head)}")
        if head.head.i != head.i:
            feats.append(f"head2={_word(head.head)}")
    for c in noun.children:
        if c.dep_ in ("amod", "compound", "det", "nummod", "poss", "appos", "relcl", "acl"):
            feats.append(f"mod={_word(c)}")
    sent = noun.sent
    index = _sentence_index(noun)
    feats.append(f"sent={min(index, 6)}")
    text = noun.doc.text
    line_end = text.find("\n")
    if line_end >= 0 and sent.start_char < line_end:
        feats.append("first_line")
    words = {_word(t) for t in sent if t.pos_ in _CONTENT and not t.is_stop}
    feats.extend(f"s={w}" for w in sorted(words))
    if sent.end < len(noun.doc):
        after = noun.doc[sent.end].sent
        later = {_word(t) for t in after if t.pos_ in _CONTENT and not t.is_stop}
        feats.extend(f"n={w}" for w in sorted(later))
    return feats


@dataclass(frozen=True)
class VictimStatusModel:
    """Multinomial logistic weights: one row per feature, one column per status."""

    classes: tuple[str, ...]
    index: dict[str, int]
    weights: Any  # numpy array, features x classes
    bias: Any  # numpy array, classes

    def probabilities(self, feats: list[str]) -> dict[str, float]:
        """The probability of each status given the mention's features."""
        rows = sorted({self.index[f] for f in feats if f in self.index})
        z = self.bias + (self.weights[rows].sum(axis=0) if rows else 0.0)
        z = z - z.max()
        p = np.exp(z)
        p = p / p.sum()
        return {c: float(v) for c, v in zip(self.classes, p, strict=True)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> VictimStatusModel:
        """The model from its JSON form (see ``bench/train_victim_status.py``)."""
        classes = tuple(str(c) for c in data["classes"])
        features = [str(f) for f in data["features"]]
        weights = np.asarray(data["weights"], dtype=np.float64)
        bias = np.asarray(data["bias"], dtype=np.float64)
        if weights.shape != (len(features), len(classes)) or bias.shape != (len(classes),):
            raise ValueError("victim status weights do not match its features and classes")
        return cls(classes, {f: i for i, f in enumerate(features)}, weights, bias)


@lru_cache(maxsize=1)
def load_victim_status(path: str | None = None) -> VictimStatusModel:
    """The shipped victim status model, read once per process (``path`` overrides it)."""
    where = (
        Path(path)
        if path is not None
        else Path(str(resources.files("crosswire.extract").joinpath("victim_model", STATUS_FILE)))
    )
    try:
        return VictimStatusModel.from_json(json.loads(where.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(
            f"The victim status model is missing or unreadable at {where}; reinstall "
            "crosswire or retrain it with bench/train_victim_status.py."
        ) from exc


def weigh_victims(doc: Doc, victims: list[Victim]) -> list[Victim]:
    """``victims`` once the model has weighed each one's status (see the module).

    A victim the model reads as not hurt here (another incident's, the shooter, unharmed)
    with probability :data:`NOT_HURT` or more is left out; one the rules read as killed and
    the model as injured (or the other way round) with :data:`FLIPPED` or more takes the
    model's reading, where the rules were unsure: the victim's predicate tells no outcome
    itself ("was shot", "was found"; not "died", "was killed", "was wounded"). The killer
    counted among the dead (``SELF``) is the rules' alone.
    While the training script records (:data:`recording`), each victim is recorded and the
    rules' reading kept: the labels are made against the rules as they stand.
    """
    record = recording.get()
    model = None if record is not None else load_victim_status()
    out = []
    for v in victims:
        span = doc.char_span(v.start, v.end, alignment_mode="expand")
        if v.key == SELF or span is None or not len(span):
            out.append(v)
            continue
        feats = status_features(span.root, v.predicate, v.measure)
        feats.append("key=" + v.key.split(":")[0] + ("#" if "#" in v.key else ""))
        feats.append(f"victims={min(len(victims), 4)}")
        feats.extend(f"others_{m}={min(n, 3)}" for m, n in _others(victims, v).items())
        if record is not None:
            named = v.key.startswith("name:")
            record.append(
                StatusMention(v.start, v.end, v.description, v.measure, named, tuple(feats))
            )
            out.append(v)
            continue
        assert model is not None
        p = model.probabilities(feats)
        if p["other"] + p["shooter"] + p["unharmed"] >= NOT_HURT:
            continue  # "a vigil for Jermaine Schofield, killed Sunday": not this toll
        flip = _FLIP.get(v.measure)
        told = predicate_lemma(v.predicate)
        if flip is not None and p[flip] >= FLIPPED and told not in KILL:
            # only where the predicate says no outcome ("was shot", "was found"): "passed away"
            # and "was wounded" are the rules' to read
            v = replace(v, measure=flip)  # "a 2-year-old remains in critical condition"
        out.append(v)
    return out


def _others(victims: list[Victim], v: Victim) -> dict[str, int]:
    """How many other victims of the report the rules read as killed and as injured."""
    out = {"killed": 0, "injured": 0}
    for o in victims:
        if o is not v and o.measure in out:
            out[o.measure] += 1
    return out
