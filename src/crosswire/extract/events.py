"""The ``events`` extractor: typed, dated, placed events with their sources.

Every sentence is scanned for the taxonomy's triggers
(:mod:`crosswire.extract.events_lexicon`); triggers of one type and one
status in a sentence make one event. Each event gets:

* a **date**: the temporal expression (from ``timexes``) nearest the
  trigger's clause in the parse, so "said on Friday it would try again on
  Saturday" dates the retry to Saturday; failing that, the date of the
  previous sentence when this one continues it ("also", same paragraph);
  failing that, the publication date. A page stamp ("Posted: Jul 24, 2016
  10:12 PM", a timex whose ``function`` is ``PUBLICATION_TIME``) never
  dates an event. ``date.source`` says which
  (``timex``, ``context``, ``publication``) and ``date.confidence`` how far
  to trust it;
* a **place** (plus origin, destination and route points for movements),
  from ``place_mentions`` when that extractor ran, else from the entity
  mentions;
* **actors** (agent / target spans), **organisers** (ICRC, UN agencies),
  **counts** ("45 buses") and the ids of ``figures`` in the sentence;
* a **status** (planned, underway, succeeded, failed, blocked, turned_back,
  suspended, disputed) from the cue nearest the trigger, or the clause's tense; what
  befell the trigger's own clause ("was looted") outranks a relative clause's start
  ("that left"), and a later conjoined verb the earlier ("arrived ... and were
  waiting"). A ceasefire's status is what befell it (agreed, in_effect, violated,
  extended, collapsed), the first kind of cue in its clause;
* a **sponsor**: the government named as the subject above an operation step
  ("France said it had evacuated"), which keeps operations apart.

Entity ids are filled at export time by :meth:`EventExtractor.finalize`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text
from crosswire.extract import ExtractionInput, Item
from crosswire.extract.events_args import (
    actors,
    assign_counts,
    clause_head,
    counts,
    org_key,
    organisers,
    places,
    sponsor,
    tree_distance,
    vehicle_near,
)
from crosswire.extract.events_lexicon import (
    ACCUSED_OF,
    CEASEFIRE_CUES,
    OPERATION_TYPES,
    PHRASES,
    STATUS_CUES,
    TRIGGERS,
)
from crosswire.extract.events_routes import route_line, routes
from crosswire.extract.time_tense import verb_tense

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from crosswire.link.entity_index import EntityIndex

__all__ = ["EXTRACTOR", "EventExtractor"]

_CARGO = re.compile(
    r"(?i)\b(?:food|supplies|aid|cargo|medic\w*|humanitarian|fuel|water|relief|tents?|"
    r"blankets?|shelter|hygiene|kits|trucks|lorries)\b"
)
_MOVEMENT = re.compile(
    r"(?i)\b(?:en route|left|fled|set out|on (?:the|its|their) way|passed|leave|leaving|arrived|"
    r"crossed|turned back|waiting|driving|landed|depart(?:s|ed|ing)?)\b"
)
_PEOPLE_CARRIED = re.compile(
    r"(?i)\b(?:carrying|with|of)\s+(?:some |about |around |nearly |more than )?(?:[\d,]+\s+)?"
    r"(?:[\w-]+\s+){0,4}?(?:staff|people|passengers|civilians|nationals|evacuees|families|"
    r"dependants|residents|citizens)\b|\bconvoy of (?:[\w-]+\s+){0,2}(?:buses|cars)\b"
)
"""A convoy that carries people ("a convoy of buses carrying some 700 ... aid agency staff")
is an evacuation however much its sentence speaks of aid."""
_FLIGHT_PEOPLE = re.compile(
    r"(?i)\bevacuat\w*|\bpeople\b|\bcitizens\b|\bnationals\b|\bpassengers\b|\bstaff\b|"
    r"\bevacuees\b|\bcarrying\b|\bout of\b|\bflown\b|\bflying\b"
)
_CRAFT = frozenset({"ship", "ships", "boat", "boats", "ferry", "aircraft", "plane", "planes"})
_PAUSE = re.compile(r"(?i)\bhumanitarian\s+$")
_PAUSE_AFTER = re.compile(r"(?i)^\s+(?:in|of)\s+(?:the\s+)?(?:fighting|hostilities)\b")
_CONTINUES = re.compile(r"(?i)\b(?:also|too|as well|then|later)\b")
_STATUS_TYPES = OPERATION_TYPES | {"ceasefire", "negotiation", "troop_movement"}
_DATED = ("day", "part_of_day", "time", "week", "month", "quarter", "season", "year")
_ORG_NAMES = re.compile(
    r"\b(?:International Committee of the Red Cross|Red Cross|ICRC|UNHCR|OCHA|WFP|UNICEF|MSF|"
    r"Doctors Without Borders|United Nations|Red Crescent)\b"
)
_MAX_CUE_DISTANCE = 120
_STATEMENTS = ("planned", "agreed", "disputed")
"""Statuses a statement gives a step (a plan, an agreement, a claim), not what befell it."""


_HAZARDS = frozenset(
    {
        "earthquake",
        "quake",
        "tremor",
        "aftershock",
        "storm",
        "hurricane",
        "cyclone",
        "typhoon",
        "tornado",
        "flood",
        "tsunami",
        "landslide",
        "mudslide",
        "avalanche",
        "wildfire",
        "drought",
        "heatwave",
        "blizzard",
    }
)


def _natural_hazard(token: Token) -> bool:
    """The trigger's subject is a natural hazard ("the quake struck", "a storm hit")."""
    subjects = [c for c in token.children if c.dep_ in ("nsubj", "nsubjpass")]
    if token.dep_ == "conj":
        subjects += [c for c in token.head.children if c.dep_ == "nsubj"]
    return any(s.lemma_.lower() in _HAZARDS for s in subjects)


_FLEEING = re.compile(
    r"(?i)\b(?:mass|exodus|desperate)\s+flight\b|\bflight\s+(?:of|across|over|into|from)\s+"
    r"(?!(?:the\s+)?(?:\d|aid|supplies|cargo)\b)"
)
""""The mass flight of villagers", "a flight across the border": people fleeing, whom the
figures count as displaced, not an evacuation flown by anyone."""


def _around(token: Token, width: int) -> str:
    text = doc_text(token.doc)
    return text[max(token.idx - width, 0) : token.idx + len(token.text) + width]


def _trigger_type(token: Token, sentence: str) -> str | None:
    lemma = token.lemma_.lower()
    entry = TRIGGERS.get(lemma) or TRIGGERS.get(token.lower_)
    if entry is not None and token.pos_ in entry[1]:
        kind = entry[0]
        if lemma == "talk" and token.tag_ != "NNS":
            return None
        if lemma == "seize" and not _CARGO.search(sentence):
            return "territorial_control"
        if lemma == "block" and not _CARGO.search(sentence) and "convoy" not in sentence:
            return "aid_blocked" if "access" in sentence else None
        if (
            lemma == "convoy"
            and _CARGO.search(sentence)
            and "evacuat" not in sentence
            and not _PEOPLE_CARRIED.search(sentence)
        ):
            return "aid_delivery"
        if lemma in ("pause", "cessation"):
            before = doc_text(token.doc)[max(token.idx - 30, 0) : token.idx]
            after = doc_text(token.doc)[
                token.idx + len(token.text) : token.idx + len(token.text) + 30
            ]
            if not (_PAUSE.search(before) or _PAUSE_AFTER.search(after)):
                return None  # "a pause in the talks": no truce
        if lemma == "flight" and not _FLIGHT_PEOPLE.search(sentence):
            return None  # "flights were cancelled at the airport": no evacuation
        if lemma == "flight" and _FLEEING.search(_around(token, 40)):
            return None  # "the mass flight of villagers into Bangladesh": people fleeing
        if lemma == "fire" and not any(c.dep_ == "prep" for c in token.children):
            return None
        if kind == "attack" and _natural_hazard(token):
            return None  # "an earthquake struck southern Turkey": a disaster, not an attack
        return kind
    if lemma in ("route", "passage") and token.pos_ == "NOUN" and routes(sentence, 0, ()):
        # "The entire route goes like this: Bervytsa - Mokrets - ... - Brovary", "the planned
        # passage from the city of Polohy toward Zaporizhzhya": a route spelt out is a
        # corridor's, though the sentence never says "corridor"
        return "humanitarian_corridor"
    if token.lower_ in ("trucks", "lorries") and _MOVEMENT.search(sentence):
        # trucks carry goods: "six trucks carrying relief items crossed", unless they
        # evacuate people
        return "evacuation" if "evacuat" in sentence else "aid_delivery"
    if token.lower_ in ("buses", "cars", "vehicles") and _MOVEMENT.search(sentence):
        return "evacuation"
    if token.lower_ in _CRAFT and token.pos_ == "NOUN" and _MOVEMENT.search(sentence):
        # "a ship carrying 1,687 civilians ... arrived in Jeddah", "an aircraft carrying 8
        # tonnes of surgical supplies landed": who or what it carries says which
        if _PEOPLE_CARRIED.search(sentence):
            return "evacuation"
        return "aid_delivery" if _CARGO.search(sentence) else None
    if token.text.endswith("-bus") or token.text.endswith("-car"):
        return "evacuation"
    return None


def _triggers(sent: Span) -> list[tuple[Token, str]]:
    found: dict[int, tuple[Token, str]] = {}
    text = sent.text
    for token in sent:
        kind = _trigger_type(token, text)
        if kind is not None:
            found[token.i] = (token, kind)
    for kind, pattern in PHRASES:
        for m in pattern.finditer(text):
            span = sent.doc.char_span(
                sent.start_char + m.start(), sent.start_char + m.end(), alignment_mode="expand"
            )
            if span is not None and not any(t.i in found for t in span):
                # the phrase's last verb or noun carries the clause: "try to *enter*"
                content = [t for t in span if t.pos_ in ("VERB", "NOUN")] or list(span)
                found[content[-1].i] = (content[-1], kind)
    return sorted(found.values(), key=lambda pair: pair[0].i)


_MODALS = frozenset({"can", "could", "may", "might", "must", "should", "would", "will", "shall"})
_UNREAL_HEADS = frozenset({"need", "have", "want", "hope", "try", "plan", "expect", "wish", "aim"})


def _unreal(token: Token) -> bool:
    """Is this verb negated, modal or only wanted, so it tells of no real outcome?

    "checkpoints that need to be passed", "may have reached", "has not
    reached": the outcome cue is there, the outcome is not, so it must not
    make an operation ``succeeded``.
    """
    if any(c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in _MODALS) for c in token.children):
        return True
    return token.dep_ == "xcomp" and token.head.lemma_.lower() in _UNREAL_HEADS


def _real_cue(sent: Span, start: int, end: int) -> bool:
    span = sent.doc.char_span(
        sent.start_char + start, sent.start_char + end, alignment_mode="expand"
    )
    return span is None or not any(_unreal(t) for t in span if t.pos_ in ("VERB", "AUX"))


_WH_OPEN = frozenset({"when", "whether", "if", "how"})
_DOUBT = frozenset({"unclear", "uncertain", "ask", "wonder", "question"})


def _open_question(head: Token) -> bool:
    """Is this clause an open question ("we don't know when the cars can get there")?

    Whether, when or how an operation happens that nobody yet knows is no
    status at all: not planned, not underway, not done.
    """
    if head.dep_ not in ("ccomp", "advcl", "xcomp", "csubj"):
        return False
    if not any(c.dep_ in ("advmod", "mark") and c.lower_ in _WH_OPEN for c in head.children):
        return False
    above = head.head
    return above.lemma_.lower() in _DOUBT or any(
        c.dep_ == "neg" or (c.dep_ == "nsubj" and c.lower_ in ("nobody", "none"))
        for c in above.children
    )


_TRUCE_REACH = 80
_TRUCE_EDGES = 3


def _edges(a: Token, b: Token) -> int:
    """Edges between two tokens in the parse (99 when they do not meet)."""

    def up(t: Token) -> list[int]:
        chain = [t.i]
        while t.head.i != t.i and len(chain) < 40:
            t = t.head
            chain.append(t.i)
        return chain

    up_a, up_b = up(a), up(b)
    for n, i in enumerate(up_a):
        if i in up_b:
            return n + up_b.index(i)
    return 99


def _truce_status(trigger: Token, sent: Span) -> tuple[str | None, tuple[int, int] | None]:
    """What befell a ceasefire: the first kind of :data:`CEASEFIRE_CUES` near it, read only
    where it is real ("when the ceasefire will break down" tells nothing)."""
    at = trigger.idx - sent.start_char
    for status, pattern in CEASEFIRE_CUES:
        best: tuple[int, tuple[int, int]] | None = None
        for m in pattern.finditer(sent.text):
            distance = max(m.start() - (at + len(trigger.text)), at - m.end(), 0)
            if distance > _TRUCE_REACH or not _real_cue(sent, m.start(), m.end()):
                continue
            cue = sent.doc.char_span(
                sent.start_char + m.start(), sent.start_char + m.end(), alignment_mode="expand"
            )
            if cue is not None and _edges(trigger, cue.root) > _TRUCE_EDGES:
                continue  # "committed to the truce and blamed the army for the collapse of
                # the previous one": the collapse is another truce's
            if best is None or distance < best[0]:
                best = (distance, (sent.start_char + m.start(), sent.start_char + m.end()))
        if best is not None:
            return status, best[1]
    return None, None


def _later_state(head: Token, sent: Span) -> tuple[str, tuple[int, int]] | None:
    """The outcome cue on a verb conjoined to ``head`` with no subject of its own: "arrived
    in Port Sudan ... and were waiting for security guarantees" ends waiting, not arrived."""
    found: tuple[str, tuple[int, int]] | None = None
    for conj in head.conjuncts:
        if conj.i < head.i or any(c.dep_ in ("nsubj", "nsubjpass") for c in conj.children):
            continue
        lo = conj.idx - sent.start_char
        for status, pattern in STATUS_CUES:
            if status in _STATEMENTS:
                continue
            m = next((m for m in pattern.finditer(sent.text) if m.start() <= lo < m.end()), None)
            if m is not None and _real_cue(sent, m.start(), m.end()):
                found = (status, (sent.start_char + m.start(), sent.start_char + m.end()))
                break
    return found


def _status(trigger: Token, kind: str, sent: Span) -> tuple[str | None, tuple[int, int] | None]:
    status, cue = _stated_status(trigger, kind, sent)
    if status in ("failed", "blocked") and cue is not None and kind in OPERATION_TYPES:
        before = sent.doc.text[sent.start_char : cue[0]]
        if ACCUSED_OF.search(before):
            # "accused Ukrainian nationalists of disrupting the corridors": one side's
            # account of the failure, which the other denies
            return "disputed", cue
    return status, cue


def _stated_status(
    trigger: Token, kind: str, sent: Span
) -> tuple[str | None, tuple[int, int] | None]:
    if _open_question(clause_head(trigger)):
        return None, None
    if kind == "ceasefire":
        return _truce_status(trigger, sent)
    at = trigger.idx - sent.start_char
    head = clause_head(trigger)
    own = head.idx - sent.start_char if head.i != trigger.i else -1
    best: tuple[int, int, str, tuple[int, int]] | None = None
    outcome: tuple[int, int, str, tuple[int, int]] | None = None
    for rank, (status, pattern) in enumerate(STATUS_CUES):
        if kind not in _STATUS_TYPES and status not in ("planned", "disputed"):
            continue
        for m in pattern.finditer(sent.text):
            distance = max(m.start() - (at + len(trigger.text)), at - m.end(), 0)
            if distance > _MAX_CUE_DISTANCE:
                continue
            if status == "succeeded" and not _real_cue(sent, m.start(), m.end()):
                continue
            span = (sent.start_char + m.start(), sent.start_char + m.end())
            if best is None or (distance, rank) < best[:2]:
                best = (distance, rank, status, span)
            # of two cues on the clause's own verb, the nearer, then the first kind: "was not
            # opened" (failed) over its "opened" (underway)
            own_verb = m.start() <= own < m.end() and status not in _STATEMENTS
            if own_verb and (outcome is None or (distance, rank) < outcome[:2]):
                outcome = (distance, rank, status, span)
    if outcome is not None and best is not None and best[2] != outcome[2]:
        # "a convoy that was due to travel ... was called off", "a convoy that left Port
        # Sudan ... was looted on the way": what befell the convoy (its own verb) outranks
        # the plan or the start a relative clause recalls
        return outcome[2], outcome[3]
    if kind in OPERATION_TYPES and head.pos_ in ("VERB", "AUX"):
        later = _later_state(head, sent)
        if later is not None:
            return later
    if best is not None:
        return best[2], best[3]
    if verb_tense(clause_head(trigger)) == "future":
        return "planned", None
    return None, None


def _route_continued(
    last: list[Item], sent: Span, place_mentions: list[tuple[int, int, str, Any]], article: str
) -> list[Item]:
    """A sentence that only lists routes, right after an operation's sentence, goes on with
    that operation's kind and status: "Corridors are planned for Monday in the Kyiv region.
    From the village of Velyka Dymerka to Brovary. From Vorzel to Bilohorodka." The step
    cites the first place its sentence names; :func:`_per_route` then gives each route its
    own step."""
    named = routes(sent.text, sent.start_char, place_mentions)
    if not named or all(r.destination is None for r in named):
        return []
    first = named[0].origin
    model = last[0]
    return [
        {
            **model,
            "id": f"{article}-e{first.start}-{model['type']}",
            "start": first.start,
            "end": first.end,
            "text": first.text,
            "sentence": {"start": sent.start_char, "end": sent.end_char},
            "status_cue": None,
            "counts": [],
            "figures": [],
        }
    ]


_REPORTING = frozenset({"say", "tell", "add", "report", "note", "state"})
"""The verbs a line of a list of routes may carry: the speaker's ("..., she said")."""


def _route_line(sent: Span, place_mentions: list[tuple[int, int, str, Any]]) -> Token | None:
    """Is this sentence a bare line of a list of routes ("From the village of Velyka Dymerka
    to Brovary.", "The Sumy region: from the city of Sumy ... to the city of Poltava," she
    said.), with no verb of its own? Such lines list corridors even where the excerpt kept
    none of the sentence that announced them; a route with any verb ("from Kyiv to Lviv
    trains run") is for the triggers to read. The line's first origin stands for its trigger."""
    if any(t.pos_ in ("VERB", "AUX") and t.lemma_.lower() not in _REPORTING for t in sent):
        return None
    named = route_line(sent.text, sent.start_char, place_mentions)
    if not named:
        return None
    span = sent.doc.char_span(named[0].origin.start, named[0].origin.end, alignment_mode="expand")
    return span[0] if span is not None and len(span) else None


def _per_route(
    found: list[Item], sent: Span, place_mentions: list[tuple[int, int, str, Any]]
) -> list[Item]:
    """Each operation step once per route its sentence names: "corridors from Hostomel and
    Vorzel to Bilohorodka, Sumy with Poltava" are three corridors, not one at Hostomel. The
    first route keeps the step's id, so a sentence naming one route changes no id."""
    if not any(i["type"] in OPERATION_TYPES for i in found):
        return found
    named = routes(sent.text, sent.start_char, place_mentions)
    if not named or (len(named) == 1 and named[0].destination is None and not named[0].via):
        return found  # one route known only by its start: the parse's own reading holds more
    out: list[Item] = []
    for item in found:
        if item["type"] not in OPERATION_TYPES:
            out.append(item)
            continue
        for n, route in enumerate(named):
            origin = route.origin.item()
            destination = route.destination.item() if route.destination is not None else None
            out.append(
                {
                    **item,
                    # a route named with no word of its fate is one announced: proposed
                    "status": item["status"] or "planned",
                    "id": item["id"] if n == 0 else f"{item['id']}-r{n}",
                    "origin": origin,
                    "destination": destination,
                    "route": [p.item() for p in route.via],
                    "place": origin,
                    "route_named": True,
                }
            )
    return out


def _timex_root(doc_sent: Span, item: Item) -> Token | None:
    span = doc_sent.doc.char_span(int(item["start"]), int(item["end"]), alignment_mode="expand")
    return span.root if span is not None and len(span) else None


def _opens_a_period_apart(root: Token, trigger: Token) -> bool:
    """A day that opens a period the trigger is not in: "550 people have been killed since 15
    April", "have fled since fighting broke out on 15 April". The count runs from that day to
    the report; the day dates neither the killing nor the flight (it does date "since
    Saturday's shooting", and the fighting that "broke out on 15 April")."""
    cur = root
    for _ in range(12):
        since = cur.lower_ == "since" and cur.dep_ == "prep"
        opened = any(c.dep_ == "mark" and c.lower_ == "since" for c in cur.children)
        if since or opened:
            return not cur.left_edge.i <= trigger.i <= cur.right_edge.i
        if cur.head.i == cur.i:
            return False
        cur = cur.head
    return False


def _date_from_timex(trigger: Token, sent: Span, timexes: Sequence[Item]) -> Item | None:
    inside = [
        t
        for t in timexes
        if sent.start_char <= int(t["start"]) < sent.end_char
        and t.get("value")
        and t.get("granularity") in _DATED
        and t.get("function") != "PUBLICATION_TIME"
    ]
    best: tuple[int, int, Item] | None = None
    head = clause_head(trigger)
    for t in inside:
        root = _timex_root(sent, t)
        if root is None or _opens_a_period_apart(root, trigger):
            continue
        coarse = t.get("granularity") not in ("day", "part_of_day", "time")
        score = (
            tree_distance(head, clause_head(root)) + coarse,
            abs(int(t["start"]) - trigger.idx),
        )
        if best is None or score < best[:2]:
            best = (*score, t)
    if best is None:
        return None
    t = best[2]
    return {
        "value": t["value"],
        "granularity": t["granularity"],
        "text": t["text"],
        "anchor": t.get("anchor"),
        "source": "timex",
        "timex": t["id"],
        "confidence": 0.9 if best[0] <= 2 else 0.7,
    }


def _publication_date(inp: ExtractionInput) -> Item:
    published = inp.article.published
    return {
        "value": published.isoformat() if published else None,
        "granularity": "day" if published else None,
        "text": None,
        "anchor": published.isoformat() if published else None,
        "source": "publication" if published else "none",
        "timex": None,
        "confidence": 0.3 if published else 0.0,
    }


def _place_mentions(inp: ExtractionInput) -> list[tuple[int, int, str, Any]]:
    text = inp.article.text
    resolved = inp.earlier.get("place_mentions", [])
    if resolved:
        return [
            (int(p["start"]), int(p["end"]), str(p.get("text", "")), p.get("geonameid"))
            for p in resolved
            if not p.get("metonymic") and not _ADJECTIVAL.match(text, int(p["end"]))
        ]
    return [
        (m.start, m.end, m.text, None)
        for m in inp.annotation.mentions
        if m.label in ("GPE", "LOC", "FAC") and not _ADJECTIVAL.match(text, m.end)
    ]


_ADJECTIVAL = re.compile(r"-(?:led|backed|brokered|based|held|controlled|run|made|born)\b")
"""A place name fused into an adjective ("the US-led coalition", "Turkish-backed rebels") is
no place an operation goes to or from."""


def _org_mentions(inp: ExtractionInput) -> list[tuple[int, int, str]]:
    found = {(m.start, m.end): m.text for m in inp.annotation.mentions if m.label == "ORG"}
    for m in _ORG_NAMES.finditer(inp.article.text):
        if not any(s <= m.start() < e for s, e in found):
            found[(m.start(), m.end())] = m.group(0)
    return sorted((s, e, t) for (s, e), t in found.items())


def _place_item(p: Any) -> Item:
    return {"text": p.text, "start": p.start, "end": p.end, "geonameid": p.geonameid}


def _sentences(inp: ExtractionInput) -> list[Span]:
    spans = []
    for start, end in inp.annotation.sentences or [
        (s.start_char, s.end_char) for s in inp.doc.sents
    ]:
        span = inp.doc.char_span(start, end, alignment_mode="expand")
        if span is not None and len(span):
            spans.append(span)
    return spans


class EventExtractor:
    """Finds typed events in one article (see the module docstring)."""

    name = "events"
    version = "18"
    requires: tuple[str, ...] = ("place_mentions", "timexes", "figures")
    assigns: tuple[str, ...] = ("events",)

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Events of ``inp.article``, in text order."""
        text = inp.article.text
        timexes = inp.earlier.get("timexes", [])
        figures = inp.earlier.get("figures", [])
        place_mentions = _place_mentions(inp)
        org_mentions = _org_mentions(inp)
        items: list[Item] = []
        previous_date: Item | None = None
        previous_end = -1
        last_ops: list[Item] = []
        for sent in _sentences(inp):
            groups: dict[tuple[str, str | None], list[Token]] = {}
            statuses: dict[tuple[str, str | None], tuple[int, int] | None] = {}
            for token, kind in _triggers(sent):
                status, cue = _status(token, kind, sent)
                key = (kind, status)
                groups.setdefault(key, []).append(token)
                statuses.setdefault(key, cue)
            gap = text[previous_end : sent.start_char] if previous_end >= 0 else "\n\n"
            continues = "\n\n" not in gap or bool(_CONTINUES.search(sent.text[:60]))
            if not continues:
                previous_date = None
            sentence_items: list[Item] = []
            for (kind, status), tokens in groups.items():
                trigger = tokens[0]
                date = _date_from_timex(trigger, sent, timexes)
                if date is None and previous_date is not None:
                    date = {**previous_date, "source": "context", "confidence": 0.5}
                if date is None:
                    date = _publication_date(inp)
                cue = statuses[(kind, status)]
                found = (kind, status, cue, date)
                sentence_items.append(
                    self._item(
                        inp, sent, trigger, tokens, found, place_mentions, org_mentions, figures
                    )
                )
            assign_counts(sentence_items)
            if not any(i["type"] in OPERATION_TYPES for i in sentence_items) and last_ops:
                sentence_items += _route_continued(last_ops, sent, place_mentions, inp.article.id)
            elif not sentence_items and (first := _route_line(sent, place_mentions)) is not None:
                # a list of routes whose announcing sentence the report does not carry
                date = _date_from_timex(sent.root, sent, timexes) or _publication_date(inp)
                found = ("humanitarian_corridor", None, None, date)
                sentence_items.append(
                    self._item(
                        inp, sent, first, [first], found, place_mentions, org_mentions, figures
                    )
                )
            routed = _per_route(sentence_items, sent, place_mentions)
            items.extend(routed)
            last_ops = [i for i in routed if i["type"] in OPERATION_TYPES][:1]
            sentence_date = _date_from_timex(sent.root, sent, timexes)
            if sentence_date is not None:
                previous_date = sentence_date
            previous_end = sent.end_char
        items.sort(key=lambda i: (i["start"], i["type"]))
        return items

    def _item(
        self,
        inp: ExtractionInput,
        sent: Span,
        trigger: Token,
        tokens: list[Token],
        found_as: tuple[str, str | None, tuple[int, int] | None, Item],
        place_mentions: list[tuple[int, int, str, Any]],
        org_mentions: list[tuple[int, int, str]],
        figures: Sequence[Item],
    ) -> Item:
        text = inp.article.text
        kind, status, cue, date = found_as
        start, end = trigger.idx, trigger.idx + len(trigger.text)
        found = places(trigger, sent, place_mentions)
        by_role: dict[str, list[Item]] = {}
        for p in found:
            by_role.setdefault(p.role, []).append(_place_item(p))
        # where it arrived is a stop on the way when the sentence says where it goes on to
        onward = "route" if by_role.get("destination") else "destination"
        by_role.setdefault(onward, []).extend(by_role.pop("arrival", []))
        location = by_role.get("location") or by_role.get("destination") or by_role.get("origin")
        in_sentence = [
            f for f in figures if sent.start_char <= int(f.get("start", -1)) < sent.end_char
        ]
        return {
            "id": f"{inp.article.id}-e{start}-{kind}",
            "article": inp.article.id,
            "start": start,
            "end": end,
            "text": text[start:end],
            "type": kind,
            "triggers": [t.text for t in tokens],
            "date": date,
            "place": location[0] if location else None,
            "origin": by_role["origin"][0] if by_role.get("origin") else None,
            "destination": by_role["destination"][0] if by_role.get("destination") else None,
            "route": by_role.get("route", []),
            "actors": actors(trigger),
            "organisers": organisers(trigger, sent, org_mentions),
            "sponsor": sponsor(trigger) if kind in OPERATION_TYPES else None,
            "figures": [f["id"] for f in in_sentence if "id" in f],
            "counts": counts(sent.text, sent.start_char, in_sentence),
            "vehicle": vehicle_near(sent.text, sent.start_char, start),
            "status": status,
            "status_cue": None
            if cue is None
            else {"start": cue[0], "end": cue[1], "text": text[cue[0] : cue[1]]},
            "sentence": {"start": sent.start_char, "end": sent.end_char},
            "route_named": False,
        }

    def finalize(self, item: Item, entities: EntityIndex) -> Item:
        """Fill ``entity`` on every span the event cites (place, actors, organisers)."""
        out = dict(item)
        article = str(item["article"])

        def fill(part: Any) -> Any:
            if not isinstance(part, dict) or "start" not in part:
                return part
            return {**part, "entity": entities.entity_at(article, part["start"], part["end"])}

        for key in ("place", "origin", "destination", "sponsor"):
            out[key] = fill(item.get(key))
        for key in ("route", "actors", "organisers"):
            out[key] = [fill(p) for p in item.get(key) or []]
        return out


def organiser_key(name: str) -> str | None:
    """Re-exported for the operations aggregator: the organisation a name refers to."""
    return org_key(name)


EXTRACTOR = EventExtractor()
