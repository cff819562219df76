"""Figures that are no casualty counts: currencies by name, pounds of money or weight, units
glued to the number, ratios of times.
"""

from __future__ import annotations

from typing import Any


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
