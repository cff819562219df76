"""Humanitarian operations on the real crisis sets, scored against an ``operations`` gold.

The corridor benchmark (``bench/corridors.py``) scores one record at a time; what it cannot see is
whether a convoy told of by eight reports over four days comes out as one operation with the right
history. The crisis sets can: a set whose ``gold.json`` has an ``operations`` list (see
``bench/crisis_sets/README.md``) is scored here, each gold operation with the steps that evidence
it (report, quote, the statuses it may read as, its day) and its ``path``, the phases its history
goes through. Rates:

- ``operations_found``: gold operations some crosswire operation has a step of (a step whose
  trigger lies within :data:`NEAR` characters of a gold step's quote);
- ``one_operation_each``: found gold operations whose located steps all sit in one crosswire
  operation (a convoy split over reports counts against it);
- ``step_status_right``: gold steps that a step of the gold operation's crosswire operation covers
  with one of the gold statuses;
- ``path_right``: found gold operations whose crosswire history, consecutive repeats dropped, goes
  through the gold path's phases in order and nothing else;
- ``operations_precise``: crosswire operations that cover some gold step; the others are
  spurious (a set with an empty gold list expects no operation at all).

Only sets with an ``operations`` gold are scored; for the others (the check sets, whose texts are
not read) it prints just how many operations crosswire builds. Usage:

    python bench/crisis_operations.py [--exports DIR] [--errors]

``--exports`` reads the exports ``bench/crisis_picture.py --save DIR`` wrote instead of ingesting
again. The last line printed is one JSON object with the rates per part.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from crisis_picture import DEFAULT_DATA, Located, Tally, build, crisis_sets, part_of

Item = Mapping[str, Any]
NEAR = 150
"""How far (characters) a crosswire step's trigger may lie from a gold quote and still be it."""


def _steps(op: Item) -> list[Item]:
    return [s for s in op.get("status_history") or [] if isinstance(s, Mapping)]


def _covers(step: Item, where: tuple[str, int, int]) -> bool:
    aid, start, end = where
    if str(step.get("article")) != aid or step.get("start") is None:
        return False
    return int(step["start"]) < end + NEAR and int(step["end"]) > start - NEAR


def _path(op: Item) -> list[str]:
    out: list[str] = []
    for s in _steps(op):
        status = str(s.get("status"))
        if not out or out[-1] != status:
            out.append(status)
    return out


def _path_right(got: list[str], phases: Sequence[Sequence[str]]) -> bool:
    """Does ``got`` go through ``phases`` in order, each status in its phase (a phase may take
    several steps in a row), and nothing else?"""
    n = 0
    for status in got:
        if n < len(phases) and status in phases[n]:
            continue
        if n + 1 < len(phases) and status in phases[n + 1]:
            n += 1
            continue
        return False
    return bool(got) and n == len(phases) - 1


def score(gold: Item, doc: Item, errors: list[str]) -> Tally:
    """Score one set's operations (see the module docstring)."""
    from crosswire.report.section_operations import describe

    t = Tally()
    located = Located(doc)
    ops = [o for o in doc.get("operations") or [] if isinstance(o, Mapping)]
    used: set[int] = set()
    for g in gold.get("operations") or []:
        places = [(s, located.span(str(s["report"]), str(s["quote"]))) for s in g["steps"]]
        where = [(s, w) for s, w in places if w is not None]
        hits: dict[int, int] = {}
        for n, op in enumerate(ops):
            k = sum(any(_covers(st, w) for st in _steps(op)) for _, w in where)
            if k:
                hits[n] = k
        used |= set(hits)
        found = bool(hits)
        t.add("operations_found", found)
        if not found:
            errors.append(f"{g['id']}: no operation ({g.get('note', '')[:80]})")
            for _ in where:
                t.add("step_status_right", False)
            continue
        t.add("one_operation_each", len(hits) == 1)
        if len(hits) > 1:
            errors.append(
                f"{g['id']}: split into {len(hits)}: " + " | ".join(describe(ops[n]) for n in hits)
            )
        best = ops[max(hits, key=lambda n: hits[n])]
        for s, w in where:
            near = [st for st in _steps(best) if _covers(st, w)]
            ok = any(str(st.get("status")) in s["status"] for st in near)
            t.add("step_status_right", ok)
            if not ok:
                got = [st.get("status") for st in near] or "no step"
                errors.append(
                    f"{g['id']}: {s['report']} {s['quote']!r} wants {s['status']}, got {got}"
                )
        ok = _path_right(_path(best), g["path"])
        t.add("path_right", ok)
        if not ok:
            errors.append(f"{g['id']}: path {' → '.join(_path(best))}, gold {g['path']}")
    for n, op in enumerate(ops):
        t.add("operations_precise", n in used)
        if n not in used:
            errors.append(f"spurious: {describe(op)} [{' → '.join(_path(op))}]")
    for m in located.missing:
        errors.append(f"gold quote not located: {m}")
    return t


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--exports", type=Path, help="exports saved by crisis_picture.py --save")
    parser.add_argument("--errors", action="store_true", help="print errors of tune sets")
    args = parser.parse_args(argv)
    parts: dict[str, Tally] = {"tune": Tally(), "check": Tally()}
    counts: dict[str, dict[str, int]] = {"tune": {}, "check": {}}
    for folder in crisis_sets(args.data):
        gold = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
        cid = str(gold.get("crisis_id") or folder.name)
        part = part_of(cid)
        saved = args.exports / f"{cid}.json" if args.exports else None
        doc = json.loads(saved.read_text(encoding="utf-8")) if saved and saved.exists() else None
        doc = doc if doc is not None else build(folder)
        counts[part][cid] = len(doc.get("operations") or [])
        if "operations" not in gold:
            print(f"{cid} [{part}] operations={counts[part][cid]} (no operations gold)")
            continue
        errors: list[str] = []
        tally = score(gold, doc, errors)
        parts[part].merge(tally)
        rates = {m: v["rate"] for m, v in tally.rates().items()}
        print(f"{cid} [{part}] operations={counts[part][cid]} {rates}")
        if args.errors and part == "tune":
            for e in errors:
                print(f"  - {e}")
    out = {
        "bench": "crisis_operations",
        **{part: tally.rates() for part, tally in parts.items()},
        "operations": counts,
    }
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
