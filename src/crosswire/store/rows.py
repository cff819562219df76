"""How an :class:`~crosswire.models.Article` becomes a database row and back.

Shared by the SQLite and PostgreSQL stores so that both write the very same
column values (dates as ISO text, tuples as JSON text): an export built from
either store is then byte-identical, which the tests check.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from datetime import UTC, date, datetime

from crosswire.models import Article, DateGuess, Removal

__all__ = ["ARTICLE_COLUMNS", "article_from_row", "article_values", "opt_str"]

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
        datetime.now(UTC).isoformat(timespec="seconds"),
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
