"""Plain-text reading and decoding: encodings, binary, empty, oversized, unreadable files."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crosswire.errors import (
    DecodeError,
    DocumentTooLargeError,
    EmptyDocumentError,
    InputError,
    UnsupportedFormatError,
)
from crosswire.ingest import read_paths, read_source
from crosswire.ingest.decode import decode_bytes, looks_binary
from crosswire.models import IngestProblem, SourceDocument

FIXTURES = Path(__file__).parents[1] / "fixtures" / "ingest"


def test_plain_text_is_kept_as_received_without_title() -> None:
    [doc] = read_source(str(FIXTURES / "plain.txt"))
    assert doc.fmt == "text"
    assert doc.title is None
    assert doc.source == str(FIXTURES / "plain.txt")
    assert doc.source_key == "plain.txt"
    assert doc.raw_text.startswith("Residents of Mariupol said")
    assert "\n\nThe city council said" in doc.raw_text


def test_latin1_text_is_decoded() -> None:
    [doc] = read_source(str(FIXTURES / "latin1.txt"))
    assert "Le maire a déclaré que la ville était encerclée." in doc.raw_text
    assert "ajouté" in doc.raw_text


@pytest.mark.parametrize(
    "text",
    [
        "Le café était fermé à Marioupol, a déclaré le maire.",  # charset-normalizer: mac_latin2
        "Café in Kraków. The mayor said the convoy would return.",  # charset-normalizer: cp775
    ],
)
def test_short_western_texts_in_latin1(tmp_path: Path, text: str) -> None:
    path = tmp_path / "short.txt"
    path.write_bytes(text.encode("latin-1"))
    [doc] = read_source(str(path))
    assert doc.raw_text == text


def test_utf8_bom_is_stripped_and_crlf_normalised() -> None:
    [doc] = read_source(str(FIXTURES / "utf8_bom.txt"))
    assert doc.raw_text == "The convoy left Mariupol at dawn.\nIt reached Zaporizhzhia by night.\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_and_utf32_with_bom(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "report.txt"
    text = "Маріуполь: the convoy was turned back.\n"
    data = text.encode(encoding)
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    path.write_bytes(data)
    [doc] = read_source(str(path))
    assert doc.raw_text == text


def test_cyrillic_legacy_encoding_is_not_read_as_western(tmp_path: Path) -> None:
    path = tmp_path / "ru.txt"
    text = "Мариуполь: гуманитарный конвой не смог войти в город, заявил Красный Крест."
    path.write_bytes(text.encode("cp1251"))
    [doc] = read_source(str(path))
    assert doc.raw_text == text


def test_windows_1252_quotes_and_dashes(tmp_path: Path) -> None:
    path = tmp_path / "w.txt"
    text = "The mayor said: “We are surrounded” – and asked for help… €10m was pledged."
    path.write_bytes(text.encode("cp1252"))
    [doc] = read_source(str(path))
    assert doc.raw_text == text


def test_binary_file_is_rejected(tmp_path: Path) -> None:
    path = tmp_path / "photo.txt"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)))
    with pytest.raises(UnsupportedFormatError, match="binary file, not text") as info:
        read_source(str(path))
    assert info.value.source == str(path)


def test_control_heavy_bytes_count_as_binary() -> None:
    assert looks_binary(b"\x01\x02\x03abc\x04\x05" * 20)
    assert not looks_binary(b"plain text, with tabs\tand\r\nnewlines")


def test_undecodable_bytes_raise_decode_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "garbled.txt"
    path.write_bytes(
        b"The convoy "
        + bytes([0x83, 0xE5, 0x9A, 0xF1, 0xC7, 0x8E, 0xB0, 0xFD, 0xA9, 0xD4] * 20)
        + b" said."
    )
    with pytest.raises(DecodeError) as info:
        read_source(str(path))
    assert str(path) in str(info.value)
    assert "UTF-8" in info.value.problem


def test_invalid_bom_raises_decode_error() -> None:
    with pytest.raises(DecodeError, match="UTF-32"):
        decode_bytes("x.txt", b"\xff\xfe\x00\x00abc")


@pytest.mark.parametrize(
    ("content", "needle"), [(b"", "empty (0 bytes)"), (b" \n\t\r\n  ", "only whitespace")]
)
def test_empty_and_whitespace_files(tmp_path: Path, content: bytes, needle: str) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(content)
    with pytest.raises(EmptyDocumentError, match=re.escape(needle)):
        read_source(str(path))


def test_oversized_file_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "big.txt"
    path.write_text("word " * 100)
    opened: list[str] = []
    real_open = open

    def spy_open(file: str, *args: object, **kwargs: object) -> object:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", spy_open)
    with pytest.raises(DocumentTooLargeError, match="500 bytes, over the 100 bytes limit"):
        read_source(str(path), max_bytes=100)
    assert str(path) not in opened


def test_missing_file() -> None:
    with pytest.raises(InputError, match="no such file or directory") as info:
        read_source("does/not/exist.txt")
    assert info.value.source == "does/not/exist.txt"


def test_unreadable_file_reports_permission(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("The convoy left.")
    real_open = open

    def deny(file: str, *args: object, **kwargs: object) -> object:
        if str(file) == str(path):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr("builtins.open", deny)
    with pytest.raises(InputError, match="permission denied"):
        read_source(str(path))


@pytest.mark.needs_file_modes
def test_unreadable_file_by_mode(tmp_path: Path) -> None:
    path = tmp_path / "secret.txt"
    path.write_text("The convoy left.")
    path.chmod(0)
    try:
        with pytest.raises(InputError, match="permission denied"):
            read_source(str(path))
    finally:
        path.chmod(0o644)


def test_bad_files_do_not_stop_the_batch(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text("The convoy reached the city.")
    empty = tmp_path / "empty.txt"
    empty.write_text("   ")
    binary = tmp_path / "blob.txt"
    binary.write_bytes(b"\x00\x01\x02" * 50)
    big = tmp_path / "big.txt"
    big.write_text("x" * 500)
    items = list(
        read_paths([str(empty), "missing.txt", str(binary), str(big), str(good)], max_bytes=200)
    )
    problems = [item for item in items if isinstance(item, IngestProblem)]
    docs = [item for item in items if isinstance(item, SourceDocument)]
    assert [doc.source for doc in docs] == [str(good)]
    assert [problem.source for problem in problems] == [
        str(empty),
        "missing.txt",
        str(binary),
        str(big),
    ]
    assert "whitespace" in problems[0].message
    assert "no such file" in problems[1].message
    assert "binary" in problems[2].message
    assert "limit" in problems[3].message
    assert all("Traceback" not in str(problem) for problem in problems)
