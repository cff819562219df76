"""The export contract: one versioned JSON document that tools and benchmarks read.

The shape is fixed by ``schema/crosswire.schema.json`` (JSON Schema
2020-12) shipped inside the package; :func:`validate_export` checks a
document against it. Bump :data:`EXPORT_VERSION` on any incompatible
change, so readers can tell which contract they hold.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from functools import cache
from importlib import resources
from typing import Any

from crosswire.errors import ExportError
from crosswire.extract.time_published import published_source
from crosswire.models import Article, Entity
from crosswire.store import StoreBackend

__all__ = [
    "EXPORT_VERSION",
    "SECTIONS",
    "build_export",
    "export_json",
    "load_schema",
    "validate_export",
]

EXPORT_VERSION = "1"

#: Top-level lists every export carries; those not built yet are empty.
SECTIONS: tuple[str, ...] = (
    "articles",
    "entities",
    "places",
    "quotes",
    "figures",
    "events",
    "operations",
    "stories",
    "reconciliations",
    "wire_texts",
)


def build_export(store: StoreBackend) -> dict[str, Any]:
    """Everything the store knows, as the versioned export document.

    A section comes from the aggregator of that name when one has run
    (stories, reconciliations, ...), else from the per-article extractor of
    that name (quotes, figures, ...), with entity references refreshed;
    sections no installed component builds are empty lists.
    """
    from crosswire.extract import finalize, load_extractors
    from crosswire.link import EntityIndex

    doc: dict[str, Any] = {"version": EXPORT_VERSION}
    for section in SECTIONS:
        doc[section] = []
    doc["articles"] = [_article(a) for a in store.articles()]
    entities = store.entities()
    doc["entities"] = [_entity(e) for e in entities]
    extractors = {x.name: x for x in load_extractors()}
    index: EntityIndex | None = None
    for section in SECTIONS[2:]:
        stored = store.section(section)
        if stored is not None:
            doc[section] = stored[1]
        elif section in extractors:
            index = index or EntityIndex(entities)
            extractor = extractors[section]
            doc[section] = [
                finalize(extractor, item, index)
                for items in store.extractions(section).values()
                for item in items
            ]
    _attach_incidents(doc)
    _attach_days(doc, store)
    _attach_casualties(doc, store)
    _attach_wire_texts(doc)
    return doc


def _attach_wire_texts(doc: dict[str, Any]) -> None:
    """Give every article the first report carrying the same wire or shared text
    (``wire_text_of``, from the ``wire_texts`` section; null for that first one)."""
    first_of = {
        str(aid): str(group["first"])
        for group in doc.get("wire_texts") or []
        for aid in group.get("articles") or []
        if aid != group["first"]
    }
    for art in doc["articles"]:
        art["wire_text_of"] = first_of.get(art["id"])


def _attach_days(doc: dict[str, Any], store: StoreBackend) -> None:
    """Give every incident the ``day`` the benchmarked dating rules read off its reports.

    The incident's ``date`` comes from the stories aggregator's day slots;
    ``day`` is :func:`crosswire.extract.events_dating.incident_day` (the
    function ``bench/gvc_dates.py`` measures) over the events and timexes in
    the incident's mention spans, with the spans that voted as evidence.
    """
    from crosswire.link.incident_days import incident_days

    if not doc["stories"]:
        return
    events = [e for items in store.extractions("events").values() for e in items]
    timexes = [t for items in store.extractions("timexes").values() for t in items]
    days = incident_days(doc["stories"], doc["articles"], events, timexes)
    doc["stories"] = [
        {
            **story,
            "incidents": [
                {**inc, "day": days[str(inc.get("id"))]} for inc in story.get("incidents") or []
            ],
        }
        for story in doc["stories"]
    ]


def _attach_casualties(doc: dict[str, Any], store: StoreBackend) -> None:
    """Give every incident the killed / injured pair the link stage stored for it.

    The ``incident_counts`` aggregator reads the pair with the function the counts
    benchmarks measure (:func:`crosswire.link.count_chooser.incident_casualty_counts`);
    the export only carries it, as ``casualties``. An incident with no casualty figures,
    or a store linked before the aggregator existed, has none.
    """
    stored = store.section("incident_counts")
    if stored is None or not doc["stories"]:
        return
    pairs = {
        str(c["incident"]): {k: c[k] for k in ("killed", "injured", "how", "figures") if k in c}
        for c in stored[1]
    }
    doc["stories"] = [
        {
            **story,
            "incidents": [
                {**inc, "casualties": pairs[str(inc.get("id"))]}
                if str(inc.get("id")) in pairs
                else inc
                for inc in story.get("incidents") or []
            ],
        }
        for story in doc["stories"]
    ]


def _attach_incidents(doc: dict[str, Any]) -> None:
    """Give every figure and event the incident (from ``stories``) whose text holds it.

    Incidents are found after the per-article extractors ran, so the link is
    made here, once, for everyone who reads the export (reports, tools).
    """
    from crosswire.link.incidents import definite, incident_of_items

    for section in ("figures", "events"):
        of = incident_of_items(doc[section], doc["stories"])
        doc[section] = [
            {**item, "incident": definite(of.get(str(item["id"])))} for item in doc[section]
        ]


def export_json(doc: dict[str, Any]) -> str:
    """Serialise an export document: UTF-8 text, stable key order, trailing newline."""
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


@cache
def load_schema() -> dict[str, Any]:
    """The JSON Schema of the export document (read once from package data).

    Each later section's item schema lives in ``schema/sections/<name>.json``
    next to the main schema, so the stage that fills a section owns its
    contract; it replaces the generic span-carrying item of the main schema.
    """
    base = resources.files("crosswire").joinpath("schema")
    schema: dict[str, Any] = json.loads(base.joinpath("crosswire.schema.json").read_text("utf-8"))
    for section in SECTIONS[2:]:
        part = base.joinpath("sections", f"{section}.json")
        if part.is_file():
            item = json.loads(part.read_text("utf-8"))
            item.pop("$schema", None)
            schema["$defs"][f"{section}_item"] = item
    return schema


def validate_export(doc: dict[str, Any]) -> None:
    """Raise :class:`ExportError` listing every place where ``doc`` breaks the schema.

    Beyond the schema it also checks that every span points inside its
    article's text, which JSON Schema cannot express.
    """
    import jsonschema

    validator = jsonschema.Draft202012Validator(load_schema())
    problems = [
        f"{'/'.join(str(p) for p in err.absolute_path) or '(top)'}: {err.message}"
        for err in validator.iter_errors(doc)
    ]
    if not problems:
        problems = _span_problems(doc)
    if problems:
        shown = "; ".join(problems[:10])
        more = f" (+{len(problems) - 10} more)" if len(problems) > 10 else ""
        raise ExportError(f"export does not match schema version {EXPORT_VERSION}: {shown}{more}")


def _span_problems(doc: dict[str, Any]) -> list[str]:
    lengths = {a["id"]: len(a["text"]) for a in doc["articles"]}
    problems = []
    spans: list[tuple[str, dict[str, Any]]] = [
        (f"entities/{e['id']}", m) for e in doc["entities"] for m in e["mentions"]
    ]
    for section in SECTIONS[2:]:
        spans.extend(
            (f"{section}/{i}", item)
            for i, item in enumerate(doc.get(section) or [])
            if "article" in item
        )
    spans.extend(
        (f"stories/{story['id']}/{inc['id']}/day", ev)
        for story in doc["stories"]
        for inc in story.get("incidents") or []
        for ev in (inc.get("day") or {}).get("evidence") or []
    )
    for where, span in spans:
        art, start, end = span.get("article"), span.get("start"), span.get("end")
        if art not in lengths:
            problems.append(f"{where}: unknown article {art!r}")
        elif not (isinstance(start, int) and isinstance(end, int)) or not (
            0 <= start <= end <= lengths[art]
        ):
            problems.append(f"{where}: span {start}-{end} outside article {art}")
    return problems


def _article(a: Article) -> dict[str, Any]:
    return {
        "id": a.id,
        "source": a.source,
        "url": a.url,
        "title": a.title,
        "outlet": a.outlet,
        "published": a.published.isoformat() if a.published else None,
        "dateline": a.dateline,
        "wire": list(a.wire),
        "text": a.text,
        "duplicate_of": a.duplicate_of,
        "format": a.fmt,
        "removed": [{"kind": r.kind, "text": r.text} for r in a.removed],
        "published_guess": asdict(a.published_guess) if a.published_guess else None,
        "published_source": published_source(
            a.published, a.published_guess.method if a.published_guess else None
        ),
    }


def _entity(e: Entity) -> dict[str, Any]:
    return {
        "id": e.id,
        "name": e.name,
        "type": e.type,
        "aliases": list(e.aliases),
        "roles": list(e.roles),
        "mentions": [
            {"article": m.article, "start": m.start, "end": m.end, "text": m.text}
            for m in e.mentions
        ],
    }
