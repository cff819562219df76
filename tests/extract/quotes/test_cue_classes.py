"""The class of a cue (speech, belief, stance, other) and how the report uses it."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosswire.annotate import Annotator
from crosswire.export import build_export
from crosswire.extract.quotes_cue_class import cue_class
from crosswire.report import render_markdown
from crosswire.store import Store


@pytest.mark.parametrize(
    ("text", "cue", "expected"),
    [
        ("The ICRC said the convoy had left.", "said", "speech"),
        ("The convoy left, according to officials.", "according to", "speech"),
        ("In a statement, the ministry denied it.", "statement", "speech"),
        ("Moscow wants a neutral Ukraine.", "wants", "belief"),
        ("Footage showed a wasteland of bombed buildings.", "showed", "belief"),
        ("The mayor refused to comment.", "refused", "stance"),
        ("The Red Cross has failed to reach the city.", "has failed", "other"),
    ],
)
def test_cue_class_is_read_off_the_cue_words(
    annotator: Annotator, text: str, cue: str, expected: str
) -> None:
    doc = annotator.nlp(text)
    start = text.index(cue)
    assert cue_class(doc, (start, start + len(cue))) == expected


def test_no_cue_is_other(annotator: Annotator) -> None:
    assert cue_class(annotator.nlp("Nothing was said."), None) == "other"


def test_report_lists_acts_after_the_speakers_statements(example_store: Path) -> None:
    with Store(example_store) as store:
        doc = build_export(store)
    failed = [q for q in doc["quotes"] if q["cue"]["text"] == "has failed"]
    assert [q["cue_class"] for q in failed] == ["other"]
    out = render_markdown(doc)
    section = out[out.index("## Quotes") : out.index("## Timeline")]
    icrc = section[section.index("**International Committee of the Red Cross**") :]
    icrc = icrc[: icrc.index("\n\n**")]
    lines = [ln for ln in icrc.splitlines() if ln.startswith("- ")]
    marked = [n for n, ln in enumerate(lines) if "not a verb of saying" in ln]
    assert marked == [len(lines) - 1], lines  # the act comes last, marked
    assert "“has failed”" in lines[-1]
