"""Where a set of reports is about: the main place of an incident or a story.

The GVC benchmark asks, for each shooting, where it happened, given its
reports; a story summary wants the same. The answer is the most *salient*
located place among the reports' ``place_mentions`` items, not merely the
most frequent name. Salience adds up, per place:

* each non-metonymic mention, weighted by its resolution confidence and by
  how early it comes (the lede says where; later paragraphs wander);
* the dateline (where the reporter filed from), which counts as two early
  mentions, and a "City, State" mention, which counts double (AP writes its
  dateline that way, and the text often keeps it);
* support from more specific places inside it (a city lends weight to its
  state, so "Gary" + "Indiana" beats a stray "Chicago").

A city named with its police ("Cincinnati police", "NYPD") is the
jurisdiction: unqualified town readings more than 161 km from it are
neighbourhoods or streets the gazetteer lacks ("Madisonville" read as the
Kentucky town) and do not vote.

The most specific feature wins among comparable scores: a city is preferred
to its region or country (a shooting happens in a town, not "in Indiana"),
unless no city is named at all. When one country dominates the mentions,
places elsewhere (a surname read as "Madrid") are not considered.

:func:`refocus` is the story-level step before that: mentions an article
resolved with little confidence are resolved again in the context of all
the reports together (their countries, regions and confidently placed
towns), which often knows better than one short article.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["RECHECK_BELOW", "primary_place", "refocus"]

RECHECK_BELOW = 0.6
"""Mentions resolved with less confidence than this are re-resolved by :func:`refocus`."""

_PLACE_FIELDS = (
    "name",
    "lat",
    "lon",
    "geonameid",
    "country",
    "admin1",
    "feature",
    "key",
    "confidence",
)
_SPECIFICITY = {"city": 1.0, "county": 0.6, "admin1": 0.45, "region": 0.45, "country": 0.2}


def refocus(items: list[dict[str, Any]], below: float = RECHECK_BELOW) -> int:
    """Re-resolve doubtful items in the context of all ``items`` (in place); returns changes."""
    from crosswire.geo.gazetteer import gazetteer, place_norm

    changed = 0
    # One sense per story: a name some report qualified ("Toledo, Ohio") means that everywhere.
    sure: dict[str, dict[str, Any]] = {}
    for i in items:
        if i.get("via") == "qualified" and i.get("text"):
            sure.setdefault(place_norm(str(i["text"])), i)
    for i in items:
        best = sure.get(place_norm(str(i.get("text") or "")))
        if best is not None and best.get("key") != i.get("key"):
            i.update({f: best.get(f) for f in _PLACE_FIELDS}, via="qualified")
            changed += 1
    doubtful = [i for i in items if i.get("text") and float(i.get("confidence") or 0) < below]
    if not doubtful:
        return changed
    from crosswire.geo.resolver import Context, Query, resolver

    ctx = Context()
    gaz = gazetteer()
    for i in items:
        key = i.get("key")
        if i.get("metonymic") or not isinstance(key, str):
            continue
        conf = float(i.get("confidence") or 0.0)
        country = i.get("country")
        if isinstance(country, str):
            ctx.countries[country] = ctx.countries.get(country, 0.0) + conf
        if conf >= below and i.get("lat") is not None and _is_point(i):
            ctx.points.append((key, float(i["lat"]), float(i["lon"]), 1.0))
            code = key.removeprefix("admin1:").split(".") if key.startswith("admin1:") else None
            if code and len(code) == 2 and gaz.admin1_of(code[0], code[1]):
                ctx.admin1[(code[0], code[1])] = ctx.admin1.get((code[0], code[1]), 0.0) + 1.0
    res = resolver()
    for item in doubtful:
        again = res.resolve(Query(str(item["text"])), ctx)
        if again.place is None or again.confidence <= float(item.get("confidence") or 0):
            continue
        p = again.place
        changed += p.key != item.get("key")
        item.update(
            name=p.name,
            lat=p.lat,
            lon=p.lon,
            geonameid=p.geonameid,
            country=p.country,
            admin1=p.admin1,
            feature=p.feature,
            key=p.key,
            confidence=again.confidence,
            via=again.via,
        )
    return changed


def _is_point(item: Mapping[str, Any]) -> bool:
    """A town or county others may lie near; not a state's, country's or continent's centre."""
    feature = item.get("feature")
    return feature in ("city", "county") or (feature == "region" and bool(item.get("country")))


def primary_place(items: Iterable[Mapping[str, Any]]) -> Mapping[str, Any] | None:
    """The most salient resolved place item among ``place_mentions`` items, or None."""
    items = [
        i for i in items if not i.get("metonymic") and i.get("cue") != "masthead"
    ]  # the publisher's town ("- WSMV Channel 4 Nashville") says nothing of the event
    countries: dict[str, float] = {}
    for item in items:
        if isinstance(item.get("country"), str):
            c = str(item["country"])
            w = float(item.get("confidence") or 0.0) * _salience(item)
            countries[c] = countries.get(c, 0.0) + w
    total = sum(countries.values())
    if total:
        top = max(countries, key=lambda c: (countries[c], c))
        if countries[top] / total >= 0.5:
            items = [i for i in items if i.get("country") in (top, None)]
    items = _police_jurisdiction(items)
    items = _in_main_region(items)
    scores: dict[str, float] = {}
    best_item: dict[str, Mapping[str, Any]] = {}
    admin_support: dict[tuple[str, str], float] = {}
    for item in items:
        key = item.get("key")
        if not isinstance(key, str) or item.get("lat") is None:
            continue
        if item.get("relation") and (item["relation"] or {}).get("type") == "distance":
            continue  # "85 km from X" is not X
        weight = float(item.get("confidence") or 0.0) * _salience(item)
        scores[key] = scores.get(key, 0.0) + weight
        best_item.setdefault(key, item)
        if item.get("country") and item.get("admin1"):
            k = (str(item["country"]), str(item["admin1"]))
            admin_support[k] = admin_support.get(k, 0.0) + weight
    if not scores:
        return None

    def final(key: str) -> float:
        item = best_item[key]
        spec = _SPECIFICITY.get(str(item.get("feature")), 0.3)
        support = 0.0
        if item.get("country") and item.get("admin1"):
            support = admin_support.get((str(item["country"]), str(item["admin1"])), 0.0)
            support -= scores[key]
        return spec * (scores[key] + 0.3 * support)

    winner = max(scores, key=lambda k: (final(k), k))
    item = best_item[winner]
    if item.get("feature") in ("county", "admin1"):
        # "NAVARRO COUNTY, TX –" then "in Corsicana": the event is in a town of that state,
        # a better point than a state's centre. A county sits on its own centroid, so only
        # a town within its reach replaces it: "Marion County" in a report that also names
        # Dallas (a TV station, a hospital) is not in Dallas, 200 km away.
        towns = [
            k
            for k, i in best_item.items()
            if i.get("feature") == "city"
            and i.get("country") == item.get("country")
            and i.get("admin1") == item.get("admin1")
            and (item.get("feature") == "admin1" or _within(i, item, _COUNTY_REACH_KM))
        ]
        if towns:
            return best_item[max(towns, key=lambda k: (final(k), k))]
    return item


_COUNTY_REACH_KM = 80.0
"""How far from a county's centroid a named town may lie and still be taken for its place
(the equal-area radius of most US counties is 15-40 km; the largest western ones ~100 km)."""


def _within(a: Mapping[str, Any], b: Mapping[str, Any], km: float) -> bool:
    from crosswire.geo.resolver import distance_km

    return distance_km(float(a["lat"]), float(a["lon"]), float(b["lat"]), float(b["lon"])) <= km


_POLICE_SURE = 0.9
"""How sure the placing of a "<City> police" must be for the city to be the jurisdiction."""
_JURISDICTION_KM = 161.0
"""How far from the police force's city another town reading may lie and still be believed."""


def _police_jurisdiction(items: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Drop town readings far from the city whose police has the case.

    "Cincinnati police" (a confidently placed city, named with its force) is
    the jurisdiction; an unqualified "Madisonville" read as a small town in
    Kentucky or Texas, hundreds of km away, is a neighbourhood or a street of
    that city which GeoNames lacks, not a second place of the event. Datelines
    and qualified names ("Toledo, Ohio") are kept whatever their distance.
    """
    from crosswire.geo.resolver import distance_km

    police = [
        (float(i["lat"]), float(i["lon"]))
        for i in items
        if i.get("cue") == "police"
        and i.get("feature") == "city"
        and i.get("lat") is not None
        and float(i.get("confidence") or 0.0) >= _POLICE_SURE
    ]
    if not police:
        return items

    def near(item: Mapping[str, Any]) -> bool:
        if item.get("feature") != "city" or item.get("lat") is None:
            return True
        if item.get("dateline") or item.get("via") == "qualified":
            return True
        lat, lon = float(item["lat"]), float(item["lon"])
        return any(distance_km(lat, lon, a, b) <= _JURISDICTION_KM for a, b in police)

    return [i for i in items if near(i)]


def _salience(item: Mapping[str, Any]) -> float:
    """How much one mention says "it happened here": early, dateline, "City, State", police."""
    start = int(item.get("start") or 0)
    if item.get("dateline"):
        early = 5.0 if item.get("text") else 2.0  # "SAN ANTONIO -" opening the story
    else:
        early = 1.0 + 1.0 / (1.0 + start / 400.0)
    if item.get("via") == "qualified":
        early *= 2.0  # "MEMPHIS, Tenn." in the lede is the reporter's own dateline
    if item.get("cue") == "police":
        early *= 1.5  # "Cincinnati police": the force that has the case
    return early


def _in_main_region(items: list[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """Only the items in the story's main first-level region when one dominates.

    A report naming Tennessee (or "NASHVILLE, Tenn.", or Bradley County)
    is about Tennessee: a "Madison" the gazetteer only knows in Alabama, or
    a stray "Columbus, Ga.", is a misreading (a neighbourhood missing from
    GeoNames, a surname, a street) rather than the place of the event.
    Regions are weighed like places (salience times confidence), with
    explicit regions and counties counting double (they are rarely misread).
    """
    weights: dict[tuple[str, str], float] = {}
    for item in items:
        country, admin1 = item.get("country"), item.get("admin1")
        if not isinstance(country, str) or not isinstance(admin1, str):
            continue
        w = float(item.get("confidence") or 0.0) * _salience(item)
        if item.get("feature") in ("admin1", "county"):
            w *= 2.0
        weights[(country, admin1)] = weights.get((country, admin1), 0.0) + w
    total = sum(weights.values())
    if len(weights) < 2 or not total:
        return items
    top = max(weights, key=lambda k: (weights[k], k))
    if weights[top] / total < 0.5:
        return items
    return [i for i in items if i.get("country") != top[0] or i.get("admin1") in (top[1], None)]
