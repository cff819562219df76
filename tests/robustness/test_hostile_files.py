"""Files that used to hang or abort a batch: each gets one line and the batch goes on."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from crosswire.extract.figures_exclude import _PATTERNS
from crosswire.ingest import read_paths
from crosswire.isolation import watchdog
from crosswire.models import IngestProblem, SourceDocument

SENTENCE = "Officials in Lviv said two shelters reopened on Monday.\n"


def _read(*paths: Path, follow: bool = False) -> list[SourceDocument | IngestProblem]:
    return list(read_paths(list(paths), follow_symlinks=follow))


def test_a_fifo_in_a_folder_is_skipped_with_a_line_not_opened(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text(SENTENCE)
    os.mkfifo(tmp_path / "pipe.txt")
    items = _read(tmp_path)
    problems = [i for i in items if isinstance(i, IngestProblem)]
    assert len(items) == 2 and len(problems) == 1 and "FIFO" in problems[0].message


def test_a_link_out_of_the_folder_is_not_followed_unless_asked(tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text(SENTENCE)
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_text(SENTENCE.replace("two", "three"))
    (folder / "link.txt").symlink_to(outside)
    items = _read(folder)
    assert sum(isinstance(i, SourceDocument) for i in items) == 1
    assert any(isinstance(i, IngestProblem) and "--follow-symlinks" in i.message for i in items)
    assert sum(isinstance(i, SourceDocument) for i in _read(folder, follow=True)) == 2


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-32-be"])
def test_utf16_and_utf32_without_a_bom_are_read(tmp_path: Path, codec: str) -> None:
    path = tmp_path / "r.txt"
    path.write_bytes(SENTENCE.encode(codec))
    (doc,) = _read(path)
    assert isinstance(doc, SourceDocument) and doc.raw_text.startswith("Officials in Lviv")


def test_one_nul_byte_does_not_make_a_text_file_binary(tmp_path: Path) -> None:
    path = tmp_path / "r.txt"
    path.write_bytes(SENTENCE.encode() + b"\x00" + SENTENCE.encode())
    (doc,) = _read(path)
    assert isinstance(doc, SourceDocument) and "\x00" not in doc.raw_text


def test_a_json_file_nested_100000_deep_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    (problem,) = _read(path)
    assert isinstance(problem, IngestProblem) and "limit of 100" in problem.message


ADVERSARIAL = ("&a", "a", "a ", "1", "1 ", "a-", "'a", " \n", "aA", "1,")


def _seconds(pattern: re.Pattern[str], text: str) -> float:
    """The best of three runs: on a busy machine one run may lose its core."""
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        for _ in pattern.finditer(text):
            pass
        best = min(best, time.perf_counter() - started)
    return best


@pytest.mark.parametrize(("kind", "pattern"), _PATTERNS, ids=[k for k, _ in _PATTERNS])
def test_the_exclusion_patterns_run_in_linear_time(kind: str, pattern: re.Pattern[str]) -> None:
    for unit in ADVERSARIAL:
        small, large = ((unit * n)[:n] for n in (10_000, 1_000_000))
        medium = (unit * 100_000)[:100_000]
        t_small, t_medium = _seconds(pattern, small), _seconds(pattern, medium)
        with watchdog(30, f"the {kind} pattern on 1M characters"):  # a quadratic one never ends
            t_large = _seconds(pattern, large)
        # near-linear: 10x the text (100k -> 1M) may cost up to 60x on a busy machine,
        # never the 100x of a quadratic pattern; 10k is timed too, for the message
        assert t_large < 60 * max(t_medium, 0.005) and t_large < 5, (
            unit,
            t_small,
            t_medium,
            t_large,
        )


def test_a_feed_entry_of_undefined_entities_is_one_line_not_a_report(tmp_path: Path) -> None:
    path = tmp_path / "f.rss"
    path.write_text(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>&feed;</title>'
        "<item><title>&headline;</title><description>&body;</description></item>"
        f"<item><title>Flood</title><description>{SENTENCE}</description></item>"
        "</channel></rss>"
    )
    bad, good = _read(path)
    assert isinstance(bad, IngestProblem) and "never defines" in bad.message
    assert isinstance(good, SourceDocument) and good.raw_text.startswith("Officials in Lviv")
