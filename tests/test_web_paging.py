"""API lists page: limit / offset with a `next` link that walks the whole list, and sort."""

from __future__ import annotations

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
