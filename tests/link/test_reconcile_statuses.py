"""Statuses that say what they mean: corroborated, changed with its direction, disputed."""

from __future__ import annotations

from crosswire.link.contests import find_contests
from crosswire.link.reconciliations import reconcile
from crosswire.models import Annotation, Article, Mention
from reconcile_support import article, figure, run


def test_the_same_number_within_its_hedges_is_corroborated() -> None:
    arts = [article("a"), article("b")]
    figs = [figure("a", 1, "killed", 5, hedge="at_least"), figure("b", 1, "killed", 5)]
    (group,) = run(arts, figs)
    assert group["status"] == "corroborated"


def test_different_numbers_never_read_corroborated() -> None:
    arts = [article("a"), article("b")]
    figs = [figure("a", 1, "killed", 3958), figure("b", 1, "killed", 11300)]
    (group,) = run(arts, figs)
    assert group["status"] == "diverging"


def test_a_dated_series_is_changed_latest_first_with_its_direction() -> None:
    arts = [article("a"), article("b"), article("c")]
    figs = [
        figure("a", 1, "killed", 70, as_of="2015-10-03"),
        figure("b", 1, "killed", 104, as_of="2015-10-04"),
        figure("c", 1, "killed", 112, as_of="2015-10-05"),
    ]
    (group,) = run(arts, figs)
    assert group["status"] == "changed" and group["direction"] == "rose"
    assert [p["as_of"] for p in group["series"]] == ["2015-10-05", "2015-10-04", "2015-10-03"]
    assert group["best_estimate"]["value"] == 112
    down = [
        figure("a", 1, "killed", 11300, as_of="2023-09-14"),
        figure("b", 1, "killed", 3958, as_of="2023-09-17"),
    ]
    (revised,) = run(arts, down)
    assert revised["direction"] == "revised_down" and revised["best_estimate"]["value"] == 3958


def test_an_earlier_figure_recalled_without_its_day_is_superseded_not_newest() -> None:
    arts = [article("a")]
    figs = [
        figure("a", 1, "killed", 112, as_of="2015-10-05"),
        figure("a", 2, "killed", 104, as_of=None, kind="recalled", claimant="MSF"),
    ]
    (group,) = run(arts, figs)
    assert group["status"] == "changed" and group["direction"] == "rose"
    assert group["series"][-1]["superseded"] is True
    assert group["best_estimate"]["value"] == 112


def test_projections_are_shown_beside_a_toll_never_judged_with_it() -> None:
    arts = [article("a"), article("b")]
    figs = [
        figure("a", 1, "killed", 4000),
        figure("b", 1, "killed", 4000),
        figure("b", 2, "killed", 10000, kind="projection", claimant="prime minister"),
    ]
    (group,) = run(arts, figs)
    assert group["status"] == "corroborated" and group["best_estimate"]["value"] == 4000
    assert group["beside"] == [{"figure": figs[2]["id"], "kind": "projection"}]
    assert "projection: 10,000" in group["summary"]


def test_a_partys_contrary_count_disputes_the_toll_and_is_no_source() -> None:
    arts = [article("a"), article("b")]
    figs = [
        figure("a", 1, "killed", 104, claimant="health ministry"),
        figure("b", 1, "killed", 10, hedge="fewer_than", claimant="the army"),
    ]
    (group,) = run(arts, figs)
    assert group["status"] == "disputed"
    assert [c["party"] for c in group["contested_by"]] == ["the army"]
    assert group["independent_sources"] == 1 and group["best_estimate"]["value"] == 104


def _report(aid: str, text: str) -> tuple[Article, Annotation]:
    art = article(aid)
    art.text = text
    sentences, start = [], 0
    for part in text.split(". "):
        sentences.append((start, start + len(part) + 1))
        start += len(part) + 2
    return art, Annotation(aid * 16, sentences=sentences)


def test_a_denial_in_the_reports_disputes_the_toll_and_names_who_denies() -> None:
    art, ann = _report(
        "a", "The UN said 20 people were killed. Moscow denied its jets struck the convoy."
    )
    quotes = [{"article": art.id, "start": 35, "end": 75, "speaker": "Moscow"}]
    contests = find_contests([art], {art.id: ann}, quotes)
    assert [c.party for c in contests] == ["Moscow"]
    figs = [figure("a", 12, "killed", 20, claimant="UN")]
    (group,) = reconcile(figs, {art.id: art}, contests=contests)
    assert group["status"] == "disputed"
    assert group["contested_by"][0]["party"] == "Moscow"
    assert group["independent_sources"] == 1


def test_no_one_contests_their_own_number_and_caution_is_no_denial() -> None:
    art, ann = _report(
        "a",
        "MSF said 42 people were killed. MSF rejected the account of the strike. "
        "The figures could not be independently verified",
    )
    contests = find_contests([art], {art.id: ann}, [])
    assert len(contests) == 1
    figs = [figure("a", 9, "killed", 42, claimant="MSF")]
    contests = [c for c in contests if c.party is None]  # no mention annotated: party unknown
    (group,) = reconcile(figs, {art.id: art}, contests=[c.at_incident(None) for c in contests])
    assert group["status"] in ("disputed", "single_source")
    named = [type(contests[0])(art.id, 0, 10, "x", "MSF")] if contests else []
    (own,) = reconcile(figs, {art.id: art}, contests=named)
    assert own["status"] == "single_source"


def test_rejecting_an_inquiry_into_the_blast_contests_no_toll() -> None:
    art, ann = _report(
        "a",
        "The president rejected any international inquiry into the blast. "
        "The army rejected accusations that its jets struck the convoy.",
    )
    contests = find_contests([art], {art.id: ann}, [])
    assert [c.text for c in contests] == [
        "The army rejected accusations that its jets struck the convoy."
    ]


def test_a_toll_rising_during_its_latest_day_has_changed_not_diverged() -> None:
    arts = [article("a"), article("b"), article("c"), article("d")]
    figs = [
        figure("a", 1, "killed", 30, as_of="2020-08-04", claimant="health minister"),
        figure("b", 1, "killed", 137, as_of="2020-08-06", claimant="health minister"),
        figure("c", 1, "killed", 154, as_of="2020-08-08", claimant="an official"),
        figure("d", 1, "killed", 158, as_of="2020-08-08", claimant="a television channel"),
    ]
    (group,) = run(arts, figs)
    assert group["status"] == "changed" and group["direction"] == "rose"
    # two parties far apart on the same day still diverge
    figs[3] = figure("d", 1, "killed", 400, as_of="2020-08-08", claimant="a rights group")
    (group,) = run(arts, figs)
    assert group["status"] == "diverging"


def test_another_party_saying_the_true_figures_are_higher_disputes_the_toll() -> None:
    art, ann = _report(
        "a",
        "The ministry said 769 pilgrims were killed, but Iran suggested the true casualty "
        "figures may be higher.",
    )
    at = art.text.index("Iran")
    ann.mentions.append(Mention(art.id, at, at + 4, "Iran", "GPE"))
    # the ministry's quote overreaching past "but" is not the contesting party's
    quotes = [{"article": art.id, "start": 18, "end": 104, "speaker": "The ministry"}]
    (contest,) = find_contests([art], {art.id: ann}, quotes)
    assert contest.party == "Iran"
    # the bare "may be higher" is a projection, and unnamed rescuers' warning no party's
    art2, ann2 = _report(
        "b", "Officials said the toll may be higher. Rescuers say the true toll is far higher."
    )
    assert find_contests([art2], {art2.id: ann2}, []) == []


def test_a_series_ending_where_it_began_within_its_words_is_consistent() -> None:
    arts = [article("a"), article("b"), article("c")]
    figs = [
        figure("a", 1, "displaced", 300000, as_of="2020-08-04", hedge="approximately"),
        figure("b", 1, "displaced", 200000, as_of="2020-08-05", hedge="more_than"),
        figure("c", 1, "displaced", 300000, as_of="2020-08-08", hedge="more_than"),
        figure("a", 2, "displaced", 300000, as_of="2020-08-08", claimant="United Nations"),
    ]
    (group,) = run(arts, figs)
    # "more than 300,000" and "300,000" tell one rounded figure
    assert group["status"] == "consistent"


def test_the_best_estimate_counts_a_wire_story_in_two_outlets_once() -> None:
    arts = [article("a"), article("b", wire=("afp",)), article("c", wire=("afp",))]
    figs = [
        figure("a", 1, "killed", 30, as_of="2020-08-04"),
        figure("a", 2, "killed", 158, as_of="2020-08-08", claimant="television"),
        figure("b", 1, "killed", 154, as_of="2020-08-08", claimant="official"),
        figure("c", 1, "killed", 154, as_of="2020-08-08", claimant="official"),
    ]
    (group,) = run(arts, figs)
    assert group["best_estimate"]["value"] == 158  # one voice each: the higher, fuller count


def test_a_rising_toll_is_estimated_at_its_latest_days_highest_count() -> None:
    # two independent outlets still carry the noon "154"; one has the evening's "158"
    arts = [article("a"), article("b"), article("c"), article("d")]
    figs = [
        figure("a", 1, "killed", 30, as_of="2020-08-04"),
        figure("b", 1, "killed", 154, as_of="2020-08-08", claimant="official"),
        figure("c", 1, "killed", 154, as_of="2020-08-08", claimant="official"),
        figure("d", 1, "killed", 158, as_of="2020-08-08", claimant="television"),
    ]
    (group,) = run(arts, figs)
    assert group["best_estimate"]["value"] == 158
    # parties far apart on that day are weighed by their voices, not by size
    figs[3] = figure("d", 1, "killed", 400, as_of="2020-08-08", claimant="a rights group")
    (group,) = run(arts, figs)
    assert group["best_estimate"]["value"] == 154


def test_a_war_s_running_total_and_a_strike_s_toll_told_on_one_day_stay_apart() -> None:
    arts = [article("a"), article("b"), article("c")]
    figs = [
        figure("a", 1, "killed", 12, as_of="2014-07-23"),
        figure("a", 2, "killed", 912, as_of="2014-07-23", cumulative=True),
        figure("b", 1, "killed", 12, as_of="2014-07-23"),
        figure("b", 2, "killed", 905, as_of="2014-07-23", cumulative=True),
        figure("c", 1, "killed", 15, as_of="2014-07-25"),
        figure("c", 2, "killed", 1000, as_of="2014-07-25"),
    ]
    groups = run(arts, figs)
    values = sorted(sorted(f["value"] for f in figs if f["id"] in g["figures"]) for g in groups)
    assert values == [[12, 12, 15], [905, 912, 1000]]
    # a toll that rose over the days (65, then 273) is one quantity, running total or not
    figs = [
        figure("a", 1, "killed", 65, as_of="2017-09-19"),
        figure("b", 1, "killed", 273, as_of="2017-09-21", cumulative=True),
        figure("c", 1, "killed", 273, as_of="2017-09-21"),
    ]
    (group,) = run(arts, figs)
    assert group["status"] == "changed"
