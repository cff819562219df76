"""The Stories section: each story with its date range, sources and incidents.

The generic table would print nested incident objects as one long cell, so
this builder gives one row per story (label, dates, reports, independent
sources, incidents) with the main incident's opening sentence as evidence,
and a fragment listing each story's incidents (date, reports, the sentence
that tells it, and the operations whose steps lie in it). All data is
escaped here: ``html_fragment`` is trusted HTML.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import TYPE_CHECKING, Any

from markupsafe import escape

from crosswire.report.evidence import ArticleText, Evidence
from crosswire.report.md_evidence import evidence_md
from crosswire.report.md_text import md as md_escape
from crosswire.report.section_operations import describe as describe_operation
from crosswire.report.view import Item, Section

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = ["build", "day_words"]

_COLUMNS = ("Story", "Dates", "Reports", "Independent sources", "Incidents")
_MAX_INCIDENTS = 12


def _dates(first: object, last: object) -> str:
    a, b = (str(first) if first else ""), (str(last) if last else "")
    return a if a == b else f"{a} – {b}".strip(" –")


def _evidence(inc: Mapping[str, Any], texts: Mapping[str, ArticleText]) -> Evidence | None:
    for m in inc.get("mentions") or []:
        art = texts.get(str(m.get("article")))
        if art is None:
            continue
        span = art.span(m.get("start"), m.get("end"), f"incident {inc.get('id')}")
        return art.evidence([span])[0]
    return None


def _long_day(value: object) -> str:
    """ "2022-03-31" as "31 March 2022" (anything else as it is)."""
    try:
        day = date.fromisoformat(str(value))
    except ValueError:
        return str(value)
    return f"{day.day} {day:%B %Y}"


def day_words(day: Mapping[str, Any]) -> str:
    """The incident's ``day`` in words: the day and how many reports agree, or rival days.

    A day with rivals shows them side by side with their shares of the vote
    ("31 March 2022 (67%) or 30 March 2022 (33%)"), so a reader sees the
    disagreement rather than a confident single day.
    """
    if not day.get("value"):
        return "not dated by its reports"
    reports = len({str(ev.get("article")) for ev in day.get("evidence") or []})
    alternatives = list(day.get("alternatives") or [])
    if not alternatives:
        agree = f"{reports} reports agree" if reports > 1 else f"{reports} report"
        return f"{_long_day(day['value'])} ({agree})"
    rivals = [day, *alternatives]
    return " or ".join(
        f"{_long_day(r['value'])} ({round(100 * float(r.get('support') or 0))}%)" for r in rivals
    )


def _day_evidence(day: Mapping[str, Any], texts: Mapping[str, ArticleText]) -> list[Evidence]:
    out = []
    for ev in day.get("evidence") or []:
        art = texts.get(str(ev.get("article")))
        if art is not None:
            span = art.span(ev.get("start"), ev.get("end"), "incident day", ev.get("text"))
            out.extend(art.evidence([span]))
    return out


def _marked_html(ev: Evidence) -> str:
    parts = [
        f"<mark>{escape(s.text)}</mark>" if s.marked else str(escape(s.text)) for s in ev.segments
    ]
    body = "".join(parts).strip()
    return ("… " if ev.clipped_start else "") + body + (" …" if ev.clipped_end else "")


def _day_lines(
    day: Mapping[str, Any], texts: Mapping[str, ArticleText], html: list[str], md: list[str]
) -> None:
    """Append the incident's day, with each sentence that dated it, to both fragments."""
    words = day_words(day)
    evidence = _day_evidence(day, texts)
    html.append(f'<br><span class="day">day from its reports: <b>{escape(words)}</b></span>')
    html.extend(f'<br><span class="day-evidence">{_marked_html(ev)}</span>' for ev in evidence)
    md.append(f"  - day from its reports: {md_escape(words)}")
    md.extend(f"    - {evidence_md(ev)}" for ev in evidence)


def _operations_by_incident(doc: Mapping[str, Any]) -> dict[str, list[str]]:
    """Incident id -> the operations whose steps lie in it, each in a few words."""
    out: dict[str, list[str]] = {}
    for op in doc.get("operations") or []:
        status = str(op.get("status") or "").replace("_", " ")
        words = describe_operation(op) + (f": {status}" if status else "")
        for iid in op.get("incidents") or []:
            out.setdefault(str(iid), []).append(words)
    return out


def _short(texts: Mapping[str, ArticleText], aid: str) -> str:
    art = texts.get(aid)
    return art.ref.short_id if art else aid[:8]


def build(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    """The Stories section (see the module docstring)."""
    raw = doc.get("stories") or []
    if not raw:
        return generic
    items = []
    html = ['<div class="stories">']
    md = []
    operations = _operations_by_incident(doc)
    for story in raw:
        sid = str(story.get("id"))
        anchor = anchors.make("story", sid)
        incidents = list(story.get("incidents") or [])
        main = next((i for i in incidents if i.get("main_in")), incidents[0] if incidents else {})
        label = str(story.get("label") or sid)
        dates = _dates(story.get("first"), story.get("last"))
        values = (
            label,
            dates,
            str(len(story.get("articles") or [])),
            str(story.get("independent_sources", "")),
            str(len(incidents)),
        )
        items.append(Item(anchor, values, _evidence(main, texts) if main else None))
        html.append(f"<h3>{escape(label)} <small>{escape(sid)} · {escape(dates)}</small></h3><ul>")
        md.append(f"**{md_escape(label)}** ({md_escape(sid)}, {md_escape(dates)})\n")
        for inc in incidents[:_MAX_INCIDENTS]:
            when = inc.get("date") or " – ".join(inc.get("date_range") or []) or "undated"
            reports = ", ".join(_short(texts, str(a)) for a in inc.get("articles") or [])
            ev = _evidence(inc, texts)
            told = " ".join("".join(s.text for s in ev.segments).split()) if ev else ""
            told = told[:200] + ("…" if len(told) > 200 else "")
            ops = operations.get(str(inc.get("id")), [])
            html.append(
                f"<li><b>{escape(when)}</b> — {escape(reports)} "
                f"({escape(str(inc.get('independent_sources', '')))} independent): "
                f"<q>{escape(told)}</q>"
                + "".join(f'<br><span class="op">{escape(o)}</span>' for o in ops)
            )
            md.append(f"- {md_escape(when)} — {md_escape(reports)}: “{md_escape(told)}”")
            md.extend(f"  - operation: {md_escape(o)}" for o in ops)
            day = inc.get("day")
            if isinstance(day, Mapping):
                _day_lines(day, texts, html, md)
            html.append("</li>")
        if len(incidents) > _MAX_INCIDENTS:
            more = len(incidents) - _MAX_INCIDENTS
            html.append(f"<li>+{more} more incidents</li>")
            md.append(f"- +{more} more incidents")
        html.append("</ul>")
        md.append("")
    html.append("</div>")
    return Section(
        key=generic.key,
        title=generic.title,
        anchor=generic.anchor,
        blurb="Reports grouped by the story they tell, and within each story by incident: "
        "the same real-world occurrence on the same day.",
        empty_note=generic.empty_note,
        columns=_COLUMNS,
        items=tuple(items),
        html_part="\n".join(html),
        md_part="\n".join(md),
    )
