"""Words that tell a death or a wound: per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_not_fatally_is_wounded(report_counts: Any) -> None:
    text = "On Monday her nephew shot his grandmother, not fatally, in the back."
    assert report_counts(text) == (0, 1)


def test_gunned_down_is_a_killing(report_counts: Any) -> None:
    assert report_counts("A man was gunned down outside his home on Monday night.") == (1, 0)


def test_lost_his_life_is_a_death(report_counts: Any) -> None:
    assert report_counts("A 19-year-old man lost his life in the shooting on Monday.") == (1, 0)
    # losing something else is no death
    assert report_counts("A 19-year-old man lost his job after the shooting on Monday.") == (0, 0)


def test_claimed_the_life_of_is_a_death(report_counts: Any) -> None:
    text = "The shooting on Monday claimed the life of a 19-year-old man."
    assert report_counts(text) == (1, 0)


def test_a_bullet_grazing_a_persons_body_part_wounds_the_person(report_counts: Any) -> None:
    assert report_counts("A bullet grazed a woman's head.") == (0, 1)
    assert report_counts("The man's leg was grazed by a bullet.") == (0, 1)
    # a thing's part is no victim
    assert report_counts("A bullet grazed the car's door.") == (0, 0)


def test_a_count_found_dead_is_killed(report_counts: Any) -> None:
    assert report_counts("Police found his two daughters, ages 5 and 7, dead.") == (2, 0)
    assert report_counts("Deputies found the three victims dead inside the home.") == (3, 0)
    # the participle hangs on the last one found, and tells of them all
    text = "The deputies also found 3-year-old Jeanne Carlopoli and a dog fatally stabbed."
    assert report_counts(text) == (1, 0)
    assert report_counts("Police found a man and his son fatally shot.") == (2, 0)
    # no number of their own: one person per age
    assert report_counts("Police found his daughters, ages 5 and 7, dead.") == (2, 0)


def test_a_stabbing_is_an_injury_unless_it_killed(report_counts: Any) -> None:
    assert report_counts("A man was stabbed on Monday.") == (0, 1)
    assert report_counts("A man was stabbed to death on Monday.") == (1, 0)
    assert report_counts("A woman was fatally stabbed on Monday.") == (1, 0)
    assert report_counts("A man was stabbed and killed on Monday.") == (1, 0)
    assert report_counts("A man was shot and a woman was stabbed on Monday.") == (0, 2)


def test_another_left_injured(report_counts: Any) -> None:
    text = "A shooting left a man dead and another injured early Sunday morning."
    assert report_counts(text) == (1, 1)
    text = "A shooting left one man dead and another injured early Sunday morning."
    assert report_counts(text) == (1, 1)


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
