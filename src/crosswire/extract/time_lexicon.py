"""Words of time: months, weekdays, numbers, units, time zones and holidays.

Kept apart from the patterns so that the recogniser (:mod:`time_patterns`)
and the resolver (:mod:`time_resolve`) read the same tables, and so that a
new spelling ("Kiev time", "Sept.") is a one-line change with no regex to
touch. Month and weekday names are matched case-sensitively (capitalised)
because "may", "march" and "sat" are ordinary English words.
"""

from __future__ import annotations

import re

from crosswire.lexicon import ONES, TENS

__all__ = [
    "FULL_MONTHS_RE",
    "HOLIDAYS",
    "MONTHS",
    "MONTH_RE",
    "NUM_RE",
    "ORDINALS",
    "PART_OF_DAY",
    "SEASONS",
    "SPELLED_YEAR_RE",
    "UNIT_CODES",
    "UNIT_RE",
    "WEEKDAYS",
    "WEEKDAY_RE",
    "ZONES",
    "ZONE_RE",
    "number_value",
    "spelled_year",
    "unit_code",
]

MONTHS: dict[str, int] = {
    "january": 1,
    "jan": 1,
    "february": 2,
    "feb": 2,
    "march": 3,
    "mar": 3,
    "april": 4,
    "apr": 4,
    "may": 5,
    "june": 6,
    "jun": 6,
    "july": 7,
    "jul": 7,
    "august": 8,
    "aug": 8,
    "september": 9,
    "sept": 9,
    "sep": 9,
    "october": 10,
    "oct": 10,
    "november": 11,
    "nov": 11,
    "december": 12,
    "dec": 12,
}

_FULL_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
)
FULL_MONTHS_RE = _FULL_MONTHS
"""The twelve month names written in full ("April", never "Apr.")."""
_ABBR_MONTHS = r"Jan\.|Feb\.|Mar\.|Apr\.|Jun\.|Jul\.|Aug\.|Sept\.|Sep\.|Oct\.|Nov\.|Dec\."
MONTH_RE = rf"(?:{_FULL_MONTHS}|{_ABBR_MONTHS}|Jan|Feb|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec)"
"""A month name, capitalised, optionally abbreviated (with or without the dot)."""

WEEKDAYS: dict[str, int] = {
    "monday": 0,
    "tuesday": 1,
    "wednesday": 2,
    "thursday": 3,
    "friday": 4,
    "saturday": 5,
    "sunday": 6,
}
WEEKDAY_RE = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"

_ONES = ONES
_TENS = TENS
_VAGUE = (
    r"several|a\s+few|few|a\s+couple\s+of|couple\s+of|some|many|a\s+number\s+of|"
    r"dozens\s+of|hundreds\s+of|a\s+dozen"
)
_ONES_ALT = "|".join(sorted(_ONES, key=len, reverse=True))
_TENS_ALT = "|".join(_TENS)
NUM_RE = (
    rf"(?i:(?!1[6-9]\d\d\b|20\d\d\b)\d+(?:\.\d+|\s+1/2|½)?|"
    rf"(?:{_TENS_ALT})(?:[- ](?:{_ONES_ALT}))?|{_ONES_ALT}|"
    rf"(?:a|one)\s+hundred|a\s+half|half\s+an?|one\s+and\s+a\s+half|a|an|{_VAGUE})"
)
"""A count: digits, number words up to ninety-nine, "a hundred", "a"/"an", or a vague quantifier."""


SPELLED_YEAR_RE = (
    r"(?i:nineteen[- ](?:hundred|(?:" + _TENS_ALT + r")(?:[- ](?:one|two|three|four|five|six|"
    r"seven|eight|nine))?|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|"
    r"eighteen|nineteen)|two\s+thousand(?:\s+and)?(?:[- ](?:one|two|three|four|five|six|seven|"
    r"eight|nine))?)"
)
"""A year read out in words, as broadcast transcripts write it: "nineteen ninety-seven"."""


def spelled_year(text: str) -> int | None:
    """The year that ``text`` (matching :data:`SPELLED_YEAR_RE`) spells."""
    words = " ".join(text.lower().replace("-", " ").split()).replace(" and", "")
    parts = words.split()
    if parts[:2] == ["two", "thousand"]:
        return 2000 + (_ONES.get(parts[2], 0) if len(parts) > 2 else 0)
    if parts[0] != "nineteen" or len(parts) < 2:
        return None
    if parts[1] == "hundred":
        return 1900
    rest = number_value(" ".join(parts[1:]))
    return None if rest is None else 1900 + int(rest)


def number_value(text: str) -> float | None:
    """The number a count spells, or None for a vague one ("several", "a few")."""
    words = " ".join(text.lower().replace("-", " ").split())
    if re.fullmatch(r"\d+(?:\.\d+)?", words):
        return float(words)
    half = re.fullmatch(r"(\d+)(?:\s+1/2|½)", words)
    if half:
        return int(half.group(1)) + 0.5
    if words in ("a", "an", "one"):
        return 1.0
    if words in ("a half", "half a", "half an"):
        return 0.5
    if words == "one and a half":
        return 1.5
    if words in ("a hundred", "one hundred"):
        return 100.0
    if words in ("a dozen",):
        return 12.0
    if words in ("a couple of", "couple of"):
        return 2.0
    parts = words.split()
    if parts and parts[0] in _TENS:
        return float(_TENS[parts[0]] + (_ONES.get(parts[1], 0) if len(parts) > 1 else 0))
    if words in _ONES:
        return float(_ONES[words])
    return None


UNIT_CODES: dict[str, str] = {
    "second": "TS",
    "minute": "TM",
    "hour": "TH",
    "day": "D",
    "night": "D",
    "week": "W",
    "weekend": "WE",
    "fortnight": "2W",
    "month": "M",
    "quarter": "Q",
    "year": "Y",
    "decade": "DE",
    "century": "CE",
}
UNIT_RE = (
    r"(?i:seconds?|minutes?|hours?|days?|nights?|weeks?|weekends?|fortnights?|months?|"
    r"quarters?|years?|decades?|century|centuries)"
)


def unit_code(unit: str) -> str:
    """ISO 8601 / TIMEX3 duration letter(s) for a unit word ("weeks" -> "W", "hours" -> "TH")."""
    word = unit.lower()
    if word == "centuries":
        word = "century"
    elif word.endswith("s") and word[:-1] in UNIT_CODES:
        word = word[:-1]
    return UNIT_CODES[word]


ORDINALS: dict[str, int] = {
    "first": 1,
    "1st": 1,
    "second": 2,
    "2nd": 2,
    "third": 3,
    "3rd": 3,
    "fourth": 4,
    "4th": 4,
    "last": 4,
}

PART_OF_DAY: dict[str, str] = {
    "morning": "MO",
    "afternoon": "AF",
    "evening": "EV",
    "night": "NI",
    "overnight": "NI",
    "tonight": "NI",
}

SEASONS: dict[str, str] = {
    "spring": "SP",
    "summer": "SU",
    "fall": "FA",
    "autumn": "FA",
    "winter": "WI",
}

ZONES: dict[str, str] = {
    "moscow": "Europe/Moscow",
    "kyiv": "Europe/Kyiv",
    "kiev": "Europe/Kyiv",
    "ukrainian": "Europe/Kyiv",
    "ukraine": "Europe/Kyiv",
    "eastern": "America/New_York",
    "central": "America/Chicago",
    "mountain": "America/Denver",
    "pacific": "America/Los_Angeles",
    "greenwich mean": "UTC",
    "gmt": "UTC",
    "utc": "UTC",
    "british summer": "Europe/London",
    "central european": "Europe/Berlin",
    "eastern european": "Europe/Kyiv",
    "edt": "America/New_York",
    "est": "America/New_York",
    "cdt": "America/Chicago",
    "cst": "America/Chicago",
    "mdt": "America/Denver",
    "mst": "America/Denver",
    "pdt": "America/Los_Angeles",
    "pst": "America/Los_Angeles",
    "bst": "Europe/London",
    "cet": "Europe/Berlin",
    "cest": "Europe/Berlin",
    "eet": "Europe/Kyiv",
    "eest": "Europe/Kyiv",
    "msk": "Europe/Moscow",
}
ZONE_RE = (
    r"(?:(?P<zname>Moscow|Kyiv|Kiev|Ukrainian|Ukraine|[Ll]ocal|Eastern|Central|Pacific|Mountain|"
    r"Greenwich\s+Mean|GMT|UTC|British\s+Summer|Central\s+European|Eastern\s+European)"
    r"\s+(?:[Ss]tandard\s+|[Dd]aylight\s+)?[Tt]ime|\(?(?P<zabbr>GMT|UTC|EDT|EST|CDT|CST|PDT|PST|"
    r"MDT|MST|BST|CET|CEST|EET|EEST|MSK)\b\)?)"
)
"""A time zone after a clock time: "Moscow time", "local time", "GMT", "(EDT)"."""

HOLIDAYS: dict[str, tuple[int, int] | str] = {
    "christmas eve": (12, 24),
    "christmas day": (12, 25),
    "christmas": (12, 25),
    "new year's eve": (12, 31),
    "new year's day": (1, 1),
    "independence day": (7, 4),
    "valentine's day": (2, 14),
    "halloween": (10, 31),
    "thanksgiving day": "thanksgiving",
    "thanksgiving": "thanksgiving",
    "labor day": "labor",
    "memorial day": "memorial",
    "election day": "election",
}
"""Fixed-date holidays as (month, day); movable ones by the rule name time_resolve knows."""
