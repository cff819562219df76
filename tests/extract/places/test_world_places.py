"""Places in world news: one point per country, only places, demonyms as modifiers.

Sentences are invented. Resolution cases of whole articles live in
``fixtures/places/resolution_cases.json`` (see ``tests/geo/test_geocoder.py``).
"""

from __future__ import annotations

from typing import Any

from crosswire.geo.gazetteer import gazetteer
from crosswire.geo.resolver import parse_qualifier, resolver


def test_a_country_sits_on_its_geonames_record_point() -> None:
    us = gazetteer().countries["US"]
    assert (us.lat, us.lon) == (39.76, -98.5)
    assert us.geonameid == 6252001


def test_a_us_state_sits_on_its_geonames_record_point() -> None:
    california = gazetteer().admin1[("US", "CA")]
    assert (round(california.lat, 3), round(california.lon, 3)) == (37.25, -119.751)


def test_a_province_carries_its_geonames_id() -> None:
    assert gazetteer().admin1[("CA", "08")].geonameid == 6093943


def test_a_title_after_a_comma_is_no_state_qualifier() -> None:
    assert parse_qualifier("Ms.") is None
    assert parse_qualifier("Mr") is None
    assert parse_qualifier("Miss.") == ("US", "MS")
    assert parse_qualifier("MS") == ("US", "MS")


def test_two_letters_never_name_a_town() -> None:
    assert resolver().candidates("Un") == ()
    assert [c.place.key for c in resolver().candidates("UK")] == ["country:GB"]


def _items(annotator: Any, text: str) -> list[dict[str, Any]]:
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.models import Article

    art = Article("2" * 16, "t", text, text)
    ((annotation, doc),) = list(annotator.annotate([art]))
    return EXTRACTOR.extract(ExtractionInput(art, doc, annotation))


def test_a_demonym_names_its_country_as_a_modifier(annotator: Any) -> None:
    items = _items(annotator, "Syrian forces shelled villages near Idlib on Tuesday.")
    (syrian,) = [i for i in items if i["text"] == "Syrian"]
    assert syrian["key"] == "country:SY"
    assert syrian["modifier"] and syrian["metonymic"]  # never where something happened
    idlib = [i for i in items if i["text"] == "Idlib"]
    assert idlib and not idlib[0]["modifier"] and not idlib[0]["metonymic"]


def test_a_plural_demonym_names_its_country(annotator: Any) -> None:
    items = _items(annotator, "Thousands of Palestinians left their homes in Rafah.")
    assert any(i["text"] == "Palestinians" and i["key"] == "country:PS" for i in items)


def test_a_title_after_a_country_leaves_the_country_alone(annotator: Any) -> None:
    items = _items(annotator, "She grew up in Iran, Ms. Farahani said in an interview.")
    iran = [i for i in items if i["text"] == "Iran"]
    assert iran and iran[0]["key"] == "country:IR"


def test_the_arabic_article_is_spelled_many_ways() -> None:
    for spelling in ("Al-Fasher", "al-Fashir", "El Fasher"):
        (best, *_rest) = resolver().candidates(spelling)
        assert best.place.name == "El Fasher" and best.via != "fuzzy", spelling


def _place(name: str, country: str, feature: str, start: int, **extra: Any) -> dict[str, Any]:
    return (
        {"name": name, "text": name, "country": country, "feature": feature}
        | {
            "start": start,
            "end": start + len(name),
            "geonameid": None,
        }
        | extra
    )


def test_a_report_filed_abroad_is_not_about_its_dateline_city() -> None:
    from crosswire.extract.figures_place import main_place

    dateline = _place("Bangkok", "TH", "city", 0, dateline=True, text="")
    myanmar = [_place("Myanmar", "MM", "country", 40), _place("Myanmar", "MM", "country", 90)]
    town = _place("Maungdaw", "MM", "city", 140)
    main = main_place(None, [dateline, *myanmar, town])
    assert main is not None and main.name == "Maungdaw"
    assert main_place(None, [dateline, *myanmar]) is None


def test_a_name_after_in_typed_person_is_a_place_when_the_gazetteer_knows_it() -> None:
    from crosswire.extract.place_mentions import _mistyped_place

    text = "Fighting went on in El Fasher for a week."
    start = text.index("El Fasher")
    assert _mistyped_place(text, start, start + 9, "PERSON", frozenset()) == (
        start,
        start + 9,
        None,
    )
    text = "The award went to Mary Hughes last year."
    start = text.index("Mary Hughes")
    assert _mistyped_place(text, start, start + 11, "PERSON", frozenset()) is None


def test_a_place_inside_an_organisation_name_is_a_mention_of_its_own() -> None:
    from crosswire.extract.place_mentions import _mistyped_place

    text = "A spokesman for the University of North Carolina declined to comment."
    start = text.index("the University")
    end = text.index(" declined")
    got = _mistyped_place(text, start, end, "ORG", frozenset())
    assert got is not None and text[got[0] : got[1]] == "North Carolina"
    assert got[2] == "organisation"  # the place the body belongs to, never where it happened


def test_country_names_in_their_english_forms() -> None:
    for text, key in (
        ("the Netherlands", "country:NL"),
        ("Netherlands", "country:NL"),
        ("Côte d'Ivoire", "country:CI"),
        ("Democratic Republic of Congo", "country:CD"),
        ("Republic of Congo", "country:CG"),
        ("Bosnia", "country:BA"),
    ):
        place = resolver().resolve(text).place
        assert place is not None and place.key == key, text


def test_seas_and_peninsulas_are_regions_not_towns() -> None:
    for text in ("Indian Ocean", "North Atlantic", "Korean Peninsula", "Persian Gulf"):
        place = resolver().resolve(text).place
        assert place is not None and place.feature == "region" and place.country is None, text


def test_an_organisation_opening_with_a_demonym_names_its_country(annotator: Any) -> None:
    text = "The Syrian Observatory for Human Rights said 12 people died in Aleppo."
    items = _items(annotator, text)
    syrian = [i for i in items if i["text"] == "Syrian"]
    assert syrian and syrian[0]["key"] == "country:SY"
    assert syrian[0]["modifier"] and syrian[0]["metonymic"]


def test_a_georgia_beside_tbilisi_is_the_country() -> None:
    from crosswire.geo.resolver import Query

    got = resolver().resolve_all([Query("Georgia"), Query("Russia"), Query("Tbilisi")])
    assert got[0].place is not None and got[0].place.key == "country:GE"


def test_the_country_after_a_dateline_city_is_a_mention_of_its_own(annotator: Any) -> None:
    items = _items(annotator, "SEOUL, South Korea (CNN) - A court in the capital ruled on Friday.")
    dateline = [i for i in items if i["dateline"]]
    assert dateline and dateline[0]["name"] == "Seoul"
    country = [i for i in items if i["text"] == "South Korea"]
    assert country and country[0]["key"] == "country:KR" and country[0]["cue"] == "qualifier"
    assert not country[0]["dateline"]


def test_a_name_the_report_gives_a_disease_is_no_place(annotator: Any) -> None:
    text = (
        "Officials in Angola confirmed 20 new cases of Marburg virus. The number of Marburg "
        "cases in Angola rose."
    )
    items = _items(annotator, text)
    assert not [i for i in items if i["text"] == "Marburg"]
    angola = [i for i in items if i["text"] == "Angola"]
    assert angola and angola[0]["key"] == "country:AO"


def test_a_disease_name_qualified_by_its_country_is_the_place(annotator: Any) -> None:
    text = (
        "The Marburg virus outbreak in Angola was the worst. Doctors from Marburg, Germany, "
        "first identified it."
    )
    items = _items(annotator, text)
    marburg = [i for i in items if i["text"] == "Marburg"]
    assert marburg and marburg[0]["country"] == "DE"


def test_a_name_after_the_town_of_is_a_place_whatever_spacy_types_it(annotator: Any) -> None:
    items = _items(annotator, "He grew up in the town of Pewaukee, where his father farmed.")
    pewaukee = [i for i in items if i["text"] == "Pewaukee"]
    assert pewaukee and pewaukee[0]["country"] == "US" and not pewaukee[0]["metonymic"]


def test_a_title_run_on_into_the_body_has_no_masthead() -> None:
    from crosswire.extract.place_mentions import _masthead

    text = (
        "Leader defends work. ATLANTA - A former leader prosecuted in a Georgia man's death "
        "told the Times that the group will go on."
    )
    assert _masthead(text) is None
    assert _masthead("Teen shot at apartment - WSMV Channel 4 Nashville\n\nBody.") is not None


def test_a_town_inside_an_organisation_name_is_the_town_the_report_names(annotator: Any) -> None:
    text = (
        "A rumor spread across Northeast Texas on Monday. Officers in Paris, Texas, said the "
        "warning was false. The Paris Police Department asked residents to ignore it."
    )
    items = _items(annotator, text)
    inside = [i for i in items if i["cue"] == "organisation" and i["text"] == "Paris"]
    assert inside and inside[0]["country"] == "US" and inside[0]["admin1"] == "Texas"
    assert inside[0]["metonymic"]  # the body's town, never where something happened


def test_a_town_inside_an_organisation_name_is_ranked_in_the_reports_region(
    annotator: Any,
) -> None:
    text = (
        "CHARLESTON, W.Va. - Members of the Charleston Gold Dome Lions Club met in South "
        "Charleston and Cross Lanes on Friday."
    )
    items = _items(annotator, text)
    club = [i for i in items if i["cue"] == "organisation" and i["text"] == "Charleston"]
    assert club and club[0]["admin1"] == "West Virginia"


def test_a_state_qualified_by_its_country_is_the_state() -> None:
    from crosswire.geo.resolver import Context, Query

    ctx = Context()
    alberta = resolver().resolve("Alberta").place
    assert alberta is not None
    ctx.add(alberta, 3.0)  # a report about Alberta, where a town is named Queensland
    got = resolver().resolve(Query("Queensland", "Australia"), ctx).place
    assert got is not None and got.feature == "admin1" and got.country == "AU"


def test_an_organisations_state_breaks_a_tie_among_the_reports_counties(annotator: Any) -> None:
    text = (
        "A representative of the Texas Department of Transportation told Lamar County "
        "Commissioners on Monday that bridge repairs would be quicker."
    )
    items = _items(annotator, text)
    lamar = [i for i in items if i["text"] == "Lamar County"]
    assert lamar and lamar[0]["admin1"] == "Texas"
    texas = [i for i in items if i["text"] == "Texas"]
    assert texas and texas[0]["cue"] == "organisation"  # still no place where it happened


def test_a_dateline_city_is_placed_among_the_reports_regions(annotator: Any) -> None:
    text = (
        "Bait shop closes. NEWARK — The bait shop on the road between Heath and Granville "
        "in Licking County, Ohio, closed its doors last week."
    )
    items = _items(annotator, text)
    dateline = [i for i in items if i["dateline"]]
    assert dateline and dateline[0]["name"] == "Newark" and dateline[0]["admin1"] == "Ohio"


def test_a_region_of_any_country_is_a_place() -> None:
    for name, country in (("Zamfara", "NG"), ("Thuringia", "DE"), ("Ituri", "CD")):
        got = resolver().resolve(name).place
        assert got is not None and got.feature == "admin1" and got.country == country, name


def test_a_region_named_like_its_town_needs_its_unit_word() -> None:
    town = resolver().resolve("Idlib").place
    assert town is not None and town.feature == "city"
    region = resolver().resolve("Idlib province").place
    assert region is not None and region.feature == "admin1" and region.country == "SY"
    assert region.geonameid == 169387  # its GeoNames record


def test_a_name_a_us_state_bears_is_never_another_countrys_region() -> None:
    got = resolver().resolve("Florida state").place
    assert got is not None and got.country == "US"
