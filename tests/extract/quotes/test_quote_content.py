"""What was said: the content span of an attribution, never a bare subject, never across a
semicolon left of the source, a split complement kept whole (invented news sentences through
the real parse and the shipped models).
"""

from __future__ import annotations

from crosswire.annotate import Annotator
from quotes_support import content_texts


def test_a_sourceless_passive_is_one_content_never_a_bare_subject(annotator: Annotator) -> None:
    for text, subject in [
        ("Snowfall was forecast to reach 30 cm in the hills by Friday.", "Snowfall"),
        (
            "More than 900 people are now known to have drowned in the floods.",
            "More than 900 people",
        ),
    ]:
        contents = content_texts(annotator, text)
        assert subject not in contents, contents
        for c in contents:
            assert c is not None and len(c.split()) > 3, contents


def test_content_never_crosses_a_semicolon_left_of_the_source(annotator: Annotator) -> None:
    text = "Flood toll tops 2,000; Dhaka agrees to open three more relief camps"
    for c in content_texts(annotator, text):
        assert c is not None and "toll" not in c and ";" not in c


def test_a_complement_the_parser_split_in_two_is_kept_whole(annotator: Annotator) -> None:
    text = (
        "A U.N. spokesperson said the highway leading to the border had been blocked by landslides."
    )
    assert content_texts(annotator, text) == [
        "the highway leading to the border had been blocked by landslides"
    ]
