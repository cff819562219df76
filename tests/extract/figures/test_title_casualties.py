"""A headline given apart from the text (the article's ``title``) is read with the body.

Reports whose body is a video playlist, a paywall notice or only the search
for the gunman tell the casualty in the title alone; a body that counts its
own victims is not doubled by the title.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from crosswire.extract.figures_headline import title_counts

_PLAYLIST = (
    "Watch the latest news videos.\n\nMore videos: Weather update, Traffic on the interstate, "
    "High school football scores. Sign up for our newsletter."
)


@pytest.fixture(scope="module")
def titled_counts(annotator: Any) -> Any:
    """Killed and injured of one report with a separate title, read off the reconciled
    groups as the counts benches read them; and the figures themselves."""
    from crosswire.annotate import annotation_from_doc
    from crosswire.clean import clean_text
    from crosswire.extract import ExtractionInput
    from crosswire.extract.figures import EXTRACTOR
    from crosswire.link.reconcile_counts import casualty_counts, incident_figures
    from crosswire.link.reconciliations import reconcile
    from crosswire.models import Article

    def run(title: str, raw: str) -> tuple[tuple[int, int], list[dict[str, Any]]]:
        text = clean_text(raw).text
        doc = annotator.nlp(text)
        art = Article(
            id="t" * 16,
            source="t",
            raw_text=raw,
            text=text,
            title=title,
            published=date(2016, 1, 10),
        )
        found = EXTRACTOR.extract(ExtractionInput(art, doc, annotation_from_doc(art.id, doc)))
        items = [dict(f) for f in incident_figures(found)]
        groups = reconcile(items, {art.id: art}, {}, {str(i["id"]): "here" for i in items})
        out = casualty_counts(groups, items)
        return (out["killed"], out["injured"]), [dict(f) for f in found]

    return run


def test_title_counts_read_headline_grammar() -> None:
    read = [(c.value, c.measure) for c in title_counts("2 dead, 3 hurt in shooting")]
    assert read == [(2, "killed"), (3, "injured")]
    one = title_counts("Man killed in shooting after park brawl identified")
    assert [(c.value, c.measure, c.victim) for c in one] == [(1, "killed", True)]
    assert [c.measure for c in title_counts("Teen Shot To Death In Pacoima")] == ["killed"]
    (toll,) = title_counts("AP count puts toll at more than 1,100 dead")
    assert (toll.value, toll.hedge, toll.low, toll.high) == (1100, "more_than", 1100, None)
    aged = title_counts("Coroner identifies 19-year-old killed Saturday in east Las Vegas")
    assert [(c.value, c.measure) for c in aged] == [(1, "killed")]
    # shots fired at someone are no hit; a long sentence is no headline
    assert title_counts("Officer shot at during traffic stop") == []
    assert title_counts("Man shot " + "and more words " * 20) == []


def test_title_counts_read_active_verbs_self_inflicted_wounds_and_shooting_deaths() -> None:
    def read(title: str) -> list[tuple[int, str]]:
        return [(c.value, c.measure) for c in title_counts(title)]

    assert read("Drive-by shooter kills 1, injures 3") == [(1, "killed"), (3, "injured")]
    assert read("Gunman Shoots 4 People Outside Philly Chinese Restaurant") == [(4, "shot")]
    assert read("Drive-by shooting in St. Louis injures five people at a gathering") == [
        (5, "injured")
    ]
    assert read("Four injured by gunfire outside Marion nightclub") == [(4, "injured")]
    assert read("Man accidentally shoots himself in Atlanta") == [(1, "injured")]
    assert read("Carter County man shoots own leg while handling revolver") == [(1, "injured")]
    assert read("Robbery suspect suffers self-inflicted gunshot wound") == [(1, "injured")]
    assert read("Father charged in shooting death of 2-year-old girl") == [(1, "killed")]
    assert read("Accidental shooting takes life of Quapaw man") == [(1, "killed")]
    # a count the verb does not govern as its victims: an age, rounds fired; shot *by* someone
    assert read("Man shoots 2-year-old son") == []
    assert read("Officer shoots 3 rounds at car") == []
    assert read("Two shot by police") == []
    # a tally of a period, a family's size
    assert read("2 dead, 2 injured during violent 24 hours in St. Louis") == []
    assert read("Six injured in violent weekend in Toledo") == []
    assert read("Family of Father of 4 Killed in Shooting Speaks Out") == []


def test_a_title_tells_the_casualties_a_playlist_body_lacks(titled_counts: Any) -> None:
    counts, found = titled_counts("2 dead, 3 hurt in shooting", _PLAYLIST)
    assert counts == (2, 3)
    told = [f for f in found if f.get("headline")]
    assert [f["headline"]["text"] for f in told] == ["2", "3"]
    assert all(f["start"] == f["end"] == 0 and f["text"] == "" for f in told)
    counts, _ = titled_counts("Woman fatally shot outside Akron bar", _PLAYLIST)
    assert counts == (1, 0)


def test_a_body_with_its_own_counts_is_not_doubled_by_the_title(titled_counts: Any) -> None:
    body = (
        "Two men were killed and a woman was wounded in a shooting on Friday night, police "
        "said. The woman was taken to a hospital."
    )
    counts, found = titled_counts("2 dead, 1 hurt in shooting", body)
    assert counts == (2, 1)
    assert not any(f.get("headline") for f in found)
    counts, _ = titled_counts("3 dead in shooting", body)
    assert counts == (2, 1)  # the body's own count stands


def test_a_title_that_is_no_count_of_the_incident_adds_nothing(titled_counts: Any) -> None:
    # a tally of several shootings; a title already the text's first line (read there once)
    counts, _ = titled_counts("3 killed in weekend shootings across the city", _PLAYLIST)
    assert counts == (0, 0)
    title = "Three shot, one dead after memorial"
    counts, found = titled_counts(title, f"{title}\n\n{_PLAYLIST}")
    assert counts == (1, 2)
    assert not any(f.get("headline") for f in found)
    counts, _ = titled_counts("Officer shot at during traffic stop", _PLAYLIST)
    assert counts == (0, 0)


def test_a_title_only_toll_exports_valid_and_cites_its_title(tmp_path: Any, annotator: Any) -> None:
    import json

    from crosswire.export import build_export, validate_export
    from crosswire.pipeline import ingest
    from crosswire.report import render_markdown
    from crosswire.store import Store

    record = {
        "id": "r1",
        "title": "2 dead, 3 hurt in shooting on Main Street",
        "text": "Watch the video below. Police are at the scene on Main Street in Springfield.",
        "published": "2024-05-01",
    }
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    with Store(tmp_path / "s.db") as store:
        ingest([str(path)], store, annotator=annotator)
        doc = build_export(store)
    validate_export(doc)  # an empty text is allowed only beside the title's words
    killed = next(f for f in doc["figures"] if f["measure"] == "killed")
    assert killed["text"] == "" and killed["headline"]["text"] == "2"
    report = render_markdown(doc)
    assert "Headline: **2** dead, 3 hurt in shooting on Main Street" in report
    assert "Watch the video below. —" not in report
