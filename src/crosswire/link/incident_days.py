"""Each incident's day as the product shows it, read by the benchmarked dating rules.

The ``stories`` aggregator gives an incident a ``date`` from its own day
slots, but the dating that is measured (``bench/gvc_dates.py``) is
:func:`crosswire.extract.events_dating.incident_day`, which weighs every
report's dated events and lede expressions. The export runs that same
function over each incident's reports, so the day a reader sees is the day
we measure, with the spans that voted for it as evidence.

A report that tells of several incidents only lends an incident the events
and timexes inside that incident's mention spans: a convoy on 14 March told
in a report about 31 March must not vote for 31 March. A report the incident
has no spans in lends all of its items. The report's lede, for the dating
rules, opens where its first passage about the incident does
(``Report.opening``).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from crosswire.extract.events_dating import Dated, Report, incident_day, iso_day

__all__ = ["ALTERNATIVE_SHARE", "day_object", "incident_days"]

ALTERNATIVE_SHARE = 0.2
"""A rival day is shown when it has at least this share of the winner's weight."""


def _inside(item: Mapping[str, Any], spans: Sequence[tuple[int, int]]) -> bool:
    start = int(item["start"])
    return any(s <= start < e for s, e in spans)


def _by_article(items: Iterable[Mapping[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for item in items:
        out[str(item["article"])].append(dict(item))
    return out


def day_object(dated: Dated | None, texts: Mapping[str, str]) -> dict[str, Any]:
    """The export's ``day`` object for one :func:`incident_day` result.

    ``support`` is the winning day's share of all the weight cast, so two
    reports that agree give 1.0 and a split vote shows as a split;
    ``evidence`` the spans that voted for the winner (one per report);
    ``alternatives`` the other days holding at least :data:`ALTERNATIVE_SHARE`
    of the winner's weight, strongest first.
    """
    if dated is None:
        return {"value": None, "support": 0.0, "evidence": [], "alternatives": []}
    total = sum(dated.tally.values()) or dated.weight
    evidence = [
        {
            "article": v.report,
            "start": v.start,
            "end": v.end,
            "text": texts.get(v.report, "")[v.start : v.end],
        }
        for v in sorted(dated.votes, key=lambda v: -v.weight)
        if v.day == dated.day
    ]
    rivals = sorted(
        (
            (day, w)
            for day, w in dated.tally.items()
            if day != dated.day and w >= ALTERNATIVE_SHARE * dated.weight
        ),
        key=lambda kv: (-kv[1], kv[0]),
    )
    return {
        "value": dated.day.isoformat(),
        "support": round(dated.weight / total, 4) if total else 0.0,
        "evidence": evidence,
        "alternatives": [
            {"value": day.isoformat(), "support": round(w / total, 4)} for day, w in rivals
        ],
    }


def incident_days(
    stories: Sequence[Mapping[str, Any]],
    articles: Sequence[Mapping[str, Any]],
    events: Iterable[Mapping[str, Any]],
    timexes: Iterable[Mapping[str, Any]],
) -> dict[str, dict[str, Any]]:
    """Incident id -> its ``day`` object (see :func:`day_object`).

    ``articles`` are export articles (``id``, ``published``, ``text``);
    ``events`` and ``timexes`` the extractors' items, with their spans.
    """
    arts = {str(a["id"]): a for a in articles}
    texts = {aid: str(a.get("text") or "") for aid, a in arts.items()}
    events_of, timexes_of = _by_article(events), _by_article(timexes)
    out: dict[str, dict[str, Any]] = {}
    for story in stories:
        for incident in story.get("incidents") or ():
            spans: dict[str, list[tuple[int, int]]] = defaultdict(list)
            for m in incident.get("mentions") or ():
                spans[str(m["article"])].append((int(m["start"]), int(m["end"])))
            reports = []
            for aid in incident.get("articles") or ():
                art = arts.get(str(aid))
                if art is None:
                    continue
                aid = str(aid)
                evs, txs = events_of.get(aid, []), timexes_of.get(aid, [])
                opening = 0
                if spans.get(aid):
                    evs = [e for e in evs if _inside(e, spans[aid])]
                    txs = [t for t in txs if _inside(t, spans[aid])]
                    opening = min(s for s, _ in spans[aid])
                published = iso_day(art.get("published"))
                reports.append(Report(aid, published, evs, txs, texts[aid], opening))
            out[str(incident.get("id"))] = day_object(incident_day(reports), texts)
    return out
