"""Every regex crosswire applies to report text runs in time linear in the text's length.

A backtracking pattern that is quadratic (or worse) on some input lets one
report hold an ingest, or the server's ingest lock, for minutes: the age
pattern once took 52 s on 100k characters of "&a&a...". Each pattern is timed
the way crosswire applies it (``finditer`` unless it is only ever matched at
one position or over a bounded slice) on the adversarial inputs of
``tests/regex_adversary.py`` at 10k, 100k and 1M characters; the slowest
shape must grow near-linearly (best of three timings, a generous factor, so a
loaded machine does not fail it).
"""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import crosswire
from regex_adversary import adversarial_inputs, adversarial_shapes, package_patterns

#: Patterns only ever applied with ``match``/``fullmatch`` at one position: one start, so
#: timed with ``match``. A search-quadratic pattern here would need a rewrite if it were
#: ever used with ``search``/``finditer``.
AT_A_POSITION = {
    "crosswire.clean._AP_STAFF_RE": "match at the start of a credit line",
    "crosswire.clean._BOILERPLATE_RE": "fullmatch of a whole line",
    "crosswire.clean._CREDIT_LINE_RE": "fullmatch of a whole line",
    "crosswire.clean._DATELINE_RE": "match at the start of the first line",
    "crosswire.clean._FULL_DATELINE_RE": "fullmatch of a line",
    "crosswire.clean._PLAIN_WORD_RE": "fullmatch of one word",
    "crosswire.clean._WIRE_LINE_RE": "fullmatch of a whole line",
    "crosswire.extract.events_dating._LIST_ENTRY": "match right after a timex",
    "crosswire.extract.figures._IF": "match at a sentence start",
    "crosswire.extract.figures._OF_THEM": "match right after a figure",
    "crosswire.extract.figures._FROM_TO": "fullmatch of one quantity's span",
    "crosswire.extract.figures_attrib._ABOUT_FIGURES_RE": "match at the next sentence's start",
    "crosswire.extract.figures_exclude._CONVERTED_AFTER": "match right after a quantity",
    "crosswire.extract.figures_focus._DAYS_EARLIER": "match right after a mention",
    "crosswire.extract.figures_headline._COUNT_TAIL": "match right after a count",
    "crosswire.extract.figures_headline._ACT_TAIL": "match right after a headline's count",
    "crosswire.extract.place_mentions._POLICE_AFTER": "match right after a place",
    "crosswire.extract.time_patterns._NEXT_WORD": "match right after a timex",
    "crosswire.extract.time_stamps._CLOCK_THEN_DATE": "match of a stamp's span",
    "crosswire.extract.time_stamps._ENTRY_AFTER": "match right after a stamp",
    "crosswire.extract.time_published._STAMP_REST": "match of the line around a stamp",
    "crosswire.extract.timexes._RUN_INTO": "fullmatch of the gap between two timexes",
    "crosswire.report.sentences._NEXT_WORD": "match at the next sentence's start",
    "crosswire.report.sentences._OPENS_SENTENCE": "match at the next sentence's start",
}

#: Patterns only ever searched over a slice of at most so many characters: timed at that size.
BOUNDED = {
    **{f"crosswire.clean._CREDIT_RES[{i}][0]": 120 for i in range(5)},  # a line's last 120
    "crosswire.clean._IN_PLACE_RE": 400,  # one piece of a credit line of at most 400
    "crosswire.extract.figures_exclude._CONVERTED_BEFORE": 60,  # the 60 characters before a number
    "crosswire.extract.figures_victims._CREDIT": 24,  # the 24 characters before a name
    "crosswire.extract.time_published._PUBLISHED": 60,  # the 60 characters before a stamp
    "crosswire.extract.place_mentions._DATE_TAIL": 200,  # a dateline (clean caps it)
    "crosswire.extract.place_mentions._WIRE": 200,  # a dateline
}

SIZES = (10_000, 100_000, 1_000_000)
CAP = 20.0  # seconds: past this a timing counts as runaway (a linear pattern takes ~6 s on
#  1M characters when four jobs share this 2-core box; a quadratic one takes minutes)
GROWTH = 30.0  # linear growth is 10x per step; quadratic 100x
SLACK = 0.05  # seconds per 100k characters added to each bound: noise on tiny timings

_PATTERNS = package_patterns()


class _RunawayError(Exception):
    pass


@contextmanager
def _capped(seconds: float) -> Iterator[None]:
    def on_alarm(_signum: int, _frame: object) -> None:
        raise _RunawayError

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _applier(name: str, pattern: re.Pattern[str]) -> Callable[[str], object]:
    if name in AT_A_POSITION:
        return pattern.match
    return lambda text: sum(1 for _ in pattern.finditer(text))


def _seconds(apply: Callable[[str], object], text: str, runs: int = 1) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        try:
            with _capped(CAP):
                apply(text)
        except _RunawayError:
            return float("inf")
        best = min(best, time.perf_counter() - start)
    return best


def test_the_package_patterns_are_all_found() -> None:
    names = {name for name, _ in _PATTERNS}
    assert len(names) > 200
    assert set(AT_A_POSITION) <= names, set(AT_A_POSITION) - names
    assert set(BOUNDED) <= names, set(BOUNDED) - names


@pytest.mark.parametrize("name", [name for name, _ in _PATTERNS if name in BOUNDED])
def test_a_pattern_searched_over_a_bounded_slice_is_fast_at_that_size(name: str) -> None:
    pattern = dict(_PATTERNS)[name]
    size = BOUNDED[name]
    worst = max(_seconds(_applier(name, pattern), s) for s in adversarial_inputs(pattern, size))
    assert worst < 0.05, f"{name}: {worst:.3f} s on {size} characters"


@pytest.mark.parametrize("name", [name for name, _ in _PATTERNS if name not in BOUNDED])
def test_a_pattern_runs_in_linear_time_on_adversarial_text(name: str) -> None:
    pattern = dict(_PATTERNS)[name]
    apply = _applier(name, pattern)
    shapes = adversarial_shapes(pattern)
    small = [make(SIZES[0]) for make in shapes]
    shape = max(range(len(small)), key=lambda i: _seconds(apply, small[i]))
    times = []
    for size in SIZES:
        text = shapes[shape](size)
        times.append(_seconds(apply, text, runs=3))
        assert times[-1] < CAP, f"{name}: runaway on {size} characters of {text[:30]!r}"
    for step in (1, 2):
        (a, ta), (b, tb) = (SIZES[step - 1], times[step - 1]), (SIZES[step], times[step])
        # linear: 10x the text, 10x the time; allowed GROWTH x, plus SLACK per 100k characters
        assert tb <= GROWTH * ta + SLACK * b / 100_000, (
            f"{name}: {ta:.4f} s on {a} characters but {tb:.4f} s on {b} of {small[shape][:30]!r}"
        )


def test_a_pattern_timed_at_one_position_is_never_searched() -> None:
    """The registry above stays true: none of its patterns is searched anywhere in the package."""
    src = Path(crosswire.__file__).parent
    code = "\n".join(p.read_text() for p in src.rglob("*.py"))
    for name in AT_A_POSITION:
        attr = name.rsplit(".", 1)[1]
        searched = re.search(
            rf"\b{re.escape(attr)}\.(?:search|finditer|findall|sub|subn|split)\(", code
        )
        assert searched is None, (
            f"{name} is searched ({searched[0] if searched else ''}): time it so"
        )
