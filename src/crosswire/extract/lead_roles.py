"""Who did what to whom in the report's first sentence: an internal input for ``stories``.

Not an export section: the ``stories`` aggregator reads these items and
turns them into role terms for its split test (see
:mod:`crosswire.clustering.roles`, which holds the rule and why). Item
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

from crosswire.clustering.roles import lead_roles
from crosswire.extract import ExtractionInput, Item

__all__ = ["EXTRACTOR", "LeadRolesExtractor"]


class LeadRolesExtractor:
    """The lead sentence's main verb, subject and object, from the stored parse."""

    name = "lead_roles"
    version = "1"

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
