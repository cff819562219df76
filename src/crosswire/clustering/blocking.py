"""Blocking for story lookup: which stored reports a new report is compared with at all.

Scoring a report against every story would make each arrival O(corpus). Instead
an inverted index maps a report's strongest terms to the reports holding them,
bucketed by fortnight, and a lookup visits only the buckets within a horizon of
the report's day, keeping at most :data:`POSTING_CAP` of each term's latest
postings per bucket (a frequent term would otherwise drag in the whole corpus).
Undated reports sit in bucket ``-1``, which every lookup visits: an undated
report can tell of any time.
"""

from __future__ import annotations

from collections.abc import Iterable

from crosswire.clustering.vectors import Vector, top_terms

__all__ = ["BUCKET_DAYS", "POSTING_CAP", "QUERY_TERMS", "BlockingIndex"]

#: Days per bucket of the index.
BUCKET_DAYS = 14
#: Latest postings of one term in one bucket that a lookup reads.
POSTING_CAP = 150
#: Strongest terms of a report that are indexed and looked up.
QUERY_TERMS = 25

_UNDATED = -1


class BlockingIndex:
    """Inverted index from terms to article ids, bucketed by time (see the module docstring)."""

    def __init__(self) -> None:
        self._postings: dict[str, dict[int, list[str]]] = {}

    def add(self, article_id: str, vec: Vector, day: int | None) -> None:
        """Index ``article_id`` under its strongest terms in the bucket of ``day``."""
        bucket = _UNDATED if day is None else day // BUCKET_DAYS
        for term, _ in top_terms(vec, QUERY_TERMS):
            self._postings.setdefault(term, {}).setdefault(bucket, []).append(article_id)

    def candidates(self, vec: Vector, day: int | None, horizon: int) -> set[str]:
        """Articles sharing one of ``vec``'s strongest terms within ``horizon`` days of ``day``
        (every bucket when ``day`` is None; undated articles always)."""
        seen: set[str] = set()
        for term, _ in top_terms(vec, QUERY_TERMS):
            buckets = self._postings.get(term)
            if not buckets:
                continue
            for bucket in _buckets(buckets, day, horizon):
                seen.update(buckets[bucket][-POSTING_CAP:])
        return seen


def _buckets(buckets: dict[int, list[str]], day: int | None, horizon: int) -> Iterable[int]:
    if day is None:
        return list(buckets)
    reach = horizon // BUCKET_DAYS + 1
    here = day // BUCKET_DAYS
    return [b for b in (_UNDATED, *range(here - reach, here + reach + 1)) if b in buckets]
