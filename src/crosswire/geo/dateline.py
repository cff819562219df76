"""Datelines left in the text: "SAN ANTONIO - A 14-year-old ...", "SHELBY, N.Y. (WIVB) — ...".

Local news puts where the reporter filed, usually where the thing happened,
at the start of the first paragraph, in capitals, followed by a dash. The
cleaning stage lifts some datelines into ``Article.dateline``; many stay in
the text, after a title, a byline or a photo caption, and spaCy rarely tags
an all-capitals "MERIDIAN" or "GRANITE FALLS" as a place. This module finds
them with one formulaic pattern:

    <paragraph start> NAME IN CAPITALS [, State] [Month D] [(STATION|AGENCY|date)] <dash>

in the first :data:`WINDOW` characters. Only the first match is taken, and
callers check the name resolves in the gazetteer (so "AFTERNOON UPDATE –"
or "WJAX - Jacksonville" headers are not places).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["WINDOW", "TextDateline", "find_text_dateline"]

WINDOW = 1200
"""Characters from the start of the text searched for a dateline."""

_PATTERN = re.compile(
    r"(?:^|\n|(?<=[.!?] )|(?<=[.!?][ \t]{2})|(?<=\d{4} ))"
    r"[ \t]*(?P<name>[A-Z][A-Z.'’]*(?:[ -][A-Z][A-Z.'’]*){0,3})"
    r"(?:,[ \t]*(?P<qual>[A-Z][A-Za-z.]*\.?(?:[ \t][A-Z][A-Za-z.]*\.?)?))?"
    r"(?:[ \t]*,?[ \t]+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?[ \t]+"
    r"\d{1,2}(?:,?[ \t]+\d{4})?)?"
    r"[ \t]*(?:\([^()\n]{1,40}\)[ \t]*)?(?:-{1,3}|[—–•\x97])"
    r"(?=[ \t\n]|[A-Z])"
)
"""The optional date is the agency style's: "KYIV. March 9 (Interfax-Ukraine) -"; the
agency in brackets is part of the dateline, never a place (without a dash after it,
"CHICAGO (WLS) The ..." was tried: on the GVC reports it placed one incident's city
wrong). The dateline opens a paragraph, or follows the
title's closing full stop or a byline's year when the text runs them together on one
line ("... struck by car . ROSWELL - A man", "Reporter March 29, 2009 PATASKALA --");
``\x97`` is a dash decoded as Latin-1 instead of Windows-1252."""
_NOT_NAMES = frozenset(
    ["UPDATE", "UPDATED", "BREAKING", "WATCH", "VIDEO", "PHOTOS", "PHOTO", "MORE", "NEW", "LIVE"]
)


@dataclass(frozen=True, slots=True)
class TextDateline:
    """A dateline in the text: the span of its place name, its qualifier ("N.Y.") and
    ``stop``, where the whole dateline (with station and dash) ends."""

    start: int
    end: int
    name: str
    qualifier: str | None
    stop: int


def find_text_dateline(text: str) -> TextDateline | None:
    """The first capitalised "PLACE[, State] –" paragraph opening near the top, or None."""
    for m in _PATTERN.finditer(text, 0, min(len(text), WINDOW)):
        raw = m["name"]
        words = raw.replace("-", " ").split()
        if not words or any(w.strip(".") in _NOT_NAMES for w in words):
            continue
        if len(raw.replace(".", "").replace(" ", "")) < 3:
            continue
        name = " ".join(w[:1] + w[1:].lower() for w in raw.rstrip(".").split(" "))
        return TextDateline(m.start("name"), m.end("name"), name, m["qual"], m.end())
    return None
