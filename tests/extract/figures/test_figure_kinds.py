"""What kind of number a figure is (count, estimate, projection, partial, recalled), and the
compound measures ("killed or wounded", "dead or missing", epidemic cases), each pinned
with short invented reports."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

#: a Wednesday
PUBLISHED = date(2023, 9, 13)


@pytest.fixture(scope="module")
def figures_of(annotator: Any) -> Any:
    """All extractors up to figures on one short report, published on a Wednesday."""
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import load_extractors
    from crosswire.models import Article
    from crosswire.pipeline import run_extractors

    wanted = [
        x for x in load_extractors() if x.name in ("place_mentions", "timexes", "quotes", "figures")
    ]

    def run(text: str) -> dict[str, dict[str, Any]]:
        doc = annotator.nlp(text)
        art = Article(id="k" * 16, source="t", raw_text=text, text=text, published=PUBLISHED)
        found = run_extractors(wanted, art, doc, annotation_from_doc(art.id, doc))
        items = next(items for name, _, items in found if name == "figures")
        return {f["text"]: f for f in items if not f["derived"]}

    return run


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("The agency said the death toll could reach 20,000.", "20,000"),
        ("Deaths in the valley are expected to exceed 3,000 by Friday.", "3,000"),
        ("A model suggests that more than 10,000 people may have died.", "more than 10,000"),
        ("The toll is likely to rise above 5,000, officials said.", "above 5,000"),
        ("Some 200 villagers are feared dead after the landslide.", "Some 200"),
        ("Modelled estimates put the number of deaths at 10,000.", "10,000"),
        ("The ministry plans to evacuate 2,000 residents on Friday.", "2,000"),
        ('The envoy said "maybe around a thousand or more have died".', "around a thousand"),
    ],
)
def test_a_forecast_or_modelled_figure_is_a_projection(
    figures_of: Any, text: str, figure: str
) -> None:
    assert figures_of(text)[figure]["kind"] == "projection"


def test_a_count_beside_a_forecast_stays_a_count(figures_of: Any) -> None:
    figs = figures_of(
        "Rescuers said 1,200 people had been killed. The toll could rise to 3,000, they warned."
    )
    assert figs["1,200"]["kind"] == "count"
    assert figs["1,200"]["measure"] == "killed"
    assert figs["3,000"]["kind"] == "projection"


def test_a_modal_on_what_is_done_with_counted_people_is_no_forecast(figures_of: Any) -> None:
    figs = figures_of("The town will bury the 40 dead on Friday.")
    assert figs["40"]["kind"] == "count"


def test_could_not_confirm_is_no_forecast(figures_of: Any) -> None:
    figs = figures_of("The ministry could not confirm the 45 deaths reported by residents.")
    assert figs["45"]["kind"] != "projection"


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("An estimated 3,000 people were killed in the floods.", "An estimated 3,000"),
        ("Around 900 people are believed to have died in the district.", "Around 900"),
        ("Aid groups' estimates put the toll at 640.", "640"),
    ],
)
def test_an_approximation_someone_stands_behind_is_an_estimate(
    figures_of: Any, text: str, figure: str
) -> None:
    assert figures_of(text)[figure]["kind"] == "estimate"


def test_a_figure_changed_from_is_recalled_with_no_date_of_its_own(figures_of: Any) -> None:
    figs = figures_of(
        "The ministry revised the toll to 3,958, down from the earlier toll of 11,300."
    )
    assert figs["3,958"]["kind"] == "count"
    assert figs["3,958"]["as_of"] == "2023-09-13"
    old = figs["11,300"]
    assert old["kind"] == "recalled"
    assert old["as_of"] is None  # never the report's day: it would read as the newest
    assert old["superseded"] is True


def test_a_change_from_one_figure_to_another_is_two_figures(figures_of: Any) -> None:
    figs = figures_of("The death toll rose from 1,644 to 3,145 on Tuesday.")
    assert figs["1,644"]["kind"] == "recalled"
    assert figs["1,644"]["measure"] == "killed"  # what the figure it changed into measures
    assert figs["3,145"]["kind"] == "count"
    assert figs["3,145"]["as_of"] == "2023-09-12"


def test_a_recalled_figure_keeps_the_day_its_own_words_give(figures_of: Any) -> None:
    figs = figures_of("The toll rose to 104 on Wednesday, up from Monday's figure of 70.")
    assert figs["104"]["kind"] == "count"
    assert figs["70"]["kind"] == "recalled"
    assert figs["70"]["as_of"] == "2023-09-11"
    assert "superseded" not in figs["70"]


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("Officials had previously said 70 people were killed.", "70"),
        ("The toll stands at 112, up from 70.", "70"),
        ("The number of dead rose from 70 to 104 overnight.", "70"),
        ("The agency had earlier said 45 people were missing.", "45"),
    ],
)
def test_an_earlier_figure_told_again_is_recalled(figures_of: Any, text: str, figure: str) -> None:
    fig = figures_of(text)[figure]
    assert fig["kind"] == "recalled"
    assert fig["as_of"] is None


def test_earlier_things_counted_now_are_not_a_recalled_figure(figures_of: Any) -> None:
    figs = figures_of("Two earlier truces collapsed within hours.")
    assert figs["Two"]["kind"] == "count"


def test_a_prewar_population_is_not_a_recalled_figure(figures_of: Any) -> None:
    figs = figures_of(
        "About 90,000 people remain in the town, down from a prewar population of 300,000."
    )
    assert figs["300,000"]["kind"] == "count"
    assert figs["300,000"]["as_of"] is not None


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("The ministry said 2,662 people died, including 1,262 in the coastal areas.", "1,262"),
        ("The quake killed 2,662 people: 1,262 in Aleppo and 1,400 in Idlib.", "1,400"),
        ("The ministry said 104 people were killed. One hospital received 10 bodies.", "10"),
        ("In one camp alone, 300 children have died of hunger.", "300"),
        ("Officials said 40 people were killed in a single district.", "40"),
    ],
)
def test_a_count_of_one_part_of_a_larger_one_is_partial(
    figures_of: Any, text: str, figure: str
) -> None:
    assert figures_of(text)[figure]["kind"] == "partial"


def test_the_whole_of_a_breakdown_stays_a_count(figures_of: Any) -> None:
    figs = figures_of("The ministry said 2,662 people died, including 1,262 in the coastal areas.")
    assert figs["2,662"]["kind"] == "count"


def test_a_whole_that_includes_others_is_no_part(figures_of: Any) -> None:
    figs = figures_of("Police issued arrest warrants for 113 people, including builders.")
    assert figs["113"]["kind"] == "count"


def test_people_taken_to_a_hospital_with_no_larger_count_are_the_count(figures_of: Any) -> None:
    figs = figures_of("Two people were injured and taken to a hospital.")
    assert figs["Two"]["kind"] == "count"


@pytest.mark.parametrize(
    ("text", "figure", "measure"),
    [
        ("Forty people were killed or wounded in the attack.", "Forty", "casualties"),
        ("At least 40 dead and injured were brought to the clinic.", "At least 40", "casualties"),
        ("Fifteen soldiers were killed and wounded in the raid.", "Fifteen", "casualties"),
        ("Some 200 people are dead or missing.", "Some 200", "dead_or_missing"),
        (
            "More than 300 people are missing and dead after the flood.",
            "More than 300",
            "dead_or_missing",
        ),
        ("The clashes left 1,000 dead and missing.", "1,000", "dead_or_missing"),
    ],
)
def test_compound_measures_are_kept_compound(
    figures_of: Any, text: str, figure: str, measure: str
) -> None:
    assert figures_of(text)[figure]["measure"] == measure


def test_separate_counts_of_dead_and_injured_keep_their_own_measures(figures_of: Any) -> None:
    figs = figures_of("Three people were killed and four injured in the blast.")
    assert figs["Three"]["measure"] == "killed"
    assert figs["four"]["measure"] == "injured"


def test_shot_and_killed_is_killed(figures_of: Any) -> None:
    assert figures_of("Two men were shot and killed on Sunday.")["Two"]["measure"] == "killed"


def test_injured_and_later_died_is_not_a_compound(figures_of: Any) -> None:
    figs = figures_of("Officials said 12 people were injured and died later.")
    assert figs["12"]["measure"] != "casualties"


def test_epidemic_cases_are_cases_and_its_deaths_killed(figures_of: Any) -> None:
    figs = figures_of("The health ministry reported 1,200 suspected cholera cases and 45 deaths.")
    assert figs["1,200"]["measure"] == "cases"
    assert figs["45"]["measure"] == "killed"


def test_a_courts_cases_are_not_epidemic_cases(figures_of: Any) -> None:
    figs = figures_of("The judge heard two cases on Tuesday.")
    assert figs["two"]["measure"] is None


def test_every_figure_says_its_kind(figures_of: Any) -> None:
    from crosswire.extract.figures_kind import KINDS

    figs = figures_of(
        "Floods killed 30 people on Monday. About 5,000 residents were evacuated, and "
        "the toll could rise, officials said."
    )
    assert figs
    assert all(f["kind"] in KINDS for f in figs.values())
