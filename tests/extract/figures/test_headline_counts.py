"""Counts told in a headline, in headline grammar, and when the body overrides them;
per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any

from crosswire.extract.figures_headline import headline_count_measure


def test_a_headline_count_in_headline_grammar() -> None:
    text = "Three shot, one dead after party on north side\n\nGunfire erupted on Friday."
    assert headline_count_measure(text, 0, 5) == "shot"
    assert headline_count_measure(text, 12, 15) == "killed"
    assert headline_count_measure("4 wounded in drive-by\n\nText.", 0, 1) == "injured"
    assert headline_count_measure("Two men hurt in crash\n\nText.", 0, 3) == "injured"
    # shots fired at something, and a count in the body text, are the parser's to read
    assert headline_count_measure("Three shot at a house\n\nText.", 0, 5) is None
    body = "Police came.\n\nThree shot, one dead, witnesses said."
    assert headline_count_measure(body, body.index("Three"), body.index("Three") + 5) is None


def test_three_shot_one_dead_headline_gives_two_wounded(report_counts: Any) -> None:
    text = (
        "Three shot, one dead after memorial at community center\n\n"
        "Gunfire erupted at the gathering on Friday afternoon. Minutes later a man was dead. "
        "Police have not released the victims' names."
    )
    assert report_counts(text) == (1, 2)


def test_a_headline_death_re_mentions_the_named_dead(report_counts: Any) -> None:
    # the officer dead in the headline is the named officer who was killed, not the wounded one
    text = (
        "Officer dead in shootout. Officer John Smith was killed on Monday after a suspect shot "
        "him. Officer Bob Jones was wounded in the exchange."
    )
    assert report_counts(text) == (1, 1)


def test_a_headline_part_told_fatally(report_counts: Any) -> None:
    text = "Police: 2 shot, 1 fatally, in Northside shooting\nTwo men were shot Saturday night."
    assert report_counts(text) == (1, 1)


def test_a_body_that_tells_only_shooting_at_overrides_the_headline(report_counts: Any) -> None:
    # headline grammar says "shot" loosely; a body that tells the person only as shot *at*
    # ("accused of shooting at a deputy", "fired a shot at the deputy") tells no hit
    text = (
        "Deputy shot by man who fled traffic stop\n\n"
        "A man is in custody, accused of shooting at a Harris County deputy early Sunday. "
        "Police say the driver ran from the car. While on the ground, he pulled out a gun and "
        "fired a shot at the deputy, then fled again."
    )
    assert report_counts(text) == (0, 0)
    text = (
        "Riverton police officer shot by man who fled traffic stop | kxyz.com\n\n"
        "A man was arrested Sunday, accused of shooting at a Riverton police officer during a "
        "traffic stop. He fired twice at the officer before running off, police said."
    )
    assert report_counts(text) == (0, 0)
    # guards: the body tells a hit, under the same noun, under a pronoun, or as shot outright
    text = (
        "Clerk shot in robbery\n\nA gunman shot at a clerk at a gas station on Sunday night "
        "and fled with cash. The clerk was taken to a hospital with a wound to the arm."
    )
    assert report_counts(text) == (0, 1)
    text = (
        "Officer shot during chase\n\nA man fired at an officer on Sunday, striking him in the "
        "leg, police said."
    )
    assert report_counts(text) == (0, 1)
    text = (
        "Deputy shot by man who fled traffic stop\n\nA man is in custody, accused of shooting "
        "a Harris County deputy early Sunday. The deputy is in stable condition."
    )
    assert report_counts(text) == (0, 1)
