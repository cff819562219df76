"""One report that breaks a stage costs only itself, on either store and with --jobs 2."""

from __future__ import annotations

import json
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from crosswire import pipeline
from crosswire.extract import ExtractionInput, load_extractors
from crosswire.limits import Limits
from crosswire.store import StoreBackend, open_store

GOOD = [
    "Rescuers said 12 people were killed when a bridge collapsed in Dnipro on Monday.",
    "The mayor of Odesa said 40 families were evacuated after the flood on Tuesday.",
    "Officials in Kharkiv said three shelters reopened on Wednesday.",
]


class _Trap:
    """An extractor that misbehaves on reports holding its word, and finds nothing otherwise."""

    name = "trap"
    version = "1"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("trap",)

    def extract(self, inp: ExtractionInput) -> list[dict[str, Any]]:
        text = inp.article.text
        if "EXPLODE" in text:
            raise IndexError("list index out of range")
        if "VANISH" in text:
            os.kill(os.getpid(), signal.SIGKILL)
        if "LINGER" in text:
            time.sleep(60)
        return []


class _LinkTrap:
    """An aggregator that raises while linking a corpus that holds a report with its word."""

    name = "link_trap"
    version = "1"
    requires: tuple[str, ...] = ()
    assigns: tuple[str, ...] = ("link_trap",)

    def run(self, corpus: Any, store: StoreBackend) -> list[dict[str, Any]]:
        if any("TANGLE" in a.text for a in corpus.articles):
            raise KeyError("no such incident")
        return [{"articles": sorted(a.id for a in corpus.articles)}]


@pytest.fixture
def link_trap(monkeypatch: pytest.MonkeyPatch) -> None:
    import crosswire.link

    real = crosswire.link.load_aggregators()
    monkeypatch.setattr(crosswire.link, "load_aggregators", lambda *_: [*real, _LinkTrap()])


@pytest.fixture
def trap(monkeypatch: pytest.MonkeyPatch) -> None:
    real = load_extractors()
    monkeypatch.setattr(pipeline, "load_extractors", lambda: [*real, _Trap()])


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[StoreBackend]:
    target = (
        str(tmp_path / "s.db") if request.param == "sqlite" else request.getfixturevalue("pg_url")
    )
    with open_store(target) as opened:
        yield opened


def _write(folder: Path, texts: list[str]) -> Path:
    folder.mkdir(exist_ok=True)
    for n, text in enumerate(texts):
        (folder / f"r{n}.json").write_text(json.dumps({"title": f"Report {n}", "text": text}))
    return folder


def _annotated(store: StoreBackend) -> set[str]:
    return {a.article for a in store.annotations()}


def test_a_poison_report_is_recorded_and_later_ingests_annotate_every_good_one(
    store: StoreBackend, tmp_path: Path, annotator: Any
) -> None:
    poison = _write(tmp_path / "poison", ["Police said " + "9" * 400 + " people died in Kyiv."])
    first = pipeline.ingest([poison], store, annotator=annotator, limits=Limits(max_digits=500))
    assert len(first.added) == 1 and len(first.problems) == 1
    assert "failed" in first.problems[0].message
    (problem,) = store.problems()
    assert problem.article == first.added[0] and problem.stage.startswith("extract:")

    good = pipeline.ingest([_write(tmp_path / "good", GOOD)], store, annotator=annotator)
    assert not good.problems and len(good.added) == 3
    assert set(good.added) <= _annotated(store)
    assert {i for i, _ in store.extractions("figures").items()} >= set(good.added)

    again = pipeline.retry_problems(store, annotator, limits=Limits(max_digits=500))
    assert len(again.problems) == 1 and len(store.problems()) == 1


def test_a_number_over_the_digit_limit_is_refused_with_one_line(
    tmp_path: Path, annotator: Any
) -> None:
    with open_store(tmp_path / "s.db") as store:
        poison = _write(tmp_path / "p", ["Police said " + "9" * 400 + " people died in Kyiv."])
        result = pipeline.ingest([poison], store, annotator=annotator)
        assert not result.added and "400-digit number" in result.problems[0].message
        assert "--max-digits" in result.problems[0].message


def test_a_text_over_the_character_limit_is_refused_before_spacy_sees_it(
    tmp_path: Path, annotator: Any
) -> None:
    with open_store(tmp_path / "s.db") as store:
        long = _write(tmp_path / "p", ["Officials said the road reopened. " * 40])
        result = pipeline.ingest([long], store, annotator=annotator, limits=Limits(max_chars=500))
        assert not result.added and "--max-chars" in result.problems[0].message


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_extractor_that_raises_costs_only_its_report(
    trap: None, tmp_path: Path, annotator: Any, jobs: int
) -> None:
    annotator.n_process = jobs
    try:
        with open_store(tmp_path / "s.db") as store:
            folder = _write(tmp_path / "in", [*GOOD, "Officials said EXPLODE in Lviv."])
            result = pipeline.ingest([folder], store, annotator=annotator)
            assert len(result.added) == 4 and len(result.problems) == 1
            (problem,) = store.problems()
            assert problem.stage == "extract:trap" and "IndexError" in problem.error
            assert len(_annotated(store)) == 3
            # a later run skips it instead of failing on it again
            assert pipeline.annotate_pending(store, annotator) == 0
    finally:
        annotator.n_process = 1


def test_a_worker_that_dies_or_lingers_is_replaced_and_the_run_goes_on(
    trap: None, tmp_path: Path, annotator: Any
) -> None:
    annotator.n_process = 2
    try:
        with open_store(tmp_path / "s.db") as store:
            texts = [*GOOD, "Witnesses said VANISH in Sumy.", "Officials said LINGER in Rivne."]
            folder = _write(tmp_path / "in", texts)
            started = time.monotonic()
            result = pipeline.ingest(
                [folder], store, annotator=annotator, limits=Limits(timeout=2.0)
            )
            assert time.monotonic() - started < 55  # the 60 s sleep was cut short
            stages = sorted(p.error for p in store.problems())
            assert len(stages) == 2 and len(result.problems) == 2
            assert any("died" in e for e in stages) and any("limit" in e for e in stages)
            assert len(_annotated(store)) == 3
    finally:
        annotator.n_process = 1


def test_the_watchdog_stops_a_slow_extractor_in_process(
    trap: None, tmp_path: Path, annotator: Any
) -> None:
    with open_store(tmp_path / "s.db") as store:
        folder = _write(tmp_path / "in", [GOOD[0], "Officials said LINGER in Rivne."])
        result = pipeline.ingest([folder], store, annotator=annotator, limits=Limits(timeout=1))
        (problem,) = store.problems()
        assert "limit of 1 s" in problem.error and len(result.added) == 2
        assert len(_annotated(store)) == 1


def test_reingesting_a_failed_report_clears_its_problem(
    trap: None, tmp_path: Path, annotator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_store(tmp_path / "s.db") as store:
        folder = _write(tmp_path / "in", ["Officials said EXPLODE in Lviv."])
        pipeline.ingest([folder], store, annotator=annotator)
        assert len(store.problems()) == 1
        monkeypatch.setattr(pipeline, "load_extractors", load_extractors)  # the bug is fixed
        again = pipeline.ingest([folder], store, annotator=annotator)
        assert not again.problems and not store.problems() and len(_annotated(store)) == 1


def test_the_clean_stage_has_the_same_time_limit_and_costs_only_its_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = pipeline.clean_text

    def slow(text: str) -> Any:
        if "LINGER" in text:
            time.sleep(60)
        return real(text)

    monkeypatch.setattr(pipeline, "clean_text", slow)
    with open_store(tmp_path / "s.db") as store:
        folder = _write(tmp_path / "in", [GOOD[0], "Officials said LINGER in Rivne."])
        started = time.monotonic()
        result = pipeline.ingest([folder], store, limits=Limits(timeout=1))
        assert time.monotonic() - started < 30
        (problem,) = result.problems
        assert "cleaning ran over the limit of 1 s" in problem.message
        assert len(result.added) == 1


def test_a_number_in_comma_groups_counts_all_its_digits_against_the_limit() -> None:
    from crosswire.errors import DocumentTooLargeError
    from crosswire.limits import check_text

    check_text("ok", "Police said 1,000,000 people were displaced.")
    with pytest.raises(DocumentTooLargeError, match="30,001-digit number"):
        check_text("p", "Police said 1" + ",000" * 10_000 + " people died.")


def test_a_huge_count_in_a_stored_text_does_not_stop_the_link_stage() -> None:
    from crosswire.clustering.text import casualty_counts

    assert casualty_counts("Police said 1" + ",000" * 2_000 + " people were killed.") == {}
    assert casualty_counts("Police said 12 people were killed.") == {"killed": 12}


def _linked(store: StoreBackend) -> list[str]:
    section = store.section("link_trap")
    assert section is not None
    return list(section[1][0]["articles"])


def test_a_report_that_breaks_linking_is_recorded_and_the_rest_are_linked(
    link_trap: None, store: StoreBackend, tmp_path: Path, annotator: Any
) -> None:
    folder = _write(tmp_path / "in", [*GOOD[:2], "Officials in Lviv said TANGLE on Friday."])
    result = pipeline.ingest([folder], store, annotator=annotator)
    assert len(result.added) == 3 and len(result.problems) == 1
    assert "link:link_trap failed: KeyError" in result.problems[0].message
    (problem,) = store.problems()
    tangled = store.get_article(problem.article)
    assert tangled is not None and "TANGLE" in tangled.text
    assert problem.stage == "link:link_trap" and "no such incident" in problem.error
    assert sorted(_linked(store)) == sorted(set(result.added) - {tangled.id})
    assert not any(m.article == tangled.id for e in store.entities() for m in e.mentions)

    # a later ingest links the new report and leaves the failed one out, without failing
    later = pipeline.ingest([_write(tmp_path / "more", GOOD[2:])], store, annotator=annotator)
    assert not later.problems and len(later.added) == 1
    assert later.added[0] in _linked(store) and tangled.id not in _linked(store)

    # a retry tries it again (and records it again while the bug is there)
    again = pipeline.retry_problems(store, annotator)
    assert len(again.problems) == 1 and [p.article for p in store.problems()] == [tangled.id]


def test_a_report_cleared_of_a_link_problem_is_linked_again(
    link_trap: None, tmp_path: Path, annotator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_store(tmp_path / "s.db") as store:
        folder = _write(tmp_path / "in", [GOOD[0], "Officials in Lviv said TANGLE on Friday."])
        pipeline.ingest([folder], store, annotator=annotator)
        (problem,) = store.problems()
        assert any(m.article != problem.article for e in store.entities() for m in e.mentions)
        import crosswire.link

        real = [a for a in crosswire.link.load_aggregators() if a.name != "link_trap"]
        monkeypatch.setattr(crosswire.link, "load_aggregators", lambda *_: real)  # bug fixed
        again = pipeline.ingest([folder], store, annotator=annotator)
        assert not again.problems and not store.problems()
        assert any(m.article == problem.article for e in store.entities() for m in e.mentions)


def test_a_link_failure_no_report_causes_is_raised_as_it_is(
    tmp_path: Path, annotator: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import crosswire.link
    from crosswire.errors import StageFailedError

    class Broken:
        name = "broken"
        version = "1"
        requires: tuple[str, ...] = ()
        assigns: tuple[str, ...] = ("broken",)

        def run(self, corpus: Any, store: StoreBackend) -> list[dict[str, Any]]:
            raise RuntimeError("the component itself is broken")

    monkeypatch.setattr(crosswire.link, "load_aggregators", lambda *_: [Broken()])
    with open_store(tmp_path / "s.db") as store:
        folder = _write(tmp_path / "in", GOOD[:2])
        pipeline.ingest([folder], store)  # stored, not annotated: nothing linked yet
        with pytest.raises(StageFailedError, match="the component itself is broken"):
            pipeline.link(store)
        assert not store.problems()


def test_a_kept_pool_serves_run_after_run_and_replaces_a_worker_that_died_idle(
    tmp_path: Path, annotator: Any
) -> None:
    from crosswire.isolation import WorkerPool
    from crosswire.models import SourceDocument

    def article(text: str) -> Any:
        return pipeline.clean(SourceDocument("t", text, text, "json"))

    pool = WorkerPool(annotator, load_extractors(), 1, keep=True)
    try:
        pool.start()
        (first,) = pool.run([article(GOOD[0])])
        (worker,) = pool._workers
        assert first.ok and worker.process.is_alive()
        os.kill(worker.process.pid, signal.SIGKILL)  # dies between two runs
        worker.process.join(timeout=10)
        (second,) = pool.run([article(GOOD[1])])
        assert second.ok and second.found is not None
        assert pool._workers and pool._workers[0] is not worker
    finally:
        pool.close()
    assert not pool._workers
