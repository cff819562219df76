"""Source spans follow PolNeAR's convention: the whole noun phrase of the speaker, no more."""

from __future__ import annotations

from spacy.tokens import Doc

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract import ExtractionInput
from crosswire.extract.quotes import QuoteExtractor
from crosswire.extract.quotes_clause import (
    source_head,
    source_span,
    survey_source,
    trim_source,
)
from crosswire.extract.quotes_tagger import tidy_tagged_source
from crosswire.models import Article


def test_leading_adverb_of_the_name_is_dropped(annotator: Annotator) -> None:
    text = "Even the Red Cross, which runs the convoys, said the route was unsafe."
    doc = annotator.nlp(text)
    said = next(t for t in doc if t.lower_ == "said")
    head = source_head(said)
    assert head is not None
    lo, hi = source_span(head)
    assert doc[lo].lower_ == "even"  # the parse hangs "Even" on the name
    assert doc[slice(*trim_source(lo, hi, head))].text == "the Red Cross"
    art = Article(id="t", source="t.txt", raw_text=text, text=text)
    items = QuoteExtractor(use_model=False).extract(
        ExtractionInput(art, doc, annotation_from_doc("t", doc))
    )
    (q,) = items
    assert q["source"]["text"] == "the Red Cross"


def test_number_heads_keep_their_adverbs(annotator: Annotator) -> None:
    doc = annotator.nlp("Nearly eight of 10 residents said the water was unsafe.")
    head = source_head(next(t for t in doc if t.lower_ == "said"))
    assert head is not None
    assert doc[slice(*trim_source(*source_span(head), head))].text == "Nearly eight of 10 residents"


def test_tagged_source_cut_inside_a_clause_loses_the_clause(annotator: Annotator) -> None:
    doc = annotator.nlp("The U.N., which in March sent observers, said the plant was safe.")
    assert doc[0:6].text == "The U.N., which in March"
    assert doc[slice(*tidy_tagged_source(doc, 0, 6))].text == "The U.N."


def test_tagged_source_holding_a_clause_keeps_a_noun_phrase(annotator: Annotator) -> None:
    doc = annotator.nlp("The convoy was stopped, but Obama said he would call Moscow.")
    assert doc[5:9].text == "but Obama said he"
    lo, hi = tidy_tagged_source(doc, 5, 9)
    words = {t.lower_ for t in doc[lo:hi]}
    assert "said" not in words and "but" not in words and hi > lo


def test_apposition_parsed_as_a_second_subject_stays_in_the_source(annotator: Annotator) -> None:
    # The parse the small model gives some names: the apposition as a second subject.

    words = ["Olena", "Kovalenko", ",", "the", "city", "'s", "mayor", ",", "vowed", "to", "stay"]
    heads = [1, 8, 8, 4, 6, 4, 8, 6, 8, 10, 8]
    deps = ["compound", "nsubj", "punct", "det", "poss", "case", "nsubj", "punct", "ROOT"]
    deps += ["aux", "xcomp"]
    doc = Doc(annotator.nlp.vocab, words=words, heads=heads, deps=deps)
    head = source_head(doc[8])
    assert head is not None and head.text == "Kovalenko"
    lo, hi = source_span(head)
    assert doc[lo:hi].text == "Olena Kovalenko , the city 's mayor"


def test_participle_after_said_takes_that_speaker(annotator: Annotator) -> None:
    # The parse hangs "suggesting" on "think", inside the second quotation.
    text = (
        "The senator spoke in Ohio. “Most people do not agree with Trump,” Sanders said, "
        "suggesting a few questions, including, “Mr. Trump, do you really think that?”"
    )
    doc = annotator.nlp(text)
    suggesting = next(t for t in doc if t.lower_ == "suggesting")
    head = source_head(suggesting)
    assert head is not None and head.text == "Sanders"


def test_share_of_respondents_speaks_through_the_poll(annotator: Annotator) -> None:
    text = (
        "In a poll conducted by the New York Times and ABC News, just 28 percent of voters "
        "said they had a positive view of Clinton."
    )
    doc = annotator.nlp(text)
    said = next(t for t in doc if t.lower_ == "said")
    head = source_head(said)
    assert head is not None and head.lower_ == "percent"
    poll = survey_source(said, head)
    assert poll is not None and poll.lower_ == "poll"
    art = Article(id="t", source="t.txt", raw_text=text, text=text)
    items = QuoteExtractor(use_model=False).extract(
        ExtractionInput(art, doc, annotation_from_doc("t", doc))
    )
    assert [q["source"]["text"] for q in items] == [
        "a poll conducted by the New York Times and ABC News"
    ]


def test_a_named_speaker_in_a_poll_sentence_stays(annotator: Annotator) -> None:
    doc = annotator.nlp("In a recent poll, Trump said, voters had turned against him.")
    said = next(t for t in doc if t.lower_ == "said")
    head = source_head(said)
    assert head is not None and head.text == "Trump"
    assert survey_source(said, head) is None


def _sources(annotator: Annotator, text: str) -> list[str]:
    doc = annotator.nlp(text)
    art = Article(id="t", source="t.txt", raw_text=text, text=text)
    items = QuoteExtractor(use_model=False).extract(
        ExtractionInput(art, doc, annotation_from_doc("t", doc))
    )
    return [q["source"]["text"] for q in items if q["source"]]


def test_dateline_parsed_as_subject_gives_way_to_the_name(annotator: Annotator) -> None:
    text = (
        "New York (AFP) – Vice President Joe Biden on Monday hit the campaign trail, "
        "accusing Trump of endangering the country."
    )
    assert _sources(annotator, text) == ["Vice President Joe Biden"]


def test_list_dash_glued_to_a_name_is_dropped(annotator: Annotator) -> None:
    text = (
        "Results are in. [WashPost.]  -Philip Bump said that few people "
        "actually voted in the Iowa caucuses."
    )
    assert _sources(annotator, text) == ["Philip Bump"]


def test_linking_adverb_before_the_subject_is_dropped(annotator: Annotator) -> None:
    text = "The vote ended. Ultimately 54.6 percent of the electorate said they would vote."
    assert _sources(annotator, text) == ["54.6 percent of the electorate"]
    doc = annotator.nlp("The show ended. Meanwhile Rihanna said that self-love matters.")
    assert doc[slice(*tidy_tagged_source(doc, 4, 6))].text == "Rihanna"


def test_parenthetical_verb_takes_the_subject_next_to_it(annotator: Annotator) -> None:
    doc = annotator.nlp(
        "Voters, Clinton suggested, don’t have to worry that banks buy politicians."
    )
    head = source_head(next(t for t in doc if t.lower_ == "suggested"))
    assert head is not None and head.text == "Clinton"


def test_name_after_a_fronted_phrase_is_the_speaker(annotator: Annotator) -> None:
    text = (
        "With 50 days until the election, Minyon Moore, a senior adviser to the Clinton "
        "campaign, called the remarks “a true wake-up call” to his coalition."
    )
    sources = _sources(annotator, text)
    assert sources and all(s.startswith("Minyon Moore") for s in sources)
