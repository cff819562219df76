"""Seconds to render one story's situation report, for a story of N reports.

No store holds a single 1,000-report story, so this builds one from a real
export: every report of a store (GVC shooting reports, say) is copied
``--copies`` times under new ids (spans, entities and items copied with
them) and the lot is made one story. The timed path is the one
``crosswire report --story ID`` and ``/stories/ID`` take once the export is
built: cutting the export to the story, building the view, rendering
Markdown and HTML. Issue 26's target: <= 2 s for 1,000 reports.

Each format is timed twice. The first report in the process (``seconds``,
as this bench has always reported) also pays for importing the report
modules and compiling the page template, as one ``crosswire report`` run
does; the second (``seconds_again``) is what a running server pays for each
story page, its modules loaded at start.

Usage: python bench/story_report_speed.py --db STORE [--copies 5]
The last line printed is one JSON object.
"""

from __future__ import annotations

import argparse
import json
import re
import time
from typing import Any


def _replicated(doc: dict[str, Any], copies: int) -> dict[str, Any]:
    ids = [a["id"] for a in doc["articles"]]
    pattern = re.compile("|".join(re.escape(i) for i in sorted(ids, key=len, reverse=True)))
    text = json.dumps(doc)
    out: dict[str, Any] = {k: ([] if isinstance(v, list) else v) for k, v in doc.items()}
    for n in range(copies):
        tag = f"x{n}" if n else ""
        copy = json.loads(pattern.sub(lambda m, tag=tag: m.group(0) + tag, text))
        for key, value in copy.items():
            if isinstance(value, list) and key != "stories":
                out[key] += value
        for s in copy["stories"]:
            out["stories"].append(s)
    incidents = [i for s in out["stories"] for i in s.get("incidents") or []]
    everything = {
        "id": "story-all",
        "label": "every report",
        "articles": [a["id"] for a in out["articles"]],
        "first": min(a["published"] or "9" for a in out["articles"]),
        "last": max(a["published"] or "0" for a in out["articles"]),
        "independent_sources": len(out["articles"]),
        "incidents": incidents,
    }
    out["stories"] = [everything]
    # entities: one per original id, with every copy's mentions
    merged: dict[str, dict[str, Any]] = {}
    for e in out["entities"]:
        merged.setdefault(e["id"], {**e, "mentions": []})["mentions"] += e["mentions"]
    out["entities"] = list(merged.values())
    return out


def main(argv: list[str] | None = None) -> int:
    from crosswire.export import build_export
    from crosswire.pipeline import render_report
    from crosswire.store import open_store

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", required=True)
    parser.add_argument("--copies", type=int, default=5)
    args = parser.parse_args(argv)
    with open_store(args.db) as store:
        doc = build_export(store)
        sentences = {a.article: list(a.sentences) for a in store.annotations()}
    big = _replicated(doc, args.copies)
    id_map = {a["id"]: a["id"][: len(a["id"])] for a in big["articles"]}
    all_sentences = {
        aid: sentences.get(aid)
        or sentences.get(next((o for o in sentences if o[:12] == aid[:12]), ""))
        for aid in id_map
    }
    timings, cpu, again, again_cpu = {}, {}, {}, {}
    for fmt in ("md", "html"):
        for wall, used in ((timings, cpu), (again, again_cpu)):
            start, start_cpu = time.perf_counter(), time.process_time()
            render_report(big, fmt, sentences=all_sentences, story="story-all")
            wall[fmt] = round(time.perf_counter() - start, 2)
            used[fmt] = round(time.process_time() - start_cpu, 2)
    result = {
        "bench": "story_report_speed",
        "reports": len(big["articles"]),
        "seconds": timings,
        # CPU seconds of this process: on a machine shared with other jobs the wall time
        # counts their turns too; this does not.
        "cpu_seconds": cpu,
        "seconds_again": again,
        "cpu_seconds_again": again_cpu,
    }
    print(
        f"{result['reports']} reports in one story: md {timings['md']} s "
        f"({cpu['md']} s CPU), html {timings['html']} s ({cpu['html']} s CPU); "
        f"again: md {again['md']} s ({again_cpu['md']} s CPU), "
        f"html {again['html']} s ({again_cpu['html']} s CPU)"
    )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
