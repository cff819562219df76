"""Two events of one kind in one stream: story-local weights keep them apart.

The fixture mimics an ECB+ topic: two earthquakes on one Iranian island,
told with the same vocabulary ("quake", "magnitude", "Qeshm", "Red
Crescent"), told apart only by their own names and numbers (the town, the
villages, the officials, the magnitude and the toll).
"""

from __future__ import annotations

import random
from datetime import date

from crosswire.clustering import StoryClusterer, StoryEngine, report_features
from crosswire.clustering.contrast import bisect, closest
from crosswire.clustering.features import ReportFeatures
from crosswire.clustering.text import capitalised_names, terms
from crosswire.clustering.vectors import IdfModel

EVENTS = {
    "dargahan": [
        "A magnitude 5.6 earthquake hit Qeshm island around the town of Dargahan, Iran said.",
        "Five people were injured in Dargahan on Qeshm, said governor Hossein Jafari.",
        "Two people from Zinbi village on the island were hurt in the quake, ISNA reported.",
        "Mud brick buildings in Dargahan and Zinbi were damaged by the tremor, ISNA said.",
        "Jafari said Red Crescent teams took the injured to the Dargahan clinic.",
        "The 5.6 quake damaged a mosque in Zinbi and cracked walls across Qeshm.",
        "ISNA quoted Jafari as saying no one on the island had been killed by the quake.",
        "Residents of Dargahan spent the night outdoors after the 5.6 earthquake, Iran media said.",
    ],
    "tabl": [
        "A magnitude 6.1 earthquake razed villages near Tabl on Qeshm island, Iran said.",
        "Ten people were killed on the island and 50 injured, Mohammad Nazari told IRNA.",
        "The 6.1 quake flattened mud brick homes in Tabl, Kusheh and Ramkan on Qeshm.",
        "Nazari said the dead from the tremor included children from Kusheh.",
        "IRNA reported that Red Crescent helicopters flew the injured off the island.",
        "Rescuers searched the rubble of Ramkan and Tabl after the earthquake for survivors.",
        "The 6.1 tremor destroyed the school in Kusheh on Qeshm, IRNA said.",
        "Villagers in Tabl buried their ten dead after the quake, Nazari said in Iran.",
    ],
}
#: Reports on other subjects, so that the topic's words are rare in the corpus (as in a
#: real stream) and weigh heavily at corpus weights.
BACKGROUND = [
    "The central bank raised interest rates by half a point to curb inflation.",
    "The striker scored twice as the home side won the cup final in extra time.",
    "Parliament passed the budget after a long debate over pension reform.",
    "The film festival opened with a premiere attended by hundreds of fans.",
    "Shares in the carmaker fell after it recalled thousands of vehicles.",
    "The minister resigned over a scandal involving campaign donations.",
    "Heavy snow closed mountain roads and cancelled flights across the north.",
    "The tennis champion withdrew from the tournament with a wrist injury.",
    "Scientists announced the discovery of a new species of frog in the rainforest.",
    "The union called a national strike over wages in the public sector.",
    "A new museum of modern art opened its doors in the old harbour district.",
    "The company reported record profits on strong sales of its phones.",
]
PUBLISHED = {"dargahan": date(2008, 9, 14), "tabl": date(2005, 11, 28)}


def _report(event: str, k: int) -> ReportFeatures:
    own = EVENTS[event]
    text = " ".join(own[(k + j) % len(own)] for j in (0, 2, 5))
    names = [(s, e, key, text[s:e]) for s, e, key in capitalised_names(text)]
    return report_features(f"{event}-{k}", text, None, names=names)


def _reports() -> list[ReportFeatures]:
    return [_report(event, k) for event in EVENTS for k in range(8)]


def _background() -> list[ReportFeatures]:
    out = []
    for k in range(len(BACKGROUND)):
        text = " ".join(BACKGROUND[(k + j) % len(BACKGROUND)] for j in (0, 5))
        out.append(report_features(f"other-{k}", text, None))
    return out


def _idf() -> IdfModel:
    idf = IdfModel()
    for f in [*_reports(), *_background()]:
        idf.add(f.terms)
    return idf


def test_two_same_kind_events_become_two_stories_in_any_order() -> None:
    reports = _reports()
    for seed in range(5):
        order = [*reports, *_background()]
        random.Random(seed).shuffle(order)
        engine = StoryEngine()
        engine.add_all(order)
        stories = {
            event: {engine.story_of(f.id) for f in reports if f.id.startswith(event)}
            for event in EVENTS
        }
        assert all(len(s) == 1 for s in stories.values()), (seed, stories)
        assert stories["dargahan"] != stories["tabl"], seed


def test_corpus_weights_alone_would_merge_them() -> None:
    # the fixture is hard for the join step: every report passes the join threshold for
    # the other event's reports, so only the split test keeps the events apart
    never = (-1.0, 1.0, 1.0)
    engine = StoryEngine(StoryClusterer(split_model=never, slot_model=never))  # never splits
    engine.add_all([*_reports(), *_background()])
    assert len({engine.story_of(f.id) for f in _reports()}) == 1


def test_bisect_finds_the_events_and_leaves_one_event_whole() -> None:
    reports = _reports()
    idf = _idf()
    parts = bisect([f.terms for f in reports], idf)
    assert parts is not None
    found = sorted(sorted(reports[i].id.split("-")[0] for i in p) for p in parts)
    assert found == [["dargahan"] * 8, ["tabl"] * 8]
    one_event = [f.terms for f in reports if f.id.startswith("tabl")]
    assert bisect(one_event, idf) is None


def test_a_report_chooses_its_own_event_at_local_weights() -> None:
    reports = _reports()
    idf = _idf()
    dargahan = [f.terms for f in reports if f.id.startswith("dargahan")][:6]
    tabl = [f.terms for f in reports if f.id.startswith("tabl")][:6]
    newcomer = reports[-1]  # tabl-7, in neither group
    assert closest(newcomer.terms, [dargahan, tabl], idf) == 1
    assert closest(newcomer.terms, [tabl, dargahan], idf) == 0


def test_same_event_in_different_words_joins_one_story() -> None:
    texts = [
        "A magnitude 6.1 earthquake razed villages near Tabl on Qeshm island, killing ten.",
        "Ten people died when a strong quake flattened mud brick homes in Tabl and Kusheh.",
        "Rescuers dug through the rubble in Kusheh after the tremor on Qeshm killed ten.",
    ]
    reports = []
    for k, text in enumerate(texts):
        names = [(s, e, key, text[s:e]) for s, e, key in capitalised_names(text)]
        reports.append(report_features(f"r{k}", text, date(2005, 11, 28), names=names))
    engine = StoryEngine()
    engine.add_all(reports)
    assert len({engine.story_of(f.id) for f in reports}) == 1


def test_an_undated_report_is_not_placed_at_a_date_it_mentions() -> None:
    text = "Mark Felt, who leaked the secrets of the break-in of June 17, 1972, died on Thursday."
    assert report_features("felt", text, None).day is None
    dated = report_features("felt", text, date(2008, 12, 19))
    assert dated.day == date(2008, 12, 19).toordinal()


def test_bisect_passes_over_an_odd_report() -> None:
    # a digest about something else would be the first branch cut off at two clusters;
    # the events underneath must still be found, and the odd report placed in one of them
    reports = _reports()
    odd = report_features("digest", "Morning digest: markets, weather and football scores.", None)
    idf = _idf()
    idf.add(odd.terms)
    counts = [f.terms for f in reports] + [odd.terms]
    parts = bisect(counts, idf)
    assert parts is not None
    found = sorted(
        sorted(reports[i].id.split("-")[0] for i in p if i < len(reports)) for p in parts
    )
    assert found == [["dargahan"] * 8, ["tabl"] * 8]
    assert sum(len(p) for p in parts) == len(counts)


def test_amounts_and_decimals_are_kept_whole() -> None:
    found = terms("A 5.6 quake; an offer of $ 160 million against $200 million; 1,200 hurt.")
    assert {"5.6", "$160", "$200", "1200"} <= set(found)
    assert "5" not in found and "160" not in found


def test_time_weakens_similarity_but_never_cuts_it() -> None:
    sc = StoryClusterer()
    assert sc.decay(10) == 1.0
    assert 0.5 <= sc.decay(sc.window + 10) < 1.0
    assert sc.decay(3 * 365) == 0.5


def test_a_pair_found_apart_is_not_tested_again_until_it_grows() -> None:
    engine = StoryEngine()
    engine.add_all([*_background(), *_reports()])
    c = engine.stories
    a, b = sorted({c.story_of(f.id) or "" for f in _reports()})
    assert c._two_events(a, b)
    assert StoryClusterer.from_json(c.to_json())._apart == c._apart  # kept with the state
    calls: list[int] = []
    bisect_members = c._bisect

    def counted(members: list[str], close: set[str] | None = None) -> list[list[str]]:
        calls.append(len(members))
        return bisect_members(members, close)

    c._bisect = counted  # type: ignore[method-assign]
    assert c._two_events(b, a)  # remembered: no O(size^2) test for a pair that did not grow
    assert calls == []
    c.stories[a].members.extend(["grown"] * 20)  # as if story a had gained 20 reports
    c.docs["grown"] = c.docs[c.stories[a].members[0]]
    assert c._two_events(a, b)
    assert calls == [len(c.stories[a].members) + len(c.stories[b].members)]
