"""Evacuations told as done in so many words: "finished evacuating", "brought N out",
"is now complete", "operated ..., N people were taken out"; and one that was refused, or
only "operated by" an agency, is no success.

Sentences in the style of the 2016 Aleppo evacuation reporting (invented).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export
from crosswire.pipeline import ingest
from crosswire.store import Store

_REPORTS = [
    "The Red Cross and Red Crescent have finished evacuating some 35,000 people from Darvin.",
    '"On Monday alone we brought 15,000 people out of east Darvin," a spokeswoman said.',
    '"The operation to take militants and their families out of eastern Darvin is now '
    'complete," the centre said.',
    "The stoppage came after rebels refused to let wounded people be brought out of Fua.",
    "The evacuation of Popova operated on Thursday, 400 people were taken out, he said.",
    "The evacuation operated by the Red Cross will leave Sumova on Friday, he said.",
    "Troops fired on an evacuation convoy on the Vasova-Zapova road, she said.",
    "A column of 30 buses departed from Zapova to Berdova on Saturday to pick up residents.",
    "The evacuation from Marova to Zapova has been postponed because the shelling continues.",
    "The evacuation from Volnova to Pokrova did not take place on Saturday, he said.",
    "The evacuation from Sumova to Poltova was not opened on Saturday, he said.",
    "The evacuation from Kharova to Vovcha was thwarted by shelling, he said.",
    "Evacuation buses have departed Enerhodar to carry residents of the city, Tymoshenko said.",
]


@pytest.fixture(scope="module")
def events(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> list[dict[str, Any]]:
    work = tmp_path_factory.mktemp("evacuations")
    feed = work / "reports.jsonl"
    feed.write_text(
        "".join(json.dumps({"text": t, "published": "2031-12-20"}) + "\n" for t in _REPORTS),
        encoding="utf-8",
    )
    with Store(work / "s.db") as store:
        ingest([Path(feed)], store, annotator=annotator)  # type: ignore[arg-type]
        doc = build_export(store)
    texts = {a["id"]: a["text"] for a in doc["articles"]}
    return [{**e, "report": texts[e["article"]]} for e in doc["events"]]


def _statuses(events: list[dict[str, Any]], words: str) -> set[Any]:
    return {e["status"] for e in events if words in e["report"] and e["type"] == "evacuation"}


def test_finished_evacuating_is_a_success(events: list[dict[str, Any]]) -> None:
    assert _statuses(events, "finished evacuating") == {"succeeded"}


def test_people_brought_out_is_a_success(events: list[dict[str, Any]]) -> None:
    assert _statuses(events, "we brought 15,000") == {"succeeded"}


def test_an_operation_now_complete_is_a_success(events: list[dict[str, Any]]) -> None:
    assert "succeeded" in _statuses(events, "is now")


def test_people_refused_leave_to_be_brought_out_are_no_success(
    events: list[dict[str, Any]],
) -> None:
    assert "succeeded" not in _statuses(events, "refused to let")


def test_an_evacuation_that_operated_and_took_people_out_is_a_success(
    events: list[dict[str, Any]],
) -> None:
    assert _statuses(events, "400 people were taken out") == {"succeeded"}


def test_an_evacuation_operated_by_an_agency_is_not_done_by_that_alone(
    events: list[dict[str, Any]],
) -> None:
    assert "succeeded" not in _statuses(events, "operated by the Red Cross")


def test_a_convoy_fired_on_is_attacked_not_planned(events: list[dict[str, Any]]) -> None:
    assert _statuses(events, "fired on") == {"attacked"}


def test_buses_that_departed_are_an_evacuation_under_way(events: list[dict[str, Any]]) -> None:
    assert _statuses(events, "30 buses departed") == {"underway"}


@pytest.mark.parametrize(
    ("words", "status"),
    [
        ("has been postponed", "suspended"),
        ("did not take place", "failed"),
        ("was not opened", "failed"),  # not the "opened" of an evacuation under way
        ("was thwarted", "failed"),
    ],
)
def test_an_evacuation_that_did_not_happen_is_no_success(
    events: list[dict[str, Any]], words: str, status: str
) -> None:
    assert _statuses(events, words) == {status}


def test_the_place_buses_departed_is_where_they_come_from(events: list[dict[str, Any]]) -> None:
    departed = [e for e in events if "departed Enerhodar" in e["report"]]
    assert departed and {(e.get("origin") or {}).get("text") for e in departed} == {"Enerhodar"}
