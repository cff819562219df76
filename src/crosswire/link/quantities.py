"""What makes two figures one quantity: the place they narrow, and who gives them.

Reports place the same number differently: "five killed" in one, "five
killed in Darfur" in the next, "in Sudan" in a third. Split by place string,
one toll becomes three groups and neither its corroboration nor a
disagreement between two parties shows. A quantity is therefore keyed by
what it measures and its scope (incident or story); within that, places
narrow it through the place hierarchy:

- a figure with no place, or placed in a wider area that holds the scope's
  main place (Sudan, when the scope is about Darfur's El Geneina), is about
  that main place;
- within one incident, a narrower place inside the main one is the same
  incident's site told more precisely, so it joins too;
- outside an incident (a story's figures), a chain of places each inside the
  next (a village, its province, its country) is one quantity, but a place
  holding several places that do not hold each other (a country and two of its
  provinces) is a whole whose parts are counted apart; places that do not hold
  each other (Turkey and Syria) are always apart.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from crosswire.link.contests import words

__all__ = [
    "CASUALTY_MEASURES",
    "POPULATION_MEASURES",
    "Within",
    "is_area",
    "nationality_of",
    "place_within",
    "population_of",
    "population_words",
    "quantity_places",
    "same_party",
    "world_region",
]

Within = Callable[[str, str], bool]
"""``within(a, b)``: does place key ``a`` lie inside place key ``b``?"""

_FEATURE_RANK = {"city": 0, "county": 1, "admin1": 2, "region": 3, "country": 4}


@cache
def is_area(key: str) -> bool:
    """Is the place keyed ``key`` a country or a first-level region (a state, an oblast)?

    A toll for such an area ("killed in Myanmar", "Morelos state 74") is the crisis's
    quantity, told alike by reports that story clustering may file apart.
    """
    if not key.startswith("geonames:"):
        return False
    from crosswire.geo.gazetteer import gazetteer

    place = gazetteer().by_geonameid(int(key.split(":", 1)[1]))
    return place is not None and place.feature in ("country", "admin1")


def world_region(name: object) -> str:
    """The world region a place name names ("West Africa", "the Middle East"), or ""."""
    from crosswire.geo.gazetteer import place_norm
    from crosswire.geo.tables import WORLD_REGIONS

    region = WORLD_REGIONS.get(place_norm(str(name or "")).removeprefix("the "))
    return region[0] if region else ""


def place_within(inner: str, outer: str) -> bool:
    """Does the place keyed ``inner`` lie inside ``outer`` (keys as ``geonames:<id>``)?

    A country holds every place of its country code; a first-level region (state,
    oblast, province) holds the towns and counties with its admin code. Keys that
    are not gazetteer ids (entities, joint places) hold nothing and lie in nothing.
    """
    if inner == outer or not inner.startswith("geonames:") or not outer.startswith("geonames:"):
        return False
    from crosswire.geo.gazetteer import gazetteer

    gaz = gazetteer()
    a = gaz.by_geonameid(int(inner.split(":", 1)[1]))
    b = gaz.by_geonameid(int(outer.split(":", 1)[1]))
    if a is None or b is None or not a.country or a.country != b.country:
        return False
    if _FEATURE_RANK.get(a.feature, 0) >= _FEATURE_RANK.get(b.feature, 0):
        return False
    if b.feature == "country":
        return True
    if b.feature == "admin1":
        return bool(a.admin1_code) and a.admin1_code == b.admin1_code
    return False


def quantity_places(
    keys: Mapping[str, int] | Counter[str], within: Within | None, *, in_incident: bool
) -> dict[str, str]:
    """Map each place key of one scope and measure to the place key of its quantity.

    ``keys`` counts the figures per place key ("" for no place); see the module
    docstring for which places join. Without ``within`` only unplaced figures
    join, and only when all placed figures name one place.
    """
    placed = Counter({k: n for k, n in keys.items() if k})
    if not placed:
        return {}
    if within is None:
        home = {k: k for k in placed}
    elif in_incident:
        home = _incident_places(placed, within)
    else:
        home = _story_places(placed, within)
    quantities = set(home.values())
    if "" in keys and len(quantities) == 1:
        home[""] = next(iter(quantities))
    elif "" in keys and within is not None and not in_incident:
        # "five killed" in a story about one country: the country's quantity; places the
        # gazetteer does not know (no id) hold nothing, so they do not make a second root
        known = [k for k in placed if k.startswith("geonames:")]
        roots = {k for k in known if not any(within(k, o) for o in known)}
        held = Counter(
            {r: sum(n for k, n in placed.items() if k == r or within(k, r)) for r in roots}
        )
        top = held.most_common(1)
        if top and top[0][1] * 3 >= 2 * sum(placed[k] for k in known):
            # one country (or region) holds two thirds of the placed figures: the story is
            # about it; a stray place in another (a claimant's capital) makes no second root
            home[""] = home[top[0][0]]
    wide = Counter({k: n for k, n in placed.items() if _wide(k)})
    if wide and not in_incident and "" in keys and "" not in home:
        # "3,338 dead in West Africa", "2,909 in Guinea, Liberia and Sierra Leone" and the
        # unplaced "death toll passes 3,000" beside no dominant country: the crisis-wide
        # toll, told over the whole area it spans; countries told one by one stay apart
        lead = max(wide, key=lambda k: (wide[k], k))
        for k in wide:
            home[k] = lead
        home[""] = lead
    return home


def _wide(key: str) -> bool:
    """A key for an area wider than one country: a world region or a list of places."""
    return key.startswith(("region:", "places:"))


def _incident_places(placed: Counter[str], within: Within) -> dict[str, str]:
    """Within one incident, wider and narrower names of its main place are that place."""
    home: dict[str, str] = {}
    remaining = set(placed)
    while remaining:
        main = max(remaining, key=lambda k: (placed[k], k))
        home[main] = main
        for other in remaining - {main}:
            if within(main, other) or within(other, main):
                home[other] = main
        remaining -= set(home)
    return home


def _story_places(placed: Counter[str], within: Within) -> dict[str, str]:
    """Within a story, a chain of places each inside the next (Urum al-Kubra, Aleppo,
    Syria) is one quantity; a place holding several places that do not hold each other
    (Mexico holding Morelos and Puebla) is a whole whose parts are counted apart."""
    home: dict[str, str] = {}
    roots = [k for k in placed if not any(within(k, o) for o in placed)]
    for root in sorted(roots):
        inside = [k for k in placed if k != root and within(k, root)]
        chain = all(within(a, b) or within(b, a) for a in inside for b in inside if a != b)
        if chain:
            rep = max([root, *inside], key=lambda k: (placed[k], k))
            home.update({k: rep for k in [root, *inside]})
        else:
            home.setdefault(root, root)
            for k in inside:
                home.setdefault(k, k)
    return home


_NAME_WORDS = re.compile(r"[a-z0-9]+")
_NOT_NAMES = frozenset(words("party_role_words"))


def same_party(a: object, b: object) -> bool:
    """Are two names one party ("Russia" / "Russia's defence ministry", "MSF" / "MSF's director")?

    Names share a content word; role words ("spokesman", "ministry") do not count."""
    wa = set(_NAME_WORDS.findall(str(a or "").casefold())) - _NOT_NAMES
    wb = set(_NAME_WORDS.findall(str(b or "").casefold())) - _NOT_NAMES
    return bool(wa & wb)


@cache
def _population_file() -> dict[str, Any]:
    """``data/populations.json``, read once: the word lists and the casualty-only classes."""
    raw = resources.files("crosswire.link").joinpath("data", "populations.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(raw)
    return loaded


@cache
def _populations() -> dict[str, str]:
    table = {k: v for k, v in _population_file().items() if not k.startswith("_")}
    return {word: population for population, words in table.items() for word in words}


@cache
def _casualty_classes() -> frozenset[str]:
    return frozenset(_population_file().get("_casualty_classes", ()))


_BESIDE_HEAD = re.compile(r",|\b(?:mostly|mainly|most of them|including|among them)\b")
"""Where a counted noun's description of its members begins: "residents, mostly women"
counts residents (everyone), not women."""


def population_of(counts: object, measure: object = None) -> str:
    """Who a count counts ("children", "combatants", "staff"), or "" for everyone.

    Read off the first word of the counted noun that names a class (see
    :file:`data/populations.json`): "19 children and six adults" counts
    children, "387 Rohingya militants" combatants, "400 dead" everyone.
    Civilians are a class of a toll only: "270,000 civilians" who fled are
    everyone who fled (pass the figure's ``measure``)."""
    table = _populations()
    head = _BESIDE_HEAD.split(str(counts or "").casefold(), maxsplit=1)[0]
    # "children and four adults" counts the children (the adults have their own number);
    # "civilians and rebels" counts both together: everyone
    head = _OWN_NUMBER.split(head, maxsplit=1)[0]
    found = [table[w] for w in _NAME_WORDS.findall(head) if w in table]
    if len(set(found)) > 1 and set(found) & _ARMED:
        return ""  # fighters counted with anyone else ("civilians and rebels") are everyone
    if measure not in CASUALTY_MEASURES:
        found = [p for p in found if p not in _casualty_classes()]
    if len(set(found)) > 1:
        return " and ".join(sorted(set(found)))  # "women and children": one class together
    for population in found:
        if population in _casualty_classes() and measure not in CASUALTY_MEASURES:
            continue
        return population
    return ""


_ARMED = frozenset({"combatants", "security forces"})

_OWN_NUMBER = re.compile(
    r"\b(?:and|or)\s+(?:\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten"
    r"|a few|several|dozens|hundreds)\b"
)
"""Where a coordinated noun with its own number begins: "children and four adults"."""


def nationality_of(counts: object) -> str:
    """The nationals a count counts, from a demonym at the head of its counted noun
    ("464 Iranian pilgrims" and "464 Iranians" -> "Iranian nationals"), else ""."""
    from crosswire.geo.gazetteer import demonym_country

    head = _BESIDE_HEAD.split(str(counts or "").casefold(), maxsplit=1)[0]
    for word in _NAME_WORDS.findall(head):
        if demonym_country(word):
            singular = word if demonym_country(word[:-1]) is None else word[:-1]
            return f"{singular.title()} nationals"
    return ""


def population_words(population: str) -> frozenset[str]:
    """The words that name one population ("civilians" -> civilians, civilian, ...);
    empty for a kind that is not a population (trucks, tonnes)."""
    return frozenset(w for w, p in _populations().items() if p == population)


CASUALTY_MEASURES = frozenset({"killed", "injured", "missing", "dead_or_missing", "casualties"})
"""Measures of the dead and hurt: the ones a class such as civilians parts."""
POPULATION_MEASURES = CASUALTY_MEASURES | {"displaced", "evacuated"}
"""Measures that count people, whose groups may count one class of them (data/populations.json)."""
