"""Where a report is about, as a point, and when two places are too far apart for one story.

Words alone join reports of one *kind* of event: two toddlers shot by accident
in Salina, Kansas and in Milwaukee months apart share nearly every term that
matters ("accidental", "handgun", "discharged", "toddler"). Measured on the
GVC store (436 reports, 207 shootings), 15 stories spanned more than one US
state and held 92 reports. A story is one event or one crisis, and a crisis
has a place: reports whose main places lie more than :data:`FAR_KM` apart do
not join one story, and stories that far apart do not merge.

The pipeline gives a report its focus (:func:`crosswire.link.stories.focus_of`:
the most salient resolved place, when it is a town or a county resolved with
some confidence; a state's or a country's centre is no point to measure a
distance from). Reports with no focus (the engine-only benchmarks, a report
naming no place) are never kept apart by it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from crosswire.clustering.components import Components
from crosswire.clustering.vectors import Vector, add_into, dot

__all__ = ["FAR_KM", "Focus", "all_far", "cell", "distance_km", "place_parts"]

#: Reports whose main places lie farther apart than this tell of different stories.
#: One crisis spans a region -- Mariupol to Zaporizhzhia, where its evacuees went, is
#: ~200 km; the towns of one earthquake lie within ~250 km -- while two shootings in
#: different states are mostly 400 km or more apart.
FAR_KM = 300.0

Focus = tuple[float, float]


def distance_km(a: Focus, b: Focus) -> float:
    """Great-circle distance between two (lat, lon) points."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(min(1.0, math.sqrt(h)))


def cell(point: Focus) -> tuple[int, int]:
    """A ~50 km grid cell: a story keeps one point per cell, not one per report."""
    return (math.floor(point[0] * 2), math.floor(point[1] * 2))


def all_far(points: Iterable[Focus], others: Iterable[Focus], km: float = FAR_KM) -> bool:
    """True when both sides have points and no pair lies within ``km``."""
    mine, theirs = list(points), list(others)
    if not mine or not theirs:
        return False
    return all(distance_km(a, b) > km for a in mine for b in theirs)


def place_parts(
    members: Sequence[str], focus: Mapping[str, Focus | None], sims: Mapping[str, Vector]
) -> list[list[str]]:
    """``members`` cut where their main places fall into groups more than FAR_KM apart.

    Places are linked when within :data:`FAR_KM` of each other (single linkage), so a
    story along a front line stays whole. A place held by one report only does not cut
    the story (a misread place -- "Madrid" for a Texan's surname -- must not split an
    event); such reports, and those with no place, stay with the part whose reports
    they are most alike in words. One part (the usual case) returns ``[members]``.
    """
    placed = [a for a in members if focus.get(a) is not None]
    regions = Components(placed)
    for i, a in enumerate(placed):
        fa = focus[a]
        for b in placed[i + 1 :]:
            fb = focus[b]
            if fa is not None and fb is not None and distance_km(fa, fb) <= FAR_KM:
                regions.union(a, b)
    big = [c for c in regions.groups() if len(c) >= 2]
    if len(big) < 2:
        return [list(members)]
    home = {a: k for k, c in enumerate(big) for a in c}
    parts: list[list[str]] = [[] for _ in big]
    totals: list[Vector] = []
    for c in big:
        total: Vector = {}
        for a in c:
            add_into(total, sims[a])
        totals.append(total)
    for a in members:
        k = home.get(a)
        if k is None:
            k = max(range(len(big)), key=lambda j: (dot(sims[a], totals[j]) / len(big[j]), -j))
        parts[k].append(a)
    return parts
