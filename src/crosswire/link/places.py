"""The ``places`` aggregator: one export entry per place, with every mention as its source.

Runs first among aggregators. It groups the ``place_mentions`` items of all
reports by the place they resolved to, so that "Kiev" in one report and
"Kyiv" in another are one marker, and the map can open every sentence that
names it. Two decisions live here rather than in the extractor:

* **the report's focus settles doubtful names.** Each article resolved its
  names in its own context; a mention still below :data:`RECHECK_BELOW`
  confidence is resolved again with the focus of the whole set of reports
  (the "story"; :func:`crosswire.geo.focus.refocus`);
* **actors are not places.** A place all of whose mentions are metonymic
  ("Moscow said", "Moscow's announcements") is left out of ``places[]``:
  nothing happened there. Its metonymic mentions are counted on places that
  do stay (``actor_mentions``), and every item remains in the extractor's
  output for other stages.

Unresolved mentions have no coordinates and are left to the entity list.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from crosswire.link import Corpus
    from crosswire.store import StoreBackend

__all__ = ["AGGREGATOR", "RECHECK_BELOW", "Places", "place_id"]

RECHECK_BELOW = 0.6
"""Mentions resolved with less confidence are re-resolved with the whole report's focus."""
Item = dict[str, Any]
_PLACE_FIELDS = ("name", "lat", "lon", "geonameid", "country", "admin1", "feature", "key")


def place_id(key: str) -> str:
    """Export id for a place key: ``gn:703448`` -> ``place-gn-703448``."""
    return "place-" + re.sub(r"[^A-Za-z0-9]+", "-", key).strip("-")


class Places:
    """Builds ``places[]``; see the module docstring."""

    name = "places"
    version = "2"
    requires: tuple[str, ...] = ("place_mentions",)
    assigns: tuple[str, ...] = ("places",)

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """One item per resolved place with at least one non-metonymic mention."""
        from crosswire.geo.focus import refocus

        items = [dict(i) for i in corpus.items("place_mentions")]
        refocus(items, RECHECK_BELOW)
        groups: dict[str, list[Item]] = {}
        for item in items:
            key = item.get("key")
            if isinstance(key, str) and item.get("lat") is not None:
                groups.setdefault(key, []).append(item)
        out: list[Item] = []
        for key, group in groups.items():
            located = [i for i in group if not i.get("metonymic")]
            if not located:
                continue
            textual = [i for i in located if i.get("text")]
            first = (textual or located)[0]
            entities = Counter(
                eid
                for i in textual
                if (eid := corpus.entities.entity_at(i["article"], i["start"], i["end"]))
            )
            relations: list[dict[str, Any]] = []
            for i in located:
                rel = i.get("relation")
                if rel and rel not in relations:
                    relations.append(rel)
            out.append(
                {
                    "id": place_id(key),
                    "entity": entities.most_common(1)[0][0] if entities else None,
                    **{f: first.get(f) for f in _PLACE_FIELDS},
                    "confidence": round(max(float(i["confidence"]) for i in located), 3),
                    "article": first["article"],
                    "start": first["start"],
                    "end": first["end"],
                    "text": first["text"],
                    "mentions": [_mention(i) for i in located],
                    "reports": len({i["article"] for i in located}),
                    "actor_mentions": len(group) - len(located),
                    "relations": relations,
                }
            )
        out.sort(key=lambda p: (-len(p["mentions"]), p["name"], p["id"]))
        return out


def _mention(item: Item) -> Item:
    out: Item = {k: item[k] for k in ("article", "start", "end", "text")}
    if item.get("dateline"):
        out["dateline"] = True
    if item.get("relation"):
        out["relation"] = item["relation"]
    return out


AGGREGATOR = Places()
