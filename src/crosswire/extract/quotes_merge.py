"""Rule attributions plus what the attribution tagger finds beyond them.

The rules (:mod:`.quotes`) are precise and resolve speakers over split and multi-paragraph
quotes; the CRF tagger (:mod:`.quotes_tagger`) finds what they miss (noun and adjective cues,
sourceless statements). This module decides what of the tagger's output is added, joined to a
rule's statement, or dropped.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from typing import TYPE_CHECKING

from crosswire.extract.quotes_lexicon import EXTRA_VERBS
from crosswire.extract.quotes_speaker import Speaker, SpeakerResolver
from crosswire.extract.quotes_statements import (
    Attribution,
    QuoteIndex,
    chars,
    content_kind,
    heal,
    medium_of,
)
from crosswire.extract.quotes_tagger import TaggedAttribution, span_root, tidy_tagged_source

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = ["NO_SPEAKER", "add_tagged", "shipped_cue"]


def shipped_cue(doc: Doc, tagged: TaggedAttribution, lemmas: frozenset[str]) -> bool:
    """Whether a tagged cue is one crosswire reports. Colons are left to the colon rules
    (:mod:`.quotes_colon`), which keep labels and datelines out; the hedges and acts of
    :data:`EXTRA_VERBS` ("appears to", "released") only with a lexicon that has them."""
    if tagged.cue is None:
        return True
    words = doc[tagged.cue[0] : tagged.cue[1]]
    if all(t.is_punct for t in words):
        return False
    lemma = doc[span_root(doc, *tagged.cue)].lemma_.lower()
    return lemma not in EXTRA_VERBS or lemma in lemmas


NO_SPEAKER = Speaker(None, "unknown", "none", None)
"""The speaker of a sourceless attribution ("it was reported that ...")."""


def add_tagged(
    doc: Doc,
    text: str,
    quotes: QuoteIndex,
    resolver: SpeakerResolver,
    ruled: list[Attribution],
    tagged: list[TaggedAttribution],
) -> list[Attribution]:
    """The rule attributions plus what the tagger finds beyond them.

    The rules come first: they are precise and resolve speakers over split and
    multi-paragraph quotes. A tagged attribution is added only when neither its cue nor its
    content overlaps a rule attribution's cue or content; its content fragments become
    items of one group. When its cue is a rule's cue, its content fragments the rule missed
    (the second half of a split statement) join the rule's statement. A tagged attribution
    without a source keeps ``source`` null and a speaker of kind ``unknown`` (``via`` "none").
    """
    taken = sorted([a.content for a in ruled] + [a.cue for a in ruled])
    starts = [t[0] for t in taken]

    def free(span: tuple[int, int]) -> bool:
        i = bisect.bisect_left(starts, span[1])
        return not any(taken[j][1] > span[0] for j in range(max(0, i - 20), i))

    def join(a: Attribution, content: tuple[int, int]) -> None:
        span, kind = content_kind(text, quotes, content)
        out.append(Attribution(span, a.cue, a.source, a.speaker, kind, a.medium, a.group, a.origin))

    out = list(ruled)
    group = max((a.group for a in ruled), default=-1) + 1
    for t in tagged:
        contents = [chars(doc, *c) for c in t.contents]
        if t.cue is None:
            quoted = [c for c in contents if free(c) and quotes.holding(c[0]) is not None]
            _carry_on(text, out, quoted, join)
            continue
        cue = chars(doc, *t.cue)
        if not free(cue):
            same = next((a for a in ruled if a.cue[0] < cue[1] and cue[0] < a.cue[1]), None)
            if same is not None:
                for c in contents:
                    if free(c):
                        join(same, c)
            continue
        if not all(free(c) for c in contents):
            continue
        speaker, source = NO_SPEAKER, None
        if t.source is not None:
            t_src = tidy_tagged_source(doc, *t.source)
            source = heal(quotes, chars(doc, *t_src))
            head = doc[span_root(doc, *t_src)]
            speaker = resolver.resolve(head, source)
        medium = medium_of(doc[span_root(doc, *t.cue)], text)
        for content in contents:
            span, kind = content_kind(text, quotes, content)
            out.append(Attribution(span, cue, source, speaker, kind, medium, group, "tagger"))
        group += 1
    out.sort(key=lambda a: (a.content[0], a.cue[0]))
    return out


def _carry_on(
    text: str,
    out: list[Attribution],
    contents: list[tuple[int, int]],
    join: Callable[[Attribution, tuple[int, int]], None],
) -> None:
    """A quotation tagged as content in a paragraph with no cue continues the closest statement
    before it, when that statement ended in an earlier paragraph not far back (a block quote
    after "X said:"). Only quotations: an unquoted paragraph without a cue (a photo caption,
    narrative) is not made anyone's statement."""
    for content in contents:
        before = [a for a in out if a.content[1] <= content[0]]
        if not before:
            continue
        last = max(before, key=lambda a: a.content[1])
        if "\n" not in text[last.content[1] : content[0]] or content[0] - last.content[1] > 1500:
            continue
        join(last, content)
