"""An incident's ``day`` in the export: the benchmarked dating rules over its mention spans.

Reports are built from plain sentences (``dating_support``), so every case
states its own truth: which day the words name, and which report says it.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from crosswire.extract.events_dating import Report, candidates, incident_day
from crosswire.link.incident_days import incident_days
from crosswire.report.section_stories import day_words
from dating_support import report_from_text

PUBLISHED = date(2016, 7, 25)  # a Monday: Saturday is 23 July, Sunday 24 July


def _export_parts(
    reports: list[Report],
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """The export's articles, events and timexes for ``reports``."""
    articles = [{"id": r.id, "published": PUBLISHED.isoformat(), "text": r.text} for r in reports]
    events = [
        {**e, "id": f"{r.id}-e{n}", "article": r.id}
        for r in reports
        for n, e in enumerate(r.events)
    ]
    timexes = [dict(t) for r in reports for t in r.timexes]
    return articles, events, timexes


def _story(incidents: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"id": "story-x", "incidents": incidents}]


def _shot(rid: str, weekday: str) -> Report:
    text = f"A man was shot {weekday} night on Main Street"
    return report_from_text(rid, text, PUBLISHED, [("shooting", "shot")])


def test_votes_carry_the_span_of_the_words_that_dated_them() -> None:
    report = _shot("r1", "Saturday")
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 7, 23)
    (vote,) = [v for v in found.votes if v.day == found.day]
    assert report.text[vote.start : vote.end] == "Saturday night"
    assert candidates(report)[found.day].start == vote.start
    assert "r1:2016-07-23" in found.explain()


def test_two_reports_disagreeing_show_both_days_side_by_side() -> None:
    reports = [_shot("r1", "Saturday"), _shot("r2", "Sunday")]
    articles, events, timexes = _export_parts(reports)
    incident = {"id": "incident-a", "articles": ["r1", "r2"]}
    day = incident_days(_story([incident]), articles, events, timexes)["incident-a"]
    # an even split: the earlier day wins the tie, and the other is shown beside it
    assert day["value"] == "2016-07-23"
    assert day["support"] == 0.5
    assert day["alternatives"] == [{"value": "2016-07-24", "support": 0.5}]
    assert [(e["article"], e["text"]) for e in day["evidence"]] == [("r1", "Saturday night")]
    assert day_words(day) == "23 July 2016 (50%) or 24 July 2016 (50%)"

    # a third report siding with Sunday turns the vote, and the evidence is both reports
    reports.append(_shot("r3", "Sunday"))
    articles, events, timexes = _export_parts(reports)
    incident = {"id": "incident-a", "articles": ["r1", "r2", "r3"]}
    day = incident_days(_story([incident]), articles, events, timexes)["incident-a"]
    assert day["value"] == "2016-07-24"
    assert abs(day["support"] - 2 / 3) < 1e-3
    assert [a["value"] for a in day["alternatives"]] == ["2016-07-23"]
    assert sorted(e["article"] for e in day["evidence"]) == ["r2", "r3"]


def test_agreeing_reports_say_so_and_a_weak_rival_is_not_shown() -> None:
    reports = [_shot("r1", "Saturday"), _shot("r2", "Saturday")]
    articles, events, timexes = _export_parts(reports)
    incident = {"id": "incident-a", "articles": ["r1", "r2"]}
    day = incident_days(_story([incident]), articles, events, timexes)["incident-a"]
    assert (day["value"], day["support"], day["alternatives"]) == ("2016-07-23", 1.0, [])
    assert day_words(day) == "23 July 2016 (2 reports agree)"


def test_only_the_incidents_own_spans_vote_and_their_passage_is_its_lede() -> None:
    # one report tells two shootings: Saturday's in its opening, Sunday's far below
    filler = "Neighbours gathered on the corner and talked about the block. " * 12
    text = (
        f"A man was shot Saturday night on Main Street. {filler}On Sunday a woman was shot on Elm"
    )
    report = report_from_text(
        "r1", text, PUBLISHED, [("shooting", "shot"), ("shooting", "was shot on")]
    )
    second = text.index("On Sunday")
    assert second > 600  # beyond the report's lede
    articles, events, timexes = _export_parts([report])
    first_span = {"article": "r1", "start": 0, "end": text.index(filler)}
    second_span = {"article": "r1", "start": second, "end": len(text)}
    incidents = [
        {"id": "incident-sat", "articles": ["r1"], "mentions": [first_span]},
        {"id": "incident-sun", "articles": ["r1"], "mentions": [second_span]},
        {"id": "incident-all", "articles": ["r1"]},  # no spans: the whole report votes
    ]
    days = incident_days(_story(incidents), articles, events, timexes)
    assert days["incident-sat"]["value"] == "2016-07-23"
    assert days["incident-sat"]["alternatives"] == []
    assert days["incident-sun"]["value"] == "2016-07-24"
    assert [e["text"] for e in days["incident-sun"]["evidence"]] == ["Sunday"]
    assert days["incident-all"]["value"] == "2016-07-23"


def test_an_incident_no_report_dates_is_undated() -> None:
    report = report_from_text(
        "r1", "Police are investigating a shooting", PUBLISHED, [("shooting", "shooting")]
    )
    articles, events, timexes = _export_parts([report])
    day = incident_days(
        _story([{"id": "incident-a", "articles": ["r1"]}]), articles, events, timexes
    )["incident-a"]
    assert day == {"value": None, "support": 0.0, "evidence": [], "alternatives": []}
    assert day_words(day) == "not dated by its reports"
