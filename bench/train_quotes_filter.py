"""Train the attribution filter shipped with the quotes extractor, on PolNeAR **train** only.

The extractor (rules, then the CRF tagger) runs without the filter on every annotated
document of ``../shared/datasets/polnear/train``; each statement it proposes (the items of
one group) gets the features of :func:`crosswire.extract.quotes_filter.group_features` and
the label 1 when one of its content fragments overlaps an annotated PolNeAR content, else 0.
A logistic regression (L2, full-batch Adam from zero weights, fixed iteration count: no
random step, the same data gives byte-identical weights) is fit on them.

``--holdout`` fits on four documents in five (those whose index in sorted order is not a
multiple of 5) and prints, for a sweep of thresholds, the PolNeAR scores of the held-out
fifth with the filter applied: that is how the shipped threshold was chosen (dev is never
read here). Without it, the model is fit on all of train and written with ``--threshold``.

Note: the CRF tagger was itself trained on all of train, so its proposals on train are a
little better than on unseen text; the filter may trust them slightly too much.

Usage:
  python bench/train_quotes_filter.py [--data ../shared/datasets/polnear/train]
      [--cache /tmp/polnear-train.spacy] [--holdout] [--threshold 0.3]
      [--out src/crosswire/extract/quotes_model/attribution_filter.json]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from polnear import Attr, Doc, _norm, _overlaps, evaluate, load
from train_quotes import parse

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "polnear" / "train"
DEFAULT_OUT = ROOT / "src" / "crosswire" / "extract" / "quotes_model" / "attribution_filter.json"


def candidates(
    docs: list[Doc], parsed: list[Any], broad: bool = False
) -> list[list[tuple[list[str], Attr]]]:
    """Per document: (features, statement as a PolNeAR attribution) of every proposed group."""
    from crosswire.annotate.pipeline import annotation_from_doc
    from crosswire.extract.quotes import BROAD_LEMMAS, CUE_LEMMAS, find_attributions
    from crosswire.extract.quotes_bounds import load_bounds
    from crosswire.extract.quotes_filter import group_features, groups_of
    from crosswire.extract.quotes_tagger import load_tagger

    tagger = load_tagger()
    out = []
    for d, sp in zip(docs, parsed, strict=True):
        lemmas = BROAD_LEMMAS if broad else CUE_LEMMAS
        atts = find_attributions(
            sp, annotation_from_doc(d.name, sp), lemmas, tagger, bounds=load_bounds()
        )
        rows = []
        for items in groups_of(atts).values():
            first = items[0]
            attr = Attr(
                source=(first.source,) if first.source else (),
                cue=(first.cue,),
                content=tuple(a.content for a in items),
            )
            rows.append((group_features(sp, d.text, items), attr))
        out.append(rows)
    return out


def label(d: Doc, attr: Attr) -> int:
    """1 when the statement's content overlaps an annotated content."""
    return int(any(_overlaps(attr.content, g.content) for g in d.gold))


def source_label(d: Doc, attr: Attr) -> int:
    """1 when the statement's source is exactly an annotated source (as polnear.py scores)."""
    src = _norm(d.text, attr.source)
    return int(any(_norm(d.text, g.source) == src for g in d.gold))


def fit(
    rows: list[tuple[list[str], int]], l2: float, iterations: int, min_count: int
) -> tuple[dict[str, float], float]:
    """Logistic regression over binary features (full-batch Adam from zero: deterministic)."""
    counts = Counter(f for feats, _ in rows for f in set(feats))
    vocab = {f: k for k, f in enumerate(sorted(f for f, c in counts.items() if c >= min_count))}
    idx_rows = [sorted({vocab[f] for f in feats if f in vocab}) for feats, _ in rows]
    flat = np.array([i for r in idx_rows for i in r], dtype=np.int64)
    owner = np.repeat(np.arange(len(rows)), [len(r) for r in idx_rows])
    y = np.array([lab for _, lab in rows], dtype=np.float64)
    w = np.zeros(len(vocab))
    b = 0.0
    m_w, v_w = np.zeros_like(w), np.zeros_like(w)
    m_b = v_b = 0.0
    lr, beta1, beta2, eps = 0.05, 0.9, 0.999, 1e-8
    n = len(rows)
    for t in range(1, iterations + 1):
        z = np.bincount(owner, weights=w[flat], minlength=n) + b
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        err = p - y
        g_w = np.bincount(flat, weights=err[owner], minlength=len(w)) / n + l2 * w
        g_b = float(err.mean())
        m_w = beta1 * m_w + (1 - beta1) * g_w
        v_w = beta2 * v_w + (1 - beta2) * g_w * g_w
        m_b = beta1 * m_b + (1 - beta1) * g_b
        v_b = beta2 * v_b + (1 - beta2) * g_b * g_b
        w -= lr * (m_w / (1 - beta1**t)) / (np.sqrt(v_w / (1 - beta2**t)) + eps)
        b -= lr * (m_b / (1 - beta1**t)) / (np.sqrt(v_b / (1 - beta2**t)) + eps)
    names = sorted(vocab, key=vocab.__getitem__)
    weights = {f: round(float(w[k]), 4) for k, f in enumerate(names) if abs(w[k]) >= 0.005}
    return weights, round(b, 4)


def probability(weights: dict[str, float], bias: float, feats: list[str]) -> float:
    z = bias + sum(weights.get(f, 0.0) for f in feats)
    return float(1.0 / (1.0 + np.exp(-np.clip(z, -30, 30))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="PolNeAR train folder")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="model file to write")
    parser.add_argument("--cache", type=Path, default=None, help="DocBin cache of the parses")
    parser.add_argument("--holdout", action="store_true", help="fit on 4/5, sweep on 1/5")
    parser.add_argument("--threshold", type=float, default=0.5, help="statement model")
    parser.add_argument("--source-threshold", type=float, default=0.5, help="source model")
    parser.add_argument("--lexicon", choices=["speech", "broad"], default="speech")
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--min-count", type=int, default=3)
    args = parser.parse_args()
    if "dev" in args.data.parts:
        sys.exit("train_quotes_filter: the dev split is for measuring only; use polnear/train")
    t0 = time.perf_counter()
    docs = load(args.data, None)
    parsed = parse(docs, args.cache)
    cands = candidates(docs, parsed, args.lexicon == "broad")
    fit_ids = [i for i in range(len(docs)) if not (args.holdout and i % 5 == 0)]
    rows = [(f, label(docs[i], a)) for i in fit_ids for f, a in cands[i]]
    weights, bias = fit(rows, args.l2, args.iterations, args.min_count)
    s_rows = [(f, source_label(docs[i], a)) for i in fit_ids for f, a in cands[i] if a.source]
    s_weights, s_bias = fit(s_rows, args.l2, args.iterations, args.min_count)
    line: dict[str, object] = {
        "documents": len(fit_ids),
        "statements": len(rows),
        "positives": sum(lab for _, lab in rows),
        "sourced": len(s_rows),
        "source_positives": sum(lab for _, lab in s_rows),
        "features": len(weights),
        "source_features": len(s_weights),
    }
    if args.holdout:
        held = [i for i in range(len(docs)) if i % 5 == 0]
        sweep = {}
        for th in (0.0, 0.5, 0.6):
            for s_th in (0.0, 0.3, 0.4, 0.5, 0.6):
                preds = {}
                for i in held:
                    kept = []
                    for f, a in cands[i]:
                        if probability(weights, bias, f) < th:
                            continue
                        if a.source and probability(s_weights, s_bias, f) < s_th:
                            a = Attr(source=(), cue=a.cue, content=a.content)
                        kept.append(a)
                    preds[docs[i].name] = kept
                res = evaluate([docs[i] for i in held], preds, 0)
                key = f"{th}/{s_th}"
                sweep[key] = {
                    "source_exact_f1": res["source_exact"]["f1"],
                    "content_overlap_f1": res["content_overlap"]["f1"],
                    "attribution_f1": res["attribution"]["f1"],
                }
                print(key, json.dumps(sweep[key]))
        line["sweep"] = sweep
    else:
        model = {
            "statement": {"bias": bias, "threshold": args.threshold, "weights": weights},
            "source": {"bias": s_bias, "threshold": args.source_threshold, "weights": s_weights},
        }
        args.out.write_text(json.dumps(model, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        line["model_bytes"] = args.out.stat().st_size
    line["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(line))


if __name__ == "__main__":
    main()
