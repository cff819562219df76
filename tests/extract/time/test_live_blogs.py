"""A live blog's entry stamp ("11:05 - The health ministry says ...") is the time the entry
was posted: its day is the publication day, or the day heading above it, never a date later
in the entry's first sentence; a clock time in prose keeps its sentence's day.
"""

from __future__ import annotations

from datetime import date

import pytest

from timex_support import timexes_by_line, value_in

FRI = date(2023, 5, 5)  # a Friday

BLOG = (
    "Sudan live: truce extended\n\nUpdated 5 May 2023\n\n"
    "11:05 - The health ministry says 550 people have been killed since 15 April.\n\n"
    "11:30 - Six trucks arrived in Port Sudan on Wednesday.\n\n"
    "12:00 – The army said on Thursday it would send envoys.\n\n"
    "12:25: Aid agreed from 4 May to 11 May."
)


@pytest.mark.parametrize(
    ("phrase", "value"),
    [
        ("11:05", "2023-05-05T11:05"),
        ("11:30", "2023-05-05T11:30"),
        ("12:00", "2023-05-05T12:00"),
        ("12:25", "2023-05-05T12:25"),
    ],
)
def test_a_live_blog_entry_stamp_is_on_the_publication_day(phrase: str, value: str) -> None:
    items = timexes_by_line(BLOG, FRI)
    assert value_in(items, phrase) == value
    stamp = next(i for i in items if i["text"] == phrase)
    assert stamp["day_from"] == "publication"
    # the dates in the entry keep their own values
    assert value_in(items, "15 April") == "2023-04-15"
    assert value_in(items, "Wednesday") == "2023-05-03"


def test_a_live_blog_entry_stamp_takes_the_day_heading_above_it() -> None:
    text = (
        "Live: fighting in Khartoum\n\nFriday 5 May\n\n09:10 - Fighting resumed on Thursday.\n\n"
        "Thursday 4 May\n\n22:40 - The ministry says 550 people were killed since 15 April.\n\n"
        "18:05 - Talks are due to resume on Saturday."
    )
    items = timexes_by_line(text, FRI)
    assert value_in(items, "09:10") == "2023-05-05T09:10"
    assert value_in(items, "22:40") == "2023-05-04T22:40"
    assert value_in(items, "18:05") == "2023-05-04T18:05"
    assert next(i for i in items if i["text"] == "22:40")["day_from"] == "heading"


def test_a_clock_time_in_prose_still_takes_its_sentences_day() -> None:
    items = timexes_by_line(
        "The quake struck at 04:17 on 6 February, officials said.", date(2023, 2, 8)
    )
    assert items[0]["value"] == "2023-02-06T04:17"
    items = timexes_by_line("At 10:15 on Tuesday the convoy left.", FRI)
    assert items[0]["value"] == "2023-05-02T10:15"


def test_a_clock_run_into_a_date_is_no_entry_stamp() -> None:
    # a quoted tweet's stamp, "5:07 AM - 29 Jun 2016": the clock is on the date beside it
    text = "Police say she was hanging out at a home.\n\n5:07 AM - 29 Jun 2016\n\nMore text."
    assert value_in(timexes_by_line(text, date(2016, 7, 2)), "5:07 AM") == "2016-06-29T05:07"
