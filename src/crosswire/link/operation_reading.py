"""Whose an operation is, read by a trained model where the party rules find no side.

The rules of :mod:`crosswire.link.operation_parties` tie a side to a step when the text
does so directly: a speaker whose side is known, a side named in the step's sentence, a
capital's dateline. Many corridor reports do none of that and still say whose the
corridor is to any reader: "ZAPORIZHZHIA. March 13 (Interfax-Ukraine) - the regional
military administration said buses will leave at 10:00", "the Reintegration Ministry
said", "have been agreed upon". Without this model those operations took the corpus's
usual proposer (``how: "usual"``), a prior and no reading.

The model is a multinomial logistic regression over the words of each step's sentence, its
report's dateline place and agency, the sides its report names and the step's status
(:func:`step_features`), averaged over the operation's steps (the logits of a linear model
averaged: each step's evidence counts once). Its classes are the PeaceRep proposals:
``Ukraine``, ``Russia`` and ``Agreed`` (both sides). It is trained by
``bench/train_operation_reading.py`` on the **tune** part of the PeaceRep corridor records
only, by distant supervision (each record's coded proposal is the label of the operation
crosswire builds from its excerpts), and ships as package data
(``link/data/operation_reading.json``: weights, biases, the least probability it decides
at). Inference is a dictionary lookup per feature; numpy is not needed.

Its answers are marked ``how: "model"`` with the probability, so a reader can tell them
from what a sentence or speaker said.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from crosswire.errors import CrosswireError

__all__ = [
    "CLASSES",
    "MODEL_FILE",
    "ProposerModel",
    "load_model",
    "operation_features",
    "step_features",
]

MODEL_FILE = "operation_reading.json"
CLASSES = ("Ukraine", "Russia", "Agreed")
"""What the model tells of an operation: one side proposed it, or both agreed it."""

_WORD = re.compile(r"[a-z][a-z'-]{2,}")
_AGENCY = re.compile(r"\(([A-Za-z][\w .'-]{1,30})\)\s*[-\u2013\u2014]")
_DATELINE_PLACE = re.compile(r"^\s*([A-Z][A-Za-z'-]+(?:[ -][A-Z][A-Za-z'-]+)?)")


def step_features(
    text: str,
    sentence: tuple[int, int],
    dateline: str | None,
    status: object,
    sides: Iterable[str] = (),
) -> list[str]:
    """The features of one step: its sentence's words, its report's dateline (as printed,
    with its agency: "KYIV. March 9 (Interfax-Ukraine) -") place and agency, the sides its
    report names (``sides``), its status."""
    lo, hi = sentence
    feats = {"w=" + w for w in _WORD.findall(text[lo:hi].lower())}
    head = dateline or text[:120]
    place = _DATELINE_PLACE.match(head)
    if place is not None and dateline:
        feats.add("dl=" + place.group(1).lower())
    agency = _AGENCY.search(head)
    if agency is not None:
        feats.add("ag=" + agency.group(1).strip().lower())
    feats.update("side=" + s for s in sides)
    feats.add(f"status={status}")
    return sorted(feats)


def operation_features(steps: Iterable[Sequence[str]]) -> dict[str, float]:
    """An operation's features: its steps' features averaged (each step weighs the same)."""
    rows = list(steps)
    out: dict[str, float] = {}
    for feats in rows:
        for f in feats:
            out[f] = out.get(f, 0.0) + 1.0 / len(rows)
    return out


@dataclass(frozen=True, slots=True)
class ProposerModel:
    """The trained weights: per feature one weight per class, a bias per class, and the
    least probability at which the model decides (below it, it says nothing)."""

    weights: Mapping[str, Sequence[float]]
    bias: Sequence[float]
    threshold: float

    def probabilities(self, features: Mapping[str, float]) -> dict[str, float]:
        """The probability of each of :data:`CLASSES` for an operation's features."""
        logits = list(self.bias)
        for f, x in features.items():
            w = self.weights.get(f)
            if w is not None:
                logits = [a + x * b for a, b in zip(logits, w, strict=True)]
        top = max(logits)
        exp = [math.exp(v - top) for v in logits]
        total = sum(exp)
        return {c: e / total for c, e in zip(CLASSES, exp, strict=True)}

    def decide(self, features: Mapping[str, float]) -> tuple[str, float] | None:
        """The most probable class and its probability, or None below the threshold."""
        if not features:
            return None
        probs = self.probabilities(features)
        best = max(CLASSES, key=lambda c: probs[c])
        return (best, probs[best]) if probs[best] >= self.threshold else None


def model_from_json(raw: Mapping[str, Any]) -> ProposerModel:
    """A model from its JSON form (see ``bench/train_operation_reading.py``)."""
    try:
        if tuple(raw["classes"]) != CLASSES:
            raise CrosswireError(f"operation reading model classes {raw['classes']!r}")
        weights = {str(k): [float(x) for x in v] for k, v in raw["weights"].items()}
        return ProposerModel(weights, [float(b) for b in raw["bias"]], float(raw["threshold"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise CrosswireError(f"malformed operation reading model: {exc}") from exc


@lru_cache(maxsize=1)
def load_model() -> ProposerModel | None:
    """The shipped model, read once per process; None when the package carries none."""
    source = resources.files("crosswire.link").joinpath("data", MODEL_FILE)
    if not source.is_file():
        return None
    return model_from_json(json.loads(source.read_text(encoding="utf-8")))
