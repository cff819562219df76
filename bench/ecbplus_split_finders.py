"""Offline diagnosis of the story split test on ECB+: which two-way split, and which decision?

Each ECB+ topic holds two seminal events of one kind; each subtopic folder one.
The engine's split test (:mod:`crosswire.clustering.contrast`) has two halves:
a *finder* (average linkage at story-local weights, top split with parts of at
least ``MIN_PART``) and a *decision* (hand thresholds, ``SPLIT_MODEL``, over the
similarity within and between the parts). This script measures both outside the
incremental engine, on whole topics (should split, into the gold parts) and whole
subtopics (should not split):

* **finders**: for each alternative two-way split of a topic, the B-cubed F1 of its
  two parts against the gold subtopics (mean over topics, and per topic), and on
  how many single events the engine's thresholds would fire with that finder's
  parts. Finders: ``average`` (the engine's), ``ward``, ``complete`` (other linkages
  over the same similarities), ``spectral`` (sign of the normalised affinity's second
  eigenvector), ``cocluster`` (sign of the second left singular vector of the
  row- and column-normalised report x term matrix), ``bimodal`` (average linkage on
  the terms held by 20-80% of the members only), ``roles`` (lead-role terms only).
* **learned decision**: a logistic model over the split's statistics (log local
  between, log local and corpus within/between ratios, log corpus between, and the
  within/between ratio restricted to names, numbers and lead roles) fitted on one
  half of the topics (whole topics and subtopics plus random 50-95% subsamples, fixed
  seed) and scored on the other half: held-out AUC and errors at p >= 0.5, against
  the hand thresholds' errors on the same held-out items.

IDF is counted over all documents (the engine's IDF grows with the stream). The
topic number only chooses the half; it is never a feature.

Usage: python bench/ecbplus_split_finders.py [--data ../shared/datasets/ecbplus] [--no-roles]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

import numpy as np
from scipy.cluster.hierarchy import fcluster, linkage  # type: ignore[import-untyped]
from scipy.optimize import minimize  # type: ignore[import-untyped]

from crosswire.clustering.contrast import (
    SPLIT_MODEL,
    _matrices,
    _passes,
    _sims,
    _within_between,
    split_statistics,
)
from crosswire.clustering.evaluate import bcubed
from crosswire.clustering.roles import ROLE_MARK
from crosswire.clustering.vectors import IdfModel
from ecbplus_clusters import DEFAULT_DATA, load, topic_of

Counts = Sequence[Mapping[str, float]]
Split = tuple[list[int], list[int]]
Stats = tuple[float, float, float, float]

_SEED = 7
_SUBSAMPLES = 8
_SMOOTH = 0.02


def _engine_split(counts: Counts, idf: IdfModel) -> Split | None:
    found = split_statistics(counts, idf)
    return None if found is None else (found[0], found[1])


def _labels_split(labels: Sequence[int] | np.ndarray) -> Split | None:
    first = labels[0]
    a = [i for i, lab in enumerate(labels) if lab == first]
    b = [i for i, lab in enumerate(labels) if lab != first]
    return (a, b) if a and b else None


def _linkage_split(method: str) -> Callable[[Counts, IdfModel], Split | None]:
    def find(counts: Counts, idf: IdfModel) -> Split | None:
        sims = _sims(_matrices(counts, idf)[0])
        n = len(counts)
        dist = np.clip(1.0 - sims[np.triu_indices(n, 1)], 0.0, None)
        return _labels_split(fcluster(linkage(dist, method=method), 2, criterion="maxclust"))

    return find


def _spectral_split(counts: Counts, idf: IdfModel) -> Split | None:
    affinity = np.clip(_sims(_matrices(counts, idf)[0]), 0.0, None)
    np.fill_diagonal(affinity, 0.0)
    degree = affinity.sum(1) + 1e-9
    normal = affinity / np.sqrt(degree[:, None] * degree[None, :])
    _, vectors = np.linalg.eigh(normal)
    return _labels_split((vectors[:, -2] / np.sqrt(degree) > 0).astype(int))


def _cocluster_split(counts: Counts, idf: IdfModel) -> Split | None:
    x = _matrices(counts, idf)[0].toarray()
    rows = x.sum(1) + 1e-9
    cols = x.sum(0) + 1e-9
    u, _, _ = np.linalg.svd(x / np.sqrt(rows)[:, None] / np.sqrt(cols)[None, :], False)
    return _labels_split((u[:, 1] / np.sqrt(rows) > 0).astype(int))


def _restricted(keep: Callable[[Counts, str], bool]) -> Callable[[Counts, IdfModel], Split | None]:
    def find(counts: Counts, idf: IdfModel) -> Split | None:
        sub = [{t: v for t, v in c.items() if keep(counts, t)} or {"_": 1.0} for c in counts]
        return _engine_split(sub, idf)

    return find


def _bimodal(counts: Counts, term: str) -> bool:
    df = sum(1 for c in counts if term in c)
    return 0.2 * len(counts) <= df <= 0.8 * len(counts)


FINDERS: dict[str, Callable[[Counts, IdfModel], Split | None]] = {
    "average": _engine_split,
    "ward": _linkage_split("ward"),
    "complete": _linkage_split("complete"),
    "spectral": _spectral_split,
    "cocluster": _cocluster_split,
    "bimodal": _restricted(_bimodal),
    "roles": _restricted(lambda _, t: t.startswith(ROLE_MARK)),
}

_KINDS: dict[str, Callable[[str], bool]] = {
    "names": lambda t: t.startswith("@"),
    "numbers": lambda t: t[:1].isdigit() or t[:1] == "$",
    "roles": lambda t: t.startswith(ROLE_MARK),
}


def _stats(counts: Counts, idf: IdfModel, a: list[int], b: list[int]) -> Stats:
    local, corpus = _matrices(counts, idf)
    within, between = _within_between(_sims(local), a, b)
    g_within, g_between = _within_between(_sims(corpus), a, b)
    return within, between, g_within, g_between


def features(counts: Counts, idf: IdfModel) -> tuple[np.ndarray, Stats] | None:
    """The learned decision's features of the engine's split of ``counts`` (module docstring)."""
    found = split_statistics(counts, idf)
    if found is None:
        return None
    a, b, stats = found
    within, between, g_within, g_between = stats
    e = _SMOOTH
    x = [
        np.log(between + e),
        np.log((within + e) / (between + e)),
        np.log(g_between + e),
        np.log((g_within + e) / (g_between + e)),
    ]
    for keep in _KINDS.values():
        sub = [{t: v for t, v in c.items() if keep(t)} for c in counts]
        if sum(1 for s in sub if s) < 4:
            x.append(0.0)
            continue
        w, bt = _within_between(_sims(_matrices(sub, idf)[0]), a, b)
        x.append(float(np.log((w + e) / (bt + e))))
    return np.array(x), stats


def _fit(
    x: np.ndarray, y: np.ndarray, l2: float = 1.0
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    mu, sd = x.mean(0), x.std(0) + 1e-9
    z = np.hstack([(x - mu) / sd, np.ones((len(x), 1))])

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        p = 1.0 / (1.0 + np.exp(-(z @ w)))
        value = -np.sum(y * np.log(p + 1e-12) + (1 - y) * np.log(1 - p + 1e-12))
        grad = z.T @ (p - y)
        grad[:-1] += 2 * l2 * w[:-1]
        return float(value + l2 * np.sum(w[:-1] ** 2)), grad

    w = minimize(loss, np.zeros(z.shape[1]), jac=True, method="L-BFGS-B").x
    return mu, sd, w


def _prob(model: tuple[np.ndarray, np.ndarray, np.ndarray], x: np.ndarray) -> float:
    mu, sd, w = model
    return float(1.0 / (1.0 + np.exp(-(((x - mu) / sd) @ w[:-1] + w[-1]))))


def _auc(pos: Sequence[float], neg: Sequence[float]) -> float:
    wins = sum((p > n) + 0.5 * (p == n) for p in pos for n in neg)
    return wins / max(1, len(pos) * len(neg))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--no-roles", action="store_true", help="leave the lead's roles out")
    args = ap.parse_args()
    reports, gold = load(args.data, roles=not args.no_roles)
    idf = IdfModel()
    for f in reports:
        idf.add(f.terms)
    topics: dict[int, list[str]] = defaultdict(list)
    events: dict[str, list[str]] = defaultdict(list)
    counts = {f.id: f.terms for f in reports}
    for f in reports:
        topics[topic_of(gold[f.id])].append(f.id)
        events[gold[f.id]].append(f.id)

    # -- finders ---------------------------------------------------------------------------
    match: dict[str, dict[int, float]] = {name: {} for name in FINDERS}
    fires: Counter[str] = Counter()
    for name, find in FINDERS.items():
        for t, ids in sorted(topics.items()):
            parts = find([counts[i] for i in ids], idf)
            pred = {i: 0 for i in ids}
            for i in parts[1] if parts else []:
                pred[ids[i]] = 1
            match[name][t] = round(bcubed(pred, {i: gold[i] for i in ids})[2], 3)
        for ids in events.values():
            bags = [counts[i] for i in ids]
            parts = find(bags, idf)
            if parts and min(map(len, parts)) >= 3:
                fires[name] += _passes(_stats(bags, idf, *parts), SPLIT_MODEL, 1.0)

    # -- learned decision, fitted on one half and scored on the other ----------------------
    def items(parity: int, subsamples: int) -> tuple[list[np.ndarray], list[int], list[Stats]]:
        rng = random.Random(_SEED + parity)
        xs, ys, stats = [], [], []
        groups = [(1, ids) for t, ids in sorted(topics.items()) if t % 2 == parity]
        groups += [(0, ids) for g, ids in sorted(events.items()) if topic_of(g) % 2 == parity]
        for label, ids in groups:
            for k in range(subsamples + 1):
                size = min(len(ids), max(6, int(len(ids) * rng.uniform(0.5, 0.95))))
                sub = ids if k == 0 else rng.sample(ids, size)
                if label and len({gold[i] for i in sub}) < 2:
                    continue
                found = features([counts[i] for i in sub], idf)
                if found is not None:
                    xs.append(found[0])
                    ys.append(label)
                    stats.append(found[1])
        return xs, ys, stats

    learned = {}
    for parity, half in ((0, "even"), (1, "odd")):
        x, y, _ = items(parity, _SUBSAMPLES)
        model = _fit(np.array(x), np.array(y, dtype=float))
        hx, hy, hstats = items(1 - parity, 0)
        probs = [_prob(model, v) for v in hx]
        pos = [p for p, lab in zip(probs, hy, strict=True) if lab]
        neg = [p for p, lab in zip(probs, hy, strict=True) if not lab]
        hand = [_passes(s, SPLIT_MODEL, 1.0) for s in hstats]
        learned[f"fit_{half}"] = {
            "heldout_auc": round(_auc(pos, neg), 3),
            "missed_topics": sum(1 for p in pos if p < 0.5),
            "split_events": sum(1 for p in neg if p >= 0.5),
            "hand_missed_topics": sum(1 for h, lab in zip(hand, hy, strict=True) if lab and not h),
            "hand_split_events": sum(1 for h, lab in zip(hand, hy, strict=True) if h and not lab),
            "weights": [round(float(w), 3) for w in model[2]],
        }

    for name in FINDERS:
        low = {t: v for t, v in match[name].items() if v < 0.95}
        print(f"{name:10s} mean {np.mean(list(match[name].values())):.3f} below 0.95: {low}")
    print(json.dumps(learned))
    result = {
        "n_topics": len(topics),
        "n_events": len(events),
        "finder_match_f1": {
            n: round(float(np.mean(list(m.values()))), 4) for n, m in match.items()
        },
        "finder_fires_on_single_events": {n: fires[n] for n in FINDERS},
        "learned": {
            k: {kk: vv for kk, vv in v.items() if kk != "weights"} for k, v in learned.items()
        },
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
