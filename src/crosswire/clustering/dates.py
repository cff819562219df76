"""When did it happen? Day-level event dates for incident linking.

Incidents are kept apart mostly by their day ("two shootings in one city on
different days"), so each report needs the dates of the things it narrates,
not of the statements about them: "Russian forces blocked a convoy on
Thursday" dates an incident, "the ICRC said on Thursday" dates a statement,
and "it will try again on Saturday" dates a plan. :func:`event_dates`
resolves relative expressions (weekdays, yesterday, "March 14") against the
publication date and drops statement and future dates with cheap context
rules. When the ``timexes`` extractor (issue 5) is installed its normalised
values are used instead of this resolver, with the same context rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

__all__ = ["DateSpan", "event_dates", "filter_event_dates", "resolve_dates"]

_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = {
    m: i + 1
    for i, names in enumerate(
        [
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ]
    )
    for m in names
}
_MONTH = (
    r"(january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\.?"
)
_M1 = _MONTH.replace("(", "(?P<m1>", 1)
_M2 = _MONTH.replace("(", "(?P<m2>", 1)
_DATE = re.compile(
    r"\b(?:(?P<last>last|this|next|past)\s+)?(?P<wd>monday|tuesday|wednesday|thursday|friday"
    r"|saturday|sunday)(?:'s|’s)?\b"
    r"|\b(?P<yday>yesterday)\b|\b(?P<today>today|tonight|this morning)\b"
    r"|\b(?P<lastnight>last night|overnight)\b"
    rf"|\b{_M1}\s+(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(?P<y1>(?:19|20)\d\d))?"
    rf"|\b(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?{_M2}"
    r"(?:,?\s+(?P<y2>(?:19|20)\d\d))?"
    r"|\b(?P<iso>(?:19|20)\d\d-\d\d-\d\d)\b",
    re.IGNORECASE,
)
_REPORTING = (
    r"said|says|say|saying|told|tells|tweeted|wrote|writes|announced|announcing|added|confirmed"
    r"|stated|reported|declared|warned|claimed|insisted|noted|explained|posted|statement"
    r"|briefing|interview|speech|address|according|revealed|released|press conference"
)
_STATEMENT_AFTER = re.compile(rf"\b(?:{_REPORTING})\b[^.;,!?]{{0,30}}$", re.IGNORECASE)
_STATEMENT_BEFORE = re.compile(rf"^[^.;!?\w]{{0,3}}(?:\w+\s+){{0,1}}(?:{_REPORTING})\b", re.I)
_FUTURE = re.compile(
    r"(?:\b(?:will|would|plans?|planned|planning|scheduled|expected|set to|due to|intends?"
    r"|hopes?|going to|aims?|next|ready to|try to)\b|['’]ll\b)[^.;!?]{0,60}$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class DateSpan:
    """A date found in a text: [start, end) of the words, the day interval [lo, hi]."""

    start: int
    end: int
    lo: date
    hi: date

    @property
    def exact(self) -> bool:
        """True when the words name one day."""
        return self.lo == self.hi


def _year_for(month: int, day: int, published: date) -> date | None:
    best = None
    for year in (published.year - 1, published.year, published.year + 1):
        try:
            cand = date(year, month, day)
        except ValueError:
            continue
        # prefer the most recent past date; allow a week ahead (schedules)
        if cand <= published + timedelta(days=7) and (best is None or cand > best):
            best = cand
    return best


def resolve_dates(text: str, published: date | None) -> list[DateSpan]:
    """Every date expression in ``text`` resolved to days (relative ones need ``published``)."""
    out = []
    for m in _DATE.finditer(text):
        g = m.groupdict()
        lo: date | None = None
        hi: date | None = None
        try:
            if g["iso"]:
                lo = hi = date.fromisoformat(g["iso"])
            elif g["d1"] or g["d2"]:
                month = _MONTHS[(g["m1"] or g["m2"]).lower().rstrip(".")]
                day = int(g["d1"] or g["d2"])
                year = g["y1"] or g["y2"]
                if year:
                    lo = hi = date(int(year), month, day)
                elif published is not None:
                    lo = hi = _year_for(month, day, published)
            elif published is None:
                continue
            elif g["wd"]:
                target = _WEEKDAYS.index(g["wd"].lower())
                back = (published.weekday() - target) % 7
                if (g["last"] or "").lower() in ("last", "past") and back == 0:
                    back = 7
                if (g["last"] or "").lower() == "next":
                    ahead = (target - published.weekday()) % 7 or 7
                    lo = hi = published + timedelta(days=ahead)
                else:
                    lo = hi = published - timedelta(days=back)
            elif g["yday"]:
                lo = hi = published - timedelta(days=1)
            elif g["today"]:
                lo = hi = published
            elif g["lastnight"]:
                lo, hi = published - timedelta(days=1), published
        except ValueError:
            continue
        if lo is not None and hi is not None:
            out.append(DateSpan(m.start(), m.end(), lo, hi))
    return out


def filter_event_dates(
    text: str, dates: Iterable[DateSpan], published: date | None
) -> list[DateSpan]:
    """Keep the dates that date something that happened, not a statement or a plan."""
    kept = []
    for d in dates:
        before = text[max(0, d.start - 60) : d.start]
        after = text[d.end : d.end + 30]
        if _STATEMENT_AFTER.search(before) or _STATEMENT_BEFORE.search(after):
            continue
        if published is not None and d.lo > published:
            continue  # a plan or a schedule, not an incident yet
        if _FUTURE.search(before[-45:]):
            continue
        kept.append(d)
    return kept


def event_dates(text: str, published: date | None) -> list[DateSpan]:
    """The dates of narrated events in ``text`` (see the module docstring)."""
    return filter_event_dates(text, resolve_dates(text, published), published)
