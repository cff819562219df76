"""What a figure counts (its measure) on phrasings of crisis reporting, each an invented
sentence: tolls told as a toll's value, counted groups outside the everyday people words,
evacuations told with "out", people missing, rescued alive, vehicles "of which" some were hit.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest


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

    def run(text: str, published: date = date(2021, 3, 8)) -> dict[str, dict[str, Any]]:
        doc = annotator.nlp(text)
        art = Article(id="m" * 16, source="t", raw_text=text, text=text, published=published)
        found = run_extractors(wanted, art, doc, annotation_from_doc(art.id, doc))
        items = next(items for name, _, items in found if name == "figures")
        return {f["text"]: f for f in items if not f["derived"]}

    return run


def measure(figures_of: Any, text: str, figure: str) -> str | None:
    out: str | None = figures_of(text)[figure]["measure"]
    return out


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("Officials gave a death toll of 412 as of Friday evening.", "412"),
        ("On Friday the civil protection agency cut the toll from 318, without saying why.", "318"),
        ("Relief teams kept searching while officials said deaths had risen to 157.", "157"),
        ("She put the number far above the official tolls, which come to 96 in total.", "96"),
        ("Flood death toll climbs to 61\n\nThe river burst its banks on Sunday.", "61"),
        ("Market bombed near Kandahar, 9 reported killed\n\nThe blast hit at noon.", "9"),
    ],
)
def test_a_toll_s_value_counts_the_dead(figures_of: Any, text: str, figure: str) -> None:
    assert measure(figures_of, text, figure) == "killed"


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("The army said the clashes had left about 210 insurgents dead.", "about 210"),
        ("The army says it killed 145 militants in the hills.", "145"),
        ("The ministry said 11 members of the security forces have died.", "11"),
        ("The fighting left 40 rebels dead, along with 7 security force members.", "7"),
    ],
)
def test_armed_groups_are_people_who_can_be_killed(figures_of: Any, text: str, figure: str) -> None:
    assert measure(figures_of, text, figure) == "killed"


@pytest.mark.parametrize(
    ("text", "figure"),
    [
        ("The Red Crescent said that more than 2,000 people got out on Friday.", "more than 2,000"),
        ("In all, over 4,100 people have been moved out of the old town.", "over 4,100"),
        ("Aid workers said 300 people had been taken by bus out of the two villages.", "300"),
        ("By dawn, 87 evacuated patients had reached hospitals in the north.", "87"),
        ("The governor's count of evacuees is 12,500.", "12,500"),
        ("The agency puts the number of evacuees since Sunday at 9,800.", "9,800"),
        (
            "The governor's count of evacuees is 12,500; the Red Crescent gives 9,000",
            "9,000",
        ),
        (
            '"Yesterday we brought 6,000 people out of the valley. With those who left on '
            'Friday, the total should be 8,000," a spokeswoman said.',
            "8,000",
        ),
    ],
)
def test_people_moved_out_are_evacuated(figures_of: Any, text: str, figure: str) -> None:
    assert measure(figures_of, text, figure) == "evacuated"


def test_people_unaccounted_for_are_missing(figures_of: Any) -> None:
    text = "According to the mayor, 40 people were unaccounted for."
    assert measure(figures_of, text, "40") == "missing"


def test_people_pulled_out_alive_are_rescued_and_bodies_stay_dead(figures_of: Any) -> None:
    assert (
        measure(figures_of, "31 people have been pulled from the rubble since Monday.", "31")
        == "rescued"
    )
    assert (
        measure(figures_of, "Rescue crews have brought out 45 survivors so far.", "45") == "rescued"
    )
    assert (
        measure(figures_of, "Firefighters said 12 bodies were pulled from the rubble.", "12")
        == "killed"
    )


def test_people_still_waiting_to_be_rescued_are_not_rescued(figures_of: Any) -> None:
    text = "As many as 9,000 civilians are still waiting to be rescued from the besieged town."
    assert measure(figures_of, text, "As many as 9,000") not in ("rescued", "evacuated")


def test_a_number_of_which_some_were_hit_counts_what_the_clause_hangs_on(
    figures_of: Any,
) -> None:
    text = "A spokesman said the convoy had 22 lorries, of which 9 were hit."
    assert measure(figures_of, text, "9") == "vehicles"


def test_the_deaths_of_people_and_people_lost_are_killed(figures_of: Any) -> None:
    deaths = "The deaths of 14 people at the school are confirmed."
    assert measure(figures_of, deaths, "14") == "killed"
    lost = "The village school, which fell in the storm, lost 8 children and two teachers."
    assert measure(figures_of, lost, "8") == "killed"


def test_survivors_shot_are_injured(figures_of: Any) -> None:
    text = "The report states that the four survivors were shot inside the hall."
    assert measure(figures_of, text, "four") == "injured"


def test_an_adverbial_clause_with_a_count_of_its_own_tells_nothing_of_the_figure(
    figures_of: Any,
) -> None:
    text = (
        "More than 2,300 fighters have been taken out with their families, along with "
        "190 wounded, the ministry said."
    )
    assert measure(figures_of, text, "More than 2,300") == "evacuated"


def test_the_noun_a_tally_verb_sets_gives_the_measure(figures_of: Any) -> None:
    # "put arrivals at 164,000": the object of the tally verb says what is counted
    assert measure(figures_of, "The agency puts arrivals at 164,000.", "164,000") == "displaced"
    assert measure(figures_of, "Officials raised arrivals to 164,000.", "164,000") == "displaced"


def test_outbreak_counts_and_shelter_seekers_get_their_measures(annotator: Any) -> None:
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import ExtractionInput
    from crosswire.extract.figures import EXTRACTOR
    from crosswire.models import Article

    text = (
        "Ebola outbreak spreads\n\n"
        "The death toll now stands at 2,811, with 5,864 cases reported. Some 6,262 people "
        "have been infected. Nearly 150,000 people have sought shelter in Bangladesh."
    )
    doc = annotator.nlp(text)
    art = Article(id="a" * 16, source="t", raw_text=text, text=text)
    items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation_from_doc(art.id, doc)))
    by_text = {f["text"]: f for f in items}
    # the disease is named in the headline, not in the sentence
    assert by_text["5,864"]["measure"] == "cases"
    assert by_text["2,811"]["claimant"] is None  # "5,864 cases reported" is no party
    assert by_text["Some 6,262"]["measure"] == "cases"
    assert by_text["Nearly 150,000"]["measure"] == "displaced"


def test_a_tally_of_people_told_by_what_befell_them_has_that_measure(figures_of: Any) -> None:
    figs = figures_of(
        "The number of people killed in the stampede has climbed to 717, officials said. "
        "Iran on Saturday raised to 136 the number of its nationals who died."
    )
    assert figs["717"]["measure"] == "killed"
    assert figs["136"]["measure"] == "killed"


def test_a_change_told_beside_two_measures_measures_the_nearest_figure(
    figures_of: Any,
) -> None:
    figs = figures_of(
        "Ebola outbreak spreads\n\n"
        "So far 2,909 people have died of Ebola, out of 6,242 cases in all, up from about 5,800."
    )
    assert figs["2,909"]["measure"] == "killed"
    assert figs["about 5,800"]["measure"] == "cases"


def test_a_number_before_a_list_of_adjectives_counts_the_noun_they_describe(
    figures_of: Any,
) -> None:
    figs = figures_of(
        "Ebola outbreak spreads\n\n"
        "The death toll has climbed to at least 3,091 out of 6,574 probable, suspected "
        "and confirmed cases."
    )
    assert str(figs["6,574"]["counts"]).endswith("cases")
    assert figs["6,574"]["measure"] == "cases"


def test_classes_in_a_breakdown_of_a_toll_measure_what_the_toll_does(figures_of: Any) -> None:
    figs = figures_of(
        "Hospital toll rises\n\n"
        "The number of people killed in the strike on the hospital has risen to 19, the aid "
        "group said: 12 staff members and seven patients, three of them children. Thirty-seven "
        "people were "
        "wounded, 21 of them staff."
    )
    assert figs["12"]["measure"] == "killed"
    assert figs["seven"]["measure"] == "killed"
    assert figs["three"]["measure"] == "killed"
    assert figs["21"]["measure"] == "injured"


def test_a_breakdown_into_things_is_no_class_of_the_dead(figures_of: Any) -> None:
    figs = figures_of(
        "Quake toll rises\n\nThe quake killed 40 people: 12 buildings collapsed in the old town."
    )
    assert figs["12"]["measure"] is None
