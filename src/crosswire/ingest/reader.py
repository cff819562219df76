"""Reading sources into SourceDocuments: format dispatch, manifests and defaults.

This is the one place that knows the precedence of metadata. For each of
``published``, ``outlet`` and ``dateline`` the first of these that gives a
value wins:

1. the folder's ``manifest.json`` entry for the file (``null`` gives nothing);
2. the document itself (HTML meta tags, a JSON record's fields, a feed entry);
3. the ``published=`` / ``outlet=`` defaults passed by the caller (the CLI's
   ``--published`` / ``--outlet``), which thus only fill gaps.

``title`` and ``url`` come from the manifest first, then the document, but
a manifest's title or URL only applies to a file that is one document (not
to each record of a JSONL file or feed). The URL, when known, is also the
document's ``source_key``.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from datetime import date

from crosswire.errors import EmptyDocumentError, InputError, UnsupportedFormatError
from crosswire.ingest.decode import (
    DEFAULT_MAX_BYTES,
    check_size,
    declared_html_charset,
    decode_bytes,
    looks_binary,
    read_file_bytes,
)
from crosswire.ingest.feeds import parse_feed
from crosswire.ingest.formats import (
    MANIFEST_NAME,
    SUPPORTED_SUMMARY,
    format_from_extension,
    is_manifest_data,
    sniff_text_format,
    unsupported_document_kind,
)
from crosswire.ingest.html import parse_html
from crosswire.ingest.manifest import (
    Manifest,
    ManifestEntry,
    find_manifest,
    load_manifest,
)
from crosswire.ingest.paths import discover_sources, path_key
from crosswire.ingest.records import DEFAULT_MAX_DEPTH, ParsedItem, parse_json, parse_jsonl
from crosswire.ingest.sites import site_name
from crosswire.ingest.text import parse_text, require_text
from crosswire.ingest.url import fetch_url, is_url
from crosswire.models import IngestProblem, SourceDocument

__all__ = ["STDIN", "PlannedSource", "plan_sources", "read_paths", "read_planned", "read_source"]

STDIN = "-"
"""The source name that reads standard input (``crosswire ingest -``)."""

_FEED_TYPES = frozenset({"application/rss+xml", "application/atom+xml", "application/rdf+xml"})


def _folder_error(source: str) -> InputError:
    try:
        os.listdir(source)
    except PermissionError:
        return InputError(
            source, "permission denied: cannot list the folder; make it readable (chmod u+rx)"
        )
    except OSError as err:
        return InputError(source, f"cannot list the folder: {err.strerror or err}")
    if [found.source for found in discover_sources([source])] == [source]:
        return UnsupportedFormatError(
            source,
            f"the folder has no files crosswire can read; it reads {SUPPORTED_SUMMARY} "
            f"(hidden files and {MANIFEST_NAME} are skipped)",
        )
    return UnsupportedFormatError(
        source, "is a folder; use read_paths() or discover() to read the files in it"
    )


def _reject_manifest(source: str, text: str) -> None:
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return
    if is_manifest_data(value):
        folder = os.path.dirname(source) or "."
        raise UnsupportedFormatError(
            source,
            "this is a crosswire manifest (metadata for the files beside it), not a report; "
            f"ingest its folder ({folder}) to apply it",
        )


def _parse(
    source: str,
    data: bytes,
    fmt: str | None,
    *,
    declared: str | None = None,
    url: str | None = None,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> list[ParsedItem]:
    """Dispatch decoded content to its reader; ``fmt`` None means sniff it."""
    if fmt == "feed":
        if looks_binary(data):
            decode_bytes(source, data)  # raises the binary-file error
        if not data.strip():
            require_text(source, "")
        return parse_feed(source, data)
    if fmt == "html" and declared is None:
        declared = declared_html_charset(data)
    text = require_text(source, decode_bytes(source, data, declared))
    if fmt is None:
        fmt = sniff_text_format(text)
        if fmt == "feed":
            return parse_feed(source, data)
    if fmt == "html":
        return [parse_html(source, text, url=url, fmt="url" if url else "html")]
    if fmt == "json":
        if os.path.basename(source) == MANIFEST_NAME:
            _reject_manifest(source, text)
        return parse_json(source, text, max_depth=max_depth)
    if fmt == "jsonl":
        return parse_jsonl(source, text, max_depth=max_depth)
    return [parse_text(source, text, fmt="url" if url else "text", url=url)]


def _read_url(url: str, max_bytes: int, max_depth: int) -> list[ParsedItem]:
    fetched = fetch_url(url, max_bytes=max_bytes)
    if not fetched.data.strip():
        raise EmptyDocumentError(url, "the server sent an empty page")
    kind = fetched.content_type
    head = fetched.data[:4096].decode("utf-8", errors="replace")
    if kind in _FEED_TYPES or sniff_text_format(head) == "feed":
        return _parse(url, fetched.data, "feed")
    fmt = {"application/json": "json", "text/plain": "text"}.get(kind, "html")
    return _parse(url, fetched.data, fmt, declared=fetched.charset, url=url, max_depth=max_depth)


def _url_lines(data: bytes) -> list[str] | None:
    """The URLs of a list of URLs (one per line, nothing else), or None for anything else."""
    if looks_binary(data):
        return None
    lines = [line.strip() for line in data.decode("utf-8", errors="replace").splitlines()]
    urls = [line for line in lines if line and not line.startswith("#")]
    if urls and all(is_url(u) and " " not in u for u in urls):
        return urls
    return None


def _read_urls(urls: list[str], max_bytes: int, max_depth: int) -> list[ParsedItem]:
    """Every page a list of URLs names; one that cannot be fetched is one problem, not all."""
    items: list[ParsedItem] = []
    for url in dict.fromkeys(urls):
        try:
            items.extend(_read_url(url, max_bytes, max_depth))
        except InputError as err:
            items.append(err)
    return items


def _read_stdin(max_bytes: int) -> bytes:
    data = sys.stdin.buffer.read(max_bytes + 1)
    check_size(STDIN, len(data), max_bytes)
    if not data.strip():
        raise EmptyDocumentError(STDIN, "standard input is empty")
    return data


def _read_items(source: str, max_bytes: int, max_depth: int) -> list[ParsedItem]:
    """Read one source to documents and per-record errors; raise if nothing is usable.

    ``-`` reads standard input (text, HTML, JSON or JSONL, sniffed). A text
    file or standard input holding only http(s) URLs, one a line (``#``
    comments allowed), is a list of pages to fetch.
    """
    if is_url(source):
        return _read_url(source, max_bytes, max_depth)
    if source == STDIN:
        data = _read_stdin(max_bytes)
        urls = _url_lines(data)
        if urls:
            return _read_urls(urls, max_bytes, max_depth)
        return _parse(source, data, None, max_depth=max_depth)
    if os.path.isdir(source):
        raise _folder_error(source)
    data = read_file_bytes(source, max_bytes)
    if not data:
        raise EmptyDocumentError(source, "the file is empty (0 bytes)")
    fmt = format_from_extension(source)
    kind = unsupported_document_kind(source)
    if fmt is None and kind is not None:
        raise UnsupportedFormatError(
            source,
            f"{kind} files are not supported; save the report as plain text (.txt) or HTML "
            "and ingest that",
        )
    if fmt in (None, "text") and (urls := _url_lines(data)):
        return _read_urls(urls, max_bytes, max_depth)
    return _parse(source, data, fmt, max_depth=max_depth)


def _apply(
    doc: SourceDocument,
    entry: ManifestEntry | None,
    whole_file: bool,
    published: date | None,
    outlet: str | None,
) -> SourceDocument:
    """Fill in metadata by the precedence in this module's docstring."""
    title, url = doc.title, doc.url
    if entry is not None and whole_file:
        title = entry.title or title
        url = entry.url or url
    return dataclasses.replace(
        doc,
        source_key=url or doc.source_key,
        title=title,
        url=url,
        published=(entry.published if entry else None) or doc.published or published,
        outlet=(entry.outlet if entry else None) or doc.outlet or outlet or site_name(url),
        dateline=(entry.dateline if entry else None) or doc.dateline,
    )


def _problem(err: InputError) -> IngestProblem:
    return IngestProblem(err.source, err.problem)


def read_source(
    source: str,
    *,
    published: date | None = None,
    outlet: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    manifest: Manifest | None = None,
    on_problem: Callable[[IngestProblem], None] | None = None,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> list[SourceDocument]:
    """Read one file or URL into one or more SourceDocuments.

    A text or HTML file gives one document; a JSON list, a JSONL file or a
    feed gives one per record (``source#N``). Metadata follows the
    precedence in this module's docstring: ``manifest`` entry, then the
    document, then the ``published``/``outlet`` defaults.

    A file that cannot be read at all raises an InputError subclass whose
    message names the source and the fix. A *record* that cannot be read
    (a bad JSONL line, an undatable record, an empty feed entry) is passed
    to ``on_problem`` and the other records are still returned; without
    ``on_problem`` the first such record raises its error instead.
    """
    entry = None if manifest is None or is_url(source) else manifest.entry_for(source)
    documents: list[SourceDocument] = []
    for item in _read_items(source, max_bytes, max_depth):
        if isinstance(item, InputError):
            if on_problem is None:
                raise item
            on_problem(_problem(item))
            continue
        documents.append(_apply(item, entry, item.source == source, published, outlet))
    return documents


class _Manifests:
    """Loads each folder's manifest once and reports its problems once."""

    def __init__(self, max_bytes: int) -> None:
        self._max_bytes = max_bytes
        self._loaded: dict[str, Manifest | None] = {}
        self.problems: list[IngestProblem] = []

    def _load(self, folder: str) -> Manifest | None:
        key = path_key(folder)
        if key not in self._loaded:
            manifest = None
            path = find_manifest(folder)
            if path is not None:
                try:
                    manifest = load_manifest(path, max_bytes=self._max_bytes)
                except InputError as err:
                    self.problems.append(_problem(err))
                else:
                    self.problems.extend(manifest.problems)
            self._loaded[key] = manifest
        return self._loaded[key]

    def for_source(self, source: str, root: str | None) -> Manifest | None:
        """Manifests from ``root`` down to the source's folder merged, nearest winning."""
        if root is None:
            return None
        folder = source if os.path.isdir(source) else os.path.dirname(source) or "."
        folders = [folder]
        while os.path.normpath(folder) != os.path.normpath(root):
            parent = os.path.dirname(folder)
            if not parent or parent == folder:
                break
            folder = parent
            folders.append(folder)
        merged: Manifest | None = None
        for current in reversed(folders):
            found = self._load(current)
            if found is not None:
                merged = found if merged is None else merged.merged_with(found)
        return merged

    def take_problems(self) -> list[IngestProblem]:
        """Problems found since the last call."""
        taken, self.problems = self.problems, []
        return taken


@dataclasses.dataclass(frozen=True, slots=True)
class PlannedSource:
    """One source to read, with the manifest that applies to it and the manifest problems due.

    :func:`plan_sources` does the part of reading that needs the whole list
    (which manifests apply, each one's problems reported once);
    :func:`read_planned` reads one planned source on its own. Splitting them
    lets the Spark batch runner (:mod:`crosswire.batch`) read sources on
    executors and still yield exactly what :func:`read_paths` yields.
    """

    source: str
    manifest: Manifest | None
    problems: tuple[IngestProblem, ...] = ()
    skip: bool = False
    """Listed only to report why it is not read (``problems`` says why)."""


def plan_sources(
    paths: Sequence[str | os.PathLike[str]],
    *,
    max_bytes: int = DEFAULT_MAX_BYTES,
    follow_symlinks: bool = False,
) -> list[PlannedSource]:
    """Every source :func:`discover` finds in ``paths``, in order, with its manifest."""
    manifests = _Manifests(max_bytes)
    planned: list[PlannedSource] = []
    for found in discover_sources(paths, follow_symlinks=follow_symlinks):
        if found.skip is not None:
            problem = IngestProblem(found.source, found.skip)
            planned.append(PlannedSource(found.source, None, (problem,), skip=True))
            continue
        manifest = manifests.for_source(found.source, found.root)
        planned.append(PlannedSource(found.source, manifest, tuple(manifests.take_problems())))
    return planned


def read_planned(
    planned: PlannedSource,
    *,
    published: date | None = None,
    outlet: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    max_depth: int = DEFAULT_MAX_DEPTH,
) -> list[SourceDocument | IngestProblem]:
    """What reading one planned source yields: its manifest problems, then its records."""
    result: list[SourceDocument | IngestProblem] = list(planned.problems)
    if planned.skip:
        return result
    problems: list[IngestProblem] = []
    try:
        documents = read_source(
            planned.source,
            published=published,
            outlet=outlet,
            max_bytes=max_bytes,
            manifest=planned.manifest,
            on_problem=problems.append,
            max_depth=max_depth,
        )
    except InputError as err:
        result.append(_problem(err))
    else:
        result.extend(_in_record_order(documents, problems))
    return result


def read_paths(
    paths: Sequence[str | os.PathLike[str]],
    *,
    published: date | None = None,
    outlet: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    progress: Callable[[str], None] | None = None,
    max_depth: int = DEFAULT_MAX_DEPTH,
    follow_symlinks: bool = False,
) -> Iterator[SourceDocument | IngestProblem]:
    """Read every source :func:`discover` finds in ``paths``, never raising for bad input.

    Yields documents in discovery order; a source (or record, or manifest)
    that cannot be read yields an IngestProblem and the batch carries on.
    Manifests in the folders between a file and the folder the user named
    apply to it (the nearest wins), also for a file named directly.
    ``progress`` is called with each source once it is done, as many times
    as ``discover(paths)`` has entries, so a caller can drive a progress bar.
    """
    plan = plan_sources(paths, max_bytes=max_bytes, follow_symlinks=follow_symlinks)
    for planned in plan:
        yield from read_planned(
            planned, published=published, outlet=outlet, max_bytes=max_bytes, max_depth=max_depth
        )
        if progress is not None:
            progress(planned.source)


def _record_number(source: str) -> int:
    number = source.rpartition("#")[2]
    return int(number) if number.isdigit() else 0


def _in_record_order(
    documents: list[SourceDocument], problems: list[IngestProblem]
) -> list[SourceDocument | IngestProblem]:
    """Documents and record problems of one source interleaved by record number."""
    merged: list[SourceDocument | IngestProblem] = [*documents, *problems]
    return sorted(merged, key=lambda item: _record_number(item.source))
