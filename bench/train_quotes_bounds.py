"""Train the source-boundary model shipped with the quotes extractor, on PolNeAR **train** only.

The extractor runs on every annotated document of ``../shared/datasets/polnear/train`` with
the boundary model switched off. For every rule statement whose source's head word lies in an
annotated source, each modifier to the right of that head (what
:func:`crosswire.extract.quotes_bounds.candidate_children` offers) is an example: label 1 when
all its words lie inside the annotated source, 0 otherwise, with the features of
:func:`crosswire.extract.quotes_bounds.child_features`. A logistic regression (the
deterministic fit of ``train_quotes_filter.py``) is fit on them.

``--holdout`` fits on four documents in five and reports, on the fifth, how often the rules'
right edge and the model's right edge equal the annotated one (dev is never read here).
The model is written either way; the shipped one is fit on all of train.

Usage:
  python bench/train_quotes_bounds.py [--data ../shared/datasets/polnear/train]
      [--cache /tmp/polnear-train.spacy] [--holdout]
      [--out src/crosswire/extract/quotes_model/source_bounds.json]
The last line printed is one JSON object.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from polnear import Doc, load
from train_quotes import parse
from train_quotes_filter import fit, refuse_dev, training_cli, write_model

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "polnear" / "train"
DEFAULT_OUT = ROOT / "src" / "crosswire" / "extract" / "quotes_model" / "source_bounds.json"
_EDGE = " \t\n,;:.—–-"

Example = tuple[list[str], int]


def examples(docs: list[Doc], parsed: list[Any]) -> list[list[tuple[list[Example], int, int]]]:
    """Per document, per rule source: (modifier examples, gold right edge, rule right edge) in
    characters."""
    from crosswire.annotate.pipeline import annotation_from_doc
    from crosswire.extract.quotes import find_attributions
    from crosswire.extract.quotes_bounds import candidate_children, child_features, limit_of
    from crosswire.extract.quotes_tagger import load_tagger

    tagger = load_tagger()
    out = []
    for d, sp in zip(docs, parsed, strict=True):
        gold = [g.source[0] for g in d.gold if len(g.source) == 1]
        atts = find_attributions(sp, annotation_from_doc(d.name, sp), tagger=tagger, bounds=None)
        rows = []
        seen = set()
        for a in atts:
            if a.source is None or a.origin not in {"verb", "according"} or a.source in seen:
                continue
            seen.add(a.source)
            span = sp.char_span(a.source[0], a.source[1], alignment_mode="expand")
            if span is None:
                continue
            head = span.root
            g = next((g for g in gold if g[0] <= head.idx < g[1]), None)
            if g is None:
                continue
            g_end = g[1]
            while g_end > g[0] and d.text[g_end - 1] in _EDGE:
                g_end -= 1
            limit, inverted = limit_of(head, a.cue, a.content)
            exs = []
            for k, child in enumerate(candidate_children(head, span.start, limit)):
                c_lo = sp[child.left_edge.i].idx
                c_hi = sp[child.right_edge.i].idx + len(sp[child.right_edge.i].text)
                inside = g[0] <= c_lo and c_hi <= g[1]
                exs.append((child_features(head, child, k, inverted), int(inside)))
            p_end = a.source[1]
            while p_end > a.source[0] and d.text[p_end - 1] in _EDGE:
                p_end -= 1
            rows.append((exs, g_end, p_end))
        out.append(rows)
    return out


def main() -> None:
    parser = training_cli(__doc__, DEFAULT_OUT, "fit on 4/5, report on 1/5", folds=False)
    args = parser.parse_args()
    refuse_dev(args.data, "train_quotes_bounds")
    t0 = time.perf_counter()
    docs = load(args.data, None)
    parsed = parse(docs, args.cache)
    exs = examples(docs, parsed)
    fit_ids = [i for i in range(len(docs)) if not (args.holdout and i % 5 == 0)]
    rows = [e for i in fit_ids for src in exs[i] for e in src[0]]
    weights, bias = fit(rows, args.l2, args.iterations, args.min_count)
    line: dict[str, object] = {
        "documents": len(fit_ids),
        "examples": len(rows),
        "kept": sum(lab for _, lab in rows),
        "features": len(weights),
    }
    if args.holdout:
        held = [e for i in range(len(docs)) if i % 5 == 0 for src in exs[i] for e in src[0]]
        z = [bias + sum(weights.get(f, 0.0) for f in feats) for feats, _ in held]
        correct = sum(int((s >= 0) == bool(lab)) for s, (_, lab) in zip(z, held, strict=True))
        line["held_examples"] = len(held)
        line["held_accuracy"] = round(correct / max(len(held), 1), 4)
        line["held_majority"] = round(
            max(sum(lab for _, lab in held), len(held) - sum(lab for _, lab in held))
            / max(len(held), 1),
            4,
        )
    model = {"bias": bias, "weights": weights}
    line["model_bytes"] = write_model(args.out, model)
    line["seconds"] = round(time.perf_counter() - t0, 1)
    print(json.dumps(line))


if __name__ == "__main__":
    main()
