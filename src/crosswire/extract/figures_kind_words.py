"""The word lists that tell what kind of number a figure is, read from package data files.

Each concept (modal auxiliaries, projection predicates, recall adverbs, part-of places,
compound measures, ...) is one file under ``extract/figure_kinds/``, one word a line,
``#`` comments; so a reader can see and extend each list without reading the rules, and
no list is copied into a function. Files are read on first use, not at import.
"""

from __future__ import annotations

from functools import cache

from crosswire.wordlists import word_lines

__all__ = ["compound_measures", "kind_words"]

_FOLDER = "figure_kinds"


def _lines(concept: str) -> list[str]:
    """The non-comment lines of ``figure_kinds/<concept>.txt``, stripped and lowercased."""
    return word_lines("crosswire.extract", _FOLDER, concept)


@cache
def kind_words(concept: str) -> frozenset[str]:
    """The words of one concept (``"modal_auxiliaries"``, ``"recall_modifiers"``, ...)."""
    return frozenset(_lines(concept))


@cache
def compound_measures() -> dict[frozenset[str], str]:
    """Two coordinated measures on one figure -> the compound measure they make together.

    "killed or wounded" is ``{"killed", "injured"}`` -> ``casualties``; "dead or missing"
    is ``{"killed", "missing"}`` -> ``dead_or_missing``.
    """
    out: dict[frozenset[str], str] = {}
    for line in _lines("compound_measures"):
        compound, *parts = line.split()
        out[frozenset(parts)] = compound
    return out
