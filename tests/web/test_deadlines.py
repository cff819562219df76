"""Slow and stalled clients on a real socket: cut off within the request time limit, others served.

uvicorn runs in a background thread on a free loopback port, with the
protocol and middleware ``crosswire serve`` uses; the slow clients are raw
sockets that send part of a request and stall, or trickle it byte by byte.
"""

from __future__ import annotations

import json
import select
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the web extra (crosswire[web]) is not installed")

from starlette.applications import Starlette  # noqa: E402
from starlette.middleware import Middleware  # noqa: E402
from starlette.requests import Request  # noqa: E402
from starlette.responses import JSONResponse  # noqa: E402
from starlette.routing import Route  # noqa: E402

from crosswire.web import create_app  # noqa: E402
from crosswire.web.deadlines import RequestDeadline, deadline_protocol  # noqa: E402

LIMIT = 1.0


@contextmanager
def serving(app: Any, request_timeout: float = LIMIT) -> Iterator[int]:
    """``app`` under uvicorn with the request deadline protocol; yields the port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = int(sock.getsockname()[1])
    config = uvicorn.Config(
        app, http=deadline_protocol(request_timeout), log_level="warning", lifespan="on"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()


@pytest.fixture
def port(tmp_path: Path) -> Iterator[int]:
    app = create_app(tmp_path / "s.db", warm=False, request_timeout=LIMIT)
    with serving(app) as p:
        yield p


def _connect(port: int) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=30)


def _answer(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def _get(port: int, path: str = "/api") -> int:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as response:
        return int(response.status)


def _answer_later(sock: socket.socket) -> tuple[threading.Thread, dict[str, Any]]:
    """Read ``sock``'s answer in a thread, noting when it came, while the test does other things."""
    got: dict[str, Any] = {}
    started = time.monotonic()

    def read() -> None:
        got["answer"] = _answer(sock)
        got["waited"] = time.monotonic() - started

    thread = threading.Thread(target=read, daemon=True)
    thread.start()
    return thread, got


def test_a_client_stalled_in_its_headers_gets_408_and_is_disconnected_while_others_are_served(
    port: int,
) -> None:
    with _connect(port) as slow:
        slow.sendall(b"GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # no blank line: stalls
        reader, got = _answer_later(slow)
        assert _get(port) == 200 and _get(port, "/") == 200
        reader.join(timeout=30)
    assert got["answer"].startswith(b"HTTP/1.1 408 "), got
    assert LIMIT * 0.8 <= got["waited"] < LIMIT + 9


def test_trickled_headers_do_not_reset_the_limit(port: int) -> None:
    with _connect(port) as slow:
        slow.sendall(b"GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        started = time.monotonic()
        answer = b""
        while time.monotonic() - started < 10:
            readable, _, _ = select.select([slow], [], [], 0.2)
            if readable:
                answer = _answer(slow)
                break
            slow.sendall(b"X")  # one byte of a header line every 0.2 s
        waited = time.monotonic() - started
    assert answer.startswith(b"HTTP/1.1 408 ") and waited < LIMIT + 9


def test_a_stalled_body_gets_a_408_json_error_and_the_connection_is_closed(port: int) -> None:
    with _connect(port) as slow:
        slow.sendall(
            b"POST /api/ingest HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
            b'{"text": "'  # 10 of the 1,000 bytes, then nothing
        )
        reader, got = _answer_later(slow)
        assert _get(port) == 200
        reader.join(timeout=30)
    head, _, body = got["answer"].partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 408 ") and b"connection: close" in head.lower()
    error = json.loads(body)
    assert error["status"] == 408 and "not received within 1 s" in error["error"]
    assert got["waited"] < LIMIT + 9


def test_a_kept_alive_connection_that_stalls_in_its_next_request_is_cut_off(port: int) -> None:
    with _connect(port) as slow:
        slow.sendall(b"GET /api HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        first = b""
        while b"\r\n\r\n" not in first:
            first += slow.recv(65536)
        head, _, body = first.partition(b"\r\n\r\n")
        length = next(
            int(line.split(b":")[1])
            for line in head.lower().split(b"\r\n")
            if line.startswith(b"content-length:")
        )
        while len(body) < length:
            body += slow.recv(65536)
        assert head.startswith(b"HTTP/1.1 200 ") and json.loads(body)
        slow.sendall(b"GET /api HTTP/1.1\r\n")  # the next request, half sent
        started = time.monotonic()
        answer = _answer(slow)
    assert answer.startswith(b"HTTP/1.1 408 ") and time.monotonic() - started < LIMIT + 9


def test_a_request_not_answered_in_time_gets_a_503_and_others_are_still_served() -> None:
    def slow(request: Request) -> JSONResponse:
        time.sleep(3)
        return JSONResponse({"late": True})

    async def quick(request: Request) -> JSONResponse:
        return JSONResponse({"ok": True})

    app = Starlette(
        routes=[Route("/api/slow", slow), Route("/api", quick)],
        middleware=[Middleware(RequestDeadline, request_timeout=LIMIT, handle_timeout=0.5)],
    )
    with serving(app) as port:
        started = time.monotonic()
        with pytest.raises(urllib.error.HTTPError) as raised:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/slow", timeout=10)
        waited = time.monotonic() - started
        assert raised.value.code == 503 and waited < 2.5
        assert "handle-timeout" in json.loads(raised.value.read())["error"]
        assert _get(port) == 200
