"""Each quote form and each negative case, on small texts through the real parse."""

from __future__ import annotations

from typing import Any

import pytest

from crosswire.annotate import Annotator
from crosswire.annotate.pipeline import annotation_from_doc
from crosswire.extract import ExtractionInput
from crosswire.extract.quotes import EXTRACTOR
from crosswire.extract.quotes_marks import find_quoted, is_speech_like
from crosswire.models import Article


@pytest.fixture(scope="module")
def run(annotator: Annotator) -> Any:
    def _run(text: str) -> list[dict[str, Any]]:
        doc = annotator.nlp(text)
        art = Article(id="t", source="t.txt", raw_text=text, text=text)
        items = EXTRACTOR.extract(ExtractionInput(art, doc, annotation_from_doc("t", doc)))
        for it in items:
            assert text[it["start"] : it["end"]] == it["text"]
        return items

    return _run


def _one(items: list[dict[str, Any]], words: str) -> dict[str, Any]:
    hits = [i for i in items if words in i["text"]]
    assert len(hits) == 1, [i["text"] for i in items]
    return hits[0]


@pytest.mark.parametrize(("open_", "close"), [("“", "”"), ('"', '"'), ("‘", "’"), ("«", "»")])
def test_every_quote_style(run: Any, open_: str, close: str) -> None:
    text = (
        f"{open_}We will not leave the city until the last family is out,{close} Anna Petrova said."
    )
    q = _one(run(text), "We will not leave")
    assert q["kind"] == "direct"
    assert q["speaker"] == "Anna Petrova"
    assert q["text"].startswith(open_) and q["text"].endswith(close)


def test_apostrophes_do_not_close_single_quotes() -> None:
    text = "‘The city’s water plant isn’t working at all,’ she said."
    (q,) = find_quoted(text)
    assert text[q.start : q.end] == "‘The city’s water plant isn’t working at all,’"


def test_quote_over_several_paragraphs(run: Any) -> None:
    text = (
        "The mayor, Ivan Fedorov, spoke on Monday.\n\n"
        "“We have no water and no power. People are melting snow to drink.\n\n"
        "“We need a corridor now,” Fedorov said."
    )
    items = run(text)
    first, second = _one(items, "We have no water"), _one(items, "We need a corridor")
    assert first["group"] == second["group"]
    assert first["speaker"] == second["speaker"] == "Ivan Fedorov"


def test_split_quote(run: Any) -> None:
    text = (
        "“The convoy is ready,” said Ewan Watson, a spokesman for the ICRC. "
        "“We are waiting for guarantees.”"
    )
    items = run(text)
    a, b = _one(items, "The convoy is ready"), _one(items, "waiting for guarantees")
    assert a["group"] == b["group"]
    assert b["speaker"] == "Ewan Watson"
    assert a["source"]["text"] == "Ewan Watson, a spokesman for the ICRC"


def test_indirect_with_and_without_that(run: Any) -> None:
    items = run(
        "Mayor Vitali Klitschko said that 12 people were wounded. "
        "He said Russian forces had shelled the bridge."
    )
    a, b = _one(items, "12 people"), _one(items, "shelled the bridge")
    assert a["kind"] == b["kind"] == "indirect"
    assert a["text"] == "that 12 people were wounded"
    assert b["speaker"] == "Vitali Klitschko" and b["speaker_via"] == "pronoun"


def test_according_to(run: Any) -> None:
    q = _one(
        run("At least 300 people were killed in the theatre, according to the city council."),
        "300 people",
    )
    assert q["cue"]["text"] == "according to"
    assert q["source"]["text"] == "the city council"


def test_organisation_statement_and_it(run: Any) -> None:
    items = run(
        "The World Health Organization said it had verified 43 attacks on hospitals. "
        "“Attacks on health care are a violation of international humanitarian law,” it said."
    )
    q = _one(items, "violation of international")
    assert q["speaker"] == "World Health Organization"
    assert q["speaker_type"] == "organisation"


def test_she_prefers_a_woman(run: Any) -> None:
    items = run(
        "Deputy Prime Minister Iryna Vereshchuk met Oleksiy Kuleba on Tuesday. "
        "“Buses will leave at noon,” she said."
    )
    assert _one(items, "Buses will leave")["speaker"] == "Iryna Vereshchuk"


def test_description_resolves_to_earlier_spokesman(run: Any) -> None:
    items = run(
        "ICRC spokesman Ewan Watson said the team was in Zaporizhzhia. "
        "The spokesman added that the team would try again on Saturday."
    )
    q = _one(items, "try again")
    assert q["speaker"] == "Ewan Watson" and q["speaker_via"] == "description"


def test_metonymic_capital(run: Any) -> None:
    items = run("Kyiv accused Moscow of shelling the corridor. Moscow said the claims were false.")
    kyiv, moscow = _one(items, "shelling the corridor"), _one(items, "claims were false")
    assert kyiv["speaker"] == "Ukrainian government" and kyiv["government_of"] == "Ukraine"
    assert moscow["speaker"] == "Russian government" and moscow["speaker_via"] == "metonym"


def test_tweeted_medium(run: Any) -> None:
    q = _one(
        run("“Talks will resume tomorrow,” tweeted Ukrainian negotiator Mykhailo Podolyak."),
        "Talks will resume",
    )
    assert q["medium"] == "Twitter" and q["role"] == "Ukrainian negotiator"


@pytest.mark.parametrize(
    "text",
    [
        "The film “Mariupolis” was shown in Kyiv on Monday.",
        "Officials described the so-called “referendum” as illegitimate in a statement on Monday.",
        "He said.",
        "The agency said on Monday.",
        "Russia has been accused of committing war crimes in the city.",
    ],
)
def test_not_quotes(run: Any, text: str) -> None:
    items = run(text)
    assert not [i for i in items if i["kind"] == "direct"], items
    if text in {"He said.", "The agency said on Monday."}:
        assert items == []
    if "accused" in text:
        # A passive accusation with no agent is a sourceless attribution (PolNeAR marks it):
        # the accused is never made the speaker.
        assert all(i["source"] is None and i["speaker"] is None for i in items), items


def test_scare_quotes_and_titles_are_not_speech() -> None:
    text = "The “13th” aired after Russia began talking “constructively”."
    assert not [q for q in find_quoted(text) if is_speech_like(text, q)]


# Rules added for recall on PolNeAR (cue lexicon from its train split, colon attributions,
# cue spans as PolNeAR marks them, possessive and infinitival sources).


def test_stance_verb_with_a_name_as_content(run: Any) -> None:
    q = _one(run("Senator Paul Ryan endorsed Donald Trump on Monday."), "Trump")
    assert q["speaker"] == "Paul Ryan" and q["cue"]["text"] == "endorsed"
    assert q["text"] == "Donald Trump"


def test_belief_verb(run: Any) -> None:
    q = _one(run("The ICRC believes that 100,000 people remain in the city."), "100,000")
    assert q["source"]["text"] == "The ICRC" and q["cue"]["text"] == "believes"
    assert q["text"] == "that 100,000 people remain in the city"


def test_declined_to_comment_is_a_stance(run: Any) -> None:
    q = _one(run("The Defence Ministry declined to comment on the report."), "comment")
    assert q["source"]["text"] == "The Defence Ministry"


def test_perception_hedges_are_not_shipped(run: Any) -> None:
    assert run("The convoy appears to have stalled near Berdyansk.") == []
    assert run("The shelling seemed to ease on Sunday.") == []


def test_colon_attribution(run: Any) -> None:
    items = run(
        "Zelensky: “We will not give up our land.”\n\n"
        "Update: the convoy left Zaporizhzhia at ten.\n\n"
        "Read more: Mariupol under siege"
    )
    (q,) = items
    assert q["speaker"] == "Zelensky" and q["kind"] == "direct"
    assert q["text"] == "“We will not give up our land.”" and q["cue"]["text"] == ":"


def test_colon_headline_needs_a_name(run: Any) -> None:
    q = _one(run("Poll: Most Ukrainians reject any territorial concessions"), "Most Ukrainians")
    assert q["source"]["text"] == "Poll"
    assert run("Mariupol: the city after the siege\n\nKYIV: more shelling overnight") == []


def test_cue_takes_auxiliaries_adverbs_and_setting(run: Any) -> None:
    q = _one(
        run("The mayor has also said in a statement that the water plant is out."), "water plant"
    )
    assert q["cue"]["text"] == "has also said in a statement"
    assert q["text"] == "that the water plant is out"


def test_cue_does_not_take_what_precedes_the_source(run: Any) -> None:
    q = _one(run("Two years ago, Fedorov said the city was ready."), "city was ready")
    assert q["cue"]["text"] == "said" and q["source"]["text"] == "Fedorov"


def test_possessive_source(run: Any) -> None:
    q = _one(run("Podolyak's remarks suggested that talks were stalled."), "talks were stalled")
    assert q["source"]["text"].startswith("Podolyak")
    assert q["speaker"] == "Podolyak"


def test_spokesman_is_not_his_possessor(run: Any) -> None:
    q = _one(run("Zelensky's spokesman said that talks were stalled."), "talks were stalled")
    assert q["source"]["text"] == "Zelensky's spokesman"


def test_infinitive_takes_the_governing_subject(run: Any) -> None:
    q = _one(run("Fedorov went on to say that the city was surrounded."), "surrounded")
    assert q["speaker"] == "Fedorov"


def test_transcript_speaker_labels(run: Any) -> None:
    # A transcript quoted paragraph by paragraph, speakers named in capitals.
    items = run(
        "Deputy Prime Minister Iryna Vereshchuk spoke to the moderator, Anna Kovalenko. "
        'The exchange went as follows:\n\n"KOVALENKO: Will the corridor open tomorrow?\n\n'
        '"VERESHCHUK: We have agreed on a route, but the shelling has not stopped.\n\n'
        "LVIV: more air raid sirens overnight"
    )
    by_source = {i["source"]["text"]: i for i in items if i["cue"]["text"] == ":"}
    assert set(by_source) == {"KOVALENKO", "VERESHCHUK"}
    assert by_source["VERESHCHUK"]["text"].startswith("We have agreed on a route")


def test_a_cue_verb_without_a_clause_states_its_object(run: Any) -> None:
    """ "attacked Machado", "has said the same thing": with no clause and no quotation, the
    verb's direct object is what the speaker said or took a stand on."""
    items = run(
        "Donald Trump attacked Machado in a series of late-night tweets. "
        "A chorus of prominent Republicans has said the same thing."
    )
    attack = _one(items, "Machado")
    assert attack["text"] == "Machado"
    assert attack["source"]["text"] == "Donald Trump"
    same = _one(items, "the same thing")
    assert same["text"] == "the same thing"
    assert same["cue"]["text"] == "has said"
