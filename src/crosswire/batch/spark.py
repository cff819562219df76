"""Everything that touches pyspark: the checks, the context and the one job a batch runs.

pyspark ships only partial type hints, so its calls are kept in this module
and typed at its edges (plain lists in, plain lists out); the rest of
crosswire never imports it. pyspark runs its JVM through Java (17 or later
for pyspark 4), which no Python package provides: :func:`require_spark`
checks both before anything starts, so a missing piece gets one line naming
it instead of a Py4J traceback.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any

from crosswire.batch.work import Done, Read, ReadOptions, process_partition, read_source_at
from crosswire.errors import BatchJobError, SparkUnavailableError
from crosswire.ingest.reader import PlannedSource

__all__ = [
    "DRIVER_CHUNK",
    "SHIP_CHUNK",
    "SPARK_INSTALL_HINT",
    "BatchJobError",
    "SparkUnavailableError",
    "find_java",
    "require_spark",
    "run_documents",
    "spark_context",
]

SPARK_INSTALL_HINT = (
    "install the 'spark' extra: pip install 'crosswire[spark]' (or pip install pyspark)"
)
JAVA_INSTALL_HINT = (
    "install Java 17 or later (Debian/Ubuntu: apt-get install openjdk-17-jre-headless) "
    "or point JAVA_HOME at one"
)
_MIN_JAVA = 17
_LOCAL_JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC"


def find_java(environ: dict[str, str] | None = None) -> str | None:
    """The ``java`` Spark will start: ``$JAVA_HOME/bin/java``, else the first on ``PATH``."""
    env = os.environ if environ is None else environ
    home = env.get("JAVA_HOME")
    if home:
        candidate = os.path.join(home, "bin", "java")
        return candidate if os.access(candidate, os.X_OK) else None
    return shutil.which("java", path=env.get("PATH", os.defpath))


def _java_major(java: str) -> int | None:
    try:
        out = subprocess.run(
            [java, "-version"], capture_output=True, text=True, timeout=30, check=False
        )
    except OSError:
        return None
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if match is None:
        return None
    major = int(match.group(1))
    return int(match.group(2) or 0) if major == 1 else major  # "1.8" is Java 8


def require_spark() -> None:
    """Raise :class:`SparkUnavailableError` unless pyspark and a Java 17+ runtime are here."""
    try:
        import pyspark  # noqa: F401
    except ImportError:
        raise SparkUnavailableError(f"pyspark is not installed: {SPARK_INSTALL_HINT}") from None
    java = find_java()
    if java is None:
        home = os.environ.get("JAVA_HOME")
        where = f"JAVA_HOME={home} has no bin/java" if home else "no java is on PATH"
        raise SparkUnavailableError(f"Spark needs Java, and {where}: {JAVA_INSTALL_HINT}")
    major = _java_major(java)
    if major is None or major < _MIN_JAVA:
        found = f"Java {major}" if major else "a java that does not report its version"
        raise SparkUnavailableError(
            f"Spark needs Java {_MIN_JAVA} or later; {java} is {found}: {JAVA_INSTALL_HINT}"
        )


def _quiet_logs() -> str:
    """The JVM option pointing log4j at crosswire's errors-only configuration."""
    from importlib.resources import files

    return f"-Dlog4j2.configurationFile={files('crosswire.batch') / 'log4j2.properties'}"


@contextmanager
def spark_context(master: str, *, app_name: str = "crosswire-batch") -> Iterator[Any]:
    """A SparkContext for ``master``: the running one if this process has one, else a new one.

    A context this function starts is stopped on exit; one that was running
    already (a test session, a notebook) is left running. The UI is off and
    executors run this very Python, so local runs need nothing configured.
    """
    require_spark()
    from pyspark import SparkConf, SparkContext

    active = SparkContext._active_spark_context
    if active is not None:
        yield active
        return
    # Python workers run PYSPARK_PYTHON (the RDD API ignores spark.pyspark.python):
    # this interpreter, so they import the same crosswire and model packages.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    conf = (
        SparkConf()
        .setMaster(master)
        .setAppName(app_name)
        .set("spark.ui.enabled", "false")
        .set("spark.ui.showConsoleProgress", "false")
        .set("spark.sql.shuffle.partitions", "4")
    )
    java_options = _quiet_logs()
    if master.startswith("local"):
        # In local mode the JVM only schedules and moves bytes; the Python workers do the
        # work. A client JIT and serial GC halve its start-up (measured: ~20 s -> ~10 s
        # on a loaded 2-core box) and cost nothing that matters here.
        java_options = f"{_LOCAL_JVM_OPTIONS} {java_options}"
    conf = conf.set("spark.driver.extraJavaOptions", java_options)
    try:
        sc = SparkContext(conf=conf)
    except Exception as exc:  # py4j and the JVM raise many kinds; all mean "Spark did not start"
        raise SparkUnavailableError(f"Spark did not start with master {master!r}: {exc}") from exc
    sc.setLogLevel("ERROR")
    try:
        yield sc
    finally:
        sc.stop()


def _read_all(pairs: Iterable[tuple[int, PlannedSource]], options: ReadOptions) -> Iterator[Read]:
    for index, planned in pairs:
        yield from read_source_at(index, planned, options)


def _process_shared(items: Iterable[Read], options: ReadOptions, stored: Any) -> Iterator[Done]:
    """:func:`process_partition` with the stored ids read from a broadcast variable."""
    return process_partition(items, options, stored.value)


def _key(done: Done) -> tuple[int, int]:
    return done.key


#: Documents per sorted partition the driver pulls at a time (:func:`run_documents`).
DRIVER_CHUNK = 256


def run_documents(
    sc: Any,
    planned: Sequence[PlannedSource],
    options: ReadOptions,
    stored: frozenset[str],
    *,
    partitions: int | None = None,
    chunk: int = DRIVER_CHUNK,
    ship: bool = False,
) -> tuple[int | None, Iterator[Done]]:
    """Read, clean, annotate and extract every planned source on the executors.

    Sources are read where they land (one task reads whole files), then the
    documents are spread evenly over ``partitions`` (default: the context's
    parallelism) so that one big JSONL file does not leave the other cores
    idle; each executor process loads one Annotator, on first need.

    Returns the number of results and an iterator over them in the
    sequential reading order. The results stay on the executors (in memory,
    spilling to disk) and are sorted there into partitions of about
    ``chunk`` documents; the iterator pulls one partition at a time, so the
    driver's memory does not grow with the corpus -- parses are the bulk of
    a result, and a million of them would not fit in one process. The ids
    already stored travel to the executors once, as a broadcast variable,
    not inside every task.

    With ``ship`` the driver reads the sources itself and sends the
    documents' text to the executors, :data:`SHIP_CHUNK` documents per job,
    for a cluster whose workers cannot see the paths (no shared file
    system); the number of results is then not known in advance (None).

    Raises:
        BatchJobError: the job failed on the executors (raised here for the
            processing, or while iterating for the transfer).
    """
    if not planned:
        return 0, iter(())
    from pyspark import StorageLevel

    slices = max(1, partitions or int(sc.defaultParallelism))
    shared = sc.broadcast(stored)
    if ship:
        return None, _shipped(sc, planned, options, shared, slices)
    indexed = list(enumerate(planned))
    read = sc.parallelize(indexed, min(slices, len(indexed))).mapPartitions(
        partial(_read_all, options=options)
    )
    work = partial(_process_shared, options=options, stored=shared)
    done = read.repartition(slices).mapPartitions(work).persist(StorageLevel.MEMORY_AND_DISK)
    try:
        total = int(done.count())
    except Exception as exc:  # a Py4JJavaError wrapping the executor's Python traceback
        done.unpersist()
        shared.unpersist()
        raise _job_error(exc) from exc
    return total, _sorted_results(done, shared, total, chunk)


#: Documents the driver reads and sends per job with ``ship`` (:func:`run_documents`).
SHIP_CHUNK = 512


def _shipped(
    sc: Any, planned: Sequence[PlannedSource], options: ReadOptions, shared: Any, slices: int
) -> Iterator[Done]:
    """Read here, process there: one job per :data:`SHIP_CHUNK` documents, in order."""
    work = partial(_process_shared, options=options, stored=shared)
    pending: list[Read] = []

    def run(batch: list[Read]) -> list[Done]:
        try:
            done: list[Done] = (
                sc.parallelize(batch, min(slices, len(batch))).mapPartitions(work).collect()
            )
        except Exception as exc:
            raise _job_error(exc) from exc
        return sorted(done, key=_key)

    try:
        for index, source in enumerate(planned):
            pending.extend(read_source_at(index, source, options))
            while len(pending) >= SHIP_CHUNK:
                batch, pending = pending[:SHIP_CHUNK], pending[SHIP_CHUNK:]
                yield from run(batch)
        if pending:
            yield from run(pending)
    finally:
        shared.unpersist()


def _sorted_results(done: Any, shared: Any, total: int, chunk: int) -> Iterator[Done]:
    """``done`` in key order, one sorted partition at a time; frees the cache when finished."""
    try:
        if total:
            ordered = done.sortBy(_key, numPartitions=max(1, -(-total // max(1, chunk))))
            yield from ordered.toLocalIterator()
    except Exception as exc:
        raise _job_error(exc) from exc
    finally:
        done.unpersist()
        shared.unpersist()


def _job_error(exc: Exception) -> BatchJobError:
    error = _python_error(exc)
    hint = (
        " (every Spark worker needs crosswire and its dependencies installed, "
        "for the Python that PYSPARK_PYTHON names)"
        if "ModuleNotFoundError" in error
        else ""
    )
    return BatchJobError(f"the Spark job failed: {error}{hint}")


def _python_error(exc: Exception) -> str:
    """The last ``SomeError: message`` line of an executor traceback, else the first line."""
    text = str(exc)
    lines = [line.strip() for line in text.splitlines()]
    errors = [line for line in lines if re.match(r"^[\w.]+(Error|Exception): ", line)]
    return errors[-1] if errors else (lines[0] if lines else type(exc).__name__)
