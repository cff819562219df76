"""How list commands print their rows: a text table with a header, CSV, JSON or JSON lines.

Every list command (``articles``, ``entities``, ``stories``, ``problems``)
builds plain rows (dicts of strings, numbers, lists or ``None``) and hands
them here, so the four output modes and ``--limit`` mean the same thing
everywhere, as in sqlite-utils: ``--csv`` for a spreadsheet, ``--json`` for
one JSON array, ``--nl`` for one JSON object a line (``jq``, ``sqlite-utils
insert --nl``). In text mode a missing value shows as "-", never "None".
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import click

from crosswire.cli_options import printable

__all__ = ["TABLE_FORMATS", "cell_text", "emit_table", "table_options"]

F = TypeVar("F", bound=Callable[..., object])

TABLE_FORMATS = ("text", "csv", "json", "nl")

_TEXT_WIDTH = 60
"""Widest a free-text column may be in text mode (the CSV and JSON keep it whole)."""


def table_options(f: F) -> F:
    """Add --csv, --json, --nl (all into ``fmt``) and --limit to a list command."""
    options = (
        click.option("--csv", "fmt", flag_value="csv", help="CSV with a header row."),
        click.option("--json", "fmt", flag_value="json", help="One JSON array of objects."),
        click.option("--nl", "fmt", flag_value="nl", help="One JSON object per line."),
        click.option(
            "--limit",
            type=click.IntRange(min=0),
            default=None,
            metavar="N",
            help="Print at most N rows (after sorting and filtering).",
        ),
    )
    for option in reversed(options):
        f = option(f)
    return f


def cell_text(value: object) -> str:
    """One value as a reader sees it: lists joined by "; ", nothing as "" (never "None")."""
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return "; ".join(cell_text(v) for v in value if v is not None)
    return str(value)


def _csv(columns: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    for row in rows:
        writer.writerow([cell_text(row.get(c)) for c in columns])
    return out.getvalue()


def _text(columns: Sequence[str], rows: Sequence[Mapping[str, Any]]) -> str:
    cells = [[printable(cell_text(row.get(c))) or "-" for c in columns] for row in rows]
    cells = [[c[:_TEXT_WIDTH] for c in line] for line in cells]
    widths = [max([len(c), *(len(line[i]) for line in cells)]) for i, c in enumerate(columns)]
    lines = [[c.upper() for c in columns], *cells]
    return "".join(
        "  ".join(
            v.ljust(widths[i]) if i < len(columns) - 1 else v for i, v in enumerate(line)
        ).rstrip()
        + "\n"
        for line in lines
    )


def emit_table(
    columns: Sequence[str],
    rows: Sequence[Mapping[str, Any]],
    fmt: str | None,
    limit: int | None,
) -> None:
    """Print ``rows`` (cut to ``limit``) in ``fmt`` (``None`` is the text table)."""
    shown = list(rows if limit is None else rows[:limit])
    fmt = fmt or "text"
    if fmt == "csv":
        click.echo(_csv(columns, shown), nl=False)
    elif fmt == "json":
        data = [{c: row.get(c) for c in columns} for row in shown]
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
    elif fmt == "nl":
        for row in shown:
            click.echo(json.dumps({c: row.get(c) for c in columns}, ensure_ascii=False))
    else:
        click.echo(_text(columns, shown), nl=False)
        if limit is not None and len(rows) > limit:
            click.echo(f"({len(rows) - limit} more row(s); raise --limit to see them)", err=True)
