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

from collections import defaultdict
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from markupsafe import escape

from crosswire.errors import ExportError
from crosswire.report.evidence import ArticleText, Evidence
from crosswire.report.view import Item, Section

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = ["build", "conflicts"]

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
_DAY_WIDTH = 64
_ROW = 16
_TOP = 28
_MAX_DAYS = 120


def _day(item: Mapping[str, Any]) -> date | None:
    value = (item.get("date") or {}).get("value")
    if not isinstance(value, str) or len(value) < 10:
        return None
    try:
        return date.fromisoformat(value[:10])
    except ValueError:
        return None


_PARTS_OF_DAY = {"MO": "morning", "AF": "afternoon", "EV": "evening", "NI": "night", "DT": "day"}


def _when(value: object) -> str:
    """An event date for a reader: TIMEX's "2022-03-13TNI" is "2022-03-13 night"."""
    text = str(value or "") or "undated"
    day, sep, part = text.partition("T")
    return f"{day} {_PARTS_OF_DAY[part]}" if sep and part in _PARTS_OF_DAY else text


def _label(kind: object) -> str:
    return str(kind or "").replace("_", " ")


def _place(item: Mapping[str, Any]) -> str:
    place = item.get("place")
    return str(place.get("text", "")) if isinstance(place, Mapping) else ""


def _evidence(item: Mapping[str, Any], texts: Mapping[str, ArticleText], what: str) -> Evidence:
    article = texts.get(str(item.get("article")))
    if article is None:
        raise ExportError(f"{what} cites article {item.get('article')!r}, not in the export")
    span = article.span(item.get("start"), item.get("end"), what, item.get("text"))
    return article.evidence([span])[0]


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
    dated = [(d, e) for e in events if (d := _day(e)) is not None]
    if not dated:
        return ""
    first = min(d for d, _ in dated)
    last = max(d for d, _ in dated)
    if (last - first).days > _MAX_DAYS:  # a stray old date must not stretch the picture
        first = last - timedelta(days=_MAX_DAYS)
        dated = [(d, e) for d, e in dated if d >= first]
    days = (last - first).days + 1
    stacks: dict[date, int] = defaultdict(int)
    dots: list[str] = []
    for d, e in sorted(dated, key=lambda pair: (pair[0], str(pair[1].get("type")))):
        x = (d - first).days * _DAY_WIDTH + _DAY_WIDTH // 2
        y = _TOP + stacks[d] * _ROW + 8
        stacks[d] += 1
        ref = texts.get(str(e.get("article")))
        source = ref.ref.short_id if ref else str(e.get("article"))
        status = f" ({e['status']})" if e.get("status") else ""
        place = f" in {_place(e)}" if _place(e) else ""
        how = (e.get("date") or {}).get("source", "")
        title = (
            f"{d.isoformat()}: {_label(e.get('type'))}{status}{place}, “{e.get('text')}” "
            f"[{source}; date from {how}]"
        )
        colour = _COLOURS.get(str(e.get("type")), "#555555")
        hollow = how != "timex"
        dots.append(
            f'<circle cx="{x}" cy="{y}" r="5" fill="{"#ffffff" if hollow else colour}" '
            f'stroke="{colour}" stroke-width="2"><title>{escape(title)}</title></circle>'
        )
    height = _TOP + max(stacks.values()) * _ROW + 12
    width = days * _DAY_WIDTH
    ticks = []
    for n in range(days):
        d = first + timedelta(days=n)
        x = n * _DAY_WIDTH
        ticks.append(
            f'<line x1="{x}" y1="{_TOP - 6}" x2="{x}" y2="{height}" stroke="#dde3ea"/>'
            f'<text x="{x + _DAY_WIDTH // 2}" y="14" font-size="11" text-anchor="middle" '
            f'fill="#555">{escape(d.strftime("%d %b"))}</text>'
        )
    legend_types = sorted({str(e.get("type")) for _, e in dated})
    legend = " · ".join(
        f'<svg width="10" height="10" aria-hidden="true"><circle cx="5" cy="5" r="4" '
        f'fill="{_COLOURS.get(t, "#555555")}"/></svg> {escape(_label(t))}'
        for t in legend_types
    )
    return (
        '<figure class="timeline"><div class="table-wrap">'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="Timeline of {len(dated)} dated '
        f'events from {escape(first.isoformat())} to {escape(last.isoformat())}">'
        + "".join(ticks)
        + "".join(dots)
        + "</svg></div>"
        f"<figcaption>{legend}. Filled: dated by the report's own words; hollow: by context or "
        "publication date only. Hover a dot for the event and its source.</figcaption></figure>"
    )


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
                f"<td><strong>{escape(str((e.get('date') or {}).get('value')))}</strong> "
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
    from crosswire.report.markdown import md

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
            f"{md(str((e.get('date') or {}).get('value')))} "
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
    if not isinstance(raw, list) or not all(isinstance(e, Mapping) for e in raw):
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
            _evidence(e, texts, f"events[{n}] ({e.get('id')})"),
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
        html_fragment=(_svg(events, texts) + _conflict_html(groups, texts)) if events else "",
        md_fragment=_markdown(events, groups, texts) if events else "",
    )
