"""Times of day on a named day: midnight ends the day, overnight is the day's night, or in a
forecast the coming night.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from timex_support import parsed_value, timexes_by_line, value_in

MON = date(2023, 4, 24)  # a Monday


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        # TimeML: "midnight Friday" is the end of Friday, 1989-10-27T24
        (
            "A three-day ceasefire began at midnight on Monday.",
            "midnight on Monday",
            "2023-04-24T24:00",
        ),
        (
            "They agreed on Monday to a ceasefire starting at midnight.",
            "midnight",
            "2023-04-24T24:00",
        ),
        ("Shots rang out just before midnight Saturday.", "midnight Saturday", "2023-04-22T24:00"),
        # after midnight is the early hours of the day named
        ("He was shot shortly after midnight on Sunday.", "midnight on Sunday", "2023-04-23T00:00"),
    ],
)
def test_midnight_on_a_named_day_ends_that_day(text: str, phrase: str, value: str) -> None:
    assert value_in(timexes_by_line(text, date(2023, 4, 26)), phrase) == value


def test_overnight_on_a_day_is_that_days_night() -> None:
    items = timexes_by_line("U.S. forces landed by helicopter overnight on Saturday.", MON)
    # valued as "Saturday night" is: the day, with its part of day beside it
    assert [(i["text"], i["value"], i["part_of_day"]) for i in items] == [
        ("overnight on Saturday", "2023-04-22", "NI")
    ]


def test_overnight_in_a_forecast_is_the_coming_night(annotator: Any) -> None:
    text = "Temperatures were forecast to fall to minus 4 degrees overnight in Gaziantep."
    assert parsed_value(annotator, text, "overnight", MON) == "2023-04-24TNI"
    text = "Fighting continued in Khartoum overnight, witnesses said."
    assert parsed_value(annotator, text, "overnight", MON) == "2023-04-23TNI"
