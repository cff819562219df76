"""Gun Violence Corpus: each incident's date from its reports, against the Gun Violence Archive.

For every incident in ``incidents.jsonl`` the reports about it
(``docs.jsonl``, each with its publication date ``dct``) are cleaned,
parsed with crosswire's own pipeline (``Annotator.annotate``) and run
through the ``timexes`` and ``events`` extractors exactly as the library
runs them (``ExtractionInput``, timexes feeding events). The incident's day
is then read off all its reports together by
:func:`crosswire.extract.events_dating.incident_day`: every report offers
the days its shooting / casualties / attack events and its opening
sentences name (page stamps and days after its publication excluded),
weighted by specificity, type, position and recency; the days are summed
across reports and the best-supported one wins. It scores when it equals
the Archive's date exactly; an incident no report dates counts as wrong.

``--split train|dev`` scores one split of the incidents (tune on train, check on dev).

Keys of the last line (one JSON object): ``n`` (incidents), ``date_exact``;
extras: how many incidents got no date, the day-level accuracy when we do
answer, and a publication-date baseline (the earliest report's ``dct``); the
same keys under "tune", "check" and "all".

Tune / check: an incident belongs to the part of its ``incident_id`` (first
byte of ``sha256("gvc_dates:" + id)`` even: tune, odd: check). ``--errors``
prints the tune part's wrong incidents only; the check part is only ever scored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from datetime import date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvc"


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gvc_dates:" + id)."""
    first = hashlib.sha256(f"gvc_dates:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def _gva_date(text: str) -> date:
    return datetime.strptime(text.strip(), "%B %d, %Y").date()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="gvc folder")
    parser.add_argument("--limit", type=int, default=0, help="only the first N incidents")
    parser.add_argument(
        "--errors", type=int, default=0, help="print N wrong tune incidents to stderr"
    )
    parser.add_argument(
        "--split",
        choices=("train", "dev", "all"),
        default="all",
        help="only the incidents of this split (incidents.jsonl 'split'); tune on train",
    )
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
    if args.split != "all":
        incidents = [inc for inc in incidents if inc.get("split") == args.split]
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
    per: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]] = {}
    for annotation, doc in Annotator().annotate(list(articles.values())):
        article = articles[annotation.article]
        timexes = TIMEXES.extract(ExtractionInput(article, doc, annotation, {}))
        events = EVENTS.extract(ExtractionInput(article, doc, annotation, {"timexes": timexes}))
        per[article.id] = (timexes, events)
    tune = [inc for inc in incidents if part_of(str(inc["incident_id"])) == "tune"]
    check = [inc for inc in incidents if part_of(str(inc["incident_id"])) == "check"]
    result = score(incidents, articles, per)
    result["tune"] = score(tune, articles, per, errors=args.errors)
    result["check"] = score(check, articles, per)
    result["all"] = score(incidents, articles, per)
    result["split"] = args.split
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))
    return 0


def score(
    incidents: list[dict[str, Any]],
    articles: dict[str, Any],
    per: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]]]],
    errors: int = 0,
) -> dict[str, Any]:
    """The scores for ``incidents`` given each report's timexes and events."""
    from crosswire.extract.events_dating import Report, incident_day

    exact = answered = baseline = 0
    for inc in incidents:
        gold = _gva_date(inc["date"])
        reports = [
            Report(d, articles[d].published, per[d][1], per[d][0], articles[d].text)
            for d in inc["doc_ids"]
            if d in per
        ]
        published = [articles[d].published for d in inc["doc_ids"] if d in articles]
        first = min((p for p in published if p is not None), default=None)
        baseline += first == gold
        found = incident_day(reports)
        if found is None:
            if errors > 0:
                errors -= 1
                print(f"gold={gold} ours=None pub={[str(p) for p in published]}", file=sys.stderr)
            continue
        answered += 1
        exact += found.day == gold
        if found.day != gold and errors > 0:
            errors -= 1
            print(f"gold={gold} ours={found.day} {found.explain()}", file=sys.stderr)
    n = len(incidents)
    return {
        "n": n,
        "date_exact": round(exact / n, 4) if n else 0.0,
        "answered": answered,
        "date_exact_when_answered": round(exact / answered, 4) if answered else 0.0,
        "baseline_earliest_publication": round(baseline / n, 4) if n else 0.0,
        "n_documents": len(articles),
    }


if __name__ == "__main__":
    raise SystemExit(main())
