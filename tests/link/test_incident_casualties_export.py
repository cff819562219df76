"""The product's per-incident killed / injured pair is the benchmarked one: the link stage
reads it with :func:`incident_casualty_counts` (what ``bench/gvc_counts.py`` scores) and the
export carries it on each incident as ``casualties``."""

from __future__ import annotations

from collections import defaultdict
from datetime import date
from typing import Any

import pytest

from crosswire.export import validate_export
from crosswire.link.count_chooser import incident_casualty_counts
from crosswire.link.incident_counts import incident_counts
from crosswire.models import Article
from operations_support import export_of_reports
from reconcile_support import article, figure

_SHOOTING = (
    "Police said one man was killed and five people were wounded in a shooting on Main "
    "Street in Dayton, Ohio, late Saturday. The shooter fled in a grey car."
)
_SAME = (
    "One person died and five others were injured when gunfire broke out on Main Street in "
    "Dayton on Saturday night, police said."
)


@pytest.fixture(scope="module")
def doc(tmp_path_factory: pytest.TempPathFactory, annotator: object) -> dict[str, Any]:
    reports = [("2019-08-04", _SHOOTING), ("2019-08-04", _SAME)]
    return export_of_reports(tmp_path_factory, annotator, "casualties", reports)


def _articles(doc: dict[str, Any]) -> dict[str, Article]:
    """The export's articles as the link stage saw them (text, title, day)."""
    return {
        a["id"]: Article(
            id=a["id"],
            source=a["source"],
            raw_text=a["text"],
            text=a["text"],
            title=a["title"],
            published=date.fromisoformat(a["published"]) if a["published"] else None,
        )
        for a in doc["articles"]
    }


def test_the_export_carries_each_incidents_pair_as_the_benchmarked_function_reads_it(
    doc: dict[str, Any],
) -> None:
    validate_export(doc)
    (inc,) = [i for s in doc["stories"] for i in s["incidents"]]
    got = inc["casualties"]
    assert (got["killed"], got["injured"]) == (1, 5)
    assert set(got["figures"]) <= {f["id"] for f in doc["figures"]}
    # one incident: every figure of its reports is about it, as the bench gives them
    reports: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for f in doc["figures"]:
        reports[f["article"]].append(f)
    expected = incident_casualty_counts(reports, _articles(doc), inc["id"])
    assert {k: got[k] for k in ("killed", "injured", "how")} == expected


def test_an_incident_whose_reports_tell_no_casualty_has_no_pair() -> None:
    arts = {a.id: a for a in (article("a"),)}
    story = {"id": "s", "incidents": [{"id": "inc-1", "articles": ["a" * 16]}]}
    only_aid = [figure("a", 1, "aid_quantity", 40, unit="trucks")]
    assert incident_counts([story], only_aid, arts) == []


def test_a_figure_in_another_incidents_span_is_not_this_ones() -> None:
    arts = {a.id: a for a in (article("a"), article("b"))}
    a, b = "a" * 16, "b" * 16
    story = {
        "id": "s",
        "incidents": [
            {
                "id": "inc-1",
                "articles": [a, b],
                "mentions": [
                    {"article": a, "start": 0, "end": 50},
                    {"article": b, "start": 0, "end": 50},
                ],
            },
            {
                "id": "inc-0",
                "articles": [a],
                "mentions": [{"article": a, "start": 100, "end": 150}],
            },
        ],
    }
    figs = [
        figure("a", 1, "killed", 2),
        figure("b", 2, "killed", 2),
        figure("b", 3, "injured", 4),
        figure("a", 120, "killed", 9),  # an earlier shooting the first report recalls
    ]
    (mine, earlier) = incident_counts([story], figs, arts)
    assert mine["incident"] == "inc-1" and earlier["incident"] == "inc-0"
    assert (mine["killed"], mine["injured"]) == (2, 4)
    assert f"{a}:figure:120" not in mine["figures"]
    expected = incident_casualty_counts({a: figs[:1], b: figs[1:3]}, arts, "inc-1")
    assert {k: mine[k] for k in ("killed", "injured", "how")} == expected
    assert (earlier["killed"], earlier["how"]) == (9, "reconciled")
