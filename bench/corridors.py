"""Humanitarian corridors of March 2022 (PeaceRep): tracked operations against the coded records.

Each PeaceRep record is one corridor on one day: its route (``From`` / ``To``
with coordinates), who proposed it (``proposal``: Ukraine, Russia, Agreed), its
outcome (``status_result``) and the news excerpts it was coded from (``text``,
separated by ``;;;;``; mostly Interfax items opening with a dateline such as
"KYIV. March 9 (Interfax-Ukraine) -"). The record's leading ``Status: ...;``
label and the coders' trailing "see source: <url>" notes are gold, not report
text, and are cut away.

What is fed to crosswire: every excerpt, split again where a second agency
dateline starts inside it, is one report dated by its dateline (the record's
date when it has none); the same excerpt quoted by several records is one
report. A record with no excerpt of its own borrows the reports of records
coded from the same article (``Link``). All reports go into one throwaway store
in date order, as a folder of reports would, and the store is exported
(``build_export``); the ``operations`` that are not ceasefires are scored.

Matching: a record is **detected** when an operation drawing on one of the
record's reports goes from, to or through the record's origin or destination
(within :data:`NEAR_KM` of the coder's coordinates, or the same name). The
record's operation is the detected one that best matches (origin, destination,
a step on the record's day). Then ``route_exact``: its origin is the record's
origin and its destination the record's destination; ``outcome_exact``: its status
on the record's day (its last step that day, else its last step before) is in
:data:`OUTCOMES` of the record's ``status_result``; ``proposer_exact``: its
proposer ("Agreed" when its ``agreed_by`` holds both Ukraine and Russia, else the first of
its ``proposed_by``) is the record's ``proposal``; ``proposer_read``: the same without
a proposer no report states (the corpus's usual proposer, ``how: "usual"``): what the
text gave;
``date_exact``: it has a step dated on the record's day. Rates are over all records
of the part (undetected records count as wrong). ``spurious_per_100``: operations
matching no record of either part, per 100 reports of the part (an operation and a
report belong to the part of the first record that quotes its first report).

The tune / check split is fixed by a hash of ``HC_ID``; ``--errors`` prints the
tune part's wrong records only, and the check part is the one to score changes on.
Last line: one JSON object with ``tune`` and ``check`` metrics and ``seconds``.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import itertools
import json
import math
import re
import sys
import tempfile
import time
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "corridors" / "corridors_2022-03.csv"
NEAR_KM = 25.0
"""How far an operation's place may lie from the coder's coordinates and still be it."""
OUTCOMES = {
    "successful": {"succeeded"},
    "unsuccessful/disrupted": {
        "failed",
        "blocked",
        "turned_back",
        "suspended",
        "disrupted",
        "attacked",
    },
    "disputed": {"disputed"},
    "proposed route/outcome unknown": {"planned", "proposed", "agreed", "underway"},
}
"""Operation statuses that count as each PeaceRep outcome."""
SIDES = ("Ukraine", "Russia")
PARTS = ("tune", "check", "check_unshared")
"""The parts scored: ``check_unshared`` is the check records none of whose reports a tune
record quotes (text the operation reader, trained on the tune records' excerpts, never saw);
it has no spurious count (an operation's part is its first record's)."""

_MONTHS = [
    *("January", "February", "March", "April", "May", "June"),
    *("July", "August", "September", "October", "November", "December"),
]
_DATELINE = re.compile(
    r"(?P<place>\b[A-Z][A-Z'\-]+(?: [A-Z][A-Z'\-]+)?)\.?,? (?P<month>"
    + "|".join(_MONTHS)
    + r") (?P<day>\d{1,2}) ?\((?P<agency>[^()]{2,30})\) ?[-\u2013\u2014]"
)
_STATUS_LABEL = re.compile(r"^\s*Status:[^;]*;")
_SOURCE_NOTE = re.compile(r"\(?\s*(?:see source:?\s*)?https?://\S+\)?|\bsee source:?", re.I)
_SEPARATOR = re.compile(r";{3,}")


def _split_part(record_id: str) -> str:
    digest = hashlib.sha1(f"corridors:{record_id}".encode()).hexdigest()
    return "check" if int(digest, 16) % 2 else "tune"


def _excerpts(text: str) -> list[str]:
    """The report texts of a record: the label and notes cut, split at separators and at
    every agency dateline."""
    body = _STATUS_LABEL.sub("", text, count=1)
    out: list[str] = []
    for piece in _SEPARATOR.split(body):
        piece = _SOURCE_NOTE.sub(" ", piece)
        starts = [m.start() for m in _DATELINE.finditer(piece)]
        cuts = [0, *[s for s in starts if s > 0], len(piece)]
        for lo, hi in itertools.pairwise(cuts):
            chunk = re.sub(r"[ \t]+", " ", piece[lo:hi]).strip()
            chunk = re.sub(r" ?\n ?", "\n", chunk)
            if len(chunk) >= 40 and re.search(r"[a-z]", chunk):
                out.append(chunk)
    return out


def _day_of(chunk: str, fallback: str) -> str:
    m = _DATELINE.match(chunk)
    if m is None:
        return fallback
    return f"{fallback[:4]}-{_MONTHS.index(m['month']) + 1:02d}-{int(m['day']):02d}"


def _links(value: str) -> set[str]:
    return {u.split("?", 1)[0].rstrip("/") for u in re.findall(r"https?://\S+", value)}


def _norm(name: object) -> str:
    text = unicodedata.normalize("NFKD", str(name or "")).encode("ascii", "ignore").decode()
    text = re.sub(r"\(.*?\)|,.*$", " ", text.lower())
    text = re.sub(r"[^a-z]+", "", text)
    return text.replace("zh", "z").replace("iy", "i").replace("ii", "i").replace("y", "i")


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    la1, lo1, la2, lo2 = map(math.radians, (*a, *b))
    h = (
        math.sin((la2 - la1) / 2) ** 2
        + math.cos(la1) * math.cos(la2) * math.sin((lo2 - lo1) / 2) ** 2
    )
    return 6371.0 * 2 * math.asin(min(1.0, math.sqrt(h)))


def _gold_point(row: dict[str, str], side: str) -> tuple[str, tuple[float, float] | None]:
    name = row[f"{side}_name"] or row["From" if side == "from" else "To"]
    try:
        where = (float(row[f"{side}_latitude"]), float(row[f"{side}_longitude"]))
    except ValueError:
        where = None
    return _norm(name), where


class _Places:
    """An operation place's coordinates, read once from the gazetteer by its geonameid."""

    def __init__(self) -> None:
        from crosswire.geo.gazetteer import gazetteer

        self._gaz = gazetteer()

    def where(self, place: dict[str, Any] | None) -> tuple[float, float] | None:
        if not place:
            return None
        gid = place.get("geonameid")
        if gid in (None, ""):
            return None
        try:
            found = self._gaz.by_geonameid(int(gid))
        except (TypeError, ValueError):
            return None
        return (found.lat, found.lon) if found is not None else None

    def same(
        self, place: dict[str, Any] | None, gold: tuple[str, tuple[float, float] | None]
    ) -> bool:
        if not place:
            return False
        name, point = gold
        if name and _norm(place.get("name")) == name:
            return True
        mine = self.where(place)
        return mine is not None and point is not None and _km(mine, point) <= NEAR_KM


def _export(reports: list[dict[str, Any]], workdir: Path) -> dict[str, Any]:
    from crosswire.annotate import Annotator
    from crosswire.export import build_export
    from crosswire.pipeline import ingest
    from crosswire.store import Store

    feed = workdir / "corridors.jsonl"
    with feed.open("w", encoding="utf-8") as fh:
        for r in reports:
            fh.write(json.dumps({"text": r["text"], "published": r["day"]}) + "\n")
    with Store(workdir / "corridors.db") as store:
        report = ingest([feed], store, annotator=Annotator())
        for p in report.problems:
            print(f"corridors: {p}", file=sys.stderr)
        return build_export(store)


def _status_on(op: dict[str, Any], day: str) -> str | None:
    steps = [s for s in op.get("status_history") or [] if str(s.get("date") or "")[:10] <= day]
    same = [s for s in steps if str(s.get("date") or "")[:10] == day]
    chosen = same or steps or list(op.get("status_history") or [])
    return str(chosen[-1]["status"]) if chosen else None


def _steps(op: dict[str, Any]) -> list[tuple[str, str]]:
    return [(str(s.get("date"))[:10], str(s.get("status"))) for s in op.get("status_history") or []]


def _proposer(op: dict[str, Any], *, usual: bool = True, model: bool = True) -> str | None:
    """The record's proposer as the export tells it; ``usual=False`` leaves out a proposer
    no report of the operation states (``how: "usual"``, the corpus's usual proposer), so
    that ``proposer_read`` scores what was read from the text alone; ``model=False`` leaves
    out what the trained reader read (``how: "model"``) too: ``proposer_rules``."""
    left_out = {"usual"} if model else {"usual", "model"}
    agreed = {
        str(p.get("name"))
        for p in op.get("agreed_by") or []
        if p.get("name") and (usual or p.get("how") not in left_out)
    }
    if len(agreed & set(SIDES)) >= 2:
        return "Agreed"
    sides = [
        str(p.get("name"))
        for p in op.get("proposed_by") or []
        if p.get("name") and (usual or p.get("how") not in left_out)
    ]
    return sides[0] if sides and sides[0] in SIDES else None


def read_rows(path: Path) -> list[dict[str, str]]:
    """The PeaceRep records, in ``HC_ID`` order."""
    with path.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    rows.sort(key=lambda r: int(r["HC_ID"]))
    return rows


def build_reports(
    rows: list[dict[str, str]],
) -> tuple[list[dict[str, Any]], dict[str, list[int]], int]:
    """The reports fed to crosswire (each excerpt once, dated by its dateline), each record's
    reports (borrowed from records of the same article when it has none), and how many
    records borrowed."""
    by_text: dict[str, int] = {}
    reports: list[dict[str, Any]] = []
    of_record: dict[str, list[int]] = {}
    for row in rows:
        mine: list[int] = []
        for chunk in _excerpts(row["text"]):
            key = " ".join(chunk.split())
            if key not in by_text:
                by_text[key] = len(reports)
                reports.append({"text": chunk, "day": _day_of(chunk, row["date"]), "records": []})
            n = by_text[key]
            if n not in mine:
                mine.append(n)
                reports[n]["records"].append(row["HC_ID"])
        of_record[row["HC_ID"]] = mine
    borrowed = 0
    for row in rows:
        if of_record[row["HC_ID"]]:
            continue
        links = _links(row["Link"]) | _links(row["text"])
        for other in rows:
            if other is not row and links & (_links(other["Link"]) | _links(other["text"])):
                of_record[row["HC_ID"]] += of_record[other["HC_ID"]]
        of_record[row["HC_ID"]] = sorted(set(of_record[row["HC_ID"]]))
        borrowed += bool(of_record[row["HC_ID"]])
    return reports, of_record, borrowed


def export_in_order(reports: list[dict[str, Any]]) -> tuple[dict[str, Any], list[int]]:
    """The export of all ``reports`` ingested in date order, and that order."""
    order = sorted(range(len(reports)), key=lambda n: (reports[n]["day"], n))
    with tempfile.TemporaryDirectory(prefix="wt-corridors-bench-") as tmp:
        doc = _export([reports[n] for n in order], Path(tmp))
    return doc, order


def record_operation(
    row: dict[str, str],
    arts: set[str],
    ops: list[dict[str, Any]],
    places: _Places,
    matched: set[str] | None = None,
) -> tuple[tuple[int, ...], dict[str, Any]] | None:
    """The record's operation: among those drawing on its reports (``arts``) and going from,
    to or through its places, the best by origin, destination and a step on its day (each
    such operation's id added to ``matched``)."""
    origin, dest = _gold_point(row, "from"), _gold_point(row, "to")
    day = row["date"]
    best: tuple[tuple[int, ...], dict[str, Any]] | None = None
    for op in ops:
        if not arts & set(op.get("articles") or ()):
            continue
        stops = [op.get("origin"), op.get("destination"), *(op.get("route") or [])]
        if not any(places.same(p, origin) or places.same(p, dest) for p in stops):
            continue
        if matched is not None:
            matched.add(op["id"])
        key = (
            places.same(op.get("origin"), origin) + places.same(op.get("destination"), dest),
            any(str(s.get("date") or "")[:10] == day for s in op.get("status_history") or []),
        )
        if best is None or key > best[0]:
            best = (key, op)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="corridors CSV")
    parser.add_argument("--errors", type=int, default=0, help="print N wrong tune records")
    args = parser.parse_args(argv)
    if not args.data.is_file():
        print(f"corridors data not found at {args.data}; pass --data PATH.", file=sys.stderr)
        print(json.dumps({"error": "data not found", "data": str(args.data)}))
        return 2
    rows = read_rows(args.data)
    reports, of_record, borrowed = build_reports(rows)
    started = time.perf_counter()
    doc, order = export_in_order(reports)
    seconds = time.perf_counter() - started
    article_report = {
        a["id"]: order[int(str(a["source"]).rsplit("#", 1)[1]) - 1] for a in doc["articles"]
    }
    report_articles: dict[int, set[str]] = defaultdict(set)
    for aid, n in article_report.items():
        report_articles[n].add(aid)
    ops = [o for o in doc.get("operations") or [] if o.get("kind") != "ceasefire"]
    places = _Places()
    part_of_report = {
        n: _split_part(r["records"][0]) for n, r in enumerate(reports) if r["records"]
    }
    counts: dict[str, dict[str, int]] = {p: defaultdict(int) for p in PARTS}
    tune_reports = {
        n for n, r in enumerate(reports) if any(_split_part(h) == "tune" for h in r["records"])
    }
    matched_ops: set[str] = set()
    wrong: list[str] = []
    for row in rows:
        part = _split_part(row["HC_ID"])
        tallies = [counts[part]]
        if part == "check" and not set(of_record[row["HC_ID"]]) & tune_reports:
            tallies.append(counts["check_unshared"])  # text no tune record quotes
        got: dict[str, int] = {"n": 1, "no_text": not of_record[row["HC_ID"]]}
        arts = {a for n in of_record[row["HC_ID"]] for a in report_articles.get(n, ())}
        origin, dest = _gold_point(row, "from"), _gold_point(row, "to")
        day = row["date"]
        best = record_operation(row, arts, ops, places, matched_ops)
        if best is not None:
            op = best[1]
            route = places.same(op.get("origin"), origin) and places.same(
                op.get("destination"), dest
            )
            status = _status_on(op, day)
            outcome = status in OUTCOMES.get(row["status_result"], set())
            proposer = _proposer(op) == row["proposal"]
            dated = best[0][1]
            got.update(
                detected=1,
                route=route,
                outcome=outcome,
                proposer=proposer,
                proposer_read=_proposer(op, usual=False) == row["proposal"],
                proposer_rules=_proposer(op, usual=False, model=False) == row["proposal"],
                date=dated,
            )
        for tally in tallies:
            for key, value in got.items():
                tally[key] += int(value)
        if part != "tune":
            continue
        if best is None:
            wrong.append(
                f"{row['HC_ID']} {day} {row['From']} -> {row['To'][:40]}: not detected "
                f"({len(arts)} articles, {len(of_record[row['HC_ID']])} reports)"
            )
        elif not (route and outcome and proposer and dated):
            o, d = op.get("origin") or {}, op.get("destination") or {}
            wrong.append(
                f"{row['HC_ID']} {day} gold {row['From']} -> {row['To'][:40]} "
                f"{row['status_result']} {row['proposal']} | op {op['id']} "
                f"{o.get('name')} -> {d.get('name')} status {status} proposer {_proposer(op)} "
                f"steps {_steps(op)}"
            )
    report_counts = {p: sum(1 for v in part_of_report.values() if v == p) for p in PARTS}
    report_counts["check_unshared"] = sum(
        1 for n in range(len(reports)) if reports[n]["records"] and n not in tune_reports
    )
    for op in ops:
        if op["id"] in matched_ops:
            continue
        first = article_report.get(str(op.get("article")))
        part = part_of_report.get(first, "tune") if first is not None else "tune"
        counts[part]["spurious"] += 1
        if part == "tune":
            o, d = op.get("origin") or {}, op.get("destination") or {}
            wrong.append(
                f"spurious {op['id']} {op.get('kind')} {o.get('name')} -> {d.get('name')}: "
                f"{op.get('text')!r}"
            )
    for line in wrong[: args.errors]:
        print(line, file=sys.stderr)

    def rates(part: str) -> dict[str, float | int]:
        c = counts[part]
        n = c["n"] or 1
        return {
            "n": c["n"],
            "reports": report_counts[part],
            "no_text": c["no_text"],
            "detection": round(c["detected"] / n, 4),
            "route_exact": round(c["route"] / n, 4),
            "outcome_exact": round(c["outcome"] / n, 4),
            "proposer_exact": round(c["proposer"] / n, 4),
            "proposer_read": round(c["proposer_read"] / n, 4),
            "proposer_rules": round(c["proposer_rules"] / n, 4),
            "date_exact": round(c["date"] / n, 4),
            "spurious_per_100": round(100 * c["spurious"] / max(report_counts[part], 1), 2),
        }

    print(
        json.dumps(
            {
                "tune": rates("tune"),
                "check": rates("check"),
                "check_unshared": rates("check_unshared"),
                "records": len(rows),
                "reports": len(reports),
                "borrowed": borrowed,
                "operations": len(ops),
                "seconds": round(seconds, 1),
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
