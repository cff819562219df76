"""Word lists kept as package data: one concept a file, one entry a line, ``#`` comments.

Rules read their vocabulary from files so a reader can see and extend each list without
reading the code, and no list is copied into a function. Every stage reads its files the same
way through :func:`word_lines`; files are read on first use, never at import.
"""

from __future__ import annotations

from importlib import resources

__all__ = ["word_lines"]


def word_lines(package: str, folder: str, concept: str) -> list[str]:
    """The non-comment lines of ``<package>/<folder>/<concept>.txt``, stripped and lowercased."""
    ref = resources.files(package).joinpath(folder, f"{concept}.txt")
    out = []
    for line in ref.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip().lower()
        if line:
            out.append(line)
    return out
