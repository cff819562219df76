"""Per-article killed and injured counts against the Gun Violence Database (GVDB) dev split.

Each GVDB article comes with crowd-annotated victims, each marked killed,
injured and/or hospitalized. Gold per article: killed = victims marked
killed; injured = victims marked injured or hospitalized and not killed.
crosswire reads each article like any report (clean, annotate, the
extractors up to ``figures``), reconciles the article's figures with
:func:`crosswire.link.reconciliations.reconcile` and reads one killed and one
injured number off the groups with
:func:`crosswire.link.reconcile_counts.casualty_counts`.

Usage: python bench/gvdb_counts.py [--data ../shared/datasets/gvdb/dev.tsv] [--limit N]
       [--half even|odd] [--errors errors.jsonl]

GVDB has only a dev split, so ``--half`` gives a held-out check: develop
rules looking at the even-indexed articles (0, 2, 4, ... in file order) and
measure the odd-indexed ones, which were not looked at.
The last line printed is one JSON object with n, killed_exact, injured_exact,
both_exact, killed_mae, injured_mae (plus timing). ``both_exact`` scores every
article; beside it, ``n_reliable`` and ``*_reliable`` leave out the articles of
crowd workers that ``gvdb_annotators.py`` flags from the gold alone (workers who
left most of their casualty headlines with no victim), so a reader can tell
extraction errors from skipped annotation forms.

Tune / check: an article belongs to the part of its ``Article id`` (first byte
of ``sha256("gvdb_counts:" + id)`` even: tune, odd: check), and the same keys
are printed under "tune", "check" and "all". Errors are read on the tune part
only (``--errors`` writes the tune part's mismatches); the check part is only
ever scored. (``--half`` is the older, file-order split; both halves of it
have been read.)
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

from gvdb_annotators import unreliable_workers

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvdb" / "dev.tsv"
FIGURE_INPUTS = ("place_mentions", "timexes", "quotes", "figures")


def part_of(article_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gvdb_counts:" + id)."""
    first = hashlib.sha256(f"gvdb_counts:{article_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def load(path: Path, limit: int | None, half: str | None = None) -> list[dict[str, Any]]:
    """GVDB rows as {index, id, url, text, date, killed, injured, reliable}.

    ``half`` keeps the even- or odd-indexed rows (file order), for a held-out check.
    ``reliable`` is False for the articles of workers ``unreliable_workers`` flags
    (judged on the whole file, whatever ``half`` or ``limit`` keep).
    """
    if not path.is_file():
        sys.exit(
            f"gvdb_counts: {path} not found: the GVDB dev split is absent. Pass --data pointing "
            "at dev.tsv, e.g. ../shared/datasets/gvdb/dev.tsv"
        )
    csv.field_size_limit(1 << 30)
    with path.open(encoding="utf-8", newline="") as fh:
        raw = list(csv.DictReader(fh, delimiter="\t"))
    flagged = unreliable_workers(raw)
    rows = []
    for index, row in enumerate(raw):
        if half is not None and index % 2 != (0 if half == "even" else 1):
            continue
        gold = json.loads(row["Json"])
        victims = gold.get("victim-section") or []
        killed = sum(1 for v in victims if "killed" in (v.get("victim-was") or []))
        injured = sum(
            1
            for v in victims
            if "killed" not in (v.get("victim-was") or [])
            and {"injured", "hospitalized"} & set(v.get("victim-was") or [])
        )
        when = (gold.get("date-and-time") or {}).get("date")
        rows.append(
            {
                "index": index,
                "id": row["Article id"],
                "url": row["Article url"],
                "text": row["Full text"],
                "date": when if isinstance(when, str) else None,
                "killed": killed,
                "injured": injured,
                "reliable": row.get("Worker") not in flagged,
            }
        )
        if limit and len(rows) >= limit:
            break
    if not rows:
        sys.exit(f"gvdb_counts: {path} holds no articles")
    return rows


def _published(value: str | None) -> date | None:
    try:
        return date.fromisoformat(value) if value else None
    except ValueError:
        return None


def predict(rows: list[dict[str, Any]]) -> list[dict[str, int]]:
    """Killed / injured per row, through the library's own stages."""
    from crosswire.annotate import Annotator
    from crosswire.clean import clean_text
    from crosswire.extract import ExtractionInput, load_extractors
    from crosswire.link.reconcile_counts import casualty_counts, incident_figures
    from crosswire.link.reconciliations import reconcile
    from crosswire.models import Article, article_id

    extractors = load_extractors(FIGURE_INPUTS)
    articles = []
    for row in rows:
        cleaned = clean_text(row["text"]).text or row["text"]
        articles.append(
            Article(
                id=article_id(row["url"] or row["id"], cleaned),
                source=row["url"] or row["id"],
                raw_text=row["text"],
                text=cleaned,
                published=_published(row["date"]),
            )
        )
    out = []
    annotator = Annotator()
    for article, (annotation, doc) in zip(articles, annotator.annotate(articles), strict=True):
        earlier: dict[str, list[dict[str, Any]]] = {}
        for x in extractors:
            earlier[x.name] = x.extract(ExtractionInput(article, doc, annotation, earlier))
        figures = [dict(f) for f in incident_figures(earlier.get("figures", []))]
        same = {str(f["id"]): "article" for f in figures}  # one report: one place
        groups = reconcile(figures, {article.id: article}, {}, same)
        out.append(casualty_counts(groups, figures))
    return out


def scores(pairs: list[tuple[dict[str, int], dict[str, Any]]]) -> dict[str, Any]:
    """Exact shares and mean errors of (prediction, gold row) pairs, all and reliable only."""
    n = max(len(pairs), 1)
    kept = [(p, r) for p, r in pairs if r["reliable"]]
    n_kept = max(len(kept), 1)
    return {
        "n": len(pairs),
        "killed_exact": round(sum(p["killed"] == r["killed"] for p, r in pairs) / n, 4),
        "injured_exact": round(sum(p["injured"] == r["injured"] for p, r in pairs) / n, 4),
        "both_exact": round(
            sum(p["killed"] == r["killed"] and p["injured"] == r["injured"] for p, r in pairs) / n,
            4,
        ),
        "killed_mae": round(sum(abs(p["killed"] - r["killed"]) for p, r in pairs) / n, 4),
        "injured_mae": round(sum(abs(p["injured"] - r["injured"]) for p, r in pairs) / n, 4),
        "n_reliable": len(kept),
        "killed_exact_reliable": round(
            sum(p["killed"] == r["killed"] for p, r in kept) / n_kept, 4
        ),
        "injured_exact_reliable": round(
            sum(p["injured"] == r["injured"] for p, r in kept) / n_kept, 4
        ),
        "both_exact_reliable": round(
            sum(p["killed"] == r["killed"] and p["injured"] == r["injured"] for p, r in kept)
            / n_kept,
            4,
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="GVDB dev.tsv")
    parser.add_argument("--limit", type=int, default=None, help="first N articles only")
    parser.add_argument(
        "--half",
        choices=("even", "odd"),
        default=None,
        help="only the even- or odd-indexed articles (held-out check)",
    )
    parser.add_argument(
        "--errors", type=Path, default=None, help="write the tune part's mismatches (JSONL)"
    )
    args = parser.parse_args()
    rows = load(args.data, args.limit, args.half)
    t0 = time.perf_counter()
    preds = predict(rows)
    seconds = time.perf_counter() - t0
    pairs = list(zip(preds, rows, strict=True))
    tune = [(p, r) for p, r in pairs if part_of(r["id"]) == "tune"]
    check = [(p, r) for p, r in pairs if part_of(r["id"]) == "check"]
    if args.errors:
        with args.errors.open("w", encoding="utf-8") as fh:
            for p, r in tune:
                if p["killed"] != r["killed"] or p["injured"] != r["injured"]:
                    fh.write(
                        json.dumps(
                            {
                                "index": r["index"],
                                "id": r["id"],
                                "gold": [r["killed"], r["injured"]],
                                "reliable": r["reliable"],
                                "pred": [p["killed"], p["injured"]],
                            }
                        )
                        + "\n"
                    )
    print(f"gvdb_counts: {len(rows)} articles from {args.data} in {seconds:.1f}s")
    result: dict[str, Any] = {
        **scores(pairs),
        "seconds": round(seconds, 1),
        "tune": scores(tune),
        "check": scores(check),
        "all": scores(pairs),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
