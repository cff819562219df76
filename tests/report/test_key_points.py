"""The report's opening: key points (where several reports meet, conflicts first, each naming its
reports) and the overview's actors."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from crosswire.export import build_export
from crosswire.report import render_markdown
from crosswire.report.key_points import MAX_POINTS, key_points
from crosswire.store import Store


def _group(gid: str, status: str, sources: int, summary: str, **more: Any) -> dict[str, Any]:
    return {
        "id": gid,
        "status": status,
        "measure": summary.split(" in ")[0].replace(" ", "_"),
        "place": "X",
        "independent_sources": sources,
        "articles": [f"{gid}{n}aaaaaaaaaaaa" for n in range(sources)],
        "summary": summary,
        **more,
    }


def _figure(fid: str, value: int, claimant: str, as_of: str, **more: Any) -> dict[str, Any]:
    return {
        "id": fid,
        "value": value,
        "low": value,
        "high": value,
        "hedge": "exact",
        "counts": "people",
        "claimant": claimant,
        "as_of": as_of,
        **more,
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


def test_tolls_lead_and_vehicles_and_lone_sources_stay_out() -> None:
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
    assert [p.ref for p in points] == ["d", "c"]
    assert points[0].text == "Killed in X: disputed — 2,500; thousands"
    assert points[1].text.startswith("Population remaining in X: changed — ")
    assert points[0].reports == ("d0aaaaaa", "d1aaaaaa") and points[0].anchor == "reconciliation"


def test_a_changed_toll_leads_with_its_latest_figure_and_its_trend() -> None:
    figures = [
        _figure("f1", 9, "MSF", "2015-10-03"),
        _figure("f2", 22, "MSF", "2015-10-04"),
        _figure("f3", 42, "MSF", "2015-10-12"),
    ]
    group = _group(
        "k",
        "changed",
        3,
        "killed in X: changed",
        figures=["f1", "f2", "f3"],
        direction="rose",
        best_estimate={"value": 42, "figures": ["f3"]},
        series=[{"figures": ["f3"]}, {"figures": ["f2"]}, {"figures": ["f1"]}],
    )
    (point,) = key_points({"reconciliations": [group], "figures": figures})
    assert point.text == (
        "Killed in X: 42 people (MSF, as of 2015-10-12), rose from 9 people (MSF, as of 2015-10-03)"
    )


def test_a_count_revised_down_is_told_from_the_higher_figure_it_came_down_from() -> None:
    figures = [
        _figure("f1", 87_000, "UN", "2017-09-04"),
        _figure("f2", 670_000, "UN", "2017-09-08"),
        _figure("f3", 421_000, "IOM", "2017-09-19"),
    ]
    group = _group(
        "r",
        "changed",
        2,
        "displaced in X: changed",
        figures=["f1", "f2", "f3"],
        direction="revised_down",
        best_estimate={"value": 421_000, "figures": ["f3"]},
        series=[{"figures": ["f3"]}, {"figures": ["f2"]}, {"figures": ["f1"]}],
    )
    (point,) = key_points({"reconciliations": [group], "figures": figures})
    assert point.text.endswith("revised down from 670,000 people (UN, as of 2017-09-08)")


def test_a_change_is_never_told_from_the_same_words_it_ends_on() -> None:
    figures = [
        {
            **_figure("f1", 0, "", "2020-08-05"),
            "value": None,
            "low": 200,
            "high": 999,
            "hedge": "approximately",
            "claimant": None,
        },
        {
            **_figure("f2", 0, "", "2020-08-06"),
            "value": None,
            "low": 200,
            "high": 999,
            "hedge": "approximately",
            "claimant": None,
        },
    ]
    group = _group(
        "m",
        "changed",
        2,
        "missing in X: changed",
        figures=["f1", "f2"],
        best_estimate={"value": 500, "figures": ["f2"]},
        series=[{"figures": ["f2"]}, {"figures": ["f1"]}],
    )
    (point,) = key_points({"reconciliations": [group], "figures": figures})
    assert point.text.endswith(", changed")
    assert "from" not in point.text


def test_a_disputed_toll_names_who_contests_it() -> None:
    figures = [_figure("f1", 20, "UN", "2016-09-20"), _figure("f2", 20, "SARC", "2016-09-20")]
    group = _group(
        "k",
        "disputed",
        2,
        "killed in X: disputed",
        figures=["f1", "f2"],
        contested_by=[{"party": "Russia", "text": "Russia denied its jets struck the convoy."}],
        best_estimate={"value": 20, "figures": ["f1", "f2"]},
    )
    (point,) = key_points({"reconciliations": [group], "figures": figures})
    assert point.text.startswith(
        "Killed in X: disputed by Russia — 20 people (UN, as of 2016-09-20)"
    )


def test_a_single_source_toll_is_a_point_only_when_nothing_better_counts_it() -> None:
    figures = [_figure("f1", 4, "police", "2022-03-20")]
    lone = _group(
        "b",
        "single_source",
        1,
        "killed in X: single source",
        figures=["f1"],
        best_estimate={"value": 4, "figures": ["f1"]},
    )
    (point,) = key_points({"reconciliations": [lone], "figures": figures})
    assert point.text == "Killed in X: 4 people (police, as of 2022-03-20); one source"
    distance = _group("z", "corroborated", 3, "distance in X: corroborated — 85 km")
    assert [
        p.ref for p in key_points({"reconciliations": [lone, distance], "figures": figures})
    ] == ["b"]


def test_populations_are_context_after_the_tolls() -> None:
    doc = {
        "reconciliations": [
            _group("p", "consistent", 2, "population prewar in X: consistent — 430,000"),
            _group("d", "disputed", 2, "killed in X: disputed — 2,500; thousands"),
        ]
    }
    points = key_points(doc)
    assert [p.ref for p in points] == ["d", "p"]
    assert points[1].text.startswith("Context: Population prewar in X")


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


def test_at_most_max_points_per_story() -> None:
    groups = [
        _group(f"g{n}", "corroborated", 2, f"killed in X{n}: corroborated — {n}") for n in range(20)
    ]
    assert len(key_points({"reconciliations": groups})) == MAX_POINTS
    stories = [
        {"id": "s1", "articles": [f"g{n}0aaaaaaaaaaaa" for n in range(10)]},
        {"id": "s2", "articles": [f"g{n}0aaaaaaaaaaaa" for n in range(10, 20)]},
    ]
    points = key_points({"reconciliations": groups, "stories": stories})
    assert len(points) == 2 * MAX_POINTS
    assert {p.story for p in points} == {"s1", "s2"}


def test_example_report_opens_with_its_key_points(example_store: Path) -> None:
    with Store(example_store) as store:
        out = render_markdown(build_export(store))
    points = out[out.index("### Key points") : out.index("## Sources")]
    assert (
        "Population remaining in Mariupol: about 100,000 people (as of 2022-04-01), revised down "
        "from up to 170,000 residents (Mariupol's mayor, as of 2022-03-31)"
    ) in points
    assert "Context: Population prewar in Mariupol: 430,000 population" in points
    assert "consistent across 2 sources" in points
    assert "(45 buses): planned → underway → failed → blocked (2022-03-31)" in points
    assert "Killed in Mariupol: disputed by Russian government" in points
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


def test_a_toll_of_one_class_of_people_is_named_as_that_class_and_needs_two_sources() -> None:
    from crosswire.report.key_points import _head, _reconciliation

    group = {
        "id": "rec:1",
        "measure": "killed",
        "counts": "civilians",
        "place": "Myanmar",
        "status": "single_source",
        "independent_sources": 1,
        "figures": [],
        "best_estimate": {"value": 14, "figures": []},
    }
    assert _head(group) == "Killed (civilians) in Myanmar"
    assert _reconciliation(group, {}) is None  # a part of the toll from one source is detail
