"""Which mentions are one victim and which are another: pronouns, descriptions, "another",
kin, co-victims; per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_the_other_man_re_mentions_another(report_counts: Any) -> None:
    text = (
        "A shooting on Saturday night left one man dead and another with serious injuries. "
        "Officers found a 41-year-old man dead near a truck in the driveway. "
        "The other man, 23, was found inside the car with gunshot wounds and was flown to "
        "a hospital."
    )
    assert report_counts(text) == (1, 1)


def test_a_death_after_the_named_dead_is_theirs_not_the_wounded_ones(report_counts: Any) -> None:
    text = (
        "Officer Olsen was killed Sunday after he was shot by a suspect. Sheriff Tom Hale "
        "said officer Mark Olsen was shot in the head. He was taken to a hospital where he "
        "died of his injuries. Officer Ray Tilden suffered three gunshot wounds."
    )
    assert report_counts(text) == (1, 1)


def test_a_death_after_the_wounded_name_is_that_victims(report_counts: Any) -> None:
    text = (
        "Samuel Ortiz, 30, was found shot on Huron Street on Friday. He died at a hospital. "
        "His mother said she wants answers."
    )
    assert report_counts(text) == (1, 0)


def test_another_was_injured_is_a_second_person(report_counts: Any) -> None:
    text = (
        "Araujo was pronounced dead at the scene with multiple gunshot wounds. "
        '"There was an altercation, one man was killed, another was injured and people '
        'fled the area," the sergeant said.'
    )
    assert report_counts(text) == (1, 1)


def test_a_pronoun_after_one_other_man_is_that_man(report_counts: Any) -> None:
    text = (
        "Ronnie Chambers, 33, was fatally struck when a gunman opened fire on a van. "
        "At least one other man, 21, was inside the van when the shooting started. "
        "He was wounded in the thigh and taken to a hospital."
    )
    assert report_counts(text) == (1, 1)


def test_a_pronoun_after_the_dead_victim_is_still_a_re_mention(report_counts: Any) -> None:
    text = (
        "A man was shot and killed on Friday night. Police said the man was 33. "
        "He was wounded in the chest and taken to a hospital."
    )
    assert report_counts(text) == (1, 0)


def test_the_family_of_the_man_shot_is_not_the_victim(report_counts: Any) -> None:
    text = "The family of the man fatally shot by police in Wilkinsburg is speaking out."
    assert report_counts(text) == (1, 0)


def test_a_description_in_a_later_sentence_still_re_mentions(report_counts: Any) -> None:
    text = "A 3-year-old boy was shot on Friday. The toddler died at the hospital."
    assert report_counts(text) == (1, 0)


def test_a_victim_also_shot_or_shot_but_surviving_is_a_second_person(report_counts: Any) -> None:
    killed = "A man was shot and killed on Main Street. "
    assert report_counts(killed + "His girlfriend was also shot but survived.") == (1, 1)
    assert report_counts(killed + "His girlfriend was shot but survived.") == (1, 1)
    assert report_counts(killed + "His girlfriend was also shot.") == (1, 1)
    # the generic victim "also shot" is the same victim, shot again
    assert report_counts(killed + "The victim was also shot in the leg.") == (1, 0)


def test_a_relative_also_shot_is_a_second_person(report_counts: Any) -> None:
    text = (
        "A 25-year-old man was shot in the leg. His brother was also shot. He died at the hospital."
    )
    assert report_counts(text) == (1, 1)


def test_a_pronoun_victim_of_another_gender_is_a_person_of_their_own(report_counts: Any) -> None:
    # no victim the pronoun could re-mention: she and her husband are two people
    assert report_counts("He was shot in the arm on Monday. His wife was also wounded.") == (0, 2)
    assert report_counts("She was shot in the arm on Monday. Her husband was killed.") == (1, 1)
    # a pronoun of the same gender as the one victim re-mentions them
    assert report_counts("A man was shot in the arm on Monday. He is in stable condition.") == (
        0,
        1,
    )


def test_victims_shot_together_do_not_re_mention_each_other(report_counts: Any) -> None:
    # the woman shot beside the man who died is a wounded victim of her own (before: 1, 0)
    assert report_counts("A man and a woman were shot on Monday night. The man died.") == (1, 1)
    text = (
        "Police said the victims, a 24-year-old man and a 22-year-old woman, were shot while "
        "sitting in a car. The man died."
    )
    assert report_counts(text) == (1, 1)
    # the victim shot, told after the one killed, is still that one
    text = "A man was shot and killed on Monday. The victim had been shot in the chest."
    assert report_counts(text) == (1, 0)


def test_one_more_person_is_no_re_mention_of_a_named_victim(report_counts: Any) -> None:
    assert report_counts("John Doe, 30, was shot and killed. Another man was also killed.") == (
        2,
        0,
    )
    text = "John Doe, 30, was shot and killed on Monday. His sister was also killed."
    assert report_counts(text) == (2, 0)
    assert report_counts("John Doe, 30, was shot on Monday. His brother was also shot.") == (0, 2)
    # "another man" as the killer's object is other than the killer, not one more victim
    text = (
        "Police say he shot and killed another man during an argument. "
        "Roy Thompson allegedly shot 53-year-old David Lynn Krieger."
    )
    assert report_counts(text) == (1, 0)
    # the couple's halves are the two named, not two more
    assert report_counts("An elderly couple, John and Mary Doe, were found shot to death.") == (
        2,
        0,
    )


def test_a_pronoun_death_is_the_person_just_found(report_counts: Any) -> None:
    text = (
        "Officers found the body of Branyon Fehring, 23. Officers found David Andrew Pena, 22, "
        "and determined he had been shot in the torso. Pena was taken to a hospital where he died."
    )
    assert report_counts(text) == (2, 0)
    # one who spoke is no antecedent of the dead
    text = "John Doe was shot and killed. Sheriff Jim Winder said he died at the scene."
    assert report_counts(text) == (1, 0)


def test_a_death_told_of_a_co_victim_is_not_the_named_ones(report_counts: Any) -> None:
    text = "John Doe and another man were shot. The other man died."
    assert report_counts(text) == (1, 1)
    assert report_counts("John Doe and a woman were shot. The woman died.") == (1, 1)
    assert report_counts("John Doe was shot. Another man died.") == (1, 1)
    assert report_counts("John Doe was shot. A second man died at the scene.") == (1, 1)
    # guards: the named one died; the one description is the named one; two named, one died
    assert report_counts("John Doe and another man were shot. John Doe died.") == (1, 1)
    assert report_counts("A man was shot and killed. John Doe was shot.") == (1, 0)
    assert report_counts("John Doe and Jim Roe were shot. The other man died.") == (1, 1)
    text = (
        "Police say he shot and killed another man during an argument. "
        "Roy Thompson allegedly shot 53-year-old David Lynn Krieger."
    )
    assert report_counts(text) == (1, 0)


def test_a_wounded_person_who_cannot_be_the_dead_one(report_counts: Any) -> None:
    text = (
        "The victim was pronounced dead at the scene. A second man was taken to a local "
        "hospital with a gunshot wound to the leg."
    )
    assert report_counts(text) == (1, 1)
    text = (
        "A man was pronounced dead at the scene. A woman was taken to a local hospital "
        "with a gunshot wound to the leg."
    )
    assert report_counts(text) == (1, 1)
    text = (
        "A woman who was shot in the head Friday has died, authorities said. "
        "Her boyfriend, who was also shot, remains hospitalized."
    )
    assert report_counts(text) == (1, 1)
    # guards: a re-mention of the dead one
    text = "A man with a gunshot wound was found on Main Street. He later died."
    assert report_counts(text) == (1, 0)
    assert report_counts("A woman was found dead. Police said the woman had been shot.") == (1, 0)


def test_one_mention_with_two_predicates_is_one_person(report_counts: Any) -> None:
    text = (
        "A 28-year-old man was killed in the shooting. "
        "The man's girlfriend was also shot and is in stable condition."
    )
    assert report_counts(text) == (1, 1)


def test_the_victim_who_died_is_not_one_of_another_age(report_counts: Any) -> None:
    text = (
        "Police said the 24-year-old victim died at the scene and a 30-year-old woman "
        "was hospitalized."
    )
    assert report_counts(text) == (1, 1)
    # guard: nothing tells them apart
    text = "Police found a woman suffering from a gunshot wound. The victim died at a hospital."
    assert report_counts(text) == (1, 0)


def test_a_pronoun_after_one_more_person_is_that_person(report_counts: Any) -> None:
    # "he" goes back to the "other" / "second" man just introduced (not a victim yet), even
    # over a sentence that goes on about him, not to the victim who died
    text = (
        "Mark Jones, 40, was killed in the shooting. A second man, 19, was in the car with "
        "him. He was shot in the arm."
    )
    assert report_counts(text) == (1, 1)
    text = (
        "John Smith, 33, was fatally shot when a gunman opened fire on a van. At least one "
        "other man, 21, was inside the van when the shooting started, police said. He had "
        "jumped into the back seat. He was wounded in the thigh and taken to a hospital."
    )
    assert report_counts(text) == (1, 1)
    text = (
        "A woman was shot and killed on Main Street. Another woman, 30, was with her at the "
        "time. She was shot in the leg."
    )
    assert report_counts(text) == (1, 1)
    # guards: the "other" man is the one shot (counted once); a pronoun back to the dead man
    text = "Mark Jones, 40, was killed. Another man was wounded. He was shot in the leg."
    assert report_counts(text) == (1, 1)
    text = "A man was shot and killed on Main Street. He was shot in the chest."
    assert report_counts(text) == (1, 0)
    # guards: "other" people told in the plural, or of the other gender, are not "he"
    text = (
        "A teen was shot in an apartment on Main Street. Other teens were in the apartment "
        "when the boy was shot. He was taken to a hospital and died."
    )
    assert report_counts(text) == (1, 0)
    text = (
        "John Doe, 30, was shot and killed. Another woman was at the house. "
        "He was shot in the chest."
    )
    assert report_counts(text) == (1, 0)
    text = (
        "Mark Jones, 40, was shot and killed. Police said another man had argued with him. "
        "He was shot in the head."
    )
    assert report_counts(text) == (1, 0)
