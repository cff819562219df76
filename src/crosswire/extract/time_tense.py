"""The tense of the clause a temporal expression modifies, read off the parse.

"On Saturday" means tomorrow in "it would try again on Saturday" and last
week in "it tried on Saturday"; only the verb the expression hangs from can
tell. We climb from the expression's root token to the first verb that
shows its tense (an auxiliary "will", a past-tense form, a modal) and read
it; an infinitive defers to the verb it depends on ("had to return" is
past, "plans to return" is future). Used only to resolve weekdays, bare
months and dates without a year; a wrong tense costs at most a week.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["clause_tense", "verb_tense"]

_FUTURE_AUX = frozenset({"will", "'ll", "’ll", "shall", "wo", "would", "going"})
_MODAL_FUTURE = frozenset({"may", "might", "should", "must", "can", "ca"})
_FUTURE_HEADS = frozenset(
    {
        "plan",
        "expect",
        "schedule",
        "intend",
        "due",
        "set",
        "hope",
        "aim",
        "prepare",
        "promise",
        "vow",
        "pledge",
        "threaten",
        "ready",
        "agree",
        "want",
        "going",
        "try",
    }
)
_COMMITMENTS = frozenset({"plan", "schedule", "intend", "agree", "promise", "vow", "pledge"})
"""Verbs that commit to a later act even in the past tense ("agreed to buy it in February")."""
_INTENT_NOUNS = frozenset({"agreement", "proposal", "offer", "bid", "pact", "deal", "contract"})
"""Nouns whose infinitive names a later act: "an agreement to acquire the company in January"."""
_SCHEDULING = frozenset({"plan", "schedule", "due", "set"})
_PROSPECTIVE = frozenset(
    {"prepare", "brace", "gear", "await", "wait", "plan", "schedule", "ready", "organize"}
)
"""Progressive verbs whose object is still to come: "preparing for a summit on Friday"."""
_RETROSPECTIVE = frozenset(
    {
        "investigate",
        "probe",
        "examine",
        "review",
        "look",
        "search",
        "hunt",
        "mourn",
        "condemn",
        "recover",
        "assess",
        "reel",
        "question",
        "interview",
    }
)
"""Progressive verbs of inquiry or response: the day they name is the event looked back on
("detectives are looking into a fatal crash on Friday")."""
_EXPECTING = frozenset({"expect", "schedule", "slate", "forecast"})
"""Verbs whose day belongs to the expected act, ahead of whoever expected it: in "a convoy
was expected to cross on Thursday" or "no convoy was expected on Tuesday" the past tense is
the reporter's backshift, not the act's; the day is the nearer one, as for a plan."""
_PASSIVE_PLANS = frozenset({"plan", "set"})
"""Verbs that schedule only in the passive: "a convoy was planned for Wednesday", "the vote was
set for Friday" (but "planned the attack on Wednesday", "the fire was set" on that day)."""


def _had(token: Token) -> bool:
    return any(c.dep_ in ("aux", "auxpass") and c.lower_ == "had" for c in token.children)


def _expecting(token: Token) -> bool:
    """A verb of expectation or a passive plan ("was expected", "was planned for")."""
    lemma = token.lemma_.lower()
    if lemma in _EXPECTING:
        return True
    if lemma not in _PASSIVE_PLANS or not any(c.dep_ == "auxpass" for c in token.children):
        return False
    return lemma == "plan" or any(
        c.dep_ in ("prep", "xcomp") and c.lower_ in ("for", "to") for c in token.children
    )


def _due(token: Token) -> bool:
    """ "due" as a predicate: "the next meeting is due on Thursday"."""
    return token.lower_ == "due" and token.pos_ == "ADJ" and token.dep_ in ("acomp", "amod")


_MAX_CLIMB = 10


def verb_tense(verb: Token) -> str | None:
    """``past``, ``future`` or ``present`` for a verb with its auxiliaries, else None."""
    auxes = [c for c in verb.children if c.dep_ in ("aux", "auxpass")]
    words = {a.lower_ for a in auxes}
    perfect = verb.tag_ == "VBN" and words & {"have", "'ve", "’ve"}
    if perfect and words & (_FUTURE_AUX | _MODAL_FUTURE | {"could"}):
        return "past"  # "may have been responsible", "would have left": a perfect looks back
    if words & _FUTURE_AUX or verb.lower_ in ("will", "would", "shall", "'ll", "’ll"):
        return "future"
    if words & _MODAL_FUTURE:
        return "future"
    if "to" in words:
        return None  # an infinitive: the verb it depends on decides
    for aux in auxes:
        if aux.tag_ in ("VBD",):
            return "past"
    if verb.lemma_.lower() in _SCHEDULING:
        return "future"  # "planned a rally on Saturday": the day is the rally's
    if verb.tag_ == "VBD":
        return "past"
    if verb.tag_ == "VBN":
        if words & {"has", "have", "'s", "'ve", "had"} or not auxes:
            return "past"
        return "present" if words & {"is", "are", "am", "'re"} else "past"
    if verb.tag_ == "VBG" and words & {"is", "are", "am", "'re", "'m"}:
        return "future"  # a present progressive with a day name is an arrangement
    if verb.tag_ in ("VBZ", "VBP"):
        return "present"
    if words & {"did"}:
        return "past"
    if words & {"do", "does"}:
        return "present"
    return None


def _progressive(verb: Token) -> bool:
    """A present progressive with no modal: "are investigating", "is leaving"."""
    words = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    return (
        verb.tag_ == "VBG"
        and bool(words & {"is", "are", "am", "'re", "'m", "’re", "’m"})
        and not words & (_FUTURE_AUX | _MODAL_FUTURE)
    )


def _progressive_reading(verb: Token, through_noun: bool) -> str:
    """A present progressive's reading of a day: arrangement (``future``) or event looked back on.

    "The team is leaving on Friday" arranges the verb's own act, so the day is to come. A
    verb of inquiry or response ("investigating", "looking into", "searching") reacts to
    something that happened, and a day that dates a noun ("a shooting late Friday night")
    dates that noun's event, not the arrangement; both look back, unless the verb prepares
    for what it names ("preparing for a summit on Friday").
    """
    lemma = verb.lemma_.lower()
    forward = any(c.dep_ in ("prt", "advmod") and c.lower_ == "forward" for c in verb.children)
    if lemma in _PROSPECTIVE or forward:
        return "future"  # "preparing for a summit on Friday", "looking forward to Friday's talks"
    if lemma in _RETROSPECTIVE or through_noun:
        return "past"
    return "future"


def _planned_event(token: Token) -> bool:
    """A scheduling participle that modifies a noun: "a service planned for Saturday"."""
    return token.dep_ == "acl" and token.tag_ == "VBN" and token.lemma_.lower() in _SCHEDULING


def clause_tense(doc: Doc, start: int, end: int) -> str | None:
    """Tense of the clause the characters [start, end) of ``doc`` belong to, or None."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    token = span.root
    infinitive = False
    through_noun = False
    planned = False
    due = False
    for _ in range(_MAX_CLIMB):
        if _due(token) and not infinitive:
            due = True  # the verb's tense says which way: "is due" ahead, "was due" nearer
        elif _planned_event(token) and not infinitive:
            # The planned event may lie on either side of the report ("a service planned
            # for Saturday was canceled"): the nearer day, unless the clause looks ahead.
            planned = True
        elif token.pos_ in ("VERB", "AUX") or token.tag_.startswith("VB") or token.tag_ == "MD":
            tense = verb_tense(token)
            if due and tense is not None:
                if tense == "past":
                    return "past" if _had(token) else "present"
                return "future"
            if planned:
                return "future" if tense == "future" and not _progressive(token) else "present"
            if tense == "future" and _progressive(token) and not infinitive:
                return _progressive_reading(token, through_noun)
            if infinitive and token.lemma_.lower() in _FUTURE_HEADS and tense != "past":
                return "future"  # "plans to leave on Friday"; "tried to leave" stays past
            if (
                infinitive
                and token.lemma_.lower() in _COMMITMENTS
                and not any(c.dep_ == "aux" and c.lower_ == "had" for c in token.children)
            ):
                return "future"  # "agreed to buy the line in February": the purchase is to come
            if tense == "past" and _expecting(token) and not _had(token):
                return "present"  # "was expected to cross on Thursday": the nearer Thursday
            if infinitive and token.lemma_.lower() == "be" and tense == "past":
                return "present"  # "were to be held on Wednesday": a plan, the nearer day
            if infinitive and token.lemma_.lower() == "be" and tense == "present":
                return "future"  # "is to resume trading Tuesday": an arrangement
            if tense is not None:
                return tense
            infinitive = infinitive or any(
                c.dep_ == "aux" and c.lower_ == "to" for c in token.children
            )
        elif infinitive and token.lemma_.lower() in _FUTURE_HEADS | _INTENT_NOUNS:
            if any(c.dep_ == "aux" and c.lower_ == "had" for c in token.head.children):
                return "past"  # "it had been due to expire Friday": the plan is behind us
            return "future"  # "ready to lead", "due to arrive", "an agreement to buy in January"
        elif token.pos_ in ("NOUN", "PROPN") and not span.start <= token.i < span.end:
            through_noun = True
        if token.head is token:
            break
        token = token.head
    return None
