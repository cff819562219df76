"""A figure told as "a figure": what it counts is what the figure it answers counts.

"The White Helmets put the toll at 2,274. A U.N. official said a higher figure of about
4,300 came from local health authorities": "figure" names no measure of its own; it is a
rival reading of the quantity told just before ("a higher figure", "a figure of N", "the
figure stood at N"), so it takes that figure's measure, what it counts and, when it has
none of its own, its place.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["resolve_figure_anaphora"]

Item = dict[str, Any]

# "a (higher) figure of about", "the figure stood at", "a tally of", "an estimate of", "the
# total should be"
_FIGURE_NOUN = re.compile(
    r"\b(?:figure|tally|estimate|total)\s+"
    r"(?:(?:of|at)|(?:\w+\s+){0,2}(?:at|to|was|is|be|of))\s+$",
    re.IGNORECASE,
)
# a rival party's bare number: "Turkey's count of evacuees is 37,500; the Red Cross gives 25,000"
_GIVES = re.compile(r"\b(?:gives|gave|give)\s+$", re.IGNORECASE)
_PLACE_KEYS = ("place", "place_span", "place_geonameid", "place_inferred")
_SENTENCES_BACK = 2


def resolve_figure_anaphora(doc: Any, text: str, items: list[Item]) -> None:
    """Give each "figure of N" with no measure the measure of the figure it answers."""
    for item in items:
        if item["measure"] is not None or item["derived"]:
            continue
        span = doc.char_span(item["start"], item["end"], alignment_mode="expand")
        if span is None or not len(span):
            continue
        sent = span.sent
        before_it = text[sent.start_char : item["start"]]
        if not _FIGURE_NOUN.search(before_it) and not (
            item["counts"] is None and _GIVES.search(before_it)
        ):
            continue
        first = sent
        for _ in range(_SENTENCES_BACK):
            if first.start == 0:
                break
            prev = doc[first.start - 1].sent
            if "\n" in text[prev.end_char : first.start_char]:
                break  # another paragraph
            first = prev
        before = [
            o
            for o in items
            if o is not item
            and o["measure"] is not None
            and not o["derived"]
            and o["unit"] == item["unit"]
            and first.start_char <= o["start"] < item["start"]
        ]
        if not before:
            continue
        other = max(before, key=lambda o: int(o["start"]))
        item["measure"] = other["measure"]
        item["counts"] = item["counts"] or other["counts"]
        if item["place"] is None:
            for key in _PLACE_KEYS:
                item[key] = other[key]
