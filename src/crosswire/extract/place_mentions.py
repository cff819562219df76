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
      "modifier": bool,       # True: a demonym ("Syrian forces", "Palestinians") naming its
                              # country as a modifier; also ``metonymic``: never a location
      "key": str | None,      # stable place key: "gn:<geonameid>", "admin1:UA.05",
                              # "country:NO", "region:donbas"; None when unresolved
      "via": str,             # exact | alternate | region | fuzzy | qualified | none
      "cue": str | None,      # "masthead": in the title's publisher tail ("- WSMV Channel 4");
                              # "police": names a police force or county office ("Cincinnati
                              # police", "Ada County Jail", "NYPD" -> New York City):
                              # where the case is handled; "qualifier": the state or
                              # country after a place ("Ind." in "Indianapolis, Ind."),
                              # a mention of its own but not where something happened
    }

Consumers that want *where something happened* should skip items with
``metonymic`` true, and treat an item with a ``relation`` as "near/part of"
its anchor rather than the anchor itself (the coordinates are the anchor's).
The dateline item (``dateline`` true) has no span in the text: ``start`` and
``end`` are 0 and ``text`` is "" (cleaning moved "LVIV •" into metadata); it is
the place the report was filed from, not necessarily where events happen.
A dateline left in the text ("SAN ANTONIO - A 14-year-old ...", found by
:mod:`crosswire.geo.dateline`) is also an item with ``dateline`` true, but
keeps its span.

Mention spans are cut at a line break ("Bartow\n\nBy ...") and at the
title's publisher tail; "Ada County Jail" or "Vermont State Police" yield
their county or state ("Ada County") as a mention of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from crosswire.extract import ExtractionInput, Item
from crosswire.geo.gazetteer import demonym_country, place_norm
from crosswire.geo.tables import POLICE_ACRONYMS
from crosswire.wordlists import word_lines

if TYPE_CHECKING:
    from crosswire.geo.gazetteer import Place
    from crosswire.geo.resolver import Context, Query, Resolution
    from crosswire.models import Article, Mention

__all__ = ["EXTRACTOR", "PLACE_LABELS", "PlaceMentions", "dateline_query"]

#: Entity labels that may name a place (the gazetteer ruler already relabels known places).
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})

_MASTHEAD_SEP = re.compile(r"\s[-|–—]\s|\s?\|\s?")
_MASTHEAD = re.compile(
    r"\b(?:News|Weather|Sports|TV|Channel|Online|Radio|Times|Post|Herald|Gazette|Tribune|"
    r"Journal|Press|Daily|Patch)\b|\.com\b|\b[WK][A-Z]{2,3}\b"
)
_ORGANISATION_WEIGHT = 0.3
"""How much a place inside an organisation's name counts towards the report's focus, against
1 for a place the report names as such: enough to break a tie, never to outvote one."""
_TIE = 0.5
"""A resolution less sure than this is a tie that an organisation's place may break."""
_MASTHEAD_MAX = 60
"""Longest publisher tail: beyond it the "title" is a title run on into the body."""
_ADMIN_AFTER = re.compile(r"(?<!\s)\s+(state|province|region|oblast|governorate)\b")
"""A first-level unit word after a one-word name, in lower case ("Puebla state", "Kherson
region"): the name is the unit's, not its capital's."""
_POLICE_AFTER = re.compile(
    r"(?:'s|’s)?\s+(?:county\s+)?(?:police|sheriff|sheriff's|sheriff’s|officers?|deputies|"
    r"detectives|cops|pd)\b",
    re.IGNORECASE,
)
_ORG_PLACE = re.compile(
    r"^(?:The\s+)?(?P<place>(?:[A-Z][\w.'’-]*\s){1,3}(?:County|Parish))\s+\S"
    r"|^(?P<state>[A-Z][a-z]+(?:\s[A-Z][a-z]+)?)\s+(?:State\s+Police|Highway\s+Patrol)\b"
)
_QUALIFIER = re.compile(r",\s*((?:[A-Z][\w.]*\.?)(?:\s[A-Z][\w.]*){0,2})")
_POLICE_ACRONYM = re.compile(r"\b(?:" + "|".join(POLICE_ACRONYMS) + r")\b")
_LOCATIVE = re.compile(
    r"\b(?:in|near|outside|around|across|(?:towns?|city|cities|villages?|suburbs?)\s+of)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
"""Words before a name that make it a place: "in al-Fashir", "the town of Karak"."""
_CAPITALISED = re.compile(r"[A-Z][\w.'’&-]*")
_OF_PLACE = re.compile(r"\bof\s+(?:the\s+)?(?P<place>[A-Z][\w.'’-]*(?:\s[A-Z][\w.'’-]*){0,2})\s*$")
#: First words of organisations that the gazetteer also knows as towns, never meant as one.
_NOT_ORG_PLACES = frozenset(["national", "united", "royal", "central", "university", "federal"])
_WIRE = re.compile(r"\s*\((?:AP|Reuters|AFP|UPI|dpa|Bloomberg|CNN)\)\s*$", re.IGNORECASE)


_DATE_TAIL = re.compile(
    r"[.,]?\s*(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|"
    r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:,?\s+\d{4})?|"
    r"\d{1,2}\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?(?:\s+\d{4})?)\s*$"
)
"""The date a wire dateline carries after its place ("KYIV. March 9", "GENEVA, March 31"):
no part of the place, and no qualifier of it."""


def dateline_query(dateline: str | None) -> tuple[str, str | None] | None:
    """("Indianapolis", "Ind.") for "INDIANAPOLIS, Ind. (AP)", ("Lviv", None) for "LVIV",
    ("Kyiv", None) for the agency style "KYIV. March 9"."""
    if not dateline:
        return None
    text = _DATE_TAIL.sub("", _WIRE.sub("", dateline)).strip(" -—–•,")
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


def _is_country(name: str) -> bool:
    """Is ``name`` a country? A country is never qualified: in "Guinea, Sierra Leone and
    Liberia" what follows its comma is the next place of a list, not its state."""
    from crosswire.geo.resolver import parse_qualifier

    found = parse_qualifier(name.strip()) if len(name.strip()) > 2 else None
    return found is not None and found[1] is None


def _person_words(mentions: list[Mention]) -> frozenset[str]:
    """Words of the article's multi-word PERSON names: a lone "Marta" or "Rodriguez"
    tagged GPE after "Marta Rodriguez" is the person again, not a place."""
    return frozenset(
        word for m in mentions if m.label == "PERSON" for word in m.text.split() if " " in m.text
    )


@cache
def _disease_after() -> re.Pattern[str]:
    """A disease word right after a name ("Marburg virus"): ``place_words/disease_words.txt``."""
    words = word_lines("crosswire.extract", "place_words", "disease_words")
    return re.compile(r"[ \t-]+(?:" + "|".join(map(re.escape, words)) + r")\b", re.IGNORECASE)


def _disease_names(text: str, mentions: list[Mention]) -> frozenset[str]:
    """Place-like names the report uses for a disease ("Marburg virus", "Ebola Reston
    strain"): no mention of them is a place unless a state or country qualifies it
    ("Marburg, Germany"), as gold geoparsing corpora agree."""
    return frozenset(m.text for m in mentions if _disease_after().match(text, m.end))


def _masthead(text: str) -> tuple[int, int] | None:
    """Where the title's publisher tail is ("... apartment - WSMV Channel 4"), if any."""
    line_end = text.find("\n")
    title = text if line_end < 0 else text[:line_end]
    seps = list(_MASTHEAD_SEP.finditer(title))
    for sep in reversed(seps):
        if len(title) - sep.end() > _MASTHEAD_MAX:
            break  # a run-on title and body ("... defends work. ATLANTA - A former ...")
        if _MASTHEAD.search(title, sep.end()):
            return sep.start(), len(title)
    return None


def _trimmed(text: str, start: int, end: int, limit: int | None) -> int:
    """The mention's end, cut at a line break and at ``limit`` (the masthead)."""
    nl = text.find("\n", start, end)
    if nl >= 0:
        end = nl
    if limit is not None and start < limit < end:
        end = limit
    while end > start and text[end - 1] in " \t,;:-–—|":
        end -= 1
    return end


def _actor_capable(place: Place | None) -> bool:
    return place is not None and (place.feature == "country" or place.capital)


class PlaceMentions:
    """The ``place_mentions`` extractor: see the module docstring for the item shape."""

    name = "place_mentions"
    version = "9"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("place_mentions",)

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Every GPE/LOC/FAC mention of the article resolved in the article's context."""
        from crosswire.geo.dateline import find_text_dateline
        from crosswire.geo.relations import find_relation
        from crosswire.geo.resolver import Context, Query, resolver

        article, text = inp.article, inp.article.text
        res = resolver()
        masthead = _masthead(text)
        spans: list[_Span] = []
        queries: list[Query] = []
        consumed: set[int] = set()
        names = _person_words(inp.annotation.mentions)
        diseases = _disease_names(text, inp.annotation.mentions)
        demonyms: list[tuple[int, int, str]] = []
        dl = dateline_query(article.dateline)
        dl_query = Query(dl[0], dl[1]) if dl else None
        in_text = None
        if dl_query is None:
            in_text = find_text_dateline(text)
            if in_text is not None and res.candidates(in_text.name):
                dl_query = Query(in_text.name, in_text.qualifier)
            else:
                in_text = None
        for m in sorted(inp.annotation.mentions, key=lambda m: m.start):
            if m.start in consumed:
                continue
            consumed.add(m.start)
            if in_text is not None and m.start < in_text.stop and m.end > in_text.start:
                continue  # the dateline itself, or its "N.Y." / "Ind."
            iso = demonym_country(m.text)
            if iso is not None and (
                m.label in ("NORP", "ORG", "PERSON") or not res.candidates(m.text)
            ):
                # "Syrian forces", and spaCy's "Azerbaijani" (PERSON) or "Russian" (GPE)
                demonyms.append((m.start, m.end, iso))
                continue
            if m.label == "NORP":
                continue
            if m.label not in PLACE_LABELS:
                org = _ORG_PLACE.match(m.text) if m.label == "ORG" else None
                if org is not None:
                    grp = "place" if org["place"] else "state"
                    s0, sub = m.start + org.start(grp), org[grp].rstrip()
                    spans.append(_Span(s0, s0 + len(sub), "police"))
                    queries.append(Query(sub))
                elif m.label in ("ORG", "PERSON"):
                    found = _mistyped_place(text, m.start, m.end, m.label, names)
                    if found is not None:
                        s0, e0, cue = found
                        spans.append(_Span(s0, e0, cue, "GPE" if cue is None else "ORG"))
                        queries.append(Query(text[s0:e0], fuzzy=False))
                    elif m.label == "ORG" and (lead := _leading_demonym(m.text)) is not None:
                        # "the Syrian Observatory for Human Rights", "Russian Museum": the
                        # organisation's country, a modifier like "Syrian forces"
                        demonyms.append((m.start + lead[0], m.start + lead[1], lead[2]))
                continue
            if m.text in names:
                continue  # "Rodriguez" after "Erica Rodriguez": a surname, not a town
            if m.text in diseases and _qualifier(text, m.end) is None:
                continue  # "Marburg" where the report says "Marburg virus", not "Marburg, Germany"
            end = _trimmed(text, m.start, m.end, masthead[0] if masthead else None)
            if end <= m.start:
                continue
            mtext = text[m.start : end]
            qual = _qualifier(text, end) if not _is_country(mtext) else None
            if qual is not None:
                for other in inp.annotation.mentions:
                    if end < other.start < qual[1]:
                        consumed.add(other.start)
            cue = None
            if masthead is not None and masthead[0] <= m.start < masthead[1]:
                cue = "masthead"
            elif _POLICE_AFTER.match(text, end):
                cue = "police"
            if res.candidates(mtext) or cue == "masthead":
                pass
            elif (org := _ORG_PLACE.match(mtext)) is not None and org["place"]:
                sub = org["place"].rstrip()  # "Ada County Jail" -> Ada County
                s0 = m.start + org.start("place")
                spans.append(_Span(s0, s0 + len(sub), "police"))
                queries.append(Query(sub))
                continue
            spans.append(_Span(m.start, end, cue, m.label))
            admin = _ADMIN_AFTER.match(text, end)
            if admin is not None and qual is None and " " not in mtext.strip():
                mtext = f"{mtext} {admin.group(1)}"  # "Puebla state": the state, not its capital
            queries.append(Query(mtext, qual[0] if qual else None, fuzzy=m.label != "FAC"))
            if qual is not None and cue != "masthead":
                # "College Station, Texas": the state or country is a place mention too
                spans.append(_Span(qual[1] - len(qual[0]), qual[1], "qualifier", "GPE"))
                queries.append(Query(qual[0], fuzzy=False))
        if self._police_acronyms(text, spans, queries, masthead):
            order = sorted(range(len(spans)), key=lambda i: spans[i].start)
            spans, queries = [spans[i] for i in order], [queries[i] for i in order]
        # The publisher's town and places inside organisation names are placed in the
        # article's context, and shape it only faintly (see _ORGANISATION_WEIGHT).
        local = [i for i, sp in enumerate(spans) if sp.cue not in ("masthead", "organisation")]
        local_queries = [queries[i] for i in local]
        resolutions: list[Resolution | None] = [None] * len(spans)
        for i, r in zip(local, res.resolve_all(local_queries, dateline=dl_query), strict=True):
            resolutions[i] = r
        if len(local) < len(spans):
            # The same name elsewhere in the report is the same place ("Paris Police
            # Department" in a report on Paris, Texas); else the place is ranked in the
            # report's whole context: its countries, regions and nearby places.
            outside = _local_context([resolutions[i] for i in local])
            same: dict[str, Resolution] = {}
            for i in local:
                got = resolutions[i]
                if got is not None and got.place is not None:
                    same.setdefault(place_norm(queries[i].text), got)
            placed_org = Context()
            for i, sp in enumerate(spans):
                if resolutions[i] is None:
                    q = queries[i]
                    placed = None if q.qualifier else same.get(place_norm(q.text))
                    if placed is None:
                        placed = res.resolve_all([q], outside=outside)[0]
                    resolutions[i] = placed
                    if (
                        sp.cue == "organisation"
                        and placed.place is not None
                        and placed.place.feature in ("country", "admin1", "county")
                    ):
                        placed_org.add(placed.place, placed.confidence)
            if placed_org.countries and local:
                # "Lamar County Commissioners" heard the "Texas Department of Transportation":
                # the organisations' places tip a tie among the report's own places
                faint = Context().merged(placed_org, _ORGANISATION_WEIGHT)
                again = res.resolve_all(local_queries, dateline=dl_query, outside=faint)
                for i, r in zip(local, again, strict=True):
                    first = resolutions[i]
                    if first is None or first.confidence < _TIE:
                        resolutions[i] = r
        items: list[Item] = []
        for sp, resolution in zip(spans, resolutions, strict=True):
            if resolution is not None:
                items.append(self._item(inp, sp, resolution, find_relation))
        if demonyms:
            for s0, e0, iso in demonyms:
                country = res.gaz.countries[iso]
                items.append(
                    _item(article, s0, e0, text[s0:e0], country, 0.9)
                    | {"metonymic": True, "modifier": True, "relation": None, "via": "demonym"}
                    | {"cue": None}
                )
            items.sort(key=lambda it: int(it["start"]))
        if dl_query is not None:
            ctx_res = res.resolve_all(
                [dl_query], outside=_local_context([resolutions[i] for i in local])
            )[0]
            if ctx_res.place is not None:
                s, e = (in_text.start, in_text.end) if in_text else (0, 0)
                item = _item(article, s, e, text[s:e], ctx_res.place, ctx_res.confidence)
                item |= {"metonymic": False, "relation": None, "via": ctx_res.via, "cue": None}
                item["dateline"] = True
                if in_text is None:
                    item["id"] = f"{article.id}:place:dateline"
                items.insert(0, item)
                if in_text is not None and in_text.qualifier:
                    # "SEOUL, South Korea (CNN) -": the country or state is a mention too
                    q0 = text.find(in_text.qualifier, in_text.end, in_text.stop)
                    q_res = res.resolve_all(
                        [Query(in_text.qualifier, fuzzy=False)], outside=_context_of(items)
                    )[0]
                    if q0 >= 0 and q_res.place is not None:
                        q1 = q0 + len(in_text.qualifier)
                        q_item = _item(article, q0, q1, text[q0:q1], q_res.place, q_res.confidence)
                        q_item |= {"metonymic": False, "relation": None, "via": q_res.via}
                        items.insert(1, q_item | {"cue": "qualifier"})
        return items

    @staticmethod
    def _police_acronyms(
        text: str, spans: list[_Span], queries: list[Query], masthead: tuple[int, int] | None
    ) -> bool:
        """ "NYPD detectives": the force names its city (a police cue, like "Cincinnati police")."""
        from crosswire.geo.resolver import Query

        taken = {sp.start for sp in spans}
        found = False
        for m in _POLICE_ACRONYM.finditer(text):
            if m.start() in taken or (
                masthead is not None and masthead[0] <= m.start() < masthead[1]
            ):
                continue
            city, state = POLICE_ACRONYMS[m.group(0)]
            spans.append(_Span(m.start(), m.end(), "police"))
            queries.append(Query(city, state, fuzzy=False))
            found = True
        return found

    @staticmethod
    def _item(inp: ExtractionInput, sp: _Span, resolution: Resolution, relate: Any) -> Item:
        from crosswire.geo.metonymy import is_metonymic

        text = inp.article.text
        place = resolution.place
        mtext = text[sp.start : sp.end]
        metonymic = sp.cue == "organisation"  # "Paris Public Library": not where it happened
        if sp.label in PLACE_LABELS:
            span = inp.doc.char_span(sp.start, sp.end, alignment_mode="expand")
            if span is not None and len(span):
                metonymic = is_metonymic(span, actor_capable=_actor_capable(place))
        anchor = place.name if place else mtext
        return _item(inp.article, sp.start, sp.end, mtext, place, resolution.confidence) | {
            "metonymic": metonymic,
            "relation": relate(text, sp.start, sp.end, anchor),
            "via": resolution.via,
            "cue": sp.cue,
        }


@dataclass(frozen=True, slots=True)
class _Span:
    start: int
    end: int
    cue: str | None
    label: str = "ORG"


def _mistyped_place(
    text: str, start: int, end: int, label: str, names: frozenset[str]
) -> tuple[int, int, str | None] | None:
    """A place in an ORG or PERSON entity: (start, end, cue), or None.

    The whole entity is a place (cue None) when a locative word comes before it
    ("in al-Fashir", "near Al Koma": spaCy often types such names PERSON or
    ORG) and the gazetteer knows it, or when an ORG is a country or a
    first-level region ("Texas", "Canada": a team, a government or spaCy's
    slip, which metonymy then sorts out). A place named inside an organisation's
    name ("Paris Public Library", "University of North Carolina", "Taco Bell
    Canada") is a mention with the cue ``organisation``: the place the
    organisation belongs to, never where something happened (metonymic).
    """
    from crosswire.geo.resolver import resolver

    res = resolver()
    entity = text[start:end]
    before = _LOCATIVE.search(text, max(0, start - 16), start)
    if before is not None and _known_place(res, entity, minimum=1_000):
        return start, end, None
    if label != "ORG":
        return None
    if _known_place(res, entity, areas_only=True):
        return start, end, None
    words = [(w.start(), w.end()) for w in _CAPITALISED.finditer(entity)]
    if len(words) < 2:
        return None
    first = 1 if entity[: words[0][1]].lower() in ("the",) else 0
    windows: list[tuple[int, int, bool]] = []
    for n in (3, 2, 1):  # the organisation's first words: "Lancaster University"
        if first + n < len(words) and words[first][0] <= 4:
            windows.append((words[first][0], words[first + n - 1][1], False))
    of = _OF_PLACE.search(entity)  # "University of North Carolina"
    if of is not None:
        windows.append((of.start("place"), of.end("place"), False))
    for n in (2, 1):  # a country or region last: "Skate Canada"
        if n < len(words) - first:
            windows.append((words[-n][0], words[-1][1], True))
    for s0, e0, areas in windows:
        sub = entity[s0:e0]
        if sub.split()[0] in names or sub.lower() in _NOT_ORG_PLACES:
            continue
        if _known_place(res, sub, minimum=1_000, areas_only=areas):
            return start + s0, start + e0, "organisation"
    return None


def _known_place(res: Any, name: str, *, minimum: int = 0, areas_only: bool = False) -> bool:
    """Whether ``name``'s likeliest reading (by prior, no near spellings) is a country, a
    region or a county, or (unless ``areas_only``) a town of ``minimum`` people or more."""
    cands = res.candidates(name, fuzzy=False)
    if not cands:
        return False
    place = cands[0].place
    if place.feature in ("country", "admin1", "region", "county"):
        return True
    return not areas_only and place.feature == "city" and place.population >= minimum


def _leading_demonym(entity: str) -> tuple[int, int, str] | None:
    """(start, end, country) of the demonym an organisation's name opens with ("Syrian" in
    "The Syrian Observatory for Human Rights", "South Korean" in "South Korean Navy")."""
    words = list(_CAPITALISED.finditer(entity))
    first = 1 if words and words[0].group(0) == "The" and words[0].start() == 0 else 0
    for n in (2, 1):
        if first + n >= len(words):
            continue  # the demonym must modify something: "Russian Museum", not "Russian"
        s0, e0 = words[first].start(), words[first + n - 1].end()
        iso = demonym_country(entity[s0:e0])
        if iso is not None and not entity[e0 : words[first + n].start()].strip():
            return s0, e0, iso
    return None


def _local_context(resolutions: list[Resolution | None]) -> Context:
    """The report's context from its own resolved mentions: countries, first-level regions
    and points, each weighed by its confidence (a country-only focus sent "Charleston
    Gold Dome Lions Club" in a West Virginia report to South Carolina)."""
    from crosswire.geo.resolver import Context

    ctx = Context()
    for r in resolutions:
        if r is not None and r.place is not None:
            ctx.add(r.place, r.confidence)
    return ctx


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
        "id": f"{article.id}:place:{start}" if text else f"{article.id}:place:dateline",
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
        "modifier": False,
    }


EXTRACTOR = PlaceMentions()
