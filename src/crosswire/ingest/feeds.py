"""RSS and Atom feeds: each entry is one report.

Newsrooms and monitoring services publish feeds whose entries carry the
full text (``content:encoded``, Atom ``content``) or at least a summary.
feedparser copes with every feed dialect and with broken XML; this module
only decides what counts as the text, the date and the outlet.
"""

from __future__ import annotations

import re
import time
from datetime import date

import feedparser

from crosswire.errors import EmptyDocumentError, MalformedDocumentError
from crosswire.ingest.fields import make_source_key, optional_str, record_source
from crosswire.ingest.html import fragment_to_text, looks_like_html
from crosswire.ingest.records import ParsedItem
from crosswire.models import SourceDocument

__all__ = ["parse_feed"]

_ONLY_ENTITIES = re.compile(r"(?:&[A-Za-z_][\w.-]*;?\s*)+")
"""Text that is nothing but entity references: what an XML parser leaves of entities the
feed uses but never defines ("&body;"), which would otherwise be stored as a report."""


def _entry_text(entry: dict[str, object]) -> str:
    """The entry's fullest text: its content if present, else its summary."""
    candidates: list[tuple[str, str]] = []
    content = entry.get("content")
    if isinstance(content, list):
        for part in content:
            if isinstance(part, dict) and isinstance(part.get("value"), str):
                candidates.append((part["value"], str(part.get("type") or "")))
    summary = entry.get("summary")
    if isinstance(summary, str):
        detail = entry.get("summary_detail")
        kind = detail.get("type", "") if isinstance(detail, dict) else ""
        candidates.append((summary, str(kind)))
    for value, kind in candidates:
        text = fragment_to_text(value) if "html" in kind or looks_like_html(value) else value
        if text.strip():
            return text.strip()
    return ""


def _entry_date(entry: dict[str, object]) -> date | None:
    for key in ("published_parsed", "updated_parsed", "created_parsed"):
        parsed = entry.get(key)
        if isinstance(parsed, time.struct_time):
            return date(parsed.tm_year, parsed.tm_mon, parsed.tm_mday)
    return None


def _describe(error: object) -> str:
    """An XML parse error as "line L, column C: message" when it carries a position."""
    line = getattr(error, "getLineNumber", None)
    column = getattr(error, "getColumnNumber", None)
    message = getattr(error, "getMessage", None)
    if callable(line) and callable(column) and callable(message):
        return f"line {line()}, column {column()}: {message()}"
    return str(error)


def parse_feed(source: str, data: bytes, *, fmt: str = "feed") -> list[ParsedItem]:
    """Entries of an RSS 1.0/2.0 or Atom feed, the N-th as ``source#N``.

    The feed's title is each entry's outlet; ``link`` its URL; the
    published (else updated) date its date. Bytes, not text, are parsed so
    that the feed's own XML encoding declaration is honoured. Raises
    MalformedDocumentError for XML that is not a feed and EmptyDocumentError
    for a feed without entries; an entry without text is an error for that
    entry only.
    """
    parsed = feedparser.parse(data)
    entries = list(parsed.get("entries") or [])
    if not entries:
        if parsed.get("bozo"):
            reason = _describe(parsed.get("bozo_exception"))
            raise MalformedDocumentError(
                source, f"not a readable RSS or Atom feed ({reason}); check that it is complete XML"
            )
        if not parsed.get("version"):
            raise MalformedDocumentError(
                source, "XML but not an RSS or Atom feed (no <rss>, <feed> or <rdf:RDF> root)"
            )
        raise EmptyDocumentError(source, "the feed has no entries")
    feed_info = parsed.get("feed")
    outlet = optional_str(feed_info.get("title")) if isinstance(feed_info, dict) else None
    items: list[ParsedItem] = []
    for number, entry in enumerate(entries, 1):
        where = record_source(source, number)
        title = optional_str(entry.get("title"))
        text = _entry_text(entry)
        named = f" ({title!r})" if title else ""
        if not text:
            items.append(
                EmptyDocumentError(where, f"entry {number}{named} has no content or summary text")
            )
            continue
        if _ONLY_ENTITIES.fullmatch(text):
            items.append(
                MalformedDocumentError(
                    where,
                    f"entry {number}{named} holds only entity references the feed never "
                    f"defines ({text[:40]}); fix the feed's XML",
                )
            )
            continue
        url = optional_str(entry.get("link"))
        items.append(
            SourceDocument(
                source=where,
                source_key=make_source_key(source, url, number),
                raw_text=text,
                fmt=fmt,
                title=title,
                outlet=outlet,
                published=_entry_date(entry),
                url=url,
            )
        )
    return items
