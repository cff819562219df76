"""Resolving a recognised expression to a TIMEX3 value against an anchor date.

The anchor is the article's publication date. "On Thursday" is the most
recent Thursday on or before it in a past-tense clause (the publication day
itself when that is a Thursday: a Friday report's "on Friday" is today) and
the next one on or after it in a future-tense clause; with no tense either
way the nearer one wins. Values follow TIMEX3 (``2022-03-31``, ``2022-03``,
``2022-W12``, ``2022-Q1``, ``2022-03-13TNI``, ``P10D``, ``PRESENT_REF``) and
each comes with a granularity so later stages know how precise it is.
Without an anchor, relative expressions stay unresolved (value ``None``)
and say so; absolute ones ("5 March 2022") and durations still resolve.
"""

from __future__ import annotations

import calendar
import re
from dataclasses import replace
from datetime import date, timedelta

from crosswire.extract.time_lexicon import (
    HOLIDAYS,
    MONTHS,
    ORDINALS,
    PART_OF_DAY,
    SEASONS,
    WEEKDAYS,
    number_value,
    spelled_year,
    unit_code,
)
from crosswire.extract.time_patterns import Candidate
from crosswire.extract.time_values import (
    SIMPLE_RESOLVERS,
    Context,
    Resolved,
    Resolver,
    _edge,
    _norm,
    _r_duration,
    _unresolved,
)

__all__ = ["Context", "Resolved", "resolve", "shift_months", "weekday_on"]


_PREV = ("last", "past", "previous", "the past", "the last", "the previous")
_NEXT = ("next", "coming", "following", "the next", "the coming", "the following")
_MONTH_RELS = ("last", "next", "this")
"""A bare month's own direction word: "last February", "this September" (the anchor's year)."""
_SEASON_END = {"SP": 5, "SU": 8, "FA": 11, "WI": 2}


def shift_months(day: date, months: int) -> date:
    """``day`` moved by whole months, clamped to the target month's length."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return date(year, month + 1, min(day.day, last))


def weekday_on(anchor: date, weekday: int, tense: str | None, rel: str = "") -> date:
    """The day named by a weekday relative to ``anchor`` (see the module docstring)."""
    back = (anchor.weekday() - weekday) % 7
    ahead = (weekday - anchor.weekday()) % 7
    if rel in ("last", "past", "previous"):
        return anchor - timedelta(days=back or 7)
    if rel in ("next", "coming"):
        return anchor + timedelta(days=ahead or 7)
    if tense == "future":
        return anchor + timedelta(days=ahead)
    if tense == "present" and ahead < back:
        return anchor + timedelta(days=ahead)
    return anchor - timedelta(days=back)


def _week(day: date) -> str:
    year, week, _ = day.isocalendar()
    return f"{year}-W{week:02d}"


def _quarter(day: date) -> tuple[int, int]:
    return day.year, (day.month - 1) // 3 + 1


def _shift_quarter(year: int, quarter: int, by: int) -> tuple[int, int]:
    index = year * 4 + quarter - 1 + by
    return index // 4, index % 4 + 1


def _year_for(month: int, day: int, anchor: date, tense: str | None, rel: str = "") -> int:
    """The year that puts month/day where the tense (or ``rel``) says, relative to ``anchor``."""
    candidates = []
    for year in (anchor.year - 1, anchor.year, anchor.year + 1):
        try:
            candidates.append(date(year, month, min(day, calendar.monthrange(year, month)[1])))
        except ValueError:
            continue
    if rel == "last":
        before = [d for d in candidates if (d.year, d.month) < (anchor.year, anchor.month)]
        return max(before).year
    if rel == "next":
        return min(d for d in candidates if (d.year, d.month) > (anchor.year, anchor.month)).year
    if rel == "this":
        return anchor.year
    # Past tense: the latest such day not after the anchor, unless it is only days ahead
    # (a report citing a date later this week); future tense the mirror image; no tense:
    # the nearest, leaning to the past as news does.
    if tense == "past":
        return min(candidates, key=lambda d: _distance(d, anchor, ahead_cost=8)).year
    if tense == "future":
        return min(candidates, key=lambda d: _distance(d, anchor, behind_cost=8)).year
    return min(candidates, key=lambda d: _distance(d, anchor, ahead_cost=1.5)).year


def _distance(
    day: date, anchor: date, *, ahead_cost: float = 1.0, behind_cost: float = 1.0
) -> float:
    days = (day - anchor).days
    if days > 10:
        return days * ahead_cost
    if days < -10:
        return -days * behind_cost
    return abs(days)


def _month(parts: dict[str, str]) -> int:
    return MONTHS[parts["month"].lower().rstrip(".")]


def _day(day: date, relative: bool, pod: str | None = None, mod: str | None = None) -> Resolved:
    """A calendar day; the part of a named day ("Thursday night") is kept beside the value."""
    part = PART_OF_DAY[pod.lower()] if pod else None
    return Resolved("DATE", day.isoformat(), "day", relative, mod, day=day, part_of_day=part)


def _explicit_day(parts: dict[str, str], month: int, day: int, ctx: Context) -> Resolved | None:
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        return None
    if "year" in parts:
        try:
            return _day(date(int(parts["year"]), month, day), False)
        except ValueError:
            return None
    if ctx.published is None:
        return _unresolved("DATE", "day", f"XXXX-{month:02d}-{day:02d}")
    rel = _norm(parts.get("rel"))
    year = _year_for(month, day, ctx.published, ctx.tense, rel if rel in ("last", "next") else "")
    try:
        return _day(date(year, month, day), True)
    except ValueError:
        return None


def _r_iso_date(parts: dict[str, str], ctx: Context) -> Resolved | None:
    try:
        day = date(int(parts["year"]), int(parts["month"]), int(parts["day"]))
    except ValueError:
        return None
    if "h" in parts:
        return Resolved("TIME", f"{day.isoformat()}T{parts['h']}:{parts['m']}", "time", False)
    return _day(day, False)


def _two_digit_year(y: str, anchor: date | None) -> int:
    if len(y) == 4:
        return int(y)
    pivot = (anchor.year % 100 + 10) if anchor else 50
    return 2000 + int(y) if int(y) <= pivot else 1900 + int(y)


def _r_numeric_date(parts: dict[str, str], ctx: Context) -> Resolved | None:
    a, b = int(parts["a"]), int(parts["b"])
    day, month = (a, b) if parts["sep"] == "." or a > 12 else (b, a)
    year = _two_digit_year(parts["y"], ctx.published)
    return _explicit_day({"year": str(year)}, month, day, ctx)


def _r_month_day(parts: dict[str, str], ctx: Context) -> Resolved | None:
    return _explicit_day(parts, _month(parts), int(parts["day"]), ctx)


_r_day_month = _r_month_day


def _r_week_of(parts: dict[str, str], ctx: Context) -> Resolved | None:
    """ "the week of March 6": the calendar week that holds the day (TIMEX3 ``2000-W10``)."""
    day = _explicit_day(parts, _month(parts), int(parts["day"]), ctx)
    if day is None or day.day is None:
        return None if day is None else _unresolved("DATE", "week", None)
    return Resolved("DATE", _week(day.day), "week", day.relative)


def _r_month_year(parts: dict[str, str], ctx: Context) -> Resolved | None:
    value = f"{int(parts['year']):04d}-{_month(parts):02d}"
    return Resolved("DATE", value, "month", False, _edge(parts))


def _r_month(parts: dict[str, str], ctx: Context) -> Resolved | None:
    month = _month(parts)
    rel = _norm(parts.get("rel")).rstrip("- ")
    if ctx.published is None:
        return _unresolved("DATE", "month", f"XXXX-{month:02d}")
    year = _year_for(month, 15, ctx.published, ctx.tense, rel if rel in _MONTH_RELS else "")
    return Resolved("DATE", f"{year:04d}-{month:02d}", "month", True, _edge(parts))


def _r_spelled_year(parts: dict[str, str], ctx: Context) -> Resolved | None:
    """ "nineteen ninety-seven", "January nineteen ninety-seven", "the winter of nineteen ..."."""
    year = spelled_year(parts["spelled"])
    if year is None:
        return None
    if "month" in parts:
        return Resolved("DATE", f"{year:04d}-{_month(parts):02d}", "month", False)
    if "season" in parts:
        season = _norm(parts["season"])
        code = SEASONS["fall" if season == "autumn" else season]
        return Resolved("DATE", f"{year:04d}-{code}", "season", False)
    return Resolved("DATE", f"{year:04d}", "year", False)


def _r_month_rel_year(parts: dict[str, str], ctx: Context) -> Resolved | None:
    """ "June last year", "January this year": the month of the year counted from the anchor."""
    month = _month(parts)
    if ctx.published is None:
        return _unresolved("DATE", "month", f"XXXX-{month:02d}")
    year = ctx.published.year + {"last": -1, "this": 0, "next": 1}[_norm(parts["rel"])]
    return Resolved("DATE", f"{year:04d}-{month:02d}", "month", True)


def _r_weekday(parts: dict[str, str], ctx: Context) -> Resolved | None:
    weekday = WEEKDAYS[parts["wd"].lower()]
    if ctx.published is None:
        pod = PART_OF_DAY.get(_norm(parts.get("pod")))
        return _unresolved("DATE", "day", f"XXXX-WXX-{weekday + 1}" + (f"T{pod}" if pod else ""))
    day = weekday_on(ctx.published, weekday, ctx.tense, _norm(parts.get("rel")))
    return _day(day, True, parts.get("pod"))


def _r_relative_day(parts: dict[str, str], ctx: Context) -> Resolved | None:
    word = _norm(parts["word"])
    offsets = {
        "today": 0,
        "tonight": 0,
        "yesterday": -1,
        "tomorrow": 1,
        "overnight": -1,
        "last night": -1,
        "the day before yesterday": -2,
        "the day after tomorrow": 2,
    }
    pod = parts.get("pod")
    if word.startswith("this "):
        offset, pod = 0, word.split()[1]
    else:
        offset = offsets[word]
        if word == "overnight" and ctx.tense in ("future", "present"):
            offset = 0  # "forecast to fall to minus 4 overnight": the coming night
        if word in ("tonight", "overnight", "last night"):
            pod = "night"
    if ctx.published is None:
        return _unresolved("DATE", "part_of_day" if pod else "day", None)
    day = ctx.published + timedelta(days=offset)
    if pod and word != "tonight":  # "last night", "overnight": the part of day is the point
        code = PART_OF_DAY[pod.lower()]
        value = f"{day.isoformat()}T{code}"
        return Resolved("TIME", value, "part_of_day", True, day=day, part_of_day=code)
    return _day(day, True, pod)


def _holiday_date(name: str, year: int) -> date:
    rule = HOLIDAYS[name]
    if isinstance(rule, tuple):
        return date(year, *rule)
    if rule == "election":  # US: the Tuesday after the first Monday of November (2nd to 8th)
        first = date(year, 11, 2)
        return first + timedelta(days=(1 - first.weekday()) % 7)
    month, weekday, nth = {"thanksgiving": (11, 3, 4), "labor": (9, 0, 1), "memorial": (5, 0, -1)}[
        rule
    ]
    days = [d for d in range(1, calendar.monthrange(year, month)[1] + 1)]
    matching = [d for d in days if date(year, month, d).weekday() == weekday]
    return date(year, month, matching[nth - 1 if nth > 0 else nth])


def _r_holiday(parts: dict[str, str], ctx: Context) -> Resolved | None:
    name = _norm(parts["holiday"]).replace("’", "'")
    if ctx.published is None:
        return _unresolved("DATE", "day", None)
    anchor = ctx.published
    options = [_holiday_date(name, y) for y in (anchor.year - 1, anchor.year, anchor.year + 1)]
    rel = _norm(parts.get("rel"))
    if rel == "last" or (ctx.tense == "past" and rel != "next"):
        day = max(d for d in options if d <= anchor)
    elif rel == "next" or ctx.tense == "future":
        day = min(d for d in options if d >= anchor)
    else:
        day = min(options, key=lambda d: abs((d - anchor).days))
    return _day(day, True)


def _quarter_context(ctx: Context) -> bool:
    return ctx.quarterly or bool(re.search(r"(?i)quarter", ctx.sentence))


_PER_SHARE = re.compile(r"(?i)\b(?:a|per)\s+share\b")


def _quarter_comparison(ctx: Context) -> bool:
    """Whether "a year ago" compares quarters: the earnings sentence of a quarterly report.

    Results stated per share ("$32.3 million, or 86 cents a share, a year ago") are the
    period a report is about, and a report that names a quarter at all is about one, so
    "a year ago" there is the same quarter a year before even when the sentence does not
    say "quarter" and the document names one only once or twice.
    """
    return _quarter_context(ctx) or (ctx.quarter_named and bool(_PER_SHARE.search(ctx.sentence)))


def _period(unit: str, step: int, anchor: Context, rel: str) -> Resolved | None:
    """This/last/next week, month, quarter, year, ... as a TIMEX3 value."""
    pub = anchor.published
    assert pub is not None
    if unit == "week":
        return Resolved("DATE", _week(pub + timedelta(weeks=step)), "week", True)
    if unit == "weekend":
        if step == 0:
            step = -1 if anchor.tense == "past" and pub.weekday() < 5 else 0
        return Resolved("DATE", _week(pub + timedelta(weeks=step)) + "-WE", "week", True)
    if unit == "month":
        return Resolved("DATE", shift_months(pub, step).isoformat()[:7], "month", True)
    if unit in ("quarter", "period"):
        if unit == "period" and not (_quarter_context(anchor) or anchor.quarter_named):
            return None  # "the latest period" is a quarter only in a report that names one
        year, q = _quarter(pub)
        if rel in ("the", "the latest", "the past") and anchor.tense != "future":
            step = -1
        year, q = _shift_quarter(year, q, step)
        return Resolved("DATE", f"{year}-Q{q}", "quarter", True)
    if unit in ("year", "fiscal year"):
        return Resolved("DATE", str(pub.year + step), "year", True)
    if unit == "half":
        year, half = pub.year, 1 if pub.month <= 6 else 2
        index = year * 2 + half - 1 + step
        return Resolved("DATE", f"{index // 2}-H{index % 2 + 1}", "half", True)
    if unit == "decade":
        return Resolved("DATE", str(pub.year // 10 + step), "decade", True)
    if unit == "century":
        return Resolved("DATE", str(pub.year // 100 + step), "century", True)
    if unit in SEASONS:
        code = SEASONS[unit]
        year = pub.year
        if step < 0 and pub.month <= _SEASON_END[code]:
            year -= 1
        elif step > 0 and pub.month > _SEASON_END[code]:
            year += 1
        return Resolved("DATE", f"{year}-{code}", "season", True)
    return None


_COARSE = {"year": ("year", "fiscal year", "decade", "century"), "month": ("month",)}


def _reference_covers(ctx: Context, unit: str) -> bool:
    """Whether the narrative's reference date is precise enough for "that <unit>"."""
    if ctx.reference is None:
        return False
    if ctx.reference_granularity == "day":
        return True
    if ctx.reference_granularity == "month":
        return unit in _COARSE["year"] or unit in _COARSE["month"]
    return unit in _COARSE["year"]


def _r_relative_period(parts: dict[str, str], ctx: Context) -> Resolved | None:
    unit = _norm(parts["unit"])
    unit = "fall" if unit == "autumn" else unit
    rel = _norm(parts.get("rel"))
    if rel in ("that", "the same") and _reference_covers(ctx, unit):
        ctx = replace(ctx, published=ctx.reference)
    elif rel in ("that", "the same"):
        return _unresolved("DATE", unit, None)
    if rel in ("the", "the full") and unit in ("year", "fiscal year") and "ended" in parts:
        # "for the year ended Sept. 30": a twelve-month span named by its closing day, not
        # the calendar year; "for the year", "of the year" are the current year (below).
        return Resolved("DURATION", "P1Y", "duration", False)
    if ctx.published is None:
        return _unresolved("DATE", unit, None)
    step = -1 if rel in _PREV else 1 if rel in _NEXT else 0
    out = _period(unit, step, ctx, rel)
    if out is None:
        return None
    return replace(out, mod=_edge(parts))


_r_edge_period = _r_relative_period


def _r_last_period(parts: dict[str, str], ctx: Context) -> Resolved | None:
    """ "the past year", "the next month", "the following year": one whole period, named.

    TimeML reads "in the past year" as the calendar period before the anchor (a DATE, like
    "last year"), not as a twelve-month span; a count makes it a span ("the past two
    years", a duration rule). "The following year" counts from the narrative's last
    explicit day ("On May 22, 1995, ... the following year": 1996). Days and hours stay
    spans: "the past day" is no calendar unit one names.
    """
    unit = _norm(parts["unit"])
    pre = _norm(parts["pre"]).removeprefix("the ")
    if unit in ("day", "hour"):
        return _r_duration(parts, ctx)
    if pre == "following":
        ref = ctx.reference
        if ref is None or unit not in ("year", "month") or not _reference_covers(ctx, unit):
            return _r_duration(parts, ctx)
        if unit == "year":
            return Resolved("DATE", str(ref.year + 1), "year", True)
        return Resolved("DATE", shift_months(ref, 1).isoformat()[:7], "month", True)
    if ctx.published is None:
        return _unresolved("DATE", unit, None)
    step = -1 if pre in ("past", "last", "previous") else 1
    return _period(unit, step, ctx, pre)


def _r_ordinal_quarter(parts: dict[str, str], ctx: Context) -> Resolved | None:
    """ "the third quarter", "the second half of 1989", "next year's first quarter",
    "the first quarter of last year", "the year-ago third quarter"; "the last half" is the
    second one, "the final quarter" the fourth. A quarter not yet begun this year is last
    year's, unless the clause looks ahead ("will cut output in the fourth quarter")."""
    half = _norm(parts["unit"]) == "half"
    word = parts["ord"].lower()
    if word in ("last", "latter", "final"):
        if not half and word != "final":
            return None  # "the last quarter" is the previous one: a relative period
        n = 2 if half else 4  # "the final quarter" is the year's fourth
    else:
        n = ORDINALS[word]
    if half and n > 2:
        return None
    code = f"H{n}" if half else f"Q{n}"
    if "year" in parts:
        return Resolved("DATE", f"{parts['year']}-{code}", "half" if half else "quarter", False)
    if ctx.published is None:
        return _unresolved("DATE", "quarter", f"XXXX-{code}")
    yrel = _norm(parts.get("yrel") or parts.get("yrel2"))
    if yrel:
        shift = 1 if yrel.startswith("next") else 0 if yrel.startswith("this") else -1
        year = ctx.published.year + shift
        return Resolved("DATE", f"{year}-{code}", "half" if half else "quarter", True)
    year, current = _quarter(ctx.published)
    started = (n - 1) * 6 + 1 <= ctx.published.month if half else n <= current
    if not started and ctx.tense != "future":
        year -= 1
    return Resolved("DATE", f"{year}-{code}", "half" if half else "quarter", True)


def _r_year_ago_period(parts: dict[str, str], ctx: Context) -> Resolved | None:
    if ctx.published is None:
        return _unresolved("DATE", "year", None)
    unit = _norm(parts.get("unit") or parts.get("unit2") or parts.get("unit3"))
    if unit in ("quarter", "period") or (not unit and _quarter_context(ctx)):
        year, q = _shift_quarter(*_quarter(ctx.published), -1)
        return Resolved("DATE", f"{year - 1}-Q{q}", "quarter", True)
    return Resolved("DATE", str(ctx.published.year - 1), "year", True)


def _r_ago(parts: dict[str, str], ctx: Context) -> Resolved | None:
    direction = _norm(parts["dir"])
    sign = -1 if direction in ("ago", "earlier") else 1
    count = number_value(parts["num"]) if parts.get("num") else 1.0
    code = unit_code(parts["unit"])
    bare_plural = not parts.get("num") and _norm(parts["unit"]).endswith(("s", "ies"))
    if direction in ("earlier", "later") and code in ("D", "W", "2W", "TH", "TM", "TS"):
        if bare_plural:  # "days later": some days, not one
            return _r_duration({**parts, "num": "some"}, ctx)
        return _r_duration(parts, ctx)  # "three days later": a distance from the narrative
    if bare_plural:
        # "years ago", "months later": no count, so no calendar point; TimeML's vague reference
        return Resolved("DATE", "PAST_REF" if sign < 0 else "FUTURE_REF", "ref", False)
    anchor = ctx.published
    if count is None:
        if code == "Y" and anchor is not None and sign < 0:
            return Resolved("DATE", str(anchor.year)[:3] + "X", "decade", True)
        return Resolved("DATE", "PAST_REF" if sign < 0 else "FUTURE_REF", "ref", False)
    if anchor is None:
        return _unresolved("DATE", "day", None)
    n = int(count) * sign
    if code == "D":
        return _day(anchor + timedelta(days=n), True)
    if code in ("W", "2W"):
        weeks = n * (2 if code == "2W" else 1)
        return Resolved("DATE", _week(anchor + timedelta(weeks=weeks)), "week", True)
    if code == "M":
        return Resolved("DATE", shift_months(anchor, n).isoformat()[:7], "month", True)
    if code == "Y" and _quarter_comparison(ctx) and abs(n) == 1:
        year, q = _shift_quarter(*_quarter(anchor), -1)
        return Resolved("DATE", f"{year + n}-Q{q}", "quarter", True)
    if code == "Y":
        return Resolved("DATE", str(anchor.year + n), "year", True)
    if code == "Q":
        year, q = _shift_quarter(*_quarter(anchor), n)
        return Resolved("DATE", f"{year}-Q{q}", "quarter", True)
    if code == "DE":
        return Resolved("DATE", str(anchor.year + 10 * n)[:3], "decade", True)
    if code in ("TH", "TM", "TS"):
        return Resolved("TIME", "PAST_REF" if sign < 0 else "FUTURE_REF", "ref", False)
    return None


def _r_year_quarter(parts: dict[str, str], ctx: Context) -> Resolved | None:
    if "ord" in parts:
        return Resolved(
            "DATE", f"{parts['year']}-Q{ORDINALS[parts['ord'].lower()]}", "quarter", False
        )
    if ctx.published is None:
        return Resolved("DATE", parts["year"], "year", False)
    _, q = _shift_quarter(*_quarter(ctx.published), -1)
    return Resolved("DATE", f"{parts['year']}-Q{q}", "quarter", False)


_RESOLVERS: dict[str, Resolver] = {
    **SIMPLE_RESOLVERS,
    **{name[3:]: fn for name, fn in list(globals().items()) if name.startswith("_r_")},
}


def resolve(candidate: Candidate, ctx: Context) -> Resolved | None:
    """The TIMEX3 reading of ``candidate`` in ``ctx``, or None if it is not a time after all."""
    return _RESOLVERS[candidate.kind](candidate.parts, ctx)
