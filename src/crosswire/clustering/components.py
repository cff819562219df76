"""Disjoint sets of report ids: which reports end up linked, through any chain of links.

Used where links are transitive by meaning: a copy of a copy is one source
(:meth:`crosswire.clustering.engine.StoryEngine.source_groups`), and places
within reach of each other along a front line are one region
(:func:`crosswire.clustering.focus.place_parts`).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["Components"]


class Components:
    """Union-find over string ids (path halving); groups come out in the ids' order."""

    def __init__(self, items: Iterable[str]) -> None:
        self._parent = {a: a for a in items}

    def __contains__(self, item: object) -> bool:
        return item in self._parent

    def find(self, a: str) -> str:
        """The representative of ``a``'s group."""
        parent = self._parent
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def union(self, a: str, b: str) -> None:
        """Put ``a`` and ``b`` in one group."""
        self._parent[self.find(a)] = self.find(b)

    def groups(self) -> list[list[str]]:
        """Every group, each in the order its ids were given, ordered by their first id."""
        out: dict[str, list[str]] = {}
        for a in self._parent:
            out.setdefault(self.find(a), []).append(a)
        return list(out.values())
