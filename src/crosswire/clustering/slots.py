"""Who holds a role and how big it was: slots that tell two events of one kind apart.

Two events of one kind share their vocabulary and most names (one island,
one office, one player), so the bag of words sees them as one story. What
differs is who fills the same role ("Interior Secretary Dirk Kempthorne" in
2008, "Interior Secretary Ken Salazar" in 2009) and the magnitudes ("a 5.6
magnitude quake" against "a magnitude 6.1 temblor"). A single event cut in
two parts shows the same holder and the same magnitude on both sides.

:func:`report_slots` reads such slots from raw text with regular
expressions only (it runs on every report as it arrives, without spaCy):

* ``role:<title>`` -> the words of the name after a title ("Interior
  Secretary", "Prime Minister", "Colts coach"); the capitalised word before
  the title is part of the key, as it names the office or the team.
* ``magnitude`` -> the value of an earthquake-style magnitude.

:func:`slot_conflicts` compares two parts of a story: a slot *conflicts*
when each part's most common value is held by few reports of the other,
and *agrees* when both parts' most common value is the same.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from difflib import SequenceMatcher

__all__ = [
    "MAX_SHARED",
    "MIN_HOLDERS",
    "SAME_NAME",
    "Slots",
    "report_slots",
    "slot_conflicts",
]

#: A report's slots: slot key -> the values the report states for it (sorted).
Slots = dict[str, list[str]]

#: Fewest reports of each part that must state a slot for it to be compared.
MIN_HOLDERS = 2
#: Highest share of one part's holders that may state the other part's main value for
#: the slot still to conflict (agencies revise magnitudes; reports recall predecessors).
MAX_SHARED = 0.25

_TITLES = (
    r"President|Vice[ \t]+President|Prime[ \t]+Minister|Minister|Secretary|Chancellor|"
    r"Governor|Gov\.|Mayor|Senator|Sen\.|Representative|Rep\.|Chairman|Chairwoman|Chair|"
    r"Commissioner|Director|Chief|Sheriff|Judge|Justice|Attorney[ \t]+General|Ambassador|"
    r"Spokesman|Spokeswoman|CEO|[Cc]hief[ \t]+[Ee]xecutive|[Cc]oach|[Mm]anager|King|Queen|"
    r"Pope|General|Gen\.|Admiral|Captain|Capt\.|Speaker|Leader"
)
_NAME_WORD = r"[A-Z][a-z'’]+(?:-[A-Z][a-z'’]+)?"
_ROLE = re.compile(
    rf"(?<![\w.])(?:(?P<mod>[A-Z][A-Za-z'’.-]*)[ \t]+)?(?P<title>{_TITLES})[ \t]+"
    rf"(?P<name>{_NAME_WORD}(?:[ \t]+[A-Z]\.)?(?:[ \t]+{_NAME_WORD}){{0,2}})(?![\w'’-])"
)
# words before a title that qualify the holder, not the office ("former President Bush")
_NOT_OFFICE = frozenset(
    """the a an former then late new outgoing incoming current his her their its our and but
    when as after before while by of said says told""".split()  # noqa: SIM905
)
# capitalised words after a title that are no part of a name (headlines, sentence starts)
_NOT_NAME = frozenset(
    """the a an and or but of in on at to for with from by as is was has had have will would
    says said calls call named names visits signs meets his her their who which that this""".split()  # noqa: SIM905
)
# a capitalised word right after a title that starts another role ("Sheriff Deputy Jerry
# Ortiz" is a deputy, not the sheriff): the match tells nothing about the title's holder
_ROLE_WORDS = frozenset(
    """deputy assistant associate officer detective sergeant sgt lieutenant lt agent spokesman
    spokeswoman department office committee nominee candidate elect emeritus general dr
    president minister secretary governor mayor senator representative chairman chief director
    judge justice sheriff coach manager captain commissioner""".split()  # noqa: SIM905
)
_NUMBER = r"(\d{1,2}(?:\.\d)?)"
_MAGNITUDE = re.compile(
    rf"(?<![\d.]){_NUMBER}[ \t]*+(?:-[ \t]*+){{0,2}}magnitude\b"
    rf"|\bmagnitude(?:[ \t]+(?:of|at))?(?:[ \t]+(?:at[ \t]+least|about|around|some))?"
    rf"[ \t]*+(?:-[ \t]*+)?{_NUMBER}(?![\d.])"
    rf"|(?<![\d.]){_NUMBER}[ \t]+on[ \t]+the[ \t]+Richter\b",
    re.IGNORECASE,
)


def _office(mod: str | None, title: str) -> str:
    words = [title.lower().rstrip(".")]
    if mod and mod.lower().rstrip(".") not in _NOT_OFFICE:
        words.insert(0, mod.lower().rstrip("."))
    return "role:" + " ".join(" ".join(words).split())


def _holder(name: str) -> list[str]:
    """The words of a holder's name (possessives stripped); none when it starts another role."""
    words: list[str] = []
    for w in name.split():
        low = w.lower().replace("’", "'").removesuffix("'s").rstrip(".")
        if not words and low in _ROLE_WORDS:
            return []
        if low in _NOT_NAME:
            break
        if len(low) > 2:
            words.append(low)
    return words


def report_slots(text: str) -> Slots:
    """The slots ``text`` states (see the module docstring), each value once."""
    found: dict[str, set[str]] = {}
    for m in _ROLE.finditer(text):
        holder = _holder(m.group("name"))
        if holder:
            found.setdefault(_office(m.group("mod"), m.group("title")), set()).update(holder)
    lower = text.lower()
    # the pattern is tried at every digit; most reports name no magnitude at all
    magnitudes = _MAGNITUDE.finditer(text) if "magnitude" in lower or "richter" in lower else ()
    for m in magnitudes:
        raw = next(g for g in m.groups() if g)
        value = float(raw)
        if 1.0 <= value <= 10.0:
            found.setdefault("magnitude", set()).add(f"{value:.1f}")
    return {k: sorted(v) for k, v in sorted(found.items())}


def _main_value(holders: Sequence[Sequence[str]]) -> tuple[str, int]:
    """The value most holders state, and how many state it (ties: the smallest value)."""
    tally: Counter[str] = Counter(v for vals in holders for v in set(vals))
    value, n = min(tally.items(), key=lambda kv: (-kv[1], kv[0]))
    return value, n


#: Least similarity (:class:`difflib.SequenceMatcher` ratio) at which two name words are one
#: name spelt two ways ("Gaddafi" / "Qaddafi", "Berdymukhamedov" / "Berdimuhamedov"):
#: outlets transliterate differently, and that is no second holder.
SAME_NAME = 0.8


def _same(u: str, v: str) -> bool:
    if u == v:
        return True
    if not (u.isalpha() and v.isalpha()) or min(len(u), len(v)) < 4:
        return False  # numbers (magnitudes) and short words match exactly only
    return SequenceMatcher(None, u, v).ratio() >= SAME_NAME


def _holds(values: Sequence[str], value: str) -> bool:
    return any(_same(v, value) for v in values)


def slot_conflicts(
    a: Sequence[Mapping[str, Sequence[str]]], b: Sequence[Mapping[str, Sequence[str]]]
) -> tuple[int, int]:
    """How many slots conflict between parts ``a`` and ``b``, and how many agree.

    Only slots stated by :data:`MIN_HOLDERS` reports on each side count. A slot
    conflicts when each side's main value is stated by most of its own holders and
    by at most :data:`MAX_SHARED` of the other side's; it agrees when both sides
    share their main value. Name words compare loosely (:data:`SAME_NAME`).
    """
    keys = {k for s in a for k in s} & {k for s in b for k in s}
    conflicts = agrees = 0
    for key in sorted(keys):
        ha = [s[key] for s in a if key in s]
        hb = [s[key] for s in b if key in s]
        if len(ha) < MIN_HOLDERS or len(hb) < MIN_HOLDERS:
            continue
        va, na = _main_value(ha)
        vb, nb = _main_value(hb)
        if _same(va, vb):
            agrees += 1
            continue
        if 2 * na <= len(ha) or 2 * nb <= len(hb):
            continue  # a side with no clear holder (two coaches of one game) tells nothing
        shared_b = sum(_holds(vals, va) for vals in hb) / len(hb)
        shared_a = sum(_holds(vals, vb) for vals in ha) / len(ha)
        if shared_a <= MAX_SHARED and shared_b <= MAX_SHARED:
            conflicts += 1
    return conflicts, agrees
