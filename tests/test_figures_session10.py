"""Per-report killed / injured counts: session-10 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule (the classes came from
reading GVDB's odd half; the sentences are written anew, with other names and
wordings); the guards hold what the rule must not change.
"""

from __future__ import annotations

from typing import Any


def test_a_gapped_person_shares_the_shooting_not_the_killing(report_counts: Any) -> None:
    # the gapped clause repeats "was shot" with a wound place of its own, not "and killed"
    text = "John Doe was shot in the chest and killed, and another man in the arm."
    assert report_counts(text) == (1, 1)
    assert report_counts("A man was shot in the head and killed, and a woman in the leg.") == (1, 1)
    assert report_counts("Jane Roe was shot in the back and killed and her son in the leg.") == (
        1,
        1,
    )
    # guards: both killed; a death told of the second person; one person, two body parts
    assert report_counts("A man and a woman were shot and killed.") == (2, 0)
    text = "Jane Roe was shot in the back and killed and her son was wounded."
    assert report_counts(text) == (1, 1)
    assert report_counts("John Doe was shot in the chest and the arm and killed.") == (1, 0)
    assert report_counts("John Doe was shot in the leg and another man in the arm.") == (0, 2)


def test_a_grave_state_alone_is_a_condition(report_counts: Any) -> None:
    # "is critical" / "is stable" with no "condition": one hurt and alive
    text = "One man is dead, another is critical after a shooting on Sunday."
    assert report_counts(text) == (1, 1)
    assert report_counts("One man is dead and another is critical after a shooting.") == (1, 1)
    text = "A woman was shot in the leg. She is critical but expected to live."
    assert report_counts(text) == (0, 1)
    # guards: no person; critical of someone; shock is not the shooting's harm
    assert report_counts("The situation is critical, the mayor said.") == (0, 0)
    assert report_counts("It is critical that witnesses come forward, police said.") == (0, 0)
    assert report_counts("The mayor is critical of the police chief.") == (0, 0)
    text = "A man was shot and killed. His mother said she is in serious shock."
    assert report_counts(text) == (1, 0)


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


def test_fainting_is_no_wound(report_counts: Any) -> None:
    # people taken to hospital for fainting are not hurt by the shooting
    text = (
        "A man was found shot dead in his home. Two relatives who passed out at the house "
        "were taken to a hospital."
    )
    assert report_counts(text) == (1, 0)
    text = "A man was shot and killed. Two relatives who fainted were taken to a hospital."
    assert report_counts(text) == (1, 0)
    text = "A man was shot and killed. Two women were taken to a hospital with chest pains."
    assert report_counts(text) == (1, 0)
    # guards: taken to hospital with no other cause told; a wound told
    assert report_counts("Two people were taken to a hospital after the shooting.") == (0, 2)
    text = "A man was shot dead. A woman was taken to a hospital with a gunshot wound."
    assert report_counts(text) == (1, 1)


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
