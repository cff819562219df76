"""Train the place ranker (``src/crosswire/geo/data/ranker.json``, issue 23).

The resolver scores each candidate place of a mention as a dot product of
its features (:data:`crosswire.geo.ranker.FEATURES`) with the ranker's
weights, and takes a softmax over the mention's candidates: a conditional
logit. This script learns the weights from

* the **tune** part of the world-news toponyms (``geo_world/dev.jsonl``,
  :func:`geo_world.part_of`; the check part is never read here): a mention
  overlapping a gold location toponym with coordinates, its candidates within
  161 km of the gold point (or with its GeoNames id) the right ones;
* the **train** split of the Gun Violence Corpus, by distant supervision: a
  report's place mention whose candidates include one within 161 km of the
  Gun Violence Archive's incident point (or the incident's state, or the US)
  takes those as the right ones; a mention with none is left out.

Mentions with no right candidate, or only right ones, teach nothing and are
left out. Each corpus (LGL, GeoWebNews, TR-News, GeoVirus, GVC) carries the
same total weight (:func:`balance`). The objective is the log of the
probability of the right candidates (several may be right) plus a small L2
penalty, minimised by full-batch Adam on standardised features from zero
weights, the weights of :data:`crosswire.geo.ranker.PROMINENCE` kept to their
sign (deterministic; ``--seed`` fixes the order of nothing but is recorded).
Features depend on the context, and the context on earlier resolutions, so
the mentions are traced again with each round's weights (``--rounds``); the
first round traces with ``--start`` (``bench/geo_ranker_start.json``), never
with whatever ``ranker.json`` holds, so the output is the same on every run.

Usage: python bench/train_geo_ranker.py [--world ../shared/datasets/geo_world/dev.jsonl]
       [--gvc ../shared/datasets/gvc] [--world-parses P] [--gvc-parses P] [--out PATH]
"""

from __future__ import annotations

import argparse
import json
import pickle
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from geo_world import DEFAULT_DATA, LOCATION_GROUPS, part_of

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_GVC = ROOT.parent / "shared" / "datasets" / "gvc"
DEFAULT_START = Path(__file__).resolve().parent / "geo_ranker_start.json"
DEFAULT_OUT = ROOT / "src" / "crosswire" / "geo" / "data" / "ranker.json"
NEAR_KM = 161.0


@dataclass
class Example:
    """One mention: its candidates' feature rows and which candidates are right."""

    x: np.ndarray
    right: np.ndarray
    weight: float
    text: str = ""
    places: tuple[str, ...] = ()
    corpus: str = ""


def _parsed(articles: dict[str, Any], cache_path: Path | None) -> dict[str, tuple[Any, Any]]:
    """(annotation, doc) per article id, through the parse cache the benches share."""
    from crosswire.annotate import Annotator, annotation_from_doc

    annotator = Annotator()
    cache: dict[str, bytes] = {}
    if cache_path and cache_path.is_file():
        cache = pickle.loads(cache_path.read_bytes())
    todo = [a for did, a in articles.items() if did not in cache]
    for (_annotation, doc), art in zip(annotator.annotate(todo), todo, strict=True):
        cache[art.source] = annotator.doc_to_bytes(doc)
    if cache_path and todo:
        cache_path.write_bytes(pickle.dumps(cache))
    out = {}
    for did, art in articles.items():
        doc = annotator.doc_from_bytes(cache[did])
        out[did] = (annotation_from_doc(art.id, doc), doc)
    return out


def _traced(art: Any, parsed: tuple[Any, Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The article's place items, and per mention text its last ranking (the final pass)."""
    from crosswire.extract import ExtractionInput
    from crosswire.extract.place_mentions import EXTRACTOR
    from crosswire.geo.resolver import resolver

    res = resolver()
    res.trace = []
    annotation, doc = parsed
    items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation))
    ranked = {text: (places, vectors) for text, places, vectors in res.trace}
    res.trace = None
    return items, ranked


def _example(
    places: list[Any], vectors: list[list[float]], right: list[bool], weight: float, text: str
) -> Example | None:
    if not any(right) or all(right):
        return None
    names = tuple(f"{p.name} ({p.country}, {p.feature}, {p.key})" for p in places)
    return Example(np.array(vectors, dtype=float), np.array(right, dtype=bool), weight, text, names)


def world_examples(path: Path, parses: Path | None) -> list[Example]:
    """Mentions of the tune part's gold location toponyms (never the check part)."""
    from crosswire.geo.resolver import distance_km
    from crosswire.models import Article

    docs = [json.loads(line) for line in path.open(encoding="utf-8") if line.strip()]
    docs = [d for d in docs if part_of(d["doc_id"]) == "tune"]
    articles = {
        d["doc_id"]: Article(d["doc_id"], d["doc_id"], d["text"], d["text"], title=d.get("title"))
        for d in docs
    }
    parsed = _parsed(articles, parses)
    out: list[Example] = []
    for d in docs:
        items, ranked = _traced(articles[d["doc_id"]], parsed[d["doc_id"]])
        for g in d["toponyms"]:
            if g["group"] not in LOCATION_GROUPS or g["lat"] is None:
                continue
            for it in items:
                if not (it["start"] < g["end"] and g["start"] < it["end"]):
                    continue
                got = ranked.get(it["text"])
                if got is None:
                    continue
                places, vectors = got
                right = [
                    p.geonameid == g["geonames_id"]
                    or distance_km(p.lat, p.lon, g["lat"], g["lon"]) <= NEAR_KM
                    for p in places
                ]
                ex = _example(places, vectors, right, 1.0, it["text"])
                if ex is not None:
                    ex.corpus = d["corpus"]
                    out.append(ex)
                break
    return out


def gvc_examples(folder: Path, parses: Path | None) -> list[Example]:
    """Mentions in the train split's reports, labelled by the incident's coordinates."""
    from crosswire.geo.resolver import distance_km
    from crosswire.models import SourceDocument
    from crosswire.pipeline import clean

    incidents = [json.loads(x) for x in (folder / "incidents.jsonl").open() if x.strip()]
    incidents = [i for i in incidents if i["split"] == "train" and i.get("lat_long")]
    docs = {
        d["doc_id"]: d for d in (json.loads(x) for x in (folder / "docs.jsonl").open() if x.strip())
    }
    articles = {}
    for inc in incidents:
        for did in inc["doc_ids"]:
            if did in docs:
                d = docs[did]
                raw = (d.get("title") or "") + "\n\n" + d["content"]
                src = SourceDocument(did, did, raw, "jsonl", title=d.get("title"))
                articles[did] = clean(src)
    parsed = _parsed(articles, parses)
    out: list[Example] = []
    for inc in incidents:
        lat, lon = inc["lat_long"]
        for did in inc["doc_ids"]:
            if did not in articles:
                continue
            items, ranked = _traced(articles[did], parsed[did])
            seen: set[str] = set()
            for it in items:
                text = it["text"]
                if not text or text in seen or text not in ranked:
                    continue
                seen.add(text)
                places, vectors = ranked[text]
                right = [
                    (p.feature == "country" and p.country == "US")
                    or (p.feature == "admin1" and p.country == "US" and p.admin1 == inc["state"])
                    or (
                        p.feature not in ("country", "admin1")
                        and distance_km(p.lat, p.lon, lat, lon) <= NEAR_KM
                    )
                    for p in places
                ]
                ex = _example(places, vectors, right, 1.0, text)
                if ex is not None:
                    ex.corpus = "gvc"
                    out.append(ex)
    return out


def balance(examples: list[Example]) -> None:
    """Give every corpus the same total weight: LGL's local news is 60% of the world-news
    mentions, and its namesakes ("London" for London, Ont.) are told apart by the outlet's
    home town, which no feature sees; unweighted, it would teach that capitals and large
    cities named alone are rarely meant, the opposite of what wire news does."""
    counts = Counter(e.corpus for e in examples)
    for e in examples:
        e.weight = 1.0 / counts[e.corpus]


def fit(
    examples: list[Example],
    l2: float,
    steps: int,
    start: np.ndarray | None = None,
    signs: np.ndarray | None = None,
) -> np.ndarray:
    """Weights minimising -log P(right candidates) + l2 |w|^2 (in standardised units);
    a feature with ``signs`` +1 (-1) keeps a weight >= 0 (<= 0): projected after each step."""
    x = np.concatenate([e.x for e in examples])
    right = np.concatenate([e.right for e in examples]).astype(float)
    sizes = np.array([len(e.right) for e in examples])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    seg = np.repeat(np.arange(len(examples)), sizes)
    ew = np.array([e.weight for e in examples])
    ew = ew / ew.sum()
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale
    w = np.zeros(x.shape[1]) if start is None else start * scale
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    lr, b1, b2 = 0.05, 0.9, 0.999
    for t in range(1, steps + 1):
        s = z @ w
        top = np.maximum.reduceat(s, starts)
        e = np.exp(s - top[seg])
        total = np.add.reduceat(e, starts)
        p = e / total[seg]
        pr = p * right
        q = pr / np.add.reduceat(pr, starts)[seg]
        grad = z.T @ ((p - q) * ew[seg]) + 2 * l2 * w
        m = b1 * m + (1 - b1) * grad
        v = b2 * v + (1 - b2) * grad * grad
        w -= lr * (m / (1 - b1**t)) / (np.sqrt(v / (1 - b2**t)) + 1e-8)
        if signs is not None:
            w = np.where(signs * w < 0, 0.0, w)
    return np.asarray(w / scale)


def accuracy(examples: list[Example], w: np.ndarray) -> float:
    """Share of mentions whose best-scored candidate is a right one."""
    hits = sum(bool(e.right[int(np.argmax(e.x @ w))]) for e in examples)
    return round(hits / len(examples), 4) if examples else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--world", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--gvc", type=Path, default=DEFAULT_GVC)
    parser.add_argument("--world-parses", type=Path, default=None)
    parser.add_argument("--gvc-parses", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--start", type=Path, default=DEFAULT_START)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--l2", type=float, default=1e-3)
    parser.add_argument("--seed", type=int, default=23)
    args = parser.parse_args()
    np.random.seed(args.seed)

    from crosswire.geo.ranker import FEATURES, PROMINENCE
    from crosswire.geo.resolver import resolver

    start = json.loads(args.start.read_text(encoding="utf-8"))["weights"]
    res = resolver()
    res.use_weights(tuple(float(start.get(name, 0.0)) for name in FEATURES))
    signs = np.array([PROMINENCE.get(name, 0) for name in FEATURES], dtype=float)
    w: np.ndarray | None = None
    for r in range(args.rounds):
        if w is not None:
            res.use_weights(tuple(float(a) for a in w))
        world = world_examples(args.world, args.world_parses)
        gvc = gvc_examples(args.gvc, args.gvc_parses)
        before = np.array(res.weights)
        balance(world + gvc)
        w = fit(world + gvc, args.l2, args.steps, start=w, signs=signs)
        print(
            f"round {r + 1}: {len(world)} world + {len(gvc)} GVC mentions; "
            f"top-1 right world {accuracy(world, before)} -> {accuracy(world, w)}, "
            f"GVC {accuracy(gvc, before)} -> {accuracy(gvc, w)}"
        )
    assert w is not None
    payload = {
        "about": (
            "conditional-logit weights per feature, trained by bench/train_geo_ranker.py "
            f"(seed {args.seed}, {args.rounds} rounds, l2 {args.l2}, {args.steps} Adam steps) "
            "on the geo_world tune part and GVC train-split mentions"
        ),
        "weights": {name: round(float(x), 4) for name, x in zip(FEATURES, w, strict=True)},
    }
    args.out.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(payload["weights"]))


if __name__ == "__main__":
    main()
