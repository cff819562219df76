"""The server under hostile clients: bad bodies get 422 or 413, every page security headers."""

from __future__ import annotations

import json
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
