"""The data that flows between crosswire's stages.

A :class:`SourceDocument` is what the ingest stage reads off disk or the web:
raw text plus whatever metadata the container (manifest, JSON record, HTML
head, feed entry) carried. Cleaning turns it into an :class:`Article`, the
unit every later stage works on. All character offsets anywhere in
crosswire (mentions, quotes, figures, events) point into ``Article.text``,
the *cleaned* text, never into ``raw_text``.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date

__all__ = [
    "Annotation",
    "Article",
    "CleanedText",
    "DateGuess",
    "Entity",
    "IngestProblem",
    "IngestReport",
    "Mention",
    "Removal",
    "RoleMention",
    "SourceDocument",
    "article_id",
    "legacy_article_id",
]


def article_id(source_key: str, text: str) -> str:
    """Stable article id from where it came from and its text as received.

    ``source_key`` is the URL when one is known, otherwise the file name
    (not the full path) so that the same report ingested from another
    folder or another machine keeps its id; re-ingesting it changes nothing.
    ``text`` is the raw text, not the cleaned one, so that a better cleaner
    in a later version does not give a stored report a new id (it would be
    stored again, as a duplicate of itself).
    """
    digest = hashlib.sha256(f"{source_key}\n{text}".encode()).hexdigest()
    return digest[:16]


def legacy_article_id(source_key: str, cleaned_text: str) -> str:
    """The id stores made before session 7 gave an article: the hash of its *cleaned* text.

    Ingest looks it up too, so re-ingesting a report into an older store still finds it
    ("re-ingesting changes nothing") instead of storing it again as its own duplicate."""
    return article_id(source_key, cleaned_text)


@dataclass(frozen=True, slots=True)
class SourceDocument:
    """One document as read by an ingest reader, before cleaning.

    Attributes:
        source: Where it came from, for people: a path (as given) or a URL,
            with ``#N`` appended for the N-th record of a JSONL file or feed.
        source_key: Identity used for the article id: the URL if known,
            else the file name (plus ``#N`` for records).
        raw_text: The text as received (HTML already reduced to text).
        fmt: Reader that produced it: ``text``, ``html``, ``json``,
            ``jsonl``, ``feed`` or ``url``.
    """

    source: str
    source_key: str
    raw_text: str
    fmt: str
    title: str | None = None
    outlet: str | None = None
    published: date | None = None
    url: str | None = None
    dateline: str | None = None
    wire: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Removal:
    """Something cleaning took out of the raw text, kept to show our work.

    ``kind`` is one of ``caption``, ``credit``, ``boilerplate``,
    ``dateline``, ``wire``; ``text`` is the removed text verbatim.
    """

    kind: str
    text: str


@dataclass(frozen=True, slots=True)
class CleanedText:
    """Result of the clean stage for one raw text."""

    text: str
    dateline: str | None = None
    wire: tuple[str, ...] = ()
    removed: tuple[Removal, ...] = ()


@dataclass(frozen=True, slots=True)
class DateGuess:
    """A publication date read from the article's own text, only when the user asked.

    Kept with the article so every date anchored on it can say it rests on a
    guess, and which words the guess came from (a span of ``Article.text``).
    """

    start: int
    end: int
    text: str
    method: str
    confidence: float


@dataclass(slots=True)
class Article:
    """One news report, cleaned; the unit that flows through every stage."""

    id: str
    source: str
    raw_text: str
    text: str
    fmt: str = "text"
    title: str | None = None
    outlet: str | None = None
    published: date | None = None
    url: str | None = None
    dateline: str | None = None
    wire: tuple[str, ...] = ()
    removed: tuple[Removal, ...] = ()
    duplicate_of: str | None = None
    published_guess: DateGuess | None = None
    #: Filled by the link stage (:mod:`crosswire.link.wire_texts`), never stored with the
    #: article: the first report carrying the same wire or shared text (None for that first
    #: one and for reports sharing none), and who stands behind that text as one source
    #: ("wire:<agency>" when a carrier credits one, else the first carrier's id).
    wire_text_of: str | None = None
    text_source: str | None = None


@dataclass(frozen=True, slots=True)
class Mention:
    """A named-entity mention: a span of ``Article.text`` with its type.

    ``label`` is the spaCy label after gazetteer correction (PERSON, ORG,
    GPE, LOC, FAC, NORP, ...). ``entity`` is the canonical entity id once
    the link stage has merged mentions across reports.
    """

    article: str
    start: int
    end: int
    text: str
    label: str
    entity: str | None = None


@dataclass(slots=True)
class Entity:
    """A canonical entity merged across all reports.

    ``roles`` are titles or roles seen with the entity ("ICRC spokesman",
    "Deputy Prime Minister"), each kept verbatim.
    """

    id: str
    name: str
    type: str
    aliases: list[str] = field(default_factory=list)
    roles: list[str] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class IngestProblem:
    """A document that could not be ingested, and why."""

    source: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}: {self.message}"


@dataclass(slots=True)
class IngestReport:
    """What one ingest run did: the basis of the CLI's summary and exit code."""

    added: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    duplicates: dict[str, str] = field(default_factory=dict)
    problems: list[IngestProblem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """True when every document given was ingested (or already present)."""
        return not self.problems


@dataclass(frozen=True, slots=True)
class RoleMention:
    """A title or role seen with a mention ("ICRC spokesman Ewan Watson").

    ``start``/``end`` span the role words in ``Article.text``;
    ``mention_start``/``mention_end`` span the mention it describes.
    """

    article: str
    start: int
    end: int
    text: str
    mention_start: int
    mention_end: int


@dataclass(slots=True)
class Annotation:
    """What the annotate stage learned about one article.

    Kept free of spaCy types so that the store, the link stage and the
    report can use it without loading a model. ``sentences`` are the
    sentence boundaries (start, end) in ``Article.text``.
    """

    article: str
    mentions: list[Mention] = field(default_factory=list)
    roles: list[RoleMention] = field(default_factory=list)
    sentences: list[tuple[int, int]] = field(default_factory=list)
