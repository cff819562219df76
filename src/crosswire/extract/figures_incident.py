"""Which incident a casualty figure belongs to: this report's own, or another one.

A shooting report tells more numbers of people killed and hurt than its own
incident's: an earlier shooting told as background ("In March, two men were
killed at the same bar"), a city's running total ("the 43rd homicide this
year"), a year's roundup. Each hand rule that spots one of these reads one
kind of evidence: a cumulative phrase in the sentence, a sentence dated weeks
before the report's day (:func:`.figures_focus.background_sentences`), a clause
dated years before, "days earlier", a share "of those" after a tally. Joined
by "any of them", they were tuned until they fit the reports they were written
against and carried over poorly to reports they had not seen (both-exact about
0.95 tuned, 0.65 held out), because no single cue says "another incident" and
the rules could not weigh one cue against the others or against the evidence
for the report's own incident (the lede, a figure the report repeats, a figure
that is the largest of its measure).

So the decision is learned. The rules' cues stay, as features (they are
general mechanism: what is dated, what is a tally phrase), beside the
figure's place in the report, its tense, the years its sentence names, the
place and day the extractor gave it and how it compares with the report's
other figures of the same measure. (The sentence's words as features were
tried: too sparse for the thousand-odd labelled figures, they lowered the
cross-fitted score.) A logistic model over them (trained by
``bench/train_figure_incidents.py`` on the tune parts of the development
data, labelled by distant supervision: a figure that agrees with the Gun
Violence Archive's count for its incident is the report's own, one larger
than the incident's whole toll is another's) says whether a casualty figure
is another incident's: ``cumulative``, kept in the report but not counted as
this incident's. Figures of other measures keep the rules' answer.

The training script also chooses, by two-fold cross-fitting on the tune parts,
whether a figure a rule marks stays marked (``keep_rule_marks``) or the model
may overrule the rules too. It chose to keep the marks: letting the model
unmark figures lost more incidents than it won, so the rules' marks are still
right far more often than the model can tell they are wrong, and the model
adds marks the rules miss. The gain is small (cross-fitted on the tune parts:
798 incidents and reports right against the rules' 793 of 1,110; GVA long
tail check 0.6565 -> 0.6578, GVC and GVDB unchanged): most count errors on
unseen reports are not figures of another incident but victims missed or
given the wrong status, which this model does not decide.

The model ships as package data (``figures_model/incidents.json``: weights,
bias, threshold) and is read once per process (:func:`load_incident_model`);
scoring is a dictionary lookup per feature.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from crosswire.extract.quotes_filter import Logistic
from crosswire.extract.quotes_tagger import read_json_model

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span

__all__ = [
    "INCIDENT_MEASURES",
    "MODEL_FILE",
    "SIGNALS",
    "IncidentModel",
    "ReportView",
    "figure_features",
    "item_features",
    "load_incident_model",
    "other_incident",
    "report_view",
]

MODEL_FILE = "incidents.json"
#: the measures whose figures the model places (the counts that feed killed / injured)
INCIDENT_MEASURES = frozenset({"killed", "injured", "shot", "casualties"})
#: the rules' cues, by name, passed in per figure
SIGNALS = ("tally_words", "background_sentence", "told_long_ago", "days_apart", "share_of_tally")
_YEAR = re.compile(r"(?:19|20)\d\d")


@dataclass(frozen=True, slots=True)
class IncidentModel:
    """The shipped model: is this casualty figure another incident's? ``keep_rule_marks``:
    a figure a rule marks stays marked, the model only adds (the training script chooses,
    by cross-fitting on the tune parts)."""

    logistic: Logistic
    keep_rule_marks: bool

    @classmethod
    def from_json(cls, data: dict[str, object]) -> IncidentModel:
        return cls(Logistic.from_json(data), bool(data.get("keep_rule_marks", False)))


@lru_cache(maxsize=1)
def load_incident_model(path: str | None = None) -> IncidentModel:
    """The shipped model, read once per process (``path`` overrides it)."""
    where = path or str(resources.files("crosswire.extract").joinpath("figures_model", MODEL_FILE))
    return read_json_model(
        MODEL_FILE,
        where,
        "figure incident model",
        "bench/train_figure_incidents.py",
        IncidentModel.from_json,
    )


@dataclass(frozen=True, slots=True)
class ReportView:
    """What a figure is compared with: the report's sentences and its other casualty figures."""

    sentences: tuple[int, ...]  # start token of each sentence, in order
    year: int | None
    first_casualty: int | None  # index of the first sentence with a casualty figure
    values: Mapping[tuple[str, object], int]  # (measure, value) -> how many figures give it
    largest: Mapping[str, float]  # measure -> its largest value
    flagged: frozenset[int]  # sentences where a rule flagged a casualty figure


def _sentence_index(view: ReportView, sent: Span) -> int:
    from bisect import bisect_right

    return max(0, bisect_right(view.sentences, sent.start) - 1)


def report_view(
    doc: Doc,
    items: Sequence[Mapping[str, Any]],
    signals: Sequence[frozenset[str]],
    year: int | None,
) -> ReportView:
    """The report-wide context of ``items`` (their ``signals`` are the rules' cues, in order)."""
    starts = tuple(s.start for s in doc.sents)
    view = ReportView(starts, year, None, {}, {}, frozenset())
    values: Counter[tuple[str, object]] = Counter()
    largest: dict[str, float] = {}
    first: int | None = None
    flagged = set()
    for item, cues in zip(items, signals, strict=True):
        measure, value = item.get("measure"), item.get("value")
        if measure not in INCIDENT_MEASURES or not isinstance(value, int | float):
            continue
        values[(str(measure), value)] += 1
        largest[str(measure)] = max(largest.get(str(measure), 0.0), float(value))
        span = doc.char_span(item["start"], item["end"], alignment_mode="expand")
        if span is None or not len(span):
            continue
        at = _sentence_index(view, span[0].sent)
        first = at if first is None else min(first, at)
        if cues:
            flagged.add(at)
    return ReportView(starts, year, first, dict(values), largest, frozenset(flagged))


def _bucket(n: float) -> str:
    for cap in (1, 2, 3, 5, 10, 20, 100):
        if n <= cap:
            return str(cap)
    return "big"


def item_features(item: Mapping[str, Any], others: Sequence[Mapping[str, Any]]) -> list[str]:
    """What the extractor already read about the figure, against the report's other casualty
    figures (``others``, in text order): its place (none, guessed, the first one's, another),
    the day it holds for (the usual one, another), its kind and claimant."""
    feats = [f"k={item.get('kind')}", f"src={item.get('as_of_source')}"]
    firsts = [o.get("place") for o in others if o.get("place") and not o.get("place_inferred")]
    place = item.get("place")
    if place is None:
        feats.append("pl=none")
    elif item.get("place_inferred"):
        feats.append("pl=inferred")
    else:
        feats.append("pl=first" if firsts and place == firsts[0] else "pl=other")
    days = Counter(str(o.get("as_of")) for o in others if o.get("as_of"))
    if item.get("as_of") is None:
        feats.append("asof=none")
    else:
        usual = days.most_common(1)[0][0] if days else None
        feats.append("asof=usual" if str(item.get("as_of")) == usual else "asof=other")
    if item.get("claimant"):
        feats.append("claimed")
    return feats


def figure_features(
    doc: Doc, item: Mapping[str, Any], cues: frozenset[str], view: ReportView
) -> list[str]:
    """Features of one casualty figure: the rules' cues, where it is, its tense and
    how it compares with the report's other figures of its measure."""
    measure, value = str(item.get("measure")), item.get("value")
    feats = [f"m={measure}", f"d={int(bool(item.get('derived')))}", f"h={item.get('hedge')}"]
    feats += [f"cue={c}" for c in sorted(cues)] or ["cue=none"]
    feats += [f"cue|m={c}|{measure}" for c in sorted(cues)]
    if isinstance(value, int | float):
        n = view.values.get((measure, value), 0)
        feats += [f"v={_bucket(value)}", f"v|m={_bucket(value)}|{measure}"]
        feats.append(f"rep={min(n, 3)}")
        largest = view.largest.get(measure, 0.0)
        feats.append("largest" if value >= largest else "smaller")
    span = doc.char_span(item["start"], item["end"], alignment_mode="expand")
    if span is None or not len(span):
        return [*feats, "nospan"]
    sent = span[0].sent
    at = _sentence_index(view, sent)
    feats.append(f"si={min(at, 6)}")
    feats.append(f"rel={min(4, 5 * at // max(len(view.sentences), 1))}")
    if view.first_casualty is not None:
        gap = at - view.first_casualty
        feats.append(f"after_first={min(gap, 4)}")
    if at - 1 in view.flagged:
        feats.append("prev_flagged")
    if at in view.flagged:
        feats.append("sent_flagged")
    years = [int(t.text) for t in sent if t.like_num and _YEAR.fullmatch(t.text)]
    if view.year is not None and years:
        feats.append("year<" if min(years) < view.year else "year=")
    verb = span.root
    for _ in range(4):
        if verb.pos_ in ("VERB", "AUX") or verb.head.i == verb.i:
            break
        verb = verb.head
    feats += [f"vt={verb.tag_}", f"vd={verb.dep_}"]
    auxes = {c.lower_ for c in verb.children if c.dep_ in ("aux", "auxpass")}
    if "had" in auxes:
        feats.append("past_perfect")
    if auxes & {"has", "have"}:
        feats.append("present_perfect")
    return feats


def other_incident(
    doc: Doc,
    items: Sequence[Mapping[str, Any]],
    signals: Sequence[frozenset[str]],
    year: int | None,
    model: IncidentModel,
) -> list[bool | None]:
    """Per item: is it another incident's figure (``None`` for items the model does not place)."""
    view = report_view(doc, items, signals, year)
    others = [i for i in items if i.get("measure") in INCIDENT_MEASURES]
    out: list[bool | None] = []
    for item, cues in zip(items, signals, strict=True):
        if item.get("measure") not in INCIDENT_MEASURES:
            out.append(None)
            continue
        feats = figure_features(doc, item, cues, view) + item_features(item, others)
        marked = model.keep_rule_marks and bool(cues)
        out.append(marked or model.logistic.says_yes(feats))
    return out
