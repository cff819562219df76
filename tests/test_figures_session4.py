"""Per-report killed / injured counts: session-4 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
"""

from __future__ import annotations

from typing import Any

from crosswire.extract.figures_headline import headline_count_measure


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


def test_the_earlier_incident_of_a_series_is_not_this_ones(report_counts: Any) -> None:
    text = (
        "A man was wounded by a police officer on Saturday afternoon. He was taken to a "
        "hospital in stable condition. The shooting is the second police-involved shooting "
        "Saturday. Earlier, a man and a woman were shot to death by officers responding to "
        "a disturbance in another neighborhood."
    )
    assert report_counts(text) == (0, 1)


def test_the_first_homicide_of_the_year_is_another_incident(report_counts: Any) -> None:
    text = (
        "Police say 40-year-old Michael Tarrow was shot and killed during an argument on "
        "Tuesday, January 5. This is the second homicide in the city in 2016. The first "
        "homicide in 2016 came Sunday, January 3. 45-year-old Dean Burke was shot and killed "
        "near Sixth Street."
    )
    assert report_counts(text) == (1, 0)


def test_each_item_of_a_semicolon_list_of_victims(report_counts: Any) -> None:
    text = (
        "The 34-year-old guard had killed his 7-year-old daughter, Mia Colton; his "
        "31-year-old girlfriend, Dana Pruitt; and Pruitt's mother, Ruth Baines, 62."
    )
    assert report_counts(text) == (3, 0)


def test_not_fatally_is_wounded(report_counts: Any) -> None:
    text = "On Monday her nephew shot his grandmother, not fatally, in the back."
    assert report_counts(text) == (0, 1)


def test_a_killers_suicide_adds_to_a_victim_told_by_another_claimant(report_counts: Any) -> None:
    text = (
        "A doctor was shot at the city hospital on Tuesday morning. The suspect was found "
        "dead in an exam room with a self-inflicted gunshot wound. The hospital said that "
        "Dr. John Reyes, 44, died of his injuries on Tuesday night."
    )
    assert report_counts(text) == (2, 0)


def test_victims_named_by_two_claimants_still_count_once_each(report_counts: Any) -> None:
    # without a killer's suicide the largest claimant's count stands: no summing
    text = (
        "Police said a man was shot and killed on Elm Street on Friday. His family said "
        "John Reyes, 44, died at the scene."
    )
    assert report_counts(text) == (1, 0)
