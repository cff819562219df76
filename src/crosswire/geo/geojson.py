"""GeoJSON export: places, events and operations with coordinates and their sources.

``crosswire export --format geojson`` writes :func:`build_geojson` of the
export document: an RFC 7946 FeatureCollection (coordinates are
``[lon, lat]``, WGS 84). Every feature says what it is (``kind``: place,
event, operation) and carries its sources as spans (``article``, ``start``,
``end``, ``text``), so a GIS analyst can go back to the sentence. Events and
operations are included only when their place (or origin and destination)
can be located (see :mod:`crosswire.geo.points`); the rest are counted in
the collection's ``skipped`` member rather than guessed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from crosswire.geo.points import Point, PointFinder

__all__ = ["build_geojson", "operation_path"]

_SPAN = ("article", "start", "end", "text")
_EVENT_PLACE_KEYS = ("place", "location", "where")


def _sources(item: Mapping[str, Any]) -> list[dict[str, Any]]:
    mentions = item.get("mentions")
    if isinstance(mentions, list) and mentions:
        return [{k: m.get(k) for k in _SPAN if k in m} for m in mentions if isinstance(m, Mapping)]
    if "article" in item:
        return [{k: item.get(k) for k in _SPAN if k in item}]
    sources = item.get("sources")
    if isinstance(sources, list):
        return [dict(s) for s in sources if isinstance(s, Mapping)]
    return []


def _props(item: Mapping[str, Any], kind: str, drop: Sequence[str]) -> dict[str, Any]:
    props = {k: v for k, v in item.items() if k not in drop and k not in _SPAN}
    props["kind"] = kind
    props["sources"] = _sources(item)
    props.pop("mentions", None)
    return props


def operation_path(op: Mapping[str, Any], finder: PointFinder) -> list[Point] | None:
    """Origin, route stops and destination of an operation as points, or None if unlocatable.

    Needs at least two located points (an origin and a destination, or a
    route); unlocatable route stops are skipped.
    """
    stops: list[object] = [op.get("origin")]
    route = op.get("route")
    if isinstance(route, list):
        stops.extend(route)
    stops.append(op.get("destination"))
    points = [p for p in (finder.find(s) for s in stops if s is not None) if p is not None]
    dedup: list[Point] = []
    for p in points:
        if not dedup or (dedup[-1].lat, dedup[-1].lon) != (p.lat, p.lon):
            dedup.append(p)
    return dedup if len(dedup) >= 2 else None


def build_geojson(doc: Mapping[str, Any]) -> dict[str, Any]:
    """A GeoJSON FeatureCollection of the export ``doc``'s places, events and operations."""
    places = [p for p in doc.get("places") or [] if isinstance(p, Mapping)]
    finder = PointFinder(places)
    features: list[dict[str, Any]] = []
    skipped = {"events": 0, "operations": 0}
    for p in places:
        point = finder.find(p)
        if point is None:
            continue
        features.append(_feature([point.lon, point.lat], "Point", _props(p, "place", ())))
    for ev in doc.get("events") or []:
        if not isinstance(ev, Mapping):
            continue
        where = next((ev[k] for k in _EVENT_PLACE_KEYS if ev.get(k)), None)
        point = finder.find(where) if where is not None else None
        if point is None:
            skipped["events"] += 1
            continue
        props = _props(ev, "event", ())
        props["place_name"] = point.name
        features.append(_feature([point.lon, point.lat], "Point", props))
    for op in doc.get("operations") or []:
        if not isinstance(op, Mapping):
            continue
        path = operation_path(op, finder)
        if path is None:
            skipped["operations"] += 1
            continue
        props = _props(op, "operation", ())
        props["path_names"] = [p.name for p in path]
        features.append(_feature([[p.lon, p.lat] for p in path], "LineString", props))
    return {
        "type": "FeatureCollection",
        "features": features,
        "skipped": skipped,
        "crosswire_version": doc.get("version"),
    }


def _feature(coords: object, geometry: str, props: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "Feature",
        "id": props.get("id"),
        "geometry": {"type": geometry, "coordinates": coords},
        "properties": props,
    }
