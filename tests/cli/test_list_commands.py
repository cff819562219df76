"""List commands as an analyst uses them: a header, real dates, CSV / JSON / JSON lines,
--limit, entity ids sorted by reports, and a missing store refused with the fix."""

from __future__ import annotations

import csv
import io
import json
import shutil
from pathlib import Path

import pytest

from crosswire.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    out, err = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 1), out, err


@pytest.fixture
def db(example_store: Path, tmp_path: Path) -> str:
    copy = tmp_path / "c.db"
    shutil.copy(example_store, copy)
    return str(copy)


def test_articles_text_has_a_header_and_iso_dates(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["--db", db, "articles"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0].split()[:3] == ["ID", "PUBLISHED", "OUTLET"]
    assert "<12" not in out and "None" not in out
    assert all(line.split()[1][:4] == "2022" for line in lines[1:])


@pytest.mark.parametrize("command", ["articles", "entities", "stories", "problems"])
def test_every_list_command_writes_csv_json_and_json_lines(
    command: str, db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, as_csv, _ = run(["--db", db, command, "--csv"], capsys)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(as_csv)))
    code, as_json, _ = run(["--db", db, command, "--json"], capsys)
    assert code == 0
    records = json.loads(as_json)
    code, as_nl, _ = run(["--db", db, command, "--nl"], capsys)
    assert code == 0
    lines = [json.loads(line) for line in as_nl.splitlines()]
    assert len(rows) == len(records) == len(lines)
    assert lines == records
    if records:
        assert list(rows[0]) == list(records[0])
        assert "None" not in as_csv


def test_limit_cuts_rows_after_sorting(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, everything, _ = run(["--db", db, "entities", "--json"], capsys)
    _, two, err = run(["--db", db, "entities", "--json", "--limit", "2"], capsys)
    assert json.loads(two) == json.loads(everything)[:2]
    _, text, err = run(["--db", db, "entities", "--limit", "2"], capsys)
    assert len(text.splitlines()) == 3 and "more row(s)" in err


def test_entities_show_ids_sorted_by_reports_and_filter(
    db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = run(["--db", db, "entities", "--json"], capsys)
    rows = json.loads(out)
    assert all(r["id"] for r in rows)
    assert [r["reports"] for r in rows] == sorted((r["reports"] for r in rows), reverse=True)
    _, out, _ = run(["--db", db, "entities", "--json", "--q", "red cross"], capsys)
    found = json.loads(out)
    assert found and all(
        "red cross" in " ".join([r["name"], *r["aliases"]]).casefold() for r in found
    )
    _, out, _ = run(["--db", db, "entities", "--json", "--min-reports", "3"], capsys)
    assert all(r["reports"] >= 3 for r in json.loads(out))


@pytest.mark.parametrize("command", ["articles", "entities", "stories", "report", "export"])
def test_read_commands_refuse_a_store_that_does_not_exist(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo.db"
    code, _, err = run(["--db", str(missing), command], capsys)
    assert code == 2 and "no store at" in err and "ingest" in err
    assert not missing.exists()
