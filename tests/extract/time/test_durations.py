"""Durations: counted spans, a word between count and unit, "days later", "two and a half
years" (written in whole smaller units as TimeBank writes them), and "a second" as an
ordinal (TimeML normalisation).
"""

from __future__ import annotations

from datetime import date

import pytest

from crosswire.extract.timexes import find_timexes
from timex_support import timexes_by_line, timexes_in, value_in, value_of

MAR98 = date(1998, 3, 3)

OCT89 = date(1989, 10, 30)  # a Monday

AUG06 = date(2006, 8, 19)  # the third quarter

MON = date(2023, 4, 24)  # a Monday


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Prices rose 4% in the past two years.", "P2Y"),
        ("It rained for the past five days.", "P5D"),
        ("Nothing was heard in the past day.", "P1D"),
    ],
)
def test_counted_or_daily_spans_stay_durations(text: str, value: str) -> None:
    items = [i for i in timexes_in(text, MAR98) if i["type"] == "DURATION"]
    assert [i["value"] for i in items] == [value]


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Russia may use the base for at least 20 more years.", "at least 20 more years", "P20Y"),
        ("It has stood for almost a hundred years.", "almost a hundred years", "P100Y"),
        ("Eight trading days after Oct. 12, the index fell.", "Eight trading days", "P8D"),
        ("The plant lost money for three straight quarters.", "three straight quarters", "P9M"),
        ("Shipments resume within five business days.", "five business days", "P5D"),
    ],
)
def test_a_word_between_count_and_unit_keeps_the_duration(
    text: str, phrase: str, value: str
) -> None:
    assert value_of(text, phrase, OCT89) == value


def test_days_later_without_a_count_is_some_days() -> None:
    text = "He was arrested on Feb. 2. Days later he was released."
    assert value_of(text, "Days later", MAR98) == "PXD"


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("The plane is almost two and a half years late.", "two and a half years", "P2Y6M"),
        ("Talks lasted three and a half hours.", "three and a half hours", "PT3H30M"),
        ("He served a year and a half in prison.", "a year and a half", "P1Y6M"),
    ],
)
def test_a_count_and_a_half_is_one_duration(text: str, phrase: str, value: str) -> None:
    items = find_timexes("a", text, AUG06, [(0, len(text))], lambda s, e: None)
    durations = [i for i in items if i["type"] == "DURATION"]
    assert [(i["value"]) for i in durations if phrase in str(i["text"])] == [value], items


@pytest.mark.parametrize(
    "text",
    [
        "A second convoy of around 40 buses left.",
        "A second quake of magnitude 7.5 struck.",
        "Survivors spent a second freezing night outdoors.",
        "She said a second convoy of 14 trucks was expected.",
    ],
)
def test_a_second_before_a_noun_is_an_ordinal(text: str) -> None:
    assert not [i for i in timexes_by_line(text, MON) if "second" in i["text"].lower()]


def test_a_second_alone_is_still_a_duration() -> None:
    assert value_in(timexes_by_line("The lights went out for a second.", MON), "a second") == "PT1S"
