"""Publication dates read from a report's URL or its text, against GVC's document creation time.

Issue 21 item 3: a report with no publication date takes the one its URL
(".../2016/09/13/...") or its text ("Published: Sept. 13, 2016", a date-stamp
line, a dated dateline) states. Every GVC report is cleaned by the pipeline's
clean stage and dated by :func:`crosswire.pipeline.date_undated` (the function
ingest calls) from its URL and text alone, its ``dct`` withheld; the date is
then compared with the ``dct``. Printed per source of the date (``url``,
``text``, and with ``--guess`` also ``guess``): how many reports got one, how
many equal the ``dct`` and how many are within a day of it. GVC's addresses
are web-archive captures, whose capture stamp must not be read as the date.

Tune / check: a report belongs to the part of its ``doc_id`` (SHA-1 first byte
even: tune, odd: check). Read errors of the tune part only (``--errors``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections import Counter
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT.parent / "shared" / "datasets" / "gvc"


def part_of(doc_id: str) -> str:
    """``tune`` or ``check``, by the parity of the id's SHA-1 first byte."""
    return "tune" if hashlib.sha1(doc_id.encode()).digest()[0] % 2 == 0 else "check"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA, help="gvc folder")
    parser.add_argument("--guess", action="store_true", help="also the --guess-published cues")
    parser.add_argument("--errors", action="store_true", help="print the tune part's errors")
    args = parser.parse_args(argv)
    path = args.data / "docs.jsonl"
    if not path.is_file():
        print(f"gvc_published: no GVC data at {path}", file=sys.stderr)
        return 1

    from crosswire.errors import InputError
    from crosswire.extract.time_published import published_source
    from crosswire.models import SourceDocument
    from crosswire.pipeline import clean, date_undated

    counts: dict[str, Counter[str]] = {p: Counter() for p in ("tune", "check")}
    for line in path.read_text("utf-8").splitlines():
        if not line.strip():
            continue
        r = json.loads(line)
        part = part_of(r["doc_id"])
        counts[part]["n"] += 1
        try:
            article = clean(
                SourceDocument(r["doc_id"], r["uri"], r["content"], "json", url=r["uri"])
            )
        except InputError:
            continue
        date_undated(article, guess=args.guess)
        guess = article.published_guess
        source = published_source(article.published, guess.method if guess else None)
        if article.published is None or source is None:
            continue
        gap = abs((article.published - date.fromisoformat(r["dct"])).days)
        counts[part][f"{source}_found"] += 1
        counts[part][f"{source}_exact"] += gap == 0
        counts[part][f"{source}_within_1d"] += gap <= 1
        if args.errors and part == "tune" and gap > 1:
            assert guess is not None
            print(
                f"{source} {article.published} dct={r['dct']} {guess.method}: {guess.text[:120]!r}"
            )
    print(json.dumps({p: dict(sorted(c.items())) for p, c in counts.items()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
