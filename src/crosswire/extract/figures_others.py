"""A count of "others" beside the victims told before it in the same sentence.

"A 12-year-old boy is in critical condition after a shooting that wounded
at least two others", "a man was shot and two others were wounded", "A
man was shot. Two others were wounded" (a sentence opening with the
count goes on from the one before): the
"others" are people beside the ones the sentence has told, so the hurt
number the report gives is the count plus them (three), not the count
alone. The count itself stays as written; a figure beside it carries the
sum, as a killer's suicide is added to their victims
(:func:`crosswire.extract.figures._with_killer`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.tokens import Doc

__all__ = ["with_told_before"]

_HURT = frozenset({"injured", "shot"})
#: what an "others" count counts: "others", "two other people", "other victims"
_OTHERS = re.compile(r"^others?\b", re.IGNORECASE)


def with_told_before(doc: Doc, items: list[dict[str, Any]], self_key: str) -> list[dict[str, Any]]:
    """Figures adding to each hurt "others" count the victims its sentence told before it
    (or the sentence before, when the count opens its own).

    Only victims the extractor derived (one person each, the shooter who shot
    himself aside) who are hurt or shot, not killed: "one was killed and two
    others wounded" keeps its two wounded.
    """
    hurt = [
        i
        for i in items
        if i.get("derived") and i.get("victim") != self_key and i["measure"] in _HURT
    ]
    out: list[dict[str, Any]] = []
    for item in items:
        value = item["value"]
        if (
            item.get("derived")
            or item["measure"] not in _HURT
            or item.get("cumulative")
            or item["hedge"] not in ("exact", "at_least")
            or not isinstance(value, int)
            or not _OTHERS.match(str(item.get("counts") or ""))
        ):
            continue
        span = doc.char_span(item["start"], item["end"], alignment_mode="expand")
        if span is None or not len(span):
            continue
        sent = span[0].sent
        start = sent.start_char
        if sent.start > 0 and span[0].i - sent.start <= 2:
            start = doc[sent.start - 1].sent.start_char  # "A man was shot. Two others were ..."
        before = {
            str(i.get("victim")) for i in hurt if start <= i["start"] and i["end"] <= item["start"]
        }
        if not before:
            continue
        total = value + len(before)
        whole = dict(item)
        whole.update(
            id=f"{item['id']}:with-before",
            value=total,
            low=total,
            high=total,
            counts=f"{item['counts']} and the {len(before)} told before them",
        )
        out.append(whole)
    return out
