"""When did it happen? One incident's day from all the reports about it.

A shooting is reported the next morning ("was shot Saturday night"), again
when a victim dies days later, and again at the arraignment. The incident's
day is the day the violence happened, counted in each report from that
report's own publication date. Each report offers candidate days:

* its shooting / attack / casualties events dated by a temporal expression
  (``date.source`` ``timex`` or ``context``), weighted by type: a shooting
  dates the incident better than a death, which may come later;
* day-level expressions in its opening sentences even without a trigger
  ("It happened just before 6 p.m. Friday"), weighted lower.

A candidate is weighed by how specific its expression is (a calendar date
over a weekday, a clock time on a named day, "11:30 p.m. Wednesday", between
them; a bare clock time, whose day is only the publication date, and a
holiday, mostly a setting, count little), by where it sits (the lede
sets the scene) and by how recent it is (a weekday is always within the
week; a calendar date keeps its weight for a month, since late reports name
the incident's day by the calendar and keep weekdays for their own news).
"Overnight" in a report means the night that ended on its publication day.
A day right after a speech verb ("officials said Tuesday", "told reporters
Monday") is when something was said and counts little. A weekday the
resolver read forward past the report, dating violence the report tells
("the Friday shooting"), is the weekday before: violence is reported after
it happens (not when the day is in a future clause: "a vigil ... Friday").
A day told with a lag before the violence ("died Tuesday, two days after
being shot") is later news and counts little.
Page stamps ("Posted: Jul 24, 2016 10:12 PM", ``function`` of the timex
``PUBLICATION_TIME``), entries of a dated list of other incidents
("Jan. 5: ...", weak) and days after the report's publication (vigils,
court dates, tense errors) are not candidates. Every report's candidates
are summed per day across reports, the best-supported day wins and on a
tie the earlier day. With no candidate in any report the incident stays
undated rather than taking a publication date.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, NamedTuple

__all__ = ["Candidate", "Dated", "Report", "Vote", "candidates", "incident_day", "iso_day"]

_TYPE_WEIGHT = {"shooting": 1.0, "attack": 0.8, "casualties": 0.6}
_DAY_GRAIN = ("day", "part_of_day", "time")
_CALENDAR = frozenset({"month_day", "day_month", "numeric_date", "iso_date"})
_SPEC = 1.3
"""A day named by the calendar ("March 18", "3/18/2016") is more specific than a weekday."""
_LIST_ENTRY = re.compile(r"\s*[:–—]\s")
"""A date heading an entry of a list or timeline ("Jan. 5: Howard Atkinson shot ...")."""
_LEDE = 600
"""Characters of a report's opening that set its scene."""
_MONTH_IN_TEXT = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d|\d{1,2}/\d{1,2}",
    re.IGNORECASE,
)
"""A calendar date inside a clock expression ("5 p.m. Oct. 11", "9 a.m. 3/18")."""
_WEEKDAY_IN_TEXT = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.IGNORECASE)
_CLOCK_DAY = 1.2
"""A clock time on a named day ("11:30 p.m. Wednesday") pins the day better than a weekday."""
_SAID_BEFORE = re.compile(
    r"\b(?:said|says|told\s+(?:reporters|[A-Z][\w.\-]*(?:\s+[A-Z][\w.\-]*){0,3})|announced"
    r"|confirmed|stated|added|declined\s+to\s+\w+(?:\s+\w+)?)"
    r"(?:\s+(?:on|late|early|this))?\s*$"
)
"""A speech verb right before a timex: the day is when it was said, not when it happened."""
_SAID_WEIGHT = 0.3
_LATER_BY = re.compile(
    r"\b(?:days?|weeks?|months?|hours?)\s+(?:after|following|since)\b", re.IGNORECASE
)
"""A lag between a day and the violence told after it ("died Tuesday, two days after being
shot", "arrested Monday, three days after the shots were fired"): the day is later news."""
_LATER_WEIGHT = 0.3
_PAST_WEEKDAY_TRUST = 0.8
"""A weekday read forward past the report ("the Friday shooting" resolved to next Friday)
dating violence the report tells: violence is reported after it happens, so it is the
weekday before; trusted a little less, since the resolver found no past cue."""


@dataclass(frozen=True)
class Report:
    """One report about the incident: its events and timexes (extractor items).

    ``opening`` is where the report starts telling this incident: 0 for a
    report about it, the start of the passage when the incident is one of
    several the report tells (a convoy blocked the day before, told in its
    ninth paragraph). Lede and position weights count from there, since that
    passage sets the incident's scene as a lede does a report's.
    """

    id: str
    published: date | None
    events: Sequence[dict[str, Any]]
    timexes: Sequence[dict[str, Any]]
    text: str = ""
    opening: int = 0


class Candidate(NamedTuple):
    """One report's support for one day, and the span behind it.

    ``start``/``end`` are the offsets (in the report's text) of the timex that
    names the day, or of the event when its day came without a timex, so a
    reader can be shown the words that dated the incident.
    """

    weight: float
    why: str
    start: int
    end: int


class Vote(NamedTuple):
    """One report's candidate day, as counted in :func:`incident_day`."""

    report: str
    day: date
    weight: float
    why: str
    start: int
    end: int


@dataclass
class Dated:
    """The incident's day, its weight and the votes behind it.

    ``tally`` is the summed weight of every candidate day, so callers can say
    how much of the evidence the winner holds and which rival days come close.
    """

    day: date
    weight: float
    votes: list[Vote] = field(default_factory=list)
    tally: dict[date, float] = field(default_factory=dict)

    def explain(self) -> str:
        """The votes, one per report, for error analysis."""
        return "; ".join(f"{v.report[:6]}:{v.day}:{v.weight:.2f}:{v.why}" for v in self.votes)


def iso_day(value: Any) -> date | None:
    """The day an ISO string starts with ("2022-03-31", "2022-03-31T10:00"), else None."""
    if not isinstance(value, str):
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def _position(start: int) -> float:
    return 1.0 if start < _LEDE else 0.7 if start < 3 * _LEDE else 0.5


def _reading(timex: dict[str, Any] | None, published: date | None) -> tuple[date | None, float]:
    """The day a timex gives an incident, and how far that day can be trusted.

    A clock time with no day named ("around 9 p.m.") only guesses the day
    from the publication date, and a live blog's entry stamp ("11:05 - ...") says when
    the entry was posted, not when anything happened; a holiday is more often a setting ("a
    Christmas party") than the day of the shooting. "Overnight" in a report
    means the night that ended on its publication day, and a shooting in it
    most likely fell after midnight, on that day.
    """
    if timex is None:
        return None, 1.0
    if str(timex.get("text", "")).lower() == "overnight" and published is not None:
        return published, 0.8
    day = iso_day(timex.get("value"))
    if timex.get("rule") == "clock" and timex.get("day_from") in ("publication", "heading"):
        return day, 0.3  # a guessed day, or a live blog's entry stamp: when it was posted
    if timex.get("rule") == "holiday":
        return day, 0.4
    if timex.get("rule") in _CALENDAR:
        return day, _SPEC
    if timex.get("rule") == "clock" and timex.get("day_from") == "text":
        text = str(timex.get("text", ""))
        if _MONTH_IN_TEXT.search(text):
            return day, _SPEC
        if _WEEKDAY_IN_TEXT.search(text):
            return day, _CLOCK_DAY
    return day, 1.0


def _calendar(timex: dict[str, Any] | None) -> bool:
    """Whether ``timex`` names its day by the calendar, alone or with a clock time."""
    if timex is None:
        return False
    if timex.get("rule") in _CALENDAR:
        return True
    return (
        timex.get("rule") == "clock"
        and timex.get("day_from") == "text"
        and bool(_MONTH_IN_TEXT.search(str(timex.get("text", ""))))
    )


def _said_on(text: str, timex: dict[str, Any]) -> bool:
    """Whether ``timex`` dates a statement ("officials said Tuesday"), not an event."""
    start = int(timex["start"])
    return bool(_SAID_BEFORE.search(text[max(0, start - 60) : start]))


def _recency(day: date, published: date | None, calendar: bool) -> float:
    """News tells a recent event with relative days; older dates are mostly background.

    A report written days or weeks later names the incident's day by the
    calendar ("shot Dec. 13") and keeps weekdays for its own news (the
    arrest, the hearing), so calendar dates keep their weight for a month.
    """
    if published is None:
        return 1.0
    back = (published - day).days
    if calendar:
        return 1.0 if back <= 31 else 0.6 if back <= 400 else 0.3
    return 1.0 if back <= 7 else 0.5 if back <= 31 else 0.3


def _later_than(text: str, timex: dict[str, Any], event: dict[str, Any]) -> bool:
    """Whether ``text`` puts a lag between ``timex`` and the ``event`` told after it."""
    end, start = int(timex["end"]), int(event["start"])
    if end > start:
        return False
    between = text[end:start]
    return "\n" not in between and ". " not in between and bool(_LATER_BY.search(between))


def _weekday_past(day: date | None, timex: dict[str, Any] | None, published: date | None) -> bool:
    """Whether ``day`` is a weekday the resolver put in the week after ``published``."""
    if day is None or timex is None or published is None or day <= published:
        return False
    if timex.get("tense") == "future":
        return False
    if (day - published).days > 7:
        return False
    if timex.get("rule") == "weekday":
        return True
    return (
        timex.get("rule") == "clock"
        and timex.get("day_from") == "text"
        and bool(_WEEKDAY_IN_TEXT.search(str(timex.get("text", ""))))
    )


def candidates(report: Report) -> dict[date, Candidate]:
    """Candidate incident days of one report with their support and the evidence."""
    found: dict[date, Candidate] = {}
    published = report.published

    def add(
        day: date | None,
        weight: float,
        why: str,
        timex: dict[str, Any] | None,
        span: dict[str, Any],
    ) -> None:
        if day is None:
            return
        if published is not None and day > published:
            return
        calendar = _calendar(timex)
        weight *= _recency(day, published, calendar)
        if timex is not None and _LIST_ENTRY.match(report.text, int(timex["end"])):
            weight *= 0.2
        if timex is not None and report.text and _said_on(report.text, timex):
            weight *= _SAID_WEIGHT
        old = found.get(day)
        if old is None or weight > old.weight:
            found[day] = Candidate(weight, why, int(span["start"]), int(span["end"]))

    by_id = {str(t.get("id")): t for t in report.timexes}
    for e in report.events:
        weight = _TYPE_WEIGHT.get(str(e.get("type")))
        info = e.get("date") or {}
        if weight is None or info.get("source") not in ("timex", "context"):
            continue
        if info.get("granularity") not in _DAY_GRAIN:
            continue
        timex = by_id.get(str(info.get("timex")))
        day, trust = _reading(timex, published)
        if timex is None:
            day = iso_day(info.get("value"))
        elif day is not None and _weekday_past(day, timex, published):
            day = date.fromordinal(day.toordinal() - 7)
            trust *= _PAST_WEEKDAY_TRUST
        weight *= (
            trust * float(info.get("confidence", 0.5)) * _position(int(e["start"]) - report.opening)
        )
        if timex is not None and _later_than(report.text, timex, e):
            weight *= _LATER_WEIGHT
        add(day, weight, f"{e['text']}@{info.get('text')}", timex, timex or e)
    for t in report.timexes:
        if int(t["start"]) - report.opening >= _LEDE or t.get("function") == "PUBLICATION_TIME":
            continue
        if t.get("granularity") not in _DAY_GRAIN or t.get("tense") == "future":
            continue
        day, trust = _reading(t, published)
        add(day, 0.3 * trust, f"lede@{t.get('text')}", t, t)
    return found


def incident_day(reports: Sequence[Report]) -> Dated | None:
    """The incident's day from ``reports``, or None when no report dates it."""
    tally: dict[date, float] = defaultdict(float)
    votes = []
    for r in reports:
        for day, c in candidates(r).items():
            tally[day] += c.weight
            votes.append(Vote(r.id, day, c.weight, c.why, c.start, c.end))
    if not tally:
        return None
    best, weight = max(tally.items(), key=lambda kv: (kv[1], -kv[0].toordinal()))
    return Dated(best, weight, votes, dict(tally))
