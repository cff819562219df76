"""The source check: a trained logistic model that withholds a speaker the extractor doubts.

A statement can be right while its source is wrong: the clause rules take the subject the
parser gives ("a deal that was rejected", "The Latest urges"), the tagger hangs a source on
the nearest cue, a pronoun points at the wrong person. For an analyst, who weighs a claim by
who made it, a wrong speaker is worse than an unknown one. This module scores the source of
each statement the filter (:mod:`.quotes_filter`) kept, with the same features (cue word and
its place in the parse, the kind of source and how the speaker was resolved, the shape of
the content, the tagger's marginals), and when the model thinks the source is unlikely to
name the speaker at all, the statement keeps its content and cue but gets no source and a
speaker of kind ``unknown`` (``via`` "none"), like "it was reported that ...".

The model is trained on PolNeAR **train** (``bench/train_quotes_sources.py``): every source
of a statement the extractor keeps there, read by a tagger that never saw the document, is a
positive when it shares a word with an annotated source (so a source PolNeAR draws a little
longer or shorter is kept: only sources naming someone else or nobody are withheld); the
threshold was chosen on held-out fifths of train. It ships as package data
(``quotes_model/source_check.json``) and is read once per process (:func:`load_source_check`).
Cost: a few dozen dictionary lookups per statement.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import TYPE_CHECKING

from crosswire.extract.quotes_filter import Logistic, group_features, groups_of
from crosswire.extract.quotes_merge import NO_SPEAKER
from crosswire.extract.quotes_tagger import read_json_model

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from crosswire.extract.quotes_statements import Attribution

__all__ = ["SOURCE_CHECK_FILE", "SourceCheck", "check_sources", "load_source_check"]

SOURCE_CHECK_FILE = "source_check.json"

SourceCheck = Logistic
"""The shipped source check: does this statement's source name (part of) its speaker?"""


def check_sources(
    doc: Doc,
    text: str,
    atts: list[Attribution],
    model: SourceCheck,
    marginals: dict[int, tuple[float, float]] | None = None,
    features: dict[int, list[str]] | None = None,
) -> list[Attribution]:
    """``atts`` with the source and speaker withheld from every statement (all items of its
    group) whose source the model doubts. ``features``: each group's
    :func:`.quotes_filter.group_features`, when already computed (the filter reads the same)."""
    doubted = {
        g
        for g, items in groups_of(atts).items()
        if items[0].source is not None
        and not model.says_yes(
            features[g] if features is not None else group_features(doc, text, items, marginals)
        )
    }
    if not doubted:
        return atts
    return [
        dataclasses.replace(a, source=None, speaker=NO_SPEAKER) if a.group in doubted else a
        for a in atts
    ]


@lru_cache(maxsize=1)
def load_source_check(path: str | None = None) -> SourceCheck:
    """The shipped source check, read once per process (``path`` overrides it)."""
    return read_json_model(
        SOURCE_CHECK_FILE,
        path,
        "quotes source check",
        "bench/train_quotes_sources.py",
        Logistic.from_json,
    )
