"""TempEval-3 (TBAQ-cleaned): TIMEX3 extraction and value normalisation.

Reads every ``.tml`` file under ``--data``, strips the TimeML markup to plain
text (keeping the gold TIMEX3 spans as character offsets), parses the text
with crosswire's own spaCy pipeline and runs the ``timexes`` extractor on it
through ``ExtractionInput``, anchored on the document creation time (DCT),
exactly as the library anchors a news report on its publication date.

Scores (lenient: a system expression matches a gold one when the spans
overlap, as in the TempEval-3 relaxed measure):

* ``extraction_f1``  - F1 of system against gold expressions;
* ``value_accuracy`` - of the gold expressions that were found, the share
  whose normalised value equals the gold ``value`` exactly (week numbers
  zero-padded on both sides: the gold writes "2000-W7" and "2000-W07");
* extra keys: strict (exact-span) F1, type accuracy, counts.

The last line printed is one JSON object. ``--errors N`` prints N value
errors to stderr to look at. ``--subset TimeBank`` / ``--subset AQUAINT``
scores one of the two corpora alone, so rules can be tuned on one and
checked on the other. The same keys are printed under "tune", "check" and "all".

Tune / check: a document belongs to the part of its file name (first byte of
``sha256("tempeval3:" + name)`` even: tune, odd: check). ``--errors`` prints the
tune part's value errors only; the check part is only ever scored.
"""

from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "tempeval3" / "TBAQ-cleaned"

_TAG = re.compile(r"<(/?)([A-Za-z0-9_]+)([^>]*?)(/?)>")
_ATTR = re.compile(r'(\w+)="([^"]*)"')


@dataclass
class Gold:
    start: int
    end: int
    text: str
    type: str
    value: str


@dataclass
class Document:
    name: str
    dct: date
    text: str
    gold: list[Gold]


def parse_tml(path: Path) -> Document:
    """The document's DCT, its plain text and its gold TIMEX3s (offsets into the plain text)."""
    raw = path.read_text(encoding="utf-8")
    dct_match = re.search(r'functionInDocument="CREATION_TIME"[^>]*>', raw) or re.search(
        r"<DCT>\s*<TIMEX3[^>]*>", raw
    )
    if dct_match is None:
        raise ValueError(f"{path}: no document creation time")
    tag = raw[raw.rfind("<TIMEX3", 0, dct_match.end()) : dct_match.end()]
    dct_value = dict(_ATTR.findall(tag))["value"]
    dct = date.fromisoformat(dct_value[:10])
    body = raw[raw.index("<TEXT>") + len("<TEXT>") : raw.index("</TEXT>")]
    out: list[str] = []
    length = 0
    gold: list[Gold] = []
    open_timex: tuple[int, dict[str, str]] | None = None
    pos = 0
    for m in _TAG.finditer(body):
        piece = html.unescape(body[pos : m.start()])
        out.append(piece)
        length += len(piece)
        pos = m.end()
        closing, name = m.group(1) == "/", m.group(2)
        if name != "TIMEX3":
            continue
        if not closing:
            open_timex = (length, dict(_ATTR.findall(m.group(3))))
        elif open_timex is not None:
            start, attrs = open_timex
            text = "".join(out)[start:length]
            gold.append(Gold(start, length, text, attrs.get("type", ""), attrs.get("value", "")))
            open_timex = None
    out.append(html.unescape(body[pos:]))
    return Document(path.name, dct, "".join(out), gold)


def part_of(name: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("tempeval3:" + name)."""
    first = hashlib.sha256(f"tempeval3:{name}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def scores(c: Counter[str]) -> dict[str, Any]:
    """The scores from one part's counts."""
    n_gold, n_sys, found, strict = c["gold"], c["system"], c["found"], c["strict"]
    precision = c["sys_matched"] / n_sys if n_sys else 0.0
    recall = found / n_gold if n_gold else 0.0
    return {
        "n_timex": n_gold,
        "extraction_f1": round(_f1(precision, recall), 4),
        "value_accuracy": round(c["value_ok"] / found, 4) if found else 0.0,
        "extraction_precision": round(precision, 4),
        "extraction_recall": round(recall, 4),
        "strict_span_f1": round(
            _f1(strict / n_sys if n_sys else 0.0, strict / n_gold if n_gold else 0.0), 4
        ),
        "type_accuracy": round(c["type_ok"] / found, 4) if found else 0.0,
        "n_found": found,
        "n_system": n_sys,
        "n_documents": c["documents"],
    }


def normalise_value(value: str) -> str:
    """Zero-pad ISO week numbers: the gold writes both "2000-W7" and "2000-W07"."""
    return re.sub(r"-W(\d)(?!\d)", r"-W0\1", value.strip())


def _overlaps(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="TBAQ-cleaned folder")
    parser.add_argument("--limit", type=int, default=0, help="only the first N documents")
    parser.add_argument(
        "--errors", type=int, default=0, help="print N value errors of the tune part to stderr"
    )
    parser.add_argument(
        "--subset",
        choices=("TimeBank", "AQUAINT"),
        default=None,
        help="only the documents under this sub-folder (tune on one corpus, check on the other)",
    )
    args = parser.parse_args(argv)
    root = args.data / args.subset if args.subset else args.data
    files = sorted(root.rglob("*.tml")) if root.is_dir() else []
    if not files:
        print(
            f"TempEval-3 data not found: no .tml files under {args.data}. "
            "Pass --data PATH to the TBAQ-cleaned folder.",
            file=sys.stderr,
        )
        print(json.dumps({"error": "data not found", "data": str(args.data)}))
        return 2
    if args.limit:
        files = files[: args.limit]

    from crosswire.annotate import Annotator
    from crosswire.extract import ExtractionInput
    from crosswire.extract.timexes import EXTRACTOR
    from crosswire.models import Annotation, Article

    started = time.perf_counter()
    docs = [parse_tml(f) for f in files]
    nlp = Annotator().nlp
    counts: dict[str, Counter[str]] = {"tune": Counter(), "check": Counter()}
    errors: list[str] = []
    for doc, parsed in zip(docs, nlp.pipe(d.text for d in docs), strict=True):
        article = Article(
            id=doc.name, source=doc.name, raw_text=doc.text, text=doc.text, published=doc.dct
        )
        annotation = Annotation(
            article=doc.name, sentences=[(s.start_char, s.end_char) for s in parsed.sents]
        )
        items = EXTRACTOR.extract(ExtractionInput(article, parsed, annotation, {}))
        spans = [(int(i["start"]), int(i["end"])) for i in items]
        part = part_of(doc.name)
        c = counts[part]
        c["documents"] += 1
        c["gold"] += len(doc.gold)
        c["system"] += len(items)
        c["sys_matched"] += sum(
            any(_overlaps(s, (g.start, g.end)) for g in doc.gold) for s in spans
        )
        for g in doc.gold:
            hits = [i for i in items if _overlaps((i["start"], i["end"]), (g.start, g.end))]
            if not hits:
                continue
            c["found"] += 1
            best = max(hits, key=lambda i: min(i["end"], g.end) - max(i["start"], g.start))
            c["strict"] += best["start"] == g.start and best["end"] == g.end
            c["type_ok"] += best["type"] == g.type
            if normalise_value(str(best["value"])) == normalise_value(g.value):
                c["value_ok"] += 1
            elif part == "tune":
                errors.append(
                    f"{doc.name} dct={doc.dct} gold={g.text!r}:{g.value} "
                    f"sys={best['text']!r}:{best['value']} ({best['rule']}, {best['tense']})"
                )
    for line in errors[: args.errors]:
        print(line, file=sys.stderr)
    everything = scores(counts["tune"] + counts["check"])
    result: dict[str, Any] = {
        **everything,
        "subset": args.subset or "all",
        "seconds": round(time.perf_counter() - started, 1),
        "tune": scores(counts["tune"]),
        "check": scores(counts["check"]),
        "all": everything,
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
