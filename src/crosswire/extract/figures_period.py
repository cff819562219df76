"""The period a figure totals over, when its sentence names one.

"In January alone, some 700 trucks of UN aid crossed" is a month's total; "a second convoy
of 14 trucks" is one convoy. Set side by side they would read as reports that diverge, so a
figure told for a period ("per month", "in January", "so far this year", "last week",
"in 2022", "daily") carries it, and the reconciler compares it only with figures of the same
period.
"""

from __future__ import annotations

import re

__all__ = ["period_of"]

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_UNITS = {"day": "day", "week": "week", "month": "month", "year": "year"}
_EVERY = re.compile(r"\b(?:per|a|every|each) (day|week|month|year)\b", re.IGNORECASE)
_SPAN_BEFORE = re.compile(
    r"\b(?:under|in|within|over|than|about|nearly|almost|for|after|before|barely|just)\s+$",
    re.IGNORECASE,
)
_AGO = re.compile(r"(?<!\s)\s+(?:ago|earlier|later|before|after|since)\b", re.IGNORECASE)
_ADVERB = re.compile(r"\b(daily|weekly|monthly|yearly|annual(?:ly)?)\b", re.IGNORECASE)
_IN_MONTH = re.compile(
    rf"\b(?i:in|during|throughout|for|over) (?:the month of )?({_MONTHS})(?: ((?:19|20)\d\d))?\b"
)
_THIS = re.compile(r"\b(this|last|so far this) (week|month|year)\b", re.IGNORECASE)
_IN_YEAR = re.compile(r"\b(?i:in|during|throughout) ((?:19|20)\d\d)\b")
_ADVERB_UNIT = {"daily": "day", "weekly": "week", "monthly": "month", "yearly": "year"}


def period_of(sentence: str, start: int, end: int) -> str | None:
    """The period named in ``sentence`` for the figure at ``start``-``end`` (offsets into
    the sentence), as a short key ("per month", "January", "this year"), else None."""
    text = sentence[:start] + " " * (end - start) + sentence[end:]
    for rate in _EVERY.finditer(text):
        spans = _SPAN_BEFORE.search(text[: rate.start()]) or _AGO.match(text, rate.end())
        if rate.group(0)[:2].lower() == "a " and spans:
            continue  # "in under a month", "a week ago": a span of time, not a rate
        return f"per {_UNITS[rate.group(1).lower()]}"
    m = _ADVERB.search(text)
    if m:
        word = m.group(1).lower()
        return f"per {_ADVERB_UNIT.get(word, 'year')}"
    m = _IN_MONTH.search(text)
    if m:
        return " ".join(g for g in m.groups() if g)
    m = _THIS.search(text)
    if m:
        which = "this" if m.group(1).lower().startswith("so far") else m.group(1).lower()
        return f"{which} {m.group(2).lower()}"
    m = _IN_YEAR.search(text)
    if m:
        return m.group(1)
    return None
