"""Far-apart places make different stories: the report's focus in the clustering engine."""

from __future__ import annotations

from datetime import date

import pytest

from crosswire.clustering import StoryEngine, report_features
from crosswire.clustering.features import ReportFeatures
from crosswire.clustering.focus import FAR_KM, all_far, distance_km, place_parts
from crosswire.link.stories import focus_of

SALINA = (38.8403, -97.6114)
MILWAUKEE = (43.0389, -87.9065)
WAUKESHA = (43.0117, -88.2315)  # ~27 km from Milwaukee
MARIUPOL = (47.0951, 37.5413)
ZAPORIZHZHIA = (47.8388, 35.1396)  # ~200 km: where Mariupol's evacuees went

TEXT = (
    "A toddler was accidentally shot with a handgun that discharged while {who} was "
    "showing it to relatives in a driveway on {day}, police said. The sheriff said the "
    "shooting appears to be accidental and the handgun belonged to a relative."
)


def _report(aid: str, who: str, day: str, focus: tuple[float, float] | None) -> ReportFeatures:
    text = TEXT.format(who=who, day=day)
    return report_features(aid, text, date(2016, 6, 28), focus=focus)


def test_distances_and_the_far_test() -> None:
    assert distance_km((51.5074, -0.1278), (48.8566, 2.3522)) == pytest.approx(343.5, abs=1)
    assert distance_km(SALINA, MILWAUKEE) > 900
    assert distance_km(MARIUPOL, ZAPORIZHZHIA) < FAR_KM
    assert all_far([SALINA], [MILWAUKEE, WAUKESHA])
    assert not all_far([SALINA], [MILWAUKEE, (38.9, -97.5)])  # one near place is enough
    assert not all_far([], [MILWAUKEE]) and not all_far([SALINA], [])


def test_alike_reports_far_apart_make_two_stories() -> None:
    engine = StoryEngine()
    engine.add_all(
        [
            _report("a", "a man", "Sunday", SALINA),
            _report("b", "his cousin", "Sunday", SALINA),
            _report("c", "a father", "Monday", MILWAUKEE),
            _report("d", "an uncle", "Monday", WAUKESHA),
        ]
    )
    assert engine.story_of("a") == engine.story_of("b")
    assert engine.story_of("c") == engine.story_of("d")
    assert engine.story_of("a") != engine.story_of("c")


def test_without_places_or_within_reach_they_stay_one_story() -> None:
    for places in ([None] * 4, [MARIUPOL, ZAPORIZHZHIA, MARIUPOL, None]):
        engine = StoryEngine()
        engine.add_all(
            [_report(k, "a man", "Sunday", p) for k, p in zip("abcd", places, strict=True)]
        )
        assert len({engine.story_of(k) for k in "abcd"}) == 1, places


def test_focus_survives_the_saved_state() -> None:
    f = _report("a", "a man", "Sunday", SALINA)
    assert ReportFeatures.from_json(f.to_json()).focus == SALINA
    engine = StoryEngine()
    engine.add_all([f, _report("b", "a man", "Sunday", MILWAUKEE)])
    again = StoryEngine.from_json(engine.to_json())
    assert again is not None
    again.add(_report("c", "a man", "Sunday", WAUKESHA))
    assert again.story_of("c") == again.story_of("b") != again.story_of("a")


def test_place_parts_needs_two_reports_on_each_side() -> None:
    vec = {"w": 1.0}
    vectors = {k: vec for k in "abcde"}
    one_stray = {"a": MILWAUKEE, "b": MILWAUKEE, "c": WAUKESHA, "d": (40.4165, -3.7026), "e": None}
    assert place_parts(list("abcde"), one_stray, vectors) == [list("abcde")]
    two_sides = {"a": MILWAUKEE, "b": WAUKESHA, "c": SALINA, "d": SALINA, "e": None}
    parts = place_parts(list("abcde"), two_sides, vectors)
    assert sorted(map(sorted, parts)) == [["a", "b", "e"], ["c", "d"]]


def test_focus_of_takes_a_town_or_county_resolved_with_confidence() -> None:
    town = {
        "key": "g:1",
        "name": "Salina",
        "lat": 38.84,
        "lon": -97.61,
        "feature": "city",
        "country": "US",
        "admin1": "Kansas",
        "confidence": 0.9,
        "start": 0,
        "end": 6,
    }
    state = {**town, "key": "g:2", "name": "Kansas", "feature": "admin1", "lat": 38.5}
    assert focus_of([town]) == (38.84, -97.61)
    assert focus_of([state]) is None  # a state's centre is no point to measure from
    assert focus_of([{**town, "confidence": 0.3}]) is None
    assert focus_of([]) is None
