"""The server under hostile clients: bad bodies get 422 or 413, every page security headers."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from crosswire.web import create_app


@pytest.fixture
def client(tmp_path: Path, annotator: Any) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "s.db", annotator=annotator)) as c:
        yield c


@pytest.mark.parametrize(
    ("body", "reason"),
    [
        ("[" * 100_000 + "]" * 100_000, "deep"),
        ('{"text": "Officials said ' + "9" * 5000 + ' died."}', "digit"),
        ('{"n": ' + "9" * 5000 + "}", "4,300 digits"),
        ('{"text": "Police said ' + "9" * 400 + ' people were killed in Kyiv."}', "400-digit"),
    ],
)
def test_a_hostile_body_is_a_422_with_the_reason(
    client: TestClient, body: str, reason: str
) -> None:
    response = client.post("/api/ingest", content=body.encode())
    assert response.status_code == 422 and reason in response.json()["error"]


def test_a_lone_surrogate_is_stored_as_a_replacement_character(client: TestClient) -> None:
    body = json.dumps({"text": "Officials in Lviv said \ud800 two shelters reopened."})
    response = client.post("/api/ingest", content=body.encode())
    assert response.status_code == 201


def test_a_declared_oversize_body_is_refused_before_it_is_read(client: TestClient) -> None:
    response = client.post(
        "/api/ingest", content=b"{}", headers={"content-length": str(200 * 1024 * 1024)}
    )
    assert response.status_code == 413


def test_a_streamed_oversize_body_is_cut_off_at_the_limit(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(25):
            yield b" " * (1024 * 1024)

    response = client.post("/api/ingest", content=chunks())
    assert response.status_code == 413


@pytest.mark.parametrize("path", ["/", "/report", "/api", "/api/articles", "/no-such-page"])
def test_every_response_forbids_sniffing_and_framing(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.headers["x-content-type-options"] == "nosniff"
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]


def test_a_client_that_leaves_mid_body_is_logged_in_one_line_without_a_traceback(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    import asyncio
    import logging

    app = create_app(tmp_path / "s.db")
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/api/ingest",
        "raw_path": b"/api/ingest",
        "query_string": b"",
        "headers": [(b"content-type", b"application/json")],
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 5000),
        "root_path": "",
    }
    messages = iter([{"type": "http.request", "body": b'{"te', "more_body": True}])
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return next(messages, {"type": "http.disconnect"})

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    with caplog.at_level(logging.INFO):
        asyncio.run(app(scope, receive, send))  # type: ignore[arg-type]
    assert sent[0]["status"] == 400
    lines = [r for r in caplog.records if "left before its body" in r.getMessage()]
    assert len(lines) == 1 and not any(r.exc_info for r in caplog.records)
    assert not any(r.levelno >= logging.ERROR for r in caplog.records)


class _Linger:
    """An extractor that takes a minute on reports holding its word, and finds nothing."""

    name = "linger"
    version = "1"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("linger",)

    def extract(self, inp: Any) -> list[dict[str, Any]]:
        if "LINGER" in inp.article.text:
            time.sleep(60)
        return []


def test_a_posted_report_past_the_time_limit_is_a_422_and_the_server_goes_on(
    tmp_path: Path, annotator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import crosswire.extract
    from crosswire import pipeline
    from crosswire.limits import Limits
    from crosswire.store import open_store

    real = crosswire.extract.load_extractors()
    monkeypatch.setattr(crosswire.extract, "load_extractors", lambda: [*real, _Linger()])
    monkeypatch.setattr(pipeline, "load_extractors", lambda: [*real, _Linger()])
    db = tmp_path / "s.db"
    app = create_app(db, annotator=annotator, limits=Limits(timeout=0.5))
    with TestClient(app) as client:  # requests run in a thread here too, as under uvicorn
        started = time.monotonic()
        slow = client.post("/api/ingest", json={"text": "Officials in Rivne said LINGER today."})
        assert time.monotonic() - started < 45  # the minute-long extractor was stopped
        assert slow.status_code == 422
        error = slow.json()["error"]
        assert "ran over the limit" in error and "\n" not in error
        assert client.get("/api").status_code == 200
        good = client.post(
            "/api/ingest", json={"text": "Officials in Lviv said two shelters reopened."}
        )
        assert good.status_code == 201
        (added,) = good.json()["added"]
    with open_store(db) as store:
        (problem,) = store.problems()
        assert "ran over the limit" in problem.error
        assert added in {a.article for a in store.annotations()}
        assert problem.article not in {a.article for a in store.annotations()}
