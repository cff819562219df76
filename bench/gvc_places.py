"""Geocoding accuracy on the Gun Violence Corpus: where did each shooting happen?

For every incident in ``incidents.jsonl`` its reports (``docs.jsonl``) go
through crosswire's clean stage, the annotator (spaCy + gazetteer ruler) and
the ``place_mentions`` extractor; :func:`crosswire.geo.focus.primary_place`
then picks the incident's location from all its reports' mentions. It is
scored against the Gun Violence Archive record:

* ``within_161km`` — share of incidents whose predicted point is within
  161 km (100 miles) of the GVA lat/long (the usual geocoding cut-off);
* ``city_exact`` — the predicted place's name equals GVA's city (or county),
  spellings aligned ("St. Louis" = "Saint Louis", "The Bronx" = "Bronx");
* ``state_exact`` — the predicted place's state equals GVA's state.

Incidents whose reports name no resolvable place count as misses. GVA gives
no lat/long for some incidents (28 of 207); they cannot be scored and are
left out of ``n`` (reported as ``skipped_no_latlong``).

Usage: python bench/gvc_places.py [--data ../shared/datasets/gvc] [--limit N]
       [--parse-cache /tmp/gvc-parses] [--errors 20]
The last line printed is one JSON object: the scores of all incidents, and the
same under "tune", "check" and "all".

Tune / check: an incident belongs to the part of its ``incident_id`` (first
byte of ``sha256("gvc_places:" + id)`` even: tune, odd: check). ``--errors``
prints the tune part's misses only; the check part is only ever scored.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
import time
from pathlib import Path
from typing import Any

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "gvc"


def part_of(incident_id: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("gvc_places:" + id)."""
    first = hashlib.sha256(f"gvc_places:{incident_id}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def _load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _spelling(name: str) -> str:
    """One spelling for a city name: "St. Louis" = "Saint Louis", "The Bronx" = "Bronx"."""
    from crosswire.geo.gazetteer import place_norm

    key = place_norm(name).removeprefix("the ")
    return " ".join("saint" if w in ("st.", "st") else w for w in key.split())


def _norm_city(name: str) -> set[str]:
    """GVA writes "Cartersville (Euharlee)" or "Cook (county)": accept each part."""
    out = set()
    for part in name.replace(")", "").split("("):
        part = _spelling(part.replace("county", ""))
        if part:
            out.add(part)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0, help="first N incidents only")
    parser.add_argument("--parse-cache", type=Path, default=None, help="reuse spaCy parses")
    parser.add_argument("--errors", type=int, default=0, help="print N misses of the tune part")
    args = parser.parse_args()
    docs_path, inc_path = args.data / "docs.jsonl", args.data / "incidents.jsonl"
    if not docs_path.is_file() or not inc_path.is_file():
        sys.exit(
            f"gvc_places: {args.data} lacks docs.jsonl / incidents.jsonl: pass --data pointing "
            "at the GVC folder, e.g. ../shared/datasets/gvc"
        )

    from crosswire.annotate import Annotator
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.geo.focus import primary_place, refocus
    from crosswire.geo.resolver import distance_km
    from crosswire.models import SourceDocument
    from crosswire.pipeline import clean

    incidents = _load(inc_path)
    if args.limit:
        incidents = incidents[: args.limit]
    docs = {d["doc_id"]: d for d in _load(docs_path)}
    wanted = [docs[i] for inc in incidents for i in inc["doc_ids"] if i in docs]
    articles = {}
    for d in wanted:
        raw = (d.get("title") or "") + "\n\n" + d["content"]
        src = SourceDocument(d["doc_id"], d["doc_id"], raw, "jsonl", title=d.get("title"))
        articles[d["doc_id"]] = clean(src)

    annotator = Annotator()
    cache: dict[str, bytes] = {}
    if args.parse_cache and args.parse_cache.is_file():
        cache = pickle.loads(args.parse_cache.read_bytes())
    from crosswire.annotate import annotation_from_doc

    todo = [a for did, a in articles.items() if did not in cache]
    t0 = time.perf_counter()
    parsed = {}
    for (annotation, doc), art in zip(annotator.annotate(todo), todo, strict=True):
        parsed[art.source] = (annotation, doc)
        cache[art.source] = annotator.doc_to_bytes(doc)
    parse_s = time.perf_counter() - t0
    if args.parse_cache and todo:
        args.parse_cache.write_bytes(pickle.dumps(cache))

    t1 = time.perf_counter()
    items_by_doc: dict[str, list[dict[str, Any]]] = {}
    n_mentions = 0
    for did, art in articles.items():
        if did in parsed:
            annotation, doc = parsed[did]
        else:
            doc = annotator.doc_from_bytes(cache[did])
            annotation = annotation_from_doc(art.id, doc)
        items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation))
        n_mentions += len(items)
        items_by_doc[did] = items
    extract_s = time.perf_counter() - t1

    def scores(part: list[dict[str, Any]]) -> tuple[dict[str, Any], list[Any]]:
        n = hit = city = state = skipped = 0
        misses = []
        for inc in part:
            if not inc.get("lat_long"):
                skipped += 1
                continue
            n += 1
            items = [dict(it) for i in inc["doc_ids"] for it in items_by_doc.get(i, [])]
            refocus(items)
            best = primary_place(items)
            gold_lat, gold_lon = inc["lat_long"]
            if best is None:
                misses.append((inc, None, None))
                continue
            d = distance_km(best["lat"], best["lon"], gold_lat, gold_lon)
            ok_city = _spelling(str(best["name"])) in _norm_city(inc["city_or_county"])
            ok_state = best.get("admin1") == inc["state"]
            hit += d <= 161
            city += ok_city
            state += ok_state
            if d > 161:
                misses.append((inc, best, d))
        return {
            "n": n,
            "within_161km": round(hit / n, 4) if n else 0.0,
            "city_exact": round(city / n, 4) if n else 0.0,
            "state_exact": round(state / n, 4) if n else 0.0,
            "skipped_no_latlong": skipped,
        }, misses

    tune, misses = scores([i for i in incidents if part_of(str(i["incident_id"])) == "tune"])
    check, _ = scores([i for i in incidents if part_of(str(i["incident_id"])) == "check"])
    everything, _ = scores(incidents)
    for inc, best, d in misses[: args.errors]:
        got = f"{best['name']}, {best['admin1']} ({best['country']}) {d:.0f} km" if best else "-"
        print(f"miss {inc['incident_id']}: gold {inc['city_or_county']}, {inc['state']}; got {got}")
    result = {
        **everything,
        "documents": len(articles),
        "place_mentions": n_mentions,
        "parse_s": round(parse_s, 1),
        "extract_s": round(extract_s, 2),
        "tune": tune,
        "check": check,
        "all": everything,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
