"""Train the victim status model (``crosswire.extract.figures_victim_status``).

Every victim mention the figures extractor's victim rules weigh in the **tune** part of
the GVA long tail (``sha256("gva_longtail:" + incident_id)``, first byte even; the check
part is never read here) is labelled by distant supervision from the Gun Violence
Archive's record of its incident:

- a named mention whose surname is a participant's takes that participant's status:
  killed, injured, or (not hurt) unharmed for a victim, shooter for a suspect;
- a named mention that is no participant's, in an incident whose participants are all
  named, is ``other`` (another incident's, or nobody the Archive counts);
- a described mention ("a man", "the victim", "he") takes the incident's status when its
  victims share one: killed when nobody was injured, injured when nobody was killed,
  unharmed when nobody was hurt; mixed incidents leave it out.

A multinomial logistic model (L2, full-batch Adam from zero weights: deterministic, so no
random seed is needed) is fitted with numpy over features seen at least ``--min-count`` times
and written as JSON to ``src/crosswire/extract/victim_model/victim_status.json``. Two-fold
cross-fitting inside the tune part (incidents split by a second hash, :func:`fold_of`)
reports the held-apart accuracy and the rules' own (``shot`` read as injured) on the same
mentions; ``--without-fold K`` writes a model fitted on the other fold only, so the counts
bench can score fold K with a model that never saw it (how the thresholds were chosen).

Usage: python bench/train_victim_status.py [--data ../shared/datasets/gva_longtail]
       [--parses parses.pkl] [--out path.json]
The last line printed is one JSON object with the counts and accuracies.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gva_longtail"
OUT = ROOT / "src" / "crosswire" / "extract" / "victim_model" / "victim_status.json"
FIGURE_INPUTS = ("place_mentions", "timexes", "quotes", "figures")


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``, as in ``gva_longtail_counts.py``."""
    first = hashlib.sha256(f"gva_longtail:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def fold_of(incident_id: str) -> int:
    """The cross-fitting fold (0 or 1) of a tune incident: a second, independent hash."""
    return hashlib.sha256(f"victim_status_fold:{incident_id}".encode()).digest()[0] % 2


def _status(p: dict[str, Any]) -> str:
    status = str(p.get("Status", "")).lower()
    suspect = "suspect" in str(p.get("Type", "")).lower()
    if "killed" in status:
        return "killed"
    if "injured" in status:
        return "injured"
    return "shooter" if suspect else "unharmed"


def _surnames(p: dict[str, Any]) -> set[str]:
    name = str(p.get("Name", "")).strip().lower().replace(".", "")
    parts = [w for w in name.split() if w not in ("jr", "sr", "ii", "iii", "iv")]
    return {parts[-1]} if parts else set()


def label(mention: Any, incident: dict[str, Any]) -> str | None:
    """The distant label of one mention (see the module docstring), None when unknown."""
    people = list(incident.get("participants", []))
    if mention.named:
        words = {w.strip(".,'’s").lower() for w in mention.text.split()}
        hits = {_status(p) for p in people if _surnames(p) & words}
        if len(hits) == 1:
            return hits.pop()
        if not hits and people and all(_surnames(p) for p in people):
            return "other"
        return None
    killed, injured = int(incident["num_killed"]), int(incident["num_injured"])
    if killed and not injured:
        return "killed"
    if injured and not killed:
        return "injured"
    if not killed and not injured:
        return "unharmed"
    return None


def collect(data: Path, parses: Path | None, upstream: Path | None) -> list[tuple[str, Any, str]]:
    """(incident id, mention, label) for every labelled mention of the tune part."""
    sys.path.insert(0, str(ROOT / "bench"))
    from crosswire.annotate import Annotator
    from crosswire.annotate.pipeline import annotation_from_doc
    from crosswire.clean import clean_text
    from crosswire.extract import ExtractionInput, load_extractors
    from crosswire.extract.figures_victim_status import StatusMention, recording
    from crosswire.models import Article, article_id
    from gvc_counts import _published, load

    docs, incidents = load(data, None)
    docs = [d for d in docs if part_of(str(d["incident_id"])) == "tune"]
    articles, incident_of = [], {}
    for doc in docs:
        cleaned = clean_text(doc["content"]).text or doc["content"]
        key = doc.get("uri") or doc["doc_id"]
        art = Article(
            id=article_id(f"{key}#{doc['doc_id']}", cleaned),
            source=key,
            raw_text=doc["content"],
            text=cleaned,
            title=doc.get("title"),
            published=_published(doc.get("dct")),
        )
        articles.append(art)
        incident_of[art.id] = str(doc["incident_id"])
    annotator = Annotator()
    cached: dict[str, bytes] = {}
    if parses is not None and parses.is_file():
        cached = pickle.loads(parses.read_bytes())
    if not all(a.id in cached for a in articles):
        for art, (_, parsed) in zip(articles, annotator.annotate(articles), strict=True):
            cached[art.id] = annotator.doc_to_bytes(parsed)
        if parses is not None:
            parses.write_bytes(pickle.dumps(cached))
    extractors = load_extractors(FIGURE_INPUTS)
    before: dict[str, dict[str, Any]] = {}
    if upstream is not None and upstream.is_file():
        before = pickle.loads(upstream.read_bytes())
    out: list[tuple[str, Any, str]] = []
    for art in articles:
        parsed = annotator.doc_from_bytes(cached[art.id])
        annotation = annotation_from_doc(art.id, parsed)
        record: list[StatusMention] = []
        earlier: dict[str, Any] = dict(before.get(art.id, {}))
        earlier.pop("figures", None)
        for x in extractors:
            if x.name in earlier:
                continue
            token = recording.set(record if x.name == "figures" else None)
            try:
                earlier[x.name] = x.extract(ExtractionInput(art, parsed, annotation, earlier))
            finally:
                recording.reset(token)
        before[art.id] = {k: v for k, v in earlier.items() if k != "figures"}
        incident = incidents[incident_of[art.id]]
        for m in {(m.start, m.end, m.rule_measure): m for m in record}.values():
            y = label(m, incident)
            if y is not None:
                out.append((incident_of[art.id], m, y))
    if upstream is not None and not upstream.is_file():
        upstream.write_bytes(pickle.dumps(before))
    return out


def fit(
    rows: list[list[int]], ys: list[int], n_feats: int, n_classes: int, l2: float, steps: int
) -> tuple[np.ndarray, np.ndarray]:
    """Multinomial logistic regression by full-batch Adam from zero (deterministic)."""
    lens = np.array([len(r) for r in rows])
    flat = np.array([f for r in rows for f in r], dtype=np.int64)
    owner = np.repeat(np.arange(len(rows)), lens)
    y = np.zeros((len(rows), n_classes))
    y[np.arange(len(rows)), ys] = 1.0
    w = np.zeros((n_feats, n_classes))
    b = np.zeros(n_classes)
    mw, vw, mb, vb = np.zeros_like(w), np.zeros_like(w), np.zeros_like(b), np.zeros_like(b)
    rate, beta1, beta2, eps = 0.05, 0.9, 0.999, 1e-8
    n = len(rows)
    for step in range(1, steps + 1):
        z = np.zeros((n, n_classes))
        np.add.at(z, owner, w[flat])
        z += b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        d = (p - y) / n
        gw = np.zeros_like(w)
        np.add.at(gw, flat, d[owner])
        gw += l2 * w
        gb = d.sum(axis=0)
        for g, m, v, x in ((gw, mw, vw, w), (gb, mb, vb, b)):
            m *= beta1
            m += (1 - beta1) * g
            v *= beta2
            v += (1 - beta2) * g * g
            x -= rate * (m / (1 - beta1**step)) / (np.sqrt(v / (1 - beta2**step)) + eps)
    return w, b


def predict(rows: list[list[int]], w: np.ndarray, b: np.ndarray) -> list[int]:
    """The most probable class of each row."""
    return [int(np.argmax(b + (w[r].sum(axis=0) if r else 0.0))) for r in rows]


def vocabulary(mentions: list[Any], min_count: int) -> list[str]:
    """Features seen at least ``min_count`` times, sorted."""
    counts = Counter(f for m in mentions for f in set(m.features))
    return sorted(f for f, c in counts.items() if c >= min_count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--parses", type=Path, default=None, help="cache of parses (pickle)")
    parser.add_argument(
        "--upstream", type=Path, default=None, help="cache of the extractors before figures"
    )
    parser.add_argument(
        "--collected", type=Path, default=None, help="cache of the labelled mentions (pickle)"
    )
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--without-fold",
        type=int,
        default=None,
        help="fit on the other fold only (0 or 1), to score the left-out fold's counts",
    )
    parser.add_argument("--min-count", type=int, default=3)
    parser.add_argument("--l2", type=float, default=1e-2)
    parser.add_argument("--steps", type=int, default=300)
    args = parser.parse_args()
    from crosswire.extract.figures_victim_status import STATUSES

    if args.collected is not None and args.collected.is_file():
        data = pickle.loads(args.collected.read_bytes())
    else:
        data = collect(args.data, args.parses, args.upstream)
        if args.collected is not None:
            args.collected.write_bytes(pickle.dumps(data))
    classes = list(STATUSES)
    incidents = sorted({i for i, _, _ in data})
    fold = {i: fold_of(i) for i in incidents}
    right = rule_right = total = 0
    for k in (0, 1):
        train = [(m, y) for i, m, y in data if fold[i] != k]
        test = [(m, y) for i, m, y in data if fold[i] == k]
        vocab = vocabulary([m for m, _ in train], args.min_count)
        index = {f: n for n, f in enumerate(vocab)}
        rows = [[index[f] for f in set(m.features) if f in index] for m, _ in train]
        w, b = fit(
            rows,
            [classes.index(y) for _, y in train],
            len(vocab),
            len(classes),
            args.l2,
            args.steps,
        )
        got = predict([[index[f] for f in set(m.features) if f in index] for m, _ in test], w, b)
        right += sum(classes[g] == y for g, (_, y) in zip(got, test, strict=True))
        rule_right += sum(
            ("injured" if m.rule_measure == "shot" else m.rule_measure) == y for m, y in test
        )
        total += len(test)
    if args.without_fold is not None:
        data = [(i, m, y) for i, m, y in data if fold[i] != args.without_fold]
    vocab = vocabulary([m for _, m, _ in data], args.min_count)
    index = {f: n for n, f in enumerate(vocab)}
    rows = [[index[f] for f in set(m.features) if f in index] for _, m, _ in data]
    w, b = fit(
        rows, [classes.index(y) for _, _, y in data], len(vocab), len(classes), args.l2, args.steps
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    model = {
        "classes": classes,
        "features": vocab,
        "weights": [[round(float(x), 4) for x in row] for row in w],
        "bias": [round(float(x), 4) for x in b],
        "trained_by": "bench/train_victim_status.py",
        "l2": args.l2,
        "steps": args.steps,
        "min_count": args.min_count,
    }
    args.out.write_text(json.dumps(model, separators=(",", ":")) + "\n", encoding="utf-8")
    labels = Counter(y for _, _, y in data)
    by_rule: dict[str, Counter[str]] = defaultdict(Counter)
    for _, m, y in data:
        by_rule[m.rule_measure][y] += 1
    print(f"train_victim_status: {len(data)} mentions of {len(incidents)} incidents -> {args.out}")
    print(
        json.dumps(
            {
                "mentions": len(data),
                "incidents": len(incidents),
                "labels": dict(sorted(labels.items())),
                "by_rule": {k: dict(v) for k, v in sorted(by_rule.items())},
                "features": len(vocab),
                "crossfit_accuracy": round(right / max(total, 1), 4),
                "rules_accuracy": round(rule_right / max(total, 1), 4),
            }
        )
    )


if __name__ == "__main__":
    main()
