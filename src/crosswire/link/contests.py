"""Statements by which a party contests a toll or the account behind it.

A toll is *disputed* when someone with a stake says it is wrong: "the
ministry disputed the casualty numbers", "Moscow denied its aircraft struck
the convoy", "the figures are fabricated". Reports rarely set such a denial
beside the number it contests, so the reconciler cannot find it among the
figures: this module reads the sentences of every report for a contesting
verb or word (:file:`data/contest_cues.txt`, :file:`data/contest_words.txt`)
bearing on a toll or the act behind it (:file:`data/contest_targets.txt`),
and names who contests (the quote's speaker, else the first actor named
before the cue). The reconciler then lists that party as *contesting* a
group, never as one of its sources, and a party never contests its own
number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from crosswire.models import Annotation, Article
from crosswire.wordlists import word_lines

__all__ = ["Contest", "find_contests", "words"]

#: Entity types that can be a party to a dispute (an agency, a state, a person).
_ACTORS = frozenset({"ORG", "GPE", "NORP", "PERSON"})
#: A reporter's caution is no party's denial.
_CAUTION = re.compile(
    r"\b(?:could not|cannot|can't|couldn't|unable to) (?:be )?(?:independently )?verif", re.I
)


@dataclass(frozen=True, slots=True)
class Contest:
    """One sentence in which a party contests a toll or the account behind it."""

    article: str
    start: int
    end: int
    text: str
    party: str | None
    incident: str | None = None

    def at_incident(self, incident: str | None) -> Contest:
        """The same contest, told inside ``incident``'s passages (None: in none of them)."""
        return replace(self, incident=incident)


@cache
def words(name: str) -> frozenset[str]:
    """A word list from ``link/data/<name>.txt`` (one entry a line, ``#`` comments)."""
    return frozenset(word_lines("crosswire.link", "data", name))


def _forms(lemma: str) -> set[str]:
    """The inflected forms of a regular English verb or noun lemma ("deny" -> "denied")."""
    out = {lemma, lemma + "s", lemma + "ed", lemma + "d", lemma + "ing", lemma + "es"}
    if lemma.endswith("y"):
        out |= {lemma[:-1] + "ies", lemma[:-1] + "ied"}
    if lemma.endswith("e"):
        out.add(lemma[:-1] + "ing")
    return out


@cache
def _pattern(name: str) -> re.Pattern[str]:
    forms = sorted({f for w in words(name) for f in _forms(w)}, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(map(re.escape, forms)) + r")\b", re.IGNORECASE)


def _party(
    sentence: tuple[int, int],
    cue_at: int,
    annotation: Annotation | None,
    quotes: Sequence[Mapping[str, Any]],
    text: str = "",
) -> str | None:
    start, end = sentence
    around = [q for q in quotes if (q.get("speaker") or q.get("source"))]
    # a quote before "..., but Y suggested" (or running past it) is not Y's
    around = [
        q
        for q in around
        if not _TURN.search(text[max(0, int(q["start"]) - start) : max(0, cue_at - start)])
    ]
    holding = [q for q in around if int(q["start"]) <= cue_at < int(q["end"])]
    for q in holding or around:
        if int(q["start"]) < end and int(q["end"]) > start:
            return str(q.get("speaker") or q.get("source"))
    if annotation is None:
        return None
    before = [
        m
        for m in annotation.mentions
        if m.label in _ACTORS and start <= m.start and m.end <= cue_at
    ]
    # "X said ..., but Y suggested the true figures may be higher": Y, whose clause it is
    turn = max((start + t.end() for t in _TURN.finditer(text[: cue_at - start])), default=0)
    own = [m for m in before if m.start >= turn]
    return (own or before)[0].text if before else None


_TURN = re.compile(r",\s*(?:but|while|whereas|though|although)\b|;|\bbut\b")
"""Where a sentence turns to another party's clause: "X said ..., but Y suggested ..."."""


def _state_or_person(
    party: str | None, sentence: tuple[int, int], annotation: Annotation | None
) -> bool:
    """Is ``party`` a state, a people or a named person in this sentence? Only such a party
    contests a toll by a phrase ("Iran suggested the true figures may be higher"); a
    warning from unnamed rescuers (which the tagger may read as an organisation) does not."""
    if party is None or annotation is None:
        return False
    start, end = sentence
    return any(
        m.text == party and m.label in ("GPE", "NORP", "PERSON") and start <= m.start < end
        for m in annotation.mentions
    )


@cache
def _phrases() -> tuple[re.Pattern[str], ...]:
    return tuple(
        re.compile(p, re.IGNORECASE)
        for p in word_lines("crosswire.link", "data", "contest_phrases")
    )


def _phrase(text: str) -> re.Match[str] | None:
    """A contesting phrase (:file:`data/contest_phrases.txt`): "the true figures may be higher"."""
    for pattern in _phrases():
        if (m := pattern.search(text)) is not None:
            return m
    return None


def _rejects_no_toll(text: str, after: int, targets: re.Pattern[str]) -> bool:
    """Does the cue's object name a process or an offer before any toll word ("rejected
    any international inquiry into the blast")? Then nothing about the toll is contested."""
    blocked = words("contest_non_objects")
    for word in re.findall(r"[A-Za-z]+", text[after:])[:4]:
        if targets.fullmatch(word):
            return False
        if word.casefold() in blocked:
            return True
    return False


def find_contests(
    articles: Iterable[Article],
    annotations: Mapping[str, Annotation],
    quotes: Sequence[Mapping[str, Any]] = (),
) -> list[Contest]:
    """Every sentence of ``articles`` that contests a toll or the act behind it."""
    cues, contrary = _pattern("contest_cues"), _pattern("contest_words")
    targets = _pattern("contest_targets")
    by_article: dict[str, list[Mapping[str, Any]]] = {}
    for q in quotes:
        by_article.setdefault(str(q["article"]), []).append(q)
    found: list[Contest] = []
    for article in articles:
        annotation = annotations.get(article.id)
        spans = annotation.sentences if annotation and annotation.sentences else []
        spans = spans or [(0, len(article.text))]
        for start, end in spans:
            text = article.text[start:end]
            phrase = None
            cue = cues.search(text) or contrary.search(text) or (phrase := _phrase(text))
            if cue is None or _CAUTION.search(text) or not targets.search(text):
                continue
            if _rejects_no_toll(text, cue.end(), targets):
                continue
            said = by_article.get(article.id, ())
            party = _party((start, end), start + cue.start(), annotation, said, text)
            if phrase is not None and not _state_or_person(party, (start, end), annotation):
                continue  # "rescuers say the true toll is likely much higher": a warning
            found.append(Contest(article.id, start, end, " ".join(text.split()), party))
    return found
