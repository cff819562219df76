"""The source check: a doubted source is withheld, the statement kept.

Hand-written sentences run through the real parse, with small hand-set models whose answer
is known and with the shipped model on plain cases, so each test fails when the mechanism
(scoring each statement's source, withholding it and its speaker for the whole statement)
breaks.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.errors import ModelError
from crosswire.extract import ExtractionInput
from crosswire.extract.quotes import QuoteExtractor, find_attributions
from crosswire.extract.quotes_filter import Logistic
from crosswire.extract.quotes_source_check import load_source_check
from crosswire.extract.quotes_statements import Attribution
from crosswire.models import Article

TEXT = (
    "Senator Jane Smith said on Tuesday that the plan would fail. "
    "“We will not vote for it,” she added. “Nobody will.”"
)


def _attributions(annotator: Annotator, text: str, check: Logistic | None) -> list[Attribution]:
    doc = annotator.nlp(text)
    return find_attributions(doc, annotation_from_doc("t", doc), source_check=check)


def _sources(text: str, atts: list[Attribution]) -> dict[str, str | None]:
    return {
        text[a.content[0] : a.content[1]]: text[a.source[0] : a.source[1]] if a.source else None
        for a in atts
    }


def test_a_doubted_source_is_withheld_and_the_statement_kept(annotator: Annotator) -> None:
    kept = _sources(TEXT, _attributions(annotator, TEXT, None))
    assert kept["that the plan would fail"] == "Senator Jane Smith"
    doubt_all = Logistic({}, -10.0, 0.5)
    atts = _attributions(annotator, TEXT, doubt_all)
    withheld = _sources(TEXT, atts)
    assert set(withheld) == set(kept)  # every statement is still there
    assert all(src is None for src in withheld.values())
    assert all(a.speaker.kind == "unknown" and a.speaker.span is None for a in atts)


def test_the_check_reads_the_source_and_withholds_the_whole_statement(
    annotator: Annotator,
) -> None:
    # Only pronoun sources are doubted: the name keeps its source, and both quotations
    # of "she added" (one statement, two items) lose theirs together.
    doubt_pronouns = Logistic({"sp=PRON": -20.0}, 10.0, 0.5)
    found = _sources(TEXT, _attributions(annotator, TEXT, doubt_pronouns))
    assert found["that the plan would fail"] == "Senator Jane Smith"
    quoted = [content for content in found if content.startswith("“")]
    assert len(quoted) == 2
    assert all(found[content] is None for content in quoted)


def test_shipped_check_keeps_plain_named_and_pronoun_sources(annotator: Annotator) -> None:
    # The whole extractor, as the pipeline runs it (tagger, filter, shipped source check).
    art = Article(id="t", source="t.txt", raw_text=TEXT, text=TEXT)
    doc = annotator.nlp(TEXT)
    items = QuoteExtractor().extract(ExtractionInput(art, doc, annotation_from_doc("t", doc)))
    found = {it["text"]: it["source"]["text"] if it["source"] else None for it in items}
    assert found["that the plan would fail"] == "Senator Jane Smith"
    assert found["“We will not vote for it,”"] == "she"


def test_missing_source_check_is_a_model_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="train_quotes_sources"):
        load_source_check.__wrapped__(str(tmp_path / "absent.json"))
