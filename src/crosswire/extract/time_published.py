"""A report's publication date read from its URL or its own text, for when nothing else gives one.

Relative dates ("on Thursday") are only as good as their anchor, so a date
read this way is never used silently: it comes *with* its evidence (the span
or the URL it read) and a confidence, and the export says where the date came
from (:func:`published_source`: ``given``, ``url``, ``text`` or ``guess``).
Cues, strongest first:

1. an explicit "Published / Updated / Posted <date with year>" line, a clock
   time and weekday allowed between ("Updated 5:02 PM ET, Tue September 19, 2017");
2. a wire dateline with a full date ("KYIV, April 1, 2022 (Reuters) -");
3. a line that is only a date stamp ("03 June 2025 - 12:15"), the latest one
   when a live page stamps each entry;
4. a day name written with its date ("Thursday, March 31, 2022"), whose
   consistency with the calendar is checked;
5. otherwise the latest explicit full date in the text (a lower bound: a
   report cannot be older than the last date it mentions), flagged as such.

Cues 1-3 state the date (:data:`STATED_METHODS`): ingest uses them, and a date
in the report's URL (:func:`published_from_url`: ".../2023/09/12/...",
"-20230912-"), for every undated report. Cues 4-5 are guesses, used only when
the user asks for them (``ingest --guess-published``). A text with no full date
(like the Mariupol examples) gets nothing: the honest answer is that it does not say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from urllib.parse import urlsplit

from crosswire.extract.time_patterns import find_candidates
from crosswire.extract.time_resolve import resolve
from crosswire.extract.time_values import Context

__all__ = [
    "STATED_METHODS",
    "PublicationGuess",
    "guess_published",
    "published_from_url",
    "published_source",
]

#: Methods whose date the report states (a published line, a dated dateline, a date stamp):
#: used without ``--guess-published``, recorded as read from the ``text``.
STATED_METHODS = frozenset({"published_line", "dateline", "dated_line"})
# Spaces are possessive and a comma takes the spaces after it: what follows a run of spaces
# is a word, a digit or the end, so no split of the run between two ``\s*`` is ever tried
# (with plain ``\s*`` sixty characters of spaces took 70 ms).
_CLOCK = r"\d{1,2}[:.]\d{2}\s*+(?:[ap]\.?m\.?)?\s*+(?:[A-Z]{2,4}\b)?"
_WEEKDAY = r"(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?"
_PUBLISHED = re.compile(
    r"(?i)\b(?:published|updated|posted|first published|last updated)\s*+(?:(?:on|:)\s*+)?"
    rf"(?:{_CLOCK}\s*+(?:,\s*+)?)?(?:{_WEEKDAY}\s*+(?:,\s*+)?)?$"
)
#: What may stand beside a date on a line that is only a date stamp ("03 June 2025 - 12:15").
# possessive spaces: the last class takes what they leave, so no split of a long run of
# spaces is tried twice (a line of spaces once took quadratic time)
_STAMP_REST = re.compile(
    r"(?i)^[\s,|·•:–—-]*+(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\s*+,?\s*+)?"
    r"(?:(?:at\s++)?\d{1,2}[:.]\d{2}\s*+(?:[ap]\.?m\.?)?\s*+(?:[A-Z]{2,4}\b)?)?"
    r"[\s,|·•:–—-]*+$"
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
    method: str  # "published_line", "dateline", "dated_line", "weekday_date", "latest_date"
    confidence: float


def _line_around(text: str, start: int, end: int) -> tuple[str, str]:
    """The rest of the line before and after a span."""
    head = text.rfind("\n", 0, start) + 1
    tail = text.find("\n", end)
    return text[head:start], text[end : tail if tail >= 0 else len(text)]


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
        if _PUBLISHED.search(text[max(0, start - 60) : start]):
            return PublicationGuess(day, start, end, text[start:end], "published_line", 0.95)
    for start, end, day, _ in full:
        if start < _HEAD and _WIRE.match(text[end : end + 20]):
            return PublicationGuess(day, start, end, text[start:end], "dateline", 0.9)
    stamps = [
        (start, end, day)
        for start, end, day, _ in full
        if all(_STAMP_REST.match(part) for part in _line_around(text, start, end))
    ]
    if stamps:
        start, end, day = max(stamps, key=lambda f: f[2])
        return PublicationGuess(day, start, end, text[start:end], "dated_line", 0.85)
    for start, end, day, weekday_ok in full:
        if weekday_ok and re.match(r"[A-Z][a-z]+day", text[start:end]):
            return PublicationGuess(day, start, end, text[start:end], "weekday_date", 0.6)
    start, end, day, _ = max(full, key=lambda f: f[2])
    return PublicationGuess(day, start, end, text[start:end], "latest_date", 0.4)


#: A web archive's capture stamp is when the page was saved, not when it was published.
_ARCHIVED = re.compile(r"(?i)^/web/\d+[a-z_]*/(?P<url>.+)$")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
#: Dates a URL path carries: /2023/09/12/, 2017-09-21, /20230912/, /2016/jul/14/.
_URL_DATES = (
    re.compile(
        r"(?<!\d)(?P<y>(?:19|20)\d\d)(?P<sep>[/_-])(?P<m>0?[1-9]|1[0-2])(?P=sep)"
        r"(?P<d>0?[1-9]|[12]\d|3[01])(?!\d)"
    ),
    re.compile(r"(?<!\d)(?P<y>(?:19|20)\d\d)(?P<m>0[1-9]|1[0-2])(?P<d>0[1-9]|[12]\d|3[01])(?!\d)"),
    re.compile(
        rf"(?i)(?<!\d)(?P<y>(?:19|20)\d\d)/(?P<mon>{'|'.join(_MONTHS)})[a-z]*/(?P<d>\d{{1,2}})(?!\d)"
    ),
)


def published_from_url(url: str | None, *, today: date | None = None) -> PublicationGuess | None:
    """The date a report's URL path holds (".../2023/09/12/...", "/20230912/", "2017-09-21").

    Only the path is read (a query's dates are search parameters), a web archive's capture
    stamp is skipped for the archived address, and a date after ``today`` (a number that only
    looks like one) is no date. The span is (0, 0) and the text is the URL: the date is not
    in the article's text.
    """
    if not url:
        return None
    path = urlsplit(url).path
    archived = _ARCHIVED.match(path) if "archive.org" in url.casefold() else None
    if archived:
        path = urlsplit(archived["url"]).path or archived["url"]
    latest = today or date.today()
    for pattern in _URL_DATES:
        for m in pattern.finditer(path):
            month = (
                _MONTHS.index(m["mon"].casefold()[:3]) + 1
                if "mon" in pattern.groupindex
                else int(m["m"])
            )
            try:
                day = date(int(m["y"]), month, int(m["d"]))
            except ValueError:
                continue
            if day <= latest:
                return PublicationGuess(day, 0, 0, url, "url", 0.9)
    return None


def published_source(published: date | str | None, method: str | None) -> str | None:
    """Where an article's publication date came from: ``given`` (metadata, the manifest,
    ``--published``), ``url``, ``text`` (a date the report states) or ``guess``; None
    when it has no date. ``method`` is the method of the guess it was read by, if any."""
    if published is None:
        return None
    if method is None:
        return "given"
    if method == "url":
        return "url"
    return "text" if method in STATED_METHODS else "guess"
