"""Another package's extractors and aggregators plug in through entry points.

Each test registers components the way an installed package does: a ``*.dist-info`` folder
with an ``entry_points.txt`` on ``sys.path``, found by :mod:`importlib.metadata`, beside the
module that holds the components.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
import uuid
from pathlib import Path
from typing import Any

import pytest

from crosswire import pipeline
from crosswire.errors import ContractError
from crosswire.extract import EXTRACTORS, load_extractors
from crosswire.link import AGGREGATORS, load_aggregators
from crosswire.store import Store

_PLUGIN = '''
class QuoteCount:
    """How many quotes the quotes extractor found in the article."""

    name = "quote_count"
    requires = ("quotes",)
    assigns = ("quote_count",)

    def extract(self, inp):
        quotes = inp.earlier.get("quotes", [])
        item = {"id": inp.article.id + ":qc", "article": inp.article.id, "start": 0, "end": 0}
        return [{**item, "text": "", "quotes": len(quotes)}]


class QuoteTally:
    """Quotes across the corpus, and the stories they were told in."""

    name = "quote_tally"
    requires = ("quote_count", "stories")
    assigns = ("quote_tally",)

    def run(self, corpus, store):
        quotes = sum(item["quotes"] for item in corpus.items("quote_count"))
        return [{"id": "tally", "quotes": quotes, "stories": len(corpus.sections["stories"])}]


EXTRACTOR = QuoteCount()
AGGREGATOR = QuoteTally()
'''


def _register(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    source: str,
    extractors: dict[str, str] | None = None,
    aggregators: dict[str, str] | None = None,
) -> str:
    """Install ``source`` as a module with the given entry points (name: attribute); its name."""
    module = f"crosswire_plugin_{uuid.uuid4().hex[:10]}"
    root = tmp_path / "site"
    (root / f"{module}-0.1.dist-info").mkdir(parents=True)
    (root / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
    (root / f"{module}-0.1.dist-info" / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {module}\nVersion: 0.1\n", encoding="utf-8"
    )
    lines = []
    for group, entries in (("extractors", extractors), ("aggregators", aggregators)):
        lines.append(f"[crosswire.{group}]")
        lines += [f"{name} = {module}:{attr}" for name, attr in (entries or {}).items()]
    (root / f"{module}-0.1.dist-info" / "entry_points.txt").write_text(
        "\n".join(lines) + "\n", encoding="utf-8"
    )
    monkeypatch.syspath_prepend(str(root))
    return module


def test_registered_components_load_lazily_after_the_builtin_ones(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = _register(
        tmp_path, monkeypatch, _PLUGIN, {"quote_count": "EXTRACTOR"}, {"quote_tally": "AGGREGATOR"}
    )
    assert module not in sys.modules  # registering imports nothing
    assert [x.name for x in load_extractors()] == [*EXTRACTORS, "quote_count"]
    assert [a.name for a in load_aggregators()] == [*AGGREGATORS, "quote_tally"]
    assert module in sys.modules
    # a subset may name a registered component too
    assert [x.name for x in load_extractors(("quotes", "quote_count"))] == ["quotes", "quote_count"]


def test_registered_components_run_in_the_pipeline(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, example_store: Path, annotator: Any
) -> None:
    db = tmp_path / "s.db"
    shutil.copy(example_store, db)
    _register(
        tmp_path, monkeypatch, _PLUGIN, {"quote_count": "EXTRACTOR"}, {"quote_tally": "AGGREGATOR"}
    )
    with Store(db) as store:
        assert pipeline.extract_pending(store, annotator) == 3  # the new extractor is run
        pipeline.link(store)
        counts = store.extractions("quote_count")
        quotes = store.extractions("quotes")
        tally = store.section("quote_tally")
        stories = store.section("stories")
    assert {a: items[0]["quotes"] for a, items in counts.items()} == {
        a: len(items) for a, items in quotes.items()
    }
    assert tally is not None and stories is not None
    assert tally[1] == [
        {"id": "tally", "quotes": sum(map(len, quotes.values())), "stories": len(stories[1])}
    ]


def test_registered_components_are_ordered_by_what_they_require(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = """
    class Component:
        def __init__(self, name, requires):
            self.name, self.requires, self.assigns = name, requires, (name,)

        def extract(self, inp):
            return []

    A = Component("a_words", ("z_words",))
    Z = Component("z_words", ("quotes",))
    """
    _register(tmp_path, monkeypatch, source, {"a_words": "A", "z_words": "Z"})
    assert [x.name for x in load_extractors()][-2:] == ["z_words", "a_words"]


@pytest.mark.parametrize(
    ("source", "extractors", "message"),
    [
        (  # requires what nothing assigns
            "class X:\n name = 'x'\n requires = ('casualties',)\n assigns = ('x',)\n"
            " def extract(self, inp): return []\nX = X()\n",
            {"x": "X"},
            "the x extractor requires 'casualties', which no component",
        ),
        (  # declares nothing
            "class X:\n name = 'x'\n def extract(self, inp): return []\nX = X()\n",
            {"x": "X"},
            "declares no requires",
        ),
        (  # claims a built-in's name
            "class X:\n name = 'figures'\n requires = ()\n assigns = ('figures',)\n"
            " def extract(self, inp): return []\nX = X()\n",
            {"figures": "X"},
            "'figures' is crosswire's own",
        ),
        (  # assigns what the pipeline will not store under that name
            "class X:\n name = 'x'\n requires = ()\n assigns = ('figures',)\n"
            " def extract(self, inp): return []\nX = X()\n",
            {"x": "X"},
            r"declare assigns = \('x',\)",
        ),
        (  # registered under one name, calls itself another
            "class X:\n name = 'y'\n requires = ()\n assigns = ('y',)\n"
            " def extract(self, inp): return []\nX = X()\n",
            {"x": "X"},
            "loaded as 'x' but names itself 'y'",
        ),
    ],
)
def test_a_misdeclared_registered_component_fails_loudly(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    source: str,
    extractors: dict[str, str],
    message: str,
) -> None:
    _register(tmp_path, monkeypatch, source, extractors)
    with pytest.raises(ContractError, match=message):
        load_extractors()


def test_a_registered_aggregator_requiring_a_missing_extractor_fails_loudly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _register(tmp_path, monkeypatch, _PLUGIN, aggregators={"quote_tally": "AGGREGATOR"})
    with pytest.raises(ContractError, match="the quote_tally aggregator requires 'quote_count'"):
        load_aggregators()
