"""Operations test helpers: dated agency reports ingested into a store, and one operation
looked up by its route."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export
from crosswire.pipeline import ingest
from crosswire.report.section_operations import route_text
from crosswire.store import Store

__all__ = ["export_of_reports", "operation"]


def export_of_reports(
    tmp_path_factory: pytest.TempPathFactory,
    annotator: object,
    name: str,
    reports: Sequence[tuple[str, str]],
) -> dict[str, Any]:
    """The export of a store holding ``reports`` ((published day, text) pairs) as JSONL."""
    work = tmp_path_factory.mktemp(name)
    feed = work / "reports.jsonl"
    feed.write_text(
        "".join(json.dumps({"text": t, "published": d}) + "\n" for d, t in reports),
        encoding="utf-8",
    )
    with Store(work / "s.db") as store:
        ingest([Path(feed)], store, annotator=annotator)  # type: ignore[arg-type]
        return build_export(store)


def operation(doc: dict[str, Any], origin: str, destination: str) -> dict[str, Any]:
    """The one operation from ``origin`` to ``destination`` (every route shown if not one)."""
    found = [
        o
        for o in doc["operations"]
        if (o.get("origin") or {}).get("name") == origin
        and (o.get("destination") or {}).get("name") == destination
    ]
    assert len(found) == 1, [route_text(o) for o in doc["operations"]]
    return found[0]
