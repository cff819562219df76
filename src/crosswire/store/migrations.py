"""Versioned schema of the SQLite store.

The schema version lives in SQLite's ``PRAGMA user_version``. Each entry of
:data:`MIGRATIONS` moves the database from version *i* to *i + 1* and runs in
its own transaction, so a crash mid-migration leaves the previous version
intact. Never edit a released migration: append a new one.
"""

from __future__ import annotations

from crosswire.store.views import sqlite_views_sql

__all__ = ["MIGRATIONS", "SCHEMA_VERSION"]

MIGRATIONS: tuple[str, ...] = (
    # 1: articles, dedupe signatures, annotations, entities.
    """
    CREATE TABLE articles (
        id           TEXT PRIMARY KEY,
        source       TEXT NOT NULL,
        url          TEXT,
        fmt          TEXT NOT NULL,
        title        TEXT,
        outlet       TEXT,
        published    TEXT,
        dateline     TEXT,
        wire         TEXT NOT NULL DEFAULT '[]',
        raw_text     TEXT NOT NULL,
        text         TEXT NOT NULL,
        removed      TEXT NOT NULL DEFAULT '[]',
        duplicate_of TEXT REFERENCES articles(id),
        seq          INTEGER NOT NULL,
        ingested_at  TEXT NOT NULL
    );
    CREATE INDEX articles_duplicate_of ON articles(duplicate_of);
    CREATE UNIQUE INDEX articles_seq ON articles(seq);

    CREATE TABLE signatures (
        article_id TEXT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
        num_perm   INTEGER NOT NULL,
        hashvalues BLOB NOT NULL
    );

    CREATE TABLE annotations (
        article_id TEXT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
        model      TEXT NOT NULL,
        sentences  TEXT NOT NULL,
        doc        BLOB
    );

    CREATE TABLE mentions (
        article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        start      INTEGER NOT NULL,
        end        INTEGER NOT NULL,
        text       TEXT NOT NULL,
        label      TEXT NOT NULL,
        entity_id  TEXT,
        PRIMARY KEY (article_id, start, end)
    );
    CREATE INDEX mentions_entity ON mentions(entity_id);

    CREATE TABLE roles (
        article_id    TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        start         INTEGER NOT NULL,
        end           INTEGER NOT NULL,
        text          TEXT NOT NULL,
        mention_start INTEGER NOT NULL,
        mention_end   INTEGER NOT NULL,
        PRIMARY KEY (article_id, start, end, mention_start)
    );

    CREATE TABLE entities (
        id      TEXT PRIMARY KEY,
        name    TEXT NOT NULL,
        type    TEXT NOT NULL,
        aliases TEXT NOT NULL DEFAULT '[]',
        roles   TEXT NOT NULL DEFAULT '[]'
    );
    """,
    # 2: extraction results per article, cross-report sections, incremental state, metadata.
    """
    CREATE TABLE extractions (
        article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        name       TEXT NOT NULL,
        version    TEXT NOT NULL,
        items      TEXT NOT NULL,
        PRIMARY KEY (article_id, name)
    );
    CREATE INDEX extractions_name ON extractions(name);

    CREATE TABLE sections (
        name    TEXT PRIMARY KEY,
        version TEXT NOT NULL,
        items   TEXT NOT NULL
    );

    CREATE TABLE state (
        name  TEXT NOT NULL,
        key   TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (name, key)
    );

    CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    """,
    # 3: where a publication date read from the text came from (ingest --guess-published).
    """
    ALTER TABLE articles ADD COLUMN published_guess TEXT;
    """,
    # 4: documents a stage failed on, skipped by later runs until re-ingested or cleared.
    """
    CREATE TABLE problems (
        article_id TEXT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
        stage      TEXT NOT NULL,
        error      TEXT NOT NULL,
        at         TEXT NOT NULL
    );
    """,
    # 5: plain views of figures, quotes, events, operations, reconciliations and stories
    # (crosswire.store.views), so datasette and sqlite-utils show rows, not JSON blobs.
    sqlite_views_sql(),
)

SCHEMA_VERSION = len(MIGRATIONS)
