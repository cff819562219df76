"""The web app on either store: a SQLite file and a real PostgreSQL database, same answers.

Every test runs once per backend (``backend`` is ``sqlite`` or ``postgres``).
The PostgreSQL runs use the throwaway server of ``tests/pg_server.py`` and are
skipped, saying why, where none can run. Also here: the store-state token and
the one-read snapshot the web app's cache relies on, checked on both backends.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (crosswire[web]) is not installed")

with warnings.catch_warnings():  # Starlette 1.x nudges from httpx to httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from crosswire.errors import StoreError
from crosswire.export import build_export
from crosswire.models import Article
from crosswire.pipeline import refresh_links
from crosswire.store import open_store
from crosswire.web import create_app

BACKENDS = ["sqlite", "postgres"]

NEW_REPORT = (
    "Forty buses left Mariupol for Zaporizhzhia on Tuesday, the ICRC said. "
    "Local officials said 12 civilians were killed in shelling overnight."
)


@pytest.fixture(params=BACKENDS)
def fresh_target(
    request: pytest.FixtureRequest, example_store: Path, tmp_path: Path
) -> Callable[[], str]:
    """``make()``: a new private copy of the example store on this test's backend."""
    if request.param == "sqlite":
        counter = iter(range(100))

        def copy_file() -> str:
            dest = tmp_path / f"copy{next(counter)}.db"
            shutil.copy(example_store, dest)
            return str(dest)

        return copy_file
    template = request.getfixturevalue("pg_example_template")
    clone = request.getfixturevalue("pg_clone")
    return lambda: str(clone(template))


@pytest.fixture
def target(fresh_target: Callable[[], str]) -> str:
    """A private copy of the example store: a SQLite path or a ``postgresql://`` URL."""
    return fresh_target()


@pytest.fixture
def client(target: str) -> Iterator[TestClient]:
    with TestClient(create_app(target)) as c:
        yield c


def _cli_export(target: str) -> dict[str, Any]:
    with open_store(target) as store:
        refresh_links(store)
        doc: dict[str, Any] = json.loads(json.dumps(build_export(store)))
    return doc


def test_api_serves_what_the_cli_exports(client: TestClient, target: str) -> None:
    export = _cli_export(target)
    assert client.get("/api/export").json() == export
    listed = client.get("/api/articles").json()
    assert listed["count"] == len(export["articles"]) == 3
    aid = listed["articles"][0]["id"]
    with open_store(target) as store:
        stored = store.get_article(aid)
    assert stored is not None and client.get(f"/api/articles/{aid}").json()["text"] == stored.text
    story = export["stories"][0]
    one = client.get(f"/api/stories/{story['id']}").json()
    assert one["id"] == story["id"] and one["incidents"]
    page = client.get(f"/stories/{story['id']}")
    assert page.status_code == 200 and f'href="/articles/{story["articles"][0]}' in page.text


def test_filters_and_errors(client: TestClient, target: str) -> None:
    export = _cli_export(target)
    killed = client.get("/api/figures?measure=killed").json()["figures"]
    assert killed and len(killed) == sum(1 for f in export["figures"] if f["measure"] == "killed")
    story = export["stories"][0]
    by_story = client.get(f"/api/figures?story={story['id']}").json()["figures"]
    assert by_story and {f["article"] for f in by_story} <= set(story["articles"])
    r = client.get("/api/figures?measure=bogus")
    assert r.status_code == 400 and "measure" in r.json()["error"]
    r = client.get("/api/articles/nope")
    assert r.status_code == 404 and "'nope'" in r.json()["error"]
    assert client.get("/articles/nope").status_code == 404


def test_posting_a_report_twice_stores_it_once(target: str, annotator: object) -> None:
    doc = {"text": NEW_REPORT, "title": "Convoy leaves Mariupol", "published": "2022-04-05"}
    with TestClient(create_app(target, annotator=annotator)) as c:  # type: ignore[arg-type]
        first = c.post("/api/ingest", json=doc)
        assert first.status_code == 201, first.text
        added = first.json()["added"]
        assert len(added) == 1 and first.json()["articles"] == 4
        assert c.get("/api/articles").json()["count"] == 4
        after_first = c.get("/api/export").json()
        again = c.post("/api/ingest", json=[doc])
        assert again.status_code == 200
        assert again.json()["added"] == [] and again.json()["unchanged"] == added
        assert c.get("/api/export").json() == after_first
    with open_store(target) as store:
        assert store.count_articles() == 4 and store.has_article(added[0])


def test_an_ingest_from_another_process_shows_on_the_next_request(
    client: TestClient, target: str, tmp_path: Path
) -> None:
    before = client.get("/api/articles").json()
    assert before["count"] == 3
    report = tmp_path / "convoy.txt"
    report.write_text(NEW_REPORT + "\n", encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    done = subprocess.run(
        [sys.executable, "-m", "crosswire", "--db", target, "ingest", str(report)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    after = client.get("/api/articles").json()
    assert after["count"] == 4
    new = {a["id"] for a in after["articles"]} - {a["id"] for a in before["articles"]}
    assert len(new) == 1
    assert client.get(f"/api/articles/{new.pop()}").json()["text"].startswith("Forty buses")
    assert client.get("/api/export").json() == _cli_export(target)


def _article(n: int) -> Article:
    return Article(id=f"{n:016x}", source="test", raw_text=f"Report {n}.", text=f"Report {n}.")


def test_every_committed_write_changes_the_token_and_nothing_else_does(target: str) -> None:
    with open_store(target) as store:
        t0 = store.state_token()
        assert store.state_token() == t0  # reading changes nothing
        assert store.add_article(_article(1))
        t1 = store.state_token()
        assert t1 != t0
        assert not store.add_article(_article(1))  # already stored: no write, same token
        assert store.state_token() == t1
        store.save_section("stories", "x", [{"id": "S1"}])
        t2 = store.state_token()
        assert t2 not in (t0, t1)
        with pytest.raises(RuntimeError), store.transaction():
            store.add_article(_article(2))
            raise RuntimeError("abandon the write")
        assert store.state_token() == t2 and not store.has_article(_article(2).id)
    with open_store(target) as other:  # another connection sees the committed token
        assert other.state_token() == t2


def test_a_read_snapshot_never_sees_a_write_committed_during_it(target: str) -> None:
    errors: list[BaseException] = []

    def write() -> None:
        try:
            with open_store(target) as writer, writer.transaction():
                writer.add_article(_article(7))
                writer.save_section("stories", "y", [{"id": "S7"}])
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    with open_store(target) as reader:
        with reader.read_snapshot():
            token, count = reader.state_token(), reader.count_articles()
            thread = threading.Thread(target=write)
            thread.start()
            # PostgreSQL commits at once; SQLite's commit waits for this read to end.
            thread.join(timeout=2)
            assert reader.count_articles() == count
            assert reader.section("stories") != ("y", [{"id": "S7"}])
            assert reader.state_token() == token
            with pytest.raises(StoreError, match="read snapshot"):
                reader.set_meta("k", "v")
        thread.join(timeout=30)
        assert not thread.is_alive() and errors == []
        assert reader.count_articles() == count + 1
        assert reader.section("stories") == ("y", [{"id": "S7"}])
        assert reader.state_token() != token


def test_a_rebuilt_snapshot_follows_the_token_of_its_read(target: str) -> None:
    from crosswire.web.snapshot import SnapshotCache

    cache = SnapshotCache(target)
    try:
        first = cache.get()
        assert cache.get() is first
        with open_store(target) as store:
            assert first.state == store.state_token()
            store.set_meta("touched", "yes")
            token = store.state_token()
        second = cache.get()
        assert second is not first and second.state == token
        assert cache.get() is second
    finally:
        cache.close()


def test_no_password_in_the_serve_banner_or_in_errors(
    pg_server: Any, pg_url: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from crosswire.cli import main
    from pg_server import PASSWORD

    uvicorn = pytest.importorskip("uvicorn")
    served: list[object] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: served.append(app))
    with pytest.raises(SystemExit) as exit_:
        main(["--db", pg_url, "serve", "--port", "0"])
    assert exit_.value.code == 0 and len(served) == 1
    err = capsys.readouterr().err
    assert ":***@" in err and PASSWORD not in err and "does not exist" not in err

    wrong = pg_server.url(pg_url.rsplit("/", 1)[1], password="not-the-" + PASSWORD)
    with TestClient(create_app(wrong)) as c:
        for path in ("/api/articles", "/"):
            r = c.get(path)
            assert r.status_code == 503, (path, r.text)
            assert "password" in r.text and "not-the-" not in r.text and ":***@" in r.text


def test_a_write_landing_mid_build_is_not_served_as_the_state_before_it(
    target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import crosswire.export
    from crosswire.web.snapshot import SnapshotCache

    real = crosswire.export.build_export
    calls: list[int] = []

    def build_then_write(store: Any) -> dict[str, Any]:
        doc = real(store)
        calls.append(len(doc["articles"]))
        if len(calls) == 1:  # another process commits after the export was read
            with open_store(target) as other:
                other.add_article(_article(9))
        return doc

    monkeypatch.setattr(crosswire.export, "build_export", build_then_write)
    cache = SnapshotCache(target)
    try:
        snap = cache.get()
    finally:
        cache.close()
    assert calls == [3, 4]  # read again, inside one read snapshot
    with open_store(target) as store:
        assert snap.state == store.state_token()
    assert _article(9).id in {a["id"] for a in snap.doc["articles"]}


def test_a_dropped_postgresql_connection_is_replaced(
    pg_example_template: str, pg_clone: Callable[[str], str]
) -> None:
    import psycopg

    url = pg_clone(pg_example_template)
    with TestClient(create_app(url)) as c:
        assert c.get("/api/articles").json()["count"] == 3
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid != pg_backend_pid()"
            )
            with open_store(url) as store:
                store.add_article(_article(5))
        r = c.get("/api/articles")
        assert r.status_code == 200, r.text
        assert r.json()["count"] == 4
