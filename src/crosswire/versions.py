"""A component's version is a digest of what it runs: its code, its data files, a hand salt.

Stored results carry the version of the extractor or aggregator that made them, and the
pipeline re-runs a component wherever its stored version differs from the current one. When
that version was a string bumped by hand ("figures 34"), a forgotten bump left stale results
in every store, and two branches bumping to the same number collided at merges. So the
version is computed from content, as the disk cache (:mod:`crosswire.cache`) keys its files:

* **code**: the source of the component's module and of every crosswire module it reaches
  through imports (module-level and inside functions; :mod:`crosswire.import_graph`);
* **data**: the files those modules load from the package: a module names a data file or
  folder by a string literal, relative to its own package or to a crosswire package it
  names (``"figure_kinds"``, ``"quotes_model"``, ``"data"`` beside ``"crosswire.link"``), so
  every file or folder under those packages that the source names in quotes is digested
  (a folder with all it holds: word lists, patterns, model weights);
* **salt**: the component's optional ``version`` attribute, kept for the one case content
  cannot see (a behaviour change in a third-party library or model). It never needs a bump
  for a change to crosswire's own code or data.

The result reads ``<salt>+<digest>`` (``34+5f0c2a91be07``), or the digest alone. Any edit to
a reached file, a comment included, makes a new version: a re-run costs extraction only
(the parse is stored), and a version that misses a change would be worse. A component
outside the crosswire package has only its salt.

Computed lazily, once per component per process. Reading the package's sources and data to
digest them costs milliseconds; the import graph comes from a disk cache keyed on the
sources (about a second to rebuild after an edit, see :mod:`crosswire.import_graph`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from crosswire.cache import cache_key
from crosswire.import_graph import module_source, package_modules, reachable

__all__ = ["component_version", "data_files", "module_version"]

_DIGEST_CHARS = 12
#: A name between quotes that could be a file, folder or package ("figure_kinds",
#: 'data/ranker.json', "crosswire.link"). Quotes are not paired up, so no literal is missed
#: for a stray apostrophe before it; extra matches only cost a set look-up.
_LITERAL = re.compile(rb"""(?<=["'])[\w./-]{1,200}(?=["'])""")


def component_version(component: object) -> str:
    """The version stored results of ``component`` (an extractor or aggregator) carry."""
    salt = str(getattr(component, "version", "") or "")
    return module_version(type(component).__module__, salt)


@cache
def module_version(module: str, salt: str = "") -> str:
    """``<salt>+<digest>`` of crosswire module ``module``'s code and data (see the module
    docstring); just ``salt`` for a module outside the crosswire package."""
    if module not in package_modules():
        return salt
    root = _package_dir()
    parts: list[str | bytes] = [salt]
    for name in sorted(reachable(module)):
        parts += [name, module_source(name).source]
    for path in sorted(set().union(*(data_files(name) for name in reachable(module)))):
        parts += [path.relative_to(root).as_posix(), path.read_bytes()]
    digest = cache_key(*parts)[:_DIGEST_CHARS]
    return f"{salt}+{digest}" if salt else digest


def _package_dir() -> Path:
    """The folder of the crosswire package."""
    return Path(__file__).resolve().parent


@cache
def _packages() -> dict[str, Path]:
    """Each crosswire package (a folder of modules, with or without ``__init__.py``) and its
    folder."""
    out = {}
    for name, path in package_modules().items():
        out[name if path.name == "__init__.py" else name.rpartition(".")[0]] = path.parent
    return out


@cache
def _data_entries(package_dir: Path) -> tuple[tuple[str, Path], ...]:
    """(relative name, path) of every data file under ``package_dir`` and every folder
    holding one, outside the Python packages below it (each answers for its own)."""
    out: list[tuple[str, Path]] = []
    for path in sorted(_walk_data(package_dir)):
        rel = path.relative_to(package_dir)
        out.append((rel.as_posix(), path))
        for parent in rel.parents:
            if parent.parts:
                out.append((parent.as_posix(), package_dir / parent))
    return tuple(dict(out).items())


def _walk_data(folder: Path) -> Iterator[Path]:
    """Non-Python files under ``folder``, not descending into subpackages or caches."""
    for path in folder.iterdir():
        if path.is_dir():
            if path.name != "__pycache__" and not any(path.glob("*.py")):
                yield from _walk_data(path)
        elif path.suffix not in (".py", ".pyc") and path.name != "py.typed":
            yield path


@cache
def data_files(module: str) -> frozenset[Path]:
    """The data files crosswire module ``module`` names (see the module docstring)."""
    source = module_source(module)
    literals = {text.decode("utf-8", "replace") for text in _LITERAL.findall(source.source)}
    packages = _packages()
    own = source.name if source.is_package else source.name.rpartition(".")[0]
    found: set[Path] = set()
    for package in {own} | (literals & packages.keys()):
        for rel, path in _data_entries(packages[package]):
            if rel in literals:
                found.update([path] if path.is_file() else _walk_data(path))
    return frozenset(found)
