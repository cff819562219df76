"""The tune / check parts of the benchmarks: B-cubed over one part, and parts fixed by the id."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from crosswire.clustering.evaluate import bcubed

ROOT = Path(__file__).resolve().parents[2]


def _bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


PREDICTED = {"a": 1, "b": 1, "c": 1, "d": 2, "e": 3}
GOLD = {"a": "x", "b": "x", "c": "y", "d": "y", "e": "z"}


def test_bcubed_over_all_items_is_plain_bcubed() -> None:
    parts = _bench("bench_parts")
    assert parts.bcubed_within(PREDICTED, GOLD, GOLD) == bcubed(PREDICTED, GOLD)


def test_a_part_pays_for_a_merge_with_the_other_part() -> None:
    parts = _bench("bench_parts")
    # "c" (one part) was merged with "a" and "b" (the other): its precision is 1/3
    p, r, _f = parts.bcubed_within(PREDICTED, GOLD, ["c"])
    assert round(p, 4) == round(1 / 3, 4)
    assert r == 0.5  # its gold class {c, d} is split in two
    assert parts.bcubed_within(PREDICTED, GOLD, []) == (0.0, 0.0, 0.0)


def test_parts_are_fixed_by_the_id_and_split_about_evenly() -> None:
    counts = _bench("gvc_counts")
    ids = [str(600000 + i) for i in range(400)]
    first = [counts.part_of(i) for i in ids]
    assert first == [counts.part_of(i) for i in ids]
    assert 150 < first.count("tune") < 250
