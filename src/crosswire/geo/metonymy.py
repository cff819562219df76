"""Metonymy: when "Moscow" or "Russia" names a government, not a location.

"Moscow said", "Kyiv accused", "Washington warned", "Moscow's announcements",
"talks with Russia": the place name stands for the state acting or speaking.
Plotting these as event locations puts statements on a map where nothing
happened (a classic GDELT error). The rule is syntactic, on the stored
parse: a country or a capital city is metonymic when it is

* the subject of a speech or agency verb ("said", "accused", "made",
  "is trying"), also through a conjunction ("Russia and Ukraine agreed");
* the object of accusing, urging, sanctioning, or the partner of talks
  ("accused Russia", "talks with Russia");
* the possessor of a statement-like or agency noun ("Moscow's announcements",
  "Kyiv's demand", "Russia's invasion", "Norway's initiative").

Only countries and capitals qualify: "Mariupol has seen fierce fighting" is
a place, and cities rarely speak in news English. Everything else is a
location. The lists are short and every word on them was seen in reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

__all__ = ["AGENT_NOUNS", "AGENT_VERBS", "is_metonymic"]

AGENT_VERBS = frozenset(
    [
        "say",
        "tell",
        "claim",
        "deny",
        "accuse",
        "warn",
        "announce",
        "state",
        "insist",
        "demand",
        "urge",
        "reject",
        "agree",
        "threaten",
        "condemn",
        "respond",
        "confirm",
        "describe",
        "believe",
        "want",
        "vow",
        "pledge",
        "order",
        "recognise",
        "recognize",
        "sanction",
        "negotiate",
        "seek",
        "try",
        "attempt",
        "maintain",
        "deliver",
        "make",
        "appear",
        "call",
        "propose",
        "offer",
        "refuse",
        "decide",
        "plan",
        "intend",
        "promise",
        "hope",
        "expect",
        "blame",
        "allege",
        "report",
        "add",
        "argue",
        "note",
        "launch",
        "invade",
        "attack",
        "annex",
        "impose",
        "send",
        "retaliate",
        "mobilise",
        "mobilize",
        "expel",
        "summon",
        "protest",
        "praise",
        "welcome",
        "ask",
        "cede",
        "resume",
        "continue",
        "push",
        "accept",
        "sign",
        "veto",
        "vote",
        "approve",
        "oppose",
        "support",
        "back",
        "insist",
        "acknowledge",
        "admit",
        "dismiss",
        "question",
        "suggest",
        "signal",
        "assure",
        "brand",
        "label",
    ]
)
AGENT_NOUNS = frozenset(
    [
        "announcement",
        "announcements",
        "statement",
        "statements",
        "claim",
        "claims",
        "demand",
        "demands",
        "position",
        "proposal",
        "proposals",
        "decision",
        "decisions",
        "initiative",
        "invasion",
        "aggression",
        "offensive",
        "war",
        "government",
        "leadership",
        "delegation",
        "negotiator",
        "negotiators",
        "envoy",
        "ambassador",
        "ministry",
        "minister",
        "president",
        "leader",
        "spokesman",
        "spokeswoman",
        "spokesperson",
        "response",
        "refusal",
        "request",
        "demands",
        "goal",
        "goals",
        "aim",
        "aims",
        "plan",
        "plans",
        "policy",
        "warning",
        "warnings",
        "accusation",
        "accusations",
        "commitment",
        "promise",
        "promises",
        "assurance",
        "assurances",
        "troops",
    ]
)
_OBJECT_VERBS = frozenset(
    ["accuse", "urge", "warn", "sanction", "blame", "condemn", "tell", "ask", "call"]
)
_PARTNER_NOUNS = frozenset(
    ["talks", "negotiations", "agreement", "deal", "call", "meeting", "dialogue"]
)


def _head_chain(tok: Token) -> Token:
    """Climb conjunctions ("Russia and Ukraine") to the first conjunct."""
    while tok.dep_ == "conj" and tok.head is not tok:
        tok = tok.head
    return tok


def is_metonymic(span: Span, *, actor_capable: bool) -> bool:
    """True if ``span`` (a place mention) names a government acting or speaking.

    ``actor_capable`` says whether the resolved place is a country or a
    capital; other places are never metonymic here.
    """
    if not actor_capable:
        return False
    tok = _head_chain(span.root)
    dep, head = tok.dep_, tok.head
    if dep in ("nsubj", "nsubjpass"):
        return head.lemma_.lower() in AGENT_VERBS
    if dep == "poss":
        return head.lemma_.lower() in AGENT_NOUNS or head.lower_ in AGENT_NOUNS
    if dep == "dobj":
        return head.lemma_.lower() in _OBJECT_VERBS
    if dep == "pobj" and head.lower_ == "with":
        return head.head.lower_ in _PARTNER_NOUNS
    return False
