"""Where a temporal expression ends: a bracket, a line break, a full stop after a full month
name.
"""

from __future__ import annotations

from datetime import date

from crosswire.extract.timexes import find_timexes
from timex_support import timexes_by_line

MON = date(2023, 4, 24)  # a Monday


def test_a_bracketed_clock_time_does_not_take_the_weekday_after_the_bracket() -> None:
    text = "The blast occurred at about 10:35 a.m. (0735 GMT) Friday, toppling a building."
    items = find_timexes("a", text, date(1998, 8, 8), [(0, len(text))], lambda s, e: "past")
    by_text = {str(i["text"]): i["value"] for i in items}
    assert by_text["Friday"] == "1998-08-07"
    assert by_text["0735 GMT"] == "1998-08-07T07:35"


def test_a_headline_weekday_does_not_join_the_dateline_below() -> None:
    text = "Russian markets to remain closed until Friday\nSeptember 18, 2008\nTrading stops."
    items = find_timexes("a", text, date(2008, 9, 18), [(0, len(text))], lambda s, e: None)
    assert {str(i["text"]): i["value"] for i in items} == {
        "Friday": "2008-09-19",
        "September 18, 2008": "2008-09-18",
    }


def test_a_full_month_name_does_not_take_the_full_stop() -> None:
    items = timexes_by_line("Killed since 15 April. Seen on 3 Apr. in Khartoum.", MON)
    assert [i["text"] for i in items] == ["15 April", "3 Apr."]
