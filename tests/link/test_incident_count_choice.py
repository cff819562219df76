"""One killed / injured pair per incident: the reconciled pair, or a report's own when no report
tells the reconciled one.

The shipped weights are the real ones (trained on the tune parts of the GVA long tail and
GVC); the small hand-made models pin down how a choice is applied.
"""

from __future__ import annotations

import json
from datetime import date
from importlib import resources

import pytest

from crosswire.errors import CrosswireError
from crosswire.link.count_chooser import (
    FEATURES,
    MODEL_FILE,
    ChooserModel,
    ReportReading,
    candidate_features,
    choose,
    incident_casualty_counts,
    load_chooser,
    model_from_json,
    undecided,
)


def _reports(*pairs: tuple[int, int]) -> list[ReportReading]:
    return [ReportReading(k, i, date(2016, 3, d + 1), 1000) for d, (k, i) in enumerate(pairs)]


_MAJORITY = ChooserModel({"share": 4.0, "reconciled": -1.0})


def test_a_pair_no_report_tells_gives_way_to_the_pair_the_reports_agree_on() -> None:
    # "six shot" read as six killed in one report, summed with the others' one killed
    reports = _reports((1, 5), (1, 5), (6, 5))
    assert undecided((7, 5), reports)
    assert choose((7, 5), reports, _MAJORITY) == (1, 5)
    assert choose((7, 5), reports) == (1, 5)  # the shipped model agrees


def test_a_pair_some_report_tells_is_kept_though_the_others_say_less() -> None:
    # the later report knows of the gunman's own death and of a wounded victim found later
    reports = _reports((3, 0), (3, 0), (4, 1))
    assert not undecided((4, 1), reports)
    assert choose((4, 1), reports, _MAJORITY) == (4, 1)


def test_one_report_or_an_empty_model_keeps_the_reconciled_pair() -> None:
    assert choose((2, 0), _reports((1, 0)), _MAJORITY) == (2, 0)
    assert choose((7, 5), _reports((1, 5), (1, 5)), ChooserModel({})) == (7, 5)


def test_another_pair_must_beat_the_reconciled_one_by_the_margin() -> None:
    reports = _reports((1, 5), (6, 5))
    sure = ChooserModel({"share": 1.0}, margin=0.0)
    unsure = ChooserModel({"share": 1.0}, margin=0.9)
    assert choose((7, 5), reports, sure) == (1, 5)
    assert choose((7, 5), reports, unsure) == (7, 5)


def test_candidates_are_the_reconciled_pair_then_the_reports_pairs_with_their_shares() -> None:
    cands = candidate_features((7, 5), _reports((1, 5), (1, 5), (6, 5)))
    assert [c for c, _ in cands] == [(7, 5), (1, 5), (6, 5)]
    rec, agreed, odd = (f for _, f in cands)
    assert rec["reconciled"] == 1.0 and "share" not in rec
    assert agreed["share"] == pytest.approx(2 / 3) and agreed["majority"] == 1.0
    assert agreed["share_injured"] == 1.0 and agreed["plurality"] == 1.0
    assert odd["latest"] == 1.0 and "latest" not in agreed
    assert rec["most_killed"] == 1.0 and agreed["least_killed"] == 1.0
    assert set().union(*(f for _, f in cands)) <= set(FEATURES)


def test_the_shipped_model_names_its_features_and_a_foreign_one_is_refused() -> None:
    model = load_chooser()
    assert model is not None and set(model.weights) == set(FEATURES)
    raw = json.loads(
        resources.files("crosswire.link").joinpath("data", MODEL_FILE).read_text("utf-8")
    )
    assert raw["features"] == list(FEATURES)
    with pytest.raises(CrosswireError):
        model_from_json({**raw, "features": ["share"]})
    with pytest.raises(CrosswireError):
        model_from_json({"features": list(FEATURES)})


def test_an_incident_of_one_report_is_counted_as_that_report_reconciled() -> None:
    assert incident_casualty_counts({}, {}) == {"killed": 0, "injured": 0}
