"""Per-report killed / injured counts: tallies, other incidents, shooters and deaths, on
hand-written sentences.

Each case runs the figures extractor on a short report and reads the one
killed and one injured number off the reconciled groups, as the benchmarks
and the situation report do.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest


@pytest.fixture(scope="module")
def figures(report_figures: Any) -> Any:
    def run(raw: str) -> list[dict[str, Any]]:
        return list(report_figures(raw)[1])

    return run


@pytest.fixture(scope="module")
def counts(figures: Any) -> Any:
    from crosswire.link.reconcile_counts import casualty_counts, incident_figures
    from crosswire.link.reconciliations import reconcile
    from crosswire.models import Article

    def run(raw: str) -> tuple[int, int]:
        items = [dict(f) for f in incident_figures(figures(raw))]
        art = Article(id="c" * 16, source="t", raw_text=raw, text=raw)
        groups = reconcile(items, {art.id: art}, {}, {str(i["id"]): "here" for i in items})
        out = casualty_counts(groups)
        return out["killed"], out["injured"]

    return run


def test_a_double_homicide_is_this_incident_not_a_tally(figures: Any, counts: Any) -> None:
    text = (
        "A double homicide in Cleveland on Monday is under investigation. "
        "Police say both victims were shot inside a home on Hillview Drive."
    )
    double = [f for f in figures(text) if f["text"] == "double homicide"]
    assert [(f["measure"], f["value"], f["cumulative"]) for f in double] == [("killed", 2, False)]
    assert counts(text) == (2, 0)


def test_homicides_this_year_stay_a_tally(figures: Any) -> None:
    text = "It was the city's 12th homicide this year, and police recorded 40 homicides in 2015."
    forty = [f for f in figures(text) if f["text"] == "40"]
    assert forty and all(f["cumulative"] for f in forty)


def test_separate_slayings_are_other_incidents(figures: Any) -> None:
    text = (
        "A 15-year-old boy was shot and killed on Sunday. His death follows a violent streak "
        "that includes a double homicide at a mall parking lot and two separate slayings."
    )
    double = [f for f in figures(text) if f["text"] == "double homicide"]
    assert double and all(f["cumulative"] for f in double)


def test_a_conditional_multiple_killing_is_not_counted(figures: Any) -> None:
    text = (
        "Two women were shot on Sunday and one of them died. If the second woman dies, "
        "the shooting becomes a double homicide, prosecutors said."
    )
    assert not [f for f in figures(text) if f["text"] == "double homicide"]


def test_a_list_of_ages_is_not_a_count(figures: Any) -> None:
    text = (
        "Police say the man shot his wife and then their three daughters, ages four, six "
        "and 13, at their home on Sunday."
    )
    numbers = {f["text"] for f in figures(text) if not f["derived"]}
    assert "four" not in numbers and "six" not in numbers and "13" not in numbers


def test_a_later_floor_does_not_lower_an_earlier_exact_toll() -> None:
    from crosswire.link.reconcile_status import Observation, best_estimate

    def obs(value: float, hedge: str, day: str) -> Observation:
        return Observation((f"f{value}",), f"a{day}", f"s{day}", value, None, None, hedge, day, ())

    five = obs(5, "exact", "2014-08-04")
    floor = obs(2, "at_least", "2014-08-05")  # "a murder-suicide": at least two dead
    assert best_estimate([five, floor], "killed")["value"] == 5
    # a later exact figure still replaces an earlier one: tolls change
    assert best_estimate([five, obs(4, "exact", "2014-08-05")], "killed")["value"] == 4
    # a later floor above the earlier figure is the new estimate
    assert best_estimate([five, obs(7, "at_least", "2014-08-05")], "killed")["value"] == 7


def _group(measure: str, value: int) -> dict[str, Any]:
    return {
        "measure": measure,
        "best_estimate": {"value": value},
        "independent_sources": 1,
        "figures": [f"a:figure:{measure}"],
        "articles": ["a"],
    }


def test_the_shot_total_caps_killed_plus_injured() -> None:
    from crosswire.link.reconcile_counts import casualty_counts

    # "two people were wounded ... a double shooting, one killed": one died, one injured
    groups = [_group("injured", 2), _group("shot", 2), _group("killed", 1)]
    assert casualty_counts(groups) == {"killed": 1, "injured": 1}
    # everyone shot died ("four shot dead"): the injured figure is not capped to nothing
    groups = [_group("injured", 1), _group("shot", 4), _group("killed", 4)]
    assert casualty_counts(groups) == {"killed": 4, "injured": 1}


def test_a_group_of_shooters_is_not_a_count_of_victims(counts: Any) -> None:
    text = (
        "A man was shot and killed last night in a parking lot. Police say he was there when "
        "group of three to five men drove up and started shooting at him."
    )
    assert counts(text) == (1, 0)


def test_the_clerk_shot_while_two_men_robbed_the_store(figures: Any, counts: Any) -> None:
    text = (
        "Police say two men walked into the store and tried to rob it, at which time the clerk "
        "was shot several times."
    )
    two = [f for f in figures(text) if f["text"] == "two"]
    assert two and all(f["measure"] is None for f in two)
    assert counts(text) == (0, 1)


def test_men_who_were_shot_are_still_counted(counts: Any) -> None:
    assert counts("Two men who were shot on Sunday are in the hospital.") == (0, 2)


def test_a_mother_of_three_is_one_victim(counts: Any) -> None:
    assert counts("A young mother of three is dead following a shooting in Bond Hill.") == (1, 0)


def test_the_others_own_predicate_says_what_happened_to_them(counts: Any) -> None:
    text = "One man is dead and two others injured after a chaotic night at a night club."
    assert counts(text) == (1, 2)


def test_a_coordinated_clause_with_its_own_subject_is_not_the_counted_peoples(
    figures: Any,
) -> None:
    text = (
        "Police say four men went to a home to attack another man, and in the process, one "
        "suspect was accidentally shot and later died."
    )
    four = [f for f in figures(text) if f["text"] == "four"]
    assert four and all(f["measure"] is None for f in four)


def test_a_killer_who_took_his_own_life_is_added_to_his_victims(counts: Any) -> None:
    text = (
        "A man who had recently been laid off opened fire at his home today, killing his five "
        "young children as well as his wife, police said. The gunman then took his own life, "
        "according to authorities."
    )
    assert counts(text) == (7, 0)


def test_a_shooting_that_kills_two_already_counts_the_shooter(counts: Any) -> None:
    text = (
        "Sheriff: Young brothers cooking before shooting kills 2\n\n"
        "A 12-year-old boy shot his 6-year-old brother to death and killed himself, a sheriff said."
    )
    assert counts(text)[0] == 2


def test_victims_killed_by_someone_who_lived_are_not_topped_up(counts: Any) -> None:
    assert counts("Police say the gunman killed two men outside a bar on Sunday.") == (2, 0)


def test_a_person_described_as_shot_is_one_of_the_counted_dead(counts: Any) -> None:
    text = (
        "Authorities are investigating a scene where four people were found shot dead. "
        "Police later found a fourth person shot at the location, a preteen boy."
    )
    assert counts(text) == (4, 0)


def test_a_clause_dated_years_before_tells_another_incident(counts: Any) -> None:
    text = (
        "An Auburn freshman was shot and killed on Sunday morning at an apartment complex. "
        "Sunday's shooting happened at the same apartment complex where a gunman killed "
        "three men at a party in the summer of 2012."
    )
    assert counts(text) == (1, 0)


def test_parts_of_a_year_are_periods() -> None:

    # "the summer of 2015" ended months before a December report: an earlier incident
    from crosswire.extract.figures_focus import _period, earlier_dated

    summer = _period("2015-SU")
    assert summer == (date(2015, 6, 1), date(2015, 8, 31))
    assert _period("2015-WI") == (date(2015, 12, 1), date(2016, 2, 29))
    assert _period("2015-Q4") == (date(2015, 10, 1), date(2015, 12, 31))
    assert earlier_dated([summer], [date(2015, 12, 13)]) is True


def test_passed_away_is_a_death(counts: Any) -> None:
    text = (
        "The sheriff says a man on the property accidentally shot himself in the abdomen. "
        "The man was transported to a medical center. The man later passed away at the hospital."
    )
    assert counts(text) == (1, 0)


def test_a_victim_who_later_died_of_injuries_is_killed(counts: Any) -> None:
    text = (
        "Responding officers found a victim with an apparent gunshot wound. Police say the "
        "victim was transported to the hospital where they later died from their injuries."
    )
    assert counts(text) == (1, 0)


def test_a_death_of_something_else_does_not_kill_the_wounded(counts: Any) -> None:
    text = (
        "Officers found a victim with an apparent gunshot wound on Sunday. Neighbors said the "
        "family dog died from its injuries during the shooting."
    )
    assert counts(text) == (0, 1)


def test_a_death_in_a_car_crash_after_the_shooting_is_not_the_shootings(counts: Any) -> None:
    text = (
        "A 7-year-old was fatally shot early Thursday morning. The child's grandfather, "
        "Christopher Allen Russell, 54, died during a car crash shortly after the shooting, "
        "according to deputies. Sheriff Fontes said Russell was killed after losing control "
        "of his vehicle on North Highway 340."
    )
    assert counts(text) == (1, 0)


def test_killed_by_a_bullet_in_a_car_is_a_shooting_death(counts: Any) -> None:
    text = "A 3-year-old girl was killed by a stray bullet in a car on Sunday, police said."
    assert counts(text) == (1, 0)


def test_a_share_of_the_tally_before_is_a_tally_too(figures: Any, counts: Any) -> None:
    text = (
        "A 10-year-old girl was shot in the foot on Thursday. Police say 131 people have been "
        "wounded or killed by gunshots in the city so far this year. Eighty percent of those "
        "— 105 victims — were shot in the Fourth Precinct."
    )
    share = [f for f in figures(text) if f["text"] == "105"]
    assert share and all(f["cumulative"] for f in share)
    assert counts(text) == (0, 1)


def test_of_them_without_a_tally_before_stays_the_incidents(counts: Any) -> None:
    text = "Three men were shot outside a bar on Sunday. Two of them died at the hospital."
    assert counts(text)[0] == 2


def test_named_victims_within_the_counted_dead_are_dead(counts: Any) -> None:
    text = (
        "Two brothers accused of murdering four women inside an apartment are due in court. "
        "They are suspected of shooting Misty Nunley, Julie Jackson, Rebeika Powell and "
        "Kayetie Melchor inside the apartment on Jan. 7."
    )
    assert counts(text) == (4, 0)


def test_a_named_victim_beyond_the_counted_dead_is_injured(counts: Any) -> None:
    text = (
        "One man was killed in the shooting on Sunday. Police said the gunman also shot "
        "John Smith and Mary Jones, who are in the hospital."
    )
    assert counts(text) == (1, 2)


def test_a_described_victim_with_an_appositive_name_is_that_name(counts: Any) -> None:
    text = (
        "An officer fatally shot Quintonio LeGrier, 19, on Saturday. The officer also "
        "accidentally shot and killed a neighbor, 55-year-old Bettie Jones."
    )
    # before: "a neighbor" was a description, folded into the one named victim
    assert counts(text) == (2, 0)


def test_the_accused_of_killing_is_not_the_victim(figures: Any) -> None:
    text = (
        "Prosecutors will decide whether 14-year-old Tyanna Thomas will be tried as an adult. "
        "Thomas is accused of shooting and killing her 15-year-old brother on Dec. 7."
    )
    victims = [f["text"] for f in figures(text) if f["derived"]]
    assert "Thomas" not in victims
    assert any("brother" in v for v in victims)


def test_a_charge_of_injury_is_not_a_wound(figures: Any) -> None:
    text = (
        "The victim, Emma Colmenares, is hospitalized with a bullet wound. Carroll was booked "
        "by sheriff's detectives with negligent injury and illegal use of a weapon."
    )
    victims = [f["text"] for f in figures(text) if f["derived"]]
    assert victims == ["Emma Colmenares"]


def test_a_bare_infinitive_or_command_to_kill_is_no_victim(counts: Any) -> None:
    text = (
        "A man was arrested after firing bullets into the air on Saturday. He started yelling "
        "at the officers to go ahead and kill him. Then a suspect yelled: 'Shoot him, shoot him.'"
    )
    assert counts(text) == (0, 0)


def test_who_is_in_critical_condition_is_the_person_before(counts: Any) -> None:
    text = (
        "Police said a bullet struck the window. The clerk, who is listed in critical "
        "condition, is expected to survive."
    )
    assert counts(text) == (0, 1)


def test_succumbed_to_injuries_is_a_death(counts: Any) -> None:
    text = (
        "A 30-year-old man was shot in the chest on Main Street on Saturday night. "
        "He succumbed to his injuries on Sunday."
    )
    assert counts(text) == (1, 0)


def test_grazed_by_a_bullet_is_injured(counts: Any) -> None:
    text = "More than a dozen shots were fired. One person was grazed by a bullet in the exchange."
    assert counts(text) == (0, 1)


def test_left_dead_is_the_object_left(counts: Any) -> None:
    text = (
        "A shooting in the town left a 7-year-old girl dead and her grandmother wounded "
        "early Sunday morning."
    )
    assert counts(text) == (1, 1)


def test_one_of_several_shootings_recalled_is_another_incident(counts: Any) -> None:
    text = (
        "A 15-year-old boy was shot and killed Monday night, police said. "
        "In one shooting in late August, three men were shot on the same avenue."
    )
    assert counts(text) == (1, 0)


def test_the_later_shooting_is_another_incident(counts: Any) -> None:
    text = (
        "A 15-year-old boy was shot and killed Monday night, police said. "
        "In the later shooting, a 20-year-old man was wounded in the leg."
    )
    assert counts(text) == (1, 0)


def test_a_shooting_dated_years_before_that_left_a_girl_dead_is_another_incident(
    counts: Any,
) -> None:
    text = (
        "A 7-year-old boy was struck by a stray bullet in his home on Monday night. "
        "The shooting happened just down the street from a July 2013 shooting that left a "
        "12-year-old girl dead."
    )
    assert counts(text) == (0, 1)


def test_a_pistol_whipped_person_is_injured(counts: Any) -> None:
    assert counts("A woman was pistol whipped in her apartment building on Sunday.") == (0, 1)
    text = "Police said he pulled out a gun and attacked a 20-year-old woman, pistol-whipping her."
    assert counts(text) == (0, 1)


def test_counted_people_who_had_gunshot_wounds_are_injured(counts: Any) -> None:
    text = (
        "Police found three teenage boys at the scene. Two of the victims had gunshot wounds "
        "to the lower body; the third was not hurt."
    )
    assert counts(text) == (0, 2)
    assert counts("Two men suffered fatal gunshot wounds on Friday night.")[1] == 0


def test_wounds_of_the_counted_dead_do_not_make_them_injured(counts: Any) -> None:
    text = (
        "Relatives found five people dead inside the home on Sunday night. "
        "All five had gunshot wounds."
    )
    assert counts(text)[1] == 0


def test_a_count_of_kin_killed_is_a_toll(counts: Any) -> None:
    assert counts("A man shot and killed his two sons on Saturday, police said.") == (2, 0)


def test_both_taken_to_a_hospital_where_they_died_are_killed(counts: Any) -> None:
    text = (
        "Two teens were shot on Saturday. "
        "Both teens were taken to a hospital, where they died the next day."
    )
    assert counts(text) == (2, 0)


def test_both_taken_to_hospital_with_injuries_are_injured(counts: Any) -> None:
    text = (
        "A suspect and a homeowner were shot. "
        "Both were taken to the hospital with non-life-threatening injuries."
    )
    assert counts(text) == (0, 2)


def test_a_death_dated_three_weeks_before_the_report_is_another_incident(counts: Any) -> None:
    text = (
        "Police said John Smith, 30, was shot and killed Saturday night. "
        "On Dec. 18, two men were shot and killed at the same corner."
    )
    assert counts(text) == (1, 0)


def test_a_death_dated_days_before_the_report_is_still_counted(counts: Any) -> None:
    text = (
        "Two men were shot Saturday night on the east side, police said. "
        "One of them was shot and killed on Jan. 7, police said."
    )
    assert counts(text)[0] == 1
