"""The one exception tree of crosswire, drawn in one place.

Every error crosswire raises on purpose is a :class:`CrosswireError`, so a
caller can catch the whole family with one ``except``. Messages are written
for the person at the keyboard: they name the file or setting at fault and
say what to do next.

::

    CrosswireError
    ├── InputError                 a document could not be read or understood
    │   ├── UnsupportedFormatError     no reader for this kind of file
    │   ├── DecodeError                bytes that are not text in any known encoding
    │   ├── EmptyDocumentError         nothing left to analyse
    │   ├── DocumentTooLargeError      over the configured size limit
    │   ├── MalformedDocumentError     JSON / feed / manifest that does not parse
    │   ├── NetworkUnavailableError    a URL was given but cannot be fetched
    │   └── BadUrlError                a URL that does not parse
    ├── StoreError                 the database cannot be opened or written
    │   ├── SchemaVersionError         the database is newer than this crosswire
    │   ├── StoreMissingError          a read-only command named a store file that does not exist
    │   ├── StoreUnreachableError      the PostgreSQL server cannot be reached
    │   ├── StoreAuthError             the PostgreSQL server refused the credentials
    │   └── StoreBackendMissingError   the driver for a store URL is not installed
    ├── ModelError                 the language model package is missing or broken
    ├── ExportError                an export or report could not be written
    ├── ConfigError                an option or setting has a value crosswire cannot use
    ├── ContractError              a component missing, misordered, or reading undeclared output
    ├── ExtraUnavailableError      an optional part is not installed here
    │   ├── WebUnavailableError        Starlette / uvicorn (extra ``web``)
    │   └── SparkUnavailableError      pyspark or Java 17+ (extra ``spark``), or Spark did not start
    ├── BatchJobError              a Spark job failed on the executors
    ├── StageFailedError           a stage failed on one stored report (recorded as a problem)
    │   └── StageTimeoutError          it ran past the watchdog's limit (--timeout)
    └── WebRequestError            a web API request that cannot be answered as asked
        ├── BadQueryError              a parameter the endpoint does not accept (HTTP 400)
        ├── NotFoundError              no item with the id in the URL (HTTP 404)
        ├── BadDocumentError           a posted body that is not a document (HTTP 422)
        ├── PayloadTooLargeError       a posted body over the size limit (HTTP 413)
        └── RequestTimeoutError        a request not received within its time limit (HTTP 408)

The optional parts' modules re-export their errors (``crosswire.batch``,
``crosswire.web``), so they can be caught without importing this module.
"""

from __future__ import annotations

__all__ = [
    "BadDocumentError",
    "BadQueryError",
    "BadUrlError",
    "BatchJobError",
    "ConfigError",
    "ContractError",
    "CrosswireError",
    "DecodeError",
    "DocumentTooLargeError",
    "EmptyDocumentError",
    "ExportError",
    "ExtraUnavailableError",
    "InputError",
    "MalformedDocumentError",
    "ModelError",
    "NetworkUnavailableError",
    "NotFoundError",
    "PayloadTooLargeError",
    "RequestTimeoutError",
    "SchemaVersionError",
    "SparkUnavailableError",
    "StageFailedError",
    "StageTimeoutError",
    "StoreAuthError",
    "StoreBackendMissingError",
    "StoreError",
    "StoreMissingError",
    "StoreUnreachableError",
    "UnsupportedFormatError",
    "WebRequestError",
    "WebUnavailableError",
]


class CrosswireError(Exception):
    """Base of every error crosswire raises deliberately."""


class InputError(CrosswireError):
    """A document could not be ingested.

    ``source`` names the file or URL so that batch ingestion can report the
    problem and carry on with the rest.
    """

    def __init__(self, source: str, problem: str) -> None:
        self.source = source
        self.problem = problem
        super().__init__(f"{source}: {problem}")


class UnsupportedFormatError(InputError):
    """No reader knows this kind of file."""


class DecodeError(InputError):
    """The bytes are not text in any encoding crosswire could detect."""


class EmptyDocumentError(InputError):
    """The document has no text left to analyse."""


class DocumentTooLargeError(InputError):
    """The document is larger than the configured limit."""


class MalformedDocumentError(InputError):
    """Structured input (JSON, JSONL, feed, manifest) does not parse."""


class NetworkUnavailableError(InputError):
    """A URL was given but the network cannot reach it."""


class BadUrlError(InputError):
    """A URL that does not parse (a broken IPv6 bracket, a port out of range): nothing to fetch."""


class StoreError(CrosswireError):
    """The store cannot be opened, migrated or written."""


class SchemaVersionError(StoreError):
    """The database was written by a newer crosswire than this one."""


class StoreMissingError(StoreError):
    """A command that only reads was pointed at a store file that does not exist."""


class StoreUnreachableError(StoreError):
    """The PostgreSQL server named by a store URL cannot be reached (or the link dropped).

    Kept apart from :class:`StoreAuthError` because the fixes differ: this one
    is about the host, port or server state, that one about the user and password.
    """


class StoreAuthError(StoreError):
    """The PostgreSQL server answered but refused the user name or password."""


class StoreBackendMissingError(StoreError):
    """A ``postgresql://`` store was asked for but the optional driver is not installed."""


class ModelError(CrosswireError):
    """The spaCy pipeline package is missing or cannot be loaded."""


class ExportError(CrosswireError):
    """An export or report could not be produced or written."""


class ConfigError(CrosswireError):
    """An option or setting (command line or environment) has a value crosswire cannot use."""


class ContractError(CrosswireError):
    """An extractor's or aggregator's declared contract does not hold.

    Each component declares the outputs it ``requires`` and those it ``assigns``
    (:mod:`crosswire.components`). Loading raises this when a required output is assigned by
    no component, or only by one that runs later; a component raises it at run time when it
    reads an output it did not declare. Before the contracts, each of these silently emptied
    a section, so this is raised, never recorded as one report's problem. The message names
    the component, what it requires and what to do.
    """


class ExtraUnavailableError(CrosswireError):
    """An optional part of crosswire (an extra, or what it needs from the system) is missing."""


class WebUnavailableError(ExtraUnavailableError):
    """Starlette or uvicorn, needed by ``crosswire serve``, is not installed."""


class SparkUnavailableError(ExtraUnavailableError):
    """``crosswire batch`` cannot run: pyspark or Java is missing, or Spark failed to start."""


class BatchJobError(CrosswireError):
    """The Spark job failed on the executors (a worker without crosswire, a model error...)."""


class StageFailedError(CrosswireError):
    """A stage raised on one report; ``stage`` names it (``annotate``, ``extract:figures``).

    The pipeline records it in the store's problems and goes on with the other reports.
    """

    def __init__(self, stage: str, error: str) -> None:
        self.stage = stage
        self.error = error
        super().__init__(f"{stage} failed: {error}")


class StageTimeoutError(StageFailedError):
    """A stage ran past the watchdog's time limit on one report."""

    def __init__(self, what: str, seconds: float) -> None:
        super().__init__("timeout", f"{what} ran over the limit of {seconds:g} s (raise --timeout)")


class WebRequestError(CrosswireError):
    """A web API request that cannot be answered as asked; subclasses carry the HTTP status."""


class BadQueryError(WebRequestError):
    """A query parameter the endpoint does not accept, or a value it cannot mean (HTTP 400)."""


class NotFoundError(WebRequestError):
    """No item with the id in the URL (HTTP 404)."""


class BadDocumentError(WebRequestError):
    """The posted body is not a document (or list of documents) crosswire can ingest (422)."""


class PayloadTooLargeError(WebRequestError):
    """The posted body is larger than the server accepts (HTTP 413); refused while reading."""


class RequestTimeoutError(WebRequestError):
    """The client did not send its whole request in time (HTTP 408): a stalled or slow client."""
