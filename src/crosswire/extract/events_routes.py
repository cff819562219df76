"""Routes named in a sentence: lists and chains of places, one route per origin.

Corridor announcements name many routes in one sentence, and the parse hangs
them on one trigger ("corridors") that can keep only one origin and one
destination. The shapes are few and formulaic, so they are read from the text:

* a **chain** of places joined by spaced dashes, "Mariupol - Mykilske - Rozivka -
  Zaporizhzhya": one route from the first to the last, through the others;
* **from a list to a place**, "from Hostomel, Vorzel and Dmytrivka to Bilohorodka" (also
  "to Bakhmut from Lysychansk and Hirske", "residents of Mariupol reached Zaporizhzhya"):
  one route per origin;
* **pairs joined by "with"**, "Sumy with Poltava, Izyum with Lozova", and a list
  before "with", "Vorzel, Borodyanka, and Irpin with Kyiv": one route per origin;
* **pairs joined by a hyphen**, "Kremenna-Liman, Popasna-Slaviansk", unless a place
  mention covers the whole ("Ivano-Frankivsk");
* **the evacuation of a place's people to another**, "the evacuation of residents of Hostomel
  to Kyiv", "Residents of Irpin and Bucha were evacuated to Kyiv": one route per origin;
* **people from a place who reached another**, "evacuees from Rubizhne arrived in Bakhmut",
  "4,000 people reached Zaporizhzhya from Mariupol": one route per origin;
* **a place left for another**, "buses left Borodianka, Kyiv region, for Zhytomyr",
  "departing the city of Zaporizhzhya for the city of Mariupol via ...": one route;
* **a list after "corridors from" with no destination**, "corridors from Kyiv, Chernihiv
  and Sumy", "a corridor from Volnovakha and Mariupol to evacuate civilians", "the evacuation
  of residents of Volnovakha and Mariupol": one route per origin, going to no named place
  ("85km from Mariupol" is none).

A name is a run of capitalised words ("Nova Bohdanivka", "Bila Tserkva"), after
an optional "the village of"; a following "(Kyiv region)", "in the Donetsk region" or
", Kyiv region," is skipped. Villages
missing from the gazetteer are still names here: the route keeps them with no
``geonameid`` rather than dropping them. A "with" pair counts only when its place
after "with" is a place mention (so "met with Zelensky" is no route).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Route", "RoutePoint", "route_line", "routes"]

#: a capitalised word ending in a lower-case letter; the run is possessive and bounded (a
#: place word, even a URL slug, is never 150 characters): a long run of capitals costs
#: linear time, not a scan to its end from every capital in it
_WORD = r"[A-Z][\w'’-]{0,150}+(?<=[a-z\u00e0-\u024f])(?![\w'’-])"
_ASIDE = (
    r"(?:\s*\([^()]{1,30}\)|\s+in\s+the\s+[A-Z][\w'’-]{0,40}\s+(?:region|oblast)\b|"
    r",\s+[A-Z][\w'’-]{0,40}\s+(?:region|oblast)\b,?)"
)
"""What may follow a place and is no place of the route: "(Kyiv region)", "in the Donetsk
region", ", Kyiv region,"."""
_BARE = rf"{_WORD}(?:\s+{_WORD}){{0,2}}{_ASIDE}?"
"""A place name: up to three capitalised words, and an aside such as "(Kyiv region)"."""
_OF = (
    r"(?:the\s+(?:city|town|village|settlement|urban-type\s+settlement|cities|towns|villages|"
    r"settlements)\s+of\s+)?"
)
_NAME_RE = re.compile(rf"{_OF}(?P<n>{_WORD}(?:\s+{_WORD}){{0,2}}){_ASIDE}?")
_DASH = r"\s+[-–—]\s+"
_CHAIN = re.compile(rf"{_BARE}(?:{_DASH}{_BARE})+")
_LIST = rf"{_OF}{_BARE}(?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+){_OF}{_BARE})*"
_TO = r"(?:to|towards?|into|in\s+the\s+direction\s+of)"
_FROM_TO = re.compile(
    rf"\b(?i:from)\s+(?P<list>{_LIST})\s+{_TO}\s+(?P<dest>{_OF}{_BARE})"
    rf"(?:[^.;:]{{0,40}}?\b(?:through|via)\s+(?P<via>{_LIST}))?"
)
_FROM = re.compile(
    rf"(?i:\b(?:(?:corridors?|passages?|routes?|evacuations?|convoys?|people|residents|"
    rf"civilians)\s+from|evacuation\s+of\s+(?:the\s+)?(?:residents|people|civilians|"
    rf"inhabitants)\s+of))\s+"
    rf"(?P<list>{_LIST})(?!\s+{_TO}\s+{_OF}{_WORD})"
)
"""Routes known by where they start: "corridors from Kyiv, Chernihiv and Sumy", "a corridor
from Volnovakha and Mariupol to evacuate local civilians" (a purpose, no destination), "the
evacuation of residents of Volnovakha and Mariupol"."""
_LEAVE_FOR = re.compile(
    rf"\b(?:leav(?:e|es|ing)|left|depart(?:s|ed|ing)?)\s+(?:from\s+)?(?P<list>{_OF}{_BARE})\s+"
    rf"for\s+(?P<dest>{_OF}{_BARE})(?:[^.;:]{{0,40}}?\b(?:through|via)\s+(?P<via>{_LIST}))?"
)
"""A convoy that "left Borodianka, Kyiv region, for Zhytomyr" or is "departing the city of
Zaporizhzhya for the city of Mariupol ... via the settlements of ...": one route."""
_PAIR = re.compile(
    r"(?<![\w'’-])([A-Z][a-z\u00e0-\u024f'’]+)-([A-Z][a-z\u00e0-\u024f'’]+)(?![\w'’-])"
)
_TO_FROM = re.compile(rf"\bto\s+(?P<dest>{_OF}{_BARE})\s+from\s+(?P<list>{_LIST})")
_REACHED = re.compile(
    rf"\b(?:residents|people|civilians|inhabitants)\s+of\s+(?P<list>{_LIST})\s+"
    rf"(?:were able to |managed to |have |had )?(?:reach(?:ed)?|arrived in)\s+"
    rf"(?P<dest>{_OF}{_BARE})"
)
_ROUTE_LINE = re.compile(
    r"^[\s\"“'‘]*(?:The\s+[A-Z][\w'’-]{0,40}\s+(?:region|oblast)\s*[.:]\s*)?(?i:from)\s"
)
"""A line of a list of routes, "From the village of Velyka Dymerka to Brovary." or "The Sumy
region: from the city of Sumy, Trostianets and Lebedyn to the city of Poltava.": it opens with
"from", after at most a region's heading."""
_OF_TO = re.compile(
    rf"\b(?i:evacuation|evacuat(?:e|ed|ing))\s+of\s+"
    rf"(?:(?:the\s+)?(?:residents|people|civilians|inhabitants)\s+of\s+)?"
    rf"(?P<list>{_LIST})\s+to\s+(?P<dest>{_OF}{_BARE})"
)
"""The evacuation of a place's people to another: "the evacuation of residents of Hostomel to
Kyiv", "the evacuation of the town of Izium to Lozova"."""
_PEOPLE_TO = re.compile(
    rf"\b(?i:residents|people|civilians|inhabitants)\s+of\s+(?P<list>{_LIST})\s+"
    rf"(?:were|have been|had been|are being|was)\s+(?:evacuated|taken|brought|moved|"
    rf"relocated|bused)\s+to\s+(?P<dest>{_OF}{_BARE})"
)
"""People of places moved to another: "Residents of Irpin, Bucha and Hostomel were evacuated
to Kyiv"."""
_FROM_REACHED = re.compile(
    rf"\bfrom\s+(?P<list>{_LIST})\s+(?:have\s+|has\s+|had\s+)?(?:arrived\s+in|reached)\s+"
    rf"(?P<dest>{_OF}{_BARE})"
)
"""Who came from where reached where: "buses with evacuees from Rubizhne arrived in Bakhmut"."""
_REACHED_FROM = re.compile(
    rf"\b(?:reached|arrived\s+in)\s+(?P<dest>{_OF}{_BARE})\s+from\s+(?P<list>{_LIST})"
)
"""The same told destination first: "4,000 people reached Zaporizhzhya from Mariupol"."""
_WITH = re.compile(rf"(?P<list>{_LIST})\s+with\s+(?P<dest>{_OF}{_BARE})")
_NOT_PLACES = frozenset(
    {
        "The",
        "A",
        "An",
        "In",
        "On",
        "At",
        "From",
        "To",
        "Humanitarian",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "Time",
        "He",
        "She",
        "They",
        "We",
        "It",
    }
)
"""Capitalised words that open no place name (a sentence start, a weekday)."""


@dataclass(frozen=True, slots=True)
class RoutePoint:
    """A place on a route: its span in the article and the gazetteer id when resolved."""

    text: str
    start: int
    end: int
    geonameid: Any = None

    def item(self) -> dict[str, Any]:
        """The place as an event's place part."""
        return {
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "geonameid": self.geonameid,
        }


@dataclass(slots=True)
class Route:
    """One route: where from, where to, and the places on the way (in order)."""

    origin: RoutePoint
    destination: RoutePoint | None
    via: list[RoutePoint] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        """The route's ends by name, the same whichever sentence names them."""
        to = self.destination.text.lower() if self.destination is not None else ""
        return (self.origin.text.lower(), to)


def _names(
    text: str, lo: int, hi: int, offset: int, places: Sequence[tuple[int, int, str, Any]]
) -> list[RoutePoint]:
    out: list[RoutePoint] = []
    for m in _NAME_RE.finditer(text, lo, hi):
        words = m["n"].split()
        while words and words[0] in _NOT_PLACES:
            words = words[1:]
        if not words:
            continue
        name = " ".join(words)
        start = offset + m.end("n") - len(m["n"]) + m["n"].find(name)
        end = start + len(name)
        out.append(RoutePoint(name, start, end, _gid(start, end, places)))
    return out


def _gid(start: int, end: int, places: Sequence[tuple[int, int, str, Any]]) -> Any:
    return next((g for s, e, _t, g in places if s < end and start < e and g is not None), None)


def _mask(sentence: str, taken: list[tuple[int, int]]) -> str:
    """``sentence`` with what a route already took blanked: no list item of another route."""
    for lo, hi in taken:
        sentence = sentence[:lo] + "#" * (hi - lo) + sentence[hi:]
    return sentence


def _is_place(point: RoutePoint, places: Sequence[tuple[int, int, str, Any]]) -> bool:
    return any(s < point.end and point.start < e for s, e, _t, _g in places)


def routes(sentence: str, offset: int, places: Sequence[tuple[int, int, str, Any]]) -> list[Route]:
    """The routes ``sentence`` names (see the module docstring); ``offset`` is where the
    sentence starts in the article and ``places`` the article's place mentions
    (start, end, text, geonameid). Routes are in text order, one per (origin, destination)."""
    found: list[tuple[int, Route]] = []
    taken: list[tuple[int, int]] = []
    for m in _CHAIN.finditer(sentence):
        points = _names(sentence, m.start(), m.end(), offset, places)
        if len(points) < 2 or len(points) != len(re.split(_DASH, m.group(0))):
            continue
        found.append((m.start(), Route(points[0], points[-1], points[1:-1])))
        taken.append((m.start(), m.end()))
    shapes = (
        (_FROM_TO, False),
        (_TO_FROM, False),
        (_REACHED, False),
        (_LEAVE_FOR, False),
        (_OF_TO, False),
        (_PEOPLE_TO, False),
        (_FROM_REACHED, False),
        (_REACHED_FROM, False),
        (_WITH, True),
    )
    for pattern, needs_place in shapes:
        for m in pattern.finditer(_mask(sentence, taken)):
            dest = _names(sentence, m.start("dest"), m.end("dest"), offset, places)
            origins = _names(sentence, m.start("list"), m.end("list"), offset, places)
            if not dest or not origins or (needs_place and not _is_place(dest[0], places)):
                continue
            via = []
            if "via" in pattern.groupindex and m.group("via"):
                # "the route from A to D goes through B and C"
                via = _names(sentence, m.start("via"), m.end("via"), offset, places)
            for origin in origins:
                if origin.text != dest[0].text:
                    # "via the settlements of Zaporizhzhya, Vasylivka, ... and Mariupol": its
                    # ends are no stops on the way
                    stops = [v for v in via if v.text not in (origin.text, dest[0].text)]
                    found.append((m.start(), Route(origin, dest[0], stops)))
            taken.append((m.start(), m.end()))
    for m in _PAIR.finditer(sentence):
        # "Kremenna-Liman, Rubizhne-Slaviansk": a pair, unless the parse reads the whole as
        # one place ("Ivano-Frankivsk")
        lo, hi = offset + m.start(), offset + m.end()
        if any(lo >= s and hi <= e for s, e, _t, _g in places) or any(
            a < m.end() and m.start() < b for a, b in taken
        ):
            continue
        first, second = m.group(1), m.group(2)
        if first in _NOT_PLACES or second in _NOT_PLACES:
            continue
        origin = RoutePoint(first, lo, lo + len(first), _gid(lo, lo + len(first), places))
        to_lo = lo + len(first) + 1
        found.append(
            (m.start(), Route(origin, RoutePoint(second, to_lo, hi, _gid(to_lo, hi, places))))
        )
        taken.append((m.start(), m.end()))
    for m in _FROM.finditer(_mask(sentence, taken)):
        # "corridors from Kyiv, Chernihiv, Sumy and Mariupol": routes known by where they start
        for origin in _names(sentence, m.start("list"), m.end("list"), offset, places):
            found.append((m.start(), Route(origin, None)))
    out: dict[tuple[str, str], Route] = {}
    for _at, route in sorted(found, key=lambda x: x[0]):
        known = out.setdefault(route.key, route)
        if len(route.via) > len(known.via):
            known.via = route.via  # "from Bucha to Belohorodka: Bucha - Vorzel - ... - Belohorodka"
    return list(out.values())


def route_line(
    sentence: str, offset: int, places: Sequence[tuple[int, int, str, Any]]
) -> list[Route]:
    """The routes of a sentence that is a line of a list of routes and nothing else (see
    :data:`_ROUTE_LINE`): each route with a destination, and at least one of its ends a gazetteer
    place, so "From time to time." names none. The caller checks the
    line has no verb of its own."""
    if not _ROUTE_LINE.match(sentence):
        return []
    return [
        r
        for r in routes(sentence, offset, places)
        if r.destination is not None
        and (r.origin.geonameid is not None or r.destination.geonameid is not None)
    ]
