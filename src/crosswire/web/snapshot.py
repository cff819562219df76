"""One consistent, cached picture of the store for the web app to serve.

Building the export runs every ``finalize`` hook and the incident dating
over the whole store: far too slow to repeat on every page view. So the app
builds a :class:`Snapshot` once per *store state* and serves every request
from it. The state is the store's :meth:`~crosswire.store.StoreBackend.state_token`,
which every committed write changes in its own transaction, whether it came
from this app's ingest endpoint or from a ``crosswire ingest`` run in another
process, on SQLite or PostgreSQL alike. Every part of a snapshot is read
from one committed state (proved by an unchanged token, else re-read inside
:meth:`~crosswire.store.StoreBackend.read_snapshot`), so a page never shows
half of another process's ingest, and nothing is kept across states, so a
page never mixes two.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crosswire.report.view import ReportView

if TYPE_CHECKING:
    from crosswire.store import StoreBackend

__all__ = ["Snapshot", "SnapshotCache"]


@dataclass(slots=True)
class Snapshot:
    """The export document of one store state, with the lookups pages need.

    ``doc`` is exactly what :func:`crosswire.export.build_export` returned
    (after the same ``refresh_links`` the CLI runs), so the API serves what
    ``crosswire export`` writes. Derived views and rendered reports are made
    on first use and kept for the snapshot's life.
    """

    doc: dict[str, Any]
    sentences: Mapping[str, Sequence[tuple[int, int]]]
    state: str
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _memo: dict[tuple[str, ...], Any] = field(default_factory=dict, repr=False)

    def memo(self, key: tuple[str, ...], make: Any) -> Any:
        """``make()`` once per key for this snapshot (rendered reports, views, indexes).

        The lock is re-entrant: a page made once may itself use memoised lookups."""
        with self._lock:
            if key not in self._memo:
                self._memo[key] = make()
            return self._memo[key]

    def by_id(self, section: str) -> Mapping[str, Mapping[str, Any]]:
        """Items of an export section by their ``id``."""
        found: Mapping[str, Mapping[str, Any]] = self.memo(
            ("by_id", section), lambda: {str(i.get("id")): i for i in self.doc.get(section) or []}
        )
        return found

    def view(self, story: str | None = None) -> ReportView:
        """The report view of the whole store, or of one story (the situation report as data).

        Raises:
            KeyError: no story has this id.
        """
        from crosswire.link.stories import export_for_story
        from crosswire.report import build_view

        def make() -> ReportView:
            doc = self.doc if story is None else export_for_story(self.doc, story)
            return build_view(doc, sentences=self.sentences)

        built: ReportView = self.memo(("view", story or ""), make)
        return built

    def report(self, fmt: str, story: str | None) -> str:
        """The situation report, as ``crosswire report --format FMT [--story ID]`` writes it."""
        from crosswire.pipeline import render_report

        text: str = self.memo(
            ("report", fmt, story or ""),
            lambda: render_report(self.doc, fmt, sentences=self.sentences, story=story),
        )
        return text


class SnapshotCache:
    """Hands out the snapshot of the store's current state, rebuilding only after a write.

    ``target`` is anything :func:`crosswire.store.open_store` accepts. A
    PostgreSQL store stays open between requests: opening one costs a TCP and
    authentication handshake plus a schema check under the store's write lock,
    which would make every page view wait for other processes' writes. A
    SQLite file is reopened on each check (a file open, cheap), so a file
    replaced on disk is followed. The open store is used only under the lock,
    and dropped after any failure so the next request reconnects.
    """

    def __init__(self, target: str | Path) -> None:
        from crosswire.store import is_postgres_url

        self.target = target
        self._keep_open = is_postgres_url(target)
        self._lock = threading.Lock()
        self._current: Snapshot | None = None
        self._store: StoreBackend | None = None

    def invalidate(self) -> None:
        """Forget the current snapshot (after this app wrote to the store)."""
        with self._lock:
            self._current = None

    def close(self) -> None:
        """Close the store kept open, if any (the app's shutdown)."""
        with self._lock:
            self._drop()

    def get(self) -> Snapshot:
        """The current snapshot; built under a lock so concurrent views build it once.

        A kept PostgreSQL connection the server dropped (a restart, an idle
        timeout) is replaced once before the request fails.
        """
        from crosswire.errors import StoreUnreachableError

        with self._lock:
            try:
                reused = self._store is not None
                try:
                    return self._get(self._open())
                except StoreUnreachableError:
                    if not reused:
                        raise
                    self._drop()
                    return self._get(self._open())
            except BaseException:
                self._drop()
                raise
            finally:
                if not self._keep_open:
                    self._drop()

    def _get(self, store: StoreBackend) -> Snapshot:
        current = self._current
        if current is None or current.state != store.state_token():
            current = self._current = _build(store)
        return current

    def _open(self) -> StoreBackend:
        from crosswire.store import open_store

        if self._store is None:
            self._store = open_store(self.target)
        return self._store

    def _drop(self) -> None:
        store, self._store = self._store, None
        if store is not None:
            store.close()


def _build(store: StoreBackend) -> Snapshot:
    """The snapshot of the store's current state, every part read from one committed state.

    First built with plain reads between two token reads: equal tokens prove
    no write was committed meanwhile, and on SQLite this keeps the build from
    holding a read lock that another process's commit would wait on. Only when
    a write lands mid-build is it built again inside ``read_snapshot()``.
    """
    from crosswire.export import build_export
    from crosswire.pipeline import refresh_links

    def read() -> tuple[dict[str, Any], dict[str, Sequence[tuple[int, int]]]]:
        doc = build_export(store)
        return doc, {a.article: a.sentences for a in store.annotations()}

    refresh_links(store)  # may write (new linking rules): before the reads
    state = store.state_token()
    doc, sentences = read()
    if store.state_token() != state:
        with store.read_snapshot():
            state = store.state_token()
            doc, sentences = read()
    return Snapshot(doc=doc, sentences=sentences, state=state)
