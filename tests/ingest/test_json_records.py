"""JSON and JSONL records: shapes, field aliases, per-record problems."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from crosswire.errors import EmptyDocumentError, MalformedDocumentError
from crosswire.ingest import read_paths, read_source
from crosswire.ingest.fields import parse_date
from crosswire.models import IngestProblem, SourceDocument

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ingest"


def _write(tmp_path: Path, name: str, value: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(value), encoding="utf-8")
    return str(path)


def test_single_object() -> None:
    source = str(FIXTURES / "record.json")
    [doc] = read_source(source)
    assert doc.source == source  # one record: the file itself, no "#1"
    assert doc.fmt == "json"
    assert doc.title == "Buses leave Zaporizhzhia for Mariupol"
    assert doc.outlet == "Example Daily"  # "source": {"name": ...}
    assert doc.published == date(2022, 4, 1)  # from "2022-04-01T10:00:00Z"
    assert doc.url == "https://example.com/2022/04/01/buses-mariupol"
    assert doc.source_key == doc.url
    assert doc.raw_text.startswith("A convoy of 45 buses")


def test_list_of_records() -> None:
    source = str(FIXTURES / "records.json")
    first, second = read_source(source)
    assert (first.source, first.source_key) == (f"{source}#1", "records.json#1")
    assert first.outlet == "Example Times"
    assert first.published == date(2022, 3, 14)  # "date" alias
    assert second.source == f"{source}#2"
    assert second.raw_text.startswith("About 160 private cars")  # "body" alias
    assert second.published is None


@pytest.mark.parametrize("key", ["articles", "items", "records", "data"])
def test_object_holding_a_list(tmp_path: Path, key: str) -> None:
    source = _write(tmp_path, "export.json", {key: [{"text": "One."}, {"content": "Two."}]})
    docs = read_source(source)
    assert [doc.raw_text for doc in docs] == ["One.", "Two."]
    assert docs[1].source_key == "export.json#2"


def test_jsonl_with_a_bad_line_keeps_the_rest() -> None:
    source = str(FIXTURES / "records.jsonl")
    items = list(read_paths([source]))
    assert [item.source for item in items] == [f"{source}#{n}" for n in (1, 3, 4, 5)]
    problem = items[2]
    assert isinstance(problem, IngestProblem)
    assert problem.message.startswith("line 4: invalid JSON:")
    docs = [item for item in items if isinstance(item, SourceDocument)]
    assert docs[0].source_key == "https://example.net/a1"
    assert docs[1].source_key == "records.jsonl#3"
    assert docs[2].published == date(2022, 4, 3)  # date as written, not converted to UTC
    assert docs[2].outlet == "Example Radio"
    assert {doc.fmt for doc in docs} == {"jsonl"}


def test_read_source_is_strict_without_on_problem() -> None:
    with pytest.raises(MalformedDocumentError, match="line 4: invalid JSON"):
        read_source(str(FIXTURES / "records.jsonl"))
    seen: list[IngestProblem] = []
    docs = read_source(str(FIXTURES / "records.jsonl"), on_problem=seen.append)
    assert len(docs) == 3
    assert [problem.source.rsplit("#", 1)[1] for problem in seen] == ["4"]


def test_unparseable_date_is_a_problem_for_that_record_only(tmp_path: Path) -> None:
    source = _write(
        tmp_path,
        "dated.json",
        [
            {"text": "Good.", "published": "2022-04-01"},
            {"text": "Bad.", "published": "last Tuesday"},
            {"text": "No date."},
        ],
    )
    items = list(read_paths([source]))
    assert isinstance(items[0], SourceDocument)
    assert isinstance(items[2], SourceDocument)
    problem = items[1]
    assert isinstance(problem, IngestProblem)
    assert problem.source == f"{source}#2"
    assert "record 2" in problem.message
    assert "'published'" in problem.message
    assert '"last Tuesday"' in problem.message
    assert "YYYY-MM-DD" in problem.message


def test_record_problems(tmp_path: Path) -> None:
    source = _write(
        tmp_path,
        "mixed.json",
        [
            {"headline": "No text field", "summary": "x"},
            {"text": "   "},
            {"text": {"nested": True}},
            "just a string",
            {"text": ["Para one.", "Para two."]},
            {"text": "<p>From a CMS.</p><p>Second.</p>"},
        ],
    )
    items = list(read_paths([source]))
    messages = [item.message for item in items if isinstance(item, IngestProblem)]
    assert (
        "record 1: no 'text', 'content' or 'body' field (fields found: headline, summary)"
        in (messages[0])
    )
    assert "record 2: field 'text' is empty" in messages[1]
    assert "record 3: field 'text' should be a string, not an object" in messages[2]
    assert "record 4: expected an object, found a string" in messages[3]
    docs = [item for item in items if isinstance(item, SourceDocument)]
    assert [doc.raw_text for doc in docs] == [
        "Para one.\n\nPara two.",
        "From a CMS.\n\nSecond.",
    ]


@pytest.mark.parametrize(
    ("content", "error", "needle"),
    [
        ('{"text": "x",}', MalformedDocumentError, "invalid JSON at line 1, column 14"),
        ("42", MalformedDocumentError, "found a number"),
        ("[]", EmptyDocumentError, "no records"),
    ],
)
def test_malformed_json_files(
    tmp_path: Path, content: str, error: type[Exception], needle: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(error, match=needle):
        read_source(str(path))


def test_jsonl_without_records(tmp_path: Path) -> None:
    path = tmp_path / "blank.ndjson"
    path.write_text("\n\n")
    with pytest.raises(EmptyDocumentError):
        read_source(str(path))


def test_jsonl_non_object_line(tmp_path: Path) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text('{"text": "ok"}\n[1, 2]\n')
    seen: list[IngestProblem] = []
    [doc] = read_source(str(path), on_problem=seen.append)
    assert doc.source.endswith("#1")
    assert seen[0].message == "line 2: expected a JSON object, found a list"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2022-04-01", date(2022, 4, 1)),
        ("2022-04-01T10:00:00Z", date(2022, 4, 1)),
        ("2022-04-01T23:30:00-05:00", date(2022, 4, 1)),
        ("2022-04-01 10:00:00.123456", date(2022, 4, 1)),
        ("Fri, 01 Apr 2022 10:00:00 GMT", date(2022, 4, 1)),
        ("01/04/2022", None),
        ("yesterday", None),
        ("", None),
    ],
)
def test_parse_date(text: str, expected: date | None) -> None:
    assert parse_date(text) == expected
