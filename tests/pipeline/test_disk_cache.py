"""The disk cache for derived tables: read back when valid, rebuilt when not, never fatal."""

from __future__ import annotations

import pickle
from collections import OrderedDict
from pathlib import Path

import pytest

from crosswire.cache import CACHE_ENV, cache_dir, cache_key, cached


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


class Counter:
    def __init__(self, value: object) -> None:
        self.value = value
        self.calls = 0

    def __call__(self) -> object:
        self.calls += 1
        return self.value


def test_value_is_built_once_then_read_back(folder: Path) -> None:
    build = Counter({"kyiv": (1, 2.5), "names": ["a", "b"]})
    first = cached("table", "k1", build)
    second = cached("table", "k1", build)
    assert first == second == {"kyiv": (1, 2.5), "names": ["a", "b"]}
    assert build.calls == 1
    assert [p.name for p in folder.iterdir()] == ["table-k1.pickle"]


def test_new_key_rebuilds(folder: Path) -> None:
    cached("table", "old", Counter([1]))
    build = Counter([2])
    assert cached("table", "new", build) == [2]
    assert build.calls == 1


def test_corrupt_file_is_rebuilt_and_replaced(folder: Path) -> None:
    cached("table", "k", Counter([1, 2, 3]))
    path = folder / "table-k.pickle"
    path.write_bytes(path.read_bytes()[:20])  # truncated
    build = Counter([1, 2, 3])
    assert cached("table", "k", build) == [1, 2, 3]
    assert build.calls == 1
    again = Counter([1, 2, 3])
    assert cached("table", "k", again) == [1, 2, 3]
    assert again.calls == 0  # the rewritten file is whole


def test_classes_not_named_are_refused(folder: Path) -> None:
    folder.mkdir()
    planted = b"crosswire-cache-1\n" + pickle.dumps(OrderedDict(a=1))
    (folder / "table-k.pickle").write_bytes(planted)
    build = Counter({"a": 1})
    assert cached("table", "k", build) == {"a": 1}
    assert build.calls == 1


def test_foreign_file_is_rebuilt(folder: Path) -> None:
    folder.mkdir()
    (folder / "table-k.pickle").write_bytes(pickle.dumps([9]))  # no crosswire header
    build = Counter([1])
    assert cached("table", "k", build) == [1]
    assert build.calls == 1


def test_off_builds_every_time_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_ENV, "off")
    assert cache_dir() is None
    build = Counter([1])
    cached("table", "k", build)
    cached("table", "k", build)
    assert build.calls == 2


def test_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert cache_dir() == tmp_path / "crosswire"


def test_unwritable_folder_is_not_fatal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))
    build = Counter([1])
    assert cached("table", "k", build) == [1]
    assert cached("table", "k", build) == [1]
    assert build.calls == 2


def test_key_depends_on_every_part_and_its_boundaries() -> None:
    assert cache_key("ab", "c") != cache_key("a", "bc")
    assert cache_key("a", b"b") == cache_key("a", "b")
    assert cache_key("a") != cache_key("a", "")


def test_the_real_gazetteer_survives_the_round_trip(folder: Path) -> None:
    from crosswire.geo.gazetteer import Gazetteer, Place, gazetteer

    built = gazetteer()
    cached("gazetteer", "k", lambda: built, classes=(Gazetteer, Place))

    def fail() -> Gazetteer:
        raise AssertionError("should have been read from the cache")

    loaded = cached("gazetteer", "k", fail, classes=(Gazetteer, Place))
    assert loaded is not built
    for name in ("Mariupol", "Kiev", "Donbas", "Texas", "Ukraine", "Springfield"):
        assert loaded.lookup(name) == built.lookup(name)
    assert loaded.county("Bastrop County") == built.county("Bastrop County")
    assert list(loaded.spellings(100_000)) == list(built.spellings(100_000))
    assert loaded.by_geonameid(701822) == built.by_geonameid(701822)
