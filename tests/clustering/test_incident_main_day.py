"""A report's main incident dated by the incident-dating rules (``main_day``).

The pipeline passes each report's own incident day (``events_dating``) to
``report_features``; the engine then keeps apart what the report itself keeps
apart. No spaCy here: the day and its words are given as the rules would give them.
"""

from __future__ import annotations

import itertools
import json
from datetime import date
from pathlib import Path

from crosswire.clustering import StoryEngine, report_features
from crosswire.clustering.dates import DateSpan
from crosswire.clustering.features import ReportFeatures
from crosswire.clustering.incidents import FOLLOW_UP_DAYS
from crosswire.clustering.text import capitalised_names
from story_support import incident_at

FIXTURES = Path(__file__).parents[1] / "fixtures" / "stories"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "mariupol"
PUBLISHED = {"000": date(2022, 4, 1), "001": date(2022, 4, 1), "002": date(2022, 3, 14)}
#: The words the dating rules pick as each example report's own incident day, and the day.
MAIN_DAYS = {
    "000": ("on its way to Mariupol on Friday", "Friday", date(2022, 4, 1)),
    "001": ("Mariupol yesterday to try", "yesterday", date(2022, 3, 31)),
    "002": ("Mariupol on Monday", "Monday", date(2022, 3, 14)),
}


def _features(
    aid: str, text: str, published: date, main: tuple[str, str, date] | None = None
) -> ReportFeatures:
    names = [(s, e, k, text[s:e]) for s, e, k in capitalised_names(text)]
    main_day = None
    if main is not None:
        context, word, day = main
        start = text.index(context) + context.index(word)
        main_day = DateSpan(start, start + len(word), day, day)
    return report_features(aid, text, published, names=names, main_day=main_day)  # type: ignore[arg-type]


def _texts() -> dict[str, str]:
    return {p.name[:3]: p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.txt"))}


def test_the_rules_day_dates_the_main_incident_not_the_earliest_recent_date() -> None:
    text = (
        "Police say the couple had an argument on Saturday. "
        "Three children and two adults were found dead Sunday night in their home. "
        "Relatives said the family had seemed happy."
    )
    published = date(2014, 8, 4)
    plain = _features("r", text, published)
    assert plain.mentions[0].lo == date(2014, 8, 2).toordinal()  # earliest recent: Saturday
    assert not plain.mentions[0].ruled
    ruled = _features("r", text, published, ("dead Sunday night", "Sunday", date(2014, 8, 3)))
    main, *others = ruled.mentions
    assert (main.lo, main.hi, main.exact, main.primary, main.ruled) == (
        date(2014, 8, 3).toordinal(),
        date(2014, 8, 3).toordinal(),
        True,
        True,
        True,
    )
    assert [text[s:e] for s, e in main.spans] == [
        "Three children and two adults were found dead Sunday night in their home."
    ]
    # Saturday is still told, as another occurrence of the report
    assert [(m.lo, m.primary) for m in others] == [(date(2014, 8, 2).toordinal(), False)]
    restored = type(main).from_json(json.loads(json.dumps(main.to_json())))
    assert restored == main


def test_a_second_attempt_the_day_after_is_its_own_incident_in_every_order() -> None:
    """The ICRC team turned back on Friday; the report also tells of Thursday's blocked convoy.

    Dated by the rules, report 000 is about Friday. A day off the 31 March convoy of
    report 001, it neither joins it at the next-day cost (the report tells of Thursday
    apart) nor is taken for its follow-up (a ruled main a day off is a new occurrence).
    """
    texts = _texts()
    reports = {a: _features(a, texts[a], PUBLISHED[a], MAIN_DAYS[a]) for a in texts}
    assert all(r.mentions[0].ruled for r in reports.values())
    for order in itertools.permutations(reports):
        engine = StoryEngine()
        engine.add_all(reports[a] for a in order)
        mar14 = incident_at(engine, "002", "A convoy of civilian cars fled", texts["002"])
        mar31 = incident_at(engine, "001", "A convoy of Ukrainian buses", texts["001"])
        blocked = incident_at(engine, "000", "Russian forces blocked a 45-bus", texts["000"])
        icrc = incident_at(engine, "000", "on its way to Mariupol on Friday", texts["000"])
        assert len({mar14, mar31, icrc}) == 3, order
        assert blocked == mar31, order
        assert engine.primary_incident("000") == icrc, order
        assert len({engine.story_of(a) for a in reports}) == 1, order


def test_a_ruled_follow_up_days_later_still_joins_the_incident_it_tells_of() -> None:
    original = (FIXTURES / "shooting_a.txt").read_text(encoding="utf-8")
    later = (FIXTURES / "followup_a.txt").read_text(encoding="utf-8")
    arrest = ("arrested a man on Thursday", "Thursday", date(2016, 9, 1))
    for first, second in (("shooting_a", "later"), ("later", "shooting_a")):
        reports = {
            "shooting_a": _features("shooting_a", original, date(2016, 8, 14)),
            "later": _features("later", later, date(2016, 9, 2), arrest),
        }
        assert reports["later"].mentions[0].ruled
        apart = reports["later"].mentions[0].lo - reports["shooting_a"].mentions[0].hi
        assert 1 < apart <= FOLLOW_UP_DAYS
        engine = StoryEngine()
        engine.add_all([reports[first], reports[second]])
        assert engine.primary_incident("later") == engine.primary_incident("shooting_a")
