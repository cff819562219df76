"""HTML pages and fragments reduced to the article's text.

Whole pages go through trafilatura, which finds the article among the
navigation, adverts and comments; metadata comes from trafilatura and
htmldate. Fragments (a feed entry's content, a JSON record holding HTML)
are small and already the article, so a plain parser that keeps the
paragraph structure is enough and cannot "lose" the text the way a
boilerplate remover sometimes does on short input.
"""

from __future__ import annotations

import re
from datetime import date
from html.parser import HTMLParser

import htmldate
import trafilatura

from crosswire.errors import EmptyDocumentError
from crosswire.ingest.fields import make_source_key, optional_str, parse_date
from crosswire.models import SourceDocument

__all__ = ["fragment_to_text", "looks_like_html", "parse_html"]

_BLOCKS = frozenset(
    {
        *("address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "figcaption"),
        *("figure", "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main"),
        *("nav", "ol", "p", "pre", "section", "table", "td", "th", "tr", "ul"),
    }
)
_SKIP = frozenset(["script", "style", "noscript", "template", "head", "svg", "iframe", "object"])
_HTML_TAG = re.compile(
    r"</?(p|br|div|span|a|em|strong|b|i|h[1-6]|li|ul|ol|blockquote)\b[^>]*>", re.I
)
_SPACES = re.compile(r"[ \t\r\f\v\u00a0]+")


class _TextCollector(HTMLParser):
    """Collect text, starting a new paragraph at every block element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.paragraphs: list[str] = []
        self._current: list[str] = []
        self._skipping = 0

    def _flush(self) -> None:
        lines = (_SPACES.sub(" ", line).strip() for line in "".join(self._current).split("\n"))
        text = "\n".join(line for line in lines if line)
        if text:
            self.paragraphs.append(text)
        self._current = []

    def close(self) -> None:
        super().close()
        self._flush()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self._skipping += 1
        elif tag == "br":
            self._current.append("\n")
        elif tag in _BLOCKS:
            self._flush()

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self._current.append("\n")
        elif tag in _BLOCKS:
            self._flush()

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self._skipping = max(0, self._skipping - 1)
        elif tag in _BLOCKS:
            self._flush()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self._current.append(data.replace("\n", " "))


def fragment_to_text(fragment: str) -> str:
    """Text of an HTML fragment, one paragraph per block element, blank lines between."""
    collector = _TextCollector()
    collector.feed(fragment)
    collector.close()
    return "\n\n".join(collector.paragraphs)


def looks_like_html(text: str) -> bool:
    """True if ``text`` contains common HTML tags (a feed summary, a CMS body)."""
    return bool(_HTML_TAG.search(text[:20000]))


def _main_text(html: str, url: str | None) -> str | None:
    for recall in (False, True):
        extracted = trafilatura.extract(
            html,
            url=url,
            include_comments=False,
            output_format="txt",
            favor_recall=recall,
        )
        if isinstance(extracted, str) and extracted.strip():
            # trafilatura puts one block per line; crosswire separates paragraphs with a
            # blank line, like the plain-text reports it reads.
            lines = (line.strip() for line in extracted.split("\n"))
            return "\n\n".join(line for line in lines if line)
    return None


def _published(html: str, url: str | None, fallback: object) -> date | None:
    found = htmldate.find_date(
        html,
        url=url,
        original_date=True,
        extensive_search=False,
        outputformat="%Y-%m-%d",
    )
    for candidate in (found, fallback):
        text = optional_str(candidate)
        parsed = parse_date(text) if text else None
        if parsed is not None:
            return parsed
    return None


def parse_html(
    source: str, html: str, *, fmt: str = "html", url: str | None = None
) -> SourceDocument:
    """One SourceDocument from a decoded HTML page.

    ``url`` is where the page was fetched from, if it was; a canonical link
    (or ``og:url``) in the page takes its place as the document's URL. The
    publication date is the page's own (meta tags, structured data, URL),
    read conservatively: a date that only appears in the running text is not
    used, since a wrong date is worse than none. Raises EmptyDocumentError
    when no article text can be found.
    """
    text = _main_text(html, url)
    if text is None:
        raise EmptyDocumentError(
            source,
            "no article text found in the HTML (an index page, a login wall or a page built "
            "by JavaScript?); save the article's text as a .txt file instead",
        )
    meta = trafilatura.extract_metadata(html, default_url=url, extensive=False)
    canonical = optional_str(getattr(meta, "url", None))
    if canonical is not None and not canonical.startswith(("http://", "https://")):
        canonical = None
    doc_url = canonical or url
    return SourceDocument(
        source=source,
        source_key=make_source_key(source, doc_url),
        raw_text=text,
        fmt=fmt,
        title=optional_str(getattr(meta, "title", None)),
        outlet=optional_str(getattr(meta, "sitename", None)),
        published=_published(html, doc_url, getattr(meta, "date", None)),
        url=doc_url,
    )
