"""Per-report killed / injured counts: session-11 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule (the classes came from
reading all of GVDB's system errors; the sentences are written anew, with other
names and wordings); the guards hold what the rule must not change.
"""

from __future__ import annotations

from typing import Any


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


def test_a_tally_beside_no_one_hurt_is_not_the_incident(report_counts: Any) -> None:
    # the report says its own incident hurt nobody: a casualty number is another incidents' tally
    text = (
        "Officers fired at a car on Main Street. No one was hurt. "
        '"Nine officers have been fatally shot this year alone," the chief said.'
    )
    assert report_counts(text) == (0, 0)
    text = (
        "Shots were fired at a house on Main Street early Sunday. Nobody was injured. "
        "It was the 40th shooting in the city this year, in which 12 people have been killed."
    )
    assert report_counts(text) == (0, 0)
    text = (
        "Two men fired at police during a chase. No injuries were reported. "
        "So far this year, 14 officers have been shot in the state, the sheriff said."
    )
    assert report_counts(text) == (0, 0)
    # guards: "no one else" says someone was hurt; a tally alone stays; the incident's own toll
    text = (
        "A man was shot in the leg on Main Street. No one else was hurt. "
        "Nine people have been killed in the city this year."
    )
    assert report_counts(text) == (0, 1)
    text = "Police said 14 officers have been shot in the state so far this year."
    assert report_counts(text) == (0, 14)
    text = "A gunman killed two men at a bar. No one else was hurt, police said."
    assert report_counts(text) == (2, 0)


def test_a_pronoun_after_one_more_person_is_that_person(report_counts: Any) -> None:
    # "he" goes back to the "other" / "second" man just introduced (not a victim yet), even
    # over a sentence that goes on about him, not to the victim who died
    text = (
        "Mark Jones, 40, was killed in the shooting. A second man, 19, was in the car with "
        "him. He was shot in the arm."
    )
    assert report_counts(text) == (1, 1)
    text = (
        "John Smith, 33, was fatally shot when a gunman opened fire on a van. At least one "
        "other man, 21, was inside the van when the shooting started, police said. He had "
        "jumped into the back seat. He was wounded in the thigh and taken to a hospital."
    )
    assert report_counts(text) == (1, 1)
    text = (
        "A woman was shot and killed on Main Street. Another woman, 30, was with her at the "
        "time. She was shot in the leg."
    )
    assert report_counts(text) == (1, 1)
    # guards: the "other" man is the one shot (counted once); a pronoun back to the dead man
    text = "Mark Jones, 40, was killed. Another man was wounded. He was shot in the leg."
    assert report_counts(text) == (1, 1)
    text = "A man was shot and killed on Main Street. He was shot in the chest."
    assert report_counts(text) == (1, 0)
    # guards: "other" people told in the plural, or of the other gender, are not "he"
    text = (
        "A teen was shot in an apartment on Main Street. Other teens were in the apartment "
        "when the boy was shot. He was taken to a hospital and died."
    )
    assert report_counts(text) == (1, 0)
    text = (
        "John Doe, 30, was shot and killed. Another woman was at the house. "
        "He was shot in the chest."
    )
    assert report_counts(text) == (1, 0)
    text = (
        "Mark Jones, 40, was shot and killed. Police said another man had argued with him. "
        "He was shot in the head."
    )
    assert report_counts(text) == (1, 0)


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
