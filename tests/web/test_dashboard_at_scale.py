"""Every dashboard page of a few-hundred-report store in headless Chromium: no server
error, no script error or CSP refusal (the bundled map script runs), no raw TIMEX value
shown to a reader, a timeline that scrolls inside the page and a map that pans and zooms."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from browser_support import needs_chromium

pytest.importorskip("uvicorn", reason="the web extra (crosswire[web]) is not installed")

from test_dashboard_in_browser import _chromium, _console_errors, _get, _serving

pytestmark = needs_chromium

_RAW_TIMEX = re.compile(
    r"\b\d{4}-\d\d-\d\dT(?:MO|AF|EV|NI|DT)\b|\b\d{4}-W\d\d\b|\b\d{4}-(?:Q[1-4]|H[12])\b"
)


def _png_size(data: bytes) -> tuple[int, int]:
    """Width and height of a PNG, from its header."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def _visible_text(dom: str) -> str:
    body = re.sub(r"<(script|style|title)\b.*?</\1>", " ", dom, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_every_page_renders_at_scale(scale_store: Path, tmp_path: Path) -> None:
    with _serving(scale_store) as base:
        stories = _get(f"{base}/api/stories?limit=2")["stories"]
        top = stories[0]["id"]
        pages = ["/", "/report", "/articles", "/quotes", "/reconciliations", "/timeline", "/map"]
        pages += [f"/stories/{top}", f"/timeline?story={top}", f"/map?story={top}"]
        for page in pages:
            result = _chromium(tmp_path, "--window-size=1280,900", "--dump-dom", base + page)
            assert result.returncode == 0, (page, result.stderr[-2000:])
            dom = result.stdout
            text = _visible_text(dom)
            assert "Error 500" not in text and "internal error" not in text, page
            assert not _RAW_TIMEX.findall(text), (page, _RAW_TIMEX.findall(text)[:3])
            assert not _console_errors(result.stderr), (page, _console_errors(result.stderr))
            if page in ("/", "/articles", "/quotes", "/reconciliations", "/timeline", "/map"):
                # a long list comes a page at a time, with a link to the next
                assert re.search(r'<nav class="pager"[^>]*>.*<a rel="next" href=', dom), page
            if page == "/timeline":
                # the busiest days are named, each linking to every event of its day
                assert re.search(r'<p class="busiest">[^<]*<a href="/timeline\?day=', dom), page
            if page.startswith("/timeline"):
                # the picture sits in a scrolling box: wide timelines scroll, not overflow
                assert re.search(r'<div class="timeline-scroll"[^>]*>\s*<svg', dom), page
            if page.startswith("/map"):
                # the bundled script made the map focusable (it runs: no CDN, CSP allows it)
                assert re.search(r'<svg class="place-map"[^>]*tabindex="0"', dom), page
        # A screenshot of every page: drawn at the window's size, and not a blank page (a
        # screenful of one colour compresses to a few kilobytes).
        for n, page in enumerate(pages):
            shot = tmp_path / f"page-{n}.png"
            result = _chromium(
                tmp_path, "--window-size=1280,900", f"--screenshot={shot}", base + page
            )
            assert result.returncode == 0, (page, result.stderr[-2000:])
            data = shot.read_bytes()
            assert _png_size(data) == (1280, 900) and len(data) > 40_000, (page, len(data))
