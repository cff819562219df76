"""The CLI on real files: help that teaches, outputs written, bad input reported and skipped."""

from __future__ import annotations

import json
import re
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


@pytest.mark.parametrize("command", ["ingest", "report", "export", "articles", "entities"])
def test_every_command_has_help_with_its_options(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0
    assert "--db" in out
    assert "Usage: crosswire " + command in out


def test_top_level_help_shows_a_typical_workflow(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--help"], capsys)
    assert code == 0 and "crosswire ingest reports/" in out


def test_report_and_export_write_their_files(
    example_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.db"
    shutil.copy(example_store, db)
    for fmt, name in (("md", "sitrep.md"), ("html", "sitrep.html"), ("json", "report.json")):
        code, _, err = run(
            ["--db", str(db), "report", "--format", fmt, "-o", str(tmp_path / name)], capsys
        )
        assert code == 0, err
        assert (tmp_path / name).stat().st_size > 1000
    code, _, _ = run(["export", "--db", str(db), "-o", str(tmp_path / "x.json")], capsys)
    assert code == 0
    doc = json.loads((tmp_path / "x.json").read_text(encoding="utf-8"))
    assert len(doc["articles"]) == 3 and doc["entities"]
    html = (tmp_path / "sitrep.html").read_text(encoding="utf-8")
    assert "Ewan Watson" in html and "<mark" in html


def test_db_from_environment(
    example_store: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = tmp_path / "env.db"
    shutil.copy(example_store, db)
    monkeypatch.setenv("CROSSWIRE_DB", str(db))
    code, out, _ = run(["articles"], capsys)
    assert code == 0 and out.count("\n") == 4 and "LVIV" in out  # a header and 3 reports


def test_bad_inputs_are_reported_and_the_rest_is_stored(
    tmp_path: Path, examples_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    batch = tmp_path / "batch"
    batch.mkdir()
    shutil.copy(examples_dir / "002_919305f37a5c20af.txt", batch / "good.txt")
    (batch / "empty.txt").write_text("   \n\n", encoding="utf-8")
    (batch / "photo.txt").write_bytes(bytes(range(256)) * 40)
    (batch / "broken.json").write_text('{"text": "unterminated', encoding="utf-8")
    db = tmp_path / "bad.db"
    code, out, err = run(["ingest", "--db", str(db), "-q", str(batch)], capsys)
    assert code == 1
    for name in ("empty.txt", "photo.txt", "broken.json"):
        assert sum(name in line for line in err.splitlines()) == 1, err
    assert "Traceback" not in err
    assert "1 new report(s)" in out and "3 failed" in out
    code, out, _ = run(["articles", "--db", str(db)], capsys)
    assert code == 0 and "Lviv" in out


def test_missing_path_is_a_clear_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(
        ["ingest", "--db", str(tmp_path / "m.db"), str(tmp_path / "nope.txt")], capsys
    )
    assert code == 1 and "nope.txt" in err


def test_store_that_is_not_a_database_is_an_error_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bogus = tmp_path / "bogus.db"
    bogus.write_text("hello " * 500)
    code, _, err = run(["articles", "--db", str(bogus)], capsys)
    assert code == 2 and "bogus.db" in err and "Traceback" not in err


def test_two_worker_processes_give_the_same_entities(
    example_store: Path, examples_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "j2.db"
    code, _, err = run(["ingest", "-j", "2", "-q", "--db", str(db), str(examples_dir)], capsys)
    assert code == 0, err
    _, parallel, _ = run(["entities", "--db", str(db)], capsys)
    _, serial, _ = run(["entities", "--db", str(example_store)], capsys)
    assert parallel == serial and "Ewan Watson" in parallel


def test_geojson_export_has_sourced_points(
    example_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "g.db"
    shutil.copy(example_store, db)
    out = tmp_path / "places.geojson"
    code, _, err = run(["export", "--db", str(db), "--format", "geojson", "-o", str(out)], capsys)
    assert code == 0, err
    geo = json.loads(out.read_text(encoding="utf-8"))
    assert geo["type"] == "FeatureCollection"
    mariupol = [f for f in geo["features"] if f["properties"].get("name") == "Mariupol"]
    assert mariupol, "Mariupol should be a located feature"
    lon, lat = mariupol[0]["geometry"]["coordinates"]
    assert abs(lat - 47.1) < 0.2 and abs(lon - 37.55) < 0.2
    assert mariupol[0]["properties"]["sources"]


def test_stories_and_a_report_for_one_story(
    example_store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "s.db"
    shutil.copy(example_store, db)
    code, out, _ = run(["stories", "--db", str(db)], capsys)
    assert code == 0
    header, line = out.splitlines()
    story_id = line.split()[0]
    assert header.split()[:4] == ["ID", "FIRST", "LAST", "REPORTS"]
    assert line.split()[3] == "3" and "Mariupol" in line
    target = tmp_path / "story.json"
    code, _, err = run(
        ["report", "--db", str(db), "--story", story_id, "--format", "json", "-o", str(target)],
        capsys,
    )
    assert code == 0, err
    doc = json.loads(target.read_text(encoding="utf-8"))
    assert [s["id"] for s in doc["stories"]] == [story_id] and len(doc["articles"]) == 3
    code, _, err = run(["report", "--db", str(db), "--story", "story-nope"], capsys)
    assert code == 2 and "crosswire stories" in err


def test_publication_date_stated_is_read_and_one_only_mentioned_is_guessed_when_asked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stated = tmp_path / "stated.txt"
    stated.write_text(
        "KYIV, March 5, 2022 — Shelling hit the city overnight, officials said on Saturday.\n\n"
        "The mayor said 12 people were wounded.",
        encoding="utf-8",
    )
    mentioned = tmp_path / "mentioned.txt"
    mentioned.write_text(
        "Shelling hit the city overnight. The aid promised on March 1, 2022 has not come.\n\n"
        "The mayor said 12 people were wounded.",
        encoding="utf-8",
    )
    plain, guessed = tmp_path / "plain.db", tmp_path / "guessed.db"
    paths = [str(stated), str(mentioned)]
    assert run(["ingest", "-q", "--db", str(plain), *paths], capsys)[0] == 0
    assert run(["ingest", "-q", "--guess-published", "--db", str(guessed), *paths], capsys)[0] == 0
    expected = {
        plain: {"stated.txt": ("2022-03-05", "text"), "mentioned.txt": (None, None)},
        guessed: {"stated.txt": ("2022-03-05", "text"), "mentioned.txt": ("2022-03-01", "guess")},
    }
    for db, dates in expected.items():
        code, out, _ = run(["export", "--db", str(db)], capsys)
        assert code == 0
        articles = json.loads(out)["articles"]
        got = {Path(a["source"]).name: (a["published"], a["published_source"]) for a in articles}
        assert got == dates
        for article in articles:
            if article["published"]:
                assert article["published_guess"]["method"]
                assert article["published_guess"]["confidence"] > 0


def test_python_dash_m_runs_the_same_cli() -> None:
    """``python -m crosswire`` works where the script is not on PATH."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "crosswire", "--help"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "Usage: crosswire" in done.stdout and "ingest" in done.stdout


def test_serve_help_names_every_route_it_serves_and_how_lists_page(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The help is the first place a user looks for URLs: it must not drift from the app."""
    pytest.importorskip("starlette", reason="the web extra (crosswire[web]) is not installed")
    from crosswire.web.api import ENDPOINTS
    from crosswire.web.pages import PAGES
    from crosswire.web.query import PAGE_PARAMS

    code, out, _ = run(["serve", "--help"], capsys)
    assert code == 0
    served = [p for p, _ in PAGES] + [e.path for e in ENDPOINTS] + ["/api", "POST /api/ingest"]
    named = set(re.findall(r"(?<![\w/])/[\w/{}]*", out.replace("ID", "{id}")))
    assert "/reconciliations" in served
    assert [p for p in served if p.removeprefix("POST ") not in named] == []
    assert all(f"?{p}=" in out for p in PAGE_PARAMS)
    example = re.search(r"http://127\.0\.0\.1:\d+(/api/\w+)\?(\S+)", out)
    assert example, "no example URL"
    assert example[1] in served and {"limit", "offset", "sort"} <= {
        kv.split("=")[0] for kv in example[2].split("&")
    }
