"""Cheap text features for clustering: content terms, names, sentences, casualty counts.

Story and incident clustering run on every report as it arrives and must
scale to 100k reports, so nothing here needs spaCy: terms come from a
regular-expression tokenizer with a stop list and a light plural stemmer,
and names come either from the stored entity mentions (in the pipeline) or
from :func:`capitalised_names`, a regex fallback used by the benchmarks.
Everything returns plain tuples so features can be kept as JSON state.
"""

from __future__ import annotations

import re
import sys
from collections import Counter

from crosswire.lexicon import ONES
from crosswire.stems import stem

__all__ = [
    "STOPWORDS",
    "capitalised_names",
    "casualty_counts",
    "name_key",
    "split_sentences",
    "stem",
    "term_counts",
    "terms",
]

STOPWORDS = frozenset(
    """a about above after again against all almost also although am among an and another any
    are around as at be became because been before being below between both but by can could
    did do does doing done down during each either else even ever every few for from further
    had has have having he her here hers herself him himself his how however i if in into is it
    its itself just last least less like made make many may me might more most much must my
    myself near nearly neither never new no nor not now of off often on once one only or other
    others our ours out over own per perhaps rather re same she should since so some still such
    than that the their theirs them themselves then there these they this those though through
    thus to too two under until up upon us very via was we were what when where whether which
    while who whom whose why will with within without would yet you your yours yourself
    said says say saying told tell tells according added adds reported reports report
    mr mrs ms dr st year years day days week weeks month months time times today yesterday
    monday tuesday wednesday thursday friday saturday sunday night morning afternoon evening
    january february march april may june july august september october november december
    people person three four five six seven eight nine ten first second third news
    get got go going went come came take took back well way still really think know
    including include includes included part use used want wanted see seen""".split()  # noqa: SIM905
)

_WORD = re.compile(r"[^\W\d_][\w'’-]*|\d+", re.UNICODE)
# Amounts and measures ("$ 160 million", "$200", "a 6.1-magnitude quake"): kept whole,
# as they tell two events of one kind apart (two offers, two earthquakes).
_TOKEN = re.compile(
    r"(?P<amount>(?>[$€£][ \t]?\d{1,3}(?:,\d{3})+)|(?>[$€£][ \t]?\d+(?:\.\d+)?)|(?>\d+\.\d+))"
    r"(?![\d.,]*\d)"
    r"|[^\W\d_][\w'’-]*|\d{1,3}(?:,\d{3})+(?!\d)|\d+",
    re.UNICODE,
)
_CAP = r"[A-Z](?:[\w'’-]+|\.)"
_NAME = re.compile(rf"(?<![\w'’]){_CAP}(?:[ \t]+(?:(?:de|del|la|van|von|al|bin|of)[ \t]+)?{_CAP})*")
_SENTENCE_END = re.compile(r"(?<=[.!?…])[\"'”’)]*\s+(?=[\"'“‘(]?[A-Z0-9])|\n\s*\n")
# Small counts written out ("two killed"), plus "a"/"an" and "both" as one and two victims.
_NUMBER_WORDS = {"a": 1, "an": 1, "both": 2, **{w: n for w, n in ONES.items() if 1 <= n <= 12}}
_COUNT = re.compile(
    r"(?<![\d,.])\b(\d{1,3}(?:,\d{3})+|\d{1,5}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
    r"(?:\s+[\w-]+){0,3}?\s+(?:(?:were|was|are|is|have been|has been|had been|being)\s+)?"
    r"(killed|dead|died|deaths?|injured|wounded|hurt|hospitali[sz]ed)\b",
    re.IGNORECASE,
)
_KIND = {
    "killed": "killed",
    "dead": "killed",
    "died": "killed",
    "death": "killed",
    "deaths": "killed",
    "injured": "injured",
    "wounded": "injured",
    "hurt": "injured",
    "hospitalised": "injured",
    "hospitalized": "injured",
}


def terms(text: str) -> list[str]:
    """Content terms of ``text`` in order: stemmed words off the stop list, numbers of 2+
    characters (``1,200`` as ``1200``), decimals (``5.6``) and amounts (``$160``)."""
    out = []
    for m in _TOKEN.finditer(text):
        tok = m.group(0)
        if m.group("amount") or tok[0].isdigit():
            tok = tok.replace(" ", "").replace("\t", "").replace(",", "")
            if len(tok) >= 2:
                out.append(sys.intern(tok))
            continue
        w = stem(tok)
        if len(w) >= 3 and w not in STOPWORDS:
            out.append(sys.intern(w))  # one string per term across 100k reports
    return out


def name_key(name: str) -> str:
    """A comparable key for a name: stemmed lower-case words joined by ``_``."""
    words = [stem(w) for w in _WORD.findall(name) if not w.isdigit()]
    return "_".join(w for w in words if w and w not in {"the", "of"})


def capitalised_names(text: str) -> list[tuple[int, int, str]]:
    """Capitalised word runs that look like names, as (start, end, key).

    A regex stand-in for NER, used where no annotation exists (the
    benchmarks): a single capitalised word right after a sentence end is
    skipped when it is a stop word ("The", "In"), and multi-word names also
    yield their last word, so "Tara Reid" and a later "Reid" share a key.
    """
    found = []
    for m in _NAME.finditer(text):
        words = [w.rstrip(".") for w in m.group(0).split()]
        while words and words[0].lower() in STOPWORDS:
            words = words[1:]
        if not words:
            continue
        key = name_key(" ".join(words))
        if not key or len(key) < 3:
            continue
        found.append((m.start(), m.end(), key))
        if len(words) > 1 and len(words[-1]) > 2 and words[-1].lower() not in STOPWORDS:
            found.append((m.start(), m.end(), name_key(words[-1])))
    return found


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of ``text`` by punctuation and blank lines (no parser needed)."""
    spans = []
    pos = 0
    for m in _SENTENCE_END.finditer(text):
        if m.start() > pos:
            spans.append((pos, m.start()))
        pos = m.end()
    if pos < len(text):
        spans.append((pos, len(text)))
    return [(s, e) for s, e in spans if text[s:e].strip()]


def casualty_counts(text: str) -> dict[str, int]:
    """The first number of people ``killed`` and ``injured`` that ``text`` states."""
    counts: dict[str, int] = {}
    for m in _COUNT.finditer(text):
        raw = m.group(1).lower()
        digits = raw.replace(",", "")
        # a count of people has a few digits; a longer run (a pasted table, a hostile text)
        # is no count, and int() would refuse it past 4,300 digits and stop the link stage
        if digits.isdigit():
            n = int(digits) if len(digits) <= 12 else 0
        else:
            n = _NUMBER_WORDS.get(raw, 0)
        kind = _KIND[m.group(2).lower()]
        if n and kind not in counts:
            counts[kind] = n
    return counts


def term_counts(text: str) -> Counter[str]:
    """Bag of content terms of ``text``."""
    return Counter(terms(text))
