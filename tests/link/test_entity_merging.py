"""Link stage: merging mentions across reports into canonical entities."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosswire.annotate import Annotator
from crosswire.clean import clean_text
from crosswire.entities import entity_id, merge_entities, normalise_name
from crosswire.models import Annotation, Article, Entity, Mention, RoleMention

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "mariupol"
FIXTURES = ROOT / "tests" / "fixtures" / "entities"


def _annotate(annotator: object, paths: list[Path], *, clean: bool) -> list[Annotation]:
    assert isinstance(annotator, Annotator)
    arts = []
    for path in paths:
        raw = path.read_text(encoding="utf-8")
        text = clean_text(raw).text if clean else raw
        arts.append(Article(id=path.stem, source=path.name, raw_text=raw, text=text))
    return [a for a, _ in annotator.annotate(arts)]


@pytest.fixture(scope="module")
def example_annotations(annotator: object) -> list[Annotation]:
    return _annotate(annotator, sorted(EXAMPLES.glob("*.txt")), clean=True)


@pytest.fixture(scope="module")
def example_entities(example_annotations: list[Annotation]) -> list[Entity]:
    return merge_entities(example_annotations)


def _find(entities: list[Entity], surface: str) -> list[Entity]:
    return [e for e in entities if surface == e.name or surface in e.aliases]


def test_ewan_watson_is_one_person_with_both_roles(example_entities: list[Entity]) -> None:
    [watson] = _find(example_entities, "Ewan Watson")
    assert watson.type == "PERSON"
    assert len({m.article for m in watson.mentions}) == 2
    assert {"ICRC spokesman", "Red Cross spokesperson"} <= set(watson.roles)


def test_icrc_is_one_organisation(example_entities: list[Entity]) -> None:
    [icrc] = _find(example_entities, "ICRC")
    assert icrc.type == "ORG"
    assert icrc.name == "International Committee of the Red Cross"
    assert {"ICRC", "Red Cross"} <= set(icrc.aliases)
    assert len({m.article for m in icrc.mentions}) == 3
    assert _find(example_entities, "Red Cross") == [icrc]


def test_surnames_resolve_to_the_full_name(example_entities: list[Entity]) -> None:
    [stoere] = _find(example_entities, "Stoere")
    assert stoere.name == "Jonas Gahr Stoere"
    assert "Norwegian Prime Minister" in stoere.roles
    [stoltenberg] = _find(example_entities, "Stoltenberg")
    assert stoltenberg.name == "Jens Stoltenberg"


def test_vereshchuk_keeps_her_role(example_entities: list[Entity]) -> None:
    [vereshchuk] = _find(example_entities, "Iryna Vereshchuk")
    assert vereshchuk.roles == ["Deputy Prime Minister"]
    assert "Ms Vereshchuk" in vereshchuk.aliases
    assert len({m.article for m in vereshchuk.mentions}) == 2


def test_mariupol_is_one_place_across_all_reports(example_entities: list[Entity]) -> None:
    [mariupol] = _find(example_entities, "Mariupol")
    assert mariupol.type == "GPE"
    assert len({m.article for m in mariupol.mentions}) == 3


def test_every_mention_is_linked_once(
    example_annotations: list[Annotation], example_entities: list[Entity]
) -> None:
    linked = [m for e in example_entities for m in e.mentions]
    assert len(linked) == sum(len(a.mentions) for a in example_annotations)
    for e in example_entities:
        assert all(m.entity == e.id for m in e.mentions)
        assert e.id == entity_id(e.type, e.name)
    assert len({e.id for e in example_entities}) == len(example_entities)


def test_output_does_not_depend_on_input_order(
    example_annotations: list[Annotation], example_entities: list[Entity]
) -> None:
    assert merge_entities(list(reversed(example_annotations))) == example_entities


def test_small_reports_share_organisation_person_and_place(annotator: object) -> None:
    entities = merge_entities(_annotate(annotator, sorted(FIXTURES.glob("*.txt")), clean=False))
    [wfp] = _find(entities, "WFP")
    assert wfp.name == "World Food Programme"
    assert len({m.article for m in wfp.mentions}) == 2
    [kowalski] = _find(entities, "Anna Kowalski")
    assert "Ms Kowalski" in kowalski.aliases
    assert kowalski.roles == ["WFP spokeswoman", "spokeswoman for the agency"]
    [kharkiv] = _find(entities, "Kharkiv")
    assert "Kharkov" in kharkiv.aliases
    assert not _find(entities, "Police")


# -- rules on hand-made annotations (no model) ----------------------------------------------


def _ann(
    article: str, *mentions: tuple[str, str], roles: dict[str, str] | None = None
) -> Annotation:
    """An annotation whose mentions sit one after another, separated by ' (' ."""
    out = Annotation(article=article)
    pos = 0
    for text, label in mentions:
        out.mentions.append(Mention(article, pos, pos + len(text), text, label))
        if roles and text in roles:
            out.roles.append(RoleMention(article, 0, 0, roles[text], pos, pos + len(text)))
        pos += len(text) + 40  # far apart: no acronym definitions by accident
    return out


def test_ambiguous_surname_stays_apart() -> None:
    entities = merge_entities(
        [_ann("a", ("John Smith", "PERSON"), ("Jane Smith", "PERSON"), ("Mr Smith", "PERSON"))]
    )
    names = sorted(e.name for e in entities)
    assert names == ["Jane Smith", "John Smith", "Smith"]


def test_people_sharing_a_first_name_are_not_merged() -> None:
    entities = merge_entities(
        [_ann("a", ("John Smith", "PERSON")), _ann("b", ("John Brown", "PERSON"))]
    )
    assert len(entities) == 2


def test_org_and_place_of_the_same_name_are_not_merged() -> None:
    entities = merge_entities([_ann("a", ("Georgia", "GPE")), _ann("b", ("Georgia", "ORG"))])
    assert sorted(e.type for e in entities) == ["GPE", "ORG"]


def test_gazetteer_spellings_merge_places() -> None:
    [kyiv] = merge_entities(
        [_ann("a", ("Kiev", "GPE")), _ann("b", ("Kyiv", "GPE"), ("Kyiv", "GPE"))]
    )
    assert kyiv.name == "Kyiv" and kyiv.aliases == ["Kiev"]


def _adjacent(article: str, long: str, gap: str, short: str) -> Annotation:
    start = len(long) + len(gap)
    return Annotation(
        article=article,
        mentions=[
            Mention(article, 0, len(long), long, "ORG"),
            Mention(article, start, start + len(short), short, "ORG"),
        ],
    )


def test_acronym_defined_in_text() -> None:
    long = "Organization for Security and Co-operation in Europe"  # initials are not OSCE
    [osce] = merge_entities([_adjacent("a", long, " (", "OSCE"), _ann("b", ("OSCE", "ORG"))])
    assert osce.name == long and osce.aliases == ["OSCE"]
    assert len(merge_entities([_adjacent("a", "Reuters", ", ", "AFP")])) == 2
    assert normalise_name("the ICRC’s") == "icrc"


def test_shorter_name_across_reports_only_when_unambiguous() -> None:
    one = merge_entities(
        [
            _ann("a", ("International Committee of the Red Cross", "ORG")),
            _ann("b", ("Red Cross", "ORG")),
        ]
    )
    assert len(one) == 1
    two = merge_entities(
        [
            _ann("a", ("International Committee of the Red Cross", "ORG")),
            _ann("b", ("American Red Cross", "ORG")),
            _ann("c", ("Red Cross", "ORG")),
        ]
    )
    assert len(two) == 3


def test_type_is_decided_by_vote_with_role_evidence() -> None:
    [watson] = merge_entities(
        [
            _ann("a", ("Ewan Watson", "ORG"), roles={"Ewan Watson": "ICRC spokesman"}),
            _ann("b", ("Ewan Watson", "ORG")),
        ]
    )
    assert watson.type == "PERSON" and watson.roles == ["ICRC spokesman"]


def test_region_named_after_itself_merges_but_oblast_stays_apart_from_city() -> None:
    ann = Annotation(
        "a",
        [
            Mention("a", 0, 7, "Donbass", "LOC"),
            Mention("a", 10, 24, "Donbass region", "LOC"),
            Mention("a", 30, 44, "Donetsk region", "LOC"),
            Mention("a", 50, 57, "Donetsk", "GPE"),
        ],
    )
    groups = sorted(sorted(m.text for m in e.mentions) for e in merge_entities([ann]))
    assert groups == [["Donbass", "Donbass region"], ["Donetsk"], ["Donetsk region"]]


def test_nationality_and_its_plural_are_one_group() -> None:
    ann = Annotation(
        "a",
        [
            Mention("a", 0, 7, "Russian", "NORP"),
            Mention("a", 10, 18, "Russians", "NORP"),
            Mention("a", 20, 29, "Ukrainian", "NORP"),
        ],
    )
    groups = sorted(sorted(m.text for m in e.mentions) for e in merge_entities([ann]))
    assert groups == [["Russian", "Russians"], ["Ukrainian"]]


def test_shorter_full_name_merges_with_the_one_longer_name() -> None:
    [erdogan] = merge_entities(
        [
            _ann("a", ("Recep Tayyip Erdogan", "PERSON")),
            _ann("b", ("Tayyip Erdogan", "PERSON"), ("Erdogan", "PERSON")),
        ]
    )
    assert erdogan.name == "Recep Tayyip Erdogan"
    assert erdogan.aliases == ["Erdogan", "Tayyip Erdogan"]
    [putin] = merge_entities(
        [
            _ann("a", ("Vladimir Vladimirovich Putin", "PERSON")),
            _ann("b", ("Vladimir Putin", "PERSON")),
        ]
    )
    assert putin.name == "Vladimir Vladimirovich Putin"


def test_shorter_full_name_stays_apart_when_ambiguous_or_another_surname() -> None:
    # Two longer names hold "John Smith": it could be either, so it stays its own.
    three = merge_entities(
        [
            _ann("a", ("John Paul Smith", "PERSON")),
            _ann("b", ("John Henry Smith", "PERSON")),
            _ann("c", ("John Smith", "PERSON")),
        ]
    )
    assert len(three) == 3
    # In the report naming one of them, the short form is that one.
    local = merge_entities(
        [
            _ann("a", ("John Paul Smith", "PERSON"), ("John Smith", "PERSON")),
            _ann("b", ("John Henry Smith", "PERSON")),
        ]
    )
    assert sorted(e.name for e in local) == ["John Henry Smith", "John Paul Smith"]
    # Each of two reports pairs it with a different longer name: it cannot be both.
    crossed = merge_entities(
        [
            _ann("a", ("John Paul Smith", "PERSON"), ("John Smith", "PERSON")),
            _ann("b", ("John Henry Smith", "PERSON"), ("John Smith", "PERSON")),
        ]
    )
    assert len(crossed) == 3
    # Words in order but another last word: not the same person.
    apart = merge_entities(
        [_ann("a", ("Tayyip Erdogan", "PERSON")), _ann("b", ("Tayyip Erdogan Jr", "PERSON"))]
    )
    assert len(apart) == 2


def test_surname_after_linked_full_names_is_one_person() -> None:
    # Both full forms in one report are one person, so "Erdogan" is not ambiguous.
    [erdogan] = merge_entities(
        [
            _ann(
                "a",
                ("Recep Tayyip Erdogan", "PERSON"),
                ("Tayyip Erdogan", "PERSON"),
                ("Erdogan", "PERSON"),
            ),
            _ann("b", ("Erdogan", "PERSON")),
        ]
    )
    assert len(erdogan.mentions) == 4
