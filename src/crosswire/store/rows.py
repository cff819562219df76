"""How an :class:`~crosswire.models.Article` becomes a database row and back.

Shared by the SQLite and PostgreSQL stores so that both write the very same
column values (dates as ISO text, tuples as JSON text): an export built from
either store is then byte-identical, which the tests check.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import Any

from crosswire.models import (
    Annotation,
    Article,
    DateGuess,
    Entity,
    Mention,
    Removal,
    RoleMention,
)

__all__ = [
    "ARTICLE_COLUMNS",
    "annotations_from_rows",
    "article_from_row",
    "article_values",
    "entities_from_rows",
    "opt_str",
    "utc_now",
]

Row = Sequence[Any]

ARTICLE_COLUMNS = (
    "id, source, url, fmt, title, outlet, published, dateline, wire, raw_text, text, removed,"
    " duplicate_of, published_guess"
)


def article_values(article: Article, seq: int) -> tuple[object, ...]:
    """Values for ``INSERT INTO articles (<ARTICLE_COLUMNS minus published_guess>, seq,
    ingested_at, published_guess)``, in that order."""
    return (
        article.id,
        article.source,
        article.url,
        article.fmt,
        article.title,
        article.outlet,
        article.published.isoformat() if article.published else None,
        article.dateline,
        json.dumps(list(article.wire)),
        article.raw_text,
        article.text,
        json.dumps([[r.kind, r.text] for r in article.removed]),
        article.duplicate_of,
        seq,
        utc_now(),
        json.dumps(asdict(article.published_guess)) if article.published_guess else None,
    )


def article_from_row(row: tuple[object, ...]) -> Article:
    """The article of one row selected as :data:`ARTICLE_COLUMNS`."""
    (
        aid,
        source,
        url,
        fmt,
        title,
        outlet,
        published,
        dateline,
        wire,
        raw,
        text,
        removed,
        dup,
        guess,
    ) = row
    return Article(
        id=str(aid),
        source=str(source),
        url=opt_str(url),
        fmt=str(fmt),
        title=opt_str(title),
        outlet=opt_str(outlet),
        published=date.fromisoformat(str(published)) if published else None,
        dateline=opt_str(dateline),
        wire=tuple(json.loads(str(wire))),
        raw_text=str(raw),
        text=str(text),
        removed=tuple(Removal(k, t) for k, t in json.loads(str(removed))),
        duplicate_of=opt_str(dup),
        published_guess=DateGuess(**json.loads(str(guess))) if guess else None,
    )


def opt_str(value: object) -> str | None:
    """``None`` stays ``None``; anything else becomes its text."""
    return None if value is None else str(value)


def annotations_from_rows(
    sentences: Iterable[Row], mentions: Iterable[Row], roles: Iterable[Row]
) -> list[Annotation]:
    """Annotations from the rows of three queries each store words in its own SQL.

    ``sentences``: (article id, JSON sentence spans), in article ingestion order;
    ``mentions``: (article id, start, end, text, label, entity id); ``roles``:
    (article id, start, end, text, mention start, mention end), both in the order
    they are to be kept. Rows of articles with no annotation are skipped.
    """
    result: dict[str, Annotation] = {}
    for aid, spans in sentences:
        result[aid] = Annotation(
            article=aid, sentences=[(int(s), int(e)) for s, e in json.loads(spans)]
        )
    for aid, start, end, text, label, entity in mentions:
        if aid in result:
            result[aid].mentions.append(Mention(aid, start, end, text, label, entity))
    for aid, start, end, text, m_start, m_end in roles:
        if aid in result:
            result[aid].roles.append(RoleMention(aid, start, end, text, m_start, m_end))
    return list(result.values())


def entities_from_rows(entities: Iterable[Row], mentions: Iterable[Row]) -> list[Entity]:
    """Entities from (id, name, type, JSON aliases, JSON roles) rows, in the order given,
    with their (article id, start, end, text, label, entity id) mention rows."""
    ents: dict[str, Entity] = {}
    for eid, name, etype, aliases, roles in entities:
        ents[eid] = Entity(eid, name, etype, json.loads(aliases), json.loads(roles))
    for aid, start, end, text, label, eid in mentions:
        if eid in ents:
            ents[eid].mentions.append(Mention(aid, start, end, text, label, eid))
    return list(ents.values())


def utc_now() -> str:
    """The current time in UTC as ISO 8601 to the second: how both stores stamp rows."""
    return datetime.now(UTC).isoformat(timespec="seconds")
