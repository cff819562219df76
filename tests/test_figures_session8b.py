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
    # "another" parsed as the determiner of "injured", which is coordinated with "left"
    assert report_counts("The shooting left one man dead and another injured.") == (1, 1)
    # guards: a count after "and"; an object of its own
    assert report_counts("The shooting left one dead and two injured.") == (1, 2)
    assert report_counts("A shooting left a woman dead and another wounded.") == (1, 1)
    assert report_counts("The shooting left one man dead.") == (1, 0)


def test_the_slain_man(report_counts: Any) -> None:
    # an adjective-only death: "slain" is tagged an adjective and keeps its form as lemma
    assert report_counts("The slain man's girlfriend said he had no enemies.") == (1, 0)
    assert report_counts("The slain man was 25.") == (1, 0)
    assert report_counts("The family of the slain teen spoke on Monday.") == (1, 0)
    assert report_counts("A vigil was held in memory of the slain boy.") == (1, 0)
    # guards: the verb, and the slain one named again
    assert report_counts("Jane Doe was slain on Monday.") == (1, 0)
    assert report_counts("The slain woman was identified as Jane Doe, 30.") == (1, 0)
    # guards: a death of another incident, recalled (GVC train 368727)
    text = (
        "Vonzell Banks, 17, was shot and killed Friday at a park named for another slain "
        "teen, Hadiya Pendleton."
    )
    assert report_counts(text) == (1, 0)
    assert report_counts("John Doe was killed near a park named for a slain teen.") == (1, 0)


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
    # guards: the body named or described later is the same one person
    text = "Police found a body on Monday. The victim, John Doe, 30, had been shot and killed."
    assert report_counts(text) == (1, 0)
    text = (
        "A body was found in a field. Police identified the man as John Doe, 30. He had been shot."
    )
    assert report_counts(text) == (1, 0)
    text = "A woman's body was found on Monday. Jane Doe, 25, had been shot in the head."
    assert report_counts(text) == (1, 0)
    text = "John Doe, 30, was found dead. A body was discovered near his car."
    assert report_counts(text) == (1, 0)


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


def test_treated_is_hurt(report_counts: Any) -> None:
    assert report_counts("A woman was treated at a hospital and released.") == (0, 1)
    # guards: treated, then died; treated for a wound
    text = "A man was shot and killed. He was treated at the scene but died."
    assert report_counts(text) == (1, 0)
    text = "John Doe, 30, was shot and killed. His wife was treated for a gunshot wound."
    assert report_counts(text) == (1, 1)
    # guard: treatment that tells no wound (a suspect's evaluation, GVC train)
    text = "John Smith shot his father. Smith was still being medically treated on Thursday."
    assert report_counts(text) == (0, 1)


def test_one_man_and_another(report_counts: Any) -> None:
    # "one man ... another": two people, the "one" no count of everyone shot
    assert report_counts("One man was shot in the leg, another in the arm.") == (0, 2)
    text = "One man was shot in the leg, and another was shot in the arm."
    assert report_counts(text) == (0, 2)
    assert report_counts("One man was shot in the leg and another in the arm.") == (0, 2)
    assert report_counts("A man was shot in the leg, another in the arm.") == (0, 2)
    # guards: a count before; one alone; different fates
    text = "Two men were shot. One man was hit in the leg and another in the arm."
    assert report_counts(text) == (0, 2)
    text = "Three people were shot. One man died and another was critically injured."
    assert report_counts(text) == (1, 2)
    assert report_counts("One man was shot.") == (0, 1)
    assert report_counts("One man was shot in the leg and the arm.") == (0, 1)
    assert report_counts("One man died and another was injured.") == (1, 1)
    assert report_counts("One woman was killed and another woman was wounded.") == (1, 1)


def test_one_of_the_counted_was_dead(report_counts: Any) -> None:
    text = "Two men were found shot. One was dead; the other was taken to a hospital."
    assert report_counts(text) == (1, 1)
    assert report_counts("Two men were shot. One was dead and the other was wounded.") == (1, 1)
    # guards: a state that is no casualty; a condition; no count before it
    assert report_counts("Two men were killed. One was 25.") == (2, 0)
    assert report_counts("Three people were shot. One is in critical condition.") == (0, 3)
    assert report_counts("Two men were shot. One is expected to survive.") == (0, 2)
    assert report_counts("Three people were shot. One of them was dead.") == (1, 2)


def test_a_count_in_the_hospital(report_counts: Any) -> None:
    # hurt as of then: counted as shot, so a later death is one of them
    assert report_counts("Two people are in the hospital after a shooting.") == (0, 2)
    assert report_counts("Two people were in the hospital after a shooting.") == (0, 2)
    text = "Two people are in the hospital. One of them died on Monday."
    assert report_counts(text) == (1, 1)
    # guard: a condition is injured, beside the others injured
    text = "Seven people were shot. Two were in critical condition and five others were injured."
    assert report_counts(text) == (0, 7)
