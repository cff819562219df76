"""Ingest: read news reports from files, folders and URLs into SourceDocuments.

The readers turn whatever the user has (plain text, HTML pages, JSON and
JSONL exports, RSS/Atom feeds, folders of them with a ``manifest.json``, or
URLs) into :class:`~crosswire.models.SourceDocument` objects with the raw
text and whatever metadata came with it. They do not clean the text; that
is the next stage's job, and it records what it removes.

Bad input never ends a batch: :func:`read_paths` yields an
:class:`~crosswire.models.IngestProblem` naming the file (or ``file#N``
record) and what to do about it, and carries on. :func:`read_source` is the
strict single-source reader, raising an :class:`~crosswire.errors.InputError`
subclass. Nothing here prints.
"""

from __future__ import annotations

from crosswire.ingest.decode import DEFAULT_MAX_BYTES
from crosswire.ingest.manifest import Manifest, ManifestEntry, load_manifest
from crosswire.ingest.paths import discover
from crosswire.ingest.reader import read_paths, read_source

__all__ = [
    "DEFAULT_MAX_BYTES",
    "Manifest",
    "ManifestEntry",
    "discover",
    "load_manifest",
    "read_paths",
    "read_source",
]
