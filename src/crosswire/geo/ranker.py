"""The place ranker's features and weights: a linear model trained on gold toponyms.

Why a trained model: hand weights tuned on US gun-violence reports sent
London, Paris and Moscow to US namesakes in world news (issue 23). Every
feature holds anywhere (population, feature class, how the name matched,
the report's country and region focus, nearby places); none names a country.

The resolver scores each candidate place of a mention as the dot product of
its feature vector (:data:`FEATURES`, computed in
:mod:`crosswire.geo.resolver`) with :func:`weights`, and its confidence is the
candidate's share of a softmax over the mention's candidates: a conditional
logit. ``bench/train_geo_ranker.py`` learns such weights from a fixed seed on
the tune part of the world-news toponyms and on GVC place mentions labelled
by the Gun Violence Archive's incident coordinates. The weights ship as
``data/ranker.json`` and load once per process.

The shipped weights are trained (seed 23, two rounds). Two things the
development data cannot teach are built into the features instead: most of its
"New York"s are local US news meaning the state, so a state named like a city of
over 100,000 carries the share of the report outside its country
(``city_abroad``, ``state_abroad``: a report about Sudan naming "New York" and
Washington means the city), and a minor namesake is near other places only as
far as the report is about its country (a city abroad does not pull "Geneva" to
Geneva, N.Y.). Signs of :data:`PROMINENCE` are kept in training. See
``bench/README.md`` for what they score.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

__all__ = ["FEATURES", "MARKS", "PROMINENCE", "RANKER_FILE", "STATIC", "weights"]

RANKER_FILE = "ranker.json"

#: How a name matched a place, beyond the place's own primary name.
MARKS: tuple[str, ...] = (
    "alternate",  # a listed variant spelling ("Kiev" for Kyiv)
    "shadowed",  # an alternate name of a town smaller than the name's own bearer
    "part_of",  # "downtown Chicago", "northern Syria": a part of the place
    "region_word",  # "Lugansk region", "Washington state": the named region
    "article",  # another spelling of the Arabic article ("El Fasher" for Al-Fashir)
    "fuzzy",  # a near spelling
)

#: Features of a candidate that hold whatever the report says (they give its prior).
STATIC: tuple[str, ...] = (
    "log_population",  # log10(population + 10) of a town; 0 for areas
    "capital",  # a national capital
    "country",
    "admin1",
    "county",
    "region",
    *MARKS,
    "alternate_capital",  # an alternate name of a capital (historic "Salisbury" for Harare)
    "fuzzy_gap",  # 1 - similarity of a near spelling
)

#: All features, in the order of a weight vector.
FEATURES: tuple[str, ...] = (
    *STATIC,
    "largest",  # the most populous town of those bearing the name
    "minor",  # a town with under a fifth of the population of the name's largest bearer
    "case_exact",  # the text is the place's name exactly as written
    "country_share",  # share of the report's place weight in the candidate's country
    "minor_country_share",  # the same, for a minor town
    "minor_country_share_sq",  # its square, for a minor town: pulled only where it dominates
    "admin1_share",  # share in the candidate's first-level region (times its country's)
    "near",  # stepped nearness to another named place: 0.6 / 0.45 / 0.25 within 50 / 150 / 400 km
    "near_50",  # the largest weight of another named place within 50 km
    "near_150",
    "near_400",
    "city_rival",  # an area (state, country, region): log10 population of the largest town
    # bearing the name as its own ("Washington" the state against the capital city)
    "capital_rival",  # an area whose name a national capital bears as its own
    "capital_focus",  # a national capital, times its country's share of the report
    "top_country",  # the candidate lies in the country with the largest share of the report
    "city_abroad",  # a state or province named like a city of over 100,000 (log10 population
    # above 5), times the share of the report outside its country: a report about Sudan
    # that names "New York" means the city, a report about the US may mean the state
    "state_abroad",  # a state or province, times the share of the report outside its country
)


#: Features of a place's standing, and the sign training keeps their weight to: a larger
#: town, a capital or the name's largest bearer is never less likely as such, and a minor
#: namesake never more. Local news (a "London" paper in Ontario) says otherwise only
#: through its outlet's home town, which no feature sees. Likewise an area never gains
#: from a town bearing its name, nor a state from lying outside the report's country.
PROMINENCE: dict[str, int] = {
    "log_population": 1,
    "capital": 1,
    "largest": 1,
    "minor": -1,
    "city_rival": -1,
    "city_abroad": -1,
    "state_abroad": -1,
}


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    """The shipped weights, in :data:`FEATURES` order (loaded once per process)."""
    path = resources.files("crosswire.geo").joinpath("data").joinpath(RANKER_FILE)
    raw = json.loads(path.read_text(encoding="utf-8"))
    given: dict[str, float] = raw["weights"]
    unknown = set(given) - set(FEATURES)
    if unknown:
        raise ValueError(f"{RANKER_FILE}: unknown features {sorted(unknown)}")
    return tuple(float(given.get(name, 0.0)) for name in FEATURES)
