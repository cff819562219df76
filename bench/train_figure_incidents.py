"""Train the figure-incident model: is a casualty figure this report's incident's, or another's?

Learns from the development data's tune parts only (the check parts are run through the
library only to be scored at the end, never labelled or looked at):

* the GVA long tail development half (``gva_longtail_counts.py``'s tune part),
* GVC (train and dev; ``gvc_counts.py``'s tune part),
* GVDB dev (``gvdb_counts.py``'s tune part).

Every report is read through the library's stages up to ``figures`` with the rules'
answer in place (the model is switched off while collecting), and every casualty
figure's features (:func:`crosswire.extract.figures_incident.figure_features`) are
kept. Labels come by distant supervision from the gold counts of the figure's incident
(the Archive's, or GVDB's annotated victims): a figure whose value is the incident's
killed (for a killed figure), injured (injured) or killed + injured / injured (shot)
is the incident's own (0); a figure larger than the whole toll is another incident's
(1); the rest (a partial count, a lone victim) is left out. An L2-regularised logistic
regression is fitted by full-batch gradient descent in numpy (fixed iterations, no
randomness: the same data gives the same bytes), features seen fewer than ``MIN_COUNT``
times are dropped. The L2 strength, the threshold and whether a figure the rules mark
stays marked are chosen by two-fold cross-fitting inside the tune parts (folds by
incident: each fold's reports re-read, counts and all, by a model fitted on the other
fold; most incidents right wins, ties go to the threshold nearer 0.5, then to letting
the model overrule the rules); ``--threshold`` overrides. The shipped model is then
fitted on all the tune figures.

Usage: python bench/train_figure_incidents.py [--cache DIR] [--out PATH]
       [--gvc DIR] [--gva DIR] [--gvdb dev.tsv]
The collected figures are cached in ``--cache`` (one JSONL per dataset); delete it to
collect again. The last line printed is one JSON object: training figures, labels,
features kept, the chosen settings with every setting's cross-fitted count, and the
re-read counts' both_exact per dataset and part, with the rules alone and with the
model (the check parts scored only, never read).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "datasets"
OUT = ROOT / "src" / "crosswire" / "extract" / "figures_model" / "incidents.json"
FIGURE_INPUTS = ("place_mentions", "timexes", "quotes", "figures")
MIN_COUNT = 3
L2S = (1.0, 4.0, 16.0)
STEPS = 600
RATE = 0.5
THRESHOLDS = (0.3, 0.4, 0.5, 0.6, 0.7)


def _published(value: object) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def _reports(name: str, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every report of dataset ``name``: text, title, date, its group (incident), part, gold."""
    if name == "gvdb":
        import gvdb_counts

        rows = gvdb_counts.load(args.gvdb, None)
        return [
            {
                "key": r["url"] or r["id"],
                "doc": str(r["index"]),
                "text": r["text"],
                "title": None,
                "dct": r["date"],
                "group": f"gvdb:{r['index']}",
                "part": gvdb_counts.part_of(r["id"]),
                "gold": [r["killed"], r["injured"]],
            }
            for r in rows
        ]
    import gva_longtail_counts
    import gvc_counts

    folder = args.gvc if name == "gvc" else args.gva
    part_of = gvc_counts.part_of if name == "gvc" else gva_longtail_counts.part_of
    docs, incidents = gvc_counts.load(folder, None)
    out = []
    for d in docs:
        inc = incidents[str(d["incident_id"])]
        out.append(
            {
                "key": d.get("uri") or d["doc_id"],
                "doc": d["doc_id"],
                "text": d["content"],
                "title": d.get("title"),
                "dct": d.get("dct"),
                "group": str(d["incident_id"]),
                "part": part_of(str(d["incident_id"])),
                "gold": [int(inc["num_killed"]), int(inc["num_injured"])],
            }
        )
    return out


def collect(name: str, args: argparse.Namespace, path: Path) -> None:
    """Read dataset ``name`` with the rules' answer and write each report's figures and the
    features of its casualty figures to ``path`` (JSONL)."""
    import crosswire.extract.figures as figures_module
    from crosswire.annotate import Annotator
    from crosswire.clean import clean_text
    from crosswire.extract import ExtractionInput, load_extractors
    from crosswire.extract.figures_incident import (
        INCIDENT_MEASURES,
        figure_features,
        report_view,
    )
    from crosswire.models import Article, article_id

    recorded: dict[str, list[str]] = {}

    def recorder(doc: Any, items: Any, signals: Any, year: Any, model: Any) -> list[None]:
        view = report_view(doc, items, signals, year)
        for item, cues in zip(items, signals, strict=True):
            if item.get("measure") in INCIDENT_MEASURES:
                recorded[str(item["id"])] = figure_features(doc, item, cues, view)
        return [None] * len(items)

    figures_module.other_incident = recorder  # type: ignore[assignment]
    reports = _reports(name, args)
    extractors = load_extractors(FIGURE_INPUTS)
    articles = []
    for r in reports:
        cleaned = clean_text(r["text"]).text or r["text"]
        articles.append(
            Article(
                id=article_id(f"{r['key']}#{r['doc']}", cleaned),
                source=r["key"],
                raw_text=r["text"],
                text=cleaned,
                title=r["title"],
                published=_published(r["dct"]),
            )
        )
    with path.open("w", encoding="utf-8") as fh:
        for r, article, (annotation, doc) in zip(
            reports, articles, Annotator().annotate(articles), strict=True
        ):
            recorded.clear()
            earlier: dict[str, list[dict[str, Any]]] = {}
            for x in extractors:
                earlier[x.name] = x.extract(ExtractionInput(article, doc, annotation, earlier))
            record = {
                "group": r["group"],
                "part": r["part"],
                "gold": r["gold"],
                "article": {
                    "id": article.id,
                    "source": article.source,
                    "title": article.title,
                    "published": article.published.isoformat() if article.published else None,
                },
                "items": earlier.get("figures", []),
                "features": dict(recorded),
            }
            fh.write(json.dumps(record, sort_keys=True) + "\n")


def label(item: dict[str, Any], gold: list[int]) -> int | None:
    """1: another incident's figure, 0: the incident's own, None: cannot tell."""
    value, measure = item.get("value"), item.get("measure")
    if not isinstance(value, int) or isinstance(value, bool):
        return None
    killed, injured = gold
    own = {
        "killed": {killed},
        "injured": {injured},
        "shot": {killed + injured, injured},
        "casualties": {killed + injured},
    }.get(str(measure), set())
    if value in own:
        return 0
    if value > killed + injured:
        return 1
    return None


def load_cache(path: Path) -> list[dict[str, Any]]:
    """The collected reports, each casualty figure's features completed with
    :func:`~crosswire.extract.figures_incident.item_features` (read off the cached items,
    as the extractor reads them before placing the figures)."""
    from crosswire.extract.figures_incident import item_features

    with path.open(encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh]
    for rec in records:
        others = [i for i in rec["items"] if str(i["id"]) in rec["features"]]
        for item in others:
            rec["features"][str(item["id"])] += item_features(item, others)
    return records


def fit(rows: list[tuple[list[str], int]], l2: float) -> tuple[dict[str, float], float]:
    """L2 logistic regression by full-batch gradient descent (deterministic)."""
    counts: dict[str, int] = defaultdict(int)
    for feats, _ in rows:
        for f in set(feats):
            counts[f] += 1
    vocab = sorted(f for f, c in counts.items() if c >= MIN_COUNT)
    index = {f: k for k, f in enumerate(vocab)}
    row_ids, col_ids = [], []
    for r, (feats, _) in enumerate(rows):
        for f in sorted(set(feats)):
            if f in index:
                row_ids.append(r)
                col_ids.append(index[f])
    rr, cc = np.array(row_ids, dtype=np.int64), np.array(col_ids, dtype=np.int64)
    y = np.array([lab for _, lab in rows], dtype=np.float64)
    n, d = len(rows), len(vocab)
    w, b = np.zeros(d), 0.0
    for _ in range(STEPS):
        z = b + np.bincount(rr, weights=w[cc], minlength=n)
        p = 1.0 / (1.0 + np.exp(-np.clip(z, -30, 30)))
        g = p - y
        grad = np.bincount(cc, weights=g[rr], minlength=d) / n + l2 * w / n
        w -= RATE * grad * 10
        b -= RATE * float(g.mean())
    weights = {f: round(float(v), 5) for f, v in zip(vocab, w, strict=True) if abs(v) >= 5e-4}
    return weights, round(b, 5)


def reread(records: list[dict[str, Any]], model: Any, keep_cues: bool = False) -> dict[str, Any]:
    """Both-exact per part when each report's casualty figures are placed by ``model``
    (a :class:`~crosswire.extract.quotes_filter.Logistic`; None: the rules' answer). With
    ``keep_cues`` a figure a rule marks stays marked (the model only adds)."""
    hits = reread_hits(records, model, keep_cues)
    return {p: round(sum(v) / len(v), 4) for p, v in sorted(hits.items())}


def reread_hits(
    records: list[dict[str, Any]], model: Any, keep_cues: bool = False
) -> dict[str, list[bool]]:
    """Per part, whether each group's re-read counts equal the gold."""
    from crosswire.link.reconcile_counts import casualty_counts, incident_figures
    from crosswire.link.reconciliations import reconcile
    from crosswire.models import Article

    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rec in records:
        groups[rec["group"]].append(rec)
    hits: dict[str, list[bool]] = defaultdict(list)
    for group, recs in groups.items():
        figs, by_id = [], {}
        for rec in recs:
            a = rec["article"]
            by_id[a["id"]] = Article(
                id=a["id"],
                source=a["source"],
                raw_text="",
                text="",
                title=a["title"],
                published=_published(a["published"]),
            )
            for item in rec["items"]:
                item = dict(item)
                feats = rec["features"].get(str(item["id"]).removesuffix(":with-killer"))
                if feats is not None and model is not None:
                    rule = keep_cues and "cue=none" not in feats
                    item["cumulative"] = rule or model.says_yes(feats)
                figs.append(item)
        figs = [dict(f) for f in incident_figures(figs)]
        ids = {str(f["id"]): group for f in figs}
        same = {str(f["id"]): "incident" for f in figs}
        got = casualty_counts(reconcile(figs, by_id, ids, same), figs)
        hits[recs[0]["part"]].append([got["killed"], got["injured"]] == recs[0]["gold"])
    return hits


def fold_of(group: str) -> int:
    """One of two folds of the tune part, by incident (report, for GVDB)."""
    return hashlib.sha256(f"figure_incidents_fold:{group}".encode()).digest()[0] % 2


def training_rows(records: list[dict[str, Any]]) -> list[tuple[list[str], int]]:
    """The labelled casualty figures of ``records``."""
    rows: list[tuple[list[str], int]] = []
    for rec in records:
        for item in rec["items"]:
            feats = rec["features"].get(str(item["id"]))
            lab = label(item, rec["gold"]) if feats is not None else None
            if lab is not None:
                rows.append((feats, lab))
    return rows


def cross_fitted(tune: list[dict[str, Any]]) -> dict[tuple[float, bool, float], int]:
    """Groups right in two-fold cross-fitting over the tune records, per (L2 strength, keep
    the rules' marks, threshold): each fold re-read by a model fitted on the other."""
    from crosswire.extract.quotes_filter import Logistic

    right: dict[tuple[float, bool, float], int] = defaultdict(int)
    for k in (0, 1):
        held = [r for r in tune if fold_of(r["group"]) == k]
        right[(0.0, True, 1.0)] += sum(sum(v) for v in reread_hits(held, None).values())
        for l2 in L2S:
            weights, bias = fit(training_rows([r for r in tune if fold_of(r["group"]) != k]), l2)
            for keep in (False, True):
                for t in THRESHOLDS:
                    hits = reread_hits(held, Logistic(weights, bias, t), keep)
                    right[(l2, keep, t)] += sum(sum(v) for v in hits.values())
    return right


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/crosswire_figure_incidents"))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--gvc", type=Path, default=DATA / "gvc")
    parser.add_argument("--gva", type=Path, default=DATA / "gva_longtail")
    parser.add_argument("--gvdb", type=Path, default=DATA / "gvdb" / "dev.tsv")
    parser.add_argument("--only", choices=("gvc", "gva", "gvdb"), default=None, help="collect one")
    parser.add_argument("--threshold", type=float, default=None)
    args = parser.parse_args()
    from crosswire.extract.quotes_filter import Logistic

    sys.path.insert(0, str(ROOT / "bench"))
    args.cache.mkdir(parents=True, exist_ok=True)
    names = ("gva", "gvc", "gvdb")
    t0 = time.perf_counter()
    for name in names if args.only is None else (args.only,):
        path = args.cache / f"{name}.jsonl"
        if not path.is_file():
            collect(name, args, path)
    if args.only is not None:
        return
    data = {name: load_cache(args.cache / f"{name}.jsonl") for name in names}
    tune = [rec for name in names for rec in data[name] if rec["part"] == "tune"]
    rows = training_rows(tune)
    right = cross_fitted(tune)
    rules_right = right.pop((0.0, True, 1.0))  # the rules alone: what the model must beat
    l2, keep, threshold = max(
        sorted(right), key=lambda k: (right[k], -abs(k[2] - 0.5), not k[1], k[0])
    )
    if args.threshold is not None:
        threshold = args.threshold
    weights, bias = fit(rows, l2)
    model = {
        "weights": dict(sorted(weights.items())),
        "bias": bias,
        "threshold": threshold,
        "keep_rule_marks": keep,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(model, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    shipped = Logistic(weights, bias, threshold)
    result = {
        "figures": len(rows),
        "other_incident": sum(lab for _, lab in rows),
        "features": len(weights),
        "threshold": threshold,
        "keep_rule_marks": keep,
        "l2": l2,
        "cross_fitted_rules_right": rules_right,
        "cross_fitted_right": {f"{a}:{int(k)}:{t}": n for (a, k, t), n in sorted(right.items())},
        "seconds": round(time.perf_counter() - t0, 1),
        "rules": {n: reread(data[n], None) for n in names},
        **{n: reread(data[n], shipped, keep) for n in names},
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
