"""Periods named relative to the report or the narrative: "the year", "the past year", "the
following month", "that year" (TimeML normalisation).

The calendar cases run without spaCy (the tense a parse would give is passed in).
"""

from __future__ import annotations

from datetime import date

import pytest

from timex_support import value_of

OCT89 = date(1989, 10, 30)  # a Monday

MAR98 = date(1998, 3, 3)

NOV89 = date(1989, 11, 2)  # a Thursday (the fourth quarter has begun)


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Pet food volume was flat for the year.", "the year", "1989"),
        ("Revenue fell through the first nine months of the year.", "the year", "1989"),
        ("The drop will lower earnings for the fiscal year.", "the fiscal year", "1989"),
        ("For the year ended Sept. 30, Ralston earned $422.5 million.", "the year", "P1Y"),
        ("It expects a loss for the year ending tomorrow.", "the year", "P1Y"),
        ("In the fiscal year that ended Jan. 31, sales rose.", "the fiscal year", "P1Y"),
    ],
)
def test_the_year_is_this_year_unless_a_closing_day_follows(
    text: str, phrase: str, value: str
) -> None:
    assert value_of(text, phrase, OCT89, "past") == value


@pytest.mark.parametrize(
    ("text", "phrase", "published", "value"),
    [
        ("Hate groups grew over the past year.", "the past year", MAR98, "1997"),
        ("The company was investigated in the past year.", "the past year", OCT89, "1988"),
        ("Workers lost earning power in the last decade.", "the last decade", MAR98, "198"),
        ("Prices will rise in the next month.", "the next month", OCT89, "1989-11"),
        ("Sales should recover in the coming year.", "the coming year", OCT89, "1990"),
    ],
)
def test_a_whole_period_before_or_after_is_a_date(
    text: str, phrase: str, published: date, value: str
) -> None:
    assert value_of(text, phrase, published) == value


def test_the_following_year_counts_from_the_narrative() -> None:
    text = "On May 22, 1995, Farkas was made a general, and the following year he moved."
    assert value_of(text, "the following year", date(1998, 4, 18)) == "1996"


def test_the_following_month_after_a_named_month() -> None:
    text = "The board met in March 1989. The following month, the company put itself up for sale."
    assert value_of(text, "The following month", OCT89) == "1989-04"


def test_the_following_year_without_a_narrative_date_stays_a_span() -> None:
    text = "Sales are expected to double over the following year."
    assert value_of(text, "the following year", OCT89) == "P1Y"


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Imports rose in 1988. Japan had a small share that year.", "that year", "1988"),
        ("Talks began in fiscal 1987 and ended that year.", "that year", "1987"),
        ("Sales peaked in May 1986; that month the plant closed.", "that month", "1986-05"),
    ],
)
def test_that_year_is_the_year_the_narrative_named(text: str, phrase: str, value: str) -> None:
    assert value_of(text, phrase, NOV89) == value


def test_that_week_is_not_guessed_from_a_year() -> None:
    text = "Imports rose in 1988. The talks stalled that week."
    assert value_of(text, "that week", NOV89) is None


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Sales for the full year were $6.6 billion.", "the full year", "1989"),
        ("For the full year ended Sept. 30, it earned $4 million.", "the full year", "P1Y"),
        ("We don't minimize the challenges of the near term.", "the near term", "FUTURE_REF"),
        ("It will placate holders in the short term.", "the short term", "FUTURE_REF"),
        ("Financing will be arranged at a later date.", "a later date", "FUTURE_REF"),
    ],
)
def test_full_year_and_vague_future(text: str, phrase: str, value: str) -> None:
    assert value_of(text, phrase, OCT89, "past") == value
