"""The named stages an article flows through, and the runs that chain them.

    ingest → clean → annotate → extract → link → reconcile → report

Each stage is a plain function with a narrow contract, so the CLI, the web
app and the benchmarks call the same code:

* :func:`clean` turns a :class:`SourceDocument` into an :class:`Article`;
* :func:`ingest` reads paths, cleans, drops exact re-ingests, flags
  near-duplicates, stores, then annotates and links what is new;
* :func:`annotate_pending` runs the spaCy pipeline over articles that have
  no annotation from the current model, and the extractors on each new parse;
* :func:`extract_pending` re-runs extractors whose version changed, on the
  stored parse (no re-parsing);
* :func:`link` merges entity mentions across all reports, then runs the
  cross-report aggregators (places, stories, operations, reconciliations);
* :func:`build_export` (in :mod:`crosswire.export`) and
  :func:`write_report` produce the outputs.

Extractors (:mod:`crosswire.extract`) and aggregators (:mod:`crosswire.link`)
are components found by name; a section whose component is not installed
stays empty in the export.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from crosswire.clean import clean_text
from crosswire.dedupe import DuplicateFinder
from crosswire.errors import (
    CrosswireError,
    EmptyDocumentError,
    ExportError,
    InputError,
    StageFailedError,
    StageTimeoutError,
)
from crosswire.extract import Extractor, input_for, load_extractors
from crosswire.ingest import DEFAULT_MAX_BYTES, discover, read_paths
from crosswire.isolation import Found as IsolationFound
from crosswire.isolation import (
    Outcome,
    WorkerPool,
    annotate_serial,
    describe,
    extract_guarded,
    first_failing,
    watchdog,
)
from crosswire.limits import DEFAULT_LIMITS, Limits, check_text
from crosswire.models import (
    Article,
    DateGuess,
    Entity,
    IngestProblem,
    IngestReport,
    SourceDocument,
    StoredProblem,
    article_id,
    legacy_article_id,
)
from crosswire.store import StoreBackend
from crosswire.versions import component_version, module_version

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from crosswire.annotate import Annotator
    from crosswire.models import Annotation

__all__ = [
    "REPORT_FORMATS",
    "STAGES",
    "Found",
    "Progress",
    "annotate_pending",
    "clean",
    "date_undated",
    "extract_pending",
    "finish_ingest",
    "ingest",
    "ingest_documents",
    "link",
    "link_signature",
    "load_duplicate_finder",
    "refresh_links",
    "render_report",
    "retry_problems",
    "run_extractors",
    "save_extractions",
    "store_article",
    "write_report",
    "write_text",
]

STAGES: tuple[str, ...] = (
    "ingest",
    "clean",
    "annotate",
    "extract",
    "link",
    "reconcile",
    "report",
)

#: Callback told (stage name, items done so far, total or None) as work advances.
Progress = Callable[[str, int, int | None], None]

_ANNOTATE_CHUNK = 64


def clean(doc: SourceDocument) -> Article:
    """The clean stage: captions, credits and boilerplate out; dateline and wire into metadata.

    Raises:
        EmptyDocumentError: nothing is left to analyse once the page furniture is removed.
    """
    cleaned = clean_text(doc.raw_text)
    if not cleaned.text.strip():
        raise EmptyDocumentError(
            doc.source, "no article text left after removing captions, credits and boilerplate"
        )
    wire = tuple(dict.fromkeys((*doc.wire, *cleaned.wire)))
    return Article(
        id=article_id(doc.source_key, doc.raw_text),
        source=doc.source,
        raw_text=doc.raw_text,
        text=cleaned.text,
        fmt=doc.fmt,
        title=doc.title,
        outlet=doc.outlet,
        published=doc.published,
        url=doc.url,
        dateline=doc.dateline or cleaned.dateline,
        wire=wire,
        removed=cleaned.removed,
    )


def date_undated(article: Article, *, guess: bool = False) -> None:
    """Date an undated article from what its URL or its own words state; with ``guess``,
    also from weaker cues. A date given with the report is never replaced.

    Stated, in order: a dated dateline ("KYIV, March 5, 2022 —", the strongest cue, but
    cleaning moved it into metadata, so that reading has the span (0, 0) and the dateline
    as its text), a "Published / Updated" line or a date stamp in the text (its span), then
    a date in the URL's path (span (0, 0), the URL as text). Guessed: a day named with its
    date, the latest full date. Each is kept in ``Article.published_guess`` so everything
    anchored on it can say where the date came from.
    """
    from crosswire.extract.time_published import (
        STATED_METHODS,
        guess_published,
        published_from_url,
    )

    if article.published is not None:
        return
    if article.dateline and (found := guess_published(article.dateline)) is not None:
        article.published = found.date  # a full date in a dateline is stated, never a guess
        article.published_guess = DateGuess(0, 0, article.dateline, "dateline", 0.9)
        return
    read = guess_published(article.text)
    stated = read if read is not None and read.method in STATED_METHODS else None
    chosen = stated or published_from_url(article.url) or (read if guess else None)
    if chosen is not None:
        article.published = chosen.date
        article.published_guess = DateGuess(
            chosen.start, chosen.end, chosen.text, chosen.method, chosen.confidence
        )


def load_duplicate_finder(store: StoreBackend) -> DuplicateFinder:
    """A near-duplicate index primed with every article already in the store.

    Only signatures and duplicate links are read here; a stored article's text
    is read (and shingled) only if it becomes a candidate copy of a new one.
    """
    finder = DuplicateFinder(text_of=store.article_text)
    originals = store.duplicate_links()
    for aid, values in store.signatures(finder.num_perm):
        if aid in originals:
            finder.add_known(aid, None, values, originals[aid])
    return finder


@dataclass(slots=True)
class _Ticker:
    progress: Progress | None
    stage: str
    total: int | None = None
    done: int = 0

    def tick(self, n: int = 1) -> None:
        self.done += n
        if self.progress:
            self.progress(self.stage, self.done, self.total)


def ingest(
    paths: Sequence[str | os.PathLike[str]],
    store: StoreBackend,
    *,
    published: date | None = None,
    outlet: str | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    annotator: Annotator | None = None,
    progress: Progress | None = None,
    guess_published: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    follow_symlinks: bool = False,
) -> IngestReport:
    """Read, clean, deduplicate and store reports, then annotate and link what is new.

    Never raises for a bad document: each one becomes an
    :class:`IngestProblem` in the returned report and the rest of the batch
    goes on; one a later stage fails on is stored, recorded as a problem
    (``store.problems()``) and skipped by later runs. ``limits`` bound each
    report (:mod:`crosswire.limits`). Symbolic links that lead out of a
    folder being read are skipped unless ``follow_symlinks``. ``published``
    and ``outlet`` are defaults for documents that carry no such metadata of
    their own. Without an ``annotator`` the articles are stored but not
    annotated (``annotate_pending`` can do it later).
    A report with no date of its own or from the defaults gets the date its URL
    or its text states (:func:`date_undated`); with ``guess_published``, also
    the date its text only points to. Either is recorded
    (``Article.published_guess``) so that everything anchored on it says so.
    """
    found = discover(paths, follow_symlinks=follow_symlinks) if progress else None
    ticker = _Ticker(progress, "ingest", total=len(found) if found is not None else None)
    items = read_paths(
        paths,
        published=published,
        outlet=outlet,
        max_bytes=max_bytes,
        progress=lambda _source: ticker.tick(),
        max_depth=limits.max_depth,
        follow_symlinks=follow_symlinks,
    )
    return ingest_documents(
        items,
        store,
        annotator=annotator,
        progress=progress,
        guess_published=guess_published,
        limits=limits,
    )


def ingest_documents(
    items: Iterable[SourceDocument | IngestProblem],
    store: StoreBackend,
    *,
    annotator: Annotator | None = None,
    progress: Progress | None = None,
    guess_published: bool = False,
    limits: Limits = DEFAULT_LIMITS,
    workers: WorkerPool | None = None,
) -> IngestReport:
    """Clean, deduplicate and store documents already read, then annotate and link what is new.

    :func:`ingest` reads paths and hands the documents here; the web API
    builds documents from posted JSON and hands them here too, so both go
    through exactly the same cleaning, identity, duplicate and link rules
    (re-posting a stored document changes nothing). Problems passed in are
    reported, not raised; so is any document that cannot be cleaned or is
    over ``limits``. Re-ingesting a stored document that a stage failed on
    clears its problem, so the next stages try it again. ``workers`` is
    passed on to :func:`annotate_pending`.
    """
    report = IngestReport()
    finder = load_duplicate_finder(store)
    failed = {p.article for p in store.problems()}
    cleared = 0
    for item in items:
        if isinstance(item, IngestProblem):
            report.problems.append(item)
            continue
        try:
            # The clean stage's patterns are linear, but it gets the same per-report time
            # limit the parse and the extractors have: one report cannot hold an ingest.
            with watchdog(limits.timeout, "cleaning"):
                article = clean(item)
            check_text(item.source, article.text, limits)
            legacy = legacy_article_id(item.source_key, article.text)
            added = store_article(
                store, finder, report, article, legacy, guess_published=guess_published
            )
        except InputError as exc:
            report.problems.append(IngestProblem(exc.source, exc.problem))
            continue
        except StageTimeoutError as exc:
            report.problems.append(IngestProblem(item.source, f"cannot be cleaned: {exc}"))
            continue
        except (ValueError, UnicodeError, RecursionError, OverflowError) as exc:
            # Defence in depth: the readers refuse what they know to be bad; anything
            # else one document's content provokes costs that document only.
            report.problems.append(IngestProblem(item.source, f"cannot be stored: {exc}"))
            continue
        if not added and report.unchanged and report.unchanged[-1] in failed:
            cleared += store.clear_problems([report.unchanged[-1]])
    if annotator is not None:
        finish_ingest(
            store,
            annotator,
            report,
            progress=progress,
            limits=limits,
            relink=cleared > 0,
            workers=workers,
        )
    return report


def store_article(
    store: StoreBackend,
    finder: DuplicateFinder,
    report: IngestReport,
    article: Article,
    legacy_id: str,
    *,
    guess_published: bool = False,
) -> bool:
    """Store one cleaned article unless it is stored already; record the outcome in ``report``.

    The identity and duplicate rules of :func:`ingest_documents`, kept in one
    function so the Spark batch runner (:mod:`crosswire.batch`), which cleans
    on executors, stores articles by exactly the same rules. ``legacy_id`` is
    the id older versions gave the same report. Returns True if it was added.
    """
    stored = next((i for i in (article.id, legacy_id) if store.has_article(i)), None)
    if stored is not None:
        report.unchanged.append(stored)
        return False
    date_undated(article, guess=guess_published)
    signature, match = finder.add(article.id, article.text)
    if match:
        article.duplicate_of = match.original
        report.duplicates[article.id] = match.original
    with store.transaction():
        stored_now = store.add_article(article)
        if stored_now:
            store.save_signature(article.id, finder.num_perm, finder.to_bytes(signature))
    if not stored_now:  # another process sharing the store added it since we looked
        report.duplicates.pop(article.id, None)
        report.unchanged.append(article.id)
        return False
    report.added.append(article.id)
    return True


def finish_ingest(
    store: StoreBackend,
    annotator: Annotator,
    report: IngestReport,
    *,
    progress: Progress | None = None,
    annotated: int = 0,
    limits: Limits = DEFAULT_LIMITS,
    relink: bool = False,
    workers: WorkerPool | None = None,
) -> None:
    """Annotate and extract what still needs it, then link if anything changed.

    ``annotated`` counts articles whose annotations were written by the
    caller already (the batch runner writes what its executors parsed).
    A document a stage fails on is recorded in the store and named in
    ``report.problems``; the others go on. ``relink`` links even when
    nothing new was annotated: a report whose problem was cleared may have
    failed in the link stage, and must be linked again. ``workers``, a
    running :class:`WorkerPool`, annotates instead of this process.
    """
    before = {p.article for p in store.problems()}
    annotated += annotate_pending(
        store, annotator, progress=progress, limits=limits, workers=workers
    )
    extracted = extract_pending(store, annotator, progress=progress, limits=limits)
    for problem in store.problems():
        if problem.article not in before:
            report.problems.append(_problem_line(store, problem.article, problem))
            before.add(problem.article)
    stale = store.get_meta("link") != link_signature()
    if annotated or extracted or report.added or relink or stale:
        link(store, new=report.added)
    for problem in store.problems():  # the link stage's, recorded just now
        if problem.article not in before:
            report.problems.append(_problem_line(store, problem.article, problem))


def _problem_line(store: StoreBackend, article_id: str, problem: StoredProblem) -> IngestProblem:
    """The one line a run prints for a stored report that a stage failed on."""
    article = store.get_article(article_id)
    return IngestProblem(
        article.source if article is not None else article_id,
        f"stored as {article_id}, but {problem.stage} failed: {problem.error} "
        "(skipped from now on; `crosswire problems --retry` tries again)",
    )


def retry_problems(
    store: StoreBackend,
    annotator: Annotator,
    article_ids: Sequence[str] | None = None,
    *,
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> IngestReport:
    """Clear the recorded problems of ``article_ids`` (all when None) and run their stages again.

    Returns the report of that run: the documents that fail again are in its
    ``problems`` (and recorded again).
    """
    report = IngestReport()
    cleared = store.clear_problems(None if article_ids is None else list(article_ids))
    finish_ingest(store, annotator, report, progress=progress, limits=limits, relink=cleared > 0)
    return report


def annotate_pending(
    store: StoreBackend,
    annotator: Annotator,
    *,
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
    workers: WorkerPool | None = None,
) -> int:
    """Annotate every stored article that lacks an annotation from the annotator's model.

    Results are written in chunks, each in one transaction, so an
    interrupted run keeps what it finished and resumes where it stopped.
    Parsing and extracting happen before a chunk's transaction opens, so the
    store's write lock is held only while writing: another process sharing
    the store is not kept waiting for this one's spaCy runs. Each document is
    isolated (:mod:`crosswire.isolation`): one that fails, runs past
    ``limits.timeout`` or kills its worker is recorded with its error and
    skipped by later runs; the others are stored. With ``annotator.n_process``
    above 1, crosswire's own worker processes parse and extract; ``workers``,
    a pool kept running by the caller (the web server's, whose threads the
    SIGALRM watchdog cannot reach), does it instead.
    """
    failed = {p.article for p in store.problems()}
    pending = [a for a in store.unannotated(annotator.model_name) if a.id not in failed]
    if not pending:
        return 0
    extractors = load_extractors()
    annotator.nlp.max_length = max(annotator.nlp.max_length, limits.max_chars + 1)
    ticker = _Ticker(progress, "annotate", total=len(pending))
    outcomes: Iterable[Outcome]
    if workers is not None:
        outcomes = workers.run(pending)
    elif annotator.n_process > 1 and len(pending) > 1:
        pool = WorkerPool(annotator, extractors, annotator.n_process, limits)
        outcomes = pool.run(pending)
    else:
        outcomes = (
            outcome
            for offset in range(0, len(pending), _ANNOTATE_CHUNK)
            for outcome in annotate_serial(
                annotator, extractors, pending[offset : offset + _ANNOTATE_CHUNK], limits
            )
        )
    batch: list[Outcome] = []
    for outcome in outcomes:
        batch.append(outcome)
        if len(batch) >= _ANNOTATE_CHUNK:
            _write_outcomes(store, annotator, batch, ticker)
            batch = []
    _write_outcomes(store, annotator, batch, ticker)
    return len(pending)


def _write_outcomes(
    store: StoreBackend, annotator: Annotator, outcomes: Sequence[Outcome], ticker: _Ticker
) -> None:
    """Store a chunk's parses and items in one transaction, and the failures as problems."""
    if not outcomes:
        return
    with store.transaction():
        for outcome in outcomes:
            if outcome.ok and outcome.annotation is not None and outcome.found is not None:
                store.save_annotation(outcome.annotation, annotator.model_name, outcome.doc_bytes)
                save_extractions(store, outcome.article, outcome.found)
            else:
                store.record_problem(outcome.article, outcome.stage, outcome.error)
            ticker.tick()


#: What one extractor found in one article: (extractor name, version, items).
Found = IsolationFound


def run_extractors(
    extractors: Sequence[Extractor],
    article: Article,
    doc: Doc,
    annotation: Annotation,
) -> list[Found]:
    """Run ``extractors`` in order on one parsed article, each seeing what the earlier found."""
    earlier: dict[str, list[dict[str, Any]]] = {}
    found: list[Found] = []
    for extractor in extractors:
        items = extractor.extract(input_for(extractor, article, doc, annotation, earlier))
        earlier[extractor.name] = items
        found.append((extractor.name, component_version(extractor), items))
    return found


def save_extractions(store: StoreBackend, article_id: str, found: Sequence[Found]) -> None:
    """Write one article's extractor results, each under its extractor's name and version."""
    for name, version, items in found:
        store.save_extraction(article_id, name, version, items)


def extract_pending(
    store: StoreBackend,
    annotator: Annotator,
    *,
    progress: Progress | None = None,
    limits: Limits = DEFAULT_LIMITS,
) -> int:
    """Re-run the extractors on articles whose stored results are missing or out of date.

    Works from the stored parse (a DocBin), so a new extractor version costs
    the extraction only, never a new spaCy run. Returns the number of articles redone.
    An article an extractor fails on is recorded as a problem and skipped, as in
    :func:`annotate_pending`.
    """
    extractors = load_extractors()
    if not extractors:
        return 0
    versions = store.extraction_versions()
    current = {x.name: component_version(x) for x in extractors}
    failed = {p.article for p in store.problems()}
    stale = [
        a
        for a in store.articles()
        if a.id not in failed
        and any(versions.get(a.id, {}).get(n) != v for n, v in current.items())
    ]
    if not stale:
        return 0
    annotations = {a.article: a for a in store.annotations()}
    ticker = _Ticker(progress, "extract", total=len(stale))
    done = 0
    for offset in range(0, len(stale), _ANNOTATE_CHUNK):
        results: list[tuple[str, list[Found]]] = []
        problems: list[tuple[str, str, str]] = []
        for article in stale[offset : offset + _ANNOTATE_CHUNK]:
            data = store.doc_bytes(article.id)
            if data is None or article.id not in annotations:
                continue  # not annotated yet: annotate_pending will extract it
            try:
                doc = annotator.doc_from_bytes(data)
                found = extract_guarded(extractors, article, doc, annotations[article.id], limits)
            except StageFailedError as exc:
                problems.append((article.id, exc.stage, exc.error))
                continue
            except Exception as exc:  # an unreadable stored parse: this article only
                problems.append((article.id, "extract", f"{type(exc).__name__}: {exc}"[:300]))
                continue
            results.append((article.id, found))
        with store.transaction():  # written together, after the work, as in annotate_pending
            for article_id, found in results:
                save_extractions(store, article_id, found)
                done += 1
                ticker.tick()
            for article_id, stage, error in problems:
                store.record_problem(article_id, stage, error)
                ticker.tick()
    return done


def link_signature() -> str:
    """Versions of everything the link stage runs; a change means the store must re-link.

    Each is a digest of the component's code and data (:mod:`crosswire.versions`): the
    entity merge's module, with its hand ``MERGE_VERSION`` as salt, and each aggregator.
    """
    from crosswire.entities import MERGE_VERSION
    from crosswire.link import load_aggregators

    parts = [f"entities={module_version('crosswire.entities', MERGE_VERSION)}"]
    parts += [f"{a.name}={component_version(a)}" for a in load_aggregators()]
    return ";".join(parts)


def link(store: StoreBackend, *, new: Sequence[str] = ()) -> list[Entity]:
    """The link and reconcile stages, across all reports.

    Merges entity mentions into canonical entities, then runs the
    aggregators in order (places, stories, operations, reconciliations),
    telling them which articles are ``new`` so incremental ones can update.
    All in one transaction: a failure leaves the previous link intact, and
    on a shared store a second process linking at the same time waits and
    then links on all that is stored by then, instead of interleaving sections.

    Linking is isolated per report, as the earlier stages are: when a
    component raises, the report that makes it raise is found
    (:func:`crosswire.isolation.first_failing`: the shortest prefix of the
    reports that still fails ends with it), recorded as a problem with its
    stage (``link:<component>``) and error, and the stage runs again without
    it. One report's data could otherwise stop every later link, and with it
    every report and export of the store. A failure that no report causes
    (an empty link fails too) is raised as it is.
    """
    failed = {p.article for p in store.problems()}
    while True:
        try:
            with store.transaction():
                return _link(store, new, failed)
        except StageFailedError as exc:
            culprit = _link_culprit(store, new, failed)
            if culprit is None:
                raise
            store.record_problem(culprit, exc.stage, exc.error)
            failed.add(culprit)


class _TrialOverError(CrosswireError):
    """Raised inside a trial link's transaction so that nothing it wrote is kept."""


def _link_culprit(store: StoreBackend, new: Sequence[str], failed: set[str]) -> str | None:
    """The report whose presence makes linking raise, or None if none does alone."""
    ids = [a.id for a in store.articles() if a.id not in failed]

    def fails(prefix: Sequence[str]) -> bool:
        keep = set(prefix)
        left_out = failed | {i for i in ids if i not in keep}
        try:
            with store.transaction():
                _link(store, [i for i in new if i in keep], left_out)
                raise _TrialOverError
        except _TrialOverError:
            return False
        except StageFailedError:
            return True

    return first_failing(ids, fails)


def _link(store: StoreBackend, new: Sequence[str], failed: set[str]) -> list[Entity]:
    """One link over every annotated report not in ``failed``.

    Raises:
        StageFailedError: the entity merge or an aggregator raised (``stage``
            names it), so :func:`link` can find the report at fault.
    """
    from crosswire.entities import merge_entities
    from crosswire.link import Corpus, EntityIndex, load_aggregators

    annotations = [a for a in store.annotations() if a.article not in failed]
    try:
        entities = merge_entities(annotations)
    except Exception as exc:  # any bug on any report's data: find the report, not brick the store
        raise StageFailedError("link:entities", describe(exc)) from exc
    store.replace_entities(entities)
    aggregators = load_aggregators()
    if aggregators:
        sections: dict[str, list[dict[str, Any]]] = {}
        corpus = Corpus(
            articles=[a for a in store.articles() if a.id not in failed],
            annotations={a.article: a for a in annotations},
            entities=EntityIndex(store.entities()),
            extractions={
                x.name: {k: v for k, v in store.extractions(x.name).items() if k not in failed}
                for x in load_extractors()
            },
            new=[i for i in new if i not in failed],
            sections=sections,
        )
        for aggregator in aggregators:
            try:
                items = aggregator.run(corpus.declared(aggregator), store)
            except CrosswireError:
                raise  # the store's own errors (unreachable, locked) are no report's fault
            except Exception as exc:
                raise StageFailedError(f"link:{aggregator.name}", describe(exc)) from exc
            sections[aggregator.name] = items
            store.save_section(aggregator.name, component_version(aggregator), items)
    store.set_meta("link", link_signature())
    return entities


def write_report(
    store: StoreBackend,
    fmt: str,
    path: str | os.PathLike[str] | None,
    *,
    story: str | None = None,
) -> str:
    """The report stage: render the situation report as ``md``, ``html`` or ``json``.

    With ``story``, the report covers that story only (its articles and
    everything citing them). Returns the rendered text; writes it to
    ``path`` when one is given.

    Raises:
        ExportError: unknown format or story, or the file cannot be written.
    """
    from crosswire.export import build_export

    if fmt not in REPORT_FORMATS:
        raise ExportError(f"unknown report format {fmt!r}: use md, html or json")
    refresh_links(store)
    doc = build_export(store)
    sentences = {a.article: a.sentences for a in store.annotations()} if fmt != "json" else {}
    text = render_report(doc, fmt, sentences=sentences, story=story, where=str(store.path))
    if path is not None:
        write_text(path, text)
    return text


REPORT_FORMATS: tuple[str, ...] = ("md", "html", "json")
"""The situation report's formats: Markdown, one self-contained HTML page, the export JSON."""


def render_report(
    doc: Mapping[str, Any],
    fmt: str,
    *,
    sentences: Mapping[str, Sequence[tuple[int, int]]] | None = None,
    story: str | None = None,
    where: str = "the store",
) -> str:
    """Render an export document already built as the situation report in ``fmt``.

    :func:`write_report` (the CLI) and the web API both end here, so a report
    served over HTTP is byte-for-byte the one ``crosswire report`` writes.
    ``where`` names the store in the unknown-story message.

    Raises:
        ExportError: unknown format or story.
    """
    from crosswire.export import export_json
    from crosswire.report import render_html, render_markdown

    if story is not None:
        from crosswire.link.stories import export_for_story

        try:
            doc = export_for_story(doc, story)
        except KeyError:
            raise ExportError(
                f"no story {story!r} in {where}: `crosswire stories` lists the story ids"
            ) from None
    if fmt == "json":
        return export_json(dict(doc))
    if fmt == "md":
        return render_markdown(doc, sentences=sentences)
    if fmt == "html":
        return render_html(doc, sentences=sentences)
    raise ExportError(f"unknown report format {fmt!r}: use md, html or json")


def refresh_links(store: StoreBackend) -> bool:
    """Re-run the link stage if the linking components changed since the store was linked.

    Returns True when it had to. Reports and exports call this so that an
    upgraded crosswire never shows sections built by older rules.
    """
    if store.count_articles() and store.get_meta("link") != link_signature():
        link(store)
        return True
    return False


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write atomically (temp file + rename) so a failed write never leaves half a report."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise ExportError(f"cannot write {path}: {exc.strerror or exc}") from exc
