"""The store-state token: a value every committed write changes, on every backend.

A long-lived reader (the web app's snapshot cache) must know when the store
changed, whichever process wrote. File metadata says nothing about a
PostgreSQL database, and a counter alone can repeat after a backup of the
store is restored and written again. So each write transaction that changed
any row sets the ``meta`` row :data:`WRITE_TOKEN_KEY` to a fresh random value
before it commits, in the same transaction as the write: a reader that sees
the same token sees the same committed data, and a rolled-back write leaves
the old token. The row lives in ``meta``, which every schema since version 2
has, so no migration is needed.
"""

from __future__ import annotations

import uuid

__all__ = ["NO_WRITES", "WRITE_TOKEN_KEY", "new_token"]

WRITE_TOKEN_KEY = "write_token"
"""``meta`` key holding the token of the last committed write."""

NO_WRITES = "none"
"""Token of a store no token-keeping crosswire has written to yet."""


def new_token() -> str:
    """A fresh token: random, so it never equals one seen before (unlike a counter)."""
    return uuid.uuid4().hex
