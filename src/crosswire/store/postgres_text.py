"""Text PostgreSQL cannot hold: the NUL character, escaped reversibly.

A PostgreSQL ``TEXT`` value cannot contain U+0000, while SQLite's can, and a
JSON record may well carry ``"\\u0000"`` in its raw text or title. Cleaning
drops NULs from the analysed text, but the raw text is kept verbatim (the
article id hashes it), so the PostgreSQL store escapes NUL in the article's
free-text columns: U+0000 becomes U+E000 ``0`` and a literal U+E000 (a
private-use character) is doubled, which reads back exactly what was written.
Everything else the store keeps is JSON (NULs already escaped) or spans of
the cleaned text.
"""

from __future__ import annotations

import re

__all__ = ["escape_nul", "unescape_nul"]

_MARK = "\ue000"
_ESCAPED = re.compile(_MARK + "([" + _MARK + "0])")


def escape_nul(value: object) -> object:
    """A string made storable in PostgreSQL; any other value unchanged."""
    if isinstance(value, str) and ("\x00" in value or _MARK in value):
        return value.replace(_MARK, _MARK + _MARK).replace("\x00", _MARK + "0")
    return value


def unescape_nul(value: object) -> object:
    """The string :func:`escape_nul` was given; any other value unchanged."""
    if isinstance(value, str) and _MARK in value:
        return _ESCAPED.sub(lambda m: "\x00" if m.group(1) == "0" else _MARK, value)
    return value
