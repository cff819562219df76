"""B-cubed over one part of the items, for the clustering benches' tune / check parts.

Clustering runs on every report; a part (tune or check) is scored by averaging
B-cubed precision and recall over its own reports only, each report's cluster
and gold class still counted over all reports, so a check report wrongly
merged with a tune one costs the check part too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crosswire.clustering.engine import StoryEngine
    from crosswire.clustering.features import ReportFeatures

__all__ = ["bcubed_within", "mean_over_orders_parts"]


def bcubed_within(
    predicted: Mapping[str, Hashable], gold: Mapping[str, Hashable], part: Iterable[str]
) -> tuple[float, float, float]:
    """(precision, recall, F1) averaged over the items of ``part``, clusters counted over all."""
    from crosswire.clustering.evaluate import bcubed

    return bcubed(predicted, gold, over=part)


def mean_over_orders_parts(
    reports: Sequence[ReportFeatures],
    gold: Mapping[str, Hashable],
    cluster_of: Callable[[StoryEngine, str], Hashable],
    part_of: Mapping[str, str],
    *,
    orders: int = 5,
    seed: int = 0,
) -> dict[str, Any]:
    """``crosswire.clustering.evaluate.mean_over_orders``'s keys for all reports (the same
    orders, the same numbers), and under "tune", "check" and "all" the same per part
    (``part_of``: report id -> part)."""
    import random

    from crosswire.clustering.engine import StoryEngine

    names = ("tune", "check", "all")
    runs: dict[str, list[tuple[float, float, float]]] = {k: [] for k in names}
    for k in range(orders):
        order = list(reports)
        random.Random(seed + k).shuffle(order)
        engine = StoryEngine()
        engine.add_all(order)
        predicted = {f.id: cluster_of(engine, f.id) for f in order}
        for name in names:
            mine = [f.id for f in order if name == "all" or part_of[f.id] == name]
            runs[name].append(bcubed_within(predicted, gold, mine))

    def mean(name: str) -> dict[str, Any]:
        rs = runs[name]
        return {
            "n_docs": sum(1 for f in reports if name == "all" or part_of[f.id] == name),
            "bcubed_p": round(sum(r[0] for r in rs) / len(rs), 4),
            "bcubed_r": round(sum(r[1] for r in rs) / len(rs), 4),
            "bcubed_f1": round(sum(r[2] for r in rs) / len(rs), 4),
            "f1_per_order": [round(r[2], 4) for r in rs],
            "orders": orders,
        }

    everything = mean("all")
    return {**everything, "tune": mean("tune"), "check": mean("check"), "all": everything}
