"""The reporting clause: from a cue verb to its source and its content, on the parse.

A reporting verb's subject is who spoke ("Petro Andryushchenko, an adviser
to the mayor of Mariupol, wrote ..."), its clausal complement is what was
said ("He said Russian forces ..."), and for a few verbs the direct object
is ("denied the claims"). The small model's parse is good enough for these
three relations in news prose, and walking them keeps the extractor linear:
every function here looks at one token's children or its head chain.
Spans are token ranges ``[lo, hi)``; the extractor turns them into
characters.
"""

from __future__ import annotations

from collections.abc import Iterator

from spacy.attrs import DEP, LEMMA, LOWER, POS
from spacy.tokens import Doc, Token

from crosswire.extract.quotes_columns import string_columns
from crosswire.extract.quotes_lexicon import CONTENT_OBJECT_VERBS

__all__ = [
    "according_to",
    "content_span",
    "cue_span",
    "cue_tokens",
    "linking_adverb",
    "possessor",
    "source_head",
    "source_span",
    "survey_source",
    "trim_source",
    "widen_cue",
]

_SUBJ = frozenset({"nsubj", "csubj"})
_CLAUSE = frozenset({"ccomp", "xcomp"})
_OBJ = frozenset({"dobj", "attr", "oprd"})
_OBJ_PREPS = frozenset({"for", "on", "as", "of", "about", "against", "to"})
_PASSIVE_AUX = frozenset({"auxpass", "nsubjpass"})
_CUE_HINTS = frozenset({"say", "tell", "emphasize", "emphasise", "argue", "note", "add", "claim"})
_CLOSE_MARKS = frozenset({"”", '"', "’", "»", "'", "''"})


def cue_tokens(doc: Doc, lemmas: frozenset[str]) -> Iterator[Token]:
    """Verbs of reporting (by lemma) and the "according" of "according to"."""
    # Read as columns: a Token object is built only for the tokens yielded.
    pos, lemma, lower, dep = string_columns(doc, [POS, LEMMA, LOWER, DEP])
    n = len(doc)
    for i in range(n):
        if pos[i] in {"VERB", "AUX"} and lemma[i].lower() in lemmas:
            if pos[i] == "AUX" and dep[i] in {"aux", "auxpass"}:
                continue
            yield doc[i]
        elif lower[i] == "according" and i + 1 < n and lower[i + 1] == "to":
            yield doc[i]


def cue_span(tok: Token) -> tuple[int, int]:
    """The cue words: the verb with its auxiliaries and negation ("has not said"), its particle
    ("called for") or "according to"."""
    if tok.lower_ == "according":
        return tok.i, tok.i + 2
    lo = tok.i
    for child in reversed(list(tok.lefts)):
        if child.dep_ in {"aux", "neg", "auxpass"} and child.i == lo - 1:
            lo = child.i
    hi = tok.i + 1
    for child in tok.rights:
        if child.dep_ == "prt" and child.i == hi:
            hi = child.i + 1
    return lo, hi


_CUE_LEFT = frozenset({"aux", "auxpass", "neg", "advmod"})
_CUE_RIGHT = frozenset({"prep", "pobj", "npadvmod", "advmod", "prt", "det", "amod", "compound"})
_CUE_STOP = frozenset({"that", "whether", "if", "how", "what", "why", "who", "when", "where"})


def widen_cue(
    tok: Token, cue: tuple[int, int], source: tuple[int, int] | None, content_lo: int
) -> tuple[int, int]:
    """The cue as PolNeAR and PARC mark it: every word of the reporting clause that is neither
    source nor content ("has also said", "said Wednesday in a statement that", "called on").

    Leftwards over the verb's auxiliaries and adverbs; rightwards, when the content follows,
    over the verb's own modifiers (time, manner, the medium) up to the content's first token
    (``content_lo``), stopping at punctuation, a quotation or a complementiser.
    """
    doc = tok.doc
    lo, hi = cue
    src_hi = source[1] if source is not None else -1
    src_lo = source[0] if source is not None else len(doc)
    while lo - 1 > src_hi - 1 and lo > 0:
        prev = doc[lo - 1]
        if (
            prev.dep_ in _CUE_LEFT
            and prev.head.i in range(lo, hi + 1)
            and not prev.is_punct
            and not any(True for _ in prev.children)  # "two years ago said": not the cue
        ):
            lo -= 1
        else:
            break
    if content_lo <= hi or content_lo - hi > 10:
        return lo, hi
    j = hi
    while j < content_lo:
        t = doc[j]
        if t.is_punct or t.is_quote or t.lower_ in _CUE_STOP or src_lo <= j < src_hi:
            break
        if t.dep_ not in _CUE_RIGHT or not any(a.i == tok.i for a in t.ancestors):
            break
        j += 1
    if all(doc[k].is_punct or doc[k].is_space for k in range(j, content_lo)):
        hi = j  # "said in a statement, “...": the punctuation belongs to neither
    return lo, hi


_DASHES = frozenset({"-", "--", "–", "—", "―"})


def _subject(tok: Token) -> Token | None:
    subjects = [child for child in tok.children if child.dep_ in _SUBJ]
    if len(subjects) > 1:
        # "NEW YORK (Reuters) - Donald Trump said": the parser may take the dateline for a
        # first subject; the one after a free-standing dash is the speaker.
        doc = tok.doc
        for later in subjects[1:]:
            gap = range(subjects[0].i + 1, later.left_edge.i)
            if any(_free_dash(doc[i]) for i in gap):
                return later
        if tok.dep_ == "parataxis" and subjects[-1].i < tok.i:
            # "Voters, Clinton suggested, don't have to worry": the parenthetical verb gets the
            # main clause's subject too; its own is the one next to it.
            return subjects[-1]
        first = subjects[0]
        if first.tag_ in _RELATIVE_TAGS and subjects[1].left_edge.i == first.i + 1:
            # "..., which she said was ...": the parser takes the fronted object for a first
            # subject; the speaker is the subject right after it.
            return subjects[1]
    if subjects:
        return _past_dateline(subjects[0])
    for child in tok.children:
        if child.dep_ == "agent":
            for grand in child.children:
                if grand.dep_ == "pobj":
                    return grand
    return None


def _after_reporting_verb(tok: Token) -> Token | None:
    """ "“...,” Sanders said, suggesting ...": a participle right after "X said," continues X's
    statement, but the parser often hangs it on a verb inside the quotation or later in the
    sentence, whose subject is someone else. The verb just before the comma governs it."""
    doc = tok.doc
    if tok.tag_ != "VBG" or tok.dep_ not in {"advcl", "xcomp", "conj"} or tok.i < 2:
        return None
    verb = doc[tok.i - 2]
    if doc[tok.i - 1].text != "," or verb.pos_ != "VERB" or tok.head is verb:
        return None
    return verb if _subject(verb) is not None else None


_SHARES = frozenset({"percent", "%", "percentage", "majority", "plurality", "third", "half"})
_SURVEYS = frozenset({"poll", "survey", "polls", "surveys"})


def survey_source(verb: Token, head: Token) -> Token | None:
    """ "In a Washington Post-ABC News poll, 28 percent of voters said ...": when the speakers
    are a share of respondents, PolNeAR marks the poll that measured them as the source (train:
    17 of 26 such sentences name the poll, 9 the share). Only a poll or survey introduced by
    "in" before the verb qualifies; returns its head noun."""
    if head.lower_ not in _SHARES and head.pos_ != "NUM":
        return None
    for child in verb.children:
        if child.dep_ == "prep" and child.lower_ == "in" and child.i < verb.i:
            for obj in child.children:
                if obj.dep_ == "pobj" and obj.lower_ in _SURVEYS:
                    return obj
    return None


def _past_dateline(subj: Token) -> Token:
    """ "New York (AFP) – Vice President Joe Biden on Monday hit ...": the parser may take the
    dateline for the subject and the name after the dash for its apposition. A dateline ends
    with the agency in brackets or is all capitals ("WASHINGTON –", "EXCLUSIVE –"); the
    apposition after its dash is the speaker."""
    doc = subj.doc
    # "With 50 days until the election, Minyon Moore, a senior adviser, called ...": the
    # subject the parser chose is the object of a fronted "until"; the name after it speaks.
    fronted = subj.left_edge.i > 0 and doc[subj.left_edge.i - 1].tag_ == "IN"
    for child in subj.rights:
        dash = child.left_edge.i - 1
        if child.dep_ != "appos" or dash <= subj.left_edge.i:
            continue
        if fronted and doc[dash].text == "," and child.pos_ == "PROPN":
            return child
        if not _free_dash(doc[dash]):
            continue
        before = doc[subj.left_edge.i : dash]
        if before[-1].text == ")" or before.text.isupper():
            return child
    return subj


def _free_dash(tok: Token) -> bool:
    """A dash standing between spaces (" - ", " — "), not one joining words ("self-made")."""
    doc = tok.doc
    return (
        tok.text in _DASHES
        and bool(tok.whitespace_)
        and tok.i > 0
        and bool(doc[tok.i - 1].whitespace_)
    )


def source_head(tok: Token) -> Token | None:
    """The head word of who is speaking, following coordination and participles.

    "X said ... and added ..." gives "added" the subject of "said"; "..., saying ..." and
    "..., adding ..." take the subject of the verb they hang from. A passive reporting verb
    without an agent ("was accused of") has no source.
    """
    if any(c.dep_ in _PASSIVE_AUX for c in tok.children) and not any(
        c.dep_ == "agent" for c in tok.children
    ):
        return None
    cur: Token | None = _after_reporting_verb(tok) or tok
    for _ in range(4):
        if cur is None:
            return None
        subj = _subject(cur)
        if subj is not None:
            return subj
        if cur.dep_ in {"conj", "xcomp"} or (cur.dep_ == "advcl" and cur.tag_ == "VBG"):
            cur = cur.head if cur.head is not cur else None
            continue
        if cur.dep_ == "pcomp" and cur.tag_ == "VBG" and cur.head.dep_ == "prep":
            cur = cur.head.head  # "created hope by saying ..."
            continue
        if cur.dep_ == "relcl" and cur.head.pos_ in {"PROPN", "NOUN"}:
            return cur.head
        return None
    return None


_POSS_PRONOUNS = frozenset({"his", "her", "their", "its", "our", "my", "your"})


_UTTERANCES = frozenset(
    str.split(
        """attack attacks argument analysis statement statements comment comments remark remarks
    call survey poll book metaphor email e-mail tweet tweets letter speech report word words
    message ad advertisement claim claims view views response assessment assumption suggestion
    proposal warning warnings accusation accusations criticism complaint account website memo
    column op-ed post posts video interview testimony announcement answer reply"""
    )
)


def possessor(head: Token) -> Token | None:
    """ "Clinton's aggressive attack on Trump suggested ...", "His remarks showed ...": when the
    subject is something the speaker said or made (an attack, an email, remarks), the speaker is
    its possessor, as PolNeAR marks it. Only for those nouns: "his spokesman said" is the
    spokesman, "Russia's defence ministry" the ministry."""
    if head.pos_ != "NOUN" or head.lower_ not in _UTTERANCES:
        return None
    for child in head.children:
        named = child.pos_ == "PROPN" or child.lower_ in _POSS_PRONOUNS
        if child.dep_ == "poss" and child.i < head.i and named:
            return child
    return None


def source_span(head: Token) -> tuple[int, int]:
    """Token range of the whole noun phrase naming the speaker, appositions included."""
    lo, hi = head.left_edge.i, head.right_edge.i + 1
    doc = head.doc
    for child in head.rights:
        # "Mr. Kamin, who emphasized that ...", "Trump, speaking to veterans": a clause set off
        # after the name describes the speaker's other doings, not who the speaker is.
        # PolNeAR and PARC leave a non-restrictive clause out of the source, whatever it says.
        if child.dep_ in {"relcl", "acl"} and doc[child.left_edge.i - 1].text == ",":
            words = {t.lower_ for t in child.subtree}
            lemmas = {t.lemma_.lower() for t in child.subtree if t.pos_ == "VERB"}
            if child.tag_ == "VBG" or "which" in words or lemmas & _CUE_HINTS:
                hi = min(hi, child.left_edge.i)
        # "Trump on Tuesday", "Lewis, ..., via email": when and how are not who.
        if child.dep_ == "prep" and child.i > head.i:
            ents = {t.ent_type_ for t in child.subtree}
            if child.lower_ == "via" or (
                child.lower_ in {"on", "at", "in"} and ents & {"DATE", "TIME"}
            ):
                hi = min(hi, child.left_edge.i)
    # "Ban Ki-moon, the secretary general of the United Nations, vowed": the parser sometimes
    # makes the apposition a second subject of the verb; it is still part of who spoke
    # (PolNeAR train keeps an apposition after a comma in 90% of sources).
    # Without the comma ("Vatican spokesman the Rev. Federico Lombardi said", "Local news
    # affiliate ABC 7 reported") the name the parser split off is the rest of the phrase.
    if head.dep_ in _SUBJ and hi == head.right_edge.i + 1:
        for other in head.head.children:
            joined = (
                other.left_edge.i == hi
                and head.tag_ not in _RELATIVE_TAGS
                and other.pos_ != "PRON"  # "which she said": the object, then the subject
            ) or (other.left_edge.i == hi + 1 and doc[hi].text == ",")
            if other.dep_ == head.dep_ and joined and other.right_edge.i < head.head.i:
                hi = other.right_edge.i + 1
    # A subject never starts in an earlier paragraph (a dateline or timestamp before it).
    for i in range(head.i - 1, lo - 1, -1):
        if "\n" in doc[i].text or "\n" in doc[i].whitespace_:
            lo = i + 1
            break
    # A subject subtree never reaches across the cue verb or into a quotation.
    while hi - lo > 1 and (doc[hi - 1].is_punct and doc[hi - 1].text not in {")", "."}):
        hi -= 1
    while hi - lo > 1 and doc[lo].is_punct:
        lo += 1
    return lo, hi


_LEADING = frozenset({"cc", "mark", "punct", "advmod"})
# Sentence adverbs the parser sometimes hangs on the subject ("Meanwhile Rihanna spoke",
# "Ultimately 54.6 percent of the electorate said"): they link sentences, they name no one.
_DISCOURSE = frozenset(
    str.split(
        """meanwhile however ultimately also still instead now then later finally moreover
    indeed thus separately similarly additionally earlier today yesterday overall"""
    )
)


# "Nearly half said", "Virtually no one is impressed": an adverb that sizes the group is part
# of who spoke (PolNeAR train: a source starts with "nearly" 12 times, never right after it).
_APPROXIMATORS = frozenset({"nearly", "almost", "virtually", "roughly", "approximately", "about"})


def linking_adverb(tok: Token) -> bool:
    """A sentence-initial linking adverb ("Meanwhile", "Ultimately"), never part of a source."""
    return bool(tok.is_sent_start) and tok.tag_ == "RB" and tok.lower_ in _DISCOURSE


def trim_source(lo: int, hi: int, head: Token) -> tuple[int, int]:
    """A source range without the words before its noun phrase that came along with it.

    A mis-attached conjunction, adverb or quotation mark ("yet Donald Trump", "as police",
    "” he", "which RT pointed") is not part of who spoke; PolNeAR's sources start at the
    phrase (train: 85% of sources are the dependency subtree of their head word, and a
    leading conjunction or sentence adverb is never in one). Words before ``head`` that lie
    outside its subtree, or hang directly from it as a conjunction, adverb or mark, are
    dropped; the head word always stays. Number heads keep their adverbs ("nearly eight").
    """
    doc = head.doc
    if not lo <= head.i < hi:
        return lo, hi
    for i in range(head.i - 1, lo - 1, -1):
        # "NEW YORK (Reuters) - Republican candidate Donald Trump": a free-standing dash before
        # the name ends a dateline or a heading; the source starts after it.
        if _free_dash(doc[i]):
            lo = i + 1
            break
    while lo < head.i:
        tok = doc[lo]
        outside = tok.i < head.left_edge.i or tok.is_quote
        own = (
            tok.head.i == head.i
            and tok.dep_ in _LEADING
            and head.pos_ != "NUM"
            and tok.lower_ not in _APPROXIMATORS
        )
        if not (outside or own or linking_adverb(tok) or (tok.is_punct and tok.dep_ == "punct")):
            break
        lo += 1
    return lo, hi


_RELATIVE_TAGS = frozenset({"WDT", "WP", "WP$"})


def content_span(tok: Token, source: tuple[int, int] | None) -> tuple[int, int] | None:
    """Token range of what was said: the clausal complement, else the object for verbs like
    "deny" or "call for". Ends stripped of punctuation except closing quotation marks."""
    doc = tok.doc
    inverted = _inverted(tok, source)
    if inverted is not None:
        return inverted
    pick: Token | None = None
    for child in tok.children:
        if child.dep_ == "ccomp" and not _across_clause_break(child, tok, source):
            pick = child
            break
    lemma = tok.lemma_.lower()
    if pick is None:
        for child in tok.children:
            if child.dep_ == "xcomp" and child.i > tok.i:
                pick = child
                break
    if pick is None and lemma in CONTENT_OBJECT_VERBS:
        for child in tok.rights:
            if child.dep_ in _OBJ or (child.dep_ == "prep" and child.lower_ in _OBJ_PREPS):
                pick = child
                break
    if pick is None:
        return None
    if pick.dep_ == "prep":  # "described as X", "called for X": X is the content
        obj = next((c for c in pick.children if c.dep_ in {"pobj", "pcomp"}), None)
        if obj is None:
            return None
        pick = obj
    lo, hi = pick.left_edge.i, pick.right_edge.i + 1
    if pick.dep_ == "ccomp" and pick.i > tok.i:
        hi = _split_complement_end(pick, hi)
    if pick.dep_ in _OBJ and lemma in {"accuse", "blame", "urge", "call", "describe"}:
        # "accused Russia of firing ...": the object and its complement are the claim.
        for child in tok.rights:
            if child.dep_ in {"prep", "xcomp", "oprd", "ccomp"} and child.i > pick.i:
                hi = max(hi, child.right_edge.i + 1)
    if source is not None and lo < source[1] and source[0] < hi:
        # The subject inside the complement span (inverted "..., said X, ..."): cut it out.
        if source[0] > lo and all(t.tag_ in _RELATIVE_TAGS for t in doc[lo : source[0]]):
            # "a sentence, which I said was not a prison sentence": the complement's subject
            # is the relative pronoun before the speaker; what was said follows the verb.
            lo = max(lo, tok.i + 1)
        elif source[0] > lo:
            hi = min(hi, source[0])
        else:
            lo = max(lo, source[1])
    if lo <= tok.i < hi or lo >= hi:
        return None  # a misparse: what was said cannot contain the saying
    return trim_span(doc, lo, hi)


def _across_clause_break(child: Token, tok: Token, source: tuple[int, int] | None) -> bool:
    """A complement left of the reporting clause and cut off from it by ";" or a line break
    ("Quake toll tops 35,000; Damascus agrees to ...", a headline over its story) is
    another clause the parser hung on the verb, not what was said."""
    if child.i > tok.i:
        return False
    stop = min(tok.i, source[0]) if source is not None else tok.i
    between = tok.doc[child.right_edge.i + 1 : stop]
    return any(t.text == ";" or "\n" in t.text or "\n" in t.whitespace_ for t in between) or (
        "\n" in child.doc[child.right_edge.i].whitespace_
    )


def _split_complement_end(pick: Token, hi: int) -> int:
    """Where a complement ends when the parser split it in two: "said the road leading to the
    crossing had been damaged" hangs "leading" and "damaged" on "said" as two complements, the
    second with no subject of its own, right after the first: they are one clause."""
    for nxt in pick.head.children:
        if nxt.i <= pick.i or nxt.dep_ != "ccomp" or nxt.left_edge.i != hi:
            continue
        if any(c.dep_ in {"nsubj", "nsubjpass", "expl", "mark"} for c in nxt.children):
            break
        if pick.doc[hi - 1].is_punct:
            break
        hi = nxt.right_edge.i + 1
    return hi


def _inverted(tok: Token, source: tuple[int, int] | None) -> tuple[int, int] | None:
    """Content before a parenthetical reporting clause: "Ukraine was seeing ..., he added"."""
    head = tok.head
    if tok.dep_ not in {"ccomp", "parataxis"} or head.i >= tok.i:
        return None
    start = min(tok.i, source[0]) if source is not None else tok.i
    for t in tok.lefts:
        if t.dep_ in {"nsubj", "aux", "neg", "advmod"} and t.i > start - 3:
            start = min(start, t.left_edge.i)
    before = {t.text for t in tok.doc[max(0, start - 2) : start]}
    if not before & {",", "”", '"', "’", "—", "''"}:
        return None  # not set off as a parenthetical
    quoted = bool(before & {"”", '"', "''"})
    if not quoted and any(c.dep_ == "ccomp" and c.i > tok.i for c in tok.children):
        return None  # "X, Y told Z that ...": the content follows
    lo = head.left_edge.i
    while lo < start and doc_cc(tok.doc[lo]):
        lo += 1
    return trim_span(tok.doc, lo, start)


def doc_cc(tok: Token) -> bool:
    """A leading conjunction or discourse word that is not part of what was said."""
    return tok.dep_ in {"cc", "punct"} and tok.text not in {"“", '"'}


def trim_span(doc: Doc, lo: int, hi: int) -> tuple[int, int] | None:
    """Strip punctuation from the ends of ``[lo, hi)``, keeping quotation marks."""
    while hi > lo and (doc[hi - 1].is_punct or doc[hi - 1].is_space):
        if doc[hi - 1].text in _CLOSE_MARKS:
            break
        hi -= 1
    while hi > lo and (doc[lo].is_punct or doc[lo].is_space) and doc[lo].text not in {"“", '"'}:
        lo += 1
    return (lo, hi) if hi > lo else None


def according_to(tok: Token) -> tuple[Token | None, tuple[int, int] | None]:
    """For "according to X": the head of X and the clause X vouches for (token ranges)."""
    doc = tok.doc
    to = doc[tok.i + 1]
    obj = next((c for c in to.children if c.dep_ == "pobj"), None)
    if obj is None:
        obj = next((c for c in tok.children if c.dep_ == "pobj"), None)
    sent = tok.sent
    if obj is None:
        return None, None
    pp_lo, pp_hi = tok.i, max(obj.right_edge.i + 1, tok.i + 2)
    before = trim_span(doc, sent.start, pp_lo)
    after = trim_span(doc, pp_hi, sent.end)
    sizes = [(s[1] - s[0], s) for s in (before, after) if s is not None]
    if not sizes:
        return obj, None
    return obj, max(sizes)[1]
