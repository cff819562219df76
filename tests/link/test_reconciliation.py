"""Reconciliation: grouping, statuses, independent sources and the conservative figure."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosswire.link.reconcile_counts import casualty_counts
from crosswire.link.reconciliations import format_figure
from reconcile_support import article as _article
from reconcile_support import figure as _fig
from reconcile_support import run as _run


def test_a_duplicate_is_not_an_independent_source() -> None:
    arts = [_article("a"), _article("b", dup="a")]
    figs = [_fig("a", 1, "killed", 12), _fig("b", 1, "killed", 12)]
    (group,) = _run(arts, figs)
    assert group["independent_sources"] == 1
    assert group["status"] == "single_source"
    assert len(group["figures"]) == 2  # both still listed
    (group,) = _run([*arts, _article("c")], [*figs, _fig("c", 5, "killed", 12)])
    assert group["independent_sources"] == 2
    assert group["status"] == "corroborated"


def test_wire_copies_count_once() -> None:
    arts = [_article("a", wire=("AP",)), _article("b", wire=("AP",))]
    (group,) = _run(arts, [_fig("a", 1, "killed", 3), _fig("b", 1, "killed", 3)])
    assert group["independent_sources"] == 1


def test_consistent_changed_diverging_disputed() -> None:
    arts = [_article("a"), _article("b")]
    prewar = [
        _fig("a", 1, "population_prewar", 430_000),
        _fig(
            "b", 1, "population_prewar", 400_000, high=None, hedge="more_than", as_of="2022-03-31"
        ),
    ]
    assert _run(arts, prewar)[0]["status"] == "consistent"
    remaining = [
        _fig("a", 2, "population_remaining", 100_000, hedge="approximately"),
        _fig("b", 2, "population_remaining", 170_000, low=None, hedge="up_to", as_of="2022-03-31"),
    ]
    (group,) = _run(arts, remaining)
    assert group["status"] == "changed"
    assert group["conservative"]["value"] == 100_000  # the most recent report
    assert "ACLED" in group["conservative"]["label"]
    assert "up to 170,000" in group["summary"] and "about 100,000" in group["summary"]
    diverging = [_fig("a", 3, "killed", 300), _fig("b", 3, "killed", 20)]
    assert _run(arts, diverging)[0]["status"] == "diverging"
    disputed = [_fig("a", 4, "killed", 2500, caveats=["Russia denies targeting civilians"])]
    assert _run(arts, disputed)[0]["status"] == "disputed"


def test_conservative_figure_reads_vague_words_at_their_floor() -> None:
    arts = [_article("a"), _article("b")]
    figs = [
        _fig("a", 1, "killed", None, low=24, high=99, hedge="approximately"),
        _fig("b", 1, "killed", 30, hedge="approximately"),
    ]
    (group,) = _run(arts, figs)
    assert group["status"] == "consistent"
    assert group["conservative"]["value"] == 12
    ceiling = [_fig("a", 2, "missing", 50, low=None, hedge="up_to")]
    assert _run(arts, ceiling)[0]["conservative"]["value"] is None


def test_places_and_incidents_split_groups() -> None:
    arts = [_article("a"), _article("b")]
    figs = [_fig("a", 1, "killed", 1, place="Kyiv"), _fig("b", 1, "killed", 1)]
    assert len(_run(arts, figs)) == 2
    same = [_fig("a", 1, "killed", 4), _fig("b", 1, "killed", 4), _fig("b", 2, "population", 9)]
    stories = [
        {
            "id": "story-1",
            "incidents": [
                {"id": "incident-1", "articles": ["a" * 16]},
                {"id": "incident-2", "articles": ["b" * 16]},
            ],
        }
    ]
    groups = _run(arts, same, stories)
    assert sorted(g["incident"] or "" for g in groups if g["measure"] == "killed") == [
        "incident-1",
        "incident-2",
    ]
    (pop,) = [g for g in groups if g["measure"] == "population"]
    assert pop["incident"] is None  # a place's situation is not one incident's


def _two_stories(*incidents: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {"id": "story-1", "articles": ["a" * 16, "b" * 16], "incidents": list(incidents)},
        {"id": "story-2", "articles": ["c" * 16], "incidents": []},
    ]


def test_figures_without_an_incident_are_compared_only_within_their_story() -> None:
    """A store of many crises: "2 miles" in one story and "6 miles" in another never diverge."""
    arts = [_article("a"), _article("b"), _article("c")]
    figs = [
        _fig("a", 1, "distance", 2, place=None, unit="mi"),
        _fig("b", 1, "distance", 2, place=None, unit="mi"),
        _fig("c", 1, "distance", 6, place=None, unit="mi"),
        _fig("a", 2, "killed", 1, place=None),
        _fig("c", 2, "killed", 3, place=None),
        # a place's situation is the same quantity whichever story tells it
        _fig("a", 3, "population_remaining", 100_000),
        _fig("c", 3, "population_remaining", 90_000),
    ]
    groups = _run(arts, figs, _two_stories())
    members = sorted(sorted(f[:1] for f in g["articles"]) for g in groups)
    assert members == [["a"], ["a", "b"], ["a", "c"], ["c"], ["c"]]
    (pop,) = [g for g in groups if g["measure"] == "population_remaining"]
    assert pop["status"] == "changed" or len(pop["figures"]) == 2
    # without stories the whole store is one scope, as before
    assert len(_run(arts, figs)) == 3


def test_a_report_of_one_incident_lends_it_figures_outside_its_mention_spans() -> None:
    """The report's only incident takes its toll, but not a running tally ("so far this year")."""
    arts = [_article("a"), _article("b"), _article("c")]
    incident = {
        "id": "incident-1",
        "articles": ["a" * 16, "b" * 16],
        "mentions": [
            {"article": "a" * 16, "start": 100, "end": 150},
            {"article": "b" * 16, "start": 100, "end": 150},
        ],
    }
    figs = [
        _fig("a", 1, "killed", 2, place=None),  # outside the spans, no place
        _fig("b", 120, "killed", 3, place=None),  # inside b's span
        _fig("a", 2, "killed", 40, place=None, cumulative=True),  # "40 killed this year"
    ]
    groups = _run(arts, figs, _two_stories(incident))
    (told,) = [g for g in groups if g["incident"] == "incident-1"]
    assert sorted(told["figures"]) == sorted([figs[0]["id"], figs[1]["id"]])
    (tally,) = [g for g in groups if g["incident"] is None]
    assert tally["figures"] == [figs[2]["id"]]


def test_casualty_counts_from_groups() -> None:
    arts = [_article("a")]
    figs = [_fig("a", 1, "shot", 3), _fig("a", 2, "killed", 1)]
    assert casualty_counts(_run(arts, figs)) == {"killed": 1, "injured": 2}
    victims = [
        _fig("a", 1, "killed", 1, derived=True, id="a" * 16 + ":figure:1-2:victim"),
        _fig("a", 5, "killed", 1, derived=True, id="a" * 16 + ":figure:5-6:victim"),
    ]
    assert casualty_counts(_run(arts, victims)) == {"killed": 2, "injured": 0}


@pytest.fixture(scope="module")
def export(example_store: Path) -> dict[str, Any]:
    from crosswire.export import build_export
    from crosswire.store import Store

    with Store(example_store) as store:
        return build_export(store)


def _group(export: dict[str, Any], measure: str, *texts: str) -> dict[str, Any]:
    ids = {f["id"]: f["text"] for f in export["figures"]}
    for group in export["reconciliations"]:
        if group["measure"] == measure and set(texts) <= {ids[i] for i in group["figures"]}:
            return group
    raise AssertionError(f"no {measure} group with {texts}")


def test_example_reconciliations(export: dict[str, Any]) -> None:
    remaining = _group(export, "population_remaining", "up to 170,000", "Around 100,000")
    assert remaining["status"] == "changed"
    assert remaining["independent_sources"] == 2
    prewar = _group(export, "population_prewar", "430,000", "more than 400,000")
    assert prewar["status"] == "consistent"
    buses = _group(export, "vehicles", "45")
    assert len(buses["figures"]) == 2 and buses["status"] == "corroborated"
    toll = _group(export, "killed", "as many as 2,500")
    assert toll["status"] == "disputed"


def test_best_estimate_follows_the_latest_report() -> None:
    from crosswire.link.reconcile_status import Observation, best_estimate, conservative

    def obs(aid: str, value: float, as_of: str) -> Observation:
        return Observation((aid,), aid, aid, value, value, value, "exact", as_of, ())

    rising = [obs("a", 1, "2015-01-01"), obs("b", 2, "2015-01-02"), obs("c", 2, "2015-01-02")]
    assert best_estimate(rising, "killed")["value"] == 2
    same_day = [obs("a", 1, "2015-01-02"), obs("b", 2, "2015-01-02")]
    assert best_estimate(same_day, "killed")["value"] == 2  # a tie goes to the fuller count
    assert conservative(same_day, "killed")["value"] == 1  # the ACLED figure stays conservative


def test_wounded_in_an_early_report_is_the_victim_who_died() -> None:
    # report a: "a boy was shot in the head"; report b: "Bobby ... was pronounced dead"
    arts = [_article("a"), _article("b")]
    figs = [
        _fig("a", 1, "injured", 1, derived=True, id="a" * 16 + ":figure:1-2:victim"),
        _fig("b", 3, "killed", 1, derived=True, id="b" * 16 + ":figure:3-4:victim"),
    ]
    assert casualty_counts(_run(arts, figs)) == {"killed": 1, "injured": 0}
    # a report that tells of the death and of a wounded victim: both stand
    both = [*figs, _fig("b", 7, "injured", 1, derived=True, id="b" * 16 + ":figure:7-8:victim")]
    assert casualty_counts(_run(arts, both)) == {"killed": 1, "injured": 1}
    # an explicit count of the injured is never read away
    stated = [figs[1], _fig("a", 1, "injured", 1)]
    assert casualty_counts(_run(arts, stated)) == {"killed": 1, "injured": 1}


def test_named_dead_beyond_a_floor_are_the_fuller_count() -> None:
    # "a murder-suicide" (at least two) in a report that names three dead
    arts = [_article("a")]
    named = [
        _fig("a", n, "killed", 1, derived=True, id="a" * 16 + f":figure:{n}-{n + 1}:victim")
        for n in (10, 20, 30)
    ]
    floor = _fig("a", 1, "killed", 2, hedge="at_least", high=None)
    assert casualty_counts(_run(arts, [floor, *named])) == {"killed": 3, "injured": 0}
    # an exact figure stands against the names (they may include another incident's)
    exact = _fig("a", 1, "killed", 2)
    assert casualty_counts(_run(arts, [exact, *named])) == {"killed": 2, "injured": 0}


def test_a_floor_from_one_claimant_gives_way_to_more_named_by_another() -> None:
    arts = [_article("a")]
    floor = _fig("a", 1, "killed", 2, hedge="at_least", high=None, claimant="Officials")
    named = [
        _fig("a", n, "killed", 1, derived=True, claimant="Police", id=f"{'a' * 16}:f:{n}:victim")
        for n in (10, 20, 30)
    ]
    assert casualty_counts(_run(arts, [floor, *named])) == {"killed": 3, "injured": 0}


def test_a_casualty_tally_gives_way_to_the_incidents_own_victims() -> None:
    from crosswire.link.reconcile_counts import incident_figures

    own = _fig("a", 1, "killed", 1, derived=True, id="a" * 16 + ":figure:1-2:victim")
    tally = _fig("a", 5, "injured", 27, cumulative=True)
    assert [f["id"] for f in incident_figures([own, tally])] == [own["id"]]
    # a tally that is all a report gives stays
    assert incident_figures([tally]) == [tally]


@pytest.mark.parametrize(
    ("item", "expected"),
    [
        (
            {"low": 2000, "high": 9999, "text": "thousands", "counts": "people",
             "hedge": "approximately"},
            "thousands (2,000–9,999) people",
        ),
        (
            {"low": 55, "high": 60, "text": "around 55 per cent to 60 per cent", "unit": "%",
             "hedge": "approximately"},
            "about 55–60 %",
        ),
        (
            {"value": 170000, "high": 170000, "text": "up to 170,000", "counts": "residents",
             "hedge": "up_to"},
            "up to 170,000 residents",
        ),
    ],
)  # fmt: skip
def test_a_count_in_words_keeps_its_words(item: dict[str, Any], expected: str) -> None:
    """'thousands' is shown as the report's word with the range it is read as, never as a
    bare range a source seems to have given."""
    assert format_figure({"value": None, "low": None, **item}) == expected


def test_vague_words_give_a_range_not_a_made_up_estimate() -> None:
    """'Thousands' is 2,000-9,999: the estimate is that range; ACLED's 1,000 is labelled."""
    arts = [_article("a"), _article("b")]
    figs = [
        _fig("a", 1, "killed", 2500, low=None, hedge="up_to", as_of="2022-03-14"),
        _fig("b", 1, "killed", None, low=2000, high=9999, hedge="approximately"),
    ]
    (group,) = _run(arts, figs)
    estimate = group["best_estimate"]
    assert estimate["value"] is None
    assert (estimate["low"], estimate["high"]) == (2000, 9999)
    assert "2,000–9,999" in estimate["label"] and "no report gives a number" in estimate["label"]
    assert group["conservative"]["value"] == 1000
    assert "coded at ACLED's floor" in group["conservative"]["label"]
    exact = [_fig("a", 2, "killed", 30), _fig("b", 2, "killed", 30)]
    (plain,) = _run(arts, exact)
    assert plain["best_estimate"]["value"] == 30
    assert "ACLED's floor" not in plain["conservative"]["label"]


def test_a_toll_that_rose_and_is_now_in_dispute_is_diverging() -> None:
    # one group "changed" over the week, but on the latest day two claimants give numbers
    # that do not meet: the analyst must see the dispute, not just the rise
    arts = [_article("a"), _article("b")]
    figs = [
        _fig("a", 1, "killed", 221, as_of="2022-03-28", claimant="Rescuers"),
        _fig("b", 1, "killed", 2274, claimant="Rescuers"),
        _fig("b", 2, "killed", 4300, hedge="approximately", claimant="A U.N. official"),
    ]
    (group,) = _run(arts, figs)
    assert group["status"] == "diverging"
    rising = [figs[0], figs[1], _fig("b", 2, "killed", 2300, claimant="A U.N. official")]
    rising[2]["hedge"] = "approximately"
    assert _run(arts, rising)[0]["status"] == "changed"


def test_a_period_total_is_not_set_against_one_convoy() -> None:
    arts = [_article("a")]
    month = _fig("a", 1, "vehicles", 700, counts="trucks", period="January")
    convoy = _fig("a", 2, "vehicles", 14, counts="trucks")
    groups = _run(arts, [month, convoy])
    assert len(groups) == 2 and {g["status"] for g in groups} == {"single_source"}
    (january,) = [g for g in groups if month["id"] in g["figures"]]
    assert "700 trucks (January)" in january["summary"]


def test_a_whole_float_is_shown_without_a_fraction() -> None:
    assert format_figure({"value": 4_100_000.0, "hedge": "exact"}) == "4,100,000"
