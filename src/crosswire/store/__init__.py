"""Where crosswire keeps what it ingested and learned.

SQLite is the embedded default (:class:`Store`). The path comes from
``--db``, else the ``CROSSWIRE_DB`` environment variable, else
``crosswire.db`` in the working directory (:func:`default_db_path`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from crosswire.store.migrations import SCHEMA_VERSION
from crosswire.store.sqlite import Store

__all__ = ["DEFAULT_DB", "SCHEMA_VERSION", "Store", "default_db_path"]

DEFAULT_DB = "crosswire.db"


def default_db_path(environ: Mapping[str, str] | None = None) -> str:
    """The store path to use when none is given: ``$CROSSWIRE_DB`` or ``crosswire.db``."""
    env = os.environ if environ is None else environ
    return env.get("CROSSWIRE_DB") or DEFAULT_DB
