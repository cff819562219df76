"""The cue model: verbs outside the lexicon proposed as cues, and their place beside the rules.

Hand-written sentences run through the real parse, with the shipped model and with small
hand-set models whose answer is known, so each test fails when the mechanism (proposing a
verb, handing it to the clause rules, giving way to a lexicon statement) breaks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.errors import ModelError
from crosswire.extract import ExtractionInput
from crosswire.extract.quotes import CUE_LEMMAS, QuoteExtractor, find_attributions
from crosswire.extract.quotes_cues import cue_features, load_cues, verb_candidates
from crosswire.extract.quotes_filter import Logistic
from crosswire.models import Article

ACTS = (
    "Sanders has been lobbying the party to embrace several of his proposals. "
    "The senator decided to balance things out by inviting both candidates."
)


def _statements(
    annotator: Annotator, text: str, cue_model: Logistic | None
) -> set[tuple[str, str | None, str]]:
    doc = annotator.nlp(text)
    atts = find_attributions(doc, annotation_from_doc("t", doc), cue_model=cue_model)
    return {
        (
            text[a.cue[0] : a.cue[1]],
            text[a.source[0] : a.source[1]] if a.source else None,
            a.origin,
        )
        for a in atts
    }


def test_candidates_are_verbs_with_a_subject_outside_the_lexicon(annotator: Annotator) -> None:
    doc = annotator.nlp(ACTS + " Smith said the plan would fail.")
    found = {(tok.text, head.text) for tok, head in verb_candidates(doc, CUE_LEMMAS)}
    assert ("lobbying", "Sanders") in found
    assert ("decided", "senator") in found
    assert not any(tok == "said" for tok, _ in found)  # a lexicon verb is the rules' already
    feats = cue_features(doc[3], doc[0])
    assert "l=lobby" in feats and "k=xcomp" in feats and "m=none" in feats


def test_a_proposed_verb_goes_through_the_clause_rules(annotator: Annotator) -> None:
    accept_lobby = Logistic({"l=lobby": 20.0}, -10.0, 0.5)
    without = _statements(annotator, ACTS, None)
    assert not any(cue.endswith("lobbying") for cue, _, _ in without)
    with_model = _statements(annotator, ACTS, accept_lobby)
    assert ("has been lobbying", "Sanders", "model") in with_model
    assert not any(cue == "decided" for cue, _, _ in with_model)  # the model said no


def test_a_proposed_verb_gives_way_to_a_lexicon_statement(annotator: Annotator) -> None:
    text = 'But Ukraine was seeing "a build-up of Russian forces for new strikes", he added.'
    accept_all = Logistic({}, 10.0, 0.5)
    found = _statements(annotator, text, accept_all)
    assert ("added", "he", "verb") in found
    assert not any(src == "Ukraine" for _, src, _ in found)


def test_shipped_model_proposes_acts_and_intentions(annotator: Annotator) -> None:
    text = ACTS
    art = Article(id="t", source="t.txt", raw_text=text, text=text)
    doc = annotator.nlp(text)
    items: list[dict[str, Any]] = QuoteExtractor().extract(
        ExtractionInput(art, doc, annotation_from_doc("t", doc))
    )
    by_cue = {it["cue"]["text"]: it for it in items}
    assert by_cue["has been lobbying"]["source"]["text"] == "Sanders"
    assert by_cue["has been lobbying"]["text"] == "to embrace several of his proposals"
    assert 0.0 < load_cues().threshold < 1.0


def test_a_missing_cue_model_is_a_model_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError):
        load_cues.__wrapped__(str(tmp_path / "absent.json"))
