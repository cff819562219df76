"""Who did what to whom in a report's opening sentence: role terms for the story split test.

Two events of one kind share their vocabulary and often their names: two
baseball teams make offers to one player, and each report of either offer
names both teams. What the *lead* says happened, and who did it, differs:
"The Red Sox have made an offer to Teixeira" against "The Angels offered
Teixeira an eight-year contract". So the first sentence's main verb, its
subject and its direct object (from the dependency parse) become three role
terms (``^r:offer``, ``^s:sox``, ``^o:teixeira``).

Role terms weigh only where events of one kind are told apart: at
story-local weights (:mod:`crosswire.clustering.contrast`), where a term
that every member shares counts for nothing and one that half the members
share counts most. They are kept out of the corpus TF-IDF vectors
(:meth:`crosswire.clustering.vectors.IdfModel.vector`) that join reports to
stories and incidents: there, a term three words long in a report of
hundreds would only add noise (verb-argument pairs of every clause, added
there, cost ECB+ 0.006-0.015). ECB+
(5 arrival orders), against the same engine without them: even topics 0.9531
-> 0.9634 (chosen there, see :data:`~crosswire.clustering.features.ROLE_WEIGHT`),
odd topics 0.9550 -> 0.9594; GVC incidents unchanged (0.9403). They help part
two offers to one player (subject "Sox" / "Angels": topic F1 0.62 -> 0.67) and
an election from the announcement of the next one (0.71 -> 0.81); two
earthquakes on one island stay merged (both leads say a quake struck Qeshm).

No spaCy import here: the caller passes a parsed ``Doc`` (the pipeline's
stored parse, through the ``lead_roles`` extractor, or a benchmark's).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from crosswire.clustering.text import stem

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc, Token

__all__ = [
    "LEAD_PARSE_CHARS",
    "ROLE_KINDS",
    "ROLE_MARK",
    "Role",
    "lead_roles",
    "parse_roles",
    "role_terms",
]

#: First character of a role term: no word term starts with it (see :func:`role_terms`).
ROLE_MARK = "^"
#: Role kinds and their one-letter tags in role terms: the main verb, its subject, its object.
ROLE_KINDS = {"verb": "r", "subject": "s", "object": "o"}
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})
#: Characters of a text :func:`parse_roles` parses: the first sentence lies within them.
LEAD_PARSE_CHARS = 700


class Role(NamedTuple):
    """One role in the lead: its kind (see :data:`ROLE_KINDS`), key and character span."""

    kind: str
    key: str
    start: int
    end: int


def _key(token: Token) -> str:
    # names by their surface word ("Sox", "Angels" -> "angel"), other words by lemma
    return stem(token.text) if token.pos_ == "PROPN" else token.lemma_.lower()


def lead_roles(doc: Doc) -> list[Role]:
    """The main verb of the first sentence of ``doc``, its subject and its direct object.

    Only the head word of each argument is kept ("the Boston Red Sox" -> ``sox``);
    keys shorter than three characters ("it", "he") say nothing about the event.
    """
    sentences = iter(doc.sents)
    first = next(sentences, None)
    if first is None:
        return []
    out: list[Role] = []
    for token in first:
        head = token.head
        if token.dep_ == "ROOT" and token.pos_ == "VERB":
            kind = "verb"
        elif token.dep_ in _SUBJECTS and head.dep_ == "ROOT" and head is not token:
            kind = "subject"
        elif token.dep_ == "dobj" and head.dep_ == "ROOT":
            kind = "object"
        else:
            continue
        key = token.lemma_.lower() if kind == "verb" else _key(token)
        if len(key) >= 3:
            out.append(Role(kind, key, token.idx, token.idx + len(token.text)))
    return out


def role_terms(roles: Iterable[tuple[str, str]]) -> list[str]:
    """Role terms (``^s:sox``) of (kind, key) pairs; unknown kinds are skipped."""
    return [
        f"{ROLE_MARK}{ROLE_KINDS[kind]}:{key}" for kind, key in roles if kind in ROLE_KINDS and key
    ]


def parse_roles(nlp: Language, texts: Iterable[str]) -> list[list[tuple[str, str]]]:
    """(kind, key) roles of each text's lead, parsing only its opening (for the benchmarks,
    which have no stored parse; the pipeline reads the ``lead_roles`` extractor's items)."""
    docs = nlp.pipe((t[:LEAD_PARSE_CHARS] for t in texts), batch_size=32)
    return [[(r.kind, r.key) for r in lead_roles(doc)] for doc in docs]
