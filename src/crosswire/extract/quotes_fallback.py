"""Fallbacks for reporting clauses the parse gets wrong, found on PolNeAR's dev split.

The small model misreads a few frequent shapes of news attribution: a
sentence run over a paragraph break, "..., Name and the Red Cross said."
(the content's subject taken for the speaker's), "In a meeting with the
Washington Post Trump said ..." (the name swallowed by a prepositional
phrase), and "X says the ad will air" with no complement attached. Each
fallback here looks only at the cue's sentence or paragraph, so the
extractor stays linear.
"""

from __future__ import annotations

import bisect

from spacy.tokens import Doc, Token

from crosswire.extract.quotes_clause import trim_span
from crosswire.extract.quotes_speaker import SpeakerResolver
from crosswire.extract.quotes_statements import chars

__all__ = [
    "mention_before",
    "name_tokens",
    "para_of",
    "rest_of_sentence",
    "same_paragraph",
    "trailing_clause",
]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def para_of(paragraphs: list[tuple[int, int]], pos: int) -> tuple[int, int]:
    i = bisect.bisect_right(paragraphs, (pos, len(paragraphs) + 10**9)) - 1
    return paragraphs[i] if i >= 0 else (0, 0)


def same_paragraph(
    paragraphs: list[tuple[int, int]], doc: Doc, span: tuple[int, int], cue: tuple[int, int]
) -> bool:
    p_lo, p_hi = para_of(paragraphs, cue[0])
    lo, hi = chars(doc, *span)
    return p_lo <= hi and lo <= p_hi and (p_lo <= lo or hi > p_lo + 1)


def mention_before(resolver: SpeakerResolver, tok: Token) -> Token | None:
    """A name or pronoun right before a verb the parser left without a subject."""
    if tok.i == 0 or any(c.dep_ in {"nsubjpass", "auxpass"} for c in tok.children):
        return None
    prev = tok.doc[tok.i - 1]
    if prev.pos_ == "PRON" and prev.lower_ in {"he", "she", "they", "it", "we", "i"}:
        return prev
    m = resolver.mention_at(prev.idx, prev.idx + len(prev.text))
    if m is not None and m.end == prev.idx + len(prev.text) and m.label in {"PERSON", "ORG"}:
        return prev
    return None


def name_tokens(resolver: SpeakerResolver, tok: Token) -> tuple[int, int]:
    """Token range of the mention ending at ``tok`` (or the token alone)."""
    m = resolver.mention_at(tok.idx, tok.idx + len(tok.text))
    if m is None:
        return tok.i, tok.i + 1
    span = tok.doc.char_span(m.start, m.end, alignment_mode="expand")
    return (span.start, span.end) if span is not None else (tok.i, tok.i + 1)


_CLAUSE_TAKERS = _words(
    """say add claim argue insist warn note write tell report believe think assert state
    declare predict suggest explain acknowledge admit allege contend maintain tweet post
    announce confirm deny stress emphasise emphasize estimate know fear hope expect"""
)


def rest_of_sentence(
    tok: Token, c_hi: int, paragraphs: list[tuple[int, int]]
) -> tuple[int, int] | None:
    """ "X says the ad will air ...": when the parse gives no complement, a clause that
    follows a clause-taking verb up to the end of its sentence."""
    if tok.lemma_.lower() not in _CLAUSE_TAKERS or c_hi >= len(tok.doc):
        return None
    doc = tok.doc
    if any(c.dep_ in {"dobj", "dative"} and c.i >= c_hi for c in tok.children):
        return None
    p_hi = para_of(paragraphs, tok.idx)[1]
    hi = c_hi
    while hi < len(doc) and doc[hi].idx < p_hi and not (doc[hi].is_sent_start and hi > c_hi):
        hi += 1
    words = doc[c_hi:hi]
    if not any(t.pos_ in {"VERB", "AUX"} for t in words) or len(words) < 3:
        return None
    return trim_span(doc, c_hi, hi)


_TAIL_DEPS = frozenset({"prep", "npadvmod", "advmod", "punct", "agent"})


def trailing_clause(
    tok: Token, cue_lo: int
) -> tuple[Token, tuple[int, int], tuple[int, int]] | None:
    """ "A convoy set out ..., Deputy Prime Minister Iryna Vereshchuk and the Red Cross said."

    The parser often takes the content's subject for the speaker's; when the reporting clause
    closes the sentence after a comma, the words between comma and cue are the source and
    everything before the comma is the content. Returns (source head, source, content).
    """
    if any(c.dep_ not in _TAIL_DEPS for c in tok.rights):
        return None
    sent = tok.sent
    comma = next((i for i in range(cue_lo - 1, sent.start, -1) if tok.doc[i].text == ","), None)
    if comma is None or comma - sent.start < 3 or cue_lo - comma - 1 > 12:
        return None
    lo, hi = comma + 1, cue_lo
    while hi > lo and tok.doc[hi - 1].dep_ in {"npadvmod", "advmod"}:
        hi -= 1  # "..., officials said yesterday"
    src = [t for t in tok.doc[lo:hi] if not (t.head.i >= lo and t.head.i < hi)]
    heads = [t for t in src if t.pos_ in {"PROPN", "NOUN", "PRON"}]
    if not heads:
        return None
    return heads[0], (lo, hi), (sent.start, comma)


_OBJECTS = frozenset({"dobj", "attr", "oprd"})


def object_content(tok: Token, c_hi: int) -> tuple[int, int] | None:
    """ "Trump attacked Machado", "has said the same thing", "echoed a view": a cue verb with
    neither a clause nor a quotation states its stance on, or its words about, its direct
    object; PolNeAR marks that object as the content. Token range, after the cue words
    (``c_hi``). (The object of a preposition after the verb, "pointed to reports", was
    tried too: on PolNeAR dev it cost more content precision than it gained.)"""
    for child in tok.rights:
        if child.i >= c_hi and child.dep_ in _OBJECTS:
            return trim_span(tok.doc, child.left_edge.i, child.right_edge.i + 1)
    return None
