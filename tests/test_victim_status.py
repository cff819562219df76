"""The victim status model: shipped, read once, a probability per status, and what it decides.

The model weighs each victim the rules derive (killed, injured, unharmed, the shooter,
another incident's) from the words around it; these tests run the shipped weights and the
real parser.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosswire.errors import ModelError
from crosswire.extract.figures_victim_status import (
    STATUSES,
    load_victim_status,
    status_features,
)


def test_the_shipped_model_is_read_once_per_process() -> None:
    assert load_victim_status() is load_victim_status()


def test_every_status_gets_a_probability_and_they_sum_to_one() -> None:
    p = load_victim_status().probabilities(["rule=killed", "pred=shoot", "never-seen-feature"])
    assert set(p) == set(STATUSES)
    assert sum(p.values()) == pytest.approx(1.0)
    assert all(0.0 <= v <= 1.0 for v in p.values())


def test_a_missing_model_is_a_model_error_naming_the_training_script(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match=r"train_victim_status\.py"):
        load_victim_status.__wrapped__(str(tmp_path / "absent.json"))


def test_weights_that_do_not_match_their_features_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        '{"classes": ["killed"], "features": ["a", "b"], "weights": [[1.0]], "bias": [0.0]}'
    )
    with pytest.raises(ModelError):
        load_victim_status.__wrapped__(str(bad))


def test_features_read_the_outcome_words_near_the_victim(annotator: Any) -> None:
    doc = annotator.nlp("A man was shot on Main Street. He is in stable condition at a hospital.")
    man = next(t for t in doc if t.text == "man")
    shot = next(t for t in doc if t.text == "shot")
    feats = status_features(man, shot, "shot")
    assert "rule=shot" in feats
    assert "pred=shoot" in feats
    assert "n=stable" in feats  # the next sentence tells the outcome
    assert "sent=0" in feats


def test_a_victim_in_critical_condition_is_injured_not_killed(report_counts: Any) -> None:
    text = (
        "A 2-year-old boy shot himself with a handgun he found in his grandfather's truck "
        "on Monday night, deputies said.\n\n"
        "The boy remains in critical condition at Arnold Palmer Hospital for Children."
    )
    assert report_counts(text) == {"killed": 0, "injured": 1}
