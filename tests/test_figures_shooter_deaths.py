"""Per-report killed / injured counts: session-6 rules, on hand-written sentences.

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
