"""Nested statements: a report inside another speaker's content, kept as a quote of its own.

Hand-written sentences run through the real parse. The mechanism is checked with hand-set
nested filters whose answer is known (keep every candidate, keep none), so a test fails
when the outer statement changes, when the nested one loses its parent, or when the export
and the who-said-what report stop saying who reported it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.errors import ModelError
from crosswire.extract import ExtractionInput
from crosswire.extract import quotes as quotes_module
from crosswire.extract.quotes import QuoteExtractor, find_attributions
from crosswire.extract.quotes_filter import Logistic
from crosswire.extract.quotes_nested import load_nested, nested_features
from crosswire.models import Article

STOERE = "Stoere said Putin had assured him that Russia would not attack the port."
KEEP_ALL = Logistic({}, 10.0, 0.5)
KEEP_NONE = Logistic({}, -10.0, 0.5)


def _cue(text: str, a: Any) -> str:
    return str(text[a.cue[0] : a.cue[1]])


def test_outer_statement_is_unchanged_and_nested_one_names_it(annotator: Annotator) -> None:
    doc = annotator.nlp(STOERE)
    ann = annotation_from_doc("t", doc)
    plain = find_attributions(doc, ann)
    both = find_attributions(doc, ann, nested_filter=KEEP_ALL)
    assert both[: len(plain)] == plain  # the outer statements, exactly as before
    (outer,) = [a for a in plain if _cue(STOERE, a) == "said"]
    assert STOERE[outer.content[0] : outer.content[1]].startswith("Putin had assured him")
    (inner,) = [a for a in both[len(plain) :] if _cue(STOERE, a) == "had assured"]
    assert inner.source is not None and STOERE[inner.source[0] : inner.source[1]] == "Putin"
    assert inner.parent == outer and inner.parent in both[: len(plain)]
    assert outer.content[0] <= inner.content[0] and inner.content[1] <= outer.content[1]
    assert inner.group not in {a.group for a in plain}
    # "would not attack" stands deeper still: its holder is the statement the report makes
    assert all(a.parent is inner.parent for a in both[len(plain) :])
    assert find_attributions(doc, ann, nested_filter=KEEP_NONE) == plain


def test_candidates_are_scored_with_their_relation_to_the_outer_statement(
    annotator: Annotator,
) -> None:
    doc = annotator.nlp(STOERE)
    scored: list[tuple[Any, list[str]]] = []
    atts = find_attributions(doc, annotation_from_doc("t", doc), nested_scored=scored)
    assert all(a.parent is None for a in atts)  # scored, not kept, without a filter
    inner, feats = next((a, f) for a, f in scored if _cue(STOERE, a) == "had assured")
    assert "path=ccomp" in feats and "pk=indirect" in feats and "n:cl=assure" in feats
    outer = next(a for a in atts if _cue(STOERE, a) == "said")
    assert nested_features(doc, STOERE, inner, outer) == feats


def test_a_candidate_whose_holder_was_dropped_is_dropped(annotator: Annotator) -> None:
    doc = annotator.nlp(STOERE)
    drop_said = Logistic({"cl=say": -30.0}, 10.0, 0.5)
    atts = find_attributions(
        doc, annotation_from_doc("t", doc), attribution_filter=drop_said, nested_filter=KEEP_ALL
    )
    assert all(a.parent is None for a in atts)
    assert not [a for a in atts if _cue(STOERE, a) == "had assured"]


def test_export_names_the_reporting_quote(
    annotator: Annotator, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(quotes_module, "load_nested", lambda: KEEP_ALL)
    doc = annotator.nlp(STOERE)
    art = Article(id="t", source="t.txt", raw_text=STOERE, text=STOERE)
    items = QuoteExtractor().extract(ExtractionInput(art, doc, annotation_from_doc("t", doc)))
    by_cue = {i["cue"]["text"]: i for i in items}
    outer, inner = by_cue["said"], by_cue["had assured"]
    assert outer["reported_by"] is None
    assert inner["reported_by"] == outer["id"]
    assert inner["speaker"] == "Putin" and outer["speaker"] != "Putin"
    assert inner["group"] != outer["group"]


def test_missing_nested_model_is_a_model_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError):
        load_nested.__wrapped__(str(tmp_path / "absent.json"))
    assert load_nested() is load_nested()


RELAYED = (
    "Vereshchuk said 45 buses were on their way after the Red Cross confirmed that "
    "300 people had left the city."
)


def _claimant(annotator: Annotator, items: list[dict[str, Any]], words: str) -> str:
    from crosswire.extract.figures_attrib import claimant_for

    doc = annotator.nlp(RELAYED)
    start = RELAYED.index(words)
    span = doc.char_span(start, start + len(words))
    assert span is not None
    found = claimant_for(doc, span, [], items, annotation_from_doc("t", doc))
    assert found is not None
    return found.text


def test_a_relayed_figure_is_claimed_by_the_inner_speaker(
    annotator: Annotator, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(quotes_module, "load_nested", lambda: KEEP_ALL)
    doc = annotator.nlp(RELAYED)
    art = Article(id="t", source="t.txt", raw_text=RELAYED, text=RELAYED)
    items = QuoteExtractor().extract(ExtractionInput(art, doc, annotation_from_doc("t", doc)))
    inner = next(i for i in items if i["reported_by"])
    assert inner["cue"]["text"] == "confirmed" and inner["cue_class"] == "speech"
    assert "Red Cross" in _claimant(annotator, items, "300")
    assert _claimant(annotator, items, "45") == "Vereshchuk"  # only in the outer content
    # a nested act or stance claims nothing: the outer speaker stays the claimant
    acts = [{**i, "cue_class": "stance"} if i["reported_by"] else i for i in items]
    assert _claimant(annotator, acts, "300") == "Vereshchuk"
    # without the nested statement, as before
    assert _claimant(annotator, [i for i in items if not i["reported_by"]], "300") == "Vereshchuk"


def test_a_report_in_a_relative_clause_states_what_follows_its_verb(
    annotator: Annotator,
) -> None:
    text = "The attacks, which the probe said were covered up, hurt the bank."
    doc = annotator.nlp(text)
    (said,) = find_attributions(doc, annotation_from_doc("t", doc))
    assert said.source is not None and text[said.source[0] : said.source[1]] == "the probe"
    assert text[said.content[0] : said.content[1]] == "were covered up"
    nested = "Ms Ruiz urged the judge to give her a fair sentence, which she said was not jail."
    doc = annotator.nlp(nested)
    atts = find_attributions(doc, annotation_from_doc("t", doc), nested_filter=KEEP_ALL)
    inner = next(a for a in atts if a.parent is not None)
    assert nested[inner.content[0] : inner.content[1]] == "was not jail"
    assert inner.source is not None and nested[inner.source[0] : inner.source[1]] == "she"
