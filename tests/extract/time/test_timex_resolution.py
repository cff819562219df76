"""Temporal expressions resolved against a publication date, without spaCy.

Each case is one sentence, one anchor and the value an analyst would write
down; the tense a parse would give is passed in where it matters, so these
tests pin the calendar rules (same-weekday, future tense, year choice)
independently of the model.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from crosswire.extract.time_published import guess_published
from crosswire.extract.timexes import find_timexes

FIXTURES = Path(__file__).parents[2] / "fixtures" / "time"
FRIDAY = date(2022, 4, 1)  # the 1 April Mariupol reports
MONDAY = date(2022, 3, 14)


def _one(text: str, published: date | None, tense: str | None = None) -> dict[str, object]:
    items = find_timexes("a", text, published, [(0, len(text))], lambda s, e: tense)
    assert len(items) == 1, items
    return items[0]


@pytest.mark.parametrize(
    ("text", "published", "tense", "value", "granularity"),
    [
        ("Russian forces blocked a convoy on Thursday.", FRIDAY, "past", "2022-03-31", "day"),
        ("The Red Cross said on Friday it was ready.", FRIDAY, "past", "2022-04-01", "day"),
        ("A convoy fled the city on Monday.", MONDAY, "past", "2022-03-14", "day"),
        (
            "It would try to enter the city again on Saturday.",
            FRIDAY,
            "future",
            "2022-04-02",
            "day",
        ),
        ("Talks would resume on Tuesday.", MONDAY, "future", "2022-03-15", "day"),
        ("Talks took place on Tuesday.", FRIDAY, "past", "2022-03-29", "day"),
        ("Buses set out yesterday.", FRIDAY, None, "2022-03-31", "day"),
        ("They will leave tomorrow.", FRIDAY, None, "2022-04-02", "day"),
        ("A block was hit by a missile overnight.", MONDAY, None, "2022-03-13TNI", "part_of_day"),
        ("The offensive began last week.", FRIDAY, None, "2022-W12", "week"),
        ("It was agreed earlier this month.", MONDAY, None, "2022-03", "month"),
        ("The siege began on March 5.", FRIDAY, "past", "2022-03-05", "day"),
        ("The siege began on 5 March.", FRIDAY, "past", "2022-03-05", "day"),
        ("The order was dated 05.03.22 by the council.", FRIDAY, None, "2022-03-05", "day"),
        ("Fighting resumed on 24 February 2022.", None, None, "2022-02-24", "day"),
        ("Losses rose in the third quarter.", date(1989, 10, 30), "past", "1989-Q3", "quarter"),
        ("Prices rose in 1990.", FRIDAY, None, "1990", "year"),
        ("It happened in the 1990s.", FRIDAY, None, "199", "decade"),
        ("It happened two years ago.", FRIDAY, None, "2020", "year"),
        ("The city is now cut off.", FRIDAY, None, "PRESENT_REF", "ref"),
    ],
)
def test_dates_resolve_against_the_publication_date(
    text: str, published: date | None, tense: str | None, value: str, granularity: str
) -> None:
    item = _one(text, published, tense)
    assert (item["value"], item["granularity"]) == (value, granularity)


def test_same_weekday_in_past_tense_is_the_publication_day_not_a_week_earlier() -> None:
    # dateparser reads "Friday" in a Friday report as the previous Friday
    item = _one("The team turned back on Friday.", FRIDAY, "past")
    assert item["value"] == "2022-04-01"
    assert item["anchor"] == "2022-04-01"
    assert item["anchor_kind"] == "publication"


def test_last_weekday_is_strictly_before_the_publication_day() -> None:
    assert _one("It began last Friday.", FRIDAY, "past")["value"] == "2022-03-25"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("after 10 days of failed attempts", "P10D"),
        ("To date in the five-week-old conflict", "P5W"),
        ("In the first two hours, 160 cars left.", "PT2H"),
        ("19 days of violence", "P19D"),
        ("for several weeks", "PXW"),
    ],
)
def test_durations_stay_durations(text: str, value: str) -> None:
    item = _one(text, FRIDAY)
    assert item["type"] == "DURATION"
    assert item["value"] == value
    assert item["granularity"] == "duration"


def test_time_with_zone_takes_the_day_of_its_sentence_and_converts_to_utc() -> None:
    item = _one("The corridor opens at 10 a.m. Moscow time on Saturday.", FRIDAY, "future")
    assert item["value"] == "2022-04-02T10:00"
    assert item["zone"] == "Europe/Moscow"
    assert item["utc"] == "2022-04-02T07:00Z"


def test_relative_expressions_stay_unresolved_without_a_publication_date() -> None:
    text = (FIXTURES / "no_published.txt").read_text(encoding="utf-8")
    items = find_timexes("a", text, None, [(0, len(text))])
    by_text = {i["text"]: i for i in items}
    thursday = by_text["Thursday"]
    assert thursday["value"] is None
    assert thursday["resolved"] is False
    assert thursday["pattern"] == "XXXX-WXX-4"
    assert "no publication date" in thursday["note"]
    assert by_text["next week"]["value"] is None
    # durations need no anchor
    assert by_text["10 days"]["value"] == "P10D"


def test_every_item_is_a_span_of_the_text() -> None:
    text = "On Thursday, 45 buses left; on Friday at 9 a.m. the team returned."
    for item in find_timexes("a", text, FRIDAY, [(0, len(text))]):
        assert text[item["start"] : item["end"]] == item["text"]
        assert item["id"] == f"a-t{item['start']}"


def test_publication_date_guessed_only_from_explicit_cues() -> None:
    guess = guess_published("KYIV, April 1, 2022 (Reuters) - A convoy set out on Thursday.")
    assert guess is not None
    assert (guess.date, guess.method) == (date(2022, 4, 1), "dateline")
    published = guess_published("Updated: 31 March 2022\nBuses left Mariupol.")
    assert published is not None and published.date == date(2022, 3, 31)
    assert guess_published("A convoy fled the city on Monday.") is None


# --- rules added for TempEval-3 and GVC (issue 5, second pass) ---------------------------


@pytest.mark.parametrize(
    ("text", "published", "tense", "value"),
    [
        # a word beside the day settles its direction before the parse is asked
        ("Officials postponed any action until Tuesday morning.", FRIDAY, "past", "2022-04-05"),
        ("The INS gave them until 9 a.m. Tuesday to sign.", MONDAY, "past", "2022-03-15T09:00"),
        ("Directors authorized a split, payable Dec. 7.", date(1989, 10, 27), "past", "1989-12-07"),
        ("They would look for ways around Wednesday's ruling.", FRIDAY, "future", "2022-03-30"),
        # month names with a direction or a year in words
        ("The election is due this September.", date(1998, 2, 5), "past", "1998-09"),
        ("He was shot to death last Oct. 23 at home.", date(1999, 4, 19), "past", "1998-10-23"),
        ("In June last year the leadership fell out.", date(1998, 2, 19), "past", "1997-06"),
        ("January nineteen ninety-seven. Atlanta.", date(1998, 2, 27), None, "1997-01"),
        ("We saw it in the winter of nineteen ninety-four.", date(1998, 2, 23), None, "1994-WI"),
        ("The promise ran to the year two thousand.", date(1998, 2, 5), None, "2000"),
        # halves and quarters named from another year
        ("Earnings fall in the last half of 1989.", date(1989, 10, 26), None, "1989-H2"),
        ("Effective in next year's first quarter.", date(1989, 10, 31), None, "1990-Q1"),
        ("In the year-ago third quarter it earned.", date(1989, 10, 30), None, "1988-Q3"),
    ],
)
def test_direction_words_and_named_years(
    text: str, published: date, tense: str | None, value: str
) -> None:
    assert _one(text, published, tense)["value"] == value


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("She spent about 5 1/2 hours in Nairobi.", "PT5H30M"),
        ("They lived in camps for 2 1/2 years.", "P2Y6M"),
        ("But a minute and a half later, a pilot called.", "PT1M30S"),
        ("The meeting lasted half an hour.", "PT30M"),
    ],
)
def test_fractional_durations_move_the_half_to_the_smaller_unit(text: str, value: str) -> None:
    assert _one(text, FRIDAY)["value"] == value


def test_two_thousand_alone_is_a_count_not_a_year() -> None:
    text = "More than two thousand people marched."
    assert not [i for i in find_timexes("a", text, FRIDAY, [(0, len(text))]) if i["type"] == "DATE"]


@pytest.mark.parametrize(
    ("text", "stamp"),
    [
        ("Posted: Jul 24, 2016 10:12 PM\n\nA man was shot Saturday night.", "Jul 24, 2016"),
        ("by: Dave Faherty Updated: Apr 12, 2016 - 9:41 AM\n\nPolice said.", "Apr 12, 2016"),
        ("Relatives found them Sunday night. (Published Monday, Aug. 4, 2014)\n", "Aug. 4, 2014"),
        ("Monday, May 4, 2015 5:29 PM EDT\n\nThe shooting happened Sunday.", "May 4, 2015"),
        ("Edmonton, Ky. (November 28, 2016)\n\nA call came in on Sunday.", "November 28, 2016"),
    ],
)
def test_page_stamps_are_marked_as_publication_time(text: str, stamp: str) -> None:
    items = find_timexes("a", text, date(2016, 7, 25), [(0, len(text))])
    stamps = [i for i in items if i["function"] == "PUBLICATION_TIME"]
    assert stamps and stamp in str(stamps[0]["text"]), items
    assert all(i["function"] == "NONE" for i in items if i not in stamps)


def test_a_narrated_date_with_a_time_is_not_a_stamp() -> None:
    text = "On March 11, 2016, at 5 pm, an unidentified person called 911."
    items = find_timexes("a", text, date(2016, 3, 11), [(0, len(text))])
    assert items and all(i["function"] == "NONE" for i in items)


def test_clock_time_takes_the_nearest_day_of_its_sentence() -> None:
    text = (
        "Edmonton, Ky. (November 28, 2016) – Police received a call on Sunday, "
        "November 27, 2016 at approximately 8:14 AM CST about a shooting."
    )
    items = find_timexes("a", text, date(2016, 11, 28), [(0, len(text))])
    clock = next(i for i in items if i["rule"] == "clock")
    assert str(clock["value"]).startswith("2016-11-27T08:14")
    assert clock["day_from"] == "sentence"


def test_a_clock_time_with_no_day_says_its_day_is_the_publication_date() -> None:
    clock = _one("It happened around 9:20 p.m. near the school.", MONDAY)
    assert clock["value"] == "2022-03-14T21:20" and clock["day_from"] == "publication"


@pytest.mark.parametrize(
    "text",
    [
        "Police were called to the 1900 block of Dover Street on Monday.",
        "He was shot outside 1900 Dover Street on Monday.",
        "Officers responded to the 2000 blk of Elm on Monday.",
    ],
)
def test_an_address_number_is_never_a_year(text: str) -> None:
    items = find_timexes("a", text, MONDAY, [(0, len(text))], lambda s, e: "past")
    assert [i["value"] for i in items] == ["2022-03-14"]


def test_a_year_before_a_capitalised_word_is_still_a_year() -> None:
    assert _one("In 1990 Congress passed the act.", FRIDAY)["value"] == "1990"
