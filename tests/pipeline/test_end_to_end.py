"""Ingest → export end to end on the three example reports."""

from __future__ import annotations

import shutil
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from crosswire.annotate import Annotator
from crosswire.errors import ExportError
from crosswire.export import SECTIONS, build_export, validate_export
from crosswire.pipeline import ingest
from crosswire.store import Store


def _by_file(store: Store) -> dict[str, object]:
    return {Path(a.source).name[:3]: a for a in store.articles()}


def test_examples_are_ingested_with_manifest_metadata(example_store: Path) -> None:
    with Store(example_store) as store:
        arts = _by_file(store)
    assert set(arts) == {"000", "001", "002"}
    a0, a1, a2 = arts["000"], arts["001"], arts["002"]
    assert [a.published for a in (a0, a1, a2)] == [  # type: ignore[attr-defined]
        date(2022, 4, 1),
        date(2022, 4, 1),
        date(2022, 3, 14),
    ]
    assert a1.dateline == "LVIV" and a2.dateline == "Lviv"  # type: ignore[attr-defined]
    assert a1.wire == ("Reuters", "Agence France-Presse")  # type: ignore[attr-defined]
    assert a0.wire == () and a0.dateline is None  # type: ignore[attr-defined]
    for art in arts.values():
        assert "Credit: AP" not in art.text  # type: ignore[attr-defined]
        assert art.duplicate_of is None  # type: ignore[attr-defined]
    assert "said.\n\nMariupol has seen" in a0.text  # type: ignore[attr-defined]
    assert "430,000.\n\n“We are running" in a0.text  # type: ignore[attr-defined]
    assert "Credit: AP" in a0.raw_text  # type: ignore[attr-defined]


def test_export_validates_against_schema(example_store: Path) -> None:
    with Store(example_store) as store:
        doc = build_export(store)
    validate_export(doc)
    assert doc["version"] == "1"
    assert list(doc) == ["version", *SECTIONS]
    for ent in doc["entities"]:
        for m in ent["mentions"]:
            text = next(a["text"] for a in doc["articles"] if a["id"] == m["article"])
            assert text[m["start"] : m["end"]] == m["text"]


def test_schema_rejects_a_span_outside_its_article(example_store: Path) -> None:
    with Store(example_store) as store:
        doc = build_export(store)
    doc["entities"][0]["mentions"][0]["end"] = 10**6
    with pytest.raises(ExportError, match="outside article"):
        validate_export(doc)
    doc["articles"][0]["published"] = "1 April 2022"
    with pytest.raises(ExportError, match="published"):
        validate_export(doc)


def test_entities_are_merged_across_reports(example_store: Path) -> None:
    with Store(example_store) as store:
        ents = store.entities()
    by_name = {e.name: e for e in ents}
    watson = by_name["Ewan Watson"]
    assert watson.type == "PERSON"
    assert len({m.article for m in watson.mentions}) == 2
    icrc = [e for e in ents if "ICRC" in e.aliases or e.name == "ICRC"]
    assert len(icrc) == 1
    assert len({m.article for m in icrc[0].mentions}) == 3
    assert by_name["Mariupol"].type == "GPE"
    assert len({m.article for m in by_name["Mariupol"].mentions}) == 3


def test_reingesting_changes_nothing(
    tmp_path: Path, example_store: Path, examples_dir: Path, annotator: Annotator
) -> None:
    path = tmp_path / "again.db"
    shutil.copy(example_store, path)
    before = "\n".join(sqlite3.connect(path).iterdump())
    with Store(path) as store:
        result = ingest([examples_dir], store, annotator=annotator)
    assert result.added == [] and len(result.unchanged) == 3 and result.problems == []
    assert "\n".join(sqlite3.connect(path).iterdump()) == before


def test_report_stored_under_the_legacy_id_is_found_again(tmp_path: Path) -> None:
    """Stores made before session 7 keyed an article by its cleaned text; re-ingesting the
    same file into one still changes nothing."""
    import dataclasses

    from crosswire.ingest import read_paths
    from crosswire.models import legacy_article_id
    from crosswire.pipeline import clean

    report = tmp_path / "report.txt"
    report.write_text("The convoy left Mariupol on Monday, officials said.\n", encoding="utf-8")
    (doc,) = list(read_paths([report]))
    article = clean(doc)  # type: ignore[arg-type]
    legacy = legacy_article_id(doc.source_key, article.text)  # type: ignore[union-attr]
    assert legacy != article.id
    with Store(tmp_path / "old.db") as store:
        with store.transaction():
            store.add_article(dataclasses.replace(article, id=legacy))
        result = ingest([report], store)
        assert result.added == [] and result.unchanged == [legacy]
        assert [a.id for a in store.articles()] == [legacy]


def test_wire_copy_in_another_outlet_is_linked_as_duplicate(
    tmp_path: Path, example_store: Path, examples_dir: Path, annotator: Annotator
) -> None:
    path = tmp_path / "dup.db"
    shutil.copy(example_store, path)
    raw = (examples_dir / "001_61d5b503e9587065.txt").read_text(encoding="utf-8")
    copy = tmp_path / "other_outlet_copy.txt"
    # The same wire story as printed elsewhere: no dateline, a trimmed last paragraph.
    copy.write_text(raw.replace("LVIV • ", "").rsplit("\n\nLeader of", 1)[0], encoding="utf-8")
    with Store(path) as store:
        result = ingest([copy], store, annotator=annotator, outlet="Other Outlet")
        (added,) = result.added
        original = next(
            a for a in store.articles() if a.source.endswith("001_61d5b503e9587065.txt")
        )
        stored = store.get_article(added)
        assert stored is not None and stored.duplicate_of == original.id
        assert stored.outlet == "Other Outlet"
        assert result.duplicates == {added: original.id}


def test_stored_parse_round_trips_for_later_stages(
    example_store: Path, annotator: Annotator
) -> None:
    with Store(example_store) as store:
        art = store.articles()[0]
        data = store.doc_bytes(art.id)
    assert data is not None and len(data) < 6 * len(art.text)
    doc = annotator.doc_from_bytes(data)
    assert doc.text == art.text
    assert doc.has_annotation("DEP") and doc.has_annotation("ENT_IOB")
    # The gazetteer-corrected entity labels are what is stored, not the raw model's.
    labels = {(e.text, e.label_) for e in doc.ents}
    assert ("Mariupol", "GPE") in labels and ("Mariupol", "ORG") not in labels
