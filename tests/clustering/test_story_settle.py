"""Stories split and merge as evidence arrives: close calls and the end of a run.

Uses the two-earthquake fixture of ``test_story_contrast``: two events of one
kind that the split test tells apart once both are seen.
"""

from __future__ import annotations

from test_story_contrast import _background, _reports

from crosswire.clustering import StoryClusterer, StoryEngine
from crosswire.clustering.contrast import SPLIT_MODEL, bisect_or_close, split_statistics
from crosswire.clustering.vectors import IdfModel


def _engine() -> StoryEngine:
    engine = StoryEngine()
    engine.add_all([*_background(), *_reports()])
    return engine


def _event_stories(engine: StoryEngine) -> set[str]:
    return {engine.story_of(f.id) or "" for f in _reports()}


def test_a_wrong_merge_is_undone_when_the_run_ends() -> None:
    engine = _engine()
    c = engine.stories
    a, b = sorted(_event_stories(engine))
    merged = c._merge(a, b)  # as if the two events had met while the evidence was thin
    story = c.stories[merged]
    story.checked = len(story.members) - 4  # its last test saw all but four reports
    c._grown.add(merged)
    c.settle()
    assert len(_event_stories(engine)) == 2
    for event in ("dargahan", "tabl"):
        assert len({engine.story_of(f.id) for f in _reports() if f.id.startswith(event)}) == 1


def test_settle_visits_only_stories_that_grew_enough() -> None:
    engine = _engine()
    c = engine.stories
    checked: list[str] = []
    check = c._check_split

    def counted(sid: str) -> None:
        checked.append(sid)
        check(sid)

    c._check_split = counted  # type: ignore[method-assign]
    c.settle()  # add_all already settled: nothing grew since
    assert checked == []
    sid = next(iter(_event_stories(engine)))
    story = c.stories[sid]
    story.checked = len(story.members)  # up to date: joining it again does not make it due
    c._grown.add(sid)
    c.settle()
    assert checked == []
    story.checked = len(story.members) - 1  # one unseen report is a quarter of its wait
    c._grown.add(sid)
    c.settle()
    assert checked == [sid]


def test_a_close_call_is_flagged_and_a_clear_one_is_not() -> None:
    idf = IdfModel()
    reports = [*_background(), *_reports()]
    for f in reports:
        idf.add(f.terms)
    counts = [f.terms for f in _reports()]
    found = split_statistics(counts, idf)
    assert found is not None
    between = found[2][1]
    # a between-parts bound just under what the two events show: the test fails narrowly
    strict = (between / 1.1, SPLIT_MODEL[1], 1.0)
    assert bisect_or_close(counts, idf, strict, slack=1.15) == (None, True)
    assert bisect_or_close(counts, idf, strict, slack=1.05) == (None, False)
    parts, close = bisect_or_close(counts, idf, (between * 1.1, SPLIT_MODEL[1], 1.0))
    assert parts is not None and not close
    # one event alone is far from splitting: no close call
    assert bisect_or_close(counts[:8], idf) == (None, False)


def test_close_calls_and_grown_stories_are_kept_with_the_state() -> None:
    c = _engine().stories
    sid = next(iter(c.stories))
    c._close.add(sid)
    c._grown.add(sid)
    again = StoryClusterer.from_json(c.to_json())
    assert again._close == {sid}
    assert again._grown == {sid}
