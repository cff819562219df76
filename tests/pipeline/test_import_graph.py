"""The package's imports form no cycle, and the extract stage reaches nothing above it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from crosswire.import_graph import cycles, module_source, package_modules, reachable

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "crosswire"
ABOVE_EXTRACT = ("crosswire.link", "crosswire.clustering", "crosswire.report", "crosswire.web")


def test_no_cycle_among_module_level_imports() -> None:
    assert cycles() == []


def test_no_cycle_even_through_imports_inside_functions() -> None:
    # An import moved into a function still makes two modules lean on each other; only
    # imports of optional extras belong there (pyspark, starlette), and those leave the package.
    assert cycles(deferred=True) == []


def test_an_import_that_closes_a_loop_is_reported_as_a_cycle(tmp_path: Path) -> None:
    shutil.copytree(PACKAGE, tmp_path / "crosswire", ignore=shutil.ignore_patterns("__pycache__"))
    store = tmp_path / "crosswire" / "cli_store.py"
    store.write_text(store.read_text(encoding="utf-8") + "\nfrom crosswire.cli import cli\n")
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json; from crosswire.import_graph import cycles; print(json.dumps(cycles()))",
        ],
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        check=True,
    )
    # cli imports cli_store directly and through cli_batch: all three in one loop
    assert json.loads(out.stdout) == [
        ["crosswire.cli", "crosswire.cli_batch", "crosswire.cli_store"]
    ]


def test_section_builders_found_by_name_count_as_imports_of_the_section_loader() -> None:
    sections = module_source("crosswire.report.sections")
    assert "crosswire.report.section_places" in sections.deferred_imports
    assert "crosswire.report.sections" not in reachable("crosswire.report.section_places")


def test_extract_imports_neither_link_nor_clustering_nor_the_outputs() -> None:
    extract = [m for m in package_modules() if m.startswith("crosswire.extract")]
    above = {
        module: sorted(m for m in reachable(module) if m.startswith(ABOVE_EXTRACT))
        for module in extract
    }
    assert {module: found for module, found in above.items() if found} == {}
