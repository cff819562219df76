"""Incident linking: which mentions, across reports, tell of one real-world occurrence.

Stories group reports by what they are about; incidents are finer: the
same shooting, the same convoy attempt. Two reports of shootings in one
city on different days share almost every word, so text similarity alone
cannot decide. Here the *day* decides first and words second:

* every :class:`~crosswire.clustering.features.IncidentMention` (a report's
  main incident, or another dated occurrence it narrates) is compared only
  with incidents whose day interval overlaps its own (an undated report's
  window is the few days before publication); one day apart is allowed at a
  cost (a shooting at 11:30 pm is dated either side of midnight), two or
  more days apart never link;
* a day apart is no match when the report tells of the incident's own day
  in another mention: the report itself keeps the two days apart;
* among those, it joins the incident whose average similarity (TF-IDF
  cosine of terms and names, as for stories) is highest, if it passes a
  threshold; agreeing casualty counts add to the score, contradicting ones
  subtract; otherwise it founds an incident;
* a report's main incident that links nowhere within a day may be a
  *follow-up* (an arrest, a death in hospital reported weeks later): it
  joins an incident of its own story up to :data:`FOLLOW_UP_DAYS` apart (from two
  days when the pipeline's dating rules dated it: see :func:`_may_follow`) when
  the report also tells of that incident's day (one of its other mentions
  is within a day of it) and its whole text is close (average similarity at
  least :data:`FOLLOW_UP_THRESHOLD`); the mention of that day then joins the
  same incident. When the original arrives after its follow-up, it adopts
  the follow-up's main incident the same way (:meth:`IncidentLinker._adopt_follow_ups`);
* otherwise a report never holds two mentions of one incident, and a
  duplicate's mentions follow its original's.

Incident ids are ``incident-<article id>-<n>``: the founding mention.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from crosswire.clustering.features import IncidentMention
from crosswire.clustering.vectors import IdfModel, Vector, add_into, dot

__all__ = ["Incident", "IncidentLinker"]

#: Score a match loses when two exact dates are a day apart (a night-time incident is
#: dated either side of midnight); two days apart never match.
NEXT_DAY_PENALTY = 0.15
#: Longest day interval an incident is indexed under (wider dates are too vague to link).
_MAX_SPAN = 7
#: Days apart within which a report's main incident may still be a follow-up of an
#: incident in its story (an arrest, a death in hospital, a funeral reported later).
FOLLOW_UP_DAYS = 45
#: Average similarity a follow-up needs. On GVC, reports of different shootings 2-120 days
#: apart reach under 0.1 (99th percentile; the few above 0.2 never tell of each other's
#: day), while half the same-incident pairs that far apart pass 0.25.
FOLLOW_UP_THRESHOLD = 0.25


def _may_follow(apart: int, ruled: bool) -> bool:
    """Whether a report's main incident ``apart`` days off an incident may follow it up.

    A main incident dated by the incident-dating rules (``ruled``) already is the
    report's violence or lede day, not its arrest or funeral: one a day after an
    incident the report tells of apart is a new occurrence (a second convoy attempt
    the day after the first was blocked), so it follows up only from two days on.
    """
    return apart <= FOLLOW_UP_DAYS and (apart > 1 or not ruled)


@dataclass(slots=True)
class Incident:
    """One real-world occurrence and the mentions that tell of it."""

    id: str
    lo: int
    hi: int
    exact: bool
    members: list[tuple[str, int]] = field(default_factory=list)
    copies: set[str] = field(default_factory=set)
    total: Vector = field(default_factory=dict)
    counts: dict[str, dict[int, int]] = field(default_factory=dict)
    ruled: bool = False
    """Founded by a report's main mention dated by the incident-dating rules."""


class IncidentLinker:
    """Incremental incident linking (see the module docstring).

    Args:
        threshold: Average similarity a report's main incident needs to join an incident.
        secondary: The same for another dated occurrence a report narrates, compared on
            its sentences only (shorter texts give lower cosines).
    """

    def __init__(self, threshold: float = 0.12, secondary: float = 0.1) -> None:
        self.threshold = threshold
        self.secondary = secondary
        self.incidents: dict[str, Incident] = {}
        self.of_article: dict[str, list[str]] = {}
        self._by_day: dict[int, set[str]] = {}

    def add(
        self,
        article_id: str,
        mentions: list[IncidentMention],
        idf: IdfModel,
        like: str | None = None,
        related: Callable[[str], bool] | None = None,
    ) -> list[str]:
        """Link a report's mentions; returns the incident id of each mention, in order.

        ``like`` names the original of a duplicate: its mentions join the same incidents.
        """
        if article_id in self.of_article:
            return self.of_article[article_id]
        if like is not None and like in self.of_article:
            ids = list(self.of_article[like])
            for k, iid in enumerate(ids):
                self.incidents[iid].members.append((article_id, k))
                self.incidents[iid].copies.add(article_id)
            self.of_article[article_id] = ids
            return ids
        ids = []
        follow: str | None = None
        for k, m in enumerate(mentions):
            vec = idf.vector(m.terms)
            told_apart = [(o.lo, o.hi) for j, o in enumerate(mentions) if j != k]
            found = self._best(
                m, vec, exclude=set(ids) - {follow} if follow else set(ids), told=told_apart
            )
            if found is None and k == 0 and m.primary and related is not None:
                told = [(o.lo, o.hi) for o in mentions[1:]]
                found = follow = self._follow_up(m, vec, related, told)
            iid = found if found is not None else f"incident-{article_id}-{k}"
            if found is None:
                self.incidents[iid] = Incident(iid, m.lo, m.hi, m.exact, ruled=m.ruled)
                self._reindex(self.incidents[iid], None)
            inc = self.incidents[iid]
            inc.members.append((article_id, k))
            add_into(inc.total, vec)
            for kind, n in m.counts.items():
                seen = inc.counts.setdefault(kind, {})
                seen[n] = seen.get(n, 0) + 1
            if m.exact and not inc.exact:
                old = (inc.lo, inc.hi)
                inc.lo, inc.hi, inc.exact = m.lo, m.hi, True
                self._reindex(inc, old)
            ids.append(iid)
        self.of_article[article_id] = ids
        if ids and mentions[0].primary and related is not None:
            self._adopt_follow_ups(ids[0], related)
        return ids

    def _adopt_follow_ups(self, iid: str, related: Callable[[str], bool]) -> None:
        """Earlier follow-ups that told of this incident's day join it with their main incident.

        The mirror of :meth:`_follow_up` for an original arriving after its follow-up: a
        report of the story whose other mention is in ``iid`` and whose main incident is
        still its own alone moves that main incident here when its text is close enough.
        """
        inc = self.incidents[iid]
        weight = len(inc.members) - len(inc.copies)
        for aid, k in list(inc.members):
            if k == 0 or aid in inc.copies or not related(aid):
                continue
            own = self.of_article[aid][0]
            alone = self.incidents.get(own)
            if own == iid or alone is None or alone.members != [(aid, 0)]:
                continue
            if not _may_follow(max(0, alone.lo - inc.hi, inc.lo - alone.hi), alone.ruled):
                continue
            if dot(alone.total, inc.total) / weight < FOLLOW_UP_THRESHOLD:
                continue
            inc.members.append((aid, 0))
            add_into(inc.total, alone.total)
            for kind, seen in alone.counts.items():
                mine = inc.counts.setdefault(kind, {})
                for n, c in seen.items():
                    mine[n] = mine.get(n, 0) + c
            for day in range(alone.lo, alone.hi + 1):
                self._by_day.get(day, set()).discard(own)
            del self.incidents[own]
            self.of_article[aid][0] = iid

    def _best(
        self,
        m: IncidentMention,
        vec: Vector,
        exclude: set[str],
        told: list[tuple[int, int]] = [],  # noqa: B006 - read only
    ) -> str | None:
        """The incident ``m`` joins, or None.

        ``told`` are the days of the report's other mentions: an incident a day
        off is not ``m``'s when the report tells of that incident's day apart
        (a convoy blocked on Thursday, a team turned back on Friday).
        """
        if m.lo <= 0 or m.hi - m.lo > _MAX_SPAN:
            return None
        cands: set[str] = set()
        for day in range(m.lo - 1, m.hi + 2):
            cands |= self._by_day.get(day, set())
        best: tuple[float, str] | None = None
        need = self.threshold if m.primary else self.secondary
        for iid in sorted(cands - exclude):
            inc = self.incidents[iid]
            apart = max(0, inc.lo - m.hi, m.lo - inc.hi)
            if apart > 1:
                continue
            if apart and any(lo <= inc.hi and inc.lo <= hi for lo, hi in told):
                continue
            weight = len(inc.members) - len(inc.copies)
            score = dot(vec, inc.total) / weight + self._count_bonus(m.counts, inc)
            score -= NEXT_DAY_PENALTY * apart
            if score >= need and (best is None or score > best[0]):
                best = (score, iid)
        return best[1] if best else None

    def _follow_up(
        self,
        m: IncidentMention,
        vec: Vector,
        related: Callable[[str], bool],
        told: list[tuple[int, int]],
    ) -> str | None:
        """An incident of the report's story, days apart, that its main incident follows up."""
        if m.lo <= 0 or m.hi - m.lo > _MAX_SPAN:
            return None
        cands: set[str] = set()
        for lo, hi in told:  # the report must tell of the incident's day too
            if hi - lo <= _MAX_SPAN:
                for day in range(lo - 1, hi + 2):
                    cands |= self._by_day.get(day, set())
        best: tuple[float, str] | None = None
        for iid in sorted(cands):
            inc = self.incidents[iid]
            if not _may_follow(max(0, inc.lo - m.hi, m.lo - inc.hi), m.ruled):
                continue
            if not any(max(0, inc.lo - hi, lo - inc.hi) <= 1 for lo, hi in told):
                continue
            if not any(related(a) for a, _ in inc.members):
                continue
            weight = len(inc.members) - len(inc.copies)
            score = dot(vec, inc.total) / weight + self._count_bonus(m.counts, inc)
            if score >= FOLLOW_UP_THRESHOLD and (best is None or score > best[0]):
                best = (score, iid)
        return best[1] if best else None

    @staticmethod
    def _count_bonus(counts: Mapping[str, int], inc: Incident) -> float:
        bonus = 0.0
        for kind, n in counts.items():
            seen = inc.counts.get(kind)
            if not seen:
                continue
            bonus += 0.05 if n in seen else -0.1
        return bonus

    def _reindex(self, inc: Incident, old: tuple[int, int] | None) -> None:
        if old is not None:
            for day in range(old[0], old[1] + 1):
                self._by_day.get(day, set()).discard(inc.id)
        if inc.lo > 0 and inc.hi - inc.lo <= _MAX_SPAN:
            for day in range(inc.lo, inc.hi + 1):
                self._by_day.setdefault(day, set()).add(inc.id)

    # -- state -----------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Linking state, JSON-ready (sums are rebuilt from the mentions on load)."""
        return {
            "params": [self.threshold, self.secondary],
            "incidents": {
                i.id: [
                    i.lo,
                    i.hi,
                    i.exact,
                    [list(m) for m in i.members],
                    i.counts,
                    sorted(i.copies),
                    i.ruled,
                ]
                for i in self.incidents.values()
            },
            "of_article": self.of_article,
        }

    @classmethod
    def from_json(
        cls, data: dict[str, Any], mentions: Mapping[str, list[IncidentMention]], idf: IdfModel
    ) -> IncidentLinker:
        """Inverse of :meth:`to_json`; ``mentions`` by article rebuild the vector sums."""
        self = cls(*data["params"])
        for iid, (lo, hi, exact, members, counts, copies, *rest) in data["incidents"].items():
            inc = Incident(iid, lo, hi, exact, [(a, k) for a, k in members], set(copies))
            inc.ruled = bool(rest and rest[0])
            inc.counts = {
                kind: {int(n): c for n, c in seen.items()} for kind, seen in counts.items()
            }
            for aid, k in inc.members:
                ms = [] if aid in inc.copies else mentions.get(aid, [])
                if k < len(ms):
                    add_into(inc.total, idf.vector(ms[k].terms))
            self.incidents[iid] = inc
            self._reindex(inc, None)
        self.of_article = {a: list(v) for a, v in data["of_article"].items()}
        return self
