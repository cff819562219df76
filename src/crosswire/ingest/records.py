"""JSON and JSONL files of article records, as scrapers and news APIs emit them.

One bad record must not cost the user the rest of the file, so the parsers
here return a list in which each record is either a SourceDocument or the
InputError that explains what is wrong with it (``path#N``, field, value).

Policy for a date that is present but unreadable: the record is *not*
ingested, it is reported. A report without a date cannot be placed on the
timeline or checked against others from the same day, and silently
dropping the value would hide a data problem the user can fix in seconds;
an absent or ``null`` date, by contrast, is fine (the manifest or
``--published`` may supply one).
"""

from __future__ import annotations

import json
import re
from datetime import date

from crosswire.errors import EmptyDocumentError, InputError, MalformedDocumentError
from crosswire.ingest.fields import (
    DATE_HINT,
    make_source_key,
    optional_str,
    outlet_name,
    parse_date,
    record_source,
)
from crosswire.ingest.html import fragment_to_text, looks_like_html
from crosswire.models import SourceDocument

__all__ = [
    "CONTAINER_KEYS",
    "DATE_FIELDS",
    "DEFAULT_MAX_DEPTH",
    "OUTLET_FIELDS",
    "TEXT_FIELDS",
    "ParsedItem",
    "load_json",
    "parse_json",
    "parse_jsonl",
    "record_to_document",
]

ParsedItem = SourceDocument | InputError
"""What a multi-document reader yields per record: a document or why not."""

TEXT_FIELDS = ("text", "content", "body")
TITLE_FIELDS = ("title", "headline")
URL_FIELDS = ("url", "link")
DATE_FIELDS = ("published", "date", "published_at", "datePublished")
OUTLET_FIELDS = ("outlet", "source", "publisher")
CONTAINER_KEYS = ("articles", "items", "records", "data")

DEFAULT_MAX_DEPTH = 100
"""Deepest JSON nesting read (``--max-depth``): Python's reader recurses once per level."""

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _depth(value: object) -> int:
    """How deep a parsed JSON value nests (a scalar is 0), walked without recursion."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            node = list(node.values())
        if isinstance(node, list):
            deepest = max(deepest, depth + 1)
            stack.extend((child, depth + 1) for child in node)
    return deepest


def _no_surrogates(pairs: list[tuple[str, object]]) -> dict[str, object]:
    """An object with every lone surrogate (``"\\ud800"``, no text) made U+FFFD.

    JSON may spell half a UTF-16 pair; Python keeps it, and it then fails
    every encoding to UTF-8 (the article id, the store). Strings directly in
    lists (``wire``) are fixed too.
    """

    def fix(value: object) -> object:
        if isinstance(value, str):
            return _LONE_SURROGATE.sub("\ufffd", value)
        if isinstance(value, list):
            return [fix(item) for item in value]
        return value

    return {str(fix(key)): fix(value) for key, value in pairs}


def load_json(text: str, *, max_depth: int = DEFAULT_MAX_DEPTH) -> object:
    """``json.loads`` that fails only with ``ValueError``, naming the limit crossed.

    Nesting deeper than ``max_depth`` is refused (Python's reader dies of
    RecursionError near 1,000 levels; that is caught too), and so is an
    integer longer than Python converts (4,300 digits); lone surrogates
    become U+FFFD.

    Raises:
        json.JSONDecodeError: not JSON.
        ValueError: too deep, or a number too long; the message says which.
    """
    try:
        value = json.loads(text, object_pairs_hook=_no_surrogates)
    except RecursionError:
        raise ValueError(f"nested too deep to read, over the limit of {max_depth} levels") from None
    except json.JSONDecodeError:
        raise
    except ValueError:  # "Exceeds the limit (4300 digits) for integer string conversion"
        raise ValueError("holds a number of more than 4,300 digits, too long to read") from None
    deepest = _depth(value)
    if deepest > max_depth:
        raise ValueError(
            f"nested {deepest} levels deep, over the limit of {max_depth} (--max-depth)"
        )
    return value


def _first(record: dict[str, object], fields: tuple[str, ...]) -> tuple[str, object] | None:
    """The first of ``fields`` present with a non-null, non-blank value."""
    for name in fields:
        value = record.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        return name, value
    return None


def _record_text(source: str, label: str, record: dict[str, object]) -> str:
    found = _first(record, TEXT_FIELDS)
    if found is None:
        present = [name for name in TEXT_FIELDS if name in record]
        if present:
            raise EmptyDocumentError(source, f"{label}: field '{present[0]}' is empty")
        keys = ", ".join(sorted(record)[:8]) or "none"
        raise MalformedDocumentError(
            source, f"{label}: no 'text', 'content' or 'body' field (fields found: {keys})"
        )
    name, value = found
    if isinstance(value, list) and all(isinstance(part, str) for part in value):
        text = "\n\n".join(part.strip() for part in value if part.strip())
    elif isinstance(value, str):
        text = value
    else:
        raise MalformedDocumentError(
            source, f"{label}: field '{name}' should be a string, not {_json_type(value)}"
        )
    if looks_like_html(text):
        text = fragment_to_text(text)
    if not text.strip():
        raise EmptyDocumentError(source, f"{label}: field '{name}' has no text")
    return text


def _record_date(source: str, label: str, record: dict[str, object]) -> date | None:
    found = _first(record, DATE_FIELDS)
    if found is None:
        return None
    name, value = found
    parsed = parse_date(value) if isinstance(value, str) else None
    if parsed is None:
        raise MalformedDocumentError(
            source,
            f"{label}: field '{name}': cannot read {json.dumps(value)} as a date; {DATE_HINT}",
        )
    return parsed


def record_to_document(
    source: str, record: dict[str, object], *, number: int | None, fmt: str, label: str
) -> SourceDocument:
    """One record to a SourceDocument, or raise the InputError that explains why not.

    ``source`` is the file (or URL); ``number`` the record's 1-based number
    (None for a file holding a single object); ``label`` how messages name
    the record ("record 3", "line 7").
    """
    where = record_source(source, number)
    text = _record_text(where, label, record)
    published = _record_date(where, label, record)
    url_found = _first(record, URL_FIELDS)
    url = optional_str(url_found[1]) if url_found else None
    title_found = _first(record, TITLE_FIELDS)
    outlet_found = _first(record, OUTLET_FIELDS)
    return SourceDocument(
        source=where,
        source_key=make_source_key(source, url, number),
        raw_text=text,
        fmt=fmt,
        title=optional_str(title_found[1]) if title_found else None,
        outlet=outlet_name(outlet_found[1]) if outlet_found else None,
        published=published,
        url=url,
        dateline=optional_str(record.get("dateline")),
    )


def _json_type(value: object) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "true/false"}
    for kind, name in names.items():
        if isinstance(value, kind):
            return name
    return "null" if value is None else "a number"


def _records_of(source: str, value: object) -> tuple[list[object], bool]:
    """The records in a parsed JSON document, and whether it is a single record."""
    if isinstance(value, list):
        return value, False
    if isinstance(value, dict):
        for key in CONTAINER_KEYS:
            if isinstance(value.get(key), list):
                return list(value[key]), False
        return [value], True
    raise MalformedDocumentError(
        source,
        f"expected a JSON object or a list of objects, found {_json_type(value)}",
    )


def parse_json(
    source: str, text: str, *, fmt: str = "json", max_depth: int = DEFAULT_MAX_DEPTH
) -> list[ParsedItem]:
    """Records of a JSON file: an object, a list of objects, or an object holding a list.

    The list may sit under ``articles``, ``items``, ``records`` or ``data``.
    A single object yields one document whose source is the file itself;
    the N-th record of a list is ``source#N``. Raises MalformedDocumentError
    if the file is not JSON and EmptyDocumentError if it holds no records.
    """
    try:
        value = load_json(text, max_depth=max_depth)
    except json.JSONDecodeError as err:
        raise MalformedDocumentError(
            source,
            f"invalid JSON at line {err.lineno}, column {err.colno}: {err.msg}; "
            "fix the file (a JSON validator shows where) and ingest it again",
        ) from None
    except ValueError as err:
        raise MalformedDocumentError(source, f"JSON {err}") from None
    records, single = _records_of(source, value)
    if not records:
        raise EmptyDocumentError(source, "the JSON list holds no records")
    items: list[ParsedItem] = []
    for number, record in enumerate(records, 1):
        label = "the record" if single else f"record {number}"
        num = None if single else number
        if not isinstance(record, dict):
            where = record_source(source, num)
            items.append(
                MalformedDocumentError(
                    where, f"{label}: expected an object, found {_json_type(record)}"
                )
            )
            continue
        try:
            items.append(record_to_document(source, record, number=num, fmt=fmt, label=label))
        except InputError as err:
            items.append(err)
    return items


def parse_jsonl(
    source: str, text: str, *, fmt: str = "jsonl", max_depth: int = DEFAULT_MAX_DEPTH
) -> list[ParsedItem]:
    """Records of a JSONL file, one JSON object per line; blank lines are skipped.

    Record numbers are line numbers, so ``path#7`` is line 7 in an editor.
    A line that is not JSON becomes an error for that line only. Raises
    EmptyDocumentError if there are no non-blank lines.
    """
    items: list[ParsedItem] = []
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        where = record_source(source, number)
        label = f"line {number}"
        try:
            record = load_json(line, max_depth=max_depth)
        except json.JSONDecodeError as err:
            items.append(
                MalformedDocumentError(
                    where, f"{label}: invalid JSON: {err.msg} (column {err.colno})"
                )
            )
            continue
        except ValueError as err:
            items.append(MalformedDocumentError(where, f"{label}: JSON {err}"))
            continue
        if not isinstance(record, dict):
            items.append(
                MalformedDocumentError(
                    where, f"{label}: expected a JSON object, found {_json_type(record)}"
                )
            )
            continue
        try:
            items.append(record_to_document(source, record, number=number, fmt=fmt, label=label))
        except InputError as err:
            items.append(err)
    if not items:
        raise EmptyDocumentError(source, "the JSONL file has no records")
    return items
