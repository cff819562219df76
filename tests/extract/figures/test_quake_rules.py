"""General figure rules found on the Turkey-Syria quake fixture (tests/fixtures/crisis_quake),
each written with a short invented report of its own."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest


@pytest.fixture(scope="module")
def figures_of(annotator: Any) -> Any:
    """All extractors up to figures on one short report, published ``published``."""
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import load_extractors
    from crosswire.models import Article
    from crosswire.pipeline import run_extractors

    wanted = [
        x for x in load_extractors() if x.name in ("place_mentions", "timexes", "quotes", "figures")
    ]

    def run(text: str, published: date = date(2021, 3, 8)) -> dict[str, dict[str, Any]]:
        doc = annotator.nlp(text)
        art = Article(id="q" * 16, source="t", raw_text=text, text=text, published=published)
        found = run_extractors(wanted, art, doc, annotation_from_doc(art.id, doc))
        items = next(items for name, _, items in found if name == "figures")
        return {f["text"]: f for f in items if not f["derived"]}

    return run


def test_a_toll_said_with_no_date_is_as_of_the_publication_day(figures_of: Any) -> None:
    # a Monday report mostly about Sunday's events: "the agency said 412 people had died"
    # is said on the day of the report unless the text dates it
    figs = figures_of(
        "The flood hit the valley on Sunday. Rescuers worked through Sunday night. "
        "The agency said 412 people had died. "
        "On Sunday, the mayor said 37 people were missing."
    )
    assert figs["412"]["as_of"] == "2021-03-08"
    assert figs["37"]["as_of"] == "2021-03-07"


def test_a_day_after_paper_dates_its_statements(figures_of: Any) -> None:
    # statements dated "yesterday" twice: an undated one was made that day too
    figs = figures_of(
        "The minister yesterday said the bridge would reopen. "
        "The governor told reporters yesterday that the roads were closed. "
        "The agency said 412 people had died."
    )
    assert figs["412"]["as_of"] == "2021-03-07"


def test_a_speaker_s_next_statement_keeps_the_day_they_spoke(figures_of: Any) -> None:
    figs = figures_of(
        "The governor said on Sunday that the dam had held. "
        "She said 90 homes had been flooded. The agency said 412 people had died."
    )
    assert figs["90"]["as_of"] == "2021-03-07"
    assert figs["412"]["as_of"] == "2021-03-08"


def test_a_rival_figure_counts_what_the_figure_it_answers_counts(figures_of: Any) -> None:
    # "a higher figure of about N", "the figure stood at N": a rival reading of the toll
    # just told, in the area the paragraph's opening sentence names
    figs = figures_of(
        "The storm hit the coast of Peru on Sunday.\n\n"
        "Counts for the rebel-held south differ. The rescuers put the toll in the areas they "
        "cover at 310. A U.N. official said a higher figure of about 520 came from hospitals."
    )
    assert figs["310"]["measure"] == "killed"
    assert figs["about 520"]["measure"] == "killed"
    assert figs["310"]["place"] == figs["about 520"]["place"] == "south (Peru)"
    plain = figures_of("A U.N. official said a figure of 520 came from the hospitals.")
    assert plain["520"]["measure"] is None  # nothing told before to answer


def test_the_period_a_figure_totals_over() -> None:
    from crosswire.extract.figures_period import period_of

    def p(sentence: str, number: str) -> str | None:
        at = sentence.index(number)
        return period_of(sentence, at, at + len(number))

    assert p("In January alone, some 700 trucks of aid crossed.", "700") == "January"
    assert p("About 40 trucks a month cross the border.", "40") == "per month"
    assert p("So far this year 1,200 families have fled.", "1,200") == "this year"
    assert p("A second convoy of 14 trucks was expected to cross tomorrow.", "14") is None
    # a span of time is no rate: "in under a month", "a week ago"
    assert p("In under a month, about 421,000 people have fled.", "421,000") is None
    assert p("Some 27,400 have crossed since the attack a week ago.", "27,400") is None


def test_a_million_in_words_is_a_whole_number(figures_of: Any) -> None:
    figs = figures_of("Some 4.1 million people depend on aid.")
    assert figs["Some 4.1 million"]["value"] == 4_100_000
    assert isinstance(figs["Some 4.1 million"]["value"], int)


def test_minus_keeps_its_sign() -> None:
    from crosswire.extract.figures_numbers import find_quantities

    text = "Temperatures fell to minus 4 degrees, and to \u221212 in the hills; 30 more fled."
    got = [(text[q.start : q.end], q.value) for q in find_quantities(text)]
    assert ("minus 4", -4) in got and ("\u221212", -12) in got and ("30", 30) in got


def test_the_claimant_is_who_said_it_not_what_it_was_about(figures_of: Any) -> None:
    figs = figures_of(
        "A separate convoy of 30 trucks stalled at the border on Sunday while it waited "
        "for clearance, said Ahmed Sheikh, an official at the crossing."
    )
    assert figs["30"]["claimant"] == "Ahmed Sheikh"


def test_a_unit_is_not_repeated_as_what_is_counted() -> None:
    from crosswire.link.reconciliations import format_figure

    item = {"value": 8, "low": None, "high": 8, "hedge": "up_to", "unit": "times"}
    assert format_figure({**item, "counts": "times"}) == "up to 8 times"
