"""Which crosswire modules import which, read from the source without importing anything.

Two things need the graph. A component's version is a digest of the code it runs
(:mod:`crosswire.versions`), so it must know every crosswire module a component's module
reaches; and the stages may only look down, so a test walks the module-level imports and
fails on a cycle. Both read the same static graph: parsing the source with :mod:`ast` sees
the imports inside functions too (the lazy ones a running process may not have made yet),
and never runs a module's code.

An import is *module-level* when it runs as the module is imported (at the top, in a class
body, under ``try`` or a plain ``if``), and *deferred* when it sits inside a function.
Imports under ``if TYPE_CHECKING:`` are neither: they never run. ``from crosswire.a import b``
is an import of ``crosswire.a.b`` when that is a module, else of ``crosswire.a``; the parent
packages Python executes on the way are not counted (every package would otherwise form a
cycle with each submodule that imports a sibling by its full name). A module name built from
a literal crosswire prefix (``f"crosswire.report.section_{key}"``, handed to
``importlib.import_module``) is a deferred import of every module with that prefix: modules
found by name are imported all the same. (A name built wholly at run time, as
:func:`crosswire.components.load_components` builds a component's, is not seen.)
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from crosswire.cache import cache_key, cached

__all__ = ["ModuleSource", "cycles", "module_source", "package_modules", "reachable"]

_ROOT_PACKAGE = "crosswire"
#: The literal start of a module name built as an f-string: ``f"crosswire.report.section_{``.
_BUILT_NAME = re.compile(rb"""\bf["'](crosswire\.[\w.]*)\{""")


@dataclass(frozen=True, slots=True)
class ModuleSource:
    """One crosswire module as its source file tells it."""

    name: str
    path: Path
    is_package: bool
    module_imports: frozenset[str]
    """crosswire modules imported when this module is imported."""
    deferred_imports: frozenset[str]
    """crosswire modules imported inside its functions, on first call."""
    source: bytes
    """The file's bytes, as parsed (what a version digests)."""


def _package_dir() -> Path:
    """The folder of the crosswire package (this file's own folder)."""
    return Path(__file__).resolve().parent


@cache
def package_modules() -> dict[str, Path]:
    """Every module of the crosswire package, by dotted name, with its source file."""
    root = _package_dir()
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if "__pycache__" in parts:
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join((_ROOT_PACKAGE, *parts))] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    """``TYPE_CHECKING`` or ``typing.TYPE_CHECKING``."""
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _imports(
    statements: list[ast.stmt], package: str, modules: dict[str, Path]
) -> tuple[set[str], set[str]]:
    """(module-level, deferred) crosswire imports among ``statements`` and the blocks in them.

    Only statements are walked, never expressions: an import is a statement, and skipping
    the expressions makes this a fraction of the cost of the parse itself.
    """
    found: tuple[set[str], set[str]] = (set(), set())
    todo: list[tuple[ast.AST, bool]] = [(s, False) for s in statements]
    while todo:
        node, deferred = todo.pop()
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            targets = _from_targets(node, package, modules)
        else:
            if isinstance(node, ast.If) and _is_type_checking(node.test):
                todo.extend((s, deferred) for s in node.orelse)
                continue
            inner = deferred or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            for attr in _BODIES:
                for child in getattr(node, attr, ()):
                    todo.append((child, inner))
            continue
        found[deferred].update(t for t in targets if t in modules)
    return found


def _from_targets(node: ast.ImportFrom, package: str, modules: dict[str, Path]) -> list[str]:
    """What ``from X import a, b`` imports: ``X.a`` where that is a module, else ``X``."""
    if node.level:
        base = package.split(".")
        base = base[: len(base) - (node.level - 1)]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    out = []
    for alias in node.names:
        submodule = f"{module}.{alias.name}"
        out.append(submodule if submodule in modules else module)
    return out


@cache
def _sources() -> dict[str, bytes]:
    """Every module's source bytes, read once per process (1.8 MB: a few milliseconds)."""
    return {name: path.read_bytes() for name, path in package_modules().items()}


def _parse_all() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """name -> (module-level imports, deferred imports) of every module, from its syntax tree."""
    modules = package_modules()
    table = {}
    for name, source in _sources().items():
        path = modules[name]
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        module_level, deferred = _imports(ast.parse(source, str(path)).body, package, modules)
        for prefix in _BUILT_NAME.findall(source):
            deferred.update(m for m in modules if m.startswith(prefix.decode()) and m != name)
        module_level.discard(name)
        deferred -= module_level | {name}
        table[name] = (tuple(sorted(module_level)), tuple(sorted(deferred)))
    return table


@cache
def _import_table() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """The imports of every module, from the disk cache when no source file changed.

    Parsing the 200-odd modules costs about a second (more on a busy machine), too much for
    every command that needs a component's version; reading them and checking the cache key
    costs milliseconds. The key is a digest of every module's bytes and of this file, so an
    edit anywhere, or a new way of reading imports, builds the table again.
    """
    sources = _sources()
    parts: list[str | bytes] = [Path(__file__).read_bytes()]
    for name in sorted(sources):
        parts += [name, sources[name]]
    return cached("import-graph", cache_key(*parts), _parse_all)


def module_source(name: str) -> ModuleSource:
    """The imports and source of crosswire module ``name``.

    Raises:
        KeyError: ``name`` is not a module of the crosswire package.
    """
    path = package_modules()[name]
    module_level, deferred = _import_table()[name]
    return ModuleSource(
        name=name,
        path=path,
        is_package=path.name == "__init__.py",
        module_imports=frozenset(module_level),
        deferred_imports=frozenset(deferred),
        source=_sources()[name],
    )


def reachable(name: str, *, deferred: bool = True) -> frozenset[str]:
    """``name`` and every crosswire module it imports, directly or through others.

    With ``deferred`` (the default) imports inside functions count too: they are code the
    module runs, only later.
    """
    seen = {name}
    todo = [name]
    while todo:
        source = module_source(todo.pop())
        targets = source.module_imports | (source.deferred_imports if deferred else frozenset())
        for target in targets - seen:
            seen.add(target)
            todo.append(target)
    return frozenset(seen)


def cycles(*, deferred: bool = False) -> list[list[str]]:
    """The import cycles: each set of two or more modules that reach one another, sorted.

    Module-level imports only, unless ``deferred``: an import inside a function that closes
    a cycle does not fail at import time, but the two modules still lean on each other.
    (Tarjan's strongly connected components, iteratively.)
    """
    graph = {}
    for name in package_modules():
        source = module_source(name)
        targets = source.module_imports | (source.deferred_imports if deferred else frozenset())
        graph[name] = sorted(targets)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(start: str) -> None:
        # Iterative Tarjan: a frame is (node, position in its successor list).
        work = [(start, 0)]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, pos = work[-1]
            successors = graph[node]
            if pos < len(successors):
                work[-1] = (node, pos + 1)
                nxt = successors[pos]
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for name in graph:
        if name not in index:
            connect(name)
    return sorted(found)
