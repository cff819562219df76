"""Per-story outputs at scale: every story of a few hundred real reports gets its report,
pages and API answers, and a server error is logged with the request that caused it.

The store (``scale_store`` in conftest) holds real GVC shooting reports, where
many stories name the same city or county: a place, operation or
reconciliation of one story then also cites reports of another, which is
what used to make ``report --story`` fail ("cites article ..., not in the
export") and the story pages answer 500.
"""

from __future__ import annotations

import logging
import warnings
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export
from crosswire.link.stories import export_for_story
from crosswire.pipeline import REPORT_FORMATS, refresh_links, render_report
from crosswire.store import Store


@pytest.fixture(scope="module")
def scale_doc(scale_store: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    with Store(scale_store) as store:
        refresh_links(store)
        doc = build_export(store)
        sentences = {a.article: a.sentences for a in store.annotations()}
    return doc, sentences


def _spans(value: Any) -> Iterator[Mapping[str, Any]]:
    if isinstance(value, Mapping):
        if isinstance(value.get("article"), str):
            yield value
        for v in value.values():
            yield from _spans(v)
    elif isinstance(value, list):
        for v in value:
            yield from _spans(v)


def test_scale_store_has_stories_sharing_places(scale_doc: tuple[dict[str, Any], Any]) -> None:
    doc, _ = scale_doc
    assert len(doc["articles"]) >= 200 and len(doc["stories"]) >= 20
    story_of = {a: s["id"] for s in doc["stories"] for a in s["articles"]}
    shared = [
        p
        for p in doc["places"]
        if len({story_of.get(m["article"]) for m in p.get("mentions") or []}) > 1
    ]
    assert shared, "no place spans two stories: the store no longer exercises the cut"


def test_story_export_cites_only_the_story_reports(scale_doc: tuple[dict[str, Any], Any]) -> None:
    doc, _ = scale_doc
    all_ids = {a["id"] for a in doc["articles"]}
    for story in doc["stories"]:
        cut = export_for_story(doc, story["id"])
        kept = {a["id"] for a in cut["articles"]}
        assert kept == set(story["articles"])
        for key in ("entities", "places", "quotes", "figures", "events", "operations"):
            outside = {s["article"] for s in _spans(cut[key])} - kept
            assert not outside & all_ids, (story["id"], key, sorted(outside)[:3])


def test_every_story_report_renders_in_every_format(
    scale_doc: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    doc, sentences = scale_doc
    failed = []
    for story in doc["stories"]:
        for fmt in REPORT_FORMATS:
            try:
                text = render_report(doc, fmt, sentences=sentences, story=story["id"])
            except Exception as exc:  # every failure is collected and shown
                failed.append(f"{story['id']} {fmt}: {type(exc).__name__}: {exc}")
            else:
                assert text.strip()
    assert not failed, failed[:5]


def test_every_story_page_and_api_answer_200(scale_store: Path) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from crosswire.web import create_app

    with TestClient(create_app(scale_store, read_only=True)) as client:
        stories = client.get("/api/stories").json()["stories"]
        failed = []
        for story in stories:
            sid = story["id"]
            for url in (
                f"/stories/{sid}",
                f"/timeline?story={sid}",
                f"/map?story={sid}",
                f"/api/report?story={sid}",
                f"/api/places?story={sid}",
            ):
                answer = client.get(url)
                if answer.status_code != 200:
                    failed.append(f"{url}: {answer.status_code} {answer.text[:120]}")
    assert not failed, failed[:5]


def test_server_error_is_logged_with_method_path_and_query(
    example_store: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    pytest.importorskip("starlette", reason="the web extra is not installed")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    import crosswire.web.snapshot as snapshot
    from crosswire.web import create_app

    def broken(self: object, story: str | None = None) -> object:
        raise RuntimeError("the view broke")

    monkeypatch.setattr(snapshot.Snapshot, "view", broken)
    with (
        TestClient(create_app(example_store, read_only=True)) as client,
        caplog.at_level(logging.ERROR, logger="crosswire.web"),
    ):
        answer = client.get("/timeline?story=nope-or-not")
    # An unknown story is the caller's mistake (404), not logged as a crash.
    assert answer.status_code == 404
    with TestClient(
        create_app(example_store, read_only=True), raise_server_exceptions=False
    ) as client:
        sid = client.get("/api/stories").json()["stories"][0]["id"]
        with caplog.at_level(logging.ERROR, logger="crosswire.web"):
            answer = client.get(f"/timeline?story={sid}")
    assert answer.status_code == 500 and "the view broke" not in answer.text
    logged = [r for r in caplog.records if r.name == "crosswire.web" and r.levelno == logging.ERROR]
    assert any(
        f"GET /timeline?story={sid}" in r.getMessage() and r.exc_info is not None for r in logged
    ), [r.getMessage() for r in logged]


def test_whole_report_leads_with_a_story_index_and_caps_key_points(
    scale_doc: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    from crosswire.report import build_view
    from crosswire.report.build import CORPUS_KEY_POINTS, CORPUS_POINTS_PER_STORY

    doc, sentences = scale_doc
    view = build_view(doc, sentences=sentences)
    assert [s.id for s in view.story_index] == [s["id"] for s in doc["stories"]]
    assert len(view.key_points) <= CORPUS_KEY_POINTS
    per_story: dict[str | None, int] = {}
    for point in view.key_points:
        per_story[point.story] = per_story.get(point.story, 0) + 1
    assert max(per_story.values()) <= CORPUS_POINTS_PER_STORY
    assert view.key_points_omitted == sum(s.key_points for s in view.story_index) - len(
        view.key_points
    )
    md = render_report(doc, "md", sentences=sentences)
    assert md.index("Stories at a glance") < md.index("Key points") < md.index("## Sources")
    one = build_view(export_for_story(doc, doc["stories"][0]["id"]), sentences=sentences)
    assert one.story_index == () and one.key_points_omitted == 0
