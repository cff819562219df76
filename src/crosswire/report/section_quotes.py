"""The Quotes section: who said what, grouped by speaker across reports.

An analyst weighs a claim by who made it and whether others carry the same
words, so quotes are grouped by the canonical speaker (``speaker_entity``;
a speaker without an entity, such as "Russian government" or "officials",
groups by name). Each group shows the speaker's roles and how many reports
quote them; each statement shows its words, its kind, the reporting words,
the medium, the outlet and date of the report, and the sentence naming the
speaker with the source span highlighted. Parts of one split or
multi-paragraph quotation (same ``group``) are shown as one statement.
Attributions whose cue is no verb of saying, believing or stance
(``cue_class`` "other": "has failed to reach") come after a speaker's
statements, marked, and speakers with nothing else come last. A nested statement
("Stoere said Putin had assured him ...": ``reported_by`` names Stoere's quote) stands
under its own speaker, marked "as reported by" the outer speaker.

The HTML fragment is inserted as trusted HTML, so everything from the data
is escaped here (:func:`~crosswire.report.html_text.escape_text`, as ``markupsafe.escape`` does
but without a ``Markup`` per string); the Markdown fragment says the same.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, cached_property, lru_cache, partial
from typing import TYPE_CHECKING, Any

from crosswire.report.evidence import ArticleText, Evidence
from crosswire.report.html_text import escape_text as escape
from crosswire.report.view import Item, Section

if TYPE_CHECKING:
    from crosswire.report.build import Anchors

__all__ = ["build"]

_COLUMNS = ("Speaker", "Role", "Kind", "Cue", "Medium", "Said")


@dataclass
class _Statement:
    items: list[Mapping[str, Any]]
    order: tuple[int, int]
    evidence: Evidence | None
    anchor: str = ""
    reported_by: str = ""
    """The speaker whose statement reports this one, for a nested statement."""

    @property
    def first(self) -> Mapping[str, Any]:
        return self.items[0]

    @property
    def other(self) -> bool:
        """An attribution whose cue is no verb of saying, believing or stance ("has failed
        to reach"): listed after the speaker's statements and marked as such."""
        return self.items[0].get("cue_class") == "other"

    @cached_property
    def words(self) -> str:
        """The statement's words, its parts joined: asked for by the table and by the
        fragment, so made once (read only once the parts are all in, in order)."""
        items = self.items
        if len(items) == 1:
            return " ".join(str(items[0].get("text", "")).split())
        return " … ".join(" ".join(str(i.get("text", "")).split()) for i in items)


@dataclass
class _Speaker:
    key: str
    name: str
    kind: str
    roles: list[str] = field(default_factory=list)
    statements: list[_Statement] = field(default_factory=list)

    @cached_property
    def report_count(self) -> int:
        """Reports quoting the speaker (read once the statements are all in)."""
        return len({str(s.items[0].get("article")) for s in self.statements})


def _name(value: object) -> str:
    if not value:
        return ""
    return _name_text(value) if type(value) is str else " ".join(str(value).split())


@lru_cache(maxsize=1 << 12)
def _name_text(text: str) -> str:
    """A name, kind, cue or role with its spaces tidied, remembered: a large story's
    thousands of quotes repeat a few hundred of them."""
    return " ".join(text.split())


def _speaker_key(
    item: Mapping[str, Any], entities: Mapping[str, Mapping[str, Any]]
) -> tuple[str, str]:
    eid = item.get("speaker_entity")
    if isinstance(eid, str) and eid in entities:
        return f"e:{eid}", _name(entities[eid].get("name")) or _name(item.get("speaker"))
    name = _name(item.get("speaker")) or "Unattributed"
    return f"n:{name.casefold()}", name


def _source_evidence(item: Mapping[str, Any], text: ArticleText | None) -> Evidence | None:
    src = item.get("source")
    if text is None or not (type(src) is dict or isinstance(src, Mapping)):
        return None
    start, end = src.get("start"), src.get("end")
    span = text.fits(start, end) or text.span(start, end, f"quote {item.get('id')} source")
    return text.one(span)


def _group(
    quotes: Sequence[Mapping[str, Any]],
    texts: Mapping[str, ArticleText],
    entities: Mapping[str, Mapping[str, Any]],
) -> list[_Speaker]:
    order = {aid: n for n, aid in enumerate(texts)}
    statements: dict[str, _Statement] = {}
    speakers: dict[str, _Speaker] = {}
    owner: dict[str, str] = {}
    by_id = {str(q.get("id")): q for q in quotes}
    for item in quotes:
        gid = str(item.get("group") or item.get("id"))
        if gid in statements:
            statements[gid].items.append(item)
            continue
        art = str(item.get("article"))
        start = item.get("start")
        where = (order.get(art, len(order)), start if isinstance(start, int) else 0)
        statements[gid] = _Statement([item], where, _source_evidence(item, texts.get(art)))
        outer = by_id.get(str(item.get("reported_by") or ""))
        if outer is not None:
            statements[gid].reported_by = _speaker_key(outer, entities)[1]
        key, name = _speaker_key(item, entities)
        sp = speakers.get(key)
        if sp is None:  # made once per speaker, not once per quote
            sp = speakers[key] = _Speaker(key, name, _name(item.get("speaker_type")))
        owner[gid] = key
        role = _name(item.get("role"))
        if role and role not in sp.roles:
            sp.roles.append(role)
    for gid, st in statements.items():
        if len(st.items) > 1:
            st.items.sort(key=lambda i: int(i.get("start") or 0))
        speakers[owner[gid]].statements.append(st)
    out = list(speakers.values())
    for sp in out:
        sp.statements.sort(key=lambda s: (s.other, s.order))
    out.sort(
        key=lambda s: (
            all(st.other for st in s.statements),
            -s.report_count,
            -len(s.statements),
            s.name.casefold(),
        )
    )
    return out


def _evidence_html(ev: Evidence | None) -> str:
    if ev is None:
        return ""
    parts = ["… " if ev.clipped_start else ""]
    for seg in ev.segments:
        parts.append(f"<mark>{escape(seg.text)}</mark>" if seg.marked else escape(seg.text))
    parts.append(" …" if ev.clipped_end else "")
    return f'<span class="sentence">{"".join(parts)}</span>'


def _cite(text: ArticleText | None) -> tuple[str, str, str, str]:
    if text is None:
        return "", "", "", ""
    ref = text.ref
    return ref.anchor, ref.short_id, ref.outlet, ref.published


def _detail(st: _Statement) -> str:
    item = st.first
    bits = [_name(item.get("kind"))]
    cue = item.get("cue")
    if (type(cue) is dict or isinstance(cue, Mapping)) and cue.get("text"):
        bits.append(f"“{_name(cue['text'])}”")
    if item.get("medium"):
        bits.append(_name(item.get("medium")))
    if st.reported_by:
        bits.append(f"as reported by {st.reported_by}")
    if st.other:
        bits.append("not a verb of saying: an act or perception")
    return " · ".join(b for b in bits if b)


def _source_html(text: ArticleText | None) -> str:
    """The citation of a quote's report: its linked short id, outlet and date."""
    anchor, short, outlet, published = _cite(text)
    cite = " · ".join(escape(x) for x in (outlet, published) if x)
    link = f'<a href="#{escape(anchor)}">{escape(short)}</a>' if anchor else ""
    return f"{link}{' · ' if link and cite else ''}{cite}"


def _html(speakers: list[_Speaker], texts: Mapping[str, ArticleText]) -> str:
    out = ['<div class="quotes-by-speaker">']
    sources: dict[str, str] = {}
    for sp in speakers:
        roles = f" — {escape('; '.join(sp.roles))}" if sp.roles else ""
        n, k = len(sp.statements), sp.report_count
        counts = f"{n} statement{'s' * (n != 1)} in {k} report{'s' * (k != 1)}"
        out.append(
            f'<details open class="speaker"><summary><strong>{escape(sp.name)}</strong>'
            f"{roles} <small>({escape(counts)})</small></summary><ol>"
        )
        for st in sp.statements:
            article = str(st.first.get("article"))
            source = sources.get(article)
            if source is None:  # each report's citation escaped once, not once per quote
                source = sources[article] = _source_html(texts.get(article))
            out.append(
                f'<li id="{escape(st.anchor)}"><blockquote>{escape(st.words)}</blockquote>'
                f'<p class="attribution">{escape(_detail(st))} — {_evidence_html(st.evidence)} '
                f'<span class="cite">{source}</span></p></li>'
            )
        out.append("</ol></details>")
    out.append("</div>")
    return "".join(out)


_MD_SPECIAL = re.compile(r"[\\`*_\[\]<>|]")
_MD_ESCAPED = str.maketrans({c: "\\" + c for c in "\\`*_[]<>|"})


def _md_escape(text: str) -> str:
    return text.translate(_MD_ESCAPED) if _MD_SPECIAL.search(text) else text


def _markdown(speakers: list[_Speaker], texts: Mapping[str, ArticleText]) -> str:
    lines: list[str] = []
    for sp in speakers:
        roles = f" — {_md_escape('; '.join(sp.roles))}" if sp.roles else ""
        lines += [
            f"**{_md_escape(sp.name)}**{roles} ({len(sp.statements)} in {sp.report_count})",
            "",
        ]
        for st in sp.statements:
            _, short, outlet, published = _cite(texts.get(str(st.first.get("article"))))
            src = ""
            if st.evidence is not None:
                src = "".join(
                    f"**{_md_escape(s.text)}**" if s.marked else _md_escape(s.text)
                    for s in st.evidence.segments
                )
            cite = ", ".join(x for x in (short, outlet, published) if x)
            said, how = _md_escape(st.words), _md_escape(_detail(st))
            lines.append(f"- “{said}” — {how}; {src} [{_md_escape(cite)}]")
        lines.append("")
    return "\n".join(lines).rstrip()


def build(
    doc: Mapping[str, Any], texts: Mapping[str, ArticleText], anchors: Anchors, generic: Section
) -> Section:
    """The who-said-what view of the export's quotes (see the module doc)."""
    raw = doc.get("quotes") or []
    if not isinstance(raw, list) or not raw:
        return generic
    entities = {
        str(e.get("id")): e
        for e in doc.get("entities") or []
        if (type(e) is dict or isinstance(e, Mapping))
    }
    quotes = [q for q in raw if (type(q) is dict or isinstance(q, Mapping))]
    speakers = _group(quotes, texts, entities)
    items: list[Item] = []
    for sp in speakers:
        for st in sp.statements:
            st.anchor = anchors.make("quote", str(st.first.get("id")))
            values = (
                sp.name,
                "; ".join(sp.roles),
                _name(st.first.get("kind")),
                _name((st.first.get("cue") or {}).get("text")),
                _name(st.first.get("medium")),
                st.words,
            )
            items.append(Item(st.anchor, values, st.evidence))
    return Section(
        key=generic.key,
        title=generic.title,
        anchor=generic.anchor,
        blurb="Who said what, grouped by speaker across reports, in the reports' own words.",
        empty_note=generic.empty_note,
        columns=_COLUMNS,
        items=tuple(items),
        html_part=cache(partial(_html, speakers, texts)),
        md_part=cache(partial(_markdown, speakers, texts)),
    )
