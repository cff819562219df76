"""Wire copies across outlets on GVC: pairs of reports found carrying the same text.

Issue 21 item 4. GVC's 436 reports of US shooting incidents come from many
local outlets, several of which often carry one AP or station text. Every
report is cleaned by the pipeline's own clean stage, dated by its GVC
``dct``, and given to :func:`crosswire.dedupe.find_shared_text`, the function
the ``wire_texts`` aggregator calls. There is no gold for copies, so the bench
prints what can be counted without one: pairs found, how many of them the
near-duplicate rule (``duplicate_of``) already links, how many join reports of
two different gold incidents (certainly wrong), and with ``--show`` each pair
to read (URLs, dates, sizes, containment, the first shared words).

Tune / check: a pair belongs to the part of its first report's id (the
smaller ``doc_id``): tune when the first byte of its SHA-1 is even, check when
odd. Read pairs of the tune part only (``--show tune``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvc"


def part_of(doc_id: str) -> str:
    """``tune`` or ``check``, by the parity of the id's SHA-1 first byte."""
    return "tune" if hashlib.sha1(doc_id.encode()).digest()[0] % 2 == 0 else "check"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="gvc folder")
    parser.add_argument("--show", choices=("tune", "check", "all"), help="print pairs to read")
    parser.add_argument(
        "--min-containment", type=float, default=None, help="override MIN_CONTAINMENT (reading)"
    )
    parser.add_argument("--min-shared", type=int, default=None, help="override MIN_SHARED")
    args = parser.parse_args(argv)
    path = args.data / "docs.jsonl"
    if not path.is_file():
        print(f"gvc_wire_copies: no GVC data at {path}", file=sys.stderr)
        return 1

    from crosswire.dedupe import (
        MIN_CONTAINMENT,
        MIN_SHARED,
        DuplicateFinder,
        find_shared_text,
        passages,
    )
    from crosswire.errors import InputError
    from crosswire.models import SourceDocument
    from crosswire.pipeline import clean

    records: list[dict[str, Any]] = [
        json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()
    ]
    reports: list[tuple[str, str, date | None]] = []
    meta: dict[str, dict[str, Any]] = {}
    for r in records:
        doc = SourceDocument(r["doc_id"], r["uri"], r["content"], "json", url=r["uri"])
        try:
            article = clean(doc)
        except InputError:
            continue
        reports.append((r["doc_id"], article.text, date.fromisoformat(r["dct"])))
        meta[r["doc_id"]] = r
    t0 = time.perf_counter()
    pairs = find_shared_text(
        reports,
        min_containment=args.min_containment
        if args.min_containment is not None
        else MIN_CONTAINMENT,
        min_shared=args.min_shared if args.min_shared is not None else MIN_SHARED,
    )
    seconds = time.perf_counter() - t0
    finder = DuplicateFinder()
    duplicate_of = {}
    for aid, text, _ in reports:
        _, match = finder.add(aid, text)
        if match:
            duplicate_of[aid] = match.original
    texts = {aid: text for aid, text, _ in reports}

    def dup_linked(a: str, b: str) -> bool:
        return duplicate_of.get(a, a) == duplicate_of.get(b, b)

    out: dict[str, Any] = {"n_docs": len(reports), "seconds": round(seconds, 3)}
    for part in ("tune", "check", "all"):
        mine = [p for p in pairs if part == "all" or part_of(min(p.article, p.other)) == part]
        out[part] = {
            "pairs": len(mine),
            "already_duplicates": sum(dup_linked(p.article, p.other) for p in mine),
            "cross_incident": sum(
                meta[p.article]["incident_id"] != meta[p.other]["incident_id"] for p in mine
            ),
        }
        if args.show == part:
            for p in mine:
                a, b = meta[p.article], meta[p.other]
                shared = passages(texts[p.article]) & passages(texts[p.other])
                print(
                    f"{p.containment:.2f} shared={p.shared} dup={dup_linked(p.article, p.other)}"
                    f" inc={a['incident_id']}/{b['incident_id']} {a['dct']}/{b['dct']}\n"
                    f"  {a['uri']}\n  {b['uri']}\n"
                    f"  A: {texts[p.article][:160]!r}\n  B: {texts[p.other][:160]!r}\n"
                    f"  ({len(shared)} shared passages)"
                )
    out["duplicate_links"] = len(duplicate_of)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
