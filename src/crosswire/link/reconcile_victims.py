"""Named victims across claimants of one report: people named apart are added up.

Within one report, each claimant's victims are one observation and the
reconciler keeps the largest. "Police said a man was killed" and "his
family said John Doe died" are usually one person, so descriptions are not
added across claimants. Two cases are added:

- a killer who shot themselves is never one of their own victims, so "the
  suspect was found dead from a self-inflicted gunshot wound" (told by no
  one in particular) adds to the doctor "the hospital said" died;
- victims named by full name under one claimant are added to the named
  victims of another ("Quintonio LeGrier was fatally shot, police said ...
  Bettie Jones was also killed, according to the lawsuit"): the extractor
  has already folded re-mentions of one person into one name (surnames,
  nicknames), and keeps weekdays, relatives' points of reference and people
  said to be alive out of the victims, so distinct full names are distinct
  people;
- victims the extractor marked ``apart`` (told as one more person: "a man"
  under the police, "his sister was also killed" under relatives) are added
  to the other claimants' victims.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping, Sequence
from typing import Any

#: Figures per (article, claimant, recalled?) in one reconciliation group.
PerClaimant = tuple[str, str, bool]

__all__ = ["SELF", "share_apart", "share_killers", "share_named"]

Item = Mapping[str, Any]
SELF = "self:killer"


def share_killers(per: MutableMapping[PerClaimant, list[Any]], members: Sequence[Item]) -> None:
    """Add each report's self-killed killer to its other claimants' named victims, in place.

    ``per`` maps (article, claimant) to that claimant's figures in one
    group. Only claimants who name victims gain the killer: an explicit
    count ("two dead") already says how many died, the killer or not.
    """
    killers = [i for i in members if i.get("derived") and i.get("victim") == SELF]
    for killer in killers:
        article = str(killer["article"])
        for (aid, *_), items in per.items():
            if aid != article or any(i is killer for i in items):
                continue
            if any(i.get("derived") for i in items):
                items.append(killer)


def share_named(per: MutableMapping[PerClaimant, list[Any]]) -> None:
    """Add to each claimant's named victims the people other claimants of the report name.

    The report's victims were already told apart across the whole text
    (:mod:`~crosswire.extract.figures_victims`), so a victim named under
    one claimant ("John Doe died, his family said") and another named under
    a second ("police identified the other man as Jim Roe") are two people.
    Only full names (given name and surname) are shared, and only with
    claimants whose own victims are all named: a description or a surname
    alone may be a re-mention the text never tied to a name.
    """
    named: dict[str, list[Any]] = {}
    for (aid, *_), items in per.items():
        for i in items:
            key = str(i.get("victim") or "")
            if i.get("derived") and key.startswith("name:") and "/" in key:
                named.setdefault(aid, []).append(i)
    for (aid, *_), items in per.items():
        derived = [i for i in items if i.get("derived")]
        if not derived or not all(str(i.get("victim")).startswith("name:") for i in derived):
            continue  # a description may be the very person another claimant names
        have = {str(i.get("victim")) for i in derived}
        for other in named.get(aid, ()):
            if str(other.get("victim")) not in have:
                items.append(other)
                have.add(str(other.get("victim")))


def share_apart(per: MutableMapping[PerClaimant, list[Any]]) -> None:
    """Add to each claimant's victims the victims other claimants tell that are ``apart``.

    Such a victim can be no one else the report tells of (the report told
    them as one more person: "also"), so they are a person beside each
    claimant's own. Only claimants whose
    figures are all victims gain them: an explicit count ("two dead") says
    how many that claimant knows of.
    """
    apart: dict[str, list[Any]] = {}
    for (aid, *_), items in per.items():
        apart.setdefault(aid, []).extend(i for i in items if i.get("derived") and i.get("apart"))
    for (aid, *_), items in per.items():
        if not items or not all(i.get("derived") for i in items):
            continue
        for other in apart.get(aid, ()):
            if not any(i is other or i.get("victim") == other.get("victim") for i in items):
                items.append(other)
