"""The offline geocoder: gazetteer, resolver, relations, metonymy, GeoJSON and map.

Resolution cases live in ``fixtures/places/resolution_cases.json``: each is
the place mentions of one short article, resolved together, and what each
must resolve to (``name|STATE`` for a US city, ``name|CC`` for a city
elsewhere, or ``name|<place key>``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crosswire.geo.gazetteer import Place, gazetteer, place_norm
from crosswire.geo.geojson import build_geojson
from crosswire.geo.relations import find_relation
from crosswire.geo.resolver import Query, distance_km, parse_qualifier, resolver

FIXTURES = Path(__file__).parents[1] / "fixtures" / "places"
CASES = json.loads((FIXTURES / "resolution_cases.json").read_text("utf-8"))


def _query(spec: str) -> Query:
    text, _, qualifier = spec.partition("|")
    return Query(text, qualifier or None)


def _matches(place: Place | None, spec: str) -> bool:
    name, _, where = spec.partition("|")
    if place is None or place.name != name:
        return False
    if ":" in where:
        return place.key == where
    if place.country == "US" and len(where) == 2 and where != "US":
        return place.admin1_code == where
    return place.country == where


@pytest.mark.parametrize("case", CASES, ids=[c["why"] + ": " + c["mentions"][0] for c in CASES])
def test_resolution_case(case: dict[str, Any]) -> None:
    got = resolver().resolve_all([_query(m) for m in case["mentions"]])
    for res, want in zip(got, case["expect"], strict=True):
        where = res.place and (res.place.name, res.place.key, res.place.admin1_code)
        assert _matches(res.place, want), f"{case['why']}: wanted {want}, got {where}"


def test_qualifiers() -> None:
    assert parse_qualifier("Ind.") == ("US", "IN")
    assert parse_qualifier("Calif.") == ("US", "CA")
    assert parse_qualifier("Texas") == ("US", "TX")
    assert parse_qualifier("Ukraine") == ("UA", None)
    assert parse_qualifier("Zaporizhzhia") is None


def test_confidence_reflects_ambiguity() -> None:
    assert resolver().resolve("Mariupol").confidence > 0.9
    assert resolver().resolve("Springfield").confidence < 0.6


def test_dateline_context_decides() -> None:
    r = resolver()
    got = r.resolve_all([Query("Paris")], dateline=Query("Dallas"))
    assert got[0].place is not None and got[0].place.admin1_code == "TX"


def test_unknown_names_stay_unresolved() -> None:
    assert resolver().resolve("Qwxzvbnm Street").place is None
    assert resolver().resolve("Metro").place is None  # "Metro police", not Metro, Indonesia


def test_gazetteer_is_lazy_and_shared() -> None:
    assert gazetteer() is gazetteer()
    assert len(gazetteer().gid) > 200_000  # cities down to 500 people
    assert place_norm("Kyïv’s") == "kyiv's"


def test_admin1_centre_is_derived_from_cities() -> None:
    donetsk = gazetteer().admin1_of("UA", "05")
    assert donetsk is not None and donetsk.name == "Donetsk Oblast"
    assert distance_km(donetsk.lat, donetsk.lon, 48.0, 37.8) < 80


@pytest.mark.parametrize(
    ("text", "anchor", "want"),
    [
        ("a city about 85km from Mariupol", "Mariupol", {"type": "distance", "km": 85.0}),
        ("30 miles north of Indianapolis", "Indianapolis", {"km": 48.3, "direction": "north"}),
        ("villages on the outskirts of Kyiv", "Kyiv", {"type": "outskirts"}),
        ("the city on Ukraine's south-east coast", "Ukraine", {"direction": "south-east"}),
        ("separatists in eastern Ukraine", "Ukraine", {"type": "part", "direction": "east"}),
        ("fighting near Kharkiv", "Kharkiv", {"type": "near"}),
        ("in Kyiv itself", "Kyiv", None),
    ],
)
def test_relations(text: str, anchor: str, want: dict[str, Any] | None) -> None:
    start = text.index(anchor)
    got = find_relation(text, start, start + len(anchor), anchor)
    if want is None:
        assert got is None
    else:
        assert got is not None and got["anchor"] == anchor
        assert {k: got.get(k) for k in want} == want


def test_metonymy_on_a_parse(annotator: Any) -> None:
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.models import Article

    text = (
        "Moscow said the talks would go on. Kyiv accused Russia of shelling Kharkiv. "
        "Washington warned of sanctions. Residents fled Kharkiv on Monday."
    )
    art = Article("0" * 16, "t", text, text)
    ((annotation, doc),) = list(annotator.annotate([art]))
    items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation))
    flags = {(i["text"], i["start"]): i["metonymic"] for i in items}
    assert flags[("Moscow", 0)] is True
    assert flags[("Kyiv", text.index("Kyiv"))] is True
    assert flags[("Washington", text.index("Washington"))] is True
    assert all(not v for (t, _), v in flags.items() if t == "Kharkiv")


def test_city_state_in_text(annotator: Any) -> None:
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.models import Article

    text = "Police in Indianapolis, Ind., said two men were shot. Indianapolis police said more."
    art = Article("1" * 16, "t", text, text, dateline="LONG BEACH, Calif. (AP)")
    ((annotation, doc),) = list(annotator.annotate([art]))
    items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation))
    indy = [i for i in items if i["name"] == "Indianapolis"]
    assert indy and all(i["admin1"] == "Indiana" for i in indy)
    # the qualifier is a mention of its state, marked so that it is not read as a second place
    (qual,) = [i for i in items if i["text"] == "Ind."]
    assert qual["cue"] == "qualifier" and qual["name"] == "Indiana"
    dateline = [i for i in items if i["dateline"]]
    assert (
        dateline and dateline[0]["name"] == "Long Beach" and dateline[0]["admin1"] == "California"
    )
    for i in items:
        assert text[i["start"] : i["end"]] == i["text"]


def _doc() -> dict[str, Any]:
    return {
        "version": "1",
        "places": [
            {
                "id": "place-gn-701822",
                "name": "Mariupol",
                "lat": 47.09514,
                "lon": 37.54131,
                "geonameid": 701822,
                "country": "UA",
                "feature": "city",
                "mentions": [{"article": "a", "start": 0, "end": 8, "text": "Mariupol"}],
            },
        ],
        "events": [{"id": "e1", "place": "Mariupol", "article": "a", "start": 0, "end": 8}],
        "operations": [
            {"id": "op1", "origin": "Mariupol", "destination": {"name": "Zaporizhzhia"}},
            {"id": "op2", "origin": "Nowhere-in-particular", "destination": "Atlantis-xyz"},
        ],
    }


def test_geojson_places_events_operations() -> None:
    gj = build_geojson(_doc())
    kinds = [f["properties"]["kind"] for f in gj["features"]]
    assert kinds == ["place", "event", "operation"]
    place, event, op = gj["features"]
    assert place["geometry"] == {"type": "Point", "coordinates": [37.54131, 47.09514]}
    assert place["properties"]["sources"][0]["text"] == "Mariupol"
    assert event["geometry"]["coordinates"] == [37.54131, 47.09514]
    assert op["geometry"]["type"] == "LineString"
    (lon, lat) = op["geometry"]["coordinates"][1]
    assert distance_km(lat, lon, 47.85, 35.12) < 5
    assert gj["skipped"] == {"events": 0, "operations": 1}
    json.dumps(gj)  # serialisable


def test_geojson_without_places() -> None:
    assert build_geojson({"version": "1"})["features"] == []


def test_map_svg_is_offline_and_escaped() -> None:
    from crosswire.geo.mapsvg import MapMarker, MapRoute, render_map

    svg = render_map(
        [MapMarker(47.1, 37.5, "<b>Mariupol</b>", "t&t", "#place-src-x", 3)],
        [MapRoute(((47.1, 37.5), (47.85, 35.1)), "evacuation", "#operations-op1")],
    )
    assert svg.startswith("<svg") and "<b>" not in svg and "&lt;b&gt;" in svg
    assert "http://" not in svg.replace("http://www.w3.org/2000/svg", "")
    assert "style=" not in svg  # the report's CSP allows no inline styles
    assert 'href="#place-src-x"' in svg and "polyline" in svg
    assert "Ukraine" in svg  # the bundled basemap draws the country
    assert render_map([]) == ""


def test_fuzzy_keeps_compass_words() -> None:
    got = resolver().resolve("Lower East Side").place
    assert got is None or got.name != "Lower West Side"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Teen shot\n\nSAN ANTONIO - A 14-year-old girl", ("San Antonio", None)),
        ("Title\n\nSHELBY, N.Y. (WIVB) — A boy", ("Shelby", "N.Y.")),
        ("Title\n\nHENRY COUNTY, Ind. (Aug. 28, 2015) – Officials", ("Henry County", "Ind.")),
        ("Title\n\nNORTH LAWNDALE— A 16-year-old", ("North Lawndale", None)),
        ("Title\n\nUPDATE - the suspect", None),
        ("Title\n\nPolice said - nothing", None),
        # the title run on into the body, a byline's year, a Latin-1 dash
        ("Man hurt in crash . ROSWELL - A man", ("Roswell", None)),
        ("By Ann Lee Reporter March 29, 2009 PATASKALA -- City", ("Pataskala", None)),
        ("Blaze guts home. TEGA CAY \x97 Local crews", ("Tega Cay", None)),
        ("He said no. NATO said nothing", None),
    ],
)
def test_text_dateline(text: str, want: tuple[str, str | None] | None) -> None:
    from crosswire.geo.dateline import find_text_dateline

    got = find_text_dateline(text)
    assert (got and (got.name, got.qualifier)) == want
    if got:
        assert text[got.start : got.end].title() == got.name.title()


def test_local_news_cues(annotator: Any) -> None:
    """In-text dateline, masthead, "<County> Sheriff's Office", "<City> police"."""
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.models import Article

    text = (
        "Teen shot at apartment - WSMV Channel 4 Nashville\n\n"
        "MERIDIAN, Idaho (AP) — A teenager was shot on Sunday. The Ada County Sheriff's Office "
        "said Boise police helped at the scene."
    )
    art = Article("2" * 16, "t", text, text)
    ((annotation, doc),) = list(annotator.annotate([art]))
    items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation))
    by_text = {i["text"]: i for i in items}
    for i in items:
        assert text[i["start"] : i["end"]] == i["text"]
    dl = by_text["MERIDIAN"]
    assert dl["dateline"] and dl["admin1"] == "Idaho"
    assert by_text["Nashville"]["cue"] == "masthead"
    assert by_text["Boise"]["cue"] == "police"
    from crosswire.geo.focus import primary_place

    best = primary_place(items)
    assert best is not None and best["name"] == "Meridian"


def _it(name: str, admin1: str, feature: str = "city", **kw: Any) -> dict[str, Any]:
    return {
        "key": f"k:{name}",
        "name": name,
        "text": name,
        "lat": 40.0,
        "lon": -90.0,
        "country": "US",
        "admin1": admin1,
        "feature": feature,
        "confidence": 0.9,
        "start": 500,
        **kw,
    }


def test_primary_place_prefers_a_town_of_the_dateline_county() -> None:
    from crosswire.geo.focus import primary_place

    items = [
        _it("Navarro County", "Texas", "county", dateline=True, start=10, via="qualified"),
        _it("Corsicana", "Texas"),
    ]
    best = primary_place(items)
    assert best is not None and best["name"] == "Corsicana"


def test_a_far_town_of_the_same_state_does_not_replace_the_county() -> None:
    """Marion County, Texas (its centroid) with Dallas, 200 km off, named for a hospital:
    the county is the better point; a town inside the county would still replace it."""
    from crosswire.geo.focus import primary_place

    county = _it("Marion County", "Texas", "county", lat=32.80, lon=-94.36, start=10)
    items = [{**county, "start": s} for s in (10, 120, 300, 350)]
    items.append(_it("Dallas", "Texas", lat=32.78, lon=-96.80, start=400))
    best = primary_place(items)
    assert best is not None and best["name"] == "Marion County"
    items.append(_it("Jefferson", "Texas", lat=32.76, lon=-94.35, start=200))
    best = primary_place(items)
    assert best is not None and best["name"] == "Jefferson"


def test_primary_place_keeps_to_the_main_state() -> None:
    from crosswire.geo.focus import primary_place

    items = [
        _it("Nashville", "Tennessee", dateline=True, start=60, via="qualified"),
        _it("Madison", "Alabama", start=20),
        _it("Madison", "Alabama", start=90),
        _it("Madison", "Alabama", start=140),
        _it("Dover", "Delaware", cue="masthead", start=5),
    ]
    best = primary_place(items)
    assert best is not None and best["name"] == "Nashville"


def test_org_names_give_their_county_or_state() -> None:
    from crosswire.extract.place_mentions import _ORG_PLACE

    m = _ORG_PLACE.match("The Ada County Sheriff's Office")
    assert m is not None and m["place"].strip() == "Ada County"
    m = _ORG_PLACE.match("Vermont State Police")
    assert m is not None and m["state"] == "Vermont"
    assert _ORG_PLACE.match("Kyiv City Council") is None


def test_the_police_city_outweighs_far_unqualified_towns() -> None:
    """ "Cincinnati police" + eight "Madisonville" (a neighbourhood GeoNames lacks, read as
    the Kentucky town 340 km away): the force's city is the jurisdiction."""
    from crosswire.geo.focus import primary_place

    items = [
        _it("Madisonville", "Kentucky", lat=37.33, lon=-87.50, start=s)
        for s in (20, 60, 120, 300, 500, 900, 1200, 1500)
    ]
    items.append(_it("Cincinnati", "Ohio", lat=39.16, lon=-84.46, cue="police", start=250))
    best = primary_place(items)
    assert best is not None and best["name"] == "Cincinnati"
    # a near town keeps its weight (the suburb is where it happened), and a named
    # "Madisonville, Ky." is believed whatever the distance
    near = [_it("Norwood", "Ohio", lat=39.16, lon=-84.46, start=s) for s in (20, 60, 120)]
    best = primary_place([*near, items[-1]])
    assert best is not None and best["name"] == "Norwood"
    qualified = [{**i, "via": "qualified"} for i in items[:-1]]
    best = primary_place([*qualified, items[-1]])
    assert best is not None and best["name"] == "Madisonville"


def test_police_acronyms_name_their_city(annotator: Any) -> None:
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.models import Article

    text = "Four men shot on the Lower East Side\n\nNYPD detectives said the gunman fled."
    art = Article("3" * 16, "t", text, text)
    ((annotation, doc),) = list(annotator.annotate([art]))
    items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation))
    (nypd,) = [i for i in items if i["text"] == "NYPD"]
    assert nypd["cue"] == "police" and nypd["admin1"] == "New York"
    assert nypd["name"] == "New York City" and nypd["confidence"] >= 0.9


def test_story_focus_does_not_move_a_world_city_to_a_small_namesake() -> None:
    # Two crises in one store: the story focus that re-resolves doubtful names holds one
    # "New York" (the UN) among many Turkish, Syrian and Sudanese places; it must not move
    # a doubtful "Geneva" to Geneva, N.Y., nor "Washington" to a New York town.
    from crosswire.geo.focus import refocus

    def item(text: str, key: str, country: str | None, conf: float) -> dict[str, Any]:
        p = next(p for p, _alt in gazetteer().lookup(text) if p.key == key)
        return {
            "text": text, "key": key, "country": country, "confidence": conf,
            "lat": p.lat, "lon": p.lon, "metonymic": False, "feature": p.feature,
        }  # fmt: skip

    items = [
        item("Turkey", "country:TR", "TR", 0.99),
        item("Syria", "country:SY", "SY", 0.99),
        item("Sudan", "country:SD", "SD", 0.99),
        item("Aleppo", "gn:170063", "SY", 0.99),
        item("New York", "admin1:US.NY", "US", 0.633),
        {"text": "Geneva", "key": None, "country": None, "confidence": 0.3},
        {"text": "Washington", "key": None, "country": None, "confidence": 0.3},
    ]
    refocus(items)
    assert items[-2]["key"] == "gn:2660646"
    assert items[-1]["key"] == "gn:4140963"


def test_only_the_capital_itself_is_a_capital_not_its_namesakes_in_the_same_country() -> None:
    # The capital of the US is one Washington; the dozens of small US Washingtons are not
    # capitals, or a ranker learns that being a capital counts for little.
    us = [p for p, _alt in gazetteer().lookup("Washington") if p.feature == "city"]
    us = [p for p in us if p.country == "US"]
    assert len(us) > 5
    assert [p.key for p in us if p.capital] == ["gn:4140963"]
    assert resolver().resolve("Paris").place.capital  # type: ignore[union-attr]
