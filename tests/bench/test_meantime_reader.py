"""The MEANTIME reader of ``bench/meantime_values.py`` puts each VALUE on its tokens' characters.

The benchmark rebuilds a document's text from its tokens (joining some, such
as "$" and "82.29", the way news text writes them), so a wrong offset would
silently score figures against the wrong words. The fixture is one MEANTIME
document (CC BY 4.0, see tests/fixtures/meantime/README.md); the expected
token texts are read here independently of the reader.
"""

from __future__ import annotations

import importlib.util
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = (
    ROOT
    / "tests"
    / "fixtures"
    / "meantime"
    / "127226_U.S._manufacturer_General_Motors_seeks_bankruptcy_protection.xml"
)


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "meantime_values", ROOT / "bench" / "meantime_values.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["meantime_values"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _gold_tokens() -> list[tuple[str, list[str]]]:
    root = ET.parse(FIXTURE).getroot()
    words = {t.get("t_id"): t.text or "" for t in root.iter("token")}
    out = []
    for value in root.iter("VALUE"):
        ids = [a.get("t_id") for a in value.iter("token_anchor")]
        out.append((value.get("type", ""), [words[i] for i in ids]))
    return out


def test_value_spans_cover_exactly_their_tokens() -> None:
    doc = _bench().read_document(FIXTURE)
    expected = _gold_tokens()
    assert len(doc.gold) == len(expected) == 5
    by_text = sorted((g.type, doc.text[g.start : g.end]) for g in doc.gold)
    for (kind, tokens), (got_kind, got_text) in zip(
        sorted(expected, key=lambda e: (e[0], "".join(e[1]))), by_text, strict=True
    ):
        assert got_kind == kind
        assert got_text.startswith(tokens[0]) and got_text.endswith(tokens[-1])
        assert got_text.replace(" ", "") == "".join(tokens)
    assert any(doc.text[g.start : g.end] == "$82.29 billion" for g in doc.gold)


def test_every_token_is_in_the_text_in_order() -> None:
    doc = _bench().read_document(FIXTURE)
    root = ET.parse(FIXTURE).getroot()
    pos = 0
    for tok in root.iter("token"):
        found = doc.text.find(tok.text or "", pos)
        assert found >= 0
        assert doc.text[pos:found].strip() == ""  # nothing but spacing between tokens
        pos = found + len(tok.text or "")
    assert doc.title.startswith("U.S. manufacturer General Motors")
    assert doc.published is not None and doc.published.year == 2009
    # only the first sentences are annotated: scoring stops after the last one marked
    assert all(g.end <= doc.annotated_end for g in doc.gold)
    assert doc.text[doc.annotated_end : doc.annotated_end + 1] in ("\n", "")  # a line's end


def test_scoring_counts_overlap_and_strict_matches() -> None:
    bench = _bench()
    doc = bench.read_document(FIXTURE)
    first, second = doc.gold[0], doc.gold[1]
    preds = [
        [
            {"start": first.start, "end": first.end, "unit": "USD"},  # exact
            {"start": second.start + 1, "end": second.end, "unit": None},  # overlap only
            {"start": 0, "end": 4, "unit": None},  # false alarm ("U.S.")
        ]
    ]
    result = bench.score([doc], preds)
    assert result["n_gold"] == 5 and result["n_pred"] == 3
    assert result["precision"] == round(2 / 3, 4)
    assert result["recall"] == round(2 / 5, 4)
    assert result["strict_precision"] == round(1 / 3, 4)
    assert result["strict_recall"] == round(1 / 5, 4)
    assert result["recall_by_type"]["MONEY"] == round(2 / 5, 4)
    assert result["found_money_with_currency"] == 0.5
    later = {"start": doc.annotated_end + 1, "end": doc.annotated_end + 3, "unit": None}
    assert bench.score([doc], [[*preds[0], later]])["n_pred"] == 3  # not annotated: not scored
