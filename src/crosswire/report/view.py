"""The report view: the situation report as data, built once, rendered twice.

The Markdown and HTML renderers only lay out what is here; every count,
ordering, highlight and wording decision is taken when the view is built
(:mod:`crosswire.report.build`). That keeps the two formats saying the same
thing and lets later stages improve a section in one place. All strings in
the view are plain, unescaped text: escaping is the renderer's job.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from crosswire.report.evidence import Evidence, SourceRef

if TYPE_CHECKING:  # key_points draws on the section builders, which import this module
    from crosswire.report.key_points import KeyPoint

__all__ = [
    "EntityGroup",
    "EntityRow",
    "Fragment",
    "Item",
    "Removed",
    "ReportView",
    "Section",
    "SourceRow",
    "StoryEntry",
    "TocEntry",
    "format_value",
    "rank",
]


@dataclass(frozen=True, slots=True)
class Removed:
    """Something the clean stage took out of an article (caption, credit, ...)."""

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class SourceRow:
    """One article in the Sources table.

    ``title`` is the article's title, or its first words when it has none
    (``title_is_excerpt``). ``link`` is the URL only when it is safe to put
    in an ``href`` (http or https); ``location`` is what to show.
    ``copies`` are the short ids of articles that duplicate this one;
    ``wire_text_of`` the short id of the first report carrying the same wire
    text, when this one carries another's (export ``wire_text_of``).
    """

    ref: SourceRef
    dateline: str | None
    wire: tuple[str, ...]
    title: str
    title_is_excerpt: bool
    location: str
    link: str | None
    duplicate_of: str | None
    copies: tuple[str, ...]
    removed: tuple[Removed, ...]
    wire_text_of: str | None = None


@dataclass(frozen=True, slots=True)
class EntityRow:
    """A canonical entity with the reports that mention it and its evidence.

    ``reports`` lists every article mentioning it (in Sources order);
    ``independent`` counts those that are not duplicates. ``evidence`` is
    ordered so that the first few pieces come from different reports.
    """

    id: str
    anchor: str
    name: str
    type: str
    aliases: tuple[str, ...]
    roles: tuple[str, ...]
    reports: tuple[SourceRef, ...]
    independent: int
    mentions: int
    evidence: tuple[Evidence, ...]


def rank(row: EntityRow) -> tuple[int, int, int, str, str]:
    """Sort key for entities: most independent reports, then all reports, mentions, name, id."""
    return (-row.independent, -len(row.reports), -row.mentions, row.name.casefold(), row.id)


@dataclass(frozen=True, slots=True)
class EntityGroup:
    """Entities of one kind (people, organisations, places, groups)."""

    key: str
    title: str
    anchor: str
    entities: tuple[EntityRow, ...]


class Item(NamedTuple):
    """One extracted item of a later-stage section (a figure, a quote, ...).

    ``values`` line up with the section's ``columns`` ("" where the item has
    no such field). ``evidence`` is ``None`` when the item cites no span. A
    named tuple: a large story's report makes tens of thousands, twice over
    (generic anchors, then the section's own rows), and a frozen dataclass
    is several times slower to make.
    """

    anchor: str
    values: tuple[str, ...]
    evidence: Evidence | None


Fragment = Callable[[], str]
"""Makes a section's fragment when a renderer first asks for it (see :class:`Section`)."""


@dataclass(frozen=True, slots=True)
class Section:
    """A section filled by a later stage.

    ``empty_note`` is what to say instead of a table when ``items`` is empty.
    A section's own builder (``crosswire.report.section_<key>``) may add a
    view before the table: ``html_fragment`` is trusted HTML produced by our
    own code with everything from the data already escaped (an inline SVG
    timeline, a map), ``md_fragment`` its Markdown counterpart. Builders
    give each as text (``html_part``, ``md_part``) or as a :data:`Fragment`
    that makes it: a report is rendered in one format at a time, and making
    the other's fragment for a large story cost as much as rendering it
    (wrap it in ``functools.cache`` if a view may be rendered twice).
    """

    key: str
    title: str
    anchor: str
    blurb: str
    empty_note: str
    columns: tuple[str, ...]
    items: tuple[Item, ...]
    html_part: str | Fragment = ""
    md_part: str | Fragment = ""

    @property
    def html_fragment(self) -> str:
        """The trusted HTML shown before the table ("" for none)."""
        part = self.html_part
        return part if isinstance(part, str) else part()

    @property
    def md_fragment(self) -> str:
        """The Markdown shown before the table ("" for none)."""
        part = self.md_part
        return part if isinstance(part, str) else part()


@dataclass(frozen=True, slots=True)
class StoryEntry:
    """One line of the story index that opens a report over several stories.

    ``key_points`` counts the story's key points (its own report shows them
    all); ``dates`` is the story's date range as a reader writes it.
    """

    id: str
    label: str
    dates: str
    reports: int
    independent: int
    incidents: int
    key_points: int


@dataclass(frozen=True, slots=True)
class TocEntry:
    """A table-of-contents line: ``level`` 1 for sections, 2 for subsections."""

    anchor: str
    title: str
    level: int


@dataclass(frozen=True, slots=True)
class ReportView:
    """Everything the renderers show, in order."""

    title: str
    overview: tuple[str, ...]
    version: str
    article_count: int
    independent_count: int
    sources: tuple[SourceRow, ...]
    entity_groups: tuple[EntityGroup, ...]
    sections: tuple[Section, ...]
    toc: tuple[TocEntry, ...]
    evidence_limit: int
    key_points: tuple[KeyPoint, ...] = ()
    story_index: tuple[StoryEntry, ...] = ()
    key_points_omitted: int = 0


def format_value(value: object) -> str:
    """A field value as one line of plain text (lists joined, objects as ``key: value``)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return " ".join(value.split())
    if isinstance(value, list | tuple):
        return ", ".join(v for v in (format_value(x) for x in value) if v)
    if isinstance(value, Mapping):
        if set(value) == {"value"}:
            return format_value(value["value"])
        parts = ((str(k), format_value(v)) for k, v in value.items())
        return "; ".join(f"{k}: {v}" for k, v in parts if v)
    return str(value)
