"""The ``stories`` aggregator through the real pipeline, on the example reports."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.clustering.engine import _same_stem
from crosswire.export import build_export, validate_export
from crosswire.link.stories import export_for_story, list_stories
from crosswire.pipeline import ingest
from crosswire.report import render_html, render_markdown
from crosswire.store import Store


def _by_file(doc: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {Path(a["source"]).name[:3]: a for a in doc["articles"]}


def _incident_at(story: dict[str, Any], article: dict[str, Any], needle: str) -> str:
    at = article["text"].index(needle)
    for inc in story["incidents"]:
        for m in inc["mentions"]:
            if m["article"] == article["id"] and m["start"] <= at < m["end"]:
                return str(inc["id"])
    raise AssertionError(f"no incident cites {needle!r}")


@pytest.fixture(scope="module")
def doc(example_store: Path) -> dict[str, Any]:
    with Store(example_store) as store:
        return build_export(store)


def test_examples_are_one_story_about_mariupol(doc: dict[str, Any]) -> None:
    validate_export(doc)
    (story,) = doc["stories"]
    assert sorted(story["articles"]) == sorted(a["id"] for a in doc["articles"])
    assert "Mariupol" in story["label"]
    assert (story["first"], story["last"]) == ("2022-03-14", "2022-04-01")
    assert story["independent_sources"] == 3


def test_story_label_names_the_country_once_and_no_generic_word(doc: dict[str, Any]) -> None:
    """The people's name gives way to the country's, and words of every news report
    ("city", "forces") leave room for the story's own ("convoy")."""
    (story,) = doc["stories"]
    names, _, words = story["label"].partition(" — ")
    assert "Russia" in names.split(", ") and "Russian" not in names
    assert words and not {"city", "force", "people"} & set(words.split(", "))
    assert "convoy" in words


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("Russia", "Russian", True),
        ("Ukraine", "Ukrainian", True),
        ("Mariupol", "Mariupol's", True),
        ("Iran", "Iranian", False),  # too short to tell from a chance likeness
        ("Kyiv", "Kyivstar", False),
        ("Zaporizhzhia", "Zelensky", False),
    ],
)
def test_same_stem(a: str, b: str, same: bool) -> None:
    assert _same_stem(a, b) is same


def test_convoy_attempts_are_different_incidents(doc: dict[str, Any]) -> None:
    (story,) = doc["stories"]
    arts = _by_file(doc)
    mar14 = _incident_at(story, arts["002"], "A convoy of civilian cars fled")
    mar31 = _incident_at(story, arts["001"], "A convoy of Ukrainian buses")
    blocked = _incident_at(story, arts["000"], "Russian forces blocked a 45-bus")
    icrc = _incident_at(story, arts["000"], "on its way to Mariupol on Friday")
    assert len({mar14, mar31, icrc}) == 3
    assert blocked == mar31
    dates = {i["id"]: i["date"] for i in story["incidents"]}
    assert (dates[mar14], dates[mar31], dates[icrc]) == ("2022-03-14", "2022-03-31", "2022-04-01")


def test_incremental_ingest_matches_batch(
    tmp_path: Path, examples_dir: Path, annotator: Annotator, doc: dict[str, Any]
) -> None:
    files = sorted(examples_dir.glob("*.txt"))
    with Store(tmp_path / "inc.db") as store:
        for path in (files[2], files[0], files[1]):
            one = tmp_path / path.stem
            one.mkdir()
            shutil.copy(path, one / path.name)
            manifest = json.loads((examples_dir / "manifest.json").read_text(encoding="utf-8"))
            manifest["articles"] = [a for a in manifest["articles"] if a["file"] == path.name]
            (one / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
            assert ingest([one], store, annotator=annotator).problems == []
        inc = build_export(store)
    shape = [
        (sorted(s["articles"]), sorted(sorted(i["articles"]) for i in s["incidents"]))
        for s in inc["stories"]
    ]
    batch = [
        (sorted(s["articles"]), sorted(sorted(i["articles"]) for i in s["incidents"]))
        for s in doc["stories"]
    ]
    assert shape == batch


def test_list_stories_and_export_for_story(example_store: Path, doc: dict[str, Any]) -> None:
    with Store(example_store) as store:
        (summary,) = list_stories(store)
    assert summary.articles == 3 and summary.incidents == len(doc["stories"][0]["incidents"])
    cut = export_for_story(doc, summary.id)
    validate_export(cut)
    assert len(cut["articles"]) == 3 and cut["stories"] == doc["stories"]
    with pytest.raises(KeyError):
        export_for_story(doc, "story-nope")


def test_story_section_renders_escaped(doc: dict[str, Any]) -> None:
    evil = {**doc, "stories": [{**doc["stories"][0], "label": "<script>x</script>"}]}
    html = render_html(evil)
    assert "<script>x</script>" not in html and "&lt;script&gt;" in html
    assert "2022-03-31" in render_markdown(doc)


def test_story_label_words_read_as_the_reports_write_them() -> None:
    from datetime import date

    from crosswire.link.stories import readable_labels
    from crosswire.models import Article

    text = (
        "A man was shot in Naples on Friday. Naples police said the man, James Cole, "
        "was hit twice. Police said James was 40."
    )
    art = Article(id="a" * 16, source="t", raw_text=text, text=text, published=date(2016, 1, 2))
    items = [{"id": "s", "articles": [art.id], "label": "Florida, James Cole — naple, police"}]
    (story,) = readable_labels(items, [art])
    assert story["label"] == "Florida, James Cole — Naples, police"
    items = [{"id": "s", "articles": [art.id], "label": "Naples — naple, jame"}]
    assert readable_labels(items, [art])[0]["label"] == "Naples — James"  # said once
