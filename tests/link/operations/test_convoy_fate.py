"""What befell a convoy and what is a programme of convoys, on invented reports.

An air strike on an aid convoy is an event of that convoy (status ``attacked``), never its
success because "killed" or "left" stands nearer the trigger than the strike; a suspension
of every convoy of an agency is one programme's step, suspended then resumed across
reports; people fleeing in a "mass flight" are no evacuation.
"""

from __future__ import annotations

from typing import Any

import pytest

from crosswire.export import validate_export
from operations_support import export_of_reports

_REPORTS = [
    (
        "2031-05-05",
        "Nine people, among them two drivers, died on Monday when an air strike hit a convoy "
        "of aid trucks near Velmora, a monitoring group said.",
    ),
    (
        "2031-05-06",
        "Every convoy in Dravania was put on hold on Tuesday by the United Nations after the "
        "strike on the aid lorries near Velmora.",
    ),
    (
        "2031-05-08",
        "On Thursday UN aid convoys were back on the move in Dravania, a spokesman said.",
    ),
    (
        "2031-05-08",
        "The clashes triggered the mass flight of villagers into Ostrelia, the agency said.",
    ),
]


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> dict[str, Any]:
    return export_of_reports(tmp_path_factory, annotator, "convoys", _REPORTS)


def _statuses(op: dict[str, Any]) -> list[str]:
    return [str(s["status"]) for s in op["status_history"]]


def test_an_air_strike_on_a_convoy_is_an_attack_not_its_success(doc: dict[str, Any]) -> None:
    validate_export(doc)
    first = {a["id"] for a in doc["articles"] if "air strike" in a["text"]}
    hit = [o for o in doc["operations"] if set(o["articles"]) & first]
    assert hit
    assert all("succeeded" not in _statuses(o) for o in hit)
    assert any("attacked" in _statuses(o) for o in hit)


def test_suspending_every_convoy_then_resuming_is_one_programme(doc: dict[str, Any]) -> None:
    programme = [
        o for o in doc["operations"] if "suspended" in _statuses(o) and "underway" in _statuses(o)
    ]
    assert len(programme) == 1, [(o["kind"], _statuses(o)) for o in doc["operations"]]
    assert _statuses(programme[0]) == ["suspended", "underway"]


def test_a_mass_flight_of_villagers_is_no_evacuation(doc: dict[str, Any]) -> None:
    fled = {a["id"] for a in doc["articles"] if "mass flight" in a["text"]}
    assert not [o for o in doc["operations"] if set(o["articles"]) & fled]
