"""What kind of number a figure is: a count, an estimate, a projection, a part, or recalled.

On crisis reporting a forecast ("the toll could reach 20,000"), a modelled figure ("more
than 10,000 may have died"), one hospital's bodies beside the national toll, and a figure
told again after it was replaced ("up from 70", "the earlier toll of 11,300") were all read
as counts, so reconciliation set them against the toll as disagreements or as the newest
value. Each figure's ``kind`` says which it is, so only counts make a toll and the others
are shown beside it, labelled:

- ``recalled``: an earlier figure told in a later report: the object of "from" after a
  change ("up from 70", "revised down from 5,200"), a figure whose noun is "earlier",
  "previous", "initial" ("the earlier toll of 11,300"), or one "previously" / "initially"
  said, or "had earlier said";
- ``projection``: a modal auxiliary on the figure's clause ("could reach", "may have
  died", "will rise"), a forecasting predicate over it ("expected to exceed", "feared
  dead", "likely to rise"), or a modelled source ("modelled estimates put ...");
- ``partial``: a part singled out ("in one camp", "a single hospital", "in Derna alone"),
  or a part the report also gives the whole of ("2,662 died, including 1,262 in ...",
  "one hospital received 10 bodies" beside the ministry's 104);
- ``estimate``: an approximation someone stands behind ("an estimated 3,000",
  "estimates put the toll at", "believed to have died");
- ``count``: everything else.

The first that applies wins, in that order. The cues are read off the dependency parse
(auxiliaries of the figure's verb, the heads its clause is an open complement of, the
preposition its phrase is the object of), and the words are data files
(:mod:`~crosswire.extract.figures_kind_words`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from crosswire.extract.figures_attrib import REPORTING
from crosswire.extract.figures_context_words import noun_measures, verb_measures
from crosswire.extract.figures_kind_words import kind_words

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from crosswire.extract.figures_context import Counted

__all__ = [
    "KINDS",
    "KindReading",
    "change_end",
    "mark_part",
    "read_kind",
    "recalled_date",
    "settle_kinds",
]

KINDS = ("count", "estimate", "projection", "partial", "recalled")

#: a figure's part hint: a part when the report also gives a larger figure of its measure
BREAKDOWN, FACILITY, PLACED = "breakdown", "facility", "placed"
_NOUNS = frozenset({"NOUN", "PROPN", "PRON"})
_VERBS = frozenset({"VERB", "AUX"})
_PLACE_ENTS = frozenset({"GPE", "LOC", "FAC"})
_DASHES = ("—", "–", " - ", ":", "(", ";")
_PART_KEY = "_part"


@dataclass(frozen=True, slots=True)
class KindReading:
    """A figure's kind as its own sentence tells it.

    ``evidence`` are the character ranges whose date is a recalled figure's own ("Monday's
    figure of 70"); ``part`` a hint that makes the figure ``partial`` only when the report
    also gives a larger figure of the same measure (:func:`settle_kinds`).
    """

    kind: str
    evidence: tuple[tuple[int, int], ...] = ()
    part: str | None = None


def _clause_verb(base: Token) -> Token | None:
    """The verb (or copula) whose clause the counted thing sits in."""
    tok = base
    for _ in range(6):
        if tok.pos_ in _VERBS:
            return tok
        if tok.head.i == tok.i:
            return None
        tok = tok.head
    return None


def _chains(verb: Token | None) -> tuple[list[Token], list[Token]]:
    """The figure's own clause and the heads it is an open complement of ("expected to
    exceed", "likely to rise"); then the same plus the clause reporting it ("said")."""
    if verb is None:
        return [], []
    inner = [verb]
    cur = verb
    while cur.dep_ in ("xcomp", "acomp") and cur.head.i != cur.i and len(inner) < 5:
        cur = cur.head
        inner.append(cur)
    outer = list(inner)
    if cur.dep_ == "ccomp" and cur.head.i != cur.i:  # not "because ..." nor "and ..." clauses
        cur = cur.head
        outer.append(cur)
        while cur.dep_ in ("xcomp", "acomp") and cur.head.i != cur.i and len(outer) < 8:
            cur = cur.head
            outer.append(cur)
    return inner, outer


def _carriers(counted: Counted) -> list[Token]:
    """The nouns the figure hangs on: its counted noun, the noun it is "of" ("the earlier
    toll of 11,300", "Monday's figure of 70"), the noun it is in apposition to."""
    out: list[Token] = []
    if counted.noun is not None:
        out.append(counted.noun)
    a = counted.anchor
    if a.dep_ == "pobj" and a.head.lower_ == "of" and a.head.head.pos_ in _NOUNS:
        out.append(a.head.head)
    if a.dep_ == "appos" and a.head.pos_ in _NOUNS:
        out.append(a.head)
    return out


def _object_of(counted: Counted) -> Token | None:
    """The preposition the figure's phrase is the object of, through "of" ("down from the
    earlier toll of 11,300": "from")."""
    tok = counted.noun if counted.noun is not None else counted.anchor
    for _ in range(3):
        if tok.dep_ != "pobj":
            return None
        prep = tok.head
        if prep.lower_ == "of" and prep.head.pos_ in _NOUNS and prep.head.dep_ == "pobj":
            tok = prep.head
            continue
        return prep
    return None


def _has(tokens: Sequence[Token], concept: str, deps: frozenset[str] | None = None) -> bool:
    words = kind_words(concept)
    return any(
        (t.lower_ in words or t.lemma_.lower() in words) and (deps is None or t.dep_ in deps)
        for t in tokens
    )


def _children(tokens: Sequence[Token]) -> list[Token]:
    return [c for t in tokens for c in t.children]


def _span_range(tok: Token) -> tuple[int, int]:
    return tok.left_edge.idx, tok.right_edge.idx + len(tok.right_edge)


def _recalled(
    span: Span, counted: Counted, outer: list[Token]
) -> tuple[tuple[int, int], ...] | None:
    """The ranges whose date is the recalled figure's own, when the figure is recalled."""
    prep = _object_of(counted)
    changes = kind_words("change_heads")
    if (
        prep is not None
        and prep.lower_ == "from"
        and not span.text.lower().startswith("from")
        and (prep.head.lower_ in changes or prep.head.lemma_.lower() in changes)
    ):
        return (_span_range(prep),)  # "up from 70", "down from the earlier toll of 11,300"
    mods = frozenset({"amod", "advmod", "compound"})
    figure_nouns = kind_words("figure_nouns")
    for noun in _carriers(counted):
        if noun is counted.noun and noun.lower_ not in figure_nouns:
            continue  # "two earlier truces": earlier things, counted now
        if _has(list(noun.children), "recall_modifiers", mods) or _has(
            list(noun.children), "recall_adverbs", mods
        ):
            return (_span_range(noun),)  # "the earlier toll of 11,300", "Monday's figure of 70"
    own = [*span, counted.anchor]
    if _has(_children(own), "recall_adverbs", frozenset({"advmod"})):
        return (_span_range(counted.anchor),)  # "(previously 70)"
    for verb in outer:
        kids = list(verb.children)
        reporting = verb.lemma_.lower() in REPORTING
        perfect = any(c.dep_ == "aux" and c.lemma_.lower() == "have" for c in kids)
        if _has(kids, "recall_adverbs", frozenset({"advmod"})) or (
            reporting
            and _has(kids, "recall_adverbs_reporting", frozenset({"advmod"}))
            and (perfect or any(c.lower_ == "first" for c in kids))
        ):
            # "had earlier said 70", "were initially reported killed": the statement's dates
            dated = [c for c in kids if c.dep_ in ("prep", "npadvmod", "advmod")]
            return tuple(_span_range(c) for c in dated)
    return None


def _counting_verb(verb: Token, counted: Counted) -> bool:
    """Does a modal on ``verb`` make the figure a forecast?

    It does when ``verb`` tells the figure's value ("reach 20,000", "rise to", "died",
    "flee") or has the counted people as its subject, or when the counted thing is no
    casualty already told ("would go to 5 million Syrians"); a modal on what will be done
    with counted casualties ("will bury the 40 dead") leaves them counted."""
    if counted.noun is None or counted.noun.lower_ not in noun_measures():
        return True
    lemma = verb.lemma_.lower()
    if lemma in kind_words("toll_verbs") | kind_words("change_heads") or lemma in verb_measures():
        return True
    own = {counted.anchor.i} | ({counted.noun.i} if counted.noun is not None else set())
    return any(c.dep_ in ("nsubj", "nsubjpass") and c.i in own for c in verb.children)


def _projected(counted: Counted, inner: list[Token], outer: list[Token]) -> bool:
    modals = kind_words("modal_auxiliaries")
    guesses = kind_words("modal_adverbs")
    for verb in inner:
        kids = list(verb.children)
        if any(c.dep_ == "neg" for c in kids):
            return False  # "could not confirm": no forecast
        if any(c.dep_ == "aux" and c.lower_ in modals for c in kids) and _counting_verb(
            verb, counted
        ):
            return True  # "could reach 20,000", "may have died"
    anchor = counted.anchor
    near = [anchor.doc[i] for i in range(max(anchor.sent.start, anchor.i - 3), anchor.i)]
    if any(t.lower_ in guesses for t in near):
        return True  # "maybe around a thousand or more have already died"
    for verb in outer:
        lemma = verb.lemma_.lower()
        if lemma in kind_words("projection_predicates"):
            return True  # "expected to exceed", "feared dead"
        if lemma in kind_words("projection_raisers") and any(
            c.dep_ == "xcomp" for c in verb.children
        ):
            return True  # "likely to rise", "set to climb"
    mods = frozenset({"amod", "compound", "nmod"})
    if _has(_children(_carriers(counted)), "projection_words", mods):
        return True  # "a projected 20,000 deaths"
    for verb in outer:
        for c in verb.children:
            if c.dep_ in ("nsubj", "nsubjpass") and _has(list(c.subtree), "projection_words"):
                return True  # "modelled estimates put deaths at", "a model suggests"
            if (
                c.dep_ in ("prep", "agent")
                and c.lower_ in ("according", "by")
                and _has(list(c.subtree), "projection_words")
            ):
                return True  # "according to projections"
    return False


def _estimated(span: Span, counted: Counted, outer: list[Token]) -> bool:
    doc = span.doc
    before = [doc[i] for i in range(max(span.sent.start, span.start - 2), span.start)]
    if _has(before, "estimate_words"):
        return True  # "an estimated 3,000"
    carriers = _carriers(counted)
    if _has(carriers, "estimate_words") or _has(_children(carriers), "estimate_words"):
        return True  # "the UN's estimate of 3,000"
    for verb in outer:
        if verb.lemma_.lower() in kind_words("estimate_words") or verb.lower_ in kind_words(
            "estimate_words"
        ):
            return True  # "estimated at 3,000", "believed to have died"
        if any(
            c.dep_ in ("nsubj", "nsubjpass") and c.lemma_.lower() in kind_words("estimate_words")
            for c in verb.children
        ):
            return True  # "estimates put the toll at"
    return False


def _singled_out(tokens: Sequence[Token]) -> bool:
    """A place or facility the figure is told of with "one", "a single", "alone"."""
    units = kind_words("part_places") | kind_words("facility_units")
    marks = kind_words("single_markers")
    for t in tokens:
        is_unit = t.lemma_.lower() in units or t.lower_ in units
        if not (is_unit or t.ent_type_ in _PLACE_ENTS):
            continue
        kids = list(t.children)
        if any(c.lower_ == "alone" for c in kids):
            return True  # "in one camp alone", "in Derna alone"
        if is_unit and any(c.lower_ in marks and c.dep_ in ("nummod", "amod", "det") for c in kids):
            return True  # "in one district", "at a single hospital"
    return False


def _place_nouns(counted: Counted, verb: Token | None) -> list[Token]:
    """Nouns of the places and facilities the figure is told of: the objects of the
    prepositions on its noun and its verb, and the verb's subject ("one hospital
    received 10 bodies")."""
    heads = [t for t in (counted.noun, counted.anchor, verb) if t is not None]
    out: list[Token] = []
    for head in heads:
        for c in head.children:
            if c.dep_ == "prep" and c.lower_ in ("in", "at", "from", "to", "inside"):
                out.extend(o for o in c.children if o.dep_ == "pobj")
            elif (
                head is verb
                and c.dep_ == "nsubj"
                and c.i != counted.anchor.i
                and (counted.noun is None or c.i != counted.noun.i)
            ):
                out.append(c)
    return out


def _part_hint(counted: Counted, verb: Token | None) -> tuple[bool, str | None]:
    """(a part singled out, a part hint for :func:`settle_kinds`)."""
    places = _place_nouns(counted, verb)
    if _singled_out(places):
        return True, None
    prep = _object_of(counted)
    if prep is not None and prep.lower_ in kind_words("part_links"):
        return False, BREAKDOWN  # "including 1,262 in government-held areas"
    facilities = kind_words("facility_units")
    if any(t.lemma_.lower() in facilities for t in places):
        return False, FACILITY
    if any(
        t.ent_type_ in _PLACE_ENTS or t.lemma_.lower() in kind_words("part_places") for t in places
    ):
        return False, PLACED
    return False, None


def read_kind(span: Span, counted: Counted) -> KindReading:
    """The kind of the figure whose number is ``span``, from its own sentence."""
    base = counted.noun if counted.noun is not None else counted.anchor
    verb = _clause_verb(base)
    inner, outer = _chains(verb)
    evidence = _recalled(span, counted, outer)
    if evidence is not None:
        return KindReading("recalled", evidence)
    if _projected(counted, inner, outer):
        return KindReading("projection")
    single, hint = _part_hint(counted, verb)
    if single:
        return KindReading("partial")
    kind = "estimate" if _estimated(span, counted, outer) else "count"
    return KindReading(kind, (), hint)


def recalled_date(
    evidence: Sequence[tuple[int, int]], timexes: Sequence[Mapping[str, Any]]
) -> date | None:
    """The day a recalled figure held for, when its own words date it ("Monday's figure of
    70", "up from 70 on Monday"); never the report's day."""
    for t in timexes:
        value, start = t.get("value"), t.get("start", -1)
        if not isinstance(value, str) or not any(lo <= start < hi for lo, hi in evidence):
            continue
        try:
            return date.fromisoformat(value[:10])
        except ValueError:
            continue
    return None


def change_end(span: Span) -> bool:
    """Is the number in ``span`` what a figure changed from or to ("up from 70", "rose from
    70 to 104")? The tagger reads such bare numbers as dates or times; they are figures."""
    if not len(span) or re.fullmatch(r"(?:19|20)\d\d", span[-1].text):
        return False  # "up from 2019": a year
    tok = span[-1]
    if tok.dep_ != "pobj" or tok.head.lower_ not in ("from", "to"):
        return False
    head = tok.head.head
    if head.lower_ == "from" and head.head.i != head.i:
        head = head.head  # "rose from 70 to 104": "to" hangs from "from"
    changes = kind_words("change_heads")
    return head.lower_ in changes or head.lemma_.lower() in changes


def mark_part(item: dict[str, Any], reading: KindReading) -> None:
    """Keep a part hint on the item until :func:`settle_kinds` weighs it."""
    if reading.part is not None:
        item[_PART_KEY] = reading.part


def _bounds(item: Mapping[str, Any]) -> tuple[float | None, float | None]:
    value, low, high = item.get("value"), item.get("low"), item.get("high")
    lo = value if isinstance(value, int | float) else low
    hi = value if isinstance(value, int | float) else high
    return (
        float(lo) if isinstance(lo, int | float) else None,
        float(hi) if isinstance(hi, int | float) else None,
    )


def _larger(whole: Mapping[str, Any], part: Mapping[str, Any]) -> bool:
    w_low, _ = _bounds(whole)
    _, p_high = _bounds(part)
    return w_low is not None and p_high is not None and w_low > p_high


def _measure_changed_from(doc: Doc, items: list[dict[str, Any]]) -> None:
    """A recalled figure with no measure word of its own ("the toll rose to 104, up from
    70") measures what the figure of its sentence it changed into measures: the only
    measure of the sentence, else the nearest figure's."""
    for item in items:
        if item.get("kind") != "recalled" or item.get("measure") is not None:
            continue
        tok = doc.char_span(item["start"], item["end"], alignment_mode="expand")
        if tok is None or not len(tok):
            continue
        sent = tok[0].sent
        beside = [
            o
            for o in items
            if o.get("kind") in ("count", "estimate")
            and o.get("measure") is not None
            and o.get("unit") == item.get("unit")
            and sent.start_char <= o["start"] < sent.end_char
        ]
        if len({o["measure"] for o in beside}) == 1:
            item["measure"] = beside[0]["measure"]
        elif beside:
            # "2,909 have died, out of 6,242 cases in all, up from about 5,800": the change
            # is told right beside the figure it changed into, the nearest one
            nearest = min(beside, key=lambda o: abs(int(o["start"]) - int(item["start"])))
            item["measure"] = nearest["measure"]


def settle_kinds(doc: Doc, text: str, items: list[dict[str, Any]]) -> None:
    """Make a hinted figure ``partial`` when the report gives a larger one of its measure.

    A breakdown ("including 1,262 in ...") is a part of a larger figure of its sentence
    or the sentence before; a facility's count (a hospital's, a camp's) of any larger count
    in the report; a figure for a place told after a dash or colon that follows a larger
    figure in its sentence ("2,662 deaths: 1,262 in ... and 1,400 in ...") of that figure.
    """
    _measure_changed_from(doc, items)
    hints = [(item, item.pop(_PART_KEY, None)) for item in items]
    counts = [i for i in items if i.get("kind") in ("count", "estimate") and not i.get("derived")]
    sentence: dict[int, tuple[int, int]] = {}
    for item, hint in hints:
        if hint is None or item.get("kind") not in ("count", "estimate"):
            continue
        measure = item.get("measure")
        if measure is None and hint == FACILITY:
            continue
        if item["start"] not in sentence:
            tok = doc.char_span(item["start"], item["end"], alignment_mode="expand")
            if tok is None or not len(tok):
                continue
            sent = tok[0].sent
            prev = doc[sent.start - 1].sent.start_char if sent.start > 0 else sent.start_char
            sentence[item["start"]] = (prev, sent.start_char)
        before, own = sentence[item["start"]]
        wholes = [
            w
            for w in counts
            if w is not item
            and w.get("measure") is not None
            and w.get("unit") == item.get("unit")
            and w.get("measure") == (measure or w.get("measure"))
            and _larger(w, item)
        ]
        if measure is None:
            # a breakdown's parts may have no measure word of their own ("1,262 in ..."):
            # then only a larger figure of their own sentence is their whole
            wholes = [w for w in wholes if own <= w["start"]]
        if hint == BREAKDOWN:
            found = any(before <= w["start"] < item["start"] for w in wholes)
        elif hint == FACILITY:
            found = bool(wholes)
        else:
            found = any(
                own <= w["end"] <= item["start"]
                and any(d in text[w["end"] : item["start"]] for d in _DASHES)
                for w in wholes
            )
        if found:
            item["kind"] = "partial"
