"""Victims of other incidents stay out: earlier incidents, roundups, tallies, dated timeline
entries, recalled series; per-report killed / injured counts.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences once counted wrong; the guards beside them hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any

from crosswire.extract.figures_focus import recalls_other


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


def test_the_previous_month_recalls_another_incident() -> None:
    assert recalls_other("The previous month, a 15-year-old was shot and killed in a car.")
    assert recalls_other("The prior week, two men were wounded nearby.")
    assert not recalls_other("On Monday, a 15-year-old was shot and killed in a car.")


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


def test_a_bare_name_after_another_incidents_victim(annotator: Any) -> None:
    from crosswire.extract.figures_victims import derived_victims

    # a bare name right after another incident's victim goes on about that one
    earlier = "The shooting happened near a July 2013 shooting that left a 12-year-old girl dead. "
    named = "Tasha Green was shot and killed as she rode a scooter."
    doc = annotator.nlp("A boy was wounded on Monday. " + earlier + named)
    assert [v.description for v in derived_victims(doc, [], 2016)] == ["A boy"]
    # guard: with no such sentence before it the name is this report's victim
    doc = annotator.nlp("A boy was wounded on Monday. " + named)
    assert [v.description for v in derived_victims(doc, [], 2016)] == ["A boy", "Tasha Green"]


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


def test_yet_another_is_the_latest_of_a_series(report_counts: Any) -> None:
    # "the death of yet another young man": the report's victim as the latest of a series
    # (earlier incidents), not one more person of this one
    text = (
        "Man killed by Riverton police outside store\n\n"
        "Carl Banks, 28, died from several gunshot wounds, the coroner said. Officers said he "
        'had pointed a rifle at them. "This is the death of yet another young man from our '
        'neighborhood," a pastor said in a statement Friday.'
    )
    assert report_counts(text) == (1, 0)
    text = (
        "A woman was shot and killed by a deputy on Tuesday. Maria Lopez, 40, died at the "
        "scene. Activists called it the killing of still another unarmed resident."
    )
    assert report_counts(text) == (1, 0)
    # guards: "another" tells one more person of the incident
    text = (
        "A man was shot and killed on Friday. Carl Banks, 28, died at the scene. Another man "
        "was killed in the same shooting, police said."
    )
    assert report_counts(text) == (2, 0)


def test_an_incident_days_earlier_keeps_its_dated_victims_out(report_counts: Any) -> None:
    # the lede links the report's shooting to "a double homicide days earlier"; the sentences
    # dated on an earlier day than the report's own tell that homicide, not this shooting
    text = (
        "Police are looking into whether a Jan. 9 shooting at a Brooklyn church is linked to a "
        "double homicide days earlier in Scranton. The gunfire broke out during the funeral "
        "for Paul Reed, 35, one of two men fatally shot outside a Scranton tavern on Jan. 3. "
        "A man arriving for the Jan. 9 service was critically wounded, witnesses said.\n\n"
        "Reed and Tony Vance, 22, were shot outside the Blue Moon Tavern around 1 a.m. Jan. 3. "
        "Reed died at the scene, and Vance died later at a hospital."
    )
    assert report_counts(text) == (0, 1)
    text = (
        "A teenager was wounded in a Jan. 8 shooting on Elm Street, two days after a fatal "
        "shooting a block away. Officers found the 16-year-old with a gunshot wound to the "
        "leg. On Jan. 6, Mark Dean, 30, was shot and killed outside his home nearby."
    )
    assert report_counts(text) == (0, 1)
    # guards: the report's own victim, shot days before dying; an earlier day with no cue
    text = (
        "A man shot in a Jan. 3 robbery died of his wounds on Jan. 9, police said. John Reed, "
        "35, was shot outside a tavern on Jan. 3 and taken to a hospital."
    )
    assert report_counts(text) == (1, 0)
    text = (
        "A woman was wounded in a Jan. 9 shooting that police say followed an argument days "
        "earlier. Jane Roe, 30, was shot in the arm at her home."
    )
    assert report_counts(text) == (0, 1)


def test_a_dated_entry_on_another_street_is_carried_on(report_counts: Any) -> None:
    # a timeline entry on another street, dated long before, starts a recalled incident: the
    # sentences after it in its paragraph go on about that one ("then fatally shot himself")
    text = (
        "A man was shot and wounded Saturday on the 400 block of Elm Street, police said. He "
        "is expected to survive.\n\n"
        "CITY HOMICIDES 2014 March 4: John Roe shot to death his neighbor, 40-year-old Mary "
        "Poe, in a house on the 900 block of Oak Avenue, police said. Roe, 52, then fatally "
        "shot himself. Police called it a murder-suicide."
    )
    assert report_counts(text) == (0, 1)
    # guard: the same day on another street is another incident, but what follows it in a
    # new paragraph is the report's own again
    text = (
        "A man was shot and wounded Saturday on the 400 block of Elm Street, police said. "
        "Earlier Saturday, a woman was shot on the 900 block of Oak Avenue.\n\n"
        "The man, 30, was taken to a hospital."
    )
    assert report_counts(text) == (0, 1)


def test_a_war_s_toll_since_years_ago_is_a_running_total(report_figures: Any) -> None:
    _, found = report_figures(
        "Buses carried 3,000 people out of the city on Thursday, the Red Cross said on "
        "Friday.\n\nMore than 250,000 people have been killed since the conflict began in "
        "March 2011 with protests calling for the president to go."
    )
    by_text = {f["text"]: f for f in found}
    assert by_text["More than 250,000"]["cumulative"] is True
    assert by_text["3,000"]["cumulative"] is False


def test_a_war_s_toll_in_the_figure_s_own_clause_is_a_running_total(
    report_figures: Any,
) -> None:
    _, found = report_figures(
        "Strike on shelter kills 12 as war toll passes 900\n\n"
        "The strike raised the death toll in the 16-day war to 912, officials said. "
        "At least 905 people have been killed since the offensive began, the ministry said."
    )
    by_text = {f["text"]: f for f in found}
    assert by_text["912"]["cumulative"] is True
    assert by_text["At least 905"]["cumulative"] is True
    assert by_text["900"]["cumulative"] is True
    assert by_text["12"]["cumulative"] is False  # the strike's toll, in the other clause
