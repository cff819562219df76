"""Filters of the JSON API: checked query parameters, pure functions over the export.

A filter the API does not know, or a value it cannot mean (a measure the
schema does not list, a story or entity the store does not hold), is a
mistake the caller should hear about: silently ignoring it would return
everything and look like an answer. So every check raises
:class:`BadQueryError` naming the parameter, and the app turns it into a 400.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from crosswire.errors import BadQueryError, NotFoundError

__all__ = [
    "PAGE_PARAMS",
    "BadQueryError",
    "NotFoundError",
    "Page",
    "check_params",
    "enum_values",
    "filter_items",
    "page",
    "story_articles",
]

PAGE_PARAMS: tuple[str, ...] = ("limit", "offset", "sort")
"""Query parameters every list endpoint takes on top of its filters."""

MAX_LIMIT = 10_000

Item = Mapping[str, Any]


def check_params(params: Mapping[str, str], allowed: Iterable[str]) -> None:
    """Refuse parameters the endpoint does not know, listing the ones it does."""
    known = sorted(allowed)
    unknown = sorted(set(params) - set(known))
    if unknown:
        accepted = ", ".join(known) or "none"
        raise BadQueryError(
            f"unknown query parameter {unknown[0]!r}; this endpoint accepts: {accepted}"
        )
    empty = sorted(k for k, v in params.items() if not v.strip())
    if empty:
        raise BadQueryError(f"query parameter {empty[0]!r} is empty")


def enum_values(section: str, field: str) -> frozenset[str]:
    """The values the export schema allows for ``field`` of ``section`` items (nulls dropped)."""
    from crosswire.export import load_schema

    item = load_schema()["$defs"].get(f"{section}_item") or {}
    spec = (item.get("properties") or {}).get(field) or {}
    return frozenset(v for v in spec.get("enum") or [] if isinstance(v, str))


def check_enum(name: str, value: str, allowed: Iterable[str]) -> None:
    """Raise :class:`BadQueryError` unless ``value`` is one of ``allowed``."""
    options = sorted(allowed)
    if value not in options:
        raise BadQueryError(f"{name}={value!r} is not one of: {', '.join(options)}")


def story_articles(doc: Mapping[str, Any], story: str) -> frozenset[str]:
    """The article ids of one story; :class:`BadQueryError` when the store has no such story."""
    for s in doc.get("stories") or []:
        if s.get("id") == story:
            return frozenset(str(a) for a in s.get("articles") or [])
    raise BadQueryError(f"story={story!r}: no such story (GET /api/stories lists them)")


def _place_matches(item: Item, wanted: str) -> bool:
    """``place`` matches the place's name (any case), its entity id or its GeoNames id."""
    folded = wanted.casefold()
    place = item.get("place")
    names: list[object] = []
    if isinstance(place, Mapping):  # events carry a place object
        names += [place.get("text"), place.get("entity"), place.get("geonameid")]
    else:
        names += [place, item.get("place_entity"), item.get("place_geonameid")]
    names.append(item.get("place_key"))
    for n in names:
        if n is None:
            continue
        text = str(n)
        if text.casefold() == folded or text.split(":")[-1] == wanted:
            return True
    return False


def filter_items(
    doc: Mapping[str, Any],
    section: str,
    params: Mapping[str, str],
    allowed: Sequence[str],
) -> list[dict[str, Any]]:
    """The items of ``section`` that pass every filter in ``params``.

    Filters: ``article`` (cites that article), ``story`` (cites one of its
    articles), ``measure`` / ``status`` / ``type`` (schema values),
    ``place`` (name, entity or GeoNames id), ``speaker`` (entity id),
    ``incident`` (incident id).
    """
    check_params(params, (*allowed, *PAGE_PARAMS))
    items: list[dict[str, Any]] = list(doc.get(section) or [])
    if "article" in params:
        known = {a.get("id") for a in doc.get("articles") or []}
        if params["article"] not in known:
            raise BadQueryError(f"article={params['article']!r}: no such article")
        items = [i for i in items if _cites(i, {params["article"]})]
    if "story" in params:
        keep = story_articles(doc, params["story"])
        items = [i for i in items if _cites(i, keep)]
    for name in ("measure", "status", "type"):
        if name in params:
            allowed_values = enum_values(section, name) or _present(doc.get(section) or [], name)
            check_enum(name, params[name], allowed_values)
            items = [i for i in items if i.get(name) == params[name]]
    if "place" in params:
        items = [i for i in items if _place_matches(i, params["place"])]
    if "speaker" in params:
        speaker = params["speaker"]
        if speaker not in {e.get("id") for e in doc.get("entities") or []}:
            raise BadQueryError(
                f"speaker={speaker!r}: no such entity (GET /api/entities lists them)"
            )
        items = [i for i in items if i.get("speaker_entity") == speaker]
    if "incident" in params:
        items = [i for i in items if i.get("incident") == params["incident"]]
    return items


@dataclass(frozen=True, slots=True)
class Page:
    """One page of a list: its items, the total before paging, and where the next starts."""

    items: list[dict[str, Any]]
    count: int
    limit: int | None
    offset: int
    next_offset: int | None

    def envelope(self, key: str, path: str, params: Mapping[str, str]) -> dict[str, Any]:
        """The JSON answer: ``count`` (all matches), ``limit``, ``offset``, ``next`` (the
        URL of the next page, or null) and the page's items under ``key``."""
        following = None
        if self.next_offset is not None:
            query = {**params, "offset": str(self.next_offset)}
            following = f"{path}?{urlencode(query)}"
        return {
            "count": self.count,
            "limit": self.limit,
            "offset": self.offset,
            "next": following,
            key: self.items,
        }


def _int_param(params: Mapping[str, str], name: str, low: int, high: int) -> int | None:
    raw = params.get(name)
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise BadQueryError(f"{name}={raw!r} is not a whole number") from None
    if not low <= value <= high:
        raise BadQueryError(f"{name}={raw!r} must be between {low} and {high}")
    return value


def _sort_key(field: str) -> Any:
    def key(item: Mapping[str, Any]) -> tuple[int, Any]:
        value = item.get(field)
        if isinstance(value, list | tuple | dict):
            value = len(value)
        if value is None:
            return (2, "")
        if isinstance(value, bool | int | float):
            return (0, value)
        return (1, str(value).casefold())

    return key


def page(items: list[dict[str, Any]], params: Mapping[str, str]) -> Page:
    """Sort (``sort=FIELD`` or ``sort=-FIELD``, missing values last) and cut
    (``offset``, ``limit``) a list the filters already narrowed.

    Without ``limit`` every item from ``offset`` on is returned (the API's
    answer before paging existed). ``sort`` must name a field the items
    have; a list field sorts by its length.
    """
    limit = _int_param(params, "limit", 0, MAX_LIMIT)
    offset = _int_param(params, "offset", 0, 10**9) or 0
    sort = params.get("sort")
    if sort:
        field = sort.lstrip("-")
        known = sorted({k for i in items for k in i})
        if items and field not in known:
            raise BadQueryError(
                f"sort={sort!r}: items have no field {field!r}; fields: {', '.join(known)}"
            )
        descending = sort.startswith("-")
        key = _sort_key(field)
        present = [i for i in items if i.get(field) is not None]
        missing = [i for i in items if i.get(field) is None]
        items = sorted(present, key=key, reverse=descending) + missing
    total = len(items)
    end = total if limit is None else min(total, offset + limit)
    following = end if end < total and limit else None
    return Page(items[offset:end], total, limit, offset, following)


def _present(items: Sequence[Item], name: str) -> set[str]:
    return {str(i[name]) for i in items if i.get(name) is not None}


def _cites(item: Item, articles: frozenset[str] | set[str]) -> bool:
    """True when the item's own span, or one of the articles it lists, is in ``articles``."""
    if item.get("article") in articles:
        return True
    listed = item.get("articles")
    return isinstance(listed, list) and any(a in articles for a in listed)
