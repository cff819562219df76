"""Folder manifests: the bundled example, precedence against defaults, broken manifests."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from crosswire.errors import MalformedDocumentError, UnsupportedFormatError
from crosswire.ingest import load_manifest, read_paths, read_source
from crosswire.models import IngestProblem, SourceDocument

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ingest"
MARIUPOL = Path(__file__).parents[2] / "examples" / "mariupol"


def _split(
    items: list[SourceDocument | IngestProblem],
) -> tuple[list[SourceDocument], list[IngestProblem]]:
    docs = [item for item in items if isinstance(item, SourceDocument)]
    problems = [item for item in items if isinstance(item, IngestProblem)]
    return docs, problems


def test_mariupol_example() -> None:
    docs, problems = _split(list(read_paths([str(MARIUPOL)])))
    assert problems == []
    assert [doc.published for doc in docs] == [
        date(2022, 4, 1),
        date(2022, 4, 1),
        date(2022, 3, 14),
    ]
    assert [doc.source_key for doc in docs] == [
        "000_4ed45f7e1bcf7eea.txt",
        "001_61d5b503e9587065.txt",
        "002_919305f37a5c20af.txt",
    ]
    assert all(doc.outlet is None and doc.title is None for doc in docs)
    assert all(doc.source.startswith(str(MARIUPOL)) for doc in docs)


def test_manifest_applies_to_a_file_named_directly() -> None:
    [doc] = list(read_paths([str(MARIUPOL / "002_919305f37a5c20af.txt")]))
    assert isinstance(doc, SourceDocument)
    assert doc.published == date(2022, 3, 14)


def _folder(tmp_path: Path, manifest: object) -> Path:
    folder = tmp_path / "reports"
    folder.mkdir()
    shutil.copy(FIXTURES / "article.html", folder / "a.html")  # own date 2022-04-01, outlet
    (folder / "b.txt").write_text("The convoy left at dawn.")
    (folder / "c.txt").write_text("The convoy returned at dusk.")
    text = manifest if isinstance(manifest, str) else json.dumps(manifest)
    (folder / "manifest.json").write_text(text)
    return folder


def test_precedence_manifest_then_document_then_defaults(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path,
        {
            "articles": [
                {"file": "a.html", "published": "2022-04-05", "outlet": None},
                {
                    "file": "b.txt",
                    "outlet": "Example Post",
                    "title": "Convoy leaves",
                    "url": "https://post.example.com/convoy",
                    "dateline": "ZAPORIZHZHIA",
                },
            ]
        },
    )
    items = list(read_paths([str(folder)], published=date(2022, 1, 1), outlet="Default Outlet"))
    (a, b, c), problems = _split(items)
    assert problems == []
    # manifest date beats the page's own date; null outlet leaves the page's outlet
    assert (a.published, a.outlet) == (date(2022, 4, 5), "Example Wire")
    # manifest outlet, title and url; the default date fills the gap
    assert (b.published, b.outlet, b.title) == (date(2022, 1, 1), "Example Post", "Convoy leaves")
    assert b.url == b.source_key == "https://post.example.com/convoy"
    assert b.dateline == "ZAPORIZHZHIA"
    # nothing else gives a value: the defaults apply
    assert (c.published, c.outlet, c.source_key) == (date(2022, 1, 1), "Default Outlet", "c.txt")


def test_nearest_manifest_wins_in_sub_folders(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {"articles": [{"file": "sub/d.txt", "published": "2022-03-01"}]})
    sub = folder / "sub"
    sub.mkdir()
    (sub / "d.txt").write_text("Sub-folder report.")
    (sub / "e.txt").write_text("Another sub-folder report.")
    (sub / "manifest.json").write_text(
        json.dumps({"articles": [{"file": "e.txt", "published": "2022-03-02"}]})
    )
    docs, problems = _split(list(read_paths([str(folder)])))
    assert problems == []
    dates = {Path(doc.source).name: doc.published for doc in docs}
    assert dates["d.txt"] == date(2022, 3, 1)
    assert dates["e.txt"] == date(2022, 3, 2)


def test_malformed_manifest_is_reported_and_files_still_read(tmp_path: Path) -> None:
    folder = _folder(tmp_path, '{"articles": [{"file": "b.txt",}]}')
    docs, problems = _split(list(read_paths([str(folder)], published=date(2022, 2, 2))))
    assert len(docs) == 3
    assert all(doc.published in (date(2022, 2, 2), date(2022, 4, 1)) for doc in docs)
    [problem] = problems
    assert problem.source == str(folder / "manifest.json")
    assert "not valid JSON" in problem.message
    assert "read without it" in problem.message


def test_manifest_without_article_list(tmp_path: Path) -> None:
    folder = _folder(tmp_path, {"files": []})
    with pytest.raises(MalformedDocumentError, match="no list of articles"):
        load_manifest(str(folder / "manifest.json"))


def test_manifest_entry_problems(tmp_path: Path) -> None:
    folder = _folder(
        tmp_path,
        {
            "articles": [
                {"file": "missing.txt", "published": "2022-04-01"},
                {"file": "b.txt", "published": "1st April", "outlet": "Example Post"},
                {"title": "no file"},
                {"file": "c.txt", "outlet": 7},
            ]
        },
    )
    items = list(read_paths([str(folder)]))
    docs, problems = _split(items)
    assert len(docs) == 3  # every file still read
    assert [type(item).__name__ for item in items[:4]] == ["IngestProblem"] * 4  # reported first
    messages = [problem.message for problem in problems]
    assert messages[0].startswith("entry 1: names 'missing.txt', which is not a file in")
    assert "entry 2: b.txt: field 'published': cannot read \"1st April\"" in messages[1]
    assert messages[2] == 'entry 3: expected an object with a "file" name'
    assert "entry 4: c.txt: field 'outlet'" in messages[3]
    b = next(doc for doc in docs if doc.source.endswith("b.txt"))
    assert (b.published, b.outlet) == (None, "Example Post")  # the rest of the entry applies


def test_manifest_is_not_read_as_a_report(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedFormatError, match="crosswire manifest"):
        read_source(str(MARIUPOL / "manifest.json"))


def test_record_files_take_manifest_date_but_not_title(tmp_path: Path) -> None:
    folder = tmp_path / "f"
    folder.mkdir()
    shutil.copy(FIXTURES / "records.json", folder / "records.json")
    (folder / "manifest.json").write_text(
        json.dumps(
            {"articles": [{"file": "records.json", "published": "2022-05-01", "title": "T"}]}
        )
    )
    docs, _ = _split(list(read_paths([str(folder)])))
    assert [doc.published for doc in docs] == [date(2022, 5, 1)] * 2
    assert [doc.title for doc in docs] == [
        "Evacuation corridor agreed",
        "Convoy reaches Zaporizhzhia",
    ]


def test_manifest_named_directly_stands_for_its_files() -> None:
    items = list(read_paths([str(MARIUPOL / "manifest.json")]))
    docs, problems = _split(items)
    assert problems == []
    assert [doc.published for doc in docs] == [
        date(2022, 4, 1),
        date(2022, 4, 1),
        date(2022, 3, 14),
    ]


def test_shell_glob_including_the_manifest_reads_each_file_once() -> None:
    given = sorted(str(path) for path in MARIUPOL.iterdir())  # like `crosswire ingest dir/*`
    docs, problems = _split(list(read_paths(given)))
    assert problems == []
    assert len(docs) == 3
    assert all(doc.published is not None for doc in docs)
