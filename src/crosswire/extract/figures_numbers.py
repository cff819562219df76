"""Find the numbers in a text: values, ranges, vague quantities, hedges and units.

Figures are where reports disagree, so the number itself must be read
exactly as written: "up to 170,000" is not "170,000", and "tens of
thousands" is a range, never a made-up point. This module is the lexical
half of figure extraction: it works on the cleaned text alone (no parse),
so it is fast, testable in isolation and shared by the benchmarks. What a
number counts, who claims it and whether it is a figure at all in context
(an age, a date, an address) is decided later, with the parse, in
:mod:`crosswire.extract.figures_context` and :mod:`crosswire.extract.figures_exclude`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from crosswire.lexicon import ONES, TENS

__all__ = ["HEDGES", "Quantity", "find_quantities", "parse_number"]

HEDGES = ("exact", "approximately", "at_least", "at_most", "up_to", "more_than", "fewer_than")

_ONES = ONES
_TENS = TENS
_SCALES = {
    "hundred": 100,
    "thousand": 1_000,
    "million": 1_000_000,
    "billion": 1_000_000_000,
    "m": 1_000_000,
    "mn": 1_000_000,
    "bn": 1_000_000_000,
    "k": 1_000,
}
_VAGUE_PLURAL = {  # "dozens" -> 24..99: at least two of the unit, fewer than the next order
    "dozens": (24, 99),
    "scores": (40, 99),
    "hundreds": (200, 999),
    "thousands": (2_000, 9_999),
    "millions": (2_000_000, 9_999_999),
    "billions": (2_000_000_000, 9_999_999_999),
}
_VAGUE_FACTOR = {"several": (3, 9), "a few": (2, 5), "few": (2, 5), "a couple of": (2, 2)}

_W_ONES = "|".join(sorted(_ONES, key=len, reverse=True))
_W_TENS = "|".join(_TENS)
_WORD = rf"(?:(?:{_W_TENS})(?:[-\s](?:{_W_ONES}))?|{_W_ONES})"
_SCALE = r"(?:hundred|thousand|million|billion)"
_WORDNUM = rf"{_WORD}(?:(?:\s+|-)(?:and\s+)?(?:{_WORD}|{_SCALE}))*"
_DIGITS = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_DIGNUM = rf"(?:{_DIGITS})(?:\s*(?:{_SCALE}|bn|mn|m|k)\b)?"
_NUM = rf"(?:{_DIGNUM}|{_WORDNUM}|an?\s+(?:{_SCALE}))"
_UNIT = (
    r"(?:\s*(?P<{n}>%|per\s?cent\b|percent\b|km\b|kilomet(?:re|er)s\b|miles?\b|sq\s?km\b"
    r"|square\s+kilomet(?:re|er)s\b|tons?\b|tonnes?\b|kg\b|kilograms?\b|litres?\b|liters?\b"
    r"|hectares?\b|metres\b|meters\b|dollars\b|euros?\b|hryvnias?\b|cents?\b|yuan\b|yen\b"
    r"|rupees?\b|pounds?\s+sterling\b|pounds?\b|[KMGT]B\b|[KMG]Hz\b|Mbps\b|Gbps\b"
    r"|times(?=\s+(?:{cmp})\b)))?"
)
#: comparatives after "N times" that make it a ratio ("four times faster"), not a count of
#: occasions ("shot four times")
_COMPARATIVES = (
    "faster|slower|more|less|fewer|larger|bigger|higher|lower|greater|smaller|cheaper|longer"
    "|shorter|stronger|weaker|better|worse|heavier|lighter|wider|deeper|richer|quicker|as"
)
_CURRENCY = r"(?P<cur>(?:US|USD|AU|A|CA|C|HK|NZ|S)\$|\$|€|£)?"

_NUMBER_RE = re.compile(
    rf"(?<![\w.,$€£-]){_CURRENCY}(?P<a>{_NUM}){_UNIT.format(n='ua', cmp=_COMPARATIVES)}"
    rf"(?:\s*(?P<sep>to|or|and|–|—|-)\s*{_CURRENCY.replace('cur', 'cur2')}(?P<b>{_NUM})"
    rf"{_UNIT.format(n='ub', cmp=_COMPARATIVES)})?(?![\w]|,\d|\.\d)",
    re.IGNORECASE,
)
_VAGUE_RE = re.compile(
    r"\b(?:(?P<mult>tens|hundreds|dozens|scores)\s+of\s+(?P<mscale>thousands|millions|billions)"
    r"|(?P<factor>several|a\s+few|few|a\s+couple\s+of)\s+(?P<fscale>dozen|hundred|thousand|million)"
    r"|(?P<half>half\s+a\s+dozen)|(?P<dozen>an?\s+dozen)|(?P<handful>a\s+handful)"
    r"|(?P<plural>dozens|scores|hundreds|thousands|millions|billions))\b",
    re.IGNORECASE,
)
# "half of those cuts", "a quarter of its dealers", "two-thirds of the city": a share,
# read as a percentage so it compares with "50%"; "half a percent" is 0.5%.
_FRACTION_RE = re.compile(
    r"\b(?:(?P<pct>half\s+(?:a|of\s+one)\s+(?:percent|per\s?cent)\b)"
    r"|(?P<frac>(?:a|one)[\s-](?:third|quarter|fifth|tenth)|(?:two|three|four)[\s-]"
    r"(?:thirds|quarters|fifths|tenths)|half)"
    r"(?=,?\s+of\s)(?!,?\s+of\s+(?:an?\s+|the\s+)?(?:hour|century|mile|day|year|month|week"
    r"|season|game|minute|second|point|percent|per\s?cent|dozen)\b))",
    re.IGNORECASE,
)
# "half a million", "a quarter-million", "three-quarters of a million", "one and a half
# million": a number, not a share beside "a million" (word by word, "half a million" was a
# million).
_FRACTIONAL_SCALE_RE = re.compile(
    r"\b(?:(?P<whole>one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+and\s+a\s+)?"
    r"(?P<frac>half|(?:a|one)[\s-](?:quarter|third)|three[\s-]quarters|two[\s-]thirds)"
    r"(?:[\s-]of)?[\s-](?:an?[\s-])?(?P<scale>thousand|million|billion)\b"
    r"(?!\s+(?:US\s+)?(?:dollars|euros?|pounds|yen|yuan|rupees|hryvnias?)\b)",
    re.IGNORECASE,
)
"""Money ("half a billion dollars") is left to the number reader, which knows currencies."""
_FRACTION_PARTS = {"half": 2, "third": 3, "quarter": 4, "fifth": 5, "tenth": 10}
# "the first half of", "the last three quarters of": a part of a period or a game
_NOT_SHARE_BEFORE = re.compile(
    r"\b(?:the|first|second|third|fourth|last|latter|other|this|that|each|next|final|"
    r"early|late|upper|lower|back|front)\s+$|['’]s\s+$",
    re.IGNORECASE,
)

_HEDGE_BEFORE: tuple[tuple[str, str], ...] = (
    ("no fewer than", "at_least"),
    ("no less than", "at_least"),
    ("not less than", "at_least"),
    ("a minimum of", "at_least"),
    ("at least", "at_least"),
    ("no more than", "at_most"),
    ("not more than", "at_most"),
    ("a maximum of", "at_most"),
    ("at most", "at_most"),
    ("as many as", "up_to"),
    ("as much as", "up_to"),
    ("as high as", "up_to"),
    ("up to", "up_to"),
    ("upwards of", "more_than"),
    ("in excess of", "more_than"),
    ("well over", "more_than"),
    ("just over", "more_than"),
    ("more than", "more_than"),
    ("over", "more_than"),
    ("above", "more_than"),
    ("fewer than", "fewer_than"),
    ("less than", "fewer_than"),
    ("just under", "fewer_than"),
    ("under", "fewer_than"),
    ("below", "fewer_than"),
    ("an estimated", "approximately"),
    ("estimated", "approximately"),
    ("approximately", "approximately"),
    ("roughly", "approximately"),
    ("around", "approximately"),
    ("about", "approximately"),
    ("nearly", "approximately"),
    ("almost", "approximately"),
    ("close to", "approximately"),
    ("some", "approximately"),
    ("circa", "approximately"),
    ("approx.", "approximately"),
)
_HEDGE_RE = re.compile(
    r"(?:^|(?<=[\s\"“(]))(?P<h>"
    + "|".join(re.escape(h) for h, _ in _HEDGE_BEFORE)
    + r")\s+(?:only\s+)?$",
    re.IGNORECASE,
)
_HEDGE_OF = dict(_HEDGE_BEFORE)
# A tally stated by its verb ("Death toll passes 11,000", "the number of refugees exceeded
# 100,000", "Flood deaths near 1,000"): headlines say "more than" this way. Only after a
# tally noun, so "he passes 3 bags" stays exact; the verb stays out of the figure's span.
_TALLY_VERB_RE = re.compile(
    r"\b(?:toll|tally|total|number|count|figure|deaths|dead|casualties|fatalities|victims|"
    r"refugees|displaced|cases|arrivals)\s+(?:has\s+|have\s+|had\s+)?(?:now\s+)?"
    r"(?:(?P<more>passe[sd]|passing|tops|topped|topping|exceed(?:s|ed|ing)?|"
    r"surpass(?:es|ed|ing)?|(?:climb(?:s|ed|ing)?|r[io]s(?:e|es|en|ing)|went|gone|go(?:es)?|"
    r"jump(?:s|ed)?|soar(?:s|ed)?)\s+past)|(?P<near>near(?:s|ed|ing)?|approach(?:es|ed|ing)?))"
    r"\s+$",
    re.IGNORECASE,
)
_HEDGE_AFTER_RE = re.compile(r"^(?:\s+or\s+(?P<more>more)\b|\s+or\s+so\b|\+|-plus\b)", re.I)

_UNIT_NAMES = {
    "%": "%",
    "percent": "%",
    "per cent": "%",
    "percent ": "%",
    "km": "km",
    "kilometres": "km",
    "kilometers": "km",
    "mile": "miles",
    "miles": "miles",
    "sq km": "km2",
    "sqkm": "km2",
    "square kilometres": "km2",
    "square kilometers": "km2",
    "ton": "tons",
    "tons": "tons",
    "tonne": "tons",
    "tonnes": "tons",
    "kg": "kg",
    "kilogram": "kg",
    "kilograms": "kg",
    "litre": "litres",
    "litres": "litres",
    "liter": "litres",
    "liters": "litres",
    "hectare": "hectares",
    "hectares": "hectares",
    "metres": "m",
    "meters": "m",
    "dollars": "USD",
    "euros": "EUR",
    "euro": "EUR",
    "cent": "cents",
    "cents": "cents",
    "yuan": "CNY",
    "yen": "JPY",
    "rupee": "INR",
    "rupees": "INR",
    "pound sterling": "GBP",
    "pounds sterling": "GBP",
    "kb": "KB",
    "mb": "MB",
    "gb": "GB",
    "tb": "TB",
    "khz": "kHz",
    "mhz": "MHz",
    "ghz": "GHz",
    "mbps": "Mbps",
    "gbps": "Gbps",
    "times": "times",
    "pound": "lb",
    "pounds": "lb",
    "hryvnia": "UAH",
    "hryvnias": "UAH",
    "$": "USD",
    "us$": "USD",
    "usd$": "USD",
    "au$": "AUD",
    "a$": "AUD",
    "ca$": "CAD",
    "c$": "CAD",
    "hk$": "HKD",
    "nz$": "NZD",
    "s$": "SGD",
    "€": "EUR",
    "£": "GBP",
}


@dataclass(frozen=True, slots=True)
class Quantity:
    """One number expression in a text.

    ``start``/``end`` cover the hedge, the number(s) and the unit
    ("up to 170,000", "around 55 per cent to 60 per cent", "14 tons");
    ``num_start``/``num_end`` the number words alone. ``value`` is set for
    a point, ``low``/``high`` for what the words allow (both equal to
    ``value`` for an exact figure, one of them ``None`` when unbounded).
    """

    start: int
    end: int
    num_start: int
    num_end: int
    value: float | None
    low: float | None
    high: float | None
    unit: str | None
    hedge: str
    vague: bool = False


def parse_number(words: str) -> float | None:
    """The value of a number written in digits or words ("1.5 million", "forty-five")."""
    text = words.strip().lower().replace("–", "-")
    m = re.fullmatch(rf"({_DIGITS})\s*([a-z]+)?", text)
    if m:
        value = float(m.group(1).replace(",", ""))
        scale = m.group(2)
        if scale is None:
            return value
        return value * _SCALES[scale] if scale in _SCALES else None
    total = 0
    current = 0
    seen = False
    for word in re.split(r"[\s-]+", text):
        if word in ("and", ""):
            continue
        if word in ("a", "an"):
            current = max(current, 1)
            continue
        if word in _ONES:
            current += _ONES[word]
        elif word in _TENS:
            current += _TENS[word]
        elif word == "hundred":
            current = max(current, 1) * 100
        elif word in _SCALES:
            total += max(current, 1) * _SCALES[word]
            current = 0
        else:
            return None
        seen = True
    return float(total + current) if seen else None


def _unit(cur: str | None, unit: str | None) -> str | None:
    if unit:
        return _UNIT_NAMES.get(re.sub(r"\s+", " ", unit.lower()), unit.lower())
    if cur:
        return _UNIT_NAMES.get(cur.lower())
    return None


def _hedge_before(text: str, start: int) -> tuple[str, int]:
    window = text[max(0, start - 20) : start]
    m = _HEDGE_RE.search(window)
    if not m:
        verb = _TALLY_VERB_RE.search(text, max(0, start - 60), start)
        if verb:
            return ("more_than" if verb.group("more") else "approximately"), start
        return "exact", start
    return _HEDGE_OF[m.group("h").lower()], start - len(window) + m.start("h")


def _bounds(value: float, hedge: str) -> tuple[float | None, float | None]:
    if hedge in ("at_least", "more_than"):
        return value, None
    if hedge in ("at_most", "up_to", "fewer_than"):
        return None, value
    return value, value


def _vague(m: re.Match[str]) -> tuple[float | None, float | None, float | None]:
    """(value, low, high) of a vague quantity."""
    if m.group("mult"):
        base = {"thousands": 1_000, "millions": 1_000_000, "billions": 1_000_000_000}[
            m.group("mscale").lower()
        ]
        factor = {"tens": (20, 99), "hundreds": (200, 999)}.get(
            m.group("mult").lower(), _VAGUE_PLURAL.get(m.group("mult").lower(), (2, 9))
        )
        return None, float(factor[0] * base), float(factor[1] * base + (base - 1))
    if m.group("factor"):
        scale = {"dozen": 12, "hundred": 100, "thousand": 1_000, "million": 1_000_000}
        base = scale[m.group("fscale").lower()]
        key = re.sub(r"\s+", " ", m.group("factor").lower())
        lo, hi = _VAGUE_FACTOR[key]
        if lo == hi:
            return float(lo * base), float(lo * base), float(lo * base)
        return None, float(lo * base), float(hi * base)
    if m.group("half"):
        return 6.0, 6.0, 6.0
    if m.group("dozen"):
        return 12.0, 12.0, 12.0
    if m.group("handful"):
        return None, 2.0, 5.0
    lo, hi = _VAGUE_PLURAL[m.group("plural").lower()]
    return None, float(lo), float(hi)


def find_quantities(text: str) -> list[Quantity]:
    """Every number expression in ``text``, in order, without overlaps.

    No judgement is made here about whether it is a figure (an age, a date
    and a street number all come back); see ``figures_exclude``.
    """
    found: list[Quantity] = []
    taken: list[tuple[int, int]] = []
    for sm in _FRACTIONAL_SCALE_RE.finditer(text):
        if text[max(0, sm.start() - 2) : sm.start()].strip()[-1:] in ("$", "€", "£"):
            continue  # "$half a billion": money, read by the number reader
        whole = sm.group("whole") or "0"
        units = float(whole) if whole.isdigit() else _ONES[whole.lower()]
        share = units + _share(sm.group("frac")) / 100  # "one and a half million": 1.5
        amount = float(round(share * _SCALES[sm.group("scale").lower()]))
        hedge, h_start = _hedge_before(text, sm.start())
        lo, hi = (amount, amount) if hedge == "approximately" else _bounds(amount, hedge)
        found.append(Quantity(h_start, sm.end(), sm.start(), sm.end(), amount, lo, hi, None, hedge))
        taken.append((sm.start(), sm.end()))
    for m in _VAGUE_RE.finditer(text):
        if any(s < m.end() and m.start() < e for s, e in taken):
            continue
        value, low, high = _vague(m)
        hedge, h_start = _hedge_before(text, m.start())
        if hedge == "exact":
            hedge = "approximately"  # "a dozen", "dozens": never an exact count
        if hedge != "approximately" and value is None:
            low, high = (low, None) if hedge in ("at_least", "more_than") else (None, high)
        found.append(Quantity(h_start, m.end(), m.start(), m.end(), value, low, high, None, hedge))
        found[-1] = _replace_vague(found[-1])
        taken.append((m.start(), m.end()))
    for fm in _FRACTION_RE.finditer(text):
        if _NOT_SHARE_BEFORE.search(text[max(0, fm.start() - 12) : fm.start()]):
            continue
        if any(s < fm.end() and fm.start() < e for s, e in taken):
            continue
        share = 0.5 if fm.group("pct") else _share(fm.group("frac"))
        hedge, h_start = _hedge_before(text, fm.start())
        low, high = (share, share) if hedge == "approximately" else _bounds(share, hedge)
        found.append(
            Quantity(h_start, fm.end(), fm.start(), fm.end(), share, low, high, "%", hedge)
        )
        taken.append((fm.start(), fm.end()))
    pos = 0
    while (nm := _NUMBER_RE.search(text, pos)) is not None:
        pos = nm.end()
        if any(s < nm.end() and nm.start() < e for s, e in taken):
            continue
        q = _number(text, nm)
        if q is not None:
            found.extend(q)
            if nm.group("b") and q[-1].num_end < nm.start("b"):
                # "$199 and $249", "500 and 1,000 songs": not a range, so the second
                # number is read on its own
                pos = nm.start("cur2") if nm.group("cur2") else nm.start("b")
    found = [_signed(text, q) for q in found]
    found.sort(key=lambda q: q.start)
    return found


_MINUS = re.compile(r"(?:\b[Mm]inus\s+|\u2212\s?)$")


def _signed(text: str, q: Quantity) -> Quantity:
    """ "minus 4 degrees", "−4": a number below zero, the sign in its words."""
    m = _MINUS.search(text[max(0, q.start - 8) : q.start])
    if m is None or q.value is None or q.value <= 0:
        return q

    def neg(v: float | None) -> float | None:
        return -v if v is not None else None

    start = q.start - (len(m.group(0)))
    return Quantity(
        start,
        q.end,
        q.num_start,
        q.num_end,
        neg(q.value),
        neg(q.high),
        neg(q.low),
        q.unit,
        q.hedge,
        q.vague,
    )


def _share(words: str) -> float:
    """ "a quarter" -> 25.0, "two-thirds" -> 66.67 (per cent)."""
    parts = re.split(r"[\s-]+", words.lower())
    count = 1 if parts[0] in ("a", "one", "half") else _ONES[parts[0]]
    part = _FRACTION_PARTS[parts[-1].rstrip("s") if parts[-1] != "half" else "half"]
    return round(100 * count / part, 2)


def _replace_vague(q: Quantity) -> Quantity:
    return Quantity(
        q.start, q.end, q.num_start, q.num_end, q.value, q.low, q.high, q.unit, q.hedge, True
    )


def _number(text: str, m: re.Match[str]) -> list[Quantity] | None:
    a = parse_number(m.group("a"))
    if a is None:
        return None
    b = parse_number(m.group("b")) if m.group("b") else None
    sep = (m.group("sep") or "").lower()
    unit = _unit(m.group("cur"), m.group("ua")) or _unit(m.group("cur2"), m.group("ub"))
    if unit == "lb" and _money_pounds(text, m):
        unit = "GBP"
    before = text[max(0, m.start() - 8) : m.start()].lower()
    is_range = (
        b is not None
        and b > a
        and not (m.group("ua") and not m.group("ub"))  # "9% or 998.50 points": two figures
        and (
            sep in ("to", "or", "–", "—")
            or (sep == "-" and m.group("a")[0].isdigit() and m.group("b")[0].isdigit())
            or (sep == "and" and re.search(r"between\s+$", before) is not None)
        )
    )
    hedge, h_start = _hedge_before(text, m.start())
    end = m.end() if is_range or b is None else m.end("ua") if m.group("ua") else m.end("a")
    if not is_range and b is not None:
        # "two and one" or "2 - 3" with b <= a: keep the first number only.
        end = m.end("ua") if m.group("ua") else m.end("a")
    start = h_start
    if is_range and re.search(r"(between|from)\s+$", before):
        start = m.start() - len(re.search(r"(between|from)\s+$", before).group(0))  # type: ignore[union-attr]
        h_start = min(h_start, start)
    after = _HEDGE_AFTER_RE.match(text[end:])
    if after and hedge == "exact" and not is_range:
        hedge = "at_least" if after.group("more") else "approximately"
        if text[end] == "+" or after.group(0).lower() == "-plus":
            hedge = "at_least"
        end += after.end()
    num_end = m.end("b") if is_range else m.end("a")
    if is_range:
        assert b is not None
        low: float | None = a
        high: float | None = b
        if hedge in ("at_least", "more_than"):
            high = None
        elif hedge in ("up_to", "at_most", "fewer_than"):
            low = None
        return [
            Quantity(min(h_start, start), end, m.start("a"), num_end, None, low, high, unit, hedge)
        ]
    low, high = _bounds(a, hedge)
    if hedge == "approximately":
        low, high = a, a
    return [Quantity(h_start, end, m.start("a"), num_end, a, low, high, unit, hedge)]


#: words that make "pounds" money, not weight, when near the number
_MONEY_WORDS = re.compile(
    r"\b(?:contracts?|deals?|worth|costs?|costing|price[sd]?|paid|pay|pays|budget|profits?"
    r"|revenues?|sales|loss(?:es)?|debts?|funds?|funding|fines?|fined|bonus(?:es)?|salar(?:y|ies)"
    r"|invest\w*|spend\w*|spent|bid|offer|loans?|bail-?out|sterling|earn\w*|raised?|valued"
    r"|shares?|dividends?|takeover|bought|sold|buy|sell|tax(?:es)?|compensation|damages)\b",
    re.IGNORECASE,
)


def _money_pounds(text: str, m: re.Match[str]) -> bool:
    """Are the "pounds" after a number money ("a 13 billion pounds contract") or weight?

    Weights are rarely counted in millions or billions; money is. Without a
    scale word, money words in the same sentence ("worth", "contract",
    "paid") decide; "120 pounds of food" stays a weight.
    """
    if re.search(r"(?:million|billion|bn|mn|m)\s*$", m.group("a"), re.IGNORECASE):
        return True
    start = max(text.rfind(".", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
    stops = [i for i in (text.find(".", m.end()), text.find("\n", m.end())) if i >= 0]
    end = min(stops) if stops else len(text)
    return _MONEY_WORDS.search(text[start:end]) is not None
