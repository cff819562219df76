"""Quote attribution against PolNeAR: source, cue and content spans, exact and overlap.

PolNeAR (Newell et al., LREC 2018) marks, in political news, every attribution
as a Source (who), a Cue (the reporting words) and a Content (what), in brat
standoff over the raw ``.txt`` files. This script parses each raw text with
crosswire's own pipeline (``Annotator.nlp.pipe`` + ``annotation_from_doc``),
runs the ``quotes`` extractor through ``ExtractionInput`` exactly as the
pipeline does, and compares spans. Offsets are into the raw text: the
benchmark does not clean it, so extractor spans and gold spans share one
coordinate system.

Scoring (precision, recall, F1 for each):

* **exact**: a span matches a gold span of its type with the same characters,
  after trimming whitespace and edge punctuation (,;:.) on both sides (the
  annotators are inconsistent about a trailing comma); a discontinuous span
  (a split quote) is compared as its set of fragments. Quote items that
  share a ``group`` form one predicted attribution with several fragments.
* **overlap**: a span counts if it shares at least one character with a gold
  span of its type (PARC-style lenient match).
* **attribution**: a predicted attribution matches a gold one when their
  contents overlap and their sources overlap, one-to-one.

Spans are deduplicated per document (one source serving two attributions is
one source). Documents annotated by several annotators use the first
annotation file (sorted by name).

Usage: python bench/polnear.py [--data ../shared/datasets/polnear/dev] [--limit N]
       [--lexicon speech|broad] [--errors K] [--no-model]
The last line printed is one JSON object: the scores of all documents, and the
headline F1s (``source_exact_f1`` ... ``cue_overlap_f1``, ``n_docs``) under "tune",
"check" and "all".

Tune / check: a document belongs to the part of its name (first byte of
``sha256("polnear:" + name)`` even: tune, odd: check). ``--errors`` prints the
tune part's errors only; the check part is only ever scored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

DEFAULT_DATA = (
    Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "polnear" / "dev"
)
_EDGE = " \t\n,;:."

Frags = tuple[tuple[int, int], ...]


@dataclass
class Attr:
    """One attribution: each part is a tuple of (start, end) fragments, empty when absent."""

    source: Frags = ()
    cue: Frags = ()
    content: Frags = ()


@dataclass
class Doc:
    name: str
    text: str
    gold: list[Attr] = field(default_factory=list)


def part_of(name: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("polnear:" + name)."""
    first = hashlib.sha256(f"polnear:{name}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def headline(res: dict[str, dict[str, float]], n_docs: int) -> dict[str, object]:
    """The F1s the README reports, from ``evaluate``'s details."""
    return {
        "n_docs": n_docs,
        "source_exact_f1": res["source_exact"]["f1"],
        "source_overlap_f1": res["source_overlap"]["f1"],
        "cue_f1": res["cue_exact"]["f1"],
        "content_exact_f1": res["content_exact"]["f1"],
        "content_overlap_f1": res["content_overlap"]["f1"],
        "attribution_f1": res["attribution"]["f1"],
        "cue_overlap_f1": res["cue_overlap"]["f1"],
    }


def _frags(offsets: str) -> Frags:
    out = []
    for part in offsets.split(";"):
        a, b = part.split()
        out.append((int(a), int(b)))
    return tuple(out)


def read_ann(path: Path) -> list[Attr]:
    """Attributions (E lines) of one brat .ann file, with their T spans."""
    spans: dict[str, Frags] = {}
    events: list[dict[str, str]] = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cols = line.split("\t")
        if cols[0].startswith("T") and len(cols) >= 2:
            _, offsets = cols[1].split(" ", 1)
            spans[cols[0]] = _frags(offsets)
        elif cols[0].startswith("E") and len(cols) >= 2:
            events.append(dict(arg.split(":", 1) for arg in cols[1].split()[1:]))
    out = []
    for ev in events:
        out.append(
            Attr(
                source=spans.get(ev.get("Source", ""), ()),
                cue=spans.get(ev.get("Cue", ""), ()),
                content=spans.get(ev.get("Content", ""), ()),
            )
        )
    return out


def load(data: Path, limit: int | None) -> list[Doc]:
    """The documents of a PolNeAR compartment (``text/`` + ``attributions/``)."""
    text_dir, ann_dir = data / "text", data / "attributions"
    if not text_dir.is_dir() or not ann_dir.is_dir():
        sys.exit(
            f"polnear: {data} has no text/ and attributions/ folders: pass --data pointing at a "
            "PolNeAR compartment, e.g. ../shared/datasets/polnear/dev (dataset absent?)"
        )
    anns: dict[str, Path] = {}
    for ann in sorted(ann_dir.glob("*.ann")):
        base = ann.stem.rsplit("_", 1)[0]
        anns.setdefault(base, ann)
    docs = []
    for txt in sorted(text_dir.glob("*.txt")):
        ann_path = anns.get(txt.stem)
        if ann_path is None:
            continue
        docs.append(Doc(txt.stem, txt.read_text(encoding="utf-8"), read_ann(ann_path)))
        if limit is not None and len(docs) >= limit:
            break
    if not docs:
        sys.exit(f"polnear: no annotated documents under {data}")
    return docs


def _norm(text: str, frags: Frags) -> Frags:
    out = []
    for a, b in frags:
        while a < b and (text[a] in _EDGE or text[a].isspace()):
            a += 1
        while b > a and (text[b - 1] in _EDGE or text[b - 1].isspace()):
            b -= 1
        if b > a:
            out.append((a, b))
    return tuple(sorted(out))


def _overlaps(x: Frags, y: Frags) -> bool:
    return any(a < d and c < b for a, b in x for c, d in y)


class Score:
    """Counts for precision / recall: matched predictions, predictions, matched gold, gold."""

    def __init__(self) -> None:
        self.tp_p = self.n_p = self.tp_g = self.n_g = 0

    def add(self, pred: list[Frags], gold: list[Frags], match: str) -> None:
        self.n_p += len(pred)
        self.n_g += len(gold)
        if match == "exact":
            gs = set(gold)
            ps = set(pred)
            self.tp_p += sum(1 for p in pred if p in gs)
            self.tp_g += sum(1 for g in gold if g in ps)
        else:
            self.tp_p += sum(1 for p in pred if any(_overlaps(p, g) for g in gold))
            self.tp_g += sum(1 for g in gold if any(_overlaps(p, g) for p in pred))

    def prf(self) -> dict[str, float]:
        p = self.tp_p / self.n_p if self.n_p else 0.0
        r = self.tp_g / self.n_g if self.n_g else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return {"p": round(p, 4), "r": round(r, 4), "f1": round(f, 4)}


def predict(
    docs: list[Doc], lexicon: str, batch_size: int, use_model: bool = True
) -> tuple[dict[str, list[Attr]], float]:
    """Run crosswire's annotate stage and quotes extractor on the raw texts; also return the
    seconds spent in the extractor alone (the rest of the elapsed time is the parse)."""
    from crosswire.annotate import Annotator
    from crosswire.annotate.pipeline import annotation_from_doc
    from crosswire.extract import ExtractionInput
    from crosswire.extract.quotes import BROAD_LEMMAS, CUE_LEMMAS, QuoteExtractor
    from crosswire.models import Article

    lemmas = BROAD_LEMMAS if lexicon == "broad" else CUE_LEMMAS
    extractor = QuoteExtractor(lemmas, use_model=use_model)
    annotator = Annotator(batch_size=batch_size)
    out: dict[str, list[Attr]] = {}
    extract_seconds = 0.0
    texts = ((d.text, d) for d in docs)
    for spacy_doc, d in annotator.nlp.pipe(texts, as_tuples=True, batch_size=batch_size):
        annotation = annotation_from_doc(d.name, spacy_doc)
        article = Article(
            id=d.name, source=d.name, raw_text=d.text, text=d.text, published=date(2016, 1, 1)
        )
        t0 = time.perf_counter()
        items = extractor.extract(ExtractionInput(article, spacy_doc, annotation))
        extract_seconds += time.perf_counter() - t0
        groups: dict[str, Attr] = {}
        for item in items:
            frag = ((item["start"], item["end"]),)
            att = groups.get(item["group"])
            if att is None:
                src = item["source"]
                groups[item["group"]] = Attr(
                    source=((src["start"], src["end"]),) if src else (),
                    cue=((item["cue"]["start"], item["cue"]["end"]),),
                    content=frag,
                )
            else:
                att.content = att.content + frag
        out[d.name] = list(groups.values())
    return out, extract_seconds


def evaluate(
    docs: list[Doc], preds: dict[str, list[Attr]], errors: int
) -> dict[str, dict[str, float]]:
    scores: dict[str, Score] = defaultdict(Score)
    shown = 0
    for d in docs:
        pred, gold = preds[d.name], d.gold
        for part in ("source", "cue", "content"):
            p_spans = sorted({_norm(d.text, getattr(a, part)) for a in pred} - {()})
            g_spans = sorted({_norm(d.text, getattr(a, part)) for a in gold} - {()})
            scores[f"{part}_exact"].add(p_spans, g_spans, "exact")
            scores[f"{part}_overlap"].add(p_spans, g_spans, "overlap")
        # Attribution level: content and source overlap, one-to-one, greedy in text order.
        used: set[int] = set()
        tp = 0
        for a in pred:
            for gi, g in enumerate(gold):
                if gi in used or not _overlaps(a.content, g.content):
                    continue
                if (not g.source and not a.source) or _overlaps(a.source, g.source):
                    used.add(gi)
                    tp += 1
                    break
        att = scores["attribution"]
        att.tp_p += tp
        att.tp_g += tp
        att.n_p += len(pred)
        att.n_g += len(gold)
        if errors and shown < errors:
            shown += _show_errors(d, pred, errors - shown)
    res = {k: v.prf() for k, v in sorted(scores.items())}
    return res


def _show_errors(d: Doc, pred: list[Attr], budget: int) -> int:
    """Print sources that miss gold (exact), for rule work on the dev split."""
    n = 0
    gold_src = {_norm(d.text, g.source) for g in d.gold}
    for a in pred:
        s = _norm(d.text, a.source)
        if s and s not in gold_src and n < budget:
            near = [g for g in gold_src if _overlaps(g, s)]
            shown = [d.text[x:y] for f in near for x, y in f]
            print(f"FP-src {d.name}: {d.text[s[0][0] : s[0][1]]!r} gold-near={shown}")
            n += 1
    pred_content = [a.content for a in pred]
    for g in d.gold:
        if n >= budget:
            break
        if g.content and not any(_overlaps(g.content, p) for p in pred_content):
            cue = " ".join(d.text[x:y] for x, y in g.cue)
            src = " ".join(d.text[x:y] for x, y in g.source)
            c0 = g.content[0]
            print(f"FN {d.name}: [{src}] [{cue}] {d.text[c0[0] : c0[1]][:90]!r}")
            n += 1
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="PolNeAR compartment")
    parser.add_argument("--limit", type=int, default=None, help="first N documents only")
    parser.add_argument(
        "--lexicon",
        choices=["speech", "broad"],
        default="speech",
        help="speech: the cue verbs crosswire ships (speech, belief, stance; default); "
        "broad: plus the hedges and acts PolNeAR also annotates (appear, seem, release, ...)",
    )
    parser.add_argument(
        "--errors", type=int, default=0, help="print up to K errors of the tune part"
    )
    parser.add_argument("--batch-size", type=int, default=16)
    parser.add_argument(
        "--no-model",
        action="store_true",
        help="rules only, without the trained attribution tagger (for comparison)",
    )
    args = parser.parse_args()
    if not args.data.is_dir():
        sys.exit(f"polnear: dataset not found at {args.data} (pass --data PATH)")
    docs = load(args.data, args.limit)
    t0 = time.perf_counter()
    preds, extract_seconds = predict(docs, args.lexicon, args.batch_size, not args.no_model)
    elapsed = time.perf_counter() - t0
    tune = [d for d in docs if part_of(d.name) == "tune"]
    check = [d for d in docs if part_of(d.name) == "check"]
    res_tune = evaluate(tune, preds, args.errors)
    res_check = evaluate(check, preds, 0)
    res = evaluate(docs, preds, 0)
    for name, prf in res.items():
        print(f"{name:18s} P {prf['p']:.3f}  R {prf['r']:.3f}  F1 {prf['f1']:.3f}")
    everything = headline(res, len(docs))
    line: dict[str, object] = {
        **everything,
        "lexicon": args.lexicon,
        "gold_attributions": sum(len(d.gold) for d in docs),
        "predicted_attributions": sum(len(v) for v in preds.values()),
        "model": not args.no_model,
        "seconds": round(elapsed, 1),
        "extract_seconds": round(extract_seconds, 2),
        # The quotes extractor's time against the rest (parse, annotation): the #4 budget.
        "extract_share_of_parse": round(extract_seconds / max(elapsed - extract_seconds, 1e-9), 4),
        "details": res,
        "tune": headline(res_tune, len(tune)),
        "check": headline(res_check, len(check)),
        "all": everything,
    }
    print(json.dumps(line))


if __name__ == "__main__":
    main()
