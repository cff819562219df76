"""Token attributes read as whole columns, for the quotes passes that scan every token.

Iterating a spaCy ``Doc`` builds one Python ``Token`` object per token, and on a long
report that costs more than the tests made on it: the cue scans look at every token but
keep a handful. ``Doc.to_array`` hands over the attribute ids of all tokens at once, and
each distinct id is turned into its string once; callers then build ``Token`` objects
only for the few tokens they keep. The values are exactly those of the ``Token``
attributes (``pos_``, ``lemma_``, ...), so results do not change.
"""

from __future__ import annotations

from spacy.attrs import IDX, SENT_START
from spacy.strings import StringStore
from spacy.tokens import Doc

__all__ = ["sentence_starts", "string_columns", "strings_of"]


def strings_of(strings: StringStore, ids: list[int]) -> list[str]:
    """The strings behind a column of string ids, each distinct id looked up once."""
    table = {i: strings[i] for i in set(ids)}
    return [table[i] for i in ids]


def string_columns(doc: Doc, attrs: list[int | str]) -> list[list[str]]:
    """Per attribute of ``attrs`` (``spacy.attrs`` ids such as ``POS`` or ``LEMMA``), its
    string for every token: ``string_columns(doc, [POS])[0][i] == doc[i].pos_``."""
    if len(doc) == 0:
        return [[] for _ in attrs]
    cols = doc.to_array(attrs)
    strings = doc.vocab.strings
    return [strings_of(strings, cols[:, k].tolist()) for k in range(len(attrs))]


def sentence_starts(doc: Doc, chars: bool = False) -> list[int]:
    """The first token of every sentence (its character offset with ``chars``), as
    ``[s.start for s in doc.sents]`` gives them without building a ``Span`` per sentence.

    Like ``Doc.sents``: the first token always opens a sentence, and the parse must have
    set sentence boundaries (``Doc.sents`` raises otherwise; so does this)."""
    if "sents" in doc.user_hooks or not doc.has_annotation("SENT_START"):
        # A custom segmentation, or none (``Doc.sents`` raises its own error): ask spaCy.
        return [s.start_char if chars else s.start for s in doc.sents]
    n = len(doc)
    if n == 0:
        return []
    cols = doc.to_array([SENT_START, IDX]).astype("int64")
    starts = [0] + [i for i, v in enumerate(cols[:, 0].tolist()) if i > 0 and v == 1]
    if not chars:
        return starts
    idx = cols[:, 1].tolist()
    return [idx[i] for i in starts]
