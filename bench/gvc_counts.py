"""Per-incident killed and injured counts against the Gun Violence Corpus (GVC).

Each GVC incident is a Gun Violence Archive record (num_killed, num_injured)
with the news reports about it. crosswire reads every report (clean,
annotate, the extractors up to ``figures``), then reconciles all figures of
an incident's reports together with
:func:`crosswire.link.reconciliations.reconcile` — incidents are the gold
ones, so this measures extraction plus reconciliation, not clustering — reads
one killed and one injured number off the groups with
:func:`crosswire.link.reconcile_counts.casualty_counts`, and lets the trained
chooser pick between that pair and each report's own
(:func:`crosswire.link.count_chooser.incident_casualty_counts`).

That function is the product's own reading: the link stage's ``incident_counts``
aggregator (:mod:`crosswire.link.incident_counts`) calls it with the same inputs (per
report of the incident, its figures; the reports; the incident id) and stores the pair
the export carries as ``stories[].incidents[].casualties`` and the event table reads
(``fatalities_best``, ``injuries``), so what is scored here is what a reader sees; only
which figures belong to an incident differs (gold incidents here, clustered ones there).

Usage: python bench/gvc_counts.py [--data ../shared/datasets/gvc] [--limit N]
The last line printed is one JSON object with n, killed_exact, injured_exact,
both_exact (plus timing), for all incidents, and the same under "tune", "check" and "all".

Tune / check: an incident belongs to the part of its id (first byte of
``sha256("gvc_counts:" + incident_id)`` even: tune, odd: check). Errors are read
on the tune part only (``--errors`` writes the tune part's mismatches); the
check part is only ever scored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvc"
FIGURE_INPUTS = ("place_mentions", "timexes", "quotes", "figures")


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gvc_counts:" + id)."""
    first = hashlib.sha256(f"gvc_counts:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def load(folder: Path, limit: int | None) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """GVC documents and incidents (by id); the first ``limit`` incidents only if given."""
    docs_path, inc_path = folder / "docs.jsonl", folder / "incidents.jsonl"
    if not docs_path.is_file() or not inc_path.is_file():
        sys.exit(
            f"gvc_counts: {folder} lacks docs.jsonl / incidents.jsonl: the GVC data is absent. "
            "Pass --data pointing at the GVC folder, e.g. ../shared/datasets/gvc"
        )
    incidents: dict[str, dict[str, Any]] = {}
    with inc_path.open(encoding="utf-8") as fh:
        for line in fh:
            rec = json.loads(line)
            incidents[str(rec["incident_id"])] = rec
            if limit and len(incidents) >= limit:
                break
    docs = []
    with docs_path.open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            if str(doc["incident_id"]) in incidents:
                docs.append(doc)
    if not docs:
        sys.exit(f"gvc_counts: {docs_path} holds no documents for the incidents")
    return docs, incidents


def _published(value: object) -> date | None:
    try:
        return date.fromisoformat(str(value)[:10]) if value else None
    except ValueError:
        return None


def extract_reports(docs: list[dict[str, Any]]) -> list[tuple[str, Any, list[dict[str, Any]]]]:
    """(incident id, article, figures) per document, through the library's own stages (clean,
    annotate, the extractors up to ``figures``); ``train_count_chooser.py`` reads the same."""
    from crosswire.annotate import Annotator
    from crosswire.clean import clean_text
    from crosswire.extract import ExtractionInput, load_extractors
    from crosswire.models import Article, article_id

    extractors = load_extractors(FIGURE_INPUTS)
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
    rows = []
    for art, (annotation, parsed) in zip(articles, Annotator().annotate(articles), strict=True):
        earlier: dict[str, list[dict[str, Any]]] = {}
        for x in extractors:
            earlier[x.name] = x.extract(ExtractionInput(art, parsed, annotation, earlier))
        rows.append((incident_of[art.id], art, earlier.get("figures", [])))
    return rows


def predict(docs: list[dict[str, Any]]) -> dict[str, Any]:
    """Killed / injured per incident id, through the library's own stages."""
    from crosswire.link.count_chooser import incident_casualty_counts

    figures: dict[str, dict[str, list[dict[str, Any]]]] = defaultdict(dict)
    by_id = {}
    for incident, article, found in extract_reports(docs):
        figures[incident][article.id] = found
        by_id[article.id] = article
    out = {}
    for incident in sorted(figures):
        reports = figures[incident]
        mine = {aid: by_id[aid] for aid in reports}
        out[incident] = incident_casualty_counts(reports, mine, incident)
    return out


def run_counts(name: str, default: Path, parts: Callable[[str], str], description: str) -> None:
    """The counts bench over one GVC-layout folder: parse ``--data``, ``--limit`` and
    ``--errors``, predict every gold incident's counts and print the scores per part
    (``parts`` maps an incident id to ``tune`` or ``check``) as one JSON line."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--data", type=Path, default=default, help="GVC-layout folder")
    parser.add_argument("--limit", type=int, default=None, help="first N incidents only")
    parser.add_argument(
        "--errors", type=Path, default=None, help="write the tune part's mismatches (JSONL)"
    )
    args = parser.parse_args()
    docs, incidents = load(args.data, args.limit)
    t0 = time.perf_counter()
    preds = predict(docs)
    seconds = time.perf_counter() - t0
    gold = {i: (int(incidents[i]["num_killed"]), int(incidents[i]["num_injured"])) for i in preds}

    def scores(ids: list[str]) -> dict[str, Any]:
        n = max(len(ids), 1)
        k_ok = sum(preds[i]["killed"] == gold[i][0] for i in ids)
        i_ok = sum(preds[i]["injured"] == gold[i][1] for i in ids)
        both = sum(
            preds[i]["killed"] == gold[i][0] and preds[i]["injured"] == gold[i][1] for i in ids
        )
        return {
            "n": len(ids),
            "killed_exact": round(k_ok / n, 4),
            "injured_exact": round(i_ok / n, 4),
            "both_exact": round(both / n, 4),
        }

    everything = list(preds)
    tune = [i for i in everything if parts(i) == "tune"]
    check = [i for i in everything if parts(i) == "check"]
    if args.errors:
        with args.errors.open("w", encoding="utf-8") as fh:
            for i in tune:
                pred = [preds[i]["killed"], preds[i]["injured"]]
                if pred != list(gold[i]):
                    fh.write(json.dumps({"incident": i, "gold": gold[i], "pred": pred}) + "\n")
    n = len(preds)
    print(f"{name}: {n} incidents, {len(docs)} reports from {args.data} in {seconds:.1f}s")
    result: dict[str, Any] = {
        **scores(everything),
        "seconds": round(seconds, 1),
        "tune": scores(tune),
        "check": scores(check),
        "all": scores(everything),
    }
    print(json.dumps(result))


def main() -> None:
    run_counts("gvc_counts", DEFAULT_DATA, part_of, __doc__.split("\n\n")[0])


if __name__ == "__main__":
    main()
