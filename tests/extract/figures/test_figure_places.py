"""Where a figure applies, read from its clause: not the dateline, not a person's home,
not where survivors went; and each item of a toll broken down by place in a gapped list
("Mexico City has 137 dead, Puebla 43") is that place's toll (tests/fixtures/figure_places)."""

from __future__ import annotations

from typing import Any

import pytest

from crisis_support import figure, fixture_export


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> dict[str, Any]:
    return fixture_export("figure_places", tmp_path_factory, annotator)


def test_a_dateline_is_never_a_figure_s_place(doc: dict[str, Any]) -> None:
    toll = figure(doc, "000", "Almost 400")
    assert toll["place"] != "Bangkok"
    assert toll["place"] in ("Myanmar", "Rakhine", "Rakhine State")


def test_where_survivors_fled_is_not_where_the_dead_were_killed(doc: dict[str, Any]) -> None:
    assert figure(doc, "000", "more than 100")["place"] != "Bangladesh"
    assert figure(doc, "000", "at least 18,000")["place"] == "Bangladesh"


def test_a_person_s_home_country_is_not_a_toll_s_place(doc: dict[str, Any]) -> None:
    assert figure(doc, "000", "432")["place"] != "South Korea"


def test_refugees_are_counted_where_they_arrived(doc: dict[str, Any]) -> None:
    assert figure(doc, "002", "About 421,000")["place"] == "Bangladesh"


def test_each_item_of_a_gapped_breakdown_is_its_place_s_toll(doc: dict[str, Any]) -> None:
    for text, place, value in (
        ("43", "Puebla", 43),
        ("13", "State of Mexico", 13),
        ("six", "Guerrero", 6),
        ("one", "Oaxaca", 1),
    ):
        item = figure(doc, "001", text)
        assert (item["measure"], item["place"], item["value"]) == ("killed", place, value), item


def test_a_place_that_counted_its_dead_is_their_place(doc: dict[str, Any]) -> None:
    assert figure(doc, "001", "72")["place"] == "Jalisco"


def test_a_toll_told_for_a_written_list_of_countries_is_the_list_s(doc: dict[str, Any]) -> None:
    # the parser does not coordinate the list, and a country after a comma is no qualifier
    toll = figure(doc, "003", "at least 1,900")
    assert toll["place"] == "Guinea, Sierra Leone and Liberia"


def test_a_cause_of_death_or_an_agency_s_seat_is_no_place(doc: dict[str, Any]) -> None:
    assert figure(doc, "003", "Close to 2,000")["place"] != "Ebola"
    assert figure(doc, "003", "1,950")["place"] != "Geneva"


def test_the_dead_of_whom_a_number_died_are_counted_as_that_group(doc: dict[str, Any]) -> None:
    died = figure(doc, "003", "120")
    assert (died["measure"], died["counts"]) == ("killed", "health workers")


def test_people_who_lost_their_homes_are_displaced_not_dead(doc: dict[str, Any]) -> None:
    assert figure(doc, "003", "Some 200,000")["measure"] == "displaced"


def test_people_left_homeless_are_displaced_and_a_blast_s_explosive_is_no_aid(
    doc: dict[str, Any],
) -> None:
    assert figure(doc, "003", "300,000")["measure"] == "displaced"
    assert figure(doc, "003", "2,750 tons")["measure"] != "aid_quantity"


def test_states_that_speak_are_not_where_a_toll_was_counted(doc: dict[str, Any]) -> None:
    assert figure(doc, "003", "at least 1,912")["place"] not in ("Senegal", "Mali")


def test_the_number_of_injured_is_a_count_of_the_injured(doc: dict[str, Any]) -> None:
    assert figure(doc, "003", "530")["measure"] == "injured"


def test_a_city_s_share_told_beside_a_toll_is_not_the_toll_s_place(
    doc: dict[str, Any],
) -> None:
    acapulco = "Acapulco de Juárez"  # the gazetteer's name
    assert figure(doc, "004", "58")["place"] != acapulco
    assert figure(doc, "004", "61")["place"] != acapulco
    assert figure(doc, "004", "36")["place"] == acapulco
    assert figure(doc, "004", "more than 30")["place"] == acapulco
