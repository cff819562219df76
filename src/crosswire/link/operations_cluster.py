"""Which reports talk about the same humanitarian operation.

An operation (an evacuation convoy, a corridor, an aid delivery) is seen in
pieces: "45 buses were en route to Mariupol" in one report, "Russian forces
blocked a 45-bus convoy" in the next. Each piece is an :class:`OpMention`
built from an ``events`` item; mentions are taken in date order and each
joins the best compatible operation or starts a new one.

Compatibility is deliberately conservative, because merging two operations
hides one of them from the analyst while splitting one only shows it twice:

* a **signature** (the vehicles or cargo counted: buses, cars, tons) must
  agree when both sides have one;
* an **organiser** (ICRC, a UN agency) must agree when both sides have one,
  and a mention with an organiser does not join an operation known only by
  another signature (the ICRC's team is not the government's 45 buses);
* **places** must overlap when both sides name some, unless the mention carries
  out on the expected day a step the operation planned and both sentences name
  one place some operation goes through ("expected to cross from Turkey through
  Bab al-Hawa on Thursday", then "crossed ... through Bab al-Hawa today"); a
  mention that names none joins only within its own report or through its
  organiser, and within its report not across paragraphs when its sentence names a place
  the operation does not go by ("readied for Moadamiya ... the convoy was due to leave");
* **kinds** must agree on who travels: people flown or bussed out are not food trucked
  in (a corridor may go with either);
* a **government** running it (the event's ``sponsor``: "France said it had
  evacuated") must agree when both sides name one, and is not an agency's
  operation; a shared one joins like a shared organiser, across ten days;
* **places** may also differ within one paragraph of one report ("The UK has
  completed its evacuation ... A spokeswoman said further flights were suspended");
* **routes** must agree when both name their ends ("from Hostomel to Bilohorodka" is
  not "from Vorzel to Bilohorodka", though both end in Bilohorodka; "corridors from Kyiv"
  may be the one from Kyiv to Zhytomyr): one operation per route;
* **dates** must lie within three days of the operation's latest step;
* an **attack** on a convoy dated the day the operation was attacked (or told undated at
  most three days later) is that convoy's, whatever else either report names of it: one
  attack, one convoy ("an air strike hit a convoy of 31 trucks near Aleppo", "the UN convoy
  came under attack"); "vehicles" counts the fleet any vehicle word counts, and a convoy
  no report says the load of may be people's or goods';
* **incidents** (from the ``stories`` aggregator) weigh in without deciding:
  a step in the same incident as the operation's steps is preferred, one in
  another incident is not forbidden (an operation may span attempts on
  several days: planned on Thursday, turned back on Friday, retried Saturday).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

__all__ = ["CONVOY", "PROGRAMME", "OpMention", "Operation", "cluster"]

MAX_DAYS = 3
MAX_DAYS_SPONSORED = 10
"""A government's evacuation runs for days of flights: steps its government is named for
join across more days than a convoy's."""
_PEOPLE = frozenset({"evacuation"})
CONVOY = "convoy"
"""The kind of a step that names a convoy and nothing of what it carries ("the UN convoy came
under attack"): it may be people's or goods', as a corridor may."""
_EITHER = frozenset({"humanitarian_corridor", CONVOY})
_GENERIC = "vehicles"
PROGRAMME = "programme"
"""The signature of the steps of a whole programme of convoys ("every convoy was put on hold")."""
_SAME_INCIDENT = 3.0


@dataclass(slots=True)
class OpMention:
    """One step of an operation as one report states it."""

    event: dict[str, Any]
    kind: str
    order: tuple[str, int, int]  # (date value or "~", article rank, offset) for sorting
    day: date | None
    places: frozenset[str]
    organisers: frozenset[str]
    signature: str | None
    incident: str | None = None  # the stories aggregator's incident, when definite
    distinct: bool = False  # "a second convoy", "a separate convoy": not one told before
    named: frozenset[str] = frozenset()  # its places and the operations' places its sentence names
    sponsors: frozenset[str] = frozenset()  # governments running it ("France said it had ...")
    paragraph: int = -1  # where its paragraph starts in its report
    ends: frozenset[str] = frozenset()  # its route's origin and destination (or origin alone)
    spoken: frozenset[str] = frozenset()  # the names of the places its sentence names
    roundup: bool = False  # "all seven corridors functioned": a step of each of the day's

    @property
    def article(self) -> str:
        """Id of the report this step comes from."""
        return str(self.event["article"])


@dataclass(slots=True)
class Operation:
    """Mentions judged to be one operation, in the order they were added."""

    mentions: list[OpMention] = field(default_factory=list)
    places: set[str] = field(default_factory=set)
    organisers: set[str] = field(default_factory=set)
    signature: str | None = None
    last_day: date | None = None
    articles: set[str] = field(default_factory=set)
    incidents: list[str] = field(default_factory=list)
    named: set[str] = field(default_factory=set)
    sponsors: set[str] = field(default_factory=set)
    ends: frozenset[str] = frozenset()

    def add(self, m: OpMention) -> None:
        """Take ``m`` in, widening what the operation is known by."""
        self.mentions.append(m)
        self.ends = self.ends | m.ends if len(self.ends | m.ends) <= 2 else self.ends
        self.places |= m.places
        self.named |= m.named
        self.organisers |= m.organisers
        self.sponsors |= m.sponsors
        if not self.signature or (self.signature == _GENERIC and m.signature):
            self.signature = m.signature  # "31 vehicles", then "31 trucks": trucks
        if m.day is not None and (self.last_day is None or m.day > self.last_day):
            self.last_day = m.day
        self.articles.add(m.article)
        if m.incident and m.incident not in self.incidents:
            self.incidents.append(m.incident)


def _vehicle_counts(m: OpMention) -> set[tuple[str, float]]:
    """The vehicles a mention counts: {("trucks", 14.0)}."""
    out: set[tuple[str, float]] = set()
    for c in m.event.get("counts") or []:
        value = c.get("value")
        if c.get("vehicle") and isinstance(value, (int, float)):
            out.add((str(c.get("unit")), float(value)))
    return out


def _same_fleet(m: OpMention, op: Operation) -> bool:
    """Do both count the same fleet ("a convoy of 31 trucks", "a 31-vehicle convoy")? A count
    of vehicles names a convoy across reports as well as its organiser does."""
    mine = {v for _, v in _vehicle_counts(m) if v >= 2}
    theirs = {v for o in op.mentions for _, v in _vehicle_counts(o) if v >= 2}
    return bool(mine & theirs)


def _as_expected(m: OpMention, op: Operation) -> bool:
    """Did ``m`` carry out, on the expected day and through a place both name, a step
    another report planned? "A convoy was expected to cross from Turkey through Bab
    al-Hawa on Thursday" and, on Thursday, "a convoy crossed ... through the Bab al-Hawa
    border crossing today": one convoy, planned then crossed, though one report's place
    is where it came from and the other's where it crossed."""
    if m.day is None or m.article in op.articles or not (m.named & op.named):
        return False
    if m.event.get("status") not in ("underway", "succeeded", "blocked"):
        return False
    return any(o.event.get("status") == "planned" and o.day == m.day for o in op.mentions)


def _same_paragraph(m: OpMention, op: Operation) -> bool:
    return m.paragraph >= 0 and any(
        o.article == m.article and o.paragraph == m.paragraph for o in op.mentions
    )


def _same_attack(m: OpMention, op: Operation) -> bool:
    """Is ``m`` the attack on a convoy the operation was already attacked in? "An air strike
    hit a convoy of aid trucks near Aleppo on Monday" and "the UN convoy came under attack"
    (told on Wednesday, no day of its own) are one attack on one convoy: an attack is dated
    and rare, so its day names the convoy as its organiser would. Told with a day of its
    own, it must be the same day; told undated, at most :data:`MAX_DAYS` later."""
    if m.event.get("status") != "attacked" or m.day is None:
        return False
    undated = (m.event.get("date") or {}).get("source") in ("publication", "context")
    for o in op.mentions:
        if o.event.get("status") != "attacked" or o.day is None:
            continue
        gap = (m.day - o.day).days
        if gap == 0 or (undated and 0 <= gap <= MAX_DAYS):
            return True
    return False


def _signatures_differ(m: OpMention, op: Operation) -> bool:
    """Do the two name different fleets? "Vehicles" is any of them when the count agrees: "a
    convoy of 31 vehicles" is the 31 trucks another report counts; "working vehicles" of
    residents are not the 45 buses."""
    a, b = m.signature, op.signature
    if not (a and b and a != b):
        return False
    return _GENERIC not in (a, b) or not _same_fleet(m, op)


def _score(m: OpMention, op: Operation) -> float | None:
    if _signatures_differ(m, op):
        return None
    if (m.signature == PROGRAMME) != (op.signature == PROGRAMME):
        return None  # "every convoy was put on hold" is the programme, not one convoy
    if m.ends and op.ends and not (m.ends <= op.ends or op.ends <= m.ends):
        return None  # Sumy to Poltava is not Mariupol to Zaporizhzhya, whatever they share
    attack = _same_attack(m, op)
    if (m.kind in _PEOPLE) != any(o.kind in _PEOPLE for o in op.mentions) and not (
        m.kind in _EITHER or all(o.kind in _EITHER for o in op.mentions)
    ):
        return None  # people flown out are not food trucked in
    if m.sponsors and op.sponsors and not (m.sponsors & op.sponsors):
        return None  # France's evacuation is not Saudi Arabia's
    if (m.sponsors and not op.sponsors and op.organisers) or (
        op.sponsors and not m.sponsors and m.organisers
    ):
        return None  # nor a government's an agency's
    shared_sponsor = bool(m.sponsors & op.sponsors)
    paragraph = _same_paragraph(m, op)
    if m.organisers and op.organisers and not (m.organisers & op.organisers):
        return None
    if (
        m.organisers
        and not op.organisers
        and op.signature
        and op.signature != m.signature
        and not attack
    ):
        return None
    if m.signature and not op.signature and op.organisers and not m.organisers:
        return None
    if (
        m.places
        and op.places
        and not (m.places & op.places)
        and not _as_expected(m, op)
        and not shared_sponsor
        and not paragraph
        and not _same_fleet(m, op)
        and not attack
    ):
        return None
    mine = _vehicle_counts(m)
    theirs = {k for o in op.mentions for k in _vehicle_counts(o)}
    units = {u for u, _ in mine} & {u for u, _ in theirs}
    if units and not mine & theirs:
        return None  # "a convoy of 14 trucks" is not "a convoy of 30 trucks"
    if m.distinct and m.article in op.articles and not (m.signature == "flights" == op.signature):
        # an airlift is many flights: "further flights" go on with it, "a second convoy" not
        return None  # "a second convoy of 14 trucks": not the one its report told of before
    last = op.mentions[-1].event.get("status") if op.mentions else None
    if (
        last == "failed"
        and m.event.get("status") in ("underway", "succeeded")
        and not (m.places & op.places)
    ):
        return None  # a convoy "called off" is over: a convoy that crossed is another one
    shared_org = bool(m.organisers & op.organisers) or shared_sponsor
    shared_org = shared_org or m.signature == op.signature == PROGRAMME or _same_fleet(m, op)
    shared_org = shared_org or attack
    if not m.places and m.article not in op.articles and not shared_org:
        return None
    if not m.places and m.spoken and not (m.spoken & op.named) and not (shared_org or paragraph):
        # "supplies were being readied for Moadamiya ... the convoy was due to leave
        # tomorrow", two paragraphs below the Aleppo convoy's attack: another convoy
        return None
    if (
        m.places
        and not op.places
        and m.article not in op.articles
        and not shared_org
        and not (m.signature and m.signature == op.signature)
    ):
        return None  # the mirror image: an operation known by no place takes no stranger
    days = 0
    if m.day is not None and op.last_day is not None:
        days = abs((m.day - op.last_day).days)
        if days > (MAX_DAYS_SPONSORED if shared_sponsor else MAX_DAYS):
            return None
    score = 4.0 * shared_org + 4.0 * (m.signature is not None and m.signature == op.signature)
    score += 2.0 * len((m.places & op.places) or (m.named & op.named))
    score += 1.0 * (m.article in op.articles) + 1.0 * paragraph
    if m.incident and op.incidents:
        score += _SAME_INCIDENT if m.incident in op.incidents else -_SAME_INCIDENT
    return score - 0.5 * days


def cluster(mentions: Iterable[OpMention]) -> list[Operation]:
    """Group mentions into operations, taking them in date order (see the module docstring)."""
    ops: list[Operation] = []
    for m in sorted(mentions, key=lambda x: x.order):
        best: tuple[float, int] | None = None
        for n, op in enumerate(ops):
            score = _score(m, op)
            if score is not None and (best is None or score > best[0]):
                best = (score, n)
        if best is None:
            ops.append(Operation())
            ops[-1].add(m)
        else:
            ops[best[1]].add(m)
    _join_placeless(ops)
    return ops


def _join_placeless(ops: list[Operation]) -> None:
    """Steps are taken in date order, so a step that names no place, told of a day before
    the rest of its report, starts an operation of its own: "more than 3,000 people got out
    on Thursday", then the same report's "the evacuation of eastern Aleppo was halted on
    Friday". An operation all of one report, knowing no place, organiser or government,
    joins the operation holding most of that report's other steps, when each of its steps
    could have joined that one."""
    for op in list(ops):
        if op.places or op.organisers or op.sponsors or len(op.articles) != 1:
            continue
        article = next(iter(op.articles))
        best: tuple[int, Operation] | None = None
        for other in ops:
            if other is op or article not in other.articles:
                continue
            if any(_score(m, other) is None for m in op.mentions):
                continue
            told = sum(1 for m in other.mentions if m.article == article)
            if best is None or told > best[0]:
                best = (told, other)
        if best is not None:
            for m in op.mentions:
                best[1].add(m)
            ops.remove(op)
