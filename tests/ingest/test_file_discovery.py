"""Discovery: ordering, hidden files, de-duplication, folders with nothing to read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from crosswire.errors import UnsupportedFormatError
from crosswire.ingest import discover, read_paths, read_source
from crosswire.models import IngestProblem, SourceDocument


def _tree(root: Path, files: dict[str, bytes]) -> None:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)


def test_discover_order_and_skips(tmp_path: Path) -> None:
    _tree(
        tmp_path,
        {
            "b.txt": b"b",
            "a.html": b"<p>a</p>",
            "sub/z.json": b"{}",
            "sub/deeper/y.md": b"y",
            "c/x.jsonl": b"{}",
            ".hidden.txt": b"h",
            ".git/HEAD.txt": b"h",
            "notes.txt~": b"backup",
            "manifest.json": b'{"articles": []}',
            "photo.jpg": b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" * 10,
            "README": b"Plain text without an extension.",
            "report.pdf": b"%PDF-1.4\x00\x01",
        },
    )
    root = str(tmp_path)
    assert discover([root]) == [
        os.path.join(root, name)
        for name in (
            "README",
            "a.html",
            "b.txt",
            "c/x.jsonl",
            "report.pdf",
            "sub/deeper/y.md",
            "sub/z.json",
        )
    ]


def test_discover_keeps_given_order_urls_and_missing_paths_and_deduplicates(
    tmp_path: Path,
) -> None:
    _tree(tmp_path, {"a.txt": b"a", "b.txt": b"b", ".secret.txt": b"s"})
    root = str(tmp_path)
    given = [
        os.path.join(root, "b.txt"),
        "https://example.org/report",
        root,
        "nope.txt",
        os.path.join(root, ".secret.txt"),  # named directly: kept
    ]
    assert discover(given) == [
        os.path.join(root, "b.txt"),
        "https://example.org/report",
        os.path.join(root, "a.txt"),
        "nope.txt",
        os.path.join(root, ".secret.txt"),
    ]


def test_discover_accepts_path_objects(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.txt": b"a"})
    assert discover([tmp_path]) == [str(tmp_path / "a.txt")]


def test_folder_with_nothing_to_read(tmp_path: Path) -> None:
    _tree(tmp_path, {".hidden.txt": b"x", "img.png": b"\x89PNG\x00\x00" * 20})
    assert discover([str(tmp_path)]) == [str(tmp_path)]
    [problem] = list(read_paths([str(tmp_path)]))
    assert isinstance(problem, IngestProblem)
    assert problem.source == str(tmp_path)
    assert "no files crosswire can read" in problem.message


def test_read_source_on_a_folder_points_to_read_paths(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.txt": b"a"})
    with pytest.raises(UnsupportedFormatError, match="read_paths"):
        read_source(str(tmp_path))


def test_pdf_in_a_folder_is_reported_not_skipped(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.txt": b"The convoy left.", "scan.pdf": b"%PDF-1.4\x00"})
    items = list(read_paths([str(tmp_path)]))
    assert isinstance(items[0], SourceDocument)
    problem = items[1]
    assert isinstance(problem, IngestProblem)
    assert "PDF files are not supported" in problem.message


def test_explicit_binary_file_with_unknown_extension(tmp_path: Path) -> None:
    _tree(tmp_path, {"img.png": b"\x89PNG\x00\x00" * 20})
    [problem] = list(read_paths([str(tmp_path / "img.png")]))
    assert isinstance(problem, IngestProblem)
    assert "binary file, not text" in problem.message


def test_progress_is_called_once_per_discovered_source(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.txt": b"A.", "b.txt": b"   ", "c.jsonl": b'{"text": "x"}\n{"text": "y"}\n'})
    seen: list[str] = []
    items = list(read_paths([str(tmp_path), "missing.txt"], progress=seen.append))
    assert seen == discover([str(tmp_path), "missing.txt"])
    assert len(items) == 5  # a, b's problem, two records, the missing file's problem


@pytest.mark.needs_file_modes
def test_unreadable_sub_folder_is_reported(tmp_path: Path) -> None:
    _tree(tmp_path, {"a.txt": b"A.", "locked/b.txt": b"B."})
    locked = tmp_path / "locked"
    locked.chmod(0)
    try:
        items = list(read_paths([str(tmp_path)]))
    finally:
        locked.chmod(0o755)
    assert isinstance(items[0], SourceDocument)
    assert isinstance(items[1], IngestProblem)
    assert "permission denied" in items[1].message
