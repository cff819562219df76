"""GVC incident clustering: which shooting does each report describe?

Every Gun Violence Corpus report is about a shooting, so topic words do not
separate incidents: dates, places, names and counts must. Reports are fed
in random arrival order through :class:`crosswire.clustering.StoryEngine`
(the same incremental code the ``stories`` aggregator runs) and each
report's *main incident* is scored against the gold incident with B-cubed,
averaged over 5 orders.

Names come from a capitalised-word regex over the cleaned text
(:func:`crosswire.clustering.text.capitalised_names`), not spaCy, so the
benchmark runs in seconds; the pipeline uses the stored entity mentions
instead. The lead's roles (:mod:`crosswire.clustering.roles`) come from spaCy's
parse of the opening of the cleaned text, as the pipeline's ``lead_roles``
extractor reads them from its stored parse (``--no-roles`` leaves them out).
The publication date is the corpus's ``dct``.

Usage: python bench/gvc_clusters.py [--data ../shared/datasets/gvc] [--orders 5] [--n N]
    [--no-roles]
The last line printed is one JSON object: the scores of all reports, and the same
under "tune", "check" and "all".

Tune / check: a report belongs to the part of its gold incident (first byte of
``sha256("gvc_clusters:" + incident_id)`` even: tune, odd: check). All reports are
clustered together; each part is scored on its own reports
(``bench_parts.bcubed_within``). Read errors on the tune part only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from datetime import date
from pathlib import Path

from bench_parts import mean_over_orders_parts
from crosswire.annotate import Annotator
from crosswire.clean import clean_text
from crosswire.clustering import StoryEngine, report_features
from crosswire.clustering.features import ReportFeatures
from crosswire.clustering.roles import parse_roles
from crosswire.clustering.text import capitalised_names

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "gvc"


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gvc_clusters:" + id)."""
    first = hashlib.sha256(f"gvc_clusters:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def load(
    data: Path, n: int | None = None, roles: bool = True
) -> tuple[list[ReportFeatures], dict[str, str]]:
    """Features and gold incident of each GVC report."""
    path = data / "docs.jsonl"
    if not path.is_file():
        sys.exit(f"gvc_clusters: {path} not found: pass --data pointing at the GVC folder")
    docs = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            docs.append(json.loads(line))
            if n and len(docs) >= n:
                break
    texts = [clean_text(doc["content"]).text or doc["content"] for doc in docs]
    leads = parse_roles(Annotator().nlp, texts) if roles else [[] for _ in texts]
    reports, gold = [], {}
    for doc, text, lead in zip(docs, texts, leads, strict=True):
        pub = date.fromisoformat(doc["dct"]) if doc.get("dct") else None
        names = [(s, e, k, text[s:e]) for s, e, k in capitalised_names(text)]
        reports.append(
            report_features(
                doc["doc_id"], text, pub, names=names, title=doc.get("title"), roles=lead
            )
        )
        gold[doc["doc_id"]] = doc["incident_id"]
    return reports, gold


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--orders", type=int, default=5)
    ap.add_argument("--n", type=int, default=None, help="only the first N reports")
    ap.add_argument("--no-roles", action="store_true", help="leave the lead's roles out")
    args = ap.parse_args()
    t0 = time.perf_counter()
    reports, gold = load(args.data, args.n, roles=not args.no_roles)
    t1 = time.perf_counter()
    parts = {doc_id: part_of(str(incident)) for doc_id, incident in gold.items()}
    result = mean_over_orders_parts(
        reports, gold, lambda e, a: StoryEngine.primary_incident(e, a), parts, orders=args.orders
    )
    result["features_s"] = round(t1 - t0, 2)
    result["cluster_s"] = round(time.perf_counter() - t1, 2)
    result["entities"] = "regex capitalised names"
    result["roles"] = not args.no_roles
    print(f"GVC: {result['n_docs']} reports, {len(set(gold.values()))} incidents")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
