"""Hospital, treatment and condition: taken to a hospital, treated, listed in a condition,
recovering, remaining hospitalised; per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def _measures(report_figures: Any, raw: str) -> list[tuple[Any, str | None]]:
    _, found = report_figures(raw)
    return [(f["value"], f["measure"]) for f in found if not f["derived"]]


def test_treated_for_a_gunshot_wound_is_wounded(report_counts: Any) -> None:
    text = (
        "The victim, identified as John Smith, 34, was pronounced dead at the scene. A second "
        "victim, a 29-year-old woman, was treated for a gunshot wound to the arm."
    )
    assert report_counts(text) == (1, 1)
    # treated for injuries that are no gunshot's: no victim of the shooting
    text = "A man was killed. His wife was treated for minor injuries from broken glass."
    assert report_counts(text) == (1, 0)


def test_people_counted_with_survivable_injuries_are_injured(report_counts: Any) -> None:
    # they live: not two of the shot of whom one died (before: 1, 1)
    text = (
        "The shooting left a 20-year-old man dead. Two other men suffered non-life-threatening "
        "injuries."
    )
    assert report_counts(text) == (1, 2)
    # gunshot wounds alone say they were shot, not that they lived
    assert report_counts("Three people suffered gunshot wounds. One of them died.") == (1, 2)


def test_taken_to_hospital_where_some_died(report_counts: Any) -> None:
    text = (
        "Police said multiple people were shot at a party early Saturday. "
        "Four people were taken to hospitals, and one of them died."
    )
    assert report_counts(text) == (1, 3)
    assert report_counts("Two people were taken to the hospital, where one of them died.") == (
        1,
        1,
    )
    assert report_counts("Two people were taken to the hospital, where they died.") == (2, 0)
    # guard: taken to hospitals, no death told
    assert report_counts("Three people were taken to hospitals.") == (0, 3)


def test_listed_in_good_condition(report_counts: Any) -> None:
    text = "The victim, whose name was not released, was listed in good condition."
    assert report_counts(text) == (0, 1)
    # guard: a thing in good condition is no victim
    assert report_counts("The car was in good condition, police said.") == (0, 0)


def test_recovering_tells_a_wounded_person(report_counts: Any) -> None:
    text = "The victim succumbed to his injuries on Thursday. A second victim is recovering."
    assert report_counts(text) == (1, 1)
    assert report_counts("John Doe was killed. His wife is recovering from a gunshot wound.") == (
        1,
        1,
    )
    # guards: recovering from no wound; recovering a thing
    assert report_counts("John Doe was killed. His wife is recovering from the shock.") == (1, 0)
    assert report_counts("Police recovered a handgun at the scene.") == (0, 0)


def test_a_count_listed_in_a_condition_is_injured(report_counts: Any) -> None:
    assert report_counts("The two victims, both 21, were listed in stable condition.") == (0, 2)


def test_taken_to_hospital_beside_someone_elses_death(report_counts: Any) -> None:
    text = (
        "Police said one victim died at the scene while two others were taken to a hospital "
        "with non-life-threatening injuries."
    )
    assert report_counts(text) == (1, 2)
    # guard: in hospital as of then; the update's death is that person's
    text = (
        "One person is in the hospital after being shot. "
        "UPDATE: Police say the teen has died from his wounds."
    )
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


def test_a_count_in_the_hospital(report_counts: Any) -> None:
    # hurt as of then: counted as shot, so a later death is one of them
    assert report_counts("Two people are in the hospital after a shooting.") == (0, 2)
    assert report_counts("Two people were in the hospital after a shooting.") == (0, 2)
    text = "Two people are in the hospital. One of them died on Monday."
    assert report_counts(text) == (1, 1)
    # guard: a condition is injured, beside the others injured
    text = "Seven people were shot. Two were in critical condition and five others were injured."
    assert report_counts(text) == (0, 7)


def test_a_count_staying_in_hospital(report_counts: Any, report_figures: Any) -> None:
    # "remain" / "stay" in hospital is being hurt, not the population measure
    assert report_counts("Two people remain in the hospital.") == (0, 2)
    assert report_counts("Two people remain hospitalized.") == (0, 2)
    assert report_counts("Two victims remained in the hospital on Monday.") == (0, 2)
    assert report_counts("Two people stayed in the hospital overnight.") == (0, 2)
    assert report_counts("Two people remain in critical condition.") == (0, 2)
    assert (2, "population_remaining") not in _measures(
        report_figures, "Two people remain hospitalized."
    )
    # a part of a count told before stays inside it
    assert report_counts("Three people were shot. Two remain hospitalized.") == (0, 3)
    # guards: the population measure, in a city or trapped
    text = "About 100,000 people remain in the city."
    assert (100000, "population_remaining") in _measures(report_figures, text)
    text = "Up to 170,000 residents remained trapped in Mariupol."
    assert (170000, "population_remaining") in _measures(report_figures, text)


def test_treated_for_a_graze_wound(report_counts: Any) -> None:
    assert report_counts("John Doe was treated at the scene for a graze wound.") == (0, 1)
    assert report_counts("A man was treated at the scene for a graze wound.") == (0, 1)
    assert report_counts("A woman was treated for a grazing wound to the arm.") == (0, 1)
    # guards: treated for what the shooting did not deal
    assert report_counts("John Doe was treated for shock.") == (0, 0)
    text = "John Doe was treated at the scene for minor injuries from broken glass."
    assert report_counts(text) == (0, 0)


def test_a_grave_state_alone_is_a_condition(report_counts: Any) -> None:
    # "is critical" / "is stable" with no "condition": one hurt and alive
    text = "One man is dead, another is critical after a shooting on Sunday."
    assert report_counts(text) == (1, 1)
    assert report_counts("One man is dead and another is critical after a shooting.") == (1, 1)
    text = "A woman was shot in the leg. She is critical but expected to live."
    assert report_counts(text) == (0, 1)
    # guards: no person; critical of someone; shock is not the shooting's harm
    assert report_counts("The situation is critical, the mayor said.") == (0, 0)
    assert report_counts("It is critical that witnesses come forward, police said.") == (0, 0)
    assert report_counts("The mayor is critical of the police chief.") == (0, 0)
    text = "A man was shot and killed. His mother said she is in serious shock."
    assert report_counts(text) == (1, 0)


def test_fainting_is_no_wound(report_counts: Any) -> None:
    # people taken to hospital for fainting are not hurt by the shooting
    text = (
        "A man was found shot dead in his home. Two relatives who passed out at the house "
        "were taken to a hospital."
    )
    assert report_counts(text) == (1, 0)
    text = "A man was shot and killed. Two relatives who fainted were taken to a hospital."
    assert report_counts(text) == (1, 0)
    text = "A man was shot and killed. Two women were taken to a hospital with chest pains."
    assert report_counts(text) == (1, 0)
    # guards: taken to hospital with no other cause told; a wound told
    assert report_counts("Two people were taken to a hospital after the shooting.") == (0, 2)
    text = "A man was shot dead. A woman was taken to a hospital with a gunshot wound."
    assert report_counts(text) == (1, 1)
