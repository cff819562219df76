"""One killed / injured pair per incident: the reconciled pair, or a report's own or a title's
when no report tells the reconciled one or a title tells another.

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
    title_pair,
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
    assert not undecided((2, 0), _reports((1, 0)))
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


def test_an_incident_of_no_report_counts_nobody() -> None:
    assert incident_casualty_counts({}, {}) == {"killed": 0, "injured": 0, "how": "reconciled"}


def test_a_title_tells_its_pair_and_leaves_what_it_does_not_tell_to_the_reconciled_one() -> None:
    assert title_pair("6 Shot, 1 Dead, 1 Critical In Kingsessing Shooting") == (1, None, 6)
    assert title_pair("1 Dead In Vallejo Multiple Shooting; 4 Others Hurt") == (1, 4, None)
    assert title_pair("Police investigate shooting") is None
    assert title_pair("Six injured in violent weekend in Toledo") is None  # a tally
    shot = ReportReading(6, 5, title=title_pair("6 Shot, 1 Dead, 1 Critical"))
    assert shot.title_of((6, 5)) == (1, 5)
    kills = ReportReading(2, 0, title=title_pair("Sheriff: shooting kills 2"))
    assert kills.title_of((2, 1)) == (2, 1)  # no word of the wounded: the reconciled one's


def test_a_title_that_tells_another_pair_lets_the_model_choose_even_for_one_report() -> None:
    # the body read "six shot" as six killed; the title says one dead of the six shot
    report = ReportReading(6, 5, date(2013, 10, 6), 1600, title_pair("6 Shot, 1 Dead"))
    assert undecided((6, 5), [report])
    cands = candidate_features((6, 5), [report])
    assert [c for c, _ in cands] == [(6, 5), (1, 5)]
    assert cands[1][1]["title_told"] == 1.0 and "body_told" not in cands[1][1]
    assert choose((6, 5), [report], ChooserModel({"title_share": 2.0})) == (1, 5)
    agreeing = ReportReading(1, 5, title=title_pair("1 dead, 5 hurt in shooting"))
    assert not undecided((1, 5), [agreeing])
