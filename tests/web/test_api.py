"""The JSON API and dashboard pages through Starlette's TestClient, on the example store.

Everything the API returns is compared with what the library's public
functions (the CLI's) produce for the same store, so the API cannot drift
from ``crosswire export`` / ``crosswire report``.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import subprocess
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (crosswire[web]) is not installed")

with warnings.catch_warnings():  # Starlette 1.x nudges from httpx to httpx2; httpx still works
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from crosswire.export import build_export
from crosswire.pipeline import refresh_links, write_report
from crosswire.store import Store
from crosswire.web import create_app


@pytest.fixture(scope="module")
def client(example_store: Path) -> Iterator[TestClient]:
    with TestClient(create_app(example_store)) as c:
        yield c


@pytest.fixture(scope="module")
def export(example_store: Path) -> dict[str, Any]:
    with Store(example_store) as store:
        refresh_links(store)
        doc: dict[str, Any] = json.loads(json.dumps(build_export(store)))
    return doc


def test_index_lists_every_route(client: TestClient) -> None:
    index = client.get("/api").json()
    listed = {(e["method"], e["path"]) for e in index["endpoints"]}
    routes = {
        (m, r.path)
        for r in client.app.routes  # type: ignore[attr-defined]
        if r.path.startswith("/api/")
        for m in r.methods - {"HEAD"}
    }
    assert routes == listed


def test_export_is_what_the_cli_exports(client: TestClient, export: dict[str, Any]) -> None:
    assert client.get("/api/export").json() == export


def test_articles_list_and_one(
    client: TestClient, export: dict[str, Any], example_store: Path
) -> None:
    listed = client.get("/api/articles").json()
    assert listed["count"] == len(export["articles"]) == 3
    assert all("text" not in a for a in listed["articles"])
    aid = listed["articles"][0]["id"]
    one = client.get(f"/api/articles/{aid}").json()
    with Store(example_store) as store:
        stored = store.get_article(aid)
    assert stored is not None and one["text"] == stored.text
    assert one["stories"] == [s["id"] for s in export["stories"] if aid in s["articles"]]


def test_unknown_ids_are_404_json(client: TestClient) -> None:
    for path in ("/api/articles/nope", "/api/stories/nope", "/api/entities/nope"):
        r = client.get(path)
        assert r.status_code == 404, path
        body = r.json()
        assert body["status"] == 404 and "'nope'" in body["error"]
    r = client.get("/api/no-such-endpoint")
    assert r.status_code == 404 and r.json()["status"] == 404


def test_bad_filters_are_400_naming_the_parameter(client: TestClient) -> None:
    cases = {
        "/api/figures?measure=bogus": "measure",
        "/api/figures?colour=red": "colour",
        "/api/reconciliations?status=maybe": "status",
        "/api/quotes?speaker=E000": "speaker",
        "/api/figures?story=story-nope": "story",
        "/api/report?format=pdf": "format",
        "/api/entities?type=ANIMAL": "type",
        "/api/figures?measure=": "measure",
    }
    for url, name in cases.items():
        r = client.get(url)
        assert r.status_code == 400, url
        assert name in r.json()["error"], (url, r.json())


def test_figure_filters(client: TestClient, export: dict[str, Any]) -> None:
    killed = client.get("/api/figures?measure=killed").json()["figures"]
    assert killed and len(killed) == sum(1 for f in export["figures"] if f["measure"] == "killed")
    in_place = client.get("/api/figures?place=mariupol").json()["figures"]
    assert in_place and all(f["place"] == "Mariupol" for f in in_place)
    story = export["stories"][0]
    by_story = client.get(f"/api/figures?story={story['id']}").json()["figures"]
    assert {f["article"] for f in by_story} <= set(story["articles"])
    one_article = story["articles"][0]
    by_article = client.get(f"/api/figures?article={one_article}").json()["figures"]
    assert by_article and {f["article"] for f in by_article} == {one_article}


def test_reconciliations_by_status(client: TestClient, export: dict[str, Any]) -> None:
    for status in {g["status"] for g in export["reconciliations"]}:
        got = client.get(f"/api/reconciliations?status={status}").json()["reconciliations"]
        assert got == [g for g in export["reconciliations"] if g["status"] == status]


def test_quotes_by_speaker(client: TestClient, export: dict[str, Any]) -> None:
    speakers = [q["speaker_entity"] for q in export["quotes"] if q.get("speaker_entity")]
    top = max(set(speakers), key=speakers.count)
    got = client.get(f"/api/quotes?speaker={top}").json()
    assert got["count"] == speakers.count(top) >= 2
    assert all(q["speaker_entity"] == top for q in got["quotes"])


def test_events_are_a_timeline(client: TestClient, export: dict[str, Any]) -> None:
    events = client.get("/api/events").json()["events"]
    assert len(events) == len(export["events"])
    days = [(e.get("date") or {}).get("value") or "~" for e in events]
    assert days == sorted(days)


def test_stories_and_incidents(client: TestClient, export: dict[str, Any]) -> None:
    listed = client.get("/api/stories").json()["stories"]
    assert [s["id"] for s in listed] == [s["id"] for s in export["stories"]]
    story = client.get(f"/api/stories/{listed[0]['id']}").json()
    assert story["incidents"] and all("day" in inc for inc in story["incidents"])


def test_places_geojson(client: TestClient) -> None:
    geo = client.get("/api/places").json()
    assert geo["type"] == "FeatureCollection"
    points = [f for f in geo["features"] if f["geometry"]["type"] == "Point"]
    assert points and all(len(f["geometry"]["coordinates"]) == 2 for f in points)


def test_report_is_the_cli_report(client: TestClient, example_store: Path) -> None:
    story = client.get("/api/stories").json()["stories"][0]["id"]
    with Store(example_store) as store:
        md = write_report(store, "md", None)
        story_html = write_report(store, "html", None, story=story)
    r = client.get("/api/report?format=md")
    assert r.headers["content-type"].startswith("text/markdown") and r.text == md
    r = client.get(f"/api/report?format=html&story={story}")
    assert r.headers["content-type"].startswith("text/html") and r.text == story_html


def test_pages_link_every_statement_to_a_real_span(
    client: TestClient, export: dict[str, Any]
) -> None:
    texts = {a["id"]: a["text"] for a in export["articles"]}
    story = export["stories"][0]
    checked = 0
    for page in ("/", "/report", f"/stories/{story['id']}", "/quotes", "/timeline", "/map"):
        r = client.get(page)
        assert r.status_code == 200, page
        links = re.findall(r'href="/articles/([0-9a-f]+)#span-(\d+)-(\d+)"', r.text)
        assert links, f"{page} links no statement to its span"
        for aid, start, end in links:
            assert aid in texts and 0 <= int(start) < int(end) <= len(texts[aid]), page
        checked += len(links)
    assert checked > 200
    overview = client.get("/").text
    assert story["label"].split(" — ")[0] in overview and f"/stories/{story['id']}" in overview


def test_article_page_cuts_text_at_every_span(client: TestClient, export: dict[str, Any]) -> None:
    art = export["articles"][0]
    r = client.get(f"/articles/{art['id']}")
    assert r.status_code == 200
    body = r.text
    quote = next(q for q in export["quotes"] if q["article"] == art["id"])
    anchor = f'id="span-{quote["start"]}-{quote["end"]}"'
    assert anchor in body
    # The text, put back together from its runs, is the article's cleaned text.
    runs = re.findall(r'<span data-o="(\d+)"[^>]*>([^<]*)</span>', body)
    assert "".join(html.unescape(t) for _, t in runs) == art["text"]
    assert client.get("/articles/nope").status_code == 404


def test_pages_load_nothing_from_elsewhere(client: TestClient) -> None:
    for page in ("/", "/articles", "/quotes", "/timeline", "/map"):
        r = client.get(page)
        assert "default-src 'none'" in r.headers["content-security-policy"]
        assert not re.search(r'(src|href)="(https?:)?//', r.text), page
        for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', r.text):
            assert client.get(asset).status_code == 200, asset


@pytest.fixture()
def store_copy(example_store: Path, tmp_path: Path) -> Path:
    dest = tmp_path / "copy.db"
    shutil.copy(example_store, dest)
    return dest


def test_ingest_rejects_bad_documents_and_keeps_the_store(
    store_copy: Path, annotator: object
) -> None:
    with TestClient(create_app(store_copy, annotator=annotator)) as c:  # type: ignore[arg-type]
        before = c.get("/api/export").json()
        bad = {
            b"{not json": "JSON",
            b"[]": "empty",
            b'{"title": "no text"}': "'text'",
            b'{"text": 5}': "'text'",
            b'{"text": "Shelling hit the port.", "author": "x"}': "'author'",
            b'{"text": "Shelling hit the port.", "published": "someday"}': "published",
            b'{"text": "   "}': "text",
            b'[{"text": "A convoy left Mariupol on Monday."}, 7]': "document 2",
        }
        for body, needle in bad.items():
            r = c.post("/api/ingest", content=body)
            assert r.status_code == 422, body
            assert needle in r.json()["error"], (body, r.json())
        assert c.get("/api/export").json() == before


def test_ingest_adds_once_and_refreshes_the_api(store_copy: Path, annotator: object) -> None:
    doc = {
        "text": "Forty buses left Mariupol for Zaporizhzhia on Tuesday, the ICRC said. "
        "Local officials said 12 civilians were killed in shelling overnight.",
        "title": "Convoy leaves Mariupol",
        "published": "2022-04-05",
        "outlet": "Test Wire",
    }
    with TestClient(create_app(store_copy, annotator=annotator)) as c:  # type: ignore[arg-type]
        assert c.get("/api/articles").json()["count"] == 3
        first = c.post("/api/ingest", json=doc)
        assert first.status_code == 201, first.text
        added = first.json()["added"]
        assert len(added) == 1 and first.json()["articles"] == 4
        listed = c.get("/api/articles").json()
        assert listed["count"] == 4
        one = c.get(f"/api/articles/{added[0]}").json()
        assert one["outlet"] == "Test Wire" and one["published"] == "2022-04-05"
        after_first = c.get("/api/export").json()
        again = c.post("/api/ingest", json=[doc])
        assert again.status_code == 200
        assert again.json()["added"] == [] and again.json()["unchanged"] == added
        assert c.get("/api/export").json() == after_first


def test_snapshot_is_reused_until_the_store_changes(example_store: Path, tmp_path: Path) -> None:
    from crosswire.web.snapshot import SnapshotCache

    db = tmp_path / "s.db"
    shutil.copy(example_store, db)
    cache = SnapshotCache(db)
    first = cache.get()
    assert cache.get() is first
    with Store(db) as store:
        store.set_meta("touched", "yes")
    assert cache.get() is not first


def test_crosswire_import_does_not_load_the_web_stack() -> None:
    code = (
        "import sys, crosswire, crosswire.cli, crosswire.pipeline, crosswire.export\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('starlette', 'uvicorn')"
        " or m.startswith('crosswire.web')]\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_serve_names_the_missing_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import importlib.util

    from crosswire.cli import main

    real = importlib.util.find_spec

    def fake(name: str, *args: Any, **kwargs: Any) -> Any:
        return None if name == "uvicorn" else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", fake)
    with pytest.raises(SystemExit) as exit_:
        main(["--db", str(tmp_path / "x.db"), "serve"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "uvicorn is not installed" in err and "crosswire[web]" in err


def test_timeline_and_map_for_one_story(client: TestClient, export: dict[str, Any]) -> None:
    story = export["stories"][0]
    for page in ("/timeline", "/map"):
        r = client.get(f"{page}?story={story['id']}")
        assert r.status_code == 200 and story["label"] in html.unescape(r.text), page
        cited = set(re.findall(r'href="/articles/([0-9a-f]+)#span-', r.text))
        assert cited and cited <= set(story["articles"]), page
        assert client.get(f"{page}?story=story-nope").status_code == 404
        assert client.get(f"{page}?colour=red").status_code == 400


def test_read_only_server_refuses_ingest(store_copy: Path) -> None:
    with TestClient(create_app(store_copy, read_only=True)) as c:
        r = c.post("/api/ingest", json={"text": "A convoy left Mariupol on Monday."})
        assert r.status_code == 403 and "read-only" in r.json()["error"]
        assert c.get("/api/articles").json()["count"] == 3
