"""The blocking index and the re-check schedule the story clusterer rests on."""

from __future__ import annotations

from crosswire.clustering.blocking import BUCKET_DAYS, BlockingIndex
from crosswire.clustering.linkage import DECAY_FLOOR, attach_fragments, average_linkage, decay
from crosswire.clustering.schedule import due, recheck_step


def test_lookups_reach_only_reports_within_the_horizon_and_always_undated_ones() -> None:
    index = BlockingIndex()
    vec = {"quake": 1.0, "qeshm": 0.8}
    index.add("near", vec, 1000)
    index.add("far", vec, 1000 + 10 * BUCKET_DAYS)
    index.add("undated", vec, None)
    index.add("other", {"tennis": 1.0}, 1000)
    assert index.candidates(vec, 1001, horizon=BUCKET_DAYS) == {"near", "undated"}
    assert index.candidates(vec, 1001, horizon=20 * BUCKET_DAYS) == {"near", "far", "undated"}
    # an undated report can tell of any time: it looks everywhere
    assert index.candidates(vec, None, horizon=BUCKET_DAYS) == {"near", "far", "undated"}


def test_time_weakens_similarity_down_to_the_floor_only() -> None:
    assert decay(10, window=60, tau=30.0) == 1.0
    assert DECAY_FLOOR < decay(75, window=60, tau=30.0) < 1.0
    assert decay(10_000, window=60, tau=30.0) == DECAY_FLOOR


def test_average_linkage_parts_reports_that_share_nothing() -> None:
    a = {"quake": 0.8, "qeshm": 0.6}
    b = {"vote": 0.6, "turkmen": 0.8}
    labels = average_linkage([a, a, b, b], [1, 2, None, 3], 0.08, 60, 30.0)
    assert labels[0] == labels[1] != labels[2] == labels[3]


def test_a_fragment_goes_to_the_part_it_links_to_and_stays_alone_otherwise() -> None:
    vecs = {
        "a0": {"quake": 1.0},
        "a1": {"quake": 1.0},
        "a2": {"quake": 1.0},
        "f": {"quake": 0.6, "ferry": 0.8},
        "g": {"tennis": 1.0},
    }
    groups = attach_fragments([["a0", "a1", "a2"], ["f"], ["g"]], vecs, 3, 0.5)
    assert groups == [["a0", "a1", "a2", "f"], ["g"]]


def test_the_wait_grows_with_the_story_and_early_checks_need_a_share_of_it() -> None:
    assert recheck_step(1) == 1
    assert recheck_step(20) == 5  # a quarter while small
    assert recheck_step(200) == 400  # n^2 / 100 when large
    assert not due(24, 20)
    assert due(25, 20)
    assert due(22, 20, share=0.25)  # early: a quarter of the wait (5 -> 2)
    assert not due(21, 20, share=0.25)
