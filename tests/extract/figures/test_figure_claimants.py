"""Who gives a figure: the nearest report of it, never the party whose sentence only holds it."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest


@pytest.fixture(scope="module")
def claimants(annotator: Any) -> Any:
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import ExtractionInput, load_extractors
    from crosswire.models import Article

    extractors = load_extractors(("place_mentions", "timexes", "quotes", "figures"))

    def run(text: str) -> dict[str, str | None]:
        doc = annotator.nlp(text)
        art = Article(
            id="a" * 16, source="t", raw_text=text, text=text, published=date(2016, 9, 20)
        )
        earlier: dict[str, list[dict[str, Any]]] = {}
        for x in extractors:
            earlier[x.name] = x.extract(
                ExtractionInput(art, doc, annotation_from_doc(art.id, doc), earlier)
            )
        return {f["text"]: f["claimant"] for f in earlier["figures"]}

    return run


def test_a_toll_reported_inside_another_partys_statement_is_the_reporters(claimants: Any) -> None:
    found = claimants(
        "As anger grew over strikes that the Red Cross said had left around 20 people dead, "
        "Moscow insisted on Tuesday that no Russian or Syrian jets had bombed an aid convoy."
    )
    assert found["around 20"] == "Red Cross"


def test_a_toll_in_the_speakers_own_statement_stays_theirs(claimants: Any) -> None:
    found = claimants("The health ministry said on Tuesday that 104 people had been killed.")
    assert "ministry" in str(found["104"])


def test_a_reporting_clause_set_off_by_commas_names_the_claimant(claimants: Any) -> None:
    found = claimants(
        "The toll from the quake now stands at 230, federal authorities say, after the "
        "capital's confirmed dead reached 100."
    )
    assert found["230"] == "federal authorities"


def test_whose_count_it_is_gives_the_claimant_but_a_toll_s_owner_is_a_place(
    claimants: Any,
) -> None:
    assert claimants("Turkey's count of evacuees is 37,500.")["37,500"] == "Turkey"
    assert claimants("Mexico's death toll rose to 273 on Thursday.")["273"] is None


def test_an_organisation_claimant_is_named_whole(claimants: Any) -> None:
    found = claimants(
        "The International Committee of the Red Cross puts the number of evacuees at 25,000."
    )
    assert found["25,000"] == "International Committee of the Red Cross"
