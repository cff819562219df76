"""Words right next to a date that settle its direction before the parse is asked.

The clause's tense (:mod:`time_tense`) is the general rule, but a few
words beside a day or month name decide the matter on their own:

* "until Tuesday" (or "until 9 a.m. Tuesday"), "payable Dec. 7", "effective Feb. 1", "as soon as
  Monday", "as early as next week", "ahead of the weekend" look forward: the day is still to come
  even in a past-tense sentence ("postponed until Tuesday morning",
  "directors authorized a split, payable Dec. 7");
  A past perfect turns "until" round: "until Thursday, they had not called him a suspect" says
  the change came on that day, which is already behind the report;
* a possessive day, "Wednesday's ruling", "Saturday's shooting", names an
  event already known to the reader: it has happened, whatever tense the
  sentence around it takes ("they would look for ways to get around
  Wednesday's ruling").
"""

from __future__ import annotations

import re

__all__ = ["cue_tense"]

_FORWARD = re.compile(
    r"(?i)\b(?:until|till|payable|effective|as\s+soon\s+as|as\s+early\s+as|no\s+later\s+than|"
    r"ahead\s+of)"
    r"\s+(?:(?:on|in|the)\s+)?(?:[01]?\d(?:[:.][0-5]\d)?\s*[ap]\.?m\.?\s*(?:[A-Z]{3}\s+)?|"
    r"(?i:noon|midnight)\s+)?$"
)
_POSSESSIVE = re.compile(r"^['’]s?\b")
_UNTIL = re.compile(r"(?i)\b(?:until|till)\s")
_PAST_PERFECT = re.compile(
    r"(?i)\bhad(?:n['’]t)?\s+(?:(?:not|never|already|long|only|just)\s+)*"
    r"(?:been|[a-z]+(?:ed|en|wn|ne|t))\b"
)


def cue_tense(
    text: str, start: int, end: int, kind: str, sentence: tuple[int, int] | None = None
) -> str | None:
    """``future`` / ``past`` when the words beside ``text[start:end]`` settle it, else None.

    ``sentence`` (its character bounds) lets "until" see a past perfect in its clause.
    """
    before = text[max(0, start - 30) : start]
    if forward := _FORWARD.search(before):
        if (
            sentence is not None
            and _UNTIL.match(forward.group(0))
            and _PAST_PERFECT.search(text[sentence[0] : sentence[1]])
        ):
            return "past"
        return "future"
    if kind == "weekday" and _POSSESSIVE.match(text[end : end + 3]):
        return "past"
    return None
