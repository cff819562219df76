"""Which sentences tell the report's own incident: dates against the report's day, and cues."""

from __future__ import annotations

from datetime import date
from typing import Any

from crosswire.extract.figures_focus import background_sentences, earlier_dated, recalls_other

DAY = date(2016, 11, 19)


def _timex(text: str, words: str, value: str) -> dict[str, Any]:
    return {"start": text.index(words), "end": text.index(words) + len(words), "value": value}


def _background(annotator: Any, text: str, timexes: list[dict[str, Any]]) -> list[str]:
    doc = annotator.nlp(text)
    starts = background_sentences(doc, timexes, DAY)
    return [s.text.strip() for s in doc.sents if s.start in starts]


def test_dates_near_and_far_from_the_reports_day() -> None:
    assert earlier_dated([(date(2016, 1, 5), date(2016, 1, 5))], [DAY]) is True
    assert earlier_dated([(date(2016, 11, 18), date(2016, 11, 18))], [DAY]) is False
    # a whole year is too coarse to say "now", but a year long past is still the past
    assert earlier_dated([(date(2016, 1, 1), date(2016, 12, 31))], [DAY]) is None
    assert earlier_dated([(date(2012, 1, 1), date(2012, 12, 31))], [DAY]) is True
    # three weeks before: another incident's day (a follow-up anchors on its own lede's date)
    assert earlier_dated([(date(2016, 10, 30), date(2016, 10, 30))], [DAY]) is True
    # between one and two weeks before: neither
    assert earlier_dated([(date(2016, 11, 10), date(2016, 11, 10))], [DAY]) is None


def test_recall_cues() -> None:
    assert recalls_other("Last year, two men were killed a block away.")
    assert recalls_other("In a similar shooting, a woman was wounded.")
    assert not recalls_other("Police said Saturday's shooting followed a similar incident.")
    assert not recalls_other("A man was killed on Main Street.")


def test_a_dated_timeline_of_earlier_homicides_is_background(annotator: Any) -> None:
    text = (
        "A man was shot and killed Saturday on Amesti Road.\n\n"
        "County homicides 2016 Jan. 5: Howard Atkinson shot his sister-in-law. "
        "Atkinson then fatally shot himself."
    )
    timexes = [
        _timex(text, "Saturday", "2016-11-19"),
        _timex(text, "2016", "2016"),
        _timex(text, "Jan. 5", "2016-01-05"),
    ]
    assert _background(annotator, text, timexes) == [
        "County homicides 2016 Jan. 5: Howard Atkinson shot his sister-in-law.",
        "Atkinson then fatally shot himself.",
    ]


def test_a_street_number_is_not_a_date(annotator: Any) -> None:
    text = (
        "A woman was shot and killed Saturday on Chestnut Avenue.\n\n"
        "Officers found a man in the 1800 block of Chestnut Avenue who had been wounded."
    )
    timexes = [_timex(text, "Saturday", "2016-11-19"), _timex(text, "1800", "1800")]
    assert _background(annotator, text, timexes) == []


def test_a_killing_on_another_street_is_another_incident(annotator: Any) -> None:
    text = (
        "A toddler was killed Tuesday in the 2000 block of Harrison Street.\n\n"
        "Police found shell casings in the 2100 block of Harrison Street. "
        "Earlier Tuesday, a man was killed in the 200 block of North Taylor Street."
    )
    assert _background(annotator, text, []) == [
        "Earlier Tuesday, a man was killed in the 200 block of North Taylor Street."
    ]
