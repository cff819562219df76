"""doc_text: Doc.text built once per Doc, and never stale."""

from __future__ import annotations

from typing import Any

from crosswire.doctext import doc_text


def test_doc_text_equals_doc_text_and_is_kept(annotator: Any) -> None:
    art_text = "Two people were shot on Main Street.\n\nPolice said one died."
    doc = annotator.nlp(art_text)
    first = doc_text(doc)
    assert first == doc.text == art_text
    assert doc_text(doc) is first  # the second call does not join the tokens again


def test_a_retokenised_doc_is_joined_again(annotator: Any) -> None:
    doc = annotator.nlp("New York police said two men were shot.")
    before = doc_text(doc)
    n = len(doc)
    with doc.retokenize() as retok:
        retok.merge(doc[0:2])
    assert len(doc) == n - 1
    assert doc_text(doc) == doc.text == before
    assert doc.user_data["crosswire.doc_text"][0] == len(doc)
