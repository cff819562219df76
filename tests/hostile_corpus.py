"""The hostile corpus: 75 inputs that once hung, aborted or poisoned an ingest, generated on demand.

Nothing here is committed as a binary blob: :func:`write_hostile_corpus` writes
every input into a folder (binary ones from a seeded generator), with a few
good reports among them. Ingesting the folder must give each bad input one
line, no traceback, exit status 1, and the good reports stored and annotated;
posting the same bytes to ``POST /api/ingest`` must answer 422 with a reason
(or 201 for the harmless ones), never 500. ``tests/robustness/test_hostile_corpus.py``
and ``bench/reliability.py`` both use it.

Run as a script to write the corpus somewhere to look at:
``python tests/hostile_corpus.py /tmp/hostile``.
"""

from __future__ import annotations

import json
import os
import random
import socket
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["BAD_URLS", "GOOD_TEXTS", "HostileInput", "write_hostile_corpus"]

#: Reports that must come through the hostile corpus stored and annotated.
GOOD_TEXTS = (
    "Rescuers said 12 people were killed when a bridge collapsed in Dnipro on Monday.",
    "The mayor of Odesa said 40 families were evacuated after the flood on Tuesday.",
    "Officials in Kharkiv said three shelters reopened on Wednesday.",
    "Police in Lviv said two men were arrested after a fire at a warehouse on Thursday.",
    "The governor of Sumy said 15 schools were closed after shelling on Friday.",
)

#: URLs given on the command line that must fail with one line each and without the network.
BAD_URLS = (
    "http://127.0.0.1:9/closed-port",
    "http://[::1/broken-bracket",
    "https://256.256.256.256/no-such-address",
    "http://localhost:0/port-zero",
)

SENTENCE = "Officials in Rivne said the road reopened on Monday after repairs."

_RSS = b'<?xml version="1.0"?>%s<rss version="2.0"><channel>%s</channel></rss>'
_ITEM = b"<item><title>%s</title><description>%s</description></item>"
_LAUGHS = b"".join(
    b'<!ENTITY %c "%s">' % (name, (b"&%c;" % prev) * 10 if prev else b"a" * 10)
    for name, prev in zip(b"abcdef", [0, *b"abcde"], strict=True)
)


@dataclass(frozen=True, slots=True)
class HostileInput:
    """One input: its path in the corpus, what it is, and its bytes for the API (None: no body)."""

    name: str
    what: str
    body: bytes | None


def _json(value: object) -> bytes:
    return json.dumps(value).encode()


def _record(text: str, **more: str) -> bytes:
    return _json({"title": more.pop("title", "A report"), "text": text, **more})


def _noise(seed: int, n: int) -> bytes:
    return random.Random(seed).randbytes(n)


def _contents() -> list[tuple[str, str, bytes]]:
    """(file name, what it is, bytes) for every regular-file input."""
    deep = 100_000
    long_text = (SENTENCE + " ") * (1_000_000 // len(SENTENCE) + 10)
    out: list[tuple[str, str, bytes]] = [
        # good reports, in several formats
        ("good0.json", "good JSON record", _record(GOOD_TEXTS[0], title="Bridge collapse")),
        ("good1.txt", "good plain text", GOOD_TEXTS[1].encode()),
        ("good2.json", "good JSON list", _json([{"title": "Shelters", "text": GOOD_TEXTS[2]}])),
        # JSON structure
        ("deep_array.json", "JSON nested 100,000 deep", b"[" * deep + b"]" * deep),
        (
            "deep_object.json",
            "JSON objects nested 100,000 deep",
            b'{"a":' * deep + b"1" + b"}" * deep,
        ),
        (
            "deep_field.json",
            "a record whose title is nested deep",
            b'{"text": "x", "title": ' + b"[" * deep + b"]" * deep + b"}",
        ),
        ("huge_int.json", "a 5,000-digit integer literal", b'{"n": ' + b"9" * 5000 + b"}"),
        (
            "huge_float.json",
            "a float literal that overflows",
            _record(SENTENCE)[:-1] + b', "n": 1e999999}',
        ),
        (
            "digits400.json",
            "a 400-digit number in the text",
            _record("Police said " + "9" * 400 + " people were killed in Kyiv."),
        ),
        (
            "digits5000.txt",
            "a 5,000-digit number in a text file",
            ("Police said " + "9" * 5000 + " died.").encode(),
        ),
        (
            "digit_commas.txt",
            "a number of 10,000 comma groups",
            ("Police said 1" + ",000" * 10_000 + " died.").encode(),
        ),
        (
            "surrogate_high.json",
            "a lone high surrogate",
            b'{"text": "Officials said \\ud800 in Lviv."}',
        ),
        (
            "surrogate_low.json",
            "a lone low surrogate",
            b'{"text": "Officials said \\udc00 in Lviv."}',
        ),
        (
            "surrogate_title.json",
            "a lone surrogate in the title",
            b'{"title": "\\udbff", "text": "Officials said two died in Lviv."}',
        ),
        ("not_json.json", "not JSON at all", b"{this is not json"),
        ("truncated.json", "JSON cut off mid-string", b'{"text": "Officials said'),
        ("numbers.json", "a JSON list of numbers", b"[1, 2, 3]"),
        ("null.json", "JSON null", b"null"),
        ("string.json", "a bare JSON string", b'"just a string"'),
        ("text_number.json", "a text field that is a number", b'{"text": 12}'),
        ("empty_object.json", "an empty object", b"{}"),
        ("empty_text.json", "an empty text field", b'{"text": ""}'),
        ("nan.json", "NaN and Infinity literals", b'{"text": NaN, "title": Infinity}'),
        ("long_text.json", "a text of over 1,000,000 characters", _record(long_text)),
        ("long_text.txt", "a text file of over 1,000,000 characters", long_text.encode()),
        (
            "long_word.txt",
            "one 500,000-letter word",
            ("Officials said " + "a" * 500_000 + " died.").encode(),
        ),
        (
            "long_line.txt",
            "a 200,000-character line",
            ((SENTENCE + " ") * 14_000)[:200_000].encode(),
        ),
        # encodings and bytes
        ("nul_one.txt", "one NUL byte in a text", SENTENCE.encode() + b"\x00" + SENTENCE.encode()),
        ("nul_many.txt", "mostly NUL bytes", b"\x00" * 50_000 + SENTENCE.encode()),
        ("utf16le.txt", "UTF-16-LE without a BOM", SENTENCE.encode("utf-16-le")),
        ("utf16be.txt", "UTF-16-BE without a BOM", SENTENCE.encode("utf-16-be")),
        ("utf32le.txt", "UTF-32-LE without a BOM", SENTENCE.encode("utf-32-le")),
        ("utf32be.txt", "UTF-32-BE without a BOM", SENTENCE.encode("utf-32-be")),
        ("utf16_bom.txt", "UTF-16 with a BOM", SENTENCE.encode("utf-16")),
        (
            "latin1.txt",
            "Latin-1 bytes, not UTF-8",
            "Officials in Kraków said the café reopened.".encode("latin-1"),
        ),
        ("utf8_bom.json", "a JSON record behind a UTF-8 BOM", b"\xef\xbb\xbf" + _record(SENTENCE)),
        ("noise.bin", "64 KB of random bytes", _noise(1, 65_536)),
        ("noise.txt", "random bytes named .txt", _noise(2, 65_536)),
        ("noise.json", "random bytes named .json", _noise(3, 4096)),
        ("png.txt", "a PNG header named .txt", b"\x89PNG\r\n\x1a\n" + _noise(4, 2048)),
        ("gzip.json", "gzip bytes named .json", b"\x1f\x8b\x08\x00" + _noise(5, 2048)),
        ("empty.txt", "an empty text file", b""),
        ("empty.json", "an empty JSON file", b""),
        ("empty.jsonl", "an empty JSONL file", b""),
        ("blank.txt", "only whitespace", b" \n\t\n   \n"),
        ("boilerplate.txt", "only page furniture", b"Advertisement\nShare\nTweet\nEmail\n"),
        # characters that mislead readers and terminals
        (
            "zero_width.txt",
            "zero-width characters between every letter",
            "\u200b".join(SENTENCE).encode(),
        ),
        ("rtl.txt", "right-to-left overrides", ("\u202e" + SENTENCE + "\u202c").encode()),
        (
            "bidi_title.json",
            "a title full of bidi controls",
            _record(SENTENCE, title="\u202e\u2066evil\u2069\u202c"),
        ),
        (
            "escape_title.json",
            "terminal escapes in the title",
            _record(SENTENCE, title="\x1b]0;pwned\x07\x1b[2J\x1b[31mred"),
        ),
        (
            "controls.txt",
            "C0 control characters",
            ("\x01\x02\x07\x1b[2J" + SENTENCE + "\x7f").encode(),
        ),
        (
            "combining.txt",
            "100,000 combining marks on one letter",
            ("Officials said a" + "\u0301" * 100_000 + " died.").encode(),
        ),
        # HTML
        (
            "bomb.html",
            "HTML nested 100,000 tags deep",
            b"<html><body>"
            + b"<div>" * deep
            + SENTENCE.encode()
            + b"</div>" * deep
            + b"</body></html>",
        ),
        (
            "unclosed.html",
            "HTML with 50,000 unclosed tags",
            b"<html><body>" + b"<p><b><i>" * 50_000 + SENTENCE.encode(),
        ),
        (
            "script_only.html",
            "HTML with only a script",
            b"<html><script>" + b"var a=1;" * 10_000 + b"</script></html>",
        ),
        (
            "entities.html",
            "HTML with undefined and unterminated entities",
            b"<p>&bogus; &#99999999; &#x110000; &amp" + SENTENCE.encode() + b"</p>",
        ),
        (
            "comment.html",
            "HTML with an unterminated comment",
            b"<html><body><!-- " + SENTENCE.encode() * 100,
        ),
        (
            "attribute.html",
            "HTML with a 1 MB attribute",
            b'<p title="' + b"x" * 1_000_000 + b'">' + SENTENCE.encode() + b"</p>",
        ),
        # feeds
        (
            "entities.rss",
            "a feed with unexpanded entities",
            _RSS % (b"", b"<title>&feedname;</title>" + _ITEM % (b"&headline;", b"&body;")),
        ),
        (
            "laughs.xml",
            "an entity-expansion bomb",
            _RSS % (b"<!DOCTYPE rss [" + _LAUGHS + b"]>", _ITEM % (b"t", b"&f;" * 5)),
        ),
        (
            "truncated.rss",
            "a feed cut off mid-item",
            (_RSS % (b"", _ITEM % (b"Flood", SENTENCE.encode())))[:-40],
        ),
        (
            "empty.atom",
            "an Atom feed with no entries",
            b'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">'
            b"<title>x</title></feed>",
        ),
        (
            "external.rss",
            "a feed naming an external entity",
            _RSS
            % (b'<!DOCTYPE rss [<!ENTITY x SYSTEM "file:///etc/passwd">]>', _ITEM % (b"t", b"&x;")),
        ),
        # JSONL
        (
            "mixed.jsonl",
            "JSONL with good and bad lines",
            b"\n".join(
                [
                    _record(GOOD_TEXTS[3], title="Warehouse fire"),
                    b"{broken",
                    b"[" * deep + b"]" * deep,
                    b'{"text": "\\ud800 lone"}',
                    b'{"n": ' + b"9" * 5000 + b"}",
                    _record(GOOD_TEXTS[4], title="Schools closed"),
                ]
            ),
        ),
        ("all_bad.jsonl", "JSONL with only bad lines", b"{x\n[1,2]\nnull\n"),
        # text that backtracking patterns once choked on
        ("amp.txt", "100,000 characters of &a&a...", b"&a" * 50_000),
        ("caps.txt", "100,000 characters of A.A....", b"A." * 50_000),
        (
            "spaces.txt",
            "a report that is mostly spaces",
            ("from " + " " * 100_000 + SENTENCE).encode(),
        ),
        # names
        ("new\nline \x1b[31m.txt", "a file name with a newline and an escape", SENTENCE.encode()),
        ("n" * 200 + ".txt", "a 204-character file name", ("In Kherson " + SENTENCE).encode()),
    ]
    return out


def _special(root: Path, outside: Path) -> list[tuple[str, str, Callable[[Path], None]]]:
    """(name, what, how to make it) for inputs that are not regular files."""

    def fifo(p: Path) -> None:
        os.mkfifo(p)

    def link_out(p: Path) -> None:
        p.symlink_to(outside / "secret.txt")

    def loop(p: Path) -> None:
        p.symlink_to(p.with_name("loop_b.txt"))
        p.with_name("loop_b.txt").symlink_to(p)

    def dangling(p: Path) -> None:
        p.symlink_to(root / "no-such-file.txt")

    def unix_socket(p: Path) -> None:
        s = socket.socket(socket.AF_UNIX)
        try:
            s.bind(str(p))
        finally:
            s.close()

    return [
        ("pipe.txt", "a FIFO", fifo),
        ("link_out.txt", "a symlink leaving the folder", link_out),
        ("loop_a.txt", "a symlink loop", loop),
        ("dangling.txt", "a dangling symlink", dangling),
        ("sock.txt", "a Unix socket", unix_socket),
    ]


def write_hostile_corpus(folder: Path) -> list[HostileInput]:
    """Write the 75 hostile inputs into ``folder`` (created) and return them, in order.

    A file outside ``folder`` (its sibling ``outside/``) is what the escaping
    symlink points at: ingest must not read it.
    """
    folder.mkdir(parents=True, exist_ok=True)
    outside = folder.parent / f"{folder.name}-outside"
    outside.mkdir(exist_ok=True)
    (outside / "secret.txt").write_text("Officials said this file outside the folder was read.")
    inputs: list[HostileInput] = []
    for name, what, data in _contents():
        (folder / name).write_bytes(data)
        inputs.append(HostileInput(name, what, data))
    for name, what, make in _special(folder, outside):
        make(folder / name)
        inputs.append(HostileInput(name, what, None))
    return inputs


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "hostile-corpus")
    written = write_hostile_corpus(target)
    print(f"{len(written)} hostile inputs written to {target}")
