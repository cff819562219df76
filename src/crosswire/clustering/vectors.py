"""Incremental TF-IDF over a growing corpus, as small sparse dict vectors.

Reports arrive one by one, so document frequencies are counted as they
come and weights are computed on demand with the *current* counts: an early
report is not stuck with the flat weights it would get from a corpus of
one. Vectors are plain ``dict[str, float]`` truncated to the strongest terms,
which keeps 100k reports within memory and makes cosine a short loop.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping

from crosswire.clustering.roles import ROLE_MARK

__all__ = ["IdfModel", "Vector", "add_into", "cosine", "dot", "normalise", "top_terms"]

Vector = dict[str, float]

#: Terms kept per report vector.
MAX_TERMS = 120


class IdfModel:
    """Document frequencies of terms seen so far."""

    def __init__(self, df: Mapping[str, int] | None = None, n_docs: int = 0) -> None:
        self.df: Counter[str] = Counter(df or {})
        self.n_docs = n_docs

    def add(self, terms: Iterable[str]) -> None:
        """Count one more document containing ``terms``."""
        self.df.update(set(terms))
        self.n_docs += 1

    def remove(self, terms: Iterable[str]) -> None:
        """Forget one document (used when a report is withdrawn)."""
        for t in set(terms):
            self.df[t] -= 1
            if self.df[t] <= 0:
                del self.df[t]
        self.n_docs = max(0, self.n_docs - 1)

    def idf(self, term: str) -> float:
        """Smoothed inverse document frequency."""
        return math.log((1 + self.n_docs) / (1 + self.df.get(term, 0))) + 1.0

    def vector(
        self,
        counts: Mapping[str, float],
        max_terms: int = MAX_TERMS,
        cache: dict[str, float] | None = None,
    ) -> Vector:
        """Unit-length sublinear TF-IDF vector of a bag of terms, strongest terms only.

        ``cache`` keeps IDF values across calls at one state of the counts (many
        vectors at once, as when a story is re-clustered). Role terms (see
        :mod:`crosswire.clustering.roles`) are left out: they weigh only at
        story-local weights.
        """
        if cache is None:
            weights = {
                t: (1.0 + math.log(c)) * self.idf(t)
                for t, c in counts.items()
                if c > 0 and t[0] != ROLE_MARK
            }
        else:
            weights = {}
            for t, c in counts.items():
                if c > 0 and t[0] != ROLE_MARK:
                    w = cache.get(t)
                    if w is None:
                        w = cache[t] = self.idf(t)
                    weights[t] = (1.0 + math.log(c)) * w
        if len(weights) > max_terms:
            weights = dict(top_terms(weights, max_terms))
        return normalise(weights)


def top_terms(vec: Mapping[str, float], n: int) -> list[tuple[str, float]]:
    """The ``n`` heaviest terms, ties broken by term for determinism."""
    return sorted(vec.items(), key=lambda kv: (-kv[1], kv[0]))[:n]


def normalise(vec: Mapping[str, float]) -> Vector:
    """``vec`` scaled to unit length (empty stays empty)."""
    norm = math.sqrt(sum(w * w for w in vec.values()))
    return {t: w / norm for t, w in vec.items()} if norm else {}


def dot(a: Mapping[str, float], b: Mapping[str, float]) -> float:
    """Dot product of two sparse vectors."""
    if len(a) > len(b):
        a, b = b, a
    return sum(w * b.get(t, 0.0) for t, w in a.items())


def cosine(a: Mapping[str, float], b: Mapping[str, float]) -> float:
    """Cosine similarity of two sparse vectors."""
    na = math.sqrt(sum(w * w for w in a.values()))
    nb = math.sqrt(sum(w * w for w in b.values()))
    return dot(a, b) / (na * nb) if na and nb else 0.0


def add_into(total: dict[str, float], vec: Mapping[str, float], sign: float = 1.0) -> None:
    """``total += sign * vec`` in place, dropping terms that cancel out."""
    for t, w in vec.items():
        v = total.get(t, 0.0) + sign * w
        if abs(v) < 1e-9:
            total.pop(t, None)
        else:
            total[t] = v
