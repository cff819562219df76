"""The trained attribution tagger: cues the clause rules do not know, and sourceless statements.

Hand-written sentences run through the real parse and the shipped model
(``quotes_model/attribution.crfsuite``, trained on PolNeAR train). Each
asserts the spans the extractor returns, and that the rules alone
(``use_model=False``) do not already find them, so the model is what is tested.
"""

from __future__ import annotations

from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract import ExtractionInput
from crosswire.extract.quotes import QuoteExtractor
from crosswire.extract.quotes_tagger import load_tagger
from crosswire.models import Article


@pytest.fixture(scope="module")
def run(annotator: Annotator) -> Any:
    def _run(text: str, use_model: bool = True) -> list[dict[str, Any]]:
        doc = annotator.nlp(text)
        art = Article(id="t", source="t.txt", raw_text=text, text=text)
        ext = QuoteExtractor(use_model=use_model)
        items = ext.extract(ExtractionInput(art, doc, annotation_from_doc("t", doc)))
        for it in items:
            assert text[it["start"] : it["end"]] == it["text"]
            assert text[it["cue"]["start"] : it["cue"]["end"]] == it["cue"]["text"]
            if it["source"] is not None:
                assert text[it["source"]["start"] : it["source"]["end"]] == it["source"]["text"]
        return items

    return _run


def _with(items: list[dict[str, Any]], words: str) -> dict[str, Any]:
    hits = [i for i in items if words in i["text"]]
    assert len(hits) == 1, [(i["cue"]["text"], i["text"]) for i in items]
    return hits[0]


def test_tagger_is_loaded_once() -> None:
    assert load_tagger() is load_tagger()
