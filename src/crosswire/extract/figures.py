"""The ``figures`` extractor: every number a report states, with what it counts and who says so.

Numbers are what analysts act on and what sources disagree about, so each
figure is kept with everything needed to weigh it against another report's:
its exact words (a span), value or range and hedge ("up to", "more than"),
unit, the thing counted, the tracked measure (killed, evacuated,
population remaining, ...), the place, the claimant (as a span, linked to
a canonical entity at export time by :meth:`FiguresExtractor.finalize`),
caveats and the as-of date. Victims a report names or describes instead
of counting ("Jane Doe, 25, was shot and killed") become *derived*
figures, one per distinct victim (see :mod:`crosswire.extract.figures_victims`).

Reading is split by concern: numbers (:mod:`~crosswire.extract.figures_numbers`),
non-figures (:mod:`~crosswire.extract.figures_exclude`), what is counted
(:mod:`~crosswire.extract.figures_context`), attribution
(:mod:`~crosswire.extract.figures_attrib`).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from crosswire.extract import ExtractionInput, Item
from crosswire.extract.figures_anaphora import resolve_figure_anaphora
from crosswire.extract.figures_asof import (
    article_reference_date,
    news_day,
    stated_date,
    statement_date,
)
from crosswire.extract.figures_attrib import Attribution, caveats_for, claimant_for
from crosswire.extract.figures_context import (
    CASUALTY_MEASURES,
    counted_thing,
    governing_predicates,
    measure_of,
)
from crosswire.extract.figures_context_words import people
from crosswire.extract.figures_coordination import conjoined_counts
from crosswire.extract.figures_distance import located_by_distance
from crosswire.extract.figures_exclude import blocked_spans, exclusion
from crosswire.extract.figures_focus import background_sentences, days_apart
from crosswire.extract.figures_gapping import gapped_parts
from crosswire.extract.figures_headline import (
    headline_count_measure,
    headline_victim,
    shot_at_only,
    title_counts,
)
from crosswire.extract.figures_killer import victims_of_killer
from crosswire.extract.figures_kind import (
    KindReading,
    change_end,
    mark_part,
    read_kind,
    recalled_date,
    settle_kinds,
)
from crosswire.extract.figures_kind_words import kind_words
from crosswire.extract.figures_numbers import Quantity, find_quantities
from crosswire.extract.figures_others import with_told_before
from crosswire.extract.figures_period import period_of
from crosswire.extract.figures_place import PlaceRef, main_place, place_for
from crosswire.extract.figures_victim_background import background
from crosswire.extract.figures_victims import SELF, derived_victims, subject_casualty
from crosswire.extract.figures_wordless import MULTIPLE, MULTIPLES, both_counts
from crosswire.extract.figures_wounds import nobody_hurt

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

    from crosswire.link.entity_index import EntityIndex

__all__ = ["EXTRACTOR", "FiguresExtractor", "figure_items"]

_PRESENT = frozenset({"VBP", "VBZ"})
#: Words for a conflict of many incidents, whose running total is no one incident's toll.
_CONFLICTS = "war|conflict|offensive|hostilities|campaign|invasion|insurgency|uprising"
_CUMULATIVE = re.compile(
    r"\b(?:this|last|per|a|every|each) (?:year|month|week)\b|\bso far\b|\bto date\b"
    r"|\bsince (?:the )?(?:start|beginning|January|February|March|April|May|June|July|August"
    r"|September|October|November|December|\d{4})\b|\bin (?:19|20)\d\d\b|\bannual(?:ly)?\b"
    r"|\bsince (?:19|20)\d\d\b|\bhomicides?\b|\bnationwide\b|\bstatistics\b"
    r"|\bseparate (?:[\w-]+ )?(?:incidents|shootings|attacks)\b"
    r"|\bthe (?:first|second|third|latest|last) of (?:the )?\w+\b"
    r"|\b(?:in|over|within) (?:the )?(?:past|last) (?:\w+ )?(?:days|weeks|months|years)\b"
    r"|\bin (?:one|a single) (?:week|month|weekend)\b"
    r"|\b(?:\d+|two|three|four|five|six|seven|eight|nine|ten|\w+teen|\w+ty|several|multiple)"
    r" (?:separate )?(?:shootings|incidents|attacks|slayings|killings|homicides|murders)\b"
    r"|\bthose shootings\b"
    r"|\bover an? [\w-]+ (?:stretch|period|span)\b",
    re.IGNORECASE,
)
#: A war's running total: "since the offensive began", "in the 16-day war", "the war's toll";
#: read in the figure's own clause only ("kills 12 as war toll passes 900").
_WAR_TOTAL = re.compile(
    rf"\bsince (?:the )?(?:[\w-]+ )?(?:{_CONFLICTS})\b"
    rf"|\b(?:in|during|throughout) the (?:\w+-)+(?:day|week|month|year) (?:{_CONFLICTS})\b"
    rf"|\b(?:{_CONFLICTS})(?:'s| death)? (?:death )?toll\b",
    re.IGNORECASE,
)
_CLAUSE_TURN = re.compile(
    r"\b(?:as|while|whereas|but|after|when)\b|[;:\u2014\u2013]", re.IGNORECASE
)
_STATIC = frozenset({"population_prewar", "distance"})


def _num(v: float | None) -> int | float | None:
    if v is None:
        return None
    v = round(float(v), 6)  # 4.1 million is 4099999.9999999995 in floating point
    return int(v) if v.is_integer() else v


def _span_obj(start: int, end: int) -> dict[str, int]:
    return {"start": start, "end": end}


def _present(preds: list[Token], sent: Span) -> bool:
    low = sent.text.lower()
    if "so far" in low or "to date" in low or " still " in f" {low} ":
        return True
    return any(p.tag_ in _PRESENT for p in preds[:2]) or any(
        c.tag_ in _PRESENT and c.dep_ in ("aux", "auxpass") for p in preds[:1] for c in p.children
    )


def _backshifted(preds: list[Token]) -> bool:
    """ "AFAD said 31,643 people had been killed": a perfect told in reported speech (what
    was said as "have been killed"), a running total as of when it was said."""
    return any(
        c.lemma_.lower() == "have" and c.tag_ == "VBD" and c.dep_ == "aux"
        for p in preds[:1]
        for c in p.children
    )


def figure_items(inp: ExtractionInput) -> list[Item]:
    """The figures of one article (explicit ones, then derived victims), as export items."""
    article, doc = inp.article, inp.doc
    text = article.text
    quotes = inp.earlier.get("quotes", [])
    timexes = inp.earlier.get("timexes", [])
    places = inp.earlier.get("place_mentions", [])
    main = main_place(inp.annotation, places)
    reference = article_reference_date(doc, timexes, article.published)
    blocked = blocked_spans(text)
    items: list[Item] = []
    pairs = [(q, s, fate) for q, s in both_counts(doc) if (fate := subject_casualty(s))]
    counted = [q.end for q, _, _ in pairs]  # where casualty counts end: "Both were shot"
    for q in _changes_apart(doc, text, find_quantities(text)):
        span = doc.char_span(q.num_start, q.num_end, alignment_mode="expand")
        reason = exclusion(text, doc, q, blocked, counted)
        if reason in ("date", "time") and span is not None and change_end(span):
            reason = None  # "up from 70": the tagger's date is the figure changed from
        if reason is not None or span is None or len(span) == 0:
            continue
        items.append(_figure(inp, q, span, quotes, timexes, places, main, reference))
        if items[-1]["measure"] in ("killed", "injured", "shot"):
            counted.append(q.end)  # "Two men were found shot. One was dead": one of them
    resolve_figure_anaphora(doc, text, items)
    _gapped(inp, doc, items, quotes, timexes, places, main, reference)
    for q, subject, measure in pairs:
        if any(i["start"] < q.end and q.start < i["end"] for i in items):
            continue
        span = doc[subject.i : subject.i + 1]
        pair = _figure(inp, q, span, quotes, timexes, places, main, reference)
        pair["measure"], pair["counts"] = measure, pair["counts"] or "people"
        items.append(pair)
    for m in MULTIPLE.finditer(text):
        if not m.group(1) and not m.group("suicide"):
            continue  # a plain "shooting", "murder": no count
        if _IF.match(text, _sentence_start(doc, m.start())):
            continue  # "If that's the case, ... becomes a triple homicide": not (yet) so
        if any(i["start"] < m.end() and m.start() < i["end"] for i in items):
            continue
        span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
        if span is None:
            continue
        n = MULTIPLES.get((m.group(1) or "").lower(), 1) + (1 if m.group("suicide") else 0)
        q = Quantity(m.start(), m.end(), m.start(), m.end(), n, n, n, None, "exact")
        item = _figure(inp, q, span, quotes, timexes, places, main, reference)
        killed = m.group(2).lower() in ("homicide", "murder", "killing") or m.group("suicide")
        item["measure"], item["counts"] = ("killed" if killed else "shot"), "people"
        if m.group("suicide") and not m.group(1):
            item["hedge"] = "at_least"  # a murder-suicide: the killer and at least one victim
        items.append(item)
    for group in conjoined_counts(doc, [(i["start"], i["end"], i["measure"]) for i in items]):
        n = group.value
        q = Quantity(group.start, group.end, group.start, group.end, n, n, n, None, "exact")
        root = doc[group.root : group.root + 1]
        whole = _figure(inp, q, root, quotes, timexes, places, main, reference)
        if group.source is not None:
            whole["measure"] = items[group.source]["measure"]
        if whole["measure"] not in ("killed", "injured", "shot"):
            continue
        whole["counts"] = "people"
        items.append(whole)  # "one man and two children": three, beside its parts
    elsewhere = frozenset(background_sentences(doc, timexes, reference))
    year = article.published.year if article.published else None
    _part_of_tally(doc, items)
    for item in items:
        tok = doc.char_span(item["start"], item["end"], alignment_mode="expand")
        if tok is None or not len(tok):
            continue
        if (
            tok[0].sent.start in elsewhere
            or (item["measure"] in CASUALTY_MEASURES and _told_long_ago(tok, year))
            or days_apart(text, item["start"], item["end"])
        ):
            item["cumulative"] = True  # another incident's toll: kept, but not this one's
    explicit = [(i["start"], i["end"]) for i in items]
    dead = max(
        (
            int(i["value"])
            for i in items
            if i["measure"] == "killed" and not i["cumulative"] and isinstance(i["value"], int)
        ),
        default=0,
    )
    victims = derived_victims(doc, explicit, year, elsewhere, dead)
    culprits = [(v.start, v.end) for v in victims if v.key == SELF]
    # "One man was shot in the leg, another in the arm": the "one" is a victim beside the other
    culprits += [(v.start, v.end) for v in victims if v.description.lower().startswith("one ")]
    # "One of the robbers was shot": the culprit shot is the derived victim apart from the
    # people the robbers shot, so the "one" that counts them is not counted a second time
    items = [
        i
        for i in items
        if not (i["value"] == 1 and any(s < i["end"] and i["start"] < e for s, e in culprits))
    ]
    if any(v.key == SELF and v.measure == "killed" for v in victims):
        items.extend(_with_killer(doc, items))
    told = any(i["measure"] in ("killed", "injured", "shot") and not i["cumulative"] for i in items)
    if not victims and not told:
        items.extend(
            _headline_only(inp, quotes, timexes, places, main, reference)
            or _title_only(inp, main, reference)
        )
    for victim in victims:
        span = doc.char_span(victim.start, victim.end, alignment_mode="expand")
        if span is None:
            continue
        preds = [victim.predicate]
        claimant = claimant_for(doc, span, preds, quotes, inp.annotation)
        place = place_for(doc, span, preds, claimant, inp.annotation, places, None, victim.measure)
        as_of, source = _as_of(doc, span, preds, timexes, article, reference, victim.measure)
        items.append(
            _item(
                article.id,
                text,
                victim.start,
                victim.end,
                value=1,
                low=1,
                high=1,
                unit=None,
                counts=victim.description,
                measure=victim.measure,
                hedge="exact",
                claimant=claimant,
                place=place,
                as_of=as_of,
                as_of_source=source,
                caveats=caveats_for(doc, span, True),
                derived=True,
                victim=victim.key,
            )
        )
        if victim.apart:
            items[-1]["apart"] = True
    items.extend(with_told_before(doc, items, SELF))
    if any(i["cumulative"] and i["measure"] in CASUALTY_MEASURES for i in items) and nobody_hurt(
        doc
    ):
        for item in items:
            if item["cumulative"] and item["measure"] in CASUALTY_MEASURES:
                item["incident_unhurt"] = True  # "No one was hurt": the tally is all others'
    _restated_days(items)
    _breakdown_measures(text, items)
    settle_kinds(doc, text, items)
    return items


#: Measures whose count a breakdown into classes of people parts ("19 killed: 12 staff and
#: seven patients").
_PARTED = frozenset(CASUALTY_MEASURES | {"missing", "displaced", "evacuated", "rescued"})
#: What opens a breakdown after a total: a colon or a dash.
_BREAKDOWN_OPEN = re.compile(r":|\s[-\u2013\u2014]\s")
#: A part told against the total before it: "37 wounded, 19 of them staff".
_OF_THEM = re.compile(r"\s++of\s++(?:them|whom|those)\b", re.IGNORECASE)
_OF_THEM_LEAD = re.compile(r"^of\s+(?:them|whom|those)\s+", re.IGNORECASE)


def _breakdown_measures(text: str, items: list[Item]) -> None:
    """A class of people counted in a breakdown of a total measures what the total does.

    "The toll has risen to 19: 12 staff members and seven patients" and "37 were wounded,
    19 of them staff" count the dead and the wounded by class; the parts carry no verb or
    noun of their own that says so. A part takes the measure of the nearest figure before
    it in its sentence when a colon or dash opens the list after that figure, or when the
    part is told "of them". Its counted noun names the class, which reconciliation keeps
    apart from the whole."""
    by_start = sorted(
        (i for i in items if i.get("text") and not i.get("derived")), key=lambda i: int(i["start"])
    )
    parted: set[int] = set()
    for n, item in enumerate(by_start):
        if item.get("measure") is not None or item.get("value") is None:
            continue
        noun = _OF_THEM_LEAD.sub("", str(item.get("counts") or "")).split(" ")[0].casefold()
        if noun not in people():
            continue  # "19 killed: five buildings destroyed" parts no toll
        before = [
            o
            for o in by_start[:n]
            if o.get("measure") in _PARTED and "\n" not in text[int(o["end"]) : int(item["start"])]
        ]
        if not before:
            continue
        total = before[-1]
        gap = text[int(total["end"]) : int(item["start"])]
        if len(gap) > 200 or "." in gap.replace("..", ""):
            continue  # another sentence
        told_of_them = _OF_THEM.match(text, int(item["end"])) is not None
        # the next part of a list already parted ("12 staff and seven patients")
        listed = id(total) in parted and not _BREAKDOWN_OPEN.search(gap)
        if told_of_them or listed or _BREAKDOWN_OPEN.search(gap):
            item["measure"] = total["measure"]
            parted.add(id(item))


def _restated_days(items: list[Item]) -> None:
    """A number told twice in one report is one figure with one day: "Ebola deaths reach
    3,338" over "the toll had reached 3,338 ... as of Sept. 28" holds for Sept. 28, not for
    the day the report came out. Only where every dated telling gives the same day."""
    for item in items:
        if item.get("as_of_source") not in ("published", "reported") or item.get("value") is None:
            continue
        days = {
            o["as_of"]
            for o in items
            if o is not item
            and o.get("as_of_source") == "stated"
            and o.get("value") == item["value"]
            and o.get("unit") == item.get("unit")
            and o.get("measure") == item.get("measure")
            and o.get("kind") != "recalled"
        }
        if len(days) == 1:
            item["as_of"], item["as_of_source"] = days.pop(), "stated"


# the first part may not end in a space, so a run of spaces is crossed once (linear)
_FROM_TO = re.compile(r"from\s++(.+?)(?<!\s)\s++to\s++(.+)", re.IGNORECASE | re.DOTALL)


def _gapped(
    inp: ExtractionInput,
    doc: Any,
    items: list[Item],
    quotes: Any,
    timexes: Any,
    places: Any,
    main: PlaceRef | None,
    reference: Any,
) -> None:
    """Read the per-place items of gapped lists ("Morelos 69, Puebla 43") as figures of the
    first one's measure and noun, at their place (see :mod:`figures_gapping`)."""
    for part in gapped_parts(inp.article.text, items, places, _GAPPED_MEASURES):
        q, source = part.quantity, items[part.source]
        figure = next((i for i in items if i["start"] < q.end and q.start < i["end"]), None)
        if figure is None:
            span = doc.char_span(q.num_start, q.num_end, alignment_mode="expand")
            if span is None or not len(span):
                continue
            figure = _figure(inp, q, span, quotes, timexes, places, main, reference)
            items.append(figure)
        elif figure["measure"] not in (None, source["measure"]):
            continue
        gid = part.place.get("geonameid")
        name = str(part.place.get("name") or part.place.get("text"))
        if "id" not in part.place:  # a name the tagger missed: the gazetteer's reading of it
            name, gid = _gazetteer_name(name, places)
        figure["measure"], figure["counts"] = source["measure"], source["counts"]
        figure["place"] = name
        figure["place_span"] = _span_obj(int(part.place["start"]), int(part.place["end"]))
        figure["place_geonameid"] = gid if isinstance(gid, int) else None
        figure["place_inferred"] = False
        if figure.get("as_of") is None:
            figure["as_of"], figure["as_of_source"] = source["as_of"], source["as_of_source"]


def _gazetteer_name(name: str, places: Any) -> tuple[str, int | None]:
    """A place name read outside the place mentions, as the report's own mentions of it
    resolve ("Puebla" where "45 in Puebla state" was resolved), else as the gazetteer
    ranks it with no context."""
    for p in places:
        if p.get("text") == name and not p.get("metonymic"):
            gid = p.get("geonameid")
            return str(p.get("name") or name), gid if isinstance(gid, int) else None
    from crosswire.geo.resolver import resolver

    found = resolver().resolve(name).place
    if found is None:
        return name, None
    return found.name, found.geonameid


_GAPPED_MEASURES = frozenset(CASUALTY_MEASURES | {"displaced", "evacuated", "missing"})


def _changes_apart(doc: Any, text: str, found: list[Quantity]) -> list[Quantity]:
    """A "from X to Y" range after a change ("the toll rose from 70 to 104") as its two
    figures: the one it changed from (recalled) and the one it changed to."""
    out: list[Quantity] = []
    for q in found:
        m = _FROM_TO.fullmatch(text, q.start, q.end) if q.value is None else None
        tok = doc.char_span(q.start, q.start + 4, alignment_mode="expand") if m else None
        if m is None or tok is None or not len(tok) or tok[0].lower_ != "from":
            out.append(q)
            continue
        head = tok[0].head
        if head.lower_ not in kind_words("change_heads") and (
            head.lemma_.lower() not in kind_words("change_heads")
        ):
            out.append(q)
            continue
        parts = []
        for group in (1, 2):
            lo = m.start(group)
            parts += [
                replace(
                    p,
                    start=p.start + lo,
                    end=p.end + lo,
                    num_start=p.num_start + lo,
                    num_end=p.num_end + lo,
                )
                for p in find_quantities(m.group(group))
            ]
        out.extend(parts if len(parts) == 2 else [q])
    return out


_OF_THOSE = re.compile(r"\b(?:of|among) (?:those|them|these|which)\b", re.IGNORECASE)


def _part_of_tally(doc: Any, items: list[Item]) -> None:
    """Mark a figure that is part of the sentence before's tally as one too.

    "131 people wounded or killed in the city so far this year. Eighty
    percent of those — 105 victims — were shot on the North Side": the 105
    are a share of the running tally, not the incident's victims.
    """
    tallied = set()
    for item in items:
        if item["cumulative"]:
            span = doc.char_span(item["start"], item["end"], alignment_mode="expand")
            if span is not None and len(span):
                tallied.add(span.sent.end)
    if not tallied:
        return
    for item in items:
        if item["cumulative"]:
            continue
        span = doc.char_span(item["start"], item["end"], alignment_mode="expand")
        if span is None or not len(span) or span.sent.start not in tallied:
            continue
        if _OF_THOSE.search(span.sent.text):
            item["cumulative"] = True


def _told_long_ago(span: Span, year: int | None) -> bool:
    """Is the figure's clause about another, older incident?

    The sentence says so (:func:`background`: "years ago", "a separate
    shooting"), or the clause the figure sits in is dated two or more years
    before the report: "Sunday's shooting happened where Leonard killed
    three men at a party in the summer of 2012".
    """
    verb = span.root
    for _ in range(4):
        if verb.pos_ in ("VERB", "AUX") or verb.head.i == verb.i:
            break
        verb = verb.head
    if background(span.sent, verb, year):
        return True
    if year is not None and any(_since_long_ago(c, year) for c in verb.children):
        return True  # "310,000 have been killed since the conflict began in March 2011"
    if year is None or verb.dep_ not in ("relcl", "advcl", "ccomp", "conj"):
        return False  # a whole sentence's dates are the focus module's to weigh
    return _names_year_before(verb.subtree, year)


_OLD_YEAR = re.compile(r"(?:19|20)\d\d")


def _since_long_ago(child: Any, year: int) -> bool:
    """A "since ..." phrase or clause dated two or more years before the report: the figure
    is a running total of a longer conflict, not the news of the day."""
    since = child.lower_ == "since" or any(
        c.dep_ == "mark" and c.lower_ == "since" for c in child.children
    )
    return since and _names_year_before(child.subtree, year)


def _names_year_before(tokens: Any, year: int) -> bool:
    """Do ``tokens`` name a year two or more years before ``year``?"""
    return any(
        t.like_num and _OLD_YEAR.fullmatch(t.text) and int(t.text) <= year - 2 for t in tokens
    )


def _with_killer(doc: Any, items: list[Item]) -> list[Item]:
    """Each count of a killer's victims again, with the killer who took their own life.

    "killing his five young children as well as his wife ... the gunman then
    took his own life": six killed by him, seven dead. The added figure
    keeps the words it stands on, says what it adds in ``counts`` and gets
    an id of its own.
    """
    out: list[Item] = []
    killed = [i for i in items if i["measure"] == "killed"]
    for item in items:
        value = item["value"]
        if any(
            o["start"] <= item["start"] and item["end"] <= o["end"] and o is not item
            for o in killed
        ):
            continue  # "five" inside "his five young children as well as his wife"
        if (
            item["measure"] != "killed"
            or item["cumulative"]
            or item["hedge"] != "exact"
            or not isinstance(value, int)
            or not victims_of_killer(doc, item["start"], item["end"])
        ):
            continue
        whole = dict(item)
        whole.update(
            id=f"{item['id']}:with-killer",
            value=value + 1,
            low=value + 1,
            high=value + 1,
            counts=f"{item['counts'] or 'people'} and the killer",
        )
        out.append(whole)
    return out


def _headline_only(
    inp: ExtractionInput,
    quotes: Any,
    timexes: Any,
    places: Any,
    main: PlaceRef | None,
    reference: Any,
) -> list[Item]:
    """The victim of a report whose only casualty is in its headline (one, derived)."""
    found = headline_victim(inp.article.text)
    span = None if found is None else inp.doc.char_span(found[0], found[1], "expand")
    if found is None or span is None:
        return []
    if shot_at_only(inp.doc, span.start_char, span.root.lemma_.lower(), frozenset()):
        return []  # "Deputy shot by man who fled" over "accused of shooting at a deputy"
    start, end, measure = found
    q = Quantity(start, end, start, end, 1, 1, 1, None, "exact")
    item = _figure(inp, q, span, quotes, timexes, places, main, reference)
    item.update(
        id=f"{inp.article.id}:figure:{start}-{end}:victim",
        measure=measure,
        counts=inp.article.text[start:end],
        derived=True,
        victim="headline",
        cumulative=False,
    )
    return [item]


def _title_only(inp: ExtractionInput, main: PlaceRef | None, reference: Any) -> list[Item]:
    """The casualties of a report whose body tells none, as its separate headline tells them.

    A body that is a video playlist, a paywall notice or only the search
    for the gunman leaves the casualty to the title ("2 dead, 3 hurt in
    shooting"). Read only when the body counts and names no victim of its
    own, so a headline never doubles the body's figures; not when the
    title is the text's first line (read there already), tells a tally of
    several incidents ("3 killed in weekend shootings") or the body says
    nobody was hurt. The figures have no words in the text (``start`` =
    ``end`` = 0, empty ``text``); ``headline`` holds their words in the title.
    """
    article = inp.article
    title = (article.title or "").strip()
    if not title or article.text.lstrip().startswith(title) or _CUMULATIVE.search(title):
        return []
    found = title_counts(title)
    if not found or nobody_hurt(inp.doc):
        return []
    day = reference or article.published
    source = None if day is None else ("published" if day == article.published else "reported")
    place = None if main is None else replace(main, inferred=True)
    items = []
    for c in found:
        words = title[c.start : c.end]
        item = _item(
            article.id,
            article.text,
            0,
            0,
            value=c.value,
            low=c.low,
            high=c.high,
            unit=None,
            counts=words if c.victim else "people",
            measure=c.measure,
            hedge=c.hedge,
            claimant=None,
            place=place,
            as_of=None if day is None else day.isoformat(),
            as_of_source=source,
            caveats=[],
            derived=c.victim,
            victim="headline" if c.victim else None,
        )
        item["id"] = f"{article.id}:figure:title:{c.start}-{c.end}" + (
            ":victim" if c.victim else ""
        )
        item["headline"] = {"start": c.start, "end": c.end, "text": words, "title": title}
        items.append(item)
    return items


_IF = re.compile(r"\W*(?:if|unless|should)\b", re.IGNORECASE)


def _sentence_start(doc: Any, at: int) -> int:
    """The character offset where the sentence holding character ``at`` starts."""
    span = doc.char_span(at, at + 1, alignment_mode="expand")
    return int(span.sent.start_char) if span is not None and len(span) else at


def _as_of(
    doc: Any,
    span: Span,
    preds: list[Token],
    timexes: Any,
    article: Any,
    reference: Any,
    measure: str | None,
    claimed: Attribution | None = None,
) -> tuple[str | None, str | None]:
    """The day a figure holds for, and where that day comes from.

    A date in the figure's own clause (or its claim's) is ``stated``. A running total
    someone states ("AFAD said 31,643 people had been killed") with no date of its own is
    said on the day of the report, not on the day the report mostly tells of: a Monday story
    full of Sunday's events still gives Monday's toll; unless the report dates the
    statement (`statement_date`)."""
    if article.published is None and not timexes:
        return None, None
    stated = stated_date(doc, span, preds, timexes, article.published)
    if stated is not None:
        return stated.isoformat(), "stated"
    if article.published is None:
        return None, None
    today = news_day(doc, timexes, article.published)
    if today is not None and today != article.published:
        # a day-after paper: its "now" is the day before, and so is the day it reports on
        return today.isoformat(), "reported"
    if claimed is not None and _backshifted(preds) and not _present(preds, span.sent):
        said = statement_date(doc, timexes, article.published, span, claimed)
        if said is not None and said != article.published:
            return said.isoformat(), "reported"
        return article.published.isoformat(), "published"
    if measure in _STATIC or _present(preds, span.sent) or reference is None:
        return article.published.isoformat(), "published"
    source = "reported" if reference != article.published else "published"
    return reference.isoformat(), source


_COUNTED = re.compile(r"^\W*(?:about |some |more than |at least )?\d[\d,.]*\s")
"""A claimant that is itself a count ("5,864 cases"): no party."""


def _figure(
    inp: ExtractionInput,
    q: Quantity,
    span: Span,
    quotes: Any,
    timexes: Any,
    places: Any,
    main: PlaceRef | None,
    reference: Any,
) -> Item:
    doc = inp.doc
    counted = counted_thing(doc, span)
    preds = governing_predicates(counted.anchor, counted.noun)
    measure = measure_of(doc, span, counted, q.unit, preds)
    if q.unit is not None and measure in CASUALTY_MEASURES:
        measure = None  # "$10,000 for information in the killing", "40 %": not people
    counts = counted.text
    if measure is None and q.unit is None:
        measure = headline_count_measure(inp.article.text, q.start, q.end)
        if measure is not None:
            counts = "people"  # "Three shot, one dead": the headline's own grammar
    claimant = claimant_for(doc, span, preds, quotes, inp.annotation)
    if claimant is not None and _COUNTED.match(claimant.text):
        claimant = None  # "with 5,864 cases reported": the count itself reports nothing
    place = place_for(doc, span, preds, claimant, inp.annotation, places, main, measure)
    if place is None and measure in ("population_remaining", "population_prewar", "population"):
        place = main
    as_of, source = _as_of(doc, span, preds, timexes, inp.article, reference, measure, claimant)
    if counts is None and measure in ("population_remaining", "population_prewar", "population"):
        counts = "population"
    if counts is None and measure == "distance":
        counts = located_by_distance(doc, span)  # "the airfield, about 22 km north of ..."
    hedge = q.hedge
    before = inp.article.text[max(0, q.start - 6) : q.start].lower()
    if hedge == "exact" and before.endswith("only "):
        hedge = "exact"
    reading = read_kind(span, counted)
    if reading.kind == "recalled" and measure in _STATIC:
        # "down from a prewar population of 430,000": a figure of another time by definition
        reading = KindReading("count")
    superseded = False
    if reading.kind == "recalled":
        # an earlier figure holds for its own day when its words give one, never the report's
        own = recalled_date(reading.evidence, timexes)
        as_of, source = (own.isoformat(), "stated") if own is not None else (None, None)
        superseded = own is None
    item = _item(
        inp.article.id,
        inp.article.text,
        q.start,
        q.end,
        value=_num(q.value),
        low=_num(q.low),
        high=_num(q.high),
        unit=q.unit,
        counts=counts,
        measure=measure,
        hedge=hedge,
        claimant=claimant,
        place=place,
        as_of=as_of,
        as_of_source=source,
        caveats=caveats_for(doc, span, measure in CASUALTY_MEASURES),
        derived=False,
        victim=None,
        cumulative=_cumulative(span.sent, q.start, q.end),
        # a casualty tally's period is its ``cumulative`` mark, which the reconciler
        # already keeps apart; other counts ("700 trucks in January") carry theirs
        period=None
        if measure in CASUALTY_MEASURES
        else period_of(
            span.sent.text, q.start - span.sent.start_char, q.end - span.sent.start_char
        ),
        kind=reading.kind,
    )
    mark_part(item, reading)
    if superseded:
        item["superseded"] = True
    return item


def _cumulative(sent: Span, start: int, end: int) -> bool:
    """Does the sentence make the figure a running tally ("555 homicides this year")?

    The figure's own words are left out: "a double homicide" counts one
    incident's dead, it is not a tally of homicides.
    """
    a, b = max(0, start - sent.start_char), max(0, end - sent.start_char)
    text = sent.text
    masked = text[:a] + "0" * (b - a) + text[b:]
    if _CUMULATIVE.search(masked) is not None:
        return True
    lo = max((m.end() for m in _CLAUSE_TURN.finditer(masked, 0, a)), default=0)
    hi = next((m.start() for m in _CLAUSE_TURN.finditer(masked, b)), len(masked))
    return _WAR_TOTAL.search(masked, lo, hi) is not None


def _item(
    article: str,
    text: str,
    start: int,
    end: int,
    *,
    value: int | float | None,
    low: int | float | None,
    high: int | float | None,
    unit: str | None,
    counts: str | None,
    measure: str | None,
    hedge: str,
    claimant: Any,
    place: PlaceRef | None,
    as_of: str | None,
    as_of_source: str | None,
    caveats: list[str],
    derived: bool,
    victim: str | None,
    cumulative: bool = False,
    period: str | None = None,
    kind: str = "count",
) -> Item:
    item: Item = {
        "id": f"{article}:figure:{start}-{end}" + (":victim" if derived else ""),
        "article": article,
        "start": start,
        "end": end,
        "text": text[start:end],
        "value": value,
        "low": low,
        "high": high,
        "unit": unit,
        "counts": counts,
        "measure": measure,
        "hedge": hedge,
        "claimant": claimant.text if claimant else None,
        "claimant_entity": None,
        "claimant_span": _span_obj(claimant.start, claimant.end) if claimant else None,
        "claimant_via": claimant.via if claimant else None,
        "place": place.name if place else None,
        "place_entity": None,
        "place_span": _span_obj(place.start, place.end) if place else None,
        "place_geonameid": place.geonameid if place else None,
        "place_inferred": place.inferred if place else False,
        "as_of": as_of,
        "as_of_source": as_of_source,
        "caveats": caveats,
        "derived": derived,
        "cumulative": cumulative,
        "kind": kind,
    }
    if victim is not None:
        item["victim"] = victim
    if period is not None:
        item["period"] = period
    return item


class FiguresExtractor:
    """Extractor component: ``extract`` per article, ``finalize`` at export time."""

    name = "figures"
    version = "44"
    requires: tuple[str, ...] = ("place_mentions", "timexes", "quotes")
    assigns: tuple[str, ...] = ("figures",)

    def extract(self, inp: ExtractionInput) -> list[Item]:
        """Figures (explicit and derived) of one article."""
        return figure_items(inp)

    def finalize(self, item: Item, entities: EntityIndex) -> Item:
        """Fill ``claimant_entity`` and ``place_entity`` from the spans, with current ids."""
        out = dict(item)
        for key in ("claimant", "place"):
            span = item.get(f"{key}_span")
            if isinstance(span, dict):
                out[f"{key}_entity"] = entities.entity_at(
                    item["article"], span["start"], span["end"]
                )
        return out


EXTRACTOR = FiguresExtractor()
