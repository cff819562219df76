"""The words that tell what a number counts: units, measures by verb and noun, people, things.

The vocabulary :mod:`~crosswire.extract.figures_context` reads a figure's
unit, counted thing and measure with; kept apart so that module stays small
and the word lists can be read (and extended) in one place. The lists that
grow with the reporting read (people, measure verbs and nouns, tally verbs,
...) are package data files, one per concept, under ``extract/figure_measures/``
(one entry a line, ``#`` comments), read on first use, not at import.
"""

from __future__ import annotations

from functools import cache

from crosswire.wordlists import word_lines

__all__ = [
    "AID",
    "GROUPS",
    "PERPETRATOR",
    "PREWAR",
    "QUANTIFIERS",
    "UNIT_HEADS",
    "VEHICLES",
    "lost_object_measures",
    "measure_words",
    "noun_measures",
    "people",
    "sought_object_measures",
    "verb_measures",
]

_FOLDER = "figure_measures"


def _lines(concept: str) -> list[str]:
    """The non-comment lines of ``figure_measures/<concept>.txt``, stripped and lowercased."""
    return word_lines("crosswire.extract", _FOLDER, concept)


@cache
def measure_words(concept: str) -> frozenset[str]:
    """The words of one concept (``"tally_verbs"``, ``"movers_out"``, ``"dating_nouns"``...)."""
    return frozenset(w for line in _lines(concept) for w in line.split())


@cache
def _measure_table(concept: str) -> dict[str, str]:
    """A ``measure: word word ...`` file as word -> measure."""
    out: dict[str, str] = {}
    for line in _lines(concept):
        measure, _, words = line.partition(":")
        for w in words.split():
            out[w] = measure.strip()
    return out


def lost_object_measures() -> dict[str, str]:
    """What "lose" tells by its object's lemma (``lost_objects.txt``): homes -> displaced."""
    return _measure_table("lost_objects")


def sought_object_measures() -> dict[str, str]:
    """What "seek" tells by its object's lemma (``sought_objects.txt``): refuge -> displaced."""
    return _measure_table("sought_objects")


def people() -> frozenset[str]:
    """Nouns that count people (``people.txt``): only they can make a toll."""
    return measure_words("people")


def verb_measures() -> dict[str, str]:
    """Predicate (lemma or word) -> the measure it tells (``measure_verbs.txt``)."""
    return _measure_table("measure_verbs")


def noun_measures() -> dict[str, str]:
    """Counted noun -> the measure it carries (``measure_nouns.txt``)."""
    return _measure_table("measure_nouns")


UNIT_HEADS = frozenset(
    [
        "per",
        "cent",
        "percent",
        "%",
        "km",
        "kilometres",
        "kilometers",
        "miles",
        "mile",
        "tons",
        "ton",
        "tonnes",
        "tonne",
        "kg",
        "kilograms",
        "litres",
        "liters",
        "hectares",
        "metres",
        "meters",
        "dozen",
        "hundred",
        "thousand",
        "million",
        "billion",
        "tens",
        "hundreds",
        "thousands",
        "millions",
        "dozens",
        "scores",
    ]
)
VEHICLES = frozenset(
    [
        "bus",
        "buses",
        "car",
        "cars",
        "vehicle",
        "vehicles",
        "truck",
        "trucks",
        "lorry",
        "lorries",
        "van",
        "vans",
        "tank",
        "tanks",
        "convoy",
        "convoys",
        "ambulance",
        "ambulances",
        "train",
        "trains",
    ]
)
AID = frozenset(
    [
        "food",
        "supplies",
        "aid",
        "water",
        "medicine",
        "medicines",
        "cargo",
        "flour",
        "grain",
        "fuel",
        "medical",
        "humanitarian",
        "bread",
        "kits",
        "parcels",
        "packages",
    ]
)
#: verbs (and headline nouns) whose object is someone looked for: "Police seek two men",
#: "Police hunt 3 men wanted for ... shooting": the people sought, not the people shot
SOUGHT = frozenset(
    ["seek", "hunt", "search", "manhunt", "want", "pursue", "chase", "apprehend", "nab"]
)
PERPETRATOR = frozenset(
    ["shoot", "kill", "wound", "injure", "attack", "stab", "open", "start", "fire", "murder"]
)
QUANTIFIERS = frozenset(
    [
        "more",
        "less",
        "fewer",
        "many",
        "much",
        "few",
        "least",
        "most",
        "only",
        "about",
        "around",
        "some",
    ]
)
GROUPS = frozenset({"family", "household", "community", "neighborhood", "neighbourhood"})
PREWAR = ("prewar", "pre-war", "pre-invasion", "usually", "normally", "before the war", "once")
