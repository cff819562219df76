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
   and the hedges of ``EXTRA_VERBS`` with the broad lexicon.

**Sourceless attributions** have ``source`` null, ``speaker`` null,
``speaker_type`` "unknown" and ``speaker_via`` "none": the statement is
reported, but the text names nobody who made it.

Quoted titles and scare quotes (short, no closing punctuation) are not
quotes. A reporting verb with no content ("he said.") gives nothing.

Issue 3 (figures) reads these items from ``inp.earlier["quotes"]``: a figure
inside ``[start, end)`` has ``speaker_span``/``speaker_entity`` as claimant.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from crosswire.extract import ExtractionInput, Item
from crosswire.extract.quotes_clause import (
    according_to,
    content_span,
    cue_span,
    cue_tokens,
    possessor,
    source_head,
    source_span,
    trim_source,
    widen_cue,
)
from crosswire.extract.quotes_colon import colon_attributions
from crosswire.extract.quotes_fallback import (
    mention_before,
    name_tokens,
    rest_of_sentence,
    same_paragraph,
    trailing_clause,
)
from crosswire.extract.quotes_lexicon import (
    BELIEF_VERBS,
    EXTRA_VERBS,
    MEDIUM_WORDS,
    NEWS_WORDS,
    QUOTE_ONLY_VERBS,
    SPEECH_VERBS,
    STANCE_VERBS,
    TWEET_VERBS,
)
from crosswire.extract.quotes_marks import Quoted, find_quoted, is_speech_like, paragraph_bounds
from crosswire.extract.quotes_signature import signed_quotations
from crosswire.extract.quotes_speaker import Speaker, SpeakerResolver
from crosswire.extract.quotes_tagger import (
    TaggedAttribution,
    load_tagger,
    span_root,
    tag_attributions,
    tidy_tagged_source,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from crosswire.link.entity_index import EntityIndex
    from crosswire.models import Annotation

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

_MEDIUM_PREPS = frozenset({"on", "in", "via", "through", "during", "at", "over"})
_GAP_OK = frozenset(" \t\n,—–-")


@dataclass(slots=True)
class Attribution:
    """One attributed statement before it becomes an export item (character spans)."""

    content: tuple[int, int]
    cue: tuple[int, int]
    source: tuple[int, int] | None
    speaker: Speaker
    kind: str
    medium: str | None
    group: int = -1


def _chars(doc: Doc, lo: int, hi: int) -> tuple[int, int]:
    last = doc[hi - 1]
    return doc[lo].idx, last.idx + len(last.text)


def _medium(tok: Token, text: str) -> str | None:
    """The channel of a statement: "on the Telegram messaging app", "Reuters" (told), "Twitter"."""
    if tok.lemma_.lower() in TWEET_VERBS:
        return "Twitter"
    doc = tok.doc
    for child in tok.rights:
        low = child.lower_
        if child.dep_ == "prep" and low in _MEDIUM_PREPS:
            words = {t.lower_ for t in child.subtree}
            if words & MEDIUM_WORDS:
                lo, hi = _chars(doc, child.left_edge.i, child.right_edge.i + 1)
                return text[lo:hi]
        if tok.lemma_.lower() == "tell" and child.dep_ in {"dative", "dobj"}:
            words = {t.lower_ for t in child.subtree}
            if child.ent_type_ == "ORG" or words & NEWS_WORDS:
                lo, hi = _chars(doc, child.left_edge.i, child.right_edge.i + 1)
                return text[lo:hi]
    return None


class _Quotes:
    """The quotations of one article with a fast "which quote holds this offset" lookup."""

    def __init__(self, text: str) -> None:
        self.all = find_quoted(text)
        self.speech = [q for q in self.all if is_speech_like(text, q)]
        self.speech_starts = [q.start for q in self.speech]
        self.speech_ends = [q.end for q in self.speech]
        self._starts = [q.start for q in self.all]

    def holding(self, pos: int) -> Quoted | None:
        i = bisect.bisect_right(self._starts, pos) - 1
        if i >= 0 and self.all[i].start <= pos < self.all[i].end:
            return self.all[i]
        return None

    def within(self, lo: int, hi: int) -> list[Quoted]:
        i = bisect.bisect_left(self._starts, lo)
        out = []
        while i < len(self.all) and self.all[i].start < hi:
            out.append(self.all[i])
            i += 1
        return out


def _heal(quotes: _Quotes, span: tuple[int, int]) -> tuple[int, int]:
    """Extend a span that stops just short of the closing mark of a quote it opened."""
    q = quotes.holding(span[1] - 1)
    if q is not None and q.start >= span[0] and span[1] < q.end <= span[1] + 2:
        return span[0], q.end
    return span


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
    text: str, quotes: _Quotes, clause: tuple[int, int], cue_end: int
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


def _content_kind(
    text: str, quotes: _Quotes, content: tuple[int, int]
) -> tuple[tuple[int, int], str]:
    """Widen ``content`` over the quotations it touches and tell direct, mixed or indirect."""
    inside = quotes.within(content[0] - 1, content[1])
    touching = [q for q in inside if q.end > content[0]]
    if not touching:
        return content, "indirect"
    lo = min(content[0], touching[0].start)
    hi = max(content[1], touching[-1].end)
    outside = text[lo:hi]
    for q in reversed(touching):
        outside = outside[: q.start - lo] + outside[q.end - lo :]
    words_outside = len([w for w in outside.split() if any(ch.isalnum() for ch in w)])
    if words_outside == 0 and all(q in quotes.speech or q.single is False for q in touching):
        return (lo, hi), "direct"
    return (lo, hi), "mixed"


def find_attributions(
    doc: Doc,
    annotation: Annotation,
    lemmas: frozenset[str] = CUE_LEMMAS,
    tagger: Any | None = None,
) -> list[Attribution]:
    """Every attributed statement in ``doc``, in text order (see the module doc).

    With a ``tagger`` (:func:`.quotes_tagger.load_tagger`), the attributions the trained
    model finds and the rules do not are added (:func:`_add_tagged`)."""
    text = doc.text
    quotes = _Quotes(text)
    resolver = SpeakerResolver(doc, annotation, [(q.start, q.end) for q in quotes.all], text)
    paragraphs = paragraph_bounds(text)
    found: list[tuple[Token, Token, tuple[int, int], tuple[int, int], str, tuple[int, int]]] = []
    for tok in cue_tokens(doc, lemmas):
        if quotes.holding(tok.idx) is not None:
            continue  # a reporting verb inside a quotation belongs to a nested statement
        c_lo, c_hi = cue_span(tok)
        cue = _chars(doc, c_lo, c_hi)
        if tok.lower_ == "according":
            head, clause = according_to(tok)
            if head is None or clause is None:
                continue
            src_tok = (head.left_edge.i, head.right_edge.i + 1)
            content = _clip_paragraph(text, _chars(doc, *clause), cue)
        else:
            head = source_head(tok)
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
            src_chars = _heal(quotes, _chars(doc, *src_tok))
            clause = (min(src_chars[0], cue[0]), max(src_chars[1], cue[1]))
            if span is not None:
                content = _clip_paragraph(text, _chars(doc, *span), cue)
            else:
                q = _adjacent_quote(text, quotes, clause, cue[1])
                trailing = trailing_clause(tok, c_lo) if q is None else None
                if q is not None:
                    content = (q.start, q.end)
                elif trailing is not None:
                    head, src_tok, span = trailing
                    content = _chars(doc, *span)
                else:
                    continue  # "he said." with nothing said
            if span is not None and not quotes.within(content[0], content[1]):
                q = _adjacent_quote(text, quotes, clause, cue[1])
                if q is not None and q.end <= clause[0] and content[1] <= q.end:
                    content = (q.start, q.end)
        content, kind = _content_kind(text, quotes, content)
        if tok.lower_ != "according":
            c_tok = doc.char_span(content[0], content[1], alignment_mode="expand")
            c_start = c_tok.start if c_tok is not None else -1
            cue = _chars(doc, *widen_cue(tok, (c_lo, c_hi), src_tok, c_start))
        found.append((tok, head, src_tok, content, kind, cue))
    # Colon attributions ("Pence: “...”", "Poll: Most voters reject ..."), unless a verb
    # already claimed the words after the colon (“...,” he said); a statement inside the
    # colon's content is then nested in it and dropped below.
    taken = sorted((c[3][0], c[3][1]) for c in found)
    for head, src_tok, colon, content in colon_attributions(doc, resolver, paragraphs):
        i = bisect.bisect_left(taken, (content[0] - 1, -1))
        if i < len(taken) and taken[i][0] <= content[0] + 1:
            continue
        content, kind = _content_kind(text, quotes, content)
        found.append((doc[colon], head, src_tok, content, kind, _chars(doc, colon, colon + 1)))
    # Signed quotations ("“...” ― Sonya Herridge"): the dash is the cue, the name the source.
    for content, dash, name in signed_quotations(text, quotes.all):
        src_span = doc.char_span(name[0], name[1], alignment_mode="expand")
        dash_span = doc.char_span(dash[0], dash[1], alignment_mode="expand")
        if src_span is None or dash_span is None:
            continue
        content, kind = _content_kind(text, quotes, content)
        found.append(
            (dash_span[0], src_span.root, (src_span.start, src_span.end), content, kind, dash)
        )
    # Nested statements: a cue and source inside another statement's content are that
    # speaker's claim ("Stoere said Putin had assured him ...").
    contents = sorted((c[3][0], c[3][1]) for c in found)
    starts = [c[0] for c in contents]
    kept = []
    for item in found:
        lo = min(item[5][0], doc[item[2][0]].idx)
        hi = max(item[5][1], doc[item[2][1] - 1].idx)
        i = bisect.bisect_right(starts, lo) - 1
        nested = False
        while i >= 0 and i >= bisect.bisect_right(starts, lo) - 8:
            if contents[i][0] <= lo and hi < contents[i][1] and contents[i] != item[3]:
                nested = True
                break
            i -= 1
        if not nested:
            kept.append(item)
    kept.sort(key=lambda it: (it[3][0], it[5][0]))
    out: list[Attribution] = []
    for tok, head, src_tok, content, kind, cue in sorted(kept, key=lambda it: it[0].i):
        src = _heal(quotes, _chars(doc, *trim_source(*src_tok, head)))
        speaker = resolver.resolve(head, src)
        role_span = resolver.role_spans.get(speaker.span) if speaker.span else None
        if role_span is not None and role_span[0] < src[0] <= role_span[1] + 1:
            src = (role_span[0], src[1])  # "Leader of the ... separatists Denis Pushilin"
        medium = _medium(tok, text)
        out.append(Attribution(content, cue, src, speaker, kind, medium))
    out.sort(key=lambda a: (a.content[0], a.cue[0]))
    found_all = _continuations(text, quotes, out)
    if tagger is not None:
        tagged = tag_attributions(doc, tagger, text, quotes.all)
        tagged = [t for t in tagged if _shipped_cue(doc, t, lemmas)]
        found_all = _add_tagged(doc, text, quotes, resolver, found_all, tagged)
    return found_all


def _shipped_cue(doc: Doc, tagged: TaggedAttribution, lemmas: frozenset[str]) -> bool:
    """Whether a tagged cue is one crosswire reports. Colons are left to the colon rules
    (:mod:`.quotes_colon`), which keep labels and datelines out; the hedges and acts of
    :data:`EXTRA_VERBS` ("appears to", "released") only with a lexicon that has them."""
    if tagged.cue is None:
        return True
    words = doc[tagged.cue[0] : tagged.cue[1]]
    if all(t.is_punct for t in words):
        return False
    lemma = doc[span_root(doc, *tagged.cue)].lemma_.lower()
    return lemma not in EXTRA_VERBS or lemma in lemmas


_NO_SPEAKER = Speaker(None, "unknown", "none", None)
"""The speaker of a sourceless attribution ("it was reported that ...")."""


def _add_tagged(
    doc: Doc,
    text: str,
    quotes: _Quotes,
    resolver: SpeakerResolver,
    ruled: list[Attribution],
    tagged: list[TaggedAttribution],
) -> list[Attribution]:
    """The rule attributions plus what the tagger finds beyond them.

    The rules come first: they are precise and resolve speakers over split and
    multi-paragraph quotes. A tagged attribution is added only when neither its cue nor its
    content overlaps a rule attribution's cue or content; its content fragments become
    items of one group. When its cue is a rule's cue, its content fragments the rule missed
    (the second half of a split statement) join the rule's statement. A tagged attribution
    without a source keeps ``source`` null and a speaker of kind ``unknown`` (``via`` "none").
    """
    taken = sorted([a.content for a in ruled] + [a.cue for a in ruled])
    starts = [t[0] for t in taken]

    def free(span: tuple[int, int]) -> bool:
        i = bisect.bisect_left(starts, span[1])
        return not any(taken[j][1] > span[0] for j in range(max(0, i - 20), i))

    def join(a: Attribution, content: tuple[int, int]) -> None:
        span, kind = _content_kind(text, quotes, content)
        out.append(Attribution(span, a.cue, a.source, a.speaker, kind, a.medium, a.group))

    out = list(ruled)
    group = max((a.group for a in ruled), default=-1) + 1
    for t in tagged:
        contents = [_chars(doc, *c) for c in t.contents]
        if t.cue is None:
            quoted = [c for c in contents if free(c) and quotes.holding(c[0]) is not None]
            _carry_on(text, out, quoted, join)
            continue
        cue = _chars(doc, *t.cue)
        if not free(cue):
            same = next((a for a in ruled if a.cue[0] < cue[1] and cue[0] < a.cue[1]), None)
            if same is not None and t.source is not None and _unsure(text, same.source):
                # The rules took a subject across a paragraph break (a timestamp or headline
                # of a live blog parsed as the subject): the tagger's source is the better one.
                t_src = tidy_tagged_source(doc, *t.source)
                better = _heal(quotes, _chars(doc, *t_src))
                who = resolver.resolve(doc[span_root(doc, *t_src)], better)
                for listed in (out, ruled):
                    for k, a in enumerate(listed):
                        if a.cue == same.cue:
                            listed[k] = replace(a, source=better, speaker=who)
                same = replace(same, source=better, speaker=who)
            if same is not None:
                for c in contents:
                    if free(c):
                        join(same, c)
            continue
        if not all(free(c) for c in contents):
            continue
        speaker, source = _NO_SPEAKER, None
        if t.source is not None:
            t_src = tidy_tagged_source(doc, *t.source)
            source = _heal(quotes, _chars(doc, *t_src))
            head = doc[span_root(doc, *t_src)]
            speaker = resolver.resolve(head, source)
        medium = _medium(doc[span_root(doc, *t.cue)], text)
        for content in contents:
            span, kind = _content_kind(text, quotes, content)
            out.append(Attribution(span, cue, source, speaker, kind, medium, group))
        group += 1
    out.sort(key=lambda a: (a.content[0], a.cue[0]))
    return out


def _unsure(text: str, source: tuple[int, int] | None) -> bool:
    """Whether a rule's source runs over a paragraph break (PolNeAR sources never do)."""
    return source is not None and "\n" in text[source[0] : source[1]]


def _carry_on(
    text: str,
    out: list[Attribution],
    contents: list[tuple[int, int]],
    join: Callable[[Attribution, tuple[int, int]], None],
) -> None:
    """A quotation tagged as content in a paragraph with no cue continues the closest statement
    before it, when that statement ended in an earlier paragraph not far back (a block quote
    after "X said:"). Only quotations: an unquoted paragraph without a cue (a photo caption,
    narrative) is not made anyone's statement."""
    for content in contents:
        before = [a for a in out if a.content[1] <= content[0]]
        if not before:
            continue
        last = max(before, key=lambda a: a.content[1])
        if "\n" not in text[last.content[1] : content[0]] or content[0] - last.content[1] > 1500:
            continue
        join(last, content)


def _continuations(text: str, quotes: _Quotes, found: list[Attribution]) -> list[Attribution]:
    """Add unclaimed quotations that carry on the previous statement (split, multi-paragraph)."""
    paragraphs = paragraph_bounds(text)
    p_starts = [p[0] for p in paragraphs]

    def para(pos: int) -> int:
        return bisect.bisect_right(p_starts, pos) - 1

    claimed = sorted(a.content for a in found)
    c_starts = [c[0] for c in claimed]

    def is_claimed(q: Quoted) -> bool:
        i = bisect.bisect_right(c_starts, q.start) - 1
        return i >= 0 and claimed[i][0] <= q.start < claimed[i][1]

    items = sorted(found, key=lambda a: a.content[0])
    # Backwards: paragraphs of a quote left open ("“...¶“...,” X said") take the speaker of
    # the paragraph that finally closes it.
    by_start = {a.content[0]: a for a in items}
    for k in range(len(quotes.speech) - 2, -1, -1):
        q, nxt = quotes.speech[k], quotes.speech[k + 1]
        later = by_start.get(nxt.start)
        if q.closed or is_claimed(q) or later is None or later.kind == "indirect":
            continue
        if para(nxt.start) == para(q.start) + 1 and nxt.start == paragraphs[para(nxt.start)][0]:
            cont = Attribution(
                (q.start, q.end), later.cue, later.source, later.speaker, "direct", later.medium
            )
            items.append(cont)
            by_start[q.start] = cont
    items.sort(key=lambda a: a.content[0])
    for n, a in enumerate(items):
        a.group = n
    for a, b in itertools.pairwise(items):
        if b.cue == a.cue and b.source == a.source and b.kind == "direct" == a.kind:
            b.group = a.group
    merged: list[Attribution] = []
    f_i = 0
    last: Attribution | None = None
    for q in quotes.speech:
        while f_i < len(items) and items[f_i].content[0] <= q.start:
            last = items[f_i]
            merged.append(last)
            f_i += 1
        if is_claimed(q) or last is None:
            continue
        if last.kind == "indirect":
            continue
        q_para, last_para = para(q.start), para(last.content[1] - 1)
        gap = text[max(last.content[1], last.cue[1]) : q.start]
        same = q_para == last_para and any(ch in ".:" for ch in gap) and len(gap) < 200
        opens_next = q_para == last_para + 1 and q.start == paragraphs[q_para][0]
        if not (same or opens_next):
            continue
        cont = Attribution(
            (q.start, q.end), last.cue, last.source, last.speaker, "direct", last.medium, last.group
        )
        merged.append(cont)
        last = cont
    merged.extend(items[f_i:])
    return merged


def _span(text: str, span: tuple[int, int] | None) -> dict[str, Any] | None:
    if span is None:
        return None
    return {"start": span[0], "end": span[1], "text": text[span[0] : span[1]]}


class QuoteExtractor:
    """The ``quotes`` extractor (see the module doc). ``lemmas`` are the reporting verbs."""

    name = "quotes"
    version = "3"

    def __init__(self, lemmas: frozenset[str] = CUE_LEMMAS, *, use_model: bool = True) -> None:
        self.lemmas = lemmas
        self.use_model = use_model

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Quote items of one article, in text order."""
        text = inp.article.text
        tagger = load_tagger() if self.use_model else None
        atts = find_attributions(inp.doc, inp.annotation, self.lemmas, tagger)
        items: list[Item] = []
        ids: dict[int, str] = {}
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
                    "source": _span(text, a.source),
                    "speaker": sp.name,
                    "speaker_span": _span(text, sp.span),
                    "speaker_entity": None,
                    "speaker_type": sp.kind,
                    "speaker_via": sp.via,
                    "government_of": sp.government_of,
                    "role": sp.role,
                    "medium": a.medium,
                    "group": group,
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
        out["speaker_entity"] = entity
        ent = entities.get(entity)
        if ent is not None and out.get("role") is None and ent.type == "PERSON" and ent.roles:
            out["role"] = ent.roles[0]
        return out


EXTRACTOR = QuoteExtractor()
