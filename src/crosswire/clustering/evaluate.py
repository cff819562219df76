"""B-cubed scoring of a clustering against gold classes, for the benchmarks and tests.

B-cubed (Bagga & Baldwin 1998) scores every item: precision is the share of
its cluster that shares its gold class, recall the share of its gold class
that shares its cluster; both are averaged over items. It is the standard
document-clustering metric on ECB+ and GVC.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crosswire.clustering.engine import StoryEngine
    from crosswire.clustering.features import ReportFeatures

__all__ = ["bcubed", "mean_over_orders"]


def bcubed(
    predicted: Mapping[str, Hashable],
    gold: Mapping[str, Hashable],
    over: Iterable[str] | None = None,
) -> tuple[float, float, float]:
    """(precision, recall, F1) of ``predicted`` clusters against ``gold`` classes, by item.

    With ``over``, precision and recall are averaged over those items only, each item's
    cluster and class still counted over all items (a benchmark's tune or check part: a
    check item wrongly merged with a tune one costs the check part too)."""
    items = [i for i in gold if i in predicted]
    pair = Counter((predicted[i], gold[i]) for i in items)
    size_p = Counter(predicted[i] for i in items)
    size_g = Counter(gold[i] for i in items)
    mine = items if over is None else [i for i in over if i in predicted and i in gold]
    if not mine:
        return 0.0, 0.0, 0.0
    p = sum(pair[(predicted[i], gold[i])] / size_p[predicted[i]] for i in mine) / len(mine)
    r = sum(pair[(predicted[i], gold[i])] / size_g[gold[i]] for i in mine) / len(mine)
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def mean_over_orders(
    reports: Sequence[ReportFeatures],
    gold: Mapping[str, Hashable],
    cluster_of: Callable[[StoryEngine, str], Hashable],
    *,
    orders: int = 5,
    seed: int = 0,
    make: Callable[[], StoryEngine] | None = None,
) -> dict[str, Any]:
    """B-cubed of the engine's clusters, fed ``reports`` in ``orders`` random arrival orders.

    ``cluster_of(engine, article_id)`` reads the predicted cluster (story or
    main incident). Returns the mean precision, recall and F1 and each order's F1.
    """
    from crosswire.clustering.engine import StoryEngine

    runs = []
    for k in range(orders):
        order = list(reports)
        random.Random(seed + k).shuffle(order)
        engine = make() if make else StoryEngine()
        engine.add_all(order)
        predicted = {f.id: cluster_of(engine, f.id) for f in order}
        runs.append(bcubed(predicted, gold))
    return {
        "n_docs": len(reports),
        "bcubed_p": round(sum(r[0] for r in runs) / len(runs), 4),
        "bcubed_r": round(sum(r[1] for r in runs) / len(runs), 4),
        "bcubed_f1": round(sum(r[2] for r in runs) / len(runs), 4),
        "f1_per_order": [round(r[2], 4) for r in runs],
        "orders": orders,
    }
