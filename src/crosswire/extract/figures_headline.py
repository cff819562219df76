"""A victim told only by the headline: "Driver Shot In Road Rage Incident".

Short local reports often carry the casualty in the headline alone and
spend the text on the search for the gunman. Headlines are written in
their own grammar (no article, no auxiliary, often Title Case) that the
parser reads poorly, so this reads the headline with a pattern instead:
a singular person noun followed by a shooting or killing participle. It is
a fallback the extractor uses only when the rest of the report yields no
casualty at all. Headline counts ("Three shot, one dead", "2 killed, 3
wounded") are read the same way, by pattern, when the parser has given a
number no measure ("Three shot" parsed as three *shots*). And a headline's
loose "shot" yields to a body that tells the same person only as shot *at*
(:func:`shot_at_only`).

A report's headline is often not in its text at all: feeds, records and the
GVC-layout data give it as the article's ``title``. Some of those reports'
bodies are a video playlist, a paywall notice or a search for the gunman,
with the casualty told in the title alone, so :func:`title_counts` reads the
title apart with the same patterns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from crosswire.doctext import doc_text
from crosswire.extract.figures_kind_words import kind_words
from crosswire.extract.figures_numbers import find_quantities

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "TitleCount",
    "headline_count_measure",
    "headline_victim",
    "shot_at_only",
    "title_counts",
]

_PERSON = (
    r"man|woman|teen|teenager|boy|girl|child|toddler|person|driver|cop|officer|deputy|trooper"
    r"|victim|juvenile|student|clerk|father|mother|dad|mom|son|daughter|worker|customer"
    r"|pedestrian|bystander|motorist|resident|homeowner|cabbie|youth|infant|baby"
)
_DEAD = r"killed|dead|dies|slain|murdered"
_HURT = r"shot|wounded|hurt|injured|struck"
_HEADLINE_VICTIM = re.compile(
    rf"\b(?P<who>(?:{_PERSON})|\d{{1,3}}-year-old)(?:,?\s+\d{{1,3}},?)?\s+(?:is\s+|was\s+)?"
    rf"(?:accidentally\s+|fatally\s+|critically\s+|seriously\s+)?"
    rf"(?P<what>{_DEAD}|{_HURT})\b(?!\s+at\b)",
    re.IGNORECASE,
)
_FATAL = re.compile(rf"^(?:{_DEAD})$|\bfatally\b", re.IGNORECASE)
_MAX = 200


def headline_victim(text: str) -> tuple[int, int, str] | None:
    """(start, end, measure) of a victim in the text's headline, if it has one.

    The headline is the first paragraph when it is one short line without a
    closing full stop. "Man shot, killed", "Teen shot to death" and "Teen
    shot ... dies" are killed; "Driver Shot", "Young person hurt" injured.
    """
    end = text.find("\n")
    head = text[: end if end >= 0 else len(text)]
    if not head or len(head) > _MAX or head.rstrip().endswith((".", "!", "?", '"', "”")):
        return None
    m = _HEADLINE_VICTIM.search(head)
    if m is None:
        return None
    rest = head[m.end("what") :]
    fatal = (
        _FATAL.search(m.group("what"))  # "Man killed in shooting"
        or _FATAL.search(m.group(0))  # "Woman fatally shot"
        or re.match(
            rf"\W*(?:and\s+)?(?:{_DEAD})\b|\s+to\s+death\b|.{{0,60}}\b(?:dies|killed|dead)\b",
            rest,
            re.IGNORECASE,
        )
    )
    return m.start("who"), m.end("who"), "killed" if fatal else "injured"


_COUNT_TAIL = re.compile(
    r"\s+(?:(?:people|persons|men|women|teens|teenagers|children|kids|others|more|victims)\s+)?"
    r"(?:are\s+|were\s+)?(?:(?:critically|seriously|fatally|accidentally)\s+)?"
    r"(?P<what>shot|wounded|hurt|injured|killed|dead|slain|fatally)\b"
    r"(?!\s+at\b|\s+by\b(?!\s+(?:gunfire|(?:a\s+)?(?:stray\s+)?bullets?)\b))",
    re.IGNORECASE,
)
_COUNT_MEASURE = {
    "shot": "shot",
    "wounded": "injured",
    "hurt": "injured",
    "injured": "injured",
    "killed": "killed",
    "dead": "killed",
    "slain": "killed",
    "fatally": "killed",  # "2 shot, 1 fatally"
}


def headline_count_measure(text: str, start: int, end: int) -> str | None:
    """The casualty measure of a headline count ending at ``end``, if the headline says one.

    Headline grammar drops the auxiliary and often the noun: "Three shot,
    one dead after memorial", "4 wounded in drive-by", "Two men hurt", "2
    shot, 1 fatally". The
    number must lie in the headline (the first line, within its first
    :data:`_MAX` characters) and be followed by an optional person noun and
    a bare casualty participle. "Three shot at" / "shot by" are left to the
    parser (a count of shots fired at something, or by someone).
    """
    line_end = text.find("\n")
    head_end = min(_MAX, line_end if line_end >= 0 else len(text))
    if end > head_end or start < 0:
        return None
    m = _COUNT_TAIL.match(text, end)
    if m is None or m.end("what") > head_end:
        return None
    return _COUNT_MEASURE[m.group("what").lower()]


@dataclass(frozen=True)
class TitleCount:
    """A casualty count read off a title: its words (``start``/``end`` in the title),
    how many, the measure, whether it is one victim told by a noun ("Man shot"), and the
    hedge with the range it allows ("more than 1,100 dead": 1,100 and up)."""

    start: int
    end: int
    value: int
    measure: str
    victim: bool
    hedge: str = "exact"
    low: int | None = None
    high: int | None = None


#: several incidents in one headline ("3 killed in weekend shootings", "Six injured in violent
#: weekend", "2 dead, 2 injured during violent 24 hours"): a tally, not one toll
_SEVERAL = re.compile(
    r"\b(?:shootings|attacks|incidents|homicides|killings|murders)\b"
    r"|\bviolent\s+(?:weekend|night|day|week|24\s+hours)\b"
    r"|\b(?:in|during|over)\s+(?:the\s+|a\s+)?(?:past\s+|last\s+)?(?:24|48|\d+)\s+hours\b",
    re.I,
)
#: "Father of 4 Killed": the size of a family, not a count of victims
_FAMILY = re.compile(
    r"\b(?:father|mother|mom|dad|parent|grandmother|grandfather)s?\s+of\s+$", re.IGNORECASE
)


def title_counts(title: str) -> list[TitleCount]:
    """The casualty counts a headline given apart from the text tells, in order.

    Numbered counts first ("2 dead, 3 hurt in shooting", "Three shot, one
    dead"), read as :func:`headline_count_measure` reads a headline that
    is the text's first line; with none, one victim told by a person noun
    ("Teen shot, killed" is one killed). A title past :data:`_MAX`
    characters, or one that tells of several incidents ("3 killed in weekend
    shootings"), gives nothing. Offsets are in the stripped title.
    """
    head = title.strip()
    if not head or "\n" in head or len(head) > _MAX or _SEVERAL.search(head):
        return []
    found = []
    for q in find_quantities(head):
        value = q.value
        if value is None or q.unit is not None or not float(value).is_integer() or value < 1:
            continue
        if _FAMILY.search(head, 0, q.start):
            continue
        measure = headline_count_measure(head, q.start, q.end) or _acted_on(head, q.start, q.end)
        if measure is not None:
            low, high = (None if b is None else int(b) for b in (q.low, q.high))
            found.append(TitleCount(q.start, q.end, int(value), measure, False, q.hedge, low, high))
    if found:
        return found
    one = headline_victim(head) or _one_told(head)
    return [] if one is None else [TitleCount(one[0], one[1], 1, one[2], True, "exact", 1, 1)]


_ACT = re.compile(r"\b(?P<verb>[a-z]+)\s+$", re.IGNORECASE)
_ACT_TAIL = re.compile(
    # possessive runs of spaces: a title of blanks is crossed once, never backtracked over
    r"(?:\s++(?:people|persons|men|women|teens|children|kids|others))?"
    r"(?=\s*+(?:$|[,;:.!?]|(?<=\s)-\s|(?<=\s)(?:in|at|on|outside|inside|near|during|after"
    r"|before|as|while|and|from|over)\b))",
    re.IGNORECASE,
)


def _acted_on(head: str, start: int, end: int) -> str | None:
    """The measure of a count the headline's active verb governs ("kills 1, injures 3",
    "Gunman Shoots 4 People"), from ``figure_kinds/headline_acts.txt``; not a count of
    something else ("shoots 2-year-old son", "shoots 3 rounds at car": the count must end
    the headline's phrase, after at most a noun of people)."""
    m = _ACT.search(head, 0, start)
    if m is None or _ACT_TAIL.match(head, end) is None:
        return None
    acts = dict(line.split() for line in kind_words("headline_acts"))
    return acts.get(m.group("verb").lower())


#: one victim a headline tells without a count or a person noun before a participle:
#: "Man accidentally shoots himself in leg", "Robbery suspect suffers self-inflicted gunshot
#: wound" (hurt); "shooting death of 2-year-old girl", "Accidental shooting takes life of
#: Quapaw man", "Teen gunshot death appears accidental" (killed)
_SELF_SHOT = re.compile(
    r"\b(?:accidentally\s+)?(?:shoots|shot)\s+(?:him|her|them)?self\b"
    r"|\bshoots\s+(?:own|his|her)\s+(?:leg|foot|hand|toe|arm|finger)\b"
    r"|\bself-inflicted\s+(?:gunshot\s+)?wound\b",
    re.IGNORECASE,
)
_DEATH_TOLD = re.compile(
    r"\b(?:shooting|gunshot)\s+death\b|\bshooting\s+takes\s+(?:the\s+)?life\b",
    re.IGNORECASE,
)
_DEATH_WORDS = re.compile(r"\b(?:dies|died|dead|killed|fatal(?:ly)?|death|life)\b", re.IGNORECASE)


def _one_told(head: str) -> tuple[int, int, str] | None:
    """(start, end, measure) of the one victim a headline tells by a self-inflicted wound
    (hurt, unless the headline tells a death) or by a shooting death (killed)."""
    m = _DEATH_TOLD.search(head)
    if m is not None:
        return m.start(), m.end(), "killed"
    m = _SELF_SHOT.search(head)
    if m is None:
        return None
    return m.start(), m.end(), "killed" if _DEATH_WORDS.search(head) else "injured"


#: what fires at someone: "shooting at a deputy", "fired (a shot) at the officer"
_FIRE = frozenset({"shoot", "shot", "fire"})


def shot_at_only(doc: Doc, start: int, lemma: str, body_lemmas: frozenset[str]) -> bool:
    """Is the headline person at character ``start`` one the body tells only as shot *at*?

    Headline grammar says "shot" loosely: "Conroe police officer shot by man
    who fled" over a body that says only "accused of shooting at a police
    officer" and "fired a shot at the officer" tells no hit. True when
    ``start`` lies in the headline (the first line), the body holds a
    person of the same head noun (``lemma``) as the target of a shooting
    verb's "at", and none of the body's victim mentions (their head lemmas
    ``body_lemmas``) has that noun ("shot at a clerk ... The clerk was taken
    to a hospital" tells a hit).
    """
    line_end = doc_text(doc).find("\n")
    if line_end < 0 or start >= line_end or lemma in body_lemmas:
        return False
    return any(tok.idx > line_end and tok.lemma_.lower() == lemma and _fired_at(tok) for tok in doc)


def _fired_at(tok: Token) -> bool:
    prep = tok.head
    if tok.dep_ != "pobj" or prep.lower_ != "at":
        return False
    verb = prep.head
    return verb.lemma_.lower() in _FIRE or (
        verb.dep_ == "dobj" and verb.lemma_.lower() == "shot" and verb.head.lemma_ == "fire"
    )
