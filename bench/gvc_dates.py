"""Gun Violence Corpus: each incident's date from its reports, against the Gun Violence Archive.

For every incident in ``incidents.jsonl`` the reports about it
(``docs.jsonl``, each with its publication date ``dct``) are cleaned,
parsed with crosswire's own pipeline (``Annotator.annotate``) and run
through the ``timexes`` and ``events`` extractors exactly as the library
runs them (``ExtractionInput``, timexes feeding events). Each report votes
for the date of its first shooting / casualties / attack event that is
dated by the report's own words (a timex, or context), weighted by the
event's date confidence; reports with no such event vote for nothing. The
incident's date is the winning day; it scores when it equals the Archive's
date exactly.

Keys of the last line (one JSON object): ``n`` (incidents), ``date_exact``;
extras: how many incidents got no date, the day-level accuracy when we do
answer, and a publication-date baseline (the earliest report's ``dct``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from datetime import date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvc"
_TYPES = ("shooting", "casualties", "attack")


def _gva_date(text: str) -> date:
    return datetime.strptime(text.strip(), "%B %d, %Y").date()


def _vote(events: list[dict[str, Any]]) -> tuple[date, float, str] | None:
    for e in sorted(events, key=lambda e: e["start"]):
        if e["type"] not in _TYPES:
            continue
        info = e.get("date") or {}
        value = info.get("value")
        if info.get("source") not in ("timex", "context") or not isinstance(value, str):
            continue
        if info.get("granularity") not in ("day", "part_of_day", "time"):
            continue  # "last week" says which week, not which day
        try:
            day = date.fromisoformat(value[:10])
            return day, float(info.get("confidence", 0.5)), f"{e['text']}@{info.get('text')}"
        except ValueError:
            continue
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="gvc folder")
    parser.add_argument("--limit", type=int, default=0, help="only the first N incidents")
    parser.add_argument("--errors", type=int, default=0, help="print N wrong incidents to stderr")
    args = parser.parse_args(argv)
    docs_path, incidents_path = args.data / "docs.jsonl", args.data / "incidents.jsonl"
    if not docs_path.is_file() or not incidents_path.is_file():
        print(
            f"GVC data not found: need docs.jsonl and incidents.jsonl under {args.data}. "
            "Pass --data PATH to the gvc folder.",
            file=sys.stderr,
        )
        print(json.dumps({"error": "data not found", "data": str(args.data)}))
        return 2

    from crosswire.annotate import Annotator
    from crosswire.clean import clean_text
    from crosswire.extract import ExtractionInput
    from crosswire.extract.events import EXTRACTOR as EVENTS
    from crosswire.extract.timexes import EXTRACTOR as TIMEXES
    from crosswire.models import Article

    started = time.perf_counter()
    incidents = [json.loads(line) for line in incidents_path.open(encoding="utf-8")]
    if args.limit:
        incidents = incidents[: args.limit]
    wanted = {d for inc in incidents for d in inc["doc_ids"]}
    articles: dict[str, Article] = {}
    for line in docs_path.open(encoding="utf-8"):
        rec = json.loads(line)
        if rec["doc_id"] not in wanted:
            continue
        text = clean_text(rec.get("content") or "").text
        if not text.strip():
            continue
        articles[rec["doc_id"]] = Article(
            id=rec["doc_id"],
            source=rec.get("uri") or rec["doc_id"],
            raw_text=rec.get("content") or "",
            text=text,
            title=rec.get("title"),
            published=date.fromisoformat(rec["dct"][:10]) if rec.get("dct") else None,
        )
    votes: dict[str, tuple[date, float, str] | None] = {}
    for annotation, doc in Annotator().annotate(list(articles.values())):
        article = articles[annotation.article]
        timexes = TIMEXES.extract(ExtractionInput(article, doc, annotation, {}))
        events = EVENTS.extract(ExtractionInput(article, doc, annotation, {"timexes": timexes}))
        votes[article.id] = _vote(events)
    exact = answered = baseline = 0
    for inc in incidents:
        gold = _gva_date(inc["date"])
        tally: dict[date, float] = defaultdict(float)
        for doc_id in inc["doc_ids"]:
            vote = votes.get(doc_id)
            if vote is not None:
                tally[vote[0]] += vote[1]
        published = [articles[d].published for d in inc["doc_ids"] if d in articles]
        first = min((p for p in published if p is not None), default=None)
        baseline += first == gold
        if not tally:
            continue
        answered += 1
        best = max(tally.items(), key=lambda kv: (kv[1], -kv[0].toordinal()))[0]
        exact += best == gold
        if best != gold and args.errors > 0:
            args.errors -= 1
            shown = [(str(articles[d].published), votes.get(d)) for d in inc["doc_ids"]]
            print(f"gold={gold} ours={best} votes={shown}", file=sys.stderr)
    n = len(incidents)
    print(
        json.dumps(
            {
                "n": n,
                "date_exact": round(exact / n, 4) if n else 0.0,
                "answered": answered,
                "date_exact_when_answered": round(exact / answered, 4) if answered else 0.0,
                "baseline_earliest_publication": round(baseline / n, 4) if n else 0.0,
                "n_documents": len(articles),
                "seconds": round(time.perf_counter() - started, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
