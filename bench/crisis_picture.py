"""The crisis picture an analyst reads, scored against gold written before crosswire ran.

Each folder of ``--data`` (default ``bench/crisis_sets``) holds one crisis: paraphrased real
reports, a ``manifest.json`` and a ``gold.json`` (format in ``bench/crisis_sets/README.md``).
Every set is ingested into a fresh SQLite store and exported; the export is then scored:

- ``key_figures_found``: gold figures of headline quantities that crosswire extracted with the
  right value (a figure whose span overlaps the gold quote);
- ``counted_thing_right`` / ``as_of_right`` / ``hedge_right``: of those found, the share with the
  gold measure / as-of day / hedge;
- ``figure_kind_accuracy``: found gold figures whose ``kind`` (count, estimate, projection,
  partial, recalled) is right (a figure without ``kind`` reads as ``count``);
- ``group_status_accuracy``: gold quantities whose figures sit mostly in one reconciliation group
  that holds mostly them and has the expected status; ``latest_value_right``: that group's best
  estimate is the gold latest value; ``disputes_shown``: disputed quantities shown as disputed;
  ``quantity_held_together``: quantities whose figures sit in one group of their own (the first
  half of a right status), ``status_right_when_held``: of those, the share with the right status;
- ``key_point_precision``: key points that do not mislead (they rest on a group mapped to a gold
  quantity with the right status and latest value, or on an operation the gold names);
  ``key_point_recall``: gold key points some key point carries;
- ``wire_pairs_found``: pairs of gold wire copies crosswire counts as one source;
- ``speakers_right``: gold key quotes whose overlapping crosswire quote names the gold speaker.

Sets are split into a tune part and a check part by a hash of the crisis id (see
:func:`part_of`): read errors on tune sets only (``--errors``); check sets are only scored.

Usage: python bench/crisis_picture.py [--data bench/crisis_sets] [--only ID] [--errors]
The last line printed is one JSON object: per part (tune, check, all) every rate with its counts.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
import tempfile
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_DATA = ROOT / "bench" / "crisis_sets"
Item = Mapping[str, Any]


def part_of(crisis_id: str) -> str:
    """``tune`` or ``check``: fixed by the crisis id, never by what crosswire does on it."""
    return (
        "tune" if hashlib.sha256(f"crisis:{crisis_id}".encode()).digest()[0] % 2 == 0 else "check"
    )


def build(folder: Path) -> dict[str, Any]:
    """Ingest one crisis set into a fresh store and return crosswire's export of it."""
    from crosswire import Annotator, Store, build_export, ingest

    with (
        tempfile.TemporaryDirectory(prefix="crisis-picture-") as tmp,
        Store(str(Path(tmp) / "c.db")) as store,
    ):
        ingest([str(folder)], store, annotator=_annotator(Annotator))
        return build_export(store)


_ANNOTATOR: list[Any] = []


def _annotator(factory: Any) -> Any:
    if not _ANNOTATOR:
        _ANNOTATOR.append(factory())
    return _ANNOTATOR[0]


# ---------------------------------------------------------------------------- locating gold


class Located:
    """Gold quotes located in crosswire's cleaned article texts."""

    def __init__(self, doc: Item) -> None:
        self.by_file: dict[str, Item] = {}
        for art in doc.get("articles") or []:
            name = Path(str(art.get("source") or "")).name
            if name:
                self.by_file[name] = art
        self.missing: list[str] = []

    def span(self, report: str, quote: str) -> tuple[str, int, int] | None:
        art = self.by_file.get(report)
        if art is None:
            self.missing.append(f"{report}: no article")
            return None
        text = str(art.get("text") or "")
        at = text.find(quote)
        if at < 0:
            squeezed = " ".join(quote.split())
            at = " ".join(text.split()).find(squeezed)
            if at < 0:
                self.missing.append(f"{report}: quote not in cleaned text: {quote!r}")
                return None
            # map back approximately: search by the first word run
            at = text.find(squeezed.split()[0])
        return str(art["id"]), at, at + len(quote)


def _numbers(g: Item) -> set[float]:
    out = set()
    for key in ("value", "low", "high"):
        v = g.get(key)
        if isinstance(v, int | float) and not isinstance(v, bool):
            out.add(float(v))
    return out


def _figure_numbers(f: Item) -> set[float]:
    return _numbers(f)


def match_figure(
    g: Item, located: Located, figures_by_article: Mapping[str, list[Item]]
) -> Item | None:
    """The crosswire figure that states gold figure ``g``: overlapping its quote, same number."""
    where = located.span(str(g["report"]), str(g["quote"]))
    if where is None:
        return None
    aid, start, end = where
    want = _numbers(g)
    best: Item | None = None
    for f in figures_by_article.get(aid, ()):
        if f.get("derived"):
            continue
        if int(f["end"]) <= start or int(f["start"]) >= end:
            continue
        if want and not (want & _figure_numbers(f)):
            continue
        if best is None or (
            f.get("measure") == g.get("measure") and best.get("measure") != g.get("measure")
        ):
            best = f
    return best


def same_party(a: object, b: object) -> bool:
    """Do two names of a claimant or speaker share a content word ("MSF" ~ "MSF's director")?"""
    try:
        from crosswire.link.quantities import same_party as shared
    except ImportError:  # a release before the quantity grouping: the same rule, inline
        words = {"the", "a", "an", "of", "said", "spokesman", "official", "officials", "ministry"}
        wa = set(re.findall(r"[a-z0-9]+", str(a or "").casefold())) - words
        wb = set(re.findall(r"[a-z0-9]+", str(b or "").casefold())) - words
        return bool(wa & wb)
    return shared(a, b)


# ---------------------------------------------------------------------------- scoring


class Tally:
    """Right / total counts per metric, summed over sets."""

    def __init__(self) -> None:
        self.right: Counter[str] = Counter()
        self.total: Counter[str] = Counter()

    def add(self, metric: str, ok: bool) -> None:
        self.total[metric] += 1
        self.right[metric] += int(ok)

    def merge(self, other: Tally) -> None:
        self.right.update(other.right)
        self.total.update(other.total)

    def rates(self) -> dict[str, Any]:
        return {
            m: {
                "rate": round(self.right[m] / self.total[m], 4),
                "right": self.right[m],
                "of": self.total[m],
            }
            for m in sorted(self.total)
        }


def _group_of(groups: Sequence[Item]) -> dict[str, Item]:
    return {str(fid): g for g in groups for fid in g.get("figures") or ()}


def _best_value(group: Item) -> float | None:
    best = group.get("best_estimate") or {}
    v = best.get("value") if isinstance(best, Mapping) else None
    return float(v) if isinstance(v, int | float) else None


def _latest_values(q: Item) -> set[float]:
    latest = q.get("latest") or {}
    return _numbers(latest) if isinstance(latest, Mapping) else set()


def score(gold: Item, doc: Item, errors: list[str]) -> Tally:
    """Score one crisis set's export against its gold."""
    t = Tally()
    located = Located(doc)
    figures_by_article: dict[str, list[Item]] = defaultdict(list)
    for f in doc.get("figures") or []:
        figures_by_article[str(f["article"])].append(f)
    groups = [g for g in doc.get("reconciliations") or []]
    published = {
        str(a["id"]): str(a.get("published") or "")[:10] for a in doc.get("articles") or []
    }
    group_of = _group_of(groups)

    # figures: found, measure, as-of, hedge, kind
    quantity_of_figure: dict[str, str] = {}
    matched_by_quantity: dict[str, list[Item]] = defaultdict(list)
    for q in gold.get("quantities") or []:
        for g in q.get("figures") or []:
            f = match_figure(g, located, figures_by_article)
            if q.get("headline"):
                t.add("key_figures_found", f is not None)
            if f is None:
                errors.append(f"not found: {q['id']}: {g['report']} {g['quote']!r}")
                continue
            quantity_of_figure[str(f["id"])] = str(q["id"])
            if g.get("kind") not in ("denial",):
                matched_by_quantity[str(q["id"])].append(f)
            _figure_fields(t, g, f, errors, str(q["id"]), published)
    for g in gold.get("other_figures") or []:
        f = match_figure(g, located, figures_by_article)
        if f is None:
            continue
        quantity_of_figure.setdefault(str(f["id"]), "other:" + str(g.get("quote")))
        if g.get("kind"):
            _kind(t, g, f, errors, "other")

    # groups: one per quantity, with the expected status
    mapped: dict[str, str] = {}  # group id -> gold quantity id it mostly holds
    for grp in groups:
        owners = Counter(quantity_of_figure.get(str(fid)) for fid in grp.get("figures") or ())
        owners.pop(None, None)
        if owners:
            qid, n = owners.most_common(1)[0]
            if n * 3 >= 2 * sum(owners.values()):
                mapped[str(grp["id"])] = str(qid)
    quantity_status: dict[str, bool] = {}
    for q in gold.get("quantities") or []:
        qid = str(q["id"])
        found = matched_by_quantity.get(qid, [])
        homes = Counter(
            str(group_of[str(f["id"])]["id"]) for f in found if str(f["id"]) in group_of
        )
        grp = None
        if homes:
            gid, n = homes.most_common(1)[0]
            if n * 2 >= len(found) and mapped.get(gid) == qid:
                grp = next(g for g in groups if str(g["id"]) == gid)
        status = str(grp.get("status")) if grp else None
        ok = status == q.get("expected_status")
        if status == "disputed" and q.get("contested_by") and q.get("expected_status") == "changed":
            ok = True  # the gold names who contests a changing toll: "disputed" says so too
        quantity_status[qid] = ok
        t.add("group_status_accuracy", ok)
        # where status goes wrong: the quantity's figures not held in one group of their own,
        # or held together under the wrong status (scores only; errors stay on tune sets)
        t.add("quantity_held_together", grp is not None)
        if grp is None and found:
            top = homes.most_common(1)[0] if homes else None
            # not held: spread over groups (no group holds half its figures), or its group
            # mostly holds another quantity's figures (merged), or none of its figures grouped
            t.add("not_held_split", top is not None and top[1] * 2 < len(found))
            t.add("not_held_merged", top is not None and top[1] * 2 >= len(found))
            t.add("not_held_ungrouped", top is None)
        if grp is not None:
            t.add("status_right_when_held", ok)
        if not ok:
            spread = len(homes)
            shared = ""
            if homes and grp is None:
                gid = homes.most_common(1)[0][0]
                members = next(g for g in groups if str(g["id"]) == gid).get("figures") or ()
                owners = Counter(quantity_of_figure.get(str(fid), "-") for fid in members)
                shared = f"; its main group holds {dict(owners)}"
            errors.append(
                f"status: {qid} expected {q.get('expected_status')}, got {status}"
                f" ({len(found)} figures found over {spread} groups{shared})"
            )
        latest = _latest_values(q)
        if latest:
            value_ok = grp is not None and _best_value(grp) in latest
            t.add("latest_value_right", value_ok)
            if not value_ok:
                got = _best_value(grp) if grp else None
                errors.append(f"latest: {qid} expected {sorted(latest)}, got {got}")
        if q.get("expected_status") == "disputed":
            t.add("disputes_shown", status == "disputed")

    _score_key_points(t, gold, doc, groups, mapped, quantity_status, located, errors)
    _score_wire(t, gold, located, errors)
    _score_speakers(t, gold, doc, located, errors)
    return t


#: Hedges as gold writers spelled them, in crosswire's vocabulary.
_HEDGES = {
    "about": "approximately",
    "around": "approximately",
    "nearly": "up_to",
    "over": "more_than",
}


def _kind(t: Tally, g: Item, f: Item, errors: list[str], where: str) -> None:
    got = str(f.get("kind") or "count")
    ok = got == g["kind"]
    t.add("figure_kind_accuracy", ok)
    if not ok:
        errors.append(
            f"kind: {where}: {g['report']} {g['quote']!r} expected {g['kind']}, got {got}"
        )


def _figure_fields(
    t: Tally, g: Item, f: Item, errors: list[str], qid: str, published: Mapping[str, str]
) -> None:
    if g.get("measure"):
        ok = f.get("measure") == g["measure"]
        t.add("counted_thing_right", ok)
        if not ok:
            errors.append(
                f"measure: {qid}: {g['quote']!r} expected {g['measure']}, got {f.get('measure')}"
            )
    if "as_of" in g:
        ok = (f.get("as_of") or None) == (g.get("as_of") or None)
        if not ok and g.get("as_of") is None and g.get("kind") != "recalled":
            # the text states no day: a current figure holds as of its report's publication
            ok = f.get("as_of") == published.get(str(f["article"]))
        t.add("as_of_right", ok)
        if not ok:
            errors.append(
                f"as_of: {qid}: {g['quote']!r} expected {g.get('as_of')}, got {f.get('as_of')}"
            )
    if g.get("hedge"):
        want = _HEDGES.get(str(g["hedge"]), str(g["hedge"]))
        t.add("hedge_right", (f.get("hedge") or "exact") == want)
    if g.get("claimant"):
        ok = same_party(f.get("claimant"), g["claimant"])
        t.add("claimant_right", ok)
        if not ok:
            errors.append(
                f"claimant: {qid}: {g['quote']!r} expected {g['claimant']}, got {f.get('claimant')}"
            )
    if g.get("kind") and g["kind"] != "denial":
        _kind(t, g, f, errors, qid)


def _score_key_points(
    t: Tally,
    gold: Item,
    doc: Item,
    groups: Sequence[Item],
    mapped: Mapping[str, str],
    quantity_status: Mapping[str, bool],
    located: Located,
    errors: list[str],
) -> None:
    from crosswire.report.key_points import key_points

    quantities = {str(q["id"]): q for q in gold.get("quantities") or []}
    by_id = {str(g["id"]): g for g in groups}
    ops = {str(o["id"]): o for o in doc.get("operations") or []}
    gold_ops: dict[str, str] = {}  # operation id -> gold key point id
    for kp in gold.get("key_points") or []:
        op = kp.get("operation")
        if isinstance(op, Mapping):
            where = located.span(str(op["report"]), str(op["quote"]))
            if where is None:
                continue
            for oid, o in ops.items():
                if _op_covers(o, where):
                    gold_ops[oid] = str(kp["id"])
    carried: set[str] = set()
    for point in key_points(doc):
        ref = str(getattr(point, "ref", "") or "") or _ref_by_text(point.text, groups, ops)
        ok = False
        why = "rests on nothing the gold names"
        if ref in by_id and mapped.get(ref, "").startswith("other:"):
            why = "rests on a figure the gold keeps out of the tracked quantities"
        elif ref in by_id and ref in mapped:
            qid = mapped[ref]
            q = quantities[qid]
            value_ok = not _latest_values(q) or _best_value(by_id[ref]) in _latest_values(q)
            ok = quantity_status.get(qid, False) and value_ok
            why = f"{qid}: status or latest value wrong"
            if ok:
                carried.update(
                    str(kp["id"])
                    for kp in gold.get("key_points") or []
                    if kp.get("quantity") == qid
                )
        elif ref in gold_ops:
            ok = True
            carried.add(gold_ops[ref])
        t.add("key_point_precision", ok)
        if not ok:
            errors.append(f"misleading key point ({why}): {point.text[:160]}")
    for kp in gold.get("key_points") or []:
        present = str(kp["id"]) in carried
        t.add("key_point_recall", present)
        if not present:
            errors.append(f"missing key point: {kp['id']}: {kp.get('about')}")


def _ref_by_text(text: str, groups: Sequence[Item], ops: Mapping[str, Item]) -> str:
    """The group or operation a key point without a ``ref`` was written from (older releases)."""
    for g in groups:
        values = str(g.get("summary") or "").partition(" — ")[2]
        if values and " ".join(values.split()) in text:
            return str(g["id"])
    from crosswire.report.section_operations import describe

    for oid, o in ops.items():
        what = describe(o)
        if what and what[1:] in text:
            return oid
    return ""


def _op_covers(op: Item, where: tuple[str, int, int]) -> bool:
    aid, start, end = where
    spans: list[tuple[str, int, int]] = []
    if op.get("article") is not None and op.get("start") is not None:
        spans.append((str(op["article"]), int(op["start"]), int(op["end"])))
    for step in op.get("status_history") or []:
        if (
            isinstance(step, Mapping)
            and step.get("article") is not None
            and step.get("start") is not None
        ):
            spans.append((str(step["article"]), int(step["start"]), int(step["end"])))
    return any(a == aid and s < end + 200 and e > start - 200 for a, s, e in spans)


def _root(art: Item, arts: Mapping[str, Item]) -> str:
    """The independent source behind an article, as the export tells it (copy chains followed)."""
    seen = set()
    cur = art
    while True:
        parent = cur.get("wire_text_of") or cur.get("duplicate_of")
        if not parent or parent in seen or parent not in arts:
            break
        seen.add(parent)
        cur = arts[str(parent)]
    return str(cur["id"])


def _score_wire(t: Tally, gold: Item, located: Located, errors: list[str]) -> None:
    arts = {str(a["id"]): a for a in located.by_file.values()}
    for group in gold.get("wire_copies") or []:
        files = [f for f in group if f in located.by_file]
        for i, a in enumerate(files):
            for b in files[i + 1 :]:
                ra = _root(located.by_file[a], arts)
                rb = _root(located.by_file[b], arts)
                ok = ra == rb
                t.add("wire_pairs_found", ok)
                if not ok:
                    errors.append(f"wire copy not found: {a} ~ {b}")


def _score_speakers(t: Tally, gold: Item, doc: Item, located: Located, errors: list[str]) -> None:
    entities = {str(e["id"]): e for e in doc.get("entities") or []}
    quotes: dict[str, list[Item]] = defaultdict(list)
    for q in doc.get("quotes") or []:
        quotes[str(q["article"])].append(q)
    for sp in gold.get("speakers") or []:
        where = located.span(str(sp["report"]), str(sp["quote"]))
        if where is None:
            t.add("speakers_right", False)
            continue
        aid, start, end = where
        over = [q for q in quotes.get(aid, ()) if int(q["start"]) < end and int(q["end"]) > start]
        ok = any(same_party(n, sp["speaker"]) for q in over for n in _speaker_names(q, entities))
        t.add("speakers_right", ok)
        if not ok:
            got = [q.get("speaker") or q.get("source") for q in over] or "no quote"
            errors.append(
                f"speaker: {sp['report']} {sp['quote']!r} expected {sp['speaker']}, got {got}"
            )


def _speaker_names(quote: Item, entities: Mapping[str, Item]) -> list[str]:
    """What a reader sees as a quote's speaker: its words, its source span, its entity's name."""
    names = [str(quote.get("speaker") or "")]
    source = quote.get("source")
    if isinstance(source, Mapping):
        names.append(str(source.get("text") or ""))
    entity = entities.get(str(quote.get("speaker_entity") or ""))
    if entity:
        names.append(str(entity.get("name") or ""))
    return [n for n in names if n]


# ---------------------------------------------------------------------------- main


def crisis_sets(data: Path, only: Iterable[str] = ()) -> list[Path]:
    wanted = set(only)
    sets = sorted(p.parent for p in data.glob("*/gold.json"))
    return [p for p in sets if not wanted or p.name in wanted]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--only", action="append", default=[], help="crisis id (repeatable)")
    parser.add_argument("--errors", action="store_true", help="print errors of tune sets")
    parser.add_argument("--save", type=Path, help="write each set's export to this folder")
    args = parser.parse_args(argv)
    sets = crisis_sets(args.data, args.only)
    if not sets:
        sys.exit(f"crisis_picture: no */gold.json under {args.data}; pass --data bench/crisis_sets")
    parts: dict[str, Tally] = {"tune": Tally(), "check": Tally(), "all": Tally()}
    per_set: dict[str, Any] = {}
    started = time.perf_counter()
    for folder in sets:
        gold = json.loads((folder / "gold.json").read_text(encoding="utf-8"))
        cid = str(gold.get("crisis_id") or folder.name)
        part = part_of(cid)
        doc = build(folder)
        if args.save:
            args.save.mkdir(parents=True, exist_ok=True)
            (args.save / f"{cid}.json").write_text(json.dumps(doc, ensure_ascii=False, indent=1))
        errors: list[str] = []
        tally = score(gold, doc, errors)
        parts[part].merge(tally)
        parts["all"].merge(tally)
        rates = {m: v["rate"] for m, v in tally.rates().items()}
        per_set[cid] = {"part": part, **rates}
        print(f"{cid} [{part}] " + " ".join(f"{m}={v}" for m, v in sorted(rates.items())))
        if args.errors and part == "tune":
            for e in errors:
                print(f"  - {e}")
        elif errors:
            print(f"  ({len(errors)} errors; read them on tune sets only)")
    out = {
        "bench": "crisis_picture",
        "sets": len(sets),
        "per_set": per_set,
        **{part: tally.rates() for part, tally in parts.items()},
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(out, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
