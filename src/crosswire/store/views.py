"""Plain SQL views over the JSON the store keeps: figures, quotes, events, operations,
reconciliations and stories as rows and columns.

The store keeps each stage's items as JSON text (``extractions.items`` per
article, ``sections.items`` per cross-report section), which is right for
the pipeline but shows as one opaque blob in datasette, sqlite-utils or
``psql``. These views flatten the fields an analyst filters and sorts on;
the export (``crosswire export``) remains the complete, checked record.

The view definitions are part of schema migration 5 (SQLite and PostgreSQL
alike): never change :data:`VIEWS` in place; add a migration that replaces
a view instead.
"""

from __future__ import annotations

__all__ = ["VIEWS", "postgres_views_sql", "sqlite_views_sql"]

# (view, table it reads, the extractor or section name, ((column, JSON path, is_number), ...))
VIEWS: tuple[tuple[str, str, str, tuple[tuple[str, str, bool], ...]], ...] = (
    (
        "figures",
        "extractions",
        "figures",
        (
            ("id", "id", False),
            ("value", "value", True),
            ("low", "low", True),
            ("high", "high", True),
            ("unit", "unit", False),
            ("counts", "counts", False),
            ("measure", "measure", False),
            ("hedge", "hedge", False),
            ("kind", "kind", False),
            ("claimant", "claimant", False),
            ("place", "place", False),
            ("place_geonameid", "place_geonameid", True),
            ("as_of", "as_of", False),
            ("text", "text", False),
            ("start", "start", True),
            ("end", "end", True),
        ),
    ),
    (
        "quotes",
        "extractions",
        "quotes",
        (
            ("id", "id", False),
            ("kind", "kind", False),
            ("speaker", "speaker", False),
            ("speaker_type", "speaker_type", False),
            ("role", "role", False),
            ("medium", "medium", False),
            ("text", "text", False),
            ("start", "start", True),
            ("end", "end", True),
        ),
    ),
    (
        "events",
        "extractions",
        "events",
        (
            ("id", "id", False),
            ("type", "type", False),
            ("status", "status", False),
            ("date", "date.value", False),
            ("date_granularity", "date.granularity", False),
            ("place", "place.text", False),
            ("place_geonameid", "place.geonameid", True),
            ("text", "text", False),
            ("start", "start", True),
            ("end", "end", True),
        ),
    ),
    (
        "operations",
        "sections",
        "operations",
        (
            ("id", "id", False),
            ("kind", "kind", False),
            ("status", "status", False),
            ("origin", "origin.name", False),
            ("destination", "destination.name", False),
        ),
    ),
    (
        "reconciliations",
        "sections",
        "reconciliations",
        (
            ("id", "id", False),
            ("measure", "measure", False),
            ("place", "place", False),
            ("incident", "incident", False),
            ("status", "status", False),
            ("independent_sources", "independent_sources", True),
            ("conservative", "conservative.value", True),
            ("best_estimate", "best_estimate.value", True),
            ("summary", "summary", False),
        ),
    ),
    (
        "stories",
        "sections",
        "stories",
        (
            ("id", "id", False),
            ("label", "label", False),
            ("first", "first", False),
            ("last", "last", False),
            ("independent_sources", "independent_sources", True),
        ),
    ),
)


def sqlite_views_sql() -> str:
    """``CREATE VIEW`` statements for SQLite (its built-in JSON functions)."""
    out = []
    for view, table, name, columns in VIEWS:
        cols = [f"json_extract(j.value, '$.{path}') AS \"{col}\"" for col, path, _ in columns]
        if table == "extractions":
            cols.insert(1, "x.article_id AS article")
        out.append(
            f"CREATE VIEW {view} AS SELECT {', '.join(cols)} "
            f"FROM (SELECT * FROM {table} WHERE name = '{name}') x, json_each(x.items) j;"
        )
    return "\n".join(out)


def postgres_views_sql() -> str:
    """The same views for PostgreSQL (items are JSON text, read as ``jsonb``)."""
    out = []
    for view, table, name, columns in VIEWS:
        cols = []
        for col, path, number in columns:
            keys = path.split(".")
            node = "j" + "".join(f"->'{k}'" for k in keys)
            text = "j" + "".join(f"->'{k}'" for k in keys[:-1]) + f"->>'{keys[-1]}'"
            if number:
                cols.append(
                    f"CASE WHEN jsonb_typeof({node}) = 'number' "
                    f'THEN ({text})::double precision END AS "{col}"'
                )
            else:
                cols.append(f'{text} AS "{col}"')
        if table == "extractions":
            cols.insert(1, "x.article_id AS article")
        out.append(
            f"CREATE VIEW {view} AS SELECT {', '.join(cols)} "
            f"FROM (SELECT * FROM {table} WHERE name = '{name}') x, "
            "jsonb_array_elements(x.items::jsonb) j;"
        )
    return "\n".join(out)
