"""Shooters, officers, robbers and suspects: who is a victim when the police, a homeowner or
a gunman shoots; per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


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


def test_an_officer_shot_is_a_victim(report_counts: Any) -> None:
    assert report_counts("A police officer was shot and killed on Monday.") == (1, 0)
    assert report_counts("A sheriff's deputy was wounded in a shootout on Monday.") == (0, 1)
    # officers who did the shooting, or were not hurt, are no victims
    text = "Officers shot and killed a man who opened fire on them. No officers were hurt."
    assert report_counts(text) == (1, 0)
    assert report_counts("The man was shot by an officer and died at the hospital.") == (1, 0)


def test_a_robber_or_intruder_shot_by_a_homeowner_is_a_victim(report_counts: Any) -> None:
    assert report_counts("A homeowner shot a robber who broke into his house.") == (0, 1)
    assert report_counts("A homeowner shot and killed an intruder on Monday.") == (1, 0)
    assert report_counts("A robber was shot and killed by a store clerk on Monday.") == (1, 0)
    assert report_counts("A man shot the suspect who had robbed him on Monday.") == (0, 1)
    # the robber who did the shooting is no victim
    assert report_counts("The robber shot the clerk in the leg on Monday.") == (0, 1)


def test_neither_officer_hurt_is_no_victim(report_counts: Any) -> None:
    text = (
        "A man who was shot by police after he rammed a patrol car pleaded not guilty on "
        "Tuesday. Neither officer was injured."
    )
    assert report_counts(text) == (0, 1)


def test_a_wounded_gunman_is_not_one_of_the_people_he_shot(report_counts: Any) -> None:
    # the two men are the gunman's victims; his wound is a third casualty (before: 0, 2)
    text = "A gunman shot two men on Monday. A security guard shot and wounded the gunman."
    assert report_counts(text) == (0, 3)
    # shooters counted by a number of their own are counted once, by it
    assert report_counts("Two suspects were shot by police on Monday.") == (0, 2)
    # a count that says it includes him is not added to
    text = "Two people were wounded, including the gunman, whom police shot in the leg."
    assert report_counts(text) == (0, 2)


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


def test_killed_by_return_fire_is_shot_by_police(report_counts: Any) -> None:
    text = "A police officer was shot and wounded Monday. The suspect was killed by return fire."
    assert report_counts(text) == (1, 1)
    # guard: gunfire of no one in particular
    assert report_counts("A man was killed by gunfire Monday.") == (1, 0)


def test_the_one_who_shot_back_is_found_up_a_chain_of_predicates(report_counts: Any) -> None:
    # "fired back and shot and injured X": the subject sits two predicates up
    text = (
        "A deputy was shot twice. The deputy fired back and shot and injured one of the suspects."
    )
    assert report_counts(text) == (0, 2)
    text = "A man was shot. Officers arrived, returned fire and shot and wounded the suspect."
    assert report_counts(text) == (0, 2)
    text = "A man was shot. The homeowner grabbed a gun and shot and killed the suspect."
    assert report_counts(text) == (1, 1)
    # guard: the suspect who shot is no victim
    text = "The suspect fired at officers and shot and killed a bystander."
    assert report_counts(text) == (1, 0)


def test_a_suspect_shot_beside_someone_else_is_among_the_shot(report_counts: Any) -> None:
    # the Gun Violence Archive counts every person shot; a suspect hit beside an officer was
    # shot by someone, though the report does not say whom
    assert report_counts("A state trooper and a suspect were shot Wednesday.") == (0, 2)
    text = "An officer and a suspect were wounded in an exchange of gunfire."
    assert report_counts(text) == (0, 2)
    # guards: suspects who shot, or were only arrested or fled
    assert report_counts("The suspect and his brother shot a man.") == (0, 1)
    assert report_counts("The suspect and his girlfriend were arrested.") == (0, 0)
    assert report_counts("A man was shot. The suspect and a woman fled in a car.") == (0, 1)
