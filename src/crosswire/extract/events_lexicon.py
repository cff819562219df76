"""The event taxonomy: trigger words per type, status cues, and the words of operations.

The types are the ones a humanitarian analyst files reports under (OCHA
sitreps, ACLED-style event coding), not generic linguistic classes: an
evacuation, an aid convoy blocked, a missile strike, a ceasefire, talks, a
claim of control. Triggers are lemmas (so "evacuated", "evacuation" and
"evacuating" all count) with the part of speech that makes them events;
multiword cues ("safe passage", "opened fire", "turned back") are regular
expressions. Kept as data so an analyst can extend a type without touching
the extraction logic in :mod:`crosswire.extract.events`.
"""

from __future__ import annotations

import re

__all__ = [
    "ACCUSED_OF",
    "CEASEFIRE_CUES",
    "EVENT_TYPES",
    "HUMANITARIAN_ORGS",
    "OPERATION_TYPES",
    "PHRASES",
    "REPORTING_VERBS",
    "STATUSES",
    "STATUS_CUES",
    "TRIGGERS",
    "UNITS",
    "VEHICLES",
]

EVENT_TYPES: tuple[str, ...] = (
    "evacuation",
    "humanitarian_corridor",
    "aid_delivery",
    "aid_blocked",
    "attack",
    "shooting",
    "casualties",
    "displacement",
    "ceasefire",
    "negotiation",
    "territorial_control",
    "troop_movement",
    "arrest",
    "accusation",
)

STATUSES: tuple[str, ...] = (
    "planned",
    "agreed",
    "underway",
    "succeeded",
    "failed",
    "blocked",
    "turned_back",
    "suspended",
    "disputed",
    "attacked",
)

OPERATION_TYPES = frozenset({"evacuation", "humanitarian_corridor", "aid_delivery", "aid_blocked"})
"""Event types that are steps of a humanitarian operation (tracked by link.operations)."""

# lemma -> (type, parts of speech that make it an event)
_V, _N, _VN = ("VERB",), ("NOUN", "PROPN"), ("VERB", "NOUN", "PROPN")
TRIGGERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "evacuate": ("evacuation", _V),
    "evacuation": ("evacuation", _N),
    "evacuee": ("evacuation", _N),
    "convoy": ("evacuation", _N),
    "flee": ("evacuation", _V),
    "corridor": ("humanitarian_corridor", _N),
    "deliver": ("aid_delivery", _V),
    "delivery": ("aid_delivery", _N),
    "shipment": ("aid_delivery", _N),
    "seize": ("aid_blocked", _V),
    "confiscate": ("aid_blocked", _V),
    "loot": ("aid_blocked", _V),
    "block": ("aid_blocked", _V),
    "blockade": ("aid_blocked", _VN),
    "attack": ("attack", _VN),
    "shell": ("attack", _V),
    "shelling": ("attack", _N),
    "bombard": ("attack", _V),
    "bombardment": ("attack", _N),
    "bomb": ("attack", _V),
    "bombing": ("attack", _N),
    "airstrike": ("attack", _N),
    "strike": ("attack", _VN),
    "missile": ("attack", _N),
    "rocket": ("attack", _N),
    "assault": ("attack", _VN),
    "offensive": ("attack", _N),
    "fighting": ("attack", _N),
    "raid": ("attack", _VN),
    "explosion": ("attack", _N),
    "blast": ("attack", _N),
    "hammer": ("attack", _V),
    "shoot": ("shooting", _V),
    "shooting": ("shooting", _N),
    "gunfire": ("shooting", _N),
    "gunman": ("shooting", _N),
    "fire": ("shooting", _V),
    "kill": ("casualties", _V),
    "die": ("casualties", _V),
    "death": ("casualties", _N),
    "wound": ("casualties", _V),
    "injure": ("casualties", _V),
    "casualty": ("casualties", _N),
    "toll": ("casualties", _N),
    "displace": ("displacement", _V),
    "displacement": ("displacement", _N),
    "refugee": ("displacement", _N),
    "shelter": ("displacement", _V),
    "ceasefire": ("ceasefire", _N),
    "truce": ("ceasefire", _N),
    "pause": ("ceasefire", _N),
    "cessation": ("ceasefire", _N),
    "armistice": ("ceasefire", _N),
    "flight": ("evacuation", _N),
    "talk": ("negotiation", ("NOUN",)),
    "negotiation": ("negotiation", _N),
    "negotiate": ("negotiation", _V),
    "agreement": ("negotiation", _N),
    "capture": ("territorial_control", _V),
    "recapture": ("territorial_control", _V),
    "occupy": ("territorial_control", _V),
    "control": ("territorial_control", _VN),
    "encircle": ("territorial_control", _V),
    "besiege": ("territorial_control", _V),
    "siege": ("territorial_control", _N),
    "surround": ("territorial_control", _V),
    "withdraw": ("troop_movement", _V),
    "withdrawal": ("troop_movement", _N),
    "retreat": ("troop_movement", _VN),
    "regroup": ("troop_movement", _V),
    "reposition": ("troop_movement", _V),
    "advance": ("troop_movement", _VN),
    "deploy": ("troop_movement", _V),
    "redeploy": ("troop_movement", _V),
    "reinforce": ("troop_movement", _V),
    "build-up": ("troop_movement", _N),
    "arrest": ("arrest", _VN),
    "detain": ("arrest", _V),
    "detention": ("arrest", _N),
    "abduct": ("arrest", _V),
    "kidnap": ("arrest", _V),
    "accuse": ("accusation", _V),
    "accusation": ("accusation", _N),
    "deny": ("accusation", _V),
    "denial": ("accusation", _N),
    "blame": ("accusation", _V),
    "allege": ("accusation", _V),
}

PHRASES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE))
    for kind, pattern in (
        ("humanitarian_corridor", r"\bsafe passage\b"),
        ("humanitarian_corridor", r"\bhumanitarian passages?\b"),
        (
            # "we brought 15,000 people out of east Aleppo"
            "evacuation",
            r"\b(?:bring|get|got|getting|brought)\s+(?:[\w,]+\s+){0,2}?out\b",
        ),
        (
            # "the operation to take militants and their families out of eastern Aleppo";
            # "out of" so that a tank "taken out" is no evacuation
            "evacuation",
            r"\b(?:take|took|taking|taken)\s+(?:[\w-]+\s+){1,5}?out of\b",
        ),
        (
            "evacuation",
            r"\b(?:lift(?:ed)?|airlift(?:ed)?|fl(?:ew|own|y|ying))\s+(?:[\w-]+\s+){0,6}?out\b",
        ),
        (
            "evacuation",
            r"\b(?:leave|left|leaving)\b(?=[^.]{0,40}\b(?:city|cars?|buses|Mariupol)\b)",
        ),
        ("aid_delivery", r"\bhumanitarian (?:aid|cargo|supplies|convoy|access)\b"),
        ("aid_blocked", r"\bnot allowing any humanitarian\b"),
        ("shooting", r"\bopen(?:ed|ing)? fire\b|\bfiring on\b"),
        ("attack", r"\bhit by (?:a |an )?(?:missile|rocket|shell|bomb)s?\b"),
        ("troop_movement", r"\bpull(?:ing|ed)? (?:away|back|out)\b|\bwind down\b|\bbearing down\b"),
        ("evacuation", r"\b(?:try|tried|trying) to enter\b|\bfailed to reach\b"),
        (
            "evacuation",
            r"\b(?:residents|people|civilians|inhabitants)\s+of\s+[A-Z][\w'’-]+\s+"
            r"(?:were able to |managed to |have |had )?(?:reach(?:ed)?|arrived in)\b",
        ),
        (
            # "Over 4,000 people reached Zaporizhzhya from Mariupol": a count of people who
            # got from one named place to another
            "evacuation",
            # the number starts a run of digits and is bounded: "1,1,1,..." is read once
            r"(?<![\d,.])\b\d[\d,.]{0,15}\s+(?:people|residents|civilians|inhabitants|evacuees)\s+"
            r"(?:have |had )?(?:reached|arrived in)\s+(?-i:[A-Z])[\w'’-]+\s+from\s+(?-i:[A-Z])",
        ),
        (
            # "managed to rescue 7,144 people from Enerhodar, Bucha and Hostomel": a count of
            # people brought out of named places, not one pulled from rubble
            "evacuation",
            r"\b(?:rescued?|rescuing)\s+(?:(?:some|over|more than|about|nearly|almost)\s+)?"
            r"\d[\d,.]*\s+(?:people|residents|civilians|inhabitants)\s+from\s+(?-i:[A-Z])",
        ),
        ("territorial_control", r"\bunder (?:\w+ )?control\b|\b[A-Z]\w+-held\b"),
    )
)

# (status, pattern): the cue nearest the trigger wins.
STATUS_CUES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (status, re.compile(pattern, re.IGNORECASE))
    for status, pattern in (
        (
            "suspended",
            r"\bsuspend(?:ed|s)?\b|\bhalted\b|\bput on hold\b|\bpaused\b|\bpostponed\b",
        ),
        (
            "turned_back",
            r"\bturn(?:ed|ing)? back\b|\bhad to return\b|\bforced to (?:return|turn)\b",
        ),
        (
            "blocked",
            r"\bblock(?:ed|ing|s)?\b|\bnot allowing\b|\bprevent(?:ed|ing)?\b|\bseiz(?:ed|ing|e)\b|"
            r"\bunable to (?:enter|reach|leave|get)\b|\bdenied access\b|\bstopped\b|"
            r"\bconfiscat\w*\b|\bstall(?:ed|s|ing)?\b|\bheld up\b|"
            r"\bwait(?:ed|ing)?\b(?=[^.;]{0,40}?\bfor (?:clearance|permission|security|"
            r"guarantees|approval|authori[sz]ation|access)\b)",
        ),
        (
            "failed",
            r"\bfail(?:ed|ure|s)?\b|\bimpossible to proceed\b|\bcould not\b|\bcollapsed\b|"
            r"\bbroke down\b|\bunsuccessful\b|\bresulted in failure\b|\bcalled off\b|"
            r"\bcancell?ed\b|\bscrapped\b|\baborted\b|\blooted\b|\bhijacked\b|"
            r"\bdisrupt(?:ed|ion|ing)?\b|\bdid(?: not|n't) (?:work|function|open|operate)\b|"
            r"\bnot (?:working|functioning|operating)\b|\bdid(?: not|n't) take place\b|"
            r"\b(?:was|were)(?: not|n't) opened\b|\bthwarted\b|\bfoiled\b",
        ),
        (
            # an attack on the convoy is an event of it, not its end nor its success:
            # "an air strike hit a convoy", "the convoy came under attack"
            "attacked",
            r"\battacked\b|\bcame under (?:fire|attack)\b|\bambushed\b|\bhit\b|\bstruck\b|"
            r"\bfired (?:on|at|upon)\b|\bshelled\b|"
            r"\bbombed\b|\bwrecked\b",
        ),
        (
            "succeeded",
            r"\bfled\b|\bgot out\b|\breached\b|\barrived\b|\bmanaged to\b|"
            r"\bleft\b(?![^.;]{0,40}?\b(?:dead|injured|wounded|homeless|damaged|no doubt)\b)|"
            r"\b(?:were|was) able to\b|\bpassed\b|\bdelivered\b|\bcompleted\b|\bevacuated\b|"
            r"\bhas led\b|\bhave led\b|\bescaped\b|\brescued\b|\bfunctioned\b|"
            r"\boperated\b(?!\s+by\b)|\b(?:were|was|been) taken out\b|"
            r"\bworked\b(?!\s+(?:on|to|with|through|out|for)\b)|"
            r"\bcrossed\b|\bgot through\b|\bentered\b|\bended\b|\blanded\b|"
            r"\bfinished (?:evacuating|bringing|taking|moving|delivering)\b|"
            r"(?<!be )\bbrought\s+(?:[\w,]+\s+){0,2}?out\b|"
            r"\b(?:is|was|has been) (?:now )?complete\b",
        ),
        (
            "agreed",
            r"\b(?:has|have|had|was|were|been) agreed\b|\bagreed (?:upon|on)\b|"
            r"\b(?:coordinated|agreed) with\b|\bestablished\b|\bapproved\b|"
            r"\bconfirm(?:ed|ation)\b(?=[^.;]{0,60}\b(?:side|route|corridor|ceasefire)s?\b)",
        ),
        (
            "underway",
            r"\ben route\b|\bon (?:the|its|their) way\b|\bset out\b|\bunder ?way\b|\bbegan to\b|"
            r"\bheading\b|\bis holding\b|\bcurrently\b|\bcontinu\w+\b|\bongoing\b|\bresumed\b|"
            r"\b(?:is|are) being formed\b|\bdeparted\b|\bset off\b|\bopened\b|\bis operating\b|"
            r"\brestart(?:ed|s)?\b|\bback on the move\b|\brolls? again\b",
        ),
        (
            "planned",
            r"\bwill\b|\bwould\b|\b\w+'ll\b|\bplan(?:s|ned)? to\b|\bready to\b|\btry again\b|"
            r"\bagreed to\b|\bagreement to\b|\bscheduled\b|\bplanned for\b|\bexpected to\b|"
            r"\bdue to\b|\bintend\w*\b|"
            r"\bif and when\b",
        ),
        (
            "disputed",
            r"\bdenie[sd]\b|\bdisputed?\b|\bcannot be independently confirmed\b|"
            r"\bcould not be (?:independently )?verified\b|\bclaimed\b|\balleged(?:ly)?\b",
        ),
    )
)

ACCUSED_OF = re.compile(r"(?i)\b(?:accus\w*|blam\w*|alleg\w*)\b[^.;]{0,80}?\b(?:of|for)\s+$")
"""Words before a failure cue that make it one side's charge ("accused Ukrainian
nationalists of disrupting"): the step is disputed, not failed."""

REPORTING_VERBS = frozenset(
    {
        "say",
        "tell",
        "add",
        "confirm",
        "announce",
        "report",
        "state",
        "write",
        "tweet",
        "claim",
        "describe",
        "comment",
        "note",
    }
)

HUMANITARIAN_ORGS: dict[str, str] = {
    "red cross": "ICRC",
    "icrc": "ICRC",
    "international committee of the red cross": "ICRC",
    "un": "UN",
    "united nations": "UN",
    "unhcr": "UNHCR",
    "ocha": "OCHA",
    "wfp": "WFP",
    "world food programme": "WFP",
    "unicef": "UNICEF",
    "msf": "MSF",
    "doctors without borders": "MSF",
    "medecins sans frontieres": "MSF",
    "who": "WHO",
    "world health organization": "WHO",
    "iom": "IOM",
    "red crescent": "Red Crescent",
}
"""Organisations that run or escort humanitarian operations, by a normalised key."""

VEHICLES: dict[str, str] = {
    "bus": "buses",
    "buses": "buses",
    "car": "cars",
    "cars": "cars",
    "vehicle": "vehicles",
    "vehicles": "vehicles",
    "truck": "trucks",
    "trucks": "trucks",
    "lorry": "trucks",
    "lorries": "trucks",
    "ambulance": "ambulances",
    "ambulances": "ambulances",
    "train": "trains",
    "trains": "trains",
}

UNITS: dict[str, str] = {
    **VEHICLES,
    "ton": "tons",
    "tons": "tons",
    "tonne": "tons",
    "tonnes": "tons",
    "people": "people",
    "civilians": "people",
    "residents": "people",
    "persons": "people",
    "children": "children",
}

CEASEFIRE_CUES: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (status, re.compile(pattern, re.IGNORECASE))
    for status, pattern in (
        (
            "collapsed",
            r"\bcollapsed?\b|\bbr(?:oke|oken) down\b|\bexpired?\b|\blapsed\b|\bfell apart\b|"
            r"\bended\b|\bran out\b",
        ),
        ("violated", r"\bviolat\w*\b|\bbreach\w*\b|\bdespite\b|\bbroken\b"),
        ("extended", r"\bextend\w*\b|\bextension\b|\bprolong\w*\b|\brenewed\b"),
        (
            "agreed",
            r"\bagree\w*\b|\bannounc\w*\b|\breached\b|\bsigned\b|\baccepted\b|\bbrokered\b|"
            r"\bdeclared\b",
        ),
        (
            "in_effect",
            r"\btook effect\b|\btake effect\b|\bcame into (?:force|effect)\b|\bbegan\b|"
            r"\bstart(?:ed|ing)\b|\bin (?:effect|force)\b|\bhold(?:s|ing)\b|\bheld\b",
        ),
    )
)
"""What befell a ceasefire, truce or humanitarian pause, most telling first: a truce
"agreed ... starting at midnight" was agreed, one "extended" after it "took effect" was
extended. The first kind of cue near the trigger wins, not the nearest cue."""
