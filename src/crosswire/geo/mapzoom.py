"""The map's pan and zoom: a small script bundled in the package, loaded from no CDN.

The situation report inlines it (allowed by its hash in the page's
Content-Security-Policy); the dashboard serves it as ``/static/mapzoom.js``.
Without JavaScript the map is the same SVG, whole and unzoomed.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files

from crosswire.errors import ExportError

__all__ = ["MAP_SCRIPT"]


@cache
def MAP_SCRIPT() -> str:  # noqa: N802 - reads as the constant it stands for
    """The script's text (read once from package data)."""
    text = files("crosswire.geo").joinpath("mapzoom.js").read_text(encoding="utf-8")
    if "</" in text or "http" in text:
        raise ExportError("map script must not close <script> or load anything")
    return text
