"""Who is speaking: names, descriptions, pronouns and capitals resolved within one report.

No coreference model ships with crosswire, and a general one would be
overkill: in news, the antecedent of a reporting clause's "he" or "they" is
almost always the last speaker or the last subject of that kind. So the
resolver keeps a running history of speakers in text order and resolves

* **names** to the PERSON/ORG mention at the head of the source noun phrase
  (the canonical name is the in-report full name, "Mr Stoltenberg" → "Jens
  Stoltenberg", role from the annotation's roles);
* **pronouns** (he/she → the latest gender-compatible person; they/it → the
  latest organisation or group; who → the noun the relative clause hangs on),
  gender from first names, honorifics, gendered role words and earlier
  pronouns;
* **descriptions** ("the spokesman", "the ministry") to the latest speaker or
  mention whose role or name has that head noun, else kept as a description
  ("officials");
* **capitals and countries** ("Moscow said", "the Kremlin", "Kyiv accused") to
  the government they stand for, flagged as metonymy.

Every resolution records the span of the words it rests on (``speaker_span``),
so the export can look the canonical entity up across reports.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass, replace

from spacy.tokens import Doc, Token

from crosswire.annotate.roles import ROLE_WORDS
from crosswire.doctext import doc_text
from crosswire.extract.quotes_columns import sentence_starts
from crosswire.extract.quotes_lexicon import (
    COUNTRY_DEMONYM,
    FEMALE_NAMES,
    GOVERNMENT_METONYMS,
    MALE_NAMES,
)
from crosswire.models import Annotation, Mention

__all__ = ["Speaker", "SpeakerResolver"]

_MALE_PRONOUNS = frozenset({"he", "him", "his"})
_FEMALE_PRONOUNS = frozenset({"she", "her", "hers"})
_RELATIVE = frozenset({"who", "which", "that"})
_HONORIFICS = frozenset({"mr", "mr.", "ms", "ms.", "mrs", "mrs.", "miss", "dr", "dr."})
_FEMALE_WORDS = frozenset({"spokeswoman", "chairwoman", "mrs", "ms", "miss", "queen", "princess"})
_MALE_WORDS = frozenset({"spokesman", "chairman", "mr", "king", "prince"})
_ORG_HEADS = frozenset(
    str.split(
        """ministry council government office agency committee authority authorities
    administration army military police commission department organisation organization
    service company party alliance union mission court parliament cabinet campaign"""
    )
)
_WINDOW_SENTENCES = 6
# What holds a claim rather than makes it: "according to figures from the ministry" is the
# ministry's claim.
_CONTAINERS = frozenset(
    str.split(
        """figures figure data statistics numbers tally tallies count counts estimate
    estimates records record"""
    )
)
_CONTAINER_PREPS = frozenset({"from", "by", "of"})
# Words that make a capitalised name a body's, not a person's ("World Food Programme").
_BODY_WORDS = _ORG_HEADS | frozenset(
    str.split(
        """programme program fund bank group centre center institute foundation news agency
    network association society federation organisation corporation ministry"""
    )
)


@dataclass(frozen=True, slots=True)
class Speaker:
    """A resolved speaker.

    ``kind`` is ``person``, ``organisation``, ``government``, ``group`` or
    ``unknown``; ``via`` says how it was found (``name``, ``pronoun``,
    ``description``, ``metonym``). ``span`` is the character span of the words
    naming it (the antecedent's name for a pronoun), used to find the
    canonical entity; ``None`` for an unresolved pronoun.
    """

    name: str | None
    kind: str
    via: str
    span: tuple[int, int] | None
    role: str | None = None
    gender: str | None = None
    government_of: str | None = None


def _strip(text: str) -> str:
    words = text.replace("’s", "").replace("'s", "").split()
    while len(words) > 1 and words[0].lower() in {"the", "a", "an"} | _HONORIFICS:
        words = words[1:]
    return " ".join(words)


def government_name(country: str) -> str:
    """ "Russia" → "Russian government" (or "government of X" when no adjective is known)."""
    adj = COUNTRY_DEMONYM.get(country.lower().strip())
    return f"{adj} government" if adj else f"government of {country}"


def _keep_possessive(phrase: str) -> str:
    """A description as written, without a leading article: "Turkey's disaster agency"."""
    words = phrase.split()
    while len(words) > 1 and words[0].lower() in {"the", "a", "an"} | _HONORIFICS:
        words = words[1:]
    return " ".join(words)


def _container_owner(head: Token) -> Token | None:
    """Who gave the figures or data a claim rests on: "figures from the Government of Syria",
    "data by the ministry"."""
    for prep in head.rights:
        if prep.dep_ == "prep" and prep.lower_ in _CONTAINER_PREPS:
            return next((c for c in prep.children if c.dep_ == "pobj"), None)
    return None


def _country_of(word: str) -> str | None:
    """ "Ukrainian" → "Ukraine", "Russia" → "Russia"; None for other words."""
    low = word.lower()
    if low in COUNTRY_DEMONYM:
        return word
    for country, adj in COUNTRY_DEMONYM.items():
        if adj.lower() == low:
            return country.title() if len(country) > 3 else country.upper()
    return None


class SpeakerResolver:
    """Resolves the speakers of one article, in text order (call :meth:`resolve` in order)."""

    def __init__(
        self,
        doc: Doc,
        annotation: Annotation,
        quoted: list[tuple[int, int]],
        text: str | None = None,
    ) -> None:
        self.doc = doc
        self.text = doc_text(doc) if text is None else text  # Doc.text rebuilds it from every token
        self.mentions = sorted(annotation.mentions, key=lambda m: m.start)
        self._starts = [m.start for m in self.mentions]
        self.roles: dict[tuple[int, int], str] = {}
        self.role_spans: dict[tuple[int, int], tuple[int, int]] = {}
        for r in annotation.roles:
            self.roles.setdefault((r.mention_start, r.mention_end), r.text)
            if r.end <= r.mention_start:
                self.role_spans[(r.mention_start, r.mention_end)] = (r.start, r.end)
        self.quoted = quoted
        self._surnames: dict[str, Mention] = {}  # last name -> first full-name mention
        for m in self.mentions:
            words = _strip(m.text).lower().split()
            if m.label == "PERSON" and len(words) > 1:
                self._surnames.setdefault(words[-1], m)
        self._q_starts = [q[0] for q in quoted]
        self.history: list[tuple[int, Speaker]] = []  # (sentence index, speaker)
        self._sent_starts = sentence_starts(doc, chars=True)
        self._genders: dict[tuple[int, int], str] = {}

    # -- lookups ---------------------------------------------------------------------------
    def mention_at(self, start: int, end: int) -> Mention | None:
        """The mention overlapping [start, end), preferring one that contains it."""
        i = bisect.bisect_right(self._starts, start) - 1
        for j in (i, i + 1):
            if 0 <= j < len(self.mentions):
                m = self.mentions[j]
                if m.start < end and start < m.end:
                    return m
        return None

    def in_quote(self, pos: int) -> bool:
        i = bisect.bisect_right(self._q_starts, pos) - 1
        return i >= 0 and self.quoted[i][0] <= pos < self.quoted[i][1]

    def sentence_index(self, pos: int) -> int:
        return bisect.bisect_right(self._sent_starts, pos) - 1

    def _recent_speakers(self, pos: int) -> list[Speaker]:
        """Speakers of the last few sentences before ``pos``, latest first (bounded work)."""
        sent = self.sentence_index(pos)
        out = []
        for s_i, sp in reversed(self.history):
            if sent - s_i > _WINDOW_SENTENCES:
                break
            out.append(sp)
        return out

    def _recent_mentions(self, pos: int, limit: int = 40) -> list[Mention]:
        """Up to ``limit`` mentions before ``pos``, latest first."""
        i = bisect.bisect_left(self._starts, pos)
        return self.mentions[max(0, i - limit) : i][::-1]

    def _full_name(self, m: Mention, upto: int) -> Mention:
        """The in-report full name a one-word surname stands for ("Mr Stoltenberg")."""
        name = _strip(m.text)
        if " " in name or m.label != "PERSON":
            return m
        other = self._surnames.get(name.lower())
        return other if other is not None and other.start < upto else m

    def _gender(self, m: Mention) -> str | None:
        if (m.start, m.end) in self._genders:
            return self._genders[(m.start, m.end)]
        words = m.text.lower().split()
        before = self.text[max(0, m.start - 5) : m.start].lower().split()
        role = (self.roles.get((m.start, m.end)) or "").lower().split()
        cues = set(words[:1]) | set(before[-1:]) | set(role)
        if cues & (FEMALE_NAMES | _FEMALE_WORDS):
            return "f"
        if cues & (MALE_NAMES | _MALE_WORDS):
            return "m"
        return None

    def _named(self, m: Mention, span: tuple[int, int], via: str = "name") -> Speaker:
        full = self._full_name(m, m.start)
        role = self.roles.get((m.start, m.end)) or self.roles.get((full.start, full.end))
        if m.label in {"GPE", "LOC"} or m.text.lower() in GOVERNMENT_METONYMS:
            country = GOVERNMENT_METONYMS.get(_strip(m.text).lower(), _strip(m.text))
            return Speaker(
                government_name(country), "government", "metonym", span, government_of=country
            )
        if m.label == "NORP":
            return Speaker(_strip(self.text[span[0] : span[1]]), "group", via, span)
        kind = "person" if m.label == "PERSON" else "organisation"
        gender = self._gender(full) if kind == "person" else None
        return Speaker(_strip(full.text), kind, via, (m.start, m.end), role, gender or None)

    # -- resolution ------------------------------------------------------------------------
    def resolve(self, head: Token, span: tuple[int, int]) -> Speaker:
        """The speaker named by the noun phrase ``span`` (characters) whose head is ``head``."""
        speaker = self._resolve(head, span)
        if speaker.span is not None or speaker.kind != "unknown":
            self.history.append((self.sentence_index(head.idx), speaker))
        return speaker

    def _resolve(self, head: Token, span: tuple[int, int]) -> Speaker:
        low = head.lower_
        if low in _CONTAINERS:
            owner = _container_owner(head)
            if owner is not None:
                last = owner.right_edge
                whole = (owner.left_edge.idx, last.idx + len(last.text))
                found = self._resolve(owner, whole)
                if any(c.dep_ == "conj" for c in owner.children):
                    # "the Government of Syria and local responders": all of them gave the
                    # figures; the span stays on the first, for its entity.
                    found = replace(found, name=_keep_possessive(self.text[whole[0] : whole[1]]))
                return found
        if head.pos_ == "PRON" or low in _RELATIVE:
            return self._pronoun(head, span)
        m = self.mention_at(head.idx, head.idx + len(head.text))
        if m is not None:
            return self._named(m, span)
        if low in GOVERNMENT_METONYMS:
            country = GOVERNMENT_METONYMS[low]
            return Speaker(
                government_name(country), "government", "metonym", span, government_of=country
            )
        if head.pos_ == "PROPN":
            # A surname the model did not tag ("..., Fedorov said"): the person named before.
            for mm in self._recent_mentions(head.idx, 200):
                words = _strip(mm.text).split()  # a mention may strip to nothing ("Mr.")
                if mm.label == "PERSON" and words and words[-1] == head.text:
                    return self._named(mm, span)
        # The head is a common noun: a named person or body elsewhere in the phrase
        # ("Red Cross spokesperson Ewan Watson" parsed with "spokesperson" as head).
        inner = [
            mm
            for mm in self.mentions[bisect.bisect_left(self._starts, span[0]) :]
            if mm.end <= span[1]
        ]
        inner = [mm for mm in inner if mm.start < span[1]]
        for mm in inner:
            if mm.label == "PERSON" and (mm.start, mm.end) in self.roles:
                return self._named(mm, span)
        return self._description(head, span)

    def _description(self, head: Token, span: tuple[int, int]) -> Speaker:
        lemma = head.lemma_.lower()
        words = [
            t
            for t in head.subtree
            if t.i <= head.i and t.idx >= span[0] and t.dep_ not in {"det", "punct"}
        ]
        lo = words[0].idx if words else head.idx
        phrase = _keep_possessive(self.text[lo : head.idx + len(head.text)])
        has_det = any(t.dep_ == "det" and t.lower_ == "the" for t in head.children)
        modifiers = [
            t.lower_
            for t in head.lefts
            if t.dep_ in {"amod", "compound", "poss", "nmod", "npadvmod"}
        ]
        if lemma == "government":
            for t in head.lefts:
                country = _country_of(t.text)
                if country is not None:
                    return Speaker(
                        government_name(country),
                        "government",
                        "description",
                        span,
                        government_of=country,
                    )

        def fits(name: str | None) -> bool:
            low = (name or "").lower()
            return lemma in low and all(m in low for m in modifiers)

        plural = head.tag_ in {"NNS", "NNPS"}
        if lemma in ROLE_WORDS or lemma.rstrip("s") in ROLE_WORDS:
            if plural:
                return Speaker(phrase, "group", "description", span)
            if has_det and head.tag_ in {"NN", "NNP"}:
                for sp in self._recent_speakers(head.idx):
                    if sp.kind == "person" and fits(sp.role):
                        return replace(sp, via="description")
            return Speaker(phrase, "person", "description", span, role=phrase)
        if lemma in _ORG_HEADS and has_det:
            for sp in self._recent_speakers(head.idx):
                if sp.kind != "person" and fits(sp.name):
                    return replace(sp, via="description")
            for mm in self._recent_mentions(span[0]):
                if mm.label == "ORG" and fits(mm.text):
                    return replace(self._named(mm, span), via="description")
        kind = "organisation" if lemma in _ORG_HEADS else "group"
        return Speaker(phrase, kind, "description", span)

    def _pronoun(self, head: Token, span: tuple[int, int]) -> Speaker:
        low = head.lower_
        if low in _RELATIVE and head.head.dep_ == "relcl":
            noun = head.head.head
            lo, hi = noun.left_edge.i, noun.i + 1
            nspan = (self.doc[lo].idx, self.doc[hi - 1].idx + len(self.doc[hi - 1].text))
            return replace(self._resolve(noun, nspan), via="pronoun")
        sent = self.sentence_index(head.idx)
        if low in _MALE_PRONOUNS or low in _FEMALE_PRONOUNS:
            want = "m" if low in _MALE_PRONOUNS else "f"
            found = self._latest_person(head.idx, sent, want)
            if found is not None:
                return replace(found, via="pronoun")
        elif low in {"they", "it"}:
            for s_i, sp in reversed(self.history):
                if sent - s_i > _WINDOW_SENTENCES:
                    break
                if sp.kind in {"organisation", "government", "group"}:
                    return replace(sp, via="pronoun")
            m = self._latest_mention(head.idx, sent, {"ORG"})
            if m is not None:
                return replace(self._named(m, (m.start, m.end)), via="pronoun")
        return Speaker(None, "unknown", "pronoun", None)

    def _latest_person(self, pos: int, sent: int, want: str) -> Speaker | None:
        """Latest gender-compatible person: a speaker, else a person mentioned lately."""
        best: tuple[int, Speaker] | None = None
        for s_i, sp in reversed(self.history):
            if sent - s_i > _WINDOW_SENTENCES:
                break
            if sp.kind == "person" and sp.gender in {None, want} and sp.span is not None:
                best = (sp.span[0], sp)
                break
        m = self._latest_mention(pos, sent, {"PERSON"}, want)
        if m is not None and (best is None or m.start > best[0]):
            # A person named after the last speaker, as subject of a clause, takes over.
            tok = self._token_at(m.start)
            if tok is not None and tok.head.dep_ in {"nsubj", "nsubjpass"} | {"ROOT"}:
                return self._with_gender(self._named(m, (m.start, m.end)), want)
            if tok is not None and any(
                t.dep_ in {"nsubj", "nsubjpass"}
                # "The UN's humanitarian chief, Martin Griffiths, arrived ...": the name
                # in apposition to the subject is the subject
                or (t.dep_ == "appos" and t.head.dep_ in {"nsubj", "nsubjpass"})
                for t in self._span_tokens(m)
            ):
                return self._with_gender(self._named(m, (m.start, m.end)), want)
        if best is not None:
            return self._with_gender(best[1], want)
        if m is not None:
            return self._with_gender(self._named(m, (m.start, m.end)), want)
        return self._named_source_as_person(sent, want)

    def _named_source_as_person(self, sent: int, want: str) -> Speaker | None:
        """The last speaker, when no person is at hand and it is a name the entity tagger
        typed as a body although it reads as a person's ("Melek Arslan told Reuters ...
        “...,” she said"): two or three capitalised words, none a body's word."""
        for s_i, sp in reversed(self.history):
            if sent - s_i > _WINDOW_SENTENCES:
                return None
            if sp.kind != "organisation" or sp.via != "name" or sp.name is None:
                return None
            words = sp.name.split()
            if not 2 <= len(words) <= 3 or any(
                not w.isalpha() or not w[0].isupper() or w.isupper() or w.lower() in _BODY_WORDS
                for w in words
            ):
                return None
            return replace(sp, kind="person", gender=want)
        return None

    def _with_gender(self, sp: Speaker, want: str) -> Speaker:
        if sp.span is not None and sp.gender is None:
            self._genders[sp.span] = want
            return replace(sp, gender=want)
        return sp

    def _token_at(self, pos: int) -> Token | None:
        span = self.doc.char_span(pos, pos + 1, alignment_mode="expand")
        return span[0] if span is not None and len(span) else None

    def _span_tokens(self, m: Mention) -> list[Token]:
        span = self.doc.char_span(m.start, m.end, alignment_mode="expand")
        return list(span) if span is not None else []

    def _latest_mention(
        self, pos: int, sent: int, labels: set[str], want: str | None = None
    ) -> Mention | None:
        i = bisect.bisect_left(self._starts, pos) - 1
        while i >= 0:
            m = self.mentions[i]
            if sent - self.sentence_index(m.start) > 3:
                return None
            if m.label in labels and not self.in_quote(m.start):
                g = self._gender(self._full_name(m, m.start)) if want else None
                if want is None or g in {None, want}:
                    return m
            i -= 1
        return None
