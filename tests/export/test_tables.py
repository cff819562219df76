"""Tables out: `crosswire export --format csv|parquet` (an ACLED-like event table and one
table per item kind) and the store's plain SQL views that datasette / sqlite-utils browse."""

from __future__ import annotations

import csv
import io
import json
import shutil
import sqlite3
import zipfile
from pathlib import Path
from typing import Any

import pytest

from crosswire.cli import main
from crosswire.export import build_export
from crosswire.pipeline import refresh_links
from crosswire.store import Store
from crosswire.tables import EVENT_COLUMNS, build_tables

TABLES = ["events", "figures", "reconciliations", "quotes", "operations", "articles"]


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


@pytest.fixture
def doc(db: str) -> dict[str, Any]:
    with Store(db) as store:
        refresh_links(store)
        return build_export(store)


def test_csv_export_writes_every_table_into_a_folder_and_a_zip(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "tables"
    code, _, err = run(["--db", db, "export", "--format", "csv", "-o", str(folder)], capsys)
    assert code == 0, err
    assert sorted(p.stem for p in folder.iterdir()) == sorted(TABLES)
    zipped = tmp_path / "tables.zip"
    code, _, err = run(["--db", db, "export", "--format", "csv", "-o", str(zipped)], capsys)
    assert code == 0, err
    with zipfile.ZipFile(zipped) as zf:
        assert sorted(zf.namelist()) == sorted(f"{t}.csv" for t in TABLES)
        for name in zf.namelist():
            assert zf.read(name).decode() == (folder / name).read_text(encoding="utf-8")


def test_event_table_is_one_acled_like_row_per_incident(
    doc: dict[str, Any], db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(["--db", db, "export", "--format", "csv"], capsys)
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert tuple(rows[0]) == EVENT_COLUMNS
    incidents = {i["id"] for s in doc["stories"] for i in s["incidents"]}
    assert {r["event_id"] for r in rows} == incidents and len(rows) == len(incidents)
    articles = {a["id"] for a in doc["articles"]}
    for r in rows:
        assert set(r["report_ids"].split("; ")) <= articles
        assert r["fatalities"].isdigit()
        assert "None" not in r.values()
    located = [r for r in rows if r["location"]]
    assert located and all(float(r["latitude"]) and r["geo_precision"] for r in located)
    assert any(r["location"] == "Mariupol" and r["country"] == "UA" for r in rows)
    assert [r["event_date"] for r in rows] == sorted(r["event_date"] for r in rows)


def test_fatalities_are_the_conservative_figure_with_the_best_estimate_beside_it() -> None:
    doc = {
        "articles": [{"id": "a1", "text": "Police said 3 people were killed. Later 5 died."}],
        "places": [],
        "events": [],
        "reconciliations": [
            {
                "incident": "inc-1",
                "measure": "killed",
                "conservative": {"value": 3},
                "best_estimate": {"value": 5},
            }
        ],
        "stories": [
            {
                "id": "s1",
                "label": "x",
                "incidents": [
                    {
                        "id": "inc-1",
                        "articles": ["a1"],
                        "date": "2016-01-02",
                        "exact": True,
                        "independent_sources": 1,
                        "mentions": [{"article": "a1", "start": 0, "end": 10}],
                    }
                ],
            }
        ],
    }
    (row,) = build_tables(doc)[0].rows
    assert (row["fatalities"], row["fatalities_best"]) == (3, 5)
    assert row["time_precision"] == 1 and row["notes"] == "Police said 3 people were killed."


def test_item_tables_hold_every_item_with_its_sentence(doc: dict[str, Any]) -> None:
    tables = {t.name: t for t in build_tables(doc)}
    for name in ("figures", "quotes", "reconciliations", "operations", "articles"):
        assert len(tables[name].rows) == len(doc[name]), name
    text = {a["id"]: a["text"] for a in doc["articles"]}
    for row in tables["figures"].rows:
        assert row["text"] in text[row["article"]] and row["text"] in row["sentence"]


def test_parquet_export_writes_the_same_tables(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pq = pytest.importorskip("pyarrow.parquet", reason="the parquet extra is not installed")
    folder = tmp_path / "pq"
    code, _, err = run(["--db", db, "export", "--format", "parquet", "-o", str(folder)], capsys)
    assert code == 0, err
    _, out, _ = run(["--db", db, "export", "--format", "csv"], capsys)
    events = pq.read_table(folder / "events.parquet")
    assert events.column_names == list(EVENT_COLUMNS)
    assert events.num_rows == len(list(csv.DictReader(io.StringIO(out))))
    assert str(events.schema.field("fatalities").type) == "int64"


def test_store_views_show_items_as_rows(db: str, doc: dict[str, Any]) -> None:
    conn = sqlite3.connect(db)
    views = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'view'")}
    assert {"figures", "quotes", "events", "operations", "reconciliations", "stories"} <= views
    figures = conn.execute("SELECT id, article, value, measure, text FROM figures").fetchall()
    assert len(figures) == len(doc["figures"])
    by_id = {f["id"]: f for f in doc["figures"]}
    for fid, article, value, measure, text in figures:
        assert by_id[fid]["article"] == article and by_id[fid]["text"] == text
        assert by_id[fid]["value"] == value and by_id[fid]["measure"] == measure
    (quotes,) = conn.execute("SELECT count(*) FROM quotes").fetchone()
    assert quotes == len(doc["quotes"])
    stories = conn.execute("SELECT id, label FROM stories").fetchall()
    assert [s[0] for s in stories] == [s["id"] for s in doc["stories"]]
    json.dumps(figures)  # plain values, no JSON blobs


def test_fatalities_best_and_injuries_are_the_incidents_chosen_pair() -> None:
    inc = {
        "id": "inc-1",
        "articles": ["a1"],
        "date": "2016-01-02",
        "casualties": {"killed": 1, "injured": 5, "how": "chosen", "figures": []},
    }
    doc = {
        "articles": [{"id": "a1", "text": "Six shot, one dead."}],
        "reconciliations": [
            {"incident": "inc-1", "measure": "killed", "conservative": {"value": 1},
             "best_estimate": {"value": 6}},
            {"incident": "inc-1", "measure": "injured", "conservative": {"value": 2}},
        ],
        "stories": [{"id": "s1", "label": "x", "incidents": [inc]}],
    }  # fmt: skip
    (row,) = build_tables(doc)[0].rows
    # the conservative figure stays the groups'; the best estimate is the benchmarked pair
    assert (row["fatalities"], row["fatalities_best"], row["injuries"]) == (1, 1, 5)
    without = {**doc, "stories": [{"id": "s1", "incidents": [{**inc, "casualties": None}]}]}
    (row,) = build_tables(without)[0].rows
    assert (row["fatalities"], row["fatalities_best"], row["injuries"]) == (1, 6, 2)
