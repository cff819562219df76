"""Geocoding speed and memory: place mentions resolved per second, and what the index costs.

Issue 6 asks for ≥ 5,000 mentions/s with the index built once and loaded
lazily, and for the memory to be stated. This script

1. builds the gazetteer index (GeoNames cities500 + countries, regions) and
   the fuzzy index, timing them and measuring the resident memory they add
   (RSS before and after, before spaCy is loaded so nothing else counts);
2. parses the GVC reports once (or reuses ``--parse-cache``), collects every
   GPE/LOC/FAC mention with its qualifier and the article's dateline;
3. times :meth:`Resolver.resolve_all` over all articles with a *cold*
   candidate cache (a fresh resolver on the shared index) — the resolution
   rate the issue asks about — and then the whole ``place_mentions``
   extractor (resolution plus metonymy and relations on the parse).

Usage: python bench/geocode_speed.py [--data ../shared/datasets/gvc] [--repeat 3]
       [--parse-cache /tmp/gvc-parses.pkl]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import pickle
import resource
import sys
import time
from pathlib import Path
from typing import Any

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "gvc"


def _rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as fh:
        pages = int(fh.read().split()[1])
    return pages * resource.getpagesize() / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--repeat", type=int, default=3, help="passes over the corpus")
    parser.add_argument("--parse-cache", type=Path, default=None)
    args = parser.parse_args()
    docs_path = args.data / "docs.jsonl"
    if not docs_path.is_file():
        sys.exit(
            f"geocode_speed: {docs_path} not found: pass --data pointing at the GVC folder "
            "(docs.jsonl), e.g. ../shared/datasets/gvc"
        )

    from crosswire.geo.fuzzy import fuzzy_index
    from crosswire.geo.gazetteer import gazetteer
    from crosswire.geo.resolver import Resolver

    rss0 = _rss_mb()
    t0 = time.perf_counter()
    gaz = gazetteer()
    gaz_s = time.perf_counter() - t0
    rss1 = _rss_mb()
    t0 = time.perf_counter()
    fuzzy_index()
    fuzzy_s = time.perf_counter() - t0
    rss2 = _rss_mb()

    from crosswire.annotate import Annotator, annotation_from_doc
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR, PLACE_LABELS, dateline_query
    from crosswire.geo.resolver import Query
    from crosswire.models import SourceDocument
    from crosswire.pipeline import clean

    with docs_path.open(encoding="utf-8") as fh:
        records = [json.loads(line) for line in fh if line.strip()]
    articles = [
        clean(SourceDocument(r["doc_id"], r["doc_id"], f"{r.get('title') or ''}\n\n{r['content']}",
                             "jsonl"))
        for r in records
    ]  # fmt: skip
    annotator = Annotator()
    cache: dict[str, bytes] = {}
    if args.parse_cache and args.parse_cache.is_file():
        cache = pickle.loads(args.parse_cache.read_bytes())
    inputs: list[ExtractionInput] = []
    todo = [a for a in articles if a.source not in cache]
    parsed: dict[str, Any] = {}
    for (annotation, doc), art in zip(annotator.annotate(todo), todo, strict=True):
        parsed[art.source] = (annotation, doc)
        cache[art.source] = annotator.doc_to_bytes(doc)
    if args.parse_cache and todo:
        args.parse_cache.write_bytes(pickle.dumps(cache))
    for art in articles:
        if art.source in parsed:
            annotation, doc = parsed[art.source]
        else:
            doc = annotator.doc_from_bytes(cache[art.source])
            annotation = annotation_from_doc(art.id, doc)
        inputs.append(ExtractionInput(art, doc, annotation))

    batches: list[tuple[list[Query], Query | None]] = []
    for inp in inputs:
        queries = [
            Query(m.text, fuzzy=m.label != "FAC")
            for m in inp.annotation.mentions
            if m.label in PLACE_LABELS
        ]
        dl = dateline_query(inp.article.dateline)
        batches.append((queries, Query(dl[0], dl[1]) if dl else None))
    n_mentions = sum(len(q) for q, _ in batches)

    best = 0.0
    for _ in range(args.repeat):
        fresh = Resolver(gaz)  # cold candidate cache, shared index
        t0 = time.perf_counter()
        for queries, dateline in batches:
            fresh.resolve_all(queries, dateline=dateline)
        best = max(best, n_mentions / (time.perf_counter() - t0))

    t0 = time.perf_counter()
    n_items = sum(len(EXTRACTOR.extract(inp)) for inp in inputs)
    extractor_rate = n_items / (time.perf_counter() - t0)

    result = {
        "mentions": n_mentions,
        "mentions_per_s": round(best),
        "extractor_items_per_s": round(extractor_rate),
        "index_build_s": round(gaz_s, 2),
        "fuzzy_build_s": round(fuzzy_s, 2),
        "index_rss_mb": round(rss1 - rss0, 1),
        "fuzzy_rss_mb": round(rss2 - rss1, 1),
        "places_indexed": len(gaz.gid),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
