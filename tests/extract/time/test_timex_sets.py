"""Sets: every named month, plural weekdays (TimeML normalisation)."""

from __future__ import annotations

from datetime import date

import pytest

from timex_support import timexes_in, value_of

MAR98 = date(1998, 3, 3)


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Orangemen march each July to the church.", "each July", "XXXX-07"),
        ("The fair opens every September.", "every September", "XXXX-09"),
    ],
)
def test_every_named_month_is_a_set(text: str, phrase: str, value: str) -> None:
    assert value_of(text, phrase, MAR98) == value


def test_each_may_as_a_verb_is_not_a_month() -> None:
    text = "Each may choose a partner."
    assert not [i for i in timexes_in(text, MAR98) if i["type"] == "SET"]


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("The shop closes on Mondays.", "Mondays", "XXXX-WXX-1"),
        ("Flights leave on Tuesday nights.", "Tuesday nights", "XXXX-WXX-2TNI"),
        ("She teaches Sunday mornings.", "Sunday mornings", "XXXX-WXX-7TMO"),
    ],
)
def test_plural_weekdays_are_sets(text: str, phrase: str, value: str) -> None:
    assert value_of(text, phrase, MAR98) == value
