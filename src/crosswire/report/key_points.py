"""Key points: what several reports say about the same thing, first.

An analyst opening a situation report wants the contested and the confirmed
before the detail: which numbers changed or are disputed, which operations
went ahead or were stopped. These points are picked from the export (the
reconciliation groups and the tracked operations) by rule, never written
freely, and each names the reports it rests on; the sections below show the
source sentences. Facts carried by one report only stay in their sections:
a key point is where reports meet.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crosswire.report.section_operations import describe

__all__ = ["KeyPoint", "key_points"]

MAX_POINTS = 8
"""Enough to read at a glance; the sections hold the rest."""

#: reconciliation statuses in the order an analyst needs them: conflicts first
_STATUS_ORDER = ("disputed", "diverging", "changed", "consistent", "corroborated")
_STATUS_WORDS = {
    "disputed": "disputed",
    "diverging": "reports diverge",
    "changed": "changed over time",
    "consistent": "consistent",
    "corroborated": "corroborated",
}


@dataclass(frozen=True, slots=True)
class KeyPoint:
    """One line of the key points, with the section (``anchor``) that shows its evidence."""

    text: str
    anchor: str
    reports: tuple[str, ...]


_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}")
"""A step dated to the day; "2023-W17" (last week) would sort after every day."""


def _short(article: object) -> str:
    return str(article)[:8]


def _words(value: object) -> str:
    return str(value or "").replace("_", " ")


def _reconciliation(group: Mapping[str, Any]) -> KeyPoint | None:
    status = str(group.get("status") or "")
    summary = " ".join(str(group.get("summary") or "").split())
    if status not in _STATUS_WORDS or not summary or int(group.get("independent_sources") or 0) < 2:
        return None
    what, _, values = summary.partition(" — ")
    head = what.split(":", 1)[0]
    text = f"{head[:1].upper()}{head[1:]}: {_STATUS_WORDS[status]} — {values or what}"
    reports = tuple(_short(a) for a in group.get("articles") or [])
    return KeyPoint(text, "reconciliation", reports)


def _path(history: Sequence[Mapping[str, Any]]) -> list[str]:
    steps: list[str] = []
    for step in history:
        status = _words(step.get("status"))
        if status and (not steps or steps[-1] != status):
            steps.append(status)
    return steps


def _operation(op: Mapping[str, Any]) -> KeyPoint | None:
    history = [s for s in op.get("status_history") or [] if isinstance(s, Mapping)]
    articles = [str(a) for a in op.get("articles") or []]
    if len(articles) < 2 and len(_path(history)) < 2:
        return None  # one report, one status: the operations section has it
    dates = sorted({str(s.get("date"))[:10] for s in history if _DAY.match(str(s.get("date")))})
    when = ""
    if dates:
        when = f" ({dates[0]})" if dates[0] == dates[-1] else f" ({dates[0]} to {dates[-1]})"
    what = describe(op)
    path = " → ".join(_path(history)) or _words(op.get("status"))
    text = f"{what[:1].upper()}{what[1:]}: {path}{when}"
    return KeyPoint(text, "operations", tuple(_short(a) for a in articles))


def key_points(doc: Mapping[str, Any]) -> tuple[KeyPoint, ...]:
    """The export's key points: reconciliation groups that more than one independent source
    speaks to (conflicts first), then operations followed across reports or through a change
    of status; at most :data:`MAX_POINTS`."""
    groups = [g for g in doc.get("reconciliations") or [] if isinstance(g, Mapping)]
    groups.sort(
        key=lambda g: (
            _STATUS_ORDER.index(g["status"]) if g.get("status") in _STATUS_ORDER else 99,
            -int(g.get("independent_sources") or 0),
            str(g.get("id")),
        )
    )
    points = [p for p in map(_reconciliation, groups) if p is not None]
    ops = [o for o in doc.get("operations") or [] if isinstance(o, Mapping)]
    ops.sort(key=lambda o: (-len(o.get("articles") or []), str(o.get("id"))))
    points += [p for p in map(_operation, ops) if p is not None]
    return tuple(points[:MAX_POINTS])
