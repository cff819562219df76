"""Killers and victims who shot themselves: the Gun Violence Archive counts a killer's suicide.

"killed his wife and son before shooting himself", "then turned the gun on
herself", "took his own life", "the suspect died of a self-inflicted
gunshot wound": the dead killer is told without a victim noun, and a child
who shot himself is the victim the report describes. :func:`self_victims`
finds both and says which is a killer (a victim apart from the people they
killed).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from crosswire.doctext import doc_text
from crosswire.extract.figures_victim_mentions import patients
from crosswire.extract.figures_victim_person import person_like
from crosswire.extract.figures_victim_predicates import (
    fatal,
    hurt,
    predicate_lemma,
    skip_predicate,
)
from crosswire.extract.figures_victim_words import FEMALE, INJURE, KILL, MALE, SHOOT

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "civilian_agent",
    "murder_suicide",
    "partitive_culprit",
    "police_agent",
    "self_victims",
    "shot_by_police",
]


_REFLEXIVE = frozenset({"himself", "herself"})
_SUICIDE = re.compile(r"\bsuicid|\btook (?:his|her) own life\b", re.IGNORECASE)
_KILLER = frozenset(
    {"suspect", "gunman", "shooter", "attacker", "killer", "assailant", "robber", "intruder"}
)


def _subject(verb: Token) -> Token | None:
    """The subject of ``verb``, inherited along coordinated and subordinate predicates."""
    holder = verb
    for _ in range(4):
        subj = [c for c in holder.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subj:
            return subj[0]
        if holder.dep_ not in ("conj", "dep", "advcl", "pcomp", "xcomp", "prep", "relcl", "acl"):
            return None
        if holder.dep_ in ("relcl", "acl") and holder.head.pos_ in ("NOUN", "PROPN", "PRON"):
            return holder.head  # "the man who killed his wife before shooting himself"
        holder = holder.head
    return None


def self_victims(doc: Doc) -> list[tuple[Token, Token, str, bool]]:
    """People who shot or killed themselves: (who, predicate, killed or shot, a killer?).

    The Gun Violence Archive counts a killer's suicide among the killed,
    and reports tell it without a victim noun: "killed his wife and son
    before shooting himself", "then turned the gun on herself", "took his
    own life", "the suspect died of a self-inflicted gunshot wound". Shot
    oneself counts as killed when the sentence or the report says so
    (a suicide, a killing, a death), else as shot ("a boy shot himself in
    the leg"). The last field says whether they are a killer (a suspect,
    someone who also killed or shot others, a murder-suicide), who is a
    victim apart from the people they killed; a child who shot himself is
    the victim the report describes, not a second one.
    """
    out: list[tuple[Token, Token, str, bool]] = []
    suicide = _SUICIDE.search(doc_text(doc)) is not None
    murder_suicide = _MURDER_SUICIDE.search(doc_text(doc)) is not None
    for tok in doc:
        low = tok.lower_
        verb: Token | None = None
        measure = "killed"
        if low in _REFLEXIVE and (
            tok.dep_ == "dobj" or (tok.dep_ == "conj" and tok.head.dep_ == "dobj")
        ):
            # "killed her two children and then herself": the reflexive shares the verb
            verb = tok.head if tok.dep_ == "dobj" else tok.head.head
            lemma = predicate_lemma(verb)
            if lemma in SHOOT:
                deadly = (
                    suicide
                    or fatal(verb)
                    or any(
                        predicate_lemma(t) in KILL for t in verb.sent if t.pos_ in ("VERB", "ADJ")
                    )
                )
                measure = "killed" if deadly else "shot"
            elif lemma not in ("kill", "murder"):
                verb = None
        elif low in _REFLEXIVE and tok.dep_ == "pobj" and tok.head.lower_ == "on":
            verb = tok.head.head  # "turned the gun on himself"
            if predicate_lemma(verb) != "turn" or not any(
                c.dep_ == "dobj" and c.lemma_.lower() in ("gun", "weapon", "rifle", "pistol")
                for c in verb.children
            ):
                verb = None
        elif low == "suicide" and tok.dep_ == "dobj" and predicate_lemma(tok.head) == "commit":
            verb = tok.head  # "before committing suicide in his parked car"
        elif low == "life" and tok.dep_ == "dobj" and predicate_lemma(tok.head) == "take":
            if any(c.lower_ == "own" for c in tok.children):
                verb = tok.head  # "took his own life"
        elif low == "self-inflicted" or (
            low == "inflicted" and tok.i > 0 and doc[tok.i - 1].lower_ in ("-", "self")
        ):
            head = tok.head  # from the wound up to the predicate
            for _ in range(5):
                if head.pos_ in ("VERB", "AUX") or head.head.i == head.i:
                    break
                head = head.head
            subj = _subject(head)
            if (
                subj is not None
                and subj.lemma_.lower() in _KILLER
                and (fatal(head) or predicate_lemma(head) in KILL)
            ):
                out.append((subj, head, "killed", True))  # "the suspect died of a self-inflicted"
            continue
        if verb is None or skip_predicate(verb):
            continue
        subj = _subject(verb)
        if subj is not None and subj.lower_ in ("who", "that") and verb.dep_ == "relcl":
            subj = verb.head  # "shot dead by her husband, who then killed himself"
        if subj is not None:
            killer = (
                murder_suicide
                or subj.lemma_.lower() in _KILLER
                or _harmed_others(subj)
                or _shooter_antecedent(subj)
            )
            out.append((subj, verb, measure, killer))
    return out


_MURDER_SUICIDE = re.compile(r"\bmurder[- /]suicide\b", re.IGNORECASE)


def murder_suicide(text: str) -> bool:
    """Does ``text`` call the incident a murder-suicide (everyone shot in it died)?"""
    return _MURDER_SUICIDE.search(text) is not None


def _harmed_others(subj: Token) -> bool:
    """Did ``subj`` also kill or shoot someone else in this sentence ("killed his wife and...")?

    Also as the agent of a passive: "a woman was shot dead by her husband, who ...".
    """
    if subj.dep_ == "pobj" and subj.head.dep_ == "agent":
        lemma = predicate_lemma(subj.head.head)
        if lemma in KILL or lemma in SHOOT:
            return True
    for tok in subj.sent:
        if predicate_lemma(tok) not in KILL and predicate_lemma(tok) not in SHOOT:
            continue
        objs = [
            c
            for c in tok.children
            if c.dep_ == "dobj" and c.lower_ not in _REFLEXIVE and person_like(c)
        ]
        if objs and _subject(tok) is not None and _subject(tok) == subj:
            return True
    return False


_PRONOUN_GENDER = {"he": "m", "she": "f"}


def _shooter_antecedent(pron: Token) -> bool:
    """Is a subject pronoun the shooter told just before ("A gunman shot two men. He then...")?

    "A gunman shot two men on Friday. He then killed himself": the dead "he"
    is the gunman, a victim apart from the two men. A subject pronoun takes
    the nearest singular person subject before it (in its own sentence, else
    the previous one) as antecedent: the shooter when that subject shot or
    killed someone else, or is a gunman / suspect word; when no person is the
    subject there ("Police were searching for the gunman"), a gunman word
    among the people that sentence tells is.
    """
    gender = _PRONOUN_GENDER.get(pron.lower_)
    if gender is None or pron.dep_ != "nsubj":
        return False
    doc = pron.doc
    scopes = [doc[pron.sent.start : pron.i]]
    if pron.sent.start > 0:
        scopes.append(doc[pron.sent.start - 1].sent)
    for scope in scopes:
        people = [
            t
            for t in scope
            if t.tag_ not in ("NNS", "NNPS")
            and (person_like(t) or t.lemma_.lower() in _KILLER)
            and _gender(t) in (None, gender)
        ]
        subjects = [t for t in people if t.dep_ == "nsubj"]
        if subjects:
            subj = subjects[-1]
            return subj.lemma_.lower() in _KILLER or _harmed_others(subj)
        if people:  # the nearest person told is the antecedent
            return any(t.lemma_.lower() in _KILLER for t in people)
    return False


def _gender(tok: Token) -> str | None:
    low, lemma = tok.lower_, tok.lemma_.lower()
    if low in _PRONOUN_GENDER:
        return _PRONOUN_GENDER[low]
    if low in ("him", "his"):
        return "m"
    if low in ("her", "hers"):
        return "f"
    if low in MALE or lemma in MALE:
        return "m"
    return "f" if low in FEMALE or lemma in FEMALE else None


_POLICE = frozenset(
    {"police", "officer", "deputy", "trooper", "cop", "policeman", "policewoman", "agent", "swat"}
)


#: people shot while committing a crime: a victim whoever shot them ("a homeowner shot a burglar")
_CULPRIT = frozenset({"robber", "intruder", "burglar", "carjacker", "thief", "gunman", "assailant"})


def shot_by_police(doc: Doc) -> list[tuple[Token, Token, str, bool]]:
    """Shooters the police or their victims shot: (who, predicate, killed or shot, True).

    The Gun Violence Archive counts every person shot, so a gunman the
    police shot is among the incident's injured (or killed): "Police shot
    and wounded the gunman", "the suspect was shot and killed by a deputy",
    and so is a robber or intruder a homeowner or clerk shot ("a clerk shot
    and wounded the robber"; the clerk is no victim). The shooter words are
    no victim nouns elsewhere (a suspect is who did it), so a suspect is a
    victim only when the police, or a person, shot them; a robber, burglar
    or intruder whenever the report tells them shot. Like a killer's
    suicide, they are a victim apart from the people they shot.
    """
    out: list[tuple[Token, Token, str, bool]] = []
    for verb in doc:
        lemma = predicate_lemma(verb)
        if verb.pos_ != "VERB" or (
            lemma not in SHOOT and lemma not in KILL and lemma not in INJURE
        ):
            continue
        if skip_predicate(verb):
            continue
        police = police_agent(verb)
        for noun in patients(verb):
            word = (_partitive(noun) or noun).lemma_.lower()
            if word in _CULPRIT or (
                word in _KILLER and (police or _person_agent(verb) or _shot_beside(noun))
            ):
                measure = "killed" if fatal(verb) else "injured" if hurt(verb) else "shot"
                out.append((noun, verb, measure, True))
    return out


def _shot_beside(noun: Token) -> bool:
    """Is a suspect coordinated with someone who is no culprit ("A trooper and a suspect were
    shot", "an officer and a suspect were wounded in an exchange of gunfire")?

    Both were hit, in an exchange of fire: the suspect is among the people shot.
    """
    mates = [c for c in noun.children if c.dep_ == "conj"]
    if noun.dep_ == "conj":
        mates.append(noun.head)
    return any(person_like(m) and m.lemma_.lower() not in _KILLER | _CULPRIT for m in mates)


def _partitive(noun: Token) -> Token | None:
    """The group in "one of the robbers": that one is a robber, and one person."""
    if noun.lower_ != "one":
        return None
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in prep.children:
                if obj.dep_ == "pobj" and obj.tag_ == "NNS":
                    return obj
    return None


def partitive_culprit(noun: Token) -> bool:
    """Is ``noun`` "one of the robbers" (of culprits or suspects)?

    Such a one shot is a victim apart from the people the culprits shot,
    and one person, though the number "one" also counts them.
    """
    group = _partitive(noun)
    return group is not None and group.lemma_.lower() in _CULPRIT | _KILLER


def _person_agent(verb: Token) -> bool:
    """Did a person (not the police) do ``verb`` ("a homeowner shot the suspect")?

    A coordinated predicate inherits the subject only when it has none of its own
    ("four men went to a home ..., and one suspect was shot": not the four men).
    """
    for holder in _sharing_subject(verb):
        for c in holder.children:
            if c.dep_ == "nsubj" and person_like(c):
                return True
            if c.dep_ == "agent" and any(o.dep_ == "pobj" and person_like(o) for o in c.children):
                return True
    return False


def _sharing_subject(verb: Token) -> list[Token]:
    """``verb`` and the predicates it is coordinated under while it has no subject of its own.

    "The deputy fired back and shot and injured one of the suspects": "injured"
    hangs on "shot", which hangs on "fired"; the deputy is the subject of all three.
    """
    out = [verb]
    holder = verb
    for _ in range(3):
        if holder.dep_ != "conj" or holder.head.i == holder.i:
            break
        if any(c.dep_ in ("nsubj", "nsubjpass") for c in holder.children):
            break
        holder = holder.head
        out.append(holder)
    return out


def police_agent(verb: Token) -> bool:
    """Is the one who did ``verb`` the police ("Police shot", "shot by an officer")?

    "killed by return fire", "shot by police gunfire": the fire answered
    the shooter's, or is the police's own.
    """
    for holder in (verb, *_sharing_subject(verb)):
        for c in holder.children:
            if c.dep_ == "nsubj" and c.lemma_.lower() in _POLICE:
                return True
            if c.dep_ == "agent" and any(
                o.dep_ == "pobj" and (o.lemma_.lower() in _POLICE or _police_fire(o))
                for o in c.children
            ):
                return True
    return False


def _police_fire(noun: Token) -> bool:
    """ "return fire", "police gunfire", "officers' gunfire": the police shooting back."""
    if noun.lemma_.lower() not in ("fire", "gunfire"):
        return False
    return any(
        c.lower_ in ("return", "returned", "returning") or c.lemma_.lower() in _POLICE
        for c in noun.children
        if c.dep_ in ("amod", "compound", "poss")
    )


def civilian_agent(verb: Token) -> bool:
    """Did someone other than the police shoot, kill or wound (``verb``) another person?

    "a man shot his wife", "she was shot by her husband": an active harming
    predicate with an object, or a passive one with an agent. Not the
    subject of a predicate that tells what befell them ("a man died", "a
    man, shot by deputies, remained in critical condition").
    """
    lemma = predicate_lemma(verb)
    if lemma not in SHOOT and lemma not in KILL and lemma not in INJURE:
        return False
    own = any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)
    holder = verb.head if verb.dep_ == "conj" and not own else verb
    if any(c.dep_ == "dobj" for c in verb.children) and any(
        c.dep_ == "nsubj" and person_like(c) for c in holder.children
    ):
        return not police_agent(verb)
    if any(c.dep_ == "agent" for c in verb.children):
        return _person_agent(verb) and not police_agent(verb)
    return False
