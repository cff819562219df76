"""Which incident an extracted item reports on, from the ``stories`` section.

The ``stories`` aggregator finds incidents (the same real-world occurrence on
the same day) inside and across reports, each with the spans of text that tell
of it. Everything else that groups things across reports reads them through
:func:`incident_of_items`, so figures, events and operations agree on which
incident a sentence belongs to: reconciliation groups figures by incident,
operations weigh whether two steps belong to the same incident, and the export
gives every figure and event its incident.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["definite", "incident_of_items"]


def incident_of_items(
    items: Sequence[Mapping[str, Any]], stories: Sequence[Mapping[str, Any]]
) -> dict[str, str]:
    """The incident each item (anything with ``id, article, start``) reports on.

    An item inside one of an incident's mention spans belongs to it. When
    the incidents of an article carry no mention spans, the article's only
    (or main) incident is taken. An item in an article that tells of
    several incidents but in none of their spans (a cumulative toll, a
    background sentence) gets its article's incidents as candidates
    (``"?id1|id2"``), which callers may use as a hint or ignore
    (:func:`definite`).
    """
    spans: dict[str, list[tuple[int, int, str]]] = defaultdict(list)
    member: dict[str, list[str]] = defaultdict(list)
    main: dict[str, str] = {}
    for story in stories:
        for incident in story.get("incidents") or ():
            iid = str(incident.get("id"))
            for aid in incident.get("articles") or ():
                member[str(aid)].append(iid)
            for aid in incident.get("main_in") or ():
                main.setdefault(str(aid), iid)
            for m in incident.get("mentions") or ():
                spans[str(m["article"])].append((int(m["start"]), int(m["end"]), iid))
    out: dict[str, str] = {}
    for item in items:
        aid, start = str(item["article"]), int(item["start"])
        hit = [iid for s, e, iid in spans.get(aid, ()) if s <= start < e]
        if hit:
            out[str(item["id"])] = hit[0]
        elif aid in spans and len(member.get(aid, ())) >= 1:
            out[str(item["id"])] = "?" + "|".join(member[aid])  # candidates, not definite
        elif len(member.get(aid, ())) == 1:
            out[str(item["id"])] = member[aid][0]
        elif aid in main:
            out[str(item["id"])] = main[aid]
    return out


def definite(incident: str | None) -> str | None:
    """The incident id itself, or None for no incident or only candidates ("?a|b")."""
    return incident if incident and not incident.startswith("?") else None
