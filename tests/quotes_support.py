"""Shared helpers of the attribution tests (tests/extract/quotes/): find the attributions of
one invented news text through the real parse and the shipped models."""

from __future__ import annotations

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract.quotes import CUE_LEMMAS, find_attributions
from crosswire.extract.quotes_bounds import load_bounds
from crosswire.extract.quotes_cues import load_cues
from crosswire.extract.quotes_filter import load_filter
from crosswire.extract.quotes_nested import load_nested
from crosswire.extract.quotes_source_check import load_source_check
from crosswire.extract.quotes_statements import Attribution
from crosswire.extract.quotes_tagger import load_tagger


def attributions_of(annotator: Annotator, text: str) -> list[Attribution]:
    doc = annotator.nlp(text)
    return find_attributions(
        doc,
        annotation_from_doc("t", doc),
        CUE_LEMMAS,
        load_tagger(),
        load_filter(),
        load_bounds(),
        cue_model=load_cues(),
        source_check=load_source_check(),
        nested_filter=load_nested(),
    )


def span_text(text: str, span: tuple[int, int] | None) -> str | None:
    return text[span[0] : span[1]] if span else None


def content_texts(annotator: Annotator, text: str) -> list[str | None]:
    return [span_text(text, a.content) for a in attributions_of(annotator, text)]
