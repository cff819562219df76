"""Quotes: who said what, direct, indirect and mixed, with the speaker resolved.

Analysts weigh a claim by who made it, so every quote carries three spans:
the **content** (what was said; the item's ``start``/``end``), the **cue**
(the reporting words: "said", "told", "according to") and the **source**
(the words naming the speaker, possibly "he" or "the ministry"), plus the
resolved speaker with the span of the name it rests on (``speaker_span``),
its role and the medium ("on the Telegram messaging app").

Three passes, all linear in the length of the report:

1. every cue verb found on the parse (:mod:`.quotes_clause`) gives a
   source and a content: its clausal complement, or a quotation standing
   next to the reporting clause (“...,” he said / She added: “...”). Content
   that is a quotation is ``direct``, a paraphrase containing quoted words is
   ``mixed``, the rest ``indirect``. Reporting verbs inside another quote's
   content (Stoere said Putin had assured him ...) are the outer speaker's
   claim and are not attributed to the inner one;
2. a short name opening a paragraph and followed by a colon is the source
   of what follows ("Zelensky: “...”", "Poll: ...", :mod:`.quotes_colon`);
3. quotations no verb claimed continue the previous quote when they follow
   it in the same paragraph or open the next one (split quotes, quotes over
   several paragraphs); items of one statement share a ``group``;
4. the trained attribution tagger (:mod:`.quotes_tagger`, a CRF trained on
   PolNeAR train) adds what the rules miss: noun and adjective cues ("the
   claim that", "optimistic that"), light verbs ("voiced concern that") and
   sourceless statements ("it was reported that", "Asked whether"). The
   rules keep precedence: a tagged attribution sharing words with a rule's
   cue or content is dropped, except that content fragments it finds for a
   rule's own cue join that statement, and a quotation in a paragraph with
   no cue carries on the statement before it. Colon cues stay with pass 2
   and the hedges of ``EXTRA_VERBS`` with the broad lexicon;
5. a trained filter (:mod:`.quotes_filter`) drops the statements unlikely to
   be attributions at all ("a bulldozer pushed the mound");
6. a trained source check (:mod:`.quotes_source_check`) withholds the source and
   speaker of a kept statement when its source is unlikely to name the speaker at
   all ("a deal that was rejected", "The Latest urges"): a wrong speaker misleads
   an analyst more than an unknown one;
7. a statement nested in a kept statement's content ("Stoere said Putin had assured
   him ...") stays part of the outer statement and, when a trained filter
   (:mod:`.quotes_nested`) accepts it, also becomes a quote of its own whose
   ``reported_by`` is the outer quote's id (items of passes 1-6 keep their ids: nested
   quotes come after them).

Before pass 1, a trained cue model (:mod:`.quotes_cues`) may add verbs outside the
lexicon that PolNeAR counts as attributions in context: acts and intentions of a named
agent ("Sanders has been lobbying the party to ...", "Daniels ruled out a bid"). They go
through the same clause rules but give way to the lexicon's statements: one sharing words
with a lexicon statement is dropped, and none makes a lexicon statement nested. The tagger
runs first, since the cue model weighs a verb by the tagger's marginals.

Where a rule source ends after its head word is learned too
(:mod:`.quotes_bounds`: "Trump in his announcement speech" is "Trump", "one
longtime adviser to Bill Clinton" the whole phrase), and a statement made
inside another speaker's description ("X, who endorsed Y, said ...") is left
to that description, as PolNeAR marks it, unless it reports a remark ("X, who had said
on Sunday that ..., tweeted ...": a clausal complement or quoted words).

**Sourceless attributions** (and those whose source the check withheld) have
``source`` null, ``speaker`` null, ``speaker_type`` "unknown" and ``speaker_via``
"none": the statement is reported, but no one is named as having made it. When the cue
splits such a statement's content ("Temperatures were forecast to fall ..."), the pieces
are one item reading as the sentence does, never a bare subject of their own. An act
handing over an amount ("the fund has released $25 million") states nothing.

Quoted titles and scare quotes (short, no closing punctuation) are not
quotes. A reporting verb with no content ("he said.") gives nothing.

Issue 3 (figures) reads these items from ``inp.earlier["quotes"]``: a figure
inside ``[start, end)`` has ``speaker_span``/``speaker_entity`` as claimant.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text
from crosswire.extract import ExtractionInput, Item
from crosswire.extract.quotes_bounds import SourceBounds, limit_of, load_bounds
from crosswire.extract.quotes_clause import (
    according_to,
    content_span,
    cue_span,
    cue_tokens,
    possessor,
    source_head,
    source_span,
    survey_source,
    trim_source,
    widen_cue,
)
from crosswire.extract.quotes_colon import colon_attributions
from crosswire.extract.quotes_cue_class import cue_class
from crosswire.extract.quotes_cues import (
    CueModel,
    cue_features,
    load_cues,
    neighbourhood,
    verb_candidates,
)
from crosswire.extract.quotes_fallback import (
    mention_before,
    name_tokens,
    object_content,
    rest_of_sentence,
    same_paragraph,
    trailing_clause,
)
from crosswire.extract.quotes_filter import (
    AttributionFilter,
    filter_attributions,
    group_features,
    groups_of,
    load_filter,
)
from crosswire.extract.quotes_lexicon import (
    BELIEF_VERBS,
    EXTRA_VERBS,
    QUOTE_ONLY_VERBS,
    SPEECH_VERBS,
    STANCE_VERBS,
)
from crosswire.extract.quotes_marks import Quoted, paragraph_bounds
from crosswire.extract.quotes_merge import add_tagged, shipped_cue
from crosswire.extract.quotes_nested import NestedFilter, add_nested, load_nested, split_nested
from crosswire.extract.quotes_pieces import carry_on_quotes, join_around_cue
from crosswire.extract.quotes_precedence import Found, beside_lexicon, outside_sources
from crosswire.extract.quotes_signature import signed_quotations
from crosswire.extract.quotes_source_check import SourceCheck, check_sources, load_source_check
from crosswire.extract.quotes_speaker import SpeakerResolver
from crosswire.extract.quotes_statements import (
    Attribution,
    QuoteIndex,
    chars,
    content_kind,
    heal,
    medium_of,
)
from crosswire.extract.quotes_tagger import (
    TaggedAttribution,
    load_tagger,
    tag_attributions,
)
from crosswire.extract.quotes_univocal import univocal_sources

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from crosswire.link.entity_index import EntityIndex
    from crosswire.models import Annotation

# Entity types that name a place: never the canonical entity of a person or a body.
_PLACE_TYPES = frozenset({"GPE", "LOC"})

__all__ = [
    "BROAD_LEMMAS",
    "CUE_LEMMAS",
    "EXTRACTOR",
    "Attribution",
    "QuoteExtractor",
    "find_attributions",
]

CUE_LEMMAS = SPEECH_VERBS | BELIEF_VERBS | STANCE_VERBS
"""The shipped cue verbs: speech ("said"), belief and finding ("believes", "the poll shows")
and stance ("endorsed", "declined to"), all claims an analyst weighs by who made them."""

BROAD_LEMMAS = CUE_LEMMAS | EXTRA_VERBS
"""Plus hedges and acts PolNeAR also annotates ("appears to", "released"): its broader notion."""

_GAP_OK = frozenset(" \t\n,—–-")


def _clip_paragraph(text: str, span: tuple[int, int], cue: tuple[int, int]) -> tuple[int, int]:
    """Keep a parse-derived content span inside the cue's paragraph (the parser may run a
    sentence across a paragraph break); then strip stray spaces and punctuation at the ends."""
    lo, hi = span
    brk = text.rfind("\n", lo, min(hi, cue[0]))
    if brk >= 0:
        lo = brk + 1
    brk = text.find("\n", max(lo, cue[1]), hi)
    if brk >= 0 and cue[1] <= brk:
        hi = brk
    while lo < hi and (text[lo].isspace() or text[lo] in ",;:.”"):
        lo += 1
    while hi > lo and (text[hi - 1].isspace() or text[hi - 1] in ",;:"):
        hi -= 1
    return (lo, hi) if hi > lo else span


def _adjacent_quote(
    text: str, quotes: QuoteIndex, clause: tuple[int, int], cue_end: int
) -> Quoted | None:
    """A speech quotation right before the reporting clause (“...,” he said) or announced by
    it ("He added: “..."); ``clause`` spans the source and cue characters."""
    i = bisect.bisect_left(quotes.speech_ends, clause[0] + 1) - 1
    if i >= 0:
        q = quotes.speech[i]
        if q.end <= clause[0] and all(ch in _GAP_OK for ch in text[q.end : clause[0]]):
            return q
    j = bisect.bisect_left(quotes.speech_starts, cue_end)
    if j < len(quotes.speech):
        q = quotes.speech[j]
        gap = text[cue_end : q.start]
        if gap.rstrip().endswith(":") and "." not in gap and len(gap) < 120:
            return q
        if gap.strip() in {",", ""} and "\n" not in gap:
            return q
    return None


def _amount_handed_over(doc: Doc, tok: Token, content: tuple[int, int]) -> bool:
    """An act whose object is an amount of money or a quantity ("the fund has released $25
    million", "sent 40 tonnes of flour") hands something over; it states nothing. Verbs of
    saying, belief and stance keep such objects: "proposed $275 billion", "estimates $5
    billion in damage" are claims."""
    if tok.lemma_.lower() in CUE_LEMMAS:
        return False
    span = doc.char_span(content[0], content[1], alignment_mode="expand")
    if span is None or not len(span):
        return False
    first = next((t for t in span if not t.is_punct), span[0])
    if first.lower_ in {"about", "around", "nearly", "some", "over", "almost", "another"}:
        first = doc[min(first.i + 1, span.end - 1)]
    return first.ent_type_ in {"MONEY", "QUANTITY"} or first.tag_ == "$"


def find_attributions(
    doc: Doc,
    annotation: Annotation,
    lemmas: frozenset[str] = CUE_LEMMAS,
    tagger: Any | None = None,
    attribution_filter: AttributionFilter | None = None,
    bounds: SourceBounds | None = None,
    marginals: dict[int, tuple[float, float]] | None = None,
    cue_model: CueModel | None = None,
    source_check: SourceCheck | None = None,
    nested_filter: NestedFilter | None = None,
    nested_scored: list[tuple[Attribution, list[str]]] | None = None,
) -> list[Attribution]:
    """Every attributed statement in ``doc``, in text order (see the module doc).

    With a ``tagger`` (:func:`.quotes_tagger.load_tagger`), the attributions the trained
    model finds and the rules do not are added (:func:`.quotes_merge.add_tagged`). An
    ``attribution_filter`` (:func:`.quotes_filter.load_filter`) then drops the statements and
    sources it rejects, and ``bounds`` (:func:`.quotes_bounds.load_bounds`) sets where rule
    sources end. ``marginals``, when given, receives the tagger's per-token cue and source
    probabilities (the filter's training reads them). A ``nested_filter``
    (:func:`.quotes_nested.load_nested`) adds, after the statements above, the statements
    nested in a kept statement's content that it accepts, each with ``parent`` set;
    ``nested_scored`` receives every nested candidate with its features."""
    text = doc_text(doc)
    quotes = QuoteIndex(text)
    resolver = SpeakerResolver(doc, annotation, [(q.start, q.end) for q in quotes.all], text)
    paragraphs = paragraph_bounds(text)
    found: list[Found] = []
    tokens = list(cue_tokens(doc, lemmas))
    verbs = verb_candidates(doc, lemmas, quotes) if cue_model is not None else []
    tagged: list[TaggedAttribution] = []
    # A verb's source head is read up to twice (for the marginals wanted, then for its
    # statement) and the cue model's verbs come with theirs: each is found once.
    heads: dict[int, Token | None] = {v.i: subj for v, subj in verbs}

    def head_of(tok: Token) -> Token | None:
        if tok.i not in heads:
            heads[tok.i] = source_head(tok)
        return heads[tok.i]

    if tagger is not None:
        # The tagger runs before the rules: the cue model weighs its verbs by the tagger's
        # marginals, and the filter reads them for the statements' cue and source words.
        # Reading them for every word would add a fifth to the extractor's time, so only the
        # words around each cue verb are read (a word outside reads as 0, like a word the
        # tagger never saw; on PolNeAR dev this changes no statement).
        wanted: set[int] = set()
        for tok in tokens:
            wanted.update(neighbourhood(tok, head_of(tok) if tok.pos_ in {"VERB", "AUX"} else None))
        for verb, subj in verbs:
            wanted.update((verb.i, subj.i))
        marginals = {} if marginals is None else marginals
        marginals.update(dict.fromkeys(wanted, (0.0, 0.0)))
        tagged = tag_attributions(doc, tagger, text, quotes.all, marginals)
    proposed: set[int] = set()
    if cue_model is not None:
        seen = marginals if tagger is not None else None
        more = [v for v, subj in verbs if cue_model.says_yes(cue_features(v, subj, seen))]
        proposed = {t.i for t in more}
        tokens = sorted(tokens + more, key=lambda t: t.i)
    for tok in tokens:
        if quotes.holding(tok.idx) is not None:
            continue  # a reporting verb inside a quotation belongs to a nested statement
        c_lo, c_hi = cue_span(tok)
        cue = chars(doc, c_lo, c_hi)
        if tok.lower_ == "according":
            head, clause = according_to(tok)
            if head is None or clause is None:
                continue
            src_tok = (head.left_edge.i, head.right_edge.i + 1)
            content = _clip_paragraph(text, chars(doc, *clause), cue)
        else:
            head = head_of(tok)
            head = (survey_source(tok, head) or head) if head is not None else None
            before = mention_before(resolver, tok) if head is None else None
            head = head or before
            if head is None or quotes.holding(head.idx) is not None:
                continue
            owner = possessor(head) if before is None else None
            head = owner or head
            src_tok = source_span(head) if before is None else name_tokens(resolver, head)
            quote_only = tok.lemma_.lower() in QUOTE_ONLY_VERBS
            span = None if quote_only else content_span(tok, src_tok)
            if span is not None and not same_paragraph(paragraphs, doc, span, cue):
                span = None  # the parser ran a sentence over a paragraph break
            if span is None and not quote_only:
                span = rest_of_sentence(tok, c_hi, paragraphs)
            if span is not None and span[1] - span[0] < 2 and doc[span[0]].is_alpha:
                # "demands Ukraine": a lone word is not a statement, but whom a speaker
                # endorses or opposes is their stance ("Ryan endorsed Trump").
                lone = doc[span[0]]
                stance = tok.lemma_.lower() in STANCE_VERBS and lone.pos_ in {"PROPN", "PRON"}
                if not stance or lone.lower_ in {"it", "this", "that", "so"}:
                    span = None
            src_chars = heal(quotes, chars(doc, *src_tok))
            clause = (min(src_chars[0], cue[0]), max(src_chars[1], cue[1]))
            if span is not None:
                content = _clip_paragraph(text, chars(doc, *span), cue)
            else:
                q = _adjacent_quote(text, quotes, clause, cue[1])
                trailing = trailing_clause(tok, c_lo) if q is None else None
                if q is not None:
                    content = (q.start, q.end)
                elif trailing is not None:
                    head, src_tok, span = trailing
                    content = chars(doc, *span)
                elif tok.i not in proposed and (obj := object_content(tok, c_hi)) is not None:
                    content = _clip_paragraph(text, chars(doc, *obj), cue)
                else:
                    continue  # "he said." with nothing said
            if span is not None and not quotes.within(content[0], content[1]):
                q = _adjacent_quote(text, quotes, clause, cue[1])
                if q is not None and q.end <= clause[0] and content[1] <= q.end:
                    content = (q.start, q.end)
        if tok.lower_ != "according" and _amount_handed_over(doc, tok, content):
            continue
        content, kind = content_kind(text, quotes, content)
        if tok.lower_ != "according":
            c_tok = doc.char_span(content[0], content[1], alignment_mode="expand")
            c_start = c_tok.start if c_tok is not None else -1
            cue = chars(doc, *widen_cue(tok, (c_lo, c_hi), src_tok, c_start))
        found.append((tok, head, src_tok, content, kind, cue))
    # Colon attributions ("Pence: “...”", "Poll: Most voters reject ..."), unless a verb
    # already claimed the words after the colon (“...,” he said); a statement inside the
    # colon's content is then nested in it and dropped below.
    taken = sorted((c[3][0], c[3][1]) for c in found)
    for head, src_tok, colon, content in colon_attributions(doc, resolver, paragraphs):
        i = bisect.bisect_left(taken, (content[0] - 1, -1))
        if i < len(taken) and taken[i][0] <= content[0] + 1:
            continue
        content, kind = content_kind(text, quotes, content)
        found.append((doc[colon], head, src_tok, content, kind, chars(doc, colon, colon + 1)))
    # Signed quotations ("“...” ― Sonya Herridge"): the dash is the cue, the name the source.
    for content, dash, name in signed_quotations(text, quotes.all):
        src_span = doc.char_span(name[0], name[1], alignment_mode="expand")
        dash_span = doc.char_span(dash[0], dash[1], alignment_mode="expand")
        if src_span is None or dash_span is None:
            continue
        content, kind = content_kind(text, quotes, content)
        found.append(
            (dash_span[0], src_span.root, (src_span.start, src_span.end), content, kind, dash)
        )
    # A verb the cue model proposed gives way to the lexicon's: its statement is dropped when
    # it shares words with a lexicon statement's cue or content ("Ukraine was seeing “...”, he
    # added": the seeing is what he added), and its content never makes one nested.
    if proposed:
        found = beside_lexicon(found, proposed)
    # Nested statements: a cue and source inside another statement's content are that
    # speaker's claim ("Stoere said Putin had assured him ..."); the nested one may come back
    # as a quote of its own, reported by the outer statement (:mod:`.quotes_nested`).
    kept, nested = split_nested(found)
    kept.sort(key=lambda it: (it[3][0], it[5][0]))
    kept = outside_sources(kept)
    out = [
        _attribution(item, text, resolver, quotes, bounds, proposed)
        for item in sorted(kept, key=lambda it: it[0].i)
    ]
    out.sort(key=lambda a: (a.content[0], a.cue[0]))
    found_all = carry_on_quotes(text, quotes, out)
    if tagger is not None:
        tagged = [t for t in tagged if shipped_cue(doc, t, lemmas)]
        found_all = add_tagged(doc, text, quotes, resolver, found_all, tagged)
    if attribution_filter is not None or source_check is not None:
        # The filter and the source check read the same features: compute them once.
        features = {
            g: group_features(doc, text, items, marginals)
            for g, items in groups_of(found_all).items()
        }
        if attribution_filter is not None:
            found_all = filter_attributions(
                doc, text, found_all, attribution_filter, marginals, features
            )
        if source_check is not None:
            found_all = check_sources(doc, text, found_all, source_check, marginals, features)
    if nested and (nested_filter is not None or nested_scored is not None):
        candidates = [
            (_attribution(item, text, resolver, quotes, bounds, proposed), holder[3], holder[5])
            for item, holder in nested
        ]
        found_all = add_nested(
            doc, text, found_all, candidates, nested_filter, marginals, nested_scored
        )
    return univocal_sources(doc, join_around_cue(text, found_all))


def _attribution(
    item: Found,
    text: str,
    resolver: SpeakerResolver,
    quotes: QuoteIndex,
    bounds: SourceBounds | None,
    proposed: set[int],
) -> Attribution:
    """A rule statement with its source's end set, its speaker resolved and its medium."""
    tok, head, src_tok, content, kind, cue = item
    doc = tok.doc
    lo, hi = trim_source(*src_tok, head)
    if bounds is not None and tok.is_alpha:
        limit, inverted = limit_of(head, cue, content)
        hi = bounds.right_end(head, lo, hi, limit, inverted)
    src = heal(quotes, chars(doc, lo, hi))
    speaker = resolver.resolve(head, src)
    role_span = resolver.role_spans.get(speaker.span) if speaker.span else None
    if role_span is not None and role_span[0] < src[0] <= role_span[1] + 1:
        src = (role_span[0], src[1])  # "Leader of the ... separatists Denis Pushilin"
    medium = medium_of(tok, text)
    origin = "according" if tok.lower_ == "according" else "mark" if tok.is_punct else "verb"
    if tok.i in proposed:
        origin = "model"
    return Attribution(content, cue, src, speaker, kind, medium, origin=origin)


_GLUED_DASHES = frozenset("-–—―")


def _undashed(text: str, span: tuple[int, int] | None) -> tuple[int, int] | None:
    """ "-Philip Bump illustrates ...": a list dash glued to the name is not part of it."""
    while span is not None and span[1] - span[0] > 1 and text[span[0]] in _GLUED_DASHES:
        span = (span[0] + 1, span[1])
    return span


def _span(text: str, span: tuple[int, int] | None) -> dict[str, Any] | None:
    if span is None:
        return None
    return {"start": span[0], "end": span[1], "text": text[span[0] : span[1]]}


class QuoteExtractor:
    """The ``quotes`` extractor (see the module doc). ``lemmas`` are the reporting verbs."""

    name = "quotes"
    version = "13"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("quotes",)

    def __init__(self, lemmas: frozenset[str] = CUE_LEMMAS, *, use_model: bool = True) -> None:
        self.lemmas = lemmas
        self.use_model = use_model

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Quote items of one article, in text order, then the nested statements."""
        text = inp.article.text
        tagger = load_tagger() if self.use_model else None
        kept = load_filter() if self.use_model else None
        bounds = load_bounds() if self.use_model else None
        cues = load_cues() if self.use_model else None
        check = load_source_check() if self.use_model else None
        nested = load_nested() if self.use_model else None
        atts = find_attributions(
            inp.doc,
            inp.annotation,
            self.lemmas,
            tagger,
            kept,
            bounds,
            cue_model=cues,
            source_check=check,
            nested_filter=nested,
        )
        items: list[Item] = []
        ids: dict[int, str] = {}
        qids = {id(a): f"{inp.article.id}:q{n}" for n, a in enumerate(atts)}
        for n, a in enumerate(atts):
            qid = f"{inp.article.id}:q{n}"
            group = ids.setdefault(a.group, qid)
            sp = a.speaker
            items.append(
                {
                    "id": qid,
                    "article": inp.article.id,
                    "start": a.content[0],
                    "end": a.content[1],
                    "text": text[a.content[0] : a.content[1]],
                    "kind": a.kind,
                    "cue": _span(text, a.cue),
                    "cue_class": cue_class(inp.doc, a.cue),
                    "source": _span(text, _undashed(text, a.source)),
                    "speaker": sp.name,
                    "speaker_span": _span(text, sp.span),
                    "speaker_entity": None,
                    "speaker_type": sp.kind,
                    "speaker_via": sp.via,
                    "government_of": sp.government_of,
                    "role": sp.role,
                    "medium": a.medium,
                    "group": group,
                    "reported_by": qids.get(id(a.parent)) if a.parent is not None else None,
                }
            )
        return items

    def finalize(self, item: Item, entities: EntityIndex) -> Item:
        """Fill ``speaker_entity`` from the speaker's name span (the antecedent for a pronoun)
        and a missing person's role from the canonical entity's roles."""
        out = dict(item)
        span = item.get("speaker_span")
        entity = None
        if span and item.get("speaker_type") in {"person", "organisation"}:
            entity = entities.entity_at(item["article"], span["start"], span["end"])
            found = entities.get(entity)
            if found is not None and found.type in _PLACE_TYPES:
                # "Mariupol's mayor", "Mariupol city authorities": the place only modifies
                # the speaker; filing the mayor's words under the city would merge every
                # official of that place into one "speaker".
                entity = None
        out["speaker_entity"] = entity
        ent = entities.get(entity)
        if ent is not None and out.get("role") is None and ent.type == "PERSON" and ent.roles:
            out["role"] = ent.roles[0]
        return out


EXTRACTOR = QuoteExtractor()
