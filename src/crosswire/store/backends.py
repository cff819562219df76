"""Choosing the store behind a ``--db`` value: a file path is SQLite, a URL is PostgreSQL.

SQLite needs nothing beyond Python and suits one analyst; PostgreSQL is the
shared server several people or processes ingest into at once. The PostgreSQL
driver is an optional extra (``pip install 'crosswire[postgres]'``), so it is
imported only when a ``postgresql://`` target is opened.
"""

from __future__ import annotations

from pathlib import Path

from crosswire.errors import StoreBackendMissingError
from crosswire.store.protocol import StoreBackend
from crosswire.store.sqlite import Store

__all__ = ["POSTGRES_SCHEMES", "is_postgres_url", "open_store"]

POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def is_postgres_url(target: str | Path) -> bool:
    """True when ``target`` names a PostgreSQL database rather than a SQLite file."""
    return isinstance(target, str) and target.lower().startswith(POSTGRES_SCHEMES)


def open_store(target: str | Path) -> StoreBackend:
    """Open (creating and migrating as needed) the store ``target`` names.

    A ``postgresql://`` or ``postgres://`` URL opens a
    :class:`~crosswire.store.postgres.PostgresStore`; anything else is the path
    of a SQLite file (or ``":memory:"``).

    Raises:
        StoreBackendMissingError: a URL was given but psycopg is not installed.
        StoreUnreachableError, StoreAuthError: the server cannot be reached or
            refuses the credentials.
        StoreError: the database cannot be opened or migrated.
    """
    if is_postgres_url(target):
        try:
            from crosswire.store.postgres import PostgresStore
        except ImportError as exc:
            raise StoreBackendMissingError(
                "cannot open a PostgreSQL store: the driver is not installed "
                "(pip install 'crosswire[postgres]'), or pass --db with a SQLite file path"
            ) from exc
        return PostgresStore(str(target))
    return Store(target)
