"""Counts of people and their parts: "one fatally", "one of them died", ordinals, ages,
couples, "both", "two others"; per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_one_died_after_a_count_is_one_of_them(report_counts: Any) -> None:
    text = (
        "Two men were shot on Friday. One died at the hospital and the other is in stable "
        "condition."
    )
    assert report_counts(text) == (1, 1)
    # the generic pronoun is still no figure
    assert report_counts("One could argue the city is safer than it was.") == (0, 0)


def test_shot_one_fatally_splits_the_count(report_counts: Any) -> None:
    assert report_counts("Two teenagers were shot, one fatally, on Monday.") == (1, 1)
    assert report_counts("Three people were shot, one fatally, outside a bar.") == (1, 2)


def test_a_plural_noun_counted_by_its_ages(report_counts: Any) -> None:
    # one son per age, and the father who turned the gun on himself (before: 0, 0)
    text = "A man shot and killed his sons, ages 3 and 4, then turned the gun on himself."
    assert report_counts(text) == (3, 0)
    assert report_counts("The victims, ages 17, 18 and 19, were shot on Monday.") == (0, 3)
    # people who were not shot are not counted by their ages
    assert report_counts("The suspects, ages 17 and 18, were arrested on Monday.") == (0, 0)


def test_a_couple_or_parents_are_two_people(report_counts: Any) -> None:
    text = "An elderly couple was found shot to death in their home on Monday."
    assert report_counts(text) == (2, 0)
    assert report_counts("A man shot and killed his parents on Monday.") == (2, 0)
    # one of the couple died: the other was wounded
    assert report_counts("The couple was shot on Monday. The husband died at the hospital.") == (
        1,
        1,
    )
    # "a couple of" is a quantity of what follows, not a couple
    assert report_counts("A couple of men were arrested on Monday.") == (0, 0)


def test_a_floating_both_counts_two(report_counts: Any) -> None:
    assert report_counts("Two men argued on Monday. They were both shot in the legs.") == (0, 2)
    assert report_counts("They both died at the scene.") == (2, 0)
    # the two who kill are no victims
    assert report_counts("They both steal. They both kill.") == (0, 0)


def test_a_part_of_the_shot_told_fatally(report_counts: Any) -> None:
    assert report_counts("Police say five people were shot, two of them fatally.") == (2, 3)
    assert report_counts("Four men were shot, one of them fatally.") == (1, 3)
    # guard: the bare part
    assert report_counts("Three people were shot, one fatally, on Saturday night.") == (1, 2)


def test_what_counted_people_bear_after_their_noun(report_counts: Any) -> None:
    text = (
        '"We have one person deceased and two others with gunshot wounds," '
        "police Chief John Smith said."
    )
    assert report_counts(text) == (1, 2)
    assert report_counts("Two people with minor injuries were treated at the scene.") == (0, 2)
    # guard: a coordination of people with one fate is still one toll
    assert report_counts("One man and two others were shot.") == (0, 3)


def test_a_victim_told_by_ordinal_implies_that_many(report_counts: Any) -> None:
    text = "Two men were shot Friday night. A third victim, a 19-year-old woman, was wounded."
    assert report_counts(text) == (0, 3)
    assert report_counts("Two men were shot Friday night. A third man was killed.") == (1, 2)
    # guards: the ordinal within the count
    assert report_counts("Two men were killed Friday night. A third man was wounded.") == (2, 1)
    assert report_counts("A man was shot. A second man was shot.") == (0, 2)


def test_one_of_the_counted_was_dead(report_counts: Any) -> None:
    text = "Two men were found shot. One was dead; the other was taken to a hospital."
    assert report_counts(text) == (1, 1)
    assert report_counts("Two men were shot. One was dead and the other was wounded.") == (1, 1)
    # guards: a state that is no casualty; a condition; no count before it
    assert report_counts("Two men were killed. One was 25.") == (2, 0)
    assert report_counts("Three people were shot. One is in critical condition.") == (0, 3)
    assert report_counts("Two men were shot. One is expected to survive.") == (0, 2)
    assert report_counts("Three people were shot. One of them was dead.") == (1, 2)


def test_a_bare_one_after_a_count(annotator: Any, report_counts: Any) -> None:
    from crosswire.extract.figures_exclude import blocked_spans, exclusion
    from crosswire.extract.figures_numbers import find_quantities

    text = "Two men were found shot. One was dead."
    doc = annotator.nlp(text)
    one = next(q for q in find_quantities(text) if text[q.start : q.end] == "One")
    # one of the people counted when a casualty count ends before it, a pronoun otherwise
    assert exclusion(text, doc, one, blocked_spans(text), [len("Two")]) is None
    assert exclusion(text, doc, one, blocked_spans(text)) == "pronoun"
    assert report_counts("Both men were shot. One was dead.") == (1, 1)
    assert report_counts("Two men were killed. One was 25.") == (2, 0)


def test_others_are_beside_the_victims_told_before_them(report_counts: Any) -> None:
    # "N others" in the sentence of a hurt victim: the victim and the N
    text = "A 12-year-old boy is in critical condition after a shooting that wounded two others."
    assert report_counts(text) == (0, 3)
    assert report_counts("A man was wounded in a shooting that wounded two others.") == (0, 3)
    assert report_counts("A boy was shot in the leg and two others were wounded.") == (0, 3)
    text = "A 12-year-old boy was wounded and at least two others were hurt."
    assert report_counts(text) == (0, 3)
    # a sentence opening with the count goes on from the one before
    assert report_counts("A man was shot. Two others were wounded.") == (0, 3)
    text = "A man was shot in the leg. At least two others were hurt in the shooting."
    assert report_counts(text) == (0, 3)
    # guards: the one told before was killed; no victim told before the count
    assert report_counts("A man was killed in a shooting that wounded two others.") == (1, 2)
    assert report_counts("One man was killed and two others were wounded.") == (1, 2)
    assert report_counts("Two others were wounded in the shooting.") == (0, 2)
    assert report_counts("One man died. Two others were wounded.") == (1, 2)
    text = "Three people were shot. A man was hit in the leg. Two others were wounded."
    assert report_counts(text) == (0, 3)
    text = "A man was shot in the leg. Police said two other men were arrested."
    assert report_counts(text) == (0, 1)


def test_others_count_keeps_its_own_words(report_figures: Any) -> None:
    _, found = report_figures("A boy was shot in the leg and two others were wounded.")
    two = [f for f in found if f["text"] == "two"]
    assert sorted(f["value"] for f in two) == [2, 3]  # the count as written, and the sum
