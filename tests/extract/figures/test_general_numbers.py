"""Numbers outside victim counts: decimals, currencies, shares and pairs of figures.

Found by measuring general figure extraction against MEANTIME's VALUE
markables (``bench/meantime_values.py``): decimals were read as gun calibres,
"9% or 998.50 points" as one range, "AU$52.5 million" not at all, "about half
of" and "billions of" not at all, and "Boeing 737" / "FTSE 100" as counts.
The sentences here are written for the tests, not copied from the corpus.
"""

from __future__ import annotations

from typing import Any

from crosswire.extract.figures_exclude import blocked_spans
from crosswire.extract.figures_numbers import find_quantities


def _q(text: str) -> list[tuple[str, float | None, float | None, float | None, str | None, str]]:
    return [
        (text[q.start : q.end], q.value, q.low, q.high, q.unit, q.hedge)
        for q in find_quantities(text)
    ]


def test_decimals_are_not_calibres() -> None:
    text = "The index fell 2.36% to 4,907.20, after losing 118.40 points."
    assert [r for _, _, r in blocked_spans(text) if r == "calibre"] == []
    gun = "He fired a .38 revolver."
    assert any(r == "calibre" for _, _, r in blocked_spans(gun))


def test_a_unit_on_the_first_number_only_makes_two_figures() -> None:
    assert _q("a drop of 9% or 998.50 points") == [
        ("9%", 9.0, 9.0, 9.0, "%", "exact"),
        ("998.50", 998.5, 998.5, 998.5, None, "exact"),
    ]
    # still a range when the unit closes it, or both halves carry it
    assert _q("between 5 and 10%")[0][2:5] == (5.0, 10.0, "%")
    assert _q("55 per cent to 60 per cent")[0][2:5] == (55.0, 60.0, "%")


def test_the_second_of_two_listed_numbers_is_read_too() -> None:
    assert [(t, u) for t, _, _, _, u, _ in _q("priced at $199 and $249 respectively")] == [
        ("$199", "USD"),
        ("$249", "USD"),
    ]
    assert [t for t, *_ in _q("holding 500 and 1,000 songs")] == ["500", "1,000"]
    assert [v for _, v, *_ in _q("killed 102 and 21 people respectively")] == [102.0, 21.0]


def test_dollar_currencies_with_a_country_prefix() -> None:
    got = _q("a AU$52.5 million (US$40.4 million) grant and C$7 billion in loans")
    assert [(t, v, u) for t, v, _, _, u, _ in got] == [
        ("AU$52.5 million", 52_500_000.0, "AUD"),
        ("US$40.4 million", 40_400_000.0, "USD"),
        ("C$7 billion", 7_000_000_000.0, "CAD"),
    ]


def test_shares_are_percentages() -> None:
    assert _q("About half of those cuts") == [
        ("About half", 50.0, 50.0, 50.0, "%", "approximately")
    ]
    assert _q("it will close 789, or about a quarter, of its dealers")[1] == (
        "about a quarter",
        25.0,
        25.0,
        25.0,
        "%",
        "approximately",
    )
    assert _q("more than two-thirds of the city") == [
        ("more than two-thirds", 66.67, 66.67, None, "%", "more_than")
    ]
    assert _q("a gain of half a percent") == [("half a percent", 0.5, 0.5, 0.5, "%", "exact")]
    # parts of a period, a game or an hour are not shares
    assert _q("in the first half of the season") == []
    assert _q("a quarter of an hour later") == []
    assert _q("the third quarter of the year") == []


def test_billions_is_a_range() -> None:
    assert _q("billions of dollars") == [
        ("billions", None, 2_000_000_000.0, 9_999_999_999.0, None, "approximately")
    ]
    assert _q("tens of billions")[0][2:4] == (20_000_000_000.0, 99_999_999_999.0)


def test_model_and_index_numbers_are_not_figures(report_figures: Any) -> None:
    text, items = report_figures(
        "Orders for the iPhone 4 rose as the FTSE 100 fell 2.36%. "
        "In Ohio 3 people were hurt. Ryanair bought five Boeing 737 aircraft."
    )
    found = [text[i["start"] : i["end"]] for i in items if not i["derived"]]
    assert "2.36%" in found and "five" in found and "3" in found
    assert "4" not in found and "100" not in found


def test_a_share_of_victims_is_not_a_victim_count(report_figures: Any) -> None:
    text, items = report_figures("Two men were shot on Main Street. Half of them died later.")
    half = [i for i in items if text[i["start"] : i["end"]] == "Half"]
    assert half and half[0]["unit"] == "%" and half[0]["measure"] is None
    assert not any(i["measure"] == "killed" and i["value"] == 50 for i in items)


def test_a_tally_that_passes_or_nears_a_number_is_hedged() -> None:
    # Headlines state tallies by their verb: "passes", "tops", "exceeds" say more than,
    # "nears" says about; the verb stays out of the figure's span.
    assert _q("Death toll passes 11,000 as anger grows") == [
        ("11,000", 11000.0, 11000.0, None, None, "more_than")
    ]
    assert _q("Quake toll tops 35,000")[0][1:] == (35000.0, 35000.0, None, None, "more_than")
    assert _q("the number of refugees exceeded 100,000")[0][5] == "more_than"
    assert _q("the toll climbed past 2,000 on Friday")[0][5] == "more_than"
    assert _q("Flood deaths near 1,000")[0][5] == "approximately"
    # not a hedge: a past span of time, an object handed on
    assert [q[5] for q in _q("in the past 24 hours")] in ([], ["exact"])
    assert _q("He passes 3 bags to the driver")[0][5] == "exact"
