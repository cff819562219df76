"""URLs, offline: a tiny HTTP server on 127.0.0.1 and a closed loopback port."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from crosswire.errors import DocumentTooLargeError, EmptyDocumentError, NetworkUnavailableError
from crosswire.ingest import discover, read_paths, read_source
from crosswire.models import IngestProblem, SourceDocument

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ingest"

ROUTES: dict[str, tuple[str, bytes]] = {
    "/article": ("text/html; charset=utf-8", (FIXTURES / "article.html").read_bytes()),
    "/plain": ("text/html", b"<html><body><p>A page without a canonical link.</p></body></html>"),
    "/feed": ("application/rss+xml", (FIXTURES / "feed.rss").read_bytes()),
    "/atom": ("text/xml", (FIXTURES / "feed.atom").read_bytes()),
    "/notes": ("text/plain; charset=utf-8", b"Convoy update: 45 buses.\n"),
    "/empty": ("text/html", b""),
    "/big": ("text/html", b"<p>" + b"x" * 5000 + b"</p>"),
}


class _Handler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        route = ROUTES.get(self.path)
        if route is None:
            self.send_error(404, "Not Found")
            return
        content_type, body = route
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        """Keep test output quiet."""


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def closed_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def test_fetch_html_page(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A proxy from the environment must not be used for loopback addresses.
    monkeypatch.setenv("http_proxy", "http://127.0.0.1:9")
    monkeypatch.delenv("no_proxy", raising=False)
    monkeypatch.delenv("NO_PROXY", raising=False)
    [doc] = read_source(f"{server}/article")
    assert doc.fmt == "url"
    assert doc.source == f"{server}/article"
    assert doc.url == doc.source_key == "https://news.example.org/world/red-cross-convoy-mariupol"
    assert doc.outlet == "Example Wire"
    assert doc.published == date(2022, 4, 1)
    assert "safe passage for the convoy was not guaranteed" in doc.raw_text


def test_page_without_canonical_keeps_the_fetched_url(server: str) -> None:
    [doc] = read_source(f"{server}/plain")
    assert doc.url == doc.source_key == f"{server}/plain"
    assert doc.raw_text == "A page without a canonical link."


def test_fetch_feed_and_text(server: str) -> None:
    seen: list[IngestProblem] = []
    docs = read_source(f"{server}/feed", on_problem=seen.append)
    assert [doc.source for doc in docs] == [f"{server}/feed#1", f"{server}/feed#2"]
    assert docs[0].fmt == "feed"
    assert [problem.source for problem in seen] == [f"{server}/feed#3"]
    atom = read_source(f"{server}/atom")  # feed recognised by content, not content type
    assert [doc.title for doc in atom] == [
        "Thousands leave Mariupol in private cars",
        "Corridor update",
    ]
    [note] = read_source(f"{server}/notes")
    assert (note.fmt, note.raw_text, note.source_key) == (
        "url",
        "Convoy update: 45 buses.\n",
        f"{server}/notes",
    )


def test_connection_refused_is_a_clear_offline_error(closed_port: int) -> None:
    url = f"http://127.0.0.1:{closed_port}/report"
    with pytest.raises(NetworkUnavailableError) as info:
        read_source(url)
    message = info.value.problem
    assert message.startswith(f"cannot fetch {url}: connection refused")
    assert "crosswire works offline; save the page and ingest the file instead" in message


def test_http_error(server: str) -> None:
    with pytest.raises(NetworkUnavailableError, match="HTTP 404"):
        read_source(f"{server}/missing")


def test_empty_and_oversized_responses(server: str) -> None:
    with pytest.raises(EmptyDocumentError, match="empty page"):
        read_source(f"{server}/empty")
    with pytest.raises(DocumentTooLargeError, match=r"over the 1\.0 KB limit"):
        read_source(f"{server}/big", max_bytes=1024)


def test_unreachable_url_does_not_stop_the_batch(closed_port: int, tmp_path: Path) -> None:
    local = tmp_path / "a.txt"
    local.write_text("Saved report.")
    url = f"http://127.0.0.1:{closed_port}/x"
    assert discover([url, str(local)]) == [url, str(local)]
    problem, doc = read_paths([url, str(local)])
    assert isinstance(problem, IngestProblem)
    assert problem.source == url
    assert isinstance(doc, SourceDocument)
