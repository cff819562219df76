"""Gun Violence Corpus, end to end: the day each incident shows in the export, against the Archive.

``gvc_dates.py`` measures the dating rules alone, on the gold grouping of
reports. This script measures what a user of crosswire actually sees: the
436 reports are ingested together (``crosswire.pipeline.ingest`` into a
throwaway SQLite store, publication order, as a folder of reports would be),
the store is exported (``build_export``), and every gold incident is matched
to the export incident that holds most of its reports as their main incident
(``main_in``; then most of its reports; then fewest others). That incident's
``day`` (the dating rules over its own passages) and ``date`` (the stories
aggregator's day slots) are compared with the Gun Violence Archive's date.
Clustering, incident splitting and dating errors all count, so this sits
below ``gvc_dates.py``.

Keys of the last line (one JSON object): ``n`` (gold incidents), ``day_exact``
(the export's ``day``), ``date_exact`` (its ``date``); extras: ``unmatched``
(gold incidents no export incident holds), ``undated`` (matched, no ``day``),
``export_incidents``, ``main_incident_bcubed_f1`` (each report's main incident in the
export, scored against the gold incidents as ``gvc_clusters.py`` scores the engine
alone: that one uses regex names and no parse, this one the full pipeline), ``stories``,
``story_bcubed_p`` / ``_r`` / ``_f1`` (each report's story scored against the gold
incidents: every GVC report tells of one shooting, so precision falls when a story merges
shootings that only look alike), ``stories_over_states`` (stories holding reports of
shootings in more than one US state), seconds; ``n`` to ``story_bcubed_f1`` also under
"tune", "check" and "all".

Tune / check: a gold incident (and its reports) belongs to the part of its
``incident_id`` (first byte of ``sha256("gvc_incident_days:" + id)`` even: tune, odd:
check). All reports are ingested either way; each part is scored on its own incidents
and reports (B-cubed per part: ``bench_parts.bcubed_within``). ``--errors`` prints the
tune part's wrong incidents only; the check part is only ever scored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvc"


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gvc_incident_days:" + id)."""
    first = hashlib.sha256(f"gvc_incident_days:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def _gva_day(text: str) -> str:
    return datetime.strptime(text.strip(), "%B %d, %Y").date().isoformat()


def _export(docs: list[dict[str, Any]], workdir: Path) -> dict[str, Any]:
    """Ingest ``docs`` (in the given order) into the store in ``workdir`` and export it."""
    from crosswire.annotate import Annotator
    from crosswire.export import build_export
    from crosswire.pipeline import ingest
    from crosswire.store import Store

    feed = workdir / "gvc.jsonl"
    with feed.open("w", encoding="utf-8") as fh:
        for d in docs:
            record = {"text": d["content"], "title": d.get("title"), "published": d.get("dct")}
            fh.write(json.dumps(record) + "\n")
    with Store(workdir / "gvc.db") as store:
        report = ingest([feed], store, annotator=Annotator())
        if report.problems:
            for p in report.problems:
                print(f"gvc_incident_days: {p}", file=sys.stderr)
        return build_export(store)


def _best(incidents: list[dict[str, Any]], members: set[str]) -> dict[str, Any] | None:
    def key(inc: dict[str, Any]) -> tuple[int, int, int]:
        arts = set(inc["articles"])
        main = set(inc.get("main_in") or ())
        return (len(main & members), len(arts & members), -len(arts - members))

    scored = [(key(i), i) for i in incidents if set(i["articles"]) & members]
    if not scored:
        return None
    return max(scored, key=lambda ki: ki[0])[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="gvc folder")
    parser.add_argument(
        "--errors", type=int, default=0, help="print N wrong tune incidents to stderr"
    )
    parser.add_argument(
        "--store",
        type=Path,
        default=None,
        help="keep the SQLite store here and reuse it on the next run (re-ingesting changes "
        "nothing, so only the export is redone); default: a throwaway store",
    )
    parser.add_argument(
        "--split",
        choices=("train", "dev", "all"),
        default="all",
        help="score only the incidents of this split (all reports are ingested either way)",
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
    docs = [json.loads(line) for line in docs_path.open(encoding="utf-8") if line.strip()]
    gold = {
        i["incident_id"]: i
        for i in map(json.loads, incidents_path.open(encoding="utf-8"))
        if args.split == "all" or i.get("split") == args.split
    }
    docs.sort(key=lambda d: (d.get("dct") or "", d["doc_id"]))
    started = time.perf_counter()
    if args.store is not None:
        args.store.mkdir(parents=True, exist_ok=True)
        doc = _export(docs, args.store)
    else:
        with tempfile.TemporaryDirectory(prefix="crosswire-gvc-days-") as tmp:
            doc = _export(docs, Path(tmp))
    seconds = time.perf_counter() - started
    # an article's source is "<feed>#N": the N-th record, in the order written
    incident_of = {
        a["id"]: docs[int(str(a["source"]).rsplit("#", 1)[1]) - 1]["incident_id"]
        for a in doc["articles"]
    }
    incidents = [i for story in doc["stories"] for i in story["incidents"]]
    # each report's main incident as the product shows it, scored as clustering
    from bench_parts import bcubed_within

    main_of: dict[str, str] = {}
    for inc in incidents:
        for aid in inc.get("main_in") or ():
            main_of.setdefault(aid, inc["id"])
    for inc in incidents:
        for aid in inc["articles"]:
            main_of.setdefault(aid, inc["id"])
    scored = [aid for aid in incident_of if incident_of[aid] in gold]
    gold_of = {aid: incident_of[aid] for aid in scored}
    main_pred = {aid: main_of.get(aid, aid) for aid in scored}
    story_of = {aid: s["id"] for s in doc["stories"] for aid in s["articles"]}
    story_pred = {aid: story_of.get(aid, aid) for aid in scored}
    wrong: list[str] = []

    def scores(part: str | None) -> dict[str, Any]:
        counts: Counter[str] = Counter()
        for gid, inc in sorted(gold.items()):
            if part is not None and part_of(str(gid)) != part:
                continue
            members = {aid for aid, g in incident_of.items() if g == gid}
            truth = _gva_day(inc["date"])
            best = _best(incidents, members)
            counts["n"] += 1
            if best is None:
                counts["unmatched"] += 1
                if part == "tune":
                    wrong.append(f"{gid}: gold {truth}, no export incident holds its reports")
                continue
            day = (best.get("day") or {}).get("value")
            counts["undated"] += day is None
            counts["day_ok"] += day == truth
            counts["date_ok"] += best.get("date") == truth
            if day != truth and part == "tune":
                evidence = [e["text"] for e in (best.get("day") or {}).get("evidence") or ()]
                wrong.append(
                    f"{gid}: gold {truth}, day {day} {evidence}, date {best.get('date')}, "
                    f"{len(members)} reports, incident holds {len(best['articles'])}"
                )
        mine = [a for a in scored if part is None or part_of(str(gold_of[a])) == part]
        _p, _r, main_f1 = bcubed_within(main_pred, gold_of, mine)
        sp, sr, sf = bcubed_within(story_pred, gold_of, mine)
        n = counts["n"]
        return {
            "n": n,
            "day_exact": round(counts["day_ok"] / n, 4) if n else 0.0,
            "date_exact": round(counts["date_ok"] / n, 4) if n else 0.0,
            "unmatched": counts["unmatched"],
            "undated": counts["undated"],
            "export_incidents": len(incidents),
            "main_incident_bcubed_f1": round(main_f1, 4),
            "stories": len(doc["stories"]),
            "story_bcubed_p": round(sp, 4),
            "story_bcubed_r": round(sr, 4),
            "story_bcubed_f1": round(sf, 4),
        }

    # stories: every GVC report tells of one shooting, so a story holding reports of
    # shootings in different states has merged what only looks alike
    state_of = {gid: i.get("state") for gid, i in gold.items()}
    mixed = [
        s
        for s in doc["stories"]
        if len({state_of.get(incident_of.get(a, "")) for a in s["articles"]} - {None}) > 1
    ]
    tune, check, everything = scores("tune"), scores("check"), scores(None)
    for line in wrong[: args.errors]:
        print(line, file=sys.stderr)
    result = {
        **everything,
        "stories_over_states": len(mixed),
        "split": args.split,
        "seconds": round(seconds, 1),
        "tune": tune,
        "check": check,
        "all": everything,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
