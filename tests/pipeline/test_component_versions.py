"""A component's version is a digest of its code and data: edits re-run it, no hand bumps."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from crosswire.annotate import Annotator
from crosswire.extract import load_extractors
from crosswire.import_graph import module_source, package_modules, reachable
from crosswire.link import load_aggregators
from crosswire.pipeline import extract_pending
from crosswire.store import Store
from crosswire.versions import component_version, data_files, module_version

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "crosswire"
COMPONENTS = {
    "figures": "crosswire.extract.figures",
    "quotes": "crosswire.extract.quotes",
    "timexes": "crosswire.extract.timexes",
    "reconciliations": "crosswire.link.reconciliations",
}
_PRINT_VERSIONS = (
    "import json, sys; from crosswire.versions import module_version; "
    "print(json.dumps({m: module_version(m) for m in sys.argv[1:]}))"
)


def _versions_of_copy(src: Path) -> dict[str, str]:
    """The components' versions as a fresh process computes them from the package in ``src``."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", _PRINT_VERSIONS, *COMPONENTS.values()],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    by_module: dict[str, str] = json.loads(out.stdout)
    return {name: by_module[module] for name, module in COMPONENTS.items()}


def test_a_version_is_the_hand_salt_then_a_digest_of_code_and_data() -> None:
    for component in [*load_extractors(), *load_aggregators()]:
        salt = getattr(component, "version", "")
        version = component_version(component)
        assert version.startswith(f"{salt}+") and len(version) == len(salt) + 13
        assert version == module_version(type(component).__module__, salt)


def test_edits_change_the_versions_of_exactly_the_components_that_read_them(
    tmp_path: Path,
) -> None:
    shutil.copytree(PACKAGE, tmp_path / "crosswire", ignore=shutil.ignore_patterns("__pycache__"))
    before = _versions_of_copy(tmp_path)
    assert before == {name: module_version(module) for name, module in COMPONENTS.items()}

    word_list = tmp_path / "crosswire" / "extract" / "figure_kinds" / "toll_verbs.txt"
    word_list.write_text(word_list.read_text(encoding="utf-8") + "perish\n", encoding="utf-8")
    after_data = _versions_of_copy(tmp_path)
    changed = {name for name in COMPONENTS if after_data[name] != before[name]}
    assert changed == {"figures"}  # the figures word list: quotes, timexes, reconciling untouched

    lexicon = tmp_path / "crosswire" / "lexicon.py"
    lexicon.write_text(lexicon.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    after_code = _versions_of_copy(tmp_path)
    changed = {name for name in COMPONENTS if after_code[name] != after_data[name]}
    assert changed == {"figures", "timexes"}  # the number words both read, and only they


def test_a_component_outside_crosswire_is_versioned_by_its_salt_alone() -> None:
    class Outside:
        name = "outside"
        version = "7"

    assert component_version(Outside()) == "7"


def test_every_data_file_of_the_rule_packages_is_named_by_a_module_that_reads_it() -> None:
    # A file loaded in a way no literal names would drop out of every version unseen.
    reached: set[str] = set()
    for component in [*load_extractors(), *load_aggregators()]:
        reached |= reachable(type(component).__module__)
    named_by: dict[Path, set[str]] = {}
    for module in package_modules():
        for path in data_files(module):
            named_by.setdefault(path, set()).add(module)
    shipped = {
        path
        for folder in ("extract", "link", "geo", "clustering")
        for path in (PACKAGE / folder).rglob("*")
        if path.is_file() and path.suffix not in (".py", ".pyc") and "__pycache__" not in path.parts
    }
    assert {p.relative_to(PACKAGE) for p in shipped - named_by.keys()} == set()
    # the one file here no component reads: the map's script, for the report and web pages
    outside = {p.relative_to(PACKAGE) for p in shipped if not named_by[p] & reached}
    assert outside == {Path("geo/mapzoom.js")}


def test_type_only_imports_are_no_dependency_and_function_imports_are() -> None:
    extract = module_source("crosswire.extract")
    assert "crosswire.link.entity_index" not in extract.module_imports | extract.deferred_imports
    pipeline = module_source("crosswire.pipeline")
    assert "crosswire.entities" in pipeline.deferred_imports
    assert "crosswire.entities" in reachable("crosswire.pipeline")
    assert "crosswire.entities" not in reachable("crosswire.pipeline", deferred=False)


def test_a_stored_result_under_another_version_is_extracted_again(
    tmp_path: Path, example_store: Path, annotator: Annotator
) -> None:
    db = tmp_path / "stale.db"
    shutil.copy(example_store, db)
    timexes = next(x for x in load_extractors() if x.name == "timexes")
    with Store(db) as store:
        assert extract_pending(store, annotator) == 0  # stored under the current versions
        article = store.articles()[0].id
        store.save_extraction(article, "timexes", "7", [])  # as a hand-bumped release stored it
        assert extract_pending(store, annotator) == 1
        assert store.extraction_versions()[article]["timexes"] == component_version(timexes)
        assert store.extractions("timexes")[article]  # the items are back
