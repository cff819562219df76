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

The roles are read off the parse by :func:`crosswire.extract.lead_roles.lead_roles` (the
pipeline stores them as the ``lead_roles`` extractor's items; the benchmarks parse the
opening themselves with :func:`parse_roles`); this module turns them into terms.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from crosswire.extract.lead_roles import Role, lead_roles

if TYPE_CHECKING:
    from spacy.language import Language

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
#: Characters of a text :func:`parse_roles` parses: the first sentence lies within them.
LEAD_PARSE_CHARS = 700


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
