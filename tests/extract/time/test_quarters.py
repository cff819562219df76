"""Quarters and halves: the same quarter a year before, per-share results a year ago, "the
latest period", a quarter still to come, a quarter of a named year (TimeML normalisation).
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from crosswire.extract.timexes import find_timexes
from timex_support import parsed_value, timexes_in, value_of

NOV89 = date(1989, 11, 2)  # a Thursday (the fourth quarter has begun)

AUG06 = date(2006, 8, 19)  # the third quarter


def _earlier(text: str) -> str:
    return "A year earlier" if "A year earlier" in text else "a year earlier"


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("For the quarter a year ago, Columbia reported earnings.", "the quarter a year ago"),
        (
            "Net was $1.8 million for the corresponding period last year.",
            "the corresponding period last year",
        ),
        ("U.K. sales for last year's quarter were about $3 million.", "last year's quarter"),
        (
            "Sales rose from the comparable quarter a year earlier.",
            "the comparable quarter a year earlier",
        ),
    ],
)
def test_the_same_quarter_a_year_before(text: str, phrase: str) -> None:
    assert value_of(text, phrase, NOV89, "past") == "1988-Q3"


@pytest.mark.parametrize(
    "text",
    [
        "The thrift had net income of $132,000, or three cents a share, a year ago.",
        "Net was $7.4 million, or 22 cents a share, down from $32.3 million a year earlier.",
        "A year earlier, net income was $2.1 million, or six cents a share.",
    ],
)
def test_per_share_results_a_year_ago_are_the_quarter_of_a_quarterly_report(text: str) -> None:
    report = "Earnings for the third quarter fell. " + text
    assert value_of(report, "a year ago" if "a year ago" in text else _earlier(text), NOV89) == (
        "1988-Q3"
    )
    # a report that names no quarter keeps the year
    assert value_of(text, "a year ago" if "a year ago" in text else _earlier(text), NOV89) == (
        "1988"
    )


def test_a_year_ago_without_per_share_figures_keeps_the_year() -> None:
    text = "Earnings for the third quarter fell. The plant had seven sites a year ago."
    assert value_of(text, "a year ago", NOV89) == "1988"


def test_the_latest_period_is_a_quarter_only_in_a_report_that_names_one() -> None:
    report = "Third-quarter net fell. Sales in the latest period were $1.76 billion."
    assert value_of(report, "the latest period", NOV89, "past") == "1989-Q3"
    plain = "Sales in the latest period were $1.76 billion."
    assert not [i for i in timexes_in(plain, NOV89, "past") if "period" in str(i["text"])]


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        # a quarter still to come this year, when the clause looks ahead
        ("Ford will cut production in the fourth quarter.", "the fourth quarter", "2006-Q4"),
        ("Output is expected to fall in the fourth quarter.", "the fourth quarter", "2006-Q4"),
        ("The plant will reopen in the second half.", "the second half", "2006-H2"),
        # a past clause keeps the last such quarter
        ("Sales fell in the fourth quarter.", "the fourth quarter", "2005-Q4"),
    ],
)
def test_a_quarter_not_yet_begun_follows_the_clause(
    annotator: Any, text: str, phrase: str, value: str
) -> None:
    assert parsed_value(annotator, text, phrase, AUG06) == value


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Ford lost money in the final quarter of 2009.", "the final quarter of 2009", "2009-Q4"),
        (
            "It lost $2 billion in the first quarter of last year.",
            "the first quarter of last year",
            "2005-Q1",
        ),
        (
            "Deliveries begin in the second half of next year.",
            "the second half of next year",
            "2007-H2",
        ),
        (
            "Sales rose in the third quarter of this year.",
            "the third quarter of this year",
            "2006-Q3",
        ),
    ],
)
def test_a_quarter_of_a_named_or_relative_year(text: str, phrase: str, value: str) -> None:
    items = find_timexes("a", text, AUG06, [(0, len(text))], lambda s, e: "past")
    assert [i["value"] for i in items if i["text"] == phrase] == [value], items
