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

FIXTURES = Path(__file__).parent / "fixtures" / "time"
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
