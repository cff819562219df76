"""Victims named or described, not counted: round-4 rules, on hand-written sentences.

Each case asserts the killed / injured victims the figures extractor derives
and the words (spans) each derived victim stands on.
"""

from __future__ import annotations

from typing import Any

import pytest


@pytest.fixture(scope="module")
def victims(report_figures: Any) -> Any:
    def run(raw: str, *, explicit: bool = False) -> Any:
        text, items = report_figures(raw)
        if explicit:
            return [i for i in items if not i["derived"]]
        out = []
        for item in items:
            assert text[item["start"] : item["end"]] == item["text"]
            if item["derived"]:
                out.append((item["measure"], item["text"]))
        return sorted(out)

    return run


def test_family_members_sharing_a_surname_are_distinct(victims: Any) -> None:
    text = (
        "The bodies of Mark Mata, Min Haung and Hank Mata were discovered during a welfare "
        "check on Tuesday. Mata had recently lost his job."
    )
    assert victims(text) == [
        ("killed", "Hank Mata"),
        ("killed", "Mark Mata"),
        ("killed", "Min Haung"),
    ]


def test_a_name_with_an_age_is_a_person_whatever_ner_says(victims: Any) -> None:
    text = "Deputies said Orand is charged in the shooting death of 38-year-old Goldie Long."
    assert victims(text) == [("killed", "38-year-old Goldie Long")]


def test_a_name_suffix_is_not_the_surname(victims: Any) -> None:
    text = (
        "Joshua Cercedric Hawkins Sr., a 42-year-old black male, died Sunday after being "
        "shot in Inglewood, according to coroner's records."
    )
    assert [m for m, _ in victims(text)] == ["killed"]


def test_killer_who_shot_himself_is_counted_among_the_killed(victims: Any) -> None:
    text = (
        "Police say a 45-year-old man killed his wife and son before shooting himself "
        "inside their home on Friday."
    )
    assert victims(text) == [
        ("killed", "his wife"),
        ("killed", "man"),
        ("killed", "son"),
    ]


def test_turned_the_gun_on_herself(victims: Any) -> None:
    text = "Officials say the woman killed her daughter and then turned the gun on herself."
    assert [m for m, _ in victims(text)] == ["killed", "killed"]


def test_a_child_who_shot_himself_is_the_one_victim(victims: Any) -> None:
    text = (
        "A 4-year-old boy accidentally shot himself in the leg on Tuesday night. "
        "The child is expected to recover."
    )
    assert victims(text) == [("injured", "A 4-year-old boy")]


def test_suspect_dead_of_a_self_inflicted_wound(victims: Any) -> None:
    text = (
        "A doctor was shot twice at the hospital and died later that night. "
        "The suspect was found dead from a self-inflicted gunshot wound."
    )
    assert victims(text) == [("killed", "A doctor"), ("killed", "suspect")]


def test_found_shot_to_death(victims: Any) -> None:
    text = "Officers responded at 2 a.m. They found Ladarrius Moody shot to death inside the home."
    assert victims(text) == [("killed", "Ladarrius Moody")]


def test_pronounced_deceased(victims: Any) -> None:
    text = (
        "Arnette Marshburn, 43, was discovered with a gunshot wound to the head. "
        "Marshburn was taken to the hospital, where she was later pronounced deceased."
    )
    assert victims(text) == [("killed", "Arnette Marshburn")]


def test_suffering_from_a_wound_then_an_autopsy(victims: Any) -> None:
    text = (
        "Police discovered a man suffering from a gunshot wound. "
        "An autopsy is scheduled for Friday."
    )
    assert victims(text) == [("killed", "a man")]


def test_a_wound_alone_is_an_injury_when_no_death_is_told(victims: Any) -> None:
    text = "Brandon Borders, 29, was suffering from a gunshot wound in his left calf."
    assert victims(text) == [("injured", "Brandon Borders")]


def test_the_victim_had_gunshot_wounds_and_his_body_was_found(victims: Any) -> None:
    text = (
        "Police are investigating after a man's body was found near an abandoned home. "
        "We're told the 22-year-old victim had gunshot wounds."
    )
    assert [m for m, _ in victims(text)] == ["killed"]


def test_critical_but_stable_is_a_condition(victims: Any) -> None:
    text = "The victim was listed in critical but stable condition on Friday."
    assert victims(text) == [("injured", "The victim")]


def test_another_victim_with_a_wound_is_not_the_one_who_died(victims: Any) -> None:
    text = (
        "A 17-year-old boy was shot and killed late Sunday. "
        "The shooting left another teen with a gunshot wound to the thigh."
    )
    assert victims(text) == [("injured", "another teen"), ("killed", "A 17-year-old boy")]


def test_a_victim_a_year_and_a_half_ago_is_another_incident(victims: Any) -> None:
    text = (
        "A 7-year-old boy was wounded by a bullet Monday evening. "
        "A year and a half ago 12-year-old Genesis Rincon was killed in a crossfire nearby."
    )
    assert victims(text) == [("injured", "A 7-year-old boy")]


def test_headline_run_into_the_text_is_its_own_sentence(victims: Any) -> None:
    raw = (
        "Man shot inside supermarket in the Bronx | abc7ny.comA man was shot inside a "
        "supermarket on Monday morning, police said."
    )
    assert victims(raw) == [("injured", "A man")]


def test_a_murder_suicide_is_at_least_two_dead(victims: Any) -> None:
    (item,) = victims("Police are investigating the deaths as a murder-suicide.", explicit=True)
    assert (item["text"], item["measure"], item["value"], item["hedge"]) == (
        "murder-suicide",
        "killed",
        2,
        "at_least",
    )


def _explicit(victims: Any, text: str) -> list[tuple[str, str | None, Any]]:
    return sorted((i["text"], i["measure"], i["value"]) for i in victims(text, explicit=True))


def test_a_coordinated_toll_is_added_up(victims: Any) -> None:
    found = _explicit(victims, "Police discovered one man and two children dead inside the home.")
    assert ("one man and two children", "killed", 3) in found
    found = _explicit(victims, "Two women and a man were wounded in the shooting.")
    assert ("Two women and a man", "injured", 3) in found


def test_taken_to_hospital_is_injured(victims: Any) -> None:
    found = _explicit(victims, "One man was taken to the hospital with serious injuries.")
    assert found == [("One", "injured", 1)]


def test_families_hurting_are_not_casualties(victims: Any) -> None:
    found = _explicit(victims, "You've got two families hurting regardless of the situation.")
    assert [m for _, m, _ in found] == [None]


def test_each_coordinated_verb_keeps_its_object(victims: Any) -> None:
    found = _explicit(
        victims, "A gunman opened fire in the parking lot, killing one person and injuring four."
    )
    assert ("one", "killed", 1) in found and ("four", "injured", 4) in found


def test_a_toll_over_past_days_is_a_running_tally(victims: Any) -> None:
    (item,) = victims(
        "Three young children have been shot in the Houston area in the past four days.",
        explicit=True,
    )
    assert item["cumulative"] is True


def test_struck_by_a_bullet_is_shot(victims: Any) -> None:
    text = "Bell fired a round, striking the teen in the leg. The teen is expected to recover."
    assert victims(text) == [("injured", "the teen")]


def test_could_have_struck_is_no_victim(victims: Any) -> None:
    text = "Any time they pointed that gun at him, they could have struck the little child."
    assert victims(text) == []


def test_a_title_is_not_a_given_name(victims: Any) -> None:
    text = (
        "De Silva was convicted of the murder of 20-year-old Romario Green in July. "
        "When the car sped back Mr Green ran towards it and was hit by a single shot."
    )
    assert victims(text) == [("killed", "20-year-old Romario Green")]


def test_a_read_more_line_is_another_incident(victims: Any) -> None:
    text = (
        "A man was shot in the arm on Main Street on Friday.\n\n"
        "Read: Pursuit suspect shot himself after a chase"
    )
    assert victims(text) == [("injured", "A man")]


def test_a_couple_and_their_baby_are_three(victims: Any) -> None:
    found = _explicit(
        victims, "A young couple and their 8-week-old baby were killed inside a hotel room."
    )
    assert ("A young couple and their 8-week-old baby", "killed", 3) in found


def test_dead_along_with_their_father(victims: Any) -> None:
    found = _explicit(victims, "Two young boys are dead along with their father.")
    assert ("Two young boys are dead along with their father", "killed", 3) in found


def test_the_first_of_two_is_a_tally(victims: Any) -> None:
    (item,) = victims(
        "Thorne was the first of two teenagers killed by gunfire over the weekend.",
        explicit=True,
    )
    assert item["cumulative"] is True


def test_a_timeline_entry_is_another_incident(victims: Any) -> None:
    text = (
        "A 15-year-old boy was shot and killed by deputies on Saturday.\n\n"
        "Aug. 23: Joseph Shuemaker, 24, is shot and killed on the west levee by an associate."
    )
    assert victims(text) == [("killed", "A 15-year-old boy")]


def test_a_victim_only_in_the_headline(victims: Any) -> None:
    raw = (
        "Driver Shot In Suspected Road Rage Incident In Farmers Branch\n\n"
        "Police are seeking the public's help in identifying a suspect in a shooting on the "
        "service road early Sunday."
    )
    assert victims(raw) == [("injured", "Driver")]
    raw = "Teen found shot on bike path dies\n\nPolice are asking for witnesses to come forward."
    assert victims(raw) == [("killed", "Teen")]


def test_the_headline_is_not_read_when_the_text_tells_the_toll(victims: Any) -> None:
    raw = (
        "Man shot in the leg on Main Street\n\nA man was shot and killed on Main Street on Friday."
    )
    assert victims(raw) == [("killed", "A man")]


def test_a_second_victim_told_by_another_or_a_second(victims: Any) -> None:
    text = "Police say one person has died and a second was injured in the shooting."
    assert victims(text) == [("injured", "a second")]
    text = "The shooting left one man dead and another with life-threatening injuries."
    assert victims(text) == [("injured", "another")]


def test_a_relative_clause_names_its_victim(victims: Any) -> None:
    text = "Deputies found a 19-year-old male, who had been shot once in the shoulder."
    assert victims(text) == [("injured", "a 19-year-old male")]


def test_an_attempted_homicide_tells_no_death(victims: Any) -> None:
    text = (
        "A 16-year-old girl is accused of shooting an 18-year-old man in the head. "
        "She was wanted for attempted homicide."
    )
    assert victims(text) == [("injured", "an 18-year-old man")]


def test_not_injured_is_no_injury(victims: Any) -> None:
    found = _explicit(victims, "The two officers who fired on the man were not injured.")
    assert [m for _, m, _ in found] == [None]


@pytest.mark.parametrize(
    "text",
    [
        "His 12-year-old daughter called 911 a few minutes afterward to report the shooting.",
        "Her child managed to find a 357 and shoot her other child in the face.",
        "Image 8 of 8 4-year-old who accidentally shot himself dies 1 / 8 Back to Gallery",
        "Calvin Williams, 24 was shot in the chest, Kalone Mcgee, 26 was shot in the leg.",
    ],
)
def test_numbers_that_count_no_one(victims: Any, text: str) -> None:
    found = _explicit(victims, text)
    assert [(t, m) for t, m, _ in found if m in ("killed", "injured", "shot")] == []


def test_a_toll_over_many_shootings_is_a_tally(victims: Any) -> None:
    items = victims(
        "The boy was one of several injured in a weekend that left seven people dead and "
        "14 others hurt in 17 shootings across the city.",
        explicit=True,
    )
    assert all(i["cumulative"] for i in items if i["measure"] in ("killed", "injured"))


def test_a_given_name_alone_re_mentions_the_full_name(victims: Any) -> None:
    text = (
        "Police are looking for the gunman who killed 7-year-old Amari Brown on Saturday. "
        "Amari was shot and killed just before midnight."
    )
    assert victims(text) == [("killed", "7-year-old Amari Brown")]


def test_fighting_for_her_life_is_injured(victims: Any) -> None:
    text = "A 6-year-old girl is fighting for her life after her father shot her in the head."
    assert victims(text) == [("injured", "A 6-year-old girl")]


def test_a_non_fatal_shooting_tells_no_death(victims: Any) -> None:
    text = (
        "The gunfire left Oscar Delgado, 23, with gunshot wounds to his abdomen and leg. "
        "The suspect was arrested in 2007 for a non-fatal shooting in Coney Island."
    )
    assert victims(text) == [("injured", "Oscar Delgado")]


def test_a_condition_in_a_coordinated_clause_keeps_its_subject(victims: Any) -> None:
    text = (
        "He was suffering from a gunshot wound to his abdomen and was listed in critical but "
        "stable condition. The spate began with the fatal shooting of Robert Calderon in 2015."
    )
    assert [m for m, _ in victims(text)] == ["injured"]


def test_taken_to_hospital_where_they_died_is_not_injured(victims: Any) -> None:
    found = _explicit(
        victims, "The two victims were taken to a hospital where they later died from injuries."
    )
    assert [m for _, m, _ in found] != ["injured"]


def test_shot_in_a_murder_suicide_is_killed(victims: Any) -> None:
    text = "A sheriff says a woman shot her 5-year-old son and then herself in a murder-suicide."
    assert ("killed", "her 5-year-old son") in victims(text)


def test_a_title_case_person_noun_is_a_description_not_a_name(victims: Any) -> None:
    raw = (
        "16-Year-Old Girl Killed in Southeast DC\n\n"
        "Breyona McMillian, 16, was shot and killed Friday morning outside her mother's home."
    )
    assert [m for m, _ in victims(raw)] == ["killed"]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # a paragraph recalling an earlier, dated shooting: its victims are not this report's
        (
            "A man was shot and killed Friday night outside a bar on Elm Street.\n\n"
            "In March 2014, a woman was shot and wounded at the same bar. "
            "Her brother was killed.",
            [("killed", "A man")],
        ),
        # "last year" recalls another incident, and its toll is not this one's
        (
            "A teenager was shot and wounded Saturday on Oak Avenue.\n\n"
            "Last year, two men were killed a block away.",
            [("injured", "A teenager")],
        ),
        # the lede is the report's own incident, however old (a trial report)
        (
            "A man was convicted Tuesday of killing Jane Doe in March 2012.",
            [("killed", "Jane Doe")],
        ),
        # a cold case: the old day the opening tells is the focus, an older one is not
        (
            "Police are offering a reward for information in a fatal shooting. "
            "John Smith, 30, was found shot on May 3, 2014, on Huron Street. "
            "He died at a hospital.\n\n"
            "In 2011, his cousin was wounded in a similar shooting nearby.",
            [("killed", "John Smith")],
        ),
        # a recent date keeps a sentence in focus, even after a recalled one
        (
            "A woman was shot and killed Friday on Main Street.\n\n"
            "A similar shooting happened there in 2013. "
            "On Saturday, police said a second victim, a man, was wounded.",
            [("injured", "a second victim"), ("killed", "A woman")],
        ),
    ],
)
def test_victims_of_recalled_incidents_are_not_counted(
    victims: Any, raw: str, expected: list[tuple[str, str]]
) -> None:
    assert victims(raw) == sorted(expected)


def test_a_photo_credit_is_not_a_victim(victims: Any) -> None:
    # a caption credit glued to the headline is parsed as the subject of "dies"
    raw = "Photo: Mike Glenn, Chronicle Boy, 8, dies in accidental shooting\n\nA boy, 8, was shot."
    assert ("killed", "Mike Glenn") not in victims(raw)
