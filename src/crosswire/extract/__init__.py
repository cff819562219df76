"""The extract stage: per-article extractors that read the stored parse.

An extractor is a component with a ``name`` and an ``extract`` method. It
receives one article, its spaCy ``Doc`` (restored from the store, so
re-extraction after a rule change never re-parses) and what the extractors
before it found in the same article, and returns
JSON-ready items, each carrying ``id``, ``article``, ``start``, ``end`` and
``text`` (a span of the article's cleaned text).

Extractors run in the order of :data:`EXTRACTORS`; each lives in the module
``crosswire.extract.<name>`` and exposes an ``EXTRACTOR`` object. When an
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

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

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
    "load_components",
    "load_extractors",
]

#: Extractor module names, in the order they run (later ones see earlier results).
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
    """Everything an extractor may read about one article."""

    article: Article
    doc: Doc
    annotation: Annotation
    earlier: Mapping[str, Sequence[Item]] = field(default_factory=dict)


@runtime_checkable
class Extractor(Protocol):
    """A per-article extraction component (``version``, optional, is a salt: see above)."""

    name: str

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Items found in ``inp.article``, each with id, article, start, end, text."""
        ...


def finalize(extractor: Extractor, item: Item, entities: EntityIndex) -> Item:
    """Apply the extractor's ``finalize`` hook if it has one (refreshing entity ids)."""
    hook = getattr(extractor, "finalize", None)
    return hook(item, entities) if hook is not None else item


def load_extractors(names: Sequence[str] = EXTRACTORS) -> list[Extractor]:
    """The extractors in ``names`` whose modules exist in this installation, in order.

    A name whose module is not there yet is skipped: the stage it belongs to
    has not been built, and its export section stays empty.
    """
    return load_components("crosswire.extract", names, "EXTRACTOR", Extractor)


def load_components(package: str, names: Sequence[str], attr: str, kind: type) -> list[Any]:
    """``package.<name>.<attr>`` for each name whose module exists, checked against ``kind``.

    ``kind`` is a runtime-checkable Protocol (hence the plain ``type``: mypy
    will not bind a Protocol to a type variable's ``type[T]``).
    """
    found: list[Any] = []
    for name in names:
        module_name = f"{package}.{name}"
        if find_spec(module_name) is None:
            continue
        component = getattr(importlib.import_module(module_name), attr)
        if not isinstance(component, kind):
            raise TypeError(f"{module_name}.{attr} does not implement {kind.__name__}")
        found.append(component)
    return found
