"""The ``crosswire`` command: a thin layer over the library's public functions.

Every command maps onto one library call (``ingest`` → :func:`crosswire.pipeline.ingest`,
``report`` → :func:`crosswire.pipeline.write_report`, ``export`` →
:func:`crosswire.export.build_export`), so whatever the CLI can do a
script can do too. Errors are printed as one line naming the file and the
problem, never a traceback; exit status 1 means some input failed, 2 a
usage or setup error.
"""

from __future__ import annotations

import sys
from datetime import date
from pathlib import Path
from typing import Any

import click

from crosswire import __version__
from crosswire.cli_batch import batch
from crosswire.cli_options import (
    document_options,
    echo_ingest_summary,
    limit_options,
    limits_from,
    printable,
)
from crosswire.cli_progress import ProgressBars
from crosswire.cli_store import DB_HELP, command_store
from crosswire.cli_tables import emit_table, table_options
from crosswire.errors import CrosswireError
from crosswire.limits import DEFAULT_HANDLE_TIMEOUT, DEFAULT_LIMITS, DEFAULT_REQUEST_TIMEOUT
from crosswire.store import default_db_path, is_postgres_url

__all__ = ["cli", "main"]


def _db_option(func: Any) -> Any:
    return click.option("--db", "db", metavar="FILE|URL", default=None, help=DB_HELP)(func)


def _emit(text: str, output: str | None) -> None:
    """Write a rendered document to ``output`` (atomically) or to stdout."""
    if output:
        from crosswire.pipeline import write_text

        write_text(output, text)
        click.echo(f"wrote {output}", err=True)
    else:
        click.echo(text, nl=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option("--db", "db", metavar="FILE|URL", envvar="CROSSWIRE_DB", default=None, help=DB_HELP)
@click.version_option(__version__, prog_name="crosswire")
def cli(db: str | None) -> None:
    """crosswire: many news reports about one crisis, one cross-checked, sourced picture.

    \b
    A typical session:
      crosswire ingest reports/            # text, HTML, JSON/JSONL, RSS/Atom, folders
      crosswire report -o sitrep.html      # situation report (md, html or json)
      crosswire export -o crosswire.json   # everything, as versioned JSON

    Every statement in a report points back to a span of a source article.

    The place index built on first use is cached in ~/.cache/crosswire
    (set $CROSSWIRE_CACHE_DIR to move it, or to "off").
    """


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="PATH...")
@document_options
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes for spaCy annotation (forked workers; 2 uses both cores of a 2-core box).",
)
@limit_options
@click.option(
    "--follow-symlinks",
    is_flag=True,
    help="Read files that symbolic links in a folder point to outside that folder.",
)
@click.option(
    "--quiet", "-q", is_flag=True, help="No progress bars; only the summary and problems."
)
@_db_option
@click.pass_context
def ingest(
    ctx: click.Context,
    paths: tuple[str, ...],
    published: Any,
    outlet: str | None,
    max_mb: float,
    guess_published: bool,
    jobs: int,
    max_chars: int,
    max_digits: int,
    max_depth: int,
    timeout: float,
    follow_symlinks: bool,
    quiet: bool,
    db: str | None,
) -> None:
    """Read reports, clean them, find duplicates, annotate and link entities.

    PATH may be a file, a folder (read recursively; a manifest.json in it
    gives per-file metadata), an http(s) URL, a text file listing URLs one a
    line, or - for standard input (text, HTML, JSON or JSONL, or a list of
    URLs). A report without an outlet takes its URL's site ("reuters.com",
    also behind web.archive.org). Formats: plain text, HTML,
    JSON / JSONL records (text|content|body, title, url, published|date,
    outlet|source) and RSS/Atom feed files. Re-ingesting a report that is
    already stored changes nothing. A bad file is reported and skipped; the
    rest of the batch is still stored, and the exit status is 1. A report
    that a later stage fails on (or that runs past --timeout) is stored,
    named, and skipped from then on: `crosswire problems` lists them.

    \b
    Examples:
      crosswire ingest examples/mariupol
      crosswire ingest wire.jsonl --outlet Reuters --published 2022-04-01
      pbpaste | crosswire ingest - --published 2022-04-01
    """
    from crosswire.annotate import Annotator
    from crosswire.pipeline import ingest as run_ingest

    day: date | None = published.date() if published else None
    progress = ProgressBars(enabled=not quiet and sys.stderr.isatty())
    with command_store(ctx, db, create=True) as store:
        try:
            result = run_ingest(
                list(paths),
                store,
                published=day,
                outlet=outlet,
                max_bytes=int(max_mb * 1024 * 1024),
                annotator=Annotator(n_process=jobs),
                guess_published=guess_published,
                progress=progress,
                limits=limits_from(max_chars, max_digits, max_depth, timeout),
                follow_symlinks=follow_symlinks,
            )
        finally:
            progress.close()
        echo_ingest_summary(result, store)
    if result.problems:
        ctx.exit(1)


@cli.command()
@click.argument("ids", nargs=-1, metavar="[ID...]")
@click.option(
    "--retry",
    is_flag=True,
    help="Forget the problems (of the IDs given, else all) and run their stages again.",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes for annotation when retrying.",
)
@limit_options
@table_options
@_db_option
@click.pass_context
def problems(
    ctx: click.Context,
    ids: tuple[str, ...],
    retry: bool,
    jobs: int,
    max_chars: int,
    max_digits: int,
    max_depth: int,
    timeout: float,
    fmt: str | None,
    limit: int | None,
    db: str | None,
) -> None:
    """List stored reports a stage failed on; they are skipped until retried or re-ingested.

    Each line gives the report id, the stage (annotate, extract:NAME, link:NAME), when,
    and the error. With --retry their stages run again (after a fix, or with
    a higher --timeout); those that fail again are listed again, exit status 1.
    """
    with command_store(ctx, db) as store:
        if retry:
            from crosswire.annotate import Annotator
            from crosswire.pipeline import retry_problems

            wanted = list(ids) or None
            before = len(store.problems())
            result = retry_problems(
                store,
                Annotator(n_process=jobs),
                wanted,
                limits=limits_from(max_chars, max_digits, max_depth, timeout),
            )
            for problem in result.problems:
                click.echo(f"crosswire: failed again: {printable(str(problem))}", err=True)
            click.echo(
                f"retried {before if wanted is None else len(wanted)} report(s); "
                f"{len(result.problems)} failed again"
            )
            if result.problems:
                ctx.exit(1)
            return
        rows = [p for p in store.problems() if not ids or p.article in ids]
        titles = {a.id: a.title or a.source for a in store.articles()} if rows else {}
    if not rows:
        click.echo("no problems recorded: every stored report went through every stage", err=True)
        if fmt is None:
            return
    table = [
        {
            "article": p.article,
            "stage": p.stage,
            "at": p.at,
            "title": titles.get(p.article),
            "error": p.error,
        }
        for p in rows
    ]
    emit_table(("article", "stage", "at", "title", "error"), table, fmt, limit)


@cli.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["md", "html", "json"]),
    default="md",
    show_default=True,
    help="md: Markdown; html: one self-contained page; json: the export document.",
)
@click.option("-o", "--output", metavar="PATH", default=None, help="Write here instead of stdout.")
@click.option(
    "--story",
    metavar="ID",
    default=None,
    help="Only this story's reports and what cites them (ids from `crosswire stories`).",
)
@_db_option
@click.pass_context
def report(
    ctx: click.Context, fmt: str, output: str | None, story: str | None, db: str | None
) -> None:
    """Write the situation report for everything in the store.

    Opens with key points: figures several reports give (disputed, diverging
    and changed first) and operations followed across reports. Then sources
    (outlet, date, dateline, wire, duplicates), entities by type with the
    reports that mention them, and the figures, reconciliation, quotes (who
    said what), timeline, places and operations sections; every item shows
    its source sentence.
    """
    from crosswire.pipeline import write_report

    with command_store(ctx, db) as store:
        text = write_report(store, fmt, None, story=story)
    _emit(text, output)


@cli.command()
@table_options
@_db_option
@click.pass_context
def stories(ctx: click.Context, fmt: str | None, limit: int | None, db: str | None) -> None:
    """List stories: reports grouped by what they tell, largest first.

    Each row gives the story id (for `crosswire report --story ID`), its
    date range, number of reports, independent sources (copies and shared
    wire stories count once), incidents, and a label.
    """
    from crosswire.link.stories import list_stories
    from crosswire.pipeline import refresh_links

    with command_store(ctx, db) as store:
        refresh_links(store)
        rows = list_stories(store)
    if not rows:
        click.echo("no stories yet: run `crosswire ingest PATH` first", err=True)
        if fmt is None:
            return
    table = [
        {
            "id": s.id,
            "first": s.first,
            "last": s.last,
            "reports": s.articles,
            "independent": s.independent_sources,
            "incidents": s.incidents,
            "label": s.label,
        }
        for s in rows
    ]
    columns = ("id", "first", "last", "reports", "independent", "incidents", "label")
    emit_table(columns, table, fmt, limit)


@cli.command()
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["json", "geojson", "csv", "parquet"]),
    default="json",
    show_default=True,
    help="json: the whole export document; geojson: places, events and operations with "
    "coordinates and their source spans, for GIS tools; csv / parquet: flat tables "
    "(events, figures, reconciliations, quotes, operations, articles).",
)
@click.option(
    "-o",
    "--output",
    metavar="PATH",
    default=None,
    help="Write here instead of stdout. csv: a folder (one file per table) or a .zip; "
    "parquet: a folder.",
)
@_db_option
@click.pass_context
def export(ctx: click.Context, fmt: str, output: str | None, db: str | None) -> None:
    """Write everything crosswire knows as one versioned JSON document, or as tables.

    The document follows the JSON Schema shipped in the package
    (crosswire/schema/crosswire.schema.json) and is validated before it is
    written. Top level: version, articles, entities, places, quotes,
    figures, events, operations, stories, reconciliations.

    --format csv writes events.csv (ACLED-like: one row per incident with
    date, precision, type, actors, country, admin1, admin2, location,
    coordinates, fatalities = the conservative figure with fatalities_best
    beside it, sources, source_scale, notes, report ids), figures.csv,
    reconciliations.csv, quotes.csv, operations.csv and articles.csv into
    the folder (or .zip) -o names; without -o, events.csv goes to stdout.
    --format parquet writes the same tables as Parquet (extra: parquet).

    \b
    Examples:
      crosswire export -o crosswire.json
      crosswire export --format geojson -o crosswire.geojson   # open in QGIS, geojson.io, ...
      crosswire export --format csv -o tables/                 # or -o tables.zip
      crosswire export --format csv > events.csv
    """
    from crosswire.export import build_export, export_json, validate_export
    from crosswire.pipeline import refresh_links

    with command_store(ctx, db) as store:
        refresh_links(store)
        doc = build_export(store)
    validate_export(doc)
    if fmt in ("csv", "parquet"):
        from crosswire.tables import (
            build_tables,
            table_csv,
            write_csv_tables,
            write_parquet_tables,
        )

        tables = build_tables(doc)
        if output is None:
            if fmt == "parquet":
                raise click.UsageError("--format parquet needs -o FOLDER")
            click.echo(table_csv(tables[0]), nl=False)
            return
        write = write_csv_tables if fmt == "csv" else write_parquet_tables
        names = write(tables, output)
        click.echo(f"wrote {', '.join(names)} to {output}", err=True)
        return
    if fmt == "geojson":
        from crosswire.geo.geojson import build_geojson

        text = export_json(build_geojson(doc))
    else:
        text = export_json(doc)
    _emit(text, output)


@cli.command()
@table_options
@_db_option
@click.pass_context
def articles(ctx: click.Context, fmt: str | None, limit: int | None, db: str | None) -> None:
    """List stored reports: id, date, outlet, dateline, wire, duplicate status, title.

    A report without a title shows its first words. Missing values are "-"
    in the text table and empty in CSV / null in JSON.
    """
    with command_store(ctx, db) as store:
        rows = store.articles()
    if not rows:
        click.echo("no reports stored yet: run `crosswire ingest PATH` first", err=True)
        if fmt is None:
            return
    table = [
        {
            "id": a.id,
            "published": a.published.isoformat() if a.published else None,
            "outlet": a.outlet,
            "dateline": a.dateline,
            "wire": list(a.wire),
            "duplicate_of": a.duplicate_of,
            "title": a.title or " ".join(a.text.split()[:10]),
            "url": a.url,
        }
        for a in rows
    ]
    columns = ("id", "published", "outlet", "dateline", "wire", "duplicate_of", "title")
    emit_table((*columns, "url") if fmt else columns, table, fmt, limit)


@cli.command()
@click.option(
    "--type",
    "etype",
    type=click.Choice(["PERSON", "ORG", "GPE", "LOC", "FAC", "NORP"], case_sensitive=False),
    default=None,
    help="Only entities of this type.",
)
@click.option(
    "--q",
    "query",
    metavar="TEXT",
    default=None,
    help="Only entities whose name or an alias contains TEXT (any case).",
)
@click.option(
    "--min-reports",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Only entities named in at least this many reports.",
)
@table_options
@_db_option
@click.pass_context
def entities(
    ctx: click.Context,
    etype: str | None,
    query: str | None,
    min_reports: int,
    fmt: str | None,
    limit: int | None,
    db: str | None,
) -> None:
    """List canonical entities merged across reports, most widely reported first.

    Each row gives the entity id (as the API and the export use it), type,
    name, reports and mentions, aliases and roles.

    \b
    Examples:
      crosswire entities --type PERSON --limit 20
      crosswire entities --q police --csv > police.csv
    """
    with command_store(ctx, db) as store:
        ents = store.entities()
    folded = query.casefold() if query else None
    table: list[dict[str, Any]] = []
    for e in ents:
        if etype and e.type != etype.upper():
            continue
        if folded and not any(folded in n.casefold() for n in (e.name, *e.aliases)):
            continue
        reports = len({m.article for m in e.mentions})
        if reports < min_reports:
            continue
        table.append(
            {
                "id": e.id,
                "type": e.type,
                "name": e.name,
                "reports": reports,
                "mentions": len(e.mentions),
                "aliases": list(e.aliases),
                "roles": list(e.roles),
            }
        )
    table.sort(key=lambda r: (-r["reports"], -r["mentions"], r["name"].casefold(), r["id"]))
    columns = ("id", "type", "name", "reports", "mentions", "aliases", "roles")
    emit_table(columns, table, fmt, limit)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option(
    "--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="TCP port."
)
@click.option("--read-only", is_flag=True, help="Refuse POST /api/ingest: nobody can add reports.")
@click.option(
    "--auth",
    metavar="USER:PASSWORD",
    envvar="CROSSWIRE_AUTH",
    default=None,
    help="Require this login (HTTP Basic) on every page and API call. "
    "Prefer the CROSSWIRE_AUTH variable: a command line is visible to other users.",
)
@click.option(
    "--request-timeout",
    type=click.FloatRange(min=0.1),
    default=DEFAULT_REQUEST_TIMEOUT,
    show_default=True,
    help="Seconds a client gets to send a whole request (headers and body); "
    "a slower or stalled one gets 408 and is disconnected.",
)
@click.option(
    "--handle-timeout",
    type=click.FloatRange(min=0.1),
    default=DEFAULT_HANDLE_TIMEOUT,
    show_default=True,
    help="Seconds the server spends answering one request before it answers 503.",
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=DEFAULT_LIMITS.timeout,
    show_default=True,
    help="Seconds the parse or one extractor may spend on one posted report "
    "(POST /api/ingest) before it is stopped and the report recorded as a problem.",
)
@_db_option
@click.pass_context
def serve(
    ctx: click.Context,
    host: str,
    port: int,
    read_only: bool,
    auth: str | None,
    request_timeout: float,
    handle_timeout: float,
    timeout: float,
    db: str | None,
) -> None:
    """Serve the web dashboard and JSON API for the store (needs crosswire[web]).

    \b
    Pages:
      /                  overview: stories, reconciliation status, key figures
      /report            the situation report;  /stories/ID  one story's
      /articles          the stored reports, earliest first
      /articles/ID       one report's text; #span-START-END highlights a span
      /quotes            who said what, by speaker (?story=ID, ?speaker=ID)
      /reconciliations   figures side by side, most disputed first (?status=)
      /timeline          dated events (?story=ID, ?day=YYYY-MM-DD)
      /map               places and their sentences (?story=ID)

    \b
    API (JSON; GET /api lists each endpoint with its parameters):
      /api/articles  /api/entities  /api/stories  /api/figures
      /api/reconciliations  /api/quotes  /api/events  /api/operations
      /api/places        places, events and operations as GeoJSON
      /api/articles/ID  /api/entities/ID  /api/stories/ID   one item
      /api/export        the whole export document (as `crosswire export`)
      /api/report        ?format=md|html|json&story=ID (as `crosswire report`)
      POST /api/ingest   add reports (refused with --read-only)

    \b
    Paging: every list page and API list takes
      ?limit=N           how many items (0 to 10000; pages have a default)
      ?offset=N          how many to skip first
      ?sort=FIELD        order by a field; ?sort=-FIELD for descending
    An API list answers {count, limit, offset, next, ITEMS}: next is the URL
    of the following page, or null on the last; a page links next and prev.
    A bad value is a 400 naming the parameter. For example:
      http://127.0.0.1:8000/api/figures?measure=killed&sort=-value&limit=20&offset=20

    The pages load nothing from the internet. The store is read once per
    change: a `crosswire ingest` run elsewhere shows on the next page view.
    Without --auth there is no login: keep --host 127.0.0.1 unless the
    network is trusted. With it, browsers ask for the login and API clients
    send it (curl -u USER:PASSWORD); put a TLS proxy in front on an open
    network, as Basic credentials are not encrypted by themselves. A client
    must send its request within --request-timeout (a stalled one is cut off)
    and each posted report is parsed in a worker process stopped after
    --timeout per stage.

    The store is a SQLite file or a PostgreSQL URL, as for every command.

    \b
    Examples:
      crosswire --db out/crosswire.db serve --port 8080
      crosswire --db postgresql://cw:PASSWORD@db.example/crosswire serve
      CROSSWIRE_AUTH=team:LONG-SECRET crosswire serve --host 0.0.0.0 --read-only
    """

    from crosswire.web import require_web

    require_web("starlette", "uvicorn")
    import uvicorn

    from crosswire.web import create_app

    target = db or ctx.find_root().params.get("db") or default_db_path()
    if is_postgres_url(target):
        from crosswire.store.postgres_connect import redact

        shown = redact(target)  # the URL's password never reaches the terminal or a log
    else:
        shown = target
        if not Path(target).exists():
            click.echo(f"crosswire: {target} does not exist yet: it starts empty", err=True)
    from crosswire.web.auth import parse_credentials

    login = parse_credentials(auth) if auth is not None else None
    mode = (" read-only" if read_only else "") + (", login required" if login else "")
    click.echo(
        f"crosswire: serving {shown}{mode} on http://{host}:{port}/ (Ctrl-C stops)", err=True
    )
    from crosswire.limits import Limits
    from crosswire.web.deadlines import deadline_protocol

    app = create_app(
        target,
        read_only=read_only,
        auth=login,
        limits=Limits(timeout=timeout),
        request_timeout=request_timeout,
        handle_timeout=handle_timeout,
    )
    protocol = deadline_protocol(request_timeout)
    uvicorn.run(app, host=host, port=port, log_level="warning", http=protocol)


cli.add_command(batch)


def main(argv: list[str] | None = None) -> None:
    """Entry point: run the CLI, turning crosswire errors into one actionable line."""
    try:
        status = cli.main(args=argv, prog_name="crosswire", standalone_mode=False)
    except click.ClickException as exc:
        exc.show()
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except CrosswireError as exc:
        click.echo(f"crosswire: error: {exc}", err=True)
        sys.exit(2)
    # Without standalone mode click returns ctx.exit()'s status instead of exiting.
    sys.exit(status if isinstance(status, int) else 0)
