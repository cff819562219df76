"""Statements made inside another speaker's description: kept only when they report a remark.

Rules only (no trained model), on hand-written sentences through the real parse, so each case
pins :func:`crosswire.extract.quotes_precedence.outside_sources` itself.
"""

from __future__ import annotations

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract.quotes import CUE_LEMMAS, find_attributions


def _statements(annotator: Annotator, text: str) -> list[tuple[str, str | None, str]]:
    doc = annotator.nlp(text)
    out = []
    for a in find_attributions(doc, annotation_from_doc("t", doc), CUE_LEMMAS):
        source = text[a.source[0] : a.source[1]] if a.source else None
        out.append((text[a.cue[0] : a.cue[1]], source, text[a.content[0] : a.content[1]]))
    return out


@pytest.mark.parametrize(
    ("text", "content"),
    [
        (
            "“Talks are hard,” said negotiator Anna Petrova, who had earlier raised hopes by "
            "saying on Sunday that the other side was beginning to talk “constructively”.",
            "that the other side was beginning to talk “constructively”",
        ),
        (
            "“Talks are hard,” said negotiator Anna Petrova, who said on Sunday that the other "
            "side was beginning to talk.",
            "that the other side was beginning to talk",
        ),
    ],
)
def test_a_remark_reported_in_a_description_is_a_statement(
    annotator: Annotator, text: str, content: str
) -> None:
    found = _statements(annotator, text)
    assert ("said", "negotiator Anna Petrova", "“Talks are hard,”") in found
    inner = [s for s in found if s[2] == content]
    assert len(inner) == 1
    assert inner[0][1] == "who"


def test_a_description_without_a_remark_stays_in_the_source(annotator: Annotator) -> None:
    text = "Senator Lindsey Graham, who has endorsed Cruz, said the party must unite."
    found = _statements(annotator, text)
    assert found == [
        ("said", "Senator Lindsey Graham, who has endorsed Cruz", "the party must unite")
    ]


def test_a_remark_in_a_description_ends_with_the_description(annotator: Annotator) -> None:
    """The kept inner statement's content stops where the description does; it used to run on
    over the outer cue and the outer speaker's words. The outer source stops before the
    description, which holds the inner statement's cue (one role per word,
    :mod:`crosswire.extract.quotes_univocal`)."""
    text = "Lindsey Graham, who has warned of “a disaster”, said the party must unite."
    found = _statements(annotator, text)
    assert ("has warned", "who", "of “a disaster”") in found
    assert ("said", "Lindsey Graham", "the party must unite") in found
