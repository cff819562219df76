"""What kind of attribution a cue makes: a statement, a belief, a stance, or something else.

PolNeAR, which the quote models learn from, annotates more than speech: beliefs
("Moscow wants ..."), stances ("endorsed Clinton") and acts the model finds by
context ("has failed to reach ..."). All of them are attributions, but an
analyst reading who-said-what needs to tell "the ICRC said" from "the Red Cross
has failed to reach the city". The class is read off the cue's own words, so it
is the same however the attribution was found (rule, tagger or cue model).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.extract.quotes_lexicon import BELIEF_VERBS, SPEECH_VERBS, STANCE_VERBS

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = ["CUE_CLASSES", "cue_class"]

CUE_CLASSES = ("speech", "belief", "stance", "other")
"""``speech``: said, told, according to, a statement; ``belief``: believes, fears, wants,
shows; ``stance``: supports, refused, spoke of; ``other``: any other cue (an act, a
perception), shown apart in the report."""

_SPEECH_NOUNS = frozenset(
    str.split(
        """statement comment remark call tweet post letter speech message claim response
        announcement interview testimony warning accusation criticism complaint answer reply
        briefing address according"""
    )
)
_BELIEF_NOUNS = frozenset(str.split("view belief assessment estimate hope fear expectation"))


def cue_class(doc: Doc, cue: tuple[int, int] | None) -> str:
    """The class (one of :data:`CUE_CLASSES`) of the cue at character span ``cue``."""
    if cue is None:
        return "other"
    span = doc.char_span(cue[0], cue[1], alignment_mode="expand")
    # words as well as lemmas: "according" lemmatises to "accord"
    lemmas = {w for t in span for w in (t.lemma_.casefold(), t.lower_)} if span else set()
    if lemmas & (SPEECH_VERBS | _SPEECH_NOUNS):
        return "speech"
    if lemmas & (BELIEF_VERBS | _BELIEF_NOUNS):
        return "belief"
    if lemmas & STANCE_VERBS:
        return "stance"
    return "other"
