"""Batch runs on Apache Spark: ``crosswire ingest`` for corpora beyond one machine.

An optional backend (extra ``spark``: pyspark, plus a Java 17+ runtime).
The per-document work -- reading, cleaning, parsing with spaCy, running the
extractors -- is what costs, and it needs nothing but the document, so it
runs on Spark executors, one Annotator per partition
(:mod:`crosswire.batch.work`). What needs the whole corpus -- duplicate
detection, the store writes, entity linking, stories, reconciliation -- runs
once on the driver through the same functions as the sequential pipeline
(:mod:`crosswire.batch.runner`), so a batch run leaves exactly the store a
``crosswire ingest`` of the same inputs leaves.

Nothing here imports pyspark until a batch actually runs.
"""

from __future__ import annotations

from crosswire.batch.runner import batch_ingest, store_results
from crosswire.batch.spark import SparkUnavailableError, require_spark
from crosswire.batch.work import ReadOptions

__all__ = ["ReadOptions", "SparkUnavailableError", "batch_ingest", "require_spark", "store_results"]
