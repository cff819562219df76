"""Guessing a report's publication date from its own text, for when nothing else gives one.

Relative dates ("on Thursday") are only as good as their anchor, so a guess
must never be used silently: :func:`guess_published` is called only when the
user asks for it (a CLI flag), and it returns the date *with* its evidence
(the span it read) and a confidence, so the export can say "anchored on a
guessed date". Cues, strongest first:

1. an explicit "Published / Updated / Posted <date with year>" line;
2. a wire dateline with a full date ("KYIV, April 1, 2022 (Reuters) -");
3. a day name written with its date ("Thursday, March 31, 2022"), whose
   consistency with the calendar is checked;
4. otherwise the latest explicit full date in the text (a lower bound: a
   report cannot be older than the last date it mentions), flagged as such.

A text with no full date (like the Mariupol examples) gets no guess: the
honest answer is that the text does not say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from crosswire.extract.time_patterns import find_candidates
from crosswire.extract.time_resolve import resolve
from crosswire.extract.time_values import Context

__all__ = ["PublicationGuess", "guess_published"]

_PUBLISHED = re.compile(
    r"(?i)\b(?:published|updated|posted|first published|last updated)\s*(?:on|:)?\s*$"
)
_WIRE = re.compile(r"^\s*\(?(?:Reuters|AP|AFP|dpa|UPI|Xinhua|Bloomberg)\)?\s*[-—–]")
_HEAD = 400


@dataclass(frozen=True, slots=True)
class PublicationGuess:
    """A publication date read from the text, with the span that says so."""

    date: date
    start: int
    end: int
    text: str
    method: str  # "published_line", "dateline", "weekday_date", "latest_date"
    confidence: float


def guess_published(text: str) -> PublicationGuess | None:
    """The publication date the text's own cues point to, or None when they point nowhere."""
    full: list[tuple[int, int, date, bool]] = []
    for cand in find_candidates(text):
        if cand.kind not in ("month_day", "day_month", "iso_date", "numeric_date"):
            continue
        if "year" not in cand.parts and cand.kind != "numeric_date":
            continue
        res = resolve(cand, Context(None))
        if res is None or res.day is None:
            continue
        weekday_ok = True
        if "wd" in cand.parts:
            weekday_ok = res.day.strftime("%A") == cand.parts["wd"]
        full.append((cand.start, cand.end, res.day, weekday_ok))
    if not full:
        return None
    for start, end, day, _ in full:
        if _PUBLISHED.search(text[max(0, start - 40) : start]):
            return PublicationGuess(day, start, end, text[start:end], "published_line", 0.95)
    for start, end, day, _ in full:
        if start < _HEAD and _WIRE.match(text[end : end + 20]):
            return PublicationGuess(day, start, end, text[start:end], "dateline", 0.9)
    for start, end, day, weekday_ok in full:
        if weekday_ok and re.match(r"[A-Z][a-z]+day", text[start:end]):
            return PublicationGuess(day, start, end, text[start:end], "weekday_date", 0.6)
    start, end, day, _ = max(full, key=lambda f: f[2])
    return PublicationGuess(day, start, end, text[start:end], "latest_date", 0.4)
