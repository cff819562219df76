"""The look-ups and caches that make a large story's report fast still show the right words.

Evidence is remembered per span, sentences are found with one bisection when a span
sits in one sentence, a story of every report keeps its items without walking them,
and the HTML page escapes with plain strings: each is pinned here against the rule it
stands in for.
"""

from __future__ import annotations

import gc
import random
from typing import Any

from markupsafe import escape

from crosswire.link.stories import export_for_story
from crosswire.report import build_view
from crosswire.report.evidence import ArticleText, SourceRef
from crosswire.report.html import render_view_html
from crosswire.report.html_text import escape_text
from crosswire.report.md_text import md, md_inline
from crosswire.report.sentences import SentenceIndex, _tidy
from crosswire.report.view import ReportView

TEXT = (
    "Police said 12 people were hurt in Bastrop. The mayor said the square stays shut.\n"
    '"We are safe," a resident said. Officials counted 40 shots near the school.'
)
REF = SourceRef("a1", "a1", "src-a1", "Outlet", "2024-01-02", False)


def _widened(text: str, bounds: list[tuple[int, int]], start: int, end: int) -> tuple[int, int]:
    """The rule the index implements: widen to the sentence holding the span's first
    character and to the one holding its last, then keep to the line (by brute force)."""
    bounds = sorted(bounds)
    lo, hi = start, end
    first = [b for b in bounds if b[0] <= start]
    if first and (first[-1][1] > start or first[-1][1] >= end):
        lo, hi = min(lo, first[-1][0]), max(hi, first[-1][1])
    last_char = max(start, end - 1)
    last = [b for b in bounds if b[0] <= last_char]
    if last and last[-1][1] > last_char:
        lo, hi = min(lo, last[-1][0]), max(hi, last[-1][1])
    return _tidy(text, start, end, lo, hi)


def test_a_span_gets_the_sentences_it_touches_even_when_given_bounds_overlap() -> None:
    rng = random.Random(7)
    n = len(TEXT)
    for _ in range(300):
        cuts = sorted(rng.sample(range(1, n), 4))
        bounds = [(0, cuts[0]), (cuts[0], cuts[1]), (cuts[1], cuts[2]), (cuts[2], n)]
        # a statistical splitter's overlap or a stray nested sentence
        a = rng.randrange(n)
        bounds.append((a, min(n, a + rng.randrange(1, 30))))
        index = SentenceIndex(TEXT, bounds)
        for _ in range(20):
            start = rng.randrange(n)
            end = min(n, start + rng.randrange(0, 40))
            assert index.sentence(start, end) == _widened(TEXT, bounds, start, end)


def test_one_span_evidence_is_remembered_and_reads_its_sentence() -> None:
    article = ArticleText(REF, TEXT)
    start = TEXT.index("12 people")
    span = (start, start + len("12 people"))
    first = article.one(span)
    assert article.one(span) is first
    assert article.evidence([span]) == [first]
    assert article.evidence(iter([span])) == [first]  # any iterable, one span
    assert first.marked == ("12 people",)
    sentence = "Police said 12 people were hurt in Bastrop."
    assert "".join(s.text for s in first.segments) == sentence
    assert TEXT[first.start : first.end] == sentence


def test_spans_of_one_sentence_still_share_one_piece_of_evidence() -> None:
    article = ArticleText(REF, TEXT)
    shots = TEXT.index("40 shots")
    officials = TEXT.index("Officials")
    alone = article.one((shots, shots + 8))  # remembered first, then asked with another span
    both = article.evidence([(shots, shots + 8), (officials, officials + 9)])
    assert len(both) == 1
    assert both[0].marked == ("Officials", "40 shots")
    assert alone.marked == ("40 shots",)
    assert "".join(s.text for s in alone.segments) == (
        "Officials counted 40 shots near the school."
    )


def test_escape_text_escapes_as_markupsafe_does() -> None:
    for text in ["\"a\" & <b> 'c'", "plain", "", "&amp; already", "<>&'\"" * 3, "é – “q”"]:
        assert escape_text(text) == str(escape(text))


def test_markdown_collapses_every_kind_of_whitespace_but_keeps_other_characters() -> None:
    spaces = [c for c in map(chr, range(0x3001)) if c.isspace() and c != " "]
    assert spaces  # tabs, line breaks, no-break and typographic spaces
    for c in spaces:
        assert md_inline(f"a{c}b") == "a b", repr(c)
        assert md(f"x{c}{c}y") == "x y", repr(c)
    for c in "abc-–—’“”é0.,:;!?()'\"/":
        assert md_inline(f"a{c}b") == f"a{c}b"
    assert md_inline(" edge ") == "edge"
    assert md_inline("two  spaces") == "two spaces"


def _doc() -> dict[str, Any]:
    arts = [
        {"id": aid, "text": f"Report {aid} says 3 people died.", "published": "2024-01-02"}
        for aid in ("a1", "a2")
    ]
    at = arts[0]["text"].index("3")
    return {
        "version": "1",
        "articles": arts,
        "entities": [],
        "figures": [
            {"id": "f1", "article": "a1", "start": at, "end": at + 1, "text": "3"},
            {"id": "f2", "article": "a2", "start": at, "end": at + 1, "text": "3"},
            {"id": "f3", "note": "cites no report"},
        ],
        "reconciliations": [{"id": "r1", "figures": ["f1", "f2"]}, {"id": "r2"}],
        "stories": [{"id": "s1", "articles": ["a1", "a2"]}, {"id": "s2", "articles": ["a1"]}],
    }


def test_a_story_of_every_report_keeps_what_cites_its_reports_and_nothing_else() -> None:
    doc = _doc()
    every = export_for_story(doc, "s1")
    assert [f["id"] for f in every["figures"]] == ["f1", "f2"]
    assert every["figures"][0] is doc["figures"][0]  # kept as it is, not copied
    assert [r["id"] for r in every["reconciliations"]] == ["r1"]
    one = export_for_story(doc, "s2")  # a story of some reports: items trimmed to it
    assert [f["id"] for f in one["figures"]] == ["f1"]
    assert one["reconciliations"] == [{"id": "r1", "figures": ["f1", "f2"]}]


def test_an_html_page_leaves_no_reference_cycle_holding_its_view() -> None:
    doc = _doc()
    doc["entities"] = [
        {
            "id": "E1",
            "name": "Bastrop",
            "type": "GPE",
            "mentions": [{"article": "a1", "start": 0, "end": 6, "text": "Report"}],
        }
    ]
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        page = render_view_html(build_view(doc))
        views = [o for o in gc.get_objects() if type(o) is ReportView]
    finally:
        if was_enabled:
            gc.enable()
    assert "<mark>Report</mark>" in page
    assert views == []  # freed when the page was made, not left to the cycle collector
