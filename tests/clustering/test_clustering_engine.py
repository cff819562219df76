"""Story and incident engine on small fixtures: no spaCy, no store."""

from __future__ import annotations

import itertools
import json
from datetime import date
from pathlib import Path

from crosswire.clustering import StoryEngine, report_features
from crosswire.clustering.dates import event_dates
from crosswire.clustering.features import ReportFeatures
from crosswire.clustering.text import capitalised_names
from story_support import incident_at

FIXTURES = Path(__file__).parents[1] / "fixtures" / "stories"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "mariupol"
PUBLISHED = {"000": date(2022, 4, 1), "001": date(2022, 4, 1), "002": date(2022, 3, 14)}


def _features(aid: str, text: str, published: date, **kw: object) -> ReportFeatures:
    names = [(s, e, k, text[s:e]) for s, e, k in capitalised_names(text)]
    return report_features(aid, text, published, names=names, **kw)  # type: ignore[arg-type]


def _examples() -> dict[str, ReportFeatures]:
    out = {}
    for path in sorted(EXAMPLES.glob("*.txt")):
        aid = path.name[:3]
        out[aid] = _features(aid, path.read_text(encoding="utf-8"), PUBLISHED[aid])
    return out


def test_dates_skip_statements_and_plans() -> None:
    text = (
        "The ICRC said on Thursday it had an agreement. It would try again on Saturday. "
        "On Thursday, Russian forces blocked a convoy."
    )
    found = event_dates(text, date(2022, 4, 1))
    assert [(text[d.start : d.end], d.lo) for d in found] == [("Thursday", date(2022, 3, 31))]


def test_examples_form_one_story_in_every_order() -> None:
    reports = _examples()
    stories = set()
    for order in itertools.permutations(reports):
        engine = StoryEngine()
        engine.add_all(reports[a] for a in order)
        assert len({engine.story_of(a) for a in reports}) == 1, order
        stories.add(len(engine.stories.stories))
    assert stories == {1}


def test_example_convoys_are_different_incidents_in_every_order() -> None:
    reports = _examples()
    texts = {p.name[:3]: p.read_text(encoding="utf-8") for p in EXAMPLES.glob("*.txt")}
    for order in itertools.permutations(reports):
        engine = StoryEngine()
        engine.add_all(reports[a] for a in order)
        mar14 = incident_at(engine, "002", "A convoy of civilian cars fled", texts["002"])
        mar31 = incident_at(engine, "001", "A convoy of Ukrainian buses", texts["001"])
        blocked = incident_at(engine, "000", "Russian forces blocked a 45-bus", texts["000"])
        icrc = incident_at(engine, "000", "on its way to Mariupol on Friday", texts["000"])
        assert len({mar14, mar31, icrc}) == 3, order
        assert blocked == mar31, order  # the 45-bus convoy of 31 March, told by two reports


def test_two_shootings_same_city_different_days_stay_apart() -> None:
    texts = {p.stem: p.read_text(encoding="utf-8") for p in FIXTURES.glob("shooting_*.txt")}
    pub = {"shooting_a": date(2016, 8, 14), "shooting_a2": date(2016, 8, 15)}
    pub["shooting_b"] = date(2016, 8, 18)
    for order in itertools.permutations(texts):
        engine = StoryEngine()
        engine.add_all(_features(a, texts[a], pub[a]) for a in order)
        inc = {a: engine.primary_incident(a) for a in texts}
        assert inc["shooting_a"] == inc["shooting_a2"], order
        assert inc["shooting_b"] != inc["shooting_a"], order


def test_follow_up_days_later_joins_the_incident_it_tells_of() -> None:
    texts = {p.stem: p.read_text(encoding="utf-8") for p in FIXTURES.glob("shooting_*.txt")}
    texts["shooting_a_followup"] = (FIXTURES / "followup_a.txt").read_text(encoding="utf-8")
    pub = {"shooting_a": date(2016, 8, 14), "shooting_a2": date(2016, 8, 15)}
    pub |= {"shooting_b": date(2016, 8, 18), "shooting_a_followup": date(2016, 9, 2)}
    reports = {a: _features(a, texts[a], pub[a]) for a in texts}
    # main occurrence: the arrest on Thursday 1 September; it also tells of 13 August
    days = [(m.lo, m.primary) for m in reports["shooting_a_followup"].mentions]
    assert days == [(date(2016, 9, 1).toordinal(), True), (date(2016, 8, 13).toordinal(), False)]
    for order in itertools.permutations(texts):  # follow-up first: adopted by the original
        engine = StoryEngine()
        engine.add_all(reports[a] for a in order)
        inc = {a: engine.primary_incident(a) for a in texts}
        assert inc["shooting_a_followup"] == inc["shooting_a"] == inc["shooting_a2"], order
        assert inc["shooting_b"] != inc["shooting_a"], order  # 4 days apart, never told of
        restored = StoryEngine.from_json(json.loads(json.dumps(engine.to_json())))
        assert restored is not None
        assert {a: restored.primary_incident(a) for a in texts} == inc, order


def test_follow_up_needs_the_report_to_tell_of_that_day() -> None:
    original = (FIXTURES / "shooting_a.txt").read_text(encoding="utf-8")
    untold = (FIXTURES / "followup_a.txt").read_text(encoding="utf-8").replace(" on Aug. 13", "")
    engine = StoryEngine()
    engine.add(_features("shooting_a", original, date(2016, 8, 14)))
    engine.add(_features("later", untold, date(2016, 9, 2)))
    assert engine.story_of("later") == engine.story_of("shooting_a")
    assert engine.primary_incident("later") != engine.primary_incident("shooting_a")


def test_duplicates_collapse_to_one_source() -> None:
    reports = _examples()
    text = (EXAMPLES / "001_61d5b503e9587065.txt").read_text(encoding="utf-8")
    copy = _features("copy", text, PUBLISHED["001"], duplicate_of="001")
    wire = _features("wire", text + "\n\nMore to follow.", PUBLISHED["001"], wire=("Reuters",))
    other = _features("other", text, PUBLISHED["001"], wire=("Reuters",))
    engine = StoryEngine()
    engine.add_all([*reports.values(), copy, wire, other])
    (story,) = engine.items()
    assert len(story["articles"]) == 6
    assert story["independent_sources"] == 4  # 000, 001 (+ its copy), 002, wire copies
    assert engine.story_of("copy") == engine.story_of("001")
    assert engine.incidents.of_article["copy"] == engine.incidents.of_article["001"]


def test_state_round_trip_continues_like_one_run() -> None:
    reports = _examples()
    first = StoryEngine()
    first.add_all([reports["002"], reports["000"]])
    restored = StoryEngine.from_json(json.loads(json.dumps(first.to_json())))
    assert restored is not None
    restored.add(reports["001"])
    batch = StoryEngine()
    batch.add_all([reports["002"], reports["000"], reports["001"]])
    strip = lambda items: [  # noqa: E731
        (s["id"], s["articles"], [(i["id"], i["articles"]) for i in s["incidents"]]) for s in items
    ]
    assert strip(restored.items()) == strip(batch.items())
    assert StoryEngine.from_json({"version": "0"}) is None


def test_unrelated_report_founds_its_own_story_and_recluster_agrees() -> None:
    shoot = {p.stem: p.read_text(encoding="utf-8") for p in FIXTURES.glob("shooting_*.txt")}
    reports = _examples()
    engine = StoryEngine()
    engine.add_all(reports.values())
    engine.add(_features("shooting_a", shoot["shooting_a"], date(2016, 8, 14)))
    assert engine.story_of("shooting_a") != engine.story_of("000")
    assert len(engine.stories.stories) == 2
    # a story re-clustered from scratch keeps unrelated reports apart
    groups = engine.stories.recluster(["000", "001", "002", "shooting_a"])
    assert sorted(map(sorted, groups)) == [["000", "001", "002"], ["shooting_a"]]
