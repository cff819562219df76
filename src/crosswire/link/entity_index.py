"""Look up the canonical entity behind a span of an article.

Extractors and aggregators refer to people, organisations and places by
the words that name them (a span); this index answers "which canonical
entity is that?" from the entity mentions, preferring an exact mention,
then the mention that overlaps the span most.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Iterable

from crosswire.models import Entity, Mention

__all__ = ["EntityIndex"]


class EntityIndex:
    """Canonical entities with a per-article span index over their mentions."""

    def __init__(self, entities: Iterable[Entity]) -> None:
        self.by_id: dict[str, Entity] = {}
        spans: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
        for ent in entities:
            self.by_id[ent.id] = ent
            for m in ent.mentions:
                spans[m.article].append((m.start, m.end, ent.id))
        self._spans = {aid: sorted(v) for aid, v in spans.items()}
        self._starts = {aid: [s for s, _, _ in v] for aid, v in self._spans.items()}

    def __len__(self) -> int:
        return len(self.by_id)

    def get(self, entity_id: str | None) -> Entity | None:
        """The entity with this id, or None."""
        return self.by_id.get(entity_id) if entity_id else None

    def mentions_in(self, article: str, start: int, end: int) -> list[Mention]:
        """Entity mentions lying inside [start, end) of an article, in text order."""
        spans = self._spans.get(article, [])
        lo = bisect.bisect_left(self._starts.get(article, []), start)
        out = []
        for s, e, eid in spans[lo:]:
            if s >= end:
                break
            if e <= end:
                ent = self.by_id[eid]
                out.append(next(m for m in ent.mentions if m.article == article and m.start == s))
        return out

    def entity_at(self, article: str, start: int, end: int) -> str | None:
        """Id of the entity whose mention best matches [start, end), or None."""
        best: tuple[int, str] | None = None
        for s, e, eid in self._spans.get(article, []):
            if s >= end:
                break
            overlap = min(e, end) - max(s, start)
            if overlap <= 0:
                continue
            if s == start and e == end:
                return eid
            if best is None or overlap > best[0]:
                best = (overlap, eid)
        return best[1] if best else None
