"""The extract stage: per-article extractors that read the stored parse.

An extractor is a component with a ``name`` and an ``extract`` method. It
receives one article, its spaCy ``Doc`` (restored from the store, so
re-extraction after a rule change never re-parses) and what the extractors
before it found in the same article, and returns
JSON-ready items, each carrying ``id``, ``article``, ``start``, ``end`` and
``text`` (a span of the article's cleaned text).

Extractors run in the order of :data:`EXTRACTORS`; each lives in the module
``crosswire.extract.<name>`` and exposes an ``EXTRACTOR`` object, or is registered by
another package in the entry point group ``crosswire.extractors``. Each declares the
extractors whose items it reads (``requires``) and its own output (``assigns``), and reads
them through ``inp.earlier``, which holds only those: loading checks the order
(:mod:`crosswire.components`). When an
extractor's version changes, the pipeline re-runs it on every stored
article. That version is a digest of the extractor's code and data files
(:func:`crosswire.versions.component_version`), so no one bumps it by hand;
an optional ``version`` attribute is only a salt, for a change content
cannot see (a new release of a library the extractor relies on). An
extractor whose ``name`` is an export section (``quotes``, ``figures``,
``events``) fills that section unless an aggregator of the
same name (see :mod:`crosswire.link`) builds it from them; other names are
internal inputs for later stages.

Because canonical entity ids can change as reports arrive (a longer name
turns up), extractors record entity references as spans. Their optional
``finalize(item, entities)`` hook refreshes ``*_entity`` fields from those
spans when the export is built.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from crosswire.components import Declared, load_components
from crosswire.models import Annotation, Article

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from crosswire.link.entity_index import EntityIndex

__all__ = [
    "EXTRACTORS",
    "ExtractionInput",
    "Extractor",
    "Item",
    "finalize",
    "input_for",
    "load_extractors",
]

#: Extractor module names, in the order they run (later ones see earlier results).
#: Registered extractors (entry point group ``crosswire.extractors``) run after them.
EXTRACTORS: tuple[str, ...] = (
    "place_mentions",
    "timexes",
    "quotes",
    "figures",
    "events",
    "lead_roles",
)

Item = dict[str, Any]


@dataclass(frozen=True, slots=True)
class ExtractionInput:
    """Everything an extractor may read about one article.

    ``earlier`` holds the items of the extractors that ran before, by name; the pipeline
    passes a :class:`~crosswire.components.Declared` view of them, so reading a name the
    extractor does not declare in ``requires`` raises instead of finding nothing.
    """

    article: Article
    doc: Doc
    annotation: Annotation
    earlier: Mapping[str, Sequence[Item]] = field(default_factory=dict)


@runtime_checkable
class Extractor(Protocol):
    """A per-article extraction component (``version``, optional, is a salt: see above)."""

    name: str
    #: The extractors whose items it reads in ``inp.earlier``.
    requires: tuple[str, ...]
    #: What it produces: ``(name,)``.
    assigns: tuple[str, ...]

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Items found in ``inp.article``, each with id, article, start, end, text."""
        ...


def finalize(extractor: Extractor, item: Item, entities: EntityIndex) -> Item:
    """Apply the extractor's ``finalize`` hook if it has one (refreshing entity ids)."""
    hook = getattr(extractor, "finalize", None)
    return hook(item, entities) if hook is not None else item


def input_for(
    extractor: Extractor,
    article: Article,
    doc: Doc,
    annotation: Annotation,
    found: Mapping[str, Sequence[Item]],
) -> ExtractionInput:
    """What ``extractor`` may read about ``article``: ``found`` (the earlier extractors'
    items), restricted to the names it ``requires``."""
    view = Declared(f"the {extractor.name} extractor", extractor.requires, found)
    return ExtractionInput(article, doc, annotation, view)


def load_extractors(
    names: Sequence[str] | None = None, *, allow_missing: Collection[str] = ()
) -> list[Extractor]:
    """The extractors in ``names``, in that order, checked against their contracts.

    ``None`` loads all: :data:`EXTRACTORS`, then the registered ones. A name no module or
    entry point provides, or an extractor that requires one not loaded before it, raises
    :class:`~crosswire.errors.ContractError`; a caller that loads a subset on purpose and
    does without some requirement names it in ``allow_missing``.
    """
    return load_components(
        "crosswire.extract",
        EXTRACTORS,
        names,
        "EXTRACTOR",
        Extractor,
        group="crosswire.extractors",
        role="extractor",
        allow_missing=allow_missing,
    )
