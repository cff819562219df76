"""Who claims a figure and what undercuts it.

A figure without its claimant is a rumour: "up to 170,000" is the mayor's
figure, "as many as 2,500" the local authorities', and an analyst weighs
them by who said them. The claimant is the subject of the reporting verb
the figure's clause hangs on ("..., the Ukrainian government said"), the
object of "according to", or the speaker of the quote the figure sits in
(from the ``quotes`` extractor when it has run). Spans are kept so that the
export can link the claimant to a canonical entity. Caveats are the words
that qualify a figure ("cannot be independently confirmed", "Russia
denies ..."). Where a figure applies is :mod:`crosswire.extract.figures_place`,
as of when :mod:`crosswire.extract.figures_asof`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

    from crosswire.models import Annotation

__all__ = ["REPORTING", "Attribution", "caveats_for", "claimant_for"]

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
    r"\b(?P<party>(?:[A-Z][\w'’.-]{0,60}+\s?){1,3}|officials|authorities|the army|the military)\s+"
    r"(?:has |have |had )?(?:repeatedly |strongly |flatly )?"
    r"(?:denie[sd]|deny|denying|rejects?|rejected|disputes?|disputed|dismisse[sd])\b[^.;]*",
)


@dataclass(frozen=True, slots=True)
class Attribution:
    """The claimant of a figure as written, with its span in the article text."""

    text: str
    start: int
    end: int
    via: str  # "reporting_verb", "according_to", "quote"


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
    if subj.ent_type_ in ("ORG", "NORP", "GPE") and subj.ent_iob_ in ("B", "I"):
        # the whole name: "The International Committee of the Red Cross", not its head
        while right + 1 < len(doc) and doc[right + 1].ent_iob_ == "I":
            right += 1
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
    nested = _nested_report(doc, span, predicates, holding, annotation)
    if nested is not None:
        return nested
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
    owner = _data_owner(doc, span, predicates)
    if owner is not None:
        return owner
    reported = _reporting_subject(doc, span, predicates, annotation)
    if reported is not None:
        return reported[0]
    aside = _reporting_aside(doc, span)
    if aside is not None:
        return aside
    return _quote_speaker(doc, span, annotation)


_OWNED_DATA = frozenset(
    {"count", "figure", "figures", "tally", "estimate", "estimates", "data", "statistic"}
)
"""Nouns whose possessor gave the number: "Turkey's count of evacuees is 37,500"."""


def _data_owner(doc: Doc, span: Span, predicates: Sequence[Token]) -> Attribution | None:
    """The possessor of a count noun the figure is stated by: "Turkey's count of evacuees is
    37,500", "the army's tally put the dead at 370". A toll's possessor is a place, not a
    claimant ("Mexico's death toll"), so only nouns of counting and estimating count."""
    text = doc_text(doc)
    heads = {t.i for t in predicates} | {span.root.head.i}
    for tok in span.sent:
        if tok.lower_ not in _OWNED_DATA and tok.lemma_.lower() not in _OWNED_DATA:
            continue
        if tok.head.i not in heads and tok.i not in heads:
            continue
        owner = next((c for c in tok.children if c.dep_ == "poss"), None)
        if owner is None or owner.pos_ == "PRON":
            continue
        s, e = _claimant_span(doc, owner)
        return Attribution(text[s:e], s, e, "reporting_verb")
    return None


def _reporting_aside(doc: Doc, span: Span) -> Attribution | None:
    """A reporting clause set off by commas after the figure, however it was parsed: "The
    toll now stands at 230, federal authorities say, after ..."."""
    text = doc_text(doc)
    sent = span.sent
    for tok in sent:
        if tok.i <= span.end or tok.lemma_.lower() not in REPORTING or tok.pos_ not in ("VERB",):
            continue
        words = [doc[i] for i in range(tok.i - 1, max(span.end - 1, tok.i - 9), -1)]
        comma = next((w for w in words if w.text == ","), None)
        if comma is None:
            return None
        between = doc[comma.i + 1 : tok.i]
        if not len(between) or any(t.pos_ in ("VERB", "AUX", "PUNCT") for t in between):
            return None
        subject = [t for t in between if t.dep_ in ("nsubj", "nsubjpass")]
        if not subject or subject[-1].pos_ == "PRON":
            return None
        s, e = _claimant_span(doc, subject[-1])
        return Attribution(text[s:e], s, e, "reporting_verb")
    return None


def _reporting_subject(
    doc: Doc, span: Span, predicates: Sequence[Token], annotation: Annotation | None
) -> tuple[Attribution, Token] | None:
    """The subject of the nearest verb of saying above the figure, with that verb."""
    text = doc_text(doc)
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
                    return Attribution(text[s:e], s, e, "reporting_verb"), tok
            if tok.head.i == tok.i:
                break
            tok = tok.head
    return None


def _nested_report(
    doc: Doc,
    span: Span,
    predicates: Sequence[Token],
    holding: Sequence[Mapping[str, Any]],
    annotation: Annotation | None,
) -> Attribution | None:
    """A figure told inside a quote by a report of its own: "strikes that the Red Cross said
    had left 20 dead, Moscow insisted ...": the Red Cross gives the 20, not Moscow, whose
    quote only holds the clause. The nearer verb of saying inside the quote's content wins."""
    if not holding:
        return None
    found = _reporting_subject(doc, span, predicates, annotation)
    if found is None:
        return None
    attribution, verb = found
    subject = doc.char_span(attribution.start, attribution.end, alignment_mode="expand")
    if subject is None or not len(subject) or subject.root.pos_ == "PRON":
        return None  # "We estimate that 370,000 ...": the quote's speaker says who "we" are
    if subject.start <= span.start < subject.end or span.start <= subject.start < span.end:
        return None  # "the deaths of 25 people were confirmed": about the figure, not by
    if not any(t.dep_ in ("relcl", "acl") for t in (verb, *verb.ancestors)):
        return None  # only a report told in a relative clause inside the statement
    for q in holding:
        start, end = int(q.get("start", 0)), int(q.get("end", 0))
        if start <= verb.idx and verb.idx + len(verb.text) <= end:
            return attribution  # the saying verb is told inside the quote: a nested report
    return None


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
