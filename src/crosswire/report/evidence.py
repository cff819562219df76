"""Evidence: a claim shown inside the sentence it came from, span highlighted.

This is the one place where the report touches article text, so it is where
the report's promise is kept: every item traces to a span of a source
article. Highlights are made by slicing the cleaned text at the exported
offsets, never by searching for the string, so what is marked is exactly
what the extractor read. Offsets that do not fit the text (an export out of
step with the store, a bug upstream) raise :class:`ExportError` naming the
article and the span: a report that highlights the wrong words is worse
than no report.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from crosswire.errors import ExportError
from crosswire.report.sentences import SentenceIndex, sentence_spans

__all__ = ["MAX_CONTEXT", "ArticleText", "Evidence", "Segment", "SourceRef"]

MAX_CONTEXT = 280
"""Characters of sentence kept either side of the highlights before clipping with "…"."""


@dataclass(frozen=True, slots=True)
class SourceRef:
    """How an item cites its article: enough to find it in the Sources table."""

    article: str
    short_id: str
    anchor: str
    outlet: str
    published: str
    duplicate: bool


class Segment(NamedTuple):
    """A run of sentence text, highlighted (``marked``) or not.

    A named tuple rather than a frozen dataclass: a large story's report cuts
    a hundred thousand of them, and a frozen dataclass takes twenty times as
    long to make.
    """

    text: str
    marked: bool


class Evidence(NamedTuple):
    """One source sentence with one or more highlighted spans.

    ``start``/``end`` are the offsets of the (possibly clipped) sentence in
    the article text; ``spans`` the highlighted offsets, in order. A named
    tuple, like :class:`Segment`: a 1,000-report story's report makes some
    40,000 of them, and a frozen dataclass's ``__init__`` (one
    ``object.__setattr__`` per field) was a few percent of its time.
    """

    source: SourceRef
    start: int
    end: int
    spans: tuple[tuple[int, int], ...]
    segments: tuple[Segment, ...]
    clipped_start: bool
    clipped_end: bool

    @property
    def marked(self) -> tuple[str, ...]:
        """The highlighted texts, in order."""
        return tuple(s.text for s in self.segments if s.marked)


def _offset(value: object, what: str, name: str) -> int:
    if type(value) is int:  # the usual case, checked first (bool is not int's exact type)
        return value
    if isinstance(value, bool) or not isinstance(value, int):
        raise ExportError(f"{what}: {name} offset {value!r} is not an integer")
    return value


class ArticleText:
    """An article's cleaned text and sentence boundaries, split once, cited many times."""

    def __init__(
        self, ref: SourceRef, text: str, sentences: Sequence[tuple[int, int]] | None = None
    ) -> None:
        self.ref = ref
        self.text = text
        self._sentences = SentenceIndex(
            text, list(sentences) if sentences else sentence_spans(text)
        )
        self._evidence: dict[tuple[tuple[int, int], ...], list[Evidence]] = {}
        self._one: dict[tuple[int, int], Evidence] = {}

    def span(
        self, start: object, end: object, what: str, expected: object = None
    ) -> tuple[int, int]:
        """Validate a span cited by ``what`` and return it as ints.

        ``expected`` is the text the export says the span holds; when given
        it must equal the sliced text exactly.

        Raises:
            ExportError: naming ``what``, the article and the span, if the
                offsets are not integers, fall outside the text, or slice to
                something other than ``expected``.
        """
        s, e = _offset(start, what, "start"), _offset(end, what, "end")
        aid = self.ref.article
        if s > e:
            raise ExportError(f"{what}: span {s}-{e} of article {aid} is reversed")
        if not 0 <= s <= e <= len(self.text):
            raise ExportError(
                f"{what}: span {s}-{e} does not fit article {aid}, whose text has "
                f"{len(self.text)} characters; the export is out of step with its articles"
            )
        actual = self.text[s:e]
        if expected is not None and actual != expected:
            raise ExportError(
                f"{what}: span {s}-{e} of article {aid} reads {actual!r}, not {expected!r}; "
                "the export's offsets do not match the article text"
            )
        return s, e

    def fits(self, start: object, end: object, expected: object = None) -> tuple[int, int] | None:
        """The span as ints when :meth:`span` would accept it, else ``None`` (then call
        :meth:`span` for the error). The check without the name of what cites the span:
        a large story's report checks some 60,000 spans, and naming each in a string that
        only an error would show was a cost paid for every one."""
        if (
            type(start) is int
            and type(end) is int
            and 0 <= start <= end <= len(self.text)
            and (expected is None or self.text[start:end] == expected)
        ):
            return start, end
        return None

    def evidence(self, spans: Iterable[tuple[int, int]]) -> list[Evidence]:
        """Group validated spans by the sentence they sit in, one :class:`Evidence` each.

        Spans in the same sentence share one piece of evidence with several
        highlights (overlapping highlights merge); evidence comes back in
        text order.
        """
        if type(spans) is list and len(spans) == 1 and type(spans[0]) is tuple:  # the usual call
            return [self.one(spans[0])]
        key = tuple(sorted(set(spans)))
        known = self._evidence.get(key)
        if known is None:  # sections often cite a span another already showed
            known = self._evidence[key] = self._group(key)
        return list(known)

    def one(self, span: tuple[int, int]) -> Evidence:
        """The evidence of one validated span: ``evidence([span])[0]``, remembered by span.

        Most items cite one span; this spares them the sorting, the set and the
        tuples :meth:`evidence` makes to key a group of spans.
        """
        known = self._one.get(span)
        if known is None:
            known = self._one[span] = self._build(self._sentences.sentence(*span), [span])
        return known

    def _group(self, spans: Sequence[tuple[int, int]]) -> list[Evidence]:
        if len(spans) == 1:  # one span, one sentence
            return [self.one(spans[0])]
        by_sentence: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for s, e in spans:
            bounds = self._sentences.sentence(s, e)
            by_sentence.setdefault(bounds, []).append((s, e))
        merged: list[tuple[tuple[int, int], list[tuple[int, int]]]] = []
        for bounds, group in sorted(by_sentence.items()):
            if merged and bounds[0] < merged[-1][0][1]:  # widened sentences overlap: join them
                (lo, hi), prev = merged[-1]
                merged[-1] = ((lo, max(hi, bounds[1])), prev + group)
            else:
                merged.append((bounds, group))
        return [self._build(bounds, group) for bounds, group in merged]

    def _build(self, bounds: tuple[int, int], spans: list[tuple[int, int]]) -> Evidence:
        marks: list[tuple[int, int]] = []
        if len(spans) == 1:  # one span, nothing to merge
            first, last = spans[0]
            marks.append((first, last))
        else:
            for s, e in sorted(spans):
                if marks and s <= marks[-1][1]:
                    marks[-1] = (marks[-1][0], max(marks[-1][1], e))
                else:
                    marks.append((s, e))
        lo, hi = bounds
        clipped_start = marks[0][0] - lo > MAX_CONTEXT
        clipped_end = hi - marks[-1][1] > MAX_CONTEXT
        if clipped_start:
            lo = self._cut(marks[0][0] - MAX_CONTEXT, forward=True, limit=marks[0][0])
        if clipped_end:
            hi = self._cut(marks[-1][1] + MAX_CONTEXT, forward=False, limit=marks[-1][1])
        # Segments and the evidence made by tuple.__new__: the same objects their classes'
        # constructors make, without a Python-level __new__ per call (ten per span cited).
        text, new = self.text, tuple.__new__
        segments: list[Segment] = []
        pos = lo
        for s, e in marks:
            if s > pos:
                segments.append(new(Segment, (text[pos:s], False)))
            if e > s:  # an empty span (allowed by the export schema) marks nothing
                segments.append(new(Segment, (text[s:e], True)))
            pos = e
        if hi > pos:
            segments.append(new(Segment, (text[pos:hi], False)))
        return new(
            Evidence,
            (self.ref, lo, hi, tuple(marks), tuple(segments), clipped_start, clipped_end),
        )

    def _cut(self, at: int, *, forward: bool, limit: int) -> int:
        """Move a clipping point to the nearest space so no word is cut in half."""
        text = self.text
        if forward:
            space = text.find(" ", at, limit)
            return space + 1 if space != -1 else at
        space = text.rfind(" ", limit, at)
        return space if space != -1 else at
