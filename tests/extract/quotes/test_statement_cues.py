"""Which verbs make a statement: releasing money is none, a body reporting a figure is one
(invented news sentences through the real parse and the shipped models).
"""

from __future__ import annotations

from crosswire.annotate import Annotator
from quotes_support import attributions_of, content_texts, span_text


def test_releasing_an_amount_of_money_is_not_a_statement(annotator: Annotator) -> None:
    text = "The regional relief fund has released $12 million to support the response."
    assert [span_text(text, a.cue) for a in attributions_of(annotator, text)] == []


def test_a_figure_a_body_reports_is_still_a_statement(annotator: Annotator) -> None:
    text = "The civil defence agency reports 4,210 deaths as of 09:00 local time."
    assert [c for c in content_texts(annotator, text) if c and c.startswith("4,210 deaths")]
