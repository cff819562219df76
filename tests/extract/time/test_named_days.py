"""Days named by a weekday, a holiday's rule, the week that holds a day, or the day before /
after a named day (TimeML normalisation).
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from crosswire.extract.timexes import find_timexes
from timex_support import parsed_value, value_of

MAR98 = date(1998, 3, 3)


def test_a_possessive_weekday_is_still_a_day() -> None:
    assert value_of("Monday's vote was close.", "Monday", MAR98, "past") == "1998-03-02"


@pytest.mark.parametrize(
    ("text", "published", "value"),
    [
        ("Abortion is a major theme from now to Election Day.", date(1998, 10, 26), "1998-11-03"),
        ("Turnout on Election Day was low.", date(2016, 11, 10), "2016-11-08"),
        ("Polls open on Election Day.", date(2000, 10, 1), "2000-11-07"),
    ],
)
def test_election_day_is_the_tuesday_after_the_first_monday_of_november(
    annotator: Any, text: str, published: date, value: str
) -> None:
    assert parsed_value(annotator, text, "Election Day", published) == value


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("It may be resolved in a hearing the week of March 6.", "the week of March 6", "2000-W10"),
        ("Talks resume the week of Jan. 10, 2000.", "the week of Jan. 10, 2000", "2000-W02"),
        ("Sales slowed in the week of Feb. 14.", "the week of Feb. 14", "2000-W07"),
    ],
)
def test_the_week_of_a_day_is_that_days_week(text: str, phrase: str, value: str) -> None:
    items = find_timexes("a", text, date(2000, 2, 24), [(0, len(text))], lambda s, e: None)
    hits = [i for i in items if i["text"] == phrase]
    assert [h["value"] for h in hits] == [value], items


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("He had left the day before last Tuesday.", "the day before last Tuesday", "2000-02-21"),
        ("They met on the day after Christmas.", "the day after Christmas", "1999-12-26"),
        ("The vote is set for the day after March 5.", "the day after March 5", "2000-03-06"),
        ("Trading resumed the day after the crash.", "the day", None),
    ],
)
def test_the_day_before_or_after_a_named_day(text: str, phrase: str, value: str | None) -> None:
    items = find_timexes("a", text, date(2000, 2, 24), [(0, len(text))], lambda s, e: None)
    hits = [i for i in items if str(i["text"]).startswith(phrase)]
    if value is None:
        assert not hits, items
    else:
        assert [h["value"] for h in hits] == [value], items
