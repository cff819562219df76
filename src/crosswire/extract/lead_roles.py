"""Who did what to whom in the report's first sentence: an internal input for ``stories``.

Not an export section: the ``stories`` aggregator reads these items and
turns them into role terms for its split test (see
:mod:`crosswire.clustering.roles` for why they help). Item
shape (one per role, at most three per article)::

    {
      "id": "<article>:role:<start>",
      "article": str, "start": int, "end": int,
      "text": str,    # exactly article.text[start:end]: the verb or the argument's head word
      "role": str,    # "verb" | "subject" | "object"
      "key": str,     # lemma, or stemmed surface word for a name ("sox")
    }
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from crosswire.extract import ExtractionInput, Item
from crosswire.stems import stem

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["EXTRACTOR", "LeadRolesExtractor", "Role", "lead_roles"]

_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


class Role(NamedTuple):
    """One role in the lead: its kind (verb, subject, object), key and character span."""

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


class LeadRolesExtractor:
    """The lead sentence's main verb, subject and object, from the stored parse."""

    name = "lead_roles"
    version = "1"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("lead_roles",)

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Role items of ``inp.article`` (see the module docstring)."""
        text = inp.article.text
        return [
            {
                "id": f"{inp.article.id}:role:{r.start}",
                "article": inp.article.id,
                "start": r.start,
                "end": r.end,
                "text": text[r.start : r.end],
                "role": r.kind,
                "key": r.key,
            }
            for r in lead_roles(inp.doc)
        ]


EXTRACTOR = LeadRolesExtractor()
