"""Per-incident killed and injured counts against the development half of the GVA long tail.

The SemEval-2018 Task 5 "GVA long tail" reports (``../shared/datasets/gva_longtail``,
the GVC layout) are about Gun Violence Archive incidents the casualty rules were never
written against, so this is the counts bench that says most about reports not yet seen.
Each incident's reports are read and reconciled together exactly as in
``gvc_counts.py`` (gold incidents: extraction plus reconciliation, not clustering) and
compared with the Archive's killed / injured numbers. The Archive records the final
toll, and a report may tell less: some mismatches are the reports', not crosswire's.

Usage: python bench/gva_longtail_counts.py [--data ../shared/datasets/gva_longtail]
       [--limit N] [--errors errors.jsonl]
The last line printed is one JSON object with n, killed_exact, injured_exact,
both_exact (plus timing) for all incidents, and the same under "tune", "check" and "all".

Tune / check: an incident belongs to the part of its id (first byte of
``sha256("gva_longtail:" + incident_id)`` even: tune, odd: check). Errors are read
on the tune part only (``--errors`` writes the tune part's mismatches); the check
part is only ever scored. The trained figure-incident model
(``bench/train_figure_incidents.py``) learns from the tune part only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import time
from pathlib import Path
from typing import Any

from gvc_counts import load, predict

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gva_longtail"


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gva_longtail:" + id)."""
    first = hashlib.sha256(f"gva_longtail:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="GVA long tail folder")
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
    tune = [i for i in everything if part_of(i) == "tune"]
    check = [i for i in everything if part_of(i) == "check"]
    if args.errors:
        with args.errors.open("w", encoding="utf-8") as fh:
            for i in tune:
                pred = [preds[i]["killed"], preds[i]["injured"]]
                if pred != list(gold[i]):
                    fh.write(json.dumps({"incident": i, "gold": gold[i], "pred": pred}) + "\n")
    print(
        f"gva_longtail_counts: {len(preds)} incidents, {len(docs)} reports from {args.data} "
        f"in {seconds:.1f}s"
    )
    result: dict[str, Any] = {
        **scores(everything),
        "seconds": round(seconds, 1),
        "tune": scores(tune),
        "check": scores(check),
        "all": scores(everything),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
