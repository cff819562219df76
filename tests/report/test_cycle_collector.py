"""The cycle collector is paused while a report is made, and left as it was found."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from crosswire.report.collector import collector_paused


@pytest.fixture
def collector_enabled() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


def test_collector_runs_again_after_the_block_even_when_it_raises(collector_enabled: None) -> None:
    with pytest.raises(ValueError), collector_paused():
        assert not gc.isenabled()
        raise ValueError("report failed")
    assert gc.isenabled()


def test_nested_pauses_leave_the_collector_paused_until_the_outer_one_ends(
    collector_enabled: None,
) -> None:
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_disabled_before_stays_disabled(collector_enabled: None) -> None:
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()
    gc.enable()
