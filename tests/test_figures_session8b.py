"""Per-report killed / injured counts: session-8 rules (second round), on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule; the guards hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_both_found_or_pronounced_dead(report_counts: Any) -> None:
    # "pronounced dead" / "found dead" is a death without a killing verb
    assert report_counts("Both victims were pronounced dead.") == (2, 0)
    assert report_counts("Both men were pronounced dead.") == (2, 0)
    assert report_counts("Two men were shot. Both victims were pronounced dead.") == (2, 0)
    # guards: the killing verb, a wounding one, a negated state
    assert report_counts("Both men were killed.") == (2, 0)
    assert report_counts("Both victims were shot.") == (0, 2)
    assert report_counts("Two men were shot. Both are in critical condition.") == (0, 2)


def test_left_one_dead_and_another_injured(report_counts: Any) -> None:
    # the parser hangs "injured" on "left" and "dead" on "one": "another" is the injured one
    assert report_counts("The shooting left one dead and another injured.") == (1, 1)
    # guards: a count after "and"; an object of its own
    assert report_counts("The shooting left one dead and two injured.") == (1, 2)
    assert report_counts("A shooting left a woman dead and another wounded.") == (1, 1)
    assert report_counts("The shooting left one man dead.") == (1, 0)


def test_the_slain_man(report_counts: Any) -> None:
    # an adjective-only death: "slain" is tagged an adjective and keeps its form as lemma
    assert report_counts("The slain man's girlfriend said he had no enemies.") == (1, 0)
    assert report_counts("The slain man was 25.") == (1, 0)
    assert report_counts("The family of the slain teen spoke on Monday.") == (1, 0)
    # guards: the verb, and the slain one named again
    assert report_counts("Jane Doe was slain on Monday.") == (1, 0)
    assert report_counts("The slain woman was identified as Jane Doe, 30.") == (1, 0)


def test_a_body_found(report_counts: Any) -> None:
    assert report_counts("A body was found with gunshot wounds.") == (1, 0)
    assert report_counts("Police found a body in a field on Monday.") == (1, 0)
    assert report_counts("A man's body was found with gunshot wounds.") == (1, 0)
    # guards: one already told of; "body" no person; no body; the body of someone
    assert report_counts("John Doe was shot and killed. His body was found in a car.") == (1, 0)
    assert report_counts("John Doe was shot and killed. The body was found in a car.") == (1, 0)
    assert report_counts("A body was found. The victim was identified as John Doe, 30.") == (1, 0)
    assert report_counts("Police found body armor in the car.") == (0, 0)
    assert report_counts("Officers wore body cameras.") == (0, 0)
    assert report_counts("No body was found.") == (0, 0)
    assert report_counts("The body of a man was found.") == (1, 0)


def test_victims_taken_to_hospital(report_counts: Any) -> None:
    text = "The victims, ages 17, 19 and 24, were taken to area hospitals."
    assert report_counts(text) == (0, 3)
    assert report_counts("The victim was taken to a hospital.") == (0, 1)
    # guards: a death there; not a victim; none; a count; the victim told before
    assert report_counts("The victim was taken to a hospital, where he died.") == (1, 0)
    assert report_counts("The suspect was taken to a hospital.") == (0, 0)
    assert report_counts("No victims were taken to a hospital.") == (0, 0)
    assert report_counts("Three victims were taken to area hospitals.") == (0, 3)
    assert report_counts("John Doe was shot. The victim was taken to a hospital.") == (0, 1)
    text = "A man was shot and killed. The victim was taken to a hospital."
    assert report_counts(text) == (1, 0)
