"""Which GVDB crowd workers left casualties out: an audit of the gold, independent of crosswire.

GVDB's victims were annotated by crowd workers, one worker per article (the
``Worker`` column). A worker who skips the victim form leaves the article at
(0 killed, 0 injured), and ``gvdb_counts.py`` then scores a correct reading of
the text as an error. This script finds such workers from the gold alone, so
the test cannot be bent towards crosswire's output: for each worker it counts
the articles whose own headline reports a casualty ("shot", "killed", "dies",
"wounded", ...) and how many of those the worker left with no victim at all.
A worker is flagged when at least ``--min-headlines`` of their articles have
such a headline and they left more than ``--max-empty`` of them empty; the
rate of all other workers is printed beside it for comparison.

With ``--errors`` (the JSONL that ``gvdb_counts.py --errors`` writes) it also
shows how crosswire's mismatches fall on flagged and other workers.

Usage: python bench/gvdb_annotators.py [--data ../shared/datasets/gvdb/dev.tsv]
       [--errors mismatches.jsonl] [--min-headlines 5] [--max-empty 0.5]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvdb" / "dev.tsv"

# A headline that reports someone shot, killed or hurt: the article has at least one victim.
CASUALTY_HEADLINE = re.compile(
    r"\b(shot|shoots|killed|kills|dead|dies|died|wounded|injured|hurt|slain|homicide|"
    r"murder(?:ed)?)\b",
    re.IGNORECASE,
)
MIN_HEADLINES = 5
MAX_EMPTY = 0.5


@dataclass
class WorkerRecord:
    """One worker's articles, those with a casualty headline, and those of them left empty."""

    worker: str
    articles: int = 0
    casualty_headlines: int = 0
    empty_on_casualty_headline: int = 0

    @property
    def empty_rate(self) -> float:
        return self.empty_on_casualty_headline / max(self.casualty_headlines, 1)


def read_rows(path: Path) -> list[dict[str, str]]:
    """The rows of GVDB's dev.tsv, in file order."""
    if not path.is_file():
        sys.exit(
            f"gvdb_annotators: {path} not found: the GVDB dev split is absent. Pass --data "
            "pointing at dev.tsv, e.g. ../shared/datasets/gvdb/dev.tsv"
        )
    csv.field_size_limit(1 << 30)
    with path.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh, delimiter="\t"))


def worker_records(rows: Iterable[dict[str, str]]) -> dict[str, WorkerRecord]:
    """Per worker: articles, casualty headlines, and casualty headlines left with no victim."""
    records: dict[str, WorkerRecord] = {}
    for row in rows:
        worker = row.get("Worker") or "?"
        rec = records.setdefault(worker, WorkerRecord(worker))
        rec.articles += 1
        if CASUALTY_HEADLINE.search(row.get("Article title") or ""):
            rec.casualty_headlines += 1
            if not (json.loads(row["Json"]).get("victim-section") or []):
                rec.empty_on_casualty_headline += 1
    return records


def unreliable_workers(
    rows: Iterable[dict[str, str]],
    min_headlines: int = MIN_HEADLINES,
    max_empty: float = MAX_EMPTY,
) -> set[str]:
    """Workers who left more than ``max_empty`` of their casualty headlines with no victim.

    Only workers with at least ``min_headlines`` such articles are judged: one or two
    empty forms say nothing about a worker, a habit over many does.
    """
    return {
        rec.worker
        for rec in worker_records(rows).values()
        if rec.casualty_headlines >= min_headlines and rec.empty_rate > max_empty
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="GVDB dev.tsv")
    parser.add_argument(
        "--errors", type=Path, default=None, help="mismatches from gvdb_counts.py --errors"
    )
    parser.add_argument("--min-headlines", type=int, default=MIN_HEADLINES)
    parser.add_argument("--max-empty", type=float, default=MAX_EMPTY)
    args = parser.parse_args()
    rows = read_rows(args.data)
    records = worker_records(rows)
    flagged = unreliable_workers(rows, args.min_headlines, args.max_empty)
    others = [r for w, r in records.items() if w not in flagged]
    other_heads = sum(r.casualty_headlines for r in others)
    other_empty = sum(r.empty_on_casualty_headline for r in others)
    errors_by: dict[str, int] = defaultdict(int)
    n_errors = 0
    if args.errors:
        for line in args.errors.read_text(encoding="utf-8").splitlines():
            if line.strip():
                index = json.loads(line)["index"]
                errors_by[rows[index].get("Worker") or "?"] += 1
                n_errors += 1
    for worker in sorted(flagged):
        rec = records[worker]
        print(
            f"flagged {worker}: {rec.articles} articles, left {rec.empty_on_casualty_headline} "
            f"of {rec.casualty_headlines} casualty headlines with no victim"
            + (f"; {errors_by[worker]} of crosswire's mismatches" if args.errors else "")
        )
    print(
        f"all other workers ({len(others)}): left {other_empty} of {other_heads} casualty "
        "headlines with no victim"
    )
    flagged_articles = sum(records[w].articles for w in flagged)
    result: dict[str, object] = {
        "n_articles": len(rows),
        "n_workers": len(records),
        "flagged_workers": sorted(flagged),
        "flagged_articles": flagged_articles,
        "flagged_empty_rate": round(
            sum(records[w].empty_on_casualty_headline for w in flagged)
            / max(sum(records[w].casualty_headlines for w in flagged), 1),
            4,
        ),
        "others_empty_rate": round(other_empty / max(other_heads, 1), 4),
    }
    if args.errors:
        flagged_errors = sum(errors_by[w] for w in flagged)
        result["errors"] = n_errors
        result["errors_on_flagged"] = flagged_errors
        result["error_rate_flagged"] = round(flagged_errors / max(flagged_articles, 1), 4)
        result["error_rate_others"] = round(
            (n_errors - flagged_errors) / max(len(rows) - flagged_articles, 1), 4
        )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
