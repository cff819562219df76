"""The lead's roles (who did what to whom) as terms of the story split test only.

Two offers to one player by two teams are told with the same words; the
lead's subject ("the Red Sox" / "the Angels") tells them apart. Role terms
must reach the story-local weights and stay out of the corpus TF-IDF vectors.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from crosswire.annotate import annotation_from_doc
from crosswire.clustering import report_features
from crosswire.clustering.contrast import closest, local_vectors
from crosswire.clustering.features import ROLE_WEIGHT
from crosswire.clustering.roles import lead_roles, role_terms
from crosswire.clustering.vectors import IdfModel
from crosswire.extract import ExtractionInput
from crosswire.extract.lead_roles import EXTRACTOR
from crosswire.models import Article


def _roles(annotator: Any, text: str) -> list[tuple[str, str]]:
    return [(r.kind, r.key) for r in lead_roles(annotator.nlp(text))]


def test_lead_roles_are_verb_subject_and_object_of_the_first_sentence(annotator: Any) -> None:
    text = (
        "The Boston Red Sox offered Mark Teixeira an eight-year contract on Monday. "
        "The Angels withdrew their offer."
    )
    assert sorted(_roles(annotator, text)) == [
        ("object", "contract"),
        ("subject", "sox"),
        ("verb", "offer"),
    ]


def test_lead_roles_skip_short_pronoun_subjects(annotator: Any) -> None:
    roles = _roles(annotator, "He signed the contract in Boston.")
    assert ("verb", "sign") in roles
    assert not any(kind == "subject" for kind, _ in roles)


def test_role_terms_are_marked_and_unknown_kinds_skipped() -> None:
    assert role_terms([("subject", "sox"), ("verb", "offer"), ("agent", "x")]) == [
        "^s:sox",
        "^r:offer",
    ]


def test_report_features_count_roles_with_their_weight() -> None:
    f = report_features(
        "a",
        "The Red Sox made an offer to Teixeira.",
        date(2008, 12, 15),
        roles=[("subject", "sox")],
    )
    assert f.terms["^s:sox"] == ROLE_WEIGHT
    assert f.mentions[0].terms["^s:sox"] == ROLE_WEIGHT


def test_role_terms_stay_out_of_corpus_vectors_but_reach_local_weights() -> None:
    counts = [
        {"offer": 2.0, "teixeira": 1.0, "^s:sox": 4.0},
        {"offer": 1.0, "teixeira": 2.0, "^s:angel": 4.0},
        {"offer": 1.0, "teixeira": 1.0, "^s:sox": 4.0},
    ]
    idf = IdfModel()
    for c in counts:
        idf.add(c)
    assert set(idf.vector(counts[0])) == {"offer", "teixeira"}
    # the two reports sharing a subject are closer at local weights than across subjects
    x = local_vectors(counts, idf)
    sims = (x @ x.T).toarray()
    assert sims[0, 2] > sims[0, 1]


def test_closest_story_follows_the_lead_subject_when_words_agree() -> None:
    words = {"offer": 2.0, "teixeira": 2.0, "contract": 1.0, "year": 1.0}
    angels = [{**words, "eight": 1.0, "^s:angel": 4.0} for _ in range(3)]
    sox = [{**words, "eight": 1.0, "^s:sox": 4.0} for _ in range(3)]
    idf = IdfModel()
    for c in angels + sox:
        idf.add(c)
    report = {**words, "^s:sox": 4.0}
    assert closest(report, [angels, sox], idf) == 1
    assert closest({**words, "^s:angel": 4.0}, [angels, sox], idf) == 0


def test_extractor_items_point_into_the_text(annotator: Any) -> None:
    text = "The Angels offered Mark Teixeira an eight-year contract. Boston waited."
    art = Article(id="r" * 16, source="t", raw_text=text, text=text, published=date(2008, 12, 12))
    doc = annotator.nlp(text)
    items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation_from_doc(art.id, doc)))
    assert {(i["role"], i["key"]) for i in items} == {
        ("verb", "offer"),
        ("subject", "angel"),
        ("object", "contract"),
    }
    for item in items:
        assert item["text"] == text[item["start"] : item["end"]]
        assert item["article"] == art.id
