"""The limits that keep one hostile or broken report from costing the rest of a batch.

Each limit is explicit, documented in the README and settable (``crosswire
ingest --max-chars/--max-digits/--max-depth/--timeout``, or a :class:`Limits`
passed to :func:`crosswire.pipeline.ingest`). A report over one of them gets one
line saying which limit and how to raise it; it is never half-processed.

* ``max_chars``: characters of cleaned text per report. spaCy refuses a text
  over ``nlp.max_length`` (1,000,000) and needs about 1 GB per 100,000
  characters to parse it, so a longer report is refused at ingest.
* ``max_digits``: digits in one number. A run of hundreds of digits is no
  figure any report gives, and Python's ``int``/``float`` conversions overflow
  or refuse far beyond it (4,300 digits).
* ``max_depth``: nesting depth of a JSON/JSONL record. Python's JSON reader
  recurses once per level and dies with RecursionError near 1,000.
* ``timeout``: seconds one stage (the parse, or one extractor) may spend on one
  report before the watchdog stops it and records the report as a problem.

The web server has two limits of its own, per request rather than per report
(``crosswire serve --request-timeout/--handle-timeout``, applied by
:mod:`crosswire.web.deadlines`): :data:`DEFAULT_REQUEST_TIMEOUT` and
:data:`DEFAULT_HANDLE_TIMEOUT`. They live here so that the CLI can show them
without importing the web stack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from crosswire.errors import DocumentTooLargeError

__all__ = [
    "DEFAULT_HANDLE_TIMEOUT",
    "DEFAULT_LIMITS",
    "DEFAULT_REQUEST_TIMEOUT",
    "DIGIT_RUN",
    "Limits",
    "check_text",
]

DEFAULT_REQUEST_TIMEOUT = 30.0
"""Seconds a client gets to send one whole request: ample for a 20 MB body at 5 Mbit/s."""

DEFAULT_HANDLE_TIMEOUT = 600.0
"""Seconds the server spends answering one request: a 200-report ingest with linking fits."""

DIGIT_RUN = re.compile(r"\d+(?:,\d+)*")
"""A number, its comma groups joined: what :attr:`Limits.max_digits` bounds (its digits).

"1,000,000" is one 7-digit number, as the stages that read it
(``int(text.replace(",", ""))``) see it: "1" and 10,000 ",000" groups once
passed the limit and stopped the link stage at ``int()``. Linear: the groups
cannot overlap, so nothing is retried.
"""


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-report limits; see the module docstring for why each default is what it is."""

    max_chars: int = 1_000_000
    max_digits: int = 100
    max_depth: int = 100
    timeout: float = 120.0

    def __post_init__(self) -> None:
        if self.max_chars < 1 or self.max_digits < 1 or self.max_depth < 1 or self.timeout <= 0:
            raise ValueError("every limit must be positive")


DEFAULT_LIMITS = Limits()


def check_text(source: str, text: str, limits: Limits = DEFAULT_LIMITS) -> None:
    """Refuse a report text over the character or digit limit, naming the option to raise.

    Raises:
        DocumentTooLargeError: the text is longer than ``max_chars`` or holds a
            number longer than ``max_digits``.
    """
    if len(text) > limits.max_chars:
        raise DocumentTooLargeError(
            source,
            f"{len(text):,} characters of text, over the limit of {limits.max_chars:,} per "
            "report; split the report, or raise --max-chars",
        )
    longest = max((len(m[0]) - m[0].count(",") for m in DIGIT_RUN.finditer(text)), default=0)
    if longest > limits.max_digits:
        raise DocumentTooLargeError(
            source,
            f"holds a {longest:,}-digit number, over the limit of {limits.max_digits} digits; "
            "no report gives such a figure (raise --max-digits if it must be read)",
        )
