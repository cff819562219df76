"""The driver side of a batch run: plan, farm the documents out, store what comes back, link.

The executors return per-document results, streamed back in reading order
a partition at a time; everything that needs the whole corpus or the store
stays here, in one process: exact re-ingests and
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
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from crosswire.batch.work import Done, ReadOptions
from crosswire.ingest.reader import plan_sources
from crosswire.models import IngestReport
from crosswire.store import StoreBackend

if TYPE_CHECKING:
    from crosswire.annotate import Annotator
    from crosswire.models import Annotation
    from crosswire.pipeline import Found, Progress

__all__ = ["batch_ingest", "store_results", "store_stream"]

_WRITE_CHUNK = 64


def _stored_ids(store: StoreBackend) -> frozenset[str]:
    """Ids the executors need not parse: articles already stored (they stay unchanged)."""
    return frozenset(a.id for a in store.articles())


def store_results(
    results: Iterable[Done],
    store: StoreBackend,
    annotator: Annotator,
    *,
    progress: Progress | None = None,
) -> IngestReport:
    """Store executor results in reading order, then annotate leftovers and link.

    ``results`` may be a stream: they are written :data:`_WRITE_CHUNK` at a
    time (see :func:`store_stream`), so nothing is held beyond one chunk.
    """
    from crosswire.pipeline import finish_ingest

    report, annotated = store_stream(results, store, annotator.model_name, progress=progress)
    finish_ingest(store, annotator, report, progress=progress, annotated=annotated)
    return report


def store_stream(
    results: Iterable[Done],
    store: StoreBackend,
    model: str,
    *,
    progress: Progress | None = None,
    total: int | None = None,
    chunk: int = _WRITE_CHUNK,
) -> tuple[IngestReport, int]:
    """Write executor results, in reading order, ``chunk`` at a time; no annotating, no linking.

    Each chunk's articles are added as the sequential run adds them (same
    duplicate rules, same order), then the parses and extraction results of
    those that were added are written in one transaction, as
    :func:`~crosswire.pipeline.annotate_pending` writes them. A parse made by
    a different model than ``model`` (a worker with another installation) is
    dropped, so the driver re-parses that article itself instead of storing
    a mixed corpus. Returns the report so far and how many parses were written.
    """
    from crosswire.pipeline import load_duplicate_finder, save_extractions, store_article

    report = IngestReport()
    finder = load_duplicate_finder(store)
    annotated = seen = 0
    for part in _chunks(results, chunk):
        parsed: list[tuple[Annotation, bytes, list[Found]]] = []
        for done in part:
            if done.problem is not None:
                report.problems.append(done.problem)
            elif (
                done.article is not None
                and done.legacy_id is not None
                and store_article(store, finder, report, done.article, done.legacy_id)
                and done.model == model
                and done.annotation is not None
                and done.doc_bytes is not None
            ):
                parsed.append((done.annotation, done.doc_bytes, done.found or []))
        if parsed:
            with store.transaction():
                for annotation, data, found in parsed:
                    store.save_annotation(annotation, model, data)
                    save_extractions(store, annotation.article, found)
        annotated += len(parsed)
        seen += len(part)
        if progress:
            progress("store", seen, total)
    return report, annotated


def _chunks(items: Iterable[Done], size: int) -> Iterator[list[Done]]:
    chunk: list[Done] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def batch_ingest(
    paths: Sequence[str | os.PathLike[str]],
    store: StoreBackend,
    *,
    master: str = "local[*]",
    options: ReadOptions | None = None,
    annotator: Annotator | None = None,
    partitions: int | None = None,
    progress: Progress | None = None,
    ship: bool = False,
) -> IngestReport:
    """``crosswire ingest`` with the per-document work on a Spark cluster.

    Same inputs, same options, same store afterwards, same report; the
    difference is where reading, cleaning, parsing and extraction run.
    ``master`` is a Spark master URL (``local[2]``, ``spark://host:7077``);
    if this process already has a SparkContext, that one is used. Workers
    must have crosswire (and its model package) installed and must see the
    paths, which they read themselves -- unless ``ship``: then this process
    reads them and sends the text (see :func:`~crosswire.batch.spark.run_documents`).
    Results stream back a sorted
    partition at a time and are written as they come, so the driver's
    memory does not grow with the corpus.

    Raises:
        SparkUnavailableError: pyspark or Java is missing, or Spark did not start.
        BatchJobError: the job failed on the executors.
    """
    from crosswire.annotate import Annotator
    from crosswire.batch.spark import run_documents, spark_context
    from crosswire.pipeline import finish_ingest

    options = options or ReadOptions()
    annotator = annotator or Annotator()
    planned = plan_sources(paths, max_bytes=options.max_bytes)
    with spark_context(master) as sc:
        total, results = run_documents(
            sc, planned, options, _stored_ids(store), partitions=partitions, ship=ship
        )
        report, annotated = store_stream(
            results, store, annotator.model_name, progress=progress, total=total
        )
    finish_ingest(store, annotator, report, progress=progress, annotated=annotated)
    return report
