"""The trained attribution tagger: a CRF over the parse, decoded into source/cue/content triples.

The clause rules (:mod:`.quotes_clause`) are precise but only know verbs
that take a clause; about two thirds of the attributions they miss on
PolNeAR are carried by nouns ("the claim that"), adjectives ("optimistic
that"), light verbs ("took aim at") or have no source at all ("it was
reported that"). The tagger is a linear-chain CRF trained on PolNeAR
**train** (``bench/train_quotes.py``) that labels every token as part of a
source, a cue or a content (BIO, one label per token as PolNeAR annotates),
and :func:`tag_attributions` groups the labelled spans of a paragraph into
attributions: each content and each source goes to the cue it hangs from in
the dependency tree, else to the nearest cue of its sentence, else of its
paragraph. A content with no cue, or a cue with no content, is dropped.

The model ships as package data (``quotes_model/attribution.crfsuite``) and
is opened once per process, on first use (:func:`load_tagger`).
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from spacy.tokens import Doc

from crosswire.errors import ModelError
from crosswire.extract.quotes_clause import linking_adverb, source_head, source_span
from crosswire.extract.quotes_columns import sentence_starts
from crosswire.extract.quotes_features import sequences
from crosswire.extract.quotes_marks import Quoted

T = TypeVar("T")

__all__ = [
    "MODEL_FILE",
    "TaggedAttribution",
    "load_tagger",
    "model_path",
    "read_json_model",
    "span_root",
    "tag_attributions",
    "tidy_tagged_source",
]

MODEL_FILE = "attribution.crfsuite"
_MAX_UP = 5


@dataclass(slots=True)
class TaggedAttribution:
    """Token ranges ``[lo, hi)`` of one attribution found by the tagger.

    ``cue`` is None for content in a paragraph with no cue: it carries on the statement
    before it (a quotation over several paragraphs), and the extractor gives it that
    statement's cue and speaker."""

    cue: tuple[int, int] | None
    source: tuple[int, int] | None
    contents: list[tuple[int, int]] = field(default_factory=list)


def model_path(name: str) -> Path:
    """Where the installed package keeps the shipped quotes model file ``name``
    (``quotes_model/`` package data: the tagger, the statement filter, the boundary model)."""
    ref = resources.files("crosswire.extract").joinpath("quotes_model", name)
    return Path(str(ref))


def read_json_model(
    name: str, path: str | None, what: str, script: str, parse: Callable[[Any], T]
) -> T:
    """The shipped JSON model ``name`` (or the file at ``path``) parsed by ``parse``.

    Any failure, from a missing file to a field of the wrong type, is one
    :class:`ModelError` that names the model (``what``) and the ``script``
    that retrains it: the fixes a user can act on.
    """
    model = Path(path) if path is not None else model_path(name)
    try:
        return parse(json.loads(model.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise ModelError(
            f"The {what} is missing or unreadable at {model}; reinstall "
            f"crosswire or retrain it with {script}."
        ) from exc


@lru_cache(maxsize=1)
def load_tagger(path: str | None = None) -> Any:
    """The CRF tagger, opened once per process (``path`` overrides the shipped model)."""
    try:
        import pycrfsuite  # type: ignore[import-untyped]
    except ImportError as exc:  # pragma: no cover - a broken installation
        raise ModelError(
            "python-crfsuite is not installed; install crosswire's dependencies "
            "(pip install -c requirements.lock python-crfsuite)."
        ) from exc

    model = Path(path) if path is not None else model_path(MODEL_FILE)
    if not model.is_file():
        raise ModelError(
            f"The quotes attribution model is missing at {model}; reinstall crosswire or "
            "retrain it with bench/train_quotes.py."
        )
    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    return tagger


def _spans(tokens: list[int], labels: list[str]) -> list[tuple[str, int, int]]:
    """(role, first token, last token + 1) runs of a labelled sequence."""
    out: list[tuple[str, int, int]] = []
    cur: list[Any] | None = None
    for tok, lab in zip(tokens, labels, strict=True):
        role = lab[2:] if lab != "O" else ""
        if not role:
            if cur is not None:
                out.append((cur[0], cur[1], cur[2]))
            cur = None
            continue
        if cur is not None and lab.startswith("I-") and cur[0] == role and tok == cur[2]:
            cur[2] = tok + 1
            continue
        if cur is not None:
            out.append((cur[0], cur[1], cur[2]))
        cur = [role, tok, tok + 1]
    if cur is not None:
        out.append((cur[0], cur[1], cur[2]))
    return out


def span_root(doc: Doc, lo: int, hi: int) -> int:
    """The token of ``[lo, hi)`` whose head lies outside it (the first such)."""
    for i in range(lo, hi):
        h = doc[i].head.i
        if h < lo or h >= hi or h == i:
            return i
    return lo


def _governor(doc: Doc, span: tuple[int, int], cues: list[tuple[int, int]]) -> int | None:
    """The cue whose words the span's root hangs from (within a few steps up the tree)."""
    tok = doc[span_root(doc, *span)]
    for _ in range(_MAX_UP):
        if tok.head.i == tok.i:
            return None
        tok = tok.head
        for k, (lo, hi) in enumerate(cues):
            if lo <= tok.i < hi:
                return k
    return None


def _nearest(
    sent_starts: list[int], span: tuple[int, int], cues: list[tuple[int, int]]
) -> int | None:
    """The closest cue, one in the span's sentence first (``sent_starts``: the doc's sentence
    start tokens; ``Token.sent`` would walk the doc's sentences on every call)."""
    sent = bisect.bisect_right(sent_starts, span[0])
    best: tuple[int, int, int] | None = None
    for k, (lo, hi) in enumerate(cues):
        dist = lo - span[1] if lo >= span[1] else span[0] - hi if span[0] >= hi else 0
        other = 0 if bisect.bisect_right(sent_starts, lo) == sent else 1
        key = (other, max(dist, 0), k)
        if best is None or key < best:
            best = key
    return best[2] if best is not None else None


def tag_attributions(
    doc: Doc,
    tagger: Any,
    text: str | None = None,
    quoted: list[Quoted] | None = None,
    marginals: dict[int, tuple[float, float]] | None = None,
) -> list[TaggedAttribution]:
    """The attributions the CRF finds in ``doc``, grouped per paragraph (token ranges).

    With a ``marginals`` dict, the model's probabilities that a token is part of a cue and
    of a source are stored for every token it gives one of those labels and for every token
    already a key of the dict (the rule statements' cue and source words): the attribution
    filter (:mod:`.quotes_filter`) reads them."""
    out: list[TaggedAttribution] = []
    sent_starts = sentence_starts(doc)
    for seq in sequences(doc, text, quoted):
        if not seq.tokens:
            continue
        labels = tagger.tag(seq.features)
        if marginals is not None:
            for j, (tok, lab) in enumerate(zip(seq.tokens, labels, strict=True)):
                if tok in marginals or lab[-1] in "CS":
                    cue = tagger.marginal("B-C", j) + tagger.marginal("I-C", j)
                    src = tagger.marginal("B-S", j) + tagger.marginal("I-S", j)
                    marginals[tok] = (cue, src)
        spans = _spans(seq.tokens, labels)
        cues = [(lo, hi) for role, lo, hi in spans if role == "C"]
        if not cues:
            contents = [(lo, hi) for role, lo, hi in spans if role == "T"]
            if contents:
                out.append(TaggedAttribution(None, None, contents))
            continue
        found = [TaggedAttribution(c, None) for c in cues]
        sources: dict[int, list[tuple[int, int]]] = {}
        for role, lo, hi in spans:
            if role == "C":
                continue
            k = _governor(doc, (lo, hi), cues)
            if k is None:
                k = _nearest(sent_starts, (lo, hi), cues)
            if k is None:
                continue
            if role == "T":
                found[k].contents.append((lo, hi))
            else:
                sources.setdefault(k, []).append((lo, hi))
        for k, srcs in sources.items():
            cue = cues[k]
            found[k].source = min(srcs, key=lambda s: abs(s[0] - cue[0]))
        for a in found:
            if a.contents and a.source is None:
                a.source = _subject(doc, a)
        out.extend(a for a in found if a.contents)
    return out


def _subject(doc: Doc, att: TaggedAttribution) -> tuple[int, int] | None:
    """The grammatical subject of a verb cue the model gave no source ("..., calling for ...":
    the subject of the verb it hangs from), unless it lies inside the content."""
    if att.cue is None:
        return None
    root = doc[span_root(doc, *att.cue)]
    if root.pos_ not in {"VERB", "AUX"}:
        # "who had earlier created some hope of headway by saying on Sunday that ...": a
        # noun-rooted cue holding a verb of saying has that verb's speaker.
        root = next(
            (t for t in doc[att.cue[0] : att.cue[1]] if t.pos_ == "VERB" and t.lemma_ == "say"),
            root,
        )
        if root.pos_ != "VERB":
            return None
    head = source_head(root)
    if head is None or head.pos_ not in {"PROPN", "NOUN", "PRON"}:
        return None
    span = source_span(head)
    if any(lo < span[1] and span[0] < hi for lo, hi in att.contents):
        return None
    if head.lower_ in {"it", "there"} or span[1] - span[0] > 30:
        return None
    return span


_NOMINAL = frozenset({"NOUN", "PROPN", "PRON", "NUM", "DET"})


def tidy_tagged_source(doc: Doc, lo: int, hi: int) -> tuple[int, int]:
    """A tagged source range made to follow the noun phrase it names (token range).

    The tagger labels tokens one by one, so a source may start at a word of the clause
    around it ("yet Donald Trump"), take in its verb ("but Obama said he") or stop inside a
    relative clause ("The U.N., which in March"). PolNeAR's sources are whole phrases (on
    train, 85% are exactly the dependency subtree of their head word), so the range is cut
    to the phrase of its head noun: a verb's subject when the range holds a clause, words
    before the phrase dropped, and a clause or apposition hung on the noun kept whole or
    not at all.
    """
    tops = [i for i in range(lo, hi) if not (lo <= doc[i].head.i < hi) or doc[i].head.i == i]
    head = next(
        (doc[i] for i in tops if doc[i].pos_ in _NOMINAL), doc[tops[0]] if tops else doc[lo]
    )
    if head.pos_ in {"VERB", "AUX"}:
        subj = next(
            (c for c in head.children if c.dep_ in {"nsubj", "nsubjpass"} and lo <= c.i < hi), None
        )
        if subj is None:
            return lo, hi
        head = subj
    lo = max(lo, head.left_edge.i)
    hi = min(hi, head.right_edge.i + 1)
    for child in head.rights:
        if child.left_edge.i < hi <= child.right_edge.i:
            hi = child.left_edge.i  # a clause or apposition cut short: none of it
    while hi - 1 > head.i and (doc[hi - 1].is_punct and doc[hi - 1].text not in {")", "."}):
        hi -= 1
    while lo < head.i and (
        doc[lo].is_punct or doc[lo].dep_ in {"cc", "punct"} or linking_adverb(doc[lo])
    ):
        lo += 1
    return lo, hi
