"""Timexes and events on the three Mariupol reports, through the real pipeline.

The reports are ingested once per session (``example_store``); these tests
read what the pipeline stored and exported, so they fail if the extractors
are not discovered, not run in order, or resolve a date the way dateparser
would (a Friday report's "on Friday" a week early).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export, validate_export
from crosswire.store import Store


@pytest.fixture(scope="module")
def stored(example_store: Path) -> Iterator[tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]]:
    with Store(example_store) as store:
        by_file = {Path(a.source).name[:3]: a.id for a in store.articles()}
        timexes = store.extractions("timexes")
        doc = build_export(store)
    yield doc, {f: timexes.get(aid, []) for f, aid in by_file.items()}


def _export(stored: Any) -> dict[str, Any]:
    return stored[0]  # type: ignore[no-any-return]


def _file_of(doc: dict[str, Any], article: str) -> str:
    return next(Path(a["source"]).name[:3] for a in doc["articles"] if a["id"] == article)


def _timex(stored: Any, file: str, text: str, after: str = "") -> dict[str, Any]:
    items = stored[1][file]
    doc = _export(stored)
    body = next(a["text"] for a in doc["articles"] if Path(a["source"]).name.startswith(file))
    hits = [
        t
        for t in items
        if t["text"] == text and body[max(0, t["start"] - len(after)) : t["start"]] == after
    ]
    assert hits, f"no timex {after}{text!r} in {file}: {[t['text'] for t in items]}"
    return hits[0]


def test_on_thursday_is_31_march_in_the_1_april_report(stored: Any) -> None:
    item = _timex(stored, "000", "Thursday", after="On ")
    assert item["value"] == "2022-03-31"
    assert item["granularity"] == "day"
    assert item["anchor"] == "2022-04-01"


def test_on_monday_is_the_publication_day_of_the_14_march_report(stored: Any) -> None:
    assert _timex(stored, "002", "Monday", after="on ")["value"] == "2022-03-14"


def test_yesterday_is_31_march(stored: Any) -> None:
    assert _timex(stored, "001", "yesterday", after="Mariupol ")["value"] == "2022-03-31"


def test_on_saturday_in_future_tense_is_2_april(stored: Any) -> None:
    item = _timex(stored, "000", "Saturday", after="again on ")
    assert item["value"] == "2022-04-02"
    assert item["tense"] == "future"


def test_durations_are_not_dates(stored: Any) -> None:
    assert _timex(stored, "002", "10 days", after="after ")["value"] == "P10D"
    assert _timex(stored, "001", "five-week-old", after="the ")["value"] == "P5W"


def _events(doc: dict[str, Any], file: str, kind: str) -> list[dict[str, Any]]:
    return [e for e in doc["events"] if e["type"] == kind and _file_of(doc, e["article"]) == file]


def test_export_with_events_validates(stored: Any) -> None:
    doc = _export(stored)
    validate_export(doc)
    assert doc["events"], "the events extractor was not discovered"
    for e in doc["events"]:
        body = next(a["text"] for a in doc["articles"] if a["id"] == e["article"])
        assert body[e["start"] : e["end"]] == e["text"]
        assert set(e["date"]) >= {"value", "granularity", "text", "anchor"}


def test_civilian_convoy_left_mariupol_on_14_march(stored: Any) -> None:
    doc = _export(stored)
    convoy = next(e for e in _events(doc, "002", "evacuation") if e["text"] == "convoy")
    assert convoy["status"] == "succeeded"
    assert convoy["date"]["value"] == "2022-03-14"
    assert convoy["date"]["source"] == "timex"
    assert convoy["origin"]["text"] == "Mariupol"
    assert convoy["origin"]["entity"] is not None  # finalize filled the canonical entity


def test_talks_in_istanbul_on_tuesday_29_march(stored: Any) -> None:
    doc = _export(stored)
    talks = [e for e in _events(doc, "001", "negotiation") if (e["place"] or {}).get("text")]
    istanbul = next(e for e in talks if e["place"]["text"] == "Istanbul")
    assert istanbul["date"]["value"] == "2022-03-29"


def test_45_bus_convoy_blocked_on_31_march_by_russian_forces(stored: Any) -> None:
    doc = _export(stored)
    convoy = next(
        e for e in _events(doc, "000", "evacuation") if e["text"] == "convoy" and e["counts"]
    )
    assert convoy["status"] == "blocked"
    assert convoy["date"]["value"] == "2022-03-31"
    assert [(c["value"], c["unit"]) for c in convoy["counts"]] == [(45, "buses")]
    assert any(a["role"] == "agent" and "Russian forces" in a["text"] for a in convoy["actors"])


def test_14_tons_seized_dated_by_the_sentence_before(stored: Any) -> None:
    doc = _export(stored)
    seized = next(e for e in _events(doc, "000", "aid_blocked") if e["text"] == "seized")
    assert seized["status"] == "blocked"
    assert [(c["value"], c["unit"]) for c in seized["counts"]] == [(14, "tons")]
    assert seized["date"]["value"] == "2022-03-31"
    assert seized["date"]["source"] == "context"
    assert seized["date"]["confidence"] < 0.9


def test_icrc_retry_dated_saturday_not_the_day_it_was_said(stored: Any) -> None:
    doc = _export(stored)
    retry = next(e for e in _events(doc, "000", "evacuation") if e["text"] == "enter")
    assert retry["status"] == "planned"
    assert retry["date"]["value"] == "2022-04-02"
    assert [o["key"] for o in retry["organisers"]] == ["ICRC"]


def test_undated_events_fall_back_to_publication_with_low_confidence(stored: Any) -> None:
    doc = _export(stored)
    fallback = [e for e in doc["events"] if e["date"]["source"] == "publication"]
    assert fallback
    for e in fallback:
        assert e["date"]["text"] is None and e["date"]["confidence"] <= 0.3


def test_overnight_missile_strike_on_kyiv(stored: Any) -> None:
    doc = _export(stored)
    strike = next(e for e in _events(doc, "002", "attack") if e["text"] == "missile")
    assert strike["date"]["value"] == "2022-03-13TNI"
    assert strike["place"]["text"] == "Kyiv"


# --- an incident's day from all its reports (crosswire.extract.events_dating) -------------

from datetime import date  # noqa: E402

from crosswire.extract.events_dating import Report, candidates, incident_day  # noqa: E402
from dating_support import report_from_text  # noqa: E402


def _report(rid: str, text: str, published: date, events: list[tuple[str, str]]) -> Report:
    """A report whose events (type, trigger word) are dated by the timex of their sentence."""
    return report_from_text(rid, text, published, events)


def test_the_incident_is_the_shooting_day_not_the_later_death() -> None:
    text = "A man was shot Saturday night on Main Street. He died Monday at the hospital."
    report = _report("r1", text, date(2016, 7, 26), [("shooting", "shot"), ("casualties", "died")])
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 7, 23)


def test_page_stamps_and_later_days_are_never_candidates() -> None:
    text = (
        "Posted: Jul 25, 2016 10:12 PM\n\nA teen was shot Sunday night near the school. "
        "A vigil is planned for Thursday"
    )
    report = _report("r1", text, date(2016, 7, 25), [("shooting", "shot")])
    days = set(candidates(report))
    assert date(2016, 7, 24) in days and date(2016, 7, 28) not in days
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 7, 24)


def test_overnight_shooting_falls_on_the_publication_day() -> None:
    text = "Two people were wounded in a shooting overnight in the Northside"
    report = _report("r1", text, date(2016, 10, 16), [("shooting", "shooting")])
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 10, 16)


def test_reports_vote_and_a_calendar_date_outweighs_a_later_reports_weekday() -> None:
    same_day = _report(
        "r1",
        "A man was shot Tuesday afternoon downtown",
        date(2016, 12, 13),
        [("shooting", "shot")],
    )
    later = _report(
        "r2",
        "The man shot Dec. 13 was named. A shooting suspect appeared in court Tuesday",
        date(2016, 12, 20),
        [("shooting", "shot"), ("shooting", "shooting suspect")],
    )
    found = incident_day([same_day, later])
    assert found is not None and found.day == date(2016, 12, 13)


def test_a_dated_list_of_other_incidents_does_not_date_this_one() -> None:
    text = (
        "A deputy shot a teen early Saturday morning. HOMICIDES 2016\n"
        "Jan. 5: A man shot his sister-in-law"
    )
    report = _report(
        "r1", text, date(2016, 11, 19), [("shooting", "shot a teen"), ("shooting", "shot his")]
    )
    found = incident_day([report])
    assert found is not None and found.day == date(2016, 11, 19)


def test_no_dated_evidence_means_no_date() -> None:
    report = _report(
        "r1", "Police are investigating a shooting", date(2016, 1, 1), [("shooting", "shooting")]
    )
    assert incident_day([report]) is None


def test_timeline_reads_as_prose(stored: Any) -> None:
    """The Markdown timeline spells TIMEX parts of day out and keeps its spacing."""
    from crosswire.report import render_markdown

    out = render_markdown(_export(stored))
    timeline = out[out.index("## Timeline") :]
    timeline = timeline[: timeline.index("\n## ", 5)]
    assert "**13 March 2022, night** attack — Kyiv:" in timeline
    assert "TNI" not in timeline
    assert re.search(r"\*\* evacuation \(succeeded\) — Mariupol: ", timeline)
    assert "turned back" in timeline and "turned\\_back" not in timeline


def test_an_outcome_only_needed_or_negated_is_no_success(stored: Any) -> None:
    """'checkpoints that need to be passed' tells of no convoy that passed."""
    doc = _export(stored)
    body = next(a["text"] for a in doc["articles"] if _file_of(doc, a["id"]) == "002")
    cars = [
        e
        for e in _events(doc, "002", "evacuation")
        if "can get to Zaporizhzhia" in body[e["start"] - 20 : e["end"] + 40]
    ]
    assert cars, "the 'first cars can get to Zaporizhzhia' sentence gave no evacuation event"
    assert [e["status"] for e in cars] == [None] * len(cars)  # an open question: no status


@pytest.mark.parametrize(
    ("text", "succeeded"),
    [
        ("The convoy had already passed Berdyansk on Monday.", True),
        ("The convoy may have reached Mariupol on Monday.", False),
        ("The convoy has not reached Mariupol.", False),
        ("The convoy would have reached Mariupol by now.", False),
        ("Nobody knows whether the convoy reached Mariupol.", False),
    ],
)
def test_status_cues_read_modality(annotator: Any, text: str, succeeded: bool) -> None:
    from crosswire.extract.events import _status

    sent = next(annotator.nlp(text).sents)
    trigger = next(t for t in sent if t.lower_ in ("convoy", "buses"))
    status, _ = _status(trigger, "evacuation", sent)
    assert (status == "succeeded") is succeeded, status
