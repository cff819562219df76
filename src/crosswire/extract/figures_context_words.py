"""The words that tell what a number counts: units, measures by verb and noun, people, things.

The vocabulary :mod:`~crosswire.extract.figures_context` reads a figure's
unit, counted thing and measure with; kept apart so that module stays small
and the word lists can be read (and extended) in one place.
"""

from __future__ import annotations

__all__ = [
    "AID",
    "GROUPS",
    "NOUN_MEASURE",
    "PEOPLE",
    "PERPETRATOR",
    "PREWAR",
    "QUANTIFIERS",
    "UNIT_HEADS",
    "VEHICLES",
    "VERB_MEASURE",
]

UNIT_HEADS = frozenset(
    [
        "per",
        "cent",
        "percent",
        "%",
        "km",
        "kilometres",
        "kilometers",
        "miles",
        "mile",
        "tons",
        "ton",
        "tonnes",
        "tonne",
        "kg",
        "kilograms",
        "litres",
        "liters",
        "hectares",
        "metres",
        "meters",
        "dozen",
        "hundred",
        "thousand",
        "million",
        "billion",
        "tens",
        "hundreds",
        "thousands",
        "millions",
        "dozens",
        "scores",
    ]
)
VERB_MEASURE: dict[str, str] = {}
for _measure, _words in (
    (
        "killed",
        "kill die dead murder slay massacre execute perish behead fatal fatally drown succumb",
    ),
    ("injured", "injure wound hurt hospitalize hospitalise maim graze"),
    ("shot", "shoot"),
    ("missing", "missing disappear unaccounted"),
    ("evacuated", "evacuate leave rescue extract exit depart board"),
    ("population_remaining", "remain trap stay strand stuck still"),
    ("displaced", "displace flee escape uproot homeless"),
    ("detained", "detain arrest capture abduct kidnap imprison jail deport"),
    ("sheltering", "shelter hide huddle house"),
):
    for _w in _words.split():
        VERB_MEASURE[_w] = _measure
NOUN_MEASURE = {
    "death": "killed",
    "deaths": "killed",
    "dead": "killed",
    "fatality": "killed",
    "fatalities": "killed",
    "toll": "killed",
    "body": "killed",
    "bodies": "killed",
    "injury": "injured",
    "injuries": "injured",
    "wounded": "injured",
    "injured": "injured",
    "casualties": "casualties",
    "casualty": "casualties",
    "refugees": "displaced",
    "refugee": "displaced",
    "evacuees": "evacuated",
    "detainees": "detained",
    "prisoners": "detained",
    "hostages": "detained",
    "captives": "detained",
    "population": "population",
    "inhabitants": "population",
}
PEOPLE = frozenset(
    [
        "people",
        "persons",
        "person",
        "civilians",
        "residents",
        "men",
        "women",
        "children",
        "kids",
        "boys",
        "girls",
        "babies",
        "soldiers",
        "troops",
        "fighters",
        "servicemen",
        "officers",
        "police",
        "policemen",
        "victims",
        "citizens",
        "inhabitants",
        "families",
        "patients",
        "students",
        "workers",
        "journalists",
        "refugees",
        "evacuees",
        "individuals",
        "adults",
        "teens",
        "teenagers",
        "minors",
        "elderly",
        "villagers",
        "locals",
        "staff",
        "volunteers",
        "doctors",
        "nurses",
        "prisoners",
        "hostages",
        "detainees",
        "migrants",
        "passengers",
        "others",
        "them",
        "ones",
        "bystanders",
        "shooters",
        "suspects",
        "gunmen",
        # culprits shot are victims to the Gun Violence Archive: "one of the robbers was shot"
        *("robbers", "burglars", "intruders", "carjackers", "thieves", "assailants"),
        "man",
        "woman",
        "child",
        "boy",
        "girl",
        "baby",
        "soldier",
        "civilian",
        "resident",
        "victim",
        "teen",
        "teenager",
        "officer",
        # kin and roles counted as victims: "shot and killed his two sons"
        *("sons", "daughters", "brothers", "sisters", "siblings", "cousins", "relatives"),
        *("grandchildren", "toddlers", "infants", "youths", "juveniles", "neighbors"),
        *("neighbours", "customers", "employees", "males", "females"),
    ]
)
VEHICLES = frozenset(
    [
        "bus",
        "buses",
        "car",
        "cars",
        "vehicle",
        "vehicles",
        "truck",
        "trucks",
        "lorry",
        "lorries",
        "van",
        "vans",
        "tank",
        "tanks",
        "convoy",
        "convoys",
        "ambulance",
        "ambulances",
        "train",
        "trains",
    ]
)
AID = frozenset(
    [
        "food",
        "supplies",
        "aid",
        "water",
        "medicine",
        "medicines",
        "cargo",
        "flour",
        "grain",
        "fuel",
        "medical",
        "humanitarian",
        "bread",
        "kits",
        "parcels",
        "packages",
    ]
)
#: verbs (and headline nouns) whose object is someone looked for: "Police seek two men",
#: "Police hunt 3 men wanted for ... shooting": the people sought, not the people shot
SOUGHT = frozenset(
    ["seek", "hunt", "search", "manhunt", "want", "pursue", "chase", "apprehend", "nab"]
)
PERPETRATOR = frozenset(
    ["shoot", "kill", "wound", "injure", "attack", "stab", "open", "start", "fire", "murder"]
)
QUANTIFIERS = frozenset(
    [
        "more",
        "less",
        "fewer",
        "many",
        "much",
        "few",
        "least",
        "most",
        "only",
        "about",
        "around",
        "some",
    ]
)
GROUPS = frozenset({"family", "household", "community", "neighborhood", "neighbourhood"})
PREWAR = ("prewar", "pre-war", "pre-invasion", "usually", "normally", "before the war", "once")
