"""ECB+ story clustering: which seminal event (subtopic) does each report tell of?

Each ECB+ topic holds two seminal events of the same kind (two celebrity
rehab stays, two earthquakes), so the stories of one topic share their
vocabulary and only names, numbers and dates tell them apart. Reports are
fed in random arrival order through :class:`crosswire.clustering.StoryEngine`
(the incremental code the ``stories`` aggregator runs) and each report's
story is scored against its subtopic folder (``NNecb`` / ``NNecbplus``)
with B-cubed, averaged over 5 orders.

Names come from a capitalised-word regex; the lead's roles (main verb, subject,
object: :mod:`crosswire.clustering.roles`) from spaCy's parse of the opening
(``--no-roles`` leaves them out); the publication date is
the first full date (with a year) in the document's ``date_publish`` field,
else in its address (``url``), else the pipeline's own guess from the text
(:func:`crosswire.extract.time_published.guess_published`) when it is
confident (a "Published" line, a dateline, a dated weekday), as ECB+ has no
clean publication dates; most original ECB documents (``NNecb``) have none and stay
undated. (The latest date a text mentions is no publication date: a report on
Mark Felt's death mentions 1972.)

``--half even`` / ``--half odd`` keeps only the topics with an even / odd number (the
topic number only chooses the half; it is never a feature): tune on one half, check on
the other, as a held-out test of a change.

Usage: python bench/ecbplus_clusters.py [--data ../shared/datasets/ecbplus] [--orders 5]
    [--half even|odd] [--no-roles]
The last line printed is one JSON object: the scores of all reports, and the same
under "tune", "check" and "all".

Tune / check: a report belongs to the part of its topic (first byte of
``sha256("ecbplus_clusters:" + topic number)`` even: tune, odd: check), so both
seminal events of a topic fall in one part. All reports (of ``--half``, if given) are
clustered together; each part is scored on its own reports
(``bench_parts.bcubed_within``). Read errors on the tune part only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import time
from datetime import date
from pathlib import Path

from bench_parts import mean_over_orders_parts
from crosswire.annotate import Annotator
from crosswire.clustering import StoryEngine, report_features
from crosswire.clustering.dates import resolve_dates
from crosswire.clustering.features import ReportFeatures
from crosswire.clustering.roles import parse_roles
from crosswire.clustering.text import capitalised_names
from crosswire.extract.time_published import guess_published

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "ecbplus"


#: Least confidence of a publication date guessed from the text (``guess_published``)
#: to be used: below it the guess is only "the latest date the text mentions", a lower
#: bound that dates a report about a 1972 precedent to 1972.
MIN_GUESS = 0.6

_URL_DATE = re.compile(r"(?<!\d)((?:19|20)\d\d)[-/](\d\d)[-/](\d\d)(?!\d)")


def _url_date(url: str) -> date | None:
    """A publication date in the address (``/2005-05-24/``, ``/2013/03/19/``), if any."""
    m = _URL_DATE.search(url.replace(" ", ""))
    if not m:
        return None
    try:
        return date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


def _published(*sources: str) -> date | None:
    for src in sources:
        exact = [d for d in resolve_dates(src, None) if d.exact]
        if exact:
            return exact[0].lo
    return None


def load(data: Path, roles: bool = True) -> tuple[list[ReportFeatures], dict[str, str]]:
    """Features and gold subtopic of each ECB+ report."""
    folder = data / "docs"
    if not folder.is_dir():
        sys.exit(f"ecbplus_clusters: {folder} not found: pass --data pointing at the ECB+ folder")
    reports, gold = [], {}
    paths = sorted(folder.glob("*/*.json"))
    texts, pubs = [], []
    for path in paths:
        doc = json.loads(path.read_text(encoding="utf-8"))
        title = doc.get("title") or ""
        text = f"{title}\n\n{doc['text']}" if title else doc["text"]
        pub = _published(str(doc.get("date_publish") or "")) or _url_date(str(doc.get("url") or ""))
        if pub is None and (guess := guess_published(text)) is not None:
            pub = guess.date if guess.confidence >= MIN_GUESS else None
        texts.append(text)
        pubs.append(pub)
    leads = parse_roles(Annotator().nlp, texts) if roles else [[] for _ in texts]
    for path, text, pub, lead in zip(paths, texts, pubs, leads, strict=True):
        names = [(s, e, k, text[s:e]) for s, e, k in capitalised_names(text)]
        reports.append(report_features(path.stem, text, pub, names=names, roles=lead))
        gold[path.stem] = path.parent.name
    if not reports:
        sys.exit(f"ecbplus_clusters: no documents under {folder}")
    return reports, gold


def topic_of(subtopic: str) -> int:
    """The topic number of a subtopic folder name (``9ecbplus`` -> 9; -1 if none)."""
    m = re.match(r"\d+", subtopic)
    return int(m.group(0)) if m else -1


def part_of(subtopic: str) -> str:
    """``tune`` or ``check``: the parity of the first byte of sha256("ecbplus_clusters:" +
    the subtopic's topic number)."""
    first = hashlib.sha256(f"ecbplus_clusters:{topic_of(subtopic)}".encode()).digest()[0]
    return "tune" if first % 2 == 0 else "check"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA)
    ap.add_argument("--orders", type=int, default=5)
    ap.add_argument("--half", choices=("even", "odd"), help="only even- or odd-numbered topics")
    ap.add_argument("--no-roles", action="store_true", help="leave the lead's roles out")
    args = ap.parse_args()
    t0 = time.perf_counter()
    reports, gold = load(args.data, roles=not args.no_roles)
    if args.half:
        parity = 0 if args.half == "even" else 1
        reports = [f for f in reports if topic_of(gold[f.id]) % 2 == parity]
        gold = {f.id: gold[f.id] for f in reports}
    t1 = time.perf_counter()
    parts = {doc_id: part_of(subtopic) for doc_id, subtopic in gold.items()}
    result = mean_over_orders_parts(
        reports, gold, lambda e, a: StoryEngine.story_of(e, a), parts, orders=args.orders
    )
    result["features_s"] = round(t1 - t0, 2)
    result["cluster_s"] = round(time.perf_counter() - t1, 2)
    result["entities"] = "regex capitalised names"
    result["roles"] = not args.no_roles
    if args.half:
        result["half"] = args.half
    print(f"ECB+: {result['n_docs']} reports, {len(set(gold.values()))} subtopics")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
