"""RSS and Atom feeds: one document per entry."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from crosswire.errors import EmptyDocumentError, MalformedDocumentError
from crosswire.ingest import read_paths, read_source
from crosswire.models import IngestProblem, SourceDocument

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ingest"


def test_rss_entries() -> None:
    source = str(FIXTURES / "feed.rss")
    items = list(read_paths([source]))
    first, second, problem = items
    assert isinstance(first, SourceDocument)
    assert isinstance(second, SourceDocument)
    assert first.source == f"{source}#1"
    assert first.fmt == "feed"
    assert first.outlet == "Example Wire: Ukraine"
    assert first.title == "Evacuation buses reach Zaporizhzhia"
    assert (
        first.url
        == first.source_key
        == ("https://wire.example.org/ukraine/buses-reach-zaporizhzhia")
    )
    assert first.published == date(2022, 4, 1)
    # content:encoded wins over the description, HTML reduced to paragraphs
    assert first.raw_text == (
        "Buses carrying 631 people from Mariupol reached Zaporizhzhia on Friday.\n\n"
        "Deputy Prime Minister Iryna Vereshchuk said more buses would follow."
    )
    assert second.raw_text == "The ICRC team turned back & will try again."
    assert isinstance(problem, IngestProblem)
    assert problem.source == f"{source}#3"
    assert "entry 3 ('Photo gallery') has no content or summary text" in problem.message


def test_atom_entries() -> None:
    first, second = read_source(str(FIXTURES / "feed.atom"))
    assert first.outlet == second.outlet == "Example Monitor"
    assert first.published == date(2022, 3, 14)  # published preferred to updated
    assert second.published == date(2022, 3, 16)  # only updated
    assert first.raw_text == (
        "About 160 cars left the city on Monday.\n\nA second convoy was expected on Tuesday."
    )
    assert second.url == "https://monitor.example.org/reports/2"


def test_truncated_feed_keeps_the_entries_it_recovered(tmp_path: Path) -> None:
    path = tmp_path / "cut.rss"
    path.write_text(
        '<rss version="2.0"><channel><title>T</title>'
        "<item><title>A</title><description>Complete entry.</description></item>"
        "<item><title>B</title><descr"
    )
    seen: list[IngestProblem] = []
    docs = read_source(str(path), on_problem=seen.append)
    assert [doc.raw_text for doc in docs] == ["Complete entry."]
    assert [problem.source for problem in seen] == [f"{path}#2"]


def test_feed_without_link_keys_by_file_name(tmp_path: Path) -> None:
    path = tmp_path / "nolink.xml"
    path.write_text(
        '<rss version="2.0"><channel><title>T</title>'
        "<item><title>A</title><description>Body text.</description></item>"
        "</channel></rss>"
    )
    [doc] = read_source(str(path))
    assert doc.source_key == "nolink.xml#1"
    assert doc.url is None


def test_feed_sniffed_from_content(tmp_path: Path) -> None:
    path = tmp_path / "download"
    path.write_bytes((FIXTURES / "feed.atom").read_bytes())
    docs = read_source(str(path))
    assert len(docs) == 2
    assert docs[0].fmt == "feed"


@pytest.mark.parametrize(
    ("content", "error", "needle"),
    [
        (
            '<?xml version="1.0"?><rss version="2.0"><channel><title>T',
            MalformedDocumentError,
            "not a readable RSS or Atom feed",
        ),
        (
            '<?xml version="1.0"?><urlset><url>x</url></urlset>',
            MalformedDocumentError,
            "not an RSS or Atom feed",
        ),
        (
            '<rss version="2.0"><channel><title>Empty</title></channel></rss>',
            EmptyDocumentError,
            "no entries",
        ),
        ("  \n", EmptyDocumentError, "whitespace"),
    ],
)
def test_bad_feeds(tmp_path: Path, content: str, error: type[Exception], needle: str) -> None:
    path = tmp_path / "bad.rss"
    path.write_text(content)
    with pytest.raises(error, match=needle):
        read_source(str(path))
