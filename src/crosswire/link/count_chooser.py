"""One killed / injured pair per incident, chosen by a trained model among its reports' readings.

Reconciling every figure of an incident's reports together (the *reconciled* pair:
:func:`crosswire.link.reconcile_counts.casualty_counts` over all of them) lets one report's
slip decide the incident: an earlier shooting told as background, a victim counted once by
name and once by number across two reports, "six shot" read as six dead in one report and
added to the others' one dead. Each report read alone usually still says what the
incident's toll was, and the reports that agree are rarely all wrong. On the development
half of the GVA long tail's tune part, the Archive's pair was one of the reports' own pairs
for 67 of the 117 multi-report incidents the reconciled reading got wrong.

A report's separate title is the reporter's own summary of the incident ("6 Shot, 1 Dead,
1 Critical"), read by the headline patterns (:func:`title_pair`); where the body's reading
went wrong ("six shot" read as six dead, a background shooting counted) the title often
still holds the Archive's pair, and where the body is right the title mostly agrees.

So when the reconciled pair is one that no report tells by itself (made by adding across
reports), or a title tells another pair (:func:`undecided`), a conditional logit (one linear
score per candidate, softmax over the incident's candidates) chooses among the reconciled
pair, each report's own pair and each title's, from how many reports and titles give a pair
(the pair, its killed and its injured apart), whether it is the reconciled reading, the
latest or longest report's, the largest or smallest of the candidates, zero; another
candidate must beat the reconciled pair's probability by the model's margin. When some
report tells the reconciled pair and no title disagrees, it stands: that report may know
more than the others (a victim found later, the gunman's own death), and the model let
loose there lost 5 of GVC's tune incidents and gained none. It is trained by
``bench/train_count_chooser.py`` on the **tune** parts of the GVA long tail and GVC only
(the Archive's numbers as distant supervision) and ships as package data
(``link/data/count_chooser.json``: one weight per feature and the margin).
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, TypedDict

from crosswire.errors import CrosswireError
from crosswire.extract.figures_headline import title_counts
from crosswire.link.reconcile_counts import casualty_counts, incident_figures
from crosswire.link.reconciliations import reconcile

if TYPE_CHECKING:
    from crosswire.models import Article

__all__ = [
    "FEATURES",
    "MODEL_FILE",
    "ChooserModel",
    "IncidentCounts",
    "ReportReading",
    "candidate_features",
    "choose",
    "incident_casualty_counts",
    "load_chooser",
    "model_from_json",
    "report_readings",
    "undecided",
]

MODEL_FILE = "count_chooser.json"
Pair = tuple[int, int]
Told = tuple[int | None, int | None, int | None]
Item = Mapping[str, Any]

FEATURES = (
    "reconciled",
    "reconciled_killed",
    "reconciled_injured",
    "share",
    "share_killed",
    "share_injured",
    "share_told",
    "majority",
    "plurality",
    "latest",
    "longest",
    "most_killed",
    "most_injured",
    "least_killed",
    "least_injured",
    "most_hurt",
    "zero",
    "title_share",
    "title_told",
    "body_told",
)
"""The features of a candidate pair, in the order of the shipped weights."""


@dataclass(frozen=True, slots=True)
class ReportReading:
    """One report's own pair (its figures reconciled alone), its day, its length and the
    pair its separate title tells (:func:`title_pair`), if any."""

    killed: int
    injured: int
    published: date | None = None
    length: int = 0
    title: Told | None = None

    @property
    def pair(self) -> Pair:
        """(killed, injured)."""
        return (self.killed, self.injured)

    def title_of(self, reconciled: Pair) -> Pair | None:
        """The title's pair, with what it does not tell taken from the reconciled pair
        ("shooting kills 2" says nothing of the wounded; of "Three shot", the hurt are those
        not killed)."""
        if self.title is None:
            return None
        told_killed, told_injured, shot = self.title
        killed = reconciled[0] if told_killed is None else told_killed
        injured = reconciled[1] if told_injured is None and shot is None else (told_injured or 0)
        if shot is not None:
            injured = max(injured, shot - killed, 0)
        return (killed, injured)


def candidate_features(
    reconciled: Pair, reports: Sequence[ReportReading]
) -> list[tuple[Pair, dict[str, float]]]:
    """Each candidate pair (the reconciled one first, then the reports' in order of first
    appearance) with its features (names of :data:`FEATURES`; absent ones are 0)."""
    cands: list[Pair] = [reconciled]
    for r in reports:
        if r.pair not in cands:
            cands.append(r.pair)
    told = [t for t in (r.title_of(reconciled) for r in reports) if t is not None]
    for t in told:
        if t not in cands:
            cands.append(t)
    titles = Counter(told)
    n = max(len(reports), 1)
    pairs = Counter(r.pair for r in reports)
    killed = Counter(r.killed for r in reports)
    injured = Counter(r.injured for r in reports)
    hurt = [r for r in reports if r.killed or r.injured]
    told_pairs = Counter(r.pair for r in hurt)
    ranked = pairs.most_common()
    plural = ranked[0][0] if ranked and (len(ranked) == 1 or ranked[0][1] > ranked[1][1]) else None
    days = [r.published for r in reports if r.published is not None]
    latest = {r.pair for r in reports if days and r.published == max(days)}
    longest = max(reports, key=lambda r: r.length).pair if reports else None
    ks = [c[0] for c in cands]
    js = [c[1] for c in cands]
    totals = [c[0] + c[1] for c in cands]
    out = []
    for c in cands:
        f = {
            "reconciled": float(c == reconciled),
            "reconciled_killed": float(c[0] == reconciled[0]),
            "reconciled_injured": float(c[1] == reconciled[1]),
            "share": pairs[c] / n,
            "share_killed": killed[c[0]] / n,
            "share_injured": injured[c[1]] / n,
            "share_told": told_pairs[c] / len(hurt) if hurt else 0.0,
            "majority": float(pairs[c] * 2 > n),
            "plurality": float(c == plural),
            "latest": float(c in latest),
            "longest": float(c == longest),
            "most_killed": float(c[0] == max(ks)),
            "most_injured": float(c[1] == max(js)),
            "least_killed": float(c[0] == min(ks)),
            "least_injured": float(c[1] == min(js)),
            "most_hurt": float(c[0] + c[1] == max(totals)),
            "zero": float(c == (0, 0)),
            "title_share": titles[c] / n,
            "title_told": float(titles[c] > 0),
            "body_told": float(pairs[c] > 0),
        }
        out.append((c, {k: v for k, v in f.items() if v}))
    return out


@dataclass(frozen=True, slots=True)
class ChooserModel:
    """One weight per feature of :data:`FEATURES` (a candidate's score is their sum), and the
    margin by which another candidate's probability must beat the reconciled pair's to be
    chosen instead (the reconciled reading weighs every report's words; a report's own pair
    replaces it only when the model is clearly surer)."""

    weights: Mapping[str, float]
    margin: float = 0.0

    def score(self, features: Mapping[str, float]) -> float:
        """The candidate's linear score."""
        return sum(self.weights.get(k, 0.0) * v for k, v in features.items())

    def probabilities(self, cands: Sequence[tuple[Pair, Mapping[str, float]]]) -> list[float]:
        """Softmax of the candidates' scores."""
        scores = [self.score(f) for _, f in cands]
        top = max(scores)
        exp = [math.exp(s - top) for s in scores]
        total = sum(exp)
        return [e / total for e in exp]


def model_from_json(raw: Mapping[str, Any]) -> ChooserModel:
    """A model from its JSON form (see ``bench/train_count_chooser.py``)."""
    try:
        if list(raw["features"]) != list(FEATURES):
            raise CrosswireError(f"count chooser features {raw['features']!r}")
        weights = {str(k): float(v) for k, v in zip(raw["features"], raw["weights"], strict=True)}
        return ChooserModel(weights, float(raw.get("margin", 0.0)))
    except (KeyError, TypeError, ValueError) as exc:
        raise CrosswireError(f"malformed count chooser model: {exc}") from exc


@lru_cache(maxsize=1)
def load_chooser() -> ChooserModel | None:
    """The shipped model, read once per process; None when the package carries none."""
    source = resources.files("crosswire.link").joinpath("data", MODEL_FILE)
    if not source.is_file():
        return None
    return model_from_json(json.loads(source.read_text(encoding="utf-8")))


def title_pair(title: str | None) -> Told | None:
    """(killed, injured, shot) a report's separate title tells, read by
    :func:`crosswire.extract.figures_headline.title_counts` ("6 Shot, 1 Dead": one killed, six
    shot), None for a measure it does not tell ("shooting kills 2": no word of the wounded);
    None when it tells no casualty."""
    counts = title_counts(title or "")
    if not counts:
        return None

    def total(measure: str) -> int | None:
        values = [c.value for c in counts if c.measure == measure]
        return sum(values) if values else None

    return (total("killed"), total("injured"), total("shot"))


def undecided(reconciled: Pair, reports: Sequence[ReportReading]) -> bool:
    """Does the model choose: is the reconciled pair one that no report tells by itself, or
    does a title tell another?

    When some report's own reading is the reconciled pair and no title disagrees, that
    report may simply know more than the others (a victim found later, the gunman's own
    death), and on GVC's tune part the model, let loose there, took the majority's smaller
    pair against the better-informed report (5 incidents, none gained). A pair that no
    report gives was made by adding across reports, where double counts and other
    incidents' figures come in; a title's pair ("1 Dead In Vallejo Multiple Shooting; 4
    Others Hurt") is the reporter's own summary of the incident.
    """
    told_apart = len(reports) > 1 and all(r.pair != reconciled for r in reports)
    titles = (r.title_of(reconciled) for r in reports)
    return told_apart or any(t is not None and t != reconciled for t in titles)


def choose(
    reconciled: Pair, reports: Sequence[ReportReading], model: ChooserModel | None = None
) -> Pair:
    """The candidate the model scores highest when the reconciled pair is :func:`undecided`;
    the reconciled pair otherwise, or with one report, or with no model (earlier candidates
    win ties; another candidate must beat the reconciled pair by the model's margin)."""
    model = model if model is not None else load_chooser()
    if model is None or not undecided(reconciled, reports):
        return reconciled
    cands = candidate_features(reconciled, reports)
    probs = model.probabilities(cands)
    best = max(range(len(cands)), key=lambda i: (probs[i], -i))
    return cands[best][0] if probs[best] - probs[0] > model.margin else reconciled


def _counts(figures: Sequence[Item], articles: Mapping[str, Article], key: str) -> Pair:
    figs = [dict(f) for f in incident_figures(figures)]
    ids = {str(f["id"]): key for f in figs}
    same = {str(f["id"]): "incident" for f in figs}
    got = casualty_counts(reconcile(figs, articles, ids, same), figs)
    return (got["killed"], got["injured"])


def report_readings(
    figures_by_report: Mapping[str, Sequence[Item]], articles: Mapping[str, Article], key: str
) -> list[ReportReading]:
    """Each report's own pair, its figures reconciled alone, with its day and length."""
    out = []
    for aid, figs in figures_by_report.items():
        art = articles.get(aid)
        killed, injured = _counts(figs, {aid: art} if art is not None else {}, key)
        if art is None:
            out.append(ReportReading(killed, injured))
            continue
        title = None if art.text.lstrip().startswith((art.title or "").strip()) else art.title
        out.append(ReportReading(killed, injured, art.published, len(art.text), title_pair(title)))
    return out


class IncidentCounts(TypedDict):
    """One incident's pair and how it was read: ``reconciled`` (the pair all its figures
    reconcile to) or ``chosen`` (the model took a report's or a title's own pair instead)."""

    killed: int
    injured: int
    how: str


def incident_casualty_counts(
    figures_by_report: Mapping[str, Sequence[Item]],
    articles: Mapping[str, Article],
    key: str = "incident",
    model: ChooserModel | None = None,
) -> IncidentCounts:
    """``{"killed": n, "injured": m, "how": ...}`` for one incident told by the given reports
    (article id -> its figures): all figures reconciled together, then :func:`choose` among
    that reading and each report's own.

    The one reading of an incident's pair: the product's ``incident_counts`` aggregator
    (:mod:`crosswire.link.incident_counts`) and the counts benchmarks both call it."""
    everything = [f for figs in figures_by_report.values() for f in figs]
    reconciled = _counts(everything, articles, key)
    k, i = choose(reconciled, report_readings(figures_by_report, articles, key), model)
    how = "reconciled" if (k, i) == reconciled else "chosen"
    return {"killed": k, "injured": i, "how": how}
