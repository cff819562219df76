"""Near-duplicate detection with MinHash LSH, verified on real shingle sets."""

from __future__ import annotations

from crosswire.dedupe import DuplicateFinder, find_duplicates

STORY = (
    "A convoy of Ukrainian buses set out for the southern port city of Mariupol yesterday to try "
    "to deliver humanitarian supplies and bring out civilians, Deputy Prime Minister Iryna "
    "Vereshchuk and the Red Cross said. Ms Vereshchuk said 45 buses were en route to Mariupol "
    "after the International Committee of the Red Cross confirmed Russia agreed to open a safe "
    "corridor. In Geneva, the ICRC said its convoy was on the way to the besieged city, but "
    "called on both sides to agree on the exact terms for the safe passage of civilians. Norway "
    "shares a border with Russia in the Arctic, and its prime minister spoke to the Kremlin."
)
OTHER = (
    "Local Ukrainian authorities say as many as 2,500 civilians have died so far in the city, a "
    "toll that cannot be independently confirmed. Russia denies targeting civilians. Russian and "
    "Ukrainian delegations held a fourth round of talks on Monday by video link this time rather "
    "than in person in neighbouring Belarus as in the past."
)


def test_exact_copy_from_another_outlet_is_a_duplicate() -> None:
    (match,) = find_duplicates([("a", STORY), ("b", STORY), ("c", OTHER)])
    assert (match.article, match.original) == ("b", "a")
    assert match.jaccard == 1.0


def test_lightly_edited_copy_is_a_duplicate() -> None:
    edited = STORY.replace("yesterday", "on Thursday").replace("Ms Vereshchuk", "Vereshchuk")
    (match,) = find_duplicates([("a", STORY), ("b", edited)])
    assert match.original == "a" and match.jaccard >= 0.8


def test_trimmed_wire_copy_is_contained_in_the_original() -> None:
    trimmed = STORY.rsplit(". ", 2)[0] + "."
    (match,) = find_duplicates([("a", STORY), ("b", trimmed)])
    assert match.original == "a" and match.containment >= 0.9


def test_different_reports_on_the_same_crisis_are_not_duplicates() -> None:
    assert find_duplicates([("a", STORY), ("b", OTHER)]) == []


def test_copy_of_a_copy_points_at_the_first_report() -> None:
    finder = DuplicateFinder()
    finder.add("a", STORY)
    _, m1 = finder.add("b", STORY + " Extra line.")
    _, m2 = finder.add("c", STORY + " Extra line. Another.")
    assert m1 is not None and m2 is not None
    assert m1.original == "a" and m2.original == "a"


def test_index_restored_from_saved_signatures_finds_copies() -> None:
    first = DuplicateFinder()
    sig, _ = first.add("a", STORY)
    second = DuplicateFinder()
    second.add_known("a", STORY, DuplicateFinder.to_bytes(sig), None)
    _, match = second.add("b", STORY)
    assert match is not None and match.original == "a"
