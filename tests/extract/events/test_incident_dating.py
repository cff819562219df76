"""The incident's day when reports name it at several precisions, or in a live blog.

Each test builds reports whose events are dated by the nearest timex of their
sentence (as the events extractor does for a simple sentence) and checks the
day :func:`incident_day` reads off them. Every case is one the rule changes:
without the rule the other day wins (or ties and the earlier one wins).
"""

from __future__ import annotations

from datetime import date

import pytest

from crosswire.extract.events_dating import Report, candidates, incident_day
from dating_support import report_from_text


def _report(rid: str, text: str, published: date, events: list[tuple[str, str]]) -> Report:
    """Events dated by the nearest day-level timex of their sentence."""
    return report_from_text(rid, text, published, events, day_level=True)


MONDAY = date(2016, 9, 12)
FRI = date(2023, 5, 5)  # a Friday


@pytest.mark.parametrize(
    "phrase",
    [
        "at 12:30 a.m. Sunday",
        "around 1 a.m. on Sunday",
        "shortly after 12:15 a.m. Sunday",
        "at about 2:10 a.m. Sunday",
    ],
)
def test_a_clock_time_on_a_named_day_outweighs_a_bare_weekday(phrase: str) -> None:
    """Around midnight one report says "Saturday night", another the clock time: trust the clock."""
    loose = _report("r1", "A man was shot Saturday near the bar", MONDAY, [("shooting", "shot")])
    exact = _report(
        "r2",
        f"Officers said the man was shot {phrase} near the bar",
        MONDAY,
        [("shooting", "shot")],
    )
    found = incident_day([loose, exact])
    assert found is not None and found.day == date(2016, 9, 11)


@pytest.mark.parametrize(
    "statement",
    [
        "The shooting is gang related, officials said Monday",
        "Police told reporters on Monday that the shooting is under review",
        "The sheriff declined to release names early Monday because of the shooting",
        "The shooting was an accident, police confirmed Monday",
        "The shooting was an accident, the coroner's office told The Evening Post Monday",
    ],
)
def test_the_day_something_was_said_does_not_date_the_shooting(statement: str) -> None:
    text = f"A teen died Sunday night in the woods. {statement}"
    report = _report("r1", text, MONDAY, [("casualties", "died"), ("shooting", "shooting")])
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 9, 11)


def test_a_day_after_the_shooting_verb_is_still_its_day() -> None:
    """Only a speech verb right before the day makes it the statement's day."""
    text = "A teen died Sunday night in the woods. The boy was shot Monday, police said"
    report = _report("r1", text, MONDAY, [("casualties", "died"), ("shooting", "shot")])
    assert candidates(report)[MONDAY][0] > candidates(report)[date(2016, 9, 11)][0]


@pytest.mark.parametrize(
    "phrase",
    ["around 5 p.m. Oct. 11", "at 9:40 p.m. on Oct. 11", "shortly before 11 p.m. on October 11"],
)
def test_a_clock_time_on_a_calendar_day_keeps_its_weight_for_a_month(phrase: str) -> None:
    """A report two weeks on names the shooting's day by the calendar, its news by weekday."""
    text = f"The man died Monday in hospital. He was shot {phrase} at his home"
    report = _report("r1", text, date(2016, 10, 25), [("casualties", "died"), ("shooting", "shot")])
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 10, 11)


def _forward_weekday_report(text: str, word: str, tense: str | None) -> Report:
    """A report whose shooting is dated by a weekday the resolver read forward.

    The timex is written out as the timexes extractor gives it after reading
    the parse (its ``tense`` comes from the governing verb), so the test needs
    no parser.
    """
    published = date(2016, 12, 6)
    start = text.index(word)
    timex = {
        "id": "r1-t0",
        "start": start,
        "end": start + len(word),
        "text": word,
        "value": "2016-12-09",
        "granularity": "day",
        "rule": "weekday",
        "tense": tense,
        "function": "NONE",
    }
    shot = text.index("shoot")
    event = {
        "type": "shooting",
        "text": "shooting",
        "start": shot,
        "date": {
            "source": "timex",
            "value": "2016-12-09",
            "granularity": "day",
            "text": word,
            "timex": "r1-t0",
            "confidence": 0.9,
        },
    }
    return Report("r1", published, [event], [timex], text)


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "Police say store video of the Friday shooting shows the clerk was not in danger",
            "Friday",
        ),
        ("He is charged with shooting a hiker at a trail in Tarzana on Friday", "Friday"),
        (
            "Police are investigating a shooting late Friday night that left two hurt",
            "Friday night",
        ),
    ],
)
def test_a_weekday_read_forward_for_a_shooting_is_the_one_before(text: str, word: str) -> None:
    """Reports tell violence after it happens: a weekday resolved past the report is last week's."""
    for tense in (None, "present"):
        found = incident_day([_forward_weekday_report(text, word, tense)])
        assert found is not None and found.day == date(2016, 12, 2)


def test_a_vigil_planned_for_a_weekday_does_not_date_the_shooting() -> None:
    text = "A vigil at the scene of the shooting is planned for Friday"
    assert incident_day([_forward_weekday_report(text, "Friday", "future")]) is None


@pytest.mark.parametrize(
    ("sentence", "trigger"),
    [
        ("She died Tuesday, two days after being shot", "being shot"),
        ("A man was arrested Tuesday, three days after the shots were fired", "shots were"),
        ("Classes resumed Tuesday, 48 hours after the shooting", "shooting"),
        ("She was taken off life support Tuesday, hours after she was shot", "was shot"),
    ],
)
def test_a_day_told_with_a_lag_before_the_shooting_is_later_news(
    sentence: str, trigger: str
) -> None:
    text = f"A girl was wounded Sunday night on Elm Street. {sentence}"
    report = _report(
        "r1", text, date(2016, 9, 14), [("casualties", "wounded"), ("shooting", trigger)]
    )
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 9, 11)


def test_an_entry_stamp_under_a_day_heading_weighs_little_for_an_incidents_day() -> None:
    from crosswire.extract.events_dating import _reading

    stamp = {"text": "22:40", "rule": "clock", "value": "2023-05-04T22:40", "day_from": "heading"}
    assert _reading(stamp, FRI) == (date(2023, 5, 4), 0.3)
