"""The store contract on both backends: migrations, idempotent writes, atomic transactions.

Tests taking ``target`` run twice, against a SQLite file and against a fresh
database on a real PostgreSQL server (``pg_url``); the SQLite-only ones check
file handling. PostgreSQL-only behaviour is in ``test_postgres_store.py``.
"""

from __future__ import annotations

import sqlite3
from datetime import date
from pathlib import Path

import pytest

from crosswire.errors import SchemaVersionError, StoreError
from crosswire.models import Annotation, Article, Entity, Mention, Removal, RoleMention
from crosswire.store import SCHEMA_VERSION, Store, default_db_path, open_store


@pytest.fixture(params=["sqlite", "postgres"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a fresh store lives: a SQLite file path or a PostgreSQL URL."""
    if request.param == "sqlite":
        return str(tmp_path / "x.db")
    return str(request.getfixturevalue("pg_url"))


def _article(aid: str = "0123456789abcdef", text: str = "Mariupol is besieged.") -> Article:
    return Article(
        id=aid,
        source="reports/a.txt",
        raw_text="LVIV • " + text,
        text=text,
        published=date(2022, 4, 1),
        dateline="LVIV",
        wire=("Reuters", "Agence France-Presse"),
        removed=(Removal("dateline", "LVIV •"),),
    )


def test_new_store_is_migrated_to_current_version(target: str) -> None:
    with open_store(target) as store:
        assert store.schema_version == SCHEMA_VERSION
    # Reopening does not re-run migrations (they would fail on existing tables).
    with open_store(target) as store:
        assert store.schema_version == SCHEMA_VERSION


def test_article_round_trips_every_field(target: str) -> None:
    with open_store(target) as store:
        assert store.add_article(_article())
        got = store.get_article("0123456789abcdef")
    assert got == _article()


def test_adding_the_same_article_twice_changes_nothing(target: str) -> None:
    with open_store(target) as store:
        assert store.add_article(_article())
        changed = _article()
        changed.outlet = "Someone else"
        assert not store.add_article(changed)
        assert store.count_articles() == 1
        stored = store.get_article(changed.id)
        assert stored is not None and stored.outlet is None


def test_failed_transaction_leaves_store_as_it_was(target: str) -> None:
    with open_store(target) as store:
        with pytest.raises(RuntimeError), store.transaction():
            store.add_article(_article("aaaaaaaaaaaaaaaa"))
            raise RuntimeError("boom")
        assert store.count_articles() == 0


def test_newer_schema_is_refused_with_an_actionable_message(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    conn.close()
    with pytest.raises(SchemaVersionError, match="upgrade crosswire"):
        Store(path)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("this is not sqlite " * 100)
    with pytest.raises(StoreError, match=r"notes\.db"):
        Store(path)


def test_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="does not exist"):
        Store(tmp_path / "nope" / "x.db")


def test_annotations_and_entities_round_trip(target: str) -> None:
    with open_store(target) as store:
        art = _article()
        store.add_article(art)
        ann = Annotation(
            article=art.id,
            mentions=[Mention(art.id, 0, 8, "Mariupol", "GPE")],
            roles=[RoleMention(art.id, 0, 3, "Mar", 0, 8)],
            sentences=[(0, len(art.text))],
        )
        store.save_annotation(ann, "model-1")
        assert store.unannotated("model-1") == []
        assert [a.id for a in store.unannotated("model-2")] == [art.id]
        ent = Entity("E1", "Mariupol", "GPE", mentions=[Mention(art.id, 0, 8, "Mariupol", "GPE")])
        store.replace_entities([ent])
        (got,) = store.entities()
        assert got.name == "Mariupol" and got.mentions[0].entity == "E1"
        (stored_ann,) = store.annotations()
        assert stored_ann.mentions[0].entity == "E1"
        assert stored_ann.roles == ann.roles and stored_ann.sentences == ann.sentences


def test_default_db_path_honours_environment() -> None:
    assert default_db_path({}) == "crosswire.db"
    assert default_db_path({"CROSSWIRE_DB": "/tmp/x.db"}) == "/tmp/x.db"


def test_version_1_store_is_migrated_without_losing_data(tmp_path: Path) -> None:
    from crosswire.store.migrations import MIGRATIONS

    path = tmp_path / "v1.db"
    conn = sqlite3.connect(path)
    conn.executescript(MIGRATIONS[0] + "\nPRAGMA user_version = 1;")
    conn.execute(
        "INSERT INTO articles (id, source, fmt, raw_text, text, seq, ingested_at)"
        " VALUES ('00000000000000aa', 'a.txt', 'text', 'raw', 'clean', 1, 'now')"
    )
    conn.commit()
    conn.close()
    with Store(path) as store:
        assert store.schema_version == SCHEMA_VERSION >= 2
        got = store.get_article("00000000000000aa")
        assert got is not None and got.text == "clean"
        store.save_section("stories", "1", [{"id": "S1"}])
        assert store.section("stories") == ("1", [{"id": "S1"}])


def test_every_other_record_round_trips(target: str) -> None:
    with open_store(target) as store:
        first, copy = _article("aaaaaaaaaaaaaaaa"), _article("bbbbbbbbbbbbbbbb", "A copy.")
        store.add_article(first)
        store.add_article(copy)
        assert store.has_article(first.id) and not store.has_article("cccccccccccccccc")
        assert store.article_text(copy.id) == "A copy."
        with pytest.raises(KeyError):
            store.article_text("cccccccccccccccc")
        store.set_duplicate(copy.id, first.id)
        assert store.duplicate_links() == {first.id: None, copy.id: first.id}
        blob = bytes(range(256)) * 3  # every byte value, NUL included
        store.save_signature(first.id, 128, blob)
        store.save_signature(first.id, 128, blob[::-1])  # replaced, not added
        store.save_signature(copy.id, 64, b"\x00\x01")
        assert list(store.signatures(128)) == [(first.id, blob[::-1])]
        ann = Annotation(article=first.id, sentences=[(0, 5)])
        store.save_annotation(ann, "m", doc=blob)
        assert store.doc_bytes(first.id) == blob and store.doc_bytes(copy.id) is None
        items = [{"id": "q1", "text": "Ёлка «quoted»", "n": [1, 2.5, None], "z": {"b": 1, "a": 2}}]
        store.save_extraction(first.id, "quotes", "3", items)
        store.save_extraction(first.id, "quotes", "4", items)
        assert store.extraction_versions() == {first.id: {"quotes": "4"}}
        got = store.extractions("quotes")
        assert got == {first.id: items} and list(got[first.id][0]["z"]) == ["b", "a"]
        store.save_section("stories", "2", items)
        assert store.section("stories") == ("2", items) and store.section("nope") is None
        store.put_state("stories", "engine", {"k": [1, 2]})
        store.put_state("stories", "engine", {"k": [3]})
        assert store.get_state("stories", "engine") == {"k": [3]}
        assert store.get_state("stories", "other") is None
        store.set_meta("link", "v1")
        store.set_meta("link", "v2")
        assert store.get_meta("link") == "v2" and store.get_meta("nope") is None


def test_nested_transactions_join_the_outer_one(target: str) -> None:
    with open_store(target) as store:
        with pytest.raises(RuntimeError), store.transaction():
            store.add_article(_article("aaaaaaaaaaaaaaaa"))
            with store.transaction():
                store.set_meta("k", "v")
            raise RuntimeError("boom")
        assert store.count_articles() == 0 and store.get_meta("k") is None
        with store.transaction():
            store.add_article(_article("aaaaaaaaaaaaaaaa"))
            store.add_article(_article("bbbbbbbbbbbbbbbb"))
        assert [a.id for a in store.articles()] == ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb"]


def test_entities_are_ordered_by_byte_order_of_names(target: str) -> None:
    with open_store(target) as store:
        art = _article()
        store.add_article(art)
        names = ["apple", "Zebra", "Émile", "Ørsted", "zulu", "Aaron", "ängel"]
        mentions = [Mention(art.id, i, i + 1, n, "PERSON") for i, n in enumerate(names)]
        store.save_annotation(Annotation(art.id, mentions=mentions), "m")
        store.replace_entities(
            Entity(f"E{i}", n, "PERSON", mentions=[m])
            for i, (n, m) in enumerate(zip(names, mentions, strict=True))
        )
        assert [e.name for e in store.entities()] == sorted(names)


def test_text_with_nul_and_private_use_characters_round_trips(target: str) -> None:
    # A JSON record may carry "\u0000"; PostgreSQL text cannot hold it, so that store escapes it.
    art = _article("dddddddddddddddd", "Shelled \ue000 on Friday.")
    art.raw_text = "Shelled\x00 \ue000 on Friday.\ue0000"
    art.title = "Title\x00 with NUL"
    with open_store(target) as store:
        assert store.add_article(art)
        assert store.get_article(art.id) == art and store.articles() == [art]
        assert store.article_text(art.id) == art.text
        assert not store.add_article(art)


def test_a_url_without_the_driver_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from crosswire.errors import StoreBackendMissingError

    monkeypatch.setitem(sys.modules, "psycopg", None)  # what an install without the extra sees
    monkeypatch.delitem(sys.modules, "crosswire.store.postgres", raising=False)
    with pytest.raises(StoreBackendMissingError, match=r"crosswire\[postgres\]"):
        open_store("postgresql://u:pw@127.0.0.1:1/db")


def test_the_postgres_driver_is_imported_only_for_a_url(tmp_path: Path) -> None:
    import subprocess
    import sys

    code = (
        "import sys; from crosswire.cli import main; from crosswire.store import open_store; "
        f"open_store({str(tmp_path / 'x.db')!r}).close(); "
        "assert 'psycopg' not in sys.modules, 'psycopg imported eagerly'"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_db_help_names_both_backends() -> None:
    from click.testing import CliRunner

    from crosswire.cli import cli

    out = CliRunner().invoke(cli, ["--help"]).output
    assert "postgresql://" in out and "SQLite" in out
    out = CliRunner().invoke(cli, ["ingest", "--help"]).output
    assert "postgresql://" in out and "FILE|URL" in out
