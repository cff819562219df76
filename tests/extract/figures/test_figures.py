"""Figures: numbers read exactly, non-figures left out, and what each figure counts."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest

from crosswire.extract.figures_numbers import find_quantities, parse_number

FIXTURES = Path(__file__).parents[2] / "fixtures" / "figures"


def _q(text: str) -> list[tuple[str, float | None, float | None, float | None, str | None, str]]:
    return [
        (text[q.start : q.end], q.value, q.low, q.high, q.unit, q.hedge)
        for q in find_quantities(text)
    ]


@pytest.mark.parametrize(
    ("words", "value"),
    [
        ("45", 45),
        ("forty-five", 45),
        ("170,000", 170_000),
        ("1.5 million", 1_500_000),
        ("two hundred and fifty", 250),
        ("a hundred", 100),
    ],
)
def test_parse_number(words: str, value: float) -> None:
    assert parse_number(words) == value


def test_hedges_and_ranges() -> None:
    assert _q("up to 170,000 residents") == [
        ("up to 170,000", 170_000, None, 170_000, None, "up_to")
    ]
    assert _q("more than 400,000") == [
        ("more than 400,000", 400_000, 400_000, None, None, "more_than")
    ]
    assert _q("around 55 per cent to 60 per cent of it") == [
        ("around 55 per cent to 60 per cent", None, 55, 60, "%", "approximately")
    ]
    assert _q("as many as 2,500 civilians") == [
        ("as many as 2,500", 2500, None, 2500, None, "up_to")
    ]
    assert _q("at least one person") == [("at least one", 1, 1, None, None, "at_least")]
    assert _q("about 85km from") == [("about 85km", 85, 85, 85, "km", "approximately")]
    assert _q("14 tons of food") == [("14 tons", 14, 14, 14, "tons", "exact")]


def test_vague_quantities_are_ranges_never_points() -> None:
    (tens,) = find_quantities("tens of thousands of people")
    assert tens.value is None and tens.low == 20_000 and tens.high == 99_999
    (dozens,) = find_quantities("dozens of families")
    assert dozens.value is None and dozens.low == 24
    (several,) = find_quantities("several hundred residents")
    assert several.value is None and (several.low, several.high) == (300, 900)
    (dozen,) = find_quantities("a dozen houses")
    assert dozen.value == 12 and dozen.hedge == "approximately"


@pytest.fixture(scope="module")
def extract(annotator: Any) -> Any:
    from crosswire.annotate import annotation_from_doc
    from crosswire.extract import ExtractionInput
    from crosswire.extract.figures import EXTRACTOR
    from crosswire.models import Article

    def run(text: str, published: date | None = date(2022, 4, 1)) -> list[dict[str, Any]]:
        doc = annotator.nlp(text)
        art = Article(id="a" * 16, source="t", raw_text=text, text=text, published=published)
        items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation_from_doc(art.id, doc)))
        for item in items:
            assert text[item["start"] : item["end"]] == item["text"]
        return items

    return run


def test_non_figures_are_not_figures(extract: Any) -> None:
    text = (FIXTURES / "non_figures.txt").read_text(encoding="utf-8")
    explicit = [f["text"] for f in extract(text) if not f["derived"]]
    assert explicit == []


def test_named_victims_are_derived_once(extract: Any) -> None:
    items = extract((FIXTURES / "non_figures.txt").read_text(encoding="utf-8"))
    derived = {(f["counts"], f["measure"]) for f in items if f["derived"]}
    assert ("Jane Doe", "killed") in derived
    assert ("her brother", "injured") in derived
    text = (FIXTURES / "counted.txt").read_text(encoding="utf-8")
    killed = [f for f in extract(text) if f["derived"] and f["measure"] == "killed"]
    # "a man was found dead" and "The man, identified as John Smith": one victim
    assert len(killed) == 1


def test_counted_figures(extract: Any) -> None:
    items = extract((FIXTURES / "counted.txt").read_text(encoding="utf-8"))
    by_text = {f["text"]: f for f in items if not f["derived"]}
    assert by_text["three"]["measure"] == "killed" and by_text["three"]["claimant"] == "Police"
    assert by_text["at least 12"]["measure"] == "injured"
    assert by_text["at least 12"]["hedge"] == "at_least"
    assert by_text["dozens"]["value"] is None and by_text["dozens"]["measure"] == "displaced"
    assert by_text["several hundred"]["measure"] == "population_remaining"
    assert by_text["About 1.5 million"]["value"] == 1_500_000
    assert by_text["About 1.5 million"]["claimant"] == "United Nations"
    assert by_text["forty-five"]["value"] == 45 and by_text["forty-five"]["measure"] == "vehicles"
    assert by_text["two tonnes"]["unit"] == "tons"
    assert by_text["two tonnes"]["measure"] == "aid_quantity"
    assert "twice" not in by_text


def _figs(export: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f["text"]: f for f in export["figures"] if not f.get("derived")}


@pytest.fixture(scope="module")
def export(example_store: Path) -> dict[str, Any]:
    from crosswire.export import build_export
    from crosswire.store import Store

    with Store(example_store) as store:
        return build_export(store)


def test_example_figures(export: dict[str, Any]) -> None:
    figs = _figs(export)
    assert figs["45"]["counts"] == "buses" and figs["45"]["measure"] == "vehicles"
    six = figs["around 600"]
    assert (six["value"], six["hedge"], six["counts"]) == (600, "approximately", "people")
    tons = figs["14 tons"]
    assert tons["counts"] == "food and medical supplies" and tons["measure"] == "aid_quantity"
    assert "Vereshchuk" in tons["claimant"] and tons["claimant_entity"]
    hundred = figs["Around 100,000"]
    assert hundred["measure"] == "population_remaining" and hundred["place"] == "Mariupol"
    assert figs["430,000"]["measure"] == "population_prewar"
    mayor = figs["up to 170,000"]
    assert (mayor["hedge"], mayor["high"], mayor["counts"]) == ("up_to", 170_000, "residents")
    assert "Mariupol" in mayor["claimant"] and "mayor" in mayor["claimant"]
    assert mayor["measure"] == "population_remaining"
    assert figs["more than 400,000"]["measure"] == "population_prewar"
    toll = figs["as many as 2,500"]
    assert toll["measure"] == "killed" and toll["counts"] == "civilians"
    assert toll["claimant"] == "Local Ukrainian authorities"
    assert "cannot be independently confirmed" in toll["caveats"]
    assert any(c.startswith("Russia denies") for c in toll["caveats"])
    assert figs["160"]["counts"] == "cars"
    assert figs["about 85km"]["unit"] == "km"
    kyiv = figs["at least one"]
    assert (kyiv["measure"], kyiv["hedge"], kyiv["place"]) == ("killed", "at_least", "Kyiv")
    tens = figs["tens of thousands"]
    assert tens["value"] is None and (tens["low"], tens["high"]) == (20_000, 99_999)
    pct = figs["around 55 per cent to 60 per cent"]
    assert (pct["low"], pct["high"], pct["unit"]) == (55, 60, "%")
    for non_figure in ("fourth", "19", "10 days", "one", "two hours"):
        assert non_figure not in figs
    zelensky = figs["thousands"]
    assert zelensky["measure"] == "killed" and (zelensky["low"], zelensky["high"]) == (2000, 9999)
    assert "Zelensky" in zelensky["claimant"]


def test_example_as_of(export: dict[str, Any]) -> None:
    figs = _figs(export)
    assert figs["up to 170,000"]["as_of"] == "2022-03-31"
    assert figs["Around 100,000"]["as_of"] == "2022-04-01"
    assert figs["45"]["as_of"] == "2022-03-31"


def _victims(extract: Any, text: str) -> tuple[int, int]:
    items = [f for f in extract(text) if f["derived"]]
    return (
        sum(f["measure"] == "killed" for f in items),
        sum(f["measure"] == "injured" for f in items),
    )


@pytest.mark.parametrize(
    ("text", "killed", "injured"),
    [
        # a re-mention by pronoun or definite description is the victim who died
        ("A man was shot and killed on Main Street. Police said he was shot in the chest.", 1, 0),
        ("A 15-year-old boy was shot and killed. The victim had been shot in the torso.", 1, 0),
        # shot, then "he later died" in another sentence: one victim, killed
        (
            "Police found a man with a gunshot wound. He was taken to a hospital, where he died.",
            1,
            0,
        ),
        # a victim shot in a clause after the predicate ("after being shot")
        (
            "A 36-year-old man has been charged with robbery after being shot outside a bakery.",
            0,
            1,
        ),
        # "a shooting that left a man in critical condition"
        ("Police are investigating a shooting that left a man in critical condition.", 0, 1),
        # "no one was hurt" is nobody
        ("A shot was fired into the house but no one was hurt.", 0, 0),
        # "the shooting death of a man": the death is not a second victim
        ("Police arrested a teen in the shooting death of a Summerville man.", 1, 0),
        # only people are victims: "shot himself dead center" has no victim "center"
        (
            "A 2-year-old boy died after he shot himself dead center in the chest. "
            "Kaleb was pronounced dead at the hospital.",
            1,
            0,
        ),
        # a given name alone re-mentions the full name
        (
            "Braison Howard, 3, was shot dead by his cousin. Braison was pronounced dead.",
            1,
            0,
        ),
        # descriptions that agree in gender and age are one victim
        (
            "A 3-year-old boy was shot and killed Friday. "
            "The toddler was shot early Friday evening and died at his home.",
            1,
            0,
        ),
        # ... and two when they clash
        ("A 30-year-old man was killed on Friday. On Saturday a 6-year-old girl died.", 2, 0),
        # a person by age alone ("a 15-year-old is dead"), re-mentioned as "the teen"
        ("Police say a 15-year-old is dead after a shooting. The teen was shot at his home.", 1, 0),
        # victims of another incident are not this report's
        (
            "A man was shot and killed on Main Street. "
            "In a separate shooting, a woman was wounded on Elm Street.",
            1,
            0,
        ),
        # a death told without a killing predicate: the body, the homicide victim
        ("A man's body was found in a ditch. The victim had been shot several times.", 1, 0),
    ],
)
def test_victim_coreference_rules(extract: Any, text: str, killed: int, injured: int) -> None:
    assert _victims(extract, text) == (killed, injured)


def test_agents_counted_are_not_victims(extract: Any) -> None:
    text = "Police say two officers arrived on the scene and shot the man, who later died."
    items = extract(text)
    two = [f for f in items if f["text"] == "two"]
    assert two and two[0]["measure"] is None
    assert _victims(extract, text) == (1, 0)


def test_count_inside_the_clause_subject_is_still_the_victims(extract: Any) -> None:
    # "thousands" is the subject; the counted "people" sits inside it: not someone else's clause
    items = extract("Officials said thousands of people had been killed in the city.")
    (thousands,) = [f for f in items if f["text"] == "thousands"]
    assert thousands["measure"] == "killed"


def test_both_and_double_shootings_count_two(extract: Any) -> None:
    text = (
        "One man was shot in the back and a 29-year-old man was shot multiple times. "
        "Both are listed in critical condition."
    )
    both = [f for f in extract(text) if f["text"] == "Both"]
    assert [(f["value"], f["measure"]) for f in both] == [(2, "injured")]
    items = extract("Police are investigating a double shooting on Elm Street.")
    assert [(f["text"], f["value"], f["measure"]) for f in items] == [
        ("double shooting", 2, "shot")
    ]
    assert not [f for f in extract("Both sides agreed to talk.") if not f["derived"]]
    # the killer of a murder-suicide is dead too
    items = extract("Police called it a double murder-suicide.")
    assert [(f["value"], f["measure"]) for f in items] == [(3, "killed")]


def test_money_and_percentages_are_not_casualties(extract: Any) -> None:
    items = extract("Police say $5,000 was killed.")  # a money figure next to a killing verb
    money = [f for f in items if f["text"].startswith("$5,000")]
    assert money and money[0]["measure"] is None


def test_a_fraction_of_a_million_is_a_number_not_a_share() -> None:
    assert [(q.value, q.hedge) for q in find_quantities("nearly half a million refugees")] == [
        (500_000, "approximately")
    ]
    assert [q.value for q in find_quantities("more than a quarter-million children")] == [250_000]
    assert [q.value for q in find_quantities("three-quarters of a million people")] == [750_000]
    assert [q.value for q in find_quantities("one and a half million people")] == [1_500_000]
    # a share of something else stays a share
    assert [(q.value, q.unit) for q in find_quantities("half of the dead")] == [(50.0, "%")]


def test_members_of_a_group_are_counted_with_the_group_that_names_them(extract: Any) -> None:
    text = (
        "The army said 15 members of the security forces had been killed in the fighting "
        "since Friday."
    )
    (fifteen,) = [f for f in extract(text) if f["text"] == "15"]
    assert fifteen["counts"] == "members of the security forces"
    assert fifteen["measure"] == "killed"


def test_a_part_named_after_of_them_counts_that_part(extract: Any) -> None:
    text = "More than 300,000 people have lost their homes, 100,000 of them children."
    (part,) = [f for f in extract(text) if f["text"] == "100,000"]
    assert part["counts"] == "children" and part["measure"] == "displaced"
