"""Corridors over days: roundups of the day's corridors, who announced them, copies of reports.

A day's roundup ("all seven corridors functioned") is a step of each corridor told of that
day, never an operation of its own; what one report says of one corridor ("did not work")
stays that corridor's last word. The side that proposed a corridor is read from who
announced it, even where a later report names the announcer only ("Vereshchuk said").
The reports are invented in the style of agency copy.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from crosswire.export import validate_export
from crosswire.report.section_operations import route_text
from operations_support import export_of_reports, operation

_REPORTS = [
    (
        "2022-03-23",
        "KYIV. March 23 (Interfax-Ukraine) - Humanitarian corridors will operate on March 24 "
        "from Berdyansk to Zaporizhzhia and from Bohdanivka to Brovary, Ukrainian Deputy Prime "
        "Minister Iryna Vereshchuk said.",
    ),
    (
        "2022-03-24",
        '"Buses will leave Enerhodar for Zaporizhzhia along the humanitarian corridor today," '
        "Vereshchuk said.",
    ),
    (
        "2022-03-25",
        "KYIV. March 25 (Interfax-Ukraine) - All the seven humanitarian corridors arranged "
        "for evacuating civilians in Ukraine on March 24 functioned as planned, and 3,343 "
        "people were evacuated via them, Vereshchuk said.",
    ),
    (
        "2022-03-17",
        "KYIV. March 17 (Interfax-Ukraine) - A humanitarian corridor from Kharkiv to Vovchansk "
        "will operate today, Vereshchuk said.",
    ),
    (
        "2022-03-18",
        "KYIV. March 18 (Interfax-Ukraine) - Eight of the nine humanitarian corridors worked on "
        'Thursday. "The corridor from Kharkiv to Vovchansk did not work on Thursday," '
        "Vereshchuk said.",
    ),
]


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> dict[str, Any]:
    return export_of_reports(tmp_path_factory, annotator, "corridor-days", _REPORTS)


def _on(op: dict[str, Any], day: str) -> list[str]:
    return [s["status"] for s in op["status_history"] if str(s["date"])[:10] == day]


def test_a_roundup_of_the_day_is_a_step_of_each_corridor_of_that_day(doc: dict[str, Any]) -> None:
    validate_export(doc)
    for origin, destination in (("Berdyansk", "Zaporizhzhia"), ("Bohdanivka", "Brovary")):
        op = operation(doc, origin, destination)
        assert _on(op, "2022-03-24")[-1] == "succeeded"
        assert any(s.get("roundup") for s in op["status_history"])
        assert not any(c["value"] == 3343 for c in op["counts"])  # the day's total, not its own


def test_a_roundup_is_no_operation_and_a_country_is_no_destination(doc: dict[str, Any]) -> None:
    for op in doc["operations"]:
        assert (op.get("destination") or {}).get("name") != "Ukraine", route_text(op)


def test_what_a_report_says_of_one_corridor_outranks_the_days_roundup(
    doc: dict[str, Any],
) -> None:
    vovchansk = operation(doc, "Kharkiv", "Vovchansk")
    assert vovchansk["status"] == "failed"


def test_the_proposer_is_who_announced_it_even_when_named_by_surname_only(
    doc: dict[str, Any],
) -> None:
    enerhodar = operation(doc, "Enerhodar", "Zaporizhzhia")
    proposers = enerhodar["proposed_by"]
    assert [p["name"] for p in proposers] == ["Ukraine"]
    assert proposers[0]["how"] in ("speaker", "usual")
    berdyansk = operation(doc, "Berdyansk", "Zaporizhzhia")
    assert [(p["name"], p["how"]) for p in berdyansk["proposed_by"]] == [("Ukraine", "speaker")]


def _step(
    aid: str,
    status: str,
    day: date,
    *,
    kind: str = "aid_delivery",
    places: frozenset[str] = frozenset(),
    orgs: frozenset[str] = frozenset(),
    signature: str | None = None,
    trucks: int | None = None,
    dated: str = "timex",
) -> Any:
    from crosswire.link.operations_cluster import OpMention

    counts = [{"value": trucks, "unit": signature, "vehicle": True}] if trucks else []
    event = {
        "id": f"{aid}-{status}",
        "article": aid,
        "start": 1,
        "status": status,
        "counts": counts,
        "date": {"value": day.isoformat(), "source": dated},
    }
    return OpMention(event, kind, (day.isoformat(), 0, 1), day, places, orgs, signature)


def test_an_attack_told_in_other_reports_is_the_same_convoys() -> None:
    from crosswire.link.operations_cluster import CONVOY, cluster

    monday, wednesday = date(2016, 9, 19), date(2016, 9, 21)
    hit = _step(
        "a", "attacked", monday, places=frozenset({"aleppo"}), signature="trucks", trucks=31
    )
    # "a convoy of 31 vehicles was wrecked" in another report: the same fleet
    wrecked = _step("b", "attacked", monday, signature="vehicles", trucks=31)
    # "the UN convoy came under attack", told on Wednesday with no day of its own
    un = _step("c", "attacked", wednesday, kind=CONVOY, orgs=frozenset({"UN"}), dated="publication")
    assert len(cluster([hit, wrecked, un])) == 1
    # an attack on another day, with a day of its own, is another convoy's
    other = _step("c", "attacked", wednesday, kind=CONVOY, orgs=frozenset({"UN"}))
    assert len(cluster([hit, other])) == 2


def test_vehicles_of_another_count_are_not_the_convoys_buses() -> None:
    from crosswire.link.operations_cluster import cluster

    day = date(2022, 3, 31)
    buses = _step("a", "underway", day, kind="evacuation", places=frozenset({"mariupol"}),
                  signature="buses", trucks=45)  # fmt: skip
    cars = _step("b", "blocked", day, kind="evacuation", places=frozenset({"mariupol"}),
                 signature="vehicles")  # fmt: skip
    assert len(cluster([buses, cars])) == 2


def test_the_report_says_when_a_proposer_is_only_the_usual_one() -> None:
    from crosswire.report.section_operations import parties_text

    op = {"proposed_by": [{"name": "Ukraine", "article": "a", "how": "usual"}]}
    assert parties_text(op) == "proposed by Ukraine (not stated: the usual proposer)"
    op = {"proposed_by": [{"name": "Ukraine", "article": "a", "how": "speaker"}]}
    assert parties_text(op) == "proposed by Ukraine"
