"""The per-document work of a batch run, as plain Python that Spark executors call.

Nothing here imports pyspark: :mod:`crosswire.batch.spark` hands these
functions to ``flatMap`` / ``mapPartitions``, and they can be called (and
reasoned about) without a cluster. Each step does exactly what the
sequential pipeline does for one document -- :func:`~crosswire.ingest.reader.read_planned`,
:func:`~crosswire.pipeline.clean`, the date guess, the annotator and the
extractors -- so that the driver, writing the results through the same store
calls, ends with the same store as ``crosswire ingest``.

Results are small picklable records (:class:`Done`), keyed by where the
document stands in the sequential reading order, so the driver can put them
back in that order: duplicate detection and article ``seq`` numbers depend on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date
from functools import cache
from typing import TYPE_CHECKING

from crosswire.errors import InputError
from crosswire.ingest.decode import DEFAULT_MAX_BYTES
from crosswire.ingest.reader import PlannedSource, read_planned
from crosswire.models import Annotation, Article, IngestProblem, SourceDocument, legacy_article_id
from crosswire.pipeline import Found
from crosswire.store.rows import article_from_row, article_values

if TYPE_CHECKING:
    from crosswire.annotate import Annotator

__all__ = ["Done", "Key", "Read", "ReadOptions", "process_partition", "read_source_at"]

#: Where a document stands in the sequential order: (source index, item index in that source).
Key = tuple[int, int]


@dataclass(frozen=True, slots=True)
class ReadOptions:
    """The ``crosswire ingest`` options that change what reading and cleaning produce."""

    published: date | None = None
    outlet: str | None = None
    max_bytes: int = DEFAULT_MAX_BYTES
    guess_published: bool = False


#: One item read from a source: a document to process, or a problem to report.
Read = tuple[Key, SourceDocument | IngestProblem]


@dataclass(frozen=True, slots=True)
class Done:
    """What the driver needs to store one document, as the sequential pipeline would.

    ``problem`` is set for a document that could not be read or cleaned;
    otherwise ``article`` is the cleaned article (date guessed when asked) and
    ``legacy_id`` the id older versions gave it. ``annotation``, ``doc_bytes``
    and ``found`` (extractor name, version, items) are None when the executor
    skipped the parse because the article was stored already.
    """

    key: Key
    problem: IngestProblem | None = None
    article: Article | None = None
    legacy_id: str | None = None
    model: str | None = None
    annotation: Annotation | None = None
    doc_bytes: bytes | None = None
    found: list[Found] | None = None


def read_source_at(index: int, planned: PlannedSource, options: ReadOptions) -> list[Read]:
    """Read one planned source; each item keyed by (source index, position in the source)."""
    items = read_planned(
        planned,
        published=options.published,
        outlet=options.outlet,
        max_bytes=options.max_bytes,
    )
    return [((index, n), item) for n, item in enumerate(items)]


def _as_stored(article: Article) -> Article:
    """The article as the store gives it back (the form the sequential extractors see).

    The sequential pipeline parses articles read back from the store; passing
    the executor's article through the same row conversion removes any
    difference in representation (tuples vs lists, dates) before extraction.
    """
    values = article_values(article, 0)
    return article_from_row((*values[:13], values[15]))


def _clean(key: Key, document: SourceDocument, options: ReadOptions) -> Done:
    from crosswire.pipeline import clean, date_undated

    try:
        article = clean(document)
    except InputError as exc:
        return Done(key, problem=IngestProblem(exc.source, exc.problem))
    date_undated(article, guess=options.guess_published)
    legacy = legacy_article_id(document.source_key, article.text)
    return Done(key, article=_as_stored(article), legacy_id=legacy)


@cache
def _worker_annotator() -> Annotator:
    """This executor process's Annotator, created by the first partition that needs one.

    Spark reuses its Python workers across tasks and jobs, so caching the
    pipeline per process (not per partition) means a worker loads spaCy once,
    not once per partition; a worker that only meets stored articles never
    loads it at all.
    """
    from crosswire.annotate import Annotator

    return Annotator()


def process_partition(
    items: Iterable[Read], options: ReadOptions, stored: frozenset[str]
) -> Iterator[Done]:
    """Clean, annotate and extract one partition's documents with one Annotator.

    The Annotator (a spaCy pipeline) is loaded on the executor, and only if
    some article in the partition needs parsing: articles whose id (or legacy
    id) is in ``stored`` are already in the store, so the driver will count
    them unchanged and their parse would be thrown away.
    """
    from crosswire.extract import load_extractors
    from crosswire.pipeline import run_extractors

    cleaned: list[Done] = []
    for key, item in items:
        if isinstance(item, IngestProblem):
            cleaned.append(Done(key, problem=item))
        else:
            cleaned.append(_clean(key, item, options))
    todo = [
        d.article
        for d in cleaned
        if d.article is not None and not {d.article.id, d.legacy_id} & stored
    ]
    if not todo:
        yield from cleaned
        return
    annotator = _worker_annotator()
    extractors = load_extractors()
    model = annotator.model_name
    parsed: dict[str, tuple[Annotation, bytes, list[Found]]] = {}
    by_id = {a.id: a for a in todo}
    for annotation, doc in annotator.annotate(by_id.values()):
        found = run_extractors(extractors, by_id[annotation.article], doc, annotation)
        parsed[annotation.article] = (annotation, annotator.doc_to_bytes(doc), found)
    for done in cleaned:
        if done.article is None or done.article.id not in parsed:
            yield done
            continue
        annotation, data, found = parsed[done.article.id]
        yield Done(
            done.key,
            article=done.article,
            legacy_id=done.legacy_id,
            model=model,
            annotation=annotation,
            doc_bytes=data,
            found=found,
        )
