"""Where a source starts and ends, on hand-written sentences through the real parse (rules
only): the phrasings PolNeAR train marks one way and the parser splits another."""

from __future__ import annotations

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract.quotes import CUE_LEMMAS, find_attributions


def _sources(annotator: Annotator, text: str) -> dict[str, str | None]:
    doc = annotator.nlp(text)
    return {
        text[a.cue[0] : a.cue[1]]: text[a.source[0] : a.source[1]] if a.source else None
        for a in find_attributions(doc, annotation_from_doc("t", doc), CUE_LEMMAS)
    }


@pytest.mark.parametrize(
    ("text", "cue", "source"),
    [
        # An adverb sizing the group is part of who spoke.
        ("Nearly half said they prefer an outsider.", "said", "Nearly half"),
        (
            "Almost half of respondents said the party has changed.",
            "said",
            "Almost half of respondents",
        ),
        # A name the parser made a second subject, with no comma between.
        (
            "Vatican spokesman the Rev. Federico Lombardi said the pope would not comment.",
            "said",
            "Vatican spokesman the Rev. Federico Lombardi",
        ),
        # A fronted relative object is not the speaker: the subject after it is.
        ("It was a plan which she said was doomed from the start.", "said", "she"),
    ],
)
def test_source_edges(annotator: Annotator, text: str, cue: str, source: str) -> None:
    assert _sources(annotator, text).get(cue) == source


def test_a_linking_adverb_still_leaves_the_source(annotator: Annotator) -> None:
    assert _sources(annotator, "Meanwhile Rihanna said she would tour.").get("said") == "Rihanna"
