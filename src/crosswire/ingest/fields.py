"""Interpreting metadata values that every container format shares.

Dates arrive as ``2022-04-01``, ``2022-04-01T10:00:00Z`` or RFC 2822 feed
dates; outlets as strings or ``{"name": ...}`` objects. Reading them in one
place keeps JSON records, manifests and feeds consistent.
"""

from __future__ import annotations

import os
from datetime import date, datetime
from email.utils import parsedate_to_datetime

__all__ = [
    "DATE_HINT",
    "make_source_key",
    "optional_str",
    "outlet_name",
    "parse_date",
    "record_source",
]

DATE_HINT = "write it as YYYY-MM-DD or an ISO 8601 date-time such as 2022-04-01T10:00:00Z"


def parse_date(value: str) -> date | None:
    """The calendar date in ``value``, or None if it is not a date crosswire reads.

    Accepts ISO 8601 dates and date-times (``Z`` and offsets included; the
    date is taken as written, not converted to UTC) and RFC 2822 dates
    (``Fri, 01 Apr 2022 10:00:00 GMT``).
    """
    text = value.strip()
    if not text:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        pass
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        pass
    try:
        return parsedate_to_datetime(text).date()
    except (TypeError, ValueError, IndexError):
        return None


def optional_str(value: object) -> str | None:
    """``value`` stripped if it is a non-blank string, else None."""
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def outlet_name(value: object) -> str | None:
    """An outlet given as a string or as an object with a ``name`` (or ``title``)."""
    if isinstance(value, dict):
        return optional_str(value.get("name")) or optional_str(value.get("title"))
    return optional_str(value)


def record_source(source: str, number: int | None) -> str:
    """``source`` for a whole file, ``source#N`` for its N-th record."""
    return source if number is None else f"{source}#{number}"


def make_source_key(source: str, url: str | None, number: int | None = None) -> str:
    """The identity used for article ids: the URL if known, else the file name (+ ``#N``).

    The file name, not the path, so the same report read from another
    folder keeps its id (see :func:`crosswire.models.article_id`).
    """
    if url:
        return url
    name = os.path.basename(source.rstrip("/\\")) or source
    return record_source(name, number)
