"""``POST /api/ingest``: reports sent as JSON go through the same ingest stage as files.

Posted documents are read by the JSON-record reader the CLI uses for
``.json`` files (:func:`crosswire.ingest.records.record_to_document`), then
handed to :func:`crosswire.pipeline.ingest_documents`, so cleaning, ids,
duplicate detection and linking are the CLI's. The whole batch is checked
before anything is written: one bad document refuses the batch with a 422
naming it, and the store stays as it was. A document's id hashes its URL (or
the fixed API source name) and its text, so posting it again changes nothing.
"""

from __future__ import annotations

import json
import threading
from typing import TYPE_CHECKING, Any

from crosswire.errors import BadDocumentError, InputError
from crosswire.limits import DEFAULT_LIMITS, Limits
from crosswire.models import SourceDocument

if TYPE_CHECKING:
    from pathlib import Path

    from crosswire.annotate import Annotator
    from crosswire.isolation import WorkerPool

__all__ = ["FIELDS", "MAX_BODY_BYTES", "MAX_DOCUMENTS", "BadDocumentError", "Ingester"]

SOURCE = "web-api"
"""``source`` of posted documents; with no URL, the text alone then decides the id."""

FIELDS = frozenset({"text", "title", "url", "published", "outlet"})
MAX_DOCUMENTS = 200
MAX_BODY_BYTES = 20 * 1024 * 1024


def parse_body(body: bytes) -> list[SourceDocument]:
    """Posted bytes to documents, or :class:`BadDocumentError` naming the first problem."""
    from crosswire.ingest.records import load_json, record_to_document

    if len(body) > MAX_BODY_BYTES:
        raise BadDocumentError(f"body is larger than {MAX_BODY_BYTES // (1024 * 1024)} MB")
    try:
        data = load_json(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadDocumentError(f"body is not UTF-8 JSON: {exc}") from None
    except ValueError as exc:  # too deep, or a number too long (crosswire.limits)
        raise BadDocumentError(f"body JSON {exc}") from None
    records: list[Any] = data if isinstance(data, list) else [data]
    if not records:
        raise BadDocumentError("an empty list: send one document or a list of them")
    if len(records) > MAX_DOCUMENTS:
        raise BadDocumentError(
            f"{len(records)} documents in one request; the limit is {MAX_DOCUMENTS}"
        )
    docs = []
    for n, record in enumerate(records, start=1):
        label = f"document {n}"
        if not isinstance(record, dict):
            raise BadDocumentError(f"{label}: expected a JSON object, got {type(record).__name__}")
        unknown = sorted(set(record) - FIELDS)
        if unknown:
            raise BadDocumentError(
                f"{label}: unknown field {unknown[0]!r}; fields: {', '.join(sorted(FIELDS))}"
            )
        if not isinstance(record.get("text"), str):
            raise BadDocumentError(f"{label}: 'text' is required and must be a string")
        for name in sorted(FIELDS - {"text"}):
            if record.get(name) is not None and not isinstance(record[name], str):
                raise BadDocumentError(f"{label}: {name!r} must be a string")
        try:
            docs.append(record_to_document(SOURCE, record, number=None, fmt="json", label=label))
        except InputError as exc:
            raise BadDocumentError(exc.problem) from None
    return docs


class Ingester:
    """Runs posted batches through the pipeline one at a time, with one spaCy pipeline.

    The reports are parsed and extracted in a worker process kept for the
    server's life (:class:`crosswire.isolation.WorkerPool`), not in the
    server thread that took the request: the per-report watchdog
    (``limits.timeout``) is a SIGALRM, which reaches only a process's main
    thread, so in a server thread a report that ran long held the ingest
    lock, and every later post, with nothing to stop it. A worker that runs
    past the limit is killed and replaced; the report is stored, recorded as
    a problem and answered with a 422.
    """

    def __init__(
        self,
        db: str | Path,
        *,
        annotator: Annotator | None = None,
        limits: Limits = DEFAULT_LIMITS,
    ) -> None:
        self.db = db
        self.limits = limits
        self._lock = threading.Lock()
        self._annotator = annotator
        self._workers: WorkerPool | None = None

    def warm(self) -> None:
        """Load the spaCy pipeline and start the worker now, before the server accepts requests.

        Loading it inside the first POST while another thread imports spaCy for
        a page raced ("partially initialized module 'spacy.language'"). Forking
        the worker before any request also means no other thread is busy (in
        an import, holding a lock) when it is forked.
        """
        with self._lock:
            self._ready()

    def close(self) -> None:
        """Stop the worker process (the server is shutting down)."""
        with self._lock:
            if self._workers is not None:
                self._workers.close()
                self._workers = None

    def _ready(self) -> tuple[Annotator, WorkerPool]:
        """The annotator and the running worker pool, made on first use."""
        from crosswire.annotate import Annotator
        from crosswire.extract import load_extractors
        from crosswire.isolation import WorkerPool, annotate_serial
        from crosswire.pipeline import clean

        if self._annotator is None:
            self._annotator = Annotator()
        if self._workers is None:
            extractors = load_extractors()
            # One report through every stage here first: what the stages import or load
            # on first use is then in memory before the fork, not loaded again per worker.
            warm = SourceDocument(SOURCE, SOURCE, "Officials in Kyiv said 2 people died.", "json")
            list(annotate_serial(self._annotator, extractors, [clean(warm)]))
            self._workers = WorkerPool(self._annotator, extractors, 1, self.limits, keep=True)
            self._workers.start()
        return self._annotator, self._workers

    def ingest(self, body: bytes) -> dict[str, Any]:
        """Ingest a posted body; the summary the endpoint returns.

        Raises:
            BadDocumentError: the body or one of its documents cannot be ingested
                (nothing is stored then).
        """
        from crosswire.limits import check_text
        from crosswire.pipeline import clean, ingest_documents
        from crosswire.store import open_store

        docs = parse_body(body)
        for n, doc in enumerate(docs, start=1):
            try:  # the clean stage's refusal and the limits, before anything is written
                check_text(doc.source, clean(doc).text, self.limits)
            except InputError as exc:
                raise BadDocumentError(f"document {n}: {exc.problem}") from None
        with self._lock:
            annotator, workers = self._ready()
            with open_store(self.db) as store:
                result = ingest_documents(
                    docs, store, annotator=annotator, limits=self.limits, workers=workers
                )
                total = store.count_articles()
        if result.problems:  # not expected after the checks above; never hide one
            raise BadDocumentError("; ".join(str(p) for p in result.problems))
        return {
            "added": result.added,
            "unchanged": result.unchanged,
            "duplicates": result.duplicates,
            "articles": total,
        }
