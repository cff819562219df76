"""Victims a report names or describes instead of counting them.

Local crime and conflict reporting often never states a toll: "Jane Doe,
25, was shot and killed; her brother was wounded", "a man was found dead".
The killed and injured measures must still be there, so each victim who is
the patient of a killing or wounding predicate becomes a derived figure of
1, spanning the words that describe the victim. The same victim is often
mentioned again ("Doe", "the woman"): named victims are told apart by
surname, described ones by their head noun, and the described ones count
only beyond the named ones (a description usually re-mentions a named
victim); someone shot and later killed counts once, as killed.

A description folds into an earlier one when nothing about them clashes
(gender, stated age, the ages the noun allows: "A 3-year-old boy" ... "the
toddler"), a given name into the full name it belongs to ("Braison" ->
"Braison Howard"), and only people are victims ("shot himself dead
center"). Victims of another incident ("in a separate shooting", a
"Related:" line, "the 2014 killing of ...") are left out, and a death the
report tells without a killing predicate ("a man's body was found",
"the homicide victim", "the coroner") makes the shot victim a killed one.

The work is split by step: the vocabulary
(:mod:`~crosswire.extract.figures_victim_words`), finding mentions in the
parse (:mod:`~crosswire.extract.figures_victim_mentions`), killers and
victims who shot themselves (:mod:`~crosswire.extract.figures_victim_selves`),
other incidents and deaths told without a killing verb
(:mod:`~crosswire.extract.figures_victim_background`), names that are no
victim's (:mod:`~crosswire.extract.figures_victim_names`: a weekday, a
relative's point of reference, someone said to be alive), folding mentions
of one person together (:mod:`~crosswire.extract.figures_victim_coref`);
this module counts the distinct victims.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crosswire.doctext import doc_text
from crosswire.extract.figures_headline import shot_at_only
from crosswire.extract.figures_victim_apart import (
    SELF,
    after_another,
    also_someone,
    co_patients,
    kin_of_victim,
    mark_apart,
    may_be,
    one_more,
    one_more_subject,
    other_antecedent,
    other_gender,
    pronoun_apart,
    survivor,
)
from crosswire.extract.figures_victim_background import (
    background,
    death_told,
    goes_on,
    other_cause,
    surname_key,
)
from crosswire.extract.figures_victim_conditions import condition_victims
from crosswire.extract.figures_victim_coref import (
    RANK,
    Profile,
    Victim,
    definite,
    fold_nicknames,
    fold_surnames,
    gender_of_key,
    last_named_before,
    merge_descriptions,
    profile,
)
from crosswire.extract.figures_victim_lists import (
    age_members,
    pair_noun,
    semicolon_members,
)
from crosswire.extract.figures_victim_mentions import (
    describe_victim,
    gapped_person,
    nominal_victims,
    one_of_a_pair,
    patients,
    subject_casualty,
)
from crosswire.extract.figures_victim_names import (
    alive,
    alive_names,
    harming_people,
    reference_only,
    same_person,
    shooter_names,
    time_word,
)
from crosswire.extract.figures_victim_person import elliptic, surnames
from crosswire.extract.figures_victim_predicates import (
    charged_act,
    fatal,
    gapped_fate,
    hurt,
    killed_beside,
    predicate_lemma,
    skip_predicate,
    struck_by_gunfire,
)
from crosswire.extract.figures_victim_selves import (
    civilian_agent,
    murder_suicide,
    partitive_culprit,
    police_agent,
    self_victims,
    shot_by_police,
)
from crosswire.extract.figures_victim_words import INJURE, KILL, SHOOT

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = ["SELF", "Victim", "derived_victims", "subject_casualty"]

_CREDIT = re.compile(
    r"\b(?:photo|photos|photograph|image|video|credit|courtesy)(?: by| of)?\s*[:|/]?\s*$",
    re.IGNORECASE,
)


def derived_victims(
    doc: Doc,
    explicit: list[tuple[int, int]],
    year: int | None = None,
    elsewhere: frozenset[int] = frozenset(),
    counted_dead: int = 0,
) -> list[Victim]:
    """Distinct victims described (not counted) in ``doc``: see :func:`_victims`.

    The person a charge names ("charged with murder and injuring a child's
    parent") is left out when the report tells of a victim outside its
    charges: a charge's wording names the crime, and its person is that
    victim again. Where no victim is left without them, the charges' people
    count ("a girl accused of shooting a man is in custody").
    """
    found = _victims(doc, explicit, year, elsewhere, counted_dead, keep_charged=False)
    if found or not any(charged_act(t) for t in doc):
        return found
    return _victims(doc, explicit, year, elsewhere, counted_dead, keep_charged=True)


def _victims(
    doc: Doc,
    explicit: list[tuple[int, int]],
    year: int | None,
    elsewhere: frozenset[int],
    counted_dead: int,
    keep_charged: bool,
) -> list[Victim]:
    """Distinct victims described (not counted) in ``doc``, killed before injured.

    ``explicit`` are the spans of explicit figures; a victim phrase that
    contains one ("two men") is counted there, not here. ``year`` is the
    report's year: a victim in a sentence dated two or more years earlier
    (or "years ago") belongs to an earlier incident, not this report's, as
    does one whose sentence starts at a token in ``elsewhere`` (see
    :mod:`~crosswire.extract.figures_focus`). ``counted_dead`` is the
    largest explicit count of the report's dead ("four people were found
    shot dead"), 0 if none: a person described only as shot ("a fourth
    person shot") is then one of them, as they are when a described victim
    was killed, and so are named victims whose outcome is not told when
    all the named fit in that count ("shooting A, B, C and D ... murdering
    four women"). Unless ``keep_charged``, the people only a charge's acts
    name are left out (see :func:`derived_victims`).
    """
    seen: dict[str, Victim] = {}
    cands: list[tuple[Token, Token, str]] = []
    aged: dict[int, tuple[int, int, str, str]] = {}  # ages that count a plural noun's people
    halves: dict[int, int] = {}  # which of a couple a mention is
    fresh: set[str] = set()  # descriptions told as one more person, never a named one again
    doer_keys: set[str] = set()  # described victims who shot someone else
    harmers, doer_tokens = harming_people(doc)
    for tok in doc:
        lemma = predicate_lemma(tok)
        struck = struck_by_gunfire(tok)
        if lemma not in KILL and lemma not in INJURE and lemma not in SHOOT and not struck:
            continue
        if (tok.pos_ not in ("VERB", "ADJ") and not _dead_complement(tok)) or skip_predicate(tok):
            continue
        if fatal(tok):
            measure = "killed"
        elif (
            (lemma in SHOOT or struck)
            and not hurt(tok)
            and not survivor(tok)
            and not killed_beside(tok)
        ):
            measure = "shot"  # shot, outcome not stated: injured unless they are a killed victim
        else:
            measure = "injured"
        found = patients(tok)
        for f in list(found):
            if pair_noun(f):
                found.append(f)  # "an elderly couple was found shot to death": two people
                at = f.left_edge.idx
                aged[f.i] = (at, f.idx + len(f.text), doc_text(doc)[at : f.idx + len(f.text)], "")
            for age in age_members(f):
                found.append(age)
                aged[age.i] = _age_entry(f, age)
        for noun in [*found, *(m for f in found for m in semicolon_members(f))]:
            died = any(
                c.dep_ in ("relcl", "acl") and predicate_lemma(c) in KILL for c in noun.children
            )
            fate = gapped_fate(tok) if measure == "killed" and gapped_person(noun) else measure
            cands.append((noun, tok, "killed" if died else fate))
    cands.extend(nominal_victims(doc))
    for noun, tok, measure in condition_victims(doc):
        cands.append((noun, tok, measure))
        for age in age_members(noun):  # "the victims, ages 17 and 19, were taken to hospitals"
            cands.append((age, tok, measure))
            aged[age.i] = _age_entry(noun, age)
    selves = self_victims(doc) + shot_by_police(doc)
    cands.extend((noun, tok, measure) for noun, tok, measure, _ in selves)
    killers = {(noun.i, tok.i) for noun, tok, _, killer in selves if killer}
    if not keep_charged:
        # "charged with murder and injuring a child's parent": the charge's person is a
        # victim told outside it, not one more (a name is kept: it is that victim's)
        cands = [c for c in cands if c[0].pos_ == "PROPN" or not charged_act(c[1])]
    # "Officer shot by man who fled" over a body telling only "shooting at an officer"
    line_end = doc_text(doc).find("\n")
    body = frozenset(n.lemma_.lower() for n, _, _ in cands if 0 <= line_end < n.idx)
    cands = [c for c in cands if not shot_at_only(doc, c[0].idx, c[0].lemma_.lower(), body)]
    cands.sort(key=lambda c: c[0].i)
    token_keys: dict[int, str] = {}  # the key each victim mention was first given
    told_elsewhere: set[int] = set()  # where sentences after another incident's victim start
    elsewhere_names: set[tuple[int, str]] = set()  # ... and the surnames that victim was named by
    kin: dict[str, tuple[str, bool]] = {}  # a victim's kin: the victim's key, told before?
    victim_tokens = frozenset(noun.i for noun, _, _ in cands) - doer_tokens  # see kin_of_victim
    definites: set[str] = set()
    names = surnames(doc)
    shooters = shooter_names(doc)
    profiles: dict[str, Profile] = {}
    for noun, tok, measure in cands:
        if noun.sent.start in elsewhere or background(noun.sent, tok, year):
            told_elsewhere.add(noun.sent.end)  # the next sentence may go on about them
            if (surname := surname_key(noun, names)) is not None:
                elsewhere_names.add((noun.sent.end, surname))
            continue
        if noun.sent.start in told_elsewhere and goes_on(noun, names, elsewhere_names):
            continue  # "... a 2014 shooting that left a girl dead. Genesis Rincon was shot"
        if measure == "killed" and other_cause(tok):
            continue  # "died during a car crash shortly after the shooting"
        if (noun.i, tok.i) in killers:
            desc = _describe_killer(doc, noun, names)
        elif noun.i in aged and not aged[noun.i][3]:
            halves[noun.i] = halves.get(noun.i, 0) % 2 + 1  # the couple's first, then second
            start, end, words, _ = aged[noun.i]
            desc = (start, end, words, f"desc:{noun.lemma_.lower()}#{noun.i}-{halves[noun.i]}")
        elif noun.like_num and noun.i in aged:
            desc = aged[noun.i]  # "his sons, ages 3 and 4": the son aged 3, the son aged 4
        else:
            desc = describe_victim(doc, noun, names)
        if desc is None:
            continue
        start, end, words, key = desc
        if time_word(key) or (key.startswith("name:") and reference_only(noun)):
            continue  # "a 16-year-old killed Friday", "the grandson of Rep. Danny Davis"
        if key in shooters and (noun.i, tok.i) not in killers:
            continue  # "the suspect, Cory Henderson,": the shooter, not a victim
        if any(s < end and start < e for s, e in explicit) and not (
            ((noun.i, tok.i) in killers and partitive_culprit(noun)) or one_of_a_pair(noun)
        ):
            continue  # counted there; "one of the robbers" shot is one culprit apart, too
        if _CREDIT.search(doc_text(doc)[max(0, start - 24) : start]):
            continue  # "Photo: Mike Glenn, Chronicle Boy, 8, dies": a photographer's credit
        if (
            key.startswith("desc:")
            and key != "desc:person"
            and "#" not in key
            and noun.dep_ in ("nsubj", "nsubjpass")
            and (
                (
                    (
                        predicate_lemma(tok) in SHOOT
                        or predicate_lemma(tok) in INJURE
                        or struck_by_gunfire(tok)  # "a bystander was also hit"
                    )
                    and survivor(tok)
                )
                or (predicate_lemma(tok) in KILL and also_someone(tok))
            )
        ):
            key += f"#{noun.i}"  # "his brother was also shot": someone new, no re-mention
        owner = kin_of_victim(noun, victim_tokens) if key.startswith("desc:") else None
        if owner is not None and "#" not in key:
            # "John Doe was killed. Relatives said his sister was killed": a victim's kin is
            # someone beside that victim (though maybe another victim the report names)
            key += f"#{noun.i}"
            kin[key] = (token_keys.get(owner.i, ""), owner.sent.start < noun.sent.start)
        if key.startswith("desc:") and gapped_person(noun):
            key = key.split("#")[0] + f"#{noun.i}"  # "John Doe was shot in the leg and a man
            fresh.add(key)  # in the arm": one more person, never Doe again
        if (
            key.startswith("desc:")
            and key.endswith(f"#{noun.i}")
            and noun.dep_ in ("nsubj", "nsubjpass")
            and also_someone(tok)
        ):
            # "his sister was also killed": told as one more person. Not "another": that is
            # as often other than the killer ("killed another man") or in a quote's musing
            # ("I don't want to hear another child is dead")
            fresh.add(key)
        ante = other_antecedent(noun) if key == "desc:person" else None
        one_more_he = ante is not None and ante.i not in victim_tokens
        if one_more_he:
            # "A second man was in the car. He was shot": that man, one more person
            key += f"#{noun.i}"
            fresh.add(key)
        told = token_keys.setdefault(noun.i, key)
        if "#" not in key and told.split("#")[0] == key:
            key = told  # "his girlfriend was also shot and is in stable condition": one woman
        if (
            key.startswith("desc:")
            and key not in seen
            and definite(noun)
            and not elliptic(noun)  # "another was injured": one more person, no re-mention
            and not after_another(noun)
            and not one_more_he
        ):
            definites.add(key)
        if noun.i in doer_tokens and key.startswith("desc:") and key != "desc:person":
            doer_keys.add(key)  # "police killed a man who had shot his girlfriend"
        prof = profile(doc, noun, start, tok)
        if key in profiles:
            profiles[key].absorb(prof)
        else:
            profiles[key] = prof
        prior = seen.get(key)
        if prior is None:
            seen[key] = Victim(start, end, words, key, measure, tok)
        elif RANK[measure] > RANK[prior.measure]:
            # shot, then died: one victim, killed; keep the first description's span
            seen[key] = Victim(prior.start, prior.end, prior.description, key, measure, tok)
    merge_descriptions(seen, profiles)
    fold_surnames(seen)
    fold_nicknames(seen)
    living = alive_names(doc)
    named_hurt = [
        v
        for v in seen.values()
        if v.key.startswith("name:")
        and v.measure in ("injured", "shot")
        and not alive(v.key, living)  # "Gomez remains in critical condition"
    ]
    told_dead = any(k.startswith("name:") and v.measure == "killed" for k, v in seen.items())
    for v in sorted(seen.values(), key=lambda v: v.start):
        if v.key.startswith("desc:") and v.measure == "killed" and named_hurt:
            last = last_named_before(doc, v.predicate.i, seen)
            if last is not None and last.measure == "killed":
                continue  # "Douglas Barney was shot ... he died": the named dead, again
            if last is None and told_dead:
                continue  # "Officer dead in shootout" heading a report naming the dead officer
            # "a man was shot and killed ... Jones was shot": one man
            n = last if last in named_hurt else named_hurt[0]
            if one_more(v, n, profiles):
                continue  # "John Doe and another man were shot. The other man died": two
            named_hurt.remove(n)
            seen[n.key] = Victim(n.start, n.end, n.description, n.key, "killed", v.predicate)
            del seen[v.key]
    generic_death = seen.get("desc:person")
    if generic_death is not None and generic_death.measure == "killed":
        others = [v for v in seen.values() if v.key != "desc:person"]
        if any(v.measure == "killed" for v in others):
            del seen["desc:person"]  # "he died": the victim already counted as killed
            just_named = _found_named_before(doc, generic_death.predicate.i, seen, shooters, names)
            if just_named is not None:
                # "Officers found David Pena ... Pena was taken to a hospital where he died":
                # the one who died is the man just named, not the victim counted before
                seen[just_named.key] = just_named
        else:
            wounded = sorted(
                # not one told as one more ("The victim was pronounced dead. A second man was
                # shot in the leg"): the one who died is someone else
                (
                    v
                    for v in others
                    if v.measure != "killed"
                    and not v.key.startswith("desc:person#")
                    and not one_more_subject(v)
                    # "the 24-year-old victim died ... and a 30-year-old woman was hospitalized"
                    and may_be(profiles, "desc:person", v.key)
                ),
                key=lambda v: v.start,
            )
            if wounded:  # "a man with a gunshot wound ... he later died": one man, killed
                h = wounded[0]
                seen[h.key] = Victim(h.start, h.end, h.description, h.key, "killed", h.predicate)
                del seen["desc:person"]
    killed = [v for v in seen.values() if v.measure == "killed"]
    for key in [k for k, v in seen.items() if v.measure != "killed" and k in definites]:
        g = gender_of_key(key)
        if any(
            (gender_of_key(k.key) in (None, g) or g is None) and may_be(profiles, key, k.key)
            for k in killed
        ):
            del seen[key]  # "the child was airlifted with injuries" after "his sister was killed"
    if (
        seen
        and not any(v.measure == "killed" for v in seen.values())
        and death_told(doc, elsewhere)
    ):
        shot = sorted(
            (v for v in seen.values() if v.measure == "shot" or v.predicate.pos_ == "NOUN"),
            key=lambda v: v.start,
        )
        if shot:  # "a man's body was found ... the victim had been shot": he was killed
            v = shot[0]
            seen[v.key] = Victim(v.start, v.end, v.description, v.key, "killed", v.predicate)
    for v in list(seen.values()):
        if v.measure == "shot" and murder_suicide(v.predicate.sent.text):
            # "a woman shot her 5-year-old son and then herself in a murder-suicide"
            seen[v.key] = Victim(v.start, v.end, v.description, v.key, "killed", v.predicate)

    # a killer's own death makes no one described as shot a re-mention of a dead victim, nor
    # does the death of a named person who shot someone ("Smith had shot a clerk")
    def doer(key: str) -> bool:
        return key in doer_keys or (key.startswith("name:") and same_person(key, harmers))

    killed_any = counted_dead > 0 or any(
        v.measure == "killed" and k != SELF and not doer(k) for k, v in seen.items()
    )
    named = [v for v in seen.values() if v.key.startswith("name:") and v.measure != "injured"]
    named_dead = 0 < len(named) <= counted_dead
    lone = pronoun_apart(seen, profiles)  # "She was shot. Her husband was killed": two
    dead = [k for k, v in seen.items() if v.measure == "killed" and k != SELF and not doer(k)]
    for v in list(seen.values()):
        if v.measure != "shot":
            continue
        if (
            v.key.startswith("desc:")
            and "#" not in v.key
            and not (v.key == "desc:person" and lone)
            and (killed_any or (v.key == "desc:person" and len(seen) > 1))
            and not (
                counted_dead == 0 and dead and all(co_patients(profiles, v.key, d) for d in dead)
            )
            and not (
                # "A man was pronounced dead. A woman was taken to a hospital with a gunshot
                # wound": she can be none of the dead
                counted_dead == 0 and dead and other_gender(profiles, v.key, dead)
            )
        ):
            # "the victim had been shot", "his son was shot": a re-mention of the one who died
            del seen[v.key]
            continue
        outcome = "killed" if named_dead and v.key.startswith("name:") else "injured"
        seen[v.key] = Victim(v.start, v.end, v.description, v.key, outcome, v.predicate)
    shooter = seen.get(SELF)
    if (
        shooter is not None
        and police_agent(shooter.predicate)
        and any(k != SELF and police_agent(v.predicate) for k, v in seen.items())
    ):
        # "Assault suspect shot by police" ... "police shot him": the man the police shot,
        # named or described elsewhere, is that suspect, not a second one
        del seen[SELF]
    shooter = seen.get(SELF)
    if shooter is not None and any(
        doer(k) and v.measure == shooter.measure for k, v in seen.items()
    ):
        # "a man shot his sons, then himself ... Shawn Fuller shot ...": the named one who
        # shot someone is that killer, not a second one
        del seen[SELF]
    out: list[Victim] = [v for v in seen.values() if v.key == SELF]
    apart = pronoun_apart(seen, profiles)
    for measure in ("killed", "injured"):
        named = [v for v in seen.values() if v.measure == measure and v.key.startswith("name:")]
        described = [v for v in seen.values() if v.measure == measure and v.key.startswith("desc:")]
        specific = [v for v in described if v.key != "desc:person" or apart]
        if not specific:
            specific = described[:1]
        # a description re-mentions a named victim, unless that one shot someone ("John Smith
        # shot his wife ... Police shot Smith" tells two people) or it was told as one more
        # person ("John Doe was killed. Another man was also killed"); a description of one who
        # shot someone ("a father killed his ex-girlfriend") may be a named one who did
        new = [v for v in specific if v.key in fresh]
        rest = [v for v in specific if v.key not in fresh and v.key not in doer_keys]
        doing = [v for v in specific if v.key not in fresh and v.key in doer_keys]
        named_doers = sum(1 for v in named if doer(v.key))
        # one the police shot is not whom a person shot ("A man shot his wife. Officers later
        # shot John Smith": Smith is that man, the wife someone else)
        free = len(named) - named_doers
        by_police = sum(1 for v in named if not doer(v.key) and police_agent(v.predicate))
        civil = [v for v in rest if civilian_agent(v.predicate)]
        # a named victim's kin may be another named victim, never that one ("John Doe was
        # killed. His sister was killed": two)
        kin_named = [
            v
            for v in rest
            if v not in civil and kin.get(v.key, ("", False))[0] in {n.key for n in named}
        ]
        others = [v for v in rest if v not in civil and v not in kin_named]
        civil_same = max(0, min(len(civil), free - by_police))
        kin_same = max(0, min(len(kin_named), free - 1, free - civil_same))
        others_same = max(0, min(len(others), free - civil_same - kin_same))
        out.extend(named)
        out.extend(new)
        for group, same in ((civil, civil_same), (kin_named, kin_same), (others, others_same)):
            out.extend(sorted(group, key=lambda v: v.start)[: len(group) - same])
        out.extend(sorted(doing, key=lambda v: v.start)[named_doers:])
    # a kin of a victim told before is one more person beside whatever another claimant tells
    told_after = {k for k, (_, before) in kin.items() if before}
    return sorted(mark_apart(out, fresh | told_after), key=lambda v: v.start)


#: how a person named right before a pronoun's death is found or carried: the one it tells of
_FOUND_DEPS = frozenset({"dobj", "nsubjpass"})


def _found_named_before(
    doc: Doc,
    i: int,
    seen: dict[str, Victim],
    shooters: frozenset[str],
    names: dict[str, set[str]],
) -> Victim | None:
    """The person named just before a pronoun's death at token ``i``, if no victim yet.

    "Officers found David Andrew Pena, 22 ... Pena was taken to a hospital
    where he died": the pronoun's antecedent is the last person named in its
    sentence or the one before, when that person is the one the clause is
    about (found, taken: an object or a passive subject), not someone who
    spoke or acted, and is neither a counted victim nor a shooter.
    """
    start = doc[i].sent.start
    if start > 0:
        start = doc[start - 1].sent.start
    for ent in reversed(doc.ents):
        if ent.label_ != "PERSON" or ent.end > i:
            continue
        if ent.start < start or ent.root.dep_ not in _FOUND_DEPS:
            return None
        desc = describe_victim(doc, ent.root, names)
        if desc is None or not desc[3].startswith("name:"):
            return None
        key = desc[3]
        if key in shooters or same_person(key, frozenset(k for k in seen if k.startswith("name:"))):
            return None
        return Victim(desc[0], desc[1], desc[2], key, "killed", doc[i])
    return None


_DEAD_WORDS = frozenset({"dead", "deceased"})


def _dead_complement(tok: Token) -> bool:
    """ "found John Smith and Mary Smith dead": "dead" the parser tags as an adverb clause."""
    return (
        tok.lower_ in _DEAD_WORDS
        and tok.dep_ in ("ccomp", "xcomp", "oprd", "acomp", "advcl")
        and tok.head.lemma_.lower() in ("find", "discover", "leave")
    )


def _describe_killer(
    doc: Doc, noun: Token, names: dict[str, set[str]]
) -> tuple[int, int, str, str] | None:
    """A killer who shot or killed themselves: their name's key, else one "self" victim.

    A named killer keeps their name's key (so "Yashkus shot himself" and
    "Yashkus was dead at the scene" are one death); a described one ("the
    man who killed his wife", "he", "the suspect") is one victim apart
    from the people described as killed.
    """
    desc = describe_victim(doc, noun, names)
    if desc is not None and desc[3].startswith("name:"):
        return desc
    if any(c.dep_ == "nummod" for c in noun.children):
        return None  # "two suspects were shot by police": the number counts them
    start, end = noun.idx, noun.idx + len(noun.text)
    return start, end, doc_text(doc)[start:end], SELF


def _age_entry(head: Token, age: Token) -> tuple[int, int, str, str]:
    """One of several people a description lists by age ("his sons, ages 3 and 4"): its
    span (from the description's start to the age), text and victim key."""
    at = head.left_edge.idx
    end = age.idx + len(age.text)
    return at, end, doc_text(head.doc)[at:end], f"desc:{head.lemma_.lower()}#{age.i}"
