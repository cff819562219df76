"""The report map as inline SVG, drawn in Python: no JavaScript, no tiles, no network.

The HTML report must open offline and under a Content-Security-Policy that
allows no images and no script but its own, so the map is plain SVG made
here: Natural Earth country outlines (:mod:`crosswire.geo.basemap`) in an
equirectangular projection scaled by the cosine of the view's middle
latitude (shapes look right at the regional scales reports work at),
markers sized by mention count, and operations drawn as arrows from origin
to destination. Each marker and arrow is a link (``<a href="#...">``) to
the evidence in the report and has a ``<title>`` tooltip. Every string from
the data is escaped. Only presentation attributes are used (no ``style``),
so the report's CSP needs no change.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from crosswire.geo.basemap import country_rings

__all__ = ["MapMarker", "MapRoute", "render_map"]

_FILL = {"city": "#c0392b", "admin1": "#7d3c98", "region": "#7d3c98", "country": "#1f4e79"}
_MIN_SPAN = 6.0  # degrees: never zoom in closer than this


@dataclass(frozen=True, slots=True)
class MapMarker:
    """A place on the map. ``href`` is an in-page anchor ("#place-src-...")."""

    lat: float
    lon: float
    label: str
    title: str
    href: str
    weight: int = 1
    feature: str = "city"
    in_frame: bool = True


@dataclass(frozen=True, slots=True)
class MapRoute:
    """An operation: points from origin to destination, with a tooltip and a link."""

    points: tuple[tuple[float, float], ...]
    title: str
    href: str


@dataclass(frozen=True, slots=True)
class _View:
    lon0: float
    lat1: float
    kx: float
    scale: float

    def xy(self, lat: float, lon: float) -> tuple[float, float]:
        return ((lon - self.lon0) * self.kx * self.scale, (self.lat1 - lat) * self.scale)


def _bounds(
    points: Sequence[tuple[float, float]],
) -> tuple[float, float, float, float]:
    lats = [p[0] for p in points]
    lons = [p[1] for p in points]
    lat0, lat1, lon0, lon1 = min(lats), max(lats), min(lons), max(lons)
    pad_lat = max((lat1 - lat0) * 0.12, 1.0)
    pad_lon = max((lon1 - lon0) * 0.08, 1.5)
    lat0, lat1, lon0, lon1 = lat0 - pad_lat, lat1 + pad_lat, lon0 - pad_lon, lon1 + pad_lon
    for lo, hi in ((0, 1), (2, 3)):
        box = [lat0, lat1, lon0, lon1]
        if box[hi] - box[lo] < _MIN_SPAN:
            mid = (box[hi] + box[lo]) / 2
            box[lo], box[hi] = mid - _MIN_SPAN / 2, mid + _MIN_SPAN / 2
        lat0, lat1, lon0, lon1 = box
    return max(lat0, -85.0), min(lat1, 85.0), max(lon0, -180.0), min(lon1, 180.0)


def _path(rings: Sequence[Sequence[tuple[float, float]]], view: _View) -> str:
    parts = []
    for ring in rings:
        coords = [view.xy(lat, lon) for lon, lat in ring]
        head = f"M{coords[0][0]:.1f} {coords[0][1]:.1f}"
        parts.append(head + "".join(f"L{x:.1f} {y:.1f}" for x, y in coords[1:]) + "Z")
    return "".join(parts)


def render_map(
    markers: Sequence[MapMarker],
    routes: Sequence[MapRoute] = (),
    *,
    width: int = 900,
    label_limit: int = 30,
) -> str:
    """The map as an ``<svg>`` element (empty string when there is nothing to place)."""
    routed = [p for r in routes for p in r.points]
    pts = [(m.lat, m.lon) for m in markers] + routed
    if not pts:
        return ""
    # Areas with no country (seas, "the Arctic") are drawn but do not stretch the view.
    framed = [(m.lat, m.lon) for m in markers if m.in_frame] + routed
    lat0, lat1, lon0, lon1 = _bounds(framed or pts)
    kx = math.cos(math.radians((lat0 + lat1) / 2))
    aspect = (lat1 - lat0) / max((lon1 - lon0) * kx, 1e-6)
    aspect = min(max(aspect, 0.45), 1.0)
    height = round(width * aspect)
    scale = min(width / ((lon1 - lon0) * kx), height / (lat1 - lat0))
    # Centre the box in the frame.
    lon_c, lat_c = (lon0 + lon1) / 2, (lat0 + lat1) / 2
    view = _View(lon_c - width / 2 / (kx * scale), lat_c + height / 2 / scale, kx, scale)
    out = [
        f'<svg class="place-map" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} '
        f'{height}" width="100%" role="img" aria-label="Map of the places the reports name">',
        f'<rect width="{width}" height="{height}" fill="#dbe9f4"/>',
        '<defs><marker id="cw-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        'markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" '
        'fill="#d35400"/></marker></defs>',
        '<g fill="#f4f1ea" stroke="#9a9a9a" stroke-width="0.6">',
    ]
    vx0, vx1 = view.lon0, view.lon0 + width / (kx * scale)
    vy0, vy1 = view.lat1 - height / scale, view.lat1
    for name, rings, (bx0, by0, bx1, by1) in country_rings():
        if bx1 < vx0 or bx0 > vx1 or by1 < vy0 or by0 > vy1:
            continue
        out.append(f'<path d="{_path(rings, view)}"><title>{escape(name)}</title></path>')
    out.append("</g>")
    out.append('<g fill="none" stroke="#d35400" stroke-width="2.2">')
    for r in routes:
        xy = [view.xy(lat, lon) for lat, lon in r.points]
        d = " ".join(f"{x:.1f},{y:.1f}" for x, y in xy)
        out.append(
            f'<a href="{escape(r.href)}"><polyline points="{d}" marker-end="url(#cw-arrow)">'
            f"<title>{escape(r.title)}</title></polyline></a>"
        )
    out.append("</g>")
    ranked = sorted(markers, key=lambda m: (m.feature != "country", m.weight), reverse=False)
    spots = _label_spots(
        [m for m in sorted(markers, key=lambda m: -m.weight)][:label_limit], view, width, height
    )
    out.append('<g font-family="sans-serif" font-size="12">')
    labels: list[str] = []
    for m in ranked:
        x, y = view.xy(m.lat, m.lon)
        rad = _radius(m)
        fill = _FILL.get(m.feature, "#c0392b")
        shape = (
            f'<rect x="{x - rad / 2:.1f}" y="{y - rad / 2:.1f}" width="{rad:.1f}" '
            f'height="{rad:.1f}" '
            f'fill="{fill}" fill-opacity="0.75" stroke="#fff"/>'
            if m.feature == "country"
            else f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{rad:.1f}" fill="{fill}" '
            f'fill-opacity="0.8" stroke="#fff" stroke-width="1.2"/>'
        )
        out.append(f'<a href="{escape(m.href)}"><title>{escape(m.title)}</title>{shape}</a>')
        if id(m) in spots:
            lx, ly, anchor = spots[id(m)]
            labels.append(
                f'<a href="{escape(m.href)}"><text x="{lx:.1f}" y="{ly:.1f}" '
                f'text-anchor="{anchor}" fill="#222" stroke="#fff" stroke-width="3" '
                f'paint-order="stroke">{escape(m.label)}</text></a>'
            )
    out.append("</g>")
    # Labels after every marker, so none hides under a later circle.
    out.append('<g class="labels" font-family="sans-serif" font-size="12">')
    out += labels
    out.append("</g></svg>")
    return "".join(out)


def _radius(m: MapMarker) -> float:
    return min(4.0 + 2.0 * math.sqrt(max(m.weight, 1)), 16.0)


def _label_spots(
    markers: Sequence[MapMarker], view: _View, width: int, height: int
) -> dict[int, tuple[float, float, str]]:
    """Where each label goes so that no two overlap: right of its marker, else left,
    above or below; a label with no free spot is left out (its marker keeps its
    tooltip). ``markers`` come most mentioned first, so those keep their labels."""
    placed: list[tuple[float, float, float, float]] = []
    spots: dict[int, tuple[float, float, str]] = {}
    for m in markers:
        x, y = view.xy(m.lat, m.lon)
        rad = _radius(m)
        w, h = 7.0 * len(m.label) + 4, 14.0
        options = (
            (x + rad + 3, y + 4, "start", x + rad + 3, y - 9),
            (x - rad - 3, y + 4, "end", x - rad - 3 - w, y - 9),
            (x, y - rad - 4, "middle", x - w / 2, y - rad - 4 - 11),
            (x, y + rad + 13, "middle", x - w / 2, y + rad + 2),
        )
        for lx, ly, anchor, bx, by in options:
            box = (bx, by, bx + w, by + h)
            inside = box[0] >= 0 and box[2] <= width and box[1] >= 0 and box[3] <= height
            if inside and not any(
                box[0] < p[2] and p[0] < box[2] and box[1] < p[3] and p[1] < box[3] for p in placed
            ):
                placed.append(box)
                spots[id(m)] = (lx, ly, anchor)
                break
    return spots
