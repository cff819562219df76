"""As of when a figure stands, on invented crisis reports: a day that dates the cause (the
quake, the attack) is not the day a count stands at; a day on the count itself is; a
day-after paper tells its news as of the day before."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

#: A Thursday.
PUBLISHED = date(2021, 3, 11)


@pytest.fixture(scope="module")
def figures_of(annotator: Any) -> Any:
    """All extractors up to figures on one short report: its explicit figures by text."""
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import load_extractors
    from crosswire.models import Article
    from crosswire.pipeline import run_extractors

    wanted = [
        x for x in load_extractors() if x.name in ("place_mentions", "timexes", "quotes", "figures")
    ]

    def run(text: str, published: date = PUBLISHED) -> dict[str, dict[str, Any]]:
        doc = annotator.nlp(text)
        art = Article(id="a" * 16, source="t", raw_text=text, text=text, published=published)
        found = run_extractors(wanted, art, doc, annotation_from_doc(art.id, doc))
        items = next(items for name, _, items in found if name == "figures")
        return {f["text"]: f for f in items if not f["derived"]}

    return run


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("Last week's storm has now killed 140 people across the islands.", "140"),
        ("Monday's powerful storm has now killed 140 people across the islands.", "140"),
        ("Elsewhere, the March 2 storm left 64 dead in the hill districts.", "64"),
        (
            "Last week rebels struck a dozen posts, sparking fighting that has left more "
            "than 100 dead.",
            "more than 100",
        ),
    ],
)
def test_a_day_on_the_cause_does_not_date_a_later_count(
    figures_of: Any, text: str, figure: str
) -> None:
    assert figures_of(text)[figure]["as_of"] == PUBLISHED.isoformat()


def test_a_day_on_the_attack_a_relative_clause_hangs_on_does_not_date_its_toll(
    figures_of: Any,
) -> None:
    text = (
        "The agency said it was the first delivery since the attack on Monday on a market, "
        "in which around 15 people were killed."
    )
    assert figures_of(text)["around 15"]["as_of"] != "2021-03-08"


def test_a_day_on_the_count_or_on_the_killing_still_dates_it(figures_of: Any) -> None:
    assert figures_of("The toll on Tuesday stood at 40.")["40"]["as_of"] == "2021-03-09"
    assert figures_of("Three people were killed on Monday.")["Three"]["as_of"] == "2021-03-08"


def test_a_day_in_a_clause_on_other_people_does_not_date_the_total(figures_of: Any) -> None:
    text = (
        '"Counting the people evacuated on Monday as well, the total should be 8,000," '
        "a spokeswoman said."
    )
    assert figures_of(text)["8,000"]["as_of"] != "2021-03-08"


def test_a_day_after_paper_tells_its_news_as_of_the_day_before(figures_of: Any) -> None:
    text = (
        "Rescuers search the ruins as toll rises\n\n"
        "Yesterday, two days after the earthquake, rescuers dug through the rubble of "
        "collapsed homes. Rescue teams have brought out 30 survivors. At least 120 people "
        "had died, officials said."
    )
    figs = figures_of(text)
    assert figs["30"]["as_of"] == "2021-03-10"
    assert figs["At least 120"]["as_of"] == "2021-03-10"


def test_a_report_of_the_day_keeps_its_publication_day(figures_of: Any) -> None:
    text = (
        "Rescuers search the ruins as toll rises\n\n"
        "Rescuers dug through the rubble of collapsed homes on Thursday. Rescue teams have "
        "brought out 30 survivors. The storm struck yesterday."
    )
    assert figures_of(text)["30"]["as_of"] == "2021-03-11"


def test_a_count_as_of_a_day_holds_for_that_day_not_the_day_it_was_told(figures_of: Any) -> None:
    figs = figures_of(
        "The agency said on Wednesday that the toll had reached 3,338 people out of "
        "7,178 cases as of March 7."
    )
    assert figs["3,338"]["as_of"] == "2021-03-07"
    # a day after "up from" belongs to the earlier figure
    figs = figures_of(
        "The agency said on Wednesday that 40 people had died, up from 20 as of March 5."
    )
    assert figs["40"]["as_of"] == "2021-03-10"


def test_a_number_told_twice_in_a_report_holds_for_the_day_told_with_it(
    annotator: Any,
) -> None:
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import load_extractors
    from crosswire.models import Article
    from crosswire.pipeline import run_extractors

    text = (
        "Outbreak deaths reach 3,338\n\n"
        "The health agency said on Wednesday that the toll had reached 3,338 as of March 7."
    )
    wanted = [
        x for x in load_extractors() if x.name in ("place_mentions", "timexes", "quotes", "figures")
    ]
    doc = annotator.nlp(text)
    art = Article(id="b" * 16, source="t", raw_text=text, text=text, published=PUBLISHED)
    found = run_extractors(wanted, art, doc, annotation_from_doc(art.id, doc))
    items = next(items for name, _, items in found if name == "figures")
    told = [f for f in items if f["value"] == 3338 and not f["derived"]]
    assert len(told) == 2
    assert {f["as_of"] for f in told} == {"2021-03-07"}
