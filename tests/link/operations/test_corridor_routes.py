"""Humanitarian corridors named in lists and chains, agency datelines, parties and the day table.

Corridor announcements name many routes in one sentence ("from A, B and C to D", "A with
B", "A - B - C - D"); each route is its own operation, with the status its text gives,
the sides that proposed, agreed to or are accused of disrupting it, and a history over
days. The sentences here are invented in the style of agency copy.
"""

from __future__ import annotations

from typing import Any

import pytest

from crosswire.clean import clean_text
from crosswire.export import validate_export
from crosswire.extract.events_routes import route_line, routes
from crosswire.extract.place_mentions import dateline_query
from crosswire.geo.dateline import find_text_dateline
from crosswire.report.section_operations import by_day, parties_text, route_text
from operations_support import export_of_reports, operation


def _ends(sentence: str, places: list[tuple[int, int, str, Any]] | None = None) -> list[Any]:
    return [
        (r.origin.text, r.destination.text if r.destination else None, [v.text for v in r.via])
        for r in routes(sentence, 0, places or [])
    ]


def _place(sentence: str, name: str) -> tuple[int, int, str, Any]:
    at = sentence.index(name)
    return (at, at + len(name), name, None)


# --- routes in one sentence ---------------------------------------------------


def test_a_chain_of_places_is_one_route_through_its_stops() -> None:
    s = "The corridor runs along the route Alpha - Bravoka - Charlivka - Deltopol, he said."
    assert _ends(s) == [("Alpha", "Deltopol", ["Bravoka", "Charlivka"])]


def test_a_list_of_origins_gives_one_route_each() -> None:
    s = "Corridors will open from Hostel, Vorna and Dmytrivo to Bilopol on Monday."
    assert _ends(s) == [
        ("Hostel", "Bilopol", []),
        ("Vorna", "Bilopol", []),
        ("Dmytrivo", "Bilopol", []),
    ]


def test_a_destination_before_its_origins_and_residents_who_reached_a_city() -> None:
    s = "In all, 300 people were evacuated to Bakhova from Lysova, Sievova and Hirova."
    assert [(o, d) for o, d, _ in _ends(s)] == [
        ("Lysova", "Bakhova"),
        ("Sievova", "Bakhova"),
        ("Hirova", "Bakhova"),
    ]
    s = "Some 2,900 residents of Mariova reached Zapol in their own cars."
    assert [(o, d) for o, d, _ in _ends(s)] == [("Mariova", "Zapol")]


def test_a_route_that_goes_through_a_list_keeps_its_stops() -> None:
    s = "The route from Borova to Bila Tserka goes through Piskova, Kochova and Fastova."
    assert _ends(s) == [("Borova", "Bila Tserka", ["Piskova", "Kochova", "Fastova"])]


def test_pairs_joined_by_with_are_routes_when_the_second_is_a_place() -> None:
    s = "Corridors will operate from Enerville to Zapol, Sumova with Poltova, and Irpa with Kyivo."
    places = [_place(s, "Poltova"), _place(s, "Kyivo")]
    assert _ends(s, places) == [
        ("Enerville", "Zapol", []),
        ("Sumova", "Poltova", []),
        ("Irpa", "Kyivo", []),
    ]
    assert _ends("The minister met with Zelmar on Monday.") == []


def test_hyphen_pairs_are_routes_unless_one_place_spans_them() -> None:
    s = "The corridors are planned along the routes Kremova-Limar and Popova-Slavka."
    assert [(o, d) for o, d, _ in _ends(s)] == [("Kremova", "Limar"), ("Popova", "Slavka")]
    s = "People fled to Ivano-Frankivsk by train."
    assert _ends(s, [_place(s, "Ivano-Frankivsk")]) == []


def test_a_distance_from_a_city_is_no_route() -> None:
    assert _ends("The convoy had already passed Berdova, a town about 85km from Mariupol.") == []
    s = "Russia will open corridors from Kyivo, Chernova and Sumova on Wednesday."
    assert _ends(s) == [("Kyivo", None, []), ("Chernova", None, []), ("Sumova", None, [])]


# --- agency datelines -----------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "dateline", "wire", "place"),
    [
        (
            "KYIV. March 9 (Interfax-Ukraine) - Corridors will open today.",
            "KYIV. March 9",
            ("Interfax-Ukraine",),
            "Kyiv",
        ),
        (
            "MOSCOW. March 7 (Interfax) - The ministry said corridors were open.",
            "MOSCOW. March 7",
            ("Interfax",),
            "Moscow",
        ),
        ("MOSCOW, March 9. /TASS/. Corridors opened.", "MOSCOW, March 9", ("Tass",), "Moscow"),
        (
            "KYIV, April 1, 2022 (Reuters) - Buses set out.",
            "KYIV, April 1, 2022",
            ("Reuters",),
            "Kyiv",
        ),
    ],
)
def test_agency_datelines_are_datelines_and_the_agency_is_no_place(
    raw: str, dateline: str, wire: tuple[str, ...], place: str
) -> None:
    cleaned = clean_text(raw)
    assert cleaned.dateline == dateline
    assert cleaned.wire == wire
    assert dateline_query(cleaned.dateline) == (place, None)


def test_an_agency_dateline_below_a_title_is_found_in_the_text() -> None:
    found = find_text_dateline("Corridors open\n\nKYIV. March 9 (Interfax-Ukraine) - Buses left.")
    assert found is not None and found.name == "Kyiv"
    assert found.stop > found.end  # the agency is part of the dateline, not read as a place


# --- operations end to end ------------------------------------------------------

_REPORTS = [
    (
        "2022-03-09",
        "KYIV. March 9 (Interfax-Ukraine) - Humanitarian corridors will operate on Wednesday "
        "from Enerhodar to Zaporizhzhia, and from Irpin, Bucha and Hostomel to Kyiv, Deputy "
        "Prime Minister Iryna Vereshchuk said.",
    ),
    (
        "2022-03-10",
        "KYIV. March 10 (Interfax-Ukraine) - Over 3,000 people left Irpin for Kyiv along the "
        "humanitarian corridor on Wednesday, Vereshchuk said.",
    ),
    (
        "2022-03-10",
        "MOSCOW. March 10 (Interfax) - The Russian Defense Ministry accused Ukrainian "
        "nationalists of disrupting the humanitarian corridor from Enerhodar to Zaporizhzhia.",
    ),
    (
        "2022-03-21",
        '"The Kyiv region. From the village of Velyka Dymerka to Brovary. From the village of '
        'Vorzel to the village of Bilohorodka," she said.',
    ),
    (
        "2022-03-19",
        "KYIV. March 19 (Interfax-Ukraine) - In the Luhansk region, humanitarian corridors will "
        "link Severodonetsk with Bakhmut on Saturday, Vereshchuk said.",
    ),
    (
        "2022-03-19",
        "KYIV. March 19 (Interfax-Ukraine) - In the Luhansk region, 300 people were evacuated "
        "to Bakhmut from Sievierodonetsk on Saturday, Vereshchuk said.",
    ),
    (
        "2022-03-08",
        "MOSCOW. March 8 (Interfax) - Russia will declare a ceasefire on Wednesday for "
        "humanitarian corridors from Kyiv and Chernihiv, the Russian staff said.",
    ),
    (
        "2022-03-09",
        "KYIV. March 9 (Interfax-Ukraine) - A ceasefire was declared to facilitate the "
        "functioning of humanitarian corridors linking Sumy with Poltava, and Vorzel and "
        "Borodyanka with Kyiv, Vereshchuk said.",
    ),
    ("2022-03-15", "Humanitarian corridors will operate from Lebedyn to Poltava on Tuesday."),
    (
        "2022-03-13",
        "She also reported on the planned passage from the city of Polohy in the Zaporizhzhya "
        'region toward Zaporizhzhya. "A convoy with humanitarian aid and empty buses to evacuate '
        'people will continue to follow the route to Polohy," Denisova said.',
    ),
    (
        "2022-03-15",
        "MOSCOW. March 15 (Interfax) - As many as 31,367 civilians were evacuated via "
        "humanitarian corridors on Tuesday, Mizintsev of the Russian Defense Ministry said.",
    ),
]


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> dict[str, Any]:
    return export_of_reports(tmp_path_factory, annotator, "corridors", _REPORTS)


def test_each_route_of_a_list_is_its_own_operation(doc: dict[str, Any]) -> None:
    validate_export(doc)
    for origin in ("Irpin", "Bucha", "Hostomel"):
        assert operation(doc, origin, "Kyiv")["kind"] in ("humanitarian_corridor", "evacuation")
    assert operation(doc, "Enerhodar", "Zaporizhzhia")


def test_the_same_corridor_a_day_later_is_the_same_operation(doc: dict[str, Any]) -> None:
    irpin = operation(doc, "Irpin", "Kyiv")
    steps = [(s["date"][:10], s["status"]) for s in irpin["status_history"]]
    assert ("2022-03-09", "planned") in steps
    assert steps[-1][1] == "succeeded"
    assert any(c["value"] == 3000 and c["unit"] == "people" for c in irpin["counts"])
    assert (
        len(operation(doc, "Bucha", "Kyiv")["status_history"]) == 1
    )  # Irpin's success is not Bucha's


def test_parties_come_from_the_sentence_and_the_dateline(doc: dict[str, Any]) -> None:
    irpin = operation(doc, "Irpin", "Kyiv")
    assert [p["name"] for p in irpin["proposed_by"]] == ["Ukraine"]
    enerhodar = operation(doc, "Enerhodar", "Zaporizhzhia")
    assert enerhodar["status"] == "disputed"
    assert [p["name"] for p in enerhodar["accused_of_disrupting"]] == ["Ukraine"]
    assert "accused of disrupting Ukraine" in parties_text(enerhodar)


def test_a_bare_list_of_routes_is_a_corridor_each(doc: dict[str, Any]) -> None:
    # the report kept the lines of the list, not the sentence that announced the corridors
    for origin, destination in (("Velyka Dymerka", "Brovary"), ("Vorzel", "Bilohorodka")):
        op = operation(doc, origin, destination)
        assert op["kind"] == "humanitarian_corridor"
        assert [(s["date"][:10], s["status"]) for s in op["status_history"]] == [
            ("2022-03-21", "planned")
        ]


def test_two_spellings_of_a_route_end_are_one_corridor(doc: dict[str, Any]) -> None:
    # Severodonetsk and Sievierodonetsk are both the gazetteer's Siverskodonetsk
    ops = [
        o
        for o in doc["operations"]
        if (o.get("destination") or {}).get("name") == "Bakhmut"
        and "odonetsk" in str((o.get("origin") or {}).get("name"))
    ]
    assert len(ops) == 1, [route_text(o) for o in ops]
    assert [s["status"] for s in ops[0]["status_history"]] == ["planned", "succeeded"]


def test_a_corridor_to_a_city_is_not_the_evacuation_of_that_city(doc: dict[str, Any]) -> None:
    into = operation(doc, "Vorzel", "Kyiv")
    assert len(into["status_history"]) == 1
    out_of = [o for o in doc["operations"] if (o.get("origin") or {}).get("name") == "Kyiv"]
    assert len(out_of) == 1 and out_of[0]["id"] != into["id"]


def test_the_teller_of_a_days_total_proposes_no_corridor(doc: dict[str, Any]) -> None:
    lebedyn = operation(doc, "Lebedyn", "Poltava")
    told = [s for s in lebedyn["status_history"] if s.get("roundup")]
    assert told and told[0]["status"] == "succeeded"  # the day's total is a step of it
    assert told[0]["article"] not in {p.get("article") for p in lebedyn["proposed_by"]}


def test_a_passage_spelt_out_is_the_route_of_the_convoy_sent_for_it(doc: dict[str, Any]) -> None:
    # the convoy goes to Polohy to bring people out: the route named whole is the operation's,
    # not "→ Polohy"
    polohy = operation(doc, "Polohy", "Zaporizhzhya")
    assert polohy["kind"] in ("humanitarian_corridor", "evacuation", "evacuation_convoy")
    assert "planned" in [s["status"] for s in polohy["status_history"]]


def test_a_route_line_opens_with_from_and_names_a_known_place() -> None:
    s = "The Sumy region: from the city of Sumy, Trostianets and Lebedyn to the city of Poltava."
    places = [(*_place(s, "Sumy")[:3], 1), (*_place(s, "Poltava")[:3], 2)]
    assert [(r.origin.text, r.destination.text if r.destination else None)
            for r in route_line(s, 0, places)] == [
        ("Sumy", "Poltava"), ("Trostianets", "Poltava"), ("Lebedyn", "Poltava")
    ]  # fmt: skip
    # no place the gazetteer knows, or no line of a list: no route line
    assert route_line("From Alpha to Bravo.", 0, []) == []
    assert route_line("Buses go from Sumy to Poltava.", 0, places) == []


def test_the_report_tables_operations_by_day(doc: dict[str, Any]) -> None:
    rows = by_day(doc["operations"])
    days = {(day, route_text(op), step["status"]) for day, op, step in rows}
    # "left ... on Wednesday", told on Thursday: Wednesday's last word on the corridor
    assert ("2022-03-09", "Irpin → Kyiv", "succeeded") in days
    assert ("2022-03-09", "Bucha → Kyiv", "planned") in days
    assert ("2022-03-10", "Enerhodar → Zaporizhzhia", "disputed") in days


def test_people_rescued_from_named_places_are_an_evacuation_from_each() -> None:
    from crosswire.extract.events_lexicon import PHRASES

    said = "We managed to rescue 7,144 people from Enerhodar, Bucha, Hostomel and Kozarovichi"
    rubble = "Rescuers managed to rescue 12 people from the rubble"
    evacuation = [p for kind, p in PHRASES if kind == "evacuation"]
    assert any(p.search(said) for p in evacuation)
    assert not any(p.search(rubble) for p in evacuation)


def test_a_region_after_a_place_is_no_place_of_the_route() -> None:
    assert _ends(
        "passages on the following routes: from Mariupol in the Donetsk region to Zaporizhzhya"
    ) == [("Mariupol", "Zaporizhzhya", [])]
    assert _ends("the planned passage from the city of Polohy in the Zaporizhzhya region "
                 "toward Zaporizhzhya") == [("Polohy", "Zaporizhzhya", [])]  # fmt: skip


def test_the_evacuation_of_a_places_people_to_another_is_a_route() -> None:
    assert _ends("The evacuation of residents of Hostova to Kyivo was completed.") == [
        ("Hostova", "Kyivo", [])
    ]
    assert _ends("The evacuation of the town of Izova to Lozova has been disrupted.") == [
        ("Izova", "Lozova", [])
    ]
    assert [
        (o, d) for o, d, _ in _ends("Residents of Irpa and Bucova were evacuated to Kyivo.")
    ] == [
        ("Irpa", "Kyivo"),
        ("Bucova", "Kyivo"),
    ]
    assert _ends("The evacuation of residents was completed.") == []


def test_people_from_a_place_who_reached_another_are_a_route() -> None:
    s = "Buses with evacuees from Rubova arrived in Bakhova on Saturday."
    assert _ends(s) == [("Rubova", "Bakhova", [])]
    assert _ends("Over 4,000 people reached Zapova from Marova on Saturday.") == [
        ("Marova", "Zapova", [])
    ]


def test_a_corridor_for_a_purpose_is_known_by_where_it_starts() -> None:
    s = "a humanitarian corridor from Volnova and Marova to evacuate local civilians"
    assert _ends(s) == [("Volnova", None, []), ("Marova", None, [])]
    s = "a ceasefire to facilitate the evacuation of residents of Volnova and Marova"
    assert _ends(s) == [("Volnova", None, []), ("Marova", None, [])]
    assert _ends("corridors from Volnova to Pokrova") == [("Volnova", "Pokrova", [])]


def test_a_place_left_for_another_is_a_route_whose_ends_are_no_stops() -> None:
    assert _ends("Twenty buses carrying some 160 people left Borodianka, Kyiv region, for "
                 "Zhytomyr.") == [("Borodianka", "Zhytomyr", [])]  # fmt: skip
    assert _ends(
        "A column is today departing the city of Zaporizhzhya for the city of Mariupol, "
        "Donetsk region, via the settlements of Zaporizhzhya, Vasilevka, Melitopol and Mariupol"
    ) == [("Zaporizhzhya", "Mariupol", ["Vasilevka", "Melitopol"])]
    assert _ends("Many families left Mariupol for good.") == []
