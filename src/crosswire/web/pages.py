"""The dashboard's HTML pages, drawn from the same snapshot the JSON API serves.

Pages reuse the situation report's view (:func:`crosswire.report.build_view`)
and its stylesheet, inline SVG timeline and map, so the dashboard and the
report never disagree; what the dashboard adds is navigation and the
article page, where every cited span can be highlighted by URL fragment.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from crosswire.web.query import PAGE_PARAMS, NotFoundError, check_params, enum_values, page
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

__all__ = ["ARTICLES_PER_PAGE", "PAGES", "SPEAKERS_PER_PAGE", "html_page"]

_STATUS_ORDER = ("disputed", "diverging", "changed", "corroborated", "consistent", "single_source")


def html_page(body: str, status: int = 200, *, csp: str | None = CSP) -> HTMLResponse:
    """An HTML response with the dashboard's Content-Security-Policy."""
    headers = {"Content-Security-Policy": csp} if csp else {}
    return HTMLResponse(body, status_code=status, headers=headers)


def overview(snap: Snapshot, request: Request) -> Response:
    """Stories, reconciliation status counts and the figures behind each status.

    Rendered once per store state: it depends on nothing but the snapshot."""
    body: str = snap.memo(("page", "/overview"), lambda: _overview_html(snap))
    return html_page(body)


def _overview_html(snap: Snapshot) -> str:
    doc = snap.doc
    figures = snap.by_id("figures")
    statuses = [
        *_STATUS_ORDER,
        *sorted(enum_values("reconciliations", "status") - set(_STATUS_ORDER)),
    ]
    rank = {s: n for n, s in enumerate(statuses)}
    groups = sorted(
        doc["reconciliations"],
        key=lambda g: (rank.get(g.get("status"), 99), -int(g.get("independent_sources") or 0)),
    )
    rows = [
        {**g, "figure_items": [figures[f] for f in g.get("figures") or [] if f in figures]}
        for g in groups
    ]
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
    return render(
        "overview.html.j2",
        title="Overview",
        active="/",
        counts=counts,
        stories=doc["stories"],
        status_counts=[(s, sum(1 for g in groups if g.get("status") == s)) for s in statuses],
        groups=rows,
        key_points=key_points,
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
    items: list[dict[str, Any]], request: Request, params: Mapping[str, str], per_page: int
) -> tuple[list[dict[str, Any]], Pager]:
    """One page of ``items`` (``limit``, default ``per_page``; ``offset``; ``sort``) and its
    pager; a bad value is a 400 naming the parameter, as in the API."""
    query = {"limit": str(per_page), **params}
    cut = page(items, query)
    return cut.items, Pager.of(cut, request.url.path, params)


def articles(snap: Snapshot, request: Request) -> Response:
    """The stored reports, earliest first, a page at a time (``limit``, ``offset``, ``sort``)."""
    params = dict(request.query_params)
    check_params(params, PAGE_PARAMS)
    rows = sorted(snap.doc["articles"], key=lambda a: (a.get("published") or "~", a["id"]))
    shown, pager = _paged(rows, request, params, ARTICLES_PER_PAGE)
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
    shown, pager = _paged(ordered, request, params, SPEAKERS_PER_PAGE)
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


def _section_page(snap: Snapshot, request: Request, key: str, title: str, active: str) -> Response:
    """One section of the report (``?story=ID``: of that story's report only)."""
    params = dict(request.query_params)
    check_params(params, ("story",))
    story = params.get("story")
    if story is not None:
        if story not in snap.by_id("stories"):
            raise NotFoundError(f"no story {story!r}: the overview lists the stories")
        label = snap.by_id("stories")[story].get("label") or story
        title = f"{title}: {label}"
    view = snap.view(story) if snap.doc["articles"] else None
    section = next((s for s in view.sections if s.key == key), None) if view else None
    return html_page(
        render("section.html.j2", title=title, active=active, section=section, view=view)
    )


def timeline(snap: Snapshot, request: Request) -> Response:
    """Dated events, earliest first: the report's SVG timeline and table."""
    return _section_page(snap, request, "events", "Timeline", "/timeline")


def map_page(snap: Snapshot, request: Request) -> Response:
    """Places on the report's offline SVG map, with their evidence."""
    return _section_page(snap, request, "places", "Map", "/map")


PAGES = (
    ("/", overview),
    ("/report", report),
    ("/stories/{id}", story),
    ("/articles", articles),
    ("/articles/{id}", article),
    ("/quotes", quotes),
    ("/timeline", timeline),
    ("/map", map_page),
)
