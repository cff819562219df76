"""Train the per-incident count chooser (``crosswire.link.count_chooser``) on tune parts only.

Why a trained chooser: reconciling every figure of an incident's reports together lets one
report's slip (a background shooting, a victim counted by name in one report and by number
in another) decide the incident, while the reports read alone mostly agree on the Archive's
toll, and a report's title often holds it. The chooser picks among the reconciled pair,
each report's own pair and each title's.

Data: the development half of the SemEval-2018 GVA long tail (``../shared/datasets/gva_longtail``)
and GVC (``../shared/datasets/gvc``), **tune parts only** (``gva_longtail_counts.part_of``,
``gvc_counts.part_of``); labels are the Archive's killed / injured per incident (distant
supervision: a candidate is right when it equals them). Only incidents the model decides
teach it (:func:`crosswire.link.count_chooser.undecided`: the reconciled pair no report
tells alone, or a title telling another pair), and only those with a candidate equal to the
Archive's pair.

Model: a conditional logit (a linear score per candidate, softmax over the incident's
candidates) fitted by full-batch gradient descent from zero weights (deterministic; the only
randomness, the folds, is a hash). The L2 strength and the margin (how much surer than the
reconciled pair another candidate must be) are chosen by two-fold cross-fitting inside the
tune parts (folds by ``sha256("count_chooser:" + id)``); the check parts are never read.
Writes ``src/crosswire/link/data/count_chooser.json``; the same data give the same bytes.

Usage: python bench/train_count_chooser.py [--data ../shared/datasets/gva_longtail]
       [--gvc-data ../shared/datasets/gvc] [--figures gva.pkl] [--gvc-figures gvc.pkl] [--out path]
``--figures`` keeps the extracted figures in a pickle (written when absent, read when present)
so re-training need not re-parse 1,500 reports.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np

from gva_longtail_counts import DEFAULT_DATA, part_of
from gvc_counts import extract_reports, load

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "crosswire" / "link" / "data" / "count_chooser.json"
L2_GRID = (0.0, 0.01, 0.1, 1.0)
MARGINS = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5)
GVC_DATA = ROOT.parent / "shared" / "datasets" / "gvc"
STEPS, RATE = 3000, 0.5


def fold_of(incident_id: str) -> int:
    """0 or 1: the cross-fitting fold inside the tune part."""
    return hashlib.sha256(f"count_chooser:{incident_id}".encode()).digest()[0] % 2


def examples(
    rows: list[tuple[str, Any, list[dict[str, Any]]]], gold: dict[str, tuple[int, int]]
) -> list[tuple[str, np.ndarray, int | None, int]]:
    """Per incident the model decides (:func:`crosswire.link.count_chooser.undecided`):
    (id, candidate feature matrix, index of the gold candidate or None, index of the
    reconciled candidate = 0)."""
    from crosswire.link.count_chooser import (
        FEATURES,
        _counts,
        candidate_features,
        report_readings,
        undecided,
    )

    by_incident: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(dict)
    articles: dict[str, dict[str, Any]] = defaultdict(dict)
    for incident, art, figs in rows:
        by_incident[incident][art.id] = figs
        articles[incident][art.id] = art
    out = []
    for incident in sorted(by_incident):
        reports = by_incident[incident]
        everything = [f for figs in reports.values() for f in figs]
        reconciled = _counts(everything, articles[incident], incident)
        readings = report_readings(reports, articles[incident], incident)
        if not undecided(reconciled, readings):
            continue
        cands = candidate_features(reconciled, readings)
        x = np.array([[f.get(k, 0.0) for k in FEATURES] for _, f in cands], dtype=np.float64)
        right = [i for i, (c, _) in enumerate(cands) if c == gold[incident]]
        out.append((incident, x, right[0] if right else None, 0))
    return out


def fit(data: list[tuple[str, np.ndarray, int | None, int]], l2: float) -> np.ndarray:
    """Conditional-logit weights by gradient descent on the mean negative log-likelihood."""
    usable = [(x, y) for _, x, y, _ in data if y is not None and len(x) > 1]
    width = data[0][1].shape[1] if data else 1
    w = np.zeros(width)
    if not usable:
        return w
    most = max(len(x) for x, _ in usable)
    xs = np.zeros((len(usable), most, width))
    mask = np.full((len(usable), most), -np.inf)
    ys = np.zeros((len(usable), most))
    for n, (x, y) in enumerate(usable):
        xs[n, : len(x)] = x
        mask[n, : len(x)] = 0.0
        ys[n, y] = 1.0
    for _ in range(STEPS):
        s = xs @ w + mask
        p = np.exp(s - s.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("nm,nmf->f", p - ys, xs) / len(usable) + l2 * w
        w -= RATE * grad
    return w


def right_count(
    data: list[tuple[str, np.ndarray, int | None, int]], w: np.ndarray, margin: float = 0.0
) -> int:
    """How many incidents the weights choose the gold candidate for (ties: the earlier; another
    candidate than the reconciled one, at index 0, only when its probability beats it by more
    than ``margin``)."""
    ok = 0
    for _, x, y, _ in data:
        s = x @ w
        p = np.exp(s - s.max())
        p /= p.sum()
        best = int(np.argmax(p))
        if p[best] - p[0] <= margin:
            best = 0
        ok += int(y is not None and best == y)
    return ok


def rows_of(
    folder: Path, figures: Path | None, part: Any
) -> tuple[list[tuple[str, Any, list[dict[str, Any]]]], dict[str, tuple[int, int]]]:
    """The tune part's (incident, article, figures) rows of one GVC-layout folder (read from
    or kept in the ``figures`` pickle) and its incidents' gold pairs."""
    docs, incidents = load(folder, None)
    if figures is not None and figures.is_file():
        with figures.open("rb") as fh:
            rows = pickle.load(fh)
    else:
        rows = extract_reports([d for d in docs if part(str(d["incident_id"])) == "tune"])
        if figures is not None:
            with figures.open("wb") as fh:
                pickle.dump(rows, fh)
    rows = [r for r in rows if part(r[0]) == "tune"]
    gold = {i: (int(r["num_killed"]), int(r["num_injured"])) for i, r in incidents.items()}
    return rows, gold


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="GVA long tail folder")
    parser.add_argument("--gvc-data", type=Path, default=GVC_DATA, help="GVC folder")
    parser.add_argument("--figures", type=Path, default=None, help="pickle of GVA figures")
    parser.add_argument("--gvc-figures", type=Path, default=None, help="pickle of GVC figures")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    from crosswire.link.count_chooser import FEATURES
    from gvc_counts import part_of as gvc_part

    rows, gold = rows_of(args.data, args.figures, part_of)
    data = examples(rows, gold)
    gvc_rows, gvc_gold = rows_of(args.gvc_data, args.gvc_figures, gvc_part)
    data += examples(gvc_rows, gvc_gold)
    base = sum(int(y == 0) for _, _, y, _ in data)
    print(f"{len(data)} tune incidents the model decides; reconciled pair right for {base}")
    best, best_ok = (L2_GRID[0], MARGINS[0]), -1
    for l2 in L2_GRID:
        fits = [fit([d for d in data if fold_of(d[0]) != k], l2) for k in (0, 1)]
        for margin in MARGINS:
            ok = sum(
                right_count([d for d in data if fold_of(d[0]) == k], fits[k], margin)
                for k in (0, 1)
            )
            print(f"l2={l2} margin={margin}: cross-fitted right {ok} of {len(data)}")
            if ok > best_ok:
                best, best_ok = (l2, margin), ok
    l2, margin = best
    w = fit(data, l2)
    model = {
        "features": list(FEATURES),
        "weights": [round(float(v), 6) for v in w],
        "margin": margin,
        "l2": l2,
        "trained_on": "tune parts of the GVA long tail (development half) and GVC; "
        "the Archive's killed / injured per incident",
        "incidents": len(data),
        "cross_fitted_right": best_ok,
        "reconciled_right": base,
    }
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    right = right_count(data, w, margin)
    print(f"l2={l2} margin={margin}; in-sample right {right} of {len(data)}; wrote {args.out}")


if __name__ == "__main__":
    main()
