"""Tolls broken down by place in a gapped list: "Mexico City has 93 dead, Morelos 69, Puebla 43".

A toll given per state or province is often written once and then continued with the
verb and the noun left out: each ", <place> <number>" after the first figure is that
place's count of the same thing. Read word by word, "Puebla 43" looks like a date and
"the State of Mexico 13" like a name, so the numbers are either dropped or left with no
measure, and the per-place tolls an analyst tracks (one state's dead rising from 42 to
74) vanish. This reads such lists: after a figure with a measure, each continuing item
made of a place the gazetteer resolved and a number (nothing else but "the" and an
administrative noun such as "state") is a figure of the first one's measure and counted
noun, at that place.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from crosswire.extract.figures_numbers import Quantity, find_quantities

__all__ = ["GappedPart", "gapped_parts"]

_ADMIN = r"(?:state|province|region|department|governorate|prefecture|district|county|oblast)"
_JOINER = re.compile(r"(?<!\s)\s*,\s*(?:and\s+)?|(?<!\s)\s+and\s+")
_THE = re.compile(r"(?:the|neighbou?ring)\s+", re.IGNORECASE)
_ADMIN_RE = re.compile(rf"(?<!\s)\s+{_ADMIN}\b", re.IGNORECASE)
_GAP = re.compile(r"\s+")
_STOP = re.compile(r"[.;]\s|\n")


@dataclass(frozen=True, slots=True)
class GappedPart:
    """One continuing item: its number, the place it is for, and the figure it continues."""

    quantity: Quantity
    place: Mapping[str, Any]
    source: int


_OF_ADMIN = re.compile(rf"{_ADMIN}\s+of\s+", re.IGNORECASE)
_TRAILING_NUMBER = re.compile(r"(?<![\s\d,.])\s+\d[\d,.]*$")
_NAME = re.compile(r"[A-Z][\w'-]+(?:\s+(?:of\s+)?[A-Z][\w'-]+){0,2}")


def _place_at(text: str, places: Sequence[Mapping[str, Any]], at: int) -> Mapping[str, Any] | None:
    """The place named at ``at``: a resolved mention, else a gazetteer name the tagger read as
    something else ("Puebla 43" as a date, "the State of Mexico 13" as a name)."""
    found = next((p for p in places if int(p["start"]) == at and not p.get("metonymic")), None)
    if found is not None:
        tail = _TRAILING_NUMBER.search(text, at, int(found["end"]))
        if tail is None:
            return found
        # the tagger took the number into the name ("State of Mexico 13"): the name alone
        cut = text[at : tail.start()]
        return {"start": at, "end": tail.start(), "name": cut, "text": cut}
    from crosswire.annotate.places import is_place_name

    name = _NAME.match(text, at)
    if name is None:
        return None
    words = name.group(0)
    of_admin = _OF_ADMIN.match(words)  # "State of Mexico", "Province of Buenos Aires"
    if not is_place_name(words) and not (of_admin and is_place_name(words[of_admin.end() :])):
        return None
    return {"start": at, "end": name.end(), "name": words, "text": words}


def gapped_parts(
    text: str,
    items: Sequence[Mapping[str, Any]],
    places: Sequence[Mapping[str, Any]],
    measures: frozenset[str],
) -> list[GappedPart]:
    """The continuing items of every gapped list that follows a figure of one of ``measures``.

    A list never runs past a full stop or a line break (the parser's sentences are not
    used: it often ends one inside such a list). Each item must be, exactly, an optional
    "the", a place, an optional administrative noun, then one number; the first item that
    is not ends the list.
    """
    out: list[GappedPart] = []
    taken: set[int] = set()
    for index, item in enumerate(items):
        if item.get("measure") not in measures or item.get("value") is None:
            continue
        at = int(item["end"])
        stop = _STOP.search(text, at)
        limit = stop.start() if stop else len(text)
        # the head figure's own noun ("93 dead"): the list continues after it
        rest = re.match(r"\s+[a-z]+(?:\s+[a-z]+)?", text[at:limit])
        if rest and not _JOINER.match(text, at):
            at += rest.end()
        while at < limit:
            joined = _JOINER.match(text, at)
            if joined is None:
                break
            pos = joined.end()
            place = _place_at(text, places, pos)
            the = _THE.match(text, pos)
            if place is None and the:
                place = _place_at(text, places, the.end())
            if place is None:
                break
            pos = int(place["end"])
            admin = _ADMIN_RE.match(text, pos)
            if admin:
                pos = admin.end()
            gap = _GAP.match(text, pos)
            if gap is None:
                break
            pos = gap.end()
            word = re.match(r"[\w,.-]+", text[pos:limit])
            if word is None:
                break
            token = word.group(0).rstrip(",.")
            found = find_quantities(token)
            if len(found) != 1 or found[0].start != 0 or found[0].end != len(token):
                break
            q = found[0]
            shifted = replace(
                q,
                start=q.start + pos,
                end=q.end + pos,
                num_start=q.num_start + pos,
                num_end=q.num_end + pos,
            )
            if shifted.start not in taken:
                taken.add(shifted.start)
                out.append(GappedPart(shifted, place, index))
            at = shifted.end
    return out
