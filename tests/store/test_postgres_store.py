"""The PostgreSQL store against a real server: same output as SQLite, safe under concurrency.

Every test here uses ``pg_url``: a fresh database on the throwaway cluster
that ``tests/pg_server.py`` starts once per session (skipped, with the reason,
where no server can run). Nothing is mocked.
"""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest

psycopg = pytest.importorskip("psycopg", reason="psycopg not installed (make test installs it)")

from crosswire.errors import (  # noqa: E402
    SchemaVersionError,
    StoreAuthError,
    StoreError,
    StoreUnreachableError,
)
from crosswire.export import build_export, export_json, validate_export  # noqa: E402
from crosswire.models import Article  # noqa: E402
from crosswire.store import SCHEMA_VERSION, Store, open_store  # noqa: E402
from crosswire.store.migrations import MIGRATIONS  # noqa: E402
from crosswire.store.postgres import PostgresStore  # noqa: E402
from crosswire.store.postgres_schema import POSTGRES_MIGRATIONS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
_COUNTED = ("articles", "signatures", "annotations", "mentions", "roles", "entities",
            "extractions", "sections", "state", "meta")  # fmt: skip


def _counts(url: str) -> dict[str, int]:
    with psycopg.connect(url) as conn:
        return {t: conn.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in _COUNTED}  # type: ignore[index]


def _article(n: int) -> Article:
    text = f"Report number {n} says the convoy reached Mariupol."
    return Article(id=f"{n:016x}", source=f"r/{n}.txt", raw_text=text, text=text)


def test_a_url_opens_postgres_and_the_path_hides_the_password(pg_url: str) -> None:
    with open_store(pg_url) as store:
        assert isinstance(store, PostgresStore)
        assert "crosswire-test-secret" not in store.path and ":***@" in store.path
        assert store.schema_version == SCHEMA_VERSION
    with open_store(pg_url.replace("postgresql://", "postgres://", 1)) as store:
        assert isinstance(store, PostgresStore)


def test_both_backends_have_the_same_tables_and_columns(pg_url: str, tmp_path: Path) -> None:
    assert len(POSTGRES_MIGRATIONS) == len(MIGRATIONS) == SCHEMA_VERSION
    with Store(tmp_path / "x.db") as store:
        sqlite_cols: dict[str, dict[str, list[str]]] = {}
        for kind in ("table", "view"):
            names = [
                r[0]
                for r in store._conn.execute(
                    "SELECT name FROM sqlite_master WHERE type = ?", (kind,)
                )
            ]
            sqlite_cols[kind] = {
                t: sorted(r[1] for r in store._conn.execute(f"PRAGMA table_info({t})"))
                for t in names
            }
    with open_store(pg_url), psycopg.connect(pg_url) as conn:
        rows = conn.execute(
            "SELECT c.table_name, c.column_name, t.table_type FROM information_schema.columns c"
            " JOIN information_schema.tables t"
            " ON t.table_name = c.table_name AND t.table_schema = c.table_schema"
            " WHERE c.table_schema = 'public' AND c.table_name != 'crosswire_schema'"
        ).fetchall()
    pg_cols: dict[str, dict[str, list[str]]] = {"table": {}, "view": {}}
    for table, column, kind in rows:
        pg_cols["view" if kind == "VIEW" else "table"].setdefault(table, []).append(column)
    for kind in ("table", "view"):
        assert {t: sorted(c) for t, c in pg_cols[kind].items()} == sqlite_cols[kind], kind
    assert {"figures", "quotes", "events", "operations"} <= set(sqlite_cols["view"])


def test_wrong_password_is_an_auth_error_that_says_what_to_fix(pg_url: str) -> None:
    bad = pg_url.replace("crosswire-test-secret", "not-the-password")
    with pytest.raises(StoreAuthError, match="user name and password") as caught:
        open_store(bad)
    assert "not-the-password" not in str(caught.value)


def test_unreachable_server_is_a_clear_error(pg_server: Any) -> None:
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"postgresql://crosswire:secret@127.0.0.1:{port}/crosswire"
    with pytest.raises(StoreUnreachableError, match="server is running") as caught:
        open_store(url)
    assert f"127.0.0.1:{port}" in str(caught.value) and "secret" not in str(caught.value)


def test_missing_database_says_to_create_it(pg_server: Any) -> None:
    with pytest.raises(StoreError, match="createdb"):
        open_store(pg_server.url("no_such_database"))


def test_unreachable_server_from_the_cli_is_one_line_and_exit_2(tmp_path: Path) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    env = {**os.environ, "CROSSWIRE_DB": f"postgresql://u:pw@127.0.0.1:{port}/db"}
    done = subprocess.run([sys.executable, "-m", "crosswire", "articles"], capture_output=True,
                          text=True, env=env, timeout=120)  # fmt: skip
    assert done.returncode == 2
    assert "server is running" in done.stderr and "Traceback" not in done.stderr


def test_newer_schema_is_refused(pg_url: str) -> None:
    with open_store(pg_url):
        pass
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("UPDATE crosswire_schema SET version = %s", (SCHEMA_VERSION + 3,))
    with pytest.raises(SchemaVersionError, match="upgrade crosswire"):
        open_store(pg_url)


def test_version_1_database_is_migrated_without_losing_data(pg_url: str) -> None:
    from crosswire.store.postgres_schema import VERSION_TABLE

    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(VERSION_TABLE)
        conn.execute(POSTGRES_MIGRATIONS[0])
        conn.execute("UPDATE crosswire_schema SET version = 1")
        conn.execute(
            "INSERT INTO articles (id, source, fmt, raw_text, text, seq, ingested_at)"
            " VALUES ('00000000000000aa', 'a.txt', 'text', 'raw', 'clean', 1, 'now')"
        )
    with open_store(pg_url) as store:
        assert store.schema_version == SCHEMA_VERSION
        got = store.get_article("00000000000000aa")
        assert got is not None and got.text == "clean"
        store.save_section("stories", "1", [{"id": "S1"}])
        assert store.section("stories") == ("1", [{"id": "S1"}])


def test_a_database_with_foreign_tables_is_refused(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE articles (x INTEGER)")
    with pytest.raises(StoreError, match="crosswire database"):
        open_store(pg_url)


def _add_all(url: str, order: list[int]) -> int:
    with open_store(url) as store:
        return sum(store.add_article(_article(n)) for n in order)


def test_two_processes_adding_the_same_articles_store_each_once(pg_url: str) -> None:
    numbers = list(range(60))
    with open_store(pg_url):  # migrate first, as a real deployment would
        pass
    with ProcessPoolExecutor(max_workers=2) as pool:
        added = list(pool.map(_add_all, [pg_url, pg_url], [numbers, numbers[::-1]]))
    assert sum(added) == len(numbers)
    with open_store(pg_url) as store:
        assert store.count_articles() == len(numbers)
    with psycopg.connect(pg_url) as conn:
        seqs = [r[0] for r in conn.execute("SELECT seq FROM articles ORDER BY seq")]
    assert seqs == list(range(1, len(numbers) + 1))


def test_two_processes_opening_a_fresh_database_migrate_it_once(pg_url: str) -> None:
    with ProcessPoolExecutor(max_workers=2) as pool:
        added = list(pool.map(_add_all, [pg_url, pg_url], [[1], [2]]))
    assert added == [1, 1]
    with open_store(pg_url) as store:
        assert store.schema_version == SCHEMA_VERSION and store.count_articles() == 2


@pytest.fixture(scope="module")
def sqlite_export(example_store: Path) -> str:
    with Store(example_store) as store:
        return export_json(build_export(store))


def test_example_ingest_exports_exactly_what_sqlite_exports(
    pg_url: str, examples_dir: Path, annotator: Any, sqlite_export: str
) -> None:
    from crosswire.pipeline import ingest

    with open_store(pg_url) as store:
        result = ingest([examples_dir], store, annotator=annotator)
        assert result.problems == [] and len(result.added) == 3
        doc = build_export(store)
    validate_export(doc)
    assert export_json(doc) == sqlite_export
    before = _counts(pg_url)
    with open_store(pg_url) as store:
        again = ingest([examples_dir], store, annotator=annotator)
        assert again.added == [] and len(again.unchanged) == 3
        assert export_json(build_export(store)) == sqlite_export
    assert _counts(pg_url) == before


_FORKED: dict[str, Any] = {}


def _ingest_examples(url: str, folder: str) -> int:
    """One ingesting process (forked, so it shares the already loaded spaCy pipeline)."""
    from crosswire.pipeline import ingest

    with open_store(url) as store:
        result = ingest([folder], store, annotator=_FORKED["annotator"])
    assert result.problems == []
    return len(result.added)


def test_two_concurrent_ingests_store_each_report_once(
    pg_url: str, examples_dir: Path, annotator: Any, sqlite_export: str
) -> None:
    import json
    import multiprocessing

    _FORKED["annotator"] = annotator
    fork = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=2, mp_context=fork) as pool:
        added = list(pool.map(_ingest_examples, [pg_url] * 2, [str(examples_dir)] * 2))
    assert sum(added) == 3  # each report stored by exactly one of the two
    with open_store(pg_url) as store:
        assert store.count_articles() == 3
        assert store.unannotated(annotator.model_name) == []
        doc = build_export(store)
    validate_export(doc)
    expected = json.loads(sqlite_export)
    # Per-report results do not depend on who stored what; the order of arrival may.
    for section in ("articles", "quotes", "figures", "events", "places"):
        assert sorted(i["id"] for i in doc[section]) == sorted(
            i["id"] for i in expected[section]
        ), section
    assert sorted(e["name"] for e in doc["entities"]) == sorted(
        e["name"] for e in expected["entities"]
    )


def test_the_cli_reads_a_postgres_store_from_crosswire_db(
    pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from crosswire.cli import main

    with open_store(pg_url) as store:
        store.add_article(_article(7))
    monkeypatch.setenv("CROSSWIRE_DB", pg_url)
    with pytest.raises(SystemExit) as done:
        main(["articles"])
    assert done.value.code in (0, None)
    assert f"{7:016x}" in capsys.readouterr().out


def test_a_dropped_connection_is_a_clear_error_not_a_traceback(pg_url: str) -> None:
    with open_store(pg_url) as store:
        store.add_article(_article(1))
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid != pg_backend_pid()"
            )
        with pytest.raises(StoreUnreachableError, match="server is running"):
            store.count_articles()
        with pytest.raises(StoreUnreachableError):
            store.add_article(_article(2))


def test_a_user_who_may_not_create_tables_is_told_how_to_fix_it(pg_url: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute("DROP ROLE IF EXISTS cw_reader")
        admin.execute("CREATE ROLE cw_reader LOGIN PASSWORD 'reader-pw'")
        admin.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")
    reader = pg_url.replace("crosswire:crosswire-test-secret@", "cw_reader:reader-pw@")
    try:
        with pytest.raises(StoreError, match="GRANT CREATE ON SCHEMA public"):
            open_store(reader)
    finally:
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("DROP OWNED BY cw_reader")
            admin.execute("DROP ROLE cw_reader")
