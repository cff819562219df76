"""The Operations section: each convoy, corridor, aid delivery or ceasefire with its history.

One row per operation tracked across reports (see
:mod:`crosswire.link.operations`): where from, where to, the route points
reported, who runs it (an agency, a government; a truce's parties), what was counted,
and where it stands now. Above the table, a table by day says what the reports said of
each operation on each day (route, who proposed, agreed to or is accused of disrupting
it, its status that day and the words for it: corridors change from day to day, and a
situation report is read by the day), then each operation's status history is spelled
out step by step, with
the date, how that date was found, the words that gave the status and the
report they come from, so an analyst can check every change of status
against its source before repeating it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from markupsafe import escape

from crosswire.errors import ExportError
from crosswire.report.evidence import ArticleText
from crosswire.report.view import Item, Section

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = ["build", "by_day", "parties_text", "route_text", "summary"]

COLUMNS = (
    "Operation",
    "Kind",
    "Status",
    "Origin",
    "Destination",
    "Route",
    "Organisers",
    "Counts",
    "Steps",
)


def _name(part: object) -> str:
    return str(part.get("name", "")) if isinstance(part, Mapping) else ""


def _label(value: object) -> str:
    return str(value or "").replace("_", " ")


def _source(texts: Mapping[str, ArticleText], article: object) -> str:
    ref = texts.get(str(article))
    return ref.ref.short_id if ref else str(article)


def summary(op: Mapping[str, Any]) -> str:
    """An operation in a few words: its kind and where ("evacuation convoy, to Mariupol")."""
    origin, destination = _name(op.get("origin")), _name(op.get("destination"))
    if op.get("kind") == "ceasefire":
        place = _name(op.get("place"))
        return f"ceasefire, {'in ' + place if place else 'place not stated'}"
    if origin and destination:
        where = f"{origin} → {destination}"
    elif origin or destination:
        where = f"from {origin}" if origin else f"to {destination}"
    else:
        where = "place not stated"
    return f"{_label(op.get('kind'))}, {where}"


def describe(op: Mapping[str, Any]) -> str:
    """:func:`summary` plus what it counts and who organises it, for one-line mentions.

    "evacuation convoy, to Mariupol (45 buses)", "evacuation convoy, to
    Mariupol, organised by ICRC": the key points and the stories' incidents
    name an operation the same way.
    """
    counts = ", ".join(
        f"{c.get('value')} {c.get('unit')}" for c in op.get("counts") or [] if c.get("value")
    )
    organisers = ", ".join(str(o.get("name")) for o in op.get("organisers") or [] if o.get("name"))
    parties = ", ".join(str(p.get("text")) for p in op.get("parties") or [] if p.get("text"))
    if parties:
        return summary(op) + f", agreed by {parties}"
    governments = ", ".join(
        str(g.get("name")) for g in op.get("governments") or [] if g.get("name")
    )
    return (
        summary(op)
        + (f" ({counts})" if counts else "")
        + (f", organised by {organisers}" if organisers else "")
        + (f", run by {governments}" if governments else "")
    )


def _row(op: Mapping[str, Any]) -> tuple[str, ...]:
    return (
        str(op.get("id", "")),
        _label(op.get("kind")),
        _label(op.get("status")),
        _name(op.get("origin")),
        _name(op.get("destination")),
        ", ".join(_name(r) for r in op.get("route") or []),
        ", ".join(
            [str(o.get("name", "")) for o in op.get("organisers") or []]
            + [str(g.get("name", "")) for g in op.get("governments") or []]
            + [str(p.get("text", "")) for p in op.get("parties") or []]
        ),
        ", ".join(f"{c.get('value')} {c.get('unit')}" for c in op.get("counts") or []),
        str(len(op.get("status_history") or [])),
    )


def _step_text(step: Mapping[str, Any], texts: Mapping[str, ArticleText]) -> tuple[str, ...]:
    cue = f" (“{step['cue']}”)" if step.get("cue") else ""
    return (
        str(step.get("date") or "undated"),
        str(step.get("date_source") or ""),
        _label(step.get("status")),
        f"“{step.get('text', '')}”{cue}",
        _source(texts, step.get("article")),
    )


def route_text(op: Mapping[str, Any]) -> str:
    """The route in words: "Mariupol → Zaporizhzhya via Mykilske, Rozivka"."""
    origin, destination = _name(op.get("origin")), _name(op.get("destination"))
    via = [_name(r) for r in op.get("route") or [] if _name(r)]
    ends = " → ".join(x for x in (origin, destination) if x) or "place not stated"
    if origin and not destination:
        ends = f"from {origin}"
    elif destination and not origin:
        ends = f"to {destination}"
    return ends + (f" via {', '.join(via)}" if via else "")


def parties_text(op: Mapping[str, Any]) -> str:
    """Who proposed, agreed to and is accused of disrupting it, each role once."""
    roles = (
        ("proposed by", "proposed_by"),
        ("agreed by", "agreed_by"),
        ("accused of disrupting", "accused_of_disrupting"),
    )
    out = []
    for label, key in roles:
        names = [
            # a side no report names for it, taken from the corpus's other operations
            f"{p['name']} (not stated: the usual proposer)"
            if p.get("how") == "usual"
            else str(p["name"])
            for p in op.get(key) or []
            if p.get("name")
        ]
        if names:
            out.append(f"{label} {', '.join(names)}")
    return "; ".join(out)


def by_day(ops: list[Mapping[str, Any]]) -> list[tuple[str, Mapping[str, Any], Mapping[str, Any]]]:
    """(day, operation, its last step that day) for every day an operation has a step: what
    the reports said of each operation on each day, the day's last word winning."""
    rows: dict[tuple[str, str], tuple[Mapping[str, Any], Mapping[str, Any]]] = {}
    for op in ops:
        if op.get("kind") == "ceasefire":
            continue
        for step in op.get("status_history") or []:
            day = str(step.get("date") or "undated")[:10]
            rows[(day, str(op.get("id")))] = (op, step)
    return [(day, op, step) for (day, _id), (op, step) in sorted(rows.items())]


def _day_table_html(ops: list[Mapping[str, Any]], texts: Mapping[str, ArticleText]) -> str:
    rows = []
    for day, op, step in by_day(ops):
        words = f"“{step.get('text', '')}”" + (f" (“{step['cue']}”)" if step.get("cue") else "")
        rows.append(
            f'<tr><td>{escape(day)}</td><td class="id">{escape(str(op.get("id")))}</td>'
            f"<td>{escape(route_text(op))}</td><td>{escape(parties_text(op))}</td>"
            f"<td><strong>{escape(_label(step.get('status')))}</strong></td>"
            f"<td>{escape(words)}</td>"
            f'<td class="id">{escape(_source(texts, step.get("article")))}</td></tr>'
        )
    if not rows:
        return ""
    return (
        '<h3>Operations by day</h3><div class="table-wrap"><table><thead><tr><th>Day</th>'
        "<th>Operation</th><th>Route</th><th>Parties</th><th>Status</th><th>Evidence</th>"
        "<th>Source</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>"
    )


def _day_table_markdown(ops: list[Mapping[str, Any]], texts: Mapping[str, ArticleText]) -> str:
    from crosswire.report.md_text import md

    rows = by_day(ops)
    if not rows:
        return ""
    lines = [
        "**Operations by day**",
        "",
        "| Day | Operation | Route | Parties | Status | Evidence | Source |",
        "|---|---|---|---|---|---|---|",
    ]
    for day, op, step in rows:
        cells = (
            day,
            str(op.get("id")),
            route_text(op),
            parties_text(op),
            _label(step.get("status")),
            f"“{step.get('text', '')}”",
            _source(texts, step.get("article")),
        )
        lines.append("| " + " | ".join(md(c) for c in cells) + " |")
    return "\n".join(lines) + "\n\n"


def _html(ops: list[Mapping[str, Any]], texts: Mapping[str, ArticleText]) -> str:
    parts = [_day_table_html(ops, texts)]
    for op in ops:
        rows = []
        for step in op.get("status_history") or []:
            date, how, status, words, source = _step_text(step, texts)
            rows.append(
                f"<tr><td>{escape(date)}</td><td>{escape(how)}</td><td><strong>{escape(status)}"
                f'</strong></td><td>{escape(words)}</td><td class="id">{escape(source)}</td></tr>'
            )
        parts.append(
            f'<details><summary><span class="id">{escape(str(op.get("id")))}</span> '
            f"{escape(summary(op))}: <strong>{escape(_label(op.get('status')))}</strong></summary>"
            '<div class="table-wrap"><table><thead><tr><th>Date</th><th>Date from</th>'
            "<th>Status</th><th>Words</th><th>Source</th></tr></thead><tbody>"
            + "".join(rows)
            + "</tbody></table></div></details>"
        )
    return "".join(parts)


def _markdown(ops: list[Mapping[str, Any]], texts: Mapping[str, ArticleText]) -> str:
    from crosswire.report.md_text import md

    lines = [_day_table_markdown(ops, texts)] if by_day(ops) else []
    for op in ops:
        lines.append(
            f"- **{md(str(op.get('id')))}** {md(summary(op))}: **{md(_label(op.get('status')))}**"
        )
        for step in op.get("status_history") or []:
            date, how, status, words, source = _step_text(step, texts)
            lines.append(f"  - {md(date)} ({md(how)}): {md(status)}, {md(words)} · {md(source)}")
    return "\n".join(lines)


def build(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    """The operations section: step-by-step histories above, one row per operation below."""
    raw = doc.get("operations") or []
    if not isinstance(raw, list) or not all(isinstance(o, Mapping) for o in raw):
        raise ExportError("export: 'operations' must be a list of objects")
    ops: list[Mapping[str, Any]] = list(raw)
    items = []
    for n, op in enumerate(ops):
        what = f"operations[{n}] ({op.get('id')})"
        evidence = None
        if "article" in op:
            article = texts.get(str(op.get("article")))
            if article is None:
                raise ExportError(f"{what} cites article {op.get('article')!r}, not in the export")
            span = article.span(op.get("start"), op.get("end"), what, op.get("text"))
            evidence = article.evidence([span])[0]
        items.append(Item(anchors.make("operation", str(op.get("id", n))), _row(op), evidence))
    return Section(
        key=generic.key,
        title=generic.title,
        anchor=generic.anchor,
        blurb=generic.blurb,
        empty_note=generic.empty_note,
        columns=COLUMNS,
        items=tuple(items),
        html_part=_html(ops, texts),
        md_part=_markdown(ops, texts),
    )
