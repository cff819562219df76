"""Place mentions, each resolved to a gazetteer place (issue 6). Runs FIRST among extractors.

Later extractors (timexes, quotes, figures, events) read these items from
``inp.earlier["place_mentions"]``; the ``places`` aggregator turns them into
the export's ``places[]``. Item shape (JSON-ready, one per place mention)::

    {
      "id": "<article>:place:<start>",   # unique across the corpus
      "article": str, "start": int, "end": int,
      "text": str,            # exactly article.text[start:end]; "" for the dateline item
      "name": str,            # canonical name ("Kyiv" for "Kiev"), or the surface text
      "geonameid": int | None,
      "lat": float | None, "lon": float | None,
      "country": str | None,  # ISO 3166-1 alpha-2 ("UA")
      "admin1": str | None,   # first-level region name ("Donetsk Oblast", "Indiana")
      "feature": str,         # "city" | "county" | "admin1" | "country" | "region" | "unresolved"
      "confidence": float,    # 0..1
      "metonymic": bool,      # True: "Moscow said" is the government actor, not a location
      "relation": None | {"type": "distance", "km": 85.0, "anchor": "Mariupol"}
                       | {"type": "outskirts", "anchor": "Kyiv"}
                       | {"type": "direction", "direction": "south-east", "part": "coast",
                          "anchor": "Ukraine"},
      "dateline": bool,       # True for the item made from Article.dateline (start=end=0)
      "key": str | None,      # stable place key: "gn:<geonameid>", "admin1:UA.05",
                              # "country:NO", "region:donbas"; None when unresolved
      "via": str,             # exact | alternate | region | fuzzy | qualified | none
    }

Consumers that want *where something happened* should skip items with
``metonymic`` true, and treat an item with a ``relation`` as "near/part of"
its anchor rather than the anchor itself (the coordinates are the anchor's).
The dateline item (``dateline`` true) has no span in the text: ``start`` and
``end`` are 0 and ``text`` is "" (cleaning moved "LVIV •" into metadata); it is
the place the report was filed from, not necessarily where events happen.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crosswire.extract import ExtractionInput, Item

if TYPE_CHECKING:
    from crosswire.geo.gazetteer import Place
    from crosswire.geo.resolver import Context
    from crosswire.models import Article, Mention

__all__ = ["EXTRACTOR", "PLACE_LABELS", "PlaceMentions", "dateline_query"]

#: Entity labels that may name a place (the gazetteer ruler already relabels known places).
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})

_QUALIFIER = re.compile(r",\s*((?:[A-Z][\w.]*\.?)(?:\s[A-Z][\w.]*){0,2})")
_WIRE = re.compile(r"\s*\((?:AP|Reuters|AFP|UPI|dpa|Bloomberg|CNN)\)\s*$", re.IGNORECASE)


def dateline_query(dateline: str | None) -> tuple[str, str | None] | None:
    """("Indianapolis", "Ind.") for "INDIANAPOLIS, Ind. (AP)", ("Lviv", None) for "LVIV"."""
    if not dateline:
        return None
    text = _WIRE.sub("", dateline).strip(" -—–•,")
    if not text:
        return None
    name, _, qual = text.partition(",")
    name = name.strip()
    return (name.title() if name.isupper() else name, qual.strip() or None)


def _qualifier(text: str, end: int) -> tuple[str, int] | None:
    """A state or country right after a place ("Indianapolis, Ind."), with where it ends."""
    from crosswire.geo.resolver import parse_qualifier

    m = _QUALIFIER.match(text, end)
    if m is None:
        return None
    words = m.group(1).split(" ")
    for n in range(len(words), 0, -1):
        cand = " ".join(words[:n])
        for form in (cand, cand.rstrip(".,;:")):
            if form and parse_qualifier(form) is not None:
                return form, m.start(1) + len(form)
    return None


def _person_words(mentions: list[Mention]) -> frozenset[str]:
    """Words of the article's multi-word PERSON names: a lone "Marta" or "Rodriguez"
    tagged GPE after "Marta Rodriguez" is the person again, not a place."""
    return frozenset(
        word for m in mentions if m.label == "PERSON" for word in m.text.split() if " " in m.text
    )


def _actor_capable(place: Place | None) -> bool:
    return place is not None and (place.feature == "country" or place.capital)


class PlaceMentions:
    """The ``place_mentions`` extractor: see the module docstring for the item shape."""

    name = "place_mentions"
    version = "1"

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Every GPE/LOC/FAC mention of the article resolved in the article's context."""
        from crosswire.geo.relations import find_relation
        from crosswire.geo.resolver import Query, resolver

        article, text = inp.article, inp.article.text
        mentions: list[Mention] = []
        queries: list[Query] = []
        consumed: set[int] = set()
        names = _person_words(inp.annotation.mentions)
        for m in sorted(inp.annotation.mentions, key=lambda m: m.start):
            if m.label not in PLACE_LABELS or m.start in consumed:
                continue
            if m.text in names:
                continue  # "Rodriguez" after "Erica Rodriguez": a surname, not a town
            qual = _qualifier(text, m.end)
            if qual is not None:
                for other in inp.annotation.mentions:
                    if m.end < other.start < qual[1]:
                        consumed.add(other.start)
            mentions.append(m)
            queries.append(Query(m.text, qual[0] if qual else None, fuzzy=m.label != "FAC"))
        dl = dateline_query(article.dateline)
        dl_query = Query(dl[0], dl[1]) if dl else None
        res = resolver()
        resolutions = res.resolve_all(queries, dateline=dl_query)
        items: list[Item] = []
        for m, resolution in zip(mentions, resolutions, strict=True):
            place = resolution.place
            span = inp.doc.char_span(m.start, m.end, alignment_mode="expand")
            metonymic = False
            if span is not None and len(span):
                from crosswire.geo.metonymy import is_metonymic

                metonymic = is_metonymic(span, actor_capable=_actor_capable(place))
            anchor = place.name if place else m.text
            items.append(
                _item(article, m.start, m.end, m.text, place, resolution.confidence)
                | {
                    "metonymic": metonymic,
                    "relation": find_relation(text, m.start, m.end, anchor),
                    "via": resolution.via,
                }
            )
        if dl_query is not None:
            ctx_res = res.resolve_all([dl_query], outside=_context_of(items))[0]
            if ctx_res.place is not None:
                item = _item(article, 0, 0, "", ctx_res.place, ctx_res.confidence)
                item |= {"metonymic": False, "relation": None, "via": ctx_res.via}
                item["dateline"] = True
                items.insert(0, item)
        return items


def _context_of(items: list[Item]) -> Context:
    """The article's country focus from its resolved mentions, to place its dateline."""
    from crosswire.geo.resolver import Context

    ctx = Context()
    for item in items:
        country = item.get("country")
        if isinstance(country, str):
            ctx.countries[country] = ctx.countries.get(country, 0.0) + float(item["confidence"])
    return ctx


def _item(
    article: Article, start: int, end: int, text: str, place: Place | None, confidence: float
) -> Item:
    return {
        "id": f"{article.id}:place:" + (str(start) if text else "dateline"),
        "article": article.id,
        "start": start,
        "end": end,
        "text": text,
        "name": place.name if place else text,
        "geonameid": place.geonameid if place else None,
        "lat": place.lat if place else None,
        "lon": place.lon if place else None,
        "country": place.country if place else None,
        "admin1": place.admin1 if place else None,
        "feature": place.feature if place else "unresolved",
        "confidence": confidence if place else 0.0,
        "key": place.key if place else None,
        "dateline": False,
    }


EXTRACTOR = PlaceMentions()
