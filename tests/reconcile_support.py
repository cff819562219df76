"""Reconciliation test helpers: articles, figure items and one aggregator run over them."""

from __future__ import annotations

from datetime import date
from typing import Any

from crosswire.link import Corpus, EntityIndex
from crosswire.link.reconciliations import AGGREGATOR
from crosswire.models import Article

__all__ = ["article", "figure", "run"]


def article(aid: str, *, dup: str | None = None, wire: tuple[str, ...] = ()) -> Article:
    return Article(
        id=aid * 16 if len(aid) == 1 else aid,
        source=aid,
        raw_text="x" * 200,
        text="x" * 200,
        published=date(2022, 4, 1),
        duplicate_of=dup * 16 if dup else None,
        wire=wire,
        outlet=f"Outlet {aid}",
    )


def figure(article: str, n: int, measure: str, value: float | None, **kw: Any) -> dict[str, Any]:
    aid = article * 16
    item: dict[str, Any] = {
        "id": f"{aid}:figure:{n}",
        "article": aid,
        "start": n,
        "end": n + 1,
        "text": "x",
        "value": value,
        "low": value,
        "high": value,
        "unit": None,
        "counts": "people",
        "measure": measure,
        "hedge": "exact",
        "claimant": None,
        "place": "Mariupol",
        "place_span": None,
        "as_of": "2022-04-01",
        "caveats": [],
        "derived": False,
    }
    item.update(kw)
    return item


def run(
    articles: list[Article],
    figures: list[dict[str, Any]],
    stories: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    by_article: dict[str, list[dict[str, Any]]] = {}
    for f in figures:
        by_article.setdefault(f["article"], []).append(f)
    corpus = Corpus(
        articles=articles,
        annotations={},
        entities=EntityIndex([]),
        extractions={"figures": by_article},
        sections={"stories": stories} if stories is not None else {},
    )
    return AGGREGATOR.run(corpus, None)  # type: ignore[arg-type]  # the store is not used
