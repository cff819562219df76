"""Time rules of session 12, found auditing crisis reports the system was not developed on.

* A live blog's entry stamp ("11:05 - The health ministry says ... since 15 April") is the
  time the entry was posted: its day is the publication day, or the day heading of the blog
  above it, never a date later in the entry's first sentence.
* Plans, schedules and expectations look forward: "was planned for Wednesday", "is due on
  Wednesday", "is set for", "slated for", "were to be held on" in a Monday report are the
  coming Wednesday (the nearer day for a plan reported in the past tense, the next one for a
  plan in the present).
* "A second convoy", "a second night" are ordinals, not a duration of one second.
* "overnight on Saturday" is Saturday night; "overnight" in a forecast is the coming night.
* "since 15 April." ends at the month: the full stop closes the sentence ("Apr." keeps its).
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from crosswire.extract.timexes import find_timexes

FRI = date(2023, 5, 5)  # a Friday
MON = date(2023, 4, 24)  # a Monday


def _items(text: str, published: date) -> list[dict[str, Any]]:
    sentences = []
    pos = 0
    for line in text.split("\n"):
        if line:
            sentences.append((pos, pos + len(line)))
        pos += len(line) + 1
    return find_timexes("a", text, published, sentences)


def _value(items: list[dict[str, Any]], phrase: str) -> object:
    hits = [i for i in items if i["text"] == phrase]
    assert len(hits) == 1, items
    return hits[0]["value"]


def _parsed_value(annotator: Any, text: str, phrase: str, published: date) -> object:
    from crosswire.extract.time_tense import clause_tense

    doc = annotator.nlp(text)
    items = find_timexes(
        "a", text, published, [(0, len(text))], lambda s, e: clause_tense(doc, s, e)
    )
    return _value(items, phrase)


# --- live-blog entry stamps ----------------------------------------------------------------


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
    items = _items(BLOG, FRI)
    assert _value(items, phrase) == value
    stamp = next(i for i in items if i["text"] == phrase)
    assert stamp["day_from"] == "publication"
    # the dates in the entry keep their own values
    assert _value(items, "15 April") == "2023-04-15"
    assert _value(items, "Wednesday") == "2023-05-03"


def test_a_live_blog_entry_stamp_takes_the_day_heading_above_it() -> None:
    text = (
        "Live: fighting in Khartoum\n\nFriday 5 May\n\n09:10 - Fighting resumed on Thursday.\n\n"
        "Thursday 4 May\n\n22:40 - The ministry says 550 people were killed since 15 April.\n\n"
        "18:05 - Talks are due to resume on Saturday."
    )
    items = _items(text, FRI)
    assert _value(items, "09:10") == "2023-05-05T09:10"
    assert _value(items, "22:40") == "2023-05-04T22:40"
    assert _value(items, "18:05") == "2023-05-04T18:05"
    assert next(i for i in items if i["text"] == "22:40")["day_from"] == "heading"


def test_a_clock_time_in_prose_still_takes_its_sentences_day() -> None:
    items = _items("The quake struck at 04:17 on 6 February, officials said.", date(2023, 2, 8))
    assert items[0]["value"] == "2023-02-06T04:17"
    items = _items("At 10:15 on Tuesday the convoy left.", FRI)
    assert items[0]["value"] == "2023-05-02T10:15"


# --- plans, schedules and expectations look forward -----------------------------------------


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
    assert _parsed_value(annotator, text, phrase, published) == value


# --- "a second" ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "A second convoy of around 40 buses left.",
        "A second quake of magnitude 7.5 struck.",
        "Survivors spent a second freezing night outdoors.",
        "She said a second convoy of 14 trucks was expected.",
    ],
)
def test_a_second_before_a_noun_is_an_ordinal(text: str) -> None:
    assert not [i for i in _items(text, MON) if "second" in i["text"].lower()]


def test_a_second_alone_is_still_a_duration() -> None:
    assert _value(_items("The lights went out for a second.", MON), "a second") == "PT1S"


# --- overnight ------------------------------------------------------------------------------


def test_overnight_on_a_day_is_that_days_night() -> None:
    items = _items("U.S. forces landed by helicopter overnight on Saturday.", MON)
    # valued as "Saturday night" is: the day, with its part of day beside it
    assert [(i["text"], i["value"], i["part_of_day"]) for i in items] == [
        ("overnight on Saturday", "2023-04-22", "NI")
    ]


def test_overnight_in_a_forecast_is_the_coming_night(annotator: Any) -> None:
    text = "Temperatures were forecast to fall to minus 4 degrees overnight in Gaziantep."
    assert _parsed_value(annotator, text, "overnight", MON) == "2023-04-24TNI"
    text = "Fighting continued in Khartoum overnight, witnesses said."
    assert _parsed_value(annotator, text, "overnight", MON) == "2023-04-23TNI"


def test_a_full_month_name_does_not_take_the_full_stop() -> None:
    items = _items("Killed since 15 April. Seen on 3 Apr. in Khartoum.", MON)
    assert [i["text"] for i in items] == ["15 April", "3 Apr."]


# --- a day that opens a period does not date what happened in it ----------------------------


def _event_dates(annotator: Any, text: str, published: date) -> dict[str, object]:
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import ExtractionInput
    from crosswire.extract.events import EXTRACTOR as EVENTS
    from crosswire.extract.timexes import EXTRACTOR as TIMEXES
    from crosswire.models import Article

    doc = annotator.nlp(text)
    art = Article(id="e" * 16, source="t", raw_text=text, text=text, published=published)
    annotation = annotation_from_doc(art.id, doc)
    timexes = TIMEXES.extract(ExtractionInput(art, doc, annotation))
    events = EVENTS.extract(ExtractionInput(art, doc, annotation, {"timexes": timexes}))
    return {str(e["text"]): e["date"]["value"] for e in events}


def test_a_toll_since_a_day_is_not_dated_by_that_day(annotator: Any) -> None:
    dates = _event_dates(
        annotator, "The health ministry says 550 people have been killed since 15 April.", FRI
    )
    assert dates["killed"] == "2023-05-05"
    text = "More than 100,000 people have fled Sudan since fighting broke out on 15 April."
    dates = _event_dates(annotator, text, FRI)
    assert dates["fled"] == "2023-05-05"


def test_since_a_days_event_still_dates_that_event(annotator: Any) -> None:
    text = "The boy has been in hospital since Saturday's shooting in Chicago."
    assert _event_dates(annotator, text, date(2016, 7, 25))["shooting"] == "2016-07-23"


# --- midnight on a named day -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        # TimeML: "midnight Friday" is the end of Friday, 1989-10-27T24
        (
            "A three-day ceasefire began at midnight on Monday.",
            "midnight on Monday",
            "2023-04-24T24:00",
        ),
        (
            "They agreed on Monday to a ceasefire starting at midnight.",
            "midnight",
            "2023-04-24T24:00",
        ),
        ("Shots rang out just before midnight Saturday.", "midnight Saturday", "2023-04-22T24:00"),
        # after midnight is the early hours of the day named
        ("He was shot shortly after midnight on Sunday.", "midnight on Sunday", "2023-04-23T00:00"),
    ],
)
def test_midnight_on_a_named_day_ends_that_day(text: str, phrase: str, value: str) -> None:
    assert _value(_items(text, date(2023, 4, 26)), phrase) == value


def test_a_clock_run_into_a_date_is_no_entry_stamp() -> None:
    # a quoted tweet's stamp, "5:07 AM - 29 Jun 2016": the clock is on the date beside it
    text = "Police say she was hanging out at a home.\n\n5:07 AM - 29 Jun 2016\n\nMore text."
    assert _value(_items(text, date(2016, 7, 2)), "5:07 AM") == "2016-06-29T05:07"


def test_an_entry_stamp_under_a_day_heading_weighs_little_for_an_incidents_day() -> None:
    from crosswire.extract.events_dating import _reading

    stamp = {"text": "22:40", "rule": "clock", "value": "2023-05-04T22:40", "day_from": "heading"}
    assert _reading(stamp, FRI) == (date(2023, 5, 4), 0.3)
