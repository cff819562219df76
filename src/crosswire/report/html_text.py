"""Escaping untrusted text for HTML as plain strings, for the report's hot loops.

:func:`markupsafe.escape` (what the template's autoescaping and most section
fragments use) wraps every result in a :class:`markupsafe.Markup`, whose
Python-level constructor cost more than the escaping itself: a 1,000-report
story's page escapes a few hundred thousand strings, and those wrappers were a
quarter of its rendering time. :func:`escape_text` gives the same characters
as a plain ``str`` for code that joins strings itself and marks the whole as
safe once.
"""

from __future__ import annotations

__all__ = ["escape_text"]


def escape_text(text: str) -> str:
    """``text`` with ``&``, ``<``, ``>``, ``'`` and ``"`` escaped exactly as
    :func:`markupsafe.escape` escapes a ``str`` (``&#39;`` and ``&#34;`` for the quotes),
    as a plain string."""
    return (
        text.replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )
