"""The report stage: one cross-checked, sourced situation report from an export.

Input is the crosswire export document (a JSON-ready dict, version "1");
output is Markdown or a single self-contained HTML file. Both are drawn
from one :class:`~crosswire.report.view.ReportView` built by
:func:`~crosswire.report.build.build_view`, so the two formats always say
the same thing, and every item in them is shown in the source sentence it
came from with the cited span highlighted.
"""

from __future__ import annotations

from crosswire.report.build import build_view
from crosswire.report.html import render_html
from crosswire.report.markdown import render_markdown
from crosswire.report.sentences import source_sentence
from crosswire.report.view import ReportView

__all__ = ["ReportView", "build_view", "render_html", "render_markdown", "source_sentence"]
