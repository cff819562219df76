"""Connecting to PostgreSQL and turning the driver's failures into crosswire errors.

libpq reports a failed connection as one ``OperationalError`` whose only clue
is its message, yet a refused password and a server that is down need
different fixes; :func:`store_error` tells them apart so the one line the CLI
prints says what to do. Passwords never appear in messages (:func:`redact`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from urllib.parse import urlsplit, urlunsplit

from crosswire.errors import (
    StoreAuthError,
    StoreBackendMissingError,
    StoreError,
    StoreUnreachableError,
)

if TYPE_CHECKING:
    import psycopg

__all__ = ["CONNECT_TIMEOUT", "connect", "redact", "store_error"]

#: Seconds to wait for a server before giving up, unless the URL sets connect_timeout.
CONNECT_TIMEOUT = 10

_AUTH_CLUES = (
    "password authentication failed",
    "no password supplied",
    "authentication failed",
    'role "',  # role "x" does not exist
    "no pg_hba.conf entry",
)


def redact(url: str) -> str:
    """The URL with any password replaced by ``***``, fit for messages and ``store.path``."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rsplit("@", 1)[1]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


def connect(url: str) -> psycopg.Connection[tuple[object, ...]]:
    """An autocommit connection to ``url`` (transactions are opened explicitly)."""
    try:
        import psycopg
        from psycopg.conninfo import conninfo_to_dict
    except ImportError as exc:
        raise StoreBackendMissingError(
            f"cannot open {redact(url)}: the PostgreSQL driver is not installed "
            "(pip install 'crosswire[postgres]'), or pass --db with a SQLite file path"
        ) from exc
    try:
        options = conninfo_to_dict(url)
    except psycopg.ProgrammingError as exc:
        raise StoreError(f"cannot open {redact(url)}: not a valid PostgreSQL URL ({exc})") from exc
    extra = {} if "connect_timeout" in options else {"connect_timeout": CONNECT_TIMEOUT}
    try:
        return psycopg.connect(url, autocommit=True, **extra)  # type: ignore[arg-type]
    except psycopg.Error as exc:
        raise store_error(exc, url) from exc


def store_error(exc: Exception, url: str, doing: str = "connect to") -> StoreError:
    """The crosswire error for a driver failure while ``doing`` something with ``url``.

    Only an ``OperationalError`` (connection-level) is about the server or the
    credentials; anything else is a plain :class:`StoreError` naming the problem.
    """
    import psycopg

    where = redact(url)
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    lowered = str(exc).lower()
    if not isinstance(exc, psycopg.OperationalError):
        return StoreError(f"cannot {doing} {where}: {message}")
    if any(clue in lowered for clue in _AUTH_CLUES):
        return StoreAuthError(
            f"cannot {doing} {where}: the server refused the credentials ({message}); "
            "check the user name and password in the URL (postgresql://USER:PASSWORD@HOST/DB)"
        )
    if "does not exist" in lowered and "database" in lowered:
        return StoreError(
            f"cannot {doing} {where}: {message}; create it first (createdb NAME) "
            "or name an existing database in the URL"
        )
    return StoreUnreachableError(
        f"cannot {doing} {where}: {message}; check that the PostgreSQL server is running "
        "and that host and port in the URL are right"
    )
