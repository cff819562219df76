"""Command-line options shared by the commands that read reports (``ingest``, ``batch``).

One definition, so the two commands cannot drift apart in what the options
mean or how their help reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import click

from crosswire.limits import DEFAULT_LIMITS, Limits

if TYPE_CHECKING:
    from crosswire.models import IngestReport
    from crosswire.store import StoreBackend

__all__ = ["document_options", "echo_ingest_summary", "limit_options", "limits_from", "printable"]

F = TypeVar("F", bound=Callable[..., object])

_DOCUMENT_OPTIONS = (
    click.option(
        "--published",
        type=click.DateTime(formats=["%Y-%m-%d"]),
        default=None,
        help="Publication date (YYYY-MM-DD) for reports that carry none of their own.",
    ),
    click.option(
        "--outlet", default=None, help="Outlet name for reports that carry none of their own."
    ),
    click.option(
        "--max-mb",
        type=click.FloatRange(min=0.001),
        default=20.0,
        show_default=True,
        help="Skip (and report) files larger than this.",
    ),
    click.option(
        "--guess-published",
        is_flag=True,
        help="For reports with no date from metadata, --published, their URL or a date their "
        "text states (a 'Published' line, a dated dateline, a date stamp), also take the one "
        "the text only points to (a day named with its date, the latest date): a guess.",
    ),
)


_LIMIT_OPTIONS = (
    click.option(
        "--max-chars",
        type=click.IntRange(min=1),
        default=DEFAULT_LIMITS.max_chars,
        show_default=True,
        help="Refuse (and report) a report whose cleaned text is longer than this.",
    ),
    click.option(
        "--max-digits",
        type=click.IntRange(min=1),
        default=DEFAULT_LIMITS.max_digits,
        show_default=True,
        help="Refuse (and report) a report holding a number with more digits than this.",
    ),
    click.option(
        "--max-depth",
        type=click.IntRange(min=1),
        default=DEFAULT_LIMITS.max_depth,
        show_default=True,
        help="Refuse (and report) a JSON record nested deeper than this.",
    ),
    click.option(
        "--timeout",
        type=click.FloatRange(min=0.1),
        default=DEFAULT_LIMITS.timeout,
        show_default=True,
        help="Seconds the parse or one extractor may spend on one report before it is "
        "stopped and the report recorded as a problem.",
    ),
)


def limit_options(f: F) -> F:
    """Add --max-chars, --max-digits, --max-depth and --timeout (:mod:`crosswire.limits`)."""
    for option in reversed(_LIMIT_OPTIONS):
        f = option(f)
    return f


def limits_from(max_chars: int, max_digits: int, max_depth: int, timeout: float) -> Limits:
    """The :class:`Limits` the four limit options give."""
    return Limits(max_chars=max_chars, max_digits=max_digits, max_depth=max_depth, timeout=timeout)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]+")


def printable(text: str) -> str:
    """``text`` safe for a terminal: control characters (escape sequences, bidi overrides) as
    one space each run, so a stored title cannot move the cursor or recolour the screen."""
    return _CONTROL.sub(" ", text)


def document_options(f: F) -> F:
    """Add --published, --outlet, --max-mb and --guess-published to a command, in that order."""
    for option in reversed(_DOCUMENT_OPTIONS):
        f = option(f)
    return f


def echo_ingest_summary(result: IngestReport, store: StoreBackend) -> None:
    """What ``ingest`` and ``batch`` print when done: each skipped input, then one summary line."""
    for problem in result.problems:
        click.echo(f"crosswire: skipped {printable(str(problem))}", err=True)
    click.echo(
        f"{len(result.added)} new report(s), {len(result.unchanged)} already stored, "
        f"{len(result.duplicates)} duplicate(s) of another report, "
        f"{len(result.problems)} failed; store {store.path} holds "
        f"{store.count_articles()} report(s) and {len(store.entities())} entities."
    )
