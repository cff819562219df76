"""Debian's headless Chromium for the browser tests: where it is, how it is started.

Shared by the report and web-dashboard browser tests so both start the
browser the same way; ``make test`` installs chromium when it can (root with
apt), and the tests are skipped with the reason, never faked, elsewhere.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium not installed (make test installs it)"
)


def run_chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """Run headless Chromium with a throwaway profile under ``tmp_path``."""
    assert CHROMIUM is not None
    return subprocess.run(
        [CHROMIUM, *FLAGS, f"--user-data-dir={tmp_path / 'profile'}", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
