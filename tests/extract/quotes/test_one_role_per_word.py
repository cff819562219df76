"""One role per word: a source stops before a clause that holds another statement's cue.

On hand-written sentences through the real parse; the first test calls
:func:`crosswire.extract.quotes_univocal.univocal_sources` on statements built by hand, so it
pins the rule itself whatever the clause rules and the boundary model draw.
"""

from __future__ import annotations

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract.quotes import CUE_LEMMAS, find_attributions
from crosswire.extract.quotes_speaker import Speaker
from crosswire.extract.quotes_statements import Attribution
from crosswire.extract.quotes_univocal import univocal_sources


def _at(text: str, cue: str, source: str, content: str) -> Attribution:
    def span(words: str) -> tuple[int, int]:
        start = text.index(words)
        return start, start + len(words)

    speaker = Speaker(None, "unknown", "none", None)
    return Attribution(span(content), span(cue), span(source), speaker, "indirect", None)


def _sources(text: str, atts: list[Attribution]) -> list[str | None]:
    return [text[a.source[0] : a.source[1]] if a.source else None for a in atts]


RUBEL = "Howard Rubel, a senior analyst at Jefferies, who notes that costs fell, said it was good."


def _rubel_said() -> Attribution:
    """The outer statement, its source running over the relative clause."""
    return _at(
        RUBEL,
        "said",
        "Howard Rubel, a senior analyst at Jefferies, who notes that costs fell",
        "it was good",
    )


def test_a_source_stops_before_a_set_off_clause_holding_another_cue(annotator: Annotator) -> None:
    text = RUBEL
    doc = annotator.nlp(text)
    outer = _rubel_said()
    inner = _at(text, "notes", "who", "that costs fell")
    found = univocal_sources(doc, [outer, inner])
    assert _sources(text, found) == ["Howard Rubel, a senior analyst at Jefferies", "who"]
    assert found[0] is outer  # in place: nested statements point at their parent object


def test_a_source_without_another_cue_is_left_alone(annotator: Annotator) -> None:
    text = RUBEL
    doc = annotator.nlp(text)
    outer = _rubel_said()
    assert _sources(text, univocal_sources(doc, [outer])) == [
        "Howard Rubel, a senior analyst at Jefferies, who notes that costs fell"
    ]


def test_a_restrictive_clause_stays_in_the_source(annotator: Annotator) -> None:
    """PolNeAR keeps "a person who said ..." whole as often as not: only a clause set off by a
    comma or a dash is cut."""
    text = "A person who said the talks failed told reporters the mood was tense."
    doc = annotator.nlp(text)
    found = find_attributions(doc, annotation_from_doc("t", doc), CUE_LEMMAS)
    assert ("told", "A person who said the talks failed") in [
        (text[a.cue[0] : a.cue[1]], text[a.source[0] : a.source[1]] if a.source else None)
        for a in found
    ]


def test_a_set_off_clause_with_its_own_statement_leaves_the_source(annotator: Annotator) -> None:
    text = "Officials, who said the talks failed, told reporters the mood was tense."
    doc = annotator.nlp(text)
    found = {
        text[a.cue[0] : a.cue[1]]: text[a.source[0] : a.source[1]] if a.source else None
        for a in find_attributions(doc, annotation_from_doc("t", doc), CUE_LEMMAS)
    }
    assert found == {"said": "who", "told": "Officials"}


def test_a_source_never_ends_in_the_cue_verbs_auxiliary(annotator: Annotator) -> None:
    text = "American officials have said the talks will resume."
    doc = annotator.nlp(text)
    att = _at(text, "said", "American officials have", "the talks will resume")
    assert _sources(text, univocal_sources(doc, [att])) == ["American officials"]
