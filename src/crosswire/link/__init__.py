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
``crosswire.link.<name>`` exposing ``AGGREGATOR`` (or registered by another
package in the entry point group ``crosswire.aggregators``); a later one sees
the earlier ones' output in ``corpus.sections``. Each declares the extractors'
items and sections it reads (``requires``) and its section (``assigns``), and
its corpus holds only those: loading checks the order
(:mod:`crosswire.components`). As for extractors, an
aggregator's version is a digest of its code and data
(:func:`crosswire.versions.component_version`); a change re-links the store.
An optional ``version`` attribute is only a salt.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from crosswire.components import Declared, load_components
from crosswire.extract import load_extractors
from crosswire.link.entity_index import EntityIndex
from crosswire.models import Annotation, Article

if TYPE_CHECKING:
    from crosswire.store import StoreBackend

__all__ = ["AGGREGATORS", "Aggregator", "Corpus", "EntityIndex", "load_aggregators"]

#: Aggregator module names, in the order they run (registered ones, in entry point group
#: ``crosswire.aggregators``, after them).
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
    """Everything known across reports, as aggregators see it.

    An aggregator is handed :meth:`declared`: ``extractions`` and ``sections`` hold only
    the names it ``requires``, and reading another raises.
    """

    articles: list[Article]
    annotations: Mapping[str, Annotation]
    entities: EntityIndex
    extractions: Mapping[str, Mapping[str, list[Item]]]
    new: Sequence[str] = ()
    sections: Mapping[str, list[Item]] = field(default_factory=dict)

    def items(self, name: str) -> list[Item]:
        """All items extractor ``name`` found, across articles in ingestion order."""
        return [item for items in self.extractions.get(name, {}).values() for item in items]

    def declared(self, aggregator: Aggregator) -> Corpus:
        """This corpus as ``aggregator`` may read it: the outputs it ``requires``, no more."""
        who = f"the {aggregator.name} aggregator"
        return replace(
            self,
            extractions=Declared(who, aggregator.requires, self.extractions),
            sections=Declared(who, aggregator.requires, self.sections),
        )


@runtime_checkable
class Aggregator(Protocol):
    """A cross-report component (``version``, optional, is a salt: see above)."""

    name: str
    #: The extractors' items (``corpus.items``) and earlier sections it reads.
    requires: tuple[str, ...]
    #: What it produces: ``(name,)``, its section.
    assigns: tuple[str, ...]

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """The section's items, built from the corpus (and any saved state)."""
        ...


def load_aggregators(
    names: Sequence[str] | None = None,
    *,
    extracted: Collection[str] | None = None,
    allow_missing: Collection[str] = (),
) -> list[Aggregator]:
    """The aggregators in ``names``, in that order, checked against their contracts.

    ``None`` loads all: :data:`AGGREGATORS`, then the registered ones. What they may
    require besides earlier sections is the extractors' output: ``extracted`` names it,
    by default every extractor :func:`~crosswire.extract.load_extractors` loads. A name
    nothing provides, or a requirement nothing before it assigns, raises
    :class:`~crosswire.errors.ContractError` (unless named in ``allow_missing``).
    """
    if extracted is None:
        extracted = [name for x in load_extractors() for name in x.assigns]
    return load_components(
        "crosswire.link",
        AGGREGATORS,
        names,
        "AGGREGATOR",
        Aggregator,
        group="crosswire.aggregators",
        role="aggregator",
        available=extracted,
        allow_missing=allow_missing,
    )
