"""Per-report isolation of the annotate and extract stages: one bad report costs only itself.

A report that makes spaCy or an extractor raise, or run past the watchdog's
time limit, or kill the process it runs in, becomes a :class:`Outcome` with
its stage and error instead of an exception; the pipeline records it in the
store (``problems``) and later runs skip it until it is re-ingested or
cleared (``crosswire problems --retry``). Before this, one such report
stopped every later ingest on the store at the same traceback.

The link stage works on every report at once; when it raises,
:func:`first_failing` finds the report at fault so that it can be recorded
the same way (:func:`crosswire.pipeline.link`).

Two ways to run, with the same outcomes:

* in this process (:func:`annotate_serial`): spaCy batches a chunk with
  ``nlp.pipe``; if the batch fails, each report is parsed alone, so the
  failing one is found. A SIGALRM watchdog bounds each parse and each
  extractor (main thread only: signals cannot reach other threads, so the web
  server annotates through a kept :class:`WorkerPool` instead).
* in worker processes (:class:`WorkerPool`, ``--jobs N``, and the web
  server's ingest, whose threads SIGALRM cannot reach): each worker takes
  one report at a time over its own pipe and answers with the parse and the
  extractors' items. The parent waits on every pipe and every process's
  sentinel at once, so a worker that dies (kill -9, out of memory) or hangs
  past the deadline is noticed, killed and replaced, and its report recorded;
  nothing is ever left blocked writing to a pipe nobody reads (spaCy's own
  ``n_process`` hung forever when an extractor raised in the parent).
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from types import FrameType
from typing import TYPE_CHECKING, Any

from crosswire.errors import ContractError, CrosswireError, StageFailedError, StageTimeoutError
from crosswire.extract import Extractor, input_for
from crosswire.limits import DEFAULT_LIMITS, Limits
from crosswire.models import Annotation, Article
from crosswire.versions import component_version

if TYPE_CHECKING:
    from multiprocessing.context import ForkProcess

    from spacy.tokens import Doc

    from crosswire.annotate import Annotator

__all__ = [
    "Found",
    "Outcome",
    "WorkerPool",
    "annotate_serial",
    "describe",
    "extract_guarded",
    "first_failing",
    "watchdog",
]

#: What one extractor found in one article: (extractor name, version, items).
Found = tuple[str, str, list[dict[str, Any]]]


@dataclass(slots=True)
class Outcome:
    """What the annotate stage made of one report: its parse and items, or why it has none."""

    article: str
    annotation: Annotation | None = None
    doc_bytes: bytes | None = None
    found: list[Found] | None = None
    stage: str = ""
    error: str = ""

    @property
    def ok(self) -> bool:
        """True when the report was parsed and every extractor ran."""
        return not self.error


def describe(exc: BaseException) -> str:
    """One line for an unexpected exception: its type and its message, cut to 300 characters."""
    if isinstance(exc, StageFailedError):
        return exc.error[:300]
    text = " ".join(str(exc).split()) or "no message"
    if isinstance(exc, CrosswireError):
        return text[:300]
    return f"{type(exc).__name__}: {text}"[:300]


def first_failing(items: Sequence[str], fails: Callable[[Sequence[str]], bool]) -> str | None:
    """The item that makes ``fails`` true: the last of the shortest failing prefix of ``items``.

    For a stage that works on every report at once (the link stage), where
    no per-report call exists to catch: ``fails(prefix)`` runs the stage on a
    prefix of the reports. A binary search takes about log2(n) runs, and only
    after the stage failed. None when ``items`` as a whole does not fail (the
    failure came and went) or the empty prefix fails too (no report causes it).
    """
    if not items or fails([]) or not fails(items):
        return None
    low, high = 0, len(items)  # the prefix of length low passes, that of length high fails
    while high - low > 1:
        middle = (low + high) // 2
        if fails(items[:middle]):
            high = middle
        else:
            low = middle
    return items[high - 1]


@contextmanager
def watchdog(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`StageTimeoutError` inside the block once it has run ``seconds``.

    Uses SIGALRM, which Python's regex engine and pure-Python loops both
    notice; outside the main thread (or without ``setitimer``) it does nothing.
    """
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def on_alarm(_signum: int, _frame: FrameType | None) -> None:
        raise StageTimeoutError(what, seconds)

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def extract_guarded(
    extractors: Sequence[Extractor],
    article: Article,
    doc: Doc,
    annotation: Annotation,
    limits: Limits = DEFAULT_LIMITS,
) -> list[Found]:
    """Run ``extractors`` in order on one report, each seeing what the earlier found.

    Raises:
        StageFailedError: an extractor raised or ran past ``limits.timeout``; no
            partial results are returned, so a report is extracted whole or not at all.
        ContractError: an extractor read another's items without declaring it; raised
            as it is (every report would fail alike), never recorded as a report's problem.
    """
    earlier: dict[str, list[dict[str, Any]]] = {}
    found: list[Found] = []
    for extractor in extractors:
        stage = f"extract:{extractor.name}"
        try:
            with watchdog(limits.timeout, f"the {extractor.name} extractor"):
                items = extractor.extract(input_for(extractor, article, doc, annotation, earlier))
        except ContractError:
            raise  # an extractor reading what it did not declare: its bug, not the report's
        except Exception as exc:  # any bug in any extractor is this report's problem only
            raise StageFailedError(stage, describe(exc)) from exc
        earlier[extractor.name] = items
        found.append((extractor.name, component_version(extractor), items))
    return found


def _one(
    annotator: Annotator, extractors: Sequence[Extractor], article: Article, limits: Limits
) -> Outcome:
    """Parse and extract one report alone, every failure caught."""
    try:
        with watchdog(limits.timeout, "the parse"):
            ((annotation, doc),) = list(annotator.annotate([article]))
    except Exception as exc:
        return Outcome(article.id, stage="annotate", error=describe(exc))
    return _extract_outcome(annotator, extractors, article, annotation, doc, limits)


def _extract_outcome(
    annotator: Annotator,
    extractors: Sequence[Extractor],
    article: Article,
    annotation: Annotation,
    doc: Doc,
    limits: Limits,
) -> Outcome:
    try:
        found = extract_guarded(extractors, article, doc, annotation, limits)
        data = annotator.doc_to_bytes(doc)
    except StageFailedError as exc:
        return Outcome(article.id, stage=exc.stage, error=exc.error)
    except ContractError:
        raise
    except Exception as exc:
        return Outcome(article.id, stage="annotate", error=describe(exc))
    return Outcome(article.id, annotation, data, found)


def annotate_serial(
    annotator: Annotator,
    extractors: Sequence[Extractor],
    articles: Sequence[Article],
    limits: Limits = DEFAULT_LIMITS,
) -> Iterator[Outcome]:
    """Outcomes of ``articles`` in order, parsed in one spaCy batch unless the batch fails."""
    try:
        with watchdog(limits.timeout * max(1, len(articles)), "the parse"):
            parsed = list(annotator.annotate(articles))
    except Exception:  # find the report at fault: parse each alone
        for article in articles:
            yield _one(annotator, extractors, article, limits)
        return
    for article, (annotation, doc) in zip(articles, parsed, strict=True):
        yield _extract_outcome(annotator, extractors, article, annotation, doc, limits)


def _serve(
    conn: Connection, annotator: Annotator, extractors: Sequence[Extractor], limits: Limits
) -> None:
    """A worker's loop: one report in, one outcome out, until the parent sends None."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    while True:
        try:
            article = conn.recv()
        except EOFError:
            return
        if article is None:
            return
        try:
            outcome: Outcome | ContractError = _one(annotator, extractors, article, limits)
        except ContractError as exc:  # raised in the parent, as without workers
            outcome = exc
        conn.send(outcome)


@dataclass(slots=True)
class _Worker:
    process: ForkProcess
    conn: Connection
    article: Article | None = None
    deadline: float = 0.0


class WorkerPool:
    """``jobs`` forked worker processes, each parsing and extracting one report at a time.

    The parent loads the model first, so the workers share its memory pages.
    A worker that dies or runs past ``limits.timeout`` per stage (its parse
    and each extractor, plus a grace second) is killed and replaced, and its
    report becomes a failed :class:`Outcome`.

    With ``keep``, the workers outlive a :meth:`run` and serve the next one
    (the web server's ingest: forked once, at start-up, before the server
    takes requests) until :meth:`close`.
    """

    def __init__(
        self,
        annotator: Annotator,
        extractors: Sequence[Extractor],
        jobs: int,
        limits: Limits = DEFAULT_LIMITS,
        *,
        keep: bool = False,
    ) -> None:
        self.annotator = annotator
        self.extractors = list(extractors)
        self.jobs = jobs
        self.limits = limits
        self.keep = keep
        self._context = multiprocessing.get_context("fork")
        self._workers: list[_Worker] = []
        self._budget = limits.timeout * (len(self.extractors) + 1) + 1.0

    def _spawn(self) -> _Worker:
        parent, child = self._context.Pipe()
        process = self._context.Process(
            target=_serve,
            args=(child, self.annotator, self.extractors, self.limits),
            daemon=True,
            name="crosswire-annotate",
        )
        process.start()
        child.close()
        return _Worker(process, parent)

    def _retire(self, worker: _Worker) -> None:
        worker.conn.close()
        if worker.process.is_alive():
            worker.process.kill()
        worker.process.join(timeout=5)
        self._workers.remove(worker)

    def start(self) -> None:
        """Fork the workers now (the model loaded first), rather than at the first run."""
        _ = self.annotator.nlp  # load before forking: the workers share the pages
        for worker in [w for w in self._workers if w.article is None]:
            if not worker.process.is_alive():  # died while idle, between two runs
                self._retire(worker)
        while len(self._workers) < self.jobs:
            self._workers.append(self._spawn())

    def run(self, articles: Sequence[Article]) -> Iterator[Outcome]:
        """Outcomes of ``articles`` as they finish (not in input order)."""
        import time

        todo = list(reversed(articles))
        try:
            while todo or any(w.article is not None for w in self._workers):
                self.start()
                for worker in self._workers:
                    if worker.article is None and todo:
                        worker.article = todo.pop()
                        worker.deadline = time.monotonic() + self._budget
                        with suppress(OSError):  # it died just now: its sentinel says so
                            worker.conn.send(worker.article)
                busy = [w for w in self._workers if w.article is not None]
                timeout = max(0.0, min(w.deadline for w in busy) - time.monotonic())
                ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout)
                for worker in busy:
                    article = worker.article
                    assert article is not None
                    if worker.conn in ready:
                        try:
                            outcome: Outcome | ContractError = worker.conn.recv()
                        except (EOFError, OSError):
                            outcome = self._lost(worker, article)
                        else:
                            worker.article = None
                        if isinstance(outcome, ContractError):
                            raise outcome
                        yield outcome
                    elif worker.process.sentinel in ready:
                        yield self._lost(worker, article)
                    elif time.monotonic() >= worker.deadline:
                        self._retire(worker)
                        yield Outcome(
                            article.id,
                            stage="annotate",
                            error=f"ran over the limit of {self._budget:g} s and was stopped "
                            "(raise --timeout)",
                        )
        finally:
            if self.keep:  # a run given up half-way: a busy worker's answer would go astray
                for worker in [w for w in self._workers if w.article is not None]:
                    self._retire(worker)
            else:
                self.close()

    def _lost(self, worker: _Worker, article: Article) -> Outcome:
        worker.process.join(timeout=5)
        code = worker.process.exitcode
        self._retire(worker)
        how = f"exit code {code}" if code is not None and code >= 0 else f"signal {-(code or 0)}"
        return Outcome(
            article.id, stage="annotate", error=f"the worker process died ({how}) on this report"
        )

    def close(self) -> None:
        """Stop every worker (asking first, then killing): nothing outlives the run."""
        for worker in list(self._workers):
            try:
                if worker.article is None:
                    worker.conn.send(None)
            except OSError:
                pass
            worker.process.join(timeout=1 if worker.article is None else 0)
            self._retire(worker)
