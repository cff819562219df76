"""People told together: coordinated and gapped clauses, lists, "one man ... another";
per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_each_item_of_a_semicolon_list_of_victims(report_counts: Any) -> None:
    text = (
        "The 34-year-old guard had killed his 7-year-old daughter, Mia Colton; his "
        "31-year-old girlfriend, Dana Pruitt; and Pruitt's mother, Ruth Baines, 62."
    )
    assert report_counts(text) == (3, 0)


def test_people_found_dead_together_are_each_counted(report_counts: Any) -> None:
    text = "Police found John Smith and Mary Smith dead inside the home on Monday."
    assert report_counts(text) == (2, 0)


def test_two_people_introduced_in_one_sentence_are_two(report_counts: Any) -> None:
    text = "A woman was shot in the leg and a teenager was wounded in the arm, police said."
    assert report_counts(text) == (0, 2)
    assert report_counts("A man was killed and a 17-year-old was wounded on Monday.") == (1, 1)


def test_a_gapped_passive_keeps_its_own_subject(report_counts: Any) -> None:
    text = "A toddler was killed and his mother wounded in a shooting on Monday."
    assert report_counts(text) == (1, 1)


def test_a_relative_shot_beside_another_person_is_a_second_victim(report_counts: Any) -> None:
    text = "A man was shot in the leg and his friend was shot in the arm."
    assert report_counts(text) == (0, 2)


def test_a_shooting_and_a_killing_with_objects_of_their_own(report_counts: Any) -> None:
    # the killing happened to the son; the wife was shot and lived
    assert report_counts("He shot his wife and killed his son.") == (1, 1)
    assert report_counts("A man killed his son and shot his wife on Monday.") == (1, 1)
    # an object pronoun re-mentions the one shot: one person, killed
    assert report_counts("A man shot his wife and killed her on Monday.") == (1, 0)
    # the killing one coordination further: still someone else's
    text = "The suspect shot his wife and then shot and killed her new boyfriend."
    assert report_counts(text) == (1, 1)
    # counted: the women shot lived, the man killed is not among them (before: 1, 1)
    assert report_counts("Police said he shot two women and killed a man.") == (1, 2)
    # one predicate with no object of its own still shares the other's outcome
    assert report_counts("Police said he shot and killed his wife and wounded his son.") == (1, 1)


def test_two_people_shot_in_coordinated_passives_are_two(report_counts: Any) -> None:
    # the parser hangs the second person on "the back"; "was shot" keeps its own subject
    text = "A 19-year-old was shot in the back and a 20-year-old was shot in the arm."
    assert report_counts(text) == (0, 2)
    # one person told in one sentence with the one killed is not them (before: 1, 0)
    assert report_counts("A man was shot in the leg and his brother was killed.") == (1, 1)
    # a clause with no subject of its own is the first person's
    assert report_counts("A man was shot in the leg and was taken to a hospital.") == (0, 1)


def test_another_hung_on_the_auxiliary(report_counts: Any) -> None:
    # the parser makes "another" the subject of "was", not of "injured"
    text = "One person was shot and killed and another was critically injured."
    assert report_counts(text) == (1, 1)


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


def test_a_gapped_person_shot(report_counts: Any) -> None:
    # the person after "and" has a wound place of their own: a gapped "was shot"
    assert report_counts("John Doe was shot in the leg and another man in the arm.") == (0, 2)
    assert report_counts("A woman was shot in the leg and a man in the chest.") == (0, 2)
    assert report_counts("John Doe was shot in the leg and a woman in the chest.") == (0, 2)
    assert report_counts("John Doe was shot in the leg and another in the arm.") == (0, 2)
    assert report_counts("Jane Roe was shot in the back and her son in the leg.") == (0, 2)
    # guards: body parts coordinated, no second person
    assert report_counts("John Doe was shot in the leg and arm.") == (0, 1)
    assert report_counts("John Doe was shot in the back and the leg.") == (0, 1)
    assert report_counts("John Doe was shot in the leg and hand, police said.") == (0, 1)
    assert report_counts("One man was shot in the leg, another in the arm.") == (0, 2)


def test_a_gapped_person_shares_the_shooting_not_the_killing(report_counts: Any) -> None:
    # the gapped clause repeats "was shot" with a wound place of its own, not "and killed"
    text = "John Doe was shot in the chest and killed, and another man in the arm."
    assert report_counts(text) == (1, 1)
    assert report_counts("A man was shot in the head and killed, and a woman in the leg.") == (1, 1)
    assert report_counts("Jane Roe was shot in the back and killed and her son in the leg.") == (
        1,
        1,
    )
    # guards: both killed; a death told of the second person; one person, two body parts
    assert report_counts("A man and a woman were shot and killed.") == (2, 0)
    text = "Jane Roe was shot in the back and killed and her son was wounded."
    assert report_counts(text) == (1, 1)
    assert report_counts("John Doe was shot in the chest and the arm and killed.") == (1, 0)
    assert report_counts("John Doe was shot in the leg and another man in the arm.") == (0, 2)
