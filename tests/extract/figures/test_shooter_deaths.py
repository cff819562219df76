"""Per-report killed / injured counts when a shooter dies: who a killer's suicide or death
adds to, and whom it does not kill, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Every sentence here was counted wrong before the rule it tests (a guard
sentence beside it says what the rule must leave alone).
"""

from __future__ import annotations

from typing import Any


def test_killing_some_of_the_shot_is_not_killing_all(report_counts: Any) -> None:
    # "shot N ..., killing M": N shot, of whom M died
    assert report_counts("A gunman shot three people, killing two of them.") == (2, 1)
    assert report_counts("A gunman shot two men, killing one.") == (1, 1)
    # the participle's object re-mentions the people shot: all of them died
    assert report_counts("A gunman shot two men, killing both.") == (2, 0)


def test_a_killer_killing_himself_does_not_kill_the_people_he_shot(report_counts: Any) -> None:
    assert report_counts("A gunman shot two men and then killed himself.") == (1, 2)


def test_a_gunman_killing_one_of_the_shot_and_himself(report_counts: Any) -> None:
    # one man killed and the gunman; the other man injured
    text = "A gunman shot two men, killing one, and then killed himself."
    assert report_counts(text) == (2, 1)


def test_he_after_the_shooting_is_the_shooter(report_counts: Any) -> None:
    # the dead "he" is the man who shot the two, a victim apart from them
    assert report_counts("A gunman shot two men on Friday. He then killed himself.") == (1, 2)
    text = "A man shot two women on Friday. He then turned the gun on himself."
    assert report_counts(text) == (1, 2)


def test_a_killers_death_does_not_make_the_shot_a_re_mention(report_counts: Any) -> None:
    # the one killed is the shooter: the neighbor, shot with no death told, is injured
    text = "A man shot his neighbor on Friday. Later he killed himself."
    assert report_counts(text) == (1, 1)


def test_shot_and_then_killed_himself_does_not_kill_the_shot(report_counts: Any) -> None:
    # the killing is the shooter's own: his wife, shot with no death told, is injured
    text = "Police said a man shot his wife and then killed himself."
    assert report_counts(text) == (1, 1)
    # a killing that shares the shooting's object is hers
    assert report_counts("Police said a man shot and killed his wife.") == (1, 0)


def test_a_killers_suicide_adds_to_a_victim_told_by_another_claimant(report_counts: Any) -> None:
    text = (
        "A doctor was shot at the city hospital on Tuesday morning. The suspect was found "
        "dead in an exam room with a self-inflicted gunshot wound. The hospital said that "
        "Dr. John Reyes, 44, died of his injuries on Tuesday night."
    )
    assert report_counts(text) == (2, 0)


def test_a_killer_in_a_relative_clause_who_killed_himself(report_counts: Any) -> None:
    text = "A woman was shot dead by her estranged husband, who then killed himself."
    assert report_counts(text) == (2, 0)


def test_a_person_who_shot_himself_in_a_relative_clause(report_counts: Any) -> None:
    text = "A man who shot himself in the leg was taken to a hospital."
    assert report_counts(text) == (0, 1)


def test_a_reflexive_coordinated_with_the_victims_is_the_killers_death(
    report_counts: Any,
) -> None:
    text = "Police said a woman killed her two children and then herself."
    assert report_counts(text) == (3, 0)


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
