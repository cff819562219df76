"""Turning what the user typed (files, folders, URLs) into the list of sources to read.

Discovery is separate from reading so the CLI can size a progress bar and
so the order is predictable: the order given, and within a folder sorted by
path, depth first. Nothing a user would care about is dropped silently:
missing paths, unreadable folders and folders with nothing to read stay in
the list so that reading them produces a clear problem.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from dataclasses import dataclass

from crosswire.ingest.decode import bomless_utf, looks_binary
from crosswire.ingest.formats import (
    MANIFEST_NAME,
    format_from_extension,
    is_manifest_data,
    unsupported_document_kind,
)
from crosswire.ingest.url import is_url

__all__ = ["OUTSIDE_LINK", "Discovered", "discover", "discover_sources", "is_hidden", "path_key"]


def path_key(path: str) -> str:
    """A file's identity: its absolute, symlink-free, case-normalised path."""
    return os.path.normcase(os.path.realpath(path))


def is_hidden(name: str) -> bool:
    """Dot-files and dot-folders (``.git``, ``.DS_Store``) and editor backups (``a.txt~``)."""
    return name.startswith(".") or name.endswith("~")


@dataclass(frozen=True, slots=True)
class Discovered:
    """A source to read and the folder the user named that led to it.

    ``root`` bounds the search for manifests: those in the folders from the
    file's own up to ``root`` apply. It is the file's own folder for a file
    named directly and None for a URL.
    """

    source: str
    root: str | None
    skip: str | None = None
    """Why the source is listed but must not be read (a link out of the folder), or None."""


def _worth_reading(path: str) -> bool:
    """Should a file found in a folder be read? Known formats yes; others if text.

    A FIFO, socket or device is listed (reading reports it) but never opened
    here: opening a FIFO blocks until someone writes to it.
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return True
    except OSError:
        return True  # reading it will report the problem
    if format_from_extension(path) or unsupported_document_kind(path):
        return True
    try:
        with open(path, "rb") as handle:
            head = handle.read(8192)
    except OSError:
        return True  # reading it will report the problem
    if head.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")) or bomless_utf(head):
        return True
    return bool(head.strip()) and not looks_binary(head)


def _outside(path: str, root: str) -> bool:
    """True if ``path`` is a symbolic link whose target lies outside the folder ``root``."""
    if not os.path.islink(path):
        return False
    target, folder = path_key(path), path_key(root)
    return os.path.commonpath([target, folder]) != folder


OUTSIDE_LINK = "a symbolic link to a file outside the folder, not followed (--follow-symlinks)"


def _walk(root: str, follow_symlinks: bool = False) -> list[tuple[str, str | None]]:
    """Files to read under ``root``, sorted by path, each with why it is skipped (or None).

    Unreadable sub-folders are included, so that reading them reports it. A
    link to a file outside ``root`` is listed as skipped unless ``follow_symlinks``:
    a folder of reports must not read whatever a link in it points at.
    """
    found: list[tuple[tuple[str, ...], str]] = []
    unreadable: list[str] = []

    def on_error(err: OSError) -> None:
        if err.filename and os.path.normpath(err.filename) != os.path.normpath(root):
            unreadable.append(err.filename)

    for dirpath, dirnames, filenames in os.walk(root, onerror=on_error):
        dirnames[:] = sorted(name for name in dirnames if not is_hidden(name))
        relative = os.path.relpath(dirpath, root)
        parts = () if relative == "." else tuple(relative.split(os.sep))
        for name in filenames:
            if is_hidden(name) or name == MANIFEST_NAME:
                continue
            path = os.path.join(dirpath, name)
            if _worth_reading(path):
                found.append(((*parts, name), path))
    for folder in unreadable:
        found.append((tuple(os.path.relpath(folder, root).split(os.sep)), folder))
    return [
        (path, None if follow_symlinks or not _outside(path, root) else OUTSIDE_LINK)
        for _, path in sorted(found)
    ]


def _manifest_files(path: str) -> list[str] | None:
    """The files a manifest named on the command line describes, or None if it is none."""
    if os.path.basename(path) != MANIFEST_NAME or not os.path.isfile(path):
        return None
    try:
        with open(path, encoding="utf-8-sig") as handle:
            value = json.load(handle)
    except (OSError, ValueError):
        return None
    if not is_manifest_data(value):
        return None
    folder = os.path.dirname(path)
    names = (entry["file"] for entry in value["articles"])
    return [
        os.path.join(folder, name.strip())
        for name in names
        if isinstance(name, str) and os.path.isfile(os.path.join(folder, name.strip()))
    ]


def discover_sources(
    paths: Sequence[str | os.PathLike[str]], *, follow_symlinks: bool = False
) -> list[Discovered]:
    """Like :func:`discover`, keeping the folder each file was found under."""
    seen: set[str] = set()
    result: list[Discovered] = []

    def add(source: str, root: str | None, skip: str | None = None) -> None:
        key = source if is_url(source) or source == "-" else path_key(source)
        if skip is not None:
            key = f"skip:{os.path.abspath(source)}"  # a skipped link hides no real file
        if key not in seen:
            seen.add(key)
            result.append(Discovered(source, root, skip))

    for given in paths:
        source = os.fspath(given)
        if is_url(source) or source == "-":  # "-": standard input
            add(source, None)
        elif os.path.isdir(source):
            files = _walk(source, follow_symlinks)
            for path, skip in files:
                add(path, source, skip)
            if not files:
                add(source, source)  # reading it reports "nothing to read here"
        elif listed := _manifest_files(source):
            for path in listed:  # files it names that are missing are reported with it
                add(path, os.path.dirname(source) or ".")
        else:
            add(source, os.path.dirname(source) or ".")
    return result


def discover(
    paths: Sequence[str | os.PathLike[str]], *, follow_symlinks: bool = False
) -> list[str]:
    """Expand files, folders and URLs into the ordered list of sources to read.

    Folders are searched recursively; files come sorted by their path under
    the folder, skipping hidden files and folders (``.name``), editor
    backups (``name~``), ``manifest.json`` files and, in folders only, files
    that are neither a known format nor text (images, archives). Files named
    directly are always kept, except a ``manifest.json``, which stands for
    the files it lists (so ``reports/*`` works like ``reports``). A source
    reached twice is listed once. Missing
    paths and folders with nothing to read are kept, so that reading them
    reports the problem. The length of the result is the number of sources
    :func:`crosswire.ingest.read_paths` reads, for sizing a progress bar.
    """
    return [found.source for found in discover_sources(paths, follow_symlinks=follow_symlinks)]
