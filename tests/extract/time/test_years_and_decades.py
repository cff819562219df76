"""Years named with their frame ("the year 2000", "spring 1997", "fiscal 1998") and decades
in words or short form (TimeML normalisation).
"""

from __future__ import annotations

from datetime import date

import pytest

from timex_support import value_of

MAR98 = date(1998, 3, 3)


@pytest.mark.parametrize(
    ("text", "phrase", "value"),
    [
        ("It will happen by the year 2000.", "the year 2000", "2000"),
        ("Computers may fail in the year 2000.", "the year 2000", "2000"),
        ("Sales rose in spring 1997.", "spring 1997", "1997-SP"),
        ("It was built in the summer of 1996.", "the summer of 1996", "1996-SU"),
        ("He left in autumn 1995.", "autumn 1995", "1995-FA"),
        ("Sales rose in fiscal 1998.", "fiscal 1998", "1998"),
    ],
)
def test_a_year_with_its_frame_is_one_expression(text: str, phrase: str, value: str) -> None:
    assert value_of(text, phrase, MAR98) == value


@pytest.mark.parametrize(
    ("text", "phrase", "published", "value"),
    [
        ("Hate groups dropped through the nineties.", "the nineties", MAR98, "199"),
        ("It began in the late eighties.", "the late eighties", MAR98, "198"),
        ("Prices soared in the '90s.", "the '90s", MAR98, "199"),
        ("Prices soared in the '80s.", "the '80s", date(2022, 4, 1), "198"),
        ("Prices soared in the '10s.", "the '10s", date(2022, 4, 1), "201"),
    ],
)
def test_decades_in_words_and_short_form(
    text: str, phrase: str, published: date, value: str
) -> None:
    assert value_of(text, phrase, published) == value
