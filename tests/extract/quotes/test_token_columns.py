"""The column readers give what the Token and Doc attributes give, token for token."""

from __future__ import annotations

from spacy.attrs import DEP, LEMMA, LOWER, POS, TAG
from spacy.tokens import Doc

from crosswire.annotate import Annotator
from crosswire.extract.quotes_columns import sentence_starts, string_columns
from crosswire.extract.quotes_marks import find_quoted

_TEXT = (
    "Kyiv's mayor said on Tuesday that “the shelling has not stopped.” Officials, "
    "according to a statement, denied it.\n\nThe ministry added: ‘We are ready.’ "
    "He wasn’t there, she said. \"It is 'over',\" one aide told reporters."
)


def test_string_columns_match_token_attributes(annotator: Annotator) -> None:
    doc = annotator.nlp(_TEXT)
    pos, lemma, lower, dep, tag = string_columns(doc, [POS, LEMMA, LOWER, DEP, TAG])
    assert pos == [t.pos_ for t in doc]
    assert lemma == [t.lemma_ for t in doc]
    assert lower == [t.lower_ for t in doc]
    assert dep == [t.dep_ for t in doc]
    assert tag == [t.tag_ for t in doc]


def test_sentence_starts_match_doc_sents(annotator: Annotator) -> None:
    doc = annotator.nlp(_TEXT)
    assert len(list(doc.sents)) > 3
    assert sentence_starts(doc) == [s.start for s in doc.sents]
    assert sentence_starts(doc, chars=True) == [s.start_char for s in doc.sents]


def test_sentence_starts_of_hand_set_boundaries(annotator: Annotator) -> None:
    words = ["A", "b", ".", "C", "d", ".", "E"]
    doc = Doc(annotator.nlp.vocab, words=words, sent_starts=[1, 0, 0, 1, 0, 0, 1])
    assert sentence_starts(doc) == [0, 3, 6]
    assert sentence_starts(doc, chars=True) == [doc[0].idx, doc[3].idx, doc[6].idx]


def test_empty_doc_has_no_columns_or_sentences(annotator: Annotator) -> None:
    doc = annotator.nlp("")
    assert string_columns(doc, [POS, LEMMA]) == [[], []]
    assert sentence_starts(doc) == []


def test_quotation_scan_pairs_every_style() -> None:
    # Curly, straight, single, guillemets and the apostrophe that closes nothing.
    text = '“One two,” he said. She wrote "three" and ‘four’; «cinq». It’s done “open'
    got = [(text[q.start : q.end], q.closed) for q in find_quoted(text)]
    assert got == [
        ("“One two,”", True),
        ('"three"', True),
        ("‘four’", True),
        ("«cinq»", True),
        ("“open", False),
    ]
