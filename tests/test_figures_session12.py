"""Per-report killed / injured counts: session-12 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule (the classes came from
reading GVDB's remaining errors by reliable annotators; the sentences are
written anew, with other names and wordings); the guards hold what the rule
must not change.
"""

from __future__ import annotations

from typing import Any


def test_a_charge_names_no_new_victim(report_counts: Any) -> None:
    # a charge's wording ("injuring a child's parent") names the crime, and the person it
    # harmed is a victim the report already told, not one more
    text = (
        "Jane Roe, 25, was shot and killed Tuesday in Long Beach. John Roe was charged with "
        "murder, child abuse and injuring a child's parent, prosecutors said."
    )
    assert report_counts(text) == (1, 0)
    text = (
        "A woman was found shot to death in her home on Friday. Her husband was booked on "
        "charges of murder, being a felon with a gun and injuring a spouse, police said."
    )
    assert report_counts(text) == (1, 0)
    # guards: a charge is the only place the victim is told; a victim told outside a charge
    text = "A man was charged with shooting his neighbor on Friday."
    assert report_counts(text) == (0, 1)
    text = (
        "A 17-year-old boy charged with shooting a 20-year-old woman in the leg on Saturday is "
        "in custody. Police arrested him on Tuesday after several tips."
    )
    assert report_counts(text) == (0, 1)
    text = (
        "Jane Roe, 25, was shot and killed Tuesday. Her son was wounded in the arm. John Roe "
        "was charged with murder."
    )
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
