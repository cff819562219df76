"""Each extractor and aggregator declares what it reads and writes; loading checks the order.

A component that reads another's output by a name it did not declare, a subset that leaves
a requirement out, or a tuple put in the wrong order used to empty a section silently; now
each raises :class:`ContractError` naming the component and what to do.
"""

from __future__ import annotations

import ast
from datetime import date
from pathlib import Path
from typing import Any, cast

import pytest

import crosswire.link
from crosswire import pipeline
from crosswire.components import Declared
from crosswire.errors import ContractError, StageFailedError
from crosswire.extract import EXTRACTORS, ExtractionInput, load_extractors
from crosswire.import_graph import module_source, package_modules, reachable
from crosswire.isolation import WorkerPool, extract_guarded
from crosswire.link import AGGREGATORS, Corpus, EntityIndex, load_aggregators
from crosswire.models import Article
from crosswire.store import open_store


def _is_outputs(node: ast.expr) -> bool:
    """Whether ``node`` is other components' outputs: ``earlier``, ``inp.earlier``,
    ``corpus.sections`` or ``corpus.extractions``."""
    if isinstance(node, ast.Name):
        return node.id == "earlier"
    if isinstance(node, ast.Attribute):
        corpus = isinstance(node.value, ast.Name) and node.value.id == "corpus"
        return node.attr == "earlier" or (corpus and node.attr in ("sections", "extractions"))
    return False


def _reads(module: str) -> set[str]:
    """The names ``module`` reads from other components' outputs: ``earlier.get("x"``,
    ``earlier["x"]``, ``corpus.items("x")``, ``corpus.sections.get("x"`` and the like.

    Fails on a name that is not a literal: one built at run time cannot be checked.
    """
    tree = ast.parse(module_source(module).source)
    found = set()
    for node in ast.walk(tree):
        arg: ast.expr | None = None
        if isinstance(node, ast.Subscript) and _is_outputs(node.value):
            arg = node.slice
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
            func = node.func
            corpus_items = func.attr == "items" and ast.unparse(func.value) == "corpus"
            if corpus_items or (func.attr == "get" and _is_outputs(func.value)):
                arg = node.args[0]
        if arg is None:
            continue
        assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
            f"{module} reads another component's output by a run-time name: {ast.unparse(arg)}"
        )
        found.add(arg.value)
    return found


def _components() -> list[Any]:
    return [*load_extractors(), *load_aggregators()]


def _modules_of(component: Any, component_modules: set[str]) -> set[str]:
    """The component's module and the helper modules it reaches (not other components')."""
    own = type(component).__module__
    return {own} | {
        m
        for m in reachable(own)
        if m.startswith(("crosswire.extract.", "crosswire.link.")) and m not in component_modules
    }


def test_each_component_declares_exactly_the_outputs_its_code_reads() -> None:
    components = _components()
    component_modules = {type(c).__module__ for c in components}
    for component in components:
        read = set().union(*(_reads(m) for m in _modules_of(component, component_modules)))
        assert set(component.requires) == read, component.name
        assert component.assigns == (component.name,)


def test_every_read_of_another_components_output_is_some_components() -> None:
    components = _components()
    component_modules = {type(c).__module__ for c in components}
    covered = set().union(*(_modules_of(c, component_modules) for c in components))
    stages = [
        m for m in package_modules() if m.startswith(("crosswire.extract.", "crosswire.link."))
    ]
    assert {m for m in stages if _reads(m)} <= covered


def test_the_builtin_components_load_in_an_order_that_meets_every_requirement() -> None:
    assert [x.name for x in load_extractors()] == list(EXTRACTORS)
    assert [a.name for a in load_aggregators()] == list(AGGREGATORS)
    figures = next(x for x in load_extractors() if x.name == "figures")
    assert set(figures.requires) == {"place_mentions", "timexes", "quotes"}


def test_a_misordered_subset_fails_naming_what_to_load_first() -> None:
    with pytest.raises(ContractError, match=r"'quotes'.*load quotes before figures"):
        load_extractors(("place_mentions", "timexes", "figures", "quotes"))
    with pytest.raises(ContractError, match="load stories before reconciliations"):
        load_aggregators(("stories", "reconciliations")[::-1])


def test_a_subset_missing_a_requirement_fails_unless_the_caller_does_without_it() -> None:
    with pytest.raises(ContractError, match="the figures extractor requires 'place_mentions'"):
        load_extractors(("figures",))
    alone = load_extractors(("figures",), allow_missing=("place_mentions", "timexes", "quotes"))
    assert [x.name for x in alone] == ["figures"]
    # aggregators may require what the extractors assign, and only that
    with pytest.raises(ContractError, match="the places aggregator requires 'place_mentions'"):
        load_aggregators(("places",), extracted=())


def test_a_component_no_module_or_entry_point_provides_fails_loudly() -> None:
    with pytest.raises(ContractError, match="no extractor named 'casualties' is installed"):
        load_extractors(("quotes", "casualties"))


class _Sneaky:
    """An extractor reading the quotes' items without declaring them."""

    name = "sneaky"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("sneaky",)

    def extract(self, inp: ExtractionInput) -> list[dict[str, Any]]:
        return list(inp.earlier.get("quotes", []))


_ARTICLE = Article(id="c" * 16, source="t", raw_text="x", text="x", published=date(2024, 1, 1))


def test_an_undeclared_read_raises_instead_of_being_one_reports_problem() -> None:
    class _Quotes:  # stands in for the quotes extractor without needing a parse
        name = "quotes"
        requires: tuple[str, ...] = ()
        assigns: tuple[str, ...] = ("quotes",)

        def extract(self, inp: ExtractionInput) -> list[dict[str, Any]]:
            return [{"id": "q"}]

    with pytest.raises(ContractError, match="the sneaky extractor read 'quotes' without declar"):
        extract_guarded([_Quotes(), _Sneaky()], _ARTICLE, cast(Any, None), cast(Any, None))


def test_an_undeclared_read_in_a_worker_process_raises_in_the_parent(annotator: Any) -> None:
    pool = WorkerPool(annotator, [_Sneaky()], 1)
    with pytest.raises(ContractError, match="sneaky"):
        list(pool.run([_ARTICLE]))


def test_a_declared_view_reads_declared_names_and_nothing_else() -> None:
    view = Declared("the x extractor", ("quotes", "timexes"), {"quotes": [1], "figures": [2]})
    assert view.get("quotes") == [1]
    assert view.get("timexes", []) == []  # declared, nothing found: absent as before
    assert dict(view) == {"quotes": [1]}
    with pytest.raises(ContractError, match="the x extractor read 'figures'"):
        view.get("figures", [])
    with pytest.raises(ContractError):
        _ = "figures" in view


class _SneakyLink:
    """An aggregator reading the figures' items without declaring them."""

    name = "sneaky_link"
    version = "1"
    requires: tuple[str, ...] = ("stories",)
    assigns: tuple[str, ...] = ("sneaky_link",)

    def run(self, corpus: Corpus, store: Any) -> list[dict[str, Any]]:
        return [{"stories": len(corpus.sections.get("stories", [])), "n": len(corpus.items("x"))}]


def test_an_aggregator_sees_only_what_it_requires() -> None:
    corpus = Corpus(
        articles=[],
        annotations={},
        entities=EntityIndex([]),
        extractions={"x": {"a": [{"id": "1"}]}},
        sections={"stories": [{"id": "S1"}]},
    )
    with pytest.raises(ContractError, match="the sneaky_link aggregator read 'x'"):
        _SneakyLink().run(corpus.declared(_SneakyLink()), None)
    assert _SneakyLink().run(corpus, None) == [{"stories": 1, "n": 1}]  # the whole corpus


def test_linking_with_an_undeclared_read_raises_and_records_no_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(crosswire.link, "load_aggregators", lambda *_: [_SneakyLink()])
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text("Officials in Kharkiv said three shelters reopened.")
    with open_store(tmp_path / "s.db") as store:
        pipeline.ingest([folder], store)
        with pytest.raises(ContractError, match="sneaky_link"):
            pipeline.link(store)
        assert not store.problems()
    assert not issubclass(ContractError, StageFailedError)
