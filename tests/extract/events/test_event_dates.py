"""Events dated by the events extractor: a day that opens a period ("since 15 April") does not
date what happened in it, while a day's own event keeps it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

FRI = date(2023, 5, 5)  # a Friday


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
