"""TIMEX3 values that need no calendar arithmetic, and the types every resolver shares.

Durations ("10 days" -> ``P10D``), clock times, decades, centuries, bare
years, sets ("daily") and the vague references ("now", "recently") read the
same whether or not the article has a publication date, so they live apart
from the calendar resolution of :mod:`crosswire.extract.time_resolve`,
which imports the :class:`Context` and :class:`Resolved` types from here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from crosswire.extract.time_lexicon import (
    MONTHS,
    PART_OF_DAY,
    SEASONS,
    WEEKDAYS,
    number_value,
    unit_code,
)

__all__ = ["SIMPLE_RESOLVERS", "Context", "Resolved", "Resolver"]


@dataclass(frozen=True, slots=True)
class Context:
    """What resolution may use: the anchor, the clause's tense, the sentence around it.

    ``tense`` is ``past``, ``future``, ``present`` or ``None`` (not known).
    ``reference`` is the last explicit date mentioned before the expression,
    for "that year"-style expressions that count from the narrative;
    ``reference_granularity`` says how much of it the text gave (``day``,
    ``month`` or ``year``: "in 1988" gives a year, not its first of January).
    ``quarterly`` says the document reports by quarters (earnings news), where
    "a year earlier" means the same quarter a year before. ``quarter_named``
    says the document names a quarter at all (a shorter earnings note).
    """

    published: date | None
    tense: str | None = None
    sentence: str = ""
    reference: date | None = None
    quarterly: bool = False
    quarter_named: bool = False
    reference_granularity: str = "day"


@dataclass(frozen=True, slots=True)
class Resolved:
    """A TIMEX3 reading of an expression.

    ``value`` is None when the expression needs an anchor it does not have;
    ``pattern`` then keeps what is known ("XXXX-WXX-4": some Thursday).
    ``relative`` tells whether the value depended on the anchor.
    """

    type: str
    value: str | None
    granularity: str
    relative: bool
    mod: str | None = None
    pattern: str | None = None
    day: date | None = field(default=None, compare=False)
    part_of_day: str | None = None


_EDGE_MOD = {
    "earlier": "START",
    "early": "START",
    "the beginning of": "START",
    "the start of": "START",
    "later": "END",
    "late": "END",
    "the end of": "END",
    "the rest of": "END",
    "mid": "MID",
    "mid-": "MID",
    "the middle of": "MID",
}


def _norm(text: str | None) -> str:
    return " ".join((text or "").lower().split())


def _edge(parts: dict[str, str]) -> str | None:
    word = _norm(parts.get("edge") or parts.get("rel")).rstrip("- ")
    return _EDGE_MOD.get(word) or _EDGE_MOD.get(word + "-")


def _unresolved(type_: str, granularity: str, pattern: str | None) -> Resolved:
    return Resolved(type_, None, granularity, True, pattern=pattern)


_HALVES = {"Y": "6M", "TH": "30M", "TM": "30S", "D": "T12H"}
"""Half a unit in the next smaller one, as TIMEX3 writes it: "2 1/2 years" is P2Y6M."""


def _duration_value(count: float | None, code: str) -> str:
    if code == "2W":
        code, count = "W", None if count is None else count * 2
    if code == "DE":
        code, count = "Y", None if count is None else count * 10
    if code == "CE":
        code, count = "Y", None if count is None else count * 100
    if code == "Q":
        code, count = "M", None if count is None else count * 3
    if count is not None and count % 1 == 0.5 and code in _HALVES:
        whole = "" if count < 1 else f"{int(count)}{code[-1]}"
        start = "PT" if code.startswith("T") else "P"
        return start + whole + _HALVES[code]
    amount = "X" if count is None else (f"{count:g}" if count % 1 else str(int(count)))
    return f"PT{amount}{code[1:]}" if code.startswith("T") else f"P{amount}{code}"


_MODS = {
    "more than": "MORE_THAN",
    "over": "MORE_THAN",
    "just over": "MORE_THAN",
    "less than": "LESS_THAN",
    "fewer than": "LESS_THAN",
    "under": "LESS_THAN",
    "just under": "LESS_THAN",
    "nearly": "LESS_THAN",
    "almost": "LESS_THAN",
    "at least": "EQUAL_OR_MORE",
    "at most": "EQUAL_OR_LESS",
    "up to": "EQUAL_OR_LESS",
}


def _r_duration(parts: dict[str, str], ctx: Context) -> Resolved | None:
    count = number_value(parts["num"]) if parts.get("num") else 1.0
    if count is not None and (parts.get("half") or parts.get("half2")):
        count += 0.5
    value = _duration_value(count, unit_code(parts["unit"]))
    mod = _MODS.get(_norm(parts.get("mod")), "APPROX" if parts.get("mod") else None)
    return Resolved("DURATION", value, "duration", False, mod)


def _r_vague_duration(parts: dict[str, str], ctx: Context) -> Resolved | None:
    pre = _norm(parts.get("pre"))
    if pre == "recent" and _norm(parts["unit"]) in ("years", "decades"):
        return Resolved("DATE", "PAST_REF", "ref", False)
    return Resolved("DURATION", _duration_value(None, unit_code(parts["unit"])), "duration", False)


_DECADE_WORDS = (
    "twenties",
    "thirties",
    "forties",
    "fifties",
    "sixties",
    "seventies",
    "eighties",
    "nineties",
)


def _decade_of(tens: int, ctx: Context) -> str:
    """ "the '90s" / "the nineties": the latest such decade begun by the anchor ("199" in 1998,
    "198" for "the '80s" in 2022, "201" for "the '10s" in 2022)."""
    if ctx.published is None:
        return f"19{tens}"
    century = ctx.published.year // 100
    if tens * 10 > ctx.published.year % 100:
        century -= 1
    return f"{century}{tens}"


def _r_decade(parts: dict[str, str], ctx: Context) -> Resolved | None:
    if "decword" in parts:  # "the nineties": the decade of the century being written about
        tens = _DECADE_WORDS.index(_norm(parts["decword"])) + 2
        return Resolved("DATE", _decade_of(tens, ctx), "decade", False, _edge(parts))
    if "dec2" in parts:
        return Resolved("DATE", _decade_of(int(parts["dec2"][0]), ctx), "decade", False)
    return Resolved("DATE", parts["dec"][:3], "decade", False, _edge(parts))


def _r_century(parts: dict[str, str], ctx: Context) -> Resolved | None:
    word = _norm(parts["ord"])
    n = {"nineteenth": 19, "twentieth": 20, "twenty-first": 21}.get(word)
    n = n or int(re.sub(r"\D", "", word))
    return Resolved("DATE", f"{n - 1:02d}", "century", False)


def _r_year(parts: dict[str, str], ctx: Context) -> Resolved | None:
    """ "1990", "fiscal 1990", "late 1990", "the year 2000" (one expression, the year)."""
    pre = parts.get("pre", "")
    edge = None if _norm(pre).startswith("the year") else _edge({"edge": pre})
    return Resolved("DATE", parts["year"], "year", False, edge)


def _r_season_year(parts: dict[str, str], ctx: Context) -> Resolved | None:
    """ "spring 1997", "the summer of 1996": the season of a named year (TimeML "1997-SP")."""
    season = _norm(parts["season"])
    code = SEASONS["fall" if season == "autumn" else season]
    return Resolved("DATE", f"{parts['year']}-{code}", "season", False)


_HOUR_WORDS = {
    w: n
    for n, w in enumerate(
        (
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        )
    )
}


def _r_clock(parts: dict[str, str], ctx: Context) -> Resolved | None:
    if "named" in parts:
        hour, minute = (0, 0) if _norm(parts["named"]) == "midnight" else (12, 0)
    elif "hm" in parts:
        hour, minute = int(parts["hm"][:2]), int(parts["hm"][2:])
    elif "hw" in parts:
        word = _norm(parts["hw"])
        hour, minute = (int(word) if word.isdigit() else _HOUR_WORDS[word]), 0
        pod = _norm(parts.get("pod"))
        if hour < 12 and ("afternoon" in pod or "evening" in pod or "night" in pod):
            hour += 12
    else:
        hour, minute = int(parts["h"]), int(parts.get("m") or 0)
        ap = _norm(parts.get("ap")).replace(".", "")
        if ap == "pm" and hour < 12:
            hour += 12
        elif ap == "am" and hour == 12:
            hour = 0
    if hour > 24 or minute > 59:
        return None
    clock = f"T{hour:02d}:{minute:02d}"
    if ctx.published is None:
        return _unresolved("TIME", "time", f"XXXX-XX-XX{clock}")
    return Resolved("TIME", f"{ctx.published.isoformat()}{clock}", "time", True, day=ctx.published)


def _r_ref(parts: dict[str, str], ctx: Context) -> Resolved | None:
    word = _norm(parts["word"])
    if word in ("now", "currently", "nowadays", "at present", "these days", "current"):
        return Resolved("DATE", "PRESENT_REF", "ref", False)
    if word in ("the future", "future", "soon") or word.endswith((" term", " date")):
        return Resolved("DATE", "FUTURE_REF", "ref", False)
    return Resolved("DATE", "PAST_REF", "ref", False)


def _r_set(parts: dict[str, str], ctx: Context) -> Resolved | None:
    if "wdays" in parts:  # "on Mondays", "Tuesday nights": every such day (TimeML SET)
        value = f"XXXX-WXX-{WEEKDAYS[parts['wdays'].lower()] + 1}"
        pods = _norm(parts.get("pods")).rstrip("s")
        return Resolved("SET", value + (f"T{PART_OF_DAY[pods]}" if pods else ""), "set", False)
    word = _norm(parts["word"])
    simple = {
        "daily": "P1D",
        "nightly": "P1D",
        "weekly": "P1W",
        "monthly": "P1M",
        "quarterly": "P1Q",
        "annually": "P1Y",
        "yearly": "P1Y",
        "hourly": "PT1H",
    }
    if word in simple:
        return Resolved("SET", simple[word], "set", False)
    if "month" in parts:  # "each July": the month of every year
        return Resolved("SET", f"XXXX-{MONTHS[parts['month'].lower()]:02d}", "set", False)
    last = word.split()[-1]
    if last in WEEKDAYS:
        return Resolved("SET", f"XXXX-WXX-{WEEKDAYS[last] + 1}", "set", False)
    return Resolved("SET", _duration_value(1, unit_code(last)), "set", False)


Resolver = Callable[[dict[str, str], Context], "Resolved | None"]
SIMPLE_RESOLVERS: dict[str, Resolver] = {
    name[3:]: fn for name, fn in list(globals().items()) if name.startswith("_r_")
}
