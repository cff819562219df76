"""Which reader a file needs: by its extension first, then by sniffing its content.

Detection lives in one place so that discovery (which files in a folder are
worth reading) and reading (which parser to run) never disagree.
"""

from __future__ import annotations

import json
import os
import re

__all__ = [
    "EXTENSION_FORMATS",
    "MANIFEST_NAME",
    "SUPPORTED_SUMMARY",
    "UNSUPPORTED_DOCUMENTS",
    "format_from_extension",
    "is_manifest_data",
    "sniff_text_format",
    "unsupported_document_kind",
]

MANIFEST_NAME = "manifest.json"
"""A folder's metadata file; never read as a report itself."""

EXTENSION_FORMATS: dict[str, str] = {
    ".txt": "text",
    ".text": "text",
    ".md": "text",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".json": "json",
    ".jsonl": "jsonl",
    ".ndjson": "jsonl",
    ".xml": "feed",
    ".rss": "feed",
    ".atom": "feed",
    ".rdf": "feed",
}

SUPPORTED_SUMMARY = (
    "text (.txt, .md), HTML (.html, .htm), JSON (.json), JSONL (.jsonl) and RSS/Atom feeds"
)

# Document formats people commonly drop into a folder of reports. They are not
# skipped silently during discovery: the user gets told to convert them.
UNSUPPORTED_DOCUMENTS: dict[str, str] = {
    ".pdf": "PDF",
    ".doc": "Word",
    ".docx": "Word",
    ".odt": "OpenDocument",
    ".rtf": "RTF",
    ".epub": "EPUB",
    ".pages": "Pages",
}

_FEED_ROOT = re.compile(r"<(rss|feed|rdf:rdf)\b", re.IGNORECASE)
_XML_PROLOGUE = re.compile(
    r"^(\s*<\?xml[^>]*\?>|\s*<!--.*?-->|\s*<!doctype[^>]*>)*\s*", re.S | re.I
)
_HTML_START = re.compile(r"<(!doctype\s+html|html|head|body|article|p|div)\b", re.IGNORECASE)


def _extension(path: str) -> str:
    return os.path.splitext(path)[1].lower()


def format_from_extension(path: str) -> str | None:
    """The reader for ``path`` judged by its extension, or None if unknown."""
    return EXTENSION_FORMATS.get(_extension(path))


def unsupported_document_kind(path: str) -> str | None:
    """Name of a known but unsupported document format ("PDF"), else None."""
    return UNSUPPORTED_DOCUMENTS.get(_extension(path))


def is_manifest_data(value: object) -> bool:
    """True if parsed JSON looks like a manifest (entries naming files, no text)."""
    if not isinstance(value, dict) or not isinstance(value.get("articles"), list):
        return False
    entries = value["articles"]
    return bool(entries) and all(
        isinstance(entry, dict) and "file" in entry and "text" not in entry for entry in entries
    )


def sniff_text_format(text: str) -> str:
    """Guess ``feed``, ``html``, ``json``, ``jsonl`` or ``text`` from decoded content.

    Used only for files whose extension says nothing. Markup is recognised by
    its root element; JSON only if it actually parses (a text that merely
    starts with "[" stays text).
    """
    head = text[:4096]
    stripped = head.lstrip()
    if stripped.startswith("<"):
        body = _XML_PROLOGUE.sub("", head, count=1)
        if _FEED_ROOT.match(body):
            return "feed"
        if _HTML_START.match(body):
            return "html"
        if stripped.startswith("<?xml"):
            return "feed"
    if stripped[:1] in ("{", "["):
        try:
            json.loads(text)
        except ValueError:
            first = text.lstrip().split("\n", 1)[0]
            try:
                if isinstance(json.loads(first), dict):
                    return "jsonl"
            except ValueError:
                return "text"
        else:
            return "json"
    return "text"
