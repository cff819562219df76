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


def test_victims_named_by_two_claimants_still_count_once_each(report_counts: Any) -> None:
    # without a killer's suicide the largest claimant's count stands: no summing
    text = (
        "Police said a man was shot and killed on Elm Street on Friday. His family said "
        "John Reyes, 44, died at the scene."
    )
    assert report_counts(text) == (1, 0)


def test_described_victims_told_by_different_claimants_are_added(report_counts: Any) -> None:
    # a man and a woman cannot be one person, whoever tells of them
    text = (
        "Police said a 30-year-old man was killed. "
        "Relatives said his 25-year-old sister was also killed."
    )
    assert report_counts(text) == (2, 0)
    # a description that may be the named victim is not added
    text = "Police said John Doe, 30, was killed. Relatives said the victim was killed."
    assert report_counts(text) == (1, 0)
    text = "Police said a man was shot and killed. His family said John Doe, 30, died."
    assert report_counts(text) == (1, 0)
    # told as one more person: "also", "another"
    text = "Police said John Doe, 30, was killed. Relatives said his sister was also killed."
    assert report_counts(text) == (2, 0)
    text = "Police said a man was killed. Relatives said another man was also killed."
    assert report_counts(text) == (2, 0)


def test_a_victims_kin_is_someone_beside_them(report_counts: Any) -> None:
    # another claimant tells of one more victim, without "also"
    text = "Police said John Doe, 30, was killed. Relatives said his sister was killed."
    assert report_counts(text) == (2, 0)
    text = (
        "Police said a 30-year-old man was killed. "
        "Relatives said his 25-year-old sister was killed."
    )
    assert report_counts(text) == (2, 0)
    assert report_counts("John Doe, 30, was killed. His sister was killed.") == (2, 0)
    assert report_counts("A man was killed. His son was wounded.") == (1, 1)
    # the victim again, under a plural possessor or a description without one
    text = "Police said John Doe was killed. His family said their son died instantly."
    assert report_counts(text) == (1, 0)
    text = "Police said Jane Doe was killed. Her family said the mother of two died at the scene."
    assert report_counts(text) == (1, 0)
    # kin who are no victims stay out
    text = "Police said John Doe was killed. Relatives said his sister was at home."
    assert report_counts(text) == (1, 0)
    assert report_counts("John Doe was shot and killed. His brother said he was kind.") == (1, 0)


def test_a_bare_full_name_is_a_person(report_counts: Any) -> None:
    # NER calls these names organisations; a given name and a surname as the subject of what
    # befell someone is a person
    assert report_counts("Tasha Green was treated and released.") == (0, 1)
    assert report_counts("Tasha Green was treated and released at the hospital.") == (0, 1)
    assert report_counts("Tasha Green was shot.") == (0, 1)
    assert report_counts("Marcus Brown and Tasha Green were shot.") == (0, 2)
    assert report_counts("Marcus Brown died and Tasha Green was wounded.") == (1, 1)
    # guards: a place, a company, a headline's title case
    assert report_counts("Green Bay was hit hard by the storm.") == (0, 0)
    assert report_counts("Apple and Tasha Green were hurt.") == (0, 0)
