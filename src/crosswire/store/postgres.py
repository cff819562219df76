"""PostgreSQL store: the shared-server home of articles and what was learned about them.

Same contract as the SQLite :class:`~crosswire.store.sqlite.Store` (same
schema version, same column values, same ordering), so every stage and the
export work unchanged and give the same output on either backend.

Why the locking looks the way it does: several processes may ingest into one
database at once. SQLite serialises writers with ``BEGIN IMMEDIATE``; here
every write transaction starts by taking one transaction-scoped advisory lock
(``pg_advisory_xact_lock``), which gives the same one-writer-at-a-time
behaviour while readers go on unblocked. Under that lock the next ingestion
``seq`` is computed safely, and ``INSERT ... ON CONFLICT DO NOTHING`` keeps an
article two processes both try to add from being stored twice. Statements
run in autocommit mode unless inside :meth:`PostgresStore.transaction`, so a
read always sees the latest committed writes of every process.

Needs the optional ``psycopg`` driver (``pip install 'crosswire[postgres]'``),
imported only when this module is.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Any, LiteralString

import psycopg

from crosswire.errors import SchemaVersionError, StoreError
from crosswire.models import Annotation, Article, Entity, StoredProblem
from crosswire.store.migrations import SCHEMA_VERSION
from crosswire.store.postgres_connect import connect, redact, store_error
from crosswire.store.postgres_schema import POSTGRES_MIGRATIONS, VERSION_TABLE
from crosswire.store.postgres_text import escape_nul, unescape_nul
from crosswire.store.rows import (
    ARTICLE_COLUMNS,
    annotations_from_rows,
    article_from_row,
    article_values,
    entities_from_rows,
    opt_str,
    utc_now,
)
from crosswire.store.write_token import NO_WRITES, WRITE_TOKEN_KEY, new_token

__all__ = ["WRITE_LOCK", "PostgresStore"]

#: Advisory lock key every write transaction holds ("crosswir" as a signed 64-bit integer).
WRITE_LOCK = int.from_bytes(b"crosswir", "big", signed=True)

_ARTICLES_A = ", ".join("a." + c.strip() for c in ARTICLE_COLUMNS.split(","))

Row = tuple[Any, ...]


class PostgresStore:
    """A crosswire database on a PostgreSQL server, named by a ``postgresql://`` URL.

    The database must exist (``createdb``); opening creates crosswire's tables
    and migrates them to the current schema. Use it as a context manager, or
    call :meth:`close`.
    """

    def __init__(self, url: str) -> None:
        self._url = url
        self.path = redact(url)
        self._in_tx = False
        self._reading = False
        self._conn = connect(url)
        try:
            self._migrate()
        except BaseException:
            self._conn.close()
            raise

    # -- lifecycle -----------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection; the store cannot be used afterwards."""
        self._conn.close()

    def __enter__(self) -> PostgresStore:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        row = self._one("SELECT version FROM crosswire_schema")
        return int(row[0]) if row else 0

    def _migrate(self) -> None:
        try:
            with self._conn.transaction():
                self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                self._conn.execute(VERSION_TABLE)
            version = self.schema_version
            if version > SCHEMA_VERSION:
                raise SchemaVersionError(
                    f"{self.path} has schema version {version}, but this crosswire knows only "
                    f"up to {SCHEMA_VERSION}: upgrade crosswire to read it"
                )
            for target in range(version + 1, SCHEMA_VERSION + 1):
                with self._conn.transaction():
                    self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                    # Another process may have migrated while we waited for the lock.
                    if self.schema_version >= target:
                        continue
                    self._conn.execute(POSTGRES_MIGRATIONS[target - 1])
                    self._conn.execute("UPDATE crosswire_schema SET version = %s", (target,))
        except psycopg.OperationalError as exc:
            raise store_error(exc, self._url) from exc
        except psycopg.errors.InsufficientPrivilege as exc:
            raise StoreError(
                f"cannot open store {self.path}: {str(exc).strip()} (crosswire creates its "
                "tables on first use: connect as the database owner, or GRANT CREATE ON "
                "SCHEMA public to this user)"
            ) from exc
        except psycopg.Error as exc:
            raise StoreError(
                f"cannot open store {self.path}: {str(exc).strip()} "
                "(is it a crosswire database? name another database in the URL)"
            ) from exc

    @contextmanager
    def transaction(self) -> Iterator[psycopg.Connection[Row]]:
        """Run a block of writes atomically; nested uses join the outer transaction.

        Holds the store's write lock until commit or rollback, so writers from
        other processes wait rather than interleave.
        """
        if self._in_tx:
            yield self._conn
            return
        if self._reading:
            raise StoreError(f"cannot write to {self.path} inside a read snapshot")
        self._in_tx = True
        try:
            with self._conn.transaction():
                self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
                yield self._conn
                # A transaction id is assigned only once a row was written: the
                # token then changes in the same commit, else nothing is touched.
                wrote = self._conn.execute(
                    "SELECT pg_current_xact_id_if_assigned() IS NOT NULL"
                ).fetchone()
                if wrote and wrote[0]:
                    self._conn.execute(
                        "INSERT INTO meta (key, value) VALUES (%s, %s)"
                        " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                        (WRITE_TOKEN_KEY, new_token()),
                    )
        except psycopg.Error as exc:
            raise store_error(exc, self._url, "write to") from exc
        finally:
            self._in_tx = False

    @contextmanager
    def read_snapshot(self) -> Iterator[None]:
        """Run a block of reads that all see one committed state.

        A ``REPEATABLE READ, READ ONLY`` transaction: every read sees the data
        as of its first query, and other processes' writes go on unblocked
        (they show in the next snapshot).
        """
        if self._in_tx or self._reading:
            yield
            return
        self._reading = True
        try:
            with self._conn.transaction():
                self._conn.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                yield
        except psycopg.Error as exc:
            raise store_error(exc, self._url, "read from") from exc
        finally:
            self._reading = False

    def state_token(self) -> str:
        """Changes with every committed write that changed a row (see :mod:`write_token`)."""
        return self.get_meta(WRITE_TOKEN_KEY) or NO_WRITES

    def _rows(self, sql: LiteralString, params: Sequence[object] = ()) -> list[Row]:
        try:
            return self._conn.execute(sql, params).fetchall()
        except psycopg.Error as exc:
            raise store_error(exc, self._url, "read from") from exc

    def _one(self, sql: LiteralString, params: Sequence[object] = ()) -> Row | None:
        rows = self._rows(sql, params)
        return rows[0] if rows else None

    # -- articles ------------------------------------------------------------------------

    def add_article(self, article: Article) -> bool:
        """Store an article; return False (and change nothing) if its id is already there."""
        with self.transaction() as conn:
            row = conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM articles").fetchone()
            seq = int(row[0]) if row else 1
            cur = conn.execute(
                "INSERT INTO articles (id, source, url, fmt, title, outlet, published,"
                " dateline, wire, raw_text, text, removed, duplicate_of, seq, ingested_at,"
                " published_guess) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s,"
                " %s, %s, %s, %s) ON CONFLICT (id) DO NOTHING",
                tuple(escape_nul(v) for v in article_values(article, seq)),
            )
            return cur.rowcount == 1

    def has_article(self, article_id: str) -> bool:
        """True if an article with this id is stored."""
        return self._one("SELECT 1 FROM articles WHERE id = %s", (article_id,)) is not None

    def get_article(self, article_id: str) -> Article | None:
        """The stored article with this id, or None."""
        row = self._one(f"SELECT {ARTICLE_COLUMNS} FROM articles WHERE id = %s", (article_id,))
        return _article(row) if row else None

    def articles(self) -> list[Article]:
        """All articles in ingestion order."""
        rows = self._rows(f"SELECT {ARTICLE_COLUMNS} FROM articles ORDER BY seq")
        return [_article(row) for row in rows]

    def article_text(self, article_id: str) -> str:
        """The cleaned text of one stored article (KeyError if there is none)."""
        row = self._one("SELECT text FROM articles WHERE id = %s", (article_id,))
        if row is None:
            raise KeyError(article_id)
        return str(unescape_nul(row[0]))

    def duplicate_links(self) -> dict[str, str | None]:
        """article id -> the article it copies (None for originals), for every article."""
        return {str(a): opt_str(d) for a, d in self._rows("SELECT id, duplicate_of FROM articles")}

    def count_articles(self) -> int:
        """Number of stored articles."""
        row = self._one("SELECT COUNT(*) FROM articles")
        return int(row[0]) if row else 0

    def set_duplicate(self, article_id: str, original_id: str | None) -> None:
        """Mark an article as a copy of another (or not a copy, with None)."""
        with self.transaction() as conn:
            conn.execute(
                "UPDATE articles SET duplicate_of = %s WHERE id = %s", (original_id, article_id)
            )

    # -- near-duplicate signatures ---------------------------------------------------------

    def save_signature(self, article_id: str, num_perm: int, hashvalues: bytes) -> None:
        """Keep an article's MinHash signature so later batches can be checked against it."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO signatures (article_id, num_perm, hashvalues) VALUES (%s, %s, %s)"
                " ON CONFLICT (article_id) DO UPDATE SET num_perm = EXCLUDED.num_perm,"
                " hashvalues = EXCLUDED.hashvalues",
                (article_id, num_perm, hashvalues),
            )

    def signatures(self, num_perm: int) -> Iterator[tuple[str, bytes]]:
        """(article id, hash values) of every stored signature made with ``num_perm``."""
        rows = self._rows(
            "SELECT s.article_id, s.hashvalues FROM signatures s JOIN articles a"
            " ON a.id = s.article_id WHERE s.num_perm = %s ORDER BY a.seq",
            (num_perm,),
        )
        for article_id, blob in rows:
            yield str(article_id), bytes(blob)

    # -- annotations -----------------------------------------------------------------------

    def save_annotation(self, annotation: Annotation, model: str, doc: bytes | None = None) -> None:
        """Replace what is stored for one article's annotation (mentions, roles, sentences)."""
        aid = annotation.article
        with self.transaction() as conn:
            conn.execute("DELETE FROM mentions WHERE article_id = %s", (aid,))
            conn.execute("DELETE FROM roles WHERE article_id = %s", (aid,))
            conn.execute(
                "INSERT INTO annotations (article_id, model, sentences, doc)"
                " VALUES (%s, %s, %s, %s) ON CONFLICT (article_id) DO UPDATE SET"
                " model = EXCLUDED.model, sentences = EXCLUDED.sentences, doc = EXCLUDED.doc",
                (aid, model, json.dumps(annotation.sentences), doc),
            )
            with conn.cursor() as cur:
                cur.executemany(
                    'INSERT INTO mentions (article_id, start, "end", text, label, entity_id)'
                    ' VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (article_id, start, "end")'
                    " DO UPDATE SET text = EXCLUDED.text, label = EXCLUDED.label,"
                    " entity_id = EXCLUDED.entity_id",
                    [(aid, m.start, m.end, m.text, m.label, m.entity) for m in annotation.mentions],
                )
                cur.executemany(
                    'INSERT INTO roles (article_id, start, "end", text, mention_start,'
                    " mention_end) VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (article_id,"
                    ' start, "end", mention_start) DO UPDATE SET text = EXCLUDED.text,'
                    " mention_end = EXCLUDED.mention_end",
                    [
                        (aid, r.start, r.end, r.text, r.mention_start, r.mention_end)
                        for r in annotation.roles
                    ],
                )

    def unannotated(self, model: str) -> list[Article]:
        """Articles with no annotation from ``model`` (new, or annotated by an older model)."""
        rows = self._rows(
            f"SELECT {_ARTICLES_A} FROM articles a LEFT JOIN annotations n"
            " ON n.article_id = a.id WHERE n.model IS NULL OR n.model != %s ORDER BY a.seq",
            (model,),
        )
        return [_article(row) for row in rows]

    def annotations(self) -> list[Annotation]:
        """Every stored annotation, in article ingestion order."""
        # Ties broken as SQLite's primary-key order does, so both stores read back alike.
        return annotations_from_rows(
            self._rows(
                "SELECT n.article_id, n.sentences FROM annotations n JOIN articles a"
                " ON a.id = n.article_id ORDER BY a.seq"
            ),
            self._rows(
                'SELECT article_id, start, "end", text, label, entity_id FROM mentions'
                ' ORDER BY article_id COLLATE "C", start, "end"'
            ),
            self._rows(
                'SELECT article_id, start, "end", text, mention_start, mention_end FROM roles'
                ' ORDER BY article_id COLLATE "C", start, "end", mention_start'
            ),
        )

    def doc_bytes(self, article_id: str) -> bytes | None:
        """The serialised spaCy Doc stored for an article, if any."""
        row = self._one("SELECT doc FROM annotations WHERE article_id = %s", (article_id,))
        return bytes(row[0]) if row and row[0] is not None else None

    # -- entities --------------------------------------------------------------------------

    def replace_entities(self, entities: Iterable[Entity]) -> None:
        """Replace the canonical entities and point every mention at its entity, atomically."""
        ents = list(entities)
        with self.transaction() as conn, conn.cursor() as cur:
            cur.execute("DELETE FROM entities")
            cur.execute("UPDATE mentions SET entity_id = NULL")
            cur.executemany(
                "INSERT INTO entities (id, name, type, aliases, roles) VALUES (%s, %s, %s, %s, %s)",
                [(e.id, e.name, e.type, json.dumps(e.aliases), json.dumps(e.roles)) for e in ents],
            )
            cur.executemany(
                "UPDATE mentions SET entity_id = %s WHERE article_id = %s AND start = %s"
                ' AND "end" = %s',
                [(e.id, m.article, m.start, m.end) for e in ents for m in e.mentions],
            )

    def entities(self) -> list[Entity]:
        """Canonical entities with their mentions, ordered by name (byte order, as SQLite)."""
        return entities_from_rows(
            self._rows(
                "SELECT id, name, type, aliases, roles FROM entities"
                ' ORDER BY name COLLATE "C", id COLLATE "C"'
            ),
            self._rows(
                'SELECT m.article_id, m.start, m."end", m.text, m.label, m.entity_id'
                " FROM mentions m"
                " JOIN articles a ON a.id = m.article_id WHERE m.entity_id IS NOT NULL"
                ' ORDER BY a.seq, m.start, m."end"'
            ),
        )

    # -- extraction results, cross-report sections, state ---------------------------------

    def save_extraction(
        self, article_id: str, name: str, version: str, items: Sequence[Mapping[str, Any]]
    ) -> None:
        """Replace what extractor ``name`` found in one article."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO extractions (article_id, name, version, items)"
                " VALUES (%s, %s, %s, %s) ON CONFLICT (article_id, name) DO UPDATE SET"
                " version = EXCLUDED.version, items = EXCLUDED.items",
                (article_id, name, version, json.dumps(list(items), ensure_ascii=False)),
            )

    def extraction_versions(self) -> dict[str, dict[str, str]]:
        """article id -> {extractor name: version} for every stored extraction."""
        result: dict[str, dict[str, str]] = {}
        for aid, name, version in self._rows("SELECT article_id, name, version FROM extractions"):
            result.setdefault(str(aid), {})[str(name)] = str(version)
        return result

    def extractions(self, name: str) -> dict[str, list[dict[str, Any]]]:
        """article id -> items found by extractor ``name``, in ingestion order."""
        rows = self._rows(
            "SELECT e.article_id, e.items FROM extractions e JOIN articles a"
            " ON a.id = e.article_id WHERE e.name = %s ORDER BY a.seq",
            (name,),
        )
        return {str(aid): json.loads(items) for aid, items in rows}

    def save_section(self, name: str, version: str, items: Sequence[Mapping[str, Any]]) -> None:
        """Replace a cross-report section (stories, reconciliations, ...)."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO sections (name, version, items) VALUES (%s, %s, %s)"
                " ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version,"
                " items = EXCLUDED.items",
                (name, version, json.dumps(list(items), ensure_ascii=False)),
            )

    def section(self, name: str) -> tuple[str, list[dict[str, Any]]] | None:
        """(version, items) of a stored cross-report section, or None."""
        row = self._one("SELECT version, items FROM sections WHERE name = %s", (name,))
        return (str(row[0]), json.loads(row[1])) if row else None

    def get_state(self, name: str, key: str) -> Any:
        """A component's saved incremental state (JSON), or None."""
        row = self._one("SELECT value FROM state WHERE name = %s AND key = %s", (name, key))
        return json.loads(row[0]) if row else None

    def put_state(self, name: str, key: str, value: Any) -> None:
        """Save a component's incremental state (any JSON value)."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO state (name, key, value) VALUES (%s, %s, %s)"
                " ON CONFLICT (name, key) DO UPDATE SET value = EXCLUDED.value",
                (name, key, json.dumps(value, ensure_ascii=False)),
            )

    def get_meta(self, key: str) -> str | None:
        """A store-wide setting, e.g. which linker version built the entities."""
        row = self._one("SELECT value FROM meta WHERE key = %s", (key,))
        return str(row[0]) if row else None

    def set_meta(self, key: str, value: str) -> None:
        """Set a store-wide setting."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (%s, %s)"
                " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
                (key, value),
            )

    # -- documents a stage failed on ------------------------------------------------------

    def record_problem(self, article_id: str, stage: str, error: str) -> None:
        """Remember that ``stage`` failed on a stored article, replacing an older record."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT INTO problems (article_id, stage, error, at) VALUES (%s, %s, %s, %s)"
                " ON CONFLICT (article_id) DO UPDATE SET stage = EXCLUDED.stage,"
                " error = EXCLUDED.error, at = EXCLUDED.at",
                (article_id, stage, escape_nul(error), utc_now()),
            )

    def problems(self) -> list[StoredProblem]:
        """Every recorded problem, in article ingestion order."""
        rows = self._rows(
            "SELECT p.article_id, p.stage, p.error, p.at FROM problems p"
            " JOIN articles a ON a.id = p.article_id ORDER BY a.seq",
            (),
        )
        return [
            StoredProblem(str(r[0]), str(r[1]), str(unescape_nul(str(r[2]))), str(r[3]))
            for r in rows
        ]

    def clear_problems(self, article_ids: Iterable[str] | None = None) -> int:
        """Forget the problems of ``article_ids`` (all when None); returns how many were cleared."""
        with self.transaction() as conn:
            if article_ids is None:
                return int(conn.execute("DELETE FROM problems").rowcount)
            return sum(
                int(conn.execute("DELETE FROM problems WHERE article_id = %s", (i,)).rowcount)
                for i in article_ids
            )


def _article(row: Row) -> Article:
    """The article of one row, NUL escapes undone (see :mod:`postgres_text`)."""
    return article_from_row(tuple(unescape_nul(v) for v in row))
