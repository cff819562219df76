"""API lists page: limit / offset with a `next` link that walks the whole list, and sort."""

from __future__ import annotations

import html
import json
import re
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (crosswire[web]) is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from crosswire.web import create_app
from crosswire.web.api import ENDPOINTS
from crosswire.web.query import PAGE_PARAMS


@pytest.fixture(scope="module")
def client(example_store: Path) -> Iterator[TestClient]:
    with TestClient(create_app(example_store, read_only=True)) as c:
        yield c


@pytest.mark.parametrize("section", ["figures", "quotes", "events", "entities", "articles"])
def test_next_links_walk_the_whole_list_once(client: TestClient, section: str) -> None:
    whole = client.get(f"/api/{section}").json()
    assert whole["next"] is None and whole["count"] == len(whole[section])
    seen, url = [], f"/api/{section}?limit=3"
    while url:
        answer = client.get(url)
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["count"] == whole["count"] and len(body[section]) <= 3
        seen += body[section]
        url = body["next"]
    assert seen == whole[section]


def test_sort_orders_by_a_field_either_way_with_missing_values_last(client: TestClient) -> None:
    up = client.get("/api/figures?sort=value").json()["figures"]
    down = client.get("/api/figures?sort=-value").json()["figures"]
    values = [f["value"] for f in up if f.get("value") is not None]
    assert values == sorted(values)
    assert [f["value"] for f in down if f.get("value") is not None] == sorted(values, reverse=True)
    assert all(f.get("value") is None for f in up[len(values) :])
    paged = client.get("/api/figures?sort=-value&limit=2&offset=1").json()
    assert paged["figures"] == down[1:3]
    assert "sort=-value" in paged["next"] and "offset=3" in paged["next"]


@pytest.mark.parametrize(
    "query", ["limit=-1", "limit=x", "offset=-5", "sort=nosuchfield", "limit=99999999"]
)
def test_bad_paging_is_a_400_naming_the_parameter(client: TestClient, query: str) -> None:
    answer = client.get(f"/api/figures?{query}")
    assert answer.status_code == 400
    assert query.split("=")[0] in answer.json()["error"]


def test_entities_come_most_reported_first_with_their_report_count(client: TestClient) -> None:
    rows = client.get("/api/entities").json()["entities"]
    assert [r["reports"] for r in rows] == sorted((r["reports"] for r in rows), reverse=True)
    assert all(r["reports"] == len({m["article"] for m in r["mentions"]}) for r in rows)


def test_index_documents_paging(client: TestClient) -> None:
    index = client.get("/api").json()
    figures = next(e for e in index["endpoints"] if e["path"] == "/api/figures")
    assert {"limit", "offset", "sort"} <= set(figures["params"]) and "next" in index["paging"]


# Dashboard pages page too, served by uvicorn on loopback and read over HTTP.


@pytest.fixture(scope="module")
def served(example_store: Path) -> Iterator[str]:
    pytest.importorskip("uvicorn", reason="the web extra (crosswire[web]) is not installed")
    from test_dashboard_in_browser import _serving

    with _serving(example_store) as base:
        yield base


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as r:
        assert r.status == 200
        return str(r.read().decode("utf-8"))


def _rel(page: str, rel: str) -> str | None:
    found = re.search(rf'<a rel="{rel}" href="([^"]+)"', page)
    return html.unescape(found.group(1)) if found else None


def _walk(base: str, start: str, pick: str) -> tuple[list[str], list[str]]:
    """Follow the next links from ``start``: what ``pick`` finds on each page, and the pages."""
    seen: list[str] = []
    visited: list[str] = []
    url: str | None = start
    while url:
        page = _page(base + url)
        visited.append(page)
        seen += re.findall(pick, page)
        url = _rel(page, "next")
        assert len(visited) < 100, "next links do not end"
    return seen, visited


def test_articles_page_next_links_walk_every_report_once(served: str) -> None:
    ids = [a["id"] for a in json.loads(_page(f"{served}/api/articles"))["articles"]]
    seen, pages = _walk(served, "/articles?limit=1", r'<td class="id"><a href="/articles/([^"]+)"')
    assert len(pages) == len(ids) > 1
    assert sorted(seen) == sorted(ids) and len(seen) == len(set(seen))
    assert f"Reports 1–1 of {len(ids)}" in pages[0] and _rel(pages[0], "prev") is None
    assert _rel(pages[1], "prev") == "/articles?limit=1&offset=0"
    assert _rel(pages[-1], "next") is None


def test_quotes_page_pages_by_speaker_and_keeps_the_filters(served: str) -> None:
    quotes = json.loads(_page(f"{served}/api/quotes"))["quotes"]
    story = json.loads(_page(f"{served}/api/stories"))["stories"][0]["id"]
    seen, pages = _walk(served, f"/quotes?story={story}&limit=2", r'<span class="badge">')
    assert len(seen) == len(quotes) and len(pages) > 1
    assert all(p.count('<section class="speaker"') <= 2 for p in pages)
    assert all(f"story={story}" in (_rel(p, "next") or f"story={story}") for p in pages)


def test_whole_articles_list_fits_one_default_page(served: str) -> None:
    page = _page(f"{served}/articles")
    assert _rel(page, "next") is None and _rel(page, "prev") is None
    assert "Reports 1–3 of 3" in page


@pytest.mark.parametrize("query", ["limit=x", "offset=-1", "limit=0&offset=nope", "bogus=1"])
def test_bad_page_parameters_are_a_400_naming_them(served: str, query: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(f"{served}/articles?{query}", timeout=60)
    assert caught.value.code == 400
    body = caught.value.read().decode("utf-8")
    assert query.split("&")[-1].split("=")[0] in body


def test_overview_next_links_walk_every_story_once(served: str) -> None:
    ids = [s["id"] for s in json.loads(_page(f"{served}/api/stories"))["stories"]]
    seen, pages = _walk(served, "/?limit=1", r'<tr><td><a href="/stories/([^"]+)">')
    assert seen == ids and len(pages) == len(ids)
    assert f"Stories 1–1 of {len(ids)}" in pages[0] and _rel(pages[0], "prev") is None
    # every page still gives the whole store's counts and reconciliation status
    assert all("Reconciliation" in p and f"<b>{len(ids)}</b> stories" in p for p in pages)


def test_timeline_page_walks_every_event_once_in_timeline_order(served: str) -> None:
    count = json.loads(_page(f"{served}/api/events"))["count"]
    whole = _page(f"{served}/timeline?limit={count}")
    order = re.findall(r'<tr id="(event-[^"]+)"', whole)
    seen, pages = _walk(served, "/timeline?limit=7", r'<tr id="(event-[^"]+)"')
    assert seen == order and len(order) == count > 7
    assert len(pages) == -(-count // 7) and f"Events 1–7 of {count}" in pages[0]
    # the picture covers every event on every page, not just the page's rows
    assert all(p.count("<circle ") == whole.count("<circle ") for p in pages)


def test_timeline_names_its_busiest_day_and_links_to_all_its_events(served: str) -> None:
    events = json.loads(_page(f"{served}/api/events"))["events"]
    per_day: dict[str, int] = {}
    for e in events:
        value = str((e.get("date") or {}).get("value") or "")
        if re.match(r"\d{4}-\d\d-\d\d", value):
            per_day[value[:10]] = per_day.get(value[:10], 0) + 1
    busiest = min(per_day, key=lambda d: (-per_day[d], d))
    page = _page(f"{served}/timeline?limit=2")
    assert f'href="/timeline?day={busiest}"' in page
    day_page = _page(f"{served}/timeline?day={busiest}&limit=1000")
    assert len(re.findall(r'<tr id="event-', day_page)) == per_day[busiest]
    assert "Showing the events of" in day_page and 'href="/timeline?"' in day_page


def test_map_page_walks_every_place_and_each_marker_opens_its_place(served: str) -> None:
    places = re.findall(r'<tr id="(places-[^"]+)"', _page(f"{served}/map?limit=10000"))
    seen, pages = _walk(served, "/map?limit=2", r'<tr id="(places-[^"]+)"')
    assert seen == places and len(places) == len(set(places)) > 2
    details = [re.findall(r'<details class="place-sources" id="([^"]+)"', p) for p in pages]
    assert [len(d) for d in details] == [len(re.findall(r'<tr id="places-', p)) for p in pages]
    elsewhere = 0
    for n, page in enumerate(pages):
        for href in re.findall(r'<a href="([^"]*#place-src-[^"]+)"', page):
            target, _, anchor = html.unescape(href).partition("#")
            elsewhere += bool(target)
            # a marker of this page's place opens it here; any other, the page that lists it
            shown = page if not target else _page(served + target)
            assert f'id="{anchor}"' in shown, (n, href)
            assert not target or target.startswith("/map?limit=2&offset=")
    assert elsewhere, "no marker links to another page: the store no longer exercises paging"


def test_reconciliations_page_walks_every_group_and_filters_by_status(served: str) -> None:
    groups = json.loads(_page(f"{served}/api/reconciliations"))["reconciliations"]
    seen, pages = _walk(served, "/reconciliations?limit=2", r'<span class="status status-(\w+)">')
    assert sorted(seen) == sorted(g["status"] for g in groups) and len(pages) > 1
    status = groups[0]["status"]
    one = _page(f"{served}/reconciliations?status={status}")
    assert len(re.findall(r'<span class="status status-', one)) == sum(
        g["status"] == status for g in groups
    )


def test_section_pages_list_only_the_sources_they_cite(served: str) -> None:
    page = _page(f"{served}/timeline?limit=1")
    cited = set(re.findall(r'<span class="cite"><a href="/articles/([0-9a-f]+)"', page))
    sources = page[page.index('<section id="sources">') :]
    listed = set(re.findall(r'<td class="id"><a href="/articles/([0-9a-f]+)"', sources))
    assert listed == cited and len(listed) == 1


@pytest.mark.parametrize(
    ("path", "query"),
    [
        ("/", "limit=x"),
        ("/", "offset=-1"),
        ("/", "bogus=1"),
        ("/timeline", "limit=-3"),
        ("/timeline", "day=13-03-2022"),
        ("/timeline", "sort=colour"),
        ("/map", "offset=nope"),
        ("/map", "sort=colour"),
        ("/reconciliations", "limit=99999999"),
        ("/reconciliations", "status=unsure"),
    ],
)
def test_bad_paging_on_the_overview_timeline_and_map_is_a_400(
    served: str, path: str, query: str
) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(f"{served}{path}?{query}", timeout=60)
    assert caught.value.code == 400
    assert query.split("=")[0] in caught.value.read().decode("utf-8")


# Every JSON list pages the same way over HTTP, the GeoJSON of /api/places included.

_NOT_LISTS = {"/api/export", "/api/report"}  # one document each, not a list of items
_LISTS = [e.path for e in ENDPOINTS if "{" not in e.path and e.path not in _NOT_LISTS]


def _json_at(url: str) -> dict[str, Any]:
    body: dict[str, Any] = json.loads(_page(url))
    return body


def _items_key(path: str) -> str:
    return "features" if path == "/api/places" else path.rsplit("/", 1)[-1]


@pytest.mark.parametrize("path", _LISTS)
def test_every_api_list_takes_paging_and_its_next_links_walk_it_once(
    served: str, path: str
) -> None:
    endpoint = next(e for e in ENDPOINTS if e.path == path)
    assert set(PAGE_PARAMS) <= set(endpoint.params)
    key = _items_key(path)
    whole = _json_at(f"{served}{path}")
    assert whole["count"] == len(whole[key]) and whole["next"] is None
    seen: list[Any] = []
    url: str | None = f"{path}?limit=4"
    while url:
        body = _json_at(served + url)
        assert body["count"] == whole["count"] and len(body[key]) <= 4
        seen += body[key]
        url = body["next"]
        assert len(seen) <= whole["count"], "next links do not end"
    assert seen == whole[key]


def test_places_pages_stay_geojson_and_sort_by_a_feature_property(served: str) -> None:
    whole = _json_at(f"{served}/api/places")
    assert whole["count"] > 3, "the store no longer exercises paging of places"
    first = _json_at(f"{served}/api/places?limit=2&offset=1&sort=-confidence")
    assert first["type"] == "FeatureCollection" and first["skipped"] == whole["skipped"]
    assert first["next"] == "/api/places?limit=2&offset=3&sort=-confidence"
    ranked = _json_at(f"{served}/api/places?sort=-confidence")["features"]
    assert first["features"] == ranked[1:3]
    ranks = [f["properties"]["confidence"] for f in ranked if "confidence" in f["properties"]]
    assert ranks == sorted(ranks, reverse=True) and ranks


def test_places_of_one_story_page_and_keep_the_story_in_next(served: str) -> None:
    story = _json_at(f"{served}/api/stories")["stories"][0]["id"]
    whole = _json_at(f"{served}/api/places?story={story}")
    seen, url = [], f"/api/places?story={story}&limit=1"
    while url:
        body = _json_at(served + url)
        seen += body["features"]
        url = body["next"]
        assert url is None or f"story={story}" in url
    assert seen == whole["features"] and whole["count"] == len(seen)


@pytest.mark.parametrize(
    "query", ["limit=x", "offset=-2", "limit=99999999", "sort=colour", "bogus=1", "story=nope"]
)
def test_bad_paging_of_places_is_a_400_naming_the_parameter(served: str, query: str) -> None:
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(f"{served}/api/places?{query}", timeout=60)
    assert caught.value.code == 400
    assert query.split("=")[0] in json.loads(caught.value.read().decode("utf-8"))["error"]
