"""Clean stage: raw report text in, analysable prose plus metadata out.

Every later stage (sentences, entities, quotes, figures) reads ``Article.text``
and points into it by character offset, so what survives cleaning is what the
situation report can cite. Reports arrive with photo captions left inline
("... of the war Credit: AP"), page furniture ("Advertisement", "Share this
article"), paragraphs glued together ("said.Mariupol") and the dateline and
wire credit mixed into the prose. Left in, captions become fake facts and wire
lines become fake entities; glued sentences break sentence splitting.

Everything taken out is recorded as a :class:`~crosswire.models.Removal` so a
reader can check our work. The rules are conservative: only whole lines are
removed as boilerplate, wire credits are only taken from the end of the text
and datelines only from the start of the first line.

Wire agencies are reported under canonical full names ("Associated Press",
"Agence France-Presse", "Reuters", ...): ``(AP)`` becomes "Associated Press".
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from crosswire.models import CleanedText, Removal

__all__ = ["AGENCIES", "clean_text"]

#: Lower-cased spellings of wire agencies -> canonical name used in ``wire`` (read-only).
AGENCIES: Mapping[str, str] = MappingProxyType(
    {
        "reuters": "Reuters",
        "thomson reuters": "Reuters",
        "ap": "Associated Press",
        "associated press": "Associated Press",
        "the associated press": "Associated Press",
        "afp": "Agence France-Presse",
        "agence france-presse": "Agence France-Presse",
        "agence france presse": "Agence France-Presse",
        "bloomberg": "Bloomberg",
        "tass": "Tass",
        "itar-tass": "Tass",
        "xinhua": "Xinhua",
        "dpa": "dpa",
        "deutsche presse-agentur": "dpa",
        "ansa": "ANSA",
        "efe": "EFE",
        "interfax": "Interfax",
        "interfax-ukraine": "Interfax-Ukraine",
        "ukrinform": "Ukrinform",
        "unian": "UNIAN",
        "pa media": "PA Media",
        "press association": "PA Media",
        "ria novosti": "RIA Novosti",
        "kyodo": "Kyodo",
        "yonhap": "Yonhap",
        "anadolu": "Anadolu",
        "anadolu agency": "Anadolu",
        "upi": "UPI",
        "agencies": "Agencies",
        "staff and agencies": "Agencies",
    }
)

_ALT = "|".join(re.escape(k) for k in sorted(AGENCIES, key=len, reverse=True))
_AGENCY = rf"(?<![\w-])(?:{_ALT})(?![\w-])"
_AGENCY_RE = re.compile(_AGENCY, re.I)
_AGENCY_LIST = rf"{_AGENCY}(?:\s*(?:,|/|&|;|\+|\band\b)\s*{_AGENCY})*"

# --- whitespace -----------------------------------------------------------------
_INVISIBLE = "\ufeff\u200b\u200c\u200d\u2060\u00ad"  # BOM, zero-width, soft hyphen
_ODD_SPACES = "\t\u00a0\u1680\u202f\u205f\u3000" + "".join(map(chr, range(0x2000, 0x200B)))
_INVISIBLE_RE = re.compile(f"[{_INVISIBLE}]")
_SPACES_RE = re.compile(f"[ {_ODD_SPACES}]{{2,}}|[{_ODD_SPACES}]")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")

# --- boilerplate: whole lines only ----------------------------------------------
_BOILERPLATE_RE = re.compile(
    r"(?:advertisement|advertising|sponsored(?: content)?|story continues below(?: advertisement)?"
    r"|continue reading(?: below)?|scroll to continue.*|share|tweet|email|print|copy link"
    r"|share (?:this|on|via)\b.*|sign up\b.*|subscribe\b.*|click here\b.*"
    r"|read more\b.*|(?:also read|read also|related|watch|see also|listen|video)\s*:.*"
    r"|follow\b.{0,120}\b(?:twitter|facebook|instagram|telegram|tiktok|youtube|linkedin|whatsapp"
    r"|live coverage)\b.*"
    r"|(?:©|\(c\)|copyright\s+(?:©|\(c\)|\d{4}|by\b)).*|.*all rights reserved\.?"
    r"|this (?:article|story|report|piece) (?:was|has been|is) (?:first |originally )?"
    r"(?:published|updated|amended|corrected)\b.*"
    r"|our standards: the thomson reuters trust principles\.?|loading\W*)",
    re.I,
)
_BOILERPLATE_MAX = 200

# --- photo captions and credits -------------------------------------------------
_NAME = r"[A-Z][\w.'’-]*(?:\s[A-Z][\w.'’-]*){0,3}"
_PHOTO_AGENCY = r"(?:REUTERS|Reuters|AFP|AP|EPA(?:-EFE)?|ANADOLU|Anadolu|Xinhua|TASS|Sputnik)"
_LABEL = (
    r"(?:Photo credit|Photo Credit|PHOTO CREDIT|Credits?|CREDITS?|Photos?|PHOTOS?|Photographs?"
    r"|PHOTOGRAPHS?|Pictures?|PICTURES?|Images?|IMAGES?|Illustration|ILLUSTRATION)"
)
# (regex, strong): a strong credit is only ever seen under photos.
_CREDIT_RES: tuple[tuple[re.Pattern[str], bool], ...] = (
    (
        re.compile(rf"(?:(?<=\s)|^)(?P<c>{_LABEL}\s*:\s*[A-Z0-9][^\s:]*(?:\s+[^\s:]+){{0,7}})$"),
        False,
    ),
    (re.compile(r"(?P<c>\((?:[A-Z][\w ]{0,20}\s)?Photos?\s*(?:/|by\s)[^()]{1,80}\))\.?$"), True),
    (
        re.compile(
            rf"(?P<c>(?:{_NAME}\s*/\s*)?(?:[A-Z][\w-]*\s+via\s+)?"
            r"(?:Getty Images|Shutterstock|Alamy(?: Stock Photo)?))\.?$"
        ),
        True,
    ),
    (re.compile(rf"(?P<c>{_PHOTO_AGENCY}\s*/\s*{_NAME})\.?$"), True),
    (re.compile(rf"(?P<c>{_NAME}\s*/\s*{_PHOTO_AGENCY})\.?$"), True),
)
_CREDIT_HINT_RE = re.compile(r"[:/]|Getty|Shutterstock|Alamy")
_CAPTION_PREFIX_RE = re.compile(r"(?:Image|Media) (?:caption|source),\s")
_SENTENCE_BREAK_RE = re.compile(r"[.!?][”’\"»)]?\s+[“‘\"«(]?[A-Z0-9]")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_ABBREVIATIONS = _words(
    "mr mrs ms dr st gen col lt sgt capt maj cmdr adm gov sen rep prof rev jr sr no vs etc inc "
    "ltd co corp mt ft jan feb mar apr jun jul aug sep sept oct nov dec"
)

# --- wire credits and reporter credits (end of text only) ----------------------
_WIRE_LINE_RE = re.compile(
    rf"[(\[]?\s*(?:(?:—|–|--|-|with|source:|sources:|via)\s*)?(?P<a>{_AGENCY_LIST})\s*[)\]]?"
    r"(?:\s+contributed(?: to this (?:report|story|article)| reporting)?)?\.?",
    re.I,
)
_CREDIT_LINE_RE = re.compile(
    r"\(?\s*(?:(?:additional|further)\s+)?(?:reporting|writing|editing|compiled|research"
    r"|contributing|production)(?:\s+and\s+\w+)?\s+by\b.{0,300}"
    r"|(?:the\s+)?(?:associated press|ap)\s+(?:writers?|reporters?|journalists?|correspondents?)"
    r"\b.{0,250}|.{0,200}\bcontributed (?:reporting|to (?:this|the) (?:report|story|article))\b.*",
    re.I,
)
_TAIL_WIRE_RE = re.compile(
    rf"(?<=[.!?”\"’)])\s*(?:(?:—|–|--|-)\s*(?P<a>{_AGENCY_LIST})|\((?P<b>{_AGENCY_LIST})\)"
    rf"|with\s+(?P<c>{_AGENCY_LIST}))\.?$",
    re.I,
)
_EDITING_RE = re.compile(r"\bediting by\b", re.I)
_AP_STAFF_RE = re.compile(r"\W*(?:the\s+)?(?:associated press|ap)\s", re.I)
_CREDIT_SPLIT_RE = re.compile(r"[,;]|\band\b|\bby\b", re.I)
_IN_PLACE_RE = re.compile(r"\s+in\s+.*$")
_TAIL_CREDIT_RE = re.compile(
    r"(?<=[.!?”\"’])\s*\((?:additional\s+)?(?:reporting|writing|editing)\b[^()]{0,300}\)$", re.I
)

# --- dateline (start of first line only) ----------------------------------------
_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sept?(?:ember)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?"
)
_PLACE_WORD = r"[A-Z][\w'’.-]*"
_DATELINE_RE = re.compile(
    rf"(?P<place>{_PLACE_WORD}(?:\s+(?:(?:of|de|la|el|al|du|upon)\s+)?{_PLACE_WORD}){{0,3}})"
    rf"(?P<region>,\s*{_PLACE_WORD}(?:\s+{_PLACE_WORD}){{0,2}})?"
    r"(?P<date>,\s*(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day"
    rf"|{_MONTH}\s+\d{{1,2}}(?:,?\s+\d{{4}})?|\d{{1,2}}\s+{_MONTH}(?:\s+\d{{4}})?)"
    # agency style, the place closed by a full stop: "KYIV. March 9 (Interfax-Ukraine) -"
    rf"|(?<=\.)\s+{_MONTH}\s+\d{{1,2}}(?:,?\s+\d{{4}})?)?"
    r"(?:\s*\((?P<wire>[A-Za-z][\w .&-]{0,30})\)|\.?\s*/(?P<slash>[A-Z][\w-]{1,20})/)?"
    r"(?P<sep>\s*(?:•|—|–)\s*|\s+(?:--|-)\s+|:\s+|(?<=/)\.?\s+)"
    r"(?=[“‘\"«A-Z0-9])"
)
_FULL_DATELINE_RE = re.compile(
    rf"[A-Z][A-Z'’.-]+(?:\s+[A-Z][A-Z'’.-]+){{0,3}},\s*"
    rf"(?:{_MONTH}\s+\d{{1,2}},?|\d{{1,2}}\s+{_MONTH})\s+(?:19|20)\d\d"
)
_NOT_PLACES = _words(
    "the a an in on at but and this that it he she they we breaking update watch exclusive "
    "analysis opinion live note correction file photo video editor's"
)

# --- missing space at sentence joins --------------------------------------------
_JOIN_RE = re.compile(r"[.!?][”’»\"]?(?=[“‘«\"A-Z])")
_CLOSERS = frozenset("%)]”’»\"'")
_ADDRESS_RE = re.compile(r"[./@]\w")
_WORD_RE = re.compile(r"[A-Z][A-Za-z]")  # a word of two letters or more
_LOOK = 60  # how far a token may reach either side of a join, to stay linear on junk


def _token_before(text: str, i: int) -> str:
    """The word (up to ``_LOOK`` characters) that ends at index ``i``."""
    lo = max(0, i - _LOOK)
    return text[max(lo, text.rfind(" ", lo, i) + 1) : i]


def _repair_joins(line: str) -> list[str]:
    """Split a line at sentence joins missing their space ("said.Mariupol").

    A join with no space at all is what is left of a paragraph break that a
    scraper or copy-paste dropped (sentences inside one paragraph keep their
    space), so each join outside a quotation starts a new paragraph: the piece
    after it is returned as its own line. Keeping the glued sentence in the
    same paragraph would let a statement in it borrow the next sentence's
    speaker ("... 430,000.“We are running out ...,” Watson said."). Inside an
    open quotation the join only gets its space back: a quotation is one
    speaker's words whatever its layout.
    """
    pieces: list[str] = []
    last = quotes = seen = 0
    depth = upto = 0  # curly / guillemet quotation depth at index ``upto``, kept running
    for m in _JOIN_RE.finditer(line):
        s, e = m.start(), m.end()
        quotes, seen = quotes + line.count('"', seen, s), s
        if s == 0:
            continue
        c = line[s - 1]
        token = _token_before(line, s)
        right_end = line.find(" ", e, e + _LOOK)
        right = line[e : right_end if right_end >= 0 else e + _LOOK].lstrip('“‘«"')
        if "." in token or "@" in token or "://" in token or token.lower().startswith("www"):
            continue  # U.S.Army, e.g.The, a.m.Monday, URLs and addresses: leave alone
        if not (c.islower() or c.isdigit() or c in _CLOSERS or (c.isupper() and len(token) > 1)):
            continue
        if _ADDRESS_RE.search(right):
            continue  # right side looks like a domain or path (BBC.co.uk)
        if right and right[0].isupper() and right not in ("A", "I") and not _WORD_RE.match(right):
            continue
        split = e
        opened = quotes % 2 == 1  # odd count: a straight-quote is open
        if m.group(0).endswith('"') and not opened:
            split = e - 1  # the quote opens the next sentence: the break goes before it
        elif line.startswith('"', e) and opened:
            continue  # the quote closes this sentence and ends the line or is followed by text
        for ch in line[upto:split]:
            if ch in "“«":
                depth += 1
            elif ch in "”»" and depth:
                depth -= 1
        upto = split
        inside = depth > 0 or (quotes + line.count('"', s, split)) % 2 == 1
        pieces.append(line[last:split] + (" " if inside else "\n"))
        last = split
    pieces.append(line[last:])
    return "".join(pieces).split("\n")


# --- a headline glued to the body ("...paintball facilityKaufman county") -------
#: a lower-case letter run of three or more, or a site name ("| abc7ny.com"), running
#: straight into a capital: where a scraped headline (and site name) ends and the text begins
_RUN_IN_RE = re.compile(r"(?<=[a-z]{3})(?=[A-Z])")
_PLAIN_WORD_RE = re.compile(r"[A-Z]?[a-z]{3,}|[\w.-]*\.(?:com|org|net|tv|us)")
_HEADLINE_MAX = 300
_HEADLINE_MIN_WORDS = 3


def _split_headline(line: str) -> tuple[str, str] | None:
    """(headline, body) when a scraped headline runs straight into the text.

    Scrapers often join the title and the body with nothing between them:
    "Child shoots himself at Forney paintball facilityKaufman county
    sheriff's deputies ...", "... in the Bronx | abc7ny.comA man was
    shot ...". The glued word is not a word, so the parser reads headline
    and lede as one broken sentence. Only the first line is looked at, and
    only a join within its first ``_HEADLINE_MAX`` characters, after at
    least ``_HEADLINE_MIN_WORDS`` words, where the letters before the
    capital form a plain word or a site name (not "GoFundMe", "McDonald",
    "LeBron": their inner capitals are part of the name).
    """
    for m in _RUN_IN_RE.finditer(line, 0, _HEADLINE_MAX):
        i = m.start()
        left = line[:i]
        word = left[left.rfind(" ") + 1 :]
        if len(left.split()) < _HEADLINE_MIN_WORDS:
            continue
        if _PLAIN_WORD_RE.fullmatch(word) is None:
            continue
        body = line[i:]
        if len(body.split()) < _HEADLINE_MIN_WORDS:
            return None
        return left.rstrip(), body
    return None


def _sentences(text: str) -> int:
    """Rough sentence count, not fooled by abbreviations or initials."""
    n = 1
    for m in _SENTENCE_BREAK_RE.finditer(text):
        token = _token_before(text, m.start()).strip("(“\"'‘")
        if len(token) > 1 and "." not in token and token.lower() not in _ABBREVIATIONS:
            n += 1
    return n


def _caption(line: str) -> tuple[Removal, str] | None:
    """(removal, what is left of the line) for a caption or photo credit; None if neither."""
    if _CAPTION_PREFIX_RE.match(line):
        return Removal("caption", line), ""
    start = max(0, len(line) - 120)
    if _CREDIT_HINT_RE.search(line, start) is None:
        return None
    for regex, strong in _CREDIT_RES:
        m = regex.search(line, start)
        if m is None or len(m.group("c")) > 80:
            continue
        body = line[: m.start("c")].rstrip(" |,;–—-")
        if not body:
            return Removal("credit", line), ""
        n = _sentences(body)
        if n == 1 or (strong and n <= 3 and len(body.split()) <= 80):
            return Removal("caption", line), ""
        return Removal("credit", m.group("c")), body
    return None


def _agencies(text: str) -> list[str]:
    """Canonical agency names found in ``text``, in order."""
    return [AGENCIES[m.group(0).lower()] for m in _AGENCY_RE.finditer(text)]


_OUTLET_RE = re.compile(r"[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,3}")
"""A wire not in :data:`AGENCIES` named in a full dateline: capitalised words."""
_HEADLINE_MAX = 200


def _headline_paragraph(paragraph: list[str]) -> bool:
    """A paragraph that is one short line with no closing full stop: a headline."""
    return (
        len(paragraph) == 1
        and len(paragraph[0]) <= _HEADLINE_MAX
        and not paragraph[0].rstrip().endswith((".", "!", "?", ":", '"', "”"))
    )


def _dateline(line: str) -> tuple[str, list[str], int] | None:
    """(dateline, wire agencies, length of prefix) if the line opens with a dateline."""
    m = _DATELINE_RE.match(line)
    if m is None:
        return None
    place, wire = m.group("place"), m.group("wire") or m.group("slash")
    words = place.split()
    if words[0].lower() in _NOT_PLACES or any(w.endswith(("'s", "’s")) for w in words):
        return None
    agencies = _agencies(wire) if wire else []
    named = bool(wire and m.group("date") and place.isupper() and _OUTLET_RE.fullmatch(wire))
    if wire and not agencies and named:
        agencies = [" ".join(wire.split())]  # "GAZIANTEP, Turkey, Feb 6 (Global Wire) -"
    if wire and not agencies and not (wire.isupper() and len(wire) <= 8):
        return None  # "(Ukraine)" or other asides are not wire credits
    caps = place.isupper()
    strong = caps or m.group("region") or m.group("date") or wire
    sep = m.group("sep").strip()
    if sep == ":" and not caps:
        return None
    if not strong and (sep in ("-", "--") or len(words) > 3):
        return None
    dateline = line[: m.start("sep")]
    if m.group("wire"):
        dateline = dateline[: dateline.rfind("(")]
    elif m.group("slash"):
        dateline = dateline[: dateline.rfind("/", 0, len(dateline) - 1)].rstrip(" .")
    return dateline.rstrip(), agencies, m.end()


def _normalise(raw: str) -> list[list[str]]:
    """Paragraphs as lists of lines, with whitespace and invisible characters tidied."""
    # Substring checks first: a regex pass over clean text costs more than the tests.
    text = _INVISIBLE_RE.sub("", raw) if any(c in raw for c in _INVISIBLE) else raw
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    text = text.replace("\u2029", "\n\n").replace("\u2028", "\n").replace("\f", "\n")
    text = _CONTROL_RE.sub("", text.replace("\v", "\n"))
    if "  " in text or any(c in text for c in _ODD_SPACES):
        text = _SPACES_RE.sub(" ", text)
    paragraphs: list[list[str]] = [[]]
    for line in text.split("\n"):
        line = line.strip()
        if line:
            paragraphs[-1].append(line)
        elif paragraphs[-1]:
            paragraphs.append([])
    return [p for p in paragraphs if p]


def _wire_line(line: str) -> bool:
    return _WIRE_LINE_RE.fullmatch(line) is not None


def clean_text(raw: str) -> CleanedText:
    """Clean one report's raw text and pull out its dateline and wire credits.

    Removes photo captions and credits, page boilerplate, the opening
    dateline and closing wire/reporter credits; repairs missing spaces
    between sentences; normalises whitespace (paragraphs separated by a
    blank line, curly quotes and dashes kept). Deterministic and idempotent:
    cleaning the cleaned text changes nothing. Returns whatever is left,
    which may be empty if the raw text held no prose.
    """
    removed: list[Removal] = []
    paragraphs: list[list[str]] = []
    for para in _normalise(raw):
        kept: list[str] = []
        for whole in para:
            pieces = _repair_joins(whole)
            for n, line in enumerate(pieces):
                if n and kept:  # a repaired join: what follows is a paragraph of its own
                    paragraphs.append(kept)
                    kept = []
                if len(line) <= _BOILERPLATE_MAX and _BOILERPLATE_RE.fullmatch(line):
                    removed.append(Removal("boilerplate", line))
                    continue
                found = None if _wire_line(line) else _caption(line)
                if found is None:
                    kept.append(line)
                    continue
                removed.append(found[0])
                if found[1]:
                    kept.append(found[1])
        if kept:
            paragraphs.append(kept)

    tail_wire, tail_removed = _strip_tail(paragraphs)

    dateline: str | None = None
    wire: list[str] = []
    lede = 0  # the paragraph whose first line may open with the dateline
    if paragraphs:
        glued = _split_headline(paragraphs[0][0])
        if glued is not None:
            paragraphs[0:1] = [[glued[0]], [glued[1], *paragraphs[0][1:]]]
            lede = 1
        first = paragraphs[lede][0]
        found_dateline = _dateline(first)
        if (
            found_dateline is None
            and lede == 0
            and len(paragraphs) > 1
            and _headline_paragraph(paragraphs[0])
            and (under := _dateline(paragraphs[1][0])) is not None
            # a dateline under a headline is trusted with its wire credit, or as a press
            # release writes it: a place in capitals and a full date ("GENEVA, 2 May 2023 -")
            and (under[1] or _FULL_DATELINE_RE.fullmatch(under[0]) is not None)
        ):
            lede, found_dateline, first = 1, under, paragraphs[1][0]
        if found_dateline is not None:
            dateline, wire, cut = found_dateline
            removed.append(Removal("dateline", first[:cut]))
            paragraphs[lede][0] = first[cut:]

    removed.extend(tail_removed)
    if wire and "Reuters" not in wire and "Reuters" in tail_wire:
        # "Editing by" is Reuters' style, not its name: a dateline naming another wire wins
        # unless a credit names Reuters outright
        credits = " ".join(r.text for r in tail_removed)
        if "reuters" not in credits.lower():
            tail_wire = [a for a in tail_wire if a != "Reuters"]
    wire.extend(tail_wire)
    text = "\n\n".join("\n".join(p) for p in paragraphs)
    return CleanedText(text, dateline, tuple(dict.fromkeys(wire)), tuple(removed))


def _strip_tail(paragraphs: list[list[str]]) -> tuple[list[str], list[Removal]]:
    """Remove wire and reporter credit lines from the end, in place.

    Returns the agencies (in text order) and the removals (in text order).
    """
    wire: list[list[str]] = []
    removed: list[Removal] = []
    while paragraphs:
        line = paragraphs[-1][-1]
        if _wire_line(line):
            wire.append(_agencies(line))
            removed.append(Removal("wire", line))
        elif len(line) <= 400 and _CREDIT_LINE_RE.fullmatch(line):
            wire.append(_credit_agencies(line))
            removed.append(Removal("credit", line))
        else:
            for regex, kind in ((_TAIL_WIRE_RE, "wire"), (_TAIL_CREDIT_RE, "credit")):
                m = regex.search(line, max(0, len(line) - 400))
                if m:
                    cut = m.group(0)
                    found = _agencies(cut) if kind == "wire" else _credit_agencies(cut)
                    wire.append(found)
                    removed.append(Removal(kind, cut.strip()))
                    paragraphs[-1][-1] = line = line[: m.start()].rstrip()
            if line:
                break
        paragraphs[-1].pop()
        if not paragraphs[-1]:
            paragraphs.pop()
    return [a for found in reversed(wire) for a in found], removed[::-1]


def _credit_agencies(line: str) -> list[str]:
    """Agencies credited by a reporter-credit line; Reuters style implies Reuters."""
    agencies: list[str] = []
    if _EDITING_RE.search(line):
        agencies.append("Reuters")
    if _AP_STAFF_RE.match(line):
        agencies.append("Associated Press")
    for piece in _CREDIT_SPLIT_RE.split(line):
        key = _IN_PLACE_RE.sub("", piece.strip(" ().")).lower()
        if key in AGENCIES:
            agencies.append(AGENCIES[key])
    return agencies
