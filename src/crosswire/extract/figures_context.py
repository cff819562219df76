"""What a number counts and what happened to it, read from the dependency parse.

"45" alone is useless to an analyst; "45 buses" (vehicles), "600 people
... were able to leave" (evacuated), "up to 170,000 residents remained
trapped" (population remaining) are what get reconciled. The counted noun
is the noun the number modifies (or the object of "of" for "tens of
thousands of people", "14 tons of food"); the measure comes from the
governing predicate (killed, injured, trapped, evacuated, left, ...), from
the counted noun itself ("deaths", "refugees", "population") or from the
unit. Measures are a closed vocabulary so that reports can be compared.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from crosswire.extract.figures_compound import compound_measure, epidemic_cases
from crosswire.extract.figures_context_words import (
    AID,
    GROUPS,
    PERPETRATOR,
    PREWAR,
    QUANTIFIERS,
    SOUGHT,
    UNIT_HEADS,
    VEHICLES,
    lost_object_measures,
    measure_words,
    noun_measures,
    people,
    sought_object_measures,
    verb_measures,
)
from crosswire.extract.figures_tolls import toll_measure
from crosswire.extract.figures_victim_predicates import killed_beside, struck_by_gunfire
from crosswire.extract.figures_victim_words import ATTEMPT
from crosswire.extract.figures_wounds import (
    borne_by,
    died_in_care,
    hospitalised,
    in_condition,
    in_hospital,
    some_died_in_care,
    stays_in_care,
    survivable,
    wounded,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

__all__ = [
    "CASUALTY_MEASURES",
    "MEASURES",
    "Counted",
    "counted_thing",
    "governing_predicates",
    "measure_of",
]

MEASURES = (
    "killed",
    "injured",
    "shot",
    "casualties",
    "missing",
    "dead_or_missing",
    "cases",
    "evacuated",
    "population_remaining",
    "population_prewar",
    "population",
    "displaced",
    "detained",
    "sheltering",
    "rescued",
    "vehicles",
    "aid_quantity",
    "territory_controlled",
    "distance",
)
CASUALTY_MEASURES = frozenset(
    {"killed", "injured", "shot", "casualties", "missing", "dead_or_missing", "detained"}
)


@dataclass(frozen=True, slots=True)
class Counted:
    """What a number counts: the noun (as written) and the tokens the figure hangs on."""

    text: str | None
    lemma: str | None
    noun: Token | None
    anchor: Token


def _np_text(noun: Token) -> str:
    """The counted noun with its modifiers ("food and medical supplies", "private cars")."""
    doc = noun.doc
    start = noun.left_edge.i
    for t in doc[noun.left_edge.i : noun.i]:
        if t.like_num or t.dep_ in ("nummod", "quantmod", "det", "poss", "case", "predet", "punct"):
            start = t.i + 1
    end = noun.i
    for c in noun.children:
        if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN") and c.i > end:
            end = max(c.i, *(g.i for g in c.children if g.dep_ == "conj"), c.i)
    if noun.lower_ in measure_words("partitive_heads") and (whole := _of_object(noun)) is not None:
        # "15 members of the security forces" counts the security forces' members: the
        # population is named by the "of" phrase, not by the partitive head
        end = max(end, whole.i)
    return doc[start : end + 1].text


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _of_object(tok: Token) -> Token | None:
    for child in tok.children:
        if child.dep_ == "prep" and child.lower_ == "of":
            for obj in child.children:
                if obj.dep_ == "pobj":
                    return obj
    return None


def _of_which(num: Token) -> Token | None:
    """The noun a relative "of which" / "of whom" points back to, when ``num`` is the
    clause's subject: "31 trucks, of which 18 were hit", "40 people, of whom 12 died"."""
    verb = num.head
    if num.dep_ not in ("nsubj", "nsubjpass") or verb.dep_ not in ("relcl", "advcl"):
        return None
    relative = any(
        c.dep_ == "prep"
        and c.lower_ == "of"
        and c.i < num.i
        and any(o.lower_ in ("which", "whom") for o in c.children if o.dep_ == "pobj")
        for c in verb.children
    )
    if not relative:
        return None
    if verb.head.pos_ in ("NOUN", "PROPN"):
        return verb.head
    # the parser may hang the relative clause on its antecedent's verb: "375 workers are
    # known to have been infected, of whom 211 have died": the 211 are of the workers
    return next(
        (
            c
            for c in verb.head.children
            if c.dep_ in ("nsubj", "nsubjpass") and c.pos_ in ("NOUN", "PROPN") and c.i < num.i
        ),
        None,
    )


_LIST_GLUE = frozenset({",", "and", "or", "and/or"})
_LIST_SPAN = 8


def _listed_noun(adj: Token) -> Token:
    """The noun a list of adjectives describes: "6,574 probable, suspected and confirmed
    cases" counts cases, though the parser hangs the number on the first adjective."""
    doc = adj.doc
    for tok in doc[adj.i + 1 : min(len(doc), adj.i + 1 + _LIST_SPAN)]:
        if tok.lower_ in _LIST_GLUE or tok.pos_ == "ADJ" or tok.tag_ in ("VBN", "VBD"):
            continue
        if tok.pos_ == "NOUN" and tok.tag_ == "NNS" and tok.i > adj.i + 1:
            glued = doc[adj.i + 1 : tok.i]
            # a list has adjectives in it and a conjunction: "72 dead, officials said" has not
            if any(t.lower_ in ("and", "or") for t in glued) and any(
                t.pos_ == "ADJ" or t.tag_ in ("VBN", "VBD") for t in glued
            ):
                return tok
        break
    return adj


def counted_thing(doc: Doc, span: Span) -> Counted:
    """The noun the number in ``span`` counts, or the number's own token if there is none."""
    tok = span[-1]
    # climb from the number through units and quantifier heads ("55 per cent", "tens of")
    anchor = tok
    for _ in range(4):
        head = anchor.head
        if anchor.dep_ in ("nummod", "quantmod", "compound", "amod", "nmod") and head.i != anchor.i:
            if head.lower_ in UNIT_HEADS or head.pos_ == "NUM":
                anchor = head
                continue
            if head.pos_ in ("NOUN", "PROPN", "PRON", "ADJ"):
                noun = _listed_noun(head) if head.pos_ == "ADJ" else head
                if noun.dep_ == "compound" and tok.nbor(1).text == "-":
                    # "a 45-bus convoy": the convoy is of buses
                    return Counted(_plural(noun.lower_), noun.lemma_.lower(), noun, noun)
                return Counted(_np_text(noun), noun.lemma_.lower(), noun, noun)
        break
    if (antecedent := _of_which(tok)) is not None:
        # "a convoy of 31 trucks, of which 18 were hit": the 18 are trucks
        return Counted(_np_text(antecedent), antecedent.lemma_.lower(), antecedent, anchor)
    for start in (anchor, tok):
        obj = _of_object(start)
        if obj is not None and obj.pos_ == "PRON" and obj.i + 1 < len(doc):
            named = doc[obj.i + 1]
            if named.pos_ == "NOUN" and named.tag_ in ("NNS", "NN"):
                # "300,000 people ..., 100,000 of them children": the part is named after
                return Counted(named.text, named.lemma_.lower(), named, anchor)
        if obj is not None and obj.pos_ in ("NOUN", "PROPN", "PRON"):
            # "tens of thousands of people", "14 tons of food", "one of them"
            return Counted(_np_text(obj), obj.lemma_.lower(), obj, anchor)
    # words after the span: "thousands have fled" has no noun; "2,500 dead" an adjective
    nxt = doc[span[-1].i + 1] if span[-1].i + 1 < len(doc) else None
    if nxt is not None and nxt.lower_ in ("dead", "wounded", "injured", "killed", "missing"):
        return Counted(nxt.lower_, nxt.lower_, nxt, anchor)
    return Counted(None, None, None, anchor)


def governing_predicates(anchor: Token, noun: Token | None) -> list[Token]:
    """Predicates that say what happened to the counted thing, nearest first.

    The head chain of the counted noun up to the first clause (plus its
    coordinated verbs and open complements: "shot and killed", "remained
    trapped", "were able to leave"), and the noun's own modifiers
    ("civilians killed", "dead", "death toll").
    """
    out: list[Token] = []
    if (
        noun is not None
        and anchor.i != noun.i
        and anchor.dep_ in ("nsubj", "nsubjpass")
        and anchor.head.pos_ in ("VERB", "AUX", "ADJ")
    ):
        # the number is its own clause's subject and the noun an antecedent elsewhere
        # ("375 workers ..., of whom 211 have died"): its own verb tells what happened
        out.append(anchor.head)
    base = noun if noun is not None else anchor
    while base.dep_ == "compound" and base.head.i != base.i:
        base = base.head  # "a 45-bus convoy": what happened to the convoy
    for child in base.children:
        if (
            child.dep_ in ("acl", "relcl", "amod", "compound")
            and child.pos_ in ("VERB", "ADJ")
            and child.lemma_.lower() not in QUANTIFIERS
            and child not in out
        ):
            out.append(child)
    tok = base
    for _ in range(6):
        if (
            tok.dep_ in ("pobj", "dobj", "nsubj", "nsubjpass", "attr", "appos", "conj", "npadvmod")
            or tok.dep_ == "prep"
        ):
            tok = tok.head
        else:
            break
        if tok.pos_ in ("VERB", "AUX", "ADJ"):
            break
    if tok.dep_ in ("aux", "auxpass") and tok.head.pos_ in ("VERB", "ADJ"):
        tok = tok.head  # "50 people were unaccounted for" with "were" parsed as the subject's head
    if tok.pos_ in ("VERB", "AUX", "ADJ") or tok.dep_ == "ROOT":
        out.append(tok)
        stack = [tok]
        while stack:
            cur = stack.pop()
            for child in cur.children:
                if (
                    (
                        child.dep_ in ("conj", "xcomp", "acomp", "advcl", "oprd", "advmod", "attr")
                        or _found_dead(child)
                        or _bare_participle(child)
                    )
                    and child.pos_ in ("VERB", "ADJ", "AUX", "ADV", "NOUN")
                    and child not in out
                    and not (child.dep_ == "conj" and _other_subject(child, base))
                    and not (child.dep_ in ("conj", "advcl") and _other_object(child, base))
                    and not (child.dep_ == "advcl" and _counts_its_own(child, base))
                ):
                    out.append(child)
                    if child.dep_ != "advcl":
                        stack.append(child)
        own_subject = any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)
        own_object = base.dep_ == "dobj" and base.head.i == tok.i
        if (
            tok.dep_ == "conj"
            and tok.head.pos_ == "VERB"
            and tok.head not in out
            and not own_subject
            and not (own_object and any(c.dep_ == "dobj" for c in tok.head.children))
        ):  # "killing one person and injuring four others": the four were injured
            out.append(tok.head)
    return out


def _found_dead(tok: Token) -> bool:
    """ "Police found his two daughters, ages 5 and 7, dead": the parser makes "dead" a
    clausal complement of "found" with no subject, though it tells what the object was."""
    return (
        tok.dep_ == "ccomp"
        and tok.lower_ in ("dead", "deceased")
        and not any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children)
    )


def _bare_participle(tok: Token) -> bool:
    """ "12 reported killed": the parser may make the participle a clausal complement with
    no subject or auxiliary of its own, though it tells what the subject's people were."""
    return (
        tok.dep_ == "ccomp"
        and tok.tag_ == "VBN"
        and not any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass") for c in tok.children)
    )


def _other_subject(verb: Token, noun: Token) -> bool:
    """Has a coordinated clause a subject of its own, not the counted noun?

    "four men went to a home ..., and one suspect was shot and later died":
    the shooting and the death are the suspect's, not the four men's.
    """
    return any(
        c.dep_ in ("nsubj", "nsubjpass") and not (c.left_edge.i <= noun.i <= c.right_edge.i)
        for c in verb.children
    )


#: objects that re-mention the counted people themselves ("shot two men, killing both")
_SAME_PEOPLE = frozenset({"them", "both", "all", "each", "everyone"})
_REFLEXIVES = frozenset({"himself", "herself", "themselves", "itself"})


def _other_object(verb: Token, noun: Token) -> bool:
    """Has a coordinated or participle predicate an object of its own, not the counted noun?

    "a gunman shot two men, killing one": the killing is the one man's, a
    part of the two shot, so the two are not all killed; "... and then
    killed himself": the gunman's own death. "killing both", "killing them"
    re-mention the counted people, so they count.
    """
    for c in verb.children:
        if c.dep_ != "dobj" or c.left_edge.i <= noun.i <= c.right_edge.i:
            continue
        if c.lower_ in _REFLEXIVES:
            return True
        if c.lower_ not in _SAME_PEOPLE and c.pos_ != "PRON":
            return True
    return False


def _counts_its_own(clause: Token, noun: Token) -> bool:
    """Does an adverbial clause count people of its own? "4,500 militants have been taken
    out with their families, along with 337 wounded": the wounding is the 337's."""
    return any(
        t.like_num and t.pos_ == "NUM" and not (noun.left_edge.i <= t.i <= noun.right_edge.i)
        for t in clause.subtree
    )


def _about_someone_else(pred: Token, noun: Token | None) -> bool:
    """Does this predicate say what happened to someone other than the counted people?

    "two officers arrived and shot the man": the officers did the shooting;
    "two officers who fatally shot a man": likewise; "two men walked in ...
    at which time the clerk was shot": the clerk, not the two men.
    """
    if noun is None or pred.lemma_.lower() not in PERPETRATOR:
        return False
    passive = any(c.dep_ in ("auxpass", "nsubjpass") for c in pred.children)
    if pred.dep_ == "acl" and pred.tag_ == "VBN":
        return False  # "two men shot": the men were shot
    if (pred.dep_ == "xcomp" or _bare_participle(pred)) and pred.tag_ == "VBN" and not passive:
        return False  # "12 reported killed", "three found shot": a passive complement
    subjects = [c for c in pred.children if c.dep_ in ("nsubj", "nsubjpass")]
    obj = noun
    while obj.dep_ == "conj" and obj.head.i != obj.i:
        obj = obj.head
    if obj.dep_ == "dobj" and obj.head.i == pred.i:
        return False  # "the gunman killed two men": the men are the ones killed
    if pred.dep_ == "relcl" and pred.head.i == noun.i:
        if subjects and not any(c.lower_ in ("who", "that", "which") for c in subjects):
            return True  # "two men ..., at which time the clerk was shot": the clause's own
        return not passive and any(c.lower_ in ("who", "that") for c in subjects)
    if subjects and all(noun.i not in {t.i for t in c.subtree} for c in subjects):
        # its own subject: another clause about someone else (the subject may hold the counted
        # noun: "thousands of people had been killed" is about the people)
        return True
    # the counted people are the agents: "two officers ... shot the man", "a group of three
    # men drove up and started shooting at him"
    agent = noun
    if agent.dep_ == "appos" and agent.head.pos_ == "NOUN":
        agent = agent.head  # "group of three to five men" parsed as an apposition
    if (
        agent.dep_ == "pobj"
        and agent.head.lower_ == "of"
        and agent.head.head.pos_ in ("NOUN", "NUM")
    ):
        agent = agent.head.head
    return not passive and agent.dep_ == "nsubj"


_MODALS = frozenset({"should", "would", "could", "might", "must", "ought"})


def _hypothetical(pred: Token) -> bool:
    """Is the figure's clause a condition, not a report of what happened?

    "If three people had been shot, the school would have closed": a
    conditional clause counts no one. "Should the officers have waited until
    two of them were hurt?": an "until" clause under a modal main verb is
    the same. "The gunman kept shooting until three people were wounded"
    (no modal) happened.
    """
    marks = {c.lower_ for c in pred.children if c.dep_ == "mark"}
    if marks & {"if", "unless"}:
        return True
    return "until" in marks and any(
        c.dep_ == "aux" and c.lower_ in _MODALS for c in pred.head.children
    )


def _sought(noun: Token) -> bool:
    """Are the counted people the ones police look for, not the ones shot?

    "Police seek two men in connection with robbery, shooting at diner",
    "Police hunt 3 men wanted for gas station shooting": the shooting the
    headline names is what the men are sought for. The people's own
    casualty participle still tells what happened to them ("Police arrest
    two men wounded in a shootout": not a search verb; "... seek two men
    shot ...": their own "shot").
    """
    if any(
        c.dep_ in ("acl", "relcl", "amod") and c.tag_ == "VBN" and c.lemma_.lower() not in SOUGHT
        for c in noun.children
    ):
        return False  # "two men shot", "two men wounded": their own casualty
    if any(c.dep_ == "acl" and c.lemma_.lower() == "want" for c in noun.children):
        return True  # "three men wanted for the shooting"
    head = noun.head
    if noun.dep_ == "pobj" and head.lower_ == "for":
        head = head.head  # "searching for two men"
    elif noun.dep_ not in ("dobj", "appos"):
        return False
    return head.i != noun.i and head.lemma_.lower() in SOUGHT


_SETTLEMENTS = frozenset(
    {"town", "city", "village", "hamlet", "community", "country", "nation", "settlement", "camp"}
)


def _settlement_size(noun: Token | None) -> bool:
    """``noun`` counts the people of the place it is "of": "a town of 10,000 people"."""
    if noun is None or noun.dep_ != "pobj" or noun.head.lower_ != "of":
        return False
    place = noun.head.head
    return place.pos_ == "NOUN" and place.lemma_.lower() in _SETTLEMENTS


_PROJECTED = frozenset({"could", "may", "might", "would", "will", "'ll"})
_ONSET = frozenset({"conflict", "crisis", "war", "fighting", "violence", "clash", "offensive"})


def _movement_not_yet_or_before(counted: Counted, predicates: list[Token]) -> bool:
    """Is a count of people who fled one that has not happened, or happened before the
    crisis? "as many as 100,000 people could flee to Chad" is a projection; "the 3.7
    million who were already displaced before the conflict", "1.1 million refugees
    hosted in Sudan before the crisis" are the baseline, not the crisis's displaced.
    "up to 5.3 million people may have been left homeless" (a modal perfect) is an
    estimate of what happened, and is counted."""
    aux = {c.lower_ for c in predicates[0].children if c.dep_ == "aux"} if predicates else set()
    if aux & _PROJECTED and "have" not in aux:
        return True  # "may have been left homeless" is an estimate of what happened
    head = counted.noun if counted.noun is not None else counted.anchor
    near = list(head.subtree) + [c for p in predicates[:1] for c in p.children]
    return any(
        t.lower_ in ("before", "prior")
        and any(o.lemma_.lower() in _ONSET for o in t.subtree if o.i != t.i)
        for t in near
    )


_BORDER_WORDS = frozenset({"border", "frontier", "crossing", "point"})


def _crossed_a_border(pred: Token) -> bool:
    """People who "crossed into Egypt", "crossed the border", "crossing through the
    border points", "have arrived in Bangladesh": who fled across a frontier, as the
    refugee agencies count them."""
    if pred.lemma_.lower() == "arrive":
        return any(
            o.ent_type_ == "GPE"
            for c in pred.children
            if c.dep_ == "prep" and c.lower_ in ("in", "into")
            for o in c.children
            if o.dep_ == "pobj"
        )
    if pred.lemma_.lower() != "cross":
        return False
    for c in pred.children:
        if c.dep_ == "prep" and c.lower_ == "into":
            return any(o.ent_type_ == "GPE" for o in c.children if o.dep_ == "pobj")
        if c.dep_ in ("dobj", "prep") and any(t.lemma_.lower() in _BORDER_WORDS for t in c.subtree):
            return True
    return False


def _flown_out(pred: Token) -> bool:
    """People "flown out of Sudan", "lifted out" by helicopter, "brought home" by an
    evacuation operation, who "got out", "have been moved out", were "taken by bus out of
    the villages": evacuated, in the words of those who move them (``movers_out.txt``)."""
    if pred.lemma_.lower() not in measure_words("movers_out"):
        return False
    return any(
        (c.dep_ in ("prt", "prep", "advmod") and c.lower_ == "out")
        or (c.dep_ == "advmod" and c.lower_ == "home")
        for c in pred.children
    )


def _pulled_out(pred: Token, noun: Token | None) -> bool:
    """People "pulled from the rubble", "dug out", or survivors "brought out": rescued
    alive by rescuers (``rescue_verbs.txt``), not moved away from danger. Bodies pulled
    out are the dead: their own noun says so before this is asked."""
    out_or_from = any(
        c.dep_ in ("prt", "prep", "advmod") and c.lower_ in ("out", "from") for c in pred.children
    )
    if not out_or_from:
        return False
    if pred.lemma_.lower() in measure_words("rescue_verbs"):
        return True
    return (
        noun is not None
        and noun.lemma_.lower() in measure_words("survivors")
        and pred.lemma_.lower() in measure_words("movers_out")
    )


def _verb_measure(pred: Token) -> str | None:
    """The measure a predicate tells, by lemma or word; a participle the tagger made an
    adjective ("194 evacuated patients": lemma "evacuated") by its verb ("evacuate")."""
    table = verb_measures()
    m = table.get(pred.lemma_.lower()) or table.get(pred.lower_)
    if m is None and pred.pos_ == "ADJ" and pred.lower_.endswith("ed"):
        word = pred.lower_
        m = table.get(word[:-1]) or table.get(word[:-2])
    if pred.lemma_.lower() == "lose":
        return _lost(pred, m)
    if pred.lemma_.lower() in ("seek", "find"):
        objects = [c.lemma_.lower() for c in pred.children if c.dep_ == "dobj"]
        return next(
            (sought_object_measures()[o] for o in objects if o in sought_object_measures()), m
        )
    if pred.lemma_.lower() == "leave":
        for c in pred.children:
            # "300,000 people left homeless": the state they were left in, not a departure
            if c.dep_ in ("acomp", "oprd", "xcomp") and c.pos_ == "ADJ":
                return table.get(c.lemma_.lower()) or table.get(c.lower_) or m
    return m


def _lost(pred: Token, default: str | None) -> str | None:
    """ "Lose" by its object: homes make the displaced, lives the dead; people as the object
    ("lost 21 children") are the dead counted; any other thing lost tells nothing."""
    for c in pred.children:
        if c.dep_ != "dobj":
            continue
        lemma = c.lemma_.lower()
        found = lost_object_measures().get(lemma)
        if found is not None:
            return found
        if c.pos_ == "NUM" or any(g.dep_ == "nummod" for g in c.children):
            return default
        if lemma in people() or c.ent_type_ in ("PERSON", "NORP"):
            return default
        return None
    return default


def _people_elsewhere(noun: Token) -> bool:
    """Is the counted noun a people's name the parser tags as such elsewhere in the report?
    "27,400 Rohingya had crossed" (tagged an organisation there) beside "Rohingya
    insurgents" (a nationality, religious or political group: NORP)."""
    if noun.pos_ != "PROPN":
        return False
    return any(t.ent_type_ == "NORP" and t.lower_ == noun.lower_ for t in noun.doc)


def _measure_noun_of(noun: Token | None) -> str | None:
    """ "the deaths of 25 people": the counted people are the object of a measure noun; "the
    deaths ... are confirmed: 21 children and 4 adults": they are set beside one."""
    if noun is None:
        return None
    while noun.dep_ == "conj" and noun.head.i != noun.i:
        noun = noun.head
    if noun.dep_ == "appos":
        owner = noun.head
    elif noun.dep_ == "pobj" and noun.head.lower_ == "of":
        owner = noun.head.head
    else:
        return None
    if owner.pos_ != "NOUN" or any(c.dep_ == "nummod" for c in owner.children):
        return None
    table = noun_measures()
    return table.get(owner.lower_) or table.get(owner.lemma_.lower())


def _tally_subject(pred: Token, noun: Token | None) -> str | None:
    """ "The school's dead already number at least 25 people": a tally verb whose subject is
    a measure noun (with no number of its own) gives the counted people that measure; so
    does its object ("the UN had earlier put arrivals at 164,000")."""
    if pred.lemma_.lower() not in measure_words("tally_verbs"):
        return None
    table = noun_measures()
    for c in pred.children:
        if c.dep_ in ("nsubj", "nsubjpass", "dobj") and (noun is None or c.i != noun.i):
            if any(g.dep_ == "nummod" for g in c.children):
                return None
            found = table.get(c.lower_) or table.get(c.lemma_.lower())
            if found is not None:
                return found
    return None


def measure_of(
    doc: Doc, span: Span, counted: Counted, unit: str | None, predicates: list[Token]
) -> str | None:
    """The tracked measure this figure is about, or None for an untracked count.

    Two measure words coordinated on the figure ("killed or wounded") make a compound
    measure (:func:`~crosswire.extract.figures_compound.compound_measure`); an epidemic's
    "suspected cases" are ``cases``."""
    measure = _measure_of(doc, span, counted, unit, predicates)
    if measure in ("displaced", "evacuated") and _movement_not_yet_or_before(counted, predicates):
        return None
    if measure is None and unit is None and epidemic_cases(counted.noun, span.sent):
        return "cases"
    return compound_measure(span, counted.noun, predicates, measure)


def _measure_of(
    doc: Doc, span: Span, counted: Counted, unit: str | None, predicates: list[Token]
) -> str | None:
    sent = span.sent.text.lower()
    lemma = counted.lemma or ""
    if unit == "%":
        if any(w in sent for w in ("territory", "region", "control", "area")):
            return "territory_controlled"
        return None
    if unit in ("km", "miles", "m"):
        return "distance"
    told_aid = lemma in AID or any(w in AID for w in (counted.text or "").casefold().split())
    if (unit in ("tons", "kg", "litres") and (counted.noun is None or told_aid)) or (
        lemma in AID and unit is None and lemma != "water"
    ):
        return "aid_quantity"  # "14 tons of food"; "2,750 tons of ammonium nitrate" is no aid
    head_words = [counted.noun] if counted.noun is not None else []
    head_words += list(counted.anchor.ancestors)[:3]
    for tok in head_words:
        if tok.lower_ in ("population", "inhabitants"):
            window = doc[max(tok.i - 4, tok.sent.start) : tok.i + 1].text.lower()
            prewar = any(w in window for w in PREWAR) or any(
                c.lower_ in ("usually", "normally", "once") for c in tok.head.children
            )
            return "population_prewar" if prewar else "population"
    if _settlement_size(counted.noun):
        return "population"  # "a town of about 10,000 people": who live there, not a toll
    nouns = noun_measures()
    if lemma in nouns:
        return nouns[lemma]
    if counted.text and counted.text.lower() in nouns:
        return nouns[counted.text.lower()]
    if predicates and _hypothetical(predicates[0]):
        return None  # "if three people had been shot", "should have waited until one was hurt"
    if counted.noun is None and (toll := toll_measure(counted.anchor)):
        return toll  # "the death toll rose above 35,000", "deaths ..., including 1,414 in ..."
    found: list[str] = []
    if (counted.noun is None or counted.noun.pos_ == "PRON") and any(
        c.lower_ == "fatally" for c in counted.anchor.children
    ):
        found.append("killed")  # "Two teenagers were shot, one fatally", "two of them fatally"
    for pred in predicates:
        if _about_someone_else(pred, counted.noun if counted.noun is not None else counted.anchor):
            continue
        if any(c.dep_ == "neg" for c in pred.children):
            continue  # "the two officers were not injured"
        if pred.dep_ == "xcomp" and pred.head.lemma_.lower() in ATTEMPT:
            continue  # "he wanted to kill the two kids", "tried to kill two officers": no toll
        if pred.dep_ == "xcomp" and pred.head.lemma_.lower() in measure_words("awaiting_verbs"):
            continue  # "50,000 civilians are still waiting to be rescued": not moved yet
        m = _verb_measure(pred)
        if m in (None, "evacuated") and _pulled_out(pred, counted.noun):
            m = "rescued"  # "52 people have been pulled from the rubble"
        if m is None and _crossed_a_border(pred):
            m = "displaced"  # "14,000 Sudanese had crossed into Egypt"
        if m is None and _flown_out(pred):
            m = "evacuated"  # "lifted out fewer than 100 people", "brought home 3,800"
        if m is None:
            m = _tally_subject(pred, counted.noun)  # "the dead number at least 25 people"
        if m == "population_remaining" and stays_in_care(pred):
            continue  # "two people remain in the hospital": hurt, not the city's population
        if (
            m is None
            and counted.noun is not None
            and counted.noun.head.i == pred.i
            and counted.noun.dep_ in ("dobj", "nsubjpass")
            and struck_by_gunfire(pred)
        ):
            # "opened fire on the crowd, hitting three people": who was hit, not who hit
            m = "shot"
        if m is not None:
            found.append(m)
    if counted.noun is not None and counted.noun.lemma_.lower() in VEHICLES:
        return "vehicles"
    if not found and (m := _measure_noun_of(counted.noun)):
        found.append(m)  # "the deaths of 25 people"
    words = people()
    is_people = (
        lemma in words
        or counted.noun is None
        or counted.noun.lower_ in words
        or counted.noun.ent_type_ == "NORP"
        or _people_elsewhere(counted.noun)
    )
    if counted.noun is not None and counted.noun.dep_ == "nsubj" and found:
        verb = counted.noun.head
        if verb.lemma_.lower() in PERPETRATOR and not any(
            c.dep_ in ("auxpass", "nsubjpass") for c in verb.children
        ):
            return None  # "three men ... started shooting": who shot, not who was shot
    if is_people and not found and counted.noun is not None and (m := borne_by(counted.noun)):
        found.append(m)  # "one person deceased and two others with gunshot wounds"
    if is_people and not found and died_in_care(predicates):
        found.append("killed")  # "Two people were taken to the hospital, where they died"
    if is_people and not found and some_died_in_care(predicates):
        found.append("shot")  # "Four people were taken to hospitals, and one of them died"
    if is_people and not found and (hospitalised(predicates) or in_condition(predicates)):
        found.append("injured")  # "one man was taken to the hospital with serious injuries"
    if is_people and not found and in_hospital(predicates):
        found.append("shot")  # "two people are in the hospital": hurt as of then
    if is_people and not found and wounded(predicates):
        # "suffered non-life-threatening injuries" says they live; "gunshot wounds" does not
        found.append("injured" if survivable(predicates) else "shot")
    if lemma in GROUPS:
        found = [m for m in found if m not in ("killed", "injured", "shot")]  # "families hurting"
    own = [
        m
        for pred in predicates
        if counted.noun is not None
        and pred.head.i == counted.noun.i
        and pred.dep_ in ("acl", "amod")
        if (m := verb_measures().get(pred.lemma_.lower())) is not None
    ]
    if own and set(own) <= set(found):
        found = own  # "one man is dead and two others injured": the others' own predicate
    if found and counted.noun is not None and _sought(counted.noun):
        found = [m for m in found if m not in ("killed", "injured", "shot")]
    if is_people and found:
        for preferred in ("killed", "injured", "missing", "detained", "displaced", "rescued"):
            if preferred in found:
                return preferred
        if "evacuated" in found:
            return "evacuated"
        if found[0] == "shot" and predicates and killed_beside(predicates[0]):
            return "injured"  # "he shot two women and killed a man": the women lived
        if found[0] == "shot" and lemma in measure_words("survivors"):
            return "injured"  # "the five survivors were shot inside the lodge": they lived
        return found[0]
    if is_people and "still" in sent and any(p.lemma_ == "be" for p in predicates):
        return "population_remaining"
    return None
