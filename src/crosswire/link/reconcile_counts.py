"""One killed and one injured number per incident (or report), from reconciliation groups.

Coders (ACLED, the Gun Violence Archive) record a single killed and a
single injured count per event; the benchmarks compare against exactly
that. This reads it off the reconciliation groups instead of re-deciding:
the best estimate (the latest reports' figure: tolls rise as the wounded
die, and the Gun Violence Archive records the final toll) of the
best-attested killed / injured group — not the ACLED-style conservative
figure, which the groups keep alongside, labelled — with people
"shot" who did not die counted as injured, and named victims where no
number is given. It is a reading of the groups, not a replacement for them:
the report still shows every figure.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from crosswire.link.reconcile_victims import SELF

__all__ = ["TOLL_MEASURES", "casualty_counts", "incident_figures"]

TOLL_MEASURES = frozenset({"killed", "injured", "shot", "casualties", "dead_or_missing"})
"""Measures an incident's killed / injured pair is read from."""
_CASUALTY = TOLL_MEASURES
Item = Mapping[str, Any]


def incident_figures(figures: Sequence[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Figures about the incident itself, not running tallies ("555 killed this year").

    A cumulative figure (the extractor's ``cumulative`` flag: "so far",
    "this year", "in 2015", "homicides") is dropped when the same measure
    has a non-cumulative figure, and a casualty tally is dropped when the
    incident's own casualties are told at all ("27 wounded over an
    eight-hour stretch" beside the one boy killed, or "No one was hurt"
    beside "nine officers shot this year"); a tally that is all there is
    stays.
    """
    own = {f.get("measure") for f in figures if not f.get("cumulative")}
    told = bool(own & _CASUALTY)  # the incident's own victims are counted or named
    # ... or the report says its incident hurt nobody (the extractor's ``incident_unhurt``)
    told = told or any(f.get("incident_unhurt") for f in figures)
    return [
        f
        for f in figures
        if not (
            f.get("cumulative")
            and (f.get("measure") in own or (told and f.get("measure") in _CASUALTY))
        )
    ]


def _value(group: Mapping[str, Any]) -> int | None:
    cons = group.get("best_estimate") or group.get("conservative") or {}
    value = cons.get("value")
    return int(value) if isinstance(value, int | float) else None


def _best(groups: Sequence[Mapping[str, Any]], measure: str) -> Mapping[str, Any] | None:
    """The best-attested group for ``measure`` that has a value."""
    cands = [g for g in groups if g.get("measure") == measure and _value(g) is not None]
    if not cands:
        return None
    return max(cands, key=lambda g: (g.get("independent_sources", 0), len(g.get("figures", ()))))


def _pick(groups: Sequence[Mapping[str, Any]], measure: str) -> int | None:
    """The best estimate of the best-attested group for ``measure``."""
    best = _best(groups, measure)
    return None if best is None else _value(best)


def _shooters_among(
    groups: Sequence[Mapping[str, Any]], figures: Sequence[Item], measure: str
) -> int:
    """How many of the ``measure`` (killed / injured) are the shooter (a suicide, or shot back).

    "A gunman shot two men ... then killed himself" tells three casualties:
    the two men shot are the gunman's victims, and the gunman is not among
    them, so his death must not be taken off the count of the shot, nor his
    wound folded into it ("... a guard shot and wounded the gunman": three shot).
    """
    selves = {str(f.get("id")) for f in figures if f.get("victim") == SELF}
    best = _best(groups, measure)
    if not figures or best is None:
        return 0
    chosen = (best.get("best_estimate") or best.get("conservative") or {}).get("figures", ())
    n = len(selves.intersection(str(f) for f in chosen))
    if measure == "killed" and not n and any(str(f).endswith(":with-killer") for f in chosen):
        n = 1  # "killing one, and then killed himself": the one killed and the killer
    return n


def _died_since(groups: Sequence[Mapping[str, Any]], measure: str) -> bool:
    """Were the ``measure`` victims only described, in reports that tell of no death?

    "A boy was shot in the head" in the first report, "Bobby McCullough ...
    was pronounced dead" in the next: the reports that know of the death
    mention no other wounded, so the wounded victim described earlier is the
    one who died, not a second person.
    """
    mine = [g for g in groups if g.get("measure") == measure]
    killed = [g for g in groups if g.get("measure") == "killed" and _value(g)]
    if not mine or not killed:
        return False
    if any(not str(f).endswith(":victim") for g in mine for f in g.get("figures", ())):
        return False
    told_death = {str(a) for g in killed for a in g.get("articles", ())}
    return not any(str(a) in told_death for g in mine for a in g.get("articles", ()))


def casualty_counts(
    groups: Sequence[Mapping[str, Any]], figures: Sequence[Item] = ()
) -> dict[str, int]:
    """``{"killed": n, "injured": m}`` read from reconciliation groups (0 when none).

    ``figures`` are the figures the groups were built from; given, a killed
    shooter is kept apart from the people reported shot.
    """
    killed = _pick(groups, "killed")
    injured = _pick(groups, "injured")
    if injured and killed and _died_since(groups, "injured"):
        injured = max(0, injured - killed)
    shot = _pick(groups, "shot")
    casualties = _pick(groups, "casualties")
    k = killed or 0
    among = k - _shooters_among(groups, figures, "killed")  # the killed who are among the shot
    if shot is not None and shot > among:
        apart = _shooters_among(groups, figures, "injured") if injured else 0
        injured = max((injured or 0) - apart, shot - among) + apart
    if shot is not None and among and injured and shot > among and injured + among > shot:
        # "two people were wounded ... a double shooting, one killed": the shot are the total,
        # so the wounded who died are not also among the injured
        injured = shot - among
    if injured is None and casualties is not None and casualties > k:
        injured = casualties - k
    floor = _ordinal_floor(figures)
    if floor > k + (injured or 0):
        injured = floor - k  # "Two men were shot. A third victim was grazed": three hurt
    return {"killed": k, "injured": injured or 0}


_ORDINALS = {"second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_ORDINAL = re.compile(r"^an? (second|third|fourth|fifth|sixth)\b", re.IGNORECASE)


def _ordinal_floor(figures: Sequence[Item]) -> int:
    """How many casualties a victim told by ordinal implies ("a third victim": at least three).

    "Two men were shot. A third victim, a 19-year-old woman, was grazed": the
    count says two, the victim told as the third says there were three. Only
    victims the extractor derived (people, told as one person), and only
    "a" / "an" ("the third victim" re-mentions one counted before).
    """
    floor = 0
    for f in figures:
        if not f.get("derived") or f.get("victim") == SELF:
            continue
        m = _ORDINAL.match(str(f.get("counts") or ""))
        if m:
            floor = max(floor, _ORDINALS[m.group(1).lower()])
    return floor
