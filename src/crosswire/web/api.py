"""The JSON API: the export document, sliced and filtered, over HTTP.

Every endpoint reads the cached :class:`~crosswire.web.snapshot.Snapshot`,
which holds exactly what ``crosswire export`` would write, so a script can
move between the CLI's files and the API without surprises. Endpoints are
declared once in :data:`ENDPOINTS`, with their filters and a line saying
what they return, and ``GET /api`` lists them from there: the index cannot
drift from the routes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from crosswire.web.query import (
    PAGE_PARAMS,
    BadQueryError,
    NotFoundError,
    check_params,
    filter_items,
    page,
    story_articles,
)
from crosswire.web.snapshot import Snapshot

__all__ = ["ENDPOINTS", "Endpoint", "api_index"]

Handler = Callable[[Snapshot, Request], Response]


@dataclass(frozen=True, slots=True)
class Endpoint:
    """One GET endpoint: its path, the query parameters it accepts and what it returns."""

    path: str
    params: tuple[str, ...]
    doc: str
    handler: Handler


def _json(data: Any) -> JSONResponse:
    return JSONResponse(data)


def _params(request: Request) -> dict[str, str]:
    return dict(request.query_params)


def _listed(request: Request, key: str, rows: list[dict[str, Any]]) -> JSONResponse:
    """A list answer: sorted and paged by ``sort`` / ``offset`` / ``limit``, with ``next``."""
    params = _params(request)
    return _json(page(rows, params).envelope(key, request.url.path, params))


def _one(snap: Snapshot, section: str, item_id: str, what: str) -> Mapping[str, Any]:
    found = snap.by_id(section).get(item_id)
    if found is None:
        raise NotFoundError(f"no {what} {item_id!r} (GET /api/{section} lists them)")
    return found


def _articles(snap: Snapshot, request: Request) -> Response:
    params = _params(request)
    check_params(params, ("story", "outlet", *PAGE_PARAMS))
    rows = snap.doc["articles"]
    if "story" in params:
        keep = story_articles(snap.doc, params["story"])
        rows = [a for a in rows if a["id"] in keep]
    if "outlet" in params:
        rows = [
            a for a in rows if (a.get("outlet") or "").casefold() == params["outlet"].casefold()
        ]
    listed = [
        {k: v for k, v in a.items() if k not in ("text", "removed")} | {"chars": len(a["text"])}
        for a in rows
    ]
    return _listed(request, "articles", listed)


def _article(snap: Snapshot, request: Request) -> Response:
    check_params(_params(request), ())
    aid = str(request.path_params["id"])
    art = _one(snap, "articles", aid, "article")
    stories = [s["id"] for s in snap.doc["stories"] if aid in (s.get("articles") or [])]
    return _json({**art, "stories": stories})


def _entities(snap: Snapshot, request: Request) -> Response:
    params = _params(request)
    check_params(params, ("type", "q", "story", *PAGE_PARAMS))
    rows = snap.doc["entities"]
    if "type" in params:
        types = {e["type"] for e in rows}
        if params["type"].upper() not in types | {"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP"}:
            raise BadQueryError(
                f"type={params['type']!r}: entity types are {', '.join(sorted(types))}"
            )
        rows = [e for e in rows if e["type"] == params["type"].upper()]
    if "q" in params:
        q = params["q"].casefold()
        rows = [e for e in rows if any(q in n.casefold() for n in [e["name"], *e["aliases"]])]
    if "story" in params:
        keep = story_articles(snap.doc, params["story"])
        rows = [e for e in rows if any(m["article"] in keep for m in e["mentions"])]
    listed = [{**e, "reports": len({m["article"] for m in e["mentions"]})} for e in rows]
    if "sort" not in params:  # most widely reported first, as `crosswire entities`
        listed.sort(key=lambda e: (-e["reports"], -len(e["mentions"]), e["name"].casefold()))
    return _listed(request, "entities", listed)


def _entity(snap: Snapshot, request: Request) -> Response:
    check_params(_params(request), ())
    return _json(_one(snap, "entities", str(request.path_params["id"]), "entity"))


def _stories(snap: Snapshot, request: Request) -> Response:
    check_params(_params(request), PAGE_PARAMS)
    rows = [
        {
            "id": s["id"],
            "label": s.get("label"),
            "first": s.get("first"),
            "last": s.get("last"),
            "articles": s.get("articles") or [],
            "independent_sources": s.get("independent_sources"),
            "incidents": len(s.get("incidents") or []),
        }
        for s in snap.doc["stories"]
    ]
    return _listed(request, "stories", rows)


def _story(snap: Snapshot, request: Request) -> Response:
    check_params(_params(request), ())
    return _json(_one(snap, "stories", str(request.path_params["id"]), "story"))


def _section(section: str, params: tuple[str, ...]) -> Handler:
    def handler(snap: Snapshot, request: Request) -> Response:
        query = _params(request)

        def make() -> bytes:
            items = filter_items(snap.doc, section, query, params)
            if section == "events":  # the timeline: dated events first, earliest first
                items.sort(key=lambda e: ((e.get("date") or {}).get("value") or "~", e["id"]))
            return bytes(_listed(request, section, items).body)

        # The whole list is asked for most (dashboards, scripts polling): on one store
        # state it is the same bytes, serialised once. Filtered or paged lists are cheap
        # and unbounded in number, so they are not kept.
        body: bytes = snap.memo(("api", section), make) if not query else make()
        return Response(body, media_type="application/json")

    return handler


def _places(snap: Snapshot, request: Request) -> Response:
    """GeoJSON paged like every other list: ``features`` is the list that is cut, and
    ``sort`` names a feature property (``name``, ``kind``, ``mentions``...), since that is
    where a feature's fields live. The paging members (``count``, ``limit``, ``offset``,
    ``next``) sit beside ``features`` as GeoJSON foreign members, so GIS tools still read
    the page as a FeatureCollection."""
    from crosswire.geo.geojson import build_geojson
    from crosswire.link.stories import export_for_story

    params = _params(request)
    check_params(params, ("story", *PAGE_PARAMS))
    story = params.get("story")

    def make() -> dict[str, Any]:
        doc: Mapping[str, Any] = snap.doc
        if story is not None:
            story_articles(doc, story)  # 400 for an unknown story
            doc = export_for_story(doc, story)
        return build_geojson(doc)

    geo: dict[str, Any] = snap.memo(("api", "places", story or ""), make)
    features: list[dict[str, Any]] = geo["features"]
    by_props = {id(f["properties"]): f for f in features}
    cut = page([f["properties"] for f in features], params)
    envelope = cut.envelope("features", request.url.path, params)
    envelope["features"] = [by_props[id(p)] for p in cut.items]
    return _json({**{k: v for k, v in geo.items() if k != "features"}, **envelope})


def _export(snap: Snapshot, request: Request) -> Response:
    check_params(_params(request), ())
    return _json(snap.doc)


_MEDIA = {
    "md": "text/markdown; charset=utf-8",
    "html": "text/html; charset=utf-8",
    "json": "application/json",
}


def _report(snap: Snapshot, request: Request) -> Response:
    from crosswire.pipeline import REPORT_FORMATS

    params = _params(request)
    check_params(params, ("format", "story"))
    fmt = params.get("format", "md")
    if fmt not in REPORT_FORMATS:
        raise BadQueryError(f"format={fmt!r} is not one of: {', '.join(REPORT_FORMATS)}")
    story = params.get("story")
    if story is not None:
        story_articles(snap.doc, story)
    return PlainTextResponse(snap.report(fmt, story), media_type=_MEDIA[fmt])


_SPAN = ("article", "story")

ENDPOINTS: tuple[Endpoint, ...] = (
    Endpoint(
        "/api/articles",
        ("story", "outlet", *PAGE_PARAMS),
        "Stored reports, without text.",
        _articles,
    ),
    Endpoint("/api/articles/{id}", (), "One report with its cleaned text and stories.", _article),
    Endpoint(
        "/api/entities",
        ("type", "q", "story", *PAGE_PARAMS),
        "Canonical entities with mentions, most reports first.",
        _entities,
    ),
    Endpoint("/api/entities/{id}", (), "One entity.", _entity),
    Endpoint("/api/stories", PAGE_PARAMS, "Stories, largest first (summary lines).", _stories),
    Endpoint("/api/stories/{id}", (), "One story with its incidents.", _story),
    Endpoint(
        "/api/figures",
        (*_SPAN, "measure", "place", "incident", *PAGE_PARAMS),
        "Figures with value, measure, claimant, place and as-of.",
        _section("figures", (*_SPAN, "measure", "place", "incident")),
    ),
    Endpoint(
        "/api/reconciliations",
        (*_SPAN, "measure", "place", "status", *PAGE_PARAMS),
        "Figures for one measure and place set side by side, with a status.",
        _section("reconciliations", (*_SPAN, "measure", "place", "status")),
    ),
    Endpoint(
        "/api/quotes",
        (*_SPAN, "speaker", *PAGE_PARAMS),
        "Who said what (speaker = entity id).",
        _section("quotes", (*_SPAN, "speaker")),
    ),
    Endpoint(
        "/api/events",
        (*_SPAN, "type", "place", "incident", *PAGE_PARAMS),
        "The timeline: typed, dated events, earliest first.",
        _section("events", (*_SPAN, "type", "place", "incident")),
    ),
    Endpoint(
        "/api/operations",
        (*_SPAN, *PAGE_PARAMS),
        "Humanitarian operations with their status history.",
        _section("operations", _SPAN),
    ),
    Endpoint(
        "/api/places",
        ("story", *PAGE_PARAMS),
        "Places, events and operations as GeoJSON; sort names a feature property.",
        _places,
    ),
    Endpoint("/api/export", (), "The whole export document (as `crosswire export`).", _export),
    Endpoint(
        "/api/report",
        ("format", "story"),
        "The situation report (format md|html|json), as `crosswire report`.",
        _report,
    ),
)


def api_index() -> dict[str, Any]:
    """What ``GET /api`` returns: every endpoint with its parameters and purpose."""
    listed: list[dict[str, Any]] = [
        {"method": "GET", "path": e.path, "params": list(e.params), "returns": e.doc}
        for e in ENDPOINTS
    ]
    listed.append(
        {
            "method": "POST",
            "path": "/api/ingest",
            "params": [],
            "returns": "Ingest one JSON document {text, title, url, published, outlet} or a "
            "list; reports what was added, already stored or a duplicate.",
        }
    )
    return {
        "name": "crosswire",
        "endpoints": listed,
        "errors": "JSON {error, status}: 400 bad parameter, 404 unknown id, 422 bad document, "
        "403 ingest on a read-only server",
        "paging": "list endpoints take limit, offset and sort (FIELD or -FIELD) and answer "
        "{count, limit, offset, next, ITEMS}; next is the URL of the following page, or null; "
        "/api/places pages its GeoJSON features the same way",
    }
