"""Helpers for the crisis fixture tests: one fixture's export, and its items by report and text.

The crisis fixtures (tests/fixtures/crisis_*) are sets of reports the system was not
developed on; their tests assert on the export an analyst would read, finding each
item by the report's file-name prefix and the words of its text or sentence.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export
from crosswire.pipeline import ingest
from crosswire.store import Store

FIXTURES = Path(__file__).parent / "fixtures"


def fixture_export(
    name: str, tmp_path_factory: pytest.TempPathFactory, annotator: object
) -> dict[str, Any]:
    """Ingest ``fixtures/<name>`` (with its manifest) into a fresh store; its export document."""
    src = tmp_path_factory.mktemp("crisis") / name
    shutil.copytree(FIXTURES / name, src)
    with Store(src.parent / "crosswire.db") as store:
        result = ingest([src], store, annotator=annotator)  # type: ignore[arg-type]
        assert result.problems == []
        return build_export(store)


def article_id(doc: dict[str, Any], prefix: str) -> str:
    """The id of the one report whose file name starts with ``prefix``."""
    found = [a["id"] for a in doc["articles"] if Path(a["source"]).name.startswith(prefix)]
    assert len(found) == 1
    return str(found[0])


def figure(doc: dict[str, Any], prefix: str, text: str) -> dict[str, Any]:
    """The one figure of report ``prefix`` whose text is ``text``."""
    art = article_id(doc, prefix)
    found = [f for f in doc["figures"] if f["article"] == art and f["text"] == text]
    assert len(found) == 1, [f["text"] for f in doc["figures"] if f["article"] == art]
    return found[0]


def events_in(doc: dict[str, Any], prefix: str, sentence_has: str) -> list[dict[str, Any]]:
    """The events of report ``prefix`` whose sentence holds ``sentence_has``."""
    art = article_id(doc, prefix)
    text = next(a["text"] for a in doc["articles"] if a["id"] == art)
    return [
        e
        for e in doc["events"]
        if e["article"] == art
        and sentence_has in text[e["sentence"]["start"] : e["sentence"]["end"]]
    ]


def group_of(doc: dict[str, Any], figure_id: str) -> dict[str, Any]:
    """The one reconciliation group holding the figure ``figure_id``."""
    found = [g for g in doc["reconciliations"] if figure_id in g["figures"]]
    assert len(found) == 1
    return found[0]
