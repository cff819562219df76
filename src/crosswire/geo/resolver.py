"""Resolve place names to gazetteer places, using what else the report says.

A name alone is often ambiguous ("Washington": a city, a state, a town in
England; "Odessa": Ukraine or Texas; "Long Beach": California, New York,
Mississippi). GDELT and CLIFF are known for picking one bearer everywhere.
Here each candidate gets a score, a linear model over named features
(:mod:`crosswire.geo.ranker`, weights in ``data/ranker.json``) from

* a **population prior** (``log10`` of the population; capitals a little
  more; countries, states and known regions a fixed prior), minus a small
  cost for an alternate or fuzzy spelling; an alternate name of a town
  smaller than a place bearing the name as its own ("Washington", a historic
  name of Watervliet, N.Y.) costs so much that only a qualifier picks it;
* the **country focus** of the report: the share of its other place
  mentions (and its dateline, which counts double) lying in the candidate's
  country, and likewise for first-level regions, scaled by the share of the
  region's country (a US article naming "Indiana" pulls "Washington" to
  Washington, Indiana only if nothing else does better; a Sudan report
  naming "New York" once pulls little). A town of much lower standing than
  the name's largest bearer (under a fifth of its population: Geneva,
  Illinois against Geneva) gets the country pull only as far as the country
  dominates the report (the share squared): a report about Sudan that names
  the US twice does not move "Geneva" or "Washington" to small US namesakes;
* **co-mentioned places**: a bonus when the candidate lies near another
  place the report names (a country's or a continent's centre is no place
  to be near); for a minor namesake only as far as the report is about its
  country;
* **a state abroad**: a state or province counts the share of the report
  outside its country against it, the more so when a large city bears its
  name ("New York" in a report about Sudan is the city);
* an explicit **qualifier** ("Long Beach, Calif.", "Indianapolis, Ind.",
  "Paris, Texas"), which filters the candidates outright.

Continents and world regions ("Africa", "the Middle East") are areas with no
country; a name that is one never resolves to a city of the same name.

:meth:`Resolver.resolve_all` does this for one article in two passes: a
first pass on priors (plus the dateline and any outside context, such as the
story's focus) fixes the focus; the second resolves each mention with the
focus of the *other* mentions. Confidence is the winner's share of a softmax
over candidate scores, so a lone candidate is near 1 and a coin toss 0.5.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from crosswire.geo.fuzzy import fuzzy_index
from crosswire.geo.gazetteer import Gazetteer, Place, gazetteer, place_norm
from crosswire.geo.ranker import FEATURES, MARKS, STATIC
from crosswire.geo.ranker import weights as ranker_weights
from crosswire.geo.tables import (
    ADMIN1_NAMES,
    ADMIN1_WORDS,
    NOT_A_CITY_WORDS,
    NOT_PLACES,
    US_STATE_ABBREVIATIONS,
)

__all__ = [
    "Context",
    "Query",
    "Resolution",
    "Resolver",
    "distance_km",
    "parse_qualifier",
    "resolver",
]

_MAX_CANDIDATES = 12
"""Candidates scored by prior alone; more are kept for a qualifier or the report's states."""
_KEPT_CANDIDATES = 400
_LEADING = re.compile(r"^(?:the|la|le|town of|city of|village of|township of)\s+", re.IGNORECASE)
#: "Southwest Baltimore", "downtown Houston": a part of the place named after the word.
_PART_OF = re.compile(
    r"^(?:(?:north|south)(?:\s?(?:east|west))?|east|west|(?:north|south)?(?:east|west)ern"
    r"|northern|southern|downtown|central|greater|metro|midtown|uptown)\s+(?P<rest>.+)$"
)
_COMPASS = frozenset(["north", "south", "east", "west", "upper", "lower"])
#: Spellings of the Arabic article in place names ("al-Fashir", "El Fasher", "Ad-Damazin").
_ARABIC_ARTICLES = ("al", "el", "ad", "ed", "as", "es", "ash", "an", "ar", "at", "az")
_TRAILING = re.compile(r"(?:'s|’s|')$")
#: A town with less than 1/_STANDING of the population of the name's largest bearer is minor.
_STANDING = 5


def distance_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Great-circle distance in km (haversine)."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 12742.0 * math.asin(min(1.0, math.sqrt(a)))


@dataclass(frozen=True, slots=True)
class Query:
    """One place mention to resolve: its words and an optional qualifier ("Ind.", "Texas")."""

    text: str
    qualifier: str | None = None
    fuzzy: bool = True


@dataclass(frozen=True, slots=True)
class Resolution:
    """The chosen place (None if nothing fits), how sure, and how it was found.

    ``via`` is ``exact``, ``alternate`` (a known variant spelling), ``region``
    ("Lugansk region" -> the oblast), ``fuzzy``, ``qualified`` or ``none``.
    """

    place: Place | None
    confidence: float
    via: str


@dataclass(slots=True)
class Context:
    """What the rest of the report says about where it is: country and region focus, places.

    ``countries`` and ``admin1`` are weights (not yet shares); ``points``
    are (key, lat, lon, weight) of places other mentions may be: every
    likely candidate, weighted by its probability, so that two ambiguous
    names near each other ("Dixon" and "Rock Falls", both in Illinois) pull
    each other to the right state.
    """

    countries: dict[str, float] = field(default_factory=dict)
    admin1: dict[tuple[str, str], float] = field(default_factory=dict)
    points: list[tuple[str, float, float, float]] = field(default_factory=list)
    _shares: _Shares | None = field(default=None, repr=False, compare=False)

    def shares(self) -> _Shares:
        """Focus weights as shares (cached until the context changes)."""
        if self._shares is None:
            self._shares = _Shares.of(self)
        return self._shares

    def add(self, place: Place, weight: float, *, point: bool = True) -> None:
        """Count ``place`` (with ``weight``) towards the focus."""
        self._shares = None
        if place.country:
            self.countries[place.country] = self.countries.get(place.country, 0.0) + weight
        if place.country and place.admin1_code and (weight >= 0.5 or place.feature == "admin1"):
            k = (place.country, place.admin1_code)
            self.admin1[k] = self.admin1.get(k, 0.0) + weight * (
                1.0 if place.feature in ("admin1", "county") else 0.5
            )
        if point and _is_point(place):
            self.points.append((place.key, place.lat, place.lon, min(weight, 1.0)))

    def merged(self, other: Context, scale: float = 1.0) -> Context:
        """A new context with ``other``'s weights (times ``scale``) added."""
        out = Context(dict(self.countries), dict(self.admin1), list(self.points))
        for k, v in other.countries.items():
            out.countries[k] = out.countries.get(k, 0.0) + v * scale
        for k2, v in other.admin1.items():
            out.admin1[k2] = out.admin1.get(k2, 0.0) + v * scale
        out.points.extend(other.points)
        return out


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A place a name may be, how the name matched it (``marks``: :data:`MARKS`), and the
    ranker's score for it before context (``prior``, which orders candidates), and its
    :data:`~crosswire.geo.ranker.STATIC` features (``static``), which the prior already
    weighs, so that a mention's ranking adds only the context's features."""

    place: Place
    prior: float
    via: str
    marks: frozenset[str] = frozenset()
    gap: float = 0.0
    static: tuple[float, ...] = ()


def parse_qualifier(text: str, gaz: Gazetteer | None = None) -> tuple[str, str | None] | None:
    """("US", "IN") for "Ind.", ("US", "TX") for "Texas", ("UA", None) for "Ukraine", else None."""
    gaz = gaz or gazetteer()
    raw = text.strip().rstrip(",;")
    code = US_STATE_ABBREVIATIONS.get(raw) or US_STATE_ABBREVIATIONS.get(raw + ".")
    if code is None and re.fullmatch(r"[A-Z]{2}", raw) and ("US", raw) in gaz.admin1:
        code = raw
    if code is not None:
        return ("US", code)
    bare = raw.rstrip(".")
    if len(bare) <= 2 and not bare.isupper():
        return None  # "Iran, Ms. Moayyad said": a title, not Mississippi's "MS"
    for place, _alt in gaz.lookup(raw):
        if place.feature == "admin1" and place.country and place.admin1_code:
            return (place.country, place.admin1_code)
        if place.feature == "country" and place.country:
            return (place.country, None)
    return None


class Resolver:
    """Scores gazetteer candidates for place names; see the module docstring."""

    def __init__(
        self, gaz: Gazetteer | None = None, weights: Sequence[float] | None = None
    ) -> None:
        self.gaz = gaz or gazetteer()
        self._weights = tuple(ranker_weights() if weights is None else weights)
        if len(self._weights) != len(FEATURES):
            raise ValueError(f"{len(FEATURES)} weights needed, {len(self._weights)} given")
        #: When a list, each mention's final ranking in :meth:`resolve_all` (its second
        #: pass) is appended as (text, candidates, feature vectors): what
        #: ``bench/train_geo_ranker.py`` learns from.
        self.trace: list[tuple[str, list[Place], list[list[float]]]] | None = None
        self._candidates = lru_cache(maxsize=65536)(self._find)
        self._by_text = lru_cache(maxsize=65536)(self._raw)
        self._rest_by_admin1 = lru_cache(maxsize=16384)(self._rest)

    @property
    def weights(self) -> tuple[float, ...]:
        """The ranker's weights in use, in :data:`~crosswire.geo.ranker.FEATURES` order."""
        return self._weights

    def use_weights(self, weights: Sequence[float]) -> None:
        """Score with ``weights`` from now on (training); the cached priors are dropped."""
        if len(weights) != len(FEATURES):
            raise ValueError(f"{len(FEATURES)} weights needed, {len(weights)} given")
        self._weights = tuple(weights)
        self._candidates.cache_clear()
        self._by_text.cache_clear()
        self._rest_by_admin1.cache_clear()

    # -- candidates -------------------------------------------------------
    def candidates(self, text: str, *, fuzzy: bool = True) -> tuple[_Candidate, ...]:
        """Candidate places for ``text``, with their prior, best prior first (cached).

        ``fuzzy`` allows near spellings when nothing matches exactly.
        """
        return self._by_text(text, fuzzy)

    def _rest(
        self, text: str, fuzzy: bool
    ) -> dict[tuple[str | None, str | None], tuple[_Candidate, ...]]:
        """The candidates beyond the first :data:`_MAX_CANDIDATES`, by (country, admin1)."""
        out: dict[tuple[str | None, str | None], tuple[_Candidate, ...]] = {}
        for c in self.candidates(text, fuzzy=fuzzy)[_MAX_CANDIDATES:]:
            k = (c.place.country, c.place.admin1_code)
            out[k] = (*out.get(k, ()), c)
        return out

    def _raw(self, text: str, fuzzy: bool) -> tuple[_Candidate, ...]:
        return self._candidates(place_norm(_TRAILING.sub("", text.strip())), fuzzy)

    def _find(self, key: str, fuzzy: bool) -> tuple[_Candidate, ...]:
        key = _LEADING.sub("", key)
        if key in NOT_PLACES:
            return ()
        if key in self.gaz.world:  # "Africa" is the continent, never Mahdia
            return tuple(c for c in self._exact(key) if c.place.key in self.gaz.world_keys)
        found = self._shadowed(self._exact(key))
        if len(key.replace(".", "")) < 3:
            # "Un" (from "UN:"), "Eu": two letters are an abbreviation (a state, a country,
            # a listed city alias such as "D.C."), never a town's own name
            listed = {p.key for p in self.gaz.aliases(key)}
            found = [c for c in found if c.place.feature != "city" or c.place.key in listed]
        part = _PART_OF.match(key)
        if not found and part is not None and part["rest"] not in NOT_PLACES:
            # "downtown Chicago", "Central Florida", "northern Syria": a part of a town,
            # a state or a country is that place, never a town that bears the state's name
            found = [
                self._mark(c, "part_of")
                for c in self._candidates(part["rest"], False)
                if c.place.feature in ("city", "county", "admin1", "country")
            ]
        if not found and key.endswith((" county", " parish")):
            found = [self._candidate(p, "exact") for p in self.gaz.county(key)]
        if not found:
            words = key.split()
            if len(words) > 1 and words[-1] in ADMIN1_WORDS:
                found = self._region(" ".join(words[:-1]))
        if not found and (article := key.split(" ", 1))[0] in _ARABIC_ARTICLES and len(article) > 1:
            # "Al-Fasher" / "El Fasher" / "Fasher": the article is spelled many ways
            for variant in (*(f"{a} {article[1]}" for a in _ARABIC_ARTICLES), article[1]):
                if variant != key:
                    found += [
                        self._mark(c, "article", via="alternate")
                        for c in self._shadowed(self._exact(variant))
                    ]
        if (
            not found
            and fuzzy
            and key.count(" ") < 3
            and key.rsplit(" ", 1)[-1] not in NOT_A_CITY_WORDS
        ):
            for spelling, sim in fuzzy_index().search(key):
                if _compass_words(spelling) != _compass_words(key):
                    continue  # "Lower East Side" is not "Lower West Side"
                for c in self._exact(spelling):
                    found.append(self._mark(c, "fuzzy", via="fuzzy", gap=1 - sim))
        found.sort(key=lambda c: (-c.prior, c.place.key))
        return tuple(found[:_KEPT_CANDIDATES])

    def _shadowed(self, found: list[_Candidate]) -> list[_Candidate]:
        """Alternate names of towns smaller than a city bearing the name as its own are
        marked ``shadowed`` ("Washington" is also a historic name of Watervliet, N.Y.),
        and so are a city's alternate names that a country bears as its own ("Mexico" is
        the country, though GeoNames lists it as a name of Mexico City too)."""
        own = max(
            (c.place.population for c in found if c.via == "exact" and c.place.feature == "city"),
            default=0,
        )
        country = any(c.via == "exact" and c.place.feature == "country" for c in found)
        return [
            self._mark(c, "shadowed")
            if c.via == "alternate"
            and c.place.feature == "city"
            and (c.place.population < own or country)
            else c
            for c in found
        ]

    def _exact(self, key: str) -> list[_Candidate]:
        return [
            self._candidate(p, "alternate", frozenset(["alternate"]))
            if alt
            else self._candidate(p, "exact")
            for p, alt in self.gaz.lookup(key)
        ]

    def _candidate(
        self, place: Place, via: str, marks: frozenset[str] = frozenset(), gap: float = 0.0
    ) -> _Candidate:
        """A candidate with its prior: the ranker's score of its static features."""
        static = tuple(_static(place, marks, gap))
        prior = sum(map(operator.mul, self._weights[: len(static)], static))
        return _Candidate(place, prior, via, marks, gap, static)

    def _mark(
        self, c: _Candidate, mark: str, *, via: str | None = None, gap: float | None = None
    ) -> _Candidate:
        """``c`` matched in one more way (``mark``), its prior recomputed."""
        return self._candidate(
            c.place, via or c.via, c.marks | {mark}, c.gap if gap is None else gap
        )

    def _region(self, base: str) -> list[_Candidate]:
        """ "Lugansk region" -> Luhansk Oblast; "Washington state" -> the state."""
        out: list[_Candidate] = []
        cities = {c.place.name: c.place for c in self._exact(base) if c.place.feature == "city"}
        for (cc, code), (_name, city) in ADMIN1_NAMES.items():
            region = self.gaz.admin1_of(cc, code)
            if region is None:
                continue
            named = city is not None and city in cities and cities[city].country == cc
            if named or place_norm(region.name).removesuffix(" oblast") == base:
                out.append(self._candidate(region, "region", frozenset(["region_word"])))
        out += [
            self._candidate(c.place, "region", c.marks, c.gap)
            for c in self._exact(base)
            if c.place.feature in ("admin1", "region")
        ]
        return out

    # -- scoring ----------------------------------------------------------
    def _context_features(
        self,
        c: _Candidate,
        text: str,
        ctx: Context,
        shares: _Shares,
        largest: int,
        rival: float = 0.0,
        capital_rival: bool = False,
    ) -> list[float]:
        """``c``'s :data:`FEATURES` beyond the static ones (which ``c.static`` holds) for the
        mention ``text`` in ``ctx``; ``largest`` is the
        population of the name's largest town, against which minor namesakes are measured;
        ``rival`` the log population of the largest town bearing the name as its own, which
        an area of the same name competes with."""
        place = c.place
        city = place.feature == "city"
        capital = city and place.capital
        minor = city and place.population * _STANDING < largest
        share = shares.country.get(place.country, 0.0) if place.country else 0.0
        region = (
            shares.admin1.get((place.country, place.admin1_code), 0.0)
            if place.country and place.admin1_code
            else 0.0
        )
        near = near50 = near150 = near400 = 0.0
        if place.feature != "country" and ctx.points:
            for key, lat, lon, weight in ctx.points:
                if key == place.key or abs(lat - place.lat) > 4.0:
                    continue
                d = _approx_km(place.lat, place.lon, lat, lon)
                if d < 400:
                    near400 = max(near400, weight)
                    b = 0.25
                    if d < 150:
                        near150 = max(near150, weight)
                        b = 0.45
                        if d < 50:
                            near50 = max(near50, weight)
                            b = 0.6
                    near = max(near, b * weight)
            if minor:
                # a minor namesake is near other places only as far as the report is about
                # its country: "Geneva" beside "New York" in a report on Syria is not
                # Geneva, N.Y., 370 km from the city
                near, near50, near150, near400 = (
                    near * share,
                    near50 * share,
                    near150 * share,
                    near400 * share,
                )
        return [
            float(city and largest > 0 and place.population >= largest),
            float(minor),
            float(text.strip() == place.name),
            share,
            share if minor else 0.0,
            share * share if minor else 0.0,
            region,
            near,
            near50,
            near150,
            near400,
            rival if place.feature in ("admin1", "country", "region") else 0.0,
            float(capital_rival and place.feature in ("admin1", "country", "region")),
            share if capital else 0.0,
            float(share > 0.0 and share >= shares.top),
            max(0.0, rival - 5.0) * (1.0 - share) if place.feature == "admin1" else 0.0,
            1.0 - share if place.feature == "admin1" else 0.0,
        ]

    def resolve(self, query: Query | str, ctx: Context | None = None) -> Resolution:
        """Resolve one mention in ``ctx`` (the rest of the report), or with no context."""
        return self._rank(query, ctx)[0]

    def _rank(
        self, query: Query | str, ctx: Context | None = None, *, final: bool = False
    ) -> tuple[Resolution, list[tuple[float, Place]]]:
        """The resolution, and the top candidates with their probabilities; ``final``: the
        last ranking of a mention, which goes to :attr:`trace`."""
        q = Query(query) if isinstance(query, str) else query
        ctx = ctx or Context()
        every = self.candidates(q.text, fuzzy=q.fuzzy)
        shares = ctx.shares()
        cands = every[:_MAX_CANDIDATES]
        if len(every) > _MAX_CANDIDATES and shares.admin1:
            # "Madison" in a Tennessee report: the 30th Madison by population may be the one.
            rest = self._rest_by_admin1(q.text, q.fuzzy)
            for k in shares.admin1:
                more = rest.get(k)
                if more:
                    cands += more
        via_q = False
        if q.qualifier and cands:
            qual = parse_qualifier(q.qualifier, self.gaz)
            if qual is not None:
                kept = tuple(
                    c
                    for c in every
                    if c.place.country == qual[0]
                    and (qual[1] is None or c.place.admin1_code == qual[1])
                    # a state never stands for a town its own state qualifies ("New York,
                    # N.Y."), but may be what a country qualifies ("Queensland, Australia")
                    and (c.place.feature != "admin1" or qual[1] is None)
                )
                if kept:
                    cands, via_q = kept, True
                elif qual[1] is not None and (region := self.gaz.admin1_of(qual[0], qual[1])):
                    # "SHELBY, N.Y." with no Shelby in New York in the gazetteer: a town
                    # it lacks; the state is certain, the other Shelbys are wrong.
                    return Resolution(region, 0.6, "qualified"), [(1.0, region)]
        if not cands:
            return Resolution(None, 0.0, "none"), []
        largest = max(
            (c.place.population for c in cands if c.via != "fuzzy" and c.place.feature == "city"),
            default=0,
        )
        own = max(
            (
                c.place.population
                for c in cands
                if c.via in ("exact", "alternate")
                and c.place.feature == "city"
                and "shadowed" not in c.marks
            ),
            default=-1,
        )
        rival = math.log10(own + 10) if own >= 0 else 0.0
        capital_rival = any(
            c.via == "exact" and c.place.feature == "city" and c.place.capital for c in cands
        )
        w = self._weights[len(STATIC) :]
        vectors = [
            self._context_features(c, q.text, ctx, shares, largest, rival, capital_rival)
            for c in cands
        ]
        if final and self.trace is not None:
            full = [[*c.static, *x] for c, x in zip(cands, vectors, strict=True)]
            self.trace.append((q.text, [c.place for c in cands], full))
        scored = sorted(
            (
                (c.prior + sum(map(operator.mul, w, x)), c)
                for c, x in zip(cands, vectors, strict=True)
            ),
            key=lambda sc: (-sc[0], sc[1].place.key),
        )
        top = scored[0][0]
        probs = [math.exp(s - top) for s, _ in scored]
        total = sum(probs)
        best = scored[0][1]
        confidence = 1.0 / total
        likely = [(p / total, c.place) for p, (_, c) in zip(probs, scored, strict=True)][:3]
        if best.via == "fuzzy":
            confidence *= 0.8
        if via_q:
            confidence = max(confidence, 0.9)
        via = "qualified" if via_q else best.via
        return Resolution(best.place, round(min(confidence, 0.99), 3), via), likely

    def resolve_all(
        self,
        queries: Sequence[Query],
        *,
        dateline: Query | None = None,
        outside: Context | None = None,
    ) -> list[Resolution]:
        """Resolve every mention of one article together (see the module docstring).

        ``dateline`` is where the report was filed; ``outside`` is context from
        beyond the article (the story's or the whole report's focus).
        """
        base = Context().merged(outside) if outside else Context()
        for q in queries:  # "LOUIS COUNTY, MO": the state counts even if the name fails
            qual = parse_qualifier(q.qualifier, self.gaz) if q.qualifier else None
            if qual is not None:
                cc, code = qual
                region = self.gaz.admin1_of(cc, code) if code else self.gaz.countries.get(cc)
                if region is not None:
                    base.add(region, 1.0, point=False)
        if dateline is not None:
            first = self.resolve(dateline, base)
            if first.place is not None:
                base.add(first.place, 2.0 * first.confidence)
        memo: dict[Query, tuple[Resolution, list[tuple[float, Place]]]] = {}
        ranked = []
        for q in queries:  # a name repeated ten times is resolved once
            got = memo.get(q)
            if got is None:
                got = memo[q] = self._rank(q, base)
            ranked.append(got)
        firsts = [r[0] for r in ranked]
        keys = [_norm(q.text) for q in queries]
        contributions: dict[str, Context] = {}
        for q, key, (res, likely) in zip(queries, keys, ranked, strict=True):
            if res.place is None or key in contributions:
                continue
            contrib = contributions[key] = Context()
            weight = res.confidence * (1.5 if res.place.feature == "country" else 1.0)
            if q.qualifier and res.via == "qualified":
                weight = 2.0
            contrib.add(res.place, weight, point=False)
            for prob, place in likely:
                if prob >= 0.1 and _is_point(place):
                    contrib.points.append((place.key, place.lat, place.lon, prob))
        # One sense per discourse: a name qualified once ("NAPLES, Fla.") keeps that sense,
        # and a county named once ("Nassau County") is what the bare name means ("Nassau
        # police", "Polk deputies").
        qualified = {
            key: res
            for q, key, res in zip(queries, keys, firsts, strict=True)
            if res.via == "qualified"
        }
        out: list[Resolution] = []
        cache: dict[str, Context] = {}
        done: dict[Query, Resolution] = {}
        for q, key, first in zip(queries, keys, firsts, strict=True):
            if key in qualified:
                out.append(first if first.via == "qualified" else qualified[key])
                continue
            if len(self.candidates(q.text, fuzzy=q.fuzzy)) <= 1:
                out.append(first)
                continue
            again = done.get(q)
            if again is None:
                ctx = cache.get(key)
                if ctx is None:
                    ctx = base
                    for other, contrib in contributions.items():
                        if other != key:
                            ctx = ctx.merged(contrib)
                    cache[key] = ctx
                again = done[q] = self._rank(q, ctx, final=True)[0]
            out.append(again)
        counties: dict[str, Resolution] = {}
        for key, res in zip(keys, out, strict=True):
            if res.place is not None and res.place.feature == "county":
                counties.setdefault(key.rsplit(" ", 1)[0], res)
        return [
            counties.get(key, res) if res.via != "qualified" else res
            for key, res in zip(keys, out, strict=True)
        ]


@dataclass(frozen=True, slots=True)
class _Shares:
    country: Mapping[str, float]
    admin1: Mapping[tuple[str, str], float]
    top: float = 0.0

    @staticmethod
    def of(ctx: Context) -> _Shares:
        total = sum(ctx.countries.values())
        country = {k: v / total for k, v in ctx.countries.items()} if total else {}
        a_total = sum(ctx.admin1.values())
        # A region's pull is scaled by its country's share: one "New York" in a report
        # about Sudan is not a New York focus.
        admin1 = (
            {
                k: v / a_total * (country.get(k[0], 0.0) if country else 1.0)
                for k, v in ctx.admin1.items()
            }
            if a_total
            else {}
        )
        return _Shares(country, admin1, max(country.values(), default=0.0))


def _is_point(place: Place) -> bool:
    """Whether other names may be pulled towards ``place``: not a state, a country or a
    continent, whose centre is nowhere in particular (the US's lies in Missouri; New York
    State's near the city, 300 km from Geneva, N.Y.); a state pulls its own towns through
    the region focus instead."""
    return place.feature in ("city", "county") or (
        place.feature == "region" and place.country is not None
    )


def _static(place: Place, marks: frozenset[str], gap: float) -> list[float]:
    """The features of ``place`` matched with ``marks`` that need no context (``STATIC``)."""
    feature = place.feature
    city = feature == "city"
    capital = city and place.capital
    return [
        math.log10(place.population + 10) if city else 0.0,
        float(capital),
        float(feature == "country"),
        float(feature == "admin1"),
        float(feature == "county"),
        float(feature == "region"),
        *(float(m in marks) for m in MARKS),
        float(capital and "alternate" in marks),
        gap,
    ]


@lru_cache(maxsize=1 << 16)
def _norm(text: str) -> str:
    return place_norm(text)


@lru_cache(maxsize=1 << 14)
def _compass_words(key: str) -> frozenset[str]:
    return frozenset(w for w in key.split() if w in _COMPASS)


def _approx_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    """Equirectangular distance: plenty for "within a few hundred km", and 5x cheaper."""
    x = math.radians(lon2 - lon1) * math.cos(math.radians((lat1 + lat2) / 2))
    y = math.radians(lat2 - lat1)
    return 6371.0 * math.hypot(x, y)


@lru_cache(maxsize=1)
def resolver() -> Resolver:
    """The process-wide resolver (the gazetteer loads on its first use)."""
    return Resolver()
