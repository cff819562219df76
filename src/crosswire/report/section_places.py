"""The Places section: a map of every located place, each marker opening its source sentences.

Refines the generic section (see :mod:`crosswire.report.sections`): its own
columns (coordinates, feature, how many reports name the place, relations
such as "85 km from"), and an ``html_fragment`` holding an inline SVG map
(:mod:`crosswire.geo.mapsvg`; offline Natural Earth outlines, no script)
followed by one collapsible list per place of *every* sentence naming it.
Each marker links to its list. Operations whose origin and destination can
be located are drawn as arrows; when there are none (or no operations
stage), the map simply has none. Everything from the data is escaped here,
since the fragment is inserted as trusted HTML.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING, Any

from crosswire.report.evidence import ArticleText, Evidence
from crosswire.report.view import Item, Section, format_value

if TYPE_CHECKING:
    from crosswire.geo.mapsvg import MapMarker, MapRoute
    from crosswire.report.build import Anchors

__all__ = ["PlacesFigure", "build"]

_COLUMNS = ("Place", "Kind", "Country", "Region", "Lat, lon", "Confidence", "Mentions", "Relations")
_KIND = {"city": "city", "admin1": "region (admin.)", "region": "area", "country": "country"}


def _relation_text(rel: Mapping[str, Any]) -> str:
    kind, anchor = rel.get("type"), rel.get("anchor", "")
    direction = f"{rel['direction']} " if rel.get("direction") else ""
    if kind == "distance":
        return f"{rel.get('km')} km {direction}from {anchor}".replace("  ", " ")
    if kind == "outskirts":
        return f"outskirts of {anchor}"
    if kind == "near":
        return f"near {anchor}"
    if kind == "direction":
        return f"{direction}of {anchor}"
    if kind == "part":
        return f"{direction}{rel.get('part', 'part')} of {anchor}".strip()
    return format_value(rel)


def _evidence_html(ev: Evidence, cites: dict[str, str] | None = None) -> str:
    """A sentence naming a place, then its report; ``cites`` remembers each report's
    escaped citation across the calls of one fragment (a report names many places)."""
    parts = ["… " if ev.clipped_start else ""]
    for seg in ev.segments:
        parts.append(f"<mark>{escape(seg.text)}</mark>" if seg.marked else escape(seg.text))
    parts.append(" …" if ev.clipped_end else "")
    ref = ev.source
    cite = cites.get(ref.article) if cites is not None else None
    if cite is None:
        cite = (
            f'<a href="#{escape(ref.anchor)}">{escape(ref.short_id)}</a> · {escape(ref.outlet)} · '
            f"{escape(ref.published)}"
        )
        if cites is not None:
            cites[ref.article] = cite
    return f'<span class="sentence">{"".join(parts)}</span> <span class="cite">{cite}</span>'


def _sources_html(
    place: Mapping[str, Any],
    texts: Mapping[str, ArticleText],
    datelines: Mapping[str, str],
    order: Mapping[str, int],
    cites: dict[str, str] | None = None,
) -> list[str]:
    """Every sentence naming ``place``, its reports in Sources order (``order``: each
    report's place in it, made once for all places; going through every report for each
    place was a million steps for a 1,000-report story)."""
    spans: dict[str, list[tuple[int, int]]] = {}
    out: list[str] = []
    for m in place.get("mentions") or []:
        art = str(m.get("article"))
        if art not in texts:
            continue
        if m.get("dateline"):
            ref = texts[art].ref
            out.append(
                f'<li><span class="note">dateline</span> {escape(datelines.get(art, ""))} '
                f'<span class="cite"><a href="#{escape(ref.anchor)}">{escape(ref.short_id)}'
                "</a></span></li>"
            )
            continue
        spans.setdefault(art, []).append(
            texts[art].span(
                m.get("start"), m.get("end"), f"places/{place.get('id')}", m.get("text")
            )
        )
    for art in sorted(spans, key=order.__getitem__):
        out.extend(
            f"<li>{_evidence_html(ev, cites)}</li>" for ev in texts[art].evidence(spans[art])
        )
    return out


def _routes(doc: Mapping[str, Any], places: Sequence[Mapping[str, Any]]) -> list[Any]:
    from crosswire.geo.geojson import operation_path
    from crosswire.geo.mapsvg import MapRoute
    from crosswire.geo.points import PointFinder

    ops = [o for o in doc.get("operations") or [] if isinstance(o, Mapping)]
    if not ops:
        return []
    finder = PointFinder(places)
    routes = []
    for op in ops:
        path = operation_path(op, finder)
        if path is None:
            continue
        label = str(op.get("type") or op.get("kind") or "operation")
        title = f"{label}: " + " → ".join(p.name for p in path)
        anchor = "operations-" + re.sub(r"[^A-Za-z0-9_-]+", "-", str(op.get("id", ""))).strip("-")
        routes.append(MapRoute(tuple((p.lat, p.lon) for p in path), title, f"#{anchor}"))
    return routes


def _generic_evidence(
    places: Sequence[Mapping[str, Any]], texts: Mapping[str, ArticleText], anchors: Anchors
) -> dict[str, Evidence | None]:
    """The evidence of the generic row each generic anchor names (spans checked there).

    The generic section gave the first place of each id the plain anchor
    (:meth:`Anchors.base`) and does not make evidence itself; a place shows
    the evidence of the row its anchor names.
    """
    out: dict[str, Evidence | None] = {}
    for n, place in enumerate(places):
        base = anchors.base("places", str(place.get("id") or n))
        if base in out:
            continue
        text = texts.get(str(place.get("article")))
        start, end = place.get("start"), place.get("end")
        if text is not None and isinstance(start, int) and isinstance(end, int):
            out[base] = text.evidence([(start, end)])[0]
        else:
            out[base] = None
    return out


class PlacesFigure:
    """The Places fragment: the map, then one list of sentences per place, made on first call.

    Kept in parts so that a page showing some of the places (the dashboard
    pages them) can draw the map with every marker, each linking to the page
    that lists its place (:meth:`figure`), and list the sentences of its own
    places only (:meth:`details`). ``markers`` pair each mapped place's item
    index with its marker.
    """

    __slots__ = (
        "_datelines",
        "_details",
        "_summaries",
        "_texts",
        "legend",
        "markers",
        "places",
        "routes",
    )

    def __init__(
        self,
        places: Sequence[Mapping[str, Any]],
        texts: Mapping[str, ArticleText],
        datelines: Mapping[str, str],
        markers: Sequence[tuple[int, MapMarker]],
        routes: Sequence[MapRoute],
        legend: str,
        summaries: Sequence[tuple[str, str, str]],
    ) -> None:
        self.places = places
        self._texts = texts
        self._datelines = datelines
        self.markers = tuple(markers)
        self.routes = tuple(routes)
        self.legend = legend
        self._details: tuple[str, ...] | None = None
        self._summaries = summaries

    def figure(self, hrefs: Mapping[int, str] | None = None) -> str:
        """The map with its legend; ``hrefs`` replace the links of the markers of those items."""
        from crosswire.geo.mapsvg import render_map

        hrefs = hrefs or {}
        markers = [replace(m, href=hrefs[n]) if n in hrefs else m for n, m in self.markers]
        return f'<figure class="map">{render_map(markers, self.routes)}{self.legend}</figure>'

    def details(self, item: int) -> str:
        """The collapsible list of every sentence naming the place of item ``item``."""
        if self._details is None:
            order = {aid: n for n, aid in enumerate(self._texts)}
            cites: dict[str, str] = {}
            self._details = tuple(
                f'<details class="place-sources" id="{escape(src)}"><summary>{summary} · '
                f'<a href="#{escape(row)}">row</a></summary><ol class="evidence">'
                + "".join(_sources_html(place, self._texts, self._datelines, order, cites))
                + "</ol></details>"
                for place, (src, row, summary) in zip(self.places, self._summaries, strict=True)
            )
        return self._details[item]

    def articles(self, item: int) -> set[str]:
        """The reports whose sentences :meth:`details` lists for item ``item``."""
        return {str(m.get("article")) for m in self.places[item].get("mentions") or []}

    def __call__(self) -> str:
        return self.figure() + "".join(self.details(n) for n in range(len(self.places)))


def build(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    """The Places section with its map (see the module docstring)."""
    from crosswire.geo.mapsvg import MapMarker

    places = [p for p in doc.get("places") or [] if (type(p) is dict or isinstance(p, Mapping))]
    if not places:
        return generic
    by_anchor = {item.anchor: item for item in generic.items}
    generic_evidence = _generic_evidence(places, texts, anchors)
    datelines = {
        str(a.get("id")): str(a.get("dateline") or "")
        for a in doc.get("articles") or []
        if isinstance(a, Mapping)
    }
    items: list[Item] = []
    markers: list[tuple[int, MapMarker]] = []
    summaries: list[tuple[str, str, str]] = []
    for n, place in enumerate(places):
        pid = str(place.get("id", ""))
        base = "places-" + (re.sub(r"[^A-Za-z0-9_-]+", "-", pid).strip("-") or "x")
        generic_item = by_anchor.get(base)
        mentions = place.get("mentions") or []
        reports = len({m.get("article") for m in mentions})
        lat, lon = place.get("lat"), place.get("lon")
        coords = f"{lat:.4f}, {lon:.4f}" if isinstance(lat, float | int) else ""
        rels = "; ".join(_relation_text(r) for r in place.get("relations") or [])
        values = (
            format_value(place.get("name")),
            _KIND.get(str(place.get("feature")), format_value(place.get("feature"))),
            format_value(place.get("country")),
            format_value(place.get("admin1")),
            coords,
            format_value(place.get("confidence")),
            f"{len(mentions)} in {reports} report{'s' if reports != 1 else ''}",
            rels,
        )
        anchor = generic_item.anchor if generic_item else anchors.make("places", pid)
        ev = generic_evidence.get(anchor) if generic_item else None
        items.append(Item(anchor, values, ev))
        src_anchor = anchors.make("place-src", pid)
        name = str(place.get("name") or "")
        summary = f"{name} — {len(mentions)} mention{'s' if len(mentions) != 1 else ''}"
        summaries.append(
            (
                src_anchor,
                anchor,
                f"{escape(summary)} · {escape(values[1])}"
                f"{', ' + escape(values[2]) if values[2] else ''}",
            )
        )
        if isinstance(lat, float | int) and isinstance(lon, float | int):
            markers.append(
                (
                    n,
                    MapMarker(
                        float(lat),
                        float(lon),
                        name,
                        f"{name} ({values[1]}): {values[6]}. Click for the sentences.",
                        f"#{src_anchor}",
                        len(mentions),
                        str(place.get("feature") or "city"),
                        place.get("feature") != "region" or bool(place.get("country")),
                    ),
                )
            )
    routes = _routes(doc, places)
    legend = (
        '<p class="note">Map: Natural Earth 1:110m outlines, bundled. Circles are cities '
        "(red) and regions (purple), squares countries, sized by mentions; arrows are "
        f"operations from origin to destination ({len(routes)} drawn). Click a marker for "
        "every sentence that names the place. Places named only as actors "
        "(“Moscow said”) are not mapped.</p>"
    )
    md_lines = [f"Mapped {len(markers)} places; {len(routes)} operations drawn.", ""]
    md_lines += [
        f"- {it.values[0]} ({it.values[1]}{', ' + it.values[2] if it.values[2] else ''}): "
        f"{it.values[4]} — {it.values[6]}"
        for it in items
    ]
    return Section(
        key=generic.key,
        title=generic.title,
        anchor=generic.anchor,
        blurb="Places the reports name, resolved offline to coordinates; actors are left out.",
        empty_note=generic.empty_note,
        columns=_COLUMNS,
        items=tuple(items),
        html_part=PlacesFigure(places, texts, datelines, markers, routes, legend, summaries),
        md_part="\n".join(md_lines),
    )
