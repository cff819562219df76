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
read here; 0.5 was best, see :mod:`crosswire.extract.quotes_filter`). Without it, the model
is fit on all of train and written with ``--threshold``. The rules' source ends come from the
shipped boundary model, so retrain ``train_quotes_bounds.py`` first when the rules change.

The shipped CRF tagger was trained on all of train and has memorised it, so the candidates
are produced with two fold taggers instead (:func:`fold_taggers`, each trained with the
shipped settings on half of train and run on the other half); the filter's features include
the tagger's marginals, which must look on train as they will on unseen text.

Usage:
  python bench/train_quotes_filter.py [--data ../shared/datasets/polnear/train]
      [--cache /tmp/polnear-train.spacy] [--holdout] [--threshold 0.5]
      [--fold-dir /tmp/crosswire-quotes-folds] [--reuse-folds]
      [--out src/crosswire/extract/quotes_model/attribution_filter.json]
``--cues T`` adds the cue model's verbs to the candidates (two fold cue models at threshold
T, fit like the shipped one on the fitting documents of the other parity,
``train_quotes_cues.fold_cue_models``). The shipped filter was not refit with them: on the
held-out fifth of train that scored lower (source exact 0.7496 at 0.5) than the shipped
filter beside the cue model. Training the two fold CRFs takes about 10 minutes each;
``--reuse-folds`` skips it when ``--fold-dir`` already holds them (L-BFGS is deterministic,
so they would come out the same).
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

from polnear import Attr, Doc, _overlaps, evaluate, load
from train_quotes import parse, token_labels

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "polnear" / "train"
DEFAULT_OUT = ROOT / "src" / "crosswire" / "extract" / "quotes_model" / "attribution_filter.json"
CRF_PARAMS = {
    "c1": 2.0,
    "c2": 0.01,
    "max_iterations": 150,
    "feature.possible_transitions": True,
    "feature.minfreq": 2,
}
"""The shipped tagger's training settings (``train_quotes.py`` defaults)."""


def fold_taggers(docs: list[Doc], parsed: list[Any], fold_dir: Path, reuse: bool) -> list[Any]:
    """Two CRF taggers, each trained like the shipped one (``train_quotes.py`` settings) on
    half of train: documents with an odd index in sorted order for fold 0, even for fold 1.
    A document is then read by the tagger that never saw it, so the tagger's proposals and
    marginals on it are as good as on unseen text and the filter learns how far to trust
    them (the shipped tagger, trained on all of train, has memorised these documents)."""
    import pycrfsuite

    from crosswire.extract.quotes_features import sequences
    from crosswire.extract.quotes_tagger import load_tagger

    fold_dir.mkdir(parents=True, exist_ok=True)
    taggers = []
    for fold in (0, 1):
        path = fold_dir / f"fold{fold}.crfsuite"
        if not (reuse and path.is_file()):
            trainer = pycrfsuite.Trainer(verbose=False)
            for i, (d, sp) in enumerate(zip(docs, parsed, strict=True)):
                if i % 2 == fold:
                    continue
                labels = token_labels(sp, d.gold)
                for seq in sequences(sp):
                    trainer.append(seq.features, [labels[k] for k in seq.tokens])
            trainer.set_params(CRF_PARAMS)
            trainer.train(str(path))
        taggers.append(load_tagger.__wrapped__(str(path)))
    return taggers


def candidates(
    docs: list[Doc],
    parsed: list[Any],
    taggers: list[Any],
    broad: bool = False,
    cue_models: list[Any] | None = None,
) -> list[list[tuple[list[str], Attr]]]:
    """Per document: (features, statement as a PolNeAR attribution) of every proposed group."""
    from crosswire.annotate.pipeline import annotation_from_doc
    from crosswire.extract.quotes import BROAD_LEMMAS, CUE_LEMMAS, find_attributions
    from crosswire.extract.quotes_bounds import load_bounds
    from crosswire.extract.quotes_filter import group_features, groups_of

    out = []
    lemmas = BROAD_LEMMAS if broad else CUE_LEMMAS
    for i, (d, sp) in enumerate(zip(docs, parsed, strict=True)):
        marginals: dict[int, tuple[float, float]] = {}
        atts = find_attributions(
            sp,
            annotation_from_doc(d.name, sp),
            lemmas,
            taggers[i % 2],
            bounds=load_bounds(),
            marginals=marginals,
            cue_model=cue_models[i % 2] if cue_models is not None else None,
        )
        rows = []
        for items in groups_of(atts).values():
            first = items[0]
            attr = Attr(
                source=(first.source,) if first.source else (),
                cue=(first.cue,),
                content=tuple(a.content for a in items),
            )
            rows.append((group_features(sp, d.text, items, marginals), attr))
        out.append(rows)
    return out


def label(d: Doc, attr: Attr) -> int:
    """1 when the statement's content overlaps an annotated content."""
    return int(any(_overlaps(attr.content, g.content) for g in d.gold))


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


def training_cli(
    doc: str | None, out: Path, holdout: str, folds: bool = True
) -> argparse.ArgumentParser:
    """The options every PolNeAR training script shares, drawn in one place.

    Data, output, parse cache, the held-out switch, the fold CRFs (when the
    script reads statements through them) and the logistic fit's settings;
    each script adds its own options after these.
    """
    parser = argparse.ArgumentParser(description=(doc or "").split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="PolNeAR train folder")
    parser.add_argument("--out", type=Path, default=out, help="model file to write")
    parser.add_argument("--cache", type=Path, default=None, help="DocBin cache of the parses")
    parser.add_argument("--holdout", action="store_true", help=holdout)
    if folds:
        parser.add_argument(
            "--fold-dir", type=Path, default=Path("/tmp/crosswire-quotes-folds"), help="fold CRFs"
        )
        parser.add_argument(
            "--reuse-folds", action="store_true", help="reuse fold CRFs already in --fold-dir"
        )
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--min-count", type=int, default=3)
    return parser


def write_model(path: Path, model: dict[str, Any]) -> int:
    """Write a logistic model as JSON package data, byte-stable (sorted keys, one value per
    line, so a refit that changes nothing changes no byte); returns its size in bytes."""
    path.write_text(json.dumps(model, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    return path.stat().st_size


def refuse_dev(data: Path, script: str) -> None:
    """Stop a training script pointed at the dev split, which is kept for measuring."""
    if "dev" in data.parts:
        sys.exit(f"{script}: the dev split is for measuring only; use polnear/train")


def main() -> None:
    parser = training_cli(__doc__, DEFAULT_OUT, "fit on 4/5, sweep on 1/5")
    parser.add_argument("--threshold", type=float, default=0.5, help="drop below this")
    parser.add_argument("--lexicon", choices=["speech", "broad"], default="speech")
    parser.add_argument(
        "--cues",
        type=float,
        default=None,
        help="with the cue model's verbs (fold models at this threshold; train_quotes_cues.py)",
    )
    args = parser.parse_args()
    refuse_dev(args.data, "train_quotes_filter")
    t0 = time.perf_counter()
    docs = load(args.data, None)
    parsed = parse(docs, args.cache)
    taggers = fold_taggers(docs, parsed, args.fold_dir, args.reuse_folds)
    fit_ids = [i for i in range(len(docs)) if not (args.holdout and i % 5 == 0)]
    cue_models = None
    if args.cues is not None:
        from train_quotes_cues import fold_cue_models  # it imports this module's fit

        cue_models = fold_cue_models(docs, parsed, taggers, args.cues, fit_ids)
    cands = candidates(docs, parsed, taggers, args.lexicon == "broad", cue_models)
    rows = [(f, label(docs[i], a)) for i in fit_ids for f, a in cands[i]]
    weights, bias = fit(rows, args.l2, args.iterations, args.min_count)
    line: dict[str, object] = {
        "documents": len(fit_ids),
        "statements": len(rows),
        "positives": sum(lab for _, lab in rows),
        "features": len(weights),
    }
    if args.holdout:
        held = [i for i in range(len(docs)) if i % 5 == 0]
        sweep = {}
        for th in (0.0, 0.3, 0.4, 0.5, 0.6, 0.7):
            preds = {
                docs[i].name: [a for f, a in cands[i] if probability(weights, bias, f) >= th]
                for i in held
            }
            res = evaluate([docs[i] for i in held], preds, 0)
            sweep[str(th)] = {
                "source_exact_f1": res["source_exact"]["f1"],
                "content_overlap_f1": res["content_overlap"]["f1"],
                "attribution_f1": res["attribution"]["f1"],
            }
            print(th, json.dumps(sweep[str(th)]))
        line["sweep"] = sweep
    else:
        model = {"bias": bias, "threshold": args.threshold, "weights": weights}
        line["model_bytes"] = write_model(args.out, model)
    line["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(line))


if __name__ == "__main__":
    main()
