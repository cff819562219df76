"""Coordinates for whatever another stage calls a place (an event's, an operation's ends).

Events and operations (issue 5) and figures name places in their own way:
a ``place_mentions`` item, a places[] id, a ``geonameid``, explicit
``lat``/``lon``, or just a name ("Zaporizhzhia"). :class:`PointFinder`
turns any of these into a point, preferring what the export already
resolved (``places[]``), then the gazetteer id, then the resolver with the
report's country focus; anything else is ``None`` and is simply not drawn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crosswire.geo.gazetteer import place_norm

__all__ = ["Point", "PointFinder"]

_NAME_KEYS = ("name", "text", "place", "location")


@dataclass(frozen=True, slots=True)
class Point:
    """A located thing: coordinates, a display name, and the places[] id if it has one."""

    lat: float
    lon: float
    name: str
    place_id: str | None = None


def _num(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)


class PointFinder:
    """Looks places up in an export's ``places[]`` first, then the gazetteer."""

    def __init__(self, places: Sequence[Mapping[str, Any]]) -> None:
        self._by_id: dict[str, Point] = {}
        self._by_gid: dict[int, Point] = {}
        self._by_name: dict[str, Point] = {}
        self._countries: dict[str, float] = {}
        for p in places:
            lat, lon = _num(p.get("lat")), _num(p.get("lon"))
            if lat is None or lon is None:
                continue
            point = Point(lat, lon, str(p.get("name") or ""), str(p.get("id") or "") or None)
            if point.place_id:
                self._by_id[point.place_id] = point
            gid = p.get("geonameid")
            if isinstance(gid, int):
                self._by_gid[gid] = point
            names = [point.name] + [str(m.get("text") or "") for m in p.get("mentions") or []]
            for name in names:
                if name:
                    self._by_name.setdefault(place_norm(name), point)
            country = p.get("country")
            if isinstance(country, str):
                self._countries[country] = self._countries.get(country, 0.0) + len(
                    p.get("mentions") or [1]
                )

    def find(self, value: object) -> Point | None:
        """A point for ``value`` (see the module docstring), or None."""
        if isinstance(value, Mapping):
            lat, lon = _num(value.get("lat")), _num(value.get("lon"))
            name = next((str(value[k]) for k in _NAME_KEYS if isinstance(value.get(k), str)), "")
            if lat is not None and lon is not None:
                return Point(lat, lon, name, None)
            for key in ("place_id", "id", "place"):
                if isinstance(value.get(key), str) and value[key] in self._by_id:
                    return self._by_id[value[key]]
            gid = value.get("geonameid")
            if isinstance(gid, int):
                return self._by_geonameid(gid)
            for key in _NAME_KEYS:
                inner = value.get(key)
                if isinstance(inner, Mapping):
                    return self.find(inner)
            return self._by_text(name) if name else None
        if isinstance(value, str) and value:
            return self._by_id.get(value) or self._by_text(value)
        return None

    def _by_geonameid(self, gid: int) -> Point | None:
        if gid in self._by_gid:
            return self._by_gid[gid]
        from crosswire.geo.gazetteer import gazetteer

        place = gazetteer().by_geonameid(gid)
        return Point(place.lat, place.lon, place.name) if place else None

    def _by_text(self, text: str) -> Point | None:
        known = self._by_name.get(place_norm(text))
        if known is not None:
            return known
        from crosswire.geo.resolver import Context, Query, resolver

        res = resolver().resolve(Query(text), Context(countries=dict(self._countries)))
        if res.place is None or res.confidence < 0.3:
            return None
        return Point(res.place.lat, res.place.lon, res.place.name)
