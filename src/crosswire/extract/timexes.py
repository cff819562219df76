"""The ``timexes`` extractor: temporal expressions, normalised against the publication date.

"On Thursday" is a different day in every report, so each expression is
resolved against its own article's ``published`` date and the tense of the
clause it sits in (:mod:`time_tense`), never against today or another
report. Each item carries a TIMEX3-style ``value`` ("2022-03-31",
"2022-W12", "P10D"), its ``granularity`` and its ``anchor`` (the date it
was counted from, or None for absolute expressions), so figures (``as_of``)
and events can say how sure a date is. Durations stay durations
("10 days of failed attempts" is ``P10D``, not a date). An article without a
publication date keeps its relative expressions unresolved, with a note
saying why, rather than silently anchoring them on the wrong day;
:func:`crosswire.extract.time_published.guess_published` can supply a date
from the text's own cues when the user asks for it.

Each item also says its ``function`` in the document, as TimeML does:
``PUBLICATION_TIME`` for page stamps ("Posted: Jul 24, 2016 10:12 PM",
:mod:`time_stamps`), which say when the page went up and must not date
events, else ``NONE``; and a clock time says where its day came from
(``day_from``: ``text``, ``sentence``, ``heading`` or ``publication``). A live
blog's entry stamp ("11:05 - The ministry says ... since 15 April") takes the day
heading above it or the publication day, never a date in the entry it opens. Words
beside an expression ("until Tuesday", "Wednesday's ruling", :mod:`time_cues`) settle
its direction before the clause's tense is asked.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from crosswire.extract import ExtractionInput, Item
from crosswire.extract.time_cues import cue_tense
from crosswire.extract.time_lexicon import ZONES
from crosswire.extract.time_patterns import Candidate, find_candidates
from crosswire.extract.time_resolve import Context, Resolved, resolve
from crosswire.extract.time_stamps import is_day_heading, is_entry_stamp, is_stamp
from crosswire.extract.time_tense import clause_tense

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = ["EXTRACTOR", "TimexExtractor", "find_timexes"]

_TENSE_KINDS = frozenset(
    {
        "weekday",
        "month",
        "month_day",
        "day_month",
        "holiday",
        "relative_period",
        "week_of",
        "ordinal_quarter",
    }
)


def _overnight(cand: Candidate) -> bool:
    """ "overnight" alone: last night in a report of what happened, tonight in a forecast."""
    return cand.kind == "relative_day" and cand.parts.get("word", "").lower() == "overnight"


def _sentence_of(sentences: list[tuple[int, int]], start: int) -> tuple[int, int]:
    for s, e in sentences:
        if s <= start < e:
            return s, e
    return start, start


def _zone(parts: dict[str, str]) -> str | None:
    raw = parts.get("zname") or parts.get("zabbr")
    if not raw:
        return None
    key = " ".join(raw.lower().split())
    return "local" if key == "local" else ZONES.get(key)


def _utc(value: str, zone: str) -> str | None:
    try:
        local = datetime.fromisoformat(value).replace(tzinfo=ZoneInfo(zone))
    except (ValueError, ZoneInfoNotFoundError):
        return None
    utc = local.astimezone(ZoneInfo("UTC"))
    return utc.strftime("%Y-%m-%dT%H:%MZ")


def _item(article_id: str, text: str, cand: Candidate, res: Resolved, ctx: Context) -> Item:
    anchor_kind = "absolute"
    anchor: str | None = None
    if res.relative:
        if res.value is None:
            anchor_kind = "none"
        elif ctx.published is not None:
            anchor_kind, anchor = "publication", ctx.published.isoformat()
    item: Item = {
        "id": f"{article_id}-t{cand.start}",
        "article": article_id,
        "start": cand.start,
        "end": cand.end,
        "text": text[cand.start : cand.end],
        "type": res.type,
        "value": res.value,
        "granularity": res.granularity,
        "anchor": anchor,
        "anchor_kind": anchor_kind,
        "resolved": res.value is not None,
        "mod": res.mod,
        "part_of_day": res.part_of_day,
        "tense": ctx.tense,
        "rule": cand.kind,
        "function": "PUBLICATION_TIME" if is_stamp(text, cand.start, cand.end) else "NONE",
    }
    if cand.kind == "clock":
        item["day_from"] = "publication" if res.value is not None else None
    if res.value is None:
        item["pattern"] = res.pattern
        item["note"] = (
            f"unresolved: {item['text']!r} is relative and the article has no publication date"
        )
    zone = _zone(cand.parts)
    if zone is not None:
        item["zone"] = zone
        if zone != "local" and res.value is not None and "T" in res.value:
            item["utc"] = _utc(res.value, zone)
    return item


def find_timexes(
    article_id: str,
    text: str,
    published: date | None,
    sentences: list[tuple[int, int]],
    tense_of: Any = None,
) -> list[Item]:
    """Temporal expressions of ``text`` as export items (the extractor without spaCy).

    ``tense_of(start, end)`` gives the tense of the clause around a span
    (``past``/``future``/``present``/None); without it every expression is
    read as in the past, the usual case in news.
    """
    items: list[Item] = []
    reference: date | None = None
    reference_granularity = "day"
    resolved_days: list[tuple[int, int, Resolved]] = []
    quarters = text.lower().count("quarter")
    for cand in find_candidates(text):
        bounds = _sentence_of(sentences, cand.start)
        tense = None
        if cand.kind in _TENSE_KINDS or _overnight(cand):
            tense = cue_tense(text, cand.start, cand.end, cand.kind, bounds)
            if tense is None and tense_of is not None:
                tense = tense_of(cand.start, cand.end)
        ctx = Context(
            published,
            tense,
            text[bounds[0] : bounds[1]],
            reference,
            quarters >= 3,
            quarters > 0,
            reference_granularity,
        )
        res = resolve(cand, ctx)
        if res is None:
            continue
        item = _item(article_id, text, cand, res, ctx)
        stamp = item["function"] == "PUBLICATION_TIME"
        if res.day is not None and res.granularity in ("day", "part_of_day") and not stamp:
            resolved_days.append((bounds[0], cand.start, res))
            if not res.relative:
                reference, reference_granularity = res.day, "day"
        elif not res.relative and not stamp and (named := _named_period(res)) is not None:
            reference, reference_granularity = named
        items.append(item)
    _date_clock_times(items, resolved_days, sentences)
    _date_entry_stamps(items, text, published)
    return _midnight_ends_its_day(
        _join_clock_and_day(_day_before_or_after(items, text), text), text
    )


_MIDNIGHT = re.compile(r"(?i)\bmidnight\b")
_AFTER_MIDNIGHT = re.compile(r"(?i)\b(?:after|past)\s+$")


def _midnight_ends_its_day(items: list[Item], text: str) -> list[Item]:
    """ "midnight on Monday", "a ceasefire starting at midnight" (after "on Monday") is the end
    of the day named, ``T24:00`` as TimeML writes it ("midnight Friday" is 1989-10-27T24),
    not its first minute; "shortly after midnight on Sunday" is Sunday's early hours.

    Only a day the text names moves: a bare midnight dated by the publication day is left.
    """
    for item in items:
        value = item["value"]
        if (
            item["rule"] != "clock"
            or item.get("day_from") not in ("text", "sentence")
            or not isinstance(value, str)
            or not value.endswith("T00:00")
            or not _MIDNIGHT.search(str(item["text"]))
            or _AFTER_MIDNIGHT.search(text[max(0, int(item["start"]) - 12) : int(item["start"])])
        ):
            continue
        item["value"] = value[:-5] + "24:00"
        if item.get("zone") not in (None, "local"):
            day = date.fromisoformat(value[:10]) + timedelta(days=1)
            item["utc"] = _utc(f"{day.isoformat()}T00:00", str(item["zone"]))
    return items


_BEFORE_AFTER = re.compile(r"(?i)\b(?:the\s+)?day\s+(before|after)\s+$")


def _day_before_or_after(items: list[Item], text: str) -> list[Item]:
    """ "the day before last Tuesday", "the day after Christmas": one day off the named day.

    TimeML marks the whole phrase as one DATE, counted from the day it names; the day
    itself is not a second expression.
    """
    for item in items:
        value = item["value"]
        if item["granularity"] != "day" or not isinstance(value, str) or len(value) != 10:
            continue
        before = _BEFORE_AFTER.search(text[max(0, int(item["start"]) - 20) : int(item["start"])])
        if before is None:
            continue
        shift = -1 if before.group(1).lower() == "before" else 1
        start = int(item["start"]) - len(before.group(0))
        item.update(
            start=start,
            text=text[start : int(item["end"])],
            value=(date.fromisoformat(value) + timedelta(days=shift)).isoformat(),
        )
    return items


def _named_period(res: Resolved) -> tuple[date, str] | None:
    """An explicit year or month ("in 1988", "May 1995") as a reference for "that year"."""
    value = res.value or ""
    if res.type != "DATE" or not re.fullmatch(r"\d{4}(?:-\d\d)?", value):
        return None
    month = int(value[5:7]) if len(value) == 7 else 1
    if not 1 <= month <= 12:
        return None
    return date(int(value[:4]), month, 1), "month" if len(value) == 7 else "year"


def _join_clock_and_day(items: list[Item], text: str) -> list[Item]:
    """One expression for "9 a.m. EST Tuesday" / "Friday at noon", valued on that day."""
    out: list[Item] = []
    for item in items:
        prev = out[-1] if out else None
        if prev is not None and {prev["rule"], item["rule"]} & {"clock"}:
            clock, day = (prev, item) if prev["rule"] == "clock" else (item, prev)
            gap = text[prev["end"] : item["start"]]
            if (
                day["granularity"] in ("day", "part_of_day")
                and gap.strip(" ,").lower() in ("", "on", "at")
                and len(gap) <= 5
                and clock["value"] is not None
                and day["value"] is not None
            ):
                merged = dict(clock)
                merged.update(
                    id=prev["id"],
                    start=prev["start"],
                    end=item["end"],
                    text=text[prev["start"] : item["end"]],
                    value=str(day["value"])[:10] + str(clock["value"])[10:],
                    tense=day["tense"],
                    day_from="text",
                    function="PUBLICATION_TIME"
                    if "PUBLICATION_TIME" in (prev["function"], item["function"])
                    else "NONE",
                )
                if "zone" in merged and merged["zone"] != "local":
                    merged["utc"] = _utc(str(merged["value"]), str(merged["zone"]))
                out[-1] = merged
                continue
        out.append(item)
    return out


def _date_clock_times(
    items: list[Item],
    days: list[tuple[int, int, Resolved]],
    sentences: list[tuple[int, int]],
) -> None:
    """Put a clock time on the day its sentence names ("at 10 a.m. on Friday").

    The nearest day expression wins ("(November 28, 2016) ... on Sunday,
    November 27 at approximately 8:14 AM" is the 27th). ``day_from`` says
    where a clock time's day came from: ``text`` (joined to it), ``sentence``
    or ``publication`` (no day named: the day is only a guess).
    """
    for item in items:
        if item["rule"] != "clock" or item["value"] is None:
            continue
        bounds = _sentence_of(sentences, item["start"])
        same = [(abs(at - item["start"]), r) for s, at, r in days if s == bounds[0] and r.day]
        if not same:
            continue
        day = min(same, key=lambda pair: pair[0])[1].day
        assert day is not None
        item["value"] = day.isoformat() + item["value"][10:]
        item["day_from"] = "sentence"
        if "utc" in item and item.get("zone") not in (None, "local"):
            item["utc"] = _utc(item["value"], str(item["zone"]))


_RUN_INTO = re.compile(r"[ \t]*[-–—:|•@,][ \t]*")


def _date_entry_stamps(items: list[Item], text: str, published: date | None) -> None:
    """A live blog's entry stamp ("11:05 - The ministry says ... since 15 April") is on the
    day heading above it ("Thursday 4 May" alone on a line), else on the publication day.

    The stamp says when the entry was posted; a date in the entry's sentence says what it
    reports on, and never lends the stamp its day. ``day_from`` is ``heading`` or
    ``publication``.
    """
    heading: date | None = None
    for at, item in enumerate(items):
        value = item["value"]
        if not isinstance(value, str):
            continue
        if item["rule"] != "clock":
            if (
                item["granularity"] == "day"
                and len(value) == 10
                and is_day_heading(text, int(item["start"]), int(item["end"]))
            ):
                named = date.fromisoformat(value)
                if published is None or named <= published:
                    heading = named
            continue
        if "T" not in value or not is_entry_stamp(text, int(item["start"]), int(item["end"])):
            continue
        after = items[at + 1] if at + 1 < len(items) else None
        if after is not None and _RUN_INTO.fullmatch(text[item["end"] : after["start"]]):
            continue  # "5:07 AM - 29 Jun 2016": a stamp with its own date, not a blog entry's
        posted = heading or published
        if posted is None:
            continue
        item["value"] = posted.isoformat() + value[value.index("T") :]
        item["day_from"] = "heading" if heading is not None else "publication"
        if "utc" in item and item.get("zone") not in (None, "local"):
            item["utc"] = _utc(item["value"], str(item["zone"]))


class TimexExtractor:
    """Finds and normalises temporal expressions in one article."""

    name = "timexes"
    version = "7"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("timexes",)

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """TIMEX3-style items for ``inp.article``, resolved against its publication date."""
        doc: Doc = inp.doc
        sentences = list(inp.annotation.sentences) or [
            (s.start_char, s.end_char) for s in doc.sents
        ]

        def tense_of(start: int, end: int) -> str | None:
            return clause_tense(doc, start, end)

        return find_timexes(
            inp.article.id, inp.article.text, inp.article.published, sentences, tense_of
        )


EXTRACTOR = TimexExtractor()
