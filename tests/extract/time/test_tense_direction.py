"""Whether a named day lies before or after the report: the tense of the governing verb,
commitments to act, progressives (an arrangement, or an inquiry that looks back on a
shooting), "until" in a past perfect, plans and schedules, "ahead of".

The tense cases parse real sentences, since reading the governing verb is what they test.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from timex_support import parsed_value, value_of

OCT89 = date(1989, 10, 30)  # a Monday

SAT = date(2016, 7, 23)  # a Saturday

SUN = date(2016, 7, 24)

WED = date(2016, 7, 20)

FRI = date(2023, 5, 5)  # a Friday

MON = date(2023, 4, 24)  # a Monday


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
    assert parsed_value(annotator, text, phrase, date(1989, 10, 27)) == value


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("Traders had squared positions ahead of the weekend.", "the weekend", "1989-W44-WE"),
        ("Campaigning closed ahead of Sunday's election.", "Sunday", "1989-11-05"),
        ("Stocks fell ahead of Tuesday's report.", "Tuesday", "1989-10-31"),
    ],
)
def test_ahead_of_looks_forward(text: str, phrase: str, value: str) -> None:
    assert value_of(text, phrase, OCT89, "past") == value


@pytest.mark.parametrize(
    ("text", "phrase", "published"),
    [
        ("Police are investigating a shooting late Friday night in Chicago.", "Friday night", SAT),
        (
            "Police are investigating a shooting that happened late Friday night.",
            "Friday night",
            SAT,
        ),
        ("Police are investigating a Friday night shooting.", "Friday night", SUN),
        ("Police are searching for a gunman after a shooting on Friday.", "Friday", SAT),
        ("Police are asking for help in a shooting on Friday night.", "Friday night", SUN),
        ("Detectives are looking into a fatal crash on Friday.", "Friday", SUN),
    ],
)
def test_a_progressive_inquiry_looks_back_on_the_day(
    annotator: Any, text: str, phrase: str, published: date
) -> None:
    assert parsed_value(annotator, text, phrase, published) == "2016-07-22"


@pytest.mark.parametrize(
    ("text", "phrase", "published", "value"),
    [
        # the verb's own day under a progressive is still an arrangement
        ("The team is leaving on Friday.", "Friday", WED, "2016-07-22"),
        ("The minister is flying to Paris on Friday.", "Friday", SAT, "2016-07-29"),
        # preparing for an event: the event is to come
        ("Leaders are preparing for a summit on Friday.", "Friday", SAT, "2016-07-29"),
        ("Residents are bracing for a storm on Friday.", "Friday", SUN, "2016-07-29"),
        ("We are looking forward to the summit on Friday.", "Friday", SAT, "2016-07-29"),
        ("Ukraine is seeking talks on Friday.", "Friday", SAT, "2016-07-29"),
        ("Activists are staging a protest on Friday.", "Friday", SAT, "2016-07-29"),
    ],
)
def test_a_progressive_arrangement_still_looks_forward(
    annotator: Any, text: str, phrase: str, published: date, value: str
) -> None:
    assert parsed_value(annotator, text, phrase, published) == value


@pytest.mark.parametrize(
    ("text", "phrase", "published", "value"),
    [
        (
            "Until Thursday, they had not called Kopp a suspect.",
            "Thursday",
            date(1999, 5, 7),
            "1999-05-06",
        ),
        ("Until Tuesday, officials had never named a suspect.", "Tuesday", WED, "2016-07-19"),
        (
            "The police had been searching the wrong house until Monday.",
            "Monday",
            WED,
            "2016-07-18",
        ),
        # without a past perfect, "until" still looks forward
        ("The hearing was postponed until Tuesday.", "Tuesday", WED, "2016-07-26"),
        ("The road will stay closed until Monday.", "Monday", WED, "2016-07-25"),
    ],
)
def test_until_in_a_past_perfect_looks_back(
    annotator: Any, text: str, phrase: str, published: date, value: str
) -> None:
    assert parsed_value(annotator, text, phrase, published) == value


@pytest.mark.parametrize(
    ("text", "phrase", "published", "value"),
    [
        ("A memorial service planned for Saturday was canceled.", "Saturday", SUN, "2016-07-23"),
        ("The vote scheduled for Tuesday was postponed.", "Tuesday", WED, "2016-07-19"),
        ("Talks scheduled for Friday were called off.", "Friday", WED, "2016-07-22"),
        ("A rally planned for Saturday will go ahead.", "Saturday", SUN, "2016-07-30"),
    ],
)
def test_a_planned_event_is_the_nearer_day_unless_the_clause_looks_ahead(
    annotator: Any, text: str, phrase: str, published: date, value: str
) -> None:
    assert parsed_value(annotator, text, phrase, published) == value


@pytest.mark.parametrize(
    ("text", "phrase", "published", "value"),
    [
        (
            "A second convoy of buses was planned for Wednesday, he said.",
            "Wednesday",
            MON,
            "2023-04-26",
        ),
        ("The vote was scheduled for Wednesday, officials said.", "Wednesday", MON, "2023-04-26"),
        ("The next round of talks is due on Wednesday.", "Wednesday", MON, "2023-04-26"),
        ("The hearing is set for Wednesday.", "Wednesday", MON, "2023-04-26"),
        ("The summit is slated for Wednesday.", "Wednesday", MON, "2023-04-26"),
        ("Elections were to be held on Wednesday.", "Wednesday", MON, "2023-04-26"),
        ("The convoy was due to leave on Wednesday.", "Wednesday", MON, "2023-04-26"),
        # a plan in the present tense is the coming day, however far
        ("The vote is scheduled for Thursday.", "Thursday", FRI, "2023-05-11"),
        ("The next meeting is due on Thursday.", "Thursday", FRI, "2023-05-11"),
        ("The flight is set to leave on Thursday.", "Thursday", FRI, "2023-05-11"),
        # a plan reported in the past tense is the nearer day: it may have come and gone
        ("The vote was scheduled for Thursday, officials said.", "Thursday", FRI, "2023-05-04"),
        ("The talks had been scheduled for Wednesday.", "Wednesday", MON, "2023-04-19"),
    ],
)
def test_a_plan_looks_forward(
    annotator: Any, text: str, phrase: str, published: date, value: str
) -> None:
    assert parsed_value(annotator, text, phrase, published) == value
