"""The words victim finding reads: killing and wounding predicates, person nouns, genders, ages.

Kept apart from the parse-walking code so the vocabulary can be read and
extended in one place; every list is general English of crime and conflict
reporting, none is taken from a benchmark's text.
"""

from __future__ import annotations

import re

__all__ = [
    "AGE",
    "AGE_CLASS",
    "ATTEMPT",
    "BODY_PARTS",
    "CONDITION",
    "DEADLY",
    "DEATH_NOUNS",
    "FEMALE",
    "GENERIC",
    "INJURE",
    "KILL",
    "MALE",
    "NOBODY",
    "NOMINAL",
    "NOT_PEOPLE",
    "NOT_PRONOUNS",
    "PERSON_NOUNS",
    "SHOOT",
    "SUFFER",
]

KILL = frozenset(
    [
        "kill",
        "murder",
        "slay",
        "execute",
        "die",
        "dead",
        "deceased",
        "massacre",
        "behead",
        "strangle",
    ]
)
#: "stab" wounds: "a man was stabbed" lived unless the report says the stabbing killed him
#: ("stabbed to death", "fatally stabbed", "stabbed and killed"), which ``fatal`` reads
INJURE = frozenset(["injure", "wound", "hurt", "hospitalize", "hospitalise", "maim", "stab"])
SHOOT = frozenset({"shoot"})
ATTEMPT = frozenset(["try", "attempt", "threaten", "plan", "want", "intend", "vow", "fear"])
PERSON_NOUNS = frozenset(
    [
        "man",
        "woman",
        "boy",
        "girl",
        "teen",
        "teenager",
        "child",
        "kid",
        "son",
        "daughter",
        "mother",
        "father",
        "brother",
        "sister",
        "wife",
        "husband",
        "victim",
        "person",
        "baby",
        "toddler",
        "infant",
        "student",
        "driver",
        "resident",
        "officer",
        "deputy",
        "trooper",
        "grandmother",
        "grandfather",
        "uncle",
        "aunt",
        "nephew",
        "niece",
        "cousin",
        "friend",
        "girlfriend",
        "boyfriend",
        "neighbor",
        "neighbour",
        "clerk",
        "employee",
        "worker",
        "customer",
        "passenger",
        "pedestrian",
        "bystander",
        "youth",
        "juvenile",
        "adult",
        "male",
        "female",
        "civilian",
        "soldier",
        "journalist",
        "guard",
        "owner",
        "security",
        # kin, roles and trades seen as victims in crime reports
        "homeowner",
        "ex",
        "stepson",
        "stepdaughter",
        "stepfather",
        "stepmother",
        "grandson",
        "granddaughter",
        "grandchild",
        "grandparent",
        "sibling",
        "relative",
        "parent",
        "mom",
        "dad",
        "partner",
        "fiance",
        "fiancee",
        "roommate",
        "coworker",
        "classmate",
        "citizen",
        "actor",
        "policeman",
        "policewoman",
        "hunter",
        "teacher",
        "player",
        "athlete",
        "rapper",
        "pastor",
        "patron",
        "tenant",
        "landlord",
        "cashier",
        "bartender",
        "motorist",
        "cyclist",
        "jogger",
        "runner",
        "shopkeeper",
        "homeless",
        "senior",
        "sophomore",
        "freshman",
        "junior",
        "mother-in-law",
        "father-in-law",
        "lady",
        "gentleman",
        "guy",
        "individual",
        "occupant",
        "doctor",
        "nurse",
        "physician",
        "paramedic",
        "firefighter",
    ]
)
NOT_PEOPLE = frozenset(
    [
        "car",
        "vehicle",
        "house",
        "home",
        "window",
        "building",
        "store",
        "door",
        "wall",
        "truck",
        "bus",
        "tire",
        "round",
        "bullet",
        "shot",
        "dog",
        "cat",
        "horse",
        "animal",
        "deer",
        "bear",
        "gun",
        "weapon",
        "suspect",
        "gunman",
        "shooter",
        "robber",
        "attacker",
        "police",
        # events and wounds, not people: "the shooting death", "Alec's shooting death"
        "death",
        "shooting",
        "killing",
        "murder",
        "homicide",
        "incident",
        "attack",
        "crime",
        "case",
        "scene",
        "wound",
        "injury",
        "body",
        "fire",
        "gunfire",
    ]
)
#: body parts a bullet strikes or grazes: "a bullet grazed a woman's head" wounded the woman
BODY_PARTS = frozenset(
    [
        "head",
        "face",
        "neck",
        "shoulder",
        "arm",
        "hand",
        "finger",
        "chest",
        "back",
        "stomach",
        "abdomen",
        "torso",
        "side",
        "hip",
        "buttock",
        "leg",
        "thigh",
        "knee",
        "ankle",
        "foot",
        "ear",
        "cheek",
        "jaw",
        "scalp",
        "eye",
        "wrist",
        "elbow",
        "groin",
    ]
)
NOBODY = frozenset(["nobody", "none", "anyone", "anybody", "everyone", "everybody"])
NOT_PRONOUNS = frozenset(
    ["it", "they", "them", "we", "us", "i", "me", "you", "this", "that", "which", "who"]
)
GENERIC = frozenset({"victim", "person", "male", "female", "adult", "youth", "juvenile"})
NOMINAL = {
    "murder": "killed",
    "killing": "killed",
    "death": "killed",
    "homicide": "killed",
    "body": "killed",  # "the body of a man was found"
}
DEADLY = frozenset(["deadly", "fatal"])
CONDITION = frozenset(["critical", "stable", "serious", "grave", "fair", "good"])
SUFFER = frozenset(["suffer", "sustain", "receive", "treat"])

MALE = frozenset(
    [
        "man",
        "boy",
        "he",
        "him",
        "son",
        "father",
        "brother",
        "husband",
        "boyfriend",
        "uncle",
        "nephew",
        "male",
    ]
)
FEMALE = frozenset(
    [
        "woman",
        "girl",
        "she",
        "her",
        "daughter",
        "mother",
        "sister",
        "wife",
        "girlfriend",
        "aunt",
        "niece",
        "female",
    ]
)


# the ages a person noun allows, in years: "the toddler" is not "the 15-year-old"
AGE_CLASS: dict[str, tuple[float, float]] = {
    "baby": (0, 2),
    "infant": (0, 2),
    "toddler": (0, 4),
    "child": (0, 13),
    "kid": (0, 17),
    "boy": (0, 19),
    "girl": (0, 19),
    "teen": (12, 19),
    "teenager": (12, 19),
    "juvenile": (8, 18),
    "youth": (8, 24),
    "student": (4, 30),
    "man": (16, 120),
    "woman": (16, 120),
    "adult": (18, 120),
    "grandmother": (30, 120),
    "grandfather": (30, 120),
    "grandparent": (30, 120),
}
#: the age word is a run of word characters and dots, taken whole (possessive) and bounded:
#: a long run of "A.A.A." then costs linear time, not a rescan from every dot in it
AGE = re.compile(r"\b([\w.]{1,40}+)[- ](year|month|week|day)s?[- ]olds?\b", re.IGNORECASE)
DEATH_NOUNS = frozenset(["autopsy", "coroner", "homicide", "body", "obituary", "funeral"])
