"""The HTML situation report in a real browser (Debian's headless Chromium).

``make test`` installs chromium when it can (root with apt); elsewhere these
tests are skipped with the reason, never faked.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from browser_support import needs_chromium, run_chromium
from crosswire.pipeline import write_report
from crosswire.store import Store

pytestmark = needs_chromium


def _chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run_chromium(tmp_path, *args)


@pytest.fixture(scope="module")
def sitrep(example_store: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("html") / "sitrep.html"
    with Store(example_store) as store:
        write_report(store, "html", out)
    return out


def test_browser_renders_highlighted_evidence(sitrep: Path, tmp_path: Path) -> None:
    result = _chromium(tmp_path, "--dump-dom", sitrep.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    dom = result.stdout
    assert "Ewan Watson" in dom
    assert dom.count("<mark") >= 50
    assert "Sources" in dom and "Entities" in dom


def test_browser_screenshot_is_a_real_page(sitrep: Path, tmp_path: Path) -> None:
    shot = tmp_path / "sitrep.png"
    result = _chromium(tmp_path, "--window-size=1280,1600", f"--screenshot={shot}", sitrep.as_uri())
    assert result.returncode == 0, result.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) > 50_000  # a blank page compresses to a few KB
