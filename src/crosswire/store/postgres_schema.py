"""Versioned schema of the PostgreSQL store: the SQLite migrations, step for step.

Entry *i* here does what entry *i* of :data:`crosswire.store.migrations.MIGRATIONS`
does, in PostgreSQL's dialect: bytes are ``BYTEA``, the column ``end`` is
quoted (a reserved word there), and JSON stays ``TEXT``. JSON is kept as text
rather than ``JSONB`` on purpose: JSONB re-orders object keys, so items read
back would differ from what was written and an export from PostgreSQL would no
longer equal one from SQLite.

The version lives in the one-row table ``crosswire_schema`` (PostgreSQL has no
``user_version``). Each migration runs in its own transaction under the store's
advisory lock, so two processes opening a fresh database at once apply it once.
Never edit a released migration: append one here *and* in ``migrations.py``
(a test checks that both schemas have the same tables and columns).
"""

from __future__ import annotations

from crosswire.store.views import postgres_views_sql

__all__ = ["POSTGRES_MIGRATIONS", "VERSION_TABLE"]

VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS crosswire_schema (
    one     BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    version INTEGER NOT NULL
);
INSERT INTO crosswire_schema (one, version) VALUES (TRUE, 0) ON CONFLICT (one) DO NOTHING;
"""

POSTGRES_MIGRATIONS: tuple[str, ...] = (
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
        seq          BIGINT NOT NULL,
        ingested_at  TEXT NOT NULL
    );
    CREATE INDEX articles_duplicate_of ON articles(duplicate_of);
    CREATE UNIQUE INDEX articles_seq ON articles(seq);

    CREATE TABLE signatures (
        article_id TEXT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
        num_perm   INTEGER NOT NULL,
        hashvalues BYTEA NOT NULL
    );

    CREATE TABLE annotations (
        article_id TEXT PRIMARY KEY REFERENCES articles(id) ON DELETE CASCADE,
        model      TEXT NOT NULL,
        sentences  TEXT NOT NULL,
        doc        BYTEA
    );

    CREATE TABLE mentions (
        article_id TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        start      INTEGER NOT NULL,
        "end"      INTEGER NOT NULL,
        text       TEXT NOT NULL,
        label      TEXT NOT NULL,
        entity_id  TEXT,
        PRIMARY KEY (article_id, start, "end")
    );
    CREATE INDEX mentions_entity ON mentions(entity_id);

    CREATE TABLE roles (
        article_id    TEXT NOT NULL REFERENCES articles(id) ON DELETE CASCADE,
        start         INTEGER NOT NULL,
        "end"         INTEGER NOT NULL,
        text          TEXT NOT NULL,
        mention_start INTEGER NOT NULL,
        mention_end   INTEGER NOT NULL,
        PRIMARY KEY (article_id, start, "end", mention_start)
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
    # 5: plain views of the stored JSON items (crosswire.store.views).
    postgres_views_sql(),
)
