"""The offline basemap: Natural Earth 1:110m country outlines bundled with the package.

``crosswire/report/static/countries-110m.json`` is world-atlas 2.0.2's
TopoJSON (Natural Earth, public domain; ~105 KB), committed so that nothing
is ever fetched. TopoJSON stores shared borders once as delta-encoded,
quantised arcs; :func:`country_rings` decodes them into plain (lon, lat)
rings, once per process, on first use. 1:110m is coarse (a few km off at
city scale) but shows clearly which country and coast a marker sits on,
which is all a situation-report map needs.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib.resources import files
from typing import Any

__all__ = ["BASEMAP_FILE", "Country", "arc_ring", "country_rings", "decode_arcs"]

BASEMAP_FILE = "static/countries-110m.json"

Ring = tuple[tuple[float, float], ...]
Country = tuple[str, tuple[Ring, ...], tuple[float, float, float, float]]
"""(name, rings of (lon, lat), bbox (min lon, min lat, max lon, max lat))."""


def decode_arcs(topo: dict[str, Any]) -> list[list[tuple[float, float]]]:
    """A TopoJSON topology's arcs as absolute (lon, lat) points (delta-decoded, unquantised)."""
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def arc_ring(arcs: list[list[tuple[float, float]]], indexes: list[int]) -> Ring:
    """One closed ring from arc indexes (``~i`` is arc ``i`` reversed), unwrapped at 180°."""
    out: list[tuple[float, float]] = []
    for i in indexes:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        out.extend(arc if not out else arc[1:])
    # Rings crossing the antimeridian (Chukotka, Fiji) jump from +180 to -180; unwrap them
    # so they run past 180 instead of drawing a band across the whole map.
    unwrapped = out[:1]
    for lon, lat in out[1:]:
        prev = unwrapped[-1][0]
        while lon - prev > 180:
            lon -= 360
        while prev - lon > 180:
            lon += 360
        unwrapped.append((lon, lat))
    return tuple(unwrapped)


@lru_cache(maxsize=1)
def country_rings() -> tuple[Country, ...]:
    """Every country's outline rings and bounding box (decoded once)."""
    raw = files("crosswire.report").joinpath(BASEMAP_FILE).read_text("utf-8")
    topo = json.loads(raw)
    arcs = decode_arcs(topo)
    out: list[Country] = []
    for geom in topo["objects"]["countries"]["geometries"]:
        polys = geom.get("arcs") or []
        if geom.get("type") == "Polygon":
            polys = [polys]
        rings = tuple(arc_ring(arcs, ring) for poly in polys for ring in poly)
        if not rings:
            continue
        xs = [p[0] for r in rings for p in r]
        ys = [p[1] for r in rings for p in r]
        name = str((geom.get("properties") or {}).get("name", ""))
        out.append((name, rings, (min(xs), min(ys), max(xs), max(ys))))
    return tuple(out)
