"""Fuzzy lookup for spellings the gazetteer has never seen ("Zaporizhia", "Mariupl").

Transliterations of Ukrainian and Russian names vary without end (zh/j,
ia/iya/ya, doubled consonants), and reporters misspell. An exact lookup
misses, so a small trigram index proposes the few names sharing the most
letter trigrams, and :class:`difflib.SequenceMatcher` (stdlib; no rapidfuzz
dependency) keeps those similar enough. Only names of places of
:data:`FUZZY_MIN_POPULATION` people or more, plus countries and regions, are
indexed: a misspelling of a hamlet is far more likely to be a misspelling of
something else, and a small index keeps memory and time low. The index is
built on the first fuzzy query, not before.
"""

from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher
from functools import lru_cache

from crosswire.geo.gazetteer import Gazetteer, gazetteer, place_norm

__all__ = ["FUZZY_MIN_POPULATION", "FUZZY_MIN_SIMILARITY", "FuzzyIndex", "fuzzy_index"]

FUZZY_MIN_POPULATION = 15_000
FUZZY_MIN_SIMILARITY = 0.84
_MAX_POSTINGS = 800  # trigrams this common ("an ", " sa") say nothing
_PROBES = 6  # rarest trigrams of the query used to propose candidates


def _trigrams(key: str) -> set[str]:
    padded = f"  {key} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


class FuzzyIndex:
    """Trigram postings over the gazetteer's better-known spellings."""

    def __init__(self, gaz: Gazetteer) -> None:
        self._keys: list[str] = []
        self._pop: list[int] = []
        postings: dict[str, list[int]] = {}
        for key, pop in gaz.spellings(FUZZY_MIN_POPULATION):
            n = len(self._keys)
            self._keys.append(key)
            self._pop.append(pop)
            for gram in _trigrams(key):
                postings.setdefault(gram, []).append(n)
        self._postings = {g: tuple(v) for g, v in postings.items() if len(v) <= _MAX_POSTINGS}

    def search(self, name: str, limit: int = 3) -> list[tuple[str, float]]:
        """Known spellings similar to ``name``, best first, as (normalised spelling, similarity)."""
        key = place_norm(name)
        if len(key) < 5:
            return []
        lists = sorted((p for g in _trigrams(key) if (p := self._postings.get(g))), key=len)[
            :_PROBES
        ]
        if not lists:
            return []
        counts: Counter[int] = Counter()
        for postings in lists:
            counts.update(postings)
        need = max(2, len(lists) // 2)
        scored: list[tuple[float, str]] = []
        matcher = SequenceMatcher(None, autojunk=False)
        matcher.set_seq2(key)
        for n, shared in counts.most_common(20):
            if shared < need:
                break
            other = self._keys[n]
            if abs(len(other) - len(key)) > max(3, len(key) // 3):
                continue
            matcher.set_seq1(other)
            if matcher.real_quick_ratio() < FUZZY_MIN_SIMILARITY:
                continue
            if matcher.quick_ratio() < FUZZY_MIN_SIMILARITY:
                continue
            sim = matcher.ratio()
            if sim >= FUZZY_MIN_SIMILARITY:
                scored.append((sim, other))
        scored.sort(key=lambda s: (-s[0], s[1]))
        return [(k, s) for s, k in scored[:limit]]


@lru_cache(maxsize=1)
def fuzzy_index() -> FuzzyIndex:
    """The process-wide fuzzy index, built on first call."""
    return FuzzyIndex(gazetteer())
