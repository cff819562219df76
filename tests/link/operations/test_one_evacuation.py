"""One evacuation told in pieces stays one operation: a step that names no place, told of
a day before the rest of its report, and a district named for its city.

Sentences in the style of the 2016 Aleppo evacuation reporting (invented).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export
from crosswire.pipeline import ingest
from crosswire.store import Store

_REPORTS = [
    "Evacuation buses left Aleppo for Idlib on Friday, state television said.",
    "More than 3,000 people got out on Thursday, the first day of the evacuation, an aid worker "
    "said. On Friday the evacuation of wounded people and civilians from Aleppo was halted, "
    "officials said.",
    "On Saturday the evacuation of civilians from Homs was blocked at a checkpoint, officials "
    "said.",
    "Buses carrying 500 people left Eastern Homs on Saturday, a monitor said.",
]


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> dict[str, Any]:
    work = tmp_path_factory.mktemp("one-evacuation")
    feed = work / "reports.jsonl"
    feed.write_text(
        "".join(json.dumps({"text": t, "published": "2031-12-17"}) + "\n" for t in _REPORTS),
        encoding="utf-8",
    )
    with Store(work / "s.db") as store:
        ingest([Path(feed)], store, annotator=annotator)  # type: ignore[arg-type]
        return build_export(store)


def _holding(doc: dict[str, Any], words: str) -> list[dict[str, Any]]:
    return [
        op
        for op in doc["operations"]
        if any(words in str(s.get("text")) or words == s.get("cue") for s in op["status_history"])
    ]


def test_a_placeless_step_joins_its_reports_operation(doc: dict[str, Any]) -> None:
    ops = _holding(doc, "got out")
    assert len(ops) == 1
    assert {s["status"] for s in ops[0]["status_history"]} >= {"succeeded", "suspended"}
    assert (ops[0]["origin"] or {}).get("name") == "Aleppo"


def test_a_district_named_for_its_city_is_that_citys_evacuation(doc: dict[str, Any]) -> None:
    homs = [op for op in doc["operations"] if "Homs" in str((op.get("origin") or {}).get("name"))]
    assert len(homs) == 1, [op.get("origin") for op in homs]
    assert {s["status"] for s in homs[0]["status_history"]} == {"blocked", "succeeded"}
