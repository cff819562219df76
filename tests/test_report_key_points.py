"""The report's opening: key points (where several reports meet, conflicts first, each naming its
reports) and the overview's actors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from crosswire.export import build_export
from crosswire.report import render_markdown
from crosswire.report.key_points import MAX_POINTS, key_points
from crosswire.store import Store


def _group(gid: str, status: str, sources: int, summary: str) -> dict[str, Any]:
    return {
        "id": gid,
        "status": status,
        "independent_sources": sources,
        "articles": [f"{gid}{n}aaaaaaaaaaaa" for n in range(sources)],
        "summary": summary,
    }


def _op(oid: str, statuses: list[str], articles: list[str], **more: Any) -> dict[str, Any]:
    history = [{"date": f"2022-03-{20 + n}", "status": s} for n, s in enumerate(statuses)]
    return {
        "id": oid,
        "kind": "evacuation_convoy",
        "status_history": history,
        "articles": articles,
        **more,
    }


def test_conflicts_come_first_and_single_sources_stay_out() -> None:
    doc = {
        "reconciliations": [
            _group("a", "corroborated", 3, "vehicles in X: corroborated across 3 — 45 buses"),
            _group("b", "single_source", 1, "killed in X: single source — 4 people"),
            _group(
                "c", "changed", 2, "population remaining in X: changed across 2 — 170,000; 100,000"
            ),
            _group("d", "disputed", 2, "killed in X: disputed across 2 — 2,500; thousands"),
            _group("e", "consistent", 1, "displaced in X: consistent — 5,000"),
        ]
    }
    points = key_points(doc)
    assert [p.text.split(":")[0] for p in points] == [
        "Killed in X",
        "Population remaining in X",
        "Vehicles in X",
    ]
    assert points[0].text == "Killed in X: disputed — 2,500; thousands"
    assert points[1].text.startswith("Population remaining in X: changed over time — ")
    assert points[0].reports == ("d0aaaaaa", "d1aaaaaa") and points[0].anchor == "reconciliation"


def test_operations_followed_across_reports_or_through_a_change_of_status() -> None:
    doc = {
        "operations": [
            _op(
                "op-1",
                ["planned", "underway", "underway", "blocked"],
                ["r1"],
                destination={"name": "Mariupol"},
                counts=[{"value": 45, "unit": "buses"}],
            ),
            _op("op-2", ["succeeded"], ["r1"]),
            _op(
                "op-3",
                ["planned"],
                ["r1", "r2"],
                origin={"name": "Sumy"},
                organisers=[{"name": "ICRC"}],
            ),
        ]
    }
    texts = [p.text for p in key_points(doc)]
    assert texts == [
        "Evacuation convoy, from Sumy, organised by ICRC: planned (2022-03-20)",
        "Evacuation convoy, to Mariupol (45 buses): planned → underway → blocked "
        "(2022-03-20 to 2022-03-23)",
    ]


def test_at_most_max_points() -> None:
    groups = [
        _group(f"g{n}", "corroborated", 2, f"m{n} in X: corroborated — {n}") for n in range(20)
    ]
    assert len(key_points({"reconciliations": groups})) == MAX_POINTS


def test_example_report_opens_with_its_key_points(example_store: Path) -> None:
    with Store(example_store) as store:
        out = render_markdown(build_export(store))
    points = out[out.index("### Key points") : out.index("## Sources")]
    assert "Population remaining in Mariupol: changed over time — up to 170,000" in points
    assert "Population prewar in Mariupol: consistent" in points
    assert "(45 buses): planned → underway → failed → blocked (2022-03-31)" in points
    assert points.index("Killed in Mariupol: disputed") < points.index("Population remaining")
    assert "[evidence](#reconciliation)" in points and "[evidence](#operations)" in points


def test_html_contents_link_the_key_points(example_store: Path) -> None:
    from crosswire.report import render_html

    with Store(example_store) as store:
        page = render_html(build_export(store))
    assert 'href="#key-points"' in page and '<h3 id="key-points">Key points</h3>' in page


def test_overview_names_people_and_organisations_as_actors(example_store: Path) -> None:
    """A nationality ("Russian") is no actor when people and organisations are named."""
    with Store(example_store) as store:
        out = render_markdown(build_export(store))
    overview = out[out.index("## Overview") : out.index("### Key points")]
    actors = overview[overview.index("The actors named in most reports are") :]
    assert "International Committee of the Red Cross (3 reports)" in actors
    assert "Russian (" not in actors and "Ukrainian (" not in actors
