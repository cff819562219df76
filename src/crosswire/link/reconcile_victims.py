"""Named victims across claimants of one report: a killer's own death counts under each.

Within one report, each claimant's named victims are one observation and
the reconciler keeps the largest, rather than summing them: "police said a
man was killed" and "his family said John Doe died" are usually one person
(summing them was tried twice and over-counted). A killer who shot
themselves is the exception: they are never one of their own victims, so
"the suspect was found dead from a self-inflicted gunshot wound" (told by
no one in particular) adds to the doctor "the hospital said" died, whoever
the claimants are.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

__all__ = ["share_killers"]

Item = Mapping[str, Any]
SELF = "self:killer"


def share_killers(per: MutableMapping[tuple[str, str], list[Any]], members: Sequence[Item]) -> None:
    """Add each report's self-killed killer to its other claimants' named victims, in place.

    ``per`` maps (article, claimant) to that claimant's figures in one
    group. Only claimants who name victims gain the killer: an explicit
    count ("two dead") already says how many died, the killer or not.
    """
    killers = [i for i in members if i.get("derived") and i.get("victim") == SELF]
    for killer in killers:
        article = str(killer["article"])
        for (aid, _), items in per.items():
            if aid != article or any(i is killer for i in items):
                continue
            if any(i.get("derived") for i in items):
                items.append(killer)
