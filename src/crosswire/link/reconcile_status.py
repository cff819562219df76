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
    "Contesting",
    "Observation",
    "SeriesPoint",
    "Verdict",
    "best_estimate",
    "conservative",
    "interval",
    "is_denial",
    "is_vague",
    "judge",
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
    kind: str = "count"


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
        str(item.get("kind") or "count"),
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
    # "more than 300,000" and "300,000" tell one rounded figure; "more than 12" is not 12
    if o.hedge == "more_than" and lo == (o.value or o.low) and not _round(lo):
        lo = math.nextafter(lo, math.inf)
    if o.hedge == "fewer_than" and hi == (o.value or o.high) and not _round(hi):
        hi = math.nextafter(hi, -math.inf)
    return lo, hi


def _round(value: float) -> bool:
    """A number rounded to thousands (300,000; 5,000): it stands for the numbers near it."""
    return value >= 1000 and float(value).is_integer() and int(value) % 1000 == 0


_FLOORS = frozenset({"at_least", "more_than"})
_CEILINGS = frozenset({"up_to", "at_most", "fewer_than"})
#: ceilings that say "no more than this" against someone else's higher count ("up to" does not)
_DENYING_CEILINGS = frozenset({"at_most", "fewer_than"})


def is_denial(caveat: str) -> bool:
    """Does this caveat record a party denying the claim?"""
    return _DENIAL.search(caveat) is not None


def _point(o: Observation) -> tuple[float | None, float | None, float | None, str]:
    return (o.value, o.low, o.high, "approx" if o.hedge == "approximately" else o.hedge)


@dataclass(frozen=True, slots=True)
class Contesting:
    """A party contesting a group's figure or the account behind it: never one of its sources."""

    party: str | None
    text: str
    article: str
    start: int | None = None
    end: int | None = None
    figure_ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SeriesPoint:
    """The values a group's counts give as of one day (``None``: an earlier, superseded figure)."""

    as_of: str | None
    observations: tuple[Observation, ...]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a group's figures say together: status, the dated series and who contests it."""

    status: str
    direction: str | None
    series: tuple[SeriesPoint, ...]  # latest first
    contesting: tuple[Contesting, ...]


def _number(o: Observation) -> tuple[float | None, float | None, float | None]:
    """The number an observation states, hedges aside ("at least 20" and "20" are one number)."""
    return (o.value, o.low, o.high) if o.value is None else (o.value, None, None)


def _meet(obs: Sequence[Observation]) -> bool:
    return max(interval(o)[0] for o in obs) <= min(interval(o)[1] for o in obs)


def _direction(series: Sequence[SeriesPoint]) -> str | None:
    """``rose``, ``revised_down`` or ``unchanged``, from the oldest point to the latest.

    Only numbers say which way a count went: a vague word or a bare range
    ("thousands", "up to 2,500") at either end gives no direction."""
    levels = [[o.value for o in p.observations] for p in reversed(series)]
    if len(levels) < 2 or None in levels[0] or None in levels[-1]:
        return None
    points = [
        max(v for v in vs if v is not None) for vs in levels if any(v is not None for v in vs)
    ]
    if points[-1] < max(points[:-1]):
        return "revised_down"
    if points[-1] > points[0]:
        return "rose"
    return "unchanged"


def _ceiling_against(latest: Sequence[Observation]) -> list[Observation]:
    """Figures of the latest day denying a higher one: a ceiling ("fewer than 10") none meets."""
    out = []
    for o in latest:
        if o.hedge not in _DENYING_CEILINGS:
            continue
        others = [x for x in latest if x.claimant != o.claimant]
        if others and any(interval(x)[0] > interval(o)[1] for x in others):
            out.append(o)
    return out


def judge(
    obs: Sequence[Observation],
    measure: str | None,
    contests: Sequence[Contesting] = (),
) -> Verdict:
    """The group's verdict (see module docstring).

    ``obs`` are the group's counted observations (projections and partial
    counts are shown beside a group, never judged with it); ``contests`` the
    statements bearing on it. A party's contrary count (a ceiling no other
    figure of the day meets) or a figure from a contesting party is listed as
    contesting, not as a source. A recalled figure without its own day is an
    earlier point of the series."""
    contesting = list(contests)
    told = {c.text for c in contesting}
    contesting += [  # "..., which Russia denies": the figure is contested, not contesting
        Contesting(None, c, o.article)
        for o in obs
        for c in dict.fromkeys(o.caveats)
        if is_denial(c) and not any(c in t for t in told)
    ]
    parties = {c.party for c in contesting if c.party}
    counted = [o for o in obs if not (o.claimant and o.claimant in parties)]
    contesting += [
        Contesting(o.claimant, "", o.article, figure_ids=o.figure_ids)
        for o in obs
        if o not in counted
    ]
    dated = sorted({o.as_of for o in counted if o.as_of})
    latest = [o for o in counted if o.as_of == dated[-1]] if dated else list(counted)
    contrary = _ceiling_against(latest) if len(counted) > 1 else []
    if contrary:
        contesting += [
            Contesting(o.claimant, "", o.article, figure_ids=o.figure_ids) for o in contrary
        ]
        counted = [o for o in counted if o not in contrary]
    series = _series(counted)
    direction = _direction(series)
    if contesting and counted:
        return Verdict("disputed", direction, series, tuple(contesting))
    if not counted:
        return Verdict("single_source", None, series, tuple(contesting))
    sources = {o.source for o in counted}
    same = len({_number(o) for o in counted}) == 1
    steady = direction == "unchanged" and _meet(counted)
    if len(series) > 1 and measure not in STATIC_MEASURES and not same and not steady:
        # a series that ends where it began, every figure within the others' words ("about
        # 300,000", "up to 300,000", "more than 200,000") has not changed: it is consistent
        # the latest report's figures, whatever day each holds for: two claimants there that
        # do not meet ("2,274" and "a higher figure of about 4,300") are in dispute now
        reports = {o.article for o in series[0].observations}
        newest = [o for o in counted if o.article in reports and o.kind != "recalled"]
        if (
            len({(o.source, o.claimant) for o in newest}) > 1
            and not _meet(newest)
            and not (direction == "rose" and _drift(newest))
        ):
            return Verdict("diverging", direction, series, ())
        return Verdict("changed", direction, series, ())
    if not _meet(counted):
        return Verdict("diverging", None, series, ())
    if len(sources) < 2:
        return Verdict("single_source", None, series, ())
    return Verdict("corroborated" if same else "consistent", None, series, ())


#: How far apart the latest reports' counts of a rising toll may lie and still read as the toll
#: moving during the day ("154" at noon, "158" by evening), not as two parties diverging.
_SAME_DAY_DRIFT = 0.1


def _drift(newest: Sequence[Observation]) -> bool:
    """Do the latest reports' numbers lie within :data:`_SAME_DAY_DRIFT` of each other?"""
    values = [o.value for o in newest if o.value is not None]
    if len(values) < 2 or len(values) < len(newest):
        return False
    return min(values) >= (1 - _SAME_DAY_DRIFT) * max(values)


def _series(obs: Sequence[Observation]) -> tuple[SeriesPoint, ...]:
    """Observations by the day they hold for, latest first; undated (superseded) ones last."""
    days: dict[str, list[Observation]] = {}
    superseded: list[Observation] = []
    undated: list[Observation] = []
    for o in obs:
        if o.as_of:
            days.setdefault(o.as_of, []).append(o)
        elif o.kind == "recalled":
            superseded.append(o)
        else:
            undated.append(o)  # told with no day: taken as current, with the latest day
    order = sorted(days, reverse=True)
    points = [SeriesPoint(d, tuple(days[d])) for d in order]
    if undated:
        if points:
            points[0] = SeriesPoint(points[0].as_of, (*points[0].observations, *undated))
        else:
            points.append(SeriesPoint(None, tuple(undated)))
    if superseded:
        points.append(SeriesPoint(None, tuple(superseded)))
    return tuple(points)


def status_of(obs: Sequence[Observation], measure: str | None) -> str:
    """The group's status alone (see :func:`judge`)."""
    return judge(obs, measure).status


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
    alongside, labelled. Among the latest reports the value most independent sources
    give wins, ties to the higher (a later, fuller count); static measures
    (pre-war population) use every report.
    """
    dated = sorted({o.as_of for o in obs if o.as_of})
    if any(not is_vague(o) for o in obs):
        # "scores" in the latest report says less than yesterday's "399": a vague word
        # never ends a series that numbers carry
        dated = sorted({o.as_of for o in obs if o.as_of and not is_vague(o)}) or dated
    pool = list(obs)
    if dated and measure not in STATIC_MEASURES:
        latest = [o for o in obs if o.as_of == dated[-1]]
        if any(floor_value(o) is not None for o in latest):
            pool = _above_floors(latest, obs)
    usable = [(v, o) for o in pool if (v := floor_value(o)) is not None]
    if not usable:
        return {"value": None, "as_of": dated[-1] if dated else None, "figures": [], "label": ""}
    # a vote per independent source: one wire story carried by two outlets is one voice
    voices: dict[float, set[str]] = {}
    for v, o in usable:
        voices.setdefault(v, set()).add(o.source)
    votes = {v: len(who) for v, who in voices.items()}
    value = max(votes, key=lambda v: (votes[v], v))
    if len(votes) > 1 and _rising_through_the_day(pool, obs):
        value = max(votes)  # "154" at noon, "158" by evening: the day's last word is the highest
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


def _rising_through_the_day(pool: Sequence[Observation], obs: Sequence[Observation]) -> bool:
    """Is the latest day's spread a rising toll's drift, not parties disagreeing?

    A toll that rose over the days goes on rising within the last one: reports of
    that day lying within :data:`_SAME_DAY_DRIFT` of each other ("154", then
    "158") were written at different hours, so the highest is the newest word,
    however many outlets still carry the earlier one. Further apart, they are
    claims to weigh, and each independent source keeps one vote."""
    return _direction(_series(obs)) == "rose" and _drift(pool)


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
