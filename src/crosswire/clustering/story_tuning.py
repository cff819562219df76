"""The story engine's tuning: how far it looks, how much it re-checks, what it merges.

Each constant was chosen by measurement (ECB+ B-cubed through the incremental
path, and ``bench/cluster_scale.py`` for cost); the numbers that chose it stay
beside it, so a change can be weighed against them. Used by
:class:`crosswire.clustering.stories.StoryClusterer`.
"""

from __future__ import annotations

__all__ = [
    "FRAGMENT",
    "MAX_RECLUSTER",
    "MAX_RIVALS",
    "MERGE_REACH",
    "POOL_FACTOR",
    "POOL_MIN",
    "RIVAL_REACH",
]

#: Most members one re-check clusters from scratch (a bigger pool is left as it is).
MAX_RECLUSTER = 400
#: A story is weighed for merging with the new report's story only when the report
#: scores at least this share of the threshold against it: merging needs the two
#: stories' average linkage to pass, which a barely touched story almost never does,
#: and each test costs a dot product of two story sums (ECB+ unchanged; 15 % less CPU).
MERGE_REACH = 0.5
#: When a story is re-checked, stories whose average linkage with it reaches this share of
#: the threshold are re-clustered with it (0 turns the consolidation off). ECB+ (5 orders):
#: off 0.944, 1.0 0.946, 0.75 0.949, 0.5 0.951, 0.3 0.954, 0.15 0.954; both topic halves
#: gain at 0.3 (even 0.951 -> 0.959, odd 0.940 -> 0.950; all rivals pooled).
RIVAL_REACH = 0.3
#: Most rivals pooled with a story (the closest first): the cost of the re-check grows with
#: the square of the pool. CPU per report at 5k synthetic reports: 6.3 ms without pooling,
#: 15.9 ms with every rival, 10.2 ms with 8 (ECB+ 0.9536), 9.0 ms with 4 (0.9524).
#: (Leaving rivals re-found whole untested, to be tested at their own next check, cost
#: ECB+ 0.004: a re-check is also when a story is weighed at the current IDF.)
MAX_RIVALS = 8
#: Most members a pooled re-check weighs: :data:`POOL_FACTOR` times the story's own size,
#: and never fewer than :data:`POOL_MIN` (rivals that would pass it are left out, the
#: closest kept first). The re-check schedule (:func:`recheck_step`) pays for a story's
#: own O(n^2) check; without this bound a small story, re-checked after every report it
#: gains, pooled with large rivals cost O(rival^2) per report, and in a growing stream
#: rivals keep growing (cluster_scale: per-report time 1.84x from 5k to 100k). With it a
#: check of a story of n costs at most max(80, 8n)^2 pairs, and is made every
#: max(1, n/4, n^2/100) reports: at most 6,400 pairs per report. On ECB+ pools
#: stay under 70 members in 99% of checks (at most ~104): F1 unchanged (0.9567); a bound
#: of max(40, 4n) cost 0.005, and delaying a story's next check by pool^2 / 1000 reports
#: (instead of bounding the pool) 0.004.
POOL_FACTOR = 8
POOL_MIN = 80
#: A part of fewer than :data:`~crosswire.clustering.contrast.MIN_PART` members left by a
#: re-check joins the larger part it is closest to when their average linkage reaches this
#: share of the threshold: two reports are too few to be an event of their own, and average
#: linkage over a big part keeps them out of it. ECB+ (5 orders): off 0.9536, 0.5 0.9562,
#: 0.75 0.9567; each topic half run alone: even 0.9531 -> 0.9531, odd 0.9478 -> 0.9550.
FRAGMENT = 0.75
