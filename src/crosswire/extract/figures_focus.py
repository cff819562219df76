"""Which sentences tell the report's own incident, and which recall another one?

A shooting report often goes on to recall earlier shootings ("In March
2012, a man was killed at the same bar", "It was the second shooting there
this year; last year a teenager was wounded nearby"). Their victims are not
this incident's. :func:`background_sentences` decides per sentence, from the
sentence's own resolved dates (the ``timexes`` extractor) against the day the
report is about, and from explicit cues ("last year", "a similar
incident"). A background sentence passes its status on to the following
sentences of its paragraph (up to three) that carry no date or cue of their
own, because a recalled incident is usually told over several sentences.
A sentence that places something on another street than the report's first
street block ("Earlier Tuesday, a man was killed in the 200 block of North
Taylor Street") is another incident too, however recent; when it is also
dated long before (a timeline's "Jan. 5: ... on the 100 block of Chestnut
Street"), the sentences after it go on about that one like after any dated one.

The lede is never background: the first sentence that tells of a casualty
is the report's incident, however old (a trial report: "convicted Tuesday of
killing Jane Doe in 2012"). When the lede or the sentence after it is dated
long before the report (a cold case: "a reward in a fatal shooting. John
Smith was found shot on May 3, 2014"), that day is a second reference day,
and only sentences dated well before both are background.

When the opening links the report's incident to another one a few days
before it ("a Jan. 23 shooting ... is connected to a double homicide days
earlier", "two days after a fatal shooting"), a week's closeness no longer
says "the same incident": a later sentence dated only on days before the
opening's own day tells that earlier incident (see :func:`days_apart`).
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text
from crosswire.extract.figures_asof import resolve_date

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = ["background_sentences", "days_apart", "earlier_dated", "recalls_other"]

# a dated sentence is another incident's when all its dates end this long before the report's
# day: two weeks (a follow-up names its incident's day in the lede, which becomes a reference)
_STALE = timedelta(days=14)
# a date this long or longer (a month, a year) is too coarse to say "now"
_COARSE = timedelta(days=30)
# ... and is the report's own when one of its dates is this close to the report's day
_RECENT = timedelta(days=7)
# a recalled incident is told over a few sentences, not the rest of an unbroken text
_CARRY = 3

_RECALL = re.compile(
    r"\b(?:last|the previous|the prior) (?:year|summer|winter|spring|fall|autumn)\b"
    r"|\b(?:the previous|the prior) (?:month|week)\b"
    r"|\b(?:earlier|later) (?:that|in the) year\b|\b(?:earlier|so far) this year\b"
    r"|\b(?:a|another|the) (?:similar|previous|prior|earlier|later|separate|unrelated) "
    r"(?:[\w-]+ )?(?:incident|shooting|attack|killing|case|homicide)s?\b"
    r"|\bin one (?:[\w-]+ )?(?:incident|shooting|attack|killing|case|homicide)\b"
    r"|\banother (?:[\w-]+ )?(?:shooting|incident|attack|killing|homicide)\b"
    r"|\b(?:years|decades|months) (?:ago|earlier|before)\b"
    r"|^\W*elsewhere\b\s*(?:,|in\b|on\b)",  # a roundup's next item: "Elsewhere, a man was..."
    re.IGNORECASE,
)
# "this is the second homicide in the city this year": the report's incident is one of a series
_LATER_ONE = re.compile(
    r"\b(?:is|was|marks|marked|became|becomes)\s+(?:the\s+)?(?:[\w-]+'s\s+)?"
    r"(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))"
    r"(?:\s+[\w-]+){0,3}?\s+(?:shooting|homicide|killing|murder|slaying|incident)s?\b",
    re.IGNORECASE,
)
# ... so "the first homicide came Sunday" or a sentence opening "Earlier," tells an earlier one
_EARLIER_ONE = re.compile(
    r"^\W*earlier\b(?!\s+(?:this|that)\s+(?:shooting|incident))"
    r"|\bthe first (?:[\w-]+ ){0,2}(?:shooting|homicide|killing|murder|slaying|incident)s?\b",
    re.IGNORECASE,
)
# "a double homicide days earlier", "two days after a fatal shooting": another incident, recent
_SPAN = r"(?:(?:a|one|two|three|four|five|six|several|a few|\d) days?|days|a week)"
_INCIDENT = r"(?:homicide|shooting|killing|slaying|murder|attack|stabbing)s?"
_DAYS_EARLIER = re.compile(rf"\s+{_SPAN} (?:earlier|before)\b", re.IGNORECASE)
_DAYS_AFTER = re.compile(rf"\b{_SPAN} after (?:a|an|the|another)\s+(?:[\w-]+\s+)?$", re.IGNORECASE)
_DAYS_APART = re.compile(
    rf"\b{_INCIDENT}{_DAYS_EARLIER.pattern}"
    rf"|\b{_SPAN} after (?:a|an|the|another)\s+(?:[\w-]+\s+)?{_INCIDENT}\b",
    re.IGNORECASE,
)
# a sentence that says it is about now ("Tuesday's shooting", "this shooting") keeps the focus
_FOCAL = re.compile(
    r"\b(?:this|today's|tonight's|(?:mon|tues|wednes|thurs|fri|satur|sun)day's) "
    r"(?:[\w-]+ )?(?:shooting|incident|attack|killing)\b",
    re.IGNORECASE,
)
_CASUALTY = re.compile(
    r"\b(?:kill|killed|killing|dead|died|dies|shot|wounded|injured|injuries|murder(?:ed)?"
    r"|slain|homicide|fatal(?:ly)?|body|bodies)\b",
    re.IGNORECASE,
)


# "the 200 block of North Taylor Street": the street named, without its number
_BLOCK = re.compile(r"\b\d+ block of ((?:[A-Z][\w.']*\s?){1,4})")


_STREET_WORDS = frozenset(
    [
        "street",
        "st",
        "avenue",
        "ave",
        "road",
        "rd",
        "boulevard",
        "blvd",
        "drive",
        "dr",
        "lane",
        "ln",
        "way",
        "court",
        "ct",
        "place",
        "pl",
        "north",
        "south",
        "east",
        "west",
        "n",
        "s",
        "e",
        "w",
        "the",
    ]
)


# parts of a year by (first month, last month); winter runs into the next year
_PARTS = {
    "SP": (3, 5),
    "SU": (6, 8),
    "FA": (9, 11),
    "AU": (9, 11),
    "WI": (12, 2),
    "Q1": (1, 3),
    "Q2": (4, 6),
    "Q3": (7, 9),
    "Q4": (10, 12),
    "H1": (1, 6),
    "H2": (7, 12),
}


def _period(value: str) -> tuple[date, date] | None:
    """The first and last day of a resolved timex value ("2012", "2012-03", "2012-03-04")."""
    try:
        if re.fullmatch(r"\d{4}", value):
            return date(int(value), 1, 1), date(int(value), 12, 31)
        part = re.fullmatch(r"(\d{4})-(SP|SU|FA|AU|WI|Q[1-4]|H[12])", value)
        if part:  # "the summer of 2012": its months
            first, last = _PARTS[part.group(2)]
            y = int(part.group(1))
            after = date(y + (last < first) + (last == 12), last % 12 + 1, 1)
            return date(y, first, 1), after - timedelta(days=1)
        if re.fullmatch(r"\d{4}-\d\d", value):
            y, m = int(value[:4]), int(value[5:7])
            nxt = date(y + (m == 12), m % 12 + 1, 1)
            return date(y, m, 1), nxt - timedelta(days=1)
        day = date.fromisoformat(value[:10])
    except ValueError:
        return None
    return day, day


def _plausible(period: tuple[date, date]) -> bool:
    """A news date, not a misread street number ("the 1800 block")."""
    return period[0].year >= 1900


def earlier_dated(periods: Sequence[tuple[date, date]], references: Sequence[date]) -> bool | None:
    """True when all ``periods`` end well before every reference day, False when one is near one.

    None when the sentence has no date that says either (no dates, or only
    dates between a week and a month away, or between two reference days).
    """
    if not references or not periods:
        return None
    # a year ("Homicides 2016, Jan. 5:") is too coarse to say "now": the finer dates decide
    fine = [(lo, hi) for lo, hi in periods if hi - lo < _COARSE]
    periods = fine or periods
    if any(lo - _RECENT <= ref <= hi + _RECENT for lo, hi in fine for ref in references):
        return False
    if all(hi < min(references) - _STALE for _, hi in periods):
        return True
    return None


def recalls_other(text: str) -> bool:
    """Does the sentence say it recalls another incident ("last year", "a similar shooting")?"""
    return _RECALL.search(text) is not None and _FOCAL.search(text) is None


def days_apart(text: str, start: int, end: int) -> bool:
    """Is the incident word at ``text[start:end]`` told as days before the report's own?

    "linked to a double homicide days earlier", "two days after a double
    homicide": the words right after or right before the figure say so.
    """
    return bool(_DAYS_EARLIER.match(text, end)) or bool(_DAYS_AFTER.search(text, 0, start))


def _paragraph_starts(text: str) -> list[int]:
    return [0, *(m.end() for m in re.finditer(r"\n\s*", text))]


def background_sentences(
    doc: Doc, timexes: Sequence[Mapping[str, Any]], reference: date | None
) -> set[int]:
    """Start tokens of the sentences that tell another incident than the report's own."""
    dates: dict[int, list[tuple[date, date]]] = {}
    last_at: dict[int, tuple[int, tuple[date, date]]] = {}  # each sentence's last date
    sents: list[Span] = list(doc.sents)
    starts = [s.start_char for s in sents]
    for t in timexes:
        value, at = t.get("value"), t.get("start")
        if not isinstance(value, str) or not isinstance(at, int):
            continue
        period = _period(value)
        if period is None or not _plausible(period):
            continue
        idx = _sentence_at(starts, at)
        if idx is not None:
            dates.setdefault(idx, []).append(period)
            if idx not in last_at or at > last_at[idx][0]:
                last_at[idx] = (at, period)
    if not timexes:  # the timexes extractor did not run: the parser's dates
        for ent in doc.ents:
            idx = _sentence_at(starts, ent.start_char)
            if ent.label_ != "DATE" or idx is None:
                continue
            day = resolve_date(ent.text, reference)
            year = re.search(r"\b(?:19|20)\d\d\b", ent.text)
            if day is not None:
                dates.setdefault(idx, []).append((day, day))
                last_at[idx] = (ent.start_char, (day, day))
            elif year is not None:  # "March 2014": the year is what matters here
                dates.setdefault(idx, []).append(
                    (date(int(year.group()), 1, 1), date(int(year.group()), 12, 31))
                )
    paragraphs = _paragraph_starts(doc_text(doc))
    out: set[int] = set()
    references = [reference] if reference is not None else []
    lede: int | None = None
    anchored = False
    carried = 0
    before: date | None = None  # the opening's own day, when it tells an incident days earlier
    series = False  # a sentence so far said the report's incident is one of a series
    block = _street(doc_text(doc))  # "the 2000 block of Harrison Street": the incident's own street
    for i, sent in enumerate(sents):
        at = bisect_left(paragraphs, sent.start_char)
        new_paragraph = (at < len(paragraphs) and paragraphs[at] < sent.end_char) or (
            i > 0 and "\n" in doc_text(doc)[sents[i - 1].end_char : sent.start_char]
        )
        if new_paragraph or carried > _CARRY:
            carried = 0
        if lede is None:
            if not _CASUALTY.search(sent.text):
                continue
            lede = i
        own = dates.get(i, [])
        if before is None and i <= lede + 1 and _DAYS_APART.search(sent.text):
            # "a Jan. 23 shooting ... linked to a double homicide days earlier": that day
            before = max((lo for lo, hi in own if lo == hi), default=None)
        if not anchored and i <= lede + 1 and own and not recalls_other(sent.text):
            anchored = True  # one anchor, from the opening only
            if earlier_dated(own, references) is not False:
                # the opening tells an old incident (a cold case, a trial): its day is the focus
                references.append(max(hi for _, hi in own))
        series = series or _LATER_ONE.search(sent.text) is not None
        if i == lede:
            continue
        if _another_block(sent.text, block):
            out.add(sent.start)  # the same day, but on another street: another incident
            if earlier_dated(own, references):
                carried = 1  # dated long before, too: a recalled one, told on ("Jan. 5: ...")
            continue
        if series and _EARLIER_ONE.search(sent.text):
            carried = 1  # "the first homicide came Sunday": recent, but an earlier incident
            out.add(sent.start)
            continue
        if _after_stale(sent.text, last_at.get(i - 1), references):
            carried = 1  # "... began Dec. 18 with a killing. The following day, ...": that day's
            out.add(sent.start)
            continue
        if before is not None and own and all(hi < before and lo == hi for lo, hi in own):
            # dated on a day before the opening's own: the incident days earlier. Not carried
            # on: the report goes back and forth between the two, and the next sentence that
            # names that incident's victims again is read as theirs (``told_elsewhere``)
            carried = 0
            out.add(sent.start)
            continue
        dated = earlier_dated(own, references)
        if dated is False or (_FOCAL.search(sent.text) and not dated):
            # "Sunday's shooting" keeps the focus, unless the sentence itself is dated long
            # before: "Sunday's shooting happened where Leonard killed three men in 2012"
            carried = 0
            continue
        if dated or recalls_other(sent.text):
            carried = 1
        elif carried:
            carried += 1
        if carried:
            out.add(sent.start)
    return out


# a sentence that opens on the day after the one told just before: "The following day, ..."
_NEXT_DAY = re.compile(
    r"^\W*(?:the (?:following|next) (?:day|morning|afternoon|evening|night)|a day later)\b",
    re.IGNORECASE,
)


def _after_stale(
    text: str, last: tuple[int, tuple[date, date]] | None, references: Sequence[date]
) -> bool:
    """Does a sentence open on the day after a date, told last in the sentence before, that
    lies well before the report's day ("The violence began Dec. 18 with the killing of a man.
    The following day, a woman was wounded")? It tells that earlier incident's sequel."""
    if last is None or not references or not _NEXT_DAY.search(text):
        return False
    _, (_, hi) = last
    return hi + timedelta(days=1) < min(references) - _STALE


def _words(street: str) -> frozenset[str]:
    """ "North Taylor Street." -> {"taylor"}: the words that tell streets apart."""
    return frozenset(re.findall(r"\w+", street.casefold())) - _STREET_WORDS


def _street(text: str) -> frozenset[str] | None:
    m = _BLOCK.search(text)
    return (_words(m.group(1)) or None) if m else None


def _another_block(text: str, focal: frozenset[str] | None) -> bool:
    """Does the sentence place something on another street than the report's first block?"""
    if focal is None:
        return False
    streets = [_words(m.group(1)) for m in _BLOCK.finditer(text)]
    return bool(streets) and all(w and not (w & focal) for w in streets)


def _sentence_at(starts: list[int], at: int) -> int | None:
    idx = bisect_right(starts, at) - 1
    return idx if idx >= 0 else None
