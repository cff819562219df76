"""What makes figures one quantity: scope, places through the place hierarchy, population."""

from __future__ import annotations

from typing import Any

from crosswire.link.quantities import place_within, population_of, quantity_places, world_region
from reconcile_support import article, figure, run

SYRIA, ALEPPO = "geonames:163843", "geonames:170063"
MEXICO, MEXICO_CITY, PUEBLA = "geonames:3996063", "geonames:3530597", "geonames:3521081"
TURKEY = "geonames:298795"


def test_a_town_lies_in_its_country_and_not_in_another() -> None:
    assert place_within(ALEPPO, SYRIA)
    assert not place_within(SYRIA, ALEPPO)
    assert not place_within(ALEPPO, TURKEY)
    assert not place_within("entity:E1", SYRIA)


def test_a_chain_of_places_in_a_story_is_one_quantity_and_unplaced_figures_join_it() -> None:
    home = quantity_places({ALEPPO: 2, SYRIA: 3, "": 2}, place_within, in_incident=False)
    assert home[ALEPPO] == home[SYRIA] == home[""] == SYRIA


def test_a_country_holding_several_of_its_towns_keeps_their_counts_apart() -> None:
    keys = {MEXICO: 4, MEXICO_CITY: 3, PUEBLA: 2, "": 1}
    home = quantity_places(keys, place_within, in_incident=False)
    assert home[MEXICO_CITY] == MEXICO_CITY and home[PUEBLA] == PUEBLA
    assert home[""] == MEXICO  # "333 killed" in a story about Mexico is the national toll


def test_two_countries_stay_apart_and_unplaced_figures_join_neither() -> None:
    home = quantity_places({SYRIA: 2, TURKEY: 2, "": 1}, place_within, in_incident=False)
    assert home[SYRIA] != home[TURKEY] and "" not in home


def _placed(art: str, n: int, value: int, place: str | None, gid: int | None) -> dict[str, Any]:
    return figure(art, n, "killed", value, place=place, place_geonameid=gid, as_of="2016-09-20")


def test_one_toll_told_with_three_place_strings_is_one_group() -> None:
    arts = [article("a"), article("b"), article("c")]
    figs = [
        _placed("a", 1, 20, "Syria", 163843),
        _placed("b", 1, 20, "Aleppo", 170063),
        _placed("c", 1, 20, None, None),
    ]
    stories = [{"id": "s", "articles": [a.id for a in arts], "incidents": []}]
    (group,) = run(arts, figs, stories)
    assert group["status"] == "corroborated" and group["independent_sources"] == 3


def test_counts_of_different_populations_are_different_quantities() -> None:
    arts = [article("a"), article("b")]
    figs = [
        figure("a", 1, "killed", 42, counts="people"),
        figure("b", 1, "killed", 14, counts="staff members"),
        figure("b", 2, "killed", 42, counts="dead"),
    ]
    groups = run(arts, figs)
    assert sorted(len(g["figures"]) for g in groups) == [1, 2]
    assert population_of("19 children and six adults") == "children"
    assert population_of("387 Rohingya militants") == "combatants"
    assert population_of("dead") == ""


def test_a_wider_conflicts_running_total_is_not_an_incidents_toll() -> None:
    arts = [article("a"), article("b")]
    stories = [
        {
            "id": "s",
            "articles": [a.id for a in arts],
            "incidents": [{"id": "i1", "articles": [a.id for a in arts], "main_in": [arts[0].id]}],
        }
    ]
    figs = [
        figure("a", 1, "killed", 16, place=None),
        figure("b", 1, "killed", 16, place=None),
        figure("b", 2, "killed", 1300, place=None, cumulative=True),
    ]
    groups = run(arts, figs, stories)
    toll = next(g for g in groups if figs[0]["id"] in g["figures"])
    assert figs[2]["id"] not in toll["figures"] and toll["status"] == "corroborated"


def _two_stories(first_day: str, second_day: str, place: str, gid: int) -> list[dict[str, Any]]:
    arts = [article("a"), article("b")]
    figs = [
        figure("a", 1, "killed", 400, as_of=first_day, place=place, place_geonameid=gid),
        figure("b", 1, "killed", 1000, as_of=second_day, place=place, place_geonameid=gid),
    ]
    stories = [
        {"id": "story-a", "articles": ["a" * 16], "incidents": []},
        {"id": "story-b", "articles": ["b" * 16], "incidents": []},
    ]
    return [g for g in run(arts, figs, stories) if g["measure"] == "killed"]


def test_a_country_s_toll_told_in_two_stories_of_one_crisis_is_one_quantity() -> None:
    # the army's count and a UN official's estimate of Myanmar's dead, a week apart, filed
    # as two stories: one quantity, or the analyst never sees the two set side by side
    (group,) = _two_stories("2017-09-01", "2017-09-08", "Myanmar", 1327865)
    assert len(group["figures"]) == 2 and group["status"] != "single_source"


def test_a_country_s_tolls_months_apart_or_a_town_s_stay_with_their_stories() -> None:
    assert len(_two_stories("2017-01-01", "2017-09-08", "Myanmar", 1327865)) == 2
    assert len(_two_stories("2017-09-01", "2017-09-08", "Yangon", 1298824)) == 2


def test_who_a_count_counts_is_read_off_its_head_not_its_description() -> None:
    # "1,200 of their residents, mostly women, children and elderly people" is everyone
    assert population_of("residents, mostly women, children and elderly people") == ""
    assert population_of("children, including three infants") == "children"


def test_civilians_among_a_larger_toll_are_apart_but_civilians_who_fled_are_everyone() -> None:
    arts = [article("a"), article("b")]
    killed = [
        figure("a", 1, "killed", 400, counts="dead"),
        figure("b", 1, "killed", 14, counts="civilians"),
        figure("b", 2, "killed", 400, counts="people"),
    ]
    assert sorted(len(g["figures"]) for g in run(arts, killed)) == [1, 2]
    fled = [
        figure("a", 1, "displaced", 270000, counts="civilians"),
        figure("b", 1, "displaced", 370000, counts="people"),
    ]
    (group,) = run(arts, fled)
    assert len(group["figures"]) == 2
    assert population_of("civilians", "killed") == "civilians"
    assert population_of("civilians", "displaced") == ""


def test_members_of_a_force_count_that_force() -> None:
    assert population_of("members of the security forces", "killed") == "security forces"


def test_a_nationality_s_dead_are_a_part_only_beside_a_larger_count_of_their_report() -> None:
    arts = [article("a"), article("b"), article("c")]
    figs = [
        figure("a", 1, "killed", 769, counts="pilgrims"),
        figure("a", 2, "killed", 464, counts="Iranian pilgrims"),
        figure("b", 1, "killed", 769, counts="people"),
        figure("b", 2, "killed", 464, counts="Iranians"),
    ]
    groups = run(arts[:2], figs)
    part = next(g for g in groups if figs[1]["id"] in g["figures"])
    assert part["counts"] == "Iranian nationals" and figs[3]["id"] in part["figures"]
    # a toll told only by the nationality of its dead is the whole toll
    whole = [
        figure("a", 1, "killed", 1800, counts="Palestinians"),
        figure("c", 1, "killed", 1900, counts="people"),
    ]
    (group,) = run([arts[0], arts[2]], whole)
    assert len(group["figures"]) == 2


def test_a_toll_over_a_region_or_a_list_of_countries_is_the_crisis_wide_toll() -> None:
    liberia, guinea = "geonames:2275384", "geonames:2420477"
    joint = "places:guinea|liberia|sierra leone"
    keys = {"region:West Africa": 4, joint: 2, liberia: 2, guinea: 2, "": 6}
    home = quantity_places(keys, place_within, in_incident=False)
    assert home[""] == home[joint] == "region:West Africa"
    assert home[liberia] == liberia  # a country told on its own is its own quantity
    # one country dominating the placed figures keeps the unplaced ones
    keys = {"region:West Africa": 1, liberia: 5, "": 3}
    assert quantity_places(keys, place_within, in_incident=False)[""] == liberia
    assert world_region("the Middle East") == "Middle East" and world_region("Liberia") == ""


def test_a_count_of_fighters_with_anyone_else_counts_everyone() -> None:
    assert population_of("civilians and rebels", "evacuated") == ""
    assert population_of("civilians and rebels", "killed") == ""
    assert population_of("children and four adults", "killed") == "children"
    assert population_of("women and children", "killed") == "children and women"


def test_a_lone_report_filed_apart_that_repeats_the_crisis_toll_joins_it() -> None:
    arts = [article("a"), article("b"), article("c")]
    figs = [
        figure("a", 1, "killed", 717, as_of="2015-09-24", place=None),
        figure("b", 1, "killed", 769, as_of="2015-09-26", place=None),
        figure("c", 1, "killed", 769, as_of="2015-09-28", place="Mina"),
    ]
    stories = [
        {"id": "main", "articles": ["a" * 16, "b" * 16], "incidents": []},
        {"id": "apart", "articles": ["c" * 16], "incidents": []},
    ]
    (group,) = [g for g in run(arts, figs, stories) if g["measure"] == "killed"]
    assert len(group["figures"]) == 3 and group["status"] == "changed"
    # a lone report's number the crisis never gave stays its own
    figs[2] = figure("c", 1, "killed", 12, as_of="2015-09-28", place="Mina")
    assert len([g for g in run(arts, figs, stories) if g["measure"] == "killed"]) == 2
