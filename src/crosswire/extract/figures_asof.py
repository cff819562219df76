"""As of when a figure stands: the day its clause states, the day it was said, or the report's.

"Up to 170,000 remained trapped" in a report published on 1 April may be the
mayor's figure of 31 March; "said on Sunday that 12,141 buildings ..." dates
the count to Sunday. The as-of date is the stated date of the figure's clause,
else the day the statement was made when the article tells it, else the day the
article mostly reports on, else its publication date, and the item says which.
Reconciliation reads "changed over time" off these dates, so a figure dated a
day off turns agreement into change.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

from crosswire.doctext import doc_text
from crosswire.extract.figures_attrib import REPORTING, Attribution
from crosswire.extract.figures_context_words import measure_words, noun_measures
from crosswire.extract.time_lexicon import MONTHS, WEEKDAYS

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "article_reference_date",
    "news_day",
    "resolve_date",
    "stated_date",
    "statement_date",
]

#: Third-person pronouns that continue the previous sentence's speaker.
_THIRD_PERSON = frozenset({"he", "she", "they", "it"})


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


_DATE_PARTS = frozenset(
    {"compound", "nmod", "amod", "npadvmod", "nummod", "det", "case", "quantmod"}
)


def _dates_an_event(tok: Token, antecedents: set[int]) -> bool:
    """A day that modifies the event a count's clause is told of as its agent, not the count:
    "Tuesday's quake has now killed 333", "the Sept. 19 quake left 74 dead", "the quake on
    Tuesday killed 19 children": the day of the cause, not the day the count stands at. A
    day on a count's own noun ("Monday's figure of 313,000", "the toll on Tuesday",
    ``dating_nouns.txt``) or on the counted noun ("Monday's 40 deaths") still dates it, and
    so does the event the people were caught in ("killed in a shooting on Sunday"), unless
    the figure's clause is a relative clause on it (``antecedents``): "the attack on Monday,
    in which around 20 people were killed" told three days later gives the day of the
    attack, not of the count."""
    root = tok
    while (
        root.dep_ in _DATE_PARTS
        and root.head.i != root.i
        and root.head.ent_type_ in ("DATE", "TIME")
    ):
        root = root.head  # through the date's own words: "Sept. 19", "last week's"
    if root.dep_ in ("poss", "compound", "nmod", "amod"):
        noun = root.head
    elif root.dep_ == "pobj" and root.head.dep_ == "prep" and root.head.lower_ == "on":
        noun = root.head.head
    else:
        return False
    agent = noun.dep_ == "nsubj" or (noun.dep_ == "appos" and noun.head.dep_ == "nsubj")
    agent = agent or noun.i in antecedents
    if noun.pos_ != "NOUN" or noun.ent_type_ in ("DATE", "TIME") or not agent:
        return False
    lemma = noun.lemma_.lower()
    dating = measure_words("dating_nouns")
    return not (lemma in dating or noun.lower_ in dating or (noun.lower_ in noun_measures()))


def _antecedents(predicates: Sequence[Token]) -> set[int]:
    """The heads above the relative clause a figure's predicate sits in: "the attack on
    Monday on a convoy, in which around 20 people were killed" -> the convoy, the attack and
    above."""
    out: set[int] = set()
    for p in predicates[:1]:
        cur, beyond = p, False
        while cur.head.i != cur.i:
            beyond = beyond or cur.dep_ == "relcl"
            cur = cur.head
            if beyond:
                out.add(cur.i)
    return out


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
        if cur.dep_ in ("relcl", "acl"):
            return True  # "counting the people evacuated on Thursday, the total is 25,000"
        cur = cur.head


_AS_OF = re.compile(r"\bas (?:of|at)\s+$", re.IGNORECASE)
"""Words that date a count itself, whatever day it was told: "3,338 dead as of Sept. 28"."""
_OTHER_TIME = re.compile(r"\b(?:from|compared (?:with|to)|against|than)\b", re.IGNORECASE)
"""Between a figure and an "as of" day: the day belongs to another figure ("40, up from 20
as of Friday")."""


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
    text = doc_text(doc)
    for start, d in dated:
        # "had reached 3,338 ... as of Sept. 28", said on Wednesday: the data's own day
        between = text[min(span.end_char, start) : max(span.end_char, start)]
        if (
            _AS_OF.search(text[max(sent.start_char, start - 10) : start])
            and not _OTHER_TIME.search(between)
            and (published is None or d <= published)
        ):
            return d
    clause = {p.i for p in predicates}
    for p in predicates:
        clause.update(a.i for a in p.ancestors)
    antecedents = _antecedents(predicates)
    verb = (
        next(
            (t for t in (*predicates, *predicates[0].ancestors) if t.pos_ in ("VERB", "AUX")), None
        )
        if predicates
        else None
    )
    own = {p.i for p in predicates} | ({verb.i} if verb is not None else set())
    perfect = verb is not None and _present_perfect(verb)
    for start, d in dated:
        tok = doc.char_span(start, start + 1, alignment_mode="expand")
        if tok is None:
            continue
        t = tok[0]
        if perfect and not ({a.i for a in t.ancestors} & own):
            # "Last week insurgents struck ..., sparking fighting that has left more than 100
            # dead": the perfect gives the total up to now, the date the attack's day
            continue
        if (
            _names_the_cause(t, clause)
            or _starts_or_dates_another(t, clause)
            or _dates_an_event(t, antecedents)
        ):
            continue
        heads = {a.i for a in t.ancestors}
        if heads & clause and (published is None or d <= published):
            return d
    return None


def _present_perfect(verb: Token) -> bool:
    """ "has left", "have been killed", "has risen": a total up to the time of telling."""
    return verb.tag_ == "VBN" and any(
        c.dep_ == "aux" and c.lower_ in ("has", "have") for c in verb.children
    )


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


_DAY_BEFORE = frozenset({"yesterday", "last night"})
_LEDE_SENTENCES = 2


def news_day(doc: Doc, timexes: Sequence[Mapping[str, Any]], published: date | None) -> date | None:
    """The day the report's news is told as of: its publication day, or the day before in a
    day-after paper whose lede dates its news "yesterday" ("Yesterday, two days after the
    quake, rescuers ..."): wire copy of one day printed the next, so what it says "now"
    ("have brought out 60 survivors", "officials said") stands on the day before."""
    if published is None or not timexes:
        return published
    text = doc_text(doc)
    body = text.find("\n")
    if body < 0:
        return published
    sents = [s for s in doc.sents if s.start_char > body and s.text.strip()][:_LEDE_SENTENCES]
    if not sents:
        return published
    lede = [
        t for t in timexes if sents[0].start_char <= int(t.get("start", -1)) < sents[-1].end_char
    ]
    if not lede:
        return published
    first = min(lede, key=lambda t: int(t["start"]))
    words = text[int(first["start"]) : int(first["end"])].lower().strip()
    return published - timedelta(days=1) if words in _DAY_BEFORE else published


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
                said_by in _THIRD_PERSON and other.end == sent.start
            ):
                return d
    seen = Counter(d for _, d in dated)
    if not seen:
        return None
    (best, n), *_ = sorted(seen.items(), key=lambda kv: (-kv[1], -kv[0].toordinal()))
    return best if n >= 2 else None
