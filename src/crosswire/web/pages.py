"""The dashboard's HTML pages, drawn from the same snapshot the JSON API serves.

Pages reuse the situation report's view (:func:`crosswire.report.build_view`)
and its stylesheet, inline SVG timeline and map, so the dashboard and the
report never disagree; what the dashboard adds is navigation and the
article page, where every cited span can be highlighted by URL fragment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from crosswire.errors import BadQueryError
from crosswire.web.query import (
    PAGE_PARAMS,
    NotFoundError,
    check_enum,
    check_params,
    enum_values,
    page,
)
from crosswire.web.render import (
    CSP,
    NAV,
    Pager,
    article_spans,
    evidence_href,
    ref_href,
    render,
    segments,
)
from crosswire.web.snapshot import Snapshot

if TYPE_CHECKING:
    from crosswire.report.view import Item, ReportView

__all__ = [
    "ARTICLES_PER_PAGE",
    "EVENTS_PER_PAGE",
    "PAGES",
    "PLACES_PER_PAGE",
    "RECONCILIATIONS_ON_OVERVIEW",
    "RECONCILIATIONS_PER_PAGE",
    "SPEAKERS_PER_PAGE",
    "STORIES_PER_PAGE",
    "html_page",
]

_STATUS_ORDER = ("disputed", "diverging", "changed", "corroborated", "consistent", "single_source")


def html_page(body: str, status: int = 200, *, csp: str | None = CSP) -> HTMLResponse:
    """An HTML response with the dashboard's Content-Security-Policy."""
    headers = {"Content-Security-Policy": csp} if csp else {}
    return HTMLResponse(body, status_code=status, headers=headers)


STORIES_PER_PAGE = 50
"""Stories on one page of the overview unless ``limit`` says otherwise."""
RECONCILIATIONS_ON_OVERVIEW = 20
"""Groups the overview shows (most disputed first); ``/reconciliations`` pages through all."""
RECONCILIATIONS_PER_PAGE = 50
"""Groups on one page of ``/reconciliations`` unless ``limit`` says otherwise."""


def overview(snap: Snapshot, request: Request) -> Response:
    """Counts, a page of stories (``limit``, ``offset``, ``sort``), key points and the most
    disputed reconciliation groups.

    The first page is rendered once per store state (it depends on nothing
    but the snapshot); other pages are rendered per request, so arbitrary
    offsets cannot fill the snapshot's memo."""
    params = dict(request.query_params)
    check_params(params, PAGE_PARAMS)
    if not params:
        body: str = snap.memo(("page", "/overview"), lambda: _overview_html(snap, params))
    else:
        body = _overview_html(snap, params)
    return html_page(body)


def _reconciliation_rows(snap: Snapshot) -> tuple[list[str], list[dict[str, Any]]]:
    """Every status the schema knows (in reading order) and every group, most disputed first,
    each with its figures."""

    def make() -> tuple[list[str], list[dict[str, Any]]]:
        figures = snap.by_id("figures")
        statuses = [
            *_STATUS_ORDER,
            *sorted(enum_values("reconciliations", "status") - set(_STATUS_ORDER)),
        ]
        rank = {s: n for n, s in enumerate(statuses)}
        groups = sorted(
            snap.doc["reconciliations"],
            key=lambda g: (rank.get(g.get("status"), 99), -int(g.get("independent_sources") or 0)),
        )
        rows = [
            {**g, "figure_items": [figures[f] for f in g.get("figures") or [] if f in figures]}
            for g in groups
        ]
        return statuses, rows

    made: tuple[list[str], list[dict[str, Any]]] = snap.memo(("reconciliation-rows",), make)
    return made


def _overview_html(snap: Snapshot, params: Mapping[str, str]) -> str:
    doc = snap.doc
    statuses, rows = _reconciliation_rows(snap)
    counts = {
        "articles": len(doc["articles"]),
        "independent": sum(
            1 for a in doc["articles"] if not a.get("duplicate_of") and not a.get("wire_text_of")
        ),
        **{k: len(doc[k]) for k in ("stories", "entities", "figures", "quotes", "events")},
    }
    ids = [a["id"] for a in doc["articles"]]
    key_points = [
        {
            "text": k.text,
            "anchor": k.anchor,
            # Key points name reports by short id (a prefix); link each to its article.
            "reports": [(r, next((i for i in ids if i.startswith(r)), None)) for r in k.reports],
        }
        for k in (snap.view().key_points if ids else ())
    ]
    stories, pager = _paged(list(doc["stories"]), "/", params, STORIES_PER_PAGE)
    return render(
        "overview.html.j2",
        title="Overview",
        active="/",
        counts=counts,
        stories=stories,
        pager=pager,
        status_counts=[(s, sum(1 for g in rows if g.get("status") == s)) for s in statuses],
        groups=rows[:RECONCILIATIONS_ON_OVERVIEW],
        groups_total=len(rows),
        key_points=key_points,
    )


def reconciliations(snap: Snapshot, request: Request) -> Response:
    """Every reconciliation group, most disputed first, a page at a time (``limit``,
    ``offset``, ``sort``; ``status`` keeps one status)."""
    params = dict(request.query_params)
    check_params(params, ("status", *PAGE_PARAMS))
    statuses, every = _reconciliation_rows(snap)
    rows = every
    status = params.get("status")
    if status is not None:
        check_enum("status", status, statuses)
        rows = [g for g in rows if g.get("status") == status]
    shown, pager = _paged(rows, "/reconciliations", params, RECONCILIATIONS_PER_PAGE)
    return html_page(
        render(
            "reconciliations.html.j2",
            title="Reconciliation",
            active="/reconciliations",
            groups=shown,
            pager=pager,
            status=status,
            status_counts=[(s, sum(1 for g in every if g.get("status") == s)) for s in statuses],
        )
    )


def _report_page(snap: Snapshot, story: str | None) -> Response:
    from crosswire.link.stories import export_for_story
    from crosswire.report import build_view
    from crosswire.report.collector import collector_paused
    from crosswire.report.html import ReportLinks, render_view_html

    def make() -> str:
        doc: Mapping[str, Any] = snap.doc
        if story is not None:
            doc = export_for_story(doc, story)
        with collector_paused():
            view = build_view(doc, sentences=snap.sentences)
            return render_view_html(
                view,
                links=ReportLinks(
                    span=evidence_href, article=ref_href, nav=NAV, story=lambda s: f"/stories/{s}"
                ),
            )

    # The report page carries its own hash-based policy in a <meta> tag.
    return html_page(snap.memo(("page", story or ""), make), csp=None)


def report(snap: Snapshot, request: Request) -> Response:
    """The whole situation report, its evidence linked to the article pages."""
    return _report_page(snap, None)


def story(snap: Snapshot, request: Request) -> Response:
    """One story's situation report (as ``crosswire report --story ID``), linked."""
    sid = str(request.path_params["id"])
    if sid not in snap.by_id("stories"):
        raise NotFoundError(f"no story {sid!r}: the overview lists the stories")
    return _report_page(snap, sid)


ARTICLES_PER_PAGE = 100
"""Reports on one page of ``/articles`` unless ``limit`` says otherwise."""
SPEAKERS_PER_PAGE = 50
"""Speakers (each with all their statements) on one page of ``/quotes`` unless ``limit`` says."""


def _paged(
    items: list[dict[str, Any]], path: str, params: Mapping[str, str], per_page: int
) -> tuple[list[dict[str, Any]], Pager]:
    """One page of ``items`` (``limit``, default ``per_page``; ``offset``; ``sort``) and its
    pager; a bad value is a 400 naming the parameter, as in the API."""
    query = {"limit": str(per_page), **params}
    cut = page(items, query)
    return cut.items, Pager.of(cut, path, params)


def articles(snap: Snapshot, request: Request) -> Response:
    """The stored reports, earliest first, a page at a time (``limit``, ``offset``, ``sort``)."""
    params = dict(request.query_params)
    check_params(params, PAGE_PARAMS)
    rows = sorted(snap.doc["articles"], key=lambda a: (a.get("published") or "~", a["id"]))
    shown, pager = _paged(rows, "/articles", params, ARTICLES_PER_PAGE)
    context = {"articles": shown, "pager": pager}
    return html_page(render("articles.html.j2", title="Articles", active="/articles", **context))


def article(snap: Snapshot, request: Request) -> Response:
    """One report's cleaned text, cut at every extracted span, with the spans listed."""
    aid = str(request.path_params["id"])
    art = snap.by_id("articles").get(aid)
    if art is None:
        raise NotFoundError(f"no article {aid!r}: /articles lists them")
    spans = snap.memo(("spans", aid), lambda: article_spans(snap.doc, aid))
    segs = segments(art["text"], ((s["start"], s["end"], s["kind"]) for s in spans))
    url = art.get("url")
    safe_url = url if url and re.match(r"https?://\S+$", url, re.IGNORECASE) else None
    stories = [s["id"] for s in snap.doc["stories"] if aid in (s.get("articles") or [])]
    title = art.get("title") or f"Article {aid}"
    return html_page(
        render(
            "article.html.j2",
            title=title,
            active="/articles",
            article=art,
            spans=spans,
            segments=segs,
            safe_url=safe_url,
            stories=stories,
        )
    )


def quotes(snap: Snapshot, request: Request) -> Response:
    """Who said what: statements grouped by speaker entity, most reports first."""
    from crosswire.web.query import filter_items

    params = dict(request.query_params)
    items = filter_items(snap.doc, "quotes", params, ("speaker", "story", "article"))
    names = {e["id"]: e["name"] for e in snap.doc["entities"]}
    groups: dict[str, dict[str, Any]] = {}
    for q in items:
        entity = q.get("speaker_entity")
        key = entity or f"name:{q.get('speaker') or 'unknown'}"
        name = names.get(entity) if entity else None
        group = groups.setdefault(
            key,
            {"entity": entity, "name": name or q.get("speaker") or "Unknown speaker", "quotes": []},
        )
        group["quotes"].append(q)
    ordered = sorted(
        groups.values(),
        key=lambda g: (g["entity"] is None, -len({q["article"] for q in g["quotes"]}), g["name"]),
    )
    for g in ordered:
        g["reports"] = len({q["article"] for q in g["quotes"]})
    # A page holds whole speakers: paging statements would split one speaker's across pages.
    shown, pager = _paged(ordered, "/quotes", params, SPEAKERS_PER_PAGE)
    return html_page(
        render(
            "quotes.html.j2",
            title="Who said what",
            active="/quotes",
            groups=shown,
            speaker=params.get("speaker"),
            pager=pager,
        )
    )


EVENTS_PER_PAGE = 100
"""Rows of the events table on one page of ``/timeline`` unless ``limit`` says otherwise."""
PLACES_PER_PAGE = 50
"""Places (rows, each with its sentences) on one page of ``/map`` unless ``limit`` says."""
BUSIEST_DAYS = 10
"""Days the timeline page names as the busiest, each linking to all its events."""


def _story_view(
    snap: Snapshot, params: Mapping[str, str], title: str
) -> tuple[str, ReportView | None]:
    """The page title and the view to show: of the story ``?story=`` names (404 when
    unknown), else of the whole store."""
    story = params.get("story")
    if story is not None:
        if story not in snap.by_id("stories"):
            raise NotFoundError(f"no story {story!r}: the overview lists the stories")
        label = snap.by_id("stories")[story].get("label") or story
        title = f"{title}: {label}"
    view = snap.view(story) if snap.doc["articles"] else None
    return title, view


def _section_html(
    view: ReportView | None,
    key: str,
    title: str,
    active: str,
    *,
    figure: str,
    items: Sequence[Item],
    pager: Pager | None,
    cited: set[str],
    **extra: Any,
) -> HTMLResponse:
    """One section of the report as a dashboard page: its picture, a page of its table, and
    the sources that page cites (the whole Sources table would list every report)."""
    section = next((s for s in view.sections if s.key == key), None) if view else None
    cited |= {i.evidence.source.article for i in items if i.evidence is not None}
    sources = [r for r in view.sources if r.ref.article in cited] if view else []
    return html_page(
        render(
            "section.html.j2",
            title=title,
            active=active,
            section=section,
            figure=figure,
            items=items,
            pager=pager,
            source_rows=sources,
            **{
                "busiest": [],
                "cut_days": 0,
                "day": None,
                "details": [],
                "what": "items",
                "after_figure": "",
                "story": None,
                **extra,
            },
        )
    )


def _day_param(params: Mapping[str, str]) -> date | None:
    raw = params.get("day")
    if raw is None:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise BadQueryError(f"day={raw!r} is not a date (YYYY-MM-DD)") from None


def timeline(snap: Snapshot, request: Request) -> Response:
    """Dated events, earliest first: the report's SVG timeline over all of them, the busiest
    days (each linking to its events: ``day=YYYY-MM-DD``), and a page of the events table
    (``limit``, ``offset``, ``sort`` by date, type, status, place or article)."""
    from crosswire.report.section_events import TimelineFigure, busiest_days, event_day

    params = dict(request.query_params)
    check_params(params, ("story", "day", *PAGE_PARAMS))
    title, view = _story_view(snap, params, "Timeline")
    day = _day_param(params)
    section = next((s for s in view.sections if s.key == "events"), None) if view else None
    figure = section.html_part if section else None
    if section is None or not isinstance(figure, TimelineFigure):
        return _section_html(
            view, "events", title, "/timeline", figure="", items=[], pager=None, cited=set()
        )
    events = figure.events
    rows = [
        {
            "order": n,
            "date": (e.get("date") or {}).get("value"),
            "type": e.get("type"),
            "status": e.get("status"),
            "place": (e.get("place") or {}).get("text")
            if isinstance(e.get("place"), Mapping)
            else None,
            "article": e.get("article"),
        }
        for n, e in enumerate(events)
        if day is None or event_day(e) == day
    ]
    shown, pager = _paged(rows, "/timeline", params, EVENTS_PER_PAGE)
    keep = {k: v for k, v in params.items() if k == "story"}
    every_day = busiest_days(events, len(events))
    busy = [
        (b, "/timeline?" + urlencode({**keep, "day": b.day.isoformat()}))
        for b in every_day[:BUSIEST_DAYS]
    ]
    # Days beyond the list whose column is cut too: said, with the way to reach them.
    cut_days = sum(1 for b in every_day[BUSIEST_DAYS:] if b.events > b.drawn)
    return _section_html(
        view,
        "events",
        title,
        "/timeline",
        figure=figure.picture(),
        items=[section.items[r["order"]] for r in shown],
        pager=pager,
        cited=set(),
        busiest=busy,
        cut_days=cut_days,
        story=params.get("story"),
        after_figure=figure.conflicting(),
        day=(_long_day(day), "/timeline?" + urlencode(keep), day.isoformat()) if day else None,
        what="events",
    )


def _long_day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def map_page(snap: Snapshot, request: Request) -> Response:
    """Places on the report's offline SVG map (every place, each marker linking to the page
    that lists it) and a page of the places table with their sentences (``limit``,
    ``offset``, ``sort`` by name, kind, country, region, mentions, reports or confidence)."""
    from crosswire.report.section_places import PlacesFigure

    params = dict(request.query_params)
    check_params(params, ("story", *PAGE_PARAMS))
    title, view = _story_view(snap, params, "Map")
    section = next((s for s in view.sections if s.key == "places"), None) if view else None
    figure = section.html_part if section else None
    if section is None or not isinstance(figure, PlacesFigure):
        return _section_html(
            view, "places", title, "/map", figure="", items=[], pager=None, cited=set()
        )
    rows = [
        {
            "order": n,
            "name": p.get("name"),
            "kind": p.get("feature"),
            "country": p.get("country"),
            "region": p.get("admin1"),
            "confidence": p.get("confidence"),
            "mentions": len(p.get("mentions") or []),
            "reports": len({m.get("article") for m in p.get("mentions") or []}),
        }
        for n, p in enumerate(figure.places)
    ]
    query = {"limit": str(PLACES_PER_PAGE), **params}
    ordered = page(rows, {k: v for k, v in query.items() if k == "sort"}).items
    shown, pager = _paged(rows, "/map", params, PLACES_PER_PAGE)
    # Each marker links to its place's sentences, on this page or on the page listing it.
    limit = max(int(query["limit"]), 1)
    offset = int(params.get("offset") or 0)
    on_page = {r["order"] for r in shown}
    hrefs = {}
    for position, row in enumerate(ordered):
        if row["order"] in on_page:
            continue
        start = max(0, offset + (position - offset) // limit * limit)
        target = {**params, "limit": str(limit), "offset": str(start)}
        hrefs[row["order"]] = f"/map?{urlencode(target)}"
    marked = {n: hrefs[n] + m.href for n, m in figure.markers if n in hrefs}
    cited: set[str] = set()
    for r in shown:
        cited |= figure.articles(r["order"])
    return _section_html(
        view,
        "places",
        title,
        "/map",
        figure=figure.figure(marked),
        items=[section.items[r["order"]] for r in shown],
        pager=pager,
        cited=cited,
        details=[figure.details(r["order"]) for r in shown],
        what="places",
    )


PAGES = (
    ("/", overview),
    ("/report", report),
    ("/stories/{id}", story),
    ("/articles", articles),
    ("/articles/{id}", article),
    ("/quotes", quotes),
    ("/reconciliations", reconciliations),
    ("/timeline", timeline),
    ("/map", map_page),
)
