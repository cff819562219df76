"""Folder manifests: metadata for reports whose text does not carry it.

Plain-text reports rarely say when or where they were published. A folder
may hold a ``manifest.json`` that supplies it per file::

    {"articles": [{"file": "a.txt", "published": "2022-04-01", "outlet": null,
                   "title": "...", "url": "...", "dateline": "..."}]}

A manifest is advisory: a broken one, or a broken entry, is reported as a
problem and the files are still read, without the metadata it failed to
give. ``null`` means "not known" and never overrides a value found elsewhere.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from datetime import date

from crosswire.errors import MalformedDocumentError
from crosswire.ingest.decode import DEFAULT_MAX_BYTES, decode_bytes, read_file_bytes
from crosswire.ingest.fields import DATE_HINT, optional_str, parse_date
from crosswire.ingest.formats import MANIFEST_NAME
from crosswire.ingest.paths import path_key
from crosswire.models import IngestProblem

__all__ = [
    "Manifest",
    "ManifestEntry",
    "find_manifest",
    "load_manifest",
]


@dataclass(frozen=True, slots=True)
class ManifestEntry:
    """Metadata a manifest gives for one file; None where it gives nothing."""

    file: str
    published: date | None = None
    outlet: str | None = None
    title: str | None = None
    url: str | None = None
    dateline: str | None = None


@dataclass(slots=True)
class Manifest:
    """The entries of one or more manifests, looked up by the file they describe.

    ``problems`` lists what was wrong with the manifest (bad entries,
    entries naming missing files); the caller reports them.
    """

    paths: tuple[str, ...] = ()
    entries: dict[str, ManifestEntry] = field(default_factory=dict)
    problems: list[IngestProblem] = field(default_factory=list)

    def entry_for(self, source: str) -> ManifestEntry | None:
        """The entry describing the file ``source``, if any."""
        return self.entries.get(path_key(source))

    def merged_with(self, nearer: Manifest) -> Manifest:
        """A manifest combining this one with ``nearer``, whose entries win."""
        return Manifest(
            paths=self.paths + nearer.paths,
            entries={**self.entries, **nearer.entries},
            problems=[],
        )


def find_manifest(folder: str) -> str | None:
    """The manifest file in ``folder``, if it has one."""
    candidate = os.path.join(folder, MANIFEST_NAME)
    return candidate if os.path.isfile(candidate) else None


def _entry(
    path: str, folder: str, number: int, raw: object, problems: list[IngestProblem]
) -> ManifestEntry | None:
    def problem(message: str) -> None:
        problems.append(IngestProblem(path, f"entry {number}: {message}"))

    if not isinstance(raw, dict) or not optional_str(raw.get("file")):
        problem('expected an object with a "file" name')
        return None
    name = str(raw["file"]).strip()
    if not os.path.isfile(os.path.join(folder, name)):
        problem(f"names {name!r}, which is not a file in {folder or '.'}")
        return None
    published = None
    value = raw.get("published", raw.get("date"))
    if value is not None:
        published = parse_date(value) if isinstance(value, str) else None
        if published is None:
            problem(
                f"{name}: field 'published': cannot read {json.dumps(value)} as a date; "
                f"{DATE_HINT}; the file is read without it"
            )
    outlet = raw.get("outlet")
    if outlet is not None and not isinstance(outlet, str):
        problem(f"{name}: field 'outlet' should be a string or null; the file is read without it")
    return ManifestEntry(
        file=name,
        published=published,
        outlet=optional_str(outlet),
        title=optional_str(raw.get("title")),
        url=optional_str(raw.get("url")),
        dateline=optional_str(raw.get("dateline")),
    )


def load_manifest(path: str, *, max_bytes: int = DEFAULT_MAX_BYTES) -> Manifest:
    """Read a manifest file; entries are keyed by the files they name.

    Problems with single entries land in ``Manifest.problems``. Raises
    MalformedDocumentError (or another InputError) if the manifest as a
    whole cannot be used.
    """
    folder = os.path.dirname(path)
    text = decode_bytes(path, read_file_bytes(path, max_bytes))
    usage = 'expected {"articles": [{"file": ..., "published": "YYYY-MM-DD", ...}]}'
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise MalformedDocumentError(
            path,
            f"manifest is not valid JSON (line {err.lineno}, column {err.colno}: {err.msg}); "
            "the files in its folder are read without it",
        ) from None
    raw_entries = value.get("articles") if isinstance(value, dict) else value
    if not isinstance(raw_entries, list):
        raise MalformedDocumentError(
            path, f"manifest has no list of articles ({usage}); the files are read without it"
        )
    manifest = Manifest(paths=(path,))
    seen: dict[str, int] = {}
    for number, raw in enumerate(raw_entries, 1):
        entry = _entry(path, folder, number, raw, manifest.problems)
        if entry is None:
            continue
        key = path_key(os.path.join(folder, entry.file))
        if key in seen:
            manifest.problems.append(
                IngestProblem(
                    path,
                    f"entry {number}: {entry.file!r} is also described by entry {seen[key]}; "
                    f"using entry {number}",
                )
            )
        seen[key] = number
        manifest.entries[key] = entry
    return manifest
