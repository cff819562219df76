"""``crosswire batch`` on real Spark (local mode): the same store as ``ingest``, or a clear error.

One SparkContext serves the whole module (starting one costs seconds): the
CLI and :func:`crosswire.batch.batch_ingest` find it running and use it.
The tests skip, with the reason, only where Spark cannot run here (no Java,
no pyspark); the missing-piece errors are tested without Spark.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crosswire.cli import main
from crosswire.export import build_export, export_json
from crosswire.store import Store


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    out, err = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 1), out, err


def export_of(db: Path) -> str:
    with Store(db) as store:
        return export_json(build_export(store))


@pytest.fixture(scope="module")
def spark() -> Iterator[Any]:
    """One local[2] SparkContext for the module; skipped with the reason if Spark cannot run."""
    from crosswire.batch.spark import SparkUnavailableError, require_spark, spark_context

    try:
        require_spark()
    except SparkUnavailableError as exc:
        pytest.skip(f"Spark cannot run here: {exc}")
    with spark_context("local[2]") as sc:
        yield sc


@pytest.fixture(scope="module")
def batch_db(spark: Any, examples_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store filled by `crosswire batch` from the example reports."""
    db = tmp_path_factory.mktemp("batch") / "batch.db"
    with pytest.raises(SystemExit) as exc:
        main(["--db", str(db), "batch", str(examples_dir), "--master", "local[2]"])
    assert exc.value.code == 0
    return db


def test_batch_export_is_identical_to_sequential_ingest(
    batch_db: Path, example_store: Path
) -> None:
    batch = export_of(batch_db)
    assert len(json.loads(batch)["articles"]) == 3
    assert batch == export_of(example_store)


def test_batch_rerun_changes_nothing(
    batch_db: Path, examples_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = export_of(batch_db)
    code, out, _ = run(
        ["--db", str(batch_db), "batch", str(examples_dir), "--master", "local[2]"], capsys
    )
    assert code == 0
    assert "0 new report(s), 3 already stored" in out
    assert export_of(batch_db) == before


def test_bad_files_are_reported_and_the_rest_stored_as_ingest_does(
    spark: Any, examples_dir: Path, tmp_path: Path, annotator: Any
) -> None:
    from crosswire.batch import batch_ingest
    from crosswire.pipeline import ingest

    folder = tmp_path / "reports"
    folder.mkdir()
    good = sorted(examples_dir.glob("*.txt"))[0]
    shutil.copy(good, folder / "good.txt")
    (folder / "empty.txt").write_text("   \n")
    (folder / "bad.jsonl").write_text('{"text": "fine record about Mariupol"}\n{not json\n')
    with Store(tmp_path / "seq.db") as store:
        sequential = ingest([folder], store, annotator=annotator)
    with Store(tmp_path / "batch.db") as store:
        batched = batch_ingest([folder], store, master="local[2]", annotator=annotator)
    assert {p.source for p in batched.problems} >= {str(folder / "empty.txt")}
    assert any(p.source.startswith(str(folder / "bad.jsonl")) for p in batched.problems)
    assert batched.problems == sequential.problems
    assert len(batched.added) == len(sequential.added) >= 2
    assert export_of(tmp_path / "batch.db") == export_of(tmp_path / "seq.db")


def test_missing_spark_extra_is_named(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyspark", None)  # what `import pyspark` meets uninstalled
    code, _, err = run(["--db", str(tmp_path / "x.db"), "batch", str(tmp_path)], capsys)
    assert code == 2
    assert "pyspark is not installed" in err
    assert "crosswire[spark]" in err
    assert not (tmp_path / "x.db").exists()


@pytest.mark.parametrize("java_home", [None, "empty"])
def test_missing_java_is_named(
    java_home: str | None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspark", reason="the spark extra is not installed")
    monkeypatch.setenv("PATH", str(tmp_path))  # a PATH with no java on it
    if java_home is None:
        monkeypatch.delenv("JAVA_HOME", raising=False)
    else:
        monkeypatch.setenv("JAVA_HOME", str(tmp_path))  # a JAVA_HOME without bin/java
    code, _, err = run(["--db", str(tmp_path / "x.db"), "batch", str(tmp_path)], capsys)
    assert code == 2
    expected = f"JAVA_HOME={tmp_path} has no bin/java" if java_home else "no java is on PATH"
    assert f"Spark needs Java, and {expected}" in err
    assert "openjdk-17-jre-headless" in err


def test_batch_into_postgres_exports_what_ingest_exports(
    spark: Any, pg_url: str, examples_dir: Path, example_store: Path, annotator: Any
) -> None:
    from crosswire.batch import batch_ingest
    from crosswire.store import open_store

    with open_store(pg_url) as store:
        result = batch_ingest([examples_dir], store, master="local[2]", annotator=annotator)
        assert len(result.added) == 3 and not result.problems
        assert export_json(build_export(store)) == export_of(example_store)


def test_help_says_when_to_use_batch_and_what_it_needs(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["batch", "--help"], capsys)
    assert code == 0
    for needed in ("--master", "spark://HOST:7077", "`ingest`", "crosswire[spark]", "Java 17"):
        assert needed in out


def test_results_stream_back_in_reading_order(
    spark: Any, examples_dir: Path, tmp_path: Path
) -> None:
    """Results come back as an iterator over sorted partitions, in the sequential order."""
    from crosswire.batch.spark import run_documents
    from crosswire.batch.work import ReadOptions
    from crosswire.ingest.reader import plan_sources

    # one JSONL source with several documents plus the three example files
    lines = [
        json.dumps({"text": f"Report {n}. Twelve people were evacuated from the town on Monday."})
        for n in range(5)
    ]
    (tmp_path / "feed.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
    planned = plan_sources([str(examples_dir), str(tmp_path / "feed.jsonl")])
    total, results = run_documents(spark, planned, ReadOptions(), frozenset(), chunk=2)
    assert not isinstance(results, list)
    keys = [d.key for d in results]
    assert total == len(keys) == 8
    assert keys == sorted(keys)
    # the folder's three files (sources 0-2), then the feed's five items (source 3)
    assert [k[0] for k in keys] == [0, 1, 2, 3, 3, 3, 3, 3]
    assert [k[1] for k in keys[3:]] == [0, 1, 2, 3, 4]


def test_store_stream_writes_each_chunk_before_reading_on(
    examples_dir: Path, tmp_path: Path
) -> None:
    """Results are written as they arrive: never more than one chunk is read ahead of the store."""
    from crosswire.annotate import Annotator
    from crosswire.batch import runner
    from crosswire.batch.work import ReadOptions, process_partition, read_source_at
    from crosswire.ingest.reader import plan_sources

    planned = plan_sources([str(examples_dir)])
    reads = [r for i, p in enumerate(planned) for r in read_source_at(i, p, ReadOptions())]
    done = list(process_partition(reads, ReadOptions(), frozenset()))
    assert len(done) == 3
    pulled = 0

    def arriving() -> Iterator[Any]:
        nonlocal pulled
        for d in done:
            pulled += 1
            yield d

    stored_when: list[tuple[int, int]] = []
    with Store(tmp_path / "s.db") as store:

        def progress(stage: str, seen: int, total: int | None) -> None:
            stored_when.append((seen, pulled))
            assert store.count_articles() == seen

        report, annotated = runner.store_stream(
            arriving(), store, Annotator().model_name, progress=progress, chunk=1
        )
        assert len(report.added) == annotated == 3
        assert store.unannotated(Annotator().model_name) == []
    assert stored_when == [(1, 1), (2, 2), (3, 3)]


def test_shipped_text_gives_the_same_store(
    spark: Any, examples_dir: Path, example_store: Path, tmp_path: Path, annotator: Any
) -> None:
    """--ship: the driver reads, the workers only see text; the store is the same."""
    from crosswire.batch import batch_ingest

    with Store(tmp_path / "ship.db") as store:
        report = batch_ingest(
            [examples_dir], store, master="local[2]", annotator=annotator, ship=True
        )
    assert len(report.added) == 3 and not report.problems
    assert export_of(tmp_path / "ship.db") == export_of(example_store)


def test_shipping_reports_bad_records_like_ingest(
    spark: Any, tmp_path: Path, annotator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Several shipped jobs (a small SHIP_CHUNK), a bad record among them: same as ingest."""
    from crosswire.batch import batch_ingest
    from crosswire.batch import spark as spark_module
    from crosswire.pipeline import ingest

    monkeypatch.setattr(spark_module, "SHIP_CHUNK", 2)
    lines = [
        json.dumps({"text": f"Report {n}: {n + 2} families left Mariupol by car on Monday."})
        for n in range(4)
    ]
    lines.insert(2, "{not json")
    feed = tmp_path / "feed.jsonl"
    feed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with Store(tmp_path / "seq.db") as store:
        sequential = ingest([feed], store, annotator=annotator)
    with Store(tmp_path / "ship.db") as store:
        shipped = batch_ingest([feed], store, master="local[2]", annotator=annotator, ship=True)
    assert shipped.problems == sequential.problems and len(shipped.problems) == 1
    assert len(shipped.added) == len(sequential.added) == 4
    assert export_of(tmp_path / "ship.db") == export_of(tmp_path / "seq.db")
