"""Reliability under hostile input and kill -9: can any one report, or a crash, break a store?

Three checks, on a SQLite store always and on PostgreSQL when ``tests/pg_server.py``
can start a throwaway server:

* **hostile**: the 75-input hostile corpus (``tests/hostile_corpus.py``) and a
  few malformed URLs ingested over the CLI: inputs tried, runs that crashed
  (a traceback, or an exit status other than 1), clear one-line errors; then
  the store must still take a good report (else it is *bricked*).
* **kills**: ``--kills`` times, an ingest of ``--reports`` GVC reports is
  killed with SIGKILL at a random moment, then run again to the end; the
  store's export must equal a clean run's, byte for byte once the export's
  own timestamp is set aside: a report lost, or kept half-annotated and never
  finished, or a corrupt row, would show as a difference.
* **poison**: a report with a 400-digit number and one of over 1,000,000
  characters are ingested first, then ``examples/mariupol``: every example
  report must be stored and annotated.

With ``--corpus``, instead: the whole development corpus of real reports
(``gvc`` and ``gva_longtail`` under ``--data``, 3,152 records) is ingested
into a fresh SQLite store once per ``--jobs`` value (``1,2`` by default), and
each run must go to the end: exit status, wall time, reports stored and
annotated, and the problems recorded (by stage, with their errors). One
real report that crashed a stage used to stop every later run at it, and
with ``--jobs 2`` hang forever.

Prints one JSON line last. Usage::

    python bench/reliability.py [--data ../shared/datasets] [--reports 40] [--kills 5]
        [--seed 1] [--no-postgres]
    python bench/reliability.py --corpus [--data ../shared/datasets] [--jobs 1,2] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests")]

from crosswire.store import open_store  # noqa: E402
from hostile_corpus import BAD_URLS, GOOD_TEXTS, write_hostile_corpus  # noqa: E402

DATA = ROOT.parent.parent / "shared" / "datasets"
CORPUS_PARTS = ("gvc", "gva_longtail")
EXAMPLES = ROOT / "examples" / "mariupol"
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def _cli(db: str, *args: str, timeout: float = 1800) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "crosswire", "--db", db, *args],
        capture_output=True,
        text=True,
        env=ENV,
        timeout=timeout,
        check=False,
    )


def _export(db: str) -> str:
    """The store's export with the export's own timestamp set aside."""
    run = _cli(db, "export")
    if run.returncode != 0:
        return f"export failed: {run.stderr[-500:]}"
    doc = json.loads(run.stdout)
    for key in ("generated", "generated_at", "exported_at", "created"):
        doc.pop(key, None)
    return json.dumps(doc, sort_keys=True)


def _reports(folder: Path, n: int, data: Path) -> Path:
    """The first ``n`` GVC reports as a JSONL file (text, title, url, published)."""
    path = folder / "gvc.jsonl"
    with (data / "gvc" / "docs.jsonl").open() as src, path.open("w") as out:
        for line in list(src)[:n]:
            d = json.loads(line)
            record = {"text": d["content"], "title": d.get("title"), "url": d.get("uri")}
            out.write(json.dumps({**record, "published": d.get("dct")}) + "\n")
    return path


def _rows_differing(ref: dict[str, Any], got: dict[str, Any]) -> int:
    """Rows (items of the export's lists) in one export and not the other: lost or changed."""
    count = 0
    for key in set(ref) | set(got):
        a, b = ref.get(key), got.get(key)
        if isinstance(a, list) and isinstance(b, list):
            left = {json.dumps(x, sort_keys=True) for x in a}
            right = {json.dumps(x, sort_keys=True) for x in b}
            count += len(left ^ right)
        elif a != b:
            count += 1
    return count


def hostile(db: str, folder: Path) -> dict[str, Any]:
    inputs = write_hostile_corpus(folder / "hostile")
    run = _cli(db, "ingest", str(folder / "hostile"), *BAD_URLS)
    lines = run.stderr.splitlines()
    crashed = int("Traceback" in run.stderr or run.returncode not in (0, 1))
    clear = sum(line.startswith("crosswire: skipped ") for line in lines)
    good = folder / "after.json"
    good.write_text(json.dumps({"text": "Officials in Uman said the bridge reopened on Monday."}))
    after = _cli(db, "ingest", str(good))
    with open_store(db) as store:
        texts = {a.text: a.id for a in store.articles()}
        annotated = {a.article for a in store.annotations()}
    goods_ok = all(t in texts and texts[t] in annotated for t in GOOD_TEXTS)
    bricked = int(after.returncode != 0 or "Traceback" in after.stderr)
    return {
        "tried": len(inputs) + len(BAD_URLS),
        "crashed": crashed,
        "clear_errors": clear,
        "good_stored_and_annotated": goods_ok,
        "bricked": bricked,
    }


def kills(
    make_db: Callable[[str], str], folder: Path, n: int, reports: int, seed: int, data: Path
) -> dict[str, Any]:
    rng = random.Random(seed)
    source = _reports(folder, reports, data)
    clean_db = make_db("clean")
    started = time.monotonic()
    first = _cli(clean_db, "ingest", str(source))
    duration = time.monotonic() - started
    reference = _export(clean_db)
    out: dict[str, Any] = {"reports": reports, "clean_run_s": round(duration, 1), "trials": n}
    lost_or_corrupt = bricked = differing = 0
    moments = []
    for trial in range(n):
        db = make_db(f"kill{trial}")
        proc = subprocess.Popen(
            [sys.executable, "-m", "crosswire", "--db", db, "ingest", str(source)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=ENV,
        )
        moment = rng.uniform(0.1, 0.9) * duration
        moments.append(round(moment, 1))
        time.sleep(moment)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        try:
            with open_store(db) as store:
                list(store.articles())
        except Exception:
            bricked += 1
            continue
        again = _cli(db, "ingest", str(source))
        if again.returncode != 0 or "Traceback" in again.stderr:
            bricked += 1
            continue
        exported = _export(db)
        if exported != reference:
            differing += 1
            ref, got = json.loads(reference), json.loads(exported)
            lost_or_corrupt += _rows_differing(ref, got)
    out.update(
        {
            "first_run_status": first.returncode,
            "kill_moments_s": moments,
            "stores_bricked": bricked,
            "exports_differing": differing,
            "rows_lost_or_corrupt": lost_or_corrupt,
        }
    )
    return out


def poison(db: str, folder: Path) -> dict[str, Any]:
    p = folder / "poison"
    p.mkdir()
    (p / "digits.json").write_text(
        json.dumps({"text": "Police said " + "9" * 400 + " people were killed in Kyiv."})
    )
    (p / "long.txt").write_text("Officials said the road reopened. " * 32_000)
    first = _cli(db, "ingest", str(p))
    second = _cli(db, "ingest", str(EXAMPLES))
    with open_store(db) as store:
        stored = list(store.articles())
        annotated = {a.article for a in store.annotations()}
    examples = len([f for f in EXAMPLES.iterdir() if f.suffix == ".txt"])
    return {
        "poison_refused_with_lines": first.returncode == 1 and "Traceback" not in first.stderr,
        "examples": examples,
        "examples_stored": len(stored),
        "examples_annotated": sum(a.id in annotated for a in stored),
        "then_status": second.returncode,
    }


def _corpus_file(data: Path, path: Path) -> int:
    """Every report of the development corpus as one JSONL file; returns how many."""
    n = 0
    with path.open("w", encoding="utf-8") as out:
        for part in CORPUS_PARTS:
            docs = data / part / "docs.jsonl"
            if not docs.is_file():
                sys.exit(f"reliability: {docs} not found: pass --data (the datasets folder)")
            with docs.open(encoding="utf-8") as src:
                for line in src:
                    d = json.loads(line)
                    record = {"text": d["content"], "title": d.get("title"), "url": d.get("uri")}
                    out.write(json.dumps({**record, "published": d.get("dct")}) + "\n")
                    n += 1
    return n


def corpus(data: Path, folder: Path, jobs: int) -> dict[str, Any]:
    """Ingest the whole development corpus into a fresh store with ``--jobs jobs``."""
    source = folder / "corpus.jsonl"
    records = _corpus_file(data, source) if not source.exists() else None
    db = str(folder / f"corpus-jobs{jobs}.db")
    started = time.monotonic()
    run = _cli(db, "ingest", "-q", "--jobs", str(jobs), str(source), timeout=6 * 3600)
    wall = time.monotonic() - started
    with open_store(db) as store:
        stored = store.count_articles()
        annotated = len({a.article for a in store.annotations()})
        problems = store.problems()
        linked = bool(store.get_meta("link"))
    stages: dict[str, int] = {}
    for problem in problems:
        stages[problem.stage] = stages.get(problem.stage, 0) + 1
    out: dict[str, Any] = {
        "jobs": jobs,
        "status": run.returncode,
        "traceback": "Traceback" in run.stderr,
        "skipped_lines": sum(x.startswith("crosswire: skipped ") for x in run.stderr.splitlines()),
        "wall_s": round(wall, 1),
        "stored": stored,
        "annotated": annotated,
        "linked": linked,
        "problems": len(problems),
        "problem_stages": stages,
        "problem_errors": sorted({p.error for p in problems})[:10],
        "stderr_tail": run.stderr.strip().splitlines()[-3:],
    }
    if records is not None:
        out["records"] = records
    return out


@contextmanager
def _postgres() -> Iterator[Callable[[str], str] | str]:
    from pg_server import start_server

    server = start_server()
    if isinstance(server, str):
        yield server
        return
    import psycopg

    def make(name: str) -> str:
        with psycopg.connect(server.url(), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS rel_{name} WITH (FORCE)")
            admin.execute(f"CREATE DATABASE rel_{name}")
        return server.url(f"rel_{name}")

    try:
        yield make
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reports", type=int, default=40)
    parser.add_argument("--kills", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--data", type=Path, default=DATA, help="the datasets folder")
    parser.add_argument(
        "--corpus", action="store_true", help="ingest the whole development corpus instead"
    )
    parser.add_argument("--jobs", default="1,2", help="--corpus: the --jobs values to run")
    parser.add_argument("--keep", type=Path, help="--corpus: write the stores here (kept)")
    args = parser.parse_args()
    result: dict[str, Any] = {}
    if args.corpus:
        if args.keep is not None:
            args.keep.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="crosswire-corpus-") as tmp:
            folder = args.keep or Path(tmp)
            for jobs in (int(j) for j in args.jobs.split(",")):
                print(f"corpus: ingest with --jobs {jobs}", file=sys.stderr)
                result[f"jobs{jobs}"] = corpus(args.data, folder, jobs)
                print(json.dumps(result[f"jobs{jobs}"]), file=sys.stderr)
        print(json.dumps({"corpus": result}))
        return
    with tempfile.TemporaryDirectory(prefix="crosswire-reliability-") as tmp:
        base = Path(tmp)

        def sqlite(name: str) -> str:
            return str(base / f"{name}.db")

        stores: list[tuple[str, Callable[[str], str]]] = [("sqlite", sqlite)]
        pg_context = _postgres() if not args.no_postgres else None
        pg = pg_context.__enter__() if pg_context is not None else "skipped (--no-postgres)"
        try:
            if callable(pg):
                stores.append(("postgres", pg))
            else:
                result["postgres"] = f"not run: {pg}"
            for label, make in stores:
                folder = base / label
                folder.mkdir()
                print(f"{label}: hostile corpus", file=sys.stderr)
                h = hostile(make("hostile"), folder)
                print(f"{label}: {args.kills} kill -9 trials", file=sys.stderr)
                k = kills(make, folder, args.kills, args.reports, args.seed, args.data)
                print(f"{label}: poison then ingest", file=sys.stderr)
                p = poison(make("poison"), folder)
                result[label] = {"hostile": h, "kills": k, "poison": p}
        finally:
            if pg_context is not None:
                pg_context.__exit__(None, None, None)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
