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


def test_a_victim_last_listed_as_stable_is_injured_whatever_the_rules_read(
    annotator: Any,
) -> None:
    from crosswire.extract.figures_victim_coref import Victim
    from crosswire.extract.figures_victim_status import weigh_victims

    doc = annotator.nlp(
        "A 16-year-old was shot Wednesday afternoon in an attempted robbery. He was taken "
        "to a medical center and was last listed in stable condition."
    )
    old = next(t for t in doc if t.text == "old")
    shot = next(t for t in doc if t.text == "shot")
    read_as_killed = Victim(0, old.idx + 3, "A 16-year-old", "desc:old", "killed", shot)
    assert [v.measure for v in weigh_victims(doc, [read_as_killed])] == ["injured"]


def test_a_victim_told_dead_by_the_rules_and_the_words_stays_killed(annotator: Any) -> None:
    from crosswire.extract.figures_victim_coref import Victim
    from crosswire.extract.figures_victim_status import weigh_victims

    doc = annotator.nlp("John Smith was shot and killed Sunday outside his home, police said.")
    smith = next(t for t in doc if t.text == "Smith")
    killed = next(t for t in doc if t.text == "killed")
    v = Victim(0, 10, "John Smith", "name:smith/john", "killed", killed)
    assert smith.i == 1
    assert [w.measure for w in weigh_victims(doc, [v])] == ["killed"]
