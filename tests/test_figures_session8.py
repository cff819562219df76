"""Per-report killed / injured counts: session-8 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule; the others guard what the
rule must not change.
"""

from __future__ import annotations

from typing import Any


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


def test_one_the_police_shot_is_not_whom_a_man_shot(report_counts: Any) -> None:
    assert report_counts("A man shot his wife. Officers later shot John Smith.") == (0, 2)
    text = "A man shot and killed his wife. Officers later shot and killed John Smith."
    assert report_counts(text) == (2, 0)
    assert report_counts("Police shot John Smith. A man had shot his wife earlier.") == (0, 2)
    # guards: the named one and a description of him are one person
    assert report_counts("A man shot his wife. Officers later shot him.") == (0, 2)
    text = "Officers shot John Smith on Monday. The man was taken to a hospital."
    assert report_counts(text) == (0, 1)
    text = "John Smith was shot by a neighbor. Smith was taken to a hospital."
    assert report_counts(text) == (0, 1)
    text = (
        "A woman was shot by her ex-husband on Monday. "
        "Police said Jane Smith, 30, was in stable condition."
    )
    assert report_counts(text) == (0, 1)


def test_a_part_of_the_shot_told_fatally(report_counts: Any) -> None:
    assert report_counts("Police say five people were shot, two of them fatally.") == (2, 3)
    assert report_counts("Four men were shot, one of them fatally.") == (1, 3)
    # guard: the bare part
    assert report_counts("Three people were shot, one fatally, on Saturday night.") == (1, 2)


def test_another_left_injured(report_counts: Any) -> None:
    text = "A shooting left a man dead and another injured early Sunday morning."
    assert report_counts(text) == (1, 1)
    text = "A shooting left one man dead and another injured early Sunday morning."
    assert report_counts(text) == (1, 1)


def test_what_counted_people_bear_after_their_noun(report_counts: Any) -> None:
    text = (
        '"We have one person deceased and two others with gunshot wounds," '
        "police Chief John Smith said."
    )
    assert report_counts(text) == (1, 2)
    assert report_counts("Two people with minor injuries were treated at the scene.") == (0, 2)
    # guard: a coordination of people with one fate is still one toll
    assert report_counts("One man and two others were shot.") == (0, 3)


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


def test_a_victim_told_by_ordinal_implies_that_many(report_counts: Any) -> None:
    text = "Two men were shot Friday night. A third victim, a 19-year-old woman, was wounded."
    assert report_counts(text) == (0, 3)
    assert report_counts("Two men were shot Friday night. A third man was killed.") == (1, 2)
    # guards: the ordinal within the count
    assert report_counts("Two men were killed Friday night. A third man was wounded.") == (2, 1)
    assert report_counts("A man was shot. A second man was shot.") == (0, 2)


def test_a_headline_part_told_fatally(report_counts: Any) -> None:
    text = "Police: 2 shot, 1 fatally, in Northside shooting\nTwo men were shot Saturday night."
    assert report_counts(text) == (1, 1)


def test_another_hung_on_the_auxiliary(report_counts: Any) -> None:
    # the parser makes "another" the subject of "was", not of "injured"
    text = "One person was shot and killed and another was critically injured."
    assert report_counts(text) == (1, 1)


def test_listed_in_good_condition(report_counts: Any) -> None:
    text = "The victim, whose name was not released, was listed in good condition."
    assert report_counts(text) == (0, 1)
    # guard: a thing in good condition is no victim
    assert report_counts("The car was in good condition, police said.") == (0, 0)


def test_the_victim_who_died_is_not_one_of_another_age(report_counts: Any) -> None:
    text = (
        "Police said the 24-year-old victim died at the scene and a 30-year-old woman "
        "was hospitalized."
    )
    assert report_counts(text) == (1, 1)
    # guard: nothing tells them apart
    text = "Police found a woman suffering from a gunshot wound. The victim died at a hospital."
    assert report_counts(text) == (1, 0)


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


def test_killed_by_return_fire_is_shot_by_police(report_counts: Any) -> None:
    text = "A police officer was shot and wounded Monday. The suspect was killed by return fire."
    assert report_counts(text) == (1, 1)
    # guard: gunfire of no one in particular
    assert report_counts("A man was killed by gunfire Monday.") == (1, 0)


def test_a_graze_or_one_also_hit_after_a_shooting(report_counts: Any) -> None:
    text = "The teen was shot multiple times and died at a hospital. Another teen was grazed."
    assert report_counts(text) == (1, 1)
    assert report_counts("A man was shot in the chest. A bystander was also hit.") == (0, 2)
    # guards: no gunfire told; the same victim hit again; a car
    assert report_counts("A car crashed into a pole. A pedestrian was also hit.") == (0, 0)
    text = "A man was shot in the chest. The victim was also hit in the leg."
    assert report_counts(text) == (0, 1)
    assert report_counts("A man was shot on Monday. He was later hit by a car.") == (0, 1)


def test_a_count_hit_by_gunfire_was_shot(report_counts: Any) -> None:
    text = "Witnesses said the man opened fire on the crowd, hitting three people."
    assert report_counts(text) == (0, 3)
    assert report_counts("A stray bullet struck two children playing outside.") == (0, 2)
    assert report_counts("Two cars were hit by the truck.") == (0, 0)
    # guard: the two who shot and hit someone are not the people hit
    assert report_counts("Two men shot at him, hitting him twice.") == (0, 1)


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
