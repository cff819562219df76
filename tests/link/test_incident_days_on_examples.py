"""The Mariupol example reports: each incident's ``day`` read off its own reports.

Truth from the texts: the car convoy left Mariupol on Monday 14 March
(report of 14 March, "on Monday"); the 45-bus convoy was blocked on
Thursday 31 March, told by both reports of 1 April ("On Thursday",
"yesterday"); the ICRC team turned back on Friday 1 April ("on Friday").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from crosswire.export import build_export, validate_export
from crosswire.pipeline import write_report
from crosswire.store import Store


@pytest.fixture(scope="module")
def doc(example_store: Path) -> dict[str, Any]:
    with Store(example_store) as store:
        return build_export(store)


def _incidents(doc: dict[str, Any]) -> list[dict[str, Any]]:
    found = [i for story in doc["stories"] for i in story["incidents"]]
    return sorted(found, key=lambda i: str(i["day"]["value"]))


def _on(doc: dict[str, Any], day: str) -> dict[str, Any]:
    (found,) = [i for i in _incidents(doc) if i["day"]["value"] == day]
    return found


def test_each_incident_gets_the_day_its_reports_name(doc: dict[str, Any]) -> None:
    validate_export(doc)
    incidents = _incidents(doc)
    days = [i["day"]["value"] for i in incidents]
    # the three convoy attempts, each once; any other incident is another dated
    # occurrence a report narrates (the peace talks in Istanbul on Tuesday 29 March)
    assert {"2022-03-14", "2022-03-31", "2022-04-01"} <= set(days)
    assert len(days) == len(set(days))
    texts = {a["id"]: a["text"] for a in doc["articles"]}
    for extra in set(days) - {"2022-03-14", "2022-03-31", "2022-04-01"}:
        (told,) = [texts[m["article"]][m["start"] : m["end"]] for m in _on(doc, extra)["mentions"]]
        assert "peace talks in Istanbul on Tuesday" in told
    # no report of any incident points to another day strongly enough to be shown
    assert all(i["day"]["alternatives"] == [] and i["day"]["support"] == 1.0 for i in incidents)
    # the stories aggregator's own day slots agree with the measured rules here
    assert [i["date"] for i in incidents] == [i["day"]["value"] for i in incidents]
    # each report's main incident is the one its own words date
    main = {a: i["day"]["value"] for i in incidents for a in i.get("main_in") or ()}
    assert sorted(main.values()) == ["2022-03-14", "2022-03-31", "2022-04-01"]


def test_the_blocked_bus_convoy_is_dated_by_both_reports(doc: dict[str, Any]) -> None:
    texts = {a["id"]: a["text"] for a in doc["articles"]}
    march_31 = _on(doc, "2022-03-31")
    evidence = march_31["day"]["evidence"]
    assert sorted(e["text"] for e in evidence) == ["Thursday", "yesterday"]
    assert len({e["article"] for e in evidence}) == 2
    for e in evidence:
        assert texts[e["article"]][e["start"] : e["end"]] == e["text"]
        # each span lies in the incident's own text in that report, not elsewhere in it
        spans = [m for m in march_31["mentions"] if m["article"] == e["article"]]
        assert any(m["start"] <= e["start"] < m["end"] for m in spans)
    sentence = next(t for t in texts.values() if "45-bus convoy" in t)
    thursday = next(e for e in evidence if e["text"] == "Thursday")
    assert "45-bus convoy" in sentence[thursday["start"] : thursday["start"] + 80]


def test_the_stories_section_shows_each_day_with_the_words_that_dated_it(
    example_store: Path,
) -> None:
    with Store(example_store) as store:
        markdown = write_report(store, "md", None)
        html = write_report(store, "html", None)
    stories = markdown[markdown.index("## Stories") :]
    assert "day from its reports: 31 March 2022 (2 reports agree)" in stories
    assert "day from its reports: 14 March 2022 (1 report)" in stories
    assert "day from its reports: 1 April 2022 (1 report)" in stories
    assert "Mariupol **yesterday** to try" in stories
    assert "On **Thursday**, Russian forces blocked" in stories
    assert "On <mark>Thursday</mark>, Russian forces blocked" in html
