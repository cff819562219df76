"""The store a command works on, as ``--db`` (or ``$CROSSWIRE_DB``) names it.

Every command that touches a store opens it the same way, ``ingest`` and ``batch`` included;
it lives below the command modules so that ``cli`` and ``cli_batch`` both import it, and
neither imports the other.
"""

from __future__ import annotations

from pathlib import Path

import click

from crosswire.errors import StoreMissingError
from crosswire.store import StoreBackend, default_db_path, is_postgres_url, open_store

__all__ = ["DB_HELP", "command_store"]

DB_HELP = (
    "Store to use: a SQLite file, or a PostgreSQL database as "
    "postgresql://USER:PASSWORD@HOST:PORT/DBNAME (needs the 'postgres' extra; the database "
    "must exist). Default: $CROSSWIRE_DB, else crosswire.db in the working directory."
)
"""The help of every ``--db`` option."""


def command_store(ctx: click.Context, db: str | None, *, create: bool = False) -> StoreBackend:
    """The store ``--db`` names; a command that only reads (``create`` False) refuses a
    SQLite file that does not exist, so a mistyped path is an error, not an empty store."""
    target = db or ctx.find_root().params.get("db") or default_db_path()
    if not create and not is_postgres_url(target) and not Path(target).exists():
        raise StoreMissingError(
            f"no store at {target}: check the path, pass --db (or set CROSSWIRE_DB) to an "
            f"existing store, or create this one with `crosswire --db {target} ingest PATH`"
        )
    return open_store(target)
