"""Signed quotations ("“...” ― Name" closing a line): the scanner and the extractor."""

from __future__ import annotations

from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract import ExtractionInput
from crosswire.extract.quotes import EXTRACTOR
from crosswire.extract.quotes_marks import find_quoted
from crosswire.extract.quotes_signature import signed_quotations
from crosswire.models import Article


def _signed(text: str) -> list[tuple[str, str, str]]:
    return [
        (text[c[0] : c[1]], text[d[0] : d[1]], text[n[0] : n[1]])
        for c, d, n in signed_quotations(text, find_quoted(text))
    ]


def test_dash_and_name_after_a_quotation() -> None:
    text = (
        "Residents told us what they saw.\n"
        "“The shelling went on all night and nobody slept.” ― Olena Kovalenko\n"
        "“We need water more than anything.”\u00a0— Dr. Ivan M. Sydorenko.\n"
    )
    assert _signed(text) == [
        ("“The shelling went on all night and nobody slept.”", "―", "Olena Kovalenko"),
        ("“We need water more than anything.”", "—", "Dr. Ivan M. Sydorenko"),
    ]


def test_unpaired_marks_still_give_the_whole_line() -> None:
    # A reversed opening mark: the mark scanner pairs nothing, the line is still one quote.
    text = "Voices from the queue.\n”The bread ran out at noon.” ― Maria Lysenko\n"
    assert _signed(text) == [("”The bread ran out at noon.”", "―", "Maria Lysenko")]


@pytest.mark.parametrize(
    "text",
    [
        "Page 3 - Sports\n",  # no quotation before the dash
        "“The bread ran out,” ― Maria Lysenko said on Monday.\n",  # the line goes on
        "“Water is short.” ― and so is fuel.\n",  # no capitalised name
        "He called it “a disaster” - Reuters Kyiv bureau chief John Smith Jones Sr\n",  # too long
    ],
)
def test_no_signature(text: str) -> None:
    assert _signed(text) == []


def test_extractor_attributes_the_signed_quotation(annotator: Annotator) -> None:
    text = (
        "What people in Zaporizhzhia told reporters.\n"
        "“He said the convoy would come, but it never did.” ― Olena Kovalenko\n"
        "“I have not seen my son for a month.” ― Petro Bondar\n"
    )
    doc = annotator.nlp(text)
    art = Article(id="t", source="t.txt", raw_text=text, text=text)
    items: list[dict[str, Any]] = EXTRACTOR.extract(
        ExtractionInput(art, doc, annotation_from_doc("t", doc))
    )
    by_source = {i["source"]["text"]: i for i in items if i["source"]}
    first = by_source["Olena Kovalenko"]
    assert first["text"].startswith("“He said the convoy")
    assert first["cue"]["text"] == "―"
    assert first["kind"] == "direct"
    assert by_source["Petro Bondar"]["text"] == "“I have not seen my son for a month.”"
    # "He said" inside the signed quotation is the signer's claim, not a statement of its own.
    assert all(i["cue"]["text"] != "said" for i in items)
