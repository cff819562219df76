"""Near-duplicate detection: the same wire story in two outlets counts once.

Later stages count *independent* sources, so copies must be found first.
Each article gets a MinHash signature over word 5-shingles of its cleaned
text; MinHash LSH (datasketch) proposes candidates cheaply, and each
candidate is then verified on the real shingle sets, because LSH alone
both misses and over-proposes. Two reports are copies when their shingle
Jaccard similarity is high (print vs online copy, lightly edited wire copy)
or when one is almost entirely contained in the other (a trimmed wire copy).

Wire text carried across outlets is found apart (:func:`find_shared_text`),
because an outlet's own header, byline, trims and added paragraphs pull a
copy far below those thresholds while most of its body is still the wire's:
there the question is how much of the shorter report's running text (outside
quotation marks: two outlets quoting one official wrote nothing in common)
the longer one holds word for word.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from itertools import combinations
from zlib import crc32

import numpy as np
from datasketch import MinHash, MinHashLSH

__all__ = [
    "DuplicateFinder",
    "DuplicateMatch",
    "SharedText",
    "find_duplicates",
    "find_shared_text",
    "passages",
    "shingles",
]

NUM_PERM = 128
#: datasketch's permutation scheme; hash values carry no trace of it, so it is fixed here
#: and saved signatures are only ever read back with the same scheme.
SCHEME = "affine32"
_DTYPE = np.uint32
SHINGLE = 5
_WORD = re.compile(r"\w+", re.UNICODE)


def shingles(text: str, size: int = SHINGLE) -> set[str]:
    """Word n-grams of the lower-cased text; short texts give their whole word sequence."""
    words = _WORD.findall(text.lower())
    if len(words) < size:
        return {" ".join(words)} if words else set()
    return {" ".join(words[i : i + size]) for i in range(len(words) - size + 1)}


@dataclass(frozen=True, slots=True)
class DuplicateMatch:
    """A verified copy: ``article`` duplicates ``original`` with these scores."""

    article: str
    original: str
    jaccard: float
    containment: float


class DuplicateFinder:
    """Incremental near-duplicate index over articles seen so far.

    Args:
        jaccard: Shingle Jaccard similarity at or above which two reports are copies.
        containment: Share of the shorter report's shingles found in the longer one at or
            above which the shorter is a (trimmed) copy.
        lsh_threshold: LSH candidate threshold, deliberately below ``jaccard`` so that
            trimmed copies with a lower Jaccard still become candidates for verification.
        text_of: Where to read the text of an article indexed with :meth:`add_known` and
            no text, when LSH proposes it as a candidate. Stored articles are shingled
            only then, so priming the index from a large store costs signatures, not texts.
    """

    def __init__(
        self,
        *,
        jaccard: float = 0.8,
        containment: float = 0.9,
        lsh_threshold: float = 0.4,
        num_perm: int = NUM_PERM,
        text_of: Callable[[str], str] | None = None,
    ) -> None:
        self.jaccard = jaccard
        self.containment = containment
        self.num_perm = num_perm
        self._lsh = MinHashLSH(threshold=lsh_threshold, num_perm=num_perm)
        self._text_of = text_of
        self._indexed: set[str] = set()
        self._shingles: dict[str, set[str]] = {}  # new articles, and candidates verified so far
        self._root: dict[str, str] = {}

    def signature(self, text: str) -> MinHash:
        """The MinHash signature of a text."""
        mh = MinHash(num_perm=self.num_perm, scheme=SCHEME)
        mh.update_batch([s.encode() for s in shingles(text)])
        return mh

    @staticmethod
    def to_bytes(signature: MinHash) -> bytes:
        """A signature's hash values as bytes, for the store."""
        return bytes(signature.hashvalues.astype(_DTYPE).tobytes())

    def add_known(
        self, article_id: str, text: str | None, hashvalues: bytes, duplicate_of: str | None
    ) -> None:
        """Index an article already in the store, from its saved signature.

        Without ``text``, the text is read through ``text_of`` only if the
        article ever becomes a candidate.
        """
        if text is None and self._text_of is None:
            raise ValueError("add_known without text needs a DuplicateFinder(text_of=...)")
        values = np.frombuffer(hashvalues, dtype=_DTYPE)
        mh = MinHash(num_perm=self.num_perm, hashvalues=values, scheme=SCHEME)
        self._insert(article_id, text, mh, duplicate_of)

    def add(self, article_id: str, text: str) -> tuple[MinHash, DuplicateMatch | None]:
        """Index a new article and return its signature and the copy it matches, if any.

        The original of a copy is always the earliest-indexed member of its
        group (never another copy), so chains collapse to one source.
        """
        mh = self.signature(text)
        sh = shingles(text)
        best: DuplicateMatch | None = None
        for cand in self._lsh.query(mh):
            other = self._shingles_of(str(cand))
            if not sh or not other:
                continue
            inter = len(sh & other)
            jac = inter / len(sh | other)
            cont = inter / min(len(sh), len(other))
            if jac >= self.jaccard or cont >= self.containment:
                root = self._root.get(str(cand), str(cand))
                match = DuplicateMatch(article_id, root, round(jac, 4), round(cont, 4))
                if best is None or (match.jaccard, match.containment) > (
                    best.jaccard,
                    best.containment,
                ):
                    best = match
        self._insert(article_id, text, mh, best.original if best else None)
        return mh, best

    def _shingles_of(self, article_id: str) -> set[str]:
        found = self._shingles.get(article_id)
        if found is None:
            assert self._text_of is not None  # add_known refuses a text-less article without it
            found = self._shingles[article_id] = shingles(self._text_of(article_id))
        return found

    def _insert(
        self, article_id: str, text: str | None, mh: MinHash, duplicate_of: str | None
    ) -> None:
        if article_id in self._indexed:
            return
        self._lsh.insert(article_id, mh)
        self._indexed.add(article_id)
        if text is not None:
            self._shingles[article_id] = shingles(text)
        if duplicate_of:
            self._root[article_id] = self._root.get(duplicate_of, duplicate_of)

    def __len__(self) -> int:
        return len(self._indexed)


def find_duplicates(texts: Iterable[tuple[str, str]]) -> list[DuplicateMatch]:
    """Copies among (id, text) pairs, in order: a convenience for one-off batches."""
    finder = DuplicateFinder()
    found = []
    for aid, text in texts:
        _, match = finder.add(aid, text)
        if match:
            found.append(match)
    return found


#: Words per passage shingle: long enough that a shared one is shared writing, not a stock phrase.
PASSAGE = 7
#: Least passage shingles two reports must share (about two sentences of running text).
MIN_SHARED = 25
#: Least share of the shorter report's passage shingles found in the longer one. Real wire
#: copies under other outlets' trims, split paragraphs and reworded dates hold 0.49-0.57 of
#: each other (crisis sets, tune part); an outlet's own next-day follow-up that reuses half
#: of yesterday's story is no independent source for it either. GVC: 7 pairs, none across
#: incidents (bench/gvc_wire_copies.py).
MIN_CONTAINMENT = 0.45
#: Reports dated further apart than this are different stories, whatever text they reuse.
MAX_DAYS_APART = 2
#: A shingle in more reports than this is page furniture or a stock phrase: no evidence, and
#: its pairs would cost the square of its reports. Far above the outlets that carry one wire
#: story in any store an analyst reads (a wire text in 30 outlets must still be found).
_COMMON = 200
#: Candidates are found on one shingle in ``_SAMPLE`` (a fixed share of the hash values, so two
#: reports sample the same shingles) and verified on all: a pair sharing ``MIN_SHARED`` shingles
#: holds about six sampled ones, and fewer than ``_SAMPLED_HITS`` only by rare chance.
_SAMPLE = 4
_SAMPLED_HITS = 2
#: Quoted words: what an official said, which independent reports repeat word for word.
_QUOTED = re.compile(r'"[^"\n]{1,800}"|“[^”\n]{1,800}”|«[^»\n]{1,800}»')


def passages(text: str, size: int = PASSAGE) -> frozenset[int]:
    """Hashes of the text's word ``size``-grams outside quotation marks (lower-cased).

    CRC-32, not ``hash``: the same in every process, so which shingles are sampled
    for candidates (:func:`find_shared_text`) never changes from one run to the next.

    A shingle touching a quoted word is left out, so two reports that only quote
    the same statement share nothing here.
    """
    out: set[int] = set()
    for part in _QUOTED.split(text.lower()):  # the quoted spans fall out, and runs break there
        words = _WORD.findall(part)
        out.update(
            crc32(" ".join(words[i : i + size]).encode()) for i in range(len(words) - size + 1)
        )
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class SharedText:
    """Two reports carrying the same text: ``shared`` passage shingles in common,
    ``containment`` the share of the shorter report's that the longer holds."""

    article: str
    other: str
    shared: int
    containment: float


def find_shared_text(
    reports: Sequence[tuple[str, str, date | None]],
    *,
    min_shared: int = MIN_SHARED,
    min_containment: float = MIN_CONTAINMENT,
    max_days_apart: int = MAX_DAYS_APART,
) -> list[SharedText]:
    """Pairs of reports, given as (id, text, published), that carry the same text.

    Candidates come from an inverted index of a sample of the passage shingles, and
    are verified on all of them, so the cost grows with the shared text, not with the
    square of the reports. Pairs come out in the reports' order.
    """
    prints = [passages(text) for _, text, _ in reports]
    index: dict[int, list[int]] = defaultdict(list)
    for n, found in enumerate(prints):
        for h in found:
            if h % _SAMPLE == 0:
                index[h].append(n)
    sampled: Counter[tuple[int, int]] = Counter()
    for holders in index.values():
        if 1 < len(holders) <= _COMMON:
            sampled.update(combinations(holders, 2))
    out: list[SharedText] = []
    for (a, b), hits in sorted(sampled.items()):
        if hits < _SAMPLED_HITS:
            continue
        shared = len(prints[a] & prints[b])
        if shared < min_shared:
            continue
        containment = shared / min(len(prints[a]), len(prints[b]))
        if containment < min_containment:
            continue
        day_a, day_b = reports[a][2], reports[b][2]
        if day_a and day_b and abs((day_a - day_b).days) > max_days_apart:
            continue
        out.append(SharedText(reports[a][0], reports[b][0], shared, round(containment, 4)))
    return out
