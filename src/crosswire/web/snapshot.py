"""One consistent, cached picture of the store for the web app to serve.

Building the export runs every ``finalize`` hook and the incident dating
over the whole store: far too slow to repeat on every page view. So the app
builds a :class:`Snapshot` once per *store state* and serves every request
from it; the state is the database file's identity, size and modification
time (and its journal's), which every committed write changes, whether it
came from this app's ingest endpoint or from a ``crosswire ingest`` run in
another process. Nothing is kept across states, so a page never mixes two.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crosswire.report.view import ReportView

__all__ = ["Snapshot", "SnapshotCache", "store_state"]

StateKey = tuple[tuple[int, int, int], ...]


def store_state(path: Path) -> StateKey:
    """A cheap fingerprint of the store on disk: changes whenever a write is committed."""
    key = []
    for suffix in ("", "-wal", "-journal"):
        try:
            st = path.with_name(path.name + suffix).stat()
        except FileNotFoundError:
            key.append((0, 0, 0))
            continue
        key.append((st.st_ino, st.st_size, st.st_mtime_ns))
    return tuple(key)


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
    state: StateKey
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _memo: dict[tuple[str, ...], Any] = field(default_factory=dict, repr=False)

    def memo(self, key: tuple[str, ...], make: Any) -> Any:
        """``make()`` once per key for this snapshot (rendered reports, views, indexes)."""
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
    """Hands out the snapshot of the store's current state, rebuilding only after a write."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self._lock = threading.Lock()
        self._current: Snapshot | None = None

    def invalidate(self) -> None:
        """Forget the current snapshot (after this app wrote to the store)."""
        with self._lock:
            self._current = None

    def get(self) -> Snapshot:
        """The current snapshot; built under a lock so concurrent views build it once."""
        with self._lock:
            current = self._current
            if current is not None and current.state == store_state(self.db):
                return current
            self._current = self._build()
            return self._current

    def _build(self) -> Snapshot:
        from crosswire.export import build_export
        from crosswire.pipeline import refresh_links
        from crosswire.store import Store

        with Store(self.db) as store:
            refresh_links(store)
            doc = build_export(store)
            sentences = {a.article: a.sentences for a in store.annotations()}
        # Read the state after the build: refresh_links may itself have written.
        return Snapshot(doc=doc, sentences=sentences, state=store_state(self.db))
