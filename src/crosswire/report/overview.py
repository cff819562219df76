"""The overview paragraph: what the report rests on, in words, from the data.

An analyst's first question about a situation report is how much it can be
trusted: how many reports, how many of them independent, from whom, from
when. The overview answers that before anything else, and every number in
it is counted from the export (nothing is hard-coded, so an empty export
says so rather than inventing a picture).
"""

from __future__ import annotations

from collections.abc import Sequence

from crosswire.report.view import EntityGroup, EntityRow, SourceRow, rank

__all__ = ["TOP_N", "join_words", "overview", "plural", "report_title"]

TOP_N = 5
"""How many outlets, places and actors the overview names."""


def plural(n: int, word: str, words: str | None = None) -> str:
    """``"1 report"``, ``"3 reports"``."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


def join_words(items: Sequence[str], limit: int = TOP_N) -> str:
    """``"a, b and c"``; beyond ``limit`` items, ``"a, b and 3 others"``."""
    shown = list(items[:limit])
    if len(items) > limit:
        shown.append(plural(len(items) - limit, "other"))
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def _group(groups: Sequence[EntityGroup], *keys: str) -> list[EntityRow]:
    return sorted((e for g in groups if g.key in keys for e in g.entities), key=rank)


def report_title(
    groups: Sequence[EntityGroup], independent: int | None = None, stories: int = 0
) -> str:
    """ "Situation report: <place>", where one place is what the reports are about.

    The place named in most reports titles the report when it is named in at
    least half of the ``independent`` reports (or when that count is not
    given). A store that holds many unrelated stories -- a year of shootings
    across a country -- is not about its most named city, so its title says
    how many stories it holds instead, or is plain "Situation report".
    """
    places = _group(groups, "places-named")
    if places and (independent is None or 2 * places[0].independent >= independent):
        return f"Situation report: {places[0].name}"
    if stories > 1:
        return f"Situation report: {plural(stories, 'story', 'stories')}"
    return "Situation report"


def _ranked(rows: list[EntityRow]) -> str:
    return join_words(
        [f"{r.name} ({plural(r.independent, 'report')})" for r in rows[:TOP_N]], TOP_N
    )


def _sources_sentence(sources: Sequence[SourceRow]) -> str:
    n = len(sources)
    copies = sum(1 for s in sources if s.duplicate_of is not None)
    carried = sum(1 for s in sources if s.duplicate_of is None and s.wire_text_of is not None)
    independent = n - copies - carried
    text = f"This report draws on {plural(n, 'news report')}"
    if copies or carried:
        aside = [plural(copies, "duplicate")] if copies else []
        if carried:
            aside.append(f"{carried} carrying another's wire text")
        text += (
            f", {independent} of them independent once "
            f"{join_words(aside)} {'is' if copies + carried == 1 else 'are'} set aside"
        )
    outlets = sorted({s.ref.outlet for s in sources if s.ref.outlet != "unknown outlet"})
    unnamed = sum(1 for s in sources if s.ref.outlet == "unknown outlet")
    if outlets:
        text += f", from {plural(len(outlets), 'outlet')} ({join_words(outlets)})"
        if unnamed:
            text += f" and {unnamed} with no outlet named"
    elif n:
        text += ", none of them with an outlet named"
    dates = sorted(s.ref.published for s in sources if s.ref.published != "date unknown")
    undated = n - len(dates)
    if dates:
        span = f"on {dates[0]}" if dates[0] == dates[-1] else f"between {dates[0]} and {dates[-1]}"
        text += f"; published {span}"
        if undated:
            text += f" ({undated} undated)"
    elif n:
        text += "; no publication dates are known"
    return text + "."


def overview(
    sources: Sequence[SourceRow],
    groups: Sequence[EntityGroup],
    wire_texts: Sequence[str] = (),
) -> tuple[str, ...]:
    """The overview paragraph as a sequence of sentences, every number counted from the data.

    ``wire_texts`` are the lines saying which outlets carried one wire text
    ("Associated Press text carried by X, Y and Z"), each made a sentence.

    Places and actors are ranked by the number of independent reports that
    mention them (duplicates do not add weight), then by all reports, name
    and id.
    """
    if not sources:
        return ("The export holds no reports, so there is nothing to summarise yet.",)
    sentences = [_sources_sentence(sources)]
    wired = [s for s in sources if s.wire]
    if wired:
        agencies = sorted({w for s in wired for w in s.wire})
        sentences.append(
            f"{plural(len(wired), 'report carries', 'reports carry')} wire copy "
            f"from {join_words(agencies)}."
        )
    sentences += [f"{line}." for line in wire_texts]
    places = _group(groups, "places-named")
    # People and organisations act; a nationality ("Russian", "Ukrainian") only stands in for
    # one, so groups are named as actors only when nobody else is.
    actors = _group(groups, "people", "organisations") or _group(groups, "groups")
    for rows, kind in ((places, "place"), (actors, "actor")):
        if len(rows) == 1:
            sentences.append(f"The only {kind} named is {_ranked(rows)}.")
        elif rows:
            sentences.append(f"The {kind}s named in most reports are {_ranked(rows)}.")
    if not places and not actors:
        sentences.append("No people, organisations or places have been extracted yet.")
    return tuple(sentences)
