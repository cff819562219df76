"""Gazetteer correction of the statistical NER, as a spaCy span ruler.

The small English model is weak on this domain's places: it tags
"Mariupol" ORG, "Zaporizhzhia" and "Kyiv" PERSON. A span ruler placed after
``ner`` matches geonames place names (see :mod:`crosswire.annotate.places`)
plus a short hand-written list of regions and organisations, and a custom
``ents_filter`` decides, match by match, whether the gazetteer or the model
is right:

* a match replaces a model entity covering the same tokens (ignoring a
  leading "the" and a trailing possessive), or any model entity lying
  entirely inside it;
* it never cuts into a longer model entity ("Mariupol city council" stays
  ORG, "Michael Jordan" stays PERSON);
* a geonames match where the model saw no entity at all is only added if
  its capitalised tokens are tagged as proper nouns (NNP/NNPS) ("Police
  said" stays a police statement); no geonames match may be glued to
  another proper noun ("Jack London"), follow an honorific ("Mr
  Stoltenberg"), or overrule a PERSON whose name the same document spells
  in full elsewhere.

Building the ruler from ~55,000 names has to be quick (it happens once per
process). Creating a Doc per name costs ~40 µs, so one-word names (most of
them) go into a single token pattern ``{"ORTH": {"IN": [...]}}`` and only
multi-word names become phrase patterns, tokenised with the bare tokenizer
(the span ruler's ``add_patterns`` would otherwise run them through the
whole pipeline).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from spacy.language import Language
from spacy.tokens import Span
from spacy.util import registry

from crosswire.annotate.places import place_names

__all__ = [
    "DOMAIN_ID",
    "DOMAIN_PATTERNS",
    "FILTER_NAME",
    "GAZETTEER_ID",
    "GAZETTEER_VERSION",
    "RULER_NAME",
    "add_gazetteer",
    "gazetteer_ents_filter",
]

GAZETTEER_VERSION = 2
"""Bump whenever patterns or rules change, so stored annotations go stale."""

RULER_NAME = "crosswire_gazetteer"
FILTER_NAME = "crosswire.gazetteer_ents_filter.v1"
GAZETTEER_ID = "geonames"
DOMAIN_ID = "domain"

_REGION_WORDS = ["region", "oblast", "province", "regions", "oblasts"]

DOMAIN_PATTERNS: tuple[dict[str, Any], ...] = (
    # Regions and seas geonames' city list lacks and the model mislabels
    # ("Donbass" PERSON). Regions are LOC: areas, not governments.
    {"label": "LOC", "pattern": "Donbas"},
    {"label": "LOC", "pattern": "Donbass"},
    {"label": "LOC", "pattern": "Crimea"},
    {"label": "LOC", "pattern": "Azov Sea"},
    {"label": "LOC", "pattern": "Sea of Azov"},
    {"label": "LOC", "pattern": "Black Sea"},
    # "the Lugansk region", "Donetsk oblast": the region, not the city.
    {
        "label": "LOC",
        "pattern": [
            {"IS_TITLE": True, "TAG": {"IN": ["NNP", "NNPS"]}},
            {"LOWER": {"IN": _REGION_WORDS}},
        ],
    },
    # Organisations reports name bare, where the model hesitates.
    {"label": "ORG", "pattern": "ICRC"},
    {"label": "ORG", "pattern": "NATO"},
    {"label": "ORG", "pattern": "Nato"},
    {"label": "ORG", "pattern": "Kremlin"},
    {"label": "ORG", "pattern": "Telegram"},
)
"""Hand-written patterns for this domain; deliberately short, each one earned."""

_PROPER = frozenset({"NNP", "NNPS"})
_HONORIFICS = frozenset(
    [
        "mr",
        "mr.",
        "mrs",
        "mrs.",
        "ms",
        "ms.",
        "miss",
        "dr",
        "dr.",
        "sir",
        "dame",
        "lord",
        "lady",
        "prof",
        "prof.",
        "gen",
        "gen.",
        "president",
    ]
)
# Proper nouns that may sit next to a place without making it part of a name.
_PLACE_NEIGHBOURS = frozenset(
    [
        "mayor",
        "governor",
        "city",
        "council",
        "region",
        "oblast",
        "province",
        "regional",
        "district",
        "mayor's",
    ]
)


def _core(ent: Span) -> tuple[int, int]:
    """Token range of ``ent`` without a leading "the" or trailing possessive/punctuation."""
    start, end = ent.start, ent.end
    doc = ent.doc
    if end - start > 1 and doc[start].lower_ == "the":
        start += 1
    while end - start > 1 and (doc[end - 1].tag_ == "POS" or doc[end - 1].is_punct):
        end -= 1
    return start, end


def _spelled_in_full(ent: Span) -> bool:
    """True if ``ent``'s text is the last word of a longer PERSON in the same doc."""
    text = ent.text
    return any(
        other.label_ == "PERSON" and len(other) > 1 and other[-1].text == text
        for other in ent.doc.ents
    )


def _plausible_place(span: Span, *, new: bool) -> bool:
    """Context checks for a geonames match; ``new`` if the model saw no entity there."""
    doc = span.doc
    capitalised = [t for t in span if t.text[:1].isupper()]
    if new and (not capitalised or any(t.tag_ not in _PROPER for t in capitalised)):
        return False
    if span.start > 0:
        before = doc[span.start - 1]
        if before.lower_ in _HONORIFICS:
            return False
        if before.tag_ in _PROPER and before.lower_ not in _PLACE_NEIGHBOURS:
            return False
    if span.end < len(doc):
        after = doc[span.end]
        if after.tag_ in _PROPER and after.lower_ not in _PLACE_NEIGHBOURS:
            return False
    return True


def _yields(model: Span, match: Span) -> bool:
    """Whether the model entity ``model`` should give way to the ruler ``match``."""
    if model.start >= match.start and model.end <= match.end:
        return not (
            match.id_ == GAZETTEER_ID and model.label_ == "PERSON" and _spelled_in_full(model)
        )
    if _core(model) == (match.start, match.end):
        return not (
            match.id_ == GAZETTEER_ID and model.label_ == "PERSON" and _spelled_in_full(model)
        )
    return False


def gazetteer_ents_filter(entities: Iterable[Span], spans: Iterable[Span]) -> list[Span]:
    """Merge model ``entities`` with ruler ``spans`` by the rules in the module docstring.

    Longer matches are considered first; the result has no overlaps and is
    sorted by position.
    """
    ents = list(entities)
    taken: set[int] = set()
    accepted: list[Span] = []
    for match in sorted(spans, key=lambda s: (s.start - s.end, s.start)):
        if any(i in taken for i in range(match.start, match.end)):
            continue
        clashing = [e for e in ents if e.start < match.end and e.end > match.start]
        if match.id_ == GAZETTEER_ID and not _plausible_place(match, new=not clashing):
            continue
        if not all(_yields(e, match) for e in clashing):
            continue
        ents = [e for e in ents if not (e.start < match.end and e.end > match.start)]
        accepted.append(match)
        taken.update(range(match.start, match.end))
    return sorted(ents + accepted, key=lambda s: s.start)


def make_gazetteer_ents_filter() -> Callable[[Iterable[Span], Iterable[Span]], list[Span]]:
    """Registry entry point so the span ruler's config can name the filter.

    Registered by :func:`add_gazetteer` (not at import) as :data:`FILTER_NAME`.
    """
    return gazetteer_ents_filter


def add_gazetteer(nlp: Language) -> None:
    """Add the gazetteer span ruler after ``ner`` in ``nlp`` (once per pipeline).

    Geonames names become exact-spelling (ORTH) phrase patterns tokenised
    with the tokenizer only; :data:`DOMAIN_PATTERNS` go in as they are.
    """
    if RULER_NAME in nlp.pipe_names:
        return
    registry.misc.register(FILTER_NAME, func=make_gazetteer_ents_filter)
    ruler: Any = nlp.add_pipe(
        "span_ruler",
        name=RULER_NAME,
        after="ner",
        config={
            "spans_key": None,
            "annotate_ents": True,
            "phrase_matcher_attr": "ORTH",
            "ents_filter": {"@misc": FILTER_NAME},
            "overwrite": False,
        },
    )
    patterns: list[dict[str, Any]] = []
    one_word: dict[str, list[str]] = {}
    for place in place_names():
        if place.name.isalpha():  # always a single token: one big ORTH-IN pattern per label
            one_word.setdefault(place.label, []).append(place.name)
        else:
            patterns.append({"label": place.label, "pattern": place.name, "id": GAZETTEER_ID})
    for label, names in sorted(one_word.items()):
        token = {"ORTH": {"IN": names}}
        patterns.append({"label": label, "pattern": [token], "id": GAZETTEER_ID})
    patterns.extend({**p, "id": DOMAIN_ID} for p in DOMAIN_PATTERNS)
    # With every other component disabled, add_patterns tokenises the phrase
    # patterns with the bare tokenizer instead of the whole pipeline.
    with nlp.select_pipes(enable=[RULER_NAME]):
        ruler.add_patterns(patterns)
