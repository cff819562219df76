"""Wire text carried across outlets is one source; independent reports are not copies.

Every report here is invented: one wire story about a flood in a made-up
valley, carried by outlets under their own headers, bylines, datelines, trims
and added paragraphs; an independent report of the same flood with the same
numbers and the same official's quote; and the wire's own story of another day.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from crosswire.annotate import Annotator
from crosswire.dedupe import find_shared_text, passages
from crosswire.export import build_export, validate_export
from crosswire.link.reconciliations import source_key
from crosswire.link.wire_texts import merge_sources, wire_text_groups
from crosswire.models import Article, SourceDocument
from crosswire.pipeline import ingest_documents
from crosswire.report import render_markdown
from crosswire.store import Store

WIRE = [
    "Floodwaters swept through the Orlan valley overnight, killing at least 14 people and "
    "forcing about 3,000 residents from their homes, regional officials said on Tuesday.",
    "The river rose more than four metres in six hours after two days of heavy rain, "
    "breaking through an earthen levee north of the market town of Tesk.",
    "Rescue crews in flat-bottomed boats spent the night pulling families from rooftops "
    "while helicopters dropped water and blankets to villages cut off by the torrent.",
    '"We have never seen water like this," Governor Ana Lima told reporters at a shelter.',
    "Lima said 14 bodies had been recovered and that the toll could change as crews reached "
    "the lower villages, where the current was still too strong for the boats.",
    "The regional emergency office said 3,000 people were staying in schools and sports "
    "halls, and that drinking water was running short in at least three of the shelters.",
    "Forecasters expect more rain later in the week, and engineers were inspecting a second "
    "levee downstream that residents said had begun to seep on Monday evening.",
    "The valley was last flooded eleven years ago, when a smaller rise of the same river "
    "destroyed two bridges and the main road to the capital for most of a month.",
    "Farmers said the water had reached the grain stores just after the harvest, and that "
    "most of the livestock in the low fields had been lost before dawn.",
]

TIMES = (
    "RIVERTON TIMES | World | Tuesday\n\nFlood kills 14 in Orlan valley\n\n"
    "By Times staff and wire reports\n\n"
    "TESK, Ruritania (AP) — " + "\n\n".join(WIRE) + "\n\nRelated: storms across the region"
)
COURIER = (
    "The Morning Courier\n\nAt least 14 dead as river bursts levee\n\n"
    + "\n\n".join(WIRE[:6])  # trimmed after the sixth paragraph
    + "\n\nIn Riverton, the Lions Club said it would collect blankets and bottled water for "
    "the shelters on Saturday morning outside the town library on Elm Street.\n\n"
    "Volunteers can reach the club through its website, organisers said."
)
GAZETTE = (
    "Valley Gazette — Breaking\n\nDeadly flood\n\n"
    + "\n\n".join(WIRE[:2] + WIRE[3:8])  # a paragraph cut in the middle
    + "\n\nThe Gazette will update this story as more information becomes available."
)
# Another outlet's own reporter at the same shelter: the same numbers and the same quote.
INDEPENDENT = (
    "Orlan valley counts its dead\n\nBy Mara Voss, Valley Herald\n\n"
    "Fourteen people are now known to have died after the Orlan burst its banks, and "
    "close to 3,000 spent the night in schools and gyms, the regional office reported.\n\n"
    '"We have never seen water like this," Governor Ana Lima told reporters at a shelter.\n\n'
    "At the Tesk secondary school, families slept on mats between rows of donated mattresses "
    "while a nurse moved from corner to corner checking on the elderly.\n\n"
    "Pavel Dorn, a baker, said he had carried his mother up to the attic when the water "
    "came through the door, and waited there until a boat arrived at first light.\n\n"
    "Officials said at least 14 were dead and that the count might rise as boats reached "
    "the lower villages. Engineers were checking a second levee downstream, they added."
)
# The wire's story three days later reuses its background paragraphs under a new lede.
WIRE_LATER = (
    "TESK, Ruritania (AP) — The death toll from last week's flood in the Orlan valley rose "
    "to 22 on Friday as crews reached the last of the lower villages, officials said.\n\n"
    "Most of the newly found victims were elderly residents who had stayed behind, the "
    "regional emergency office said, and six people were still missing.\n\n"
    "Schools that served as shelters reopened to pupils on Friday, and the office said "
    "about 1,200 people were still unable to return to their homes.\n\n"
    + "\n\n".join(WIRE[7:9])
    + "\n\nThe government promised compensation for lost harvests and said it would rebuild "
    "the levee with concrete before the autumn rains."
)


def _article(
    aid: str, text: str, published: date | None, outlet: str, wire: tuple[str, ...] = ()
) -> Article:
    return Article(aid, aid, text, text, outlet=outlet, published=published, wire=wire)


TUESDAY, FRIDAY = date(2031, 5, 6), date(2031, 5, 9)


def _pairs(*articles: Article) -> set[frozenset[str]]:
    found = find_shared_text([(a.id, a.text, a.published) for a in articles])
    return {frozenset((p.article, p.other)) for p in found}


def test_shared_wire_body_under_other_headers_trims_and_added_paragraphs_is_found() -> None:
    times = _article("t", TIMES, TUESDAY, "Riverton Times", ("Associated Press",))
    courier = _article("c", COURIER, TUESDAY, "Morning Courier")
    gazette = _article("g", GAZETTE, None, "Valley Gazette")
    # the two trimmed carriers still share half of the shorter one's passages: a pair too
    assert _pairs(times, courier, gazette) == {frozenset("tc"), frozenset("tg"), frozenset("cg")}


def test_independent_report_with_same_numbers_and_quote_is_not_a_copy() -> None:
    times = _article("t", TIMES, TUESDAY, "Riverton Times")
    herald = _article("h", INDEPENDENT, TUESDAY, "Valley Herald")
    assert _pairs(times, herald) == set()


def test_quoted_words_are_no_shared_text() -> None:
    quote = '"We have never seen water like this, not in all my years here," Lima said.'
    assert passages(quote) == passages("Lima said.")


def test_the_same_wire_on_another_day_is_another_story() -> None:
    times = _article("t", TIMES, TUESDAY, "Riverton Times")
    later = _article("l", WIRE_LATER, FRIDAY, "Riverton Times")
    undated = _article("u", WIRE_LATER, None, "Riverton Times")
    assert _pairs(times, later) == set()
    assert _pairs(times, undated) == set()  # reused background alone is too little


def test_carriers_of_one_wire_text_count_as_one_source() -> None:
    times = _article("t", TIMES, TUESDAY, "Riverton Times", ("Associated Press",))
    courier = _article("c", COURIER, TUESDAY, "Morning Courier")
    gazette = _article("g", GAZETTE, TUESDAY, "Valley Gazette")
    herald = _article("h", INDEPENDENT, TUESDAY, "Valley Herald")
    articles = [courier, times, gazette, herald]
    pairs = find_shared_text([(a.id, a.text, a.published) for a in articles])
    (group,) = wire_text_groups(articles, pairs)
    assert group["articles"] == ["c", "t", "g"] and group["wire"] == "Associated Press"
    assert group["outlets"] == ["Morning Courier", "Riverton Times", "Valley Gazette"]
    assert (courier.wire_text_of, times.wire_text_of, gazette.wire_text_of) == (None, "c", "c")
    keys = {source_key(a, a.id) for a in articles}
    # one source for the wire text (the same as any other report crediting AP), one for the herald
    assert keys == {"wire:associated press", "h"}
    assert merge_sources([["c"], ["h"], ["t", "x"], ["g"]], {"c": "w", "t": "w", "g": "w"}) == [
        ["c", "t", "x", "g"],
        ["h"],
    ]


def _doc(name: str, text: str, outlet: str) -> SourceDocument:
    return SourceDocument(name, name, text, "text", outlet=outlet, published=TUESDAY)


def test_export_and_report_say_which_outlets_carried_the_wire_text(
    tmp_path: Path, annotator: Annotator
) -> None:
    docs = [
        _doc("times.txt", TIMES, "Riverton Times"),
        _doc("courier.txt", COURIER, "Morning Courier"),
        _doc("gazette.txt", GAZETTE, "Valley Gazette"),
        _doc("herald.txt", INDEPENDENT, "Valley Herald"),
    ]
    with Store(tmp_path / "s.db") as store:
        result = ingest_documents(docs, store, annotator=annotator)
        assert len(result.duplicates) < 2  # the carrier with added paragraphs is no duplicate
        doc = build_export(store)
        validate_export(doc)
    (group,) = doc["wire_texts"]
    by_outlet = {a["outlet"]: a for a in doc["articles"]}
    first = by_outlet["Riverton Times"]["id"]
    assert group["first"] == first and group["wire"] == "Associated Press"
    assert {o: a["wire_text_of"] for o, a in by_outlet.items()} == {
        "Riverton Times": None,
        "Morning Courier": first,
        "Valley Gazette": first,
        "Valley Herald": None,
    }
    text = render_markdown(doc)
    assert (
        "Associated Press text carried by Riverton Times, Morning Courier and Valley Gazette"
        in text
    )
    (story,) = doc["stories"]  # the wire text once, the herald's own reporting once
    assert (len(story["articles"]), story["independent_sources"]) == (4, 2)
    assert [inc["independent_sources"] for inc in story["incidents"]] == [2]
    assert "2 of them independent" in text
