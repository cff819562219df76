"""crosswire: many news reports about a crisis, one cross-checked, sourced picture.

The public surface is listed in ``__all__``. Names are imported lazily on
first use, so ``import crosswire`` stays cheap and loads no model: spaCy,
trafilatura and friends are only imported by the stages that need them.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from crosswire.errors import (
    CrosswireError,
    DecodeError,
    DocumentTooLargeError,
    EmptyDocumentError,
    ExportError,
    InputError,
    MalformedDocumentError,
    ModelError,
    NetworkUnavailableError,
    SchemaVersionError,
    StoreError,
    UnsupportedFormatError,
)
from crosswire.models import (
    Annotation,
    Article,
    CleanedText,
    Entity,
    IngestProblem,
    IngestReport,
    Mention,
    Removal,
    RoleMention,
    SourceDocument,
)

if TYPE_CHECKING:
    from crosswire.annotate import Annotator
    from crosswire.clean import clean_text
    from crosswire.dedupe import DuplicateFinder
    from crosswire.export import build_export, validate_export
    from crosswire.ingest import read_paths
    from crosswire.pipeline import STAGES, annotate_pending, clean, ingest, link, write_report
    from crosswire.report import render_html, render_markdown
    from crosswire.store import Store

__version__ = "0.1.0"

_LAZY: dict[str, str] = {
    "Annotator": "crosswire.annotate",
    "clean_text": "crosswire.clean",
    "DuplicateFinder": "crosswire.dedupe",
    "build_export": "crosswire.export",
    "validate_export": "crosswire.export",
    "read_paths": "crosswire.ingest",
    "STAGES": "crosswire.pipeline",
    "annotate_pending": "crosswire.pipeline",
    "clean": "crosswire.pipeline",
    "ingest": "crosswire.pipeline",
    "link": "crosswire.pipeline",
    "write_report": "crosswire.pipeline",
    "render_html": "crosswire.report",
    "render_markdown": "crosswire.report",
    "Store": "crosswire.store",
}

__all__ = [
    "STAGES",
    "Annotation",
    "Annotator",
    "Article",
    "CleanedText",
    "CrosswireError",
    "DecodeError",
    "DocumentTooLargeError",
    "DuplicateFinder",
    "EmptyDocumentError",
    "Entity",
    "ExportError",
    "IngestProblem",
    "IngestReport",
    "InputError",
    "MalformedDocumentError",
    "Mention",
    "ModelError",
    "NetworkUnavailableError",
    "Removal",
    "RoleMention",
    "SchemaVersionError",
    "SourceDocument",
    "Store",
    "StoreError",
    "UnsupportedFormatError",
    "__version__",
    "annotate_pending",
    "build_export",
    "clean",
    "clean_text",
    "ingest",
    "link",
    "read_paths",
    "render_html",
    "render_markdown",
    "validate_export",
    "write_report",
]


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'crosswire' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value
