"""The report's title names a place only when the reports are about it."""

from __future__ import annotations

from crosswire.report.overview import report_title
from crosswire.report.view import EntityGroup, EntityRow


def _places(*counts: int) -> list[EntityGroup]:
    rows = tuple(
        EntityRow(f"e{n}", f"e{n}", f"Town {n}", "GPE", (), (), (), c, c, ())
        for n, c in enumerate(counts)
    )
    return [EntityGroup("places-named", "Places", "places", rows)]


def test_title_names_a_place_only_when_the_reports_are_about_it() -> None:
    """A store of 200 shootings is not a situation report on its most named city."""
    assert report_title(_places(3, 1), independent=3) == "Situation report: Town 0"
    assert report_title(_places(2, 1), independent=4) == "Situation report: Town 0"
    assert report_title(_places(11, 10), independent=431, stories=150) == (
        "Situation report: 150 stories"
    )
    assert report_title(_places(11), independent=431, stories=1) == "Situation report"
    assert report_title([], independent=5, stories=2) == "Situation report: 2 stories"
    assert report_title(_places(1)) == "Situation report: Town 0"
