"""Tests for the clean stage: each rule on small texts, then the real examples."""

from __future__ import annotations

from pathlib import Path

import pytest

from crosswire.clean import clean_text
from crosswire.models import Removal

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "mariupol"
PROSE = "The Red Cross said on Friday it would try to enter Mariupol again on Saturday."


def _example(prefix: str) -> str:
    (path,) = EXAMPLES.glob(f"{prefix}_*.txt")
    return path.read_text(encoding="utf-8")


def _kinds(raw: str) -> list[str]:
    return [r.kind for r in clean_text(raw).removed]


# --- captions and credits -----------------------------------------------------


@pytest.mark.parametrize(
    "caption",
    [
        "Mariupol has seen some of the worst fighting of the war Credit: AP",
        "A destroyed tank in Bucha Photo: Reuters",
        "Smoke rises over the city. Image: Getty Images",
        "Residents queue for water Picture: Alamy",
        "Rescuers at the theatre Photograph: Alessio Mamo/The Guardian",
        "A woman walks past a destroyed building in Irpin, Ukraine, Friday, April 1, 2022. "
        "(AP Photo/Rodrigo Abd)",
        "A soldier stands guard in Kyiv on March 30. Aris Messinis/AFP via Getty Images",
        "Buses wait near Zaporizhzhia. REUTERS/Alexander Ermochenko",
        "Image caption, Civilians fleeing Irpin crossed a destroyed bridge",
    ],
)
def test_caption_paragraph_is_removed_whole(caption: str) -> None:
    result = clean_text(f"{PROSE}\n\n{caption}\n\n{PROSE}")
    assert result.text == f"{PROSE}\n\n{PROSE}"
    assert result.removed == (Removal("caption", caption),)


def test_credit_alone_on_a_line_is_a_credit() -> None:
    result = clean_text(f"{PROSE}\n\n(AP Photo/Evgeniy Maloletka)\n\n{PROSE}")
    assert result.text == f"{PROSE}\n\n{PROSE}"
    assert result.removed == (Removal("credit", "(AP Photo/Evgeniy Maloletka)"),)


def test_credit_at_end_of_real_prose_removes_only_the_credit() -> None:
    raw = (
        "Russian forces seized 14 tons of food, officials said. "
        "The convoy turned back at the last checkpoint. Photo: Reuters"
    )
    result = clean_text(raw)
    assert result.text == (
        "Russian forces seized 14 tons of food, officials said. "
        "The convoy turned back at the last checkpoint."
    )
    assert result.removed == (Removal("credit", "Photo: Reuters"),)


def test_multi_sentence_photo_caption_goes_but_long_prose_keeps_its_text() -> None:
    caption = (
        "A woman cries outside a shelter in Bucha. Residents said troops left on Wednesday. "
        "(AP Photo/Vadim Ghirda)"
    )
    assert clean_text(caption).removed == (Removal("caption", caption),)
    prose = "Troops left. Residents came out. Aid arrived. Buses followed. (AP Photo/Vadim Ghirda)"
    result = clean_text(prose)
    assert result.text == "Troops left. Residents came out. Aid arrived. Buses followed."
    assert result.removed == (Removal("credit", "(AP Photo/Vadim Ghirda)"),)


def test_lines_inside_a_paragraph_are_judged_one_by_one() -> None:
    raw = f"{PROSE}\r\nAdvertisement\r\n{PROSE}\r\nSmoke over Kyiv Credit: AP\r\n"
    result = clean_text(raw)
    assert result.text == f"{PROSE}\n{PROSE}"
    assert [r.kind for r in result.removed] == ["boilerplate", "caption"]


@pytest.mark.parametrize(
    "prose",
    [
        "He paid for the fuel with a credit card.",
        "To his credit, the mayor stayed in the city.",
        "Credit Suisse said it had frozen the assets.",
        "The picture: grim, officials said.",
        "The agency gave him credit: it was his plan.",
        "Officials said the Image of the city had changed. Photo albums were lost.",
    ],
)
def test_prose_mentioning_credit_or_photos_is_kept(prose: str) -> None:
    result = clean_text(prose)
    assert result.text == prose
    assert result.removed == ()


# --- boilerplate ----------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Advertisement",
        "ADVERTISEMENT",
        "Sign up for our daily Ukraine newsletter",
        "Share this article",
        "Read more: Russia says it will scale down operations near Kyiv",
        "READ MORE",
        "Follow us on Twitter for the latest updates",
        "© 2022 Example News Ltd",
        "Copyright 2022 The Associated Press. All rights reserved.",
        "All rights reserved.",
        "Click here to read the full report",
        "Subscribe to our newsletter",
        "This article was first published on 1 April 2022.",
        "Related: Zelensky addresses Belgian lawmakers",
        "Watch: Drone footage shows Mariupol in ruins",
    ],
)
def test_boilerplate_lines_are_removed(line: str) -> None:
    result = clean_text(f"{PROSE}\n\n{line}\n\n{PROSE}")
    assert result.text == f"{PROSE}\n\n{PROSE}"
    assert result.removed == (Removal("boilerplate", line),)


@pytest.mark.parametrize(
    "prose",
    [
        "Officials said readers should read more about the corridor before travelling.",
        "Residents who want to sign up for evacuation buses must register at the city hall.",
        "He said the advertisement for volunteers went unanswered.",
        "Copyright lawyers in Kyiv have joined the territorial defence.",
        "Ukraine said it would subscribe to the proposal, a senior official said.",
    ],
)
def test_boilerplate_words_inside_sentences_are_kept(prose: str) -> None:
    assert clean_text(prose).text == prose


# --- missing spaces at sentence joins ------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Vereshchuk said.Mariupol has seen", "Vereshchuk said.\n\nMariupol has seen"),
        ("of 430,000.“We are running", "of 430,000.\n\n“We are running"),
        ("Is it safe?They did not know", "Is it safe?\n\nThey did not know"),
        ("the war (ICRC).The city", "the war (ICRC).\n\nThe city"),
        ("it said.”The talks resumed", "it said.”\n\nThe talks resumed"),
        ('he said."The talks resumed."', 'he said.\n\n"The talks resumed."'),
        ('"It is over."The talks resumed', '"It is over."\n\nThe talks resumed'),
        ("forces of NATO.The alliance", "forces of NATO.\n\nThe alliance"),
    ],
)
def test_sentence_join_without_space_starts_a_paragraph(raw: str, expected: str) -> None:
    """A join with no space is a lost paragraph break: restoring it keeps a glued sentence
    from borrowing the next paragraph's speaker."""
    assert clean_text(raw).text == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("“We left.Then we ran,” he said.", "“We left. Then we ran,” he said."),
        ('He said: "We left.Then we ran." Later.', 'He said: "We left. Then we ran." Later.'),
        ("« Nous partons.Maintenant », dit-il.", "« Nous partons. Maintenant », dit-il."),
        ('"We will leave,” she said.A convoy left', '"We will leave,” she said. A convoy left'),
    ],
)
def test_join_inside_a_quotation_only_gets_its_space(raw: str, expected: str) -> None:
    """A quotation is one speaker's words, so a join inside it (or where mixed quote marks
    leave it unclear whether one is open) is not split into paragraphs."""
    assert clean_text(raw).text == expected


def test_glued_caption_becomes_its_own_line_and_is_removed() -> None:
    raw = (
        "Russian forces seized 14 tons of food, Iryna Vereshchuk said.Mariupol has seen some "
        "of the worst fighting of the war Credit: AP\n\nThe convoy turned back."
    )
    result = clean_text(raw)
    assert result.text == (
        "Russian forces seized 14 tons of food, Iryna Vereshchuk said.\n\nThe convoy turned back."
    )
    assert [r.kind for r in result.removed] == ["caption"]


@pytest.mark.parametrize(
    "text",
    [
        "The U.S. and the U.K. sent aid.",
        "The U.S.Army sent aid.",
        "Aid arrived, e.g. food and water.",
        "Inflation rose 3.5 per cent.",
        "See Reuters.com for details.",
        "It began at 10 a.m. on Monday.",
        "He was ranked No.1 in Europe.",
        "He read J.R.R. Tolkien and J.R.R.Tolkien.",
        "Details are on www.bbc.co.uk and www.BBC.co.uk today.",
        "Write to press@ICRC.org or visit https://www.icrc.org/en.Details follow.",
        'She said "Mariupol is surrounded."',
    ],
)
def test_abbreviations_numbers_and_addresses_are_not_split(text: str) -> None:
    assert clean_text(text).text == text


# --- datelines ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "dateline", "wire", "rest"),
    [
        ("LVIV • A convoy of buses set out.", "LVIV", (), "A convoy of buses set out."),
        ("Lviv — A convoy of cars fled.", "Lviv", (), "A convoy of cars fled."),
        (
            "KYIV, Ukraine (AP) — Russian forces pulled back.",
            "KYIV, Ukraine",
            ("Associated Press",),
            "Russian forces pulled back.",
        ),
        ("MOSCOW (Reuters) - The Kremlin said.", "MOSCOW", ("Reuters",), "The Kremlin said."),
        (
            "GENEVA, March 31 (Reuters) - The ICRC said.",
            "GENEVA, March 31",
            ("Reuters",),
            "The ICRC said.",
        ),
        ("LONDON: Britain said on Thursday.", "LONDON", (), "Britain said on Thursday."),
        ("Kyiv, 14 March — Sirens sounded.", "Kyiv, 14 March", (), "Sirens sounded."),
        ("NEW YORK (AFP) – Stocks fell.", "NEW YORK", ("Agence France-Presse",), "Stocks fell."),
        ("KYIV (CNN) — Sirens sounded.", "KYIV", (), "Sirens sounded."),
    ],
)
def test_dateline_is_moved_to_metadata(
    raw: str, dateline: str, wire: tuple[str, ...], rest: str
) -> None:
    result = clean_text(raw)
    assert result.dateline == dateline
    assert result.wire == wire
    assert result.text == rest
    assert result.removed[0].kind == "dateline"
    assert raw.startswith(result.removed[0].text)


@pytest.mark.parametrize(
    "raw",
    [
        "Russian forces — already stretched — pushed on.",
        "President Zelensky — who spoke by video — said talks continue.",
        "The Kremlin — Russia's seat of power — was silent.",
        "Ukraine's President Volodymyr Zelensky — Speaking by video — appealed for aid.",
        "Kyiv - Moscow talks resumed on Monday.",
        "Officials said: The convoy is moving.",
        "Update: The convoy is moving.",
        "Mariupol — a city of 400,000 — is surrounded.",
        "Kyiv (Ukraine) — Sirens sounded.",
    ],
)
def test_ordinary_first_sentence_is_not_a_dateline(raw: str) -> None:
    result = clean_text(raw)
    assert result.dateline is None
    assert result.text == raw


def test_dateline_only_in_first_paragraph() -> None:
    raw = f"{PROSE}\n\nLVIV • A convoy of buses set out."
    result = clean_text(raw)
    assert result.dateline is None
    assert result.text == raw


# --- wire and reporter credits --------------------------------------------------


@pytest.mark.parametrize(
    ("tail", "wire", "kind"),
    [
        ("REUTERS, AGENCE FRANCE-PRESSE", ("Reuters", "Agence France-Presse"), "wire"),
        ("— Reuters", ("Reuters",), "wire"),
        ("-- AFP", ("Agence France-Presse",), "wire"),
        ("With AFP", ("Agence France-Presse",), "wire"),
        ("Agencies", ("Agencies",), "wire"),
        ("Staff and agencies", ("Agencies",), "wire"),
        ("AP and Reuters contributed to this report.", ("Associated Press", "Reuters"), "wire"),
        (
            "(Reporting by Pavel Polityuk in Kyiv; Editing by Alex Richardson)",
            ("Reuters",),
            "credit",
        ),
        ("Additional reporting by AFP", ("Agence France-Presse",), "credit"),
        ("Additional reporting by Jane Doe in Lviv", (), "credit"),
        (
            "Associated Press writer Jamey Keaten in Geneva contributed.",
            ("Associated Press",),
            "credit",
        ),
    ],
)
def test_wire_and_reporter_credits_at_end(tail: str, wire: tuple[str, ...], kind: str) -> None:
    result = clean_text(f"{PROSE}\n\n{tail}")
    assert result.text == PROSE
    assert result.wire == wire
    assert result.removed == (Removal(kind, tail),)


def test_inline_wire_credit_at_end_of_last_paragraph() -> None:
    result = clean_text(f"{PROSE} — Reuters")
    assert result.text == PROSE
    assert result.wire == ("Reuters",)
    result = clean_text(f"{PROSE} (Reporting by Tom Balmforth; Editing by Ed Osmond)")
    assert result.text == PROSE
    assert result.wire == ("Reuters",)
    assert result.removed[0].kind == "credit"


def test_several_tail_lines_in_order_and_deduplicated() -> None:
    raw = (
        f"KYIV, Ukraine (AP) — {PROSE}\n\nReuters and AP contributed to this report.\n\n"
        "Associated Press writer Jamey Keaten contributed.\n\n© 2022 The Associated Press"
    )
    result = clean_text(raw)
    assert result.text == PROSE
    assert result.wire == ("Associated Press", "Reuters")
    assert [r.kind for r in result.removed] == ["boilerplate", "dateline", "wire", "credit"]


def test_agency_named_in_prose_is_not_a_wire() -> None:
    raw = f"{PROSE}\n\nThe situation is untenable, he told Reuters."
    result = clean_text(raw)
    assert result.wire == ()
    assert result.text == raw


def test_wire_line_in_the_middle_is_kept() -> None:
    raw = f"{PROSE}\n\nReuters\n\n{PROSE}"
    assert clean_text(raw).text == raw


# --- whitespace -----------------------------------------------------------------


def test_whitespace_is_normalised_but_quotes_and_dashes_kept() -> None:
    raw = (
        "\ufeffFirst  line\u00a0here.   \r\nsecond line\u200b.\r\n\r\n\r\n\r\n"
        "“Quoted” — dash – en.\t\n\n\n"
    )
    result = clean_text(raw)
    assert result.text == "First line here.\nsecond line.\n\n“Quoted” — dash – en."
    assert result.removed == ()


def test_empty_and_furniture_only_input() -> None:
    assert clean_text("").text == ""
    assert clean_text("   \n\n\t").text == ""
    result = clean_text("Advertisement\n\nShare this article")
    assert result.text == ""
    assert _kinds("Advertisement\n\nShare this article") == ["boilerplate", "boilerplate"]


# --- the real examples ----------------------------------------------------------

EXAMPLE_IDS = ["000", "001", "002"]


@pytest.mark.parametrize("prefix", EXAMPLE_IDS)
def test_example_has_no_captions_and_is_idempotent(prefix: str) -> None:
    result = clean_text(_example(prefix))
    assert "Credit:" not in result.text
    assert result.text.strip() == result.text
    assert "\n\n\n" not in result.text
    again = clean_text(result.text)
    assert again.text == result.text
    assert again.removed == ()


def test_example_000() -> None:
    result = clean_text(_example("000"))
    text = result.text
    assert "said.\n\nMariupol has seen some of the worst fighting" in text
    assert "430,000.\n\n“We are running out of adjectives" in text
    assert "Mariupol has seen some of the worst fighting of the war Credit" not in text
    assert "trenches used by Russian soldiers" not in text
    assert result.dateline is None
    assert result.wire == ()
    assert [r.kind for r in result.removed] == ["caption", "caption"]
    for sentence in (
        "The Red Cross said on Friday it would try to enter Mariupol again on Saturday.",
        'He said Russian forces "are categorically not allowing any humanitarian cargo, '
        'even in small amounts, into the city."',
        "Russia has also been accused of committing war crimes in the city.",
        "Russian troops were seen pulling away from occupied villages and towns, which were "
        "quickly recaptured by Ukrainian forces.",
    ):
        assert sentence in text


def test_example_001() -> None:
    result = clean_text(_example("001"))
    assert result.dateline == "LVIV"
    assert result.wire == ("Reuters", "Agence France-Presse")
    assert result.text.startswith("A convoy of Ukrainian buses set out")
    assert result.text.endswith("of the region's territory was under Russian control.")
    assert "REUTERS" not in result.text
    assert "Norway, a Nato member, shares a border with Russia in the Arctic." in result.text
    assert "Leader of the Donetsk separatists Denis Pushilin told Tass news agency" in result.text


def test_example_002() -> None:
    result = clean_text(_example("002"))
    assert result.dateline == "Lviv"
    assert result.wire == ()
    assert result.text.startswith("A convoy of civilian cars fled Ukraine’s besieged port")
    assert "he told Reuters." in result.text
    assert result.text.endswith("killing at least one person, officials said.")
    assert result.removed == (Removal("dateline", "Lviv — "),)


@pytest.mark.parametrize("prefix", EXAMPLE_IDS)
def test_example_loses_only_what_was_recorded(prefix: str) -> None:
    """Every raw paragraph survives verbatim, modulo repaired joins, unless recorded."""
    raw = _example(prefix)
    result = clean_text(raw)
    removed = [r.text for r in result.removed]
    squashed = result.text.replace(".\n\n", ".").replace(". ", ".").replace(" “", "“")
    for para in raw.split("\n\n"):
        para = para.strip()
        if para in removed:
            continue
        for r in removed:
            para = para.removeprefix(r).removesuffix(r).strip()
        assert para.replace(". ", ".").replace(" “", "“") in squashed


@pytest.mark.parametrize(
    ("raw", "headline", "body", "dateline"),
    [
        (
            "Child shoots himself at Forney paintball facilityKaufman county deputies "
            "are investigating.",
            "Child shoots himself at Forney paintball facility",
            "Kaufman county deputies are investigating.",
            None,
        ),
        (
            "Man shot inside a supermarket in the Bronx | abc7ny.comA man was shot inside "
            "a supermarket.",
            "Man shot inside a supermarket in the Bronx | abc7ny.com",
            "A man was shot inside a supermarket.",
            None,
        ),
        (
            "Man shot, killed on Detroit's west sideDETROIT (WXYZ) - Police are looking "
            "for a gunman.",
            "Man shot, killed on Detroit's west side",
            "Police are looking for a gunman.",
            "DETROIT",
        ),
    ],
)
def test_headline_glued_to_the_text_is_split_off(
    raw: str, headline: str, body: str, dateline: str | None
) -> None:
    result = clean_text(raw)
    assert result.text == f"{headline}\n\n{body}"
    assert result.dateline == dateline
    assert clean_text(result.text).text == result.text  # idempotent


@pytest.mark.parametrize(
    "raw",
    [
        "Donations pour into a GoFundMe page set up for the family of the victim.",
        "LeBron James and the McDonald family gave money to the charity.",
        "The PlayStation was stolen.",
    ],
)
def test_names_with_inner_capitals_are_not_headline_joins(raw: str) -> None:
    assert clean_text(raw).text == raw
