"""Recognising temporal expressions: a table of patterns, longest match wins.

Recognition is separate from resolution (:mod:`time_resolve`) so the same
span rules serve articles with and without a publication date: a pattern
only says *what kind* of expression it saw and hands over its parts (month,
day, count, unit, modifier). Rules are regular expressions in the spirit of
HeidelTime: transparent, fast, and fixable one error at a time against
TempEval-3. Overlapping matches are settled by length, then rule order.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from crosswire.extract.time_lexicon import (
    FULL_MONTHS_RE,
    MONTH_RE,
    NUM_RE,
    SPELLED_YEAR_RE,
    UNIT_RE,
    WEEKDAY_RE,
    ZONE_RE,
)

__all__ = ["Candidate", "find_candidates"]

_B = r"(?<![\w'’-])"  # left word boundary that also refuses "-March", "'90"
_E = r"(?![\w])"
_POD = r"(?i:morning|afternoon|evening|night)"
_ORD = r"(?i:first|second|third|fourth|1st|2nd|3rd|4th)"
_YEAR_REL = r"(?P<yrel2>(?i:last|next|this))\s+(?i:year)"
"""A year named relative to the anchor after "of": "the first quarter of last year"."""

_DAYNUM = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_YEAR = r"(?P<year>1[6-9]\d\d|20\d\d)"
_REL = (
    r"(?P<rel>(?i:this|last|next|past|previous|coming|current|following|the\s+current|the\s+full|"
    r"the\s+latest|the\s+same|that|the))"
)
_EDGE = (
    r"(?P<edge>(?i:earlier|later|early|late|the\s+end\s+of|the\s+beginning\s+of|"
    r"the\s+start\s+of|the\s+middle\s+of|the\s+rest\s+of|mid-?)\s*)"
)
_PERIOD = (
    r"(?P<unit>(?i:week|weekend|month|year|quarter|decade|century|spring|summer|fall|autumn|"
    r"winter|fiscal\s+year|half|period))"
)
_COUNTED = r"(?i:more|additional|further|straight|consecutive|trading|business|working)"
"""Words between a count and its unit that leave a duration a duration: "20 more years",
"eight trading days", "three straight quarters"."""
_MODIFIER = (
    r"(?P<mod>(?i:(?:more|less|fewer)\s+than|nearly|almost|about|around|approximately|"
    r"roughly|at\s+least|at\s+most|up\s+to|over|under|just\s+over|just\s+under)\s+)"
)
_HOLIDAY = (
    r"(?P<holiday>Christmas\s+Eve|Christmas\s+Day|Christmas|New\s+Year['’]s\s+(?:Eve|Day)|"
    r"Independence\s+Day|Valentine['’]s\s+Day|Halloween|Thanksgiving\s+Day|Thanksgiving|"
    r"Labor\s+Day|Memorial\s+Day|Election\s+Day)"
)
_MONTH_PREP = frozenset(
    {
        "in",
        "since",
        "by",
        "until",
        "till",
        "through",
        "from",
        "to",
        "of",
        "during",
        "before",
        "after",
        "early",
        "late",
        "mid",
        "last",
        "next",
        "this",
        "between",
        "and",
        "or",
    }
)
"""Words after which the capitalised words "March" and "May" are months, not verbs or names."""

# (kind, pattern). Each kind is resolved by a function of the same name in time_resolve.
_RULES: tuple[tuple[str, str], ...] = (
    (
        "iso_date",
        rf"{_B}{_YEAR}-(?P<month>[01]\d)-(?P<day>[0-3]\d)(?:T(?P<h>[0-2]\d):(?P<m>\d\d))?",
    ),
    (
        "numeric_date",
        rf"{_B}(?P<a>[0-3]?\d)(?P<sep>[./])(?P<b>[0-3]?\d)(?P=sep)(?P<y>\d{{4}}|\d{{2}})(?![\d.]\d)",
    ),
    (
        "spelled_year",
        rf"{_B}(?:(?P<month>{MONTH_RE})\.?\s+|(?:(?i:the)\s+)?(?P<season>(?i:winter|spring|summer|"
        rf"fall|autumn))\s+(?i:of)\s+|(?P<the>(?i:the\s+year))\s+)?(?P<spelled>{SPELLED_YEAR_RE}){_E}",
    ),
    (
        "month_rel_year",
        rf"{_B}(?P<month>{MONTH_RE})\.?\s+(?:(?i:of)\s+)?(?P<rel>(?i:last|this|next))\s+(?i:year){_E}",
    ),
    (
        "month_day",
        rf"{_B}(?:(?P<rel>(?i:last|next|this))\s+)?(?:(?P<wd>{WEEKDAY_RE}),?\s+)?(?P<month>{MONTH_RE})\.?\s+{_DAYNUM}{_E}"
        rf"(?:,?\s+{_YEAR}{_E})?",
    ),
    (
        "day_month",
        rf"{_B}(?:(?P<wd>{WEEKDAY_RE}),?\s+)?(?:(?i:the)\s+)?{_DAYNUM}\s+(?:(?i:of)\s+)?"
        rf"(?P<month>{MONTH_RE}){_E}\.?(?:,?\s+{_YEAR}{_E})?",
    ),
    (
        "week_of",
        rf"{_B}(?i:the\s+week\s+of)\s+(?P<month>{MONTH_RE})\.?\s+{_DAYNUM}{_E}"
        rf"(?:,?\s+{_YEAR}{_E})?",
    ),
    (
        "month_year",
        rf"{_B}(?:(?P<edge>(?i:early|mid|late|the\s+end\s+of|the\s+beginning\s+of)[- ]?\s*))?"
        rf"(?P<month>{MONTH_RE})\.?(?:\s+of)?,?\s+{_YEAR}{_E}",
    ),
    (
        "month",
        rf"{_B}(?:(?P<rel>(?i:last|next|this|early|mid|late|the\s+end\s+of|the\s+beginning\s+of|"
        rf"the\s+middle\s+of)[- ]?\s*))?(?P<month>January|February|March|April|May|June|July|"
        rf"August|September|October|November|December|Jan\.|Feb\.|Aug\.|Sept\.|Oct\.|Nov\.|"
        rf"Dec\.){_E}",
    ),
    (
        "weekday",
        rf"{_B}(?:(?P<rel>(?i:last|next|this|past|coming|previous))\s+)?(?P<wd>{WEEKDAY_RE})"
        rf"(?:\s+(?P<pod>{_POD}){_E})?",
    ),
    (
        "weekday",  # "overnight on Saturday": Saturday night, not the night before the report
        rf"{_B}(?P<pod>(?i:overnight))\s+(?:(?i:on)\s+)?"
        rf"(?:(?P<rel>(?i:last|next|this|past|coming|previous))\s+)?(?P<wd>{WEEKDAY_RE}){_E}",
    ),
    (
        "relative_day",
        rf"{_B}(?P<word>(?i:the\s+day\s+before\s+yesterday|the\s+day\s+after\s+tomorrow|"
        rf"today|yesterday|tomorrow|tonight|overnight|last\s+night|this\s+(?:morning|afternoon|"
        rf"evening)))(?:\s+(?P<pod>{_POD}){_E})?{_E}",
    ),
    ("holiday", rf"{_B}(?:(?P<rel>(?i:last|next|this))\s+)?{_HOLIDAY}{_E}"),
    (
        "relative_period",
        rf"{_B}{_EDGE}?{_REL}\s+{_PERIOD}{_E}"
        r"(?P<ended>(?=\s+(?:(?:that|which)\s+)?(?i:ended|ending|ends|to\s+end)\b))?",
    ),
    (
        "edge_period",
        rf"{_B}(?P<edge>(?i:earlier|later|early|late))\s+(?P<rel>(?i:this))\s+"
        rf"{_PERIOD}{_E}",
    ),
    (
        "ordinal_quarter",
        rf"{_B}(?:(?i:the)\s+)?(?:(?P<yrel>(?i:next|last|this)\s+year['’]s|(?i:year-ago|"
        rf"year-earlier|comparable\s+year-ago))\s+)?(?P<ord>{_ORD}|(?i:last|latter|final))[- ]"
        rf"(?P<unit>(?i:quarter|half))"
        rf"(?:\s+(?i:of)\s+(?:(?i:fiscal)\s+)?{_YEAR}|\s+(?i:of)\s+{_YEAR_REL})?{_E}",
    ),
    (
        "year_quarter",
        rf"{_B}(?:(?i:the)\s+){_YEAR}\s+(?:(?P<ord>{_ORD})\s+)?(?i:quarter|period){_E}",
    ),
    (
        "year_ago_period",
        r"(?<![\w-])(?:(?i:the)\s+)?(?i:year)[- ](?i:earlier|ago)(?:\s+(?P<unit>(?i:quarter|"
        r"period|month|year)))?(?![\w-])",
    ),
    (
        "year_ago_period",
        r"(?<![\w-])(?i:the)\s+(?:(?P<unit>(?i:quarter|period))\s+(?i:a\s+year\s+(?:ago|earlier))|"
        r"(?i:corresponding|comparable|same)\s+(?P<unit2>(?i:quarter|period))\s+(?:(?i:of|in)\s+)?"
        r"(?i:last\s+year|a\s+year\s+(?:ago|earlier)))(?![\w-])",
    ),
    (
        "year_ago_period",
        r"(?<![\w-])(?i:last)\s+(?i:year)['’]s\s+(?P<unit3>(?i:quarter|period))(?![\w-])",
    ),
    (
        "ago",
        rf"{_B}(?:{_MODIFIER})?(?P<num>{NUM_RE}\s+)?(?P<unit>{UNIT_RE})\s+"
        rf"(?P<dir>(?i:ago|earlier|later|from\s+now|hence)){_E}",
    ),
    (
        "duration",
        rf"{_B}(?P<pre>(?i:the\s+)?(?i:past|last|next|first|previous|coming|following|"
        rf"initial|final|remaining)\s+)?(?:{_MODIFIER})?(?P<num>{NUM_RE})"
        rf"(?:\s+(?P<half2>(?i:and\s+a\s+half)))?[- ]"
        rf"(?:{_COUNTED}\s+)?(?P<unit>{UNIT_RE})(?:\s+(?P<half>(?i:and\s+a\s+half)))?"
        rf"(?P<adj>[- ](?i:old|long))?{_E}",
    ),
    (
        "last_period",
        rf"{_B}(?P<pre>(?i:the\s+)(?i:past|last|next|previous|coming|following)\s+)"
        rf"(?P<unit>(?i:week|month|year|decade|day|hour|century)){_E}(?!\s+(?i:of|or|and))",
    ),
    (
        "vague_duration",
        rf"{_B}(?P<pre>(?i:recent|coming|the\s+coming|the\s+past\s+few|the\s+next\s+few|"
        rf"the\s+last\s+few|past)\s+)?(?P<unit>(?i:years|months|weeks|days|decades|hours)){_E}"
        r"(?<=s)",
    ),
    (
        "decade",
        rf"{_B}(?:(?i:the)\s+)?(?P<edge>(?i:early|mid|late)[- ]?)?(?P<dec>1[6-9]\d0|20\d0)s{_E}",
    ),
    ("decade", r"(?<![\w])(?:(?i:the)\s+)?['’](?P<dec2>\d0)s(?![\w])"),
    (
        "decade",
        r"(?<![\w-])(?i:the)\s+(?P<edge>(?i:early|mid|late)[- ]?)?"
        r"(?P<decword>(?i:twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties))"
        r"(?![\w-])",
    ),
    (
        "century",
        rf"{_B}(?:(?i:the)\s+)?(?P<ord>\d{{1,2}}(?:st|nd|rd|th)|(?i:nineteenth|twentieth|"
        rf"twenty-first))[- ](?i:century){_E}",
    ),
    (
        "season_year",
        rf"{_B}(?:(?i:the)\s+)?(?P<season>(?i:spring|summer|fall|autumn|winter))\s+(?:(?i:of)\s+)?"
        rf"{_YEAR}{_E}",
    ),
    (
        "year",
        rf"(?<![\w$£€.,:/#-])(?P<pre>(?i:fiscal|calendar|early|mid|late)[- ]?\s*|"
        rf"(?i:the\s+year)\s+)?{_YEAR}"
        r"(?![\w%/]|[.,:]\d|\s*(?i:percent|per\s+cent))"
        # an address number is no year: "the 1900 block of Dover", "1900 Dover Street"
        r"(?!\s+(?i:block|blk)\b|\s+(?:[NSEW]\.?\s+)?[A-Z][a-z]+\s+(?:St|Street|Ave|Avenue|"
        r"Road|Rd|Drive|Dr|Blvd|Boulevard|Lane|Ln|Way|Court|Ct|Place|Pl|Terrace|Highway|Hwy)\b)",
    ),
    (
        "clock",
        rf"{_B}(?P<h>[01]?\d)(?:[:.](?P<m>[0-5]\d))?\s*(?P<ap>(?i:a\.m\.?|p\.m\.?|am|pm))"
        rf"(?![\w])(?:\s+(?P<zone>{ZONE_RE}))?",
    ),
    ("clock", rf"{_B}(?P<h>[0-2]?\d):(?P<m>[0-5]\d){_E}(?:\s+(?P<zone>{ZONE_RE}))?"),
    ("clock", rf"{_B}(?P<hm>[0-2]\d[0-5]\d)\s+(?P<zone>{ZONE_RE})"),
    (
        "clock",
        r"(?<![\w])(?P<hw>(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
        r"\d{1,2}))\s+o['’]clock(?:\s+(?P<pod>(?i:in\s+the\s+(?:morning|afternoon|evening)|"
        r"at\s+night)))?(?:\s+(?P<zone>" + ZONE_RE + "))?",
    ),
    ("clock", r"(?<![\w])(?P<named>(?i:noon|midday|midnight))(?![\w])"),
    (
        "ref",
        r"(?<![\w-])(?P<word>(?i:now|currently|recently|the\s+past|the\s+future|future|"
        r"then[- ]current|the\s+(?:near|short|long)\s+term|a\s+(?:later|future)\s+date|"
        r"previously|formerly|nowadays|at\s+present|these\s+days|soon|lately|"
        r"recent|current))"
        r"(?![\w-])",
    ),
    (
        "set",
        rf"{_B}(?P<wdays>{WEEKDAY_RE})(?:s|\s+(?P<pods>(?i:mornings|afternoons|evenings|nights))){_E}",
    ),
    (
        "set",
        rf"{_B}(?P<word>(?i:every|each)\s+(?P<month>January|February|March|April|May|June|July|"
        rf"August|September|October|November|December)){_E}",
    ),
    (
        "set",
        rf"{_B}(?P<word>(?i:daily|weekly|monthly|annually|yearly|hourly|quarterly|nightly|"
        rf"every\s+(?:(?:other|{NUM_RE})\s+)?(?:{UNIT_RE}|{WEEKDAY_RE})|each\s+(?:{UNIT_RE}|"
        rf"{WEEKDAY_RE})|(?:once|twice)\s+a\s+(?:{UNIT_RE})|per\s+(?:{UNIT_RE}))){_E}",
    ),
)

_COMPILED = tuple((kind, re.compile(pattern)) for kind, pattern in _RULES)
_PRIORITY: dict[str, int] = {}
for _n, (_kind, _) in enumerate(_RULES):
    _PRIORITY.setdefault(_kind, _n)

# Words that make a bare year or duration something else ("1990 people", "a day's pay").
_NOT_A_YEAR_BEFORE = re.compile(r"(?i:(?:no\.|number|page|route|flight|room|#)\s*)$")


@dataclass(frozen=True, slots=True)
class Candidate:
    """A recognised expression: its span, its rule kind and the named parts it matched."""

    start: int
    end: int
    kind: str
    parts: dict[str, str]

    @property
    def length(self) -> int:
        """Characters covered."""
        return self.end - self.start


_NEXT_WORD = re.compile(r"[ \t]+([A-Za-z]+)")
_AFTER_A_SECOND = frozenset(
    {
        "later",
        "earlier",
        "ago",
        "longer",
        "more",
        "or",
        "and",
        "but",
        "before",
        "after",
        "to",
        "of",
        "in",
        "on",
        "at",
        "for",
        "as",
        "than",
        "that",
        "when",
        "while",
        "with",
        "the",
        "he",
        "she",
        "it",
        "they",
        "we",
        "i",
        "you",
        "his",
        "her",
        "their",
        "its",
        "then",
        "there",
    }
)
"""Words that may follow "a second" of time ("for a second or two", "a second later");
any other word makes "second" the ordinal of the noun it opens ("a second convoy")."""
_FULL_MONTH_DOT = re.compile(rf"(?:{FULL_MONTHS_RE})\.$")


def _acceptable(kind: str, match: re.Match[str], text: str) -> bool:
    if kind == "month" and match.group("month") in ("March", "May") and not match.group("rel"):
        words = text[max(0, match.start() - 10) : match.start()].split()
        return bool(words) and words[-1].lower() in _MONTH_PREP
    if kind == "spelled_year":
        # "two thousand" is mostly a count; only "the year two thousand" or a month makes it a year
        spelled = match.group("spelled").lower()
        framed = match.group("month") or match.group("season") or match.group("the")
        return bool(framed) or not spelled.startswith("two")
    if kind == "year":
        return not _NOT_A_YEAR_BEFORE.search(text[max(0, match.start() - 12) : match.start()])
    if kind == "ref":
        word = match.group("word").lower()
        if word in ("current", "recent", "future"):
            after = text[match.end() : match.end() + 20].lower()
            return not after.lstrip().startswith(("account", "affairs", "event"))
    if kind == "duration":
        groups = match.groupdict()
        num = (groups.get("num") or "").lower()
        if num.strip() in ("a", "an") and groups.get("unit", "").lower() == "second":
            # "a second convoy", "a second freezing night": an ordinal before its noun
            word = _NEXT_WORD.match(text, match.end())
            if word is not None and word.group(1).lower() not in _AFTER_A_SECOND:
                return False
        # "a day" alone is too often not a time expression ("twice a day", "a day's pay").
        if num in ("a", "an") and not groups.get("pre") and not groups.get("mod"):
            before = text[max(0, match.start() - 8) : match.start()].lower()
            return not before.rstrip().endswith(("twice", "once", "times", "per"))
    return True


def _matches(regex: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """``regex.finditer`` that never runs across a line break.

    A headline's last word and the dateline below it ("... until Friday" / "September 18,
    2008") are two things; a match that spans the break is searched again from the new line.
    """
    pos = 0
    while (match := regex.search(text, pos)) is not None:
        found = match.group(0)
        if "\n" in found:
            pos = match.start() + found.index("\n") + 1
            continue
        yield match
        pos = match.end() if match.end() > match.start() else match.end() + 1


def find_candidates(text: str) -> list[Candidate]:
    """Every temporal expression in ``text``, non-overlapping, in text order.

    Where matches overlap the longest wins; on a tie the earlier rule in the
    table (the more specific one) wins.
    """
    found: list[Candidate] = []
    for kind, regex in _COMPILED:
        for match in _matches(regex, text):
            if match.end() <= match.start() or not _acceptable(kind, match, text):
                continue
            parts = {k: v for k, v in match.groupdict().items() if v is not None}
            end = match.end()
            if kind == "clock" and match.group(0).endswith(")") and "(" not in match.group(0):
                end -= 1  # "(0735 GMT)": the bracket closes the text around the clock
            if _FULL_MONTH_DOT.search(match.group(0)):
                end -= 1  # "since 15 April.": the full stop ends the sentence, not "Apr."
            found.append(Candidate(match.start(), end, kind, parts))
    found.sort(key=lambda c: (-c.length, _PRIORITY[c.kind], c.start))
    taken: list[Candidate] = []
    for cand in found:
        if all(cand.end <= t.start or cand.start >= t.end for t in taken):
            taken.append(cand)
    return sorted(taken, key=lambda c: c.start)
