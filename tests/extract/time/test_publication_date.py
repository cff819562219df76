"""An undated report takes its publication date from its URL or a date its text states.

Invented reports and addresses only. A date given with the report always wins;
a date the text only points to (the latest date it mentions) stays a guess,
used only with ``--guess-published``.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from crosswire.export import build_export, validate_export
from crosswire.extract.time_published import (
    guess_published,
    published_from_url,
    published_source,
)
from crosswire.models import SourceDocument
from crosswire.pipeline import clean, date_undated, ingest_documents
from crosswire.store import Store

TODAY = date(2026, 1, 1)


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://news.example.org/world/2023/09/12/flood-toll-rises/", date(2023, 9, 12)),
        ("https://example.com/news/20230912/dam-breach", date(2023, 9, 12)),
        ("https://example.com/story/quake-toll-2017-09-21.html", date(2017, 9, 21)),
        ("https://example.com/local/ct-storm-damage-20160603-story.html", date(2016, 6, 3)),
        ("https://example.co.uk/world/2016/jul/14/convoy-reaches-town", date(2016, 7, 14)),
        # a web archive's capture stamp is when the page was saved: the archived address counts
        (
            "http://web.archive.org/web/20160929223606/http://example.com/2016/09/20/fire/",
            date(2016, 9, 20),
        ),
    ],
)
def test_date_in_a_url_path_is_read(url: str, expected: date) -> None:
    found = published_from_url(url, today=TODAY)
    assert found is not None
    assert (found.date, found.method, found.text) == (expected, "url", url)


@pytest.mark.parametrize(
    "url",
    [
        "https://example.com/story/33009781/fire-downtown",  # an id, not a year
        "https://example.com/news/2016/09/fire-downtown",  # a month, no day
        "http://web.archive.org/web/20160929223606/http://example.com/news/fire",  # capture only
        "https://example.com/a/fire_20151123143403878",  # a long stamp, no date boundary
        "https://example.com/news/fire?date=2023-09-12",  # a query is a search, not the page
        "https://example.com/news/2031/01/05/future",  # after today
    ],
)
def test_url_without_a_publication_date_gives_none(url: str) -> None:
    assert published_from_url(url, today=TODAY) is None


@pytest.mark.parametrize(
    ("text", "expected", "method"),
    [
        (
            "Flood toll rises\n03 June 2025 - 12:15\nThe river burst on Tuesday.",
            "2025-06-03",
            "dated_line",
        ),
        (
            "Quake kills dozens\nPublished: Sept. 21, 2017\nRescuers dug on.",
            "2017-09-21",
            "published_line",
        ),
        (
            "Quake\nUpdated 5:02 PM ET, Tue September 19, 2017\nA quake struck on Tuesday.",
            "2017-09-19",
            "published_line",
        ),
        (
            "Live: dam breach\n12 May 2024 09:10\nWater rose.\n13 May 2024 08:00\nIt fell.",
            "2024-05-13",
            "dated_line",
        ),
    ],
)
def test_date_the_text_states_is_read(text: str, expected: str, method: str) -> None:
    found = guess_published(text)
    assert found is not None
    assert (found.date.isoformat(), found.method) == (expected, method)
    assert text[found.start : found.end] == found.text


def _doc(text: str, url: str | None = None, published: date | None = None) -> SourceDocument:
    return SourceDocument("r.txt", url or "r.txt", text, "text", url=url, published=published)


def test_undated_report_takes_the_date_of_its_url_marked_as_such() -> None:
    article = clean(_doc("Flood waters rose on Tuesday.", "https://example.org/2023/09/12/flood"))
    date_undated(article)
    assert article.published == date(2023, 9, 12)
    assert article.published_guess is not None
    assert published_source(article.published, article.published_guess.method) == "url"


def test_a_stated_date_in_the_text_comes_before_the_url() -> None:
    text = "Dam breach\nUpdated: 14 September 2023\nThe dam gave way on Tuesday."
    article = clean(_doc(text, "https://example.org/2023/09/12/dam"))
    date_undated(article)
    assert article.published == date(2023, 9, 14)
    assert article.published_guess is not None
    assert published_source(article.published, article.published_guess.method) == "text"


def test_a_given_date_always_wins() -> None:
    text = "Dam breach\nUpdated: 14 September 2023\nThe dam gave way on Tuesday."
    given = date(2023, 9, 15)
    article = clean(_doc(text, "https://example.org/2023/09/12/dam", given))
    date_undated(article, guess=True)
    assert (article.published, article.published_guess) == (given, None)
    assert published_source(article.published, None) == "given"


def test_a_date_the_text_only_mentions_is_a_guess_used_on_request() -> None:
    text = "The aid pledged on March 3, 2019 arrived on Monday."
    article = clean(_doc(text))
    date_undated(article)
    assert article.published is None
    date_undated(article, guess=True)
    assert article.published == date(2019, 3, 3)
    assert article.published_guess is not None
    assert published_source(article.published, article.published_guess.method) == "guess"


def test_export_says_where_each_date_came_from(tmp_path: Path) -> None:
    docs = [
        _doc("Rains flooded the valley on Tuesday.", "https://example.org/2023/09/12/rain"),
        _doc("Officials counted damage.\nPublished: Sept. 21, 2017\nMore rain came."),
        _doc("A bridge was closed.", "https://example.org/bridge", date(2020, 1, 2)),
        _doc("No one knows when this was written.", "https://example.org/undated"),
    ]
    with Store(tmp_path / "s.db") as store:
        ingest_documents(docs, store)
        doc = build_export(store)
        validate_export(doc)
    by_url = {a["url"] or a["source"]: a for a in doc["articles"]}
    sources = {k: (a["published"], a["published_source"]) for k, a in by_url.items()}
    assert sources == {
        "https://example.org/2023/09/12/rain": ("2023-09-12", "url"),
        "r.txt": ("2017-09-21", "text"),
        "https://example.org/bridge": ("2020-01-02", "given"),
        "https://example.org/undated": (None, None),
    }
