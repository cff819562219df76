"""The Markdown report is escaped for HTML: rendered by a CommonMark renderer that allows raw
HTML (markdown-it, as many wikis and chat tools configure it), no tag from a report survives."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

from crosswire.pipeline import ingest, write_report
from crosswire.report.md_text import md, md_marked
from crosswire.store import open_store

PAYLOADS = (
    "<script>alert(1)</script>",
    "<svg onload=alert(1)>",
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "<!-- c --><iframe src=//e.example>",
)
#: The tags markdown-it makes from Markdown itself; anything else came from report text.
MARKDOWN_TAGS = frozenset(
    [
        "p",
        "table",
        "thead",
        "tbody",
        "tr",
        "th",
        "td",
        "strong",
        "em",
        "code",
        "pre",
        "ul",
        "ol",
        "li",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "a",
        "br",
        "hr",
        "blockquote",
    ]
)


def _tags(markdown: str) -> set[str]:
    html = MarkdownIt("commonmark", {"html": True}).enable("table").render(markdown)
    return {m.group(1).lower() for m in re.finditer(r"<\s*/?\s*([a-zA-Z][\w-]*)", html)}


def test_every_cell_and_line_of_the_report_keeps_hostile_text_as_text(
    tmp_path: Path, annotator: Any
) -> None:
    records = [
        {
            "title": f"Title {p}",
            "outlet": f"Outlet {p}",
            "url": f"https://example.org/{n}",
            "published": f"2022-03-1{n}",
            "text": f"Officials in Mariupol said 12 people were killed {p} on Monday. "
            f'"We need help {p} now," said Ivan Petrenko {p}, the mayor. A convoy of 30 '
            f"buses {p} left Zaporizhzhia for Mariupol on Tuesday and a ceasefire {p} was agreed.",
        }
        for n, p in enumerate(PAYLOADS)
    ]
    source = tmp_path / "hostile.jsonl"
    source.write_text("\n".join(json.dumps(r) for r in records))
    with open_store(tmp_path / "s.db") as store:
        ingest([source], store, annotator=annotator)
        markdown = write_report(store, "md", None)
    assert "alert" in markdown  # the payloads are in the report, as text
    assert _tags(markdown) <= MARKDOWN_TAGS


def test_escaping_helpers_leave_no_tag() -> None:
    for payload in PAYLOADS:
        assert _tags(md(payload)) <= MARKDOWN_TAGS
        assert _tags(md_marked([("said ", False), (payload, True), (" now", False)])) <= (
            MARKDOWN_TAGS
        )
