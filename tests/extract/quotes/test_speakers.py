"""Who speaks: a pronoun back to a named source, the body behind "according to figures from",
a possessive in a described speaker (invented news sentences through the real parse and the
shipped models).
"""

from __future__ import annotations

from crosswire.annotate import Annotator
from quotes_support import attributions_of


def test_she_refers_back_to_a_named_source_whatever_its_entity_type(
    annotator: Annotator,
) -> None:
    text = (
        "Melek Arslan told Reuters she had waited two days for a rescue team to reach her"
        ' street. "We heard voices yesterday. Today there is nothing," she said.'
    )
    speakers = [a.speaker.name for a in attributions_of(annotator, text)]
    assert speakers == ["Melek Arslan", "Melek Arslan"]


def test_according_to_figures_from_a_body_names_the_body(annotator: Annotator) -> None:
    text = (
        "Across the province, the number of dead has risen to 1,200, according to figures"
        " from the Ministry of Health and local volunteers."
    )
    found = attributions_of(annotator, text)
    assert [a.speaker.name for a in found] == ["Ministry of Health and local volunteers"]


def test_a_possessive_stays_in_a_described_speaker(annotator: Annotator) -> None:
    text = "Chile's disaster agency said 40,000 rescue workers were now in the affected zone."
    assert [a.speaker.name for a in attributions_of(annotator, text)] == ["Chile's disaster agency"]
