"""How far two PolNeAR annotators agree on the same articles, scored as ``polnear.py`` does.

A few PolNeAR articles were annotated by two annotators (two ``.ann`` files per
text). Treating the first file (the one ``polnear.py`` uses as gold) as gold and
the second as a prediction gives the human agreement on exactly the spans and
matching rules the benchmark uses -- the ceiling a system can expect on this
annotation. A bootstrap over articles (1,000 resamples, fixed seed) gives a 90%
interval for the human source_exact_f1, since the articles are few. crosswire
is scored on the same articles against each annotator, so the two can be set
side by side. Train articles were seen by crosswire's
trained models, so its numbers there flatter it; dev articles were not.

Usage: python bench/polnear_agreement.py [--data ../shared/datasets/polnear]
       [--splits train dev] [--no-crosswire]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from pathlib import Path

from polnear import Attr, Doc, evaluate, predict, read_ann

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "polnear"
KEYS = ("source_exact", "source_overlap", "cue_exact", "content_exact", "content_overlap")


def doubly_annotated(data: Path, splits: list[str]) -> list[tuple[Doc, list[Attr]]]:
    """(text with the first annotation as gold, the second annotation) per doubly annotated text."""
    out = []
    for split in splits:
        ann_dir, text_dir = data / split / "attributions", data / split / "text"
        if not ann_dir.is_dir() or not text_dir.is_dir():
            sys.exit(
                f"polnear_agreement: {data / split} has no attributions/ and text/: pass --data "
                "pointing at the PolNeAR folder holding train/ and dev/ (dataset absent?)"
            )
        by_text: dict[str, list[Path]] = defaultdict(list)
        for ann in sorted(ann_dir.glob("*.ann")):
            by_text[ann.stem.rsplit("_", 1)[0]].append(ann)
        for base, anns in sorted(by_text.items()):
            txt = text_dir / f"{base}.txt"
            if len(anns) < 2 or not txt.is_file():
                continue
            text = txt.read_text(encoding="utf-8")
            out.append((Doc(base, text, read_ann(anns[0])), read_ann(anns[1])))
    return out


def f1s(res: dict[str, dict[str, float]]) -> dict[str, float]:
    return {f"{k}_f1": res[k]["f1"] for k in KEYS}


def bootstrap_source_f1(
    docs: list[Doc], second: dict[str, list[Attr]], rounds: int = 1000
) -> tuple[float, float]:
    """5th and 95th percentile of the human source_exact_f1 over articles drawn with replacement."""
    rng = random.Random(13)
    values = []
    for _ in range(rounds):
        sample = [rng.choice(docs) for _ in docs]
        renamed = [Doc(f"{i}:{d.name}", d.text, d.gold) for i, d in enumerate(sample)]
        preds = {r.name: second[d.name] for r, d in zip(renamed, sample, strict=True)}
        values.append(evaluate(renamed, preds, 0)["source_exact"]["f1"])
    values.sort()
    return values[int(0.05 * rounds)], values[int(0.95 * rounds) - 1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="PolNeAR folder")
    parser.add_argument("--splits", nargs="+", default=["train", "dev"])
    parser.add_argument(
        "--no-crosswire", action="store_true", help="human agreement only (no parse)"
    )
    args = parser.parse_args()
    pairs = doubly_annotated(args.data, args.splits)
    if not pairs:
        sys.exit(f"polnear_agreement: no doubly annotated article under {args.data}")
    docs = [d for d, _ in pairs]
    second = {d.name: b for d, b in pairs}
    human = f1s(evaluate(docs, second, 0))
    low, high = bootstrap_source_f1(docs, second)
    n_sources = sum(len({a.source for a in d.gold} - {()}) for d in docs)
    result: dict[str, object] = {
        "n_docs": len(docs),
        "splits": args.splits,
        "gold_sources": n_sources,
        "human": human,
        "human_source_exact_f1_90ci": [round(low, 4), round(high, 4)],
    }
    print(f"{len(docs)} doubly annotated articles ({', '.join(args.splits)}), {n_sources} sources")
    print("annotator B against A: " + ", ".join(f"{k} {v:.3f}" for k, v in human.items()))
    print(f"human source_exact_f1, 90% bootstrap interval over articles: {low:.3f}-{high:.3f}")
    if not args.no_crosswire:
        preds, _ = predict(docs, "speech", 16)
        vs_a = f1s(evaluate(docs, preds, 0))
        docs_b = [Doc(d.name, d.text, second[d.name]) for d in docs]
        vs_b = f1s(evaluate(docs_b, preds, 0))
        print("crosswire against A:    " + ", ".join(f"{k} {v:.3f}" for k, v in vs_a.items()))
        print("crosswire against B:    " + ", ".join(f"{k} {v:.3f}" for k, v in vs_b.items()))
        result["crosswire_vs_a"] = vs_a
        result["crosswire_vs_b"] = vs_b
    print(json.dumps(result))


if __name__ == "__main__":
    main()
