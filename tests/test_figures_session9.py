"""Per-report killed / injured counts: session-9 rules, on hand-written sentences.

Each case runs the figures extractor on a short made-up report and reads the
killed and injured numbers off the reconciled groups, as the benchmarks do.
Each test holds sentences counted wrong before its rule; the guards hold what
the rule must not change.
"""

from __future__ import annotations

from typing import Any


def _measures(report_figures: Any, raw: str) -> list[tuple[Any, str | None]]:
    _, found = report_figures(raw)
    return [(f["value"], f["measure"]) for f in found if not f["derived"]]


def test_a_count_staying_in_hospital(report_counts: Any, report_figures: Any) -> None:
    # "remain" / "stay" in hospital is being hurt, not the population measure
    assert report_counts("Two people remain in the hospital.") == (0, 2)
    assert report_counts("Two people remain hospitalized.") == (0, 2)
    assert report_counts("Two victims remained in the hospital on Monday.") == (0, 2)
    assert report_counts("Two people stayed in the hospital overnight.") == (0, 2)
    assert report_counts("Two people remain in critical condition.") == (0, 2)
    assert (2, "population_remaining") not in _measures(
        report_figures, "Two people remain hospitalized."
    )
    # a part of a count told before stays inside it
    assert report_counts("Three people were shot. Two remain hospitalized.") == (0, 3)
    # guards: the population measure, in a city or trapped
    text = "About 100,000 people remain in the city."
    assert (100000, "population_remaining") in _measures(report_figures, text)
    text = "Up to 170,000 residents remained trapped in Mariupol."
    assert (170000, "population_remaining") in _measures(report_figures, text)


def test_a_gapped_person_shot(report_counts: Any) -> None:
    # the person after "and" has a wound place of their own: a gapped "was shot"
    assert report_counts("John Doe was shot in the leg and another man in the arm.") == (0, 2)
    assert report_counts("A woman was shot in the leg and a man in the chest.") == (0, 2)
    assert report_counts("John Doe was shot in the leg and a woman in the chest.") == (0, 2)
    assert report_counts("John Doe was shot in the leg and another in the arm.") == (0, 2)
    assert report_counts("Jane Roe was shot in the back and her son in the leg.") == (0, 2)
    # guards: body parts coordinated, no second person
    assert report_counts("John Doe was shot in the leg and arm.") == (0, 1)
    assert report_counts("John Doe was shot in the back and the leg.") == (0, 1)
    assert report_counts("John Doe was shot in the leg and hand, police said.") == (0, 1)
    assert report_counts("One man was shot in the leg, another in the arm.") == (0, 2)


def test_a_bare_full_name_is_a_person(report_counts: Any) -> None:
    # NER calls these names organisations; a given name and a surname as the subject of what
    # befell someone is a person
    assert report_counts("Tasha Green was treated and released.") == (0, 1)
    assert report_counts("Tasha Green was treated and released at the hospital.") == (0, 1)
    assert report_counts("Tasha Green was shot.") == (0, 1)
    assert report_counts("Marcus Brown and Tasha Green were shot.") == (0, 2)
    assert report_counts("Marcus Brown died and Tasha Green was wounded.") == (1, 1)
    # guards: a place, a company, a headline's title case
    assert report_counts("Green Bay was hit hard by the storm.") == (0, 0)
    assert report_counts("Apple and Tasha Green were hurt.") == (0, 0)


def test_a_bare_name_after_another_incidents_victim(annotator: Any) -> None:
    from crosswire.extract.figures_victims import derived_victims

    # a bare name right after another incident's victim goes on about that one
    earlier = "The shooting happened near a July 2013 shooting that left a 12-year-old girl dead. "
    named = "Tasha Green was shot and killed as she rode a scooter."
    doc = annotator.nlp("A boy was wounded on Monday. " + earlier + named)
    assert [v.description for v in derived_victims(doc, [], 2016)] == ["A boy"]
    # guard: with no such sentence before it the name is this report's victim
    doc = annotator.nlp("A boy was wounded on Monday. " + named)
    assert [v.description for v in derived_victims(doc, [], 2016)] == ["A boy", "Tasha Green"]


def test_a_relative_clause_tells_of_the_first_name_only(report_counts: Any) -> None:
    text = "Marcus Brown, who died at the scene, and Tasha Green were shot."
    assert report_counts(text) == (1, 1)
    text = "Marcus Brown, who died at the scene, and Tasha Green, who was treated, were shot."
    assert report_counts(text) == (1, 1)
    text = "John Doe, who died at the scene, and his brother were shot."
    assert report_counts(text) == (1, 1)


def test_treated_for_a_graze_wound(report_counts: Any) -> None:
    assert report_counts("John Doe was treated at the scene for a graze wound.") == (0, 1)
    assert report_counts("A man was treated at the scene for a graze wound.") == (0, 1)
    assert report_counts("A woman was treated for a grazing wound to the arm.") == (0, 1)
    # guards: treated for what the shooting did not deal
    assert report_counts("John Doe was treated for shock.") == (0, 0)
    text = "John Doe was treated at the scene for minor injuries from broken glass."
    assert report_counts(text) == (0, 0)


def _read(text: str) -> list[tuple[str, float | None, str | None]]:
    from crosswire.extract.figures_numbers import find_quantities

    return [(text[q.start : q.end], q.value, q.unit) for q in find_quantities(text)]


def _figures(report_figures: Any, raw: str) -> list[tuple[str, Any, str | None]]:
    _, found = report_figures(raw)
    return [(f["text"], f["value"], f["unit"]) for f in found if not f["derived"]]


def test_currencies_by_name() -> None:
    assert _read("The jets cost 9.9 billion yuan.") == [("9.9 billion yuan", 9.9e9, "CNY")]
    assert _read("The yen traded at 92.27 yen to the dollar.") == [("92.27 yen", 92.27, "JPY")]
    assert _read("He was fined 5,000 rupees.") == [("5,000 rupees", 5000.0, "INR")]
    assert _read("It costs 20 euros, or 1 euro a day.") == [
        ("20 euros", 20.0, "EUR"),
        ("1 euro", 1.0, "EUR"),
    ]
    # cents are a unit of their own: which currency's is not said
    assert _read("Profits equate to 26 cents per share.") == [("26 cents", 26.0, "cents")]
    assert _read("It gained fifteen cents a share.") == [("fifteen cents", 15.0, "cents")]


def test_pounds_of_money_or_weight() -> None:
    # a scale word or money words in the sentence: money
    assert _read("EADS won a 13 billion pounds contract.") == [("13 billion pounds", 13e9, "GBP")]
    assert _read("He paid 500 pounds for the car.") == [("500 pounds", 500.0, "GBP")]
    assert _read("It was sold for 400 pounds sterling.") == [("400 pounds sterling", 400.0, "GBP")]
    # guard: a weight
    assert _read("The truck carried 120 pounds of food.") == [("120 pounds", 120.0, "lb")]
    assert _read("The baby weighed 7 pounds.") == [("7 pounds", 7.0, "lb")]


def test_units_glued_to_the_number(report_figures: Any) -> None:
    assert _figures(report_figures, "The iPod comes in a 2GB and a 4GB model.") == [
        ("2GB", 2, "GB"),
        ("4GB", 4, "GB"),
    ]
    assert _figures(report_figures, "It has a 2 GHz chip and 100MB of memory.") == [
        ("2 GHz", 2, "GHz"),
        ("100MB", 100, "MB"),
    ]
    # guards: labels with letters glued on stay out
    assert _figures(report_figures, "The 3D model and the 4K screen were shown.") == []


def test_a_ratio_of_times(report_figures: Any) -> None:
    text = "The new laptops are up to four times faster than their predecessors."
    _, found = report_figures(text)
    ratio = [(f["text"], f["high"], f["unit"], f["hedge"]) for f in found]
    assert ratio == [("up to four times", 4, "times", "up_to")]
    text = "Sales were three times higher than a year before."
    assert _figures(report_figures, text) == [("three times", 3, "times")]
    # guards: a number of occasions is no figure
    assert _figures(report_figures, "He was shot four times.") == []
    assert _figures(report_figures, "The pills are taken three times a day.") == []


def test_a_bare_one_after_a_count(annotator: Any, report_counts: Any) -> None:
    from crosswire.extract.figures_exclude import blocked_spans, exclusion
    from crosswire.extract.figures_numbers import find_quantities

    text = "Two men were found shot. One was dead."
    doc = annotator.nlp(text)
    one = next(q for q in find_quantities(text) if text[q.start : q.end] == "One")
    # one of the people counted when a casualty count ends before it, a pronoun otherwise
    assert exclusion(text, doc, one, blocked_spans(text), [len("Two")]) is None
    assert exclusion(text, doc, one, blocked_spans(text)) == "pronoun"
    assert report_counts("Both men were shot. One was dead.") == (1, 1)
    assert report_counts("Two men were killed. One was 25.") == (2, 0)
