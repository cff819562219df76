"""The story re-check pools a story with its rivals: what it pools and what it does with
the parts too small to be an event."""

from __future__ import annotations

from crosswire.clustering import StoryClusterer


def _bag(*words: str) -> dict[str, float]:
    return {w: 2 for w in words}


def _clusterer() -> StoryClusterer:
    c = StoryClusterer()
    for i in range(30):  # unrelated reports, so that IDF tells rare terms from common ones
        c.add(f"bg{i}", _bag(f"noise{i}", f"other{i % 5}"), 1000)
    return c


def test_rivals_are_near_stories_found_through_the_index() -> None:
    c = _clusterer()
    for i in range(3):
        c.add(f"a{i}", _bag("vote", "parliament", "ashgabat", "turkmen", f"a{i}"), 1000)
    for i in range(3):
        c.add(f"b{i}", _bag("vote", "party", "reform", "constitution", "congress", f"b{i}"), 1000)
    c.add("z0", _bag("tennis", "final", "serve", "ace"), 1000)
    a, b, z = (c.story_of(x) or "" for x in ("a0", "b0", "z0"))
    assert len({a, b, z}) == 3
    assert c._rivals(a) == [b]  # another vote: a rival, pooled when story a is re-checked
    assert c._rivals(z) == []  # nothing in common with the tennis final


def test_a_fragment_joins_the_large_part_it_is_close_to() -> None:
    c = _clusterer()
    ids = {
        "a": [_bag("vote", "parliament", "ashgabat", f"a{i}") for i in range(3)],
        "b": [_bag("quake", "island", "qeshm", f"b{i}") for i in range(3)],
    }
    for group, bags in ids.items():
        for i, bag in enumerate(bags):
            c.add(f"{group}{i}", bag, 1000)
    c.add("f", _bag("quake", "island", "tremor", "dargahan"), 1000)
    c.add("g", _bag("tennis", "final", "serve", "ace"), 1000)
    vectors = {a: c.idf.vector(c.docs[a].counts) for a in c.docs}
    groups = c._attach_fragments([["a0", "a1", "a2"], ["b0", "b1", "b2"], ["f"], ["g"]], vectors)
    assert sorted(map(sorted, groups)) == [["a0", "a1", "a2"], ["b0", "b1", "b2", "f"], ["g"]]


def test_the_pool_leaves_out_rivals_too_large_for_the_story() -> None:
    # a small story is re-checked after every report it gains; pooling a large rival each
    # time would cost that rival's size squared per report
    c = _clusterer()
    for i in range(100):
        c.add(f"big{i}", _bag("vote", "parliament", "ashgabat", "turkmen", f"big{i}"), 1000)
    big = c.story_of("big0") or ""
    assert len(c.members(big)) == 100
    for i in range(3):
        c.add(f"s{i}", _bag("vote", "party", "reform", "constitution", "parliament", f"s{i}"), 1000)
    small = c.story_of("s0") or ""
    assert small != big
    assert big in c._rivals(small)  # near enough to be a rival ...
    assert c._pool(small) == [small]  # ... but over max(80, 8 x 3) members together
    assert c._pool(big) == [big, small]  # the large story still pools the small one
