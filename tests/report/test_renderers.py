"""Tests for the report renderers: evidence, sentences, sources, safety, determinism."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from lxml import html as lxml_html

from crosswire.errors import ExportError
from crosswire.report import build_view, render_html, render_markdown, source_sentence
from crosswire.report.html import PRINT_SCRIPT
from crosswire.report.markdown import md
from crosswire.report.sentences import sentence_spans

A_ID = "aaaa1111aaaa1111"
B_ID = "bbbb2222bbbb2222"
C_ID = "cccc3333cccc3333"

TEXT_A = (
    "Mr. Smith of the U.S. Army said 3.5 tonnes of aid reached Mariupol. "
    "The Red Cross said the convoy left Zaporizhzhia on Friday.\n"
    "Red Cross staff said the Red Cross would return."
)
TEXT_B = "ICRC teams waited outside Mariupol. Officials said 20 buses | trucks were ready."


def at(text: str, needle: str, occurrence: int = 0) -> tuple[int, int]:
    """Offsets of the n-th occurrence of ``needle`` (test set-up only)."""
    start = -1
    for _ in range(occurrence + 1):
        start = text.index(needle, start + 1)
    return start, start + len(needle)


def mention(article: str, text: str, needle: str, occurrence: int = 0) -> dict[str, Any]:
    start, end = at(text, needle, occurrence)
    return {"article": article, "start": start, "end": end, "text": needle}


def article(aid: str, text: str, **extra: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "id": aid,
        "source": f"examples/{aid}.txt",
        "url": None,
        "title": None,
        "outlet": None,
        "published": None,
        "dateline": None,
        "wire": [],
        "text": text,
        "duplicate_of": None,
        "format": "text",
        "removed": [],
    }
    base.update(extra)
    return base


def make_doc() -> dict[str, Any]:
    """Three articles (C duplicates A), four entities with known mentions."""
    return {
        "version": "1",
        "articles": [
            article(
                A_ID,
                TEXT_A,
                outlet="Daily Wire | Post",
                published="2022-04-01",
                dateline="LVIV",
                wire=["Reuters"],
                removed=[{"kind": "caption", "text": "A convoy Credit: AP"}],
            ),
            article(B_ID, TEXT_B, outlet="The Times", published="2022-03-14", title="Buses wait"),
            article(C_ID, TEXT_A, published="2022-04-02", duplicate_of=A_ID),
        ],
        "entities": [
            {
                "id": "E1",
                "name": "International Committee of the Red Cross",
                "type": "ORG",
                "aliases": ["ICRC", "Red Cross"],
                "roles": [],
                "mentions": [
                    mention(A_ID, TEXT_A, "Red Cross", 0),
                    mention(A_ID, TEXT_A, "Red Cross", 2),
                    mention(B_ID, TEXT_B, "ICRC"),
                    mention(C_ID, TEXT_A, "Red Cross", 0),
                ],
            },
            {
                "id": "E2",
                "name": "Mariupol",
                "type": "GPE",
                "aliases": [],
                "roles": [],
                "mentions": [mention(A_ID, TEXT_A, "Mariupol"), mention(B_ID, TEXT_B, "Mariupol")],
            },
            {
                "id": "E3",
                "name": "John Smith",
                "type": "PERSON",
                "aliases": ["Smith"],
                "roles": ["U.S. Army officer"],
                "mentions": [mention(A_ID, TEXT_A, "Smith")],
            },
            {
                "id": "E4",
                "name": "Zaporizhzhia",
                "type": "GPE",
                "aliases": [],
                "roles": [],
                "mentions": [mention(A_ID, TEXT_A, "Zaporizhzhia")],
            },
        ],
        "places": [],
        "quotes": [],
        "figures": [],
        "events": [],
        "operations": [],
        "stories": [],
        "reconciliations": [],
    }


def sentence_of(text: str, start: int, end: int) -> str:
    lo, hi = source_sentence(text, start, end)
    return text[lo:hi]


# --- sentences ------------------------------------------------------------------------------


def test_fallback_does_not_split_at_abbreviations_numbers_or_initials() -> None:
    text = (
        "Mr. Smith met Dr. J. R. Jones at the U.S. Army base. Prices rose 3.5 per cent. "
        "Gen. Petraeus said e.g. food was short. It ended."
    )
    got = [text[s:e] for s, e in sentence_spans(text)]
    assert got == [
        "Mr. Smith met Dr. J. R. Jones at the U.S. Army base.",
        "Prices rose 3.5 per cent.",
        "Gen. Petraeus said e.g. food was short.",
        "It ended.",
    ]


def test_fallback_splits_after_acronym_before_a_sentence_opener_and_at_lines() -> None:
    text = 'He flew to the U.S. The talks failed. "Go!" She left.Then it rained\nNew line'
    got = [text[s:e] for s, e in sentence_spans(text)]
    assert got == [
        "He flew to the U.S.",
        "The talks failed.",
        '"Go!"',
        "She left.",
        "Then it rained",
        "New line",
    ]


def test_source_sentence_fallback_and_given_boundaries() -> None:
    start, end = at(TEXT_A, "Mariupol")
    assert sentence_of(TEXT_A, start, end).startswith("Mr. Smith of the U.S. Army")
    # Given boundaries win over the regex: treat the whole first line as one sentence.
    line_end = TEXT_A.index("\n")
    assert source_sentence(TEXT_A, start, end, [(0, line_end), (line_end + 1, len(TEXT_A))]) == (
        0,
        line_end,
    )


def test_span_crossing_sentences_widens_to_both() -> None:
    start = TEXT_A.index("Mariupol")
    end = TEXT_A.index("Red Cross") + len("Red Cross")
    lo, hi = source_sentence(TEXT_A, start, end)
    assert TEXT_A[lo:hi] == TEXT_A[: TEXT_A.index("\n")]
    bounds = [(0, 68), (68, 127)]  # spaCy-style: trailing whitespace and the newline included
    assert source_sentence(TEXT_A, 60, 75, bounds) == (0, 126)


def test_given_boundaries_are_kept_to_the_line_and_keep_the_closing_quote() -> None:
    text = 'Mariupol Credit: AP\nThey said "go to Kyiv." Then they left.'
    start, end = at(text, "Kyiv")
    # A statistical splitter ran across the caption's line break and left the quote behind.
    spacy_like = [(0, 42), (42, len(text))]
    lo, hi = source_sentence(text, start, end, spacy_like)
    assert text[lo:hi] == 'They said "go to Kyiv."'


def test_renderers_use_the_given_sentence_boundaries() -> None:
    cut, line_end = TEXT_A.index("3.5"), TEXT_A.index("\n")
    given = {A_ID: [(0, cut), (cut, line_end), (line_end + 1, len(TEXT_A))]}
    out = render_markdown(make_doc(), sentences=given)
    assert "  - 3.5 tonnes of aid reached **Mariupol**. The Red Cross said the convoy" in out
    page = render_html(make_doc(), sentences=given)
    assert "3.5 tonnes of aid reached <mark>Mariupol</mark>. The Red Cross said" in page


def test_source_sentence_rejects_span_outside_text() -> None:
    with pytest.raises(ExportError, match="outside"):
        source_sentence("short", 2, 50)


# --- evidence and highlighting -------------------------------------------------------------


def test_markdown_bolds_exactly_the_span_inside_its_sentence() -> None:
    out = render_markdown(make_doc())
    start, end = at(TEXT_A, "Zaporizhzhia")
    assert TEXT_A[start:end] == "Zaporizhzhia"
    line = next(ln for ln in out.splitlines() if "**Zaporizhzhia**" in ln and "— `aaaa1111`" in ln)
    assert "The Red Cross said the convoy left **Zaporizhzhia** on Friday." in line
    assert "Daily Wire \\| Post" in line and "2022-04-01" in line


def test_html_marks_exactly_the_sliced_span_in_its_sentence() -> None:
    doc = make_doc()
    texts = {A_ID: TEXT_A, B_ID: TEXT_B, C_ID: TEXT_A}
    tree = lxml_html.fromstring(render_html(doc))
    for ent in doc["entities"]:
        card = tree.get_element_by_id(f"ent-{ent['id']}")
        shown = [el.text_content() for el in card.find_class("sentence")]
        marks = [m.text_content() for m in card.iter("mark")]
        expected = [texts[m["article"]][m["start"] : m["end"]] for m in ent["mentions"]]
        assert sorted(marks) == sorted(expected)
        for m in ent["mentions"]:
            assert sentence_of(texts[m["article"]], m["start"], m["end"]) in shown


def test_highlight_uses_offsets_not_string_search() -> None:
    # "Red Cross" occurs three times; the mention is the third, in the second line.
    view = build_view(make_doc())
    org = next(g for g in view.entity_groups if g.key == "organisations").entities[0]
    second_line = next(
        ev for ev in org.evidence if ev.source.article == A_ID and ev.start > TEXT_A.index("\n")
    )
    assert TEXT_A[second_line.start : second_line.end] == (
        "Red Cross staff said the Red Cross would return."
    )
    assert second_line.spans == (at(TEXT_A, "Red Cross", 2),)
    before = "".join(s.text for s in second_line.segments if not s.marked)
    assert before.startswith("Red Cross staff said the ")  # first occurrence left unmarked


def test_two_mentions_in_one_sentence_share_one_evidence() -> None:
    doc = make_doc()
    doc["entities"][0]["mentions"].append(mention(A_ID, TEXT_A, "Red Cross", 1))
    org = build_view(doc).entity_groups[1].entities[0]
    ev = next(e for e in org.evidence if e.source.article == A_ID and len(e.spans) == 2)
    assert ev.marked == ("Red Cross", "Red Cross")


def test_evidence_limit_shows_more_in_details_and_markdown() -> None:
    text = " ".join(f"Kyiv was hit on day {n}." for n in range(1, 6))
    doc = make_doc()
    doc["articles"].append(article("dddd4444dddd4444", text))
    doc["entities"].append(
        {
            "id": "E5",
            "name": "Kyiv",
            "type": "GPE",
            "mentions": [mention("dddd4444dddd4444", text, "Kyiv", n) for n in range(5)],
        }
    )
    out = render_markdown(doc)
    shown = [n for n in range(1, 6) if f"was hit on day {n}. — `dddd4444`" in out]
    assert shown == [1, 2, 3]
    assert "+2 more in `dddd4444`" in out
    tree = lxml_html.fromstring(render_html(doc))
    card = tree.get_element_by_id("ent-E5")
    details = card.findall(".//details")
    assert len(details) == 1
    assert details[0].findtext("summary") == "+2 more"
    assert len(details[0].findall(".//li")) == 2
    assert len(list(card.iter("mark"))) == 5  # all evidence is in the file


def test_long_sentence_is_clipped_around_the_span() -> None:
    text = "word " * 200 + "Kherson " + "word " * 200 + "end."
    doc = make_doc()
    doc["articles"].append(article("eeee5555eeee5555", text))
    doc["entities"].append(
        {
            "id": "E6",
            "name": "Kherson",
            "type": "GPE",
            "mentions": [mention("eeee5555eeee5555", text, "Kherson")],
        }
    )
    view = build_view(doc)
    ev = next(e for g in view.entity_groups for e in g.entities if e.id == "E6").evidence[0]
    assert ev.clipped_start and ev.clipped_end and ev.marked == ("Kherson",)
    assert ev.end - ev.start < 700
    assert "… word" in render_markdown(doc)


# --- sources, duplicates, overview -----------------------------------------------------------


def test_duplicate_is_marked_and_excluded_from_independent_count() -> None:
    doc = make_doc()
    view = build_view(doc)
    assert (view.article_count, view.independent_count) == (3, 2)
    rows = {r.ref.article: r for r in view.sources}
    assert rows[C_ID].duplicate_of == "aaaa1111"
    assert rows[A_ID].copies == ("cccc3333",)
    assert [r.ref.article for r in view.sources] == [B_ID, A_ID, C_ID]  # copy after original
    out = render_markdown(doc)
    assert "duplicate of `aaaa1111`" in out and "has 1 copy: `cccc3333`" in out
    assert "3 news reports, 2 of them independent once 1 duplicate is set aside" in out
    page = render_html(doc)
    assert 'duplicate of <a class="id" href="#src-aaaa1111">aaaa1111</a>' in page
    # Duplicates count as reports mentioning an entity, not as independent ones.
    org = view.entity_groups[1].entities[0]
    assert (len(org.reports), org.independent) == (3, 2)
    assert "3 (2 independent)" in out


def test_copy_of_a_copy_follows_its_original() -> None:
    doc = make_doc()
    doc["articles"].append(article("zzzz9999zzzz9999", "A copy of a copy.", duplicate_of=C_ID))
    view = build_view(doc)
    assert [r.ref.short_id for r in view.sources] == [
        "bbbb2222",
        "aaaa1111",
        "cccc3333",
        "zzzz9999",
    ]
    assert view.independent_count == 2
    assert "duplicate of `cccc3333`" in render_markdown(doc)


def test_overview_numbers_are_derived() -> None:
    out = render_markdown(make_doc())
    overview = out.split("## Overview")[1].split("## Sources")[0]
    assert "from 2 outlets (Daily Wire \\| Post and The Times) and 1 with no outlet named" in (
        overview
    )
    assert "published between 2022-03-14 and 2022-04-02" in overview
    assert "1 report carries wire copy from Reuters" in overview
    assert "The places named in most reports are Mariupol (2 reports) and Zaporizhzhia" in (
        overview
    )
    assert out.startswith("# Situation report: Mariupol\n")
    assert render_markdown(make_doc(), title="Custom").startswith("# Custom\n")


def test_sources_table_shows_metadata_fallbacks_and_removals() -> None:
    out = render_markdown(make_doc())
    row_c = next(ln for ln in out.splitlines() if ln.startswith("| `cccc3333`"))
    assert "unknown outlet" in row_c and "_Mr\\. Smith" not in row_c
    assert "_Mr. Smith of the U.S. Army said 3.5 tonnes of aid reached…_" in row_c
    row_b = next(ln for ln in out.splitlines() if ln.startswith("| `bbbb2222`"))
    assert "| Buses wait |" in row_b and "| 2022-03-14 |" in row_b
    assert "- `aaaa1111`: 1 caption" in out and "caption: A convoy Credit: AP" in out
    page = render_html(make_doc())
    assert '<details class="removed">' in page and "A convoy Credit: AP" in page
    empty = make_doc()
    empty["articles"][1]["published"] = None
    assert "date unknown" in render_markdown(empty)


# --- later-stage sections --------------------------------------------------------------------


SECTION_TITLES = ["Figures", "Reconciliation", "Quotes", "Timeline", "Places", "Operations"]


def test_empty_sections_say_not_yet_extracted_in_order() -> None:
    out = render_markdown(make_doc())
    positions = [out.index(f"\n## {t}\n") for t in [*SECTION_TITLES, "Stories"]]
    assert positions == sorted(positions)
    assert out.index("## Sources") < out.index("## Entities") < positions[0]
    assert out.count("Not yet extracted") == 7
    assert render_html(make_doc()).count("Not yet extracted") == 7


def test_filled_sections_show_fields_and_source_sentence() -> None:
    doc = make_doc()
    s, e = at(TEXT_B, "20 buses")
    doc["figures"] = [
        {
            "id": "F1",
            "article": B_ID,
            "start": s,
            "end": e,
            "text": "20 buses",
            "value": 20,
            "hedge": None,
            "claimant": "Officials",
            "measure": "buses",
        },
    ]
    s2, e2 = at(TEXT_A, "on Friday")
    doc["events"] = [
        {
            "id": "V2",
            "article": A_ID,
            "start": s2,
            "end": e2,
            "text": "on Friday",
            "type": "departure",
            "date": {"value": "2022-04-01"},
        },
        {
            "id": "V1",
            "article": B_ID,
            "start": at(TEXT_B, "waited")[0],
            "end": at(TEXT_B, "waited")[1],
            "text": "waited",
            "type": "siege",
            "date": {"value": "2022-03-01", "granularity": "day"},
        },
    ]
    out = render_markdown(doc)
    assert "| ID | Value | Hedge | Claimant | Measure | Source |" in out
    assert "| F1 | 20 |   | Officials | buses | Officials said **20 buses** \\| trucks" in out
    timeline = out.split("## Timeline")[1].split("## Places")[0]
    # sorted by date, and dated as people write dates
    assert timeline.index("1 March 2022") < timeline.index("1 April 2022")
    assert "2022-03-01" not in timeline
    assert "**waited**" in timeline and "**on Friday**" in timeline
    page = render_html(doc)
    row = lxml_html.fromstring(page).get_element_by_id("figures-F1")
    assert [m.text_content() for m in row.iter("mark")] == ["20 buses"]
    assert page.count("Not yet extracted") == 5


# --- errors ----------------------------------------------------------------------------------


def test_out_of_range_mention_raises_export_error_naming_article_and_span() -> None:
    doc = make_doc()
    doc["entities"][2]["mentions"][0].update(start=5, end=999, text="x")
    with pytest.raises(ExportError) as err:
        render_markdown(doc)
    message = str(err.value)
    assert A_ID in message and "5-999" in message and "E3" in message
    with pytest.raises(ExportError, match="5-999"):
        render_html(doc)


@pytest.mark.parametrize(
    ("change", "pattern"),
    [
        ({"text": "Jones"}, "reads 'Smith', not 'Jones'"),
        ({"article": "nope"}, "article 'nope', not in the export"),
        ({"start": "4"}, "not an integer"),
        ({"start": 9, "end": 4, "text": None}, "span 9-4 of article aaaa1111aaaa1111 is reversed"),
    ],
)
def test_inconsistent_mentions_raise_clear_errors(change: dict[str, Any], pattern: str) -> None:
    doc = make_doc()
    doc["entities"][2]["mentions"][0].update(change)
    with pytest.raises(ExportError, match=re.escape(pattern)):
        build_view(doc)


def test_unknown_version_and_bad_section_item_are_rejected() -> None:
    with pytest.raises(ExportError, match="version '2'"):
        build_view({**make_doc(), "version": "2"})
    doc = make_doc()
    doc["quotes"] = [{"article": B_ID, "start": 0, "end": 500, "text": "x"}]
    with pytest.raises(ExportError, match=r"quotes\[0\]: span 0-500 does not fit article bbbb"):
        render_markdown(doc)


# --- safety ----------------------------------------------------------------------------------


ASSET = re.compile(
    r"<script[^>]*\bsrc\s*=|<link\b[^>]*href\s*=\s*[\"']?(https?:)?//|@import|url\(\s*[\"']?"
    r"(https?:)?//|<img\b|<iframe\b|src\s*=\s*[\"']?(https?:)?//",
    re.IGNORECASE,
)


def test_html_is_self_contained() -> None:
    doc = make_doc()
    doc["articles"][1]["url"] = "https://example.org/story?a=1&b=2"
    page = render_html(doc)
    assert not ASSET.search(page)
    assert "<style>" in page and page.count("<script") == 1
    # The only http(s) reference is the article's own link, not an asset.
    assert set(re.findall(r"https?://[^\s\"'<]+", page)) == {
        "https://example.org/story?a=1&amp;b=2"
    }
    assert 'href="https://example.org/story?a=1&amp;b=2" rel="noopener noreferrer"' in page


def test_csp_hashes_match_the_inline_style_and_script() -> None:
    import base64
    import hashlib

    page = render_html(make_doc())
    css = page.split("<style>", 1)[1].split("</style>", 1)[0]
    script = page.split("<script>", 1)[1].split("</script>", 1)[0]
    assert script.startswith(PRINT_SCRIPT) and "svg.place-map" in script  # + map pan / zoom
    csp = lxml_html.fromstring(page).xpath("//meta[@http-equiv]/@content")[0]
    for source in (css, script):
        digest = base64.b64encode(hashlib.sha256(source.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in csp
    assert "default-src 'none'" in csp


def test_untrusted_text_is_escaped_everywhere() -> None:
    evil = "<script>alert(1)</script>"
    text = f"Aid reached Mariupol {evil} today."
    doc = make_doc()
    doc["articles"].append(
        article(
            "ffff6666ffff6666",
            text,
            title=evil,
            outlet=f'"><img src=x onerror=alert(1)>{evil}',
            url="javascript:alert(1)",
            removed=[{"kind": "caption", "text": evil}],
        )
    )
    doc["entities"].append(
        {
            "id": '"><b>',
            "name": evil,
            "type": "ORG",
            "aliases": [evil],
            "roles": [evil],
            "mentions": [mention("ffff6666ffff6666", text, evil)],
        }
    )
    page = render_html(doc)
    assert "<script>alert" not in page and "<img" not in page and "<b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<mark>&lt;script&gt;alert(1)&lt;/script&gt;</mark>" in page
    assert 'href="javascript:' not in page
    assert page.count("<script") == 1
    out = render_markdown(doc)
    assert "<script>" not in out and "\\<script\\>alert(1)\\</script\\>" in out


def test_markdown_escapes_table_cells_and_line_starts() -> None:
    assert md("a | b") == "a \\| b"
    assert md("- 1 *x* _y_ [l](u) `c`\nnext") == "\\- 1 \\*x\\* \\_y\\_ \\[l\\](u) \\`c\\` next"
    assert md("12. done") == "12\\. done"
    assert md("3.5 tonnes") == "3.5 tonnes"
    assert md("-5 degrees") == "-5 degrees"
    out = render_markdown(make_doc())
    header = next(ln for ln in out.splitlines() if ln.startswith("| ID | Outlet"))
    for row in (ln for ln in out.splitlines() if ln.startswith("| `")):
        cells = re.split(r"(?<!\\)\|", row)
        assert len(cells) == len(header.split("|")), row


def test_markdown_renders_as_gfm_tables() -> None:
    markdown_it = pytest.importorskip("markdown_it")
    doc = make_doc()
    s, e = at(TEXT_B, "20 buses")
    doc["figures"] = [{"article": B_ID, "start": s, "end": e, "text": "20 buses", "value": 20}]
    rendered = markdown_it.MarkdownIt("commonmark").enable("table").render(render_markdown(doc))
    tree = lxml_html.fromstring(f"<div>{rendered}</div>")
    tables = tree.findall(".//table")
    assert len(tables) == 5  # sources, 3 entity groups with members, figures
    sources = tables[0]
    assert all(len(tr.findall("td")) == 8 for tr in sources.findall(".//tbody/tr"))
    assert "Daily Wire | Post" in sources.text_content()
    figure_row = tables[-1].find(".//tbody/tr")
    assert figure_row.find(".//strong").text_content() == "20 buses"
    assert "<script" not in rendered


# --- determinism -----------------------------------------------------------------------------


def test_output_is_deterministic_and_independent_of_input_order() -> None:
    doc = make_doc()
    shuffled = copy.deepcopy(doc)
    shuffled["articles"].reverse()
    shuffled["entities"].reverse()
    for ent in shuffled["entities"]:
        ent["mentions"].reverse()
    assert render_markdown(doc) == render_markdown(copy.deepcopy(doc)) == render_markdown(shuffled)
    assert render_html(doc) == render_html(shuffled)


def test_empty_export_renders() -> None:
    doc = {"version": "1", "articles": [], "entities": []}
    out = render_markdown(doc)
    assert "The export holds no reports" in out and out.count("Not yet extracted") == 7
    assert "None extracted." in out
    assert "The export holds no reports" in render_html(doc)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("2022-03-13TNI", "13 March 2022, night"),
        ("2016-12-21TMO", "21 December 2016, morning"),
        ("2022-03-14T01:00", "14 March 2022, 01:00"),
        ("2022-W12", "week of 21 March 2022"),
        ("2013-W33-WE", "weekend of 17 August 2013"),
        ("2022-03", "March 2022"),
        ("2022-Q3", "third quarter of 2022"),
        ("199", "the 1990s"),
        ("1990", "1990"),
        (None, "undated"),
    ],
)
def test_event_dates_read_as_people_write_them(value: str | None, shown: str) -> None:
    from crosswire.report.section_events import _when

    assert _when(value) == shown
