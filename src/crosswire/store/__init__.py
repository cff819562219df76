"""Where crosswire keeps what it ingested and learned.

SQLite is the embedded default (:class:`Store`); PostgreSQL
(:class:`~crosswire.store.postgres.PostgresStore`, optional extra ``postgres``)
is the shared-server store several processes can ingest into at once. Both
satisfy :class:`StoreBackend`, which is all the stages rely on, and
:func:`open_store` picks one from the target: a ``postgresql://`` (or
``postgres://``) URL, else a SQLite file path. The target comes from ``--db``,
else the ``CROSSWIRE_DB`` environment variable, else ``crosswire.db`` in the
working directory (:func:`default_db_path`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from crosswire.store.backends import is_postgres_url, open_store
from crosswire.store.migrations import SCHEMA_VERSION
from crosswire.store.protocol import StoreBackend
from crosswire.store.sqlite import Store

__all__ = [
    "DEFAULT_DB",
    "SCHEMA_VERSION",
    "Store",
    "StoreBackend",
    "default_db_path",
    "is_postgres_url",
    "open_store",
]

DEFAULT_DB = "crosswire.db"


def default_db_path(environ: Mapping[str, str] | None = None) -> str:
    """The store to use when none is given: ``$CROSSWIRE_DB`` or ``crosswire.db``."""
    env = os.environ if environ is None else environ
    return env.get("CROSSWIRE_DB") or DEFAULT_DB
