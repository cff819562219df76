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
part is only ever scored.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from gvc_counts import run_counts

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gva_longtail"


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gva_longtail:" + id)."""
    first = hashlib.sha256(f"gva_longtail:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def main() -> None:
    description = __doc__.split("\n\n")[0]
    run_counts("gva_longtail_counts", DEFAULT_DATA, part_of, description)


if __name__ == "__main__":
    main()
