"""Key points: the lines an analyst would write first about each story.

An analyst opening a situation report wants, per story, the latest
best-supported toll of each incident (its value, hedge, who gives it, as of
when, and whether it rose or was revised down), then who contests it or where
parties diverge, then the operations that went ahead or were stopped. These
points are picked from the export (reconciliation groups and tracked
operations) by rule, never written freely; each names the group or operation
it rests on (``ref``) and the reports behind it, and the sections below show
the source sentences.

What stays out: distances and vehicles (the operations carry those), a
group whose figures are all running totals of a wider war or vague words
with no number, and a single source's figure for anything but a toll.
Populations (pre-war, remaining in a city) are context: shown only when
several sources speak to them and room is left.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from crosswire.link.quantities import POPULATION_MEASURES
from crosswire.link.reconciliations import format_figure
from crosswire.report.section_operations import describe

__all__ = ["MAX_POINTS", "KeyPoint", "key_points"]

MAX_POINTS = 8
"""Per story: enough to read at a glance; the sections hold the rest."""

#: Measures whose groups can lead a story, most important first (a toll before the displaced).
_TIERS: Mapping[str, int] = {
    "killed": 0,
    "casualties": 0,
    "dead_or_missing": 0,
    "cases": 0,
    "injured": 1,
    "missing": 1,
    "shot": 1,
    "displaced": 2,
    "evacuated": 2,
    "population_remaining": 2,
    "detained": 2,
    "sheltering": 3,
    "rescued": 2,
    "aid_quantity": 3,
}
#: Measures shown only as context, when several sources speak to them.
_CONTEXT = frozenset({"population_prewar", "population", "territory_controlled"})
#: Operations sit between the tolls and the rest.
_OPERATION_RANK = 1.5
_STATUS_RANK = {
    "disputed": 0,
    "diverging": 1,
    "changed": 2,
    "corroborated": 3,
    "consistent": 4,
    "single_source": 5,
}
_TREND = {"rose": "rose", "revised_down": "revised down"}


@dataclass(frozen=True, slots=True)
class KeyPoint:
    """One line of the key points, with the section (``anchor``) that shows its evidence,
    the group or operation it rests on (``ref``) and its story."""

    text: str
    anchor: str
    reports: tuple[str, ...]
    ref: str = ""
    story: str | None = None


_DAY = re.compile(r"^\d{4}-\d{2}-\d{2}")
"""A step dated to the day; "2023-W17" (last week) would sort after every day."""


def _short(article: object) -> str:
    return str(article)[:8]


def _words(value: object) -> str:
    return str(value or "").replace("_", " ")


def _said(figure: Mapping[str, Any] | None) -> str:
    """A figure with who gives it and as of when: "42 people (MSF, as of 2015-10-12)"."""
    if figure is None:
        return ""
    who = [str(figure["claimant"])] if figure.get("claimant") else []
    if figure.get("as_of"):
        who.append(f"as of {figure['as_of']}")
    return format_figure(figure) + (f" ({', '.join(who)})" if who else "")


def _head(group: Mapping[str, Any]) -> str:
    what = _words(group.get("measure"))
    if _part(group):
        what = f"{what} ({group['counts']})"  # "Killed (civilians) in Myanmar", never a total
    where = f" in {group['place']}" if group.get("place") else ""
    text = f"{what}{where}"
    return text[:1].upper() + text[1:]


def _latest(group: Mapping[str, Any], figures: Mapping[str, Mapping[str, Any]]) -> Any:
    best = group.get("best_estimate") or {}
    ids = [str(f) for f in best.get("figures") or ()]
    chosen = [figures[f] for f in ids if f in figures]
    return max(chosen, key=lambda f: str(f.get("as_of") or "")) if chosen else None


def _earliest(group: Mapping[str, Any], figures: Mapping[str, Mapping[str, Any]]) -> Any:
    """The figure a change is told from: the oldest, or for a count revised down the highest
    earlier one (87,000 → 670,000 → 421,000 was revised down from 670,000, not from 87,000)."""
    series = [p for p in group.get("series") or () if isinstance(p, Mapping)]
    if len(series) < 2:
        return None
    if group.get("direction") == "revised_down":
        earlier = [
            figures[str(f)]
            for p in series[1:]
            for f in p.get("figures") or ()
            if str(f) in figures and isinstance(figures[str(f)].get("value"), int | float)
        ]
        if earlier:
            return max(earlier, key=lambda f: float(f["value"]))
    oldest = [figures[str(f)] for f in series[-1].get("figures") or () if str(f) in figures]
    return oldest[0] if oldest else None


def _values(group: Mapping[str, Any], figures: Mapping[str, Mapping[str, Any]]) -> str:
    """Every distinct figure of a group, oldest first, with who gives it and as of when."""
    members = [figures[str(f)] for f in group.get("figures") or () if str(f) in figures]
    if not members:
        summary = " ".join(str(group.get("summary") or "").split())
        return summary.partition(" — ")[2].rstrip(".")
    members.sort(key=lambda f: str(f.get("as_of") or ""))
    return "; ".join(dict.fromkeys(_said(f) for f in members))


def _reconciliation(
    group: Mapping[str, Any], figures: Mapping[str, Mapping[str, Any]]
) -> KeyPoint | None:
    status = str(group.get("status") or "")
    measure = str(group.get("measure") or "")
    sources = int(group.get("independent_sources") or 0)
    if status not in _STATUS_RANK or (measure not in _TIERS and measure not in _CONTEXT):
        return None
    if measure in _CONTEXT and sources < 2:
        return None
    latest = _latest(group, figures)
    members = [figures[str(f)] for f in group.get("figures") or () if str(f) in figures]
    if members and all(m.get("cumulative") for m in members):
        return None  # a running total of a wider war: context for the incidents, not a point
    best = (group.get("best_estimate") or {}).get("value")
    if status == "single_source" and (latest is None or best is None):
        return None  # one report's vague word, or a bare range
    if sources < 2 and (_TIERS.get(measure, 9) > 1 or _part(group)):
        return None  # anything but a whole toll, told by one source
    reports = tuple(_short(a) for a in group.get("articles") or [])
    head = _head(group)
    if latest is None:
        text = f"{head}: {_words(status)} — {_values(group, figures)}"
        text = f"Context: {text}" if measure in _CONTEXT else text
        return KeyPoint(text, "reconciliation", reports, str(group.get("id") or ""))
    trend = _TREND.get(str(group.get("direction") or ""))
    earliest = _earliest(group, figures)
    if status == "disputed":
        parties = sorted(
            {str(c["party"]) for c in group.get("contested_by") or () if c.get("party")}
        )
        by = f" by {', '.join(parties)}" if parties else ""
        text = f"{head}: disputed{by} — {_values(group, figures)}"
    elif status == "diverging":
        text = f"{head}: reports diverge — {_values(group, figures)}"
    else:
        text = f"{head}: {_said(latest)}"
        if status == "changed":
            since = _said(earliest) if earliest else ""
            # "changed from hundreds" beside "hundreds" tells the reader nothing changed
            moved = since and format_figure(earliest) != format_figure(latest)
            text += f", {trend or 'changed'} from {since}" if moved else ", changed"
        elif status == "corroborated":
            text += f"; corroborated by {sources} independent sources"
        elif status == "consistent":
            text += f"; consistent across {sources} sources — {_values(group, figures)}"
        else:
            text += "; one source"
    if measure in _CONTEXT:
        text = f"Context: {text}"
    return KeyPoint(text, "reconciliation", reports, str(group.get("id") or ""))


def _part(group: Mapping[str, Any]) -> bool:
    """A group counting one class of the dead or moved (civilians, children, staff)
    beside the whole: a detail of the toll, ranked after it and shown as that class."""
    return bool(group.get("counts")) and group.get("measure") in POPULATION_MEASURES


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
    return KeyPoint(text, "operations", tuple(_short(a) for a in articles), str(op.get("id")))


def _rank_group(group: Mapping[str, Any]) -> tuple[float, int, str]:
    measure = str(group.get("measure") or "")
    status = str(group.get("status") or "")
    tier = float(_TIERS.get(measure, 5 if measure in _CONTEXT else 9))
    if status in ("disputed", "diverging") and tier > 0:
        tier -= 0.75  # a contested count of the injured before an uncontested displacement
    if _part(group):
        tier += 0.5  # the civilians among the dead after the dead
    rank = tier + _STATUS_RANK.get(status, 9) / 10
    return rank, -int(group.get("independent_sources") or 0), str(group.get("id"))


def _story_of(articles: Sequence[object], story_of: Mapping[str, str]) -> str | None:
    votes = Counter(story_of[str(a)] for a in articles if str(a) in story_of)
    return votes.most_common(1)[0][0] if votes else None


def key_points(doc: Mapping[str, Any]) -> tuple[KeyPoint, ...]:
    """The export's key points: per story (largest first), at most :data:`MAX_POINTS`,
    tolls first, then contested and diverging counts, operations followed across reports
    or through a change of status, and context."""
    figures = {
        str(f["id"]): f
        for f in doc.get("figures") or []
        if (type(f) is dict or isinstance(f, Mapping)) and "id" in f
    }
    stories = [s for s in doc.get("stories") or [] if isinstance(s, Mapping)]
    story_of = {str(a): str(s["id"]) for s in stories for a in s.get("articles") or ()}
    ranked: dict[str | None, list[tuple[tuple[float, int, str], KeyPoint]]] = defaultdict(list)
    for group in doc.get("reconciliations") or []:
        if not isinstance(group, Mapping):
            continue
        point = _reconciliation(group, figures)
        if point is not None:
            story = _story_of(group.get("articles") or (), story_of)
            ranked[story].append((_rank_group(group), _with_story(point, story)))
    for op in doc.get("operations") or []:
        if not isinstance(op, Mapping):
            continue
        point = _operation(op)
        if point is not None:
            story = _story_of(op.get("articles") or (), story_of)
            rank = (_OPERATION_RANK, -len(op.get("articles") or []), str(op.get("id")))
            ranked[story].append((rank, _with_story(point, story)))
    for story, points in ranked.items():
        ranked[story] = _drop_lone_sources(points, doc)
    size = Counter(story_of.values())
    order = sorted(ranked, key=lambda s: (-size.get(s or "", 0), str(s)))
    out: list[KeyPoint] = []
    for story in order:
        out += [p for _, p in sorted(ranked[story], key=lambda rp: rp[0])[:MAX_POINTS]]
    return tuple(out)


def _drop_lone_sources(
    points: list[tuple[tuple[float, int, str], KeyPoint]], doc: Mapping[str, Any]
) -> list[tuple[tuple[float, int, str], KeyPoint]]:
    """A toll told once stays out where several sources speak to that measure elsewhere in
    the story ("at least one killed in Kyiv" beside Mariupol's disputed toll)."""
    groups = {
        str(g.get("id")): g for g in doc.get("reconciliations") or [] if isinstance(g, Mapping)
    }
    shared = {
        str(groups[p.ref].get("measure"))
        for _, p in points
        if p.ref in groups and int(groups[p.ref].get("independent_sources") or 0) > 1
    }
    return [
        (r, p)
        for r, p in points
        if p.ref not in groups
        or groups[p.ref].get("status") != "single_source"
        or str(groups[p.ref].get("measure")) not in shared
    ]


def _with_story(point: KeyPoint, story: str | None) -> KeyPoint:
    return KeyPoint(point.text, point.anchor, point.reports, point.ref, story)
