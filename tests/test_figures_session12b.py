"""Per-report killed / injured counts: session-12b rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule (the classes came from
reading GVDB's remaining system errors; the sentences are written anew, with
other names and wordings); the guards hold what the rule must not change.
"""

from __future__ import annotations

from typing import Any


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


def test_a_body_that_tells_only_shooting_at_overrides_the_headline(report_counts: Any) -> None:
    # headline grammar says "shot" loosely; a body that tells the person only as shot *at*
    # ("accused of shooting at a deputy", "fired a shot at the deputy") tells no hit
    text = (
        "Deputy shot by man who fled traffic stop\n\n"
        "A man is in custody, accused of shooting at a Harris County deputy early Sunday. "
        "Police say the driver ran from the car. While on the ground, he pulled out a gun and "
        "fired a shot at the deputy, then fled again."
    )
    assert report_counts(text) == (0, 0)
    text = (
        "Riverton police officer shot by man who fled traffic stop | kxyz.com\n\n"
        "A man was arrested Sunday, accused of shooting at a Riverton police officer during a "
        "traffic stop. He fired twice at the officer before running off, police said."
    )
    assert report_counts(text) == (0, 0)
    # guards: the body tells a hit, under the same noun, under a pronoun, or as shot outright
    text = (
        "Clerk shot in robbery\n\nA gunman shot at a clerk at a gas station on Sunday night "
        "and fled with cash. The clerk was taken to a hospital with a wound to the arm."
    )
    assert report_counts(text) == (0, 1)
    text = (
        "Officer shot during chase\n\nA man fired at an officer on Sunday, striking him in the "
        "leg, police said."
    )
    assert report_counts(text) == (0, 1)
    text = (
        "Deputy shot by man who fled traffic stop\n\nA man is in custody, accused of shooting "
        "a Harris County deputy early Sunday. The deputy is in stable condition."
    )
    assert report_counts(text) == (0, 1)


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
