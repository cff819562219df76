"""When a story is re-checked: the schedule that keeps the split test's cost per report bounded.

A re-check re-clusters a story (with its rivals) from scratch, O(n^2) in its
members, so it cannot run at every report. A story of ``n`` members at its last
check waits for ``max(n / 4, n^2 / 100)`` more reports (at least one): by a
quarter of its size while small (each check has a fixed cost that checking
after every report multiplied), and at a bounded cost per report when large
(n^2 work every n^2 / :data:`RECHECK_COST` reports).
"""

from __future__ import annotations

import math

__all__ = ["EARLY_SHARE", "RECHECK_COST", "RECHECK_GROWTH", "due", "recheck_step"]

#: See the module docstring: the n^2 / RECHECK_COST term of the wait.
RECHECK_COST = 100
#: See the module docstring: the n * RECHECK_GROWTH term of the wait.
RECHECK_GROWTH = 0.25
#: Share of its usual wait (:func:`recheck_step`) after which a story is re-checked early:
#: when its last split test was a close call (a few more reports may tip it), and when a run
#: of reports ends (:meth:`crosswire.clustering.stories.StoryClusterer.settle`). Each early
#: check still needs a quarter of the usual growth, so the cost per report stays within four
#: times the schedule's bound.
EARLY_SHARE = 0.25


def recheck_step(n: int) -> int:
    """Reports a story of ``n`` members (at its last check) grows by before the next check."""
    return max(1, int(n * RECHECK_GROWTH), n * n // RECHECK_COST)


def due(size: int, checked: int, share: float = 1.0) -> bool:
    """Has a story of ``size`` members, ``checked`` at its last check, grown by ``share`` of
    its wait since (at least one report)?"""
    return size - checked >= max(1, math.ceil(share * recheck_step(checked)))
