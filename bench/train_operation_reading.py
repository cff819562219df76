"""Train the operation reader (``src/crosswire/link/data/operation_reading.json``, issue 22).

:mod:`crosswire.link.operation_reading` reads whose a humanitarian operation is (Ukraine's,
Russia's, or agreed by both) from the words of its steps' sentences, its reports' datelines
and agencies, the sides its reports name and its steps' statuses, where the party rules find
no side. This script learns its weights by distant supervision from the **tune** part of the
PeaceRep corridor records (``bench/corridors.py``'s split; no check record is read):

* the reports are the excerpts of the tune records (an excerpt a check record also quotes is
  one of them: 27 of the 60 reports are quoted by records of both parts; ``corridors.py``
  scores the check records none of whose reports a tune record quotes apart, as
  ``check_unshared``, for a check of text the model never saw);
* they are ingested as the bench does (date order, one throwaway store) and exported;
* each tune record's operation is the one the bench would score for it
  (:func:`corridors.record_operation`); its features (:func:`operation_features` of its steps,
  as the aggregator computes them) are one example, labelled with the record's ``proposal``.

The model is a multinomial logistic regression, weights from zero, full-batch gradient
descent with an L2 penalty for a fixed number of steps: deterministic (``--seed`` orders
nothing, and is recorded). Features seen in fewer than ``--min-count`` operations are dropped.
The L2 strength is chosen by leave-one-operation-out accuracy on the examples (all examples of
one operation held out together), from :data:`L2_GRID`; ties go to the stronger penalty.

Last line: one JSON object (examples, operations, features, chosen L2, held-out accuracy
of the model and of always answering the most common proposal, training accuracy).
Usage: python bench/train_operation_reading.py [--data CSV] [--out PATH] [--export-cache P]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from corridors import (
    DEFAULT_DATA,
    _Places,
    _split_part,
    build_reports,
    export_in_order,
    read_rows,
    record_operation,
)
from crosswire.link.operation_parties import sides_named
from crosswire.link.operation_reading import (
    CLASSES,
    operation_features,
    step_features,
)

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "src" / "crosswire" / "link" / "data" / "operation_reading.json"
L2_GRID = (0.01, 0.03, 0.1, 0.3, 1.0)
STEPS = 400
RATE = 0.5


def _tune_export(data: Path, cache: Path | None) -> tuple[dict[str, Any], list[dict[str, str]]]:
    """The export of the tune-only reports, and the tune records with their report ids."""
    rows = read_rows(data)
    reports, of_record, _ = build_reports(rows)
    keep = [n for n, r in enumerate(reports) if any(_split_part(h) == "tune" for h in r["records"])]
    tune_rows = [r for r in rows if _split_part(r["HC_ID"]) == "tune"]
    if cache is not None and cache.is_file():
        saved = json.loads(cache.read_text(encoding="utf-8"))
        doc, order = saved["doc"], saved["order"]
    else:
        doc, local = export_in_order([reports[n] for n in keep])
        order = [keep[i] for i in local]
        if cache is not None:
            cache.write_text(json.dumps({"doc": doc, "order": order}), encoding="utf-8")
    # the bench's sources are "#k": the k-th report fed, in date order
    by_report = {
        order[int(str(a["source"]).rsplit("#", 1)[1]) - 1]: a["id"] for a in doc["articles"]
    }
    for row in tune_rows:
        row["_articles"] = json.dumps(
            [by_report[n] for n in of_record[row["HC_ID"]] if n in by_report]
        )
    return doc, tune_rows


def _op_features(
    op: dict[str, Any], doc: dict[str, Any], events: dict[str, Any]
) -> dict[str, float]:
    articles = {a["id"]: a for a in doc["articles"]}
    rows: list[list[str]] = []
    for step in op.get("status_history") or []:
        event = events.get(str(step.get("event")))
        article = articles.get(str(step.get("article")))
        if event is None or article is None:
            continue
        text = str(article["text"])
        head = next(
            (r["text"] for r in article.get("removed") or [] if r.get("kind") == "dateline"),
            article.get("dateline"),
        )
        sent = event.get("sentence") or {}
        span = (int(sent.get("start", 0)), int(sent.get("end", 0)))
        rows.append(step_features(text, span, head, event.get("status"), sorted(sides_named(text))))
    return operation_features(rows)


def _fit(x: np.ndarray, y: np.ndarray, l2: float) -> tuple[np.ndarray, np.ndarray]:
    n, d = x.shape
    k = len(CLASSES)
    w = np.zeros((d, k))
    b = np.zeros(k)
    onehot = np.eye(k)[y]
    for _ in range(STEPS):
        z = x @ w + b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        w -= RATE * (x.T @ g + l2 * w)
        b -= RATE * g.sum(axis=0)
    return w, b


def _predict(x: np.ndarray, w: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.asarray((x @ w + b).argmax(axis=1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="corridors CSV")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--export-cache", type=Path, default=None, help="reuse / save the export")
    parser.add_argument("--min-count", type=int, default=2)
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(json.dumps({"error": "data not found", "data": str(args.data)}))
        return 2
    doc, tune_rows = _tune_export(args.data, args.export_cache)
    ops = [o for o in doc.get("operations") or [] if o.get("kind") != "ceasefire"]
    events = {str(e["id"]): e for e in doc.get("events") or []}
    places = _Places()
    examples: list[tuple[str, dict[str, float], int]] = []
    for row in tune_rows:
        arts = set(json.loads(row["_articles"]))
        best = record_operation(row, arts, ops, places)
        if best is None or row["proposal"] not in CLASSES:
            continue
        op = best[1]
        examples.append(
            (str(op["id"]), _op_features(op, doc, events), CLASSES.index(row["proposal"]))
        )
    seen = Counter(f for f in {(o, f) for o, feats, _ in examples for f in feats})
    per_op = Counter(f for _, f in seen)
    vocab = sorted(f for f, c in per_op.items() if c >= args.min_count)
    index = {f: i for i, f in enumerate(vocab)}
    x = np.zeros((len(examples), len(vocab)))
    for r, (_, feats, _) in enumerate(examples):
        for f, v in feats.items():
            if f in index:
                x[r, index[f]] = v
    y = np.array([lab for _, _, lab in examples], dtype=int)
    groups = [o for o, _, _ in examples]
    prior = Counter(y.tolist()).most_common(1)[0][0]

    def held_out(l2: float) -> float:
        right = 0
        for g in sorted(set(groups)):
            inside = np.array([h != g for h in groups])
            w, b = _fit(x[inside], y[inside], l2)
            right += int((_predict(x[~inside], w, b) == y[~inside]).sum())
        return right / len(y)

    scores = {l2: held_out(l2) for l2 in L2_GRID}
    l2 = max(L2_GRID, key=lambda v: (scores[v], v))
    w, b = _fit(x, y, l2)
    model = {
        "classes": list(CLASSES),
        "trained_on": "PeaceRep corridor records, tune part (bench/corridors.py split)",
        "l2": l2,
        "seed": args.seed,
        "threshold": args.threshold,
        "bias": [round(float(v), 4) for v in b],
        "weights": {
            f: [round(float(v), 4) for v in w[i]]
            for f, i in index.items()
            if np.abs(w[i]).max() >= 1e-4
        },
    }
    args.out.write_text(json.dumps(model, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(
        json.dumps(
            {
                "examples": len(examples),
                "operations": len(set(groups)),
                "features": len(vocab),
                "labels": dict(Counter(CLASSES[v] for v in y.tolist())),
                "l2": l2,
                "held_out": {str(k): round(v, 4) for k, v in scores.items()},
                "held_out_prior": round(float((y == prior).mean()), 4),
                "train_accuracy": round(float((_predict(x, w, b) == y).mean()), 4),
                "out": str(args.out),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
