"""Paragraph breaks are sentence breaks: a pipeline component placed before the parser.

The small English parser decides sentence boundaries itself and will run a
headline or a byline into the first sentence of the text when no full stop
separates them ("Girl shot at party dies; woman held\\n\\nCaitlin L. Caskey
... was shot"), which leaves the lede's subject and verb in one broken
parse. The clean stage keeps every paragraph and line break, so a break is
a reliable boundary; the parser respects sentence starts set before it runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

__all__ = ["COMPONENT_NAME", "PARAGRAPHS_VERSION", "add_paragraph_breaks", "mark_breaks"]

COMPONENT_NAME = "crosswire_paragraph_breaks"
PARAGRAPHS_VERSION = 1
"""Bumped when the rule changes: stored parses made with another are stale."""


def mark_breaks(doc: Doc) -> Doc:
    """Start a sentence after every whitespace token holding a line break."""
    for tok in doc[:-1]:
        if tok.is_space and "\n" in tok.text:
            doc[tok.i + 1].is_sent_start = True
    return doc


def add_paragraph_breaks(nlp: Language) -> None:
    """Add :func:`mark_breaks` before the parser of ``nlp`` (once per pipeline)."""
    from spacy.language import Language

    if COMPONENT_NAME in nlp.pipe_names:
        return
    if COMPONENT_NAME not in Language.factories:
        Language.component(COMPONENT_NAME, func=mark_breaks)
    nlp.add_pipe(COMPONENT_NAME, before="parser")
