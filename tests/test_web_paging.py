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

import pytest

pytest.importorskip("starlette", reason="the web extra (crosswire[web]) is not installed")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from crosswire.web import create_app


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
    from test_web_browser import _serving

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
