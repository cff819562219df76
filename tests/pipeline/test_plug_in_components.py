"""Extractors and aggregators plug into the real pipeline, store and export."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import crosswire.extract
import crosswire.link
import crosswire.pipeline
from crosswire.annotate import Annotator
from crosswire.export import build_export
from crosswire.extract import ExtractionInput
from crosswire.link import Corpus, EntityIndex
from crosswire.pipeline import extract_pending, ingest
from crosswire.store import Store


class Numbers:
    """Toy extractor: every run of digits, with the entity named just before it."""

    name = "figures"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("figures",)

    def __init__(self, version: str) -> None:
        self.version = version
        self.calls = 0

    def extract(self, inp: ExtractionInput) -> list[dict[str, Any]]:
        self.calls += 1
        text = inp.article.text
        return [
            {
                "id": f"F{inp.article.id}-{i}",
                "article": inp.article.id,
                "start": m.start(),
                "end": m.end(),
                "text": m.group(),
                "seen_before": sorted(inp.earlier),
            }
            for i, m in enumerate(re.finditer(r"\d[\d,]*", text))
        ]

    def finalize(self, item: dict[str, Any], entities: EntityIndex) -> dict[str, Any]:
        return {**item, "entities_known": len(entities)}


class ArticleCount:
    name = "stories"
    version = "1"
    requires: tuple[str, ...] = ("figures",)
    assigns: tuple[str, ...] = ("stories",)

    def run(self, corpus: Corpus, store: Store) -> list[dict[str, Any]]:
        seen = store.get_state(self.name, "seen") or []
        seen += [a for a in corpus.new if a not in seen]
        store.put_state(self.name, "seen", seen)
        figures = corpus.items("figures")
        return [{"id": "S1", "articles": seen, "figures": len(figures)}]


class NoParse(Annotator):
    def annotate(self, articles: Any) -> Any:
        raise AssertionError("re-extraction must reuse the stored parse")


@pytest.fixture
def components(monkeypatch: pytest.MonkeyPatch) -> Numbers:
    numbers = Numbers("1")
    monkeypatch.setattr(crosswire.pipeline, "load_extractors", lambda: [numbers])
    monkeypatch.setattr(crosswire.extract, "load_extractors", lambda: [numbers])
    monkeypatch.setattr(crosswire.link, "load_aggregators", lambda: [ArticleCount()])
    return numbers


def test_extractor_and_aggregator_fill_the_export(
    components: Numbers, tmp_path: Path, examples_dir: Path, annotator: Annotator
) -> None:
    with Store(tmp_path / "c.db") as store:
        result = ingest([examples_dir], store, annotator=annotator)
        doc = build_export(store)
    # Plumbing only: the toy items do not follow the real sections' schemas.
    texts = {a["id"]: a["text"] for a in doc["articles"]}
    assert doc["figures"], "the example reports contain numbers"
    for fig in doc["figures"]:
        assert texts[fig["article"]][fig["start"] : fig["end"]] == fig["text"]
        assert fig["entities_known"] == len(doc["entities"])  # finalize ran at export
    assert any(f["text"] == "45" for f in doc["figures"])
    (story,) = doc["stories"]
    assert sorted(story["articles"]) == sorted(result.added)
    assert story["figures"] == len(doc["figures"])


def test_new_extractor_version_reuses_the_stored_parse(
    components: Numbers, tmp_path: Path, examples_dir: Path, annotator: Annotator
) -> None:
    with Store(tmp_path / "c.db") as store:
        ingest([examples_dir], store, annotator=annotator)
        assert components.calls == 3
        assert extract_pending(store, annotator) == 0  # nothing stale
        components.version = "2"
        assert extract_pending(store, NoParse()) == 3
        assert components.calls == 6
        assert set(store.extraction_versions()[store.articles()[0].id].values()) == {"2"}


def test_aggregator_state_is_incremental(
    components: Numbers,
    tmp_path: Path,
    example_store: Path,
    examples_dir: Path,
    annotator: Annotator,
) -> None:
    db = tmp_path / "inc.db"
    shutil.copy(example_store, db)
    extra = tmp_path / "extra.txt"
    extra.write_text("A new report: 12 trucks reached Sumy on Sunday.", encoding="utf-8")
    with Store(db) as store:
        ingest([examples_dir], store, annotator=annotator)  # components changed: re-link
        first = store.section("stories")
        assert first is not None and first[1][0]["articles"] == []  # nothing new then
        result = ingest([extra], store, annotator=annotator)
        second = store.section("stories")
    assert second is not None and second[1][0]["articles"] == result.added
