"""Scale of incremental story and incident clustering: time and memory up to 100k reports.

Synthetic growth of real texts: the GVC and ECB+ reports are replayed as
new reports, each copy keeping a random ~70 % of its sentences (so no two
are identical) and shifted by :data:`SHIFT_DAYS` per generation, as a news
stream keeps bringing new events of the same kinds. Reports are fed in
random order through :class:`crosswire.clustering.StoryEngine`, the same
incremental path the ``stories`` aggregator uses. Blocking keeps the cost
per report bounded: candidates come from an inverted index over each
report's strongest terms within the time window (capped postings), and
incidents are only compared within their day.

Reported per size: seconds to build features, seconds to cluster, peak RSS
(whole process, MiB) and the clustering cost per report (wall clock and this process's
CPU time, which other jobs on the machine disturb less), so a flat ``ms_per_report``
means linear time. Each copy carries the lead's roles of the report it grew from
(:mod:`crosswire.clustering.roles`; spaCy parses each base text's opening once,
outside the timed clustering; ``--no-roles`` leaves them out).

Usage: python bench/cluster_scale.py [--data ../shared/datasets] [--sizes 5000,20000,100000]
    [--no-roles]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import resource
import sys
import time
from datetime import date, timedelta
from pathlib import Path

from crosswire.annotate import Annotator
from crosswire.clean import clean_text
from crosswire.clustering import StoryEngine, report_features
from crosswire.clustering.features import ReportFeatures
from crosswire.clustering.roles import parse_roles
from crosswire.clustering.text import capitalised_names, split_sentences

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "datasets"
SHIFT_DAYS = 200
LIMIT_MIB = 2048


def load_texts(data: Path) -> list[tuple[str, date]]:
    """(text, date) of every GVC and ECB+ report found under ``data``."""
    out = []
    gvc = data / "gvc" / "docs.jsonl"
    if gvc.is_file():
        for line in gvc.open(encoding="utf-8"):
            doc = json.loads(line)
            pub = date.fromisoformat(doc["dct"]) if doc.get("dct") else date(2016, 1, 1)
            out.append((clean_text(doc["content"]).text or doc["content"], pub))
    for path in sorted((data / "ecbplus" / "docs").glob("*/*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        out.append((doc["text"], date(2012, 1, 1)))
    if not out:
        sys.exit(f"cluster_scale: no GVC or ECB+ texts under {data}: pass --data")
    return out


Roles = list[list[tuple[str, str]]]


def synthetic(
    base: list[tuple[str, date]], n: int, seed: int = 0, roles: Roles | None = None
) -> list[ReportFeatures]:
    """``n`` report features grown from ``base`` (see the module docstring)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        text, pub = base[i % len(base)]
        sents = split_sentences(text)
        kept = [text[s:e] for s, e in sents if rng.random() < 0.7] or [text[s:e] for s, e in sents]
        body = " ".join(kept)
        day = pub + timedelta(days=SHIFT_DAYS * (i // len(base)) + rng.randint(0, 3))
        names = [(s, e, k, body[s:e]) for s, e, k in capitalised_names(body)]
        lead = roles[i % len(base)] if roles else ()
        out.append(report_features(f"r{i}", body, day, names=names, roles=lead))
    rng.shuffle(out)
    return out


def rss_mib() -> float:
    """Peak resident set size of this process so far, in MiB."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(base: list[tuple[str, date]], n: int, roles: Roles | None = None) -> dict[str, float]:
    """Build ``n`` synthetic reports and cluster them; time and memory."""
    t0 = time.perf_counter()
    reports = synthetic(base, n, roles=roles)
    t1 = time.perf_counter()
    c1 = time.process_time()
    engine = StoryEngine()
    engine.add_all(reports)
    t2 = time.perf_counter()
    c2 = time.process_time()
    result = {
        "n": n,
        "features_s": round(t1 - t0, 1),
        "cluster_s": round(t2 - t1, 1),
        "ms_per_report": round(1000 * (t2 - t1) / n, 2),
        "cpu_ms_per_report": round(1000 * (c2 - c1) / n, 2),
        "peak_rss_mib": round(rss_mib()),
        "stories": len(engine.stories.stories),
        "incidents": len(engine.incidents.incidents),
    }
    del engine, reports
    gc.collect()
    return result


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--sizes", default="5000,20000,100000")
    ap.add_argument("--no-roles", action="store_true", help="leave the lead's roles out")
    args = ap.parse_args()
    base = load_texts(args.data)
    roles = None if args.no_roles else parse_roles(Annotator().nlp, [t for t, _ in base])
    curve = []
    for n in (int(s) for s in args.sizes.split(",")):
        curve.append(run(base, n, roles))
        print(json.dumps(curve[-1]), flush=True)
    first, last = curve[0], curve[-1]
    growth = (last["cluster_s"] / max(first["cluster_s"], 1e-9)) / (last["n"] / first["n"])
    print(
        json.dumps(
            {
                "sizes": [c["n"] for c in curve],
                "cluster_s": [c["cluster_s"] for c in curve],
                "ms_per_report": [c["ms_per_report"] for c in curve],
                "cpu_ms_per_report": [c["cpu_ms_per_report"] for c in curve],
                "peak_rss_mib": max(c["peak_rss_mib"] for c in curve),
                "within_2gib": max(c["peak_rss_mib"] for c in curve) <= LIMIT_MIB,
                "time_growth_vs_linear": round(growth, 2),
                "base_texts": len(base),
                "roles": roles is not None,
            }
        )
    )


if __name__ == "__main__":
    main()
