"""Humanitarian operations tracked across the Mariupol reports, and their report sections.

The acceptance cases of issue 5: the 45-bus convoy en route in one report
and blocked in the next is one operation; the ICRC team turned back to
Zaporizhzhia on Friday with a retry planned for Saturday is another; the
14 March car convoy (160 cars in two hours, past Berdyansk) a third; and a
later report updates an operation instead of creating a new one.
"""

from __future__ import annotations

import re
import shutil
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.export import build_export, validate_export
from crosswire.pipeline import ingest, write_report
from crosswire.store import Store


@pytest.fixture(scope="module")
def doc(example_store: Path) -> dict[str, Any]:
    with Store(example_store) as store:
        return build_export(store)


def _files(doc: dict[str, Any], articles: list[str]) -> set[str]:
    return {Path(a["source"]).name[:3] for a in doc["articles"] if a["id"] in articles}


def _op(doc: dict[str, Any], predicate: Any) -> dict[str, Any]:
    found = [o for o in doc["operations"] if predicate(o)]
    assert len(found) == 1, [(o["id"], o["kind"], o["counts"]) for o in doc["operations"]]
    return found[0]


def _steps(op: dict[str, Any]) -> list[tuple[str, str]]:
    return [(str(s["date"])[:10], s["status"]) for s in op["status_history"]]


def test_operations_export_validates(doc: dict[str, Any]) -> None:
    validate_export(doc)
    assert doc["operations"], "the operations aggregator was not discovered"
    texts = {a["id"]: a["text"] for a in doc["articles"]}
    for op in doc["operations"]:
        for step in op["status_history"]:
            assert texts[step["article"]][step["start"] : step["end"]] == step["text"]


def test_45_bus_convoy_en_route_then_blocked_is_one_operation(doc: dict[str, Any]) -> None:
    op = _op(doc, lambda o: any(c["value"] == 45 and c["unit"] == "buses" for c in o["counts"]))
    assert _files(doc, op["articles"]) == {"000", "001"}
    steps = _steps(op)
    assert ("2022-03-31", "underway") in steps
    assert ("2022-03-31", "blocked") in steps
    assert steps.index(("2022-03-31", "underway")) < steps.index(("2022-03-31", "blocked"))
    assert op["status"] == "blocked"
    assert (op["destination"] or {}).get("name") == "Mariupol"


def test_icrc_team_turned_back_on_friday_retry_planned_for_saturday(doc: dict[str, Any]) -> None:
    op = _op(
        doc, lambda o: [x["name"] for x in o["organisers"]] == ["ICRC"] and len(o["events"]) > 3
    )
    steps = _steps(op)
    assert ("2022-04-01", "turned_back") in steps
    assert steps[-1] == ("2022-04-02", "planned")
    assert op["status"] == "planned"
    assert not any(c["unit"] == "buses" for c in op["counts"])  # not the government's buses


def test_14_march_car_convoy_got_out_past_berdyansk(doc: dict[str, Any]) -> None:
    op = _op(doc, lambda o: any(c["value"] == 160 for c in o["counts"]))
    assert _files(doc, op["articles"]) == {"002"}
    assert op["status"] == "succeeded"
    assert (op["origin"] or {}).get("name") == "Mariupol"
    assert (op["destination"] or {}).get("name") == "Zaporizhzhia"
    assert [r["name"] for r in op["route"]] == ["Berdyansk"]
    assert {d for d, _ in _steps(op)} == {"2022-03-14"}


def test_seized_aid_is_its_own_blocked_delivery(doc: dict[str, Any]) -> None:
    op = _op(doc, lambda o: any(c["unit"] == "tons" for c in o["counts"]))
    assert op["kind"] == "aid_delivery"
    assert _steps(op) == [("2022-03-31", "blocked")]


def test_a_later_report_updates_the_operation_it_belongs_to(
    tmp_path: Path, examples_dir: Path, annotator: Annotator
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    manifest = (examples_dir / "manifest.json").read_text(encoding="utf-8")
    shutil.copy(examples_dir / "001_61d5b503e9587065.txt", first)
    shutil.copy(examples_dir / "000_4ed45f7e1bcf7eea.txt", second)
    (first / "manifest.json").write_text(manifest, encoding="utf-8")
    (second / "manifest.json").write_text(manifest, encoding="utf-8")

    def buses(store: Store) -> list[dict[str, Any]]:
        ops = build_export(store)["operations"]
        return [o for o in ops if any(c["unit"] == "buses" for c in o["counts"])]

    with Store(tmp_path / "s.db") as store:
        ingest([first], store, annotator=annotator)
        before = buses(store)
        ingest([second], store, annotator=annotator)
        after = buses(store)
    assert len(before) == 1 and len(after) == 1
    assert after[0]["id"] == before[0]["id"]
    assert before[0]["status"] == "underway"
    assert after[0]["status"] == "blocked"
    assert len(after[0]["articles"]) == 2


def test_report_shows_timeline_svg_and_operations(example_store: Path) -> None:
    with Store(example_store) as store:
        html = write_report(store, "html", None)
        markdown = write_report(store, "md", None)
    timeline = html[html.index('<section id="timeline">') :]
    timeline = timeline[: timeline.index("</section>")]
    assert "<svg" in timeline and "<circle" in timeline
    assert not re.search(r"\sstyle=", timeline)  # the report's CSP forbids style attributes
    assert "http://" not in timeline.replace('xmlns="http://www.w3.org/2000/svg"', "")
    ops = html[html.index('<section id="operations">') :]
    assert "turned back" in ops and "blocked" in ops
    assert "2022-04-02" in ops
    assert "**31 March 2022**" in markdown  # the timeline writes dates as people do
    assert "turned back" in markdown


def test_no_operation_goes_from_a_place_to_itself(doc: dict[str, Any]) -> None:
    """A convoy sent into Mariupol to bring people out keeps where it is going, and is not
    shown as a route from Mariupol to Mariupol."""
    for op in doc["operations"]:
        origin, destination = op["origin"] or {}, op["destination"] or {}
        assert not origin or origin.get("name") != destination.get("name"), op["id"]
    convoy = _op(doc, lambda o: any(c["value"] == 45 for c in o["counts"]))
    assert convoy["origin"] is None


def test_the_three_attempts_are_three_incidents_and_their_operations_say_so(
    doc: dict[str, Any],
) -> None:
    """Issue 7: operations and events use the stories' incidents once they exist."""
    cars = _op(doc, lambda o: any(c["value"] == 160 for c in o["counts"]))
    buses = _op(doc, lambda o: any(c["value"] == 45 and c["unit"] == "buses" for c in o["counts"]))
    icrc = _op(
        doc, lambda o: [x["name"] for x in o["organisers"]] == ["ICRC"] and len(o["events"]) > 3
    )
    incidents = {
        i["id"]: i for story in doc["stories"] for i in story["incidents"]
    }  # 14 March, 31 March, 1 April
    for op in (cars, buses, icrc):
        assert op["incidents"], f"{op['id']} names no incident"
        assert set(op["incidents"]) <= set(incidents)
    assert [incidents[op["incidents"][0]]["date"] for op in (cars, buses, icrc)] == [
        "2022-03-14",
        "2022-03-31",
        "2022-04-01",
    ]
    # every event the export links to an incident lies in that incident's text
    events = {e["id"]: e for e in doc["events"]}
    linked = [e for e in doc["events"] if e["incident"]]
    assert linked and all("incident" in e for e in doc["events"])
    for e in linked:
        spans = [m for m in incidents[e["incident"]]["mentions"] if m["article"] == e["article"]]
        assert any(m["start"] <= e["start"] < m["end"] for m in spans)
    assert any(events[eid]["incident"] in buses["incidents"] for eid in buses["events"])
    assert all("incident" in f for f in doc["figures"])


def test_a_step_prefers_the_operation_of_its_own_incident() -> None:
    from crosswire.link.operations_cluster import OpMention, cluster

    def step(n: int, place: str | None, incident: str | None) -> OpMention:
        event = {"id": f"e{n}", "article": "a", "start": n}
        when = date(2022, 3, 31)
        places = frozenset({place}) if place else frozenset()
        return OpMention(
            event, "evacuation_convoy", (when.isoformat(), 0, n), when, places, frozenset(),
            None, incident,
        )  # fmt: skip

    # two convoys told in one report (different places, so two operations), then a step
    # that names no place: it could belong to either, and its incident says which
    steps = [step(1, "mariupol", "inc-a"), step(2, "berdiansk", "inc-b"), step(3, None, "inc-b")]
    ops = cluster(steps)
    assert [[m.event["id"] for m in op.mentions] for op in ops] == [["e1"], ["e2", "e3"]]
    assert [op.incidents for op in ops] == [["inc-a"], ["inc-b"]]
    # without incidents it joins the first one it fits (a tie, settled by order)
    blind = cluster([step(1, "mariupol", None), step(2, "berdiansk", None), step(3, None, None)])
    assert [[m.event["id"] for m in op.mentions] for op in blind] == [["e1", "e3"], ["e2"]]


def test_the_stories_section_lists_each_incidents_operations(example_store: Path) -> None:
    with Store(example_store) as store:
        markdown = write_report(store, "md", None)
    stories = markdown[markdown.index("## Stories") :]
    lines = stories.splitlines()
    incident = next(i for i, line in enumerate(lines) if line.startswith("- 2022-03-31"))
    below = []
    for line in lines[incident + 1 :]:
        if not line.startswith("  - operation: "):
            break
        below.append(line)
    assert any("(45 buses): blocked" in line for line in below), below
    assert not any("160 cars" in line for line in below)  # the 14 March convoy is its own


def test_a_convoy_that_crossed_where_and_when_another_report_expected_it() -> None:
    # "a convoy was expected to cross from Jordan through Ramtha on Friday" (report a) and,
    # on Friday, "a convoy of 8 trucks crossed through the Ramtha crossing today" (report b):
    # one convoy, planned then crossed, though a's place is its origin and b's the crossing
    from crosswire.link.operations_cluster import OpMention, cluster

    friday = date(2024, 5, 3)

    def step(aid: str, status: str, when: date, places: set[str], named: set[str]) -> OpMention:
        event = {"id": f"{aid}-{status}", "article": aid, "start": 1, "status": status}
        return OpMention(
            event, "aid_convoy", (when.isoformat(), 0, 1), when, frozenset(places), frozenset(),
            None, None, False, frozenset(named),
        )  # fmt: skip

    plan = step("a", "planned", friday, {"jordan"}, {"jordan", "ramtha"})
    crossed = step("b", "succeeded", friday, {"ramtha"}, {"ramtha"})
    assert len(cluster([plan, crossed])) == 1
    # not on the expected day, or through another crossing: two convoys
    later = step("b", "succeeded", date(2024, 5, 5), {"ramtha"}, {"ramtha"})
    assert len(cluster([plan, later])) == 2
    elsewhere = step("b", "succeeded", friday, {"nasib"}, {"nasib"})
    assert len(cluster([plan, elsewhere])) == 2


def test_a_truce_and_an_aid_convoy_told_in_invented_reports(
    tmp_path: Path, annotator: Annotator
) -> None:
    # general rules on two short invented reports: a ceasefire tracked with its history,
    # a convoy looted on the way, trucks waiting for permission at a crossing
    src = tmp_path / "reports"
    src.mkdir()
    (src / "a.txt").write_text(
        "Ceasefire agreed in Northland\n\nCAPITAL, March 3 (Wire) - The government and the "
        "rebel alliance agreed on Tuesday to a humanitarian pause starting at midnight, "
        "mediators said.\n\nA convoy of 20 trucks carrying food that left Eastport on "
        "Monday was looted on the way to Hilltown, the World Food Programme said.\n",
        encoding="utf-8",
    )
    (src / "b.txt").write_text(
        "Northland truce violated\n\nCAPITAL, March 5 (Wire) - Shelling was reported in "
        "Hilltown on Thursday despite the humanitarian pause, and both sides accused each "
        "other of violating the truce. Ten trucks of medical supplies were waiting at the "
        "Riverside crossing for permission to enter, UNICEF said.\n",
        encoding="utf-8",
    )
    with Store(tmp_path / "cw.db") as store:
        ingest([src], store, annotator=annotator)
        doc = build_export(store)
    validate_export(doc)
    truces = [o for o in doc["operations"] if o["kind"] == "ceasefire"]
    assert len(truces) == 1
    assert [s["status"] for s in truces[0]["status_history"]][:1] == ["agreed"]
    assert truces[0]["status"] == "violated"
    convoys = {o["status"] for o in doc["operations"] if o["kind"] == "aid_convoy"}
    assert convoys == {"failed", "blocked"}
