"""Reports per second of ``crosswire batch`` (Spark) against sequential ``crosswire ingest``.

Both ingest the same N Gun Violence Corpus reports (one JSONL file) into a
fresh SQLite store, each timed from the call to the stored, linked result,
start-up included (Spark's JVM and workers for ``batch``; the spaCy load for
``ingest``). The two exports are then compared byte for byte: the batch
runner exists to give the same result with the per-document work spread
over a cluster.

On one small machine Spark is not faster: its JVM and Python workers start
in seconds, every result is pickled back to the driver, and local[N] can
use only the cores ``ingest --jobs`` uses too. The point is scaling out to
more machines (``--master spark://HOST:7077``), which this script can time
when given such a master.

Usage: python bench/batch_throughput.py [--data ../shared/datasets/gvc] [--n 100]
       [--master local[2]]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import tempfile
import time
from datetime import date
from pathlib import Path

from throughput import DEFAULT_DATA, load_texts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="GVC folder")
    parser.add_argument("--n", type=int, default=100, help="number of reports (default 100)")
    parser.add_argument("--master", default="local[2]", help="Spark master (default local[2])")
    parser.add_argument("--partitions", type=int, default=None, help="default: parallelism")
    args = parser.parse_args()

    from crosswire.annotate import Annotator
    from crosswire.batch import ReadOptions, batch_ingest
    from crosswire.export import build_export, export_json
    from crosswire.pipeline import ingest
    from crosswire.store import Store

    records = load_texts(args.data, args.n)
    published = date(2016, 1, 1)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "reports.jsonl"
        src.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")

        with Store(Path(tmp) / "seq.db") as store:
            t0 = time.perf_counter()
            seq = ingest([src], store, annotator=Annotator(), published=published)
            seq_s = time.perf_counter() - t0
            seq_export = export_json(build_export(store))

        with Store(Path(tmp) / "batch.db") as store:
            t0 = time.perf_counter()
            bat = batch_ingest(
                [src],
                store,
                master=args.master,
                options=ReadOptions(published=published),
                partitions=args.partitions,
            )
            batch_s = time.perf_counter() - t0
            batch_export = export_json(build_export(store))

    line = {
        "n": len(records),
        "stored": len(bat.added),
        "problems": len(bat.problems),
        "master": args.master,
        "ingest_s": round(seq_s, 2),
        "ingest_reports_per_s": round(len(records) / seq_s, 2),
        "batch_s": round(batch_s, 2),
        "batch_reports_per_s": round(len(records) / batch_s, 2),
        "speedup": round(seq_s / batch_s, 3),
        "identical_export": seq_export == batch_export and seq.added == bat.added,
        "cpus": os.cpu_count(),
        "load_avg_1m": round(os.getloadavg()[0], 2),
        "machine": f"{platform.machine()} {platform.python_version()}",
        "date": date.today().isoformat(),
    }
    print(json.dumps(line))


if __name__ == "__main__":
    main()
