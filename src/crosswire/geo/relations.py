"""Spatial relations around a place mention, kept rather than flattened.

"Berdyansk, a Russian-held city about 85km from Mariupol" does not put
anything *in* Mariupol; "villages on the outskirts of Kyiv" are not Kyiv;
"the city on Ukraine's south-east coast" is a part of Ukraine. Flattening
each of these to the anchor's coordinates is how geocoders misplace events,
so the mention keeps its anchor's coordinates *and* a relation saying how
the thing talked about relates to that anchor:

* ``{"type": "distance", "km": 85.0, "anchor": "Mariupol"}`` (plus
  ``"direction"`` for "30 miles north of");
* ``{"type": "outskirts", "anchor": "Kyiv"}`` (outskirts, suburbs, edge);
* ``{"type": "near", "anchor": "Kyiv"}`` (near, outside, around, close to);
* ``{"type": "direction", "direction": "north", "anchor": "Kyiv"}`` ("north of Kyiv");
* ``{"type": "part", "direction": "south-east", "part": "coast", "anchor": "Ukraine"}``
  ("Ukraine's south-east coast", "eastern Ukraine").

Plain regular expressions over the cleaned text next to the mention: these
phrasings are formulaic, and the parse is not needed.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["find_relation", "normalise_direction"]

_DIR = (
    r"(?:north|south)[- ]?(?:east|west)(?:ern)?|(?:north|south|east|west)(?:ern)?"
    r"|central|centre|center"
)
_KM_PER = {"km": 1.0, "kilometre": 1.0, "kilometer": 1.0, "mile": 1.609344, "mi": 1.609344}
_DISTANCE = re.compile(
    rf"(?P<num>\d+(?:[.,]\d+)?)\s*-?\s*(?P<unit>km|kilomet(?:re|er)s?|miles?|mi)\b"
    rf"(?:\s*\([^)]{{0,20}}\))?\s+(?:\((?:about|some)\)\s+)?"
    rf"(?:(?P<dir>{_DIR})\s+)?(?:from|of|outside|away\s+from)\s+(?:the\s+(?:city\s+of\s+)?)?$",
    re.IGNORECASE,
)
_OUTSKIRTS = re.compile(
    r"\b(?:outskirts|suburbs|edges?|environs|periphery|vicinity)\s+of\s+(?:the\s+)?$", re.I
)
_NEAR = re.compile(r"\b(?:near|nearby|outside|around|close\s+to|next\s+to)\s+(?:the\s+)?$", re.I)
_DIRECTION_OF = re.compile(rf"\b(?P<dir>{_DIR})\s+of\s+(?:the\s+)?$", re.IGNORECASE)
_PART_BEFORE = re.compile(rf"\b(?P<dir>{_DIR})\s+$", re.IGNORECASE)
_PART_AFTER = re.compile(
    rf"^(?:'s|’s)\s+(?:(?P<dir>{_DIR})\s+)?(?P<part>coast|coastline|border|borders|region|part|"
    r"flank|front|frontier|outskirts|suburbs|edge)\b",
    re.IGNORECASE,
)
_WINDOW = 80


def normalise_direction(word: str) -> str:
    """ "South-eastern", "southeast", "south east" -> "south-east"; "central" -> "centre"."""
    w = word.lower().replace(" ", "-")
    w = w.removesuffix("ern") if w not in ("central",) else "centre"
    if w in ("center",):
        return "centre"
    for a in ("north", "south"):
        for b in ("east", "west"):
            if w in (a + b, f"{a}-{b}"):
                return f"{a}-{b}"
    return w


def find_relation(text: str, start: int, end: int, anchor: str) -> dict[str, Any] | None:
    """The relation the words around ``text[start:end]`` put on it, or None (see module doc)."""
    before = text[max(0, start - _WINDOW) : start]
    after = text[end : end + _WINDOW]
    m = _DISTANCE.search(before)
    if m:
        unit = m["unit"].lower().rstrip("s")
        factor = _KM_PER.get(unit) or _KM_PER.get(unit[:4], 1.0)
        km = round(float(m["num"].replace(",", "")) * factor, 1)
        rel: dict[str, Any] = {"type": "distance", "km": km, "anchor": anchor}
        if m["dir"]:
            rel["direction"] = normalise_direction(m["dir"])
        return rel
    after_m = _PART_AFTER.match(after)
    if after_m:
        part = after_m["part"].lower()
        if part in ("outskirts", "suburbs", "edge"):
            return {"type": "outskirts", "anchor": anchor}
        rel = {"type": "part", "part": part, "anchor": anchor}
        if after_m["dir"]:
            rel["direction"] = normalise_direction(after_m["dir"])
        return rel
    if _OUTSKIRTS.search(before):
        return {"type": "outskirts", "anchor": anchor}
    m = _DIRECTION_OF.search(before)
    if m:
        return {"type": "direction", "direction": normalise_direction(m["dir"]), "anchor": anchor}
    if _NEAR.search(before):
        return {"type": "near", "anchor": anchor}
    m = _PART_BEFORE.search(before)
    if m and m["dir"].lower().endswith(("ern", "central")):
        return {"type": "part", "direction": normalise_direction(m["dir"]), "anchor": anchor}
    return None
