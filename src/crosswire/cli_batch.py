"""``crosswire batch``: the ingest command, with the per-document work on Spark.

Kept out of :mod:`crosswire.cli` so that module stays small; it registers
this command. Importing this module imports neither pyspark nor the pipeline.
"""

from __future__ import annotations

import sys
from datetime import date
from typing import Any

import click

from crosswire.cli_options import document_options, echo_ingest_summary
from crosswire.cli_progress import ProgressBars
from crosswire.cli_store import command_store

__all__ = ["batch"]


@click.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@click.option(
    "--master",
    default="local[*]",
    show_default=True,
    help="Spark master: local[N] (N cores of this machine) or spark://HOST:7077 (a cluster).",
)
@click.option(
    "--partitions",
    type=click.IntRange(min=1),
    default=None,
    help="Partitions to spread the documents over (each loads one spaCy pipeline). "
    "Default: the cluster's parallelism.",
)
@click.option(
    "--ship",
    is_flag=True,
    help="Read PATH here and send the documents' text to the workers "
    "(for a cluster whose workers cannot see PATH: no shared file system).",
)
@document_options
@click.option("--db", "db", metavar="FILE|URL", default=None, help="Store, as for ingest.")
@click.pass_context
def batch(
    ctx: click.Context,
    paths: tuple[str, ...],
    master: str,
    partitions: int | None,
    ship: bool,
    published: Any,
    outlet: str | None,
    max_mb: float,
    guess_published: bool,
    db: str | None,
) -> None:
    """Ingest like `ingest`, with reading, parsing and extraction on Spark.

    Use it for corpora too big for one machine's cores: point --master at a
    Spark cluster (spark://HOST:7077) whose workers have crosswire installed
    and can read PATH (a shared or network file system), or add --ship to
    send them the text from here instead. Duplicates, the
    store writes and linking still run once, here. The result is exactly
    what `crosswire ingest` gives for the same inputs, and re-running
    changes nothing. For a few hundred reports on one machine, `ingest` (with
    --jobs) is faster: starting Spark costs 10-20 s and every result travels
    back to this process.

    Needs the 'spark' extra (pip install 'crosswire[spark]') and Java 17+
    (apt-get install openjdk-17-jre-headless, or set JAVA_HOME).

    \b
    Examples:
      crosswire batch reports/ --master local[2]
      crosswire --db postgresql://u:p@db/crosswire batch /shared/reports --master spark://head:7077
      crosswire batch ~/feeds/*.jsonl --master spark://head:7077 --ship
    """
    from crosswire.batch import ReadOptions, batch_ingest, require_spark

    require_spark()
    day: date | None = published.date() if published else None
    options = ReadOptions(day, outlet, int(max_mb * 1024 * 1024), guess_published)
    progress = ProgressBars(enabled=sys.stderr.isatty())
    with command_store(ctx, db, create=True) as store:
        try:
            result = batch_ingest(
                list(paths),
                store,
                master=master,
                options=options,
                partitions=partitions,
                progress=progress,
                ship=ship,
            )
        finally:
            progress.close()
        echo_ingest_summary(result, store)
    if result.problems:
        ctx.exit(1)
