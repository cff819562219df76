"""SQLite store: the embedded default home of articles and what was learned about them.

One file (``crosswire.db`` by default) holds articles (raw and cleaned text),
near-duplicate signatures, annotations and canonical entities. Every write
goes through :meth:`Store.transaction`, so a failure part-way leaves the
store as it was; re-adding an article that is already there changes nothing.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from crosswire.errors import SchemaVersionError, StoreError
from crosswire.models import Annotation, Article, Entity, StoredProblem
from crosswire.store.migrations import MIGRATIONS, SCHEMA_VERSION
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

__all__ = ["Store"]


class Store:
    """A crosswire database on disk (or ``":memory:"``).

    Opening a store creates the file if needed and migrates it to the
    current schema. Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        if self.path != ":memory:":
            parent = Path(self.path).parent
            if not parent.is_dir():
                raise StoreError(
                    f"cannot open store {self.path}: folder {parent} does not exist "
                    "(create it, or pass --db with another path)"
                )
        try:
            self._conn = sqlite3.connect(self.path, isolation_level=None)
            self._conn.execute("PRAGMA foreign_keys = ON")
            self._conn.execute("PRAGMA busy_timeout = 5000")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"cannot open store {self.path}: {exc} "
                "(is it a crosswire database? pass --db to use another file)"
            ) from exc
        self._in_tx = False
        self._reading = False

    # -- lifecycle -----------------------------------------------------------------------

    def close(self) -> None:
        """Close the connection; the store cannot be used afterwards."""
        self._conn.close()

    def __enter__(self) -> Store:
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
        return int(self._conn.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        version = self.schema_version
        if version > SCHEMA_VERSION:
            raise SchemaVersionError(
                f"{self.path} has schema version {version}, but this crosswire knows only "
                f"up to {SCHEMA_VERSION}: upgrade crosswire to read it"
            )
        for target in range(version + 1, SCHEMA_VERSION + 1):
            script = MIGRATIONS[target - 1]
            # executescript commits implicitly, so wrap the script itself in BEGIN/COMMIT.
            self._conn.executescript(
                f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {target};\nCOMMIT;"
            )

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """Run a block of writes atomically; nested uses join the outer transaction.

        If the block changed any row, a fresh :meth:`state_token` is written in
        the same transaction; a block that changed nothing leaves the file as it
        was (re-ingesting stored reports must not touch the store).
        """
        if self._in_tx:
            yield self._conn
            return
        if self._reading:
            raise StoreError(f"cannot write to {self.path} inside a read snapshot")
        self._conn.execute("BEGIN IMMEDIATE")
        self._in_tx = True
        changes = self._conn.total_changes
        try:
            yield self._conn
            if self._conn.total_changes != changes:
                self._conn.execute(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    (WRITE_TOKEN_KEY, new_token()),
                )
        except BaseException:
            self._conn.execute("ROLLBACK")
            raise
        else:
            self._conn.execute("COMMIT")
        finally:
            self._in_tx = False

    @contextmanager
    def read_snapshot(self) -> Iterator[None]:
        """Run a block of reads that all see one committed state.

        A deferred transaction: from its first read SQLite keeps one view of
        the file (a shared lock in rollback-journal mode, so another process's
        commit waits for the block to end, up to the 5 s busy timeout).
        """
        if self._in_tx or self._reading:
            yield
            return
        self._conn.execute("BEGIN DEFERRED")
        self._reading = True
        try:
            yield
        finally:
            self._reading = False
            self._conn.execute("COMMIT")

    def state_token(self) -> str:
        """Changes with every committed write that changed a row (see :mod:`write_token`)."""
        return self.get_meta(WRITE_TOKEN_KEY) or NO_WRITES

    # -- articles ------------------------------------------------------------------------

    def add_article(self, article: Article) -> bool:
        """Store an article; return False (and change nothing) if its id is already there."""
        with self.transaction() as conn:
            seq = conn.execute("SELECT COALESCE(MAX(seq), 0) + 1 FROM articles").fetchone()[0]
            cur = conn.execute(
                "INSERT OR IGNORE INTO articles (id, source, url, fmt, title, outlet, published,"
                " dateline, wire, raw_text, text, removed, duplicate_of, seq, ingested_at,"
                " published_guess) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                article_values(article, seq),
            )
            return cur.rowcount == 1

    def has_article(self, article_id: str) -> bool:
        """True if an article with this id is stored."""
        row = self._conn.execute("SELECT 1 FROM articles WHERE id = ?", (article_id,)).fetchone()
        return row is not None

    def get_article(self, article_id: str) -> Article | None:
        """The stored article with this id, or None."""
        row = self._conn.execute(
            f"SELECT {ARTICLE_COLUMNS} FROM articles WHERE id = ?", (article_id,)
        ).fetchone()
        return article_from_row(row) if row else None

    def articles(self) -> list[Article]:
        """All articles in ingestion order."""
        rows = self._conn.execute(f"SELECT {ARTICLE_COLUMNS} FROM articles ORDER BY seq")
        return [article_from_row(row) for row in rows]

    def article_text(self, article_id: str) -> str:
        """The cleaned text of one stored article (KeyError if there is none)."""
        row = self._conn.execute("SELECT text FROM articles WHERE id = ?", (article_id,)).fetchone()
        if row is None:
            raise KeyError(article_id)
        return str(row[0])

    def duplicate_links(self) -> dict[str, str | None]:
        """article id -> the article it copies (None for originals), for every article."""
        rows = self._conn.execute("SELECT id, duplicate_of FROM articles")
        return {str(aid): opt_str(dup) for aid, dup in rows}

    def count_articles(self) -> int:
        """Number of stored articles."""
        return int(self._conn.execute("SELECT COUNT(*) FROM articles").fetchone()[0])

    def set_duplicate(self, article_id: str, original_id: str | None) -> None:
        """Mark an article as a copy of another (or not a copy, with None)."""
        with self.transaction() as conn:
            conn.execute(
                "UPDATE articles SET duplicate_of = ? WHERE id = ?", (original_id, article_id)
            )

    # -- near-duplicate signatures ---------------------------------------------------------

    def save_signature(self, article_id: str, num_perm: int, hashvalues: bytes) -> None:
        """Keep an article's MinHash signature so later batches can be checked against it."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO signatures (article_id, num_perm, hashvalues)"
                " VALUES (?, ?, ?)",
                (article_id, num_perm, hashvalues),
            )

    def signatures(self, num_perm: int) -> Iterator[tuple[str, bytes]]:
        """(article id, hash values) of every stored signature made with ``num_perm``."""
        rows = self._conn.execute(
            "SELECT s.article_id, s.hashvalues FROM signatures s JOIN articles a"
            " ON a.id = s.article_id WHERE s.num_perm = ? ORDER BY a.seq",
            (num_perm,),
        )
        for article_id, blob in rows:
            yield str(article_id), bytes(blob)

    # -- annotations -----------------------------------------------------------------------

    def save_annotation(self, annotation: Annotation, model: str, doc: bytes | None = None) -> None:
        """Replace what is stored for one article's annotation (mentions, roles, sentences)."""
        aid = annotation.article
        with self.transaction() as conn:
            conn.execute("DELETE FROM mentions WHERE article_id = ?", (aid,))
            conn.execute("DELETE FROM roles WHERE article_id = ?", (aid,))
            conn.execute(
                "INSERT OR REPLACE INTO annotations (article_id, model, sentences, doc)"
                " VALUES (?, ?, ?, ?)",
                (aid, model, json.dumps(annotation.sentences), doc),
            )
            conn.executemany(
                "INSERT OR REPLACE INTO mentions (article_id, start, end, text, label, entity_id)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                [(aid, m.start, m.end, m.text, m.label, m.entity) for m in annotation.mentions],
            )
            conn.executemany(
                "INSERT OR REPLACE INTO roles (article_id, start, end, text, mention_start,"
                " mention_end) VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (aid, r.start, r.end, r.text, r.mention_start, r.mention_end)
                    for r in annotation.roles
                ],
            )

    def unannotated(self, model: str) -> list[Article]:
        """Articles with no annotation from ``model`` (new, or annotated by an older model)."""
        rows = self._conn.execute(
            f"SELECT {', '.join('a.' + c.strip() for c in ARTICLE_COLUMNS.split(','))}"
            " FROM articles a LEFT JOIN annotations n ON n.article_id = a.id"
            " WHERE n.model IS NULL OR n.model != ? ORDER BY a.seq",
            (model,),
        )
        return [article_from_row(row) for row in rows]

    def annotations(self) -> list[Annotation]:
        """Every stored annotation, in article ingestion order."""
        return annotations_from_rows(
            self._conn.execute(
                "SELECT n.article_id, n.sentences FROM annotations n JOIN articles a"
                " ON a.id = n.article_id ORDER BY a.seq"
            ),
            self._conn.execute(
                "SELECT article_id, start, end, text, label, entity_id FROM mentions"
                " ORDER BY article_id, start"
            ),
            self._conn.execute(
                "SELECT article_id, start, end, text, mention_start, mention_end FROM roles"
                " ORDER BY article_id, start"
            ),
        )

    def doc_bytes(self, article_id: str) -> bytes | None:
        """The serialised spaCy Doc stored for an article, if any."""
        row = self._conn.execute(
            "SELECT doc FROM annotations WHERE article_id = ?", (article_id,)
        ).fetchone()
        return bytes(row[0]) if row and row[0] is not None else None

    # -- entities --------------------------------------------------------------------------

    def replace_entities(self, entities: Iterable[Entity]) -> None:
        """Replace the canonical entities and point every mention at its entity, atomically."""
        with self.transaction() as conn:
            conn.execute("DELETE FROM entities")
            conn.execute("UPDATE mentions SET entity_id = NULL")
            for ent in entities:
                conn.execute(
                    "INSERT INTO entities (id, name, type, aliases, roles) VALUES (?, ?, ?, ?, ?)",
                    (ent.id, ent.name, ent.type, json.dumps(ent.aliases), json.dumps(ent.roles)),
                )
                conn.executemany(
                    "UPDATE mentions SET entity_id = ? WHERE article_id = ? AND start = ?"
                    " AND end = ?",
                    [(ent.id, m.article, m.start, m.end) for m in ent.mentions],
                )

    def entities(self) -> list[Entity]:
        """Canonical entities with their mentions, ordered by name."""
        return entities_from_rows(
            self._conn.execute(
                "SELECT id, name, type, aliases, roles FROM entities ORDER BY name, id"
            ),
            self._conn.execute(
                "SELECT m.article_id, m.start, m.end, m.text, m.label, m.entity_id FROM mentions m"
                " JOIN articles a ON a.id = m.article_id WHERE m.entity_id IS NOT NULL"
                " ORDER BY a.seq, m.start"
            ),
        )

    # -- extraction results, cross-report sections, state ---------------------------------

    def save_extraction(
        self, article_id: str, name: str, version: str, items: Sequence[Mapping[str, Any]]
    ) -> None:
        """Replace what extractor ``name`` found in one article."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO extractions (article_id, name, version, items)"
                " VALUES (?, ?, ?, ?)",
                (article_id, name, version, json.dumps(list(items), ensure_ascii=False)),
            )

    def extraction_versions(self) -> dict[str, dict[str, str]]:
        """article id -> {extractor name: version} for every stored extraction."""
        result: dict[str, dict[str, str]] = {}
        for aid, name, version in self._conn.execute(
            "SELECT article_id, name, version FROM extractions"
        ):
            result.setdefault(str(aid), {})[str(name)] = str(version)
        return result

    def extractions(self, name: str) -> dict[str, list[dict[str, Any]]]:
        """article id -> items found by extractor ``name``, in ingestion order."""
        rows = self._conn.execute(
            "SELECT e.article_id, e.items FROM extractions e JOIN articles a"
            " ON a.id = e.article_id WHERE e.name = ? ORDER BY a.seq",
            (name,),
        )
        return {str(aid): json.loads(items) for aid, items in rows}

    def save_section(self, name: str, version: str, items: Sequence[Mapping[str, Any]]) -> None:
        """Replace a cross-report section (stories, reconciliations, ...)."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO sections (name, version, items) VALUES (?, ?, ?)",
                (name, version, json.dumps(list(items), ensure_ascii=False)),
            )

    def section(self, name: str) -> tuple[str, list[dict[str, Any]]] | None:
        """(version, items) of a stored cross-report section, or None."""
        row = self._conn.execute(
            "SELECT version, items FROM sections WHERE name = ?", (name,)
        ).fetchone()
        return (str(row[0]), json.loads(row[1])) if row else None

    def get_state(self, name: str, key: str) -> Any:
        """A component's saved incremental state (JSON), or None."""
        row = self._conn.execute(
            "SELECT value FROM state WHERE name = ? AND key = ?", (name, key)
        ).fetchone()
        return json.loads(row[0]) if row else None

    def put_state(self, name: str, key: str, value: Any) -> None:
        """Save a component's incremental state (any JSON value)."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO state (name, key, value) VALUES (?, ?, ?)",
                (name, key, json.dumps(value, ensure_ascii=False)),
            )

    def get_meta(self, key: str) -> str | None:
        """A store-wide setting, e.g. which linker version built the entities."""
        row = self._conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return str(row[0]) if row else None

    def set_meta(self, key: str, value: str) -> None:
        """Set a store-wide setting."""
        with self.transaction() as conn:
            conn.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))

    # -- documents a stage failed on ------------------------------------------------------

    def record_problem(self, article_id: str, stage: str, error: str) -> None:
        """Remember that ``stage`` failed on a stored article, replacing an older record."""
        with self.transaction() as conn:
            conn.execute(
                "INSERT OR REPLACE INTO problems (article_id, stage, error, at)"
                " VALUES (?, ?, ?, ?)",
                (article_id, stage, error, utc_now()),
            )

    def problems(self) -> list[StoredProblem]:
        """Every recorded problem, in article ingestion order."""
        rows = self._conn.execute(
            "SELECT p.article_id, p.stage, p.error, p.at FROM problems p"
            " JOIN articles a ON a.id = p.article_id ORDER BY a.seq"
        ).fetchall()
        return [StoredProblem(str(r[0]), str(r[1]), str(r[2]), str(r[3])) for r in rows]

    def clear_problems(self, article_ids: Iterable[str] | None = None) -> int:
        """Forget the problems of ``article_ids`` (all when None); returns how many were cleared."""
        with self.transaction() as conn:
            if article_ids is None:
                return int(conn.execute("DELETE FROM problems").rowcount)
            return sum(
                int(conn.execute("DELETE FROM problems WHERE article_id = ?", (i,)).rowcount)
                for i in article_ids
            )
