"""Per-report killed / injured counts: session-7 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule; the others guard what the
rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_a_named_shooter_shot_is_no_re_mention_of_his_victims(report_counts: Any) -> None:
    # the wife he shot is someone else than Smith, whom the police shot
    text = (
        "John Smith shot his wife on Monday. Police then shot Smith, who was taken to a hospital."
    )
    assert report_counts(text) == (0, 2)
    text = "The gunman, John Smith, 40, was shot and killed by police. Smith had shot a clerk."
    assert report_counts(text) == (1, 1)
    text = "John Smith shot a man at a bar. Smith was later shot by police."
    assert report_counts(text) == (0, 2)
    # a subject pronoun stands for the man named before it
    assert report_counts("Police shot and killed John Smith after he shot a clerk.") == (1, 1)
    # the one a "who" stands for did the shooting
    text = "Police shot John Smith, who had shot his wife. Smith was hospitalized."
    assert report_counts(text) == (0, 2)
    assert report_counts("Officers shot and killed John Smith, who had shot a clerk.") == (1, 1)
    # a description of one who shot someone may be the named one who did
    text = (
        "A man who shot his wife was shot by an officer. "
        "John Smith, 40, who shot his wife, is in critical condition."
    )
    assert report_counts(text) == (0, 2)
    # a named killer who killed himself is not his wife again
    assert report_counts("John Smith shot and killed his wife, then killed himself.") == (2, 0)
    # a named victim who shot no one still takes in the description that re-mentions him
    text = "John Smith, 40, was shot on Monday. The man was taken to a hospital."
    assert report_counts(text) == (0, 1)


def test_one_of_the_robbers_shot_is_one_more_victim(report_counts: Any) -> None:
    text = (
        "Two men robbed a store on Monday and the clerk was shot in the arm. "
        "One of the robbers was also shot."
    )
    assert report_counts(text) == (0, 2)
    assert report_counts("One of the robbers was shot and killed by the owner.") == (1, 0)
    # the robbers who did the shooting are no victims
    assert report_counts("Two robbers shot a clerk on Monday.") == (0, 1)


def test_a_count_found_dead_is_killed(report_counts: Any) -> None:
    assert report_counts("Police found his two daughters, ages 5 and 7, dead.") == (2, 0)
    assert report_counts("Deputies found the three victims dead inside the home.") == (3, 0)
    # the participle hangs on the last one found, and tells of them all
    text = "The deputies also found 3-year-old Jeanne Carlopoli and a dog fatally stabbed."
    assert report_counts(text) == (1, 0)
    assert report_counts("Police found a man and his son fatally shot.") == (2, 0)
    # no number of their own: one person per age
    assert report_counts("Police found his daughters, ages 5 and 7, dead.") == (2, 0)


def test_described_victims_told_by_different_claimants_are_added(report_counts: Any) -> None:
    # a man and a woman cannot be one person, whoever tells of them
    text = (
        "Police said a 30-year-old man was killed. "
        "Relatives said his 25-year-old sister was also killed."
    )
    assert report_counts(text) == (2, 0)
    # a description that may be the named victim is not added
    text = "Police said John Doe, 30, was killed. Relatives said the victim was killed."
    assert report_counts(text) == (1, 0)
    text = "Police said a man was shot and killed. His family said John Doe, 30, died."
    assert report_counts(text) == (1, 0)
    # told as one more person: "also", "another"
    text = "Police said John Doe, 30, was killed. Relatives said his sister was also killed."
    assert report_counts(text) == (2, 0)
    text = "Police said a man was killed. Relatives said another man was also killed."
    assert report_counts(text) == (2, 0)


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


def test_a_stabbing_is_an_injury_unless_it_killed(report_counts: Any) -> None:
    assert report_counts("A man was stabbed on Monday.") == (0, 1)
    assert report_counts("A man was stabbed to death on Monday.") == (1, 0)
    assert report_counts("A woman was fatally stabbed on Monday.") == (1, 0)
    assert report_counts("A man was stabbed and killed on Monday.") == (1, 0)
    assert report_counts("A man was shot and a woman was stabbed on Monday.") == (0, 2)


def test_a_pronoun_death_is_the_person_just_found(report_counts: Any) -> None:
    text = (
        "Officers found the body of Branyon Fehring, 23. Officers found David Andrew Pena, 22, "
        "and determined he had been shot in the torso. Pena was taken to a hospital where he died."
    )
    assert report_counts(text) == (2, 0)
    # one who spoke is no antecedent of the dead
    text = "John Doe was shot and killed. Sheriff Jim Winder said he died at the scene."
    assert report_counts(text) == (1, 0)


def test_a_count_someone_only_meant_to_kill_is_no_toll(report_counts: Any) -> None:
    text = "He wanted to kill the two kids because he didn't want them in foster care."
    assert report_counts(text) == (0, 0)
    assert report_counts("The gunman tried to kill two officers.") == (0, 0)
    assert report_counts("He threatened to kill three people.") == (0, 0)
    # a toll told beside it stays
    assert report_counts("Two men were killed and three others wounded.") == (2, 3)


def test_a_killer_who_committed_suicide_is_killed(report_counts: Any) -> None:
    assert report_counts("A man shot and killed his wife and then committed suicide.") == (2, 0)
    text = (
        "Walker then went to another bedroom and fatally shot Hale, 31, and her mother, "
        "Viola Warren, before committing suicide in his parked car."
    )
    assert report_counts(text) == (3, 0)


def test_a_killer_who_died_after_killing_a_count_adds_to_it(report_counts: Any) -> None:
    assert report_counts("The gunman killed himself after killing two people.") == (3, 0)
    assert report_counts("The gunman committed suicide after killing two people.") == (3, 0)
    # a killer who lived is no victim of his own
    assert report_counts("The man was arrested after killing two people.") == (2, 0)
