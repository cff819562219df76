"""Titles and roles seen with a name: "ICRC spokesman Ewan Watson".

A report's credibility rests on who said what in which capacity, so the
annotate stage keeps the role words printed with each name. The small
model's dependency parse is too unreliable here to walk (it parses
"separatists" in "Leader of the Donetsk separatists Denis Pushilin" as a
verb), so the rules work on tokens and tags, anchored on a vocabulary of
person roles:

* **pre-modifier**: the noun phrase right before the name, read leftwards
  over nouns, adjectives, hyphens and "of (the)" ("Deputy Prime Minister",
  "Nato secretary-general", "Leader of the Donetsk separatists"); it must
  contain a role word and end in a noun;
* **apposition**: ", an adviser to the mayor of Mariupol," after the name,
  read rightwards to the next comma, bracket, relative pronoun or verb,
  with leading determiners dropped; its head must be a role word.

Role words are person roles only, so finding one next to a name the model
called ORG ("Red Cross spokesperson Ewan Watson") is evidence the name is a
person; the annotate stage relabels it.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

__all__ = ["ROLE_WORDS", "apposition_role", "is_role_word", "premodifier_role", "title_prefix"]

ROLE_WORDS = frozenset(
    [
        "spokesman",
        "spokeswoman",
        "spokesperson",
        "spokespeople",
        "minister",
        "president",
        "premier",
        "chancellor",
        "secretary",
        "secretary-general",
        "director",
        "director-general",
        "general",
        "mayor",
        "governor",
        "leader",
        "chief",
        "head",
        "adviser",
        "advisor",
        "aide",
        "negotiator",
        "representative",
        "envoy",
        "ambassador",
        "diplomat",
        "commander",
        "commissioner",
        "official",
        "officer",
        "spokesperson",
        "chairman",
        "chairwoman",
        "chair",
        "ceo",
        "founder",
        "coordinator",
        "manager",
        "deputy",
        "prosecutor",
        "judge",
        "senator",
        "lawmaker",
        "legislator",
        "mp",
        "speaker",
        "king",
        "queen",
        "prince",
        "princess",
        "emperor",
        "pope",
        "bishop",
        "priest",
        "patriarch",
        "colonel",
        "major",
        "captain",
        "lieutenant",
        "sergeant",
        "admiral",
        "marshal",
        "correspondent",
        "reporter",
        "journalist",
        "editor",
        "analyst",
        "expert",
        "researcher",
        "professor",
        "doctor",
        "surgeon",
        "nurse",
        "paramedic",
        "medic",
        "volunteer",
        "resident",
        "worker",
        "engineer",
        "lawyer",
        "attorney",
        "activist",
        "campaigner",
        "historian",
        "economist",
        "president-elect",
        "vice-president",
        "ombudsman",
        "inspector",
        "investigator",
        "monitor",
        "observer",
    ]
)
"""Head nouns that name a person's role (lower case)."""

# Nouns a role phrase may pass through on its way to the name ("Leader of
# the Donetsk separatists"), whatever the tagger made of them.
_GROUP_WORDS = frozenset(
    [
        "separatists",
        "rebels",
        "forces",
        "militants",
        "authorities",
        "government",
        "army",
        "ministry",
        "council",
        "administration",
        "party",
        "agency",
        "committee",
        "office",
        "police",
        "military",
        "navy",
        "service",
        "services",
        "company",
        "organisation",
        "organization",
        "alliance",
        "union",
        "team",
        "staff",
        "mission",
    ]
)
_NOUNISH = frozenset({"NN", "NNS", "NNP", "NNPS"})
_PHRASE_TAGS = _NOUNISH | {"JJ", "JJR", "JJS", "HYPH", "POS", "CD", "VBN"}
_LINKS = frozenset({"of", "for", "to", "at", "in", "on", "with"})
_DETERMINERS = frozenset({"the", "a", "an"})
_RELATIVE = frozenset({"who", "whom", "whose", "which", "that", "where", "when"})
_MAX_TOKENS = 14


def is_role_word(token: Token) -> bool:
    """True for a role head noun, including hyphenated ones split by the tokenizer."""
    return token.lower_ in ROLE_WORDS


def _role_head_end(doc: Doc, i: int) -> int:
    """Index after the role word at ``i``, extending over "-general"/"-elect" splits."""
    if i + 2 < len(doc) and doc[i + 1].tag_ == "HYPH":
        joined = f"{doc[i].lower_}-{doc[i + 2].lower_}"
        if joined in ROLE_WORDS:
            return i + 3
    return i + 1


def _contains_role(doc: Doc, start: int, end: int) -> bool:
    return any(is_role_word(doc[i]) for i in range(start, end))


def premodifier_role(doc: Doc, start: int) -> tuple[int, int] | None:
    """Token range of the role phrase right before the name starting at token ``start``."""
    if start == 0:
        return None
    sent_start = doc[start].sent.start
    i = start - 1
    left = start
    while i >= sent_start and start - i <= _MAX_TOKENS:
        tok = doc[i]
        low = tok.lower_
        if tok.tag_ in _PHRASE_TAGS or low in ROLE_WORDS or low in _GROUP_WORDS:
            if tok.tag_ == "POS" and left == start:
                break  # "Mariupol's" right before the name is not a role
            left = i
        elif (low in {"of", "for"} and left < start) or (
            low == "the" and i > sent_start and doc[i - 1].lower_ in {"of", "for"}
        ):
            left = i
        else:
            break
        i -= 1
    # Trim linking words and punctuation off the left edge.
    while left < start and (doc[left].lower_ in _LINKS | _DETERMINERS or doc[left].is_punct):
        left += 1
    if left >= start:
        return None
    last = doc[start - 1]
    nounish = last.tag_ in _NOUNISH or is_role_word(last) or last.lower_ in _GROUP_WORDS
    hyphenated = last.tag_ == "JJ" and start - 2 >= left and doc[start - 2].tag_ == "HYPH"
    if not (nounish or hyphenated):  # "secretary-general" is tagged NN HYPH JJ
        return None
    if not _contains_role(doc, left, start):
        return None
    return left, start


def apposition_role(doc: Doc, end: int) -> tuple[int, int] | None:
    """Token range of an apposed role (", an adviser to the mayor of Mariupol,") after ``end``."""
    if end + 1 >= len(doc) or doc[end].text != ",":
        return None
    sent_end = doc[end].sent.end
    i = end + 1
    while i < sent_end and doc[i].lower_ in _DETERMINERS:
        i += 1
    first = i
    head_seen = False
    while i < sent_end and i - first < _MAX_TOKENS:
        tok = doc[i]
        low = tok.lower_
        if low in _RELATIVE or (tok.is_punct and tok.tag_ != "HYPH"):
            break
        if is_role_word(tok) and not head_seen:
            head_seen = True
            i = _role_head_end(doc, i)
            continue
        if low in _LINKS or low in _DETERMINERS or low == "and":
            if not head_seen:
                return None  # a preposition before any role word: not a role apposition
        elif not (tok.tag_ in _PHRASE_TAGS or tok.tag_ == "PRP$" or low in _GROUP_WORDS):
            break
        i += 1
    last = i
    while last > first and (
        doc[last - 1].lower_ in _LINKS | _DETERMINERS | {"and"} or doc[last - 1].is_punct
    ):
        last -= 1
    if not head_seen or last <= first:
        return None
    return first, last


def title_prefix(doc: Doc, start: int, end: int) -> int:
    """How many leading tokens of the name span ``start:end`` are a title, not the name.

    The model sometimes includes the title in a PERSON ("President Volodymyr
    Zelensky"); those tokens are moved to the role. At least one name token
    is always kept.
    """
    i = start
    while i < end - 1 and (is_role_word(doc[i]) or doc[i].lower_ in _TITLE_MODIFIERS):
        i += 1
    if i > start and _contains_role(doc, start, i):
        return i - start
    return 0


_TITLE_MODIFIERS = frozenset(
    [
        "deputy",
        "vice",
        "acting",
        "former",
        "prime",
        "foreign",
        "defence",
        "defense",
        "interior",
        "first",
        "chief",
    ]
)
