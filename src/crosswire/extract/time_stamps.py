"""Page stamps: dates that say when the page was posted, not when anything happened.

Scraped news text keeps its furniture: "Posted: Jul 24, 2016 10:12 PM",
"Updated: Apr 9, 2016 - 11:41 PM", "(Published Monday, Aug. 4, 2014)", a
line holding only "Monday, May 4, 2015 5:29 PM EDT". Such an expression is
the page's publication (TimeML ``functionInDocument="PUBLICATION_TIME"``);
an event dated by it is dated by the web server. Four cues, each one
enough:

* a stamp word ("posted", "updated", "published", "created", "modified")
  shortly before it on the same line, with no sentence end in between;
* a full date with its year run straight into a clock time ("May 4, 2015
  5:29 PM"): prose says "at 5:29 p.m. on May 4" or "May 4, 2015, at 5 p.m.";
* a dated dateline, "Edmonton, Ky. (November 28, 2016) –": a date with its
  year in brackets right after a short opening;
* the expression is the whole line (a dateline on its own), and it names a
  year or a clock time.

A live blog stamps each entry with the clock time it was posted ("11:05 - The health
ministry says ..."): :func:`is_entry_stamp` finds such a clock at the head of its line, and
:func:`is_day_heading` the day headings ("Thursday 4 May") a blog files its entries under.
The entry stamp's day is the heading's above it, else the publication day; never a date
later in the entry, which is what the entry reports on.
"""

from __future__ import annotations

import re

__all__ = ["is_day_heading", "is_entry_stamp", "is_stamp"]

_STAMP_WORD = re.compile(
    r"(?i)\b(?:posted|updated|published|created|modified|last\s+modified)\b[^.!?\n]{0,40}$"
)
_YEAR_THEN_CLOCK = re.compile(
    r"(?:1[89]|20)\d\d(?:\s+|\s*[-|@–—]\s*)[0-2]?\d[:.][0-5]\d\s*(?i:a\.?m\.?|p\.?m\.?)?"
)
_CLOCK_THEN_DATE = re.compile(
    r"^[0-2]?\d[:.][0-5]\d(?:\s*+(?i:a\.?m\.?|p\.?m\.?))?\s++(?:[A-Z][a-z]++,?\s++)?[A-Z][a-z]++\.?\s++\d"
)
_DATELINE = re.compile(r"^[^\n]{0,40}\($")
"""A parenthesised date after a short place dateline: "Edmonton, Ky. (November 28, 2016) –"."""
_LINE_JUNK = re.compile(r"[\s|•·,;:()\[\]\-–—]+")
_HAS_YEAR_OR_CLOCK = re.compile(r"(?:^|\D)(?:1[89]|20)\d\d(?:\D|$)|\d[:.][0-5]\d|\d\s*[ap]\.?m")


def is_stamp(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` (a temporal expression) is a page stamp."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    before = text[max(line_start, start - 60) : start]
    if _STAMP_WORD.search(before):
        return True
    span = text[start:end]
    lo = max(line_start, start - 14)
    window = text[lo : min(line_end, end + 14)]
    for m in _YEAR_THEN_CLOCK.finditer(window):
        if m.start() + lo < end and m.end() + lo > start:
            return True
    if _CLOCK_THEN_DATE.match(span):
        return True
    if _DATELINE.search(text[line_start:start]) and text[end : end + 1] == ")":
        return bool(_HAS_YEAR_OR_CLOCK.search(span))
    rest = _LINE_JUNK.sub("", text[line_start:start] + text[end:line_end])
    return not rest and bool(_HAS_YEAR_OR_CLOCK.search(span))


# possessive spaces, the optional separator taken with the spaces before it: linear
_ENTRY_AFTER = re.compile(r"[ \t]*+(?:[-–—:|•]|[*_]{1,2}(?:[ \t]*+[-–—:|•])?)[ \t]++\S")
"""What follows a live blog's entry stamp: a dash, colon or bar, then the entry."""


def is_entry_stamp(text: str, start: int, end: int) -> bool:
    """Whether the clock time ``text[start:end]`` opens a live-blog entry ("11:05 - ...")."""
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip(" \t*_#"):
        return False
    return _ENTRY_AFTER.match(text, end) is not None


_WEEKDAY_WORD = re.compile(r"(?i)\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b")


def is_day_heading(text: str, start: int, end: int) -> bool:
    """Whether the date ``text[start:end]`` is alone on its line, as a live blog's day heading."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    rest = _WEEKDAY_WORD.sub("", text[line_start:start] + " " + text[end:line_end])
    return not _LINE_JUNK.sub("", rest)
