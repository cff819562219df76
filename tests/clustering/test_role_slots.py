"""Role holders and magnitudes read from hand-written report sentences, and their conflicts."""

from __future__ import annotations

import json
from datetime import date

from crosswire.clustering import ReportFeatures, StoryClusterer, report_features
from crosswire.clustering.contrast import bisect_or_close
from crosswire.clustering.slots import report_slots, slot_conflicts
from crosswire.clustering.vectors import IdfModel


def test_title_and_name_give_the_office_and_its_holder() -> None:
    slots = report_slots("Interior Secretary Dirk Kempthorne announced the rule on Thursday.")
    assert slots == {"role:interior secretary": ["dirk", "kempthorne"]}


def test_team_or_office_before_the_title_is_part_of_the_key() -> None:
    slots = report_slots("Colts coach Tony Dungy praised Prime Minister George Papandreou.")
    assert slots["role:colts coach"] == ["dungy", "tony"]
    assert slots["role:prime minister"] == ["george", "papandreou"]


def test_former_is_not_part_of_the_office_and_possessives_are_stripped() -> None:
    slots = report_slots("Former President Bush's rule was reversed by President Obama.")
    assert slots == {"role:president": ["bush", "obama"]}


def test_headline_verbs_after_the_name_are_left_out() -> None:
    assert report_slots("President Obama Signs Order") == {"role:president": ["obama"]}


def test_a_name_starting_another_role_does_not_hold_the_title() -> None:
    # the deputy is killed, the sheriff is someone else
    slots = report_slots("Sheriff Deputy Jerry Ortiz was shot. Deputy Sheriff Ann Lee spoke.")
    assert "role:sheriff" not in slots
    assert slots["role:deputy sheriff"] == ["ann", "lee"]


def test_magnitudes_in_their_usual_wordings() -> None:
    cases = {
        "A 5.6 magnitude earthquake hit the island.": "5.6",
        "A strong 5.6 -magnitude earthquake jolted the coast.": "5.6",
        "The quake had a magnitude of at least 5.9, officials said.": "5.9",
        "Iran's television says a magnitude-5.2 quake injured three.": "5.2",
        "The agency said it was a magnitude - 6.1 temblor.": "6.1",
        "It measured 6.4 on the Richter scale.": "6.4",
        "A magnitude 6 quake can cause severe damage.": "6.0",
    }
    for text, value in cases.items():
        assert report_slots(text) == {"magnitude": [value]}, text


def test_no_slots_in_plain_text_or_out_of_range_magnitudes() -> None:
    assert report_slots("The secretary of the club said the vote was close.") == {}
    assert report_slots("Stocks fell by a magnitude of 40 points.") == {}


def _holders(*values: str) -> list[dict[str, list[str]]]:
    return [{"role:coach": [v]} for v in values]


def test_different_holders_on_each_side_conflict() -> None:
    assert slot_conflicts(_holders("smith", "smith", "smith"), _holders("jones", "jones")) == (
        1,
        0,
    )


def test_the_same_holder_on_both_sides_agrees() -> None:
    assert slot_conflicts(_holders("smith", "smith"), _holders("smith", "smith", "smith")) == (
        0,
        1,
    )


def test_a_side_with_no_clear_holder_tells_nothing() -> None:
    # two coaches of one game on one side
    assert slot_conflicts(_holders("smith", "smith"), _holders("jones", "brown")) == (0, 0)


def test_values_each_side_shares_much_do_not_conflict() -> None:
    a = [{"magnitude": ["5.6"]}, {"magnitude": ["5.6"]}, {"magnitude": ["5.6", "5.9"]}]
    b = [{"magnitude": ["5.9"]}, {"magnitude": ["5.9", "5.6"]}, {"magnitude": ["5.9"]}]
    # a third of each side states the other side's value: a revised magnitude
    assert slot_conflicts(a, b) == (0, 0)


def test_one_name_spelt_two_ways_is_one_holder() -> None:
    a = [{"role:colonel": ["gaddafi"]}] * 3
    b = [{"role:colonel": ["qaddafi"]}] * 3
    assert slot_conflicts(a, b) == (0, 1)


def test_close_magnitudes_are_still_different_values() -> None:
    a = [{"magnitude": ["5.6"]}] * 3
    b = [{"magnitude": ["5.9"]}] * 3
    assert slot_conflicts(a, b) == (1, 0)


def test_a_slot_one_report_states_is_not_compared() -> None:
    assert slot_conflicts(_holders("smith"), _holders("jones", "jones")) == (0, 0)


def _story() -> tuple[list[dict[str, float]], IdfModel]:
    event = {"quake": 2.0, "island": 2.0, "qeshm": 2.0, "rescue": 1.0}
    counts = [{**event, "village": 1.0, "collapsed": 1.0, f"x{i}": 1.0} for i in range(4)] + [
        {**event, "tourist": 1.0, "port": 1.0, f"y{i}": 1.0} for i in range(4)
    ]
    idf = IdfModel()
    for c in counts:
        idf.add(c)
    return counts, idf


def test_conflicting_slots_let_the_looser_bounds_split() -> None:
    counts, idf = _story()
    never: tuple[float, float, float] = (0.0, 1e9, 0.0)
    always: tuple[float, float, float] = (1.0, 0.0, 1.0)
    slots = [{"magnitude": ["5.6"]}] * 4 + [{"magnitude": ["5.9"]}] * 4
    parts, _ = bisect_or_close(counts, idf, never, slots=slots, slot_model=always)
    assert parts is not None
    assert sorted(map(sorted, parts)) == [[0, 1, 2, 3], [4, 5, 6, 7]]
    # the same split without slots, or with slots that agree, stays one story
    assert bisect_or_close(counts, idf, never, slot_model=always)[0] is None
    same = [{"magnitude": ["5.6"]}] * 8
    assert bisect_or_close(counts, idf, never, slots=same, slot_model=always)[0] is None


def test_report_features_read_slots_from_title_and_text_and_keep_them_as_json() -> None:
    f = report_features(
        "a1",
        "The quake had a magnitude of 5.9. Governor Ali Rezaei visited the island.",
        date(2008, 9, 10),
        title="Qeshm Governor Ali Rezaei says 5.9 magnitude quake hit",
    )
    assert f.slots == {
        "magnitude": ["5.9"],
        "role:governor": ["ali", "rezaei"],
        "role:qeshm governor": ["ali", "rezaei"],
    }
    again = ReportFeatures.from_json(json.loads(json.dumps(f.to_json())))
    assert again.slots == f.slots


def test_story_state_keeps_each_reports_slots() -> None:
    sc = StoryClusterer()
    sc.add("a", {"quake": 1.0, "island": 1.0}, 10, slots={"magnitude": ["5.6"]})
    restored = StoryClusterer.from_json(json.loads(json.dumps(sc.to_json())))
    assert restored.docs["a"].slots == {"magnitude": ["5.6"]}
