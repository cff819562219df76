"""Per-report killed / injured counts: session-5 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Every sentence here was counted wrong before the rule it tests.
"""

from __future__ import annotations

from typing import Any

from crosswire.extract.figures_focus import recalls_other


def test_gunned_down_is_a_killing(report_counts: Any) -> None:
    assert report_counts("A man was gunned down outside his home on Monday night.") == (1, 0)


def test_lost_his_life_is_a_death(report_counts: Any) -> None:
    assert report_counts("A 19-year-old man lost his life in the shooting on Monday.") == (1, 0)
    # losing something else is no death
    assert report_counts("A 19-year-old man lost his job after the shooting on Monday.") == (0, 0)


def test_claimed_the_life_of_is_a_death(report_counts: Any) -> None:
    text = "The shooting on Monday claimed the life of a 19-year-old man."
    assert report_counts(text) == (1, 0)


def test_people_found_dead_together_are_each_counted(report_counts: Any) -> None:
    text = "Police found John Smith and Mary Smith dead inside the home on Monday."
    assert report_counts(text) == (2, 0)


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


def test_the_previous_month_recalls_another_incident() -> None:
    assert recalls_other("The previous month, a 15-year-old was shot and killed in a car.")
    assert recalls_other("The prior week, two men were wounded nearby.")
    assert not recalls_other("On Monday, a 15-year-old was shot and killed in a car.")


def test_a_relative_clause_after_a_hometown_describes_the_person(report_counts: Any) -> None:
    text = (
        "Michael Monserrate, 18, of the Bronx, who is still hospitalized at St. Barnabas "
        "Hospital with non life-threatening injuries, has been charged with robbery."
    )
    assert report_counts(text) == (0, 1)


def test_two_people_introduced_in_one_sentence_are_two(report_counts: Any) -> None:
    text = "A woman was shot in the leg and a teenager was wounded in the arm, police said."
    assert report_counts(text) == (0, 2)
    assert report_counts("A man was killed and a 17-year-old was wounded on Monday.") == (1, 1)


def test_a_description_in_a_later_sentence_still_re_mentions(report_counts: Any) -> None:
    text = "A 3-year-old boy was shot on Friday. The toddler died at the hospital."
    assert report_counts(text) == (1, 0)


def test_one_died_after_a_count_is_one_of_them(report_counts: Any) -> None:
    text = (
        "Two men were shot on Friday. One died at the hospital and the other is in stable "
        "condition."
    )
    assert report_counts(text) == (1, 1)
    # the generic pronoun is still no figure
    assert report_counts("One could argue the city is safer than it was.") == (0, 0)


def test_a_killer_in_a_relative_clause_who_killed_himself(report_counts: Any) -> None:
    text = "A woman was shot dead by her estranged husband, who then killed himself."
    assert report_counts(text) == (2, 0)


def test_a_person_who_shot_himself_in_a_relative_clause(report_counts: Any) -> None:
    text = "A man who shot himself in the leg was taken to a hospital."
    assert report_counts(text) == (0, 1)


def test_a_gapped_passive_keeps_its_own_subject(report_counts: Any) -> None:
    text = "A toddler was killed and his mother wounded in a shooting on Monday."
    assert report_counts(text) == (1, 1)


def test_a_relative_shot_beside_another_person_is_a_second_victim(report_counts: Any) -> None:
    text = "A man was shot in the leg and his friend was shot in the arm."
    assert report_counts(text) == (0, 2)


def test_shot_one_fatally_splits_the_count(report_counts: Any) -> None:
    assert report_counts("Two teenagers were shot, one fatally, on Monday.") == (1, 1)
    assert report_counts("Three people were shot, one fatally, outside a bar.") == (1, 2)


def test_a_bullet_grazing_a_persons_body_part_wounds_the_person(report_counts: Any) -> None:
    assert report_counts("A bullet grazed a woman's head.") == (0, 1)
    assert report_counts("The man's leg was grazed by a bullet.") == (0, 1)
    # a thing's part is no victim
    assert report_counts("A bullet grazed the car's door.") == (0, 0)


def test_a_victim_also_shot_or_shot_but_surviving_is_a_second_person(report_counts: Any) -> None:
    killed = "A man was shot and killed on Main Street. "
    assert report_counts(killed + "His girlfriend was also shot but survived.") == (1, 1)
    assert report_counts(killed + "His girlfriend was shot but survived.") == (1, 1)
    assert report_counts(killed + "His girlfriend was also shot.") == (1, 1)
    # the generic victim "also shot" is the same victim, shot again
    assert report_counts(killed + "The victim was also shot in the leg.") == (1, 0)


def test_a_gunman_the_police_shot_is_a_victim(report_counts: Any) -> None:
    assert report_counts("Police shot and wounded the gunman.") == (0, 1)
    assert report_counts("The gunman was killed by police.") == (1, 0)
    # no shot fired at him: no victim
    assert report_counts("Police arrested the gunman.") == (0, 0)


def test_a_suspect_the_police_shot_told_twice_is_one_victim(report_counts: Any) -> None:
    text = (
        "Assault suspect shot by police pleads not guilty. A 21-year-old man who was shot by "
        "police after he slammed a truck into a patrol car pleaded not guilty Tuesday."
    )
    assert report_counts(text) == (0, 1)


def test_a_killed_gunman_is_not_one_of_the_people_he_shot(report_counts: Any) -> None:
    # the two men shot are the gunman's victims; his death is a third casualty, so it is not
    # taken off the count of the shot (before: one killed, one injured)
    text = "A gunman shot two men on Friday. Police later shot and killed the gunman."
    assert report_counts(text) == (1, 2)
    # a victim who died is still one of the shot
    assert report_counts("Two people were shot, one fatally.") == (1, 1)
