"""The trained figure-incident model: which casualty figures are another incident's.

The model (``figures_model/incidents.json``, :mod:`crosswire.extract.figures_incident`)
weighs the rules' cues against the figure's place in the report and the words near
it. These pin what it must keep doing on short made-up reports: a running total or
an earlier shooting told after the lede is not counted, the lede's own count is.
"""

from __future__ import annotations

from typing import Any

from crosswire.extract.figures_incident import (
    INCIDENT_MEASURES,
    SIGNALS,
    figure_features,
    load_incident_model,
    report_view,
)


def test_the_model_is_read_once_per_process() -> None:
    assert load_incident_model() is load_incident_model()


def test_the_ledes_counts_are_the_reports_own(report_counts: Any) -> None:
    text = (
        "Three people were killed and two others were wounded in a shooting early Saturday "
        "at a house party on Elm Street, police said."
    )
    assert report_counts(text) == (3, 2)


def test_a_running_total_after_the_lede_is_not_counted(report_counts: Any) -> None:
    text = (
        "A man was shot and killed Saturday night on Elm Street, police said. "
        "So far this year, 43 people have been killed and 120 wounded in shootings in the city."
    )
    assert report_counts(text) == (1, 0)


def test_an_earlier_shooting_told_as_background_is_not_counted(report_counts: Any) -> None:
    text = (
        "A 19-year-old man was wounded in a shooting on Elm Street on Saturday. "
        "In March 2013, four people were killed in a shooting at the same corner."
    )
    assert report_counts(text) == (0, 1)


def test_the_features_carry_the_rules_cues(annotator: Any) -> None:
    text = "So far this year, 43 people have been killed in the city."
    doc = annotator.nlp(text)
    start = text.index("43")
    item = {"start": start, "end": start + 2, "measure": "killed", "value": 43, "hedge": "exact"}
    cues = frozenset({"tally_words"})
    feats = figure_features(doc, item, cues, report_view(doc, [item], [cues], 2016))
    assert "cue=tally_words" in feats and "m=killed" in feats and "si=0" in feats
    assert set(SIGNALS) >= cues and "killed" in INCIDENT_MEASURES
