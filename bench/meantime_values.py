"""General figure extraction against MEANTIME's VALUE markables (money, percentages, quantities).

The victim-count benchmarks (``gvdb_counts.py``, ``gvc_counts.py``) only see
the killed / injured numbers a report states. Issue 3 item 1 asks for *every*
number a report states, with its span, value or range, unit and hedge. MEANTIME
(Minard et al., LREC 2016; CC BY 4.0) has 120 English Wikinews articles in four
topics (Airbus/Boeing, Apple, GM/Chrysler/Ford, stock markets) in which every
VALUE is marked over tokens, typed MONEY, PERCENT or QUANTITY (418 in all).

What is read: each ``intra-doc_annotation/corpus_*/*.xml`` (CAT XML). The text
is rebuilt from the tokens, one line per sentence (the first sentence is the
title, the second the date line), tokens joined by a space except where the
tokenisation split what news text writes joined ("$ 40" -> "$40", "5.3 %" ->
"5.3%", "Boeing 's" -> "Boeing's", "( EADS )" -> "(EADS)"): crosswire reads
news as published, and the gold spans are carried over character by character,
so this changes no gold boundary. The text is not cleaned, so extractor spans
and gold spans share one coordinate system. Each document then goes through
crosswire's own annotate stage and the extractors up to ``figures``, through
``ExtractionInput``, exactly as ``gvdb_counts.py`` runs them; the date line
gives ``published``.

What is compared: the *explicit* figures (``derived`` false: victims a report
names instead of counting have no number in the text) against every VALUE.

* **overlap** (precision, recall, F1): a predicted figure is right if it
  shares a character with a gold VALUE; a gold VALUE is found if some figure
  shares a character with it. Gold VALUEs sometimes nest ("$381 million, or
  $0.67 a share" and each of its parts), so matching is not one-to-one.
* **strict F1**: same, but the figure's span (hedge + number + unit, e.g.
  "more than 7%") must equal the VALUE's characters, after trimming edge
  spaces and punctuation.
* **recall by type**, and for PERCENT how many found ones carry unit "%",
  for MONEY how many carry a currency unit (USD, EUR, GBP, ...).

What is and is not comparable (read off the data, not only the guidelines):

* Bare counts are VALUEs: "five Boeing 737s" (``five``), "twenty new Airbus
  A320 jets", "all 228" (passengers), "3,200" jobs, "thousands of" workers,
  "about a quarter" — the same kind of figure crosswire extracts in a crisis
  (people, vehicles, tons), so QUANTITY recall is the number to watch.
* Years, dates, clock times and durations are TIMEX3, not VALUE — crosswire
  also excludes them, so they are neither gold nor (ideally) predicted. Ages
  are not VALUEs either, and crosswire excludes them.
* MONEY is reported separately: prices, contract values and earnings are
  rarely what a crisis report counts, and crosswire's number reader knows only
  a few currencies; a low MONEY recall is a scope gap, not a bug in counting.
* Stock-market points and index levels ("998.50 points", "the 5000 mark",
  "8,579.19") are QUANTITY in MEANTIME; crosswire reads them as numbers too.
* MEANTIME annotates only the title and the first sentences of each article
  (markables of any kind end at the sixth line, the date line included, in
  all but two documents). Figures are therefore extracted from the whole
  text, as in use, but scored only up to the end of the last sentence that
  holds any markable (``annotated_end``); a figure after it is neither right
  nor wrong.
* Ages are VALUEs in MEANTIME ("Barra, 51,", "dies aged 56") but not figures
  in crosswire (issue 3: ages are not figures), so they count as misses:
  a handful, left in.
* Model and product numbers ("Boeing 737", "A320", "iPhone 4") are not
  VALUEs; storage and clock sizes ("2GB", "2 GHz"), multipliers ("four times
  faster") and vague words ("many", "the amount") are, and crosswire reads
  none of them as figures. Even inside the annotated sentences the gold
  misses some numbers (a price in a second currency, "25 percent" of a
  share), so precision is a lower bound.
* A pound sign comes through the corpus as "#" ("GB # 20.1 billion"); it is
  left as it is (no repair of dataset strings).

No split: MEANTIME is used here for measurement only (nothing is trained on
it). The number-reading fixes made with it (session 8: decimals, currency
prefixes, shares, pairs of numbers, model numbers) were made looking at the
errors of all 120 documents, so these figures are not held out; ``--topics``
(airbus, apple, gm, stock) measures one topic at a time. From issue 24 on, a
document belongs to a tune or a check part by its name (first byte of
``sha256("meantime_values:" + name)`` even: tune, odd: check): ``--errors``
prints the tune part's errors only, and the check part is only ever scored
(held out from now on, though the session 8 fixes saw it).

Usage: python bench/meantime_values.py [--data ../shared/datasets/meantime_en] [--limit N]
       [--topics airbus,apple,gm,stock] [--errors N]
``--errors N`` prints N misses and N false alarms to stderr. The last line
printed is one JSON object with n_docs, n_gold, precision, recall, f1,
strict_f1, recall_by_type (plus unit checks and timing); the same under "tune",
"check" and "all".
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "meantime_en"
FIGURE_INPUTS = ("place_mentions", "timexes", "quotes", "figures")
TYPES = ("MONEY", "PERCENT", "QUANTITY")
CURRENCIES = frozenset({"USD", "EUR", "GBP", "JPY", "CNY", "AUD", "CAD", "UAH"})
_EDGE = " \t\n,;:.()'\""

# Tokens written against the one before / after in news text.
_NO_SPACE_BEFORE = frozenset(
    {",", ".", ":", ";", "%", ")", "]", "?", "!", "'s", "'", "n't", "'re", "'ve", "'ll", "'d"}
    | {"'m", "''", "’s"}
)
_NO_SPACE_AFTER = frozenset({"$", "US$", "AU$", "USD$", "(", "[", "``", "€"})


@dataclass(frozen=True, slots=True)
class GoldValue:
    """One VALUE markable: its type and character span in the rebuilt text."""

    start: int
    end: int
    type: str
    text: str


@dataclass
class MeantimeDoc:
    """One MEANTIME article rebuilt as text, with its gold VALUEs."""

    name: str
    topic: str
    text: str
    title: str
    published: date | None
    gold: list[GoldValue] = field(default_factory=list)
    annotated_end: int = 0


def part_of(name: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("meantime_values:" + name)."""
    first = hashlib.sha256(f"meantime_values:{name}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def _published(line: str) -> date | None:
    for fmt in ("%B %d, %Y", "%A, %B %d, %Y", "%d %B %Y"):
        try:
            return datetime.strptime(line.strip(), fmt).date()
        except ValueError:
            continue
    return None


def read_document(path: Path) -> MeantimeDoc:
    """Rebuild one CAT XML document's text from its tokens and place its VALUEs in it."""
    root = ET.parse(path).getroot()
    offsets: dict[str, tuple[int, int]] = {}
    parts: list[str] = []
    lines: list[str] = []
    pos = 0
    sentence: str | None = None
    previous = ""
    line_start = 0
    for tok in root.iter("token"):
        word = tok.text or ""
        sent = tok.get("sentence")
        if sentence is not None and sent != sentence:
            lines.append("".join(parts)[line_start:])
            parts.append("\n")
            pos += 1
            line_start = pos
            previous = ""
        elif sentence is not None and (
            word not in _NO_SPACE_BEFORE and previous not in _NO_SPACE_AFTER
        ):
            parts.append(" ")
            pos += 1
        sentence = sent
        offsets[tok.get("t_id", "")] = (pos, pos + len(word))
        parts.append(word)
        pos += len(word)
        previous = word
    text = "".join(parts)
    lines.append(text[line_start:])
    gold = []
    for value in root.iter("VALUE"):
        spans = [offsets[a.get("t_id", "")] for a in value.iter("token_anchor")]
        if not spans:
            continue
        start, end = min(s for s, _ in spans), max(e for _, e in spans)
        gold.append(GoldValue(start, end, value.get("type", ""), text[start:end]))
    gold.sort(key=lambda g: (g.start, g.end))
    marked = [
        offsets[a.get("t_id", "")][1]
        for markables in root.iter("Markables")
        for a in markables.iter("token_anchor")
        if a.get("t_id", "") in offsets
    ]
    last = max(marked, default=0)
    annotated_end = text.find("\n", last)
    if annotated_end < 0:
        annotated_end = len(text)
    return MeantimeDoc(
        name=path.stem,
        topic=path.parent.name.removeprefix("corpus_"),
        text=text,
        title=lines[0] if lines else "",
        published=_published(lines[1]) if len(lines) > 1 else None,
        gold=gold,
        annotated_end=annotated_end,
    )


def load(folder: Path, limit: int | None, topics: set[str] | None = None) -> list[MeantimeDoc]:
    """Every MEANTIME document under ``folder`` (optionally some topics, the first N)."""
    paths = sorted((folder / "intra-doc_annotation").glob("corpus_*/*.xml"))
    if not paths:
        sys.exit(
            f"meantime_values: no intra-doc_annotation/corpus_*/*.xml under {folder}: the "
            "MEANTIME English corpus is absent. Pass --data pointing at it, e.g. "
            "../shared/datasets/meantime_en"
        )
    docs = []
    for path in paths:
        if topics and path.parent.name.removeprefix("corpus_") not in topics:
            continue
        docs.append(read_document(path))
        if limit and len(docs) >= limit:
            break
    return docs


def predict(docs: list[MeantimeDoc]) -> list[list[dict[str, Any]]]:
    """The explicit figures of each document, through the library's own stages."""
    from crosswire.annotate import Annotator
    from crosswire.extract import ExtractionInput, load_extractors
    from crosswire.models import Article, article_id

    extractors = load_extractors(FIGURE_INPUTS)
    articles = [
        Article(
            id=article_id(d.name, d.text),
            source=d.name,
            raw_text=d.text,
            text=d.text,
            title=d.title,
            published=d.published,
        )
        for d in docs
    ]
    out = []
    for article, (annotation, doc) in zip(articles, Annotator().annotate(articles), strict=True):
        earlier: dict[str, list[dict[str, Any]]] = {}
        for x in extractors:
            earlier[x.name] = x.extract(ExtractionInput(article, doc, annotation, earlier))
        figures = [dict(f) for f in earlier.get("figures", []) if not f.get("derived")]
        # one figure per span: "with the killer" copies and conjoined totals repeat words
        seen: dict[tuple[int, int], dict[str, Any]] = {}
        for f in figures:
            seen.setdefault((int(f["start"]), int(f["end"])), f)
        out.append(sorted(seen.values(), key=lambda f: (f["start"], f["end"])))
    return out


def _scored(d: MeantimeDoc, figures: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The figures that start in the annotated part of the document."""
    return [f for f in figures if int(f["start"]) < d.annotated_end]


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start] in _EDGE:
        start += 1
    while end > start and text[end - 1] in _EDGE:
        end -= 1
    return start, end


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _prf(tp_pred: int, n_pred: int, tp_gold: int, n_gold: int) -> tuple[float, float, float]:
    p = tp_pred / n_pred if n_pred else 0.0
    r = tp_gold / n_gold if n_gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def score(docs: list[MeantimeDoc], preds: list[list[dict[str, Any]]]) -> dict[str, Any]:
    """Overlap and strict precision / recall / F1, recall per type and unit checks."""
    n_pred = n_gold = ok_pred = ok_gold = strict_pred = strict_gold = 0
    by_type: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # found, total
    unit_ok: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # right unit, found
    for d, all_figs in zip(docs, preds, strict=True):
        figs = _scored(d, all_figs)
        spans = [(int(f["start"]), int(f["end"])) for f in figs]
        trimmed = {_trim(d.text, s, e) for s, e in spans}
        gold_spans = [(g.start, g.end) for g in d.gold]
        gold_trimmed = {_trim(d.text, g.start, g.end) for g in d.gold}
        n_pred += len(spans)
        n_gold += len(d.gold)
        ok_pred += sum(any(_overlaps(s, g) for g in gold_spans) for s in spans)
        strict_pred += sum(t in gold_trimmed for t in trimmed)
        for g in d.gold:
            hits = [f for f, s in zip(figs, spans, strict=True) if _overlaps(s, (g.start, g.end))]
            by_type[g.type][1] += 1
            strict_gold += _trim(d.text, g.start, g.end) in trimmed
            if not hits:
                continue
            ok_gold += 1
            by_type[g.type][0] += 1
            if g.type == "PERCENT":
                unit_ok["percent_unit"][1] += 1
                unit_ok["percent_unit"][0] += any(f.get("unit") == "%" for f in hits)
            elif g.type == "MONEY":
                unit_ok["money_currency"][1] += 1
                unit_ok["money_currency"][0] += any(f.get("unit") in CURRENCIES for f in hits)
    p, r, f1 = _prf(ok_pred, n_pred, ok_gold, n_gold)
    sp, sr, sf1 = _prf(strict_pred, n_pred, strict_gold, n_gold)
    return {
        "n_pred": n_pred,
        "n_gold": n_gold,
        "precision": round(p, 4),
        "recall": round(r, 4),
        "f1": round(f1, 4),
        "strict_precision": round(sp, 4),
        "strict_recall": round(sr, 4),
        "strict_f1": round(sf1, 4),
        "recall_by_type": {
            t: round(by_type[t][0] / by_type[t][1], 4) if by_type[t][1] else None for t in TYPES
        },
        "gold_by_type": {t: by_type[t][1] for t in TYPES},
        "found_percent_with_unit_pct": _ratio(unit_ok["percent_unit"]),
        "found_money_with_currency": _ratio(unit_ok["money_currency"]),
    }


def _ratio(pair: list[int]) -> float | None:
    return round(pair[0] / pair[1], 4) if pair[1] else None


def _context(text: str, start: int, end: int) -> str:
    left = text[max(0, start - 40) : start].rsplit("\n", 1)[-1]
    right = text[end : end + 40].split("\n", 1)[0]
    return f"{left}[[{text[start:end]}]]{right}"


def print_errors(docs: list[MeantimeDoc], preds: list[list[dict[str, Any]]], n: int) -> None:
    """Up to ``n`` misses and ``n`` false alarms, with context, to stderr."""
    misses, alarms = [], []
    for d, all_figs in zip(docs, preds, strict=True):
        figs = _scored(d, all_figs)
        spans = [(int(f["start"]), int(f["end"])) for f in figs]
        for g in d.gold:
            if not any(_overlaps(s, (g.start, g.end)) for s in spans):
                where = _context(d.text, g.start, g.end)
                misses.append(f"MISS {g.type:8} {d.name[:30]:30} {where}")
        for f, s in zip(figs, spans, strict=True):
            if not any(_overlaps(s, (g.start, g.end)) for g in d.gold):
                alarms.append(f"FALSE {f.get('unit')!s:8} {d.name[:30]:30} {_context(d.text, *s)}")
    for line in misses[:n] + alarms[:n]:
        print(line, file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="MEANTIME English folder")
    parser.add_argument("--limit", type=int, default=None, help="first N documents only")
    parser.add_argument(
        "--topics", default=None, help="comma-separated topics (airbus, apple, gm, stock)"
    )
    parser.add_argument(
        "--errors",
        type=int,
        default=0,
        help="print N misses / false alarms of the tune part to stderr",
    )
    args = parser.parse_args()
    topics = set(args.topics.split(",")) if args.topics else None
    docs = load(args.data, args.limit, topics)
    t0 = time.perf_counter()
    preds = predict(docs)
    seconds = time.perf_counter() - t0
    parts: dict[str, tuple[list[MeantimeDoc], list[list[dict[str, Any]]]]] = {}
    for name in ("tune", "check"):
        mine = [i for i, d in enumerate(docs) if part_of(d.name) == name]
        parts[name] = ([docs[i] for i in mine], [preds[i] for i in mine])
    if args.errors:
        print_errors(*parts["tune"], args.errors)
    everything: dict[str, Any] = {"n_docs": len(docs), **score(docs, preds)}
    result: dict[str, Any] = dict(everything)
    for name, (part_docs, part_preds) in parts.items():
        result[name] = {"n_docs": len(part_docs), **score(part_docs, part_preds)}
    result["all"] = everything
    result["seconds"] = round(seconds, 1)
    print(f"meantime_values: {len(docs)} documents from {args.data} in {seconds:.1f}s")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
