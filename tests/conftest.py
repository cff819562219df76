"""Shared fixtures: the bundled example reports, ingested once per test session."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples" / "mariupol"


@cache
def _file_modes_enforced() -> bool:
    """False when file modes do not stop this process (root, some file systems)."""
    with tempfile.TemporaryDirectory() as folder:
        probe = Path(folder) / "probe"
        probe.write_text("x")
        probe.chmod(0)
        try:
            probe.read_text()
        except PermissionError:
            return True
        finally:
            probe.chmod(0o600)
    return False


def pytest_configure(config: pytest.Config) -> None:
    # Tests build derived tables into a private cache folder, never the user's
    # ~/.cache, unless the developer points CROSSWIRE_CACHE_DIR somewhere.
    if "CROSSWIRE_CACHE_DIR" not in os.environ:
        folder = tempfile.mkdtemp(prefix="crosswire-test-cache-")
        os.environ["CROSSWIRE_CACHE_DIR"] = folder
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    config.addinivalue_line(
        "markers", "needs_file_modes: skip where file permissions are not enforced (root)"
    )


def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("needs_file_modes") and not _file_modes_enforced():
        pytest.skip("file modes not enforced (root?)")


@pytest.fixture(scope="session")
def annotator() -> object:
    """One spaCy pipeline for the whole test session, as in a real process."""
    from crosswire.annotate import Annotator

    return Annotator()


@pytest.fixture(scope="session")
def examples_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A private copy of examples/mariupol that tests may not modify."""
    dest = tmp_path_factory.mktemp("examples") / "mariupol"
    shutil.copytree(EXAMPLES, dest)
    return dest


@pytest.fixture(scope="session")
def example_store(
    tmp_path_factory: pytest.TempPathFactory, examples_dir: Path, annotator: object
) -> Iterator[Path]:
    """Path of a store holding the three example reports, ingested end to end."""
    from crosswire.annotate import Annotator
    from crosswire.pipeline import ingest
    from crosswire.store import Store

    assert isinstance(annotator, Annotator)
    path = tmp_path_factory.mktemp("store") / "crosswire.db"
    with Store(path) as store:
        result = ingest([examples_dir], store, annotator=annotator)
        assert result.problems == []
    yield path


@pytest.fixture(scope="module")
def report_figures(annotator: Any) -> Any:
    """The figures extractor's items for one short hand-written report (published
    2016-01-10), with the cleaned text their spans point into: the one harness the
    figures tests share."""
    from datetime import date

    from crosswire.annotate import annotation_from_doc
    from crosswire.clean import clean_text
    from crosswire.extract import ExtractionInput
    from crosswire.extract.figures import EXTRACTOR
    from crosswire.models import Article

    def run(raw: str) -> tuple[str, list[dict[str, Any]]]:
        text = clean_text(raw).text
        doc = annotator.nlp(text)
        art = Article(id="s" * 16, source="t", raw_text=raw, text=text, published=date(2016, 1, 10))
        found = EXTRACTOR.extract(ExtractionInput(art, doc, annotation_from_doc(art.id, doc)))
        return text, [dict(f) for f in found]

    return run


@pytest.fixture(scope="module")
def report_counts(report_figures: Any) -> Any:
    """Killed and injured of one short hand-written report (published 2016-01-10), read off
    the reconciled groups as the benchmarks and the situation report read them."""
    from datetime import date

    from crosswire.link.reconcile_counts import casualty_counts, incident_figures
    from crosswire.link.reconciliations import reconcile
    from crosswire.models import Article

    def run(raw: str) -> tuple[int, int]:
        text, found = report_figures(raw)
        art = Article(id="s" * 16, source="t", raw_text=raw, text=text, published=date(2016, 1, 10))
        items = [dict(f) for f in incident_figures(found)]
        groups = reconcile(items, {art.id: art}, {}, {str(i["id"]): "here" for i in items})
        out = casualty_counts(groups, items)
        return out["killed"], out["injured"]

    return run


@pytest.fixture(scope="session")
def pg_server() -> Iterator[Any]:
    """A real, throwaway PostgreSQL server for the session (``tests/pg_server.py``).

    Skips, with the reason, where none can run (no server binaries, no driver).
    """
    from pg_server import start_server

    server = start_server()
    if isinstance(server, str):
        pytest.skip(server)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: Any) -> Iterator[str]:
    """URL of a fresh, empty database on the session's server, dropped afterwards.

    The database sorts text by English rules (ICU ``en-US``), as a typical
    production server does, so a query that forgot byte order would show.
    """
    import uuid

    import psycopg

    name = "cw_" + uuid.uuid4().hex[:12]
    with psycopg.connect(pg_server.url(), autocommit=True) as admin:
        try:
            admin.execute(
                f"CREATE DATABASE {name} TEMPLATE template0 ENCODING 'UTF8'"
                " LOCALE_PROVIDER icu ICU_LOCALE 'en-US' LOCALE 'C.UTF-8'"
            )
        except psycopg.Error:  # a server built without ICU: its default collation
            admin.execute(f"CREATE DATABASE {name}")
    try:
        yield pg_server.url(name)
    finally:
        with psycopg.connect(pg_server.url(), autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="session")
def pg_example_template(pg_server: Any, examples_dir: Path, annotator: object) -> str:
    """Name of a PostgreSQL database holding the example reports, ingested end to end once.

    Never connected to after it is built, so tests clone it cheaply with
    ``CREATE DATABASE ... TEMPLATE`` (:func:`pg_clone`) rather than re-run spaCy.
    """
    import psycopg

    from crosswire.annotate import Annotator
    from crosswire.pipeline import ingest
    from crosswire.store import open_store

    assert isinstance(annotator, Annotator)
    name = "cw_examples"
    with psycopg.connect(pg_server.url(), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {name}")
    with open_store(pg_server.url(name)) as store:
        result = ingest([examples_dir], store, annotator=annotator)
        assert result.problems == []
    return name


@pytest.fixture
def pg_clone(pg_server: Any) -> Iterator[Any]:
    """``clone(template)``: URL of a fresh copy of a database; every copy is dropped afterwards."""
    import uuid

    import psycopg

    made: list[str] = []

    def clone(template: str) -> str:
        name = "cw_" + uuid.uuid4().hex[:12]
        with psycopg.connect(pg_server.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
        made.append(name)
        return str(pg_server.url(name))

    yield clone
    with psycopg.connect(pg_server.url(), autocommit=True) as admin:
        for name in made:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def _datasets() -> Path | None:
    """The shared datasets folder (GVC and its long tail), or None where it is absent.

    ``$CROSSWIRE_DATASETS`` names it; else ``shared/datasets`` beside the
    checkout or one level further up (a git worktree sits one level deeper).
    """
    named = os.environ.get("CROSSWIRE_DATASETS")
    candidates = [Path(named)] if named else []
    candidates += [ROOT.parent / "shared" / "datasets", ROOT.parent.parent / "shared" / "datasets"]
    return next((c for c in candidates if (c / "gvc" / "docs.jsonl").is_file()), None)


SCALE_REPORTS = int(os.environ.get("CROSSWIRE_SCALE_REPORTS", "240"))
"""Reports in the scale store. 240 (GVC reports, earliest first) keeps the
session about 2 minutes longer on a 2-core box; ``CROSSWIRE_SCALE_REPORTS=500``
adds long-tail GVA reports to reach the 500 of issue 26 (about 5 minutes)."""


@pytest.fixture(scope="session")
def scale_store(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> Path:
    """Path of a SQLite store of ``SCALE_REPORTS`` real shooting reports (GVC, then GVA's
    long tail), ingested end to end once per session; skips where the data is absent.

    ``$CROSSWIRE_SCALE_STORE`` names a store already built that way instead."""
    import json

    from crosswire.annotate import Annotator
    from crosswire.pipeline import ingest
    from crosswire.store import Store

    prebuilt = os.environ.get("CROSSWIRE_SCALE_STORE")
    if prebuilt:  # a store built earlier from the same data, to iterate quickly
        return Path(prebuilt)
    data = _datasets()
    if data is None:
        pytest.skip("the GVC dataset is absent (set CROSSWIRE_DATASETS to its folder)")
    assert isinstance(annotator, Annotator)
    docs: list[dict[str, Any]] = []
    for name in ("gvc", "gva_longtail"):
        path = data / name / "docs.jsonl"
        if not path.is_file():
            continue
        part = [json.loads(line) for line in path.read_text("utf-8").splitlines() if line]
        docs += sorted(part, key=lambda d: (d.get("dct") or "", str(d.get("doc_id"))))
    folder = tmp_path_factory.mktemp("scale")
    feed = folder / "reports.jsonl"
    with feed.open("w", encoding="utf-8") as fh:
        for d in docs[:SCALE_REPORTS]:
            record = {
                "text": d.get("content") or d.get("text"),
                "title": d.get("title"),
                "published": d.get("dct"),
                "url": d.get("uri") or d.get("url"),
            }
            fh.write(json.dumps(record) + "\n")
    db = folder / "crosswire.db"
    with Store(db) as store:
        ingest([feed], store, annotator=annotator)
    return db
