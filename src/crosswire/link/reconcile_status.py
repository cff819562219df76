"""How figures about one quantity relate: intervals, status, the conservative figure.

Every figure is read as the interval its words allow ("more than 400,000"
is [400,000, ∞), "around 100,000" is ±10%, "tens of thousands" is
[20,000, 99,999]). Figures from independent sources whose intervals meet
and whose numbers are the same *corroborate* each other; intervals that
meet with different numbers are *consistent*; figures stated as of
different days that differ have *changed*, unless the latest report's figures
from two claimants do not meet; same-day figures whose intervals do not meet
are *diverging*; a figure a party denies is
*disputed*. Nothing is collapsed: the status describes the group and
every figure stays listed. The conservative figure is what an ACLED-style
coder would record: the lowest credible number in the most recent reports,
with vague words at their floor ("dozens" = 12) and bare ceilings ("up to")
giving no number.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = [
    "STATIC_MEASURES",
    "STATUSES",
    "Observation",
    "best_estimate",
    "conservative",
    "interval",
    "is_denial",
    "is_vague",
    "status_of",
]

STATUSES = ("corroborated", "consistent", "changed", "diverging", "disputed", "single_source")
STATIC_MEASURES = frozenset({"population_prewar", "distance"})
_APPROX = 0.10
_DENIAL = re.compile(
    r"\b(?:denie[sd]|deny|denying|rejects?|rejected|disputes?|disputed|dismisse[sd])\b", re.I
)


@dataclass(frozen=True, slots=True)
class Observation:
    """One figure (or an article's derived victims, summed) as the reconciler sees it."""

    figure_ids: tuple[str, ...]
    article: str
    source: str  # independent-source key: the original article (or wire) behind it
    value: float | None
    low: float | None
    high: float | None
    hedge: str
    as_of: str | None
    caveats: tuple[str, ...]
    claimant: str | None = None


def observation(item: Mapping[str, Any], source: str) -> Observation:
    """An export figure item as an :class:`Observation`."""
    return Observation(
        (str(item["id"]),),
        str(item["article"]),
        source,
        _f(item.get("value")),
        _f(item.get("low")),
        _f(item.get("high")),
        str(item.get("hedge") or "exact"),
        item.get("as_of") if isinstance(item.get("as_of"), str) else None,
        tuple(str(c) for c in item.get("caveats") or ()),
        str(item["claimant"]) if item.get("claimant") else None,
    )


def _f(v: object) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def interval(o: Observation) -> tuple[float, float]:
    """The values an observation's words allow, as a closed interval."""
    if o.value is not None and o.hedge == "approximately":
        return o.value * (1 - _APPROX), o.value * (1 + _APPROX)
    low = o.low if o.low is not None else (o.value if o.hedge not in _CEILINGS else None)
    high = o.high if o.high is not None else (o.value if o.hedge not in _FLOORS else None)
    if o.hedge in _FLOORS:
        high = None
    if o.hedge in _CEILINGS:
        low = None
    lo = low if low is not None else 0.0
    hi = high if high is not None else math.inf
    if o.hedge == "more_than" and lo == (o.value or o.low):
        lo = math.nextafter(lo, math.inf)
    if o.hedge == "fewer_than" and hi == (o.value or o.high):
        hi = math.nextafter(hi, -math.inf)
    return lo, hi


_FLOORS = frozenset({"at_least", "more_than"})
_CEILINGS = frozenset({"up_to", "at_most", "fewer_than"})


def is_denial(caveat: str) -> bool:
    """Does this caveat record a party denying the claim?"""
    return _DENIAL.search(caveat) is not None


def _point(o: Observation) -> tuple[float | None, float | None, float | None, str]:
    return (o.value, o.low, o.high, "approx" if o.hedge == "approximately" else o.hedge)


def status_of(obs: Sequence[Observation], measure: str | None) -> str:
    """The group's status (see module docstring); ``single_source`` for one source."""
    if any(is_denial(c) for o in obs for c in o.caveats):
        return "disputed"
    sources = {o.source for o in obs}
    dates = {o.as_of for o in obs if o.as_of}
    same_words = len({_point(o) for o in obs}) == 1
    if len(dates) > 1 and measure not in STATIC_MEASURES and not same_words:
        # the latest report sets figures from two claimants side by side that do not meet:
        # the count did not just change, it is in dispute now ("2,274" and "about 4,300")
        newest = {o.article for o in obs if o.as_of == max(dates)}
        latest = [o for o in obs if o.article in newest]
        if len({(o.source, o.claimant) for o in latest}) > 1 and max(
            interval(o)[0] for o in latest
        ) > min(interval(o)[1] for o in latest):
            return "diverging"
        return "changed"
    lo = max(interval(o)[0] for o in obs)
    hi = min(interval(o)[1] for o in obs)
    if lo > hi:
        return "diverging"
    if len(sources) < 2:
        return "single_source"
    return "corroborated" if same_words else "consistent"


# vague plurals by their lower bound ("dozens" = 24..99) -> the number a coder records
_VAGUE_FLOOR = {
    24.0: 12.0,
    40.0: 20.0,
    200.0: 100.0,
    2_000.0: 1_000.0,
    20_000.0: 10_000.0,
    200_000.0: 100_000.0,
    2_000_000.0: 1_000_000.0,
}


def is_vague(o: Observation) -> bool:
    """Is this figure a vague plural ("dozens", "thousands"), a range with no number?"""
    return o.value is None and o.hedge == "approximately" and o.low in _VAGUE_FLOOR


def _range_words(o: Observation) -> str:
    low = f"{int(o.low):,}" if o.low is not None else "?"
    high = f"{int(o.high):,}" if o.high is not None else "?"
    return f"{low}–{high}"


def floor_value(o: Observation) -> float | None:
    """The number an ACLED-style coder reads off one figure (None for a bare ceiling)."""
    if o.hedge in _CEILINGS and o.low is None:
        return None
    if o.value is not None:
        return o.value
    if o.low is None:
        return None
    if o.hedge == "approximately" and o.low in _VAGUE_FLOOR:
        return _VAGUE_FLOOR[o.low]  # "dozens": 12, "tens of thousands": 10,000
    return o.low


def conservative(obs: Sequence[Observation], measure: str | None) -> dict[str, Any]:
    """The conservative figure, the reports it rests on, and a plain label saying so."""
    dated = sorted({o.as_of for o in obs if o.as_of})
    pool = list(obs)
    basis = "all reports"
    if dated and measure not in STATIC_MEASURES:
        latest = [o for o in obs if o.as_of == dated[-1]]
        if any(floor_value(o) is not None for o in latest):
            pool, basis = latest, f"reports as of {dated[-1]}"
    values = [(floor_value(o), o) for o in pool]
    usable = [(v, o) for v, o in values if v is not None]
    if not usable:
        return {
            "value": None,
            "as_of": dated[-1] if dated else None,
            "figures": [],
            "label": "Conservative figure (ACLED-style): none, the reports give only ceilings",
        }
    value, chosen = min(usable, key=lambda vo: vo[0])
    shown = int(value) if float(value).is_integer() else value
    # A vague plural is recorded at ACLED's conventional floor, which can sit
    # below the range its words allow ("thousands", 2,000-9,999, is coded
    # 1,000): the label says so, or the number would look made up.
    why = (
        f" (a vague word, {_range_words(chosen)}, coded at ACLED's floor)"
        if is_vague(chosen)
        else ""
    )
    return {
        "value": shown,
        "as_of": chosen.as_of,
        "figures": list(chosen.figure_ids),
        "label": (
            f"Conservative figure (ACLED-style: lowest credible number, {basis}; "
            f"vague words at their floor): {shown:,}{why}"
        ),
    }


def best_estimate(obs: Sequence[Observation], measure: str | None) -> dict[str, Any]:
    """The best single estimate of the quantity now: what the latest reports say.

    Tolls rise as the wounded die and bodies are found, so for a count of one
    incident the latest report's figure is the best estimate (the Gun
    Violence Archive records the final toll); the conservative figure stays
    alongside, labelled. Among the latest reports the value most of them give
    wins, ties to the higher (a later, fuller count); static measures
    (pre-war population) use every report.
    """
    dated = sorted({o.as_of for o in obs if o.as_of})
    pool = list(obs)
    if dated and measure not in STATIC_MEASURES:
        latest = [o for o in obs if o.as_of == dated[-1]]
        if any(floor_value(o) is not None for o in latest):
            pool = _above_floors(latest, obs)
    usable = [(v, o) for o in pool if (v := floor_value(o)) is not None]
    if not usable:
        return {"value": None, "as_of": dated[-1] if dated else None, "figures": [], "label": ""}
    votes: dict[float, int] = {}
    for v, _ in usable:
        votes[v] = votes.get(v, 0) + 1
    value = max(votes, key=lambda v: (votes[v], v))
    chosen = next(o for v, o in usable if v == value)
    ids = [f for v, o in usable if v == value for f in o.figure_ids]
    if is_vague(chosen):
        # "thousands" is a range, never a point: an estimate resting on vague
        # words gives their range and no number (a count built on it would
        # be made up).
        return {
            "value": None,
            "low": int(chosen.low) if chosen.low is not None else None,
            "high": int(chosen.high) if chosen.high is not None else None,
            "as_of": chosen.as_of,
            "figures": ids,
            "label": (
                "Best estimate (latest reports, most often given): "
                f"a range, {_range_words(chosen)}; no report gives a number"
            ),
        }
    shown = int(value) if float(value).is_integer() else value
    return {
        "value": shown,
        "as_of": chosen.as_of,
        "figures": ids,
        "label": f"Best estimate (latest reports, most often given): {shown:,}",
    }


_FLOORS = frozenset({"at_least", "more_than"})


def _above_floors(latest: Sequence[Observation], obs: Sequence[Observation]) -> list[Observation]:
    """The latest reports, unless they give only floors that an earlier report exceeds.

    "A murder-suicide" (at least two dead) a day after "five found dead" says
    less, not that the toll fell: a floor is consistent with the higher
    count, so the higher count (and anything as high) is the estimate.
    """
    floors = [floor_value(o) for o in latest]
    if not all(o.hedge in _FLOORS for o in latest) or any(v is None for v in floors):
        return list(latest)
    top = max(v for v in floors if v is not None)
    higher = [
        o for o in obs if (v := floor_value(o)) is not None and v > top and o.hedge not in _CEILINGS
    ]
    return higher or list(latest)
