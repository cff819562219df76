"""Who proposed, agreed to and is accused of disrupting a humanitarian operation.

A corridor is announced by one side, agreed between sides, and its failure blamed on
one. The reports rarely say "Ukraine proposed": they say "Vereshchuk said", "the
ministry said", or open "KYIV. March 9 (Interfax-Ukraine) -". So a step's side is read
from, in order of how directly the text ties it to the step:

1. the **speaker** of the statement the step is told in (a quotation holding the step,
   or whose speaker stands in the step's sentence), by what the text says of that
   speaker: a government ("Moscow said"), a side in the speaker's words or title
   ("the Russian military", "head of the Sumy regional state administration": Sumy is in
   Ukraine), or what other reports said of the same person (Vereshchuk is introduced as
   "Ukrainian Deputy Prime Minister" once; "Vereshchuk said" elsewhere is the same side);
2. the first side the step's **sentence** names ("Russia will declare a ceasefire");
   a side that consented ("confirmed Russia agreed to open a safe corridor") agreed to it;
3. the report's **dateline** capital (never its agency's country: AFP is no French act).

Not the first side a report names anywhere: "the Russian National Defense Control Center
said" a paragraph away is no teller of Vereshchuk's "nine corridors have been agreed" (on the
corridors bench that guess lost more proposers than it found).

An "agreed" step names the sides in its sentence, its speaker's and its dateline's (the
other side of an agreement told by one side alone is not guessed: adding it made
"Agreed" of corridors the coders gave one side). When nothing in any report of an operation says
whose it is, it is the side most operations of the corpus are proposed by, marked
``how: "usual"``: announcements read out without a name are the usual announcer's.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from crosswire.extract.place_mentions import dateline_query
from crosswire.extract.quotes_lexicon import COUNTRY_DEMONYM, GOVERNMENT_METONYMS
from crosswire.link import Corpus
from crosswire.link.operation_reading import (
    ProposerModel,
    load_model,
    operation_features,
    step_features,
)

__all__ = ["ROLES", "PartyReader", "fill_defaults", "fill_from_model", "sides_named"]

Item = dict[str, Any]

ROLES = ("proposed_by", "agreed_by", "accused_of_disrupting")
"""The roles a side may have in an operation."""


def _side_forms() -> tuple[re.Pattern[str], dict[str, str]]:
    canon: dict[str, str] = {}
    for country, adjective in COUNTRY_DEMONYM.items():
        name = country.title() if len(country) > 3 else country.upper()
        canon.setdefault(name, name)
        canon.setdefault(adjective, name)
    forms = sorted(canon, key=len, reverse=True)
    return re.compile(r"\b(?:" + "|".join(re.escape(f) for f in forms) + r")\b"), canon


_SIDE, _SIDE_OF = _side_forms()
"""Countries and their adjectives, the sides a step's sentence names ("Russian forces have
declared", "coordinated with the Ukrainian side")."""
_PLACE_PREP = re.compile(r"(?i)\b(?:to|from|into|in|towards|via|through)\s+(?:the\s+)?$")
_PLANS = frozenset({"planned"})
_PROPOSALS = frozenset({"planned", "agreed"})
_PROPOSING = frozenset({"planned", "agreed", "underway", "succeeded"})
"""Steps whose teller is the operation's proposer or announcer: a plan's teller first, then
an agreement's (either side tells of one), then a start's or a success's ("corridors will
open", Kyiv said; "2,000 left", a Moscow briefing said the next day)."""
_ACCUSING = re.compile(r"(?i)\b(?:accus|blam)\w*\s+(?:the\s+)?$")
"""Words right before a side that make it the accused one ("accused Ukrainian nationalists")."""
_TITLE_BREAK = re.compile(r"[.,;:!?\"“”()\n]")
"""Where a title before a person's name ends, looking back ("..., Ukrainian Deputy Prime
Minister Iryna Vereshchuk": the title starts after the comma)."""


def _canon(name: object) -> str | None:
    text = " ".join(str(name or "").split())
    if not text:
        return None
    if text in _SIDE_OF:
        return _SIDE_OF[text]
    side = GOVERNMENT_METONYMS.get(text.lower())
    if side is not None:
        return side
    found = _SIDE.search(text)
    return _SIDE_OF[found.group(0)] if found else None


def _iter_sides(article: str, text: str, lo: int, hi: int, how: str) -> Iterator[Item]:
    """The sides ``text[lo:hi]`` names, lazily: not a side when it is where the route goes
    ("evacuated to Russia")."""
    for found in _SIDE.finditer(text, lo, hi):
        if _PLACE_PREP.search(text[max(found.start() - 20, lo) : found.start()]):
            continue
        yield {
            "name": _SIDE_OF[found.group(0)],
            "text": found.group(0),
            "article": article,
            "start": found.start(),
            "end": found.end(),
            "how": how,
        }


def sides_named(text: str) -> set[str]:
    """The sides a report names anywhere, but not as where a route goes."""
    return {str(p["name"]) for p in _iter_sides("", text, 0, len(text), "report")}


_Told = tuple[int, int, int, str | None, tuple[str, ...]]
"""A statement in a report: where it runs, where its speaker stands, the speaker's side as the
report gives it, and the keys (entity, surname) the speaker is known by in other reports."""
_NAME = re.compile(r"^(?:[A-Z][\w'’.-]+\s+){0,3}(?P<last>[A-Z][\w'’-]*[a-z])$")


def _surname(text: object) -> str | None:
    """A person's name by its last word ("Iryna Vereshchuk", "Vereshchuk": "name:vereshchuk"),
    so a surname alone in a later report is the person a title introduced; None for what is
    no name ("the ministry", "Russian forces" are not one person's)."""
    found = _NAME.match(" ".join(str(text or "").split()))
    if found is None or _SIDE.search(found.group(0)):
        return None
    return "name:" + found["last"].lower()


_CONSENT = re.compile(
    r"\s{1,3}(?:side\s{1,3})?(?:(?:has|had|have)\s{1,3})?(?:agreed|accepted|approved|confirmed)\b",
    re.I,
)
"""Words right after a side that make it one that consented ("confirmed Russia agreed to open
a safe corridor"): it agreed to the operation, it did not propose it."""


def _consents(text: str, party: Item) -> bool:
    return bool(_CONSENT.match(text, int(party["end"]), int(party["end"]) + 40))


class PartyReader:
    """The sides of a corpus's operation steps (see the module docstring); built once per
    corpus, as the speakers' sides are learnt from all its reports."""

    def __init__(self, corpus: Corpus) -> None:
        self._texts = {a.id: a.text for a in corpus.articles}
        self._datelines = {a.id: a.dateline for a in corpus.articles}
        self._heads = {
            a.id: next((r.text for r in a.removed if r.kind == "dateline"), a.dateline)
            for a in corpus.articles
        }
        self._named: dict[str, list[str]] = {}
        self._entities = corpus.entities
        self._countries = self._country_names(corpus)
        self._places: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for p in corpus.items("place_mentions"):
            if p.get("country") and p.get("text") and not p.get("dateline"):
                self._places[str(p["article"])].append((str(p["text"]), str(p["country"])))
        votes: dict[str, Counter[str]] = defaultdict(Counter)
        self._quotes: dict[str, list[_Told]] = defaultdict(list)
        for q in corpus.items("quotes"):
            article = str(q.get("article"))
            span = q.get("speaker_span") or q.get("source")
            if not isinstance(span, Mapping) or span.get("start") is None:
                continue
            s_lo, s_hi = int(span["start"]), int(span["end"])
            entity = self._entities.entity_at(article, s_lo, s_hi)
            side = self._quote_side(q, article)
            name = _surname(q.get("speaker"))
            for key in (entity, name):
                if side and key:
                    votes[key][side] += 1
            lo, hi = int(q.get("start", s_lo)), int(q.get("end", s_hi))
            who = tuple(k for k in (entity, name) if k)
            self._quotes[article].append((min(lo, s_lo), max(hi, s_hi), s_lo, side, who))
        for article, ann in corpus.annotations.items():
            text = self._texts.get(article, "")
            for m in ann.mentions:
                if m.label != "PERSON":
                    continue
                before = text[max(m.start - 160, 0) : m.start]
                cut = max((b.end() for b in _TITLE_BREAK.finditer(before)), default=0)
                title = _SIDE.search(before[cut:])
                if title is not None:
                    for key in (m.entity, _surname(m.text)):
                        if key:
                            votes[key][_SIDE_OF[title.group(0)]] += 1
        self._entity_side = {e: c.most_common(1)[0][0] for e, c in votes.items() if c}

    @staticmethod
    def _country_names(corpus: Corpus) -> dict[str, str]:
        from crosswire.geo.gazetteer import gazetteer

        wanted = {str(p.get("country")) for p in corpus.items("place_mentions") if p.get("country")}
        countries = gazetteer().countries
        out: dict[str, str] = {}
        for iso in wanted:
            place = countries.get(iso)
            side = _canon(place.name) if place is not None else None
            if side is not None:
                out[iso] = side
        return out

    def _quote_side(self, q: Mapping[str, Any], article: str) -> str | None:
        """A speaker's side from what the report says of the speaker: a government, a side in
        its words or title, or a place its title holds office in."""
        side = _canon(q.get("government_of"))
        if side is not None:
            return side
        for words in (q.get("speaker"), (q.get("source") or {}).get("text"), q.get("role")):
            found = _SIDE.search(str(words or ""))
            if found is not None:
                return _SIDE_OF[found.group(0)]
        role = str(q.get("role") or "")
        for name, iso in self._places.get(article, ()):
            if re.search(rf"\b{re.escape(name)}\b", role) and iso in self._countries:
                return self._countries[iso]
        return None

    def _speaker(self, article: str, lo: int, hi: int, at: int) -> str | None:
        """The side of who tells the step at ``at`` (sentence ``lo``-``hi``): a quotation
        holding it, or one whose speaker stands in its sentence."""
        for q_lo, q_hi, s_lo, side, who in self._quotes.get(article, ()):
            if q_lo <= at < q_hi or lo <= s_lo < hi:
                found = side or self._known(who)
                if found:
                    return found
        return None

    def _known(self, who: tuple[str, ...]) -> str | None:
        """A speaker's side from what the corpus says of that entity, else of that surname."""
        return next((self._entity_side[k] for k in who if k in self._entity_side), None)

    def _home(self, article: str) -> Item | None:
        """The government of the capital a report is datelined from ("KYIV. March 9
        (Interfax-Ukraine) -"). Not its agency's country: "Agence France-Presse" is no side."""
        query = dateline_query(self._datelines.get(article))
        side = GOVERNMENT_METONYMS.get(query[0].lower()) if query else None
        if side is not None and query is not None:
            return {"name": side, "text": query[0], "article": article, "how": "dateline"}
        return None

    def roles(
        self,
        steps: Sequence[tuple[str, Mapping[str, Any]]],
        proposing: Sequence[tuple[str, Mapping[str, Any]]] | None = None,
    ) -> dict[str, list[Item]]:
        """The sides of one operation's steps, ``(article, event)`` each, by role; the proposer
        is read from ``proposing`` only when given (a roundup of the day's corridors agrees to
        or accuses each of them, but its teller tells a total, not whose each corridor is)."""
        roles: dict[str, list[Item]] = {r: [] for r in ROLES}

        def add(role: str, party: Item | None) -> None:
            if party is not None and party["name"] not in {p["name"] for p in roles[role]}:
                roles[role].append(party)

        for article, event in steps:
            status = event.get("status")
            if status in _PROPOSING:
                text = self._texts.get(article, "")
                sent = event.get("sentence") or {}
                for p in _iter_sides(
                    article, text, sent.get("start", 0), sent.get("end", 0), "sentence"
                ):
                    if _consents(text, p):
                        add("agreed_by", p)
            text = self._texts.get(article, "")
            sent = event.get("sentence") or {}
            lo, hi = int(sent.get("start", 0)), int(sent.get("end", 0))
            at = int(event.get("start", lo))
            named = list(_iter_sides(article, text, lo, hi, "sentence"))
            told = self._speaker(article, lo, hi, at)
            speaker = {"name": told, "article": article, "how": "speaker"} if told else None
            if status == "disputed":
                for p in named:
                    if _ACCUSING.search(text[max(int(p["start"]) - 60, 0) : int(p["start"])]):
                        add("accused_of_disrupting", p)
            elif status == "agreed":
                for p in named:
                    add("agreed_by", p)
                add("agreed_by", speaker)
                add("agreed_by", self._home(article))
        for wanted in (_PLANS, _PROPOSALS, _PROPOSING):
            for article, event in steps if proposing is None else proposing:
                if event.get("status") in wanted and not roles["proposed_by"]:
                    add("proposed_by", self._proposer(article, event))
        return roles

    def features(self, steps: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, float]:
        """An operation's features for :mod:`crosswire.link.operation_reading`, from its
        steps (``(article, event)`` each)."""
        rows: list[list[str]] = []
        for article, event in steps:
            text = self._texts.get(article, "")
            if article not in self._named:
                self._named[article] = sorted(sides_named(text))
            sent = event.get("sentence") or {}
            span = (int(sent.get("start", 0)), int(sent.get("end", 0)))
            rows.append(
                step_features(
                    text, span, self._heads.get(article), event.get("status"), self._named[article]
                )
            )
        return operation_features(rows)

    def _proposer(self, article: str, event: Mapping[str, Any]) -> Item | None:
        """Who told of a proposal or start: its speaker, the sentence's first side that did not
        only consent, its report's dateline capital (a report's other speakers are not asked:
        an Indian minister quoted on students is not whose the ICRC's Sumy evacuation was)."""
        text = self._texts.get(article, "")
        sent = event.get("sentence") or {}
        lo, hi = int(sent.get("start", 0)), int(sent.get("end", 0))
        told = self._speaker(article, lo, hi, int(event.get("start", lo)))
        if told:
            return {"name": told, "article": article, "how": "speaker"}
        named = next(
            (p for p in _iter_sides(article, text, lo, hi, "sentence") if not _consents(text, p)),
            None,
        )
        if named is not None:
            return named
        return self._home(article)


def fill_from_model(
    item: Item, features: Mapping[str, float], model: ProposerModel | None = None
) -> None:
    """Read whose an operation is with the trained model (:mod:`.operation_reading`) where
    the rules do not decide: an operation with no proposer and no agreement of both sides
    gets the model's side as its proposer, or both sides in ``agreed_by`` when it reads
    "Agreed"; an operation with an "agreed" step told by one side alone (the rules do not
    guess the other) gets the other side when the model reads "Agreed". Marked
    ``how: "model"`` with its probability ``p``."""
    model = model if model is not None else load_model()
    if model is None:
        return
    agreed = {str(p.get("name")) for p in item.get("agreed_by") or []}
    if len(agreed & {"Ukraine", "Russia"}) >= 2:
        return
    one_sided = any(s.get("status") == "agreed" for s in item.get("status_history") or [])
    if item.get("proposed_by") and not one_sided:
        return
    decided = model.decide(features)
    if decided is None:
        return
    label, p = decided
    party = {"article": item["article"], "how": "model", "p": round(p, 3)}
    if label == "Agreed":
        for side in ("Ukraine", "Russia"):
            if side not in agreed:
                item.setdefault("agreed_by", []).append({"name": side, **party})
    elif not item.get("proposed_by"):
        item["proposed_by"] = [{"name": label, **party}]


def fill_defaults(items: list[Item]) -> None:
    """Complete the proposers of a corpus's operations (``items``, not truces) from one
    another: an operation whose reports name no side at all is the usual proposer's, the
    side most of the others are proposed by (see the module docstring)."""
    proposers = Counter(
        str(i["proposed_by"][0]["name"])
        for i in items
        if i.get("proposed_by") and i["proposed_by"][0].get("how") not in ("usual", "model")
    )
    usual = proposers.most_common(1)[0][0] if proposers else None
    for item in items:
        proposing = any(s.get("status") in _PROPOSING for s in item.get("status_history") or [])
        if usual and proposing and not item.get("proposed_by"):
            item["proposed_by"] = [{"name": usual, "article": item["article"], "how": "usual"}]
