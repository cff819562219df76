"""The 75-input hostile corpus: one line each over the CLI, 422 (never 500) over the API.

Every bad input gets one line and the batch goes on; the good reports among
them are stored and annotated; nothing outside the folder is read.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import crosswire
from crosswire.store import open_store
from hostile_corpus import BAD_URLS, GOOD_TEXTS, write_hostile_corpus


def test_the_corpus_holds_75_inputs_and_no_committed_blob(tmp_path: Path) -> None:
    inputs = write_hostile_corpus(tmp_path / "in")
    assert len(inputs) == 75 and len({i.name for i in inputs}) == 75


def test_the_cli_gives_each_bad_input_one_line_and_stores_every_good_report(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "in"
    write_hostile_corpus(folder)
    db = tmp_path / "s.db"
    env = {**os.environ, "PYTHONPATH": str(Path(crosswire.__file__).parents[1])}
    run = subprocess.run(
        [sys.executable, "-m", "crosswire", "--db", str(db), "ingest", str(folder), *BAD_URLS],
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
        check=False,
    )
    assert run.returncode == 1, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout
    lines = run.stderr.splitlines()
    assert lines and all(line.startswith("crosswire: skipped ") for line in lines), lines
    for url in BAD_URLS:
        assert sum(line.startswith(f"crosswire: skipped {url}:") for line in lines) == 1
    assert "outside the folder" in run.stderr
    with open_store(db) as store:
        texts = {a.text: a.id for a in store.articles()}
        annotated = {a.article for a in store.annotations()}
        assert not list(store.problems())
    for good in GOOD_TEXTS:
        assert good in texts and texts[good] in annotated
    assert not any("outside the folder was read" in t for t in texts)


@pytest.fixture
def client(tmp_path: Path, annotator: Any) -> Any:
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from crosswire.web import create_app

    with TestClient(create_app(tmp_path / "s.db", annotator=annotator)) as c:
        yield c


def test_the_api_answers_every_posted_input_with_a_reason_never_a_500(
    client: Any, tmp_path: Path
) -> None:
    inputs = write_hostile_corpus(tmp_path / "in")
    statuses: dict[int, int] = {}
    for item in inputs:
        if item.body is None:
            continue  # FIFOs, links and sockets have no bytes to post
        response = client.post("/api/ingest", content=item.body)
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code in (200, 201, 413, 422), (item.name, response.text[:300])
        if response.status_code in (413, 422):
            assert response.json()["error"], item.name
    assert statuses.get(422, 0) > 30
    for good in GOOD_TEXTS[:1]:
        response = client.post("/api/ingest", content=f'{{"text": "{good} Again."}}'.encode())
        assert response.status_code == 201
