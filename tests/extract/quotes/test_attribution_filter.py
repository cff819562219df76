"""The trained attribution filter, the source-boundary model and nested statements.

Hand-written sentences run through the real parse; the filter and boundary decisions are
checked both with the shipped models and with small hand-set models whose behaviour is known,
so each test can fail when the mechanism (dropping a whole group, cutting a source at the
first rejected modifier) breaks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.errors import ModelError
from crosswire.extract import ExtractionInput
from crosswire.extract.quotes import QuoteExtractor, find_attributions
from crosswire.extract.quotes_bounds import SourceBounds, load_bounds
from crosswire.extract.quotes_filter import (
    Logistic,
    filter_attributions,
    group_features,
    groups_of,
    load_filter,
)
from crosswire.extract.quotes_tagger import load_tagger
from crosswire.models import Article

TWO = (
    'Smith said the plan would fail. "It cannot work," he added. '
    "Jones argued that the budget was too small."
)


def _items(annotator: Annotator, text: str, use_model: bool = True) -> list[dict[str, Any]]:
    doc = annotator.nlp(text)
    art = Article(id="t", source="t.txt", raw_text=text, text=text)
    return QuoteExtractor(use_model=use_model).extract(
        ExtractionInput(art, doc, annotation_from_doc("t", doc))
    )


def test_filter_drops_every_item_of_a_rejected_statement(annotator: Annotator) -> None:
    doc = annotator.nlp(TWO)
    atts = find_attributions(doc, annotation_from_doc("t", doc), tagger=load_tagger())
    cues = {TWO[a.cue[0] : a.cue[1]] for a in atts}
    assert "argued" in cues
    reject_argue = Logistic({"cl=argue": -20.0}, 10.0, 0.5)
    kept = filter_attributions(doc, TWO, atts, reject_argue)
    assert {TWO[a.cue[0] : a.cue[1]] for a in kept} == cues - {"argued"}
    assert len(kept) == len(atts) - sum(1 for a in atts if TWO[a.cue[0] : a.cue[1]] == "argued")
    keep_all = Logistic({}, 10.0, 0.5)
    assert filter_attributions(doc, TWO, atts, keep_all) == atts


def test_features_describe_cue_source_and_marginals(annotator: Annotator) -> None:
    doc = annotator.nlp(TWO)
    marginals: dict[int, tuple[float, float]] = {}
    atts = find_attributions(
        doc, annotation_from_doc("t", doc), tagger=load_tagger(), marginals=marginals
    )
    jones = next(
        items
        for items in groups_of(atts).values()
        if TWO[items[0].cue[0] : items[0].cue[1]] == "argued"
    )
    feats = group_features(doc, TWO, jones, marginals)
    assert "cl=argue" in feats and "o=verb" in feats and "sp=PROPN" in feats
    assert any(f.startswith("mc=") for f in feats) and any(f.startswith("ms=") for f in feats)
    assert "m=none" in group_features(doc, TWO, jones, None)


def test_shipped_filter_keeps_plain_reports(annotator: Annotator) -> None:
    items = _items(annotator, TWO)
    cues = {i["cue"]["text"] for i in items}
    assert {"said", "added", "argued"} <= cues
    assert load_filter() is load_filter()


def test_missing_filter_model_is_a_model_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError):
        load_filter.__wrapped__(str(tmp_path / "absent.json"))
    with pytest.raises(ModelError):
        load_bounds.__wrapped__(str(tmp_path / "absent.json"))


def test_source_ends_before_the_first_rejected_modifier(annotator: Annotator) -> None:
    text = "Angela Merkel, who has adopted open policies, said the border would stay open."
    doc = annotator.nlp(text)
    ann = annotation_from_doc("t", doc)
    cut = SourceBounds({"d=relcl": -20.0}, 10.0)
    keep = SourceBounds({}, 10.0)
    (short,) = [a for a in find_attributions(doc, ann, bounds=cut) if a.cue[0] > 40]
    (long_,) = [a for a in find_attributions(doc, ann, bounds=keep) if a.cue[0] > 40]
    assert short.source is not None and long_.source is not None
    assert text[short.source[0] : short.source[1]] == "Angela Merkel"
    assert text[long_.source[0] : long_.source[1]] == "Angela Merkel, who has adopted open policies"


def test_statement_inside_a_speakers_description_is_left_to_it(annotator: Annotator) -> None:
    text = "Lindsey Graham, who has endorsed Cruz, said the party must unite behind one candidate."
    items = _items(annotator, text, use_model=False)
    assert [i["cue"]["text"] for i in items] == ["said"]
    assert items[0]["source"]["text"].startswith("Lindsey Graham")


def test_dateline_before_the_name_is_not_the_source(annotator: Annotator) -> None:
    text = "NEW YORK (Reuters) - Republican candidate Donald Trump said taxes would fall."
    items = _items(annotator, text, use_model=False)
    assert [i["source"]["text"] for i in items] == ["Republican candidate Donald Trump"]
