"""Bytes from disk to text: size limits, binary detection and encoding guessing.

News archives arrive in every encoding (UTF-8 with or without BOM, UTF-16
from Windows tools, Windows-1252 and Latin-1 from older sites). This module
turns them into ``str`` or fails with a message that names the file and
says how to fix it, never with a ``UnicodeDecodeError`` traceback.
"""

from __future__ import annotations

import codecs
import os
import re
import stat

import charset_normalizer

from crosswire.errors import (
    DecodeError,
    DocumentTooLargeError,
    InputError,
    UnsupportedFormatError,
)
from crosswire.ingest.formats import SUPPORTED_SUMMARY

__all__ = [
    "DEFAULT_MAX_BYTES",
    "bomless_utf",
    "check_size",
    "declared_html_charset",
    "decode_bytes",
    "human_size",
    "looks_binary",
    "read_file_bytes",
    "special_file_kind",
]

DEFAULT_MAX_BYTES = 20 * 1024 * 1024

_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Control bytes that never occur in text (tab, LF, FF, CR and ESC excepted).
_CONTROL = frozenset(range(32)) - {9, 10, 12, 13, 27} | {127}
# What Western European text decoded as Windows-1252 is made of, beyond ASCII.
_WESTERN = re.compile(
    r"[\u00a0-\u00ff\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u2013-\u2026\u20ac\u2122]"
)
_NOT_WESTERN = re.compile(r"[\u0080-\u009f\u00af\u00b3\u00b9\u00bc\u00be]")
_DECLARED_META = re.compile(
    rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE
)


def human_size(size: int) -> str:
    """A byte count for people: ``512 bytes``, ``3.2 MB``."""
    if size < 1024:
        return f"{size} bytes"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / (1024 * 1024):.1f} MB"


def check_size(source: str, size: int, max_bytes: int) -> None:
    """Raise DocumentTooLargeError if ``size`` is over ``max_bytes``."""
    if size > max_bytes:
        raise DocumentTooLargeError(
            source,
            f"is {human_size(size)}, over the {human_size(max_bytes)} limit; "
            "split it into smaller files or raise the limit (--max-mb)",
        )


def read_file_bytes(path: str, max_bytes: int) -> bytes:
    """Read a file whole, checking its size first so a huge file is never loaded.

    Raises InputError for a missing or unreadable file and
    DocumentTooLargeError for one over ``max_bytes``.
    """
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode) and not stat.S_ISDIR(info.st_mode):
            raise UnsupportedFormatError(path, f"is {special_file_kind(info.st_mode)}, not a file")
        check_size(path, info.st_size, max_bytes)
        with open(path, "rb") as handle:
            data = handle.read(max_bytes + 1)
    except FileNotFoundError:
        raise InputError(path, "no such file or directory; check the path") from None
    except PermissionError:
        raise InputError(
            path, "permission denied; make the file readable (chmod u+r) and try again"
        ) from None
    except IsADirectoryError:
        raise UnsupportedFormatError(path, "is a folder, not a file") from None
    except OSError as err:
        raise InputError(path, f"cannot read the file: {err.strerror or err}") from None
    check_size(path, len(data), max_bytes)  # it may have grown since stat()
    return data


def special_file_kind(mode: int) -> str:
    """What a non-regular file is, for the line that says it is skipped.

    Opening a FIFO blocks until someone writes to it, so such files are
    recognised from ``stat`` and never opened.
    """
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def looks_binary(data: bytes) -> bool:
    """True for bytes that are not text: NUL bytes or many control bytes.

    Only the first 8 KB are examined. A stray NUL or two in text (a bad
    export) does not make it binary; more than 1 in 1,000 bytes does. Text
    in UTF-16/32, with or without a byte order mark, contains NULs and must
    be recognised before calling this (:func:`bomless_utf`).
    """
    sample = data[:8192]
    if not sample:
        return False
    if sample.count(0) > max(2, len(sample) // 1000):
        return True
    control = sum(1 for byte in sample if byte in _CONTROL)
    return control / len(sample) > 0.02


def bomless_utf(data: bytes) -> str | None:
    """UTF-16 or UTF-32 without a byte order mark, told by where the zero bytes fall.

    Text in a Latin or Cyrillic script has a zero in the high byte(s) of
    nearly every code unit: UTF-16LE zeros at odd offsets, UTF-16BE at even
    ones, UTF-32 three zeros of four. Returns the codec, or None.
    """
    sample = data[:8192]
    if len(sample) < 8:
        return None
    for width, codecs_at in ((4, ("utf-32-le", "utf-32-be")), (2, ("utf-16-le", "utf-16-be"))):
        if len(data) % width:
            continue
        units = len(sample) // width
        zeros = [
            sum(1 for i in range(offset, units * width, width) if sample[i] == 0) / units
            for offset in range(width)
        ]
        if width == 4:
            if zeros[2] > 0.95 and zeros[3] > 0.95 and zeros[0] < 0.5:
                return codecs_at[0]
            if zeros[0] > 0.95 and zeros[1] > 0.95 and zeros[3] < 0.5:
                return codecs_at[1]
        else:
            if zeros[1] > 0.6 and zeros[0] < 0.1:
                return codecs_at[0]
            if zeros[0] > 0.6 and zeros[1] < 0.1:
                return codecs_at[1]
    return None


def declared_html_charset(data: bytes) -> str | None:
    """The charset an HTML page declares in a ``<meta>`` tag, if any."""
    match = _DECLARED_META.search(data[:4096])
    return match.group(1).decode("ascii") if match else None


def _bom_encoding(data: bytes) -> str | None:
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return encoding
    return None


def _try(data: bytes, encoding: str) -> str | None:
    try:
        return data.decode(encoding)
    except (UnicodeDecodeError, LookupError):
        return None


def _western(data: bytes) -> str | None:
    """Decode as Windows-1252 when the result looks like Western European prose.

    charset-normalizer is unreliable on short Western texts (it reads a
    Latin-1 French sentence as ``mac_latin2``). Windows-1252 is a superset
    of Latin-1's printable range and by far the commonest legacy encoding of
    English, French, German or Spanish news, so it is preferred when the
    non-ASCII characters it yields are the accented letters and typographic
    punctuation such prose contains, and are a small share of the letters.
    Cyrillic or Greek text decoded this way is dense with accented letters,
    Central European text yields symbols such as ``³``; both fall through.
    """
    text = _try(data, "cp1252")
    if text is None or _NOT_WESTERN.search(text):
        return None
    letters = sum(1 for char in text if char.isalpha())
    western = len(_WESTERN.findall(text))
    if letters == 0 or western / letters > 0.2:
        return None
    return text


def _normalise(text: str) -> str:
    """BOM off, ``\\n`` line ends, and NUL bytes out (a stray NUL is no part of any text)."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")


def decode_bytes(source: str, data: bytes, declared: str | None = None) -> str:
    """Decode a document's bytes to text with ``\\n`` line endings.

    Order: a byte order mark (UTF-8/16/32); strict UTF-8; the ``declared``
    charset (from an HTTP header or an HTML ``<meta>``), if it decodes; then
    Windows-1252 for Western prose; then charset-normalizer detection.

    Raises UnsupportedFormatError for binary data and DecodeError when no
    encoding fits.
    """
    bom = _bom_encoding(data)
    if bom is not None:
        text = _try(data, bom)
        if text is None:
            raise DecodeError(
                source,
                f"starts with a {bom.upper()} byte order mark but is not valid {bom.upper()}; "
                "re-save the file as UTF-8",
            )
        return _normalise(text)
    wide = bomless_utf(data)
    if wide is not None and (text := _try(data, wide)) is not None:
        return _normalise(text.replace("\x00", ""))
    if looks_binary(data):
        raise UnsupportedFormatError(
            source, f"binary file, not text; crosswire reads {SUPPORTED_SUMMARY}"
        )
    for attempt in ("utf-8", declared):
        text = _try(data, attempt) if attempt else None
        if text is not None:
            return _normalise(text)
    text = _western(data)
    if text is None:
        best = charset_normalizer.from_bytes(data).best()
        text = str(best) if best is not None else None
    if text is None:
        raise DecodeError(
            source,
            "cannot decode the bytes as text in any known encoding; "
            "open it in an editor and re-save it as UTF-8",
        )
    return _normalise(text)
