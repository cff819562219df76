"""The ``wire_texts`` aggregator: which reports carry the same wire or shared text.

The same AP or Reuters story, a reprinted press release or a syndicated page
reaches an analyst under many outlets' headers, bylines, trims and added
paragraphs; counted as that many witnesses it fakes corroboration. Runs
first, so every later aggregator counts sources through it: reports whose
running text one holds in the other (:func:`crosswire.dedupe.find_shared_text`),
or that copy each other (``duplicate_of``), form one group, and each member
gets ``Article.wire_text_of`` (the group's first report) and
``Article.text_source`` (who stands behind the text: ``wire:<agency>`` when
any carrier credits one, so it is the same source as that agency's other
credited reports, else the first carrier's id), which
:func:`crosswire.link.reconciliations.source_key` and the stories' source
counts read. Each group becomes one item of the ``wire_texts`` export section,
naming the outlets that carried it.

Found on every link from the articles' texts (no state): the groups depend
on all reports together, and the work is a fraction of a second per
thousand reports.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from datetime import date
from typing import TYPE_CHECKING, Any

from crosswire.clean import AGENCIES
from crosswire.clustering.components import Components
from crosswire.dedupe import SharedText, find_shared_text

if TYPE_CHECKING:
    from crosswire.link import Corpus
    from crosswire.models import Article
    from crosswire.store import StoreBackend

__all__ = [
    "AGGREGATOR",
    "WireTextsAggregator",
    "credits_of",
    "merge_sources",
    "wire_text_groups",
]

Item = dict[str, Any]
#: A wire credit in a dateline below an outlet's own header ("TESK, Ruritania (AP) —"),
#: which cleaning only takes when the dateline opens the text.
_CREDIT = re.compile(r"\(([A-Za-z][\w .&-]{0,30})\)\s*[-—–]")
_HEAD = 600


def credits_of(article: Article) -> tuple[str, ...]:
    """The wire services an article credits: cleaning's, else a dateline's near the top."""
    if article.wire:
        return article.wire
    found = (AGENCIES.get(m[1].strip().casefold()) for m in _CREDIT.finditer(article.text[:_HEAD]))
    return tuple(dict.fromkeys(w for w in found if w))


def wire_text_groups(articles: Sequence[Article], pairs: Sequence[SharedText]) -> list[Item]:
    """Group ``articles`` linked by shared text or copying, and mark each member.

    Sets ``wire_text_of`` and ``text_source`` on the members (see the module
    docstring) and returns one item per group, first report first (earliest
    published, then ingestion order).
    """
    order = {a.id: n for n, a in enumerate(articles)}
    by_id = {a.id: a for a in articles}
    parts = Components(order)
    for pair in pairs:
        parts.union(pair.article, pair.other)
    for a in articles:
        if a.duplicate_of in order:
            parts.union(a.id, str(a.duplicate_of))
    scores: dict[str, list[SharedText]] = {}
    for pair in pairs:
        scores.setdefault(parts.find(pair.article), []).append(pair)
    items: list[Item] = []
    for group in parts.groups():
        if len(group) < 2:
            continue
        members = sorted(
            (by_id[i] for i in group), key=lambda a: (a.published or date.max, order[a.id])
        )
        first = members[0]
        credits = Counter(w for a in members for w in credits_of(a))
        wire = min(credits, key=lambda w: (-credits[w], w)) if credits else None
        source = f"wire:{wire.casefold()}" if wire else first.id
        for a in members:
            a.wire_text_of = None if a is first else first.id
            a.text_source = source
        items.append(
            {
                "id": f"wt-{first.id}",
                "wire": wire,
                "source": source,
                "first": first.id,
                "articles": [a.id for a in members],
                "outlets": list(dict.fromkeys(a.outlet for a in members if a.outlet)),
                "pairs": [
                    {
                        "articles": [p.article, p.other],
                        "shared": p.shared,
                        "containment": p.containment,
                    }
                    for p in scores.get(parts.find(first.id), [])
                ],
            }
        )
    items.sort(key=lambda i: (-len(i["articles"]), order[i["first"]]))
    return items


def merge_sources(groups: Sequence[Sequence[str]], source_of: Mapping[str, str]) -> list[list[str]]:
    """Independent-source groups (lists of article ids) with those carrying one text merged.

    ``source_of`` maps an article to its ``text_source``; a merged group keeps the
    place of its first part.
    """
    parts = Components(str(n) for n in range(len(groups)))
    first_with: dict[str, str] = {}
    for n, group in enumerate(groups):
        for a in group:
            key = source_of.get(a)
            if key is not None:
                parts.union(str(n), first_with.setdefault(key, str(n)))
    return [[a for n in part for a in groups[int(n)]] for part in parts.groups()]


class WireTextsAggregator:
    """Builds ``wire_texts[]`` and marks the articles (see the module docstring)."""

    name = "wire_texts"
    version = "1"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("wire_texts",)

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """Find the shared texts of all reports and mark the corpus's articles."""
        pairs = find_shared_text([(a.id, a.text, a.published) for a in corpus.articles])
        return wire_text_groups(corpus.articles, pairs)


AGGREGATOR = WireTextsAggregator()
