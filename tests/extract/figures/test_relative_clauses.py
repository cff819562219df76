"""Relative clauses: which person a "who" clause tells of; per-report killed / injured
counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_a_relative_clause_after_a_hometown_describes_the_person(report_counts: Any) -> None:
    text = (
        "Michael Monserrate, 18, of the Bronx, who is still hospitalized at St. Barnabas "
        "Hospital with non life-threatening injuries, has been charged with robbery."
    )
    assert report_counts(text) == (0, 1)


def test_one_relative_clause_per_named_victim(report_counts: Any) -> None:
    # "who died" tells of Brown alone, not of Green coordinated after it
    text = (
        "Police identified the victims as Marcus Brown, 22, who died at the scene, and "
        "Tasha Green, 19, who was treated and released."
    )
    assert report_counts(text) == (1, 1)
    # guards: a clause after the last name tells of both; treated for no wound
    text = "Police found John Doe and Jane Doe, who had been shot and killed."
    assert report_counts(text) == (2, 0)
    assert report_counts("John Doe and Jane Doe, who were both shot, died.") == (2, 0)
    assert report_counts("John Doe was treated for shock.") == (0, 0)


def test_a_relative_clause_tells_of_the_first_name_only(report_counts: Any) -> None:
    text = "Marcus Brown, who died at the scene, and Tasha Green were shot."
    assert report_counts(text) == (1, 1)
    text = "Marcus Brown, who died at the scene, and Tasha Green, who was treated, were shot."
    assert report_counts(text) == (1, 1)
    text = "John Doe, who died at the scene, and his brother were shot."
    assert report_counts(text) == (1, 1)


def test_a_relative_clause_after_of_tells_of_the_person(report_counts: Any) -> None:
    # "Family of man who police fatally shot": the parser hangs the clause on "family"; the
    # person after "of", right before "who", is the one shot
    text = (
        "Family of man who police fatally shot after a chase wants answers\n\nNobody else was hurt."
    )
    assert report_counts(text) == (1, 0)
    text = "Friends of a teen who officers shot and killed Friday held a vigil on Sunday."
    assert report_counts(text) == (1, 0)
    # guards: a clause on a thing; a clause on the group itself
    assert report_counts("A car that police shot at was found empty on Friday.") == (0, 0)
    text = "The family of a man who died in a crash said a gunman shot and wounded a neighbor."
    assert report_counts(text) == (0, 1)
