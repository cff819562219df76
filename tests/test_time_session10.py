"""TimeML normalisation rules of session 10 (issue 5), found by reading AQUAINT's errors.

The tense cases parse real sentences, since reading the governing verb is what they test:

* a present progressive is an arrangement ("the team is leaving on Friday") only for its own
  time; a day that dates a noun ("investigating a shooting late Friday night") dates that
  event, which a report of an inquiry or a hunt looks back on;
* "until Thursday" looks forward, except in a past perfect ("until Thursday, they had not
  called him a suspect"): the change came on that day, already behind the report;
* "a service planned for Saturday" dates the planned event, which may lie either side of the
  report: the nearer Saturday wins unless the clause around it is in the future.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from crosswire.extract.timexes import find_timexes

SAT = date(2016, 7, 23)  # a Saturday
SUN = date(2016, 7, 24)
WED = date(2016, 7, 20)


def _parsed_value(annotator: Any, text: str, phrase: str, published: date) -> object:
    from crosswire.extract.time_tense import clause_tense

    doc = annotator.nlp(text)
    items = find_timexes(
        "a", text, published, [(0, len(text))], lambda s, e: clause_tense(doc, s, e)
    )
    hits = [i for i in items if i["text"] == phrase]
    assert len(hits) == 1, items
    return hits[0]["value"]


# --- a day that dates a noun's event, under a present progressive ---------------------------


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
    assert _parsed_value(annotator, text, phrase, published) == "2016-07-22"


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
    assert _parsed_value(annotator, text, phrase, published) == value


# --- "until" with a past perfect ------------------------------------------------------------


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
    assert _parsed_value(annotator, text, phrase, published) == value


# --- an event planned for a day --------------------------------------------------------------


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
    assert _parsed_value(annotator, text, phrase, published) == value


# --- a holiday named by its rule ---------------------------------------------------------------


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
    assert _parsed_value(annotator, text, "Election Day", published) == value


# --- a clock time in brackets keeps its bracket out --------------------------------------------


def test_a_bracketed_clock_time_does_not_take_the_weekday_after_the_bracket() -> None:
    text = "The blast occurred at about 10:35 a.m. (0735 GMT) Friday, toppling a building."
    items = find_timexes("a", text, date(1998, 8, 8), [(0, len(text))], lambda s, e: "past")
    by_text = {str(i["text"]): i["value"] for i in items}
    assert by_text["Friday"] == "1998-08-07"
    assert by_text["0735 GMT"] == "1998-08-07T07:35"


# --- the week that holds a named day -----------------------------------------------------------


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


# --- no expression runs across a line break -----------------------------------------------------


def test_a_headline_weekday_does_not_join_the_dateline_below() -> None:
    text = "Russian markets to remain closed until Friday\nSeptember 18, 2008\nTrading stops."
    items = find_timexes("a", text, date(2008, 9, 18), [(0, len(text))], lambda s, e: None)
    assert {str(i["text"]): i["value"] for i in items} == {
        "Friday": "2008-09-19",
        "September 18, 2008": "2008-09-18",
    }


# --- quarters and halves: the clause's tense, "final", "of last year" --------------------------

AUG06 = date(2006, 8, 19)  # the third quarter


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
    assert _parsed_value(annotator, text, phrase, AUG06) == value


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


# --- "two and a half years": one span, written in whole smaller units as TimeBank writes
# "a minute and a half" (PT1M30S) ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("The plane is almost two and a half years late.", "two and a half years", "P2Y6M"),
        ("Talks lasted three and a half hours.", "three and a half hours", "PT3H30M"),
        ("He served a year and a half in prison.", "a year and a half", "P1Y6M"),
    ],
)
def test_a_count_and_a_half_is_one_duration(text: str, phrase: str, value: str) -> None:
    items = find_timexes("a", text, AUG06, [(0, len(text))], lambda s, e: None)
    durations = [i for i in items if i["type"] == "DURATION"]
    assert [(i["value"]) for i in durations if phrase in str(i["text"])] == [value], items


# --- the day before / after a named day --------------------------------------------------------


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
