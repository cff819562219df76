"""The outlet a URL names: its site, also behind an archive's address.

Used only when a report carries no outlet of its own (metadata, manifest,
``--outlet``): "unknown outlet" tells a reader nothing, while the site a
report was published on ("fox7austin.com") is what they would write by
hand. A Wayback Machine address (``web.archive.org/web/<time>/<original>``)
names the original site, not the archive.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

__all__ = ["site_name"]

_ARCHIVE = re.compile(
    r"^https?://(?:web\.)?archive\.org/web/[0-9a-z_*]+/(?P<inner>.+)$", re.IGNORECASE
)
_ARCHIVE_HOSTS = ("archive.org", "archive.today", "archive.ph", "archive.is")


def site_name(url: str | None) -> str | None:
    """The site ``url`` belongs to ("www.Fox7Austin.com:80" -> "fox7austin.com"), or None."""
    if not url:
        return None
    found = _ARCHIVE.match(url.strip())
    if found:
        inner = found["inner"]
        if not re.match(r"^https?://", inner, re.IGNORECASE):
            inner = "http://" + inner.lstrip("/")
        return site_name(inner)
    try:
        host = urlsplit(url.strip()).hostname
    except ValueError:
        return None
    if not host or "." not in host or host.replace(".", "").isdigit():
        return None
    host = host.lower().rstrip(".")
    if re.match(r"^www\d?\.", host):
        host = host.split(".", 1)[1]
    if host in _ARCHIVE_HOSTS or host.endswith(".archive.org"):
        return None
    return host
