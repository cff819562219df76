"""The dashboard in a real browser: uvicorn on a free loopback port, Debian's headless Chromium.

Skipped (with the reason) only when chromium or the web extra is absent;
``make test`` installs both where it can.
"""

from __future__ import annotations

import html
import json
import re
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from browser_support import needs_chromium, run_chromium

uvicorn = pytest.importorskip("uvicorn", reason="the web extra (crosswire[web]) is not installed")

pytestmark = needs_chromium


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@contextmanager
def _serving(target: str | Path) -> Iterator[str]:
    """The app for ``target`` under uvicorn in a background thread; stopped (and joined) after."""
    from crosswire.web import create_app

    port = _free_port()
    config = uvicorn.Config(create_app(target), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120  # spaCy and the ingest worker load first: slow on a busy box
    while not srv.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    try:
        # Build the snapshot once before the browser's first (timed) page load.
        with urllib.request.urlopen(f"{base}/api/stories", timeout=120) as r:
            assert r.status == 200
        yield base
    finally:
        srv.should_exit = True
        thread.join(timeout=15)


@pytest.fixture(scope="module")
def server(example_store: Path) -> Iterator[str]:
    """The dashboard of the example SQLite store."""
    with _serving(example_store) as base:
        yield base


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_chromium(tmp_path, "--enable-logging=stderr", "--v=0", *args)


def _console_errors(stderr: str) -> list[str]:
    """Script errors and CSP refusals Chromium logs from the page's console."""
    return [
        line
        for line in stderr.splitlines()
        if "CONSOLE" in line and re.search(r"Uncaught|Refused|Error", line)
    ]


def _get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=60) as r:
        return json.loads(r.read())


def test_dashboard_lists_the_story(server: str, tmp_path: Path) -> None:
    story = _get(f"{server}/api/stories")["stories"][0]
    result = _chromium(tmp_path, "--dump-dom", f"{server}/")
    assert result.returncode == 0, result.stderr[-2000:]
    dom = html.unescape(result.stdout)
    assert f'href="/stories/{story["id"]}"' in dom
    assert story["label"] in dom
    assert "Reconciliation" in dom and "corroborated" in dom
    assert not _console_errors(result.stderr), _console_errors(result.stderr)


def test_article_page_highlights_the_span_in_the_fragment(server: str, tmp_path: Path) -> None:
    quotes = _get(f"{server}/api/quotes")["quotes"]
    quote = max(quotes, key=lambda q: q["end"] - q["start"])
    url = f"{server}/articles/{quote['article']}#span-{quote['start']}-{quote['end']}"
    result = _chromium(tmp_path, "--dump-dom", url)
    assert result.returncode == 0, result.stderr[-2000:]
    dom = result.stdout
    marked = "".join(html.unescape(m) for m in re.findall(r'<mark class="hl">([^<]*)</mark>', dom))
    assert marked == quote["text"]
    assert f"Highlighted characters {quote['start']}–{quote['end']}" in dom
    assert not _console_errors(result.stderr), _console_errors(result.stderr)


def test_story_page_renders_its_report(server: str, tmp_path: Path) -> None:
    story = _get(f"{server}/api/stories")["stories"][0]
    shot = tmp_path / "story.png"
    result = _chromium(
        tmp_path,
        "--window-size=1280,1600",
        f"--screenshot={shot}",
        f"{server}/stories/{story['id']}",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000
    assert not _console_errors(result.stderr), _console_errors(result.stderr)


def test_dashboard_of_a_postgresql_store(
    pg_example_template: str, pg_clone: Callable[[str], str], tmp_path: Path
) -> None:
    """The same page, served from a PostgreSQL database holding the same reports."""
    url = pg_clone(pg_example_template)
    with _serving(url) as base:
        story = _get(f"{base}/api/stories")["stories"][0]
        result = _chromium(tmp_path, "--dump-dom", f"{base}/")
    assert result.returncode == 0, result.stderr[-2000:]
    dom = html.unescape(result.stdout)
    assert f'href="/stories/{story["id"]}"' in dom and story["label"] in dom
    assert "Reconciliation" in dom and "corroborated" in dom
    assert "crosswire-test-secret" not in dom
    assert not _console_errors(result.stderr), _console_errors(result.stderr)


def test_articles_page_shows_where_it_is_and_links_to_the_next(server: str, tmp_path: Path) -> None:
    count = len(_get(f"{server}/api/articles")["articles"])
    result = _chromium(tmp_path, "--dump-dom", f"{server}/articles?limit=1&offset=1")
    assert result.returncode == 0, result.stderr[-2000:]
    dom = html.unescape(result.stdout)
    assert f"Reports 2–2 of {count}" in dom
    assert '<a rel="prev" href="/articles?limit=1&offset=0">← Previous</a>' in dom
    assert '<a rel="next" href="/articles?limit=1&offset=2">Next →</a>' in dom
    assert not _console_errors(result.stderr), _console_errors(result.stderr)
