"""Colon attributions: "Pence: ‘We will win’", "Poll: Sanders leads Clinton", transcripts.

Headlines, live blogs and interview transcripts attribute with a colon rather
than a verb: a short name at the start of a paragraph, a colon, and what was
said. The parse gives these no reporting verb, so this pass looks at the
first tokens of each paragraph only (linear in the text). To keep labels
("Update:", "Read more:", "Photo:") and datelines out, the words before the
colon must be a short noun phrase that names someone (a PERSON or ORG
mention, a pronoun, or a word like "poll" or "report"), or else the colon must
open a quotation.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from crosswire.extract.quotes_speaker import SpeakerResolver

__all__ = ["colon_attributions"]

_MAX_SOURCE_TOKENS = 6
_MIN_CONTENT_CHARS = 12
_LABELS = frozenset(
    str.split(
        """update updated related read more note editor editors photo photos video watch
    source sources credit correction clarification disclosure listen see also warning
    breaking live latest background context caption image map chart graphic table
    key points what where when why how who q a"""
    )
)
_DOCUMENT_WORDS = frozenset(
    str.split(
        """poll polls survey report study newspaper statement memo letter analysis
    review audit investigation sources officials"""
    )
)
_OPENERS = frozenset({"“", '"', "‘", "'", "«", "``"})


def colon_attributions(
    doc: Doc, resolver: SpeakerResolver, paragraphs: list[tuple[int, int]]
) -> list[tuple[Token, tuple[int, int], int, tuple[int, int]]]:
    """(source head, source token range, colon token index, content chars) per colon attribution."""
    text = resolver.text
    out: list[tuple[Token, tuple[int, int], int, tuple[int, int]]] = []
    persons: set[str] | None = None  # words of PERSON mentions, computed on first need
    for p_lo, p_hi in paragraphs:
        first = doc.char_span(p_lo, p_lo + 1, alignment_mode="expand")
        if first is None:
            continue
        lo = first.start
        while lo < len(doc) - 1 and doc[lo].text in _OPENERS:
            lo += 1  # a transcript quoted paragraph by paragraph: "\"WALLACE: Let's start ..."
        colon = None
        for i in range(lo, min(lo + _MAX_SOURCE_TOKENS + 1, len(doc))):
            if doc[i].idx >= p_hi:
                break
            if doc[i].text == ":":
                colon = i
                break
        if colon is None or colon == lo:
            continue
        words = doc[lo:colon]
        if not words[0].text[:1].isupper() and words[0].pos_ != "PRON":
            continue
        if any(t.pos_ in {"VERB", "AUX", "NUM"} or t.like_num for t in words):
            continue  # "Updated at 10:30", "He said:": the verb rule's business
        lowers = {t.lower_ for t in words}
        if lowers & _LABELS:
            continue
        c_lo = doc[colon].idx + 1
        while c_lo < p_hi and text[c_lo].isspace():
            c_lo += 1
        c_hi = p_hi
        while c_hi > c_lo and text[c_hi - 1].isspace():
            c_hi -= 1
        if c_hi - c_lo < _MIN_CONTENT_CHARS:
            continue
        s_lo, s_hi = words[0].idx, words[-1].idx + len(words[-1].text)
        mention = resolver.mention_at(s_lo, s_hi)
        named = mention is not None and mention.label in {"PERSON", "ORG", "NORP"}
        named = named or any(t.ent_type_ in {"PERSON", "ORG"} for t in words)
        quoted = text[c_lo] in _OPENERS or text[c_lo : c_lo + 2] == "``"
        # A transcript's speaker label: in capitals ("PENCE:", "CHRIS WALLACE:") and named as
        # a person elsewhere in the article ("Gov. Mike Pence"); a dateline ("KYIV:") is not.
        label = all(t.is_alpha and t.is_upper and len(t) > 1 for t in words)
        if label:
            if persons is None:
                persons = {t.lower_ for t in doc if t.ent_type_ == "PERSON" and not t.is_upper}
            label = words[-1].lower_ in persons
        if not (named or quoted or label or lowers & _DOCUMENT_WORDS):
            continue
        if all(t.ent_type_ in {"GPE", "LOC"} for t in words) and not quoted:
            continue  # a dateline: "KYIV: ..."
        head = words.root
        out.append((head, (lo, colon), colon, (c_lo, c_hi)))
    return out
