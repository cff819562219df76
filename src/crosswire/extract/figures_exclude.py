"""Tell numbers that are figures from numbers that are not.

A report is full of numbers nobody counts with: "Jane Doe, 25,", "at one
o'clock", "on March 31", "in 2014", "the fourth round", "the 1000 block of
McFarland Avenue", "(555) 123-4567", "Page 2 of 5", "a 9mm handgun", "19
days of violence". Listing those as figures would bury the ones analysts act
on, so each exclusion is a named rule: the reason is kept for tests and for
debugging a missed figure. Text patterns catch what the surface shows;
the parse (entity types, what a number modifies) catches the rest.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from crosswire.extract.figures_numbers import Quantity
from crosswire.extract.figures_victim_mentions import subject_casualty

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = ["TIME_NOUNS", "blocked_spans", "exclusion"]

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_AGE_WORD = (
    r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen"
    r"|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty"
    r"|seventy|eighty|ninety)\b"
)
_CLOCKWORD = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_STREET = (
    r"(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Court|Ct|Place|Pl"
    r"|Highway|Hwy|Parkway|Pkwy|Circle|Cir|Terrace|Trail|Pike|Square|Sq)"
)
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("phone", re.compile(r"(?:\+?1[-.\s]?)?(?:\(\d{3}\)\s*|\b\d{3}[-.\s])\d{3}[-.]\d{4}\b")),
    ("phone", re.compile(r"\b1-8\d\d-[\w-]+")),
    ("time", re.compile(r"\b\d{1,2}(?::\d{2})+(?:\s*(?:a\.?m\.?|p\.?m\.?))?", re.I)),
    ("time", re.compile(rf"\b{_CLOCKWORD}(?:\s*|-)(?:a\.m\.|p\.m\.|am\b|pm\b|o['’]clock)", re.I)),
    (
        "date",
        re.compile(rf"\b{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s*\d{{4}})?"),
    ),
    ("date", re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH}\b(?:,?\s*\d{{4}})?")),
    ("date", re.compile(rf"\b{_MONTH}\s+\d{{4}}\b")),
    (
        "date",
        re.compile(r"\b\d{1,4}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}/\d{1,2}\b"),
    ),
    # The number before "-year-old" is a word and its hyphened parts ("one-and-a-half"), not
    # any run of non-spaces: "\S+?" retried every start to the end of the run (quadratic,
    # 52 s on 100k characters of "&a&a..."). Same matches on the 3,152 development reports.
    (
        "age",
        re.compile(
            r"\b\w+(?:[.,]\d+)?(?:-\w+){0,4}?[-\s](?:years?|months?|weeks?|days?)[-\s]old\b",
            re.I,
        ),
    ),
    ("age", re.compile(r"\b(?:aged?|ages)\s+(?:\d{1,3}|between)\b[\w\s-]{0,12}", re.I)),
    # "a young mother of three", "a father of two": the size of a family, not a count of victims
    (
        "family",
        re.compile(
            rf"\b(?:mother|father|mom|dad|parent|grandmother|grandfather|grandparent)s?"
            rf"\s+of\s+{_AGE_WORD}(?!\s+(?:of\s+)?(?:the\s+)?(?:victims|people|dead|killed))",
            re.I,
        ),
    ),
    # "their three daughters, ages four, six and 13": a list of ages, not counts
    (
        "age",
        re.compile(
            rf"\b(?:aged?|ages)\s+{_AGE_WORD}(?:\s*(?:,|and|&)\s*(?:and\s+)?{_AGE_WORD})*", re.I
        ),
    ),
    ("age", re.compile(r"\bin\s+(?:his|her|their)\s+(?:early\s+|mid-?|late\s+)?\d0s\b", re.I)),
    ("address", re.compile(r"\b\d+\s+(?:and\s+\d+\s+)?blocks?\s+of\b", re.I)),
    (
        "address",
        re.compile(rf"\b\d{{1,6}}\s+(?:[NSEW]\.?\s+)?(?:[A-Z][\w'.-]*\s+){{1,3}}{_STREET}\b"),
    ),
    # "near the intersection of 367 and Parker Road": a route number beside a street
    (
        "address",
        re.compile(
            rf"\b(?:intersection\s+of|corner\s+of|near|at|of)\s+\d{{1,5}}\s+(?:and|&)\s+"
            rf"(?:[NSEW]\.?\s+)?(?:[A-Z][\w'.-]*\s+){{1,3}}{_STREET}\b"
            rf"|\b(?:intersection|corner)\s+of\s+(?:[NSEW]\.?\s+)?(?:[A-Z][\w'.-]*\s+){{1,3}}"
            rf"{_STREET}\.?\s+(?:and|&)\s+\d{{1,5}}\b"
        ),
    ),
    (
        "label",
        re.compile(
            r"\b(?:Route|Highway|Interstate|Hwy|I|US|SR|State\s+Road|County\s+Road|Apartment|Apt"
            r"|Suite|Unit|Room|No|Number|Channel|Gate|Platform|Flight|Box|Exit|Mile\s+Marker"
            r"|Precinct|District|Ward|Station|Engine|Ladder|Squad|Car|Bus|Line|Amendment)\.?\s*#?\d+",
        ),
    ),
    # "#3", "A320", "3D", not a size with its unit glued on ("2GB", "100MB")
    ("label", re.compile(r"#\s?\d+|\b[A-Z]{1,5}-?\d+[A-Z]?\b|\b\d+(?![KMGT]B\b)[A-Z]{1,3}\b")),
    (
        "phone",
        re.compile(
            r"\b(?:call(?:ed|ing|s)?|dial(?:l?ed|l?ing)?|to)\s+911\b"
            r"|\b911\s+(?:calls?|callers?|dispatch\w*|operators?|cent(?:er|re)|system|tapes?)\b",
            re.I,
        ),
    ),
    (
        "calibre",
        re.compile(
            r"\b(?:a|an|the|his|her)\s+(?:22|25|32|38|357|380|40|44|45)"
            r"(?=\s*(?:[.,;)]|and\b|or\b|magnum|handgun|pistol|revolver|rifle))",
            re.I,
        ),
    ),
    (
        "furniture",
        re.compile(
            r"\b\d+\s*(?:of|/)\s*+(?:/\s*+)?\d+\s+(?:Back to Gallery|Caption|Gallery)"
            r"|\bImage\s+\d+\s+of\s*+(?:/\s*+)?\d+",
            re.I,
        ),
    ),
    (
        "calibre",
        re.compile(
            # ".38", not the decimals of "2.36%" or "344.65 points"
            r"(?<![\d,])\.\d{2,3}\b|\b\d+(?:\.\d+)?\s?mm\b|\b\d+[-\s]?(?:caliber|calibre|gauge)\b",
            re.I,
        ),
    ),
    (
        "furniture",
        re.compile(
            r"\b(?:Page|Photo|Image|Slide|Picture|Video|Chapter|Section|Part|Vol|Episode|Gallery)"
            r"\s+\d+(?:\s+of\s+\d+)?|\b\d+\s+of\s+\d+\s+(?:photos|images|slides)\b"
            r"|\b\d+\s+(?:comments?|shares?|views|likes|photos|images|replies)\b"
            r"|(?:Copyright|©|\(c\))\s*\d{4}|\bUpdated\b[^.\n]{0,40}",
            re.I,
        ),
    ),
)

TIME_NOUNS = frozenset(
    [
        "second",
        "seconds",
        "minute",
        "minutes",
        "hour",
        "hours",
        "day",
        "days",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "decade",
        "decades",
        "century",
        "centuries",
        "night",
        "nights",
        "weekend",
        "weekends",
        "morning",
        "mornings",
        "afternoon",
        "evening",
        "term",
        "terms",
        "season",
        "seasons",
        "inning",
        "innings",
        "round",
        "rounds",
        "shift",
        "shifts",
        "time",
        "times",
        "o'clock",
        "am",
        "pm",
        "a.m.",
        "p.m.",
    ]
)
_PERSON_NOUNS = frozenset(
    [
        "man",
        "woman",
        "boy",
        "girl",
        "teen",
        "teenager",
        "child",
        "son",
        "daughter",
        "mother",
        "father",
        "brother",
        "sister",
        "wife",
        "husband",
        "victim",
        "resident",
        "student",
        "driver",
        "suspect",
        "officer",
        "person",
        "baby",
        "toddler",
    ]
)
_DETERMINER_ONE = frozenset(
    ["no", "any", "every", "some", "the", "this", "that", "each", "which", "someone", "anyone"]
)


def blocked_spans(text: str) -> list[tuple[int, int, str]]:
    """Spans of ``text`` that hold numbers which are not figures, with the reason."""
    out: list[tuple[int, int, str]] = []
    for reason, pattern in _PATTERNS:
        out.extend((m.start(), m.end(), reason) for m in pattern.finditer(text))
    return out


def _tokens(doc: Doc, q: Quantity) -> Span | None:
    return doc.char_span(q.num_start, q.num_end, alignment_mode="expand")


_MEASURE_UNITS = (
    r"(?:km|kms|kilomet(?:re|er)s?|miles?|mi|metres?|meters?|m|feet|ft|foot|inches|cm|"
    r"degrees?(?:\s+(?:Celsius|Fahrenheit|C|F))?|°\s*[CF]?|[CF]|kg|kilo(?:gram)?s?|pounds|lbs?|"
    r"tonnes?|tons?|litres?|liters?|gallons?|acres?|hectares?|sq(?:uare)?\.?\s*(?:km|miles?))"
)
_CONVERTED_BEFORE = re.compile(rf"\d[\d,.]*\s*-?\s*{_MEASURE_UNITS}\s*\(\s*$", re.IGNORECASE)
"""A measurement just before an opening parenthesis: the number inside converts it."""
_CONVERTED_AFTER = re.compile(r"\s*+(?:[A-Za-z°]++\s*+){0,3}\)")  # possessive: linear


def exclusion(
    text: str,
    doc: Doc | None,
    q: Quantity,
    blocked: list[tuple[int, int, str]],
    counted: Sequence[int] = (),
) -> str | None:
    """Why ``q`` is not a figure (``"age"``, ``"date"``, ...), or None if it is one.

    ``counted`` holds where the casualty counts told so far end: a bare "one"
    after one of them may be one of the people counted (:func:`_one_casualty`).
    """
    for s, e, reason in blocked:
        if s < q.num_end and q.num_start < e:
            return reason
    words = text[q.num_start : q.num_end]
    if _CONVERTED_BEFORE.search(text, max(0, q.start - 60), q.start) and _CONVERTED_AFTER.match(
        text, q.end
    ):
        return "conversion"  # "18 km (11 miles)", "minus 4 degrees Celsius (25 degrees F)"
    if (
        q.value is not None
        and q.unit is None
        and re.fullmatch(r"(?:1[6-9]|20)\d\d", words)
        and q.hedge == "exact"
    ):
        nxt = re.match(r"\s*([A-Za-z]+)", text[q.num_end :])
        if nxt is None or nxt.group(1).lower() not in _PEOPLE_AFTER_YEAR:
            return "year"
    if doc is None:
        return None
    span = _tokens(doc, q)
    if span is None or len(span) == 0:
        return None
    last = span[-1]
    nxt_tok = doc[last.i + 1] if last.i + 1 < len(doc) else None
    prev = doc[span[0].i - 1] if span[0].i > 0 else None
    if nxt_tok is not None and nxt_tok.text == "-" and last.i + 2 < len(doc):
        nxt_tok = doc[last.i + 2]  # "45-bus", "five-week-old"
    if nxt_tok is not None and nxt_tok.lower_ in TIME_NOUNS and q.unit != "times":
        return "duration"  # not a ratio: "four times faster"
    ent = last.ent_type_
    if ent in ("DATE", "TIME") and not q.vague and q.unit != "%":  # "about a quarter of"
        head = last.head
        counts = last.dep_ == "nummod" and head.lower_ not in TIME_NOUNS and head.pos_ == "NOUN"
        if not counts:
            return "time" if ent == "TIME" else "date"
    if ent in ("PERSON", "ORG", "FAC", "PRODUCT", "WORK_OF_ART", "LAW", "EVENT", "GPE"):
        return "name"
    if _names_a_model(doc, span, q, words):
        return "name"
    if _is_age_apposition(doc, span, q):
        return "age"
    if words.lower() == "one" and q.hedge == "exact":
        if prev is not None and prev.lower_ in _DETERMINER_ONE:
            return "pronoun"
        if nxt_tok is None or nxt_tok.lower_ in ("another", "-", "who", "that", "which"):
            return "pronoun"
        if nxt_tok.lower_ == "of" and last.i + 3 < len(doc):
            after = doc[last.i + 2 : last.i + 4]
            if any(t.tag_ in ("JJS", "RBS") for t in after):
                return "superlative"
        if (
            nxt_tok.pos_ not in ("NOUN", "ADJ", "PROPN", "NUM")
            and nxt_tok.lower_ != "of"
            and not _one_casualty(last, counted)
        ):
            return "pronoun"
    return None


#: predicates that make a bare "one" one of the people counted before ("One died")
_CASUALTY_HEADS = frozenset(
    {"die", "kill", "wound", "injure", "shoot", "hurt", "hospitalize", "succumb", "perish"}
)


def _one_casualty(one: Token, counted: Sequence[int]) -> bool:
    """ "Two men were shot. One died": a bare "one" as the subject of a casualty predicate
    is one of the people just counted, not the generic pronoun ("one could argue").

    So is the subject of a state after a count of casualties (``counted``:
    where the casualty figures read so far end): "Two men were found shot.
    One was dead". What its clause says befell it (:func:`subject_casualty`)
    makes it one of them; "One was 25" stays out.
    """
    if one.dep_ == "npadvmod" and any(c.lower_ == "fatally" for c in one.children):
        return True  # "Two teenagers were shot, one fatally"
    if one.dep_ == "dobj" and one.head.dep_ in ("advcl", "conj") and one.head.tag_ == "VBG":
        # "shot two men, killing one": one of the men just counted
        return one.head.lemma_.lower() in _CASUALTY_HEADS
    if one.dep_ not in ("nsubj", "nsubjpass"):
        return False
    if one.head.lemma_.lower() in _CASUALTY_HEADS:
        return True
    return any(end <= one.idx for end in counted) and subject_casualty(one) is not None


_PEOPLE_AFTER_YEAR = frozenset(
    ["people", "residents", "civilians", "troops", "soldiers", "refugees", "homes"]
)


_CALENDAR = re.compile(rf"{_MONTH}\.?|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day", re.I)


def _names_a_model(doc: Doc, span: Span, q: Quantity, words: str) -> bool:
    """ "Boeing 737", "iPhone 4", "the FTSE 100", "Nikkei 225": digits right after a proper
    noun name a model, version or index; they count nothing.

    Only bare digits qualify (no hedge, unit or range), the name must not be a
    day or month ("Sunday 3 people"), and a plural noun after the number keeps
    it a count ("Chicago 5 people were shot" stays a figure).
    """
    if q.hedge != "exact" or q.unit is not None or q.vague or q.low != q.high:
        return False
    if not words[:1].isdigit() or span[0].i == 0:
        return False
    prev = doc[span[0].i - 1]
    if prev.pos_ != "PROPN" or not prev.text[:1].isalpha() or prev.ent_type_ in ("DATE", "TIME"):
        return False
    if _CALENDAR.fullmatch(prev.text) or prev.idx + len(prev.text) == span[0].idx:
        return False  # "March 3"; "A320" is one word, read elsewhere
    after = doc[span[-1].i + 1] if span[-1].i + 1 < len(doc) else None
    return after is None or after.tag_ != "NNS"


_AFTER_AGE = frozenset({"was", "is", "has", "had", "of", "from", "who"})


def _is_age_apposition(doc: Doc, span: Span, q: Quantity) -> bool:
    """ "Jane Doe, 25," / "a man, 30," / "Smith (42)": a bare small number after a person."""
    if q.value is None or q.value > 120 or q.hedge != "exact" or q.unit is not None:
        return False
    start, end = span[0].i, span[-1].i
    if start < 2 or end + 1 >= len(doc):
        return False
    before, after = doc[start - 1], doc[end + 1]
    owner = doc[start - 2]
    if before.text == "," and after.lower_ in _AFTER_AGE and owner.pos_ == "PROPN":
        return True  # "Kalone Mcgee, 26 was shot": the closing comma left out
    if (before.text, after.text) not in ((",", ","), (",", "."), ("(", ")"), (",", ";")):
        return False
    if after.text == "." and before.text == ",":
        # "..., 25." ends a sentence: an age only after a name
        return doc[start - 2].ent_type_ == "PERSON"
    return owner.ent_type_ == "PERSON" or owner.lower_ in _PERSON_NOUNS
