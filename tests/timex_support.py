"""Shared helpers of the temporal-expression tests (tests/extract/time/): run the normaliser
of the timexes extractor on a short text and read the value of one phrase."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

from crosswire.extract.timexes import find_timexes


def sentences_at_full_stops(text: str) -> list[tuple[int, int]]:
    """Sentence bounds at ". " (the test texts have no abbreviations before a break)."""
    starts = [0] + [m.end() for m in re.finditer(r"(?<=[a-z0-9])\. (?=[A-Z])", text)]
    return list(zip(starts, [*starts[1:], len(text)], strict=True))


def timexes_in(text: str, published: date | None, tense: str | None = None) -> list[dict[str, Any]]:
    """The items of ``text``, sentences split at full stops, every clause in ``tense``."""
    return find_timexes("a", text, published, sentences_at_full_stops(text), lambda s, e: tense)


def value_of(text: str, phrase: str, published: date, tense: str | None = None) -> object:
    """The value of the item whose text is ``phrase`` (it must be found whole)."""
    items = timexes_in(text, published, tense)
    hits = [i for i in items if i["text"] == phrase]
    assert len(hits) == 1, items
    return hits[0]["value"]


def timexes_by_line(text: str, published: date) -> list[dict[str, Any]]:
    """The items of ``text`` with one sentence per non-empty line (a live blog's layout)."""
    sentences = []
    pos = 0
    for line in text.split("\n"):
        if line:
            sentences.append((pos, pos + len(line)))
        pos += len(line) + 1
    return find_timexes("a", text, published, sentences)


def value_in(items: list[dict[str, Any]], phrase: str) -> object:
    """The value of the one item whose text is ``phrase``."""
    hits = [i for i in items if i["text"] == phrase]
    assert len(hits) == 1, items
    return hits[0]["value"]


def parsed_value(annotator: Any, text: str, phrase: str, published: date) -> object:
    """The value of ``phrase`` with each clause's tense read off the real parse."""
    from crosswire.extract.time_tense import clause_tense

    doc = annotator.nlp(text)
    items = find_timexes(
        "a", text, published, [(0, len(text))], lambda s, e: clause_tense(doc, s, e)
    )
    return value_in(items, phrase)
