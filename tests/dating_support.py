"""Test support: incident-dating reports built from plain sentences (no parse needed)."""

from __future__ import annotations

from datetime import date
from typing import Any

from crosswire.extract.events_dating import Report
from crosswire.extract.timexes import find_timexes

__all__ = ["report_from_text"]


def report_from_text(
    rid: str,
    text: str,
    published: date,
    events: list[tuple[str, str]],
    *,
    day_level: bool = False,
) -> Report:
    """A report whose events (type, trigger word) are dated by the timex of their sentence.

    Sentences are split on ". ". With ``day_level`` only a timex naming a day
    (or a part of one, or a clock time) dates an event, as the events extractor
    prefers such a timex over a duration ("two days") in the same sentence.
    """
    sentences = []
    start = 0
    for part in text.split(". "):
        sentences.append((start, start + len(part) + 1))
        start += len(part) + 2
    timexes = find_timexes(rid, text, published, sentences)
    items = []
    for kind, word in events:
        at = text.index(word)
        sent = next(s for s in sentences if s[0] <= at < s[1])
        inside = [
            t
            for t in timexes
            if sent[0] <= t["start"] < sent[1]
            and t["function"] != "PUBLICATION_TIME"
            and (not day_level or t["granularity"] in ("day", "part_of_day", "time"))
        ]
        timex = min(inside, key=lambda t: abs(int(t["start"]) - at), default=None)
        date_info: dict[str, Any] = {"source": "publication", "value": published.isoformat()}
        if timex is not None:
            date_info = {
                "source": "timex",
                "value": timex["value"],
                "granularity": timex["granularity"],
                "text": timex["text"],
                "timex": timex["id"],
                "confidence": 0.9,
            }
        items.append({"type": kind, "text": word, "start": at, "date": date_info})
    return Report(rid, published, items, timexes, text)
