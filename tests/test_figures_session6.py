"""Per-report killed / injured counts: session-6 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Every sentence here was counted wrong before the rule it tests.
"""

from __future__ import annotations

from typing import Any


def test_a_shooting_and_a_killing_with_objects_of_their_own(report_counts: Any) -> None:
    # the killing happened to the son; the wife was shot and lived
    assert report_counts("He shot his wife and killed his son.") == (1, 1)
    assert report_counts("A man killed his son and shot his wife on Monday.") == (1, 1)
    # an object pronoun re-mentions the one shot: one person, killed
    assert report_counts("A man shot his wife and killed her on Monday.") == (1, 0)
    # the killing one coordination further: still someone else's
    text = "The suspect shot his wife and then shot and killed her new boyfriend."
    assert report_counts(text) == (1, 1)
    # counted: the women shot lived, the man killed is not among them (before: 1, 1)
    assert report_counts("Police said he shot two women and killed a man.") == (1, 2)
    # one predicate with no object of its own still shares the other's outcome
    assert report_counts("Police said he shot and killed his wife and wounded his son.") == (1, 1)


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


def test_a_killing_that_nearly_happened_is_none(report_counts: Any) -> None:
    text = (
        "A trooper got glass in his eyes when a bullet shattered his windshield. The sergeant "
        "said the bullet came within inches of possibly killing the trooper."
    )
    assert report_counts(text) == (0, 0)
    assert report_counts("A stray bullet nearly killed a woman on Monday.") == (0, 0)


def test_a_headline_death_re_mentions_the_named_dead(report_counts: Any) -> None:
    # the officer dead in the headline is the named officer who was killed, not the wounded one
    text = (
        "Officer dead in shootout. Officer John Smith was killed on Monday after a suspect shot "
        "him. Officer Bob Jones was wounded in the exchange."
    )
    assert report_counts(text) == (1, 1)


def test_a_relative_also_shot_is_a_second_person(report_counts: Any) -> None:
    text = (
        "A 25-year-old man was shot in the leg. His brother was also shot. He died at the hospital."
    )
    assert report_counts(text) == (1, 1)


def test_a_pronoun_victim_of_another_gender_is_a_person_of_their_own(report_counts: Any) -> None:
    # no victim the pronoun could re-mention: she and her husband are two people
    assert report_counts("He was shot in the arm on Monday. His wife was also wounded.") == (0, 2)
    assert report_counts("She was shot in the arm on Monday. Her husband was killed.") == (1, 1)
    # a pronoun of the same gender as the one victim re-mentions them
    assert report_counts("A man was shot in the arm on Monday. He is in stable condition.") == (
        0,
        1,
    )


def test_the_day_after_a_long_past_date_is_another_incident(report_counts: Any) -> None:
    text = (
        "A man was shot in the leg on Thursday, police said. The violence began on Dec. 18 with "
        "a fatal shooting. The following day, a woman was wounded at a gathering."
    )
    # neither the death nor the woman wounded the day after belongs to Thursday's shooting
    assert report_counts(text) == (0, 1)


def test_the_day_after_a_recent_date_is_not_background(annotator: Any) -> None:
    from datetime import date

    from crosswire.extract.figures_focus import background_sentences

    text = (
        "A man was shot in the leg on Thursday, police said. The violence began on Dec. 18 with "
        "a fatal shooting. The following day, a woman was wounded at a gathering."
    )
    doc = annotator.nlp(text)
    told = [
        s.text for s in doc.sents if s.start in background_sentences(doc, [], date(2016, 1, 10))
    ]
    assert told == [
        "The violence began on Dec. 18 with a fatal shooting.",
        "The following day, a woman was wounded at a gathering.",
    ]
    recent = text.replace("Dec. 18", "Jan. 7")
    doc = annotator.nlp(recent)
    assert not background_sentences(doc, [], date(2016, 1, 10))


def test_elsewhere_opens_a_roundups_next_incident(report_counts: Any) -> None:
    killed = "A man was shot and killed on Monday on Main Street. "
    assert report_counts(killed + "Elsewhere, a woman was wounded in the leg on Oak Avenue.") == (
        1,
        0,
    )
    assert report_counts(killed + "Elsewhere in the city, a woman was wounded in the leg.") == (
        1,
        0,
    )
    # "elsewhere" inside the incident's own scene is no other incident
    text = (
        "A man was shot and killed in his home. His wife was found wounded elsewhere in the house."
    )
    assert report_counts(text) == (1, 1)


def test_a_wounded_gunman_is_not_one_of_the_people_he_shot(report_counts: Any) -> None:
    # the two men are the gunman's victims; his wound is a third casualty (before: 0, 2)
    text = "A gunman shot two men on Monday. A security guard shot and wounded the gunman."
    assert report_counts(text) == (0, 3)
    # shooters counted by a number of their own are counted once, by it
    assert report_counts("Two suspects were shot by police on Monday.") == (0, 2)
    # a count that says it includes him is not added to
    text = "Two people were wounded, including the gunman, whom police shot in the leg."
    assert report_counts(text) == (0, 2)


def test_treated_for_a_gunshot_wound_is_wounded(report_counts: Any) -> None:
    text = (
        "The victim, identified as John Smith, 34, was pronounced dead at the scene. A second "
        "victim, a 29-year-old woman, was treated for a gunshot wound to the arm."
    )
    assert report_counts(text) == (1, 1)
    # treated for injuries that are no gunshot's: no victim of the shooting
    text = "A man was killed. His wife was treated for minor injuries from broken glass."
    assert report_counts(text) == (1, 0)


def test_people_counted_with_survivable_injuries_are_injured(report_counts: Any) -> None:
    # they live: not two of the shot of whom one died (before: 1, 1)
    text = (
        "The shooting left a 20-year-old man dead. Two other men suffered non-life-threatening "
        "injuries."
    )
    assert report_counts(text) == (1, 2)
    # gunshot wounds alone say they were shot, not that they lived
    assert report_counts("Three people suffered gunshot wounds. One of them died.") == (1, 2)


def test_victims_shot_together_do_not_re_mention_each_other(report_counts: Any) -> None:
    # the woman shot beside the man who died is a wounded victim of her own (before: 1, 0)
    assert report_counts("A man and a woman were shot on Monday night. The man died.") == (1, 1)
    text = (
        "Police said the victims, a 24-year-old man and a 22-year-old woman, were shot while "
        "sitting in a car. The man died."
    )
    assert report_counts(text) == (1, 1)
    # the victim shot, told after the one killed, is still that one
    text = "A man was shot and killed on Monday. The victim had been shot in the chest."
    assert report_counts(text) == (1, 0)


def test_two_people_shot_in_coordinated_passives_are_two(report_counts: Any) -> None:
    # the parser hangs the second person on "the back"; "was shot" keeps its own subject
    text = "A 19-year-old was shot in the back and a 20-year-old was shot in the arm."
    assert report_counts(text) == (0, 2)
    # one person told in one sentence with the one killed is not them (before: 1, 0)
    assert report_counts("A man was shot in the leg and his brother was killed.") == (1, 1)
    # a clause with no subject of its own is the first person's
    assert report_counts("A man was shot in the leg and was taken to a hospital.") == (0, 1)


def test_a_plural_noun_counted_by_its_ages(report_counts: Any) -> None:
    # one son per age, and the father who turned the gun on himself (before: 0, 0)
    text = "A man shot and killed his sons, ages 3 and 4, then turned the gun on himself."
    assert report_counts(text) == (3, 0)
    assert report_counts("The victims, ages 17, 18 and 19, were shot on Monday.") == (0, 3)
    # people who were not shot are not counted by their ages
    assert report_counts("The suspects, ages 17 and 18, were arrested on Monday.") == (0, 0)


def test_a_reflexive_coordinated_with_the_victims_is_the_killers_death(
    report_counts: Any,
) -> None:
    text = "Police said a woman killed her two children and then herself."
    assert report_counts(text) == (3, 0)


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


def test_shot_at_is_fired_at_not_hit(report_counts: Any) -> None:
    assert report_counts("Police said the officer was shot at but not hit.") == (0, 0)
    # "at" with a place or range of its own says where the person was shot
    assert report_counts("A man was shot at a gas station on Monday.") == (0, 1)
    assert report_counts("A man was shot at and wounded on Monday.") == (0, 1)
