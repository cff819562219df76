"""The driver side of a batch run: plan, farm the documents out, store what comes back, link.

The executors return per-document results; everything that needs the
whole corpus or the store stays here, in one process: exact re-ingests and
near-duplicates (the MinHash index is order-dependent), the writes, then the
link and reconcile stages. Each of these goes through the very functions
:func:`crosswire.pipeline.ingest_documents` uses
(:func:`~crosswire.pipeline.store_article`,
:func:`~crosswire.pipeline.save_extractions`,
:func:`~crosswire.pipeline.finish_ingest`), which is why a batch run and a
sequential ``crosswire ingest`` of the same inputs leave the same store.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from crosswire.batch.work import Done, ReadOptions
from crosswire.ingest.reader import plan_sources
from crosswire.models import IngestReport
from crosswire.store import StoreBackend

if TYPE_CHECKING:
    from crosswire.annotate import Annotator
    from crosswire.pipeline import Progress

__all__ = ["batch_ingest", "store_results"]

_WRITE_CHUNK = 64


def _stored_ids(store: StoreBackend) -> frozenset[str]:
    """Ids the executors need not parse: articles already stored (they stay unchanged)."""
    return frozenset(a.id for a in store.articles())


def store_results(
    results: Sequence[Done],
    store: StoreBackend,
    annotator: Annotator,
    *,
    progress: Progress | None = None,
) -> IngestReport:
    """Store executor results in reading order, then annotate leftovers and link.

    Articles are added first (as the sequential run does), then the parses
    and extraction results of those that were added are written in chunks,
    each in one transaction, as :func:`~crosswire.pipeline.annotate_pending`
    writes them. A parse made by a different model than the driver's (a
    worker with another installation) is dropped, so the driver re-parses
    that article itself instead of storing a mixed corpus.
    """
    from crosswire.pipeline import (
        finish_ingest,
        load_duplicate_finder,
        save_extractions,
        store_article,
    )

    report = IngestReport()
    finder = load_duplicate_finder(store)
    added: list[Done] = []
    for done in results:
        if done.problem is not None:
            report.problems.append(done.problem)
        elif (
            done.article is not None
            and done.legacy_id is not None
            and store_article(store, finder, report, done.article, done.legacy_id)
        ):
            added.append(done)
    model = annotator.model_name
    parsed = [
        (d.annotation, d.doc_bytes, d.found or [])
        for d in added
        if d.model == model and d.annotation is not None and d.doc_bytes is not None
    ]
    for offset in range(0, len(parsed), _WRITE_CHUNK):
        with store.transaction():
            for annotation, data, found in parsed[offset : offset + _WRITE_CHUNK]:
                store.save_annotation(annotation, model, data)
                save_extractions(store, annotation.article, found)
    finish_ingest(store, annotator, report, progress=progress, annotated=len(parsed))
    return report


def batch_ingest(
    paths: Sequence[str | os.PathLike[str]],
    store: StoreBackend,
    *,
    master: str = "local[*]",
    options: ReadOptions | None = None,
    annotator: Annotator | None = None,
    partitions: int | None = None,
    progress: Progress | None = None,
) -> IngestReport:
    """``crosswire ingest`` with the per-document work on a Spark cluster.

    Same inputs, same options, same store afterwards, same report; the
    difference is where reading, cleaning, parsing and extraction run.
    ``master`` is a Spark master URL (``local[2]``, ``spark://host:7077``);
    if this process already has a SparkContext, that one is used. Workers
    must have crosswire (and its model package) installed and must see the
    paths, which they read themselves.

    Raises:
        SparkUnavailableError: pyspark or Java is missing, or Spark did not start.
    """
    from crosswire.annotate import Annotator
    from crosswire.batch.spark import run_documents, spark_context

    options = options or ReadOptions()
    annotator = annotator or Annotator()
    planned = plan_sources(paths, max_bytes=options.max_bytes)
    with spark_context(master) as sc:
        results = run_documents(sc, planned, options, _stored_ids(store), partitions=partitions)
    return store_results(results, store, annotator, progress=progress)
