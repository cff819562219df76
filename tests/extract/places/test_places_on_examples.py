"""Places on the example reports, through the real pipeline (issue 6, criterion 8).

The three Mariupol reports are ingested end to end (the session's
``example_store``); the export's ``places[]`` must hold each place the issue
names at the right coordinates, and must not hold the Kremlin or Moscow,
which these reports only name as speakers or agents.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export, validate_export
from crosswire.geo.resolver import distance_km
from crosswire.store import Store

# name in places[] -> (lat, lon, tolerance km, feature). Cities are GeoNames points; regions
# and countries are population-weighted centres, so their tolerance is wider.
EXPECTED: dict[str, tuple[float, float, float, str]] = {
    "Mariupol": (47.0951, 37.5413, 5, "city"),
    "Zaporizhzhya": (47.8517, 35.1171, 5, "city"),
    "Berdyansk": (46.7558, 36.7882, 5, "city"),
    "Kyiv": (50.4547, 30.5238, 5, "city"),
    "Sumy": (50.9174, 34.7991, 5, "city"),
    "Chernihiv": (51.5054, 31.2866, 5, "city"),
    "Lviv": (49.8383, 24.0232, 5, "city"),
    "Geneva": (46.2022, 6.1457, 5, "city"),
    "Brussels": (50.8505, 4.3488, 5, "city"),
    "Istanbul": (41.0138, 28.9497, 5, "city"),
    "Norway": (60.5, 9.5, 400, "country"),
    "Belarus": (53.7, 27.9, 250, "country"),
    "Donetsk Oblast": (48.0, 37.8, 80, "admin1"),
    "Luhansk Oblast": (48.6, 39.1, 80, "admin1"),
}


@pytest.fixture(scope="module")
def export(example_store: Path) -> dict[str, Any]:
    with Store(example_store) as store:
        return build_export(store)


@pytest.fixture(scope="module")
def places(export: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["name"]: p for p in export["places"]}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_place_resolves(places: dict[str, dict[str, Any]], name: str) -> None:
    lat, lon, km, feature = EXPECTED[name]
    assert name in places, f"{name} missing from places[]: {sorted(places)}"
    place = places[name]
    assert place["feature"] == feature
    assert distance_km(place["lat"], place["lon"], lat, lon) <= km
    assert place["mentions"], "every place cites its mentions"


def test_countries_and_regions_carry_codes(places: dict[str, dict[str, Any]]) -> None:
    assert places["Norway"]["country"] == "NO"
    assert places["Belarus"]["country"] == "BY"
    assert places["Donetsk Oblast"]["country"] == "UA"
    assert places["Mariupol"]["admin1"] == "Donetsk Oblast"
    assert places["Mariupol"]["geonameid"] == 701822


def test_speakers_are_not_places(places: dict[str, dict[str, Any]]) -> None:
    assert "Moscow" not in places  # "Moscow's announcements", "after Moscow made ..."
    assert not any("Kremlin" in name for name in places)
    assert all("Kremlin" not in m["text"] for p in places.values() for m in p["mentions"])


def test_metonymic_mentions_are_flagged(example_store: Path) -> None:
    with Store(example_store) as store:
        items = [i for v in store.extractions("place_mentions").values() for i in v]
    moscow = [i for i in items if i["text"] == "Moscow"]
    assert moscow and all(i["metonymic"] for i in moscow)


def test_lviv_comes_from_the_dateline(places: dict[str, dict[str, Any]]) -> None:
    lviv = places["Lviv"]["mentions"]
    assert lviv and all(m.get("dateline") and m["text"] == "" for m in lviv)


def test_relations_are_kept(places: dict[str, dict[str, Any]]) -> None:
    rels = {(r["type"], r["anchor"]) for p in places.values() for r in p.get("relations", [])}
    assert ("distance", "Mariupol") in rels  # "Berdyansk, ... about 85km from Mariupol"
    distance = next(r for r in places["Mariupol"]["relations"] if r["type"] == "distance")
    assert distance["km"] == 85.0
    assert ("part", "Ukraine") in rels  # "on Ukraine's south-east coast"


def test_places_export_validates_and_spans_fit(export: dict[str, Any]) -> None:
    validate_export(export)
    texts = {a["id"]: a["text"] for a in export["articles"]}
    for place in export["places"]:
        for m in place["mentions"]:
            assert texts[m["article"]][m["start"] : m["end"]] == m["text"]


def test_place_items_link_entities(places: dict[str, dict[str, Any]]) -> None:
    assert places["Mariupol"]["entity"] is not None


def test_a_one_word_name_before_state_or_region_is_the_unit_not_its_capital(annotator: Any) -> None:
    from datetime import date

    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.models import Article

    text = "The quake left 74 dead in Morelos state and 45 in Puebla state, officials said."
    doc = annotator.nlp(text)
    art = Article(id="p" * 16, source="t", raw_text=text, text=text, published=date(2017, 9, 26))
    found = EXTRACTOR.extract(ExtractionInput(art, doc, annotation_from_doc(art.id, doc)))
    by_text = {p["text"]: p for p in found}
    assert by_text["Puebla"]["feature"] == "admin1"
    assert by_text["Morelos"]["feature"] == "admin1"
