"""Nested statements: a report inside another speaker's content, kept as a quote of its own.

"Stoere said Putin had assured him that ..." is Stoere's statement, and its content holds a
second one: Putin's assurance, as Stoere tells it. The outer statement stays exactly as it
is (its content still holds the nested report: the reporting speaker vouches for all of
it); the inner one is *also* emitted, with ``parent`` pointing at the outer statement, so a
reader sees "Z, said by Y, as reported by X" (the export's ``reported_by``).

PolNeAR annotates both levels, but keeping every nested statement cost precision (session
4: dev source exact 0.7757 -> 0.750; named sources only 0.768): many nested "statements"
are the outer speaker's paraphrase ("he said he believes ..."), hypotheticals or verbs
the parser hung inside the content by mistake. So each candidate is scored by a logistic
model (:data:`NestedFilter`) over the statement filter's features of the inner statement
(:func:`.quotes_filter.group_features`, prefixed ``n:``) and the relation between the two
statements: the parse path from the outer cue down to the inner one, both kinds, whether the
inner speaker is the outer one, where in the outer content the inner cue stands.

The model is trained on PolNeAR **train** (``bench/train_quotes_nested.py``: each nested
candidate, read by a fold tagger that never saw the document, is a positive when its source
is exactly an annotated source); its threshold comes from five-fold cross-validation over
train. It ships as package data (``quotes_model/nested_filter.json``), read once per process.
``parent`` is always a statement the report itself makes: a report nested two deep is
held by the outermost statement too.
"""

from __future__ import annotations

import bisect
from functools import lru_cache
from typing import TYPE_CHECKING

from crosswire.extract.quotes_filter import Logistic, group_features
from crosswire.extract.quotes_tagger import read_json_model

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from crosswire.extract.quotes_precedence import Found
    from crosswire.extract.quotes_statements import Attribution

__all__ = [
    "NESTED_FILE",
    "Candidate",
    "NestedFilter",
    "add_nested",
    "load_nested",
    "nested_features",
    "split_nested",
]

NESTED_FILE = "nested_filter.json"

NestedFilter = Logistic
"""The shipped nested-statement filter: is this report inside a content an attribution?"""

Candidate = tuple["Attribution", tuple[int, int], tuple[int, int]]
"""A nested statement, and the content and cue spans of the statement whose content holds it."""


def split_nested(found: list[Found]) -> tuple[list[Found], list[tuple[Found, Found]]]:
    """``found`` parted into the statements the report makes and those nested in another's
    content (a cue and source inside it: "Stoere said Putin had assured him ..."), each
    nested one with the innermost statement the report itself makes that holds it (a report
    inside a nested report is also held by the outer statement: one level of ``parent``;
    the parse path among the features tells the depths apart). A statement held only by
    nested ones is dropped."""
    contents = sorted((c[3][0], c[3][1]) for c in found)
    starts = [c[0] for c in contents]

    def inside(item: Found) -> bool:
        lo, hi = _clause(item)
        i = bisect.bisect_right(starts, lo) - 1
        while i >= 0 and i >= bisect.bisect_right(starts, lo) - 8:
            if contents[i][0] <= lo and hi < contents[i][1] and contents[i] != item[3]:
                return True
            i -= 1
        return False

    top: list[Found] = []
    nested: list[Found] = []
    for item in found:
        (nested if inside(item) else top).append(item)
    out: list[tuple[Found, Found]] = []
    for item in nested:
        lo, hi = _clause(item)
        holders = [t for t in top if t[3][0] <= lo and hi < t[3][1]]
        if holders:
            out.append((item, max(holders, key=lambda t: (t[3][0], -t[3][1]))))
    return top, out


def _clause(item: Found) -> tuple[int, int]:
    """The characters of a statement's cue and source (where it is made)."""
    doc = item[0].doc
    return min(item[5][0], doc[item[2][0]].idx), max(item[5][1], doc[item[2][1] - 1].idx)


def _root(doc: Doc, span: tuple[int, int]) -> Token | None:
    words = doc.char_span(span[0], span[1], alignment_mode="expand")
    return words.root if words is not None and len(words) else None


def _path(inner: Token | None, outer: Token | None) -> str:
    """The dependency labels from the outer cue down to the inner one ("ccomp", "ccomp>conj"),
    ``far`` past three steps, ``none`` when the inner cue does not hang below the outer."""
    if inner is None or outer is None:
        return "none"
    labels: list[str] = []
    tok = inner
    while tok.i != outer.i:
        if tok.head.i == tok.i or len(labels) >= 3:
            return "far" if tok.head.i != tok.i else "none"
        labels.append(tok.dep_)
        tok = tok.head
    return ">".join(reversed(labels)) or "self"


def _bucket(n: int) -> str:
    return str(n) if n < 4 else "4-7" if n < 8 else "8-15" if n < 16 else "16+"


def nested_features(
    doc: Doc,
    text: str,
    att: Attribution,
    parent: Attribution,
    marginals: dict[int, tuple[float, float]] | None = None,
) -> list[str]:
    """Features of a nested statement ``att`` inside ``parent``'s content."""
    feats = ["n:" + f for f in group_features(doc, text, [att], marginals)]
    inner, outer = _root(doc, att.cue), _root(doc, parent.cue)
    path = _path(inner, outer)
    lemma = inner.lemma_.lower() if inner is not None else "?"
    feats += [
        f"path={path}",
        f"pk={parent.kind}",
        f"pk|k={parent.kind}|{att.kind}",
        f"po={parent.origin}",
        f"pl={outer.lemma_.lower() if outer is not None else '?'}",
        f"path|cl={path.split('>')[0]}|{lemma}",
    ]
    words_before = len(text[parent.content[0] : att.cue[0]].split())
    feats.append(f"at={_bucket(words_before)}")
    if att.content[1] >= parent.content[1] - 1:
        feats.append("to_end")
    same = att.speaker.name is not None and att.speaker.name == parent.speaker.name
    feats.append("same_speaker" if same else f"sk={att.speaker.kind}")
    return feats


def add_nested(
    doc: Doc,
    text: str,
    atts: list[Attribution],
    candidates: list[Candidate],
    model: NestedFilter | None,
    marginals: dict[int, tuple[float, float]] | None = None,
    scored: list[tuple[Attribution, list[str]]] | None = None,
) -> list[Attribution]:
    """``atts`` followed by the nested statements the model keeps, each with ``parent`` set
    to the kept statement holding it (same content and cue) and a group of its own. A
    candidate whose holder the filter dropped is dropped too. ``scored``, when given,
    receives every candidate with a holder and its features (training reads them)."""
    holders = {(a.content, a.cue): a for a in atts}
    group = max((a.group for a in atts), default=-1) + 1
    out = list(atts)
    for att, content, cue in candidates:
        parent = holders.get((content, cue))
        if parent is None:
            continue
        feats = nested_features(doc, text, att, parent, marginals)
        if scored is not None:
            scored.append((att, feats))
        if model is not None and model.says_yes(feats):
            att.parent, att.group = parent, group
            group += 1
            out.append(att)
    return out


@lru_cache(maxsize=1)
def load_nested(path: str | None = None) -> NestedFilter:
    """The shipped nested-statement filter, read once per process (``path`` overrides it)."""
    return read_json_model(
        NESTED_FILE,
        path,
        "quotes nested-statement filter",
        "bench/train_quotes_nested.py",
        Logistic.from_json,
    )
