"""Whose an operation is, read by the trained reader where the party rules find no side.

The shipped weights are the real ones (trained on the tune part of the PeaceRep corridor
records); the small hand-made models here pin down how a decision is applied.
"""

from __future__ import annotations

from typing import Any

import pytest

from crosswire.errors import CrosswireError
from crosswire.link.operation_parties import fill_from_model, sides_named
from crosswire.link.operation_reading import (
    CLASSES,
    ProposerModel,
    load_model,
    model_from_json,
    operation_features,
    step_features,
)

DATELINE = "KYIV. March 13 (Interfax-Ukraine) - "
TEXT = "Buses will leave Polohy for Zaporizhzhya at 10:00, the regional administration said."


def test_a_step_is_read_by_its_sentence_dateline_agency_sides_and_status() -> None:
    feats = step_features(TEXT, (0, len(TEXT)), DATELINE, "planned", ["Ukraine"])
    assert {"w=buses", "w=administration", "dl=kyiv", "ag=interfax-ukraine"} <= set(feats)
    assert {"side=Ukraine", "status=planned"} <= set(feats)
    assert "w=at" not in feats  # words of two letters say nothing of whose it is


def test_each_step_weighs_the_same_in_an_operation() -> None:
    feats = operation_features([["w=buses", "dl=kyiv"], ["w=buses"]])
    assert feats == {"w=buses": 1.0, "dl=kyiv": 0.5}


def test_a_side_named_as_where_the_route_goes_is_no_side_of_the_report() -> None:
    assert sides_named("People were evacuated to Russia, the Ukrainian side said.") == {"Ukraine"}


def _model(bias: list[float], threshold: float = 0.5) -> ProposerModel:
    return ProposerModel({"w=agreed": [0.0, 0.0, 6.0]}, bias, threshold)


def test_the_model_says_nothing_below_its_threshold() -> None:
    model = _model([0.1, 0.0, 0.0], threshold=0.6)
    assert model.decide({"w=buses": 1.0}) is None
    label, p = model.decide({"w=agreed": 1.0}) or ("", 0.0)
    assert label == "Agreed" and p > 0.9
    assert model.decide({}) is None


def _op(**roles: Any) -> dict[str, Any]:
    return {
        "article": "a1",
        "status_history": [{"status": s} for s in roles.pop("steps", ["planned"])],
        "proposed_by": [],
        "agreed_by": [],
        **roles,
    }


def test_the_model_fills_a_proposer_only_where_the_rules_found_none() -> None:
    ukraine = _model([3.0, 0.0, 0.0])
    item = _op()
    fill_from_model(item, {"w=buses": 1.0}, ukraine)
    assert [(p["name"], p["how"]) for p in item["proposed_by"]] == [("Ukraine", "model")]
    assert 0.5 <= item["proposed_by"][0]["p"] <= 1.0
    told = _op(proposed_by=[{"name": "Russia", "article": "a1", "how": "speaker"}])
    fill_from_model(told, {"w=buses": 1.0}, ukraine)
    assert [p["name"] for p in told["proposed_by"]] == ["Russia"]


def test_an_agreement_told_by_one_side_gets_the_other_when_the_model_reads_agreed() -> None:
    model = _model([0.0, 0.0, 0.0])
    item = _op(
        steps=["agreed", "planned"],
        proposed_by=[{"name": "Ukraine", "article": "a1", "how": "speaker"}],
        agreed_by=[{"name": "Ukraine", "article": "a1", "how": "sentence"}],
    )
    fill_from_model(item, {"w=buses": 1.0}, model)
    assert [p["name"] for p in item["agreed_by"]] == ["Ukraine"]  # undecided: nothing added
    fill_from_model(item, {"w=agreed": 1.0}, model)
    assert [(p["name"], p["how"]) for p in item["agreed_by"]] == [
        ("Ukraine", "sentence"),
        ("Russia", "model"),
    ]
    assert [p["name"] for p in item["proposed_by"]] == ["Ukraine"]


def test_the_shipped_model_loads_and_reads_an_interfax_ukraine_announcement() -> None:
    model = load_model()
    assert model is not None
    feats = operation_features(
        [step_features(TEXT, (0, len(TEXT)), DATELINE, "planned", sides_named(TEXT))]
    )
    probs = model.probabilities(feats)
    assert set(probs) == set(CLASSES)
    assert abs(sum(probs.values()) - 1.0) < 1e-9
    assert max(probs, key=lambda c: probs[c]) == "Ukraine"


def test_a_malformed_model_is_a_crosswire_error() -> None:
    with pytest.raises(CrosswireError):
        model_from_json({"classes": ["Ukraine"], "weights": {}, "bias": [0.0], "threshold": 0.5})
    with pytest.raises(CrosswireError):
        model_from_json({"classes": list(CLASSES)})
