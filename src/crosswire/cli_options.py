"""Command-line options shared by the commands that read reports (``ingest``, ``batch``).

One definition, so the two commands cannot drift apart in what the options
mean or how their help reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

import click

if TYPE_CHECKING:
    from crosswire.models import IngestReport
    from crosswire.store import StoreBackend

__all__ = ["document_options", "echo_ingest_summary"]

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


def document_options(f: F) -> F:
    """Add --published, --outlet, --max-mb and --guess-published to a command, in that order."""
    for option in reversed(_DOCUMENT_OPTIONS):
        f = option(f)
    return f


def echo_ingest_summary(result: IngestReport, store: StoreBackend) -> None:
    """What ``ingest`` and ``batch`` print when done: each skipped input, then one summary line."""
    for problem in result.problems:
        click.echo(f"crosswire: skipped {problem}", err=True)
    click.echo(
        f"{len(result.added)} new report(s), {len(result.unchanged)} already stored, "
        f"{len(result.duplicates)} duplicate(s) of another report, "
        f"{len(result.problems)} failed; store {store.path} holds "
        f"{store.count_articles()} report(s) and {len(store.entities())} entities."
    )
