"""``crosswire ingest -`` reads standard input (text or JSONL); a file holding only URLs is
a list of pages; an outlet comes from the URL's site when nothing else names it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from crosswire.ingest.reader import read_source
from crosswire.ingest.sites import site_name
from crosswire.models import SourceDocument


class _Stdin:
    def __init__(self, data: bytes) -> None:
        self.buffer = io.BytesIO(data)


@pytest.mark.parametrize(
    ("url", "site"),
    [
        ("https://www.reuters.com/world/x", "reuters.com"),
        (
            "http://web.archive.org/web/20160929223606/http://www.fox7austin.com:80/news/1",
            "fox7austin.com",
        ),
        ("https://web.archive.org/web/2016id_/www.wral.com/news", "wral.com"),
        ("https://web.archive.org/", None),
        ("file:///tmp/x.txt", None),
        ("http://127.0.0.1/x", None),
        (None, None),
    ],
)
def test_site_name_is_the_original_site_also_behind_the_wayback_machine(
    url: str | None, site: str | None
) -> None:
    assert site_name(url) == site


def test_a_record_with_only_a_url_gets_its_site_as_outlet(tmp_path: Path) -> None:
    feed = tmp_path / "r.jsonl"
    records = [
        {
            "text": "Two people were shot.",
            "url": "https://www.kcra.com/a",
            "published": "2016-01-02",
        },
        {"text": "Three were shot.", "url": "https://kcra.com/b", "outlet": "KCRA 3"},
    ]
    feed.write_text("\n".join(json.dumps(r) for r in records))
    docs = read_source(str(feed))
    assert [d.outlet for d in docs if isinstance(d, SourceDocument)] == ["kcra.com", "KCRA 3"]


def test_stdin_text_and_jsonl_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", _Stdin(b"Police said 4 people were injured in Lviv.\n"))
    (doc,) = read_source("-")
    assert isinstance(doc, SourceDocument) and "Lviv" in doc.raw_text
    lines = b'{"text": "One killed in Kyiv."}\n{"text": "Two killed in Odesa."}\n'
    monkeypatch.setattr("sys.stdin", _Stdin(lines))
    docs = read_source("-")
    assert [d.raw_text for d in docs if isinstance(d, SourceDocument)] == [
        "One killed in Kyiv.",
        "Two killed in Odesa.",
    ]


def test_a_list_of_urls_is_fetched_page_by_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fetched: list[str] = []

    def fake_read_url(url: str, max_bytes: int, max_depth: int) -> list[object]:
        fetched.append(url)
        return []

    monkeypatch.setattr("crosswire.ingest.reader._read_url", fake_read_url)
    listing = tmp_path / "urls.txt"
    listing.write_text("# today's reports\nhttps://a.example/1\n\nhttps://b.example/2\n")
    read_source(str(listing))
    assert fetched == ["https://a.example/1", "https://b.example/2"]
    monkeypatch.setattr("sys.stdin", _Stdin(b"https://c.example/3\n"))
    read_source("-")
    assert fetched[-1] == "https://c.example/3"


def test_ingest_dash_stores_standard_input_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from crosswire.cli import main

    db = tmp_path / "s.db"
    for _ in range(2):
        monkeypatch.setattr("sys.stdin", _Stdin(b"Police said 4 people were injured in Lviv.\n"))
        with pytest.raises(SystemExit) as exc:
            main(["--db", str(db), "ingest", "-", "-q", "--published", "2022-03-20"])
        assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "1 new report(s)" in out and "1 already stored" in out
