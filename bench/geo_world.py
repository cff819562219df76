"""Place mentions in world news against gold toponyms (issue 23).

The development half of four public geoparsing corpora (GeoWebNews, TR-News,
LGL, GeoVirus; ``../shared/datasets/geo_world/dev.jsonl``, format in its
README) is run through crosswire's annotator (spaCy + gazetteer ruler) and
the ``place_mentions`` extractor, each document's gold text as the article
text so that spans compare directly (the clean stage would move offsets; the
gold texts are already article bodies). Per corpus and per part:

* ``recall``: gold toponyms naming a location (GeoWebNews' literal group,
  every toponym of the other corpora) overlapped by a resolved place mention
  (metonymic or not: the place was found);
* ``precision``: resolved, non-metonymic place mentions overlapping such a
  gold toponym, over all resolved non-metonymic mentions except those on a
  GeoWebNews associative toponym (metonyms, demonyms, modifiers: counted
  apart as ``on_associative``); ``precision_strict`` counts those as wrong;
* ``within_161km``: found gold toponyms with coordinates whose mention lies
  within 161 km; ``right_place``: within 161 km or the same GeoNames id;
  ``exact_id``: found gold toponyms with a GeoNames id resolved to that id.

Documents are split into a fixed ``tune`` and ``check`` part by a hash of the
document id (:func:`part_of`): read errors (``--errors``) on the tune part
only; the check part is only scored. ``--errors N`` prints, from the tune
part, false places (a resolved mention on no location toponym), wrong
countries and far resolutions, most frequent first.

Resolution speed (``mentions_per_s``) is the extractor's time over the
mentions it resolved (spaCy excluded).

Usage: python bench/geo_world.py [--data ../shared/datasets/geo_world/dev.jsonl]
       [--parse-cache /tmp/geo-world-parses.pkl] [--errors 40] [--limit N]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DEFAULT_DATA = (
    Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "geo_world" / "dev.jsonl"
)
LOCATION_GROUPS = frozenset({"literal", "unspecified"})


def part_of(doc_id: str) -> str:
    """``tune`` or ``check``: fixed by the document id, never by what crosswire does on it."""
    first = hashlib.sha256(f"geo_world:{doc_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


_COUNTS = (
    "gold",
    "found",
    "predicted",
    "correct",
    "on_associative",
    "false_place",
    "with_coords",
    "within",
    "right",
    "with_id",
    "same_id",
    "metonymic_on_literal",
)


@dataclass
class Tally:
    """Counts for one corpus and part."""

    gold: int = 0
    found: int = 0
    predicted: int = 0
    correct: int = 0
    on_associative: int = 0
    false_place: int = 0
    with_coords: int = 0
    within: int = 0
    right: int = 0
    with_id: int = 0
    same_id: int = 0
    metonymic_on_literal: int = 0
    errors: dict[str, Counter[str]] = field(
        default_factory=lambda: {
            "false": Counter(),
            "country": Counter(),
            "far": Counter(),
            "missed": Counter(),
        }
    )

    def add(self, other: Tally) -> None:
        for name in _COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def metrics(self) -> dict[str, Any]:
        def rate(a: int, b: int) -> float:
            return round(a / b, 4) if b else 0.0

        return {
            "recall": rate(self.found, self.gold),
            "precision": rate(self.correct, self.correct + self.false_place),
            "precision_strict": rate(self.correct, self.predicted),
            "within_161km": rate(self.within, self.with_coords),
            "right_place": rate(self.right, self.with_coords),
            "exact_id": rate(self.same_id, self.with_id),
            "gold": self.gold,
            "found": self.found,
            "predicted": self.predicted,
            "false_place": self.false_place,
            "on_associative": self.on_associative,
            "metonymic_on_literal": self.metonymic_on_literal,
        }


def _overlaps(a0: int, a1: int, b0: int, b1: int) -> bool:
    return a0 < b1 and b0 < a1


def _missed_label(g: dict[str, Any], items: list[dict[str, Any]], mentions: list[Any]) -> str:
    """A missed toponym with what crosswire made of its span (an entity label, unresolved)."""
    label = "no entity"
    for m in mentions:
        if _overlaps(m.start, m.end, g["start"], g["end"]):
            label = m.label
    for it in items:
        if _overlaps(it["start"], it["end"], g["start"], g["end"]):
            label += " unresolved"
    return f"{g['name']} [{label}]"


def score(
    doc: dict[str, Any], items: list[dict[str, Any]], tally: Tally, mentions: list[Any]
) -> None:
    """Add one document's mentions, scored against its gold toponyms, to ``tally``."""
    from crosswire.geo.resolver import distance_km

    gold = doc["toponyms"]
    resolved = [it for it in items if it.get("key") and it["end"] > it["start"]]
    text = doc["text"]
    for it in resolved:
        hits = [g for g in gold if _overlaps(it["start"], it["end"], g["start"], g["end"])]
        if it.get("metonymic"):
            continue
        tally.predicted += 1
        if any(g["group"] in LOCATION_GROUPS for g in hits):
            tally.correct += 1
        elif any(g["group"] == "associative" for g in hits):
            tally.on_associative += 1
        else:
            tally.false_place += 1
            tally.errors["false"][f"{text[it['start'] : it['end']]} -> {it['name']}"] += 1
    for g in gold:
        if g["group"] not in LOCATION_GROUPS:
            continue
        tally.gold += 1
        hits = [it for it in resolved if _overlaps(it["start"], it["end"], g["start"], g["end"])]
        if not hits:
            tally.errors["missed"][_missed_label(g, items, mentions)] += 1
            continue
        tally.found += 1
        it = hits[0]
        tally.metonymic_on_literal += bool(it.get("metonymic"))
        same_id = g["geonames_id"] is not None and it.get("geonameid") == g["geonames_id"]
        if g["geonames_id"] is not None:
            tally.with_id += 1
            tally.same_id += same_id
        if g["lat"] is None or it.get("lat") is None:
            continue
        tally.with_coords += 1
        d = distance_km(float(it["lat"]), float(it["lon"]), float(g["lat"]), float(g["lon"]))
        tally.within += d <= 161
        tally.right += d <= 161 or same_id
        if d > 161 and not same_id:
            label = f"{g['name']} -> {it['name']} ({it.get('country')}, {it['feature']})"
            tally.errors["far"][f"{label} {d:.0f} km"] += 1
            if d > 1000:
                tally.errors["country"][label] += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0, help="first N documents only")
    parser.add_argument("--parse-cache", type=Path, default=None, help="reuse spaCy parses")
    parser.add_argument("--errors", type=int, default=0, help="print N errors of each kind (tune)")
    args = parser.parse_args()
    if not args.data.is_file():
        sys.exit(
            f"geo_world: {args.data} is missing: pass --data pointing at geo_world/dev.jsonl, "
            "e.g. ../shared/datasets/geo_world/dev.jsonl"
        )

    from crosswire.annotate import Annotator, annotation_from_doc
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.models import Article

    with args.data.open(encoding="utf-8") as fh:
        docs = [json.loads(line) for line in fh if line.strip()]
    if args.limit:
        docs = docs[: args.limit]
    articles = {
        d["doc_id"]: Article(d["doc_id"], d["doc_id"], d["text"], d["text"], title=d.get("title"))
        for d in docs
    }
    annotator = Annotator()
    cache: dict[str, bytes] = {}
    if args.parse_cache and args.parse_cache.is_file():
        cache = pickle.loads(args.parse_cache.read_bytes())
    todo = [a for did, a in articles.items() if did not in cache]
    for (_annotation, doc), art in zip(annotator.annotate(todo), todo, strict=True):
        cache[art.id] = annotator.doc_to_bytes(doc)
    if args.parse_cache and todo:
        args.parse_cache.write_bytes(pickle.dumps(cache))

    inputs = []
    mentions_of: dict[str, list[Any]] = {}
    for did, art in articles.items():
        doc = annotator.doc_from_bytes(cache[did])
        annotation = annotation_from_doc(art.id, doc)
        mentions_of[did] = list(annotation.mentions)
        inputs.append((did, ExtractionInput(art, doc, annotation)))
    EXTRACTOR.extract(inputs[0][1])  # the gazetteer and its caches load outside the clock
    t0 = time.perf_counter()
    items_of = {did: EXTRACTOR.extract(inp) for did, inp in inputs}
    extract_s = time.perf_counter() - t0
    n_mentions = sum(len(v) for v in items_of.values())

    tallies: dict[tuple[str, str], Tally] = {}
    for d in docs:
        key = (d["corpus"], part_of(d["doc_id"]))
        score(d, items_of[d["doc_id"]], tallies.setdefault(key, Tally()), mentions_of[d["doc_id"]])

    result: dict[str, Any] = {}
    for part in ("tune", "check", "all"):
        total = Tally()
        per_corpus: dict[str, Any] = {}
        for corpus in sorted({c for c, _ in tallies}):
            t = Tally()
            for p in ("tune", "check") if part == "all" else (part,):
                if (corpus, p) in tallies:
                    t.add(tallies[(corpus, p)])
            per_corpus[corpus] = t.metrics()
            total.add(t)
        result[part] = {"all": total.metrics(), **per_corpus}
    if args.errors:
        merged: dict[str, Counter[str]] = {
            "false": Counter(),
            "country": Counter(),
            "far": Counter(),
            "missed": Counter(),
        }
        for (_corpus, p), t in tallies.items():
            if p == "tune":
                for kind, counter in t.errors.items():
                    merged[kind].update(counter)
        for kind, title in (
            ("false", "false places (tune)"),
            ("country", "wrong country, > 1000 km (tune)"),
            ("far", "beyond 161 km, other id (tune)"),
            ("missed", "missed location toponyms, with crosswire's label (tune)"),
        ):
            print(f"== {title}: {sum(merged[kind].values())}")
            for label, n in merged[kind].most_common(args.errors):
                print(f"  {n:3d}  {label}")
    for part in ("tune", "check"):
        a = result[part]["all"]
        print(
            f"{part}: recall {a['recall']} precision {a['precision']} "
            f"within_161km {a['within_161km']} right_place {a['right_place']} "
            f"exact_id {a['exact_id']}"
        )
    result["documents"] = len(docs)
    result["mentions"] = n_mentions
    result["extract_s"] = round(extract_s, 2)
    result["mentions_per_s"] = round(n_mentions / extract_s) if extract_s else 0
    print(json.dumps(result))


if __name__ == "__main__":
    main()
