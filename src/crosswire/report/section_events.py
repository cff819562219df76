"""The Timeline section: every dated event across reports, in order, as a picture and a table.

An analyst reading ten reports wants one line of time: what happened on
which day, and according to whom. The HTML gets an inline SVG timeline (no
script, no style attributes, nothing fetched: the report's content security
policy forbids all three), one column per day, one dot per event coloured
by type, each dot titled with what happened. Events the reports date
differently (same type and place, different days, different reports) are
shown side by side in a "conflicting dates" table, because a disagreement
over when the convoy was blocked is itself information. The table below
lists every event with its date, how sure that date is, and its source
sentence.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache, lru_cache, partial
from typing import TYPE_CHECKING, Any

from markupsafe import escape

from crosswire.errors import ExportError
from crosswire.report.evidence import ArticleText, Evidence
from crosswire.report.view import Item, Section

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = [
    "MAX_STACK",
    "BusyDay",
    "TimelineFigure",
    "build",
    "busiest_days",
    "conflicts",
    "event_day",
]

COLUMNS = ("Date", "Date from", "Type", "Status", "Place", "Actors", "Counts")
_COLOURS = {
    "evacuation": "#1f77b4",
    "humanitarian_corridor": "#17becf",
    "aid_delivery": "#2ca02c",
    "aid_blocked": "#d62728",
    "attack": "#8c1d1d",
    "shooting": "#b5504f",
    "casualties": "#000000",
    "displacement": "#9467bd",
    "ceasefire": "#bcbd22",
    "negotiation": "#7f7f7f",
    "territorial_control": "#ff7f0e",
    "troop_movement": "#8c564b",
    "arrest": "#e377c2",
    "accusation": "#aec7e8",
}
_DAY_WIDTH = 56
_GAP_WIDTH = 18
_ROW = 16
_TOP = 28
_MAX_STACK = 14
MAX_STACK = _MAX_STACK
"""Events drawn in one day's column of the picture; the rest of that day's are counted (+N)."""


def _day(item: Mapping[str, Any]) -> date | None:
    value = (item.get("date") or {}).get("value")
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


def event_day(item: Mapping[str, Any]) -> date | None:
    """The day an event is dated to (``None`` when its date is coarser than a day or absent)."""
    return _day(item)


@dataclass(frozen=True, slots=True)
class BusyDay:
    """A day of the timeline with its number of events and how many of them the picture draws."""

    day: date
    events: int
    drawn: int

    @property
    def label(self) -> str:
        """The day as people write it ("13 March 2022")."""
        return _long_day(self.day)


def busiest_days(events: Sequence[Mapping[str, Any]], count: int = 5) -> list[BusyDay]:
    """The ``count`` days with most events, most first (earlier first among equals).

    At scale the picture is wider than a screen and its busiest days may sit
    off it, capped at :data:`MAX_STACK` dots; naming them, with how many are
    not drawn, lets a page link straight to each day's events.
    """
    per_day: dict[date, int] = defaultdict(int)
    for e in events:
        if (d := _day(e)) is not None:
            per_day[d] += 1
    ranked = sorted(per_day.items(), key=lambda kv: (-kv[1], kv[0]))
    return [BusyDay(d, n, min(n, _MAX_STACK)) for d, n in ranked[:count]]


_PARTS_OF_DAY = {"MO": "morning", "AF": "afternoon", "EV": "evening", "NI": "night", "DT": "day"}


_ORDINALS = {"1": "first", "2": "second", "3": "third", "4": "fourth"}
_HALVES = {"H1": "first half", "H2": "second half"}
_SEASONS = {"SP": "spring", "SU": "summer", "FA": "autumn", "WI": "winter"}


def _long_day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def _when(value: object) -> str:
    """An event date as people write it; TIMEX values stay in the export.

    "2022-03-13TNI" is "13 March 2022, night", "2022-03-14T01:00" "14 March
    2022, 01:00", "2022-W12" "week of 21 March 2022", "2022-03" "March 2022",
    "2022-Q3" "third quarter of 2022", "199" "the 1990s"; anything else
    unrecognised is shown as it is rather than guessed at.
    """
    return _when_text(str(value or ""))


@lru_cache(maxsize=1 << 12)
def _when_text(text: str) -> str:
    """:func:`_when` of a string, remembered: a large story's thousands of events fall on a
    few hundred dates, each tried against up to seven patterns."""
    if not text:
        return "undated"
    if text == "PRESENT_REF":
        return "now"
    if text in ("PAST_REF", "FUTURE_REF"):
        return "earlier" if text == "PAST_REF" else "later"
    head, sep, part = text.partition("T")
    try:
        if re.fullmatch(r"\d{4}-\d\d-\d\d", head):
            day = _long_day(date.fromisoformat(head))
            if not sep:
                return day
            return f"{day}, {_PARTS_OF_DAY.get(part, part)}"
        if found := re.fullmatch(r"(\d{4})-W(\d\d)-WE", text):
            saturday = date.fromisocalendar(int(found[1]), int(found[2]), 6)
            return f"weekend of {_long_day(saturday)}"
        if found := re.fullmatch(r"(\d{4})-W(\d\d)", text):
            monday = date.fromisocalendar(int(found[1]), int(found[2]), 1)
            return f"week of {_long_day(monday)}"
        if found := re.fullmatch(r"(\d{4})-(\d\d)", text):
            return f"{date(int(found[1]), int(found[2]), 1):%B %Y}"
        if found := re.fullmatch(r"(\d{4})-Q([1-4])", text):
            return f"{_ORDINALS[found[2]]} quarter of {found[1]}"
        if found := re.fullmatch(r"(\d{4})-(H[12]|SP|SU|FA|WI)", text):
            return f"{(_HALVES | _SEASONS)[found[2]]} of {found[1]}"
        if re.fullmatch(r"\d{3}", text):
            return f"the {text}0s"
    except ValueError:
        pass
    return text


def _label(kind: object) -> str:
    return str(kind or "").replace("_", " ")


def _place(item: Mapping[str, Any]) -> str:
    place = item.get("place")
    return str(place.get("text", "")) if (type(place) is dict or isinstance(place, Mapping)) else ""


def _evidence(item: Mapping[str, Any], texts: Mapping[str, ArticleText], n: int) -> Evidence:
    """Event ``n``'s sentence; raises naming it if its span is off (the name made only then)."""
    article = texts.get(str(item.get("article")))
    if article is None:
        raise ExportError(
            f"events[{n}] ({item.get('id')}) cites article {item.get('article')!r}, "
            "not in the export"
        )
    start, end, expected = item.get("start"), item.get("end"), item.get("text")
    span = article.fits(start, end, expected) or article.span(
        start, end, f"events[{n}] ({item.get('id')})", expected
    )
    return article.one(span)


def conflicts(events: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """Groups of events that look like one event dated differently by different reports.

    Same type and place, explicitly dated (not by publication date alone),
    at most a week apart, from at least two reports, on at least two days.
    """
    groups: dict[tuple[str, str], list[Mapping[str, Any]]] = defaultdict(list)
    for e in events:
        if _day(e) is None or (e.get("date") or {}).get("source") != "timex" or not _place(e):
            continue
        groups[(str(e.get("type")), _place(e).lower())].append(e)
    out = []
    for group in groups.values():
        days = {_day(e) for e in group}
        articles = {e.get("article") for e in group}
        known = sorted(d for d in days if d is not None)
        if len(days) > 1 and len(articles) > 1 and (known[-1] - known[0]).days <= 7:
            out.append(sorted(group, key=lambda e: (_day(e) or date.max, str(e.get("article")))))
    return out


def _svg(events: Sequence[Mapping[str, Any]], texts: Mapping[str, ArticleText]) -> str:
    """The timeline picture: one column per day that has events, in order.

    Days without events are not drawn as empty columns (a gap of weeks
    shows as a narrow break marked "…"), so years of reports fit a page
    width that scrolls sideways instead of running off it; the day axis
    sits above every column. A day holding more than :data:`_MAX_STACK`
    events draws that many and says how many more; the caption says how
    many events are not dated to a day and are in the table only.
    """
    dated = [(d, e) for e in events if (d := _day(e)) is not None]
    if not dated:
        return ""
    by_day: dict[date, list[Mapping[str, Any]]] = defaultdict(list)
    for d, e in sorted(dated, key=lambda pair: (pair[0], str(pair[1].get("type")))):
        by_day[d].append(e)
    days = sorted(by_day)
    xs: dict[date, int] = {}
    breaks: list[int] = []
    x = 0
    for n, d in enumerate(days):
        if n and (d - days[n - 1]).days > 1:
            breaks.append(x)
            x += _GAP_WIDTH
        xs[d] = x
        x += _DAY_WIDTH
    width = x
    tallest = min(_MAX_STACK, max(len(v) for v in by_day.values()))
    height = _TOP + tallest * _ROW + 28
    dots: list[str] = []
    hidden = 0
    for d in days:
        shown = by_day[d][:_MAX_STACK]
        for k, e in enumerate(shown):
            cx = xs[d] + _DAY_WIDTH // 2
            cy = _TOP + k * _ROW + 8
            ref = texts.get(str(e.get("article")))
            source = ref.ref.short_id if ref else str(e.get("article"))
            status = f" ({e['status']})" if e.get("status") else ""
            place = f" in {_place(e)}" if _place(e) else ""
            how = (e.get("date") or {}).get("source", "")
            title = (
                f"{_long_day(d)}: {_label(e.get('type'))}{status}{place}, “{e.get('text')}” "
                f"[{source}; date from {how}]"
            )
            colour = _COLOURS.get(str(e.get("type")), "#555555")
            hollow = how != "timex"
            dots.append(
                f'<circle cx="{cx}" cy="{cy}" r="5" fill="{"#ffffff" if hollow else colour}" '
                f'stroke="{colour}" stroke-width="2"><title>{escape(title)}</title></circle>'
            )
        more = len(by_day[d]) - len(shown)
        if more:
            hidden += more
            dots.append(
                f'<text x="{xs[d] + _DAY_WIDTH // 2}" y="{_TOP + len(shown) * _ROW + 14}" '
                f'font-size="11" text-anchor="middle" fill="#333">+{more}</text>'
            )
    ticks = []
    year = None
    for d in days:
        label = d.strftime("%d %b") if d.year == year else d.strftime("%d %b %Y")
        year = d.year
        ticks.append(
            f'<line x1="{xs[d]}" y1="{_TOP - 6}" x2="{xs[d]}" y2="{height}" stroke="#dde3ea"/>'
            f'<text x="{xs[d] + _DAY_WIDTH // 2}" y="14" font-size="11" text-anchor="middle" '
            f'fill="#555">{escape(label)}</text>'
        )
    for bx in breaks:
        ticks.append(
            f'<text x="{bx + _GAP_WIDTH // 2}" y="{_TOP + 8}" font-size="12" '
            'text-anchor="middle" fill="#999">…</text>'
        )
    legend_types = sorted({str(e.get("type")) for _, e in dated})
    legend = " · ".join(
        f'<svg width="10" height="10" aria-hidden="true"><circle cx="5" cy="5" r="4" '
        f'fill="{_COLOURS.get(t, "#555555")}"/></svg> {escape(_label(t))}'
        for t in legend_types
    )
    undated = len(events) - len(dated)
    left_out = []
    if hidden:
        left_out.append(f"{hidden} more on the busiest days (shown as +N)")
    if undated:
        left_out.append(f"{undated} not dated to a day")
    out_note = (
        f" Not drawn: {'; '.join(left_out)}; the table below lists every event."
        if (left_out)
        else ""
    )
    first, last = days[0], days[-1]
    return (
        '<figure class="timeline"><div class="timeline-scroll" tabindex="0">'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Timeline of {len(dated)} dated '
        f"events on {len(days)} days from {escape(_long_day(first))} to "
        f'{escape(_long_day(last))}">' + "".join(ticks) + "".join(dots) + "</svg></div>"
        f"<figcaption>{legend}. {len(days)} days with events, {escape(_long_day(first))} to "
        f"{escape(_long_day(last))}; gaps between them shown as …; scroll sideways for "
        "later days. Filled: dated by the report's own words; hollow: by context or "
        f"publication date only. Hover a dot for the event and its source.{escape(out_note)}"
        "</figcaption></figure>"
    )


class TimelineFigure:
    """The timeline's HTML fragment (picture, then conflicting dates), made on first call.

    ``events`` are the section's events in table order, one per item, so a
    page showing part of the table (the dashboard pages it) can filter and
    sort the items by their events' fields.
    """

    __slots__ = ("_groups", "_made", "_texts", "events")

    def __init__(
        self,
        events: Sequence[Mapping[str, Any]],
        groups: list[list[Mapping[str, Any]]],
        texts: Mapping[str, ArticleText],
    ) -> None:
        self.events = tuple(events)
        self._groups = groups
        self._texts = texts
        self._made: str | None = None

    def picture(self) -> str:
        """The SVG timeline with its caption."""
        return _svg(self.events, self._texts)

    def conflicting(self) -> str:
        """The "Conflicting dates" table ("" when no reports disagree)."""
        return _conflict_html(self._groups, self._texts)

    def __call__(self) -> str:
        if self._made is None:
            self._made = self.picture() + self.conflicting()
        return self._made


def _conflict_html(groups: list[list[Mapping[str, Any]]], texts: Mapping[str, ArticleText]) -> str:
    if not groups:
        return ""
    rows = []
    for group in groups:
        cells = []
        for e in group:
            ref = texts.get(str(e.get("article")))
            source = ref.ref.short_id if ref else str(e.get("article"))
            date_text = (e.get("date") or {}).get("text") or ""
            cells.append(
                f"<td><strong>{escape(_when((e.get('date') or {}).get('value')))}</strong> "
                f"(“{escape(date_text)}”) — {escape(str(e.get('text')))} "
                f'<span class="cite">{escape(source)}</span></td>'
            )
        what = f"{_label(group[0].get('type'))} in {_place(group[0])}"
        rows.append(f"<tr><th>{escape(what)}</th>{''.join(cells)}</tr>")
    return (
        '<h3>Conflicting dates</h3><p class="note">The same kind of event in the same place, '
        'dated differently by different reports.</p><div class="table-wrap"><table><tbody>'
        + "".join(rows)
        + "</tbody></table></div>"
    )


def _markdown(
    events: Sequence[Mapping[str, Any]],
    groups: list[list[Mapping[str, Any]]],
    texts: Mapping[str, ArticleText],
) -> str:
    from crosswire.report.md_text import md

    lines = []
    for e in events:
        if (e.get("date") or {}).get("source") not in ("timex", "context"):
            continue  # the picture shows what the reports date; the table below has the rest
        d = _when((e.get("date") or {}).get("value"))
        ref = texts.get(str(e.get("article")))
        source = ref.ref.short_id if ref else str(e.get("article"))
        # md() trims its argument, so the spaces around the parts stay outside it
        status = f" ({md(_label(e['status']))})" if e.get("status") else ""
        place = f" — {md(_place(e))}" if _place(e) else ""
        how = (e.get("date") or {}).get("source", "")
        lines.append(
            f"- **{md(d)}** {md(_label(e.get('type')))}{status}{place}: "
            f"“{md(str(e.get('text')))}” · {md(source)} · date from {md(str(how))}"
        )
    for group in groups:
        sides = " vs ".join(
            f"{md(_when((e.get('date') or {}).get('value')))} "
            f"({md(texts[str(e['article'])].ref.short_id if str(e['article']) in texts else '')})"
            for e in group
        )
        lines.append(
            f"- **Conflicting dates** for {md(_label(group[0].get('type')))} in "
            f"{md(_place(group[0]))}: {sides}"
        )
    return "\n".join(lines)


def _row(e: Mapping[str, Any]) -> tuple[str, ...]:
    date_info = e.get("date") or {}
    actors = ", ".join(f"{a.get('role')}: {a.get('text')}" for a in e.get("actors") or [])
    counts = ", ".join(f"{c.get('value')} {c.get('unit')}" for c in e.get("counts") or [])
    source = str(date_info.get("source") or "")
    if date_info.get("text"):
        source += f" (“{' '.join(str(date_info['text']).split())}”)"
    return (
        _when(date_info.get("value")),
        source,
        _label(e.get("type")),
        _label(e.get("status")),
        _place(e),
        actors,
        counts,
    )


def build(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    """The timeline section: SVG and conflicts above, one row per event below."""
    raw = doc.get("events") or []
    if not isinstance(raw, list) or not all(
        (type(e) is dict or isinstance(e, Mapping)) for e in raw
    ):
        raise ExportError("export: 'events' must be a list of objects")
    order = {aid: n for n, aid in enumerate(texts)}
    events = sorted(
        raw,
        key=lambda e: (
            str((e.get("date") or {}).get("value") or "~")[:10],
            order.get(str(e.get("article")), len(order)),
            e.get("start", 0),
        ),
    )
    items = tuple(
        Item(
            anchors.make("event", str(e.get("id", n))),
            _row(e),
            _evidence(e, texts, n),
        )
        for n, e in enumerate(events)
    )
    groups = conflicts(events)
    return Section(
        key=generic.key,
        title=generic.title,
        anchor=generic.anchor,
        blurb=generic.blurb,
        empty_note=generic.empty_note,
        columns=COLUMNS,
        items=items,
        html_part=TimelineFigure(events, groups, texts) if events else "",
        md_part=cache(partial(_markdown, events, groups, texts)) if events else "",
    )
