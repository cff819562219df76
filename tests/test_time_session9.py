"""TimeML normalisation rules of session 9 (issue 5): periods named whole, the narrative's
reference year, per-share comparisons, counted durations, and tense read off commitments.

The calendar cases run without spaCy (the tense a parse would give is passed in); the tense
cases parse real sentences, since reading the governing verb is what they test.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest

from crosswire.extract.timexes import find_timexes

OCT89 = date(1989, 10, 30)  # a Monday
NOV89 = date(1989, 11, 2)  # a Thursday (the fourth quarter has begun)
MAR98 = date(1998, 3, 3)


def _sentences(text: str) -> list[tuple[int, int]]:
    """Sentence bounds at ". " (the test texts have no abbreviations before a break)."""
    starts = [0] + [m.end() for m in re.finditer(r"(?<=[a-z0-9])\. (?=[A-Z])", text)]
    return list(zip(starts, [*starts[1:], len(text)], strict=True))


def _items(text: str, published: date | None, tense: str | None = None) -> list[dict[str, Any]]:
    return find_timexes("a", text, published, _sentences(text), lambda s, e: tense)


def _value_of(text: str, phrase: str, published: date, tense: str | None = None) -> object:
    """The value of the item whose text is ``phrase`` (it must be found whole)."""
    items = _items(text, published, tense)
    hits = [i for i in items if i["text"] == phrase]
    assert len(hits) == 1, items
    return hits[0]["value"]


# --- "the year": the current year, unless a closing day makes it a span ---------------------


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
    assert _value_of(text, phrase, OCT89, "past") == value


# --- whole periods named by "the past / the next / the following" ---------------------------


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
    assert _value_of(text, phrase, published) == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Prices rose 4% in the past two years.", "P2Y"),
        ("It rained for the past five days.", "P5D"),
        ("Nothing was heard in the past day.", "P1D"),
    ],
)
def test_counted_or_daily_spans_stay_durations(text: str, value: str) -> None:
    items = [i for i in _items(text, MAR98) if i["type"] == "DURATION"]
    assert [i["value"] for i in items] == [value]


def test_the_following_year_counts_from_the_narrative() -> None:
    text = "On May 22, 1995, Farkas was made a general, and the following year he moved."
    assert _value_of(text, "the following year", date(1998, 4, 18)) == "1996"


def test_the_following_month_after_a_named_month() -> None:
    text = "The board met in March 1989. The following month, the company put itself up for sale."
    assert _value_of(text, "The following month", OCT89) == "1989-04"


def test_the_following_year_without_a_narrative_date_stays_a_span() -> None:
    text = "Sales are expected to double over the following year."
    assert _value_of(text, "the following year", OCT89) == "P1Y"


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Imports rose in 1988. Japan had a small share that year.", "that year", "1988"),
        ("Talks began in fiscal 1987 and ended that year.", "that year", "1987"),
        ("Sales peaked in May 1986; that month the plant closed.", "that month", "1986-05"),
    ],
)
def test_that_year_is_the_year_the_narrative_named(text: str, phrase: str, value: str) -> None:
    assert _value_of(text, phrase, NOV89) == value


def test_that_week_is_not_guessed_from_a_year() -> None:
    text = "Imports rose in 1988. The talks stalled that week."
    assert _value_of(text, "that week", NOV89) is None


# --- quarters compared a year apart ----------------------------------------------------------


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
    assert _value_of(text, phrase, NOV89, "past") == "1988-Q3"


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
    assert _value_of(report, "a year ago" if "a year ago" in text else _earlier(text), NOV89) == (
        "1988-Q3"
    )
    # a report that names no quarter keeps the year
    assert _value_of(text, "a year ago" if "a year ago" in text else _earlier(text), NOV89) == (
        "1988"
    )


def _earlier(text: str) -> str:
    return "A year earlier" if "A year earlier" in text else "a year earlier"


def test_a_year_ago_without_per_share_figures_keeps_the_year() -> None:
    text = "Earnings for the third quarter fell. The plant had seven sites a year ago."
    assert _value_of(text, "a year ago", NOV89) == "1988"


# --- counted durations, sets and references ---------------------------------------------------


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
    assert _value_of(text, phrase, OCT89) == value


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Orangemen march each July to the church.", "each July", "XXXX-07"),
        ("The fair opens every September.", "every September", "XXXX-09"),
    ],
)
def test_every_named_month_is_a_set(text: str, phrase: str, value: str) -> None:
    assert _value_of(text, phrase, MAR98) == value


def test_each_may_as_a_verb_is_not_a_month() -> None:
    text = "Each may choose a partner."
    assert not [i for i in _items(text, MAR98) if i["type"] == "SET"]


@pytest.mark.parametrize("phrase", ["then current", "then-current"])
def test_then_current_is_past(phrase: str) -> None:
    text = f"Holders may buy shares at half the {phrase} market price."
    assert _value_of(text, phrase, OCT89) == "PAST_REF"


# --- tense of the governing verb (parsed) ------------------------------------------------------


def _parsed_value(annotator: Any, text: str, phrase: str, published: date) -> object:
    from crosswire.extract.time_tense import clause_tense

    doc = annotator.nlp(text)
    items = find_timexes(
        "a", text, published, [(0, len(text))], lambda s, e: clause_tense(doc, s, e)
    )
    hits = [i for i in items if i["text"] == phrase]
    assert len(hits) == 1, items
    return hits[0]["value"]


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        # a modal perfect looks back: the day is behind the report (Friday 27 Oct 1989)
        (
            "Concern may have been responsible for a drop in the stock on Wednesday.",
            "Wednesday",
            "1989-10-25",
        ),
        ("The offer could have expired on Tuesday.", "Tuesday", "1989-10-24"),
        # a plan that had been due is over
        ("It had been due to expire Friday evening.", "Friday evening", "1989-10-27"),
        # a commitment to act points forward even in the past tense
        (
            "Thermo Electron agreed to purchase the line for $22 million in February.",
            "February",
            "1990-02",
        ),
        (
            "The company announced an agreement to acquire the bank in January.",
            "January",
            "1990-01",
        ),
        ("He promised to return on Monday.", "Monday", "1989-10-30"),
        # plain past stays past
        ("Thermo Electron purchased the line in February.", "February", "1989-02"),
    ],
)
def test_tense_of_the_governing_verb(annotator: Any, text: str, phrase: str, value: str) -> None:
    assert _parsed_value(annotator, text, phrase, date(1989, 10, 27)) == value


# --- a named year written with its frame -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("It will happen by the year 2000.", "the year 2000", "2000"),
        ("Computers may fail in the year 2000.", "the year 2000", "2000"),
        ("Sales rose in spring 1997.", "spring 1997", "1997-SP"),
        ("It was built in the summer of 1996.", "the summer of 1996", "1996-SU"),
        ("He left in autumn 1995.", "autumn 1995", "1995-FA"),
        ("Sales rose in fiscal 1998.", "fiscal 1998", "1998"),
    ],
)
def test_a_year_with_its_frame_is_one_expression(text: str, phrase: str, value: str) -> None:
    assert _value_of(text, phrase, MAR98) == value


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("He left the country years ago.", "years ago", "PAST_REF"),
        ("The mine closed decades ago.", "decades ago", "PAST_REF"),
        ("Just months ago it was losing money.", "months ago", "PAST_REF"),
        ("It was rebuilt a year ago.", "a year ago", "1997"),
        ("Two years ago it was rebuilt.", "Two years ago", "1996"),
    ],
)
def test_ago_without_a_count_is_a_vague_past(text: str, phrase: str, value: str) -> None:
    assert _value_of(text, phrase, MAR98) == value


def test_days_later_without_a_count_is_some_days() -> None:
    text = "He was arrested on Feb. 2. Days later he was released."
    assert _value_of(text, "Days later", MAR98) == "PXD"


@pytest.mark.parametrize(
    ("text", "phrase", "published", "value"),
    [
        ("Hate groups dropped through the nineties.", "the nineties", MAR98, "199"),
        ("It began in the late eighties.", "the late eighties", MAR98, "198"),
        ("Prices soared in the '90s.", "the '90s", MAR98, "199"),
        ("Prices soared in the '80s.", "the '80s", date(2022, 4, 1), "198"),
        ("Prices soared in the '10s.", "the '10s", date(2022, 4, 1), "201"),
    ],
)
def test_decades_in_words_and_short_form(
    text: str, phrase: str, published: date, value: str
) -> None:
    assert _value_of(text, phrase, published) == value


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
    assert _value_of(text, phrase, OCT89, "past") == value


def test_the_latest_period_is_a_quarter_only_in_a_report_that_names_one() -> None:
    report = "Third-quarter net fell. Sales in the latest period were $1.76 billion."
    assert _value_of(report, "the latest period", NOV89, "past") == "1989-Q3"
    plain = "Sales in the latest period were $1.76 billion."
    assert not [i for i in _items(plain, NOV89, "past") if "period" in str(i["text"])]


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("The shop closes on Mondays.", "Mondays", "XXXX-WXX-1"),
        ("Flights leave on Tuesday nights.", "Tuesday nights", "XXXX-WXX-2TNI"),
        ("She teaches Sunday mornings.", "Sunday mornings", "XXXX-WXX-7TMO"),
    ],
)
def test_plural_weekdays_are_sets(text: str, phrase: str, value: str) -> None:
    assert _value_of(text, phrase, MAR98) == value


def test_a_possessive_weekday_is_still_a_day() -> None:
    assert _value_of("Monday's vote was close.", "Monday", MAR98, "past") == "1998-03-02"


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Traders had squared positions ahead of the weekend.", "the weekend", "1989-W44-WE"),
        ("Campaigning closed ahead of Sunday's election.", "Sunday", "1989-11-05"),
        ("Stocks fell ahead of Tuesday's report.", "Tuesday", "1989-10-31"),
    ],
)
def test_ahead_of_looks_forward(text: str, phrase: str, value: str) -> None:
    assert _value_of(text, phrase, OCT89, "past") == value
