"""The statement record quotes are built from, and the span helpers every quote pass shares.

Split out of :mod:`.quotes` so that the rule passes there and the rule/model merge in
:mod:`.quotes_merge` work on one definition of an attribution and of "the quotation holding
this offset", with no circular imports.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING

from crosswire.extract.quotes_lexicon import MEDIUM_WORDS, NEWS_WORDS, TWEET_VERBS
from crosswire.extract.quotes_marks import Quoted, find_quoted, is_speech_like
from crosswire.extract.quotes_speaker import Speaker

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["Attribution", "QuoteIndex", "chars", "content_kind", "heal", "medium_of"]

_MEDIUM_PREPS = frozenset({"on", "in", "via", "through", "during", "at", "over"})


@dataclass(slots=True)
class Attribution:
    """One attributed statement before it becomes an export item (character spans)."""

    content: tuple[int, int]
    cue: tuple[int, int]
    source: tuple[int, int] | None
    speaker: Speaker
    kind: str
    medium: str | None
    group: int = -1
    origin: str = "verb"
    """What found it: ``verb`` (a cue verb's clause), ``according``, ``mark`` (a colon or a
    signature dash), ``tagger`` (the CRF); read by the filter (:mod:`.quotes_filter`)."""
    parent: Attribution | None = None
    """The statement whose content reports this one ("X said Y told him Z": Y's statement has
    X's as parent); None for a statement the report itself makes (:mod:`.quotes_nested`)."""


def chars(doc: Doc, lo: int, hi: int) -> tuple[int, int]:
    last = doc[hi - 1]
    return doc[lo].idx, last.idx + len(last.text)


def medium_of(tok: Token, text: str) -> str | None:
    """The channel of a statement: "on the Telegram messaging app", "Reuters" (told), "Twitter"."""
    if tok.lemma_.lower() in TWEET_VERBS:
        return "Twitter"
    doc = tok.doc
    for child in tok.rights:
        low = child.lower_
        if child.dep_ == "prep" and low in _MEDIUM_PREPS:
            words = {t.lower_ for t in child.subtree}
            if words & MEDIUM_WORDS:
                lo, hi = chars(doc, child.left_edge.i, child.right_edge.i + 1)
                return text[lo:hi]
        if tok.lemma_.lower() == "tell" and child.dep_ in {"dative", "dobj"}:
            words = {t.lower_ for t in child.subtree}
            if child.ent_type_ == "ORG" or words & NEWS_WORDS:
                lo, hi = chars(doc, child.left_edge.i, child.right_edge.i + 1)
                return text[lo:hi]
    return None


class QuoteIndex:
    """The quotations of one article with a fast "which quote holds this offset" lookup."""

    def __init__(self, text: str) -> None:
        self.all = find_quoted(text)
        self.speech = [q for q in self.all if is_speech_like(text, q)]
        self.speech_starts = [q.start for q in self.speech]
        self.speech_ends = [q.end for q in self.speech]
        self._starts = [q.start for q in self.all]

    def holding(self, pos: int) -> Quoted | None:
        i = bisect.bisect_right(self._starts, pos) - 1
        if i >= 0 and self.all[i].start <= pos < self.all[i].end:
            return self.all[i]
        return None

    def within(self, lo: int, hi: int) -> list[Quoted]:
        i = bisect.bisect_left(self._starts, lo)
        out = []
        while i < len(self.all) and self.all[i].start < hi:
            out.append(self.all[i])
            i += 1
        return out


def heal(quotes: QuoteIndex, span: tuple[int, int]) -> tuple[int, int]:
    """Extend a span that stops just short of the closing mark of a quote it opened."""
    q = quotes.holding(span[1] - 1)
    if q is not None and q.start >= span[0] and span[1] < q.end <= span[1] + 2:
        return span[0], q.end
    return span


def content_kind(
    text: str, quotes: QuoteIndex, content: tuple[int, int]
) -> tuple[tuple[int, int], str]:
    """Widen ``content`` over the quotations it touches and tell direct, mixed or indirect."""
    inside = quotes.within(content[0] - 1, content[1])
    touching = [q for q in inside if q.end > content[0]]
    if not touching:
        return content, "indirect"
    lo = min(content[0], touching[0].start)
    hi = max(content[1], touching[-1].end)
    outside = text[lo:hi]
    for q in reversed(touching):
        outside = outside[: q.start - lo] + outside[q.end - lo :]
    words_outside = len([w for w in outside.split() if any(ch.isalnum() for ch in w)])
    if words_outside == 0 and all(q in quotes.speech or q.single is False for q in touching):
        return (lo, hi), "direct"
    return (lo, hi), "mixed"
