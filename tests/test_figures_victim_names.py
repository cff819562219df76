"""Names that are no victim's, and one victim under two names: hand-written sentences.

Victims named by different claimants of one report are added up, so a name
wrongly taken for a victim would count a person twice: a weekday, a
relative's point of reference, a nickname of a victim already named, a
wounded person the report says is alive.
"""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="module")
def victims(report_figures: Any) -> Any:
    def run(raw: str) -> list[tuple[str, str]]:
        items = report_figures(raw)[1]
        return sorted((i["measure"], i["text"]) for i in items if i["derived"])

    return run


def test_a_weekday_is_never_a_victims_name(victims: Any) -> None:
    text = (
        "Neighbors and friends of a 16-year-old killed Friday say his shooting was an "
        "unfortunate accident."
    )
    assert not any("Friday" in words for _, words in victims(text))


def test_a_relatives_point_of_reference_is_not_the_victim(victims: Any) -> None:
    text = (
        "The grandson of Illinois U.S. Rep. Danny Davis was fatally shot in a home invasion "
        "in Chicago, the congressman and police said."
    )
    assert victims(text) == [("killed", "The grandson")]


def test_a_nickname_of_a_named_victim_is_the_same_person(victims: Any) -> None:
    text = (
        "Christian Bandemer, 16, was shot in the chest on Friday and died at the scene. "
        '"I killed Chris and now I\'m going to kill myself," the defendant said.'
    )
    assert victims(text) == [("killed", "Christian Bandemer")]


def test_a_name_with_another_ending_is_another_person(victims: Any) -> None:
    text = (
        "Dan Mata, 45, was shot and killed on Tuesday. His daughter Danielle Mata, 19, "
        "was also killed, police said."
    )
    assert [m for m, _ in victims(text)] == ["killed", "killed"]


def test_a_named_person_said_to_survive_is_not_the_unnamed_dead(victims: Any) -> None:
    text = (
        "Four-year-old Ava Castillo died after being rushed to the hospital. Her 10-year-old "
        "sister, Betzida Castillo, is in stable condition at the hospital. Gomez remains in "
        "critical condition. Her husband said she is expected to survive. "
        '"A mother gets robbed and a baby died," said David Mendoza, a witness.'
    )
    assert ("killed", "Gomez") not in victims(text)
    assert ("injured", "Gomez") in victims(text)


def test_the_gunman_named_in_apposition_is_not_a_victim(victims: Any) -> None:
    text = "Police said the gunman, Omar Mateen, fled after he shot Ron Smith."
    assert victims(text) == [("injured", "Ron Smith")]
    # killed by officers, he is a victim too (the Gun Violence Archive counts him), once
    text = "Police said the gunman, Omar Mateen, was killed by officers after he shot Ron Smith."
    assert victims(text) == [("injured", "Ron Smith"), ("killed", "Omar Mateen")]


def test_victims_named_under_different_claimants_are_added_up(report_counts: Any) -> None:
    text = (
        "Quintonio LeGrier, 19, was fatally shot by an officer on Saturday, police said. "
        "Bettie Jones, 55, was also killed, according to the lawsuit."
    )
    assert report_counts(text) == (2, 0)
