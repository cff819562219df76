"""Annotate stage: named entities, roles and sentences from one spaCy pipeline.

The public names are imported lazily so that importing this package (or
:mod:`crosswire.annotate.places`, which the link stage uses) does not import
spaCy; the model itself loads only when an :class:`Annotator` first needs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crosswire.annotate.pipeline import Annotator, annotation_from_doc

__all__ = ["Annotator", "annotation_from_doc"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from crosswire.annotate import pipeline

        return getattr(pipeline, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
