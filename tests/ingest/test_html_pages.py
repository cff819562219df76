"""HTML pages: main text via trafilatura, metadata from meta tags, fragments to text."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from crosswire.errors import EmptyDocumentError
from crosswire.ingest import read_source
from crosswire.ingest.formats import sniff_text_format
from crosswire.ingest.html import fragment_to_text, looks_like_html

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ingest"


def test_article_text_and_metadata() -> None:
    [doc] = read_source(str(FIXTURES / "article.html"))
    assert doc.fmt == "html"
    assert doc.title == "Red Cross convoy turns back from Mariupol"
    assert doc.outlet == "Example Wire"
    assert doc.published == date(2022, 4, 1)  # published_time, not modified_time
    assert doc.url == "https://news.example.org/world/red-cross-convoy-mariupol"
    assert doc.source_key == doc.url
    text = doc.raw_text
    assert "could not reach Mariupol because safe passage" in text
    assert "guaranteed.\n\nThe convoy of three vehicles" in text  # paragraphs kept apart
    for boilerplate in ("Sport", "Copyright", "Subscribe"):
        assert boilerplate not in text


def test_page_without_metadata_invents_nothing(tmp_path: Path) -> None:
    path = tmp_path / "bare.htm"
    path.write_text(
        "<html><body><p>Shelling resumed on Tuesday morning in the east of the city, "
        "residents told reporters by telephone.</p></body></html>",
        encoding="utf-8",
    )
    [doc] = read_source(str(path))
    assert "Shelling resumed" in doc.raw_text
    assert doc.published is None
    assert doc.url is None
    assert doc.source_key == "bare.htm"


def test_declared_legacy_charset(tmp_path: Path) -> None:
    path = tmp_path / "legacy.html"
    body = (
        '<html><head><meta charset="windows-1252"><title>Évacuation</title></head><body>'
        "<article><p>Le maire a déclaré que l’évacuation reprendrait à l’aube, "
        "selon la mairie de Marioupol.</p></article></body></html>"
    )
    path.write_bytes(body.encode("cp1252"))
    [doc] = read_source(str(path))
    assert "Le maire a déclaré que l’évacuation reprendrait" in doc.raw_text


def test_page_without_article_text(tmp_path: Path) -> None:
    path = tmp_path / "app.html"
    path.write_text("<html><head><script>render()</script></head><body></body></html>")
    with pytest.raises(EmptyDocumentError, match="no article text"):
        read_source(str(path))


def test_fragment_to_text_keeps_paragraphs_and_entities() -> None:
    html = (
        "<div><h2>Update</h2><p>First  paragraph,\nwrapped.</p>"
        "<script>var x = 1;</script><p>Line one<br>line two &amp; more</p>"
        "<ul><li>one</li><li>two</li></ul></div>"
    )
    assert fragment_to_text(html) == (
        "Update\n\nFirst paragraph, wrapped.\n\nLine one\nline two & more\n\none\n\ntwo"
    )


def test_looks_like_html() -> None:
    assert looks_like_html("<p>Hello</p>")
    assert not looks_like_html("Casualties < 10 and > 5, officials said.")


@pytest.mark.parametrize(
    ("content", "fmt"),
    [
        ("<!DOCTYPE html><html><body><p>x</p></body></html>", "html"),
        ('<?xml version="1.0"?>\n<rss version="2.0"><channel></channel></rss>', "feed"),
        ('<feed xmlns="http://www.w3.org/2005/Atom"></feed>', "feed"),
        ('{"text": "x"}', "json"),
        ('[{"text": "x"}]', "json"),
        ('{"text": "x"}\n{"text": "y"}\n', "jsonl"),
        ("[Updated] The convoy left at dawn.", "text"),
        ("The convoy left at dawn.", "text"),
    ],
)
def test_sniffing_unknown_extensions(content: str, fmt: str) -> None:
    assert sniff_text_format(content) == fmt


def test_unknown_extension_is_sniffed_as_html(tmp_path: Path) -> None:
    path = tmp_path / "saved_page.php"
    path.write_text((FIXTURES / "article.html").read_text())
    [doc] = read_source(str(path))
    assert doc.fmt == "html"
    assert doc.outlet == "Example Wire"
