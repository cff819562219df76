"""The ``incident_counts`` aggregator: each incident's killed / injured pair, as benchmarked.

Coders record one killed and one injured number per event, and that pair is what
``bench/gvc_counts.py`` (and ``bench/gva_longtail_counts.py``) measure, through
:func:`crosswire.link.count_chooser.incident_casualty_counts`. A benchmark must measure
what the product does, so the product reads its per-incident pair through that very
function, with the same inputs the bench gives it: each of the incident's reports with
its figures about the incident, the reports themselves, and the incident id. The pair
is stored here, in the link stage; the export only carries it onto the incident
(``stories[].incidents[].casualties``), and the event table reads it from there.

A report's figures about the incident are those the ``stories`` incidents place in it
(:func:`crosswire.link.incidents.incident_of_items`): inside its mention spans, or, in a
report that tells of this incident alone, anywhere (the bench gives the whole report,
whose one incident it is). A figure of a report telling of several incidents but in none
of their spans belongs to none of them here. An incident whose reports tell no casualty
figure (and do not say that nobody was hurt) gets no pair: "0 killed" would be a
reading nobody gave.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from crosswire.link.count_chooser import incident_casualty_counts
from crosswire.link.incidents import incident_of_items
from crosswire.link.reconcile_counts import TOLL_MEASURES

if TYPE_CHECKING:
    from crosswire.link import Corpus
    from crosswire.models import Article
    from crosswire.store import StoreBackend

__all__ = ["AGGREGATOR", "IncidentCountsAggregator", "incident_counts"]

Item = dict[str, Any]


def _about(figure_incident: str | None, incident: str) -> bool:
    """Is a figure placed at ``incident``: by its spans, or as its report's one incident?"""
    return figure_incident == incident or figure_incident == "?" + incident


def incident_counts(
    stories: Sequence[Mapping[str, Any]],
    figures: Sequence[Mapping[str, Any]],
    articles: Mapping[str, Article],
) -> list[Item]:
    """One item per incident with casualty figures: ``incident``, ``killed``, ``injured``,
    ``how`` (``reconciled``: the pair all its figures reconcile to; ``chosen``: the trained
    chooser took a report's or a title's own pair instead) and ``figures`` (the ids of the
    casualty figures it was read from). An incident two stories share is counted once."""
    of = incident_of_items(figures, stories)
    by_article: dict[str, list[Item]] = {}
    for f in figures:
        by_article.setdefault(str(f["article"]), []).append(dict(f))
    out: list[Item] = []
    seen: set[str] = set()
    for story in stories:
        for inc in story.get("incidents") or ():
            iid = str(inc.get("id"))
            if iid in seen:
                continue
            seen.add(iid)
            reports = {
                str(aid): [
                    f for f in by_article.get(str(aid), ()) if _about(of.get(str(f["id"])), iid)
                ]
                for aid in inc.get("articles") or ()
            }
            told = [
                f
                for figs in reports.values()
                for f in figs
                if f.get("measure") in TOLL_MEASURES or f.get("incident_unhurt")
            ]
            if not told:
                continue
            mine = {aid: articles[aid] for aid in reports if aid in articles}
            counts = incident_casualty_counts(reports, mine, iid)
            out.append(
                {
                    "incident": iid,
                    "killed": counts["killed"],
                    "injured": counts["injured"],
                    "how": counts["how"],
                    "figures": [str(f["id"]) for f in told],
                }
            )
    return out


class IncidentCountsAggregator:
    """Aggregator component: after ``stories`` (incidents) and over every report's figures."""

    name = "incident_counts"
    version = "1"
    requires: tuple[str, ...] = ("figures", "stories")
    assigns: tuple[str, ...] = ("incident_counts",)

    def run(self, corpus: Corpus, store: StoreBackend) -> list[Item]:
        """Every incident's pair (cheap next to reading the reports: recomputed each link)."""
        articles = {a.id: a for a in corpus.articles}
        stories = corpus.sections.get("stories", [])
        return incident_counts(stories, corpus.items("figures"), articles)


AGGREGATOR = IncidentCountsAggregator()
