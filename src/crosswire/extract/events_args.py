"""Who, where, when and how many for one event trigger, read off the parse.

Each helper answers one question about a trigger token in its sentence:
the clause it belongs to (for linking a date in "said on Friday it would
try again on Saturday" to the right verb), its agent and target, the
places it happened in or moved between, the counts it involves ("45
buses", "160 cars", "14 tons") and the humanitarian organisation running
it. Places and actors are kept as spans of the article text so the link
stage can map them to canonical entities later.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text
from crosswire.extract.events_lexicon import HUMANITARIAN_ORGS, REPORTING_VERBS, UNITS, VEHICLES
from crosswire.extract.time_lexicon import NUM_RE, number_value

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = [
    "Place",
    "actors",
    "assign_counts",
    "clause_head",
    "counts",
    "organisers",
    "places",
    "sponsor",
    "tree_distance",
    "vehicle_near",
]

_ROUTE_BEFORE = re.compile(r"(?i)\b(?:passed|via|through|past|along)\s+(?:the\s+)?(?:\w+\s+)?$")
_ORIGIN_BEFORE = re.compile(
    r"(?i)\b(?:from|out of|leave|left|leaving|fled|flee|evacuated from|out from|"
    r"depart(?:s|ed|ing)?)\s+"
    r"(?:the\s+)?(?:[\w’'-]+\s+){0,4}$"
)
_DEST_BEFORE = re.compile(
    r"(?i)\b(?:to|into|towards?|for|reach|enter|direction of|return to|bound for|"
    r"reached|entered|arrive in)\s+(?:the\s+)?(?:[\w’']+\s+){0,3}$"
)
_ARRIVED_BEFORE = re.compile(
    r"(?i)\b(?:arrived|landed|docked)\s+(?:in|at)\s+(?:the\s+)?(?:[\w’']+\s+){0,3}$"
)
"""Where it got to: its destination unless the sentence names another it is going on to
("arrived in Port Sudan ... and were waiting ... before driving to Khartoum")."""
_COUNT = re.compile(
    rf"(?<![\w-])(?P<num>(?:about|around|some|nearly|almost|at least|more than|over)\s+)?"
    rf"(?P<value>\d[\d,]{{0,30}}+|{NUM_RE})[- ](?P<unit>[A-Za-z]+)\b"
)


@dataclass(frozen=True, slots=True)
class Place:
    """A place mention near a trigger, with the role the words around it give it."""

    start: int
    end: int
    text: str
    role: str  # "origin", "destination", "arrival", "route" or "location"
    geonameid: Any = None


def clause_head(token: Token) -> Token:
    """The nearest verb at or above ``token`` (the token itself if none)."""
    current = token
    for _ in range(12):
        if current.pos_ in ("VERB", "AUX"):
            return current
        if current.head is current:
            break
        current = current.head
    return token


def _ancestors(token: Token) -> list[Token]:
    chain = [token]
    while chain[-1].head is not chain[-1] and len(chain) < 40:
        chain.append(chain[-1].head)
    return chain


def tree_distance(a: Token, b: Token) -> int:
    """Edges between two tokens in the dependency tree (large if they do not meet)."""
    up_a, up_b = _ancestors(a), _ancestors(b)
    index_b = {t.i: n for n, t in enumerate(up_b)}
    for n, t in enumerate(up_a):
        if t.i in index_b:
            return n + index_b[t.i]
    return 99


def _is_reporting(token: Token) -> bool:
    return token.lemma_.lower() in REPORTING_VERBS


def _subject_phrase(token: Token) -> tuple[int, int] | None:
    if token.pos_ == "PRON":
        return None
    left = token.left_edge
    # keep "Russian forces" out of "Russian forces in Ukraine who ...": stop at the head
    start = left.idx
    end = token.idx + len(token.text)
    return start, end


def actors(trigger: Token) -> list[dict[str, Any]]:
    """Agent and target spans of the trigger's clause (pronouns left out)."""
    head = clause_head(trigger)
    found: list[dict[str, Any]] = []
    for child in head.children:
        role = None
        if child.dep_ in ("nsubj", "csubj"):
            role = "agent"
        elif child.dep_ in ("dobj", "nsubjpass"):
            role = "target"
        elif child.dep_ == "agent":  # "hit by a missile fired by X"
            objs = [c for c in child.children if c.dep_ == "pobj"]
            child, role = (objs[0], "agent") if objs else (child, None)
        if role is None:
            continue
        span = _subject_phrase(child)
        if span is None:
            continue
        doc = trigger.doc
        found.append(
            {
                "role": role,
                "text": doc_text(doc)[span[0] : span[1]],
                "start": span[0],
                "end": span[1],
            }
        )
    return found


def places(
    trigger: Token, sentence: Span, mentions: Iterable[tuple[int, int, str, Any]]
) -> list[Place]:
    """Places in the trigger's sentence, each with its role, the trigger's own clause first.

    ``mentions`` are (start, end, text, geonameid) of place names in the
    article. A place attached to a reporting verb ("In Geneva, the ICRC
    said ...") is where someone spoke, not where the event happened, and is
    left out.
    """
    doc = trigger.doc
    text = doc_text(doc)
    head = clause_head(trigger)
    scored: list[tuple[int, int, Place]] = []
    for start, end, name, gid in mentions:
        if start < sentence.start_char or end > sentence.end_char:
            continue
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            continue
        place_head = clause_head(span.root)
        if _is_reporting(place_head) and place_head is not head:
            continue
        before = text[max(sentence.start_char, start - 40) : start]
        role = "location"
        origin, dest = _ORIGIN_BEFORE.search(before), _DEST_BEFORE.search(before)
        if _ROUTE_BEFORE.search(before):
            role = "route"
        elif origin is not None and (dest is None or dest.start() < origin.start()):
            role = "origin"
        elif dest is not None:
            role = "destination"  # "from Port Sudan to Khartoum": the nearer "to" decides
        elif _ARRIVED_BEFORE.search(before):
            role = "arrival"
        if text[end : end + 2] in ("'s", "’s"):
            continue  # "Ukraine's besieged port of Mariupol": the container, not the place
        distance = tree_distance(trigger, span.root)
        scored.append((distance, abs(start - trigger.idx), Place(start, end, name, role, gid)))
    scored.sort(key=lambda x: (x[0], x[1]))
    return [p for _, _, p in scored]


def counts(
    sentence_text: str, offset: int, figures: Sequence[dict[str, Any]]
) -> list[dict[str, Any]]:
    """Counted things in a sentence ("45 buses", "45-bus", "14 tons", "600 people").

    A figure item from the ``figures`` extractor covering the same words is
    cited by id; the count is kept even when that extractor is absent.
    """
    out: list[dict[str, Any]] = []
    for m in _COUNT.finditer(sentence_text):
        word = m.group("unit").lower()
        if word not in UNITS and word.rstrip("s") not in UNITS and word + "es" not in UNITS:
            continue
        unit = UNITS.get(word) or UNITS.get(word.rstrip("s")) or UNITS[word + "es"]
        value = number_value(m.group("value").replace(",", ""))
        if value is None or value < 1:
            continue
        start, end = offset + m.start("value"), offset + m.end()
        figure = next(
            (f.get("id") for f in figures if f.get("start", -1) < end and start < f.get("end", -1)),
            None,
        )
        out.append(
            {
                "value": int(value) if value == int(value) else value,
                "unit": unit,
                "text": sentence_text[m.start("value") : m.end()],
                "start": start,
                "end": end,
                "figure": figure,
                "vehicle": unit in VEHICLES.values(),
            }
        )
    return out


def org_key(name: str) -> str | None:
    """The humanitarian organisation a name refers to ("Red Cross" -> "ICRC"), or None."""
    key = " ".join(re.sub(r"[’'`]s\b|[().,]", "", name).lower().split())
    key = key.removeprefix("the ")
    return HUMANITARIAN_ORGS.get(key)


_PRONOUNS = frozenset({"we", "they", "it", "its", "their", "our"})


def _pronoun_subject(trigger: Token) -> bool:
    """Whether the trigger or a clause above it has a pronoun for its subject or possessor."""
    for token in _ancestors(trigger)[:12]:
        for child in token.children:
            if child.lower_ not in _PRONOUNS or child.dep_ not in ("nsubj", "nsubjpass", "poss"):
                continue
            if child.lower_ == "it" and token.lemma_ == "be":
                continue  # "it was too dangerous": no one
            return True
    return False


def organisers(
    trigger: Token, sentence: Span, org_mentions: Sequence[tuple[int, int, str]]
) -> list[dict[str, Any]]:
    """Humanitarian organisations running the trigger's operation, with how we know.

    ``org_mentions`` are (start, end, text) of organisation names in the
    article. An organisation counts when it is the agent or possessor in the
    trigger's clause ("its convoy", "the ICRC's role"), or when the clause's
    subject is a pronoun ("we", "they", "it") and the organisation is named
    in the sentence or the two before it.
    """
    doc = trigger.doc
    head = clause_head(trigger)
    in_sentence = [m for m in org_mentions if sentence.start_char <= m[0] < sentence.end_char]
    found: list[dict[str, Any]] = []
    for start, end, name in in_sentence:
        key = org_key(name)
        if key is None:
            continue
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            continue
        root = span.root
        speaking = _is_reporting(clause_head(root)) and clause_head(root) is not head
        governs = root.dep_ in ("nsubj", "poss", "compound", "pobj") and not speaking
        if governs and tree_distance(root, trigger) <= 4:
            found.append({"key": key, "text": name, "start": start, "end": end, "how": "agent"})
    if found:
        return found
    if not _pronoun_subject(trigger) or sponsor(trigger) is not None:
        # "France said it had evacuated 388 people": "it" is France, not the agency
        # named a paragraph before
        return []
    earlier = [m for m in org_mentions if sentence.start_char - 600 <= m[0] < sentence.end_char]
    for start, end, name in reversed(earlier):
        key = org_key(name)
        if key is not None:
            return [{"key": key, "text": name, "start": start, "end": end, "how": "pronoun"}]
    return []


def _name_span(token: Token) -> tuple[int, int]:
    """A proper name's words: the token and the compounds just before it ("Saudi Arabia")."""
    first = token
    for child in sorted(token.lefts, key=lambda c: -c.i):
        if child.dep_ == "compound" and child.pos_ == "PROPN" and child.i == first.i - 1:
            first = child
    return first.idx, token.idx + len(token.text)


_RUN_VERBS = frozenset(
    {
        "evacuate",
        "complete",
        "end",
        "begin",
        "start",
        "launch",
        "conduct",
        "organise",
        "organize",
        "run",
        "fly",
        "airlift",
        "suspend",
        "halt",
        "resume",
        "send",
        "carry",
        "lift",
        "land",
    }
)


def sponsor(trigger: Token) -> dict[str, Any] | None:
    """The government or body that a clause above the trigger names as its subject, when
    no humanitarian organisation: "France said it had evacuated", "Saudi Arabia's foreign
    ministry says it has evacuated", "The UK has completed its evacuation". Operations run
    by different ones are different operations. ``label`` is the entity type (GPE, NORP,
    ORG) or PROPN when the parser gave none."""
    own = {t.i for t in _ancestors(trigger)}
    for token in _ancestors(trigger)[:12]:
        if token.pos_ not in ("VERB", "AUX"):
            continue
        if not _is_reporting(token) and token.lemma_.lower() not in _RUN_VERBS:
            continue
        for child in token.children:
            if child.dep_ not in ("nsubj", "nsubjpass") or child.pos_ == "PRON":
                continue
            if child.i in own:
                continue  # "its evacuation operation ... had ended": the trigger's own phrase
            owners = [
                c
                for c in child.children
                if c.dep_ in ("poss", "compound", "nmod") and c.pos_ == "PROPN"
            ]
            if any(t.ent_type_ == "PERSON" for t in child.subtree if t.i < child.i + 1):
                return None  # "Army chief General Abdel Fattah al-Burhan said": a person
            for cand in [*owners, child]:
                if cand.pos_ != "PROPN" or cand.ent_type_ == "PERSON":
                    continue
                ent = next((e for e in cand.doc.ents if e.start <= cand.i < e.end), None)
                start, end = (ent.start_char, ent.end_char) if ent is not None else _name_span(cand)
                if ent is not None and ent.label_ not in ("GPE", "NORP", "ORG"):
                    start, end = _name_span(cand)  # "12:50 - Saudi Arabia" read as a time
                text = doc_text(cand.doc)[start:end]
                if org_key(text) is not None:
                    return None  # "UNHCR said it ...": the organiser, found as such
                label = cand.ent_type_ if cand.ent_type_ in ("GPE", "NORP", "ORG") else "PROPN"
                return {"text": text, "start": start, "end": end, "label": label}
            return None  # the nearest subject is no named body: look no further
    return None


_VEHICLE_WORD = re.compile(
    r"(?i)\b(?:\d+-)?(bus|buses|cars?|vehicles?|trucks?|lorr(?:y|ies)|ambulances?|trains?|"
    r"flights?|aircraft|planes?|helicopters?|ships?|boats?|ferr(?:y|ies))\b"
)
_CRAFT = {
    "flight": "flights",
    "flights": "flights",
    "aircraft": "flights",
    "plane": "flights",
    "planes": "flights",
    "helicopter": "flights",
    "helicopters": "flights",
    "ship": "ships",
    "ships": "ships",
    "boat": "ships",
    "boats": "ships",
    "ferry": "ships",
    "ferries": "ships",
}
"""Craft that carry people or goods by air or sea: no counted vehicles (the figures do not
count them), but a flight is not a truck convoy."""


def vehicle_near(sentence_text: str, offset: int, at: int, window: int = 60) -> str | None:
    """The kind of vehicle named nearest to character ``at`` in the sentence, if within reach."""
    best: tuple[int, str] | None = None
    for m in _VEHICLE_WORD.finditer(sentence_text):
        distance = abs(offset + m.start() - at)
        if distance <= window and (best is None or distance < best[0]):
            word = m.group(1).lower()
            best = (distance, _CRAFT.get(word) or VEHICLES[word])
    return best[1] if best else None


def assign_counts(items: list[dict[str, Any]]) -> None:
    """Give each count of a sentence to the event whose trigger is nearest to it.

    All events of a sentence start with every count in it; "45-bus convoy"
    belongs to the convoy, "600 people were able to leave" to the leaving.
    """
    if len(items) < 2:
        return
    pool = {(c["start"], c["end"]): c for item in items for c in item["counts"]}
    for item in items:
        item["counts"] = []
    for (start, _), count in sorted(pool.items()):
        nearest = min(items, key=lambda i: abs(int(i["start"]) - start))
        nearest["counts"].append(count)
