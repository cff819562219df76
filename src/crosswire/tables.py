"""The export document as flat tables: an ACLED-like event table, figures, reconciliations,
quotes, operations and articles, for spreadsheets, pandas, R and GIS joins.

``crosswire export --format csv`` writes them (one CSV per table into a
folder, or into a zip), ``--format parquet`` the same tables as Parquet
(optional extra ``pyarrow``, imported only then). The tables are computed
from the export document only, so they say what the JSON says: one row per
item, lists joined by "; ", nothing shown as "None".

The event table follows ACLED's column names where the meaning matches: one
row per incident (the sub-story unit crosswire dates and counts), with
``fatalities`` the conservative (ACLED-style, lowest credible) figure of the
incident's reconciled deaths and ``fatalities_best`` the best estimate
beside it: the incident's killed count as the link stage chose it
(``casualties``, the reading ``bench/gvc_counts.py`` measures) when it has
one, else the killed group's best estimate; ``injuries`` that chosen injured
count likewise, else the injured group's conservative figure;
``time_precision`` 1 = day, 2 = within a week, 3 = looser;
``geo_precision`` 1 = town, 2 = county, 3 = region or country;
``source_scale`` the number of independent sources; ``notes`` the sentence
that opens the incident, and ``report_ids`` the reports it rests on.
"""

from __future__ import annotations

import csv
import io
import zipfile
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from crosswire.errors import ExportError, ExtraUnavailableError
from crosswire.ingest.sites import site_name

__all__ = [
    "EVENT_COLUMNS",
    "Table",
    "build_tables",
    "table_csv",
    "write_csv_tables",
    "write_parquet_tables",
]

EVENT_COLUMNS: tuple[str, ...] = (
    "event_id",
    "event_date",
    "time_precision",
    "event_type",
    "sub_event_type",
    "actor1",
    "actor2",
    "country",
    "admin1",
    "admin2",
    "location",
    "latitude",
    "longitude",
    "geo_precision",
    "fatalities",
    "fatalities_best",
    "injuries",
    "sources",
    "source_scale",
    "notes",
    "report_ids",
    "story_id",
    "story_label",
)

_NOTE_CHARS = 400
_GEO_PRECISION = {"city": 1, "county": 2, "admin2": 2, "admin1": 3, "region": 3, "country": 3}
_EVENT_KIND = {  # crosswire event type -> ACLED-like event type
    "shooting": "Violence",
    "attack": "Violence",
    "casualties": "Violence",
    "arrest": "Arrests",
    "accusation": "Strategic developments",
    "territorial_control": "Strategic developments",
    "troop_movement": "Strategic developments",
    "negotiation": "Strategic developments",
    "evacuation": "Humanitarian",
    "aid_delivery": "Humanitarian",
    "aid_blocked": "Humanitarian",
    "displacement": "Humanitarian",
}


@dataclass(frozen=True, slots=True)
class Table:
    """One flat table: its file stem, column names and rows (dicts keyed by column)."""

    name: str
    columns: tuple[str, ...]
    rows: tuple[Mapping[str, Any], ...]


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return "; ".join(_cell(v) for v in value if v is not None)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence holding ``text[start:end]`` (regex bounds, at most ``_NOTE_CHARS``)."""
    left = max(text.rfind(". ", 0, start), text.rfind("\n", 0, start))
    right_dot, right_nl = text.find(". ", end), text.find("\n", end)
    rights = [r for r in (right_dot, right_nl) if r >= 0]
    right = min(rights) + 1 if rights else len(text)
    found = " ".join(text[left + 1 : right].split())
    return found if len(found) <= _NOTE_CHARS else found[: _NOTE_CHARS - 1] + "…"


def _precision(inc: Mapping[str, Any]) -> int | None:
    dates = inc.get("date_range") or []
    if not inc.get("date") and not dates:
        return None
    if inc.get("exact") or (len(dates) == 2 and dates[0] == dates[1]):
        return 1
    try:
        span = (date.fromisoformat(dates[1]) - date.fromisoformat(dates[0])).days
    except (ValueError, IndexError, TypeError):
        return 3
    return 2 if span <= 7 else 3


def _place_of(
    events: Sequence[Mapping[str, Any]], places: Mapping[int, Mapping[str, Any]]
) -> tuple[Mapping[str, Any] | None, Mapping[str, Any] | None]:
    """The incident's most named located town (else county, region), and its county."""
    named: Counter[int] = Counter()
    for ev in events:
        gid = (
            (ev.get("place") or {}).get("geonameid")
            if isinstance(ev.get("place"), Mapping)
            else None
        )
        if isinstance(gid, int) and gid in places:
            named[gid] += 1
    ranked = sorted(
        named,
        key=lambda g: (_GEO_PRECISION.get(str(places[g].get("feature")), 4), -named[g], g),
    )
    best = places[ranked[0]] if ranked else None
    county = next((places[g] for g in ranked if places[g].get("feature") == "county"), None)
    return best, county


def _most_named(
    located: Sequence[Mapping[str, Any]], articles: set[str]
) -> Mapping[str, Any] | None:
    """The most precise place the incident's reports name, the most named among equals."""
    best: tuple[int, int, str] | None = None
    found = None
    for place in located:
        n = sum(1 for m in place.get("mentions") or [] if m.get("article") in articles)
        if not n:
            continue
        key = (-_GEO_PRECISION.get(str(place.get("feature")), 4), n, str(place.get("name")))
        if best is None or key > best:
            best, found = key, place
    return found


def _county_named(
    counties: Sequence[Mapping[str, Any]], articles: set[str], place: Mapping[str, Any] | None
) -> Mapping[str, Any] | None:
    """The county the incident's reports name most, in the located place's region if any."""
    best: tuple[int, str] | None = None
    found = None
    for county in counties:
        if place is not None and county.get("admin1") != place.get("admin1"):
            continue
        n = sum(1 for m in county.get("mentions") or [] if m.get("article") in articles)
        if n and (best is None or (n, str(county.get("name"))) > best):
            best, found = (n, str(county.get("name"))), county
    return found


def _actors(events: Sequence[Mapping[str, Any]], role: str) -> str | None:
    """The actor most often in ``role`` (agent or target) across the incident's events,
    preferring those linked to an entity (a name over "a man")."""
    seen: Counter[tuple[bool, str]] = Counter()
    for ev in events:
        for actor in ev.get("actors") or []:
            if isinstance(actor, Mapping) and actor.get("role") == role and actor.get("text"):
                seen[(actor.get("entity") is not None, " ".join(str(actor["text"]).split()))] += 1
    if not seen:
        return None
    (_, text), _ = max(seen.items(), key=lambda kv: (kv[0][0], kv[1], kv[0][1]))
    return text


def _incident_figures(
    reconciliations: Iterable[Mapping[str, Any]], incident: str, measure: str
) -> tuple[Any, Any]:
    """Conservative and best-estimate values of the incident's ``measure`` group."""
    for rec in reconciliations:
        if rec.get("incident") == incident and rec.get("measure") == measure:
            cons = (rec.get("conservative") or {}).get("value")
            best = (rec.get("best_estimate") or {}).get("value")
            return cons, best
    return None, None


def _event_rows(doc: Mapping[str, Any]) -> list[dict[str, Any]]:
    articles = {str(a["id"]): a for a in doc.get("articles") or []}
    places = {
        int(p["geonameid"]): p
        for p in doc.get("places") or []
        if isinstance(p.get("geonameid"), int) and p.get("lat") is not None
    }
    located = [p for p in doc.get("places") or [] if p.get("lat") is not None]
    counties = [p for p in located if p.get("feature") == "county"]
    events_of: dict[str, list[Mapping[str, Any]]] = {}
    for ev in doc.get("events") or []:
        if ev.get("incident"):
            events_of.setdefault(str(ev["incident"]), []).append(ev)
    recs = list(doc.get("reconciliations") or [])
    rows = []
    seen: set[str] = set()
    for story in doc.get("stories") or []:
        for inc in story.get("incidents") or []:
            iid = str(inc.get("id"))
            if iid in seen:  # an incident two stories share is one event, under the first
                continue
            seen.add(iid)
            evs = events_of.get(iid, [])
            kinds = Counter(str(e.get("type")) for e in evs if e.get("type"))
            kind = kinds.most_common(1)[0][0] if kinds else None
            place, county = _place_of(evs, places)
            if place is None:
                place = _most_named(located, set(inc.get("main_in") or inc.get("articles") or []))
            if county is None:
                county = _county_named(counties, set(inc.get("articles") or []), place)
            counts = inc.get("counts") or {}
            killed, killed_best = _incident_figures(recs, iid, "killed")
            injured, _ = _incident_figures(recs, iid, "injured")
            if killed is None and "killed" in counts:
                killed = counts["killed"]
            if injured is None and "injured" in counts:
                injured = counts["injured"]
            chosen = inc.get("casualties") or {}
            if isinstance(chosen.get("killed"), int):
                killed_best = chosen["killed"]  # the pair the counts benchmarks measure
            if isinstance(chosen.get("injured"), int):
                injured = chosen["injured"]
            arts = [a for a in inc.get("articles") or [] if a in articles]
            outlets = dict.fromkeys(
                str(articles[a].get("outlet") or site_name(articles[a].get("url")) or a)
                for a in arts
            )
            mention = next(iter(inc.get("mentions") or []), None)
            note = None
            if mention and str(mention.get("article")) in articles:
                text = str(articles[str(mention["article"])].get("text") or "")
                note = _sentence(text, int(mention.get("start") or 0), int(mention.get("end") or 0))
            day = (inc.get("day") or {}).get("value") or inc.get("date")
            feature = str(place.get("feature")) if place else ""
            rows.append(
                {
                    "event_id": iid,
                    "event_date": day,
                    "time_precision": _precision(inc),
                    "event_type": _EVENT_KIND.get(kind or "", kind),
                    "sub_event_type": kind,
                    "actor1": _actors(evs, "agent"),
                    "actor2": _actors(evs, "target"),
                    "country": place.get("country") if place else None,
                    "admin1": place.get("admin1") if place else None,
                    "admin2": county.get("name") if county else None,
                    "location": place.get("name") if place else None,
                    "latitude": place.get("lat") if place else None,
                    "longitude": place.get("lon") if place else None,
                    "geo_precision": _GEO_PRECISION.get(feature) if place else None,
                    "fatalities": killed if killed is not None else 0,
                    "fatalities_best": killed_best if killed_best is not None else killed,
                    "injuries": injured,
                    "sources": list(outlets),
                    "source_scale": inc.get("independent_sources"),
                    "notes": note,
                    "report_ids": arts,
                    "story_id": story.get("id"),
                    "story_label": story.get("label"),
                }
            )
    rows.sort(key=lambda r: (str(r["event_date"] or "~"), str(r["event_id"])))
    return rows


def _span_text(doc_articles: Mapping[str, Mapping[str, Any]], item: Mapping[str, Any]) -> str:
    art = doc_articles.get(str(item.get("article")))
    if art is None or not isinstance(item.get("start"), int):
        return ""
    return _sentence(str(art.get("text") or ""), int(item["start"]), int(item["end"]))


def _named(value: object) -> object:
    if isinstance(value, Mapping):
        return value.get("name") or value.get("text")
    if isinstance(value, list):
        return [_named(v) for v in value]
    return value


def build_tables(doc: Mapping[str, Any]) -> list[Table]:
    """Every table of the CSV / Parquet export, events first (see the module docstring)."""
    articles = {str(a["id"]): a for a in doc.get("articles") or []}
    tables = [Table("events", EVENT_COLUMNS, tuple(_event_rows(doc)))]
    fig_cols = (
        "id", "article", "value", "low", "high", "unit", "counts", "measure", "hedge",
        "kind", "claimant", "claimant_entity", "place", "place_geonameid", "as_of",
        "incident", "derived", "cumulative", "caveats", "text", "start", "end", "sentence",
    )  # fmt: skip
    tables.append(
        Table(
            "figures",
            fig_cols,
            tuple(
                {**{c: f.get(c) for c in fig_cols}, "sentence": _span_text(articles, f)}
                for f in doc.get("figures") or []
            ),
        )
    )
    rec_cols = (
        "id", "measure", "counts", "unit", "place", "place_key", "incident", "status",
        "direction", "independent_sources", "conservative", "best_estimate", "as_of",
        "figures", "articles", "summary",
    )  # fmt: skip
    tables.append(
        Table(
            "reconciliations",
            rec_cols,
            tuple(
                {
                    **{c: r.get(c) for c in rec_cols},
                    "conservative": (r.get("conservative") or {}).get("value"),
                    "best_estimate": (r.get("best_estimate") or {}).get("value"),
                }
                for r in doc.get("reconciliations") or []
            ),
        )
    )
    quote_cols = (
        "id", "article", "kind", "speaker", "speaker_entity", "speaker_type", "role",
        "medium", "cue", "text", "start", "end", "sentence",
    )  # fmt: skip
    tables.append(
        Table(
            "quotes",
            quote_cols,
            tuple(
                {
                    **{c: q.get(c) for c in quote_cols},
                    "cue": (q.get("cue") or {}).get("text"),
                    "sentence": _span_text(articles, q),
                }
                for q in doc.get("quotes") or []
            ),
        )
    )
    op_cols = (
        "id", "kind", "status", "origin", "destination", "route", "organisers",
        "first_date", "last_date", "statuses", "articles",
    )  # fmt: skip
    op_rows = []
    for op in doc.get("operations") or []:
        history = [h for h in op.get("status_history") or [] if isinstance(h, Mapping)]
        dates = sorted(str(h["date"])[:10] for h in history if h.get("date"))
        op_rows.append(
            {
                "id": op.get("id"),
                "kind": op.get("kind"),
                "status": op.get("status"),
                "origin": _named(op.get("origin")),
                "destination": _named(op.get("destination")),
                "route": _named(op.get("route") or []),
                "organisers": _named(op.get("organisers") or []),
                "first_date": dates[0] if dates else None,
                "last_date": dates[-1] if dates else None,
                "statuses": [h.get("status") for h in history],
                "articles": list(dict.fromkeys(str(h.get("article")) for h in history)),
            }
        )
    tables.append(Table("operations", op_cols, tuple(op_rows)))
    art_cols = (
        "id", "published", "outlet", "url", "title", "dateline", "wire", "duplicate_of",
        "wire_text_of", "source",
    )  # fmt: skip
    tables.append(
        Table(
            "articles",
            art_cols,
            tuple({c: a.get(c) for c in art_cols} for a in doc.get("articles") or []),
        )
    )
    return tables


def table_csv(table: Table) -> str:
    """One table as CSV text with a header row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(table.columns)
    for row in table.rows:
        writer.writerow([_cell(row.get(c)) for c in table.columns])
    return out.getvalue()


def write_csv_tables(tables: Sequence[Table], target: str | Path) -> list[str]:
    """Write each table as ``NAME.csv`` into the folder ``target``, or into the zip file
    ``target`` when it ends in ``.zip``; returns the names written."""
    target = Path(target)
    names = [f"{t.name}.csv" for t in tables]
    try:
        if target.suffix.lower() == ".zip":
            target.parent.mkdir(parents=True, exist_ok=True)
            with zipfile.ZipFile(target, "w", compression=zipfile.ZIP_DEFLATED) as zf:
                for table, name in zip(tables, names, strict=True):
                    zf.writestr(name, table_csv(table))
        else:
            target.mkdir(parents=True, exist_ok=True)
            for table, name in zip(tables, names, strict=True):
                (target / name).write_text(table_csv(table), encoding="utf-8")
    except OSError as exc:
        raise ExportError(f"cannot write {target}: {exc.strerror or exc}") from exc
    return names


def _column_values(table: Table, column: str) -> list[Any]:
    """A column as Parquet takes it: numbers stay numbers, lists stay lists, the rest text."""
    values = [row.get(column) for row in table.rows]
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return values
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return values
    if present and all(isinstance(v, int | float) and not isinstance(v, bool) for v in present):
        return [float(v) if v is not None else None for v in values]
    if present and all(isinstance(v, list) for v in present):
        return [[_cell(x) for x in v] if v is not None else None for v in values]
    return [_cell(v) if v is not None else None for v in values]


def write_parquet_tables(tables: Sequence[Table], folder: str | Path) -> list[str]:
    """Write each table as ``NAME.parquet`` into ``folder`` (needs the ``parquet`` extra)."""
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise ExtraUnavailableError(
            "Parquet needs pyarrow: pip install 'crosswire[parquet]' (or use --format csv)"
        ) from None
    folder = Path(folder)
    if folder.suffix.lower() == ".zip":
        raise ExportError("Parquet tables go into a folder: give -o FOLDER, not a .zip")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        names = []
        for table in tables:
            data = {c: _column_values(table, c) for c in table.columns}
            data = {  # a column with no value at all is still text, not Parquet's null type
                c: pa.array(v, type=pa.string()) if all(x is None for x in v) else v
                for c, v in data.items()
            }
            pq.write_table(pa.table(data), folder / f"{table.name}.parquet")
            names.append(f"{table.name}.parquet")
    except OSError as exc:
        raise ExportError(f"cannot write {folder}: {exc.strerror or exc}") from exc
    return names
