"""Vague references to the past: "then current", "years ago" (TimeML normalisation)."""

from __future__ import annotations

from datetime import date

import pytest

from timex_support import value_of

OCT89 = date(1989, 10, 30)  # a Monday

MAR98 = date(1998, 3, 3)


@pytest.mark.parametrize("phrase", ["then current", "then-current"])
def test_then_current_is_past(phrase: str) -> None:
    text = f"Holders may buy shares at half the {phrase} market price."
    assert value_of(text, phrase, OCT89) == "PAST_REF"


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("He left the country years ago.", "years ago", "PAST_REF"),
        ("The mine closed decades ago.", "decades ago", "PAST_REF"),
        ("Just months ago it was losing money.", "months ago", "PAST_REF"),
        ("It was rebuilt a year ago.", "a year ago", "1997"),
        ("Two years ago it was rebuilt.", "Two years ago", "1996"),
    ],
)
def test_ago_without_a_count_is_a_vague_past(text: str, phrase: str, value: str) -> None:
    assert value_of(text, phrase, MAR98) == value
