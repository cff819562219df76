"""The link and reconcile stages: components that work across reports.

An aggregator has a ``name`` and a ``run(corpus, store)`` method returning
JSON-ready items for the export section of that name (``wire_texts``,
``places``, ``stories``, ``operations``, ``reconciliations``, or an internal
name: ``incident_counts``, which the export carries onto the incidents).
It sees every article, annotation, canonical entity and per-article
extraction through a :class:`Corpus`, plus which articles are new since
the last run, so incremental components (story clustering) can
update rather than recompute, keeping their state with
``store.get_state`` / ``store.put_state``.

Aggregators run in the order of :data:`AGGREGATORS`, each from module
``crosswire.link.<name>`` exposing ``AGGREGATOR``; a later one sees the
earlier ones' output in ``corpus.sections``. As for extractors, an
aggregator's version is a digest of its code and data
(:func:`crosswire.versions.component_version`); a change re-links the store.
An optional ``version`` attribute is only a salt.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from crosswire.extract import load_components
from crosswire.link.entity_index import EntityIndex
from crosswire.models import Annotation, Article

if TYPE_CHECKING:
    from crosswire.store import StoreBackend

__all__ = ["AGGREGATORS", "Aggregator", "Corpus", "EntityIndex", "load_aggregators"]

#: Aggregator module names, in the order they run.
AGGREGATORS: tuple[str, ...] = (
    "wire_texts",
    "places",
    "stories",
    "operations",
    "reconciliations",
    "incident_counts",
)

Item = dict[str, Any]


@dataclass(slots=True)
class Corpus:
    """Everything known across reports, as aggregators see it."""

    articles: list[Article]
    annotations: Mapping[str, Annotation]
    entities: EntityIndex
    extractions: Mapping[str, Mapping[str, list[Item]]]
    new: Sequence[str] = ()
    sections: dict[str, list[Item]] = field(default_factory=dict)

    def items(self, name: str) -> list[Item]:
        """All items extractor ``name`` found, across articles in ingestion order."""
        return [item for items in self.extractions.get(name, {}).values() for item in items]


@runtime_checkable
class Aggregator(Protocol):
    """A cross-report component (``version``, optional, is a salt: see above)."""

    name: str

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """The section's items, built from the corpus (and any saved state)."""
        ...


def load_aggregators(names: Sequence[str] = AGGREGATORS) -> list[Aggregator]:
    """The aggregators in ``names`` whose modules exist in this installation, in order."""
    return load_components("crosswire.link", names, "AGGREGATOR", Aggregator)
