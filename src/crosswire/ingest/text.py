"""Plain-text reports: the simplest reader, and the model for the others.

The text is kept as received (line endings aside) because cleaning is a
separate stage that records what it removes. No title is invented: a text
file's first line may be a headline, a dateline or the lede, and guessing
wrong would put words in an outlet's mouth.
"""

from __future__ import annotations

from crosswire.errors import EmptyDocumentError
from crosswire.ingest.fields import make_source_key
from crosswire.models import SourceDocument

__all__ = ["parse_text", "require_text"]


def require_text(source: str, text: str, what: str = "contains only whitespace") -> str:
    """Return ``text`` unless it is blank, in which case raise EmptyDocumentError."""
    if not text.strip():
        raise EmptyDocumentError(source, f"{what}; there is nothing to analyse")
    return text


def parse_text(
    source: str, text: str, *, fmt: str = "text", url: str | None = None
) -> SourceDocument:
    """One SourceDocument from decoded plain text; EmptyDocumentError if blank."""
    require_text(source, text)
    return SourceDocument(
        source=source,
        source_key=make_source_key(source, url),
        raw_text=text,
        fmt=fmt,
        url=url,
    )
