"""Finding victim mentions in a parse: who a killing, wounding or shooting happened to.

Each candidate is (the victim's noun, the predicate or noun that says what
happened, the measure: killed / injured / shot). Candidates come from
predicates ("was shot and killed") and nominals ("the murder of a pizza shop
worker"); conditions ("in critical condition", "with a gunshot wound") are
``figures_victim_conditions``'s; :func:`describe_victim` turns a noun into a span and a key that
the coreference step (``figures_victim_coref``) uses to tell victims apart.
Other incidents and deaths told without a killing verb are
``figures_victim_background``'s; killers and self-shot victims ``figures_victim_selves``'s;
what a predicate tells (its outcome, whether it happened at all) ``figures_victim_predicates``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from crosswire.doctext import doc_text
from crosswire.extract.figures_victim_lists import negated
from crosswire.extract.figures_victim_person import (
    bare_name,
    described_person,
    elliptic,
    name_key,
    person_like,
    person_words,
)
from crosswire.extract.figures_victim_predicates import fatal, hurt, predicate_lemma, skip_predicate
from crosswire.extract.figures_victim_words import (
    AGE,
    BODY_PARTS,
    CONDITION,
    DEADLY,
    GENERIC,
    INJURE,
    KILL,
    NOBODY,
    NOMINAL,
    NOT_PEOPLE,
    NOT_PRONOUNS,
    PERSON_NOUNS,
    SHOOT,
)

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

__all__ = [
    "antecedent",
    "describe_victim",
    "gapped_person",
    "nominal_victims",
    "one_of_a_pair",
    "patients",
    "subject_casualty",
]


_CLIMB = frozenset({"conj", "xcomp", "oprd", "advcl", "acomp", "pcomp", "prep"})


def patients(verb: Token) -> list[Token]:
    """The people a killing/wounding predicate happened to (not who did it).

    Subjects are inherited along coordinated and subordinate predicates:
    "was found shot and killed", "is recovering after being shot".
    """
    lemma = predicate_lemma(verb)
    intransitive = lemma in ("die", "dead", "deceased") or verb.tag_ == "VBN"
    deps = ("nsubj", "nsubjpass") if lemma in ("die", "dead", "deceased") else ("nsubjpass", "dobj")
    found = [c for c in verb.children if c.dep_ in deps]
    if not found and verb.tag_ == "VBN" and verb.dep_ in ("ccomp", "xcomp", "oprd"):
        found = [c for c in verb.children if c.dep_ == "nsubj"]  # "found a man shot in the leg"
    if (
        not found
        and verb.tag_ == "VBD"
        and verb.dep_ in ("ccomp", "xcomp", "oprd")
        and predicate_lemma(verb.head) in _DISCOVER
    ):
        found = [c for c in verb.children if c.dep_ == "nsubj"]  # "found Moody shot to death"
    complement = verb.dep_ == "oprd" or (
        verb.dep_ in ("advcl", "xcomp", "ccomp") and lemma in ("dead", "deceased")
    )  # "found 37-year-old Tammy Modlin and 16-year-old Montana Modlin dead on a bed"
    if not found and complement and predicate_lemma(verb.head) in _DISCOVER:
        # "a shooting left a 7-year-old girl dead", "found the man dead": the object is the
        # one dead, not the shooting that left them so
        found = [c for c in verb.head.children if c.dep_ == "dobj"]
    if (
        not found
        and verb.tag_ == "VBN"
        and verb.dep_ == "conj"
        and any(c.dep_ == "auxpass" for c in verb.head.children)
    ):
        # "a toddler was killed and his mother wounded": the gapped passive keeps its subject
        found = [c for c in verb.children if c.dep_ == "nsubj"]
    if not found and verb.tag_ == "VBN":
        # "... and another was critically injured": the parser hangs the subject on "was"
        found = [
            c
            for aux in verb.children
            if aux.dep_ == "auxpass"
            for c in aux.children
            if c.dep_ in ("nsubj", "nsubjpass")
        ]
    if not found and verb.dep_ == "conj":
        found = _stranded_subject(verb)
    if not found and verb.tag_ == "VBN" and predicate_lemma(verb.head) == "leave":
        # "left one dead and another injured": the participle hung on "left" tells of the
        # last object, the one after "and", when the first has a state of its own
        found = _last_left(verb)
    if not found and verb.dep_ == "conj" and predicate_lemma(verb.head) == "leave":
        # "left a girl dead and her grandmother wounded": the second object, parsed as a subject
        found = [c for c in verb.children if c.dep_ == "nsubj"]
        # "left one man dead and another injured": "another" parsed as the participle's
        # determiner
        found = found or [c for c in verb.children if c.dep_ == "det" and elliptic(c)]
    holder = verb
    for _ in range(3):
        if found or holder.dep_ not in _CLIMB or holder.head.i == holder.i:
            break
        if verb.tag_ == "VBG" and holder.dep_ in ("pcomp", "prep"):
            break  # "Thomas is accused of shooting and killing her brother": not Thomas
        holder = holder.head
        want = ("nsubj", "nsubjpass") if intransitive else ("nsubjpass",)
        found = [c for c in holder.children if c.dep_ in want]
    clause = verb.head if verb.dep_ == "conj" and verb.head.dep_ == "relcl" else verb
    relative = (
        clause.dep_ == "relcl" and found and all(f.lower_ in ("who", "whom", "that") for f in found)
    )
    if relative:
        # "a 19-year-old male, who had been shot once in the shoulder"; "a teen who officers
        # shot and killed": the pronoun is the object of the clause's second verb
        found = [antecedent(clause)]
    if verb.dep_ == "amod" and verb.head.pos_ in ("NOUN", "PROPN"):
        found = [verb.head]  # "its wounded driver", "the dead man"
        if _another_incidents(verb.head):
            found = []  # "a park named for another slain teen": a death told as a reference
    elif (
        verb.dep_ == "acl"
        and verb.tag_ == "VBN"
        and (verb.head.pos_ in ("NOUN", "PROPN") or elliptic(verb.head))
    ):
        # "a man shot inside a restaurant", "girl shot at party dies", "left a man dead and
        # another injured"
        found = [verb.head]
        first = verb.head.head
        if (
            verb.head.dep_ == "conj"
            and first.dep_ == "dobj"
            and predicate_lemma(first.head) in _DISCOVER
        ):
            # "found Jeanne Carlopoli and a dog fatally stabbed": the participle hangs on the
            # last of the people found, and tells of them all
            found = [first]
        of_whom = _person_of(verb.head)
        if of_whom is not None and verb.head.i < of_whom.i < verb.i:
            # "the family of the man fatally shot by police": the parser hangs the participle
            # on "family"; the person after "of", right before it, is the one shot
            found = [of_whom]
    if found and (verb.tag_ == "VBN" or (verb.dep_ == "conj" and verb.head.tag_ == "VBN")):
        # "One man was shot in the leg, another in the arm": the gapped clause's person
        # ("was shot in the back and killed and her son in the leg": on the verb after "and")
        found += gapped_others(verb)
    out: list[Token] = []
    for f in found:
        f = _owner(f)
        members = [c for c in f.children if c.dep_ == "appos" and person_like(c)]
        if f.tag_ in ("NNS", "NNPS") and members:
            f = members[0]  # "the victims, a 24-year-old man and a 22-year-old woman, were shot"
        out.append(f)
        # "A, who died at the scene, and B": the clause before "and B" tells of A alone
        out.extend(c for c in f.children if c.dep_ == "conj" and not (relative and c.i > verb.i))
    return out


def gapped_others(verb: Token) -> list[Token]:
    """The "another" of a gapped clause that shares ``verb`` ("One man was shot in the leg,
    another in the arm"): parsed as a loose dependent of the verb, or coordinated with the
    body part the first was struck in ("in the leg and another in the arm")."""
    out = [
        c
        for c in verb.children
        if c.i > verb.i
        and ((c.dep_ == "dep" and elliptic(c)) or (c.dep_ == "conj" and _gapped_person(verb, c)))
    ]
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.i < verb.i:
            continue
        for part in prep.children:
            if part.dep_ == "pobj" and part.lemma_.lower() in BODY_PARTS:
                out += [
                    c
                    for c in part.children
                    if c.dep_ == "conj" and (elliptic(c) or _gapped_person(verb, c))
                ]
    return out


def gapped_person(noun: Token) -> bool:
    """Is ``noun`` the person of a gapped clause ("and another man in the arm", "and a man in
    the chest")? Someone beside the first patient, never a re-mention of them."""
    head = noun.head
    if noun.dep_ != "conj":
        return False
    if head.dep_ == "pobj" and head.lemma_.lower() in BODY_PARTS and head.head.dep_ == "prep":
        return _gapped_person(head.head.head, noun)
    return head.pos_ == "VERB" and _gapped_person(head, noun)


def _gapped_person(verb: Token, noun: Token) -> bool:
    """Is a person noun coordinated with a body part the subject of a gapped clause?

    "John Doe was shot in the leg and another man in the arm": the person
    after "and" is followed by a wound place of their own (on the verb or on
    them), so the clause repeats ``verb`` for them, not the body part list.
    """
    if not elliptic(noun) and (noun.pos_ not in ("NOUN", "PROPN") or not person_like(noun)):
        return False
    return any(
        prep.dep_ == "prep"
        and prep.i > noun.i
        and any(o.dep_ == "pobj" and o.lemma_.lower() in BODY_PARTS for o in prep.children)
        for prep in (*verb.children, *noun.children, *noun.head.children)
    )


def _another_incidents(noun: Token) -> bool:
    """Is a person described only by their death one of another incident?

    "another slain teen", "other dead children" (a like case recalled), and a
    name given in memory ("a park named for a slain teen"), are no
    victims of this report.
    """
    if any(c.lower_ in ("another", "other") for c in noun.children if c.dep_ in ("det", "amod")):
        return True
    prep = noun.head
    if noun.dep_ != "pobj" or prep.dep_ != "prep":
        return False
    return prep.head.lemma_.lower() in _IN_MEMORY


_IN_MEMORY = frozenset({"name", "rename", "dedicate"})


def _last_left(verb: Token) -> list[Token]:
    """The object after "and" that a participle on "left" describes, or none.

    "The shooting left one dead and another injured": the parser makes
    "injured" a clause of "left" and "dead" a modifier of "one"; "injured"
    is the state of "another", not of the first object, which has its own.
    """
    if verb.dep_ not in ("advcl", "xcomp", "ccomp", "oprd") or verb.i < verb.head.i:
        return []
    for obj in verb.head.children:
        if obj.dep_ != "dobj" or obj.i > verb.i:
            continue
        own_state = any(c.dep_ in ("amod", "acl") and c.i > obj.i for c in obj.children)
        last = [c for c in obj.children if c.dep_ == "conj" and c.i < verb.i]
        if own_state and last:
            return [last[-1]]
    return []


def _stranded_subject(verb: Token) -> list[Token]:
    """The subject of a coordinated passive the parser hung on the clause before.

    "A 19-year-old was shot in the back and a 20-year-old was shot in the
    arm": the second person is parsed as coordinated with "the back", and
    "was shot" is left without a subject; the person right before its
    auxiliary is that subject, not the first clause's.
    """
    aux = [c for c in verb.children if c.dep_ == "auxpass" and c.i < verb.i]
    if not aux or verb.i - aux[0].i > 2:
        return []
    before = verb.doc[aux[0].i - 1] if aux[0].i > 0 else None
    if (
        before is None
        or before.dep_ != "conj"
        or before.head.i >= before.i
        or person_like(before.head)
        or not (person_like(before) or before.lower_ in ("old", "year-old"))
    ):
        return []
    return [before]


def _owner(noun: Token) -> Token:
    """The person whose body part ``noun`` is ("grazed a woman's head": the woman), else ``noun``.

    A bullet that strikes or grazes a possessed body part wounded its owner;
    the part itself is no victim.
    """
    if noun.pos_ != "NOUN" or noun.lemma_.lower() not in BODY_PARTS:
        return noun
    for c in noun.children:
        if c.dep_ == "poss" and person_like(c):
            return c
    return noun


_DISCOVER = frozenset({"find", "discover", "locate", "leave"})


def antecedent(clause: Token) -> Token:
    """The noun a relative clause describes, past a hometown the parser hangs it on.

    "Michael Monserrate, 18, of the Bronx, who is still hospitalized": the
    clause is parsed as describing "the Bronx"; the person the "of" phrase
    belongs to is the one in hospital. "Family of man who police fatally
    shot": the clause is parsed as describing "family"; the man is the one shot.
    """
    head = clause.head
    prep = head.head
    of_whom = _person_of(head)
    if of_whom is not None and head.i < of_whom.i == clause.left_edge.i - 1:
        # "Family of man who police fatally shot": the clause hung on "family" opens right
        # after the person the "of" phrase names, and tells of them
        return of_whom
    if (
        not person_like(head)
        and head.dep_ == "pobj"
        and prep.dep_ == "prep"
        and prep.lower_ in ("of", "from")
        and person_like(prep.head)
    ):
        return prep.head
    return head


def _person_of(noun: Token) -> Token | None:
    """The person in "<group> of <person>" when ``noun`` is no person ("the family of a man")."""
    if person_like(noun):
        return None
    for prep in noun.children:
        if prep.dep_ == "prep" and prep.lower_ == "of":
            for obj in prep.children:
                if obj.dep_ == "pobj" and person_like(obj):
                    return obj
    return None


def nominal_victims(doc: Doc) -> list[tuple[Token, Token, str]]:
    """ "the murder of a pizza shop worker", "the victim of a deadly shooting"."""
    out: list[tuple[Token, Token, str]] = []
    for tok in doc:
        low = tok.lemma_.lower()
        if tok.pos_ != "NOUN":
            continue
        if found_body(tok):
            owner = [c for c in tok.children if c.dep_ == "poss"]
            if not owner:
                out.append((tok, tok.head, "killed"))  # "a body was found": one dead person
            elif owner[0].pos_ != "PRON" and person_like(owner[0]):
                out.append((owner[0], tok.head, "killed"))  # "a man's body was found"
            continue  # "his body was found": someone told of before
        for prep in tok.children:
            if prep.dep_ != "prep" or prep.lower_ != "of":
                continue
            for obj in prep.children:
                if obj.dep_ != "pobj":
                    continue
                if low in NOMINAL:
                    # "the bodies of Mark Mata, Min Haung and Hank Mata": each of them
                    out.extend((o, tok, NOMINAL[low]) for o in _conjuncts(obj))
                elif (
                    low == "life"
                    and tok.head.lemma_.lower() in _TAKE_LIFE
                    and not negated(tok.head)
                ):
                    # "the shooting claimed the life of a 19-year-old man"
                    out.extend((o, tok, "killed") for o in _conjuncts(obj))
                elif low == "victim" and any(
                    c.lower_ in DEADLY for c in obj.children if c.dep_ == "amod"
                ):
                    out.append((tok, obj, "killed"))
    return out


def found_body(tok: Token) -> bool:
    """Is ``tok`` one body found, with no "of" phrase naming whose ("a body was found")?

    A body found is a dead person even when the report never says who;
    "the body of a man" is read through its "of" phrase instead, and "body
    armor" or "a body camera" are never what is found.
    """
    return (
        tok.lower_ == "body"
        and tok.dep_ in ("nsubjpass", "dobj")
        and tok.head.lemma_.lower() in _FIND_BODY
        and not any(c.dep_ == "prep" and c.lower_ == "of" for c in tok.children)
        and not any(c.dep_ == "compound" for c in tok.children)
        and not any(c.dep_ == "poss" and c.pos_ == "PRON" for c in tok.children)
        and not negated(tok.head)
    )


_FIND_BODY = frozenset({"find", "discover", "locate", "recover"})

#: verbs that take a life ("the crash claimed the life of", "took the lives of")
_TAKE_LIFE = frozenset({"claim", "take", "end"})


def _conjuncts(tok: Token) -> list[Token]:
    """``tok`` and the nouns coordinated with it ("A, B and C"), in order."""
    out = [tok]
    for c in tok.children:
        if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN"):
            out.extend(_conjuncts(c))
    return out


def describe_victim(
    doc: Doc, noun: Token, surnames: dict[str, set[str]]
) -> tuple[int, int, str, str] | None:
    """(start, end, description, dedupe key) of a victim noun phrase, or None if not a person."""
    if elliptic(noun):
        start = noun.left_edge.i if noun.left_edge.lower_ in ("a", "an") else noun.i
        words = doc_text(doc)[doc[start].idx : noun.idx + len(noun.text)]
        return doc[start].idx, noun.idx + len(noun.text), words, f"desc:person#{noun.i}"
    if noun.tag_ in ("NNS", "NNPS") or noun.lower_ in NOT_PRONOUNS or noun.lower_ in NOBODY:
        return None
    if noun.pos_ == "NOUN":
        for c in noun.children:
            if (
                c.dep_ == "appos"
                and c.pos_ == "PROPN"
                and (c.ent_type_ == "PERSON" or described_person(c))
            ):
                return describe_victim(doc, c, surnames)  # "a neighbor, 55-year-old Bettie Jones"
    if any(c.lower_ in ("no", "neither") for c in noun.children if c.dep_ in ("det", "preconj")):
        return None  # "no one was hurt", "neither officer was injured"
    if noun.pos_ == "PRON" and noun.lower_ not in ("he", "she", "him", "her"):
        return None
    if not any(ch.isalpha() for ch in noun.text) or noun.lower_ in _PLACE_HEADS:
        return None  # punctuation or "Rusk County" the parser took for a name
    if any(t.like_num for t in noun.lefts if t.dep_ == "nummod") and not one_of_a_pair(noun):
        return None  # "two men": an explicit figure already counts them
    lemma = noun.lemma_.lower()
    if found_body(noun):
        first = doc[noun.left_edge.i]
        words = doc_text(doc)[first.idx : noun.idx + len(noun.text)]
        return first.idx, noun.idx + len(noun.text), words, "desc:person"
    left = noun.left_edge.i
    while left < noun.i and doc[left].dep_ in ("punct", "cc"):
        left += 1
    right = noun.i
    for child in noun.children:
        if child.dep_ in ("compound", "flat") and child.i > right:
            right = child.i
    start, end = doc[left].idx, doc[right].idx + len(doc[right].text)
    words = doc_text(doc)[start:end]
    if noun.pos_ == "PROPN" and noun.lower_ in PERSON_NOUNS and not noun.is_upper:
        return start, end, words, "desc:" + noun.lower_  # "16-Year-Old Girl Killed": a headline
    if noun.ent_type_ == "PERSON" or (
        noun.pos_ == "PROPN"
        and (noun.lower_ in person_words(doc) or described_person(noun) or bare_name(noun))
    ):
        return start, end, words, name_key(noun, surnames)
    if noun.pos_ == "PRON":
        return start, end, words, "desc:person"
    aged = AGE.search(words)
    if aged and aged.end() == len(words):  # "a 15-year-old is dead": a person by age alone
        return start, end, words, "desc:" + aged.group(0).lower().replace(" ", "-")
    if lemma in NOT_PEOPLE or noun.pos_ != "NOUN":
        return None
    if noun.ent_type_ not in ("", "PERSON") and not (noun.is_lower and lemma in PERSON_NOUNS):
        return None  # an entity's word, unless plainly a person noun ("DCistA bystander")
    if not noun.is_lower and noun.i > noun.sent.start:
        return None  # headline and page furniture, not a person described
    if not person_like(noun):
        return None  # "shot himself dead center", "a pizza shop": not a person described
    key = "desc:person" if lemma in GENERIC else "desc:" + lemma
    if any(
        c.lower_ in ("another", "other", "second", "third") and not _series_another(c)
        for c in noun.children
    ):
        key += f"#{noun.i}"  # "another man was wounded": a second man, not the first again
    return start, end, words, key


def _series_another(det: Token) -> bool:
    """ "the death of yet another young man", "still another resident": "another" set after
    "yet" or "still" makes the report's victim the latest of a series of incidents, not one
    more person beside a victim of this one."""
    return det.lower_ == "another" and det.i > 0 and det.doc[det.i - 1].lower_ in ("yet", "still")


_PLACE_HEADS = frozenset({"county", "city", "township", "parish", "department", "police"})


def one_of_a_pair(noun: Token) -> bool:
    """Is ``noun`` "one <person>" told beside "another" later in its sentence?

    "One man was shot in the leg, another in the arm": the "one" is the first
    of two people, a victim like the "another" after it, not a count of
    everyone shot that the second must fit inside.
    """
    ones = [t for t in noun.lefts if t.dep_ == "nummod" and t.lower_ == "one"]
    if not ones or noun.dep_ not in ("nsubj", "nsubjpass"):
        return False
    verb = predicate_lemma(noun.head)
    # the same predicate, or a gapped one: "one died and a second was injured" tells two
    # fates, each read by its own figure
    return bool(gapped_others(noun.head)) or any(
        elliptic(t) and predicate_lemma(t.head) in (verb, "be") for t in noun.sent if t.i > noun.i
    )


def subject_casualty(subject: Token) -> str | None:
    """What happened to the subject of a clause: killed, injured, shot, or None.

    "Both were shot and killed" -> killed; "both are listed in critical
    condition" -> injured; "both men were shot" -> shot (outcome unstated).
    """
    verb = subject.head
    if subject.dep_ not in ("nsubj", "nsubjpass") or skip_predicate(verb):
        return None
    lemma = predicate_lemma(verb)
    if lemma not in KILL and lemma not in INJURE and lemma not in SHOOT and fatal(verb):
        return "killed"  # "both were pronounced dead", "both men were found dead"
    if lemma in KILL or lemma in INJURE or lemma in SHOOT:
        if fatal(verb):
            return "killed"
        return "shot" if lemma in SHOOT and not hurt(verb) else "injured"
    for tok in verb.subtree:
        if tok.lemma_.lower() == "condition" and any(c.lower_ in CONDITION for c in tok.children):
            return "injured"
    return _taken_to_hospital(verb)


def _taken_to_hospital(verb: Token) -> str | None:
    """What a clause that carries the subject to hospital says befell them.

    "Both teens were taken to a hospital, where they died" -> killed (the
    clause on the hospital has the same people, "they", as its subject);
    "both were taken to the hospital with non-life-threatening injuries"
    -> injured (the injuries go with them).
    """
    for tok in verb.subtree:
        if tok.dep_ != "relcl" or predicate_lemma(tok) not in KILL:
            continue
        if any(c.dep_ == "nsubj" and c.lower_ == "they" for c in tok.children):
            return "killed"
    for prep in verb.children:
        if prep.dep_ != "prep" or prep.lower_ != "with":
            continue
        for obj in prep.children:
            if obj.dep_ == "pobj" and obj.lemma_.lower() in ("injury", "wound"):
                deadly = any(c.lower_ in DEADLY for c in obj.children)
                return "killed" if deadly else "injured"
    return None
