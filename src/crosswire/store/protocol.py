"""What the pipeline, export and report need from a store, whichever database holds it.

:class:`StoreBackend` is a :class:`typing.Protocol`: the SQLite
:class:`~crosswire.store.sqlite.Store` and the PostgreSQL
:class:`~crosswire.store.postgres.PostgresStore` both satisfy it structurally,
so neither inherits from the other and the stages never ask which one they
got. It lists exactly the calls the stages make; a new stage that needs more
must add it here and to both backends, which keeps them from drifting apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager
from types import TracebackType
from typing import Any, Protocol, Self

from crosswire.models import Annotation, Article, Entity, StoredProblem

__all__ = ["StoreBackend"]


class StoreBackend(Protocol):
    """A crosswire database: articles, parses, extraction results and cross-report sections.

    Contract shared by every backend: opening migrates to the current schema;
    every write is atomic (:meth:`transaction` groups several, nested uses join
    the outer one); adding an article whose id is stored changes nothing.
    """

    @property
    def path(self) -> str:
        """Where the store lives, fit to print (a file path, or a URL without its password)."""
        ...

    @property
    def schema_version(self) -> int:
        """The schema version of the open database."""
        ...

    def close(self) -> None:
        """Release the connection; the store cannot be used afterwards."""

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...

    def transaction(self) -> AbstractContextManager[object]:
        """Run a block of writes atomically; nested uses join the outer transaction.

        A transaction that changed anything also changes :meth:`state_token`
        before it commits.
        """
        ...

    def read_snapshot(self) -> AbstractContextManager[object]:
        """Run a block of reads that all see one committed state of the store.

        A long read (building the export) must not mix the state before and
        after another process's write. Writing inside the block raises
        :class:`~crosswire.errors.StoreError`; inside :meth:`transaction` it
        just joins it.
        """
        ...

    def state_token(self) -> str:
        """An opaque value every committed write (from any process) changes.

        Equal tokens mean the same committed data, so a reader may keep what it
        built from the store until the token changes
        (see :mod:`crosswire.store.write_token`).
        """
        ...

    # articles
    def add_article(self, article: Article) -> bool: ...
    def has_article(self, article_id: str) -> bool: ...
    def get_article(self, article_id: str) -> Article | None: ...
    def articles(self) -> list[Article]: ...
    def article_text(self, article_id: str) -> str: ...
    def duplicate_links(self) -> dict[str, str | None]: ...
    def count_articles(self) -> int: ...
    def set_duplicate(self, article_id: str, original_id: str | None) -> None: ...

    # near-duplicate signatures
    def save_signature(self, article_id: str, num_perm: int, hashvalues: bytes) -> None: ...
    def signatures(self, num_perm: int) -> Iterator[tuple[str, bytes]]: ...

    # annotations
    def save_annotation(
        self, annotation: Annotation, model: str, doc: bytes | None = None
    ) -> None: ...
    def unannotated(self, model: str) -> list[Article]: ...
    def annotations(self) -> list[Annotation]: ...
    def doc_bytes(self, article_id: str) -> bytes | None: ...

    # entities
    def replace_entities(self, entities: Iterable[Entity]) -> None: ...
    def entities(self) -> list[Entity]: ...

    # extraction results, cross-report sections, incremental state, settings
    def save_extraction(
        self, article_id: str, name: str, version: str, items: Sequence[Mapping[str, Any]]
    ) -> None: ...
    def extraction_versions(self) -> dict[str, dict[str, str]]: ...
    def extractions(self, name: str) -> dict[str, list[dict[str, Any]]]: ...
    def save_section(self, name: str, version: str, items: Sequence[Mapping[str, Any]]) -> None: ...
    def section(self, name: str) -> tuple[str, list[dict[str, Any]]] | None: ...
    def get_state(self, name: str, key: str) -> Any: ...
    def put_state(self, name: str, key: str, value: Any) -> None: ...
    def get_meta(self, key: str) -> str | None: ...
    def set_meta(self, key: str, value: str) -> None: ...

    # documents a stage failed on (skipped until re-ingested or cleared)
    def record_problem(self, article_id: str, stage: str, error: str) -> None: ...
    def problems(self) -> list[StoredProblem]: ...
    def clear_problems(self, article_ids: Iterable[str] | None = None) -> int: ...
