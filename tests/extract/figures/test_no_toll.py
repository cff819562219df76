"""Sentences that tell no toll: near misses, shots at, intents, conditions, charges, searches,
addresses, the accused; per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_a_killing_that_nearly_happened_is_none(report_counts: Any) -> None:
    text = (
        "A trooper got glass in his eyes when a bullet shattered his windshield. The sergeant "
        "said the bullet came within inches of possibly killing the trooper."
    )
    assert report_counts(text) == (0, 0)
    assert report_counts("A stray bullet nearly killed a woman on Monday.") == (0, 0)


def test_shot_at_is_fired_at_not_hit(report_counts: Any) -> None:
    assert report_counts("Police said the officer was shot at but not hit.") == (0, 0)
    # "at" with a place or range of its own says where the person was shot
    assert report_counts("A man was shot at a gas station on Monday.") == (0, 1)
    assert report_counts("A man was shot at and wounded on Monday.") == (0, 1)


def test_a_count_someone_only_meant_to_kill_is_no_toll(report_counts: Any) -> None:
    text = "He wanted to kill the two kids because he didn't want them in foster care."
    assert report_counts(text) == (0, 0)
    assert report_counts("The gunman tried to kill two officers.") == (0, 0)
    assert report_counts("He threatened to kill three people.") == (0, 0)
    # a toll told beside it stays
    assert report_counts("Two men were killed and three others wounded.") == (2, 3)


def test_a_route_number_beside_a_street_is_an_address(report_counts: Any) -> None:
    text = (
        "A woman was shot in the head near the intersection of 367 and Parker Road Tuesday night."
    )
    assert report_counts(text) == (0, 1)
    assert report_counts("A man was shot at 94 and Main Street on Friday.") == (0, 1)
    text = "A man was shot at the intersection of Parker Road and 367 on Friday."
    assert report_counts(text) == (0, 1)
    # guard: counts beside a street name are counts
    assert report_counts("Police said 1 was killed and 2 were hurt on Main Street.") == (1, 2)


def test_a_bare_count_of_the_accused_is_no_toll(report_counts: Any) -> None:
    # a count with no noun ("Two were charged") is judged like "two men": a clause with a
    # subject of its own tells what befell someone else
    assert report_counts("Two were charged after a teenager was killed on Thursday.") == (1, 0)
    text = (
        "Two Charged With Fatally Shooting 17-Year-Old In Brighton Park « CBS Chicago(STMW) — "
        "Two men have been charged with murder after a 17-year-old boy was killed Thursday night."
    )
    assert report_counts(text) == (1, 0)
    # guards: the count is the clause's own subject
    assert report_counts("Two were killed after a gunman opened fire at a bar.") == (2, 0)
    assert report_counts("Two were wounded when a man opened fire.") == (0, 2)
    assert report_counts("Three were arrested after a man was shot on Friday.") == (0, 1)


def test_people_sought_by_police_are_not_the_shot(report_counts: Any) -> None:
    # the counted people are the object of a search, or "wanted" for the shooting
    text = "Police seek two men in connection with robbery, shooting at diner\n\nNo arrests yet."
    assert report_counts(text) == (0, 0)
    text = "Police hunt 3 men wanted for gas station shooting\n\nNo arrests have been made."
    assert report_counts(text) == (0, 0)
    text = (
        "Deputies seek 2 teens in connection with Friday shooting, robbery\n\nThe search goes on."
    )
    assert report_counts(text) == (0, 0)
    text = "Police are seeking three men wanted in a shooting on Main Street on Friday."
    assert report_counts(text) == (0, 0)
    # guards: the victims the report tells of still count; people shot and then arrested
    text = (
        "Police seek two men in connection with robbery, shooting at diner\n\n"
        "A clerk was shot in the arm and is in stable condition."
    )
    assert report_counts(text) == (0, 1)
    assert report_counts("Police arrest two men wounded in a shootout on Friday.") == (0, 2)
    assert report_counts("Two men were shot and wounded on Main Street on Friday.") == (0, 2)


def test_a_count_in_a_condition_is_no_toll(report_counts: Any) -> None:
    # "if" / "unless" clauses, and "until" under a modal main verb, tell what did not happen
    first = "A man was shot and killed by police on Friday. "
    text = first + "Should the officers have waited until two of them were hurt?"
    assert report_counts(text) == (1, 0)
    text = first + "If three people had been shot, the school would have closed, the mayor said."
    assert report_counts(text) == (1, 0)
    text = first + "Officers would have waited until one of them was hurt, critics said."
    assert report_counts(text) == (1, 0)
    # guards: an "until" clause that happened; a condition on the claim, not on the count
    assert report_counts("The gunman kept shooting until three people were wounded.") == (0, 3)
    assert report_counts("Police waited until two officers were hurt before they fired.") == (
        0,
        2,
    )
    assert report_counts("Police said two people were shot if witnesses are right.") == (0, 2)


def test_a_charge_names_no_new_victim(report_counts: Any) -> None:
    # a charge's wording ("injuring a child's parent") names the crime, and the person it
    # harmed is a victim the report already told, not one more
    text = (
        "Jane Roe, 25, was shot and killed Tuesday in Long Beach. John Roe was charged with "
        "murder, child abuse and injuring a child's parent, prosecutors said."
    )
    assert report_counts(text) == (1, 0)
    text = (
        "A woman was found shot to death in her home on Friday. Her husband was booked on "
        "charges of murder, being a felon with a gun and injuring a spouse, police said."
    )
    assert report_counts(text) == (1, 0)
    # guards: a charge is the only place the victim is told; a victim told outside a charge
    text = "A man was charged with shooting his neighbor on Friday."
    assert report_counts(text) == (0, 1)
    text = (
        "A 17-year-old boy charged with shooting a 20-year-old woman in the leg on Saturday is "
        "in custody. Police arrested him on Tuesday after several tips."
    )
    assert report_counts(text) == (0, 1)
    text = (
        "Jane Roe, 25, was shot and killed Tuesday. Her son was wounded in the arm. John Roe "
        "was charged with murder."
    )
    assert report_counts(text) == (1, 1)
