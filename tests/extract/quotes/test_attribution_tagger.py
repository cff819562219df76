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


def test_noun_cue(run: Any) -> None:
    text = (
        "The senator's claim that the budget would balance itself drew laughter from the gallery."
    )
    assert run(text, use_model=False) == []
    q = _with(run(text), "the budget would balance itself")
    assert q["cue"]["text"] == "claim"
    assert q["source"]["text"].startswith("The senator")
    assert q["kind"] == "indirect"


def test_adjective_cue(run: Any) -> None:
    text = "Party leaders are optimistic that the bill will pass before the recess."
    assert run(text, use_model=False) == []
    q = _with(run(text), "the bill will pass before the recess")
    assert "optimistic" in q["cue"]["text"]
    assert q["source"]["text"] == "Party leaders"
    assert q["speaker"] == "Party leaders"


def test_light_verb_with_noun_content(run: Any) -> None:
    text = "Critics have voiced concern that the new rules will hurt small farmers."
    assert run(text, use_model=False) == []
    q = _with(run(text), "the new rules will hurt small farmers")
    assert "voiced" in q["cue"]["text"]
    assert q["source"]["text"] == "Critics"


def test_sourceless_passive(run: Any) -> None:
    text = "It was reported that the mayor had quietly resigned on Friday."
    assert run(text, use_model=False) == []
    q = _with(run(text), "the mayor had quietly resigned")
    assert "reported" in q["cue"]["text"]
    assert q["source"] is None
    assert q["speaker"] is None
    assert (q["speaker_type"], q["speaker_via"], q["speaker_span"]) == ("unknown", "none", None)


def test_sourceless_question(run: Any) -> None:
    text = "Asked whether he would run again, the governor shrugged."
    q = _with(run(text), "he would run again")
    assert q["cue"]["text"] == "Asked"
    assert q["source"] is None


def test_rules_keep_their_attributions(run: Any) -> None:
    """The model only adds: a statement the rules find keeps the rules' spans and speaker."""
    text = "“We will reopen the bridge on Monday,” the mayor, Anna Petrova, told reporters."
    rules, both = run(text, use_model=False), run(text)
    assert rules
    assert [(i["start"], i["end"], i["cue"], i["source"], i["speaker"]) for i in rules] == [
        (i["start"], i["end"], i["cue"], i["source"], i["speaker"]) for i in both
    ]


def test_live_blog_header_is_not_the_source(run: Any) -> None:
    # A live blog: header and timestamp paragraphs before the statement. Paragraph breaks start
    # sentences in the annotator, so neither the rules nor the tagger take them as the subject.
    text = (
        "The Latest on the siege of Mariupol (all times local):\n\n5:45 p.m.\n\n"
        "Ukraine's deputy prime minister is calling the evacuation “a failure.”\n"
    )
    (ruled,) = run(text, use_model=False)
    (q,) = run(text)
    for item in (ruled, q):
        assert item["source"]["text"] == "Ukraine's deputy prime minister"
        assert item["cue"]["text"] == "is calling"
        assert "Latest" not in (item["speaker"] or "")
    assert q["text"] == ruled["text"]
