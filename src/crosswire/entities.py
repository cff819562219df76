"""The link stage: merge entity mentions from all reports into canonical entities.

Cross-checking reports needs to know that the ICRC of one report is the
International Committee of the Red Cross of another, and that "Mr Stoere"
is Jonas Gahr Stoere. :func:`merge_entities` links mentions with a
union-find over normalised names, by these rules, in order:

1. **Same name.** Names are normalised (honorifics such as Mr/Ms/Dr/President
   stripped, "the" and possessives dropped, case, accents and apostrophes
   folded). Equal names merge across reports within a *class*: PERSON and
   ORG form one class (the model calls "Ewan Watson" ORG at times), GPE and
   LOC another, NORP and FAC their own. An ORG never merges with a GPE.
2. **Places by gazetteer.** GPE/LOC names that geonames knows merge by the
   place's primary name ("Kiev" = "Kyiv").
3. **Acronyms.** "Organization for Security and Co-operation in Europe
   (OSCE)" defines an acronym in text: an all-caps ORG right after a longer
   ORG (at most three characters between) sharing its first initial;
   otherwise a one-word ORG name whose letters are the
   initials of a longer ORG name's content words (I-C-R-C) merges with it
   when exactly one such long name exists.
4. **Shorter ORG names.** A name that ends a longer ORG name ("Red Cross" in
   "International Committee of the Red Cross") merges with it when the
   longer name is in the same report, or when only one longer candidate
   exists across all reports.
5. **Shorter full names.** A PERSON name of two or more words whose words
   appear, in order and ending in the same surname, in a longer PERSON name
   ("Tayyip Erdogan" in "Recep Tayyip Erdogan", "Vladimir Putin" in
   "Vladimir Vladimirovich Putin") merges with it under the same condition as
   shorter ORG names: the longer name in the same report, or the only longer
   candidate across all reports. Reports name a head of state in full once
   and shorter after, or differently from outlet to outlet.
6. **Surnames.** A one-word PERSON name ("Mr Stoere") merges with the one
   person (full names linked by rule 5 count once) in the same report whose
   name ends in it. If several people there have names ending in it, it stays
   its own entity rather than guess; if none, it merges with the one such
   person across all reports, if there is exactly one.

Different people sharing a first name never merge: only last words link.
Each entity's type is the majority label of its mentions, where every role
seen with a mention counts as two extra PERSON votes. The canonical name is
the longest full form for PERSON and ORG and the most frequent spelling for
places. ``aliases`` are the other distinct surface forms (the canonical
name is not repeated); ``roles`` are distinct role texts, verbatim, in order
of first appearance. Ids are ``"E" + sha1(type:normalised name)[:12]``, so
they are stable across runs, and the output does not depend on input order.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import replace

from crosswire.models import Annotation, Entity, Mention

__all__ = ["MERGE_VERSION", "entity_id", "merge_entities", "normalise_name"]

#: Bump when the merge rules change, so stores re-link their entities.
MERGE_VERSION = "4"

_HONORIFICS = frozenset(
    [
        "mr",
        "mrs",
        "ms",
        "miss",
        "mx",
        "dr",
        "prof",
        "sir",
        "dame",
        "lord",
        "lady",
        "president",
        "gen",
        "general",
        "col",
        "capt",
        "rev",
    ]
)
_STOP = frozenset(
    ["of", "the", "and", "for", "de", "du", "la", "le", "des", "on", "in", "at", "to", "a", "an"]
)
_CLASSES = {"PERSON": "agent", "ORG": "agent", "GPE": "place", "LOC": "place"}
_ACRONYM_GAP = 3  # characters allowed between "Long Name" and "ABC": " (" or ", "
_ROLE_VOTES = 2


def normalise_name(text: str) -> str:
    """Fold a surface form to its matching key: "the ICRC’s" → "icrc", "Mr Stoere" → "stoere"."""
    decomposed = unicodedata.normalize("NFKD", text.replace("’", "'"))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = re.sub(r"'s?$", "", plain.strip())
    words = [w.strip(".,") for w in plain.casefold().split()]
    words = [w for w in words if w]
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    while len(words) > 1 and words[0] in _HONORIFICS:
        words = words[1:]
    return " ".join(words)


def entity_id(type_: str, name: str) -> str:
    """Stable entity id from type and canonical name."""
    digest = hashlib.sha1(f"{type_}:{normalise_name(name)}".encode()).hexdigest()
    return "E" + digest[:12]


def _display(text: str) -> str:
    """Surface form without honorifics or a leading "the", for canonical names."""
    words = text.replace("’s", "").split()
    if len(words) > 1 and words[0].lower() == "the":
        words = words[1:]
    while len(words) > 1 and words[0].lower().strip(".") in _HONORIFICS:
        words = words[1:]
    return " ".join(words)


class _UnionFind:
    def __init__(self) -> None:
        self.parent: dict[str, str] = {}

    def find(self, key: str) -> str:
        self.parent.setdefault(key, key)
        while self.parent[key] != key:
            self.parent[key] = self.parent[self.parent[key]]
            key = self.parent[key]
        return key

    def union(self, a: str, b: str) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:  # smaller key wins: deterministic whatever the order of unions
            self.parent[max(ra, rb)] = min(ra, rb)


def _initials(norm: str) -> tuple[str, str]:
    words = norm.replace("-", " ").split()
    content = "".join(w[0] for w in words if w not in _STOP)
    return content, "".join(w[0] for w in words)


def _place_key(norm: str, surface: str) -> str:
    from crosswire.annotate.places import canonical_place

    canonical = canonical_place(surface)
    if canonical and canonical != surface and _names_an_area(surface):
        return norm  # "Hatay", the province, is not Antakya, which GeoNames also calls Hatay
    return normalise_name(canonical) if canonical else norm


def _names_an_area(surface: str) -> bool:
    """True if ``surface`` is the own name of a country, region or area in the gazetteer."""
    from crosswire.geo.gazetteer import gazetteer

    return any(
        not alt and place.feature in ("country", "admin1", "region")
        for place, alt in gazetteer().lookup(surface)
    )


_REGION_WORDS = ("region", "area")


def _region_base(norm: str, label: str) -> str:
    """ "donbass region" → "donbass" for a LOC: a region named after itself is the region.

    Only for LOC: "Donetsk region" (a GPE-named oblast) stays apart from the
    city of Donetsk, which the gazetteer tags GPE.
    """
    if label != "LOC":
        return norm
    head, _, last = norm.rpartition(" ")
    return head if head and last in _REGION_WORDS and not _is_gpe_name(head) else norm


def _is_gpe_name(norm: str) -> bool:
    from crosswire.annotate.places import canonical_place

    return canonical_place(norm.title()) is not None


def _singular_group(norm: str) -> str:
    """ "russians" → "russian": a nationality and its plural are one group (NORP)."""
    return norm[:-1] if len(norm) > 4 and norm.endswith("ns") else norm


def merge_entities(annotations: Iterable[Annotation]) -> list[Entity]:
    """Merge the mentions of ``annotations`` into canonical entities (rules in the module doc).

    Returns entities sorted by number of mentions (most first), then name,
    each with its mentions (``entity`` set to its id) sorted by article and
    offset.
    """
    anns = sorted(annotations, key=lambda a: a.article)
    mentions: list[Mention] = []
    roles: dict[tuple[str, int, int], list[tuple[int, str]]] = defaultdict(list)
    for ann in anns:
        mentions.extend(m for m in ann.mentions if normalise_name(m.text))
        for role in ann.roles:
            roles[(ann.article, role.mention_start, role.mention_end)].append(
                (role.start, role.text)
            )
    mentions.sort(key=lambda m: (m.article, m.start, m.end, m.label))
    uf = _UnionFind()
    node_of: dict[int, str] = {}
    article_names: dict[str, set[str]] = defaultdict(set)  # article -> agent norms
    person_norms: set[str] = set()
    org_norms: set[str] = set()
    for idx, m in enumerate(mentions):
        norm = normalise_name(m.text)
        cls = _CLASSES.get(m.label, m.label)
        if cls == "place":
            node = f"place|{_place_key(_region_base(norm, m.label), _display(m.text))}"
        elif m.label == "NORP":
            node = f"{cls}|{_singular_group(norm)}"
        elif cls == "agent" and m.label == "PERSON" and " " not in norm:
            node = f"surname|{m.article}|{norm}"  # resolved within its report below
        else:
            node = f"{cls}|{norm}"
        node_of[idx] = node
        uf.find(node)
        if cls == "agent":
            article_names[m.article].add(norm)
            (person_norms if m.label == "PERSON" else org_norms).add(norm)

    _link_acronym_definitions(mentions, uf, node_of)
    _link_initials(uf, org_norms)
    _link_suffixes(uf, org_norms, article_names)
    _link_shorter_full_names(uf, person_norms, article_names)
    _link_surnames(uf, node_of, mentions, person_norms, article_names)

    groups: dict[str, list[int]] = defaultdict(list)
    for idx in range(len(mentions)):
        groups[uf.find(node_of[idx])].append(idx)
    entities: dict[str, Entity] = {}
    for members in groups.values():
        group = [mentions[i] for i in members]
        entity = _build_entity(group, roles)
        existing = entities.get(entity.id)
        if existing is None:
            entities[entity.id] = entity
        else:  # same type and canonical name: one entity
            existing.mentions = sorted(
                existing.mentions + entity.mentions, key=lambda m: (m.article, m.start)
            )
            existing.aliases = sorted(set(existing.aliases) | set(entity.aliases))
            existing.roles += [r for r in entity.roles if r not in existing.roles]
    return sorted(entities.values(), key=lambda e: (-len(e.mentions), e.name, e.id))


def _link_acronym_definitions(
    mentions: list[Mention], uf: _UnionFind, node_of: dict[int, str]
) -> None:
    """ "Long Name (ABC)": an ORG followed within a few characters by its acronym."""
    for idx in range(len(mentions) - 1):
        long, short = mentions[idx], mentions[idx + 1]
        if long.article != short.article or long.label != "ORG" or short.label != "ORG":
            continue
        if not 0 < short.start - long.end <= _ACRONYM_GAP or " " in short.text.strip():
            continue
        acronym, initials = short.text.strip(), _initials(normalise_name(long.text))
        if not (acronym.isupper() and acronym.isalpha() and 2 <= len(acronym) <= 8):
            continue
        # Offsets cannot tell "Long Name (ABC)" from "Reuters, AFP": ask the
        # letters to agree at least on the first one.
        if acronym.casefold() in initials or acronym[0].casefold() == initials[0][:1]:
            uf.union(node_of[idx], node_of[idx + 1])


def _link_initials(uf: _UnionFind, org_norms: set[str]) -> None:
    """One-word ORG names that spell the initials of exactly one longer ORG name."""
    long_names = sorted(n for n in org_norms if len(n.split()) >= 2)
    for short in sorted(org_norms):
        if " " in short or not 2 <= len(short) <= 6 or not short.isalpha():
            continue
        candidates = [n for n in long_names if short in _initials(n)]
        if len({uf.find(f"agent|{n}") for n in candidates}) == 1:
            uf.union(f"agent|{short}", f"agent|{candidates[0]}")


def _link_suffixes(uf: _UnionFind, org_norms: set[str], article_names: dict[str, set[str]]) -> None:
    """A shorter ORG name ending a longer one: same report, or the only candidate overall."""
    names = sorted(org_norms)
    for short in names:
        longer = [n for n in names if n != short and n.endswith(" " + short)]
        _link_to_one_longer(uf, short, longer, article_names)


def _link_to_one_longer(
    uf: _UnionFind, short: str, longer: list[str], article_names: dict[str, set[str]]
) -> None:
    """Merge ``short`` with the longer names' one entity, else with the one its reports hold.

    When reports that hold ``short`` each hold one candidate but not the same
    one ("John Smith" beside "John Paul Smith" here and "John Henry Smith"
    there), ``short`` is one node for all of them, so it stays apart.
    """
    roots = {uf.find(f"agent|{n}") for n in longer}
    if len(roots) == 1:
        uf.union(f"agent|{short}", f"agent|{longer[0]}")
        return
    chosen: set[str] = set()
    for article_set in article_names.values():
        if short not in article_set:
            continue
        local = {uf.find(f"agent|{n}") for n in longer if n in article_set}
        if len(local) > 1:
            return  # ambiguous in one of its own reports
        chosen |= local
    if len(chosen) == 1:
        uf.union(f"agent|{short}", chosen.pop())


def _link_surnames(
    uf: _UnionFind,
    node_of: dict[int, str],
    mentions: list[Mention],
    person_norms: set[str],
    article_names: dict[str, set[str]],
) -> None:
    """One-word PERSON names: the full name in the same report, else the only one anywhere."""
    full_names = sorted(n for n in person_norms if " " in n)
    unresolved: dict[str, list[str]] = defaultdict(list)
    for node in sorted({node_of[i] for i in range(len(mentions))}):
        if not node.startswith("surname|"):
            continue
        _, article, surname = node.split("|", 2)
        ending = [n for n in full_names if n.split()[-1] == surname]
        # Full names already linked (rule 6: "Tayyip Erdogan" = "Recep Tayyip
        # Erdogan") are one candidate, not two.
        local = sorted({uf.find(f"agent|{n}") for n in ending if n in article_names[article]})
        if len(local) == 1:
            uf.union(node, local[0])
        elif not local:
            unresolved[surname].append(node)
        # several people in the report end in it: ambiguous, left alone
    for surname, nodes in unresolved.items():
        roots = sorted({uf.find(f"agent|{n}") for n in full_names if n.split()[-1] == surname})
        target = roots[0] if len(roots) == 1 else f"agent|{surname}"
        for node in nodes:
            uf.union(node, target)


def _within(short: list[str], long: list[str]) -> bool:
    """``short``'s words in order inside ``long``, both ending in the same word."""
    if len(short) >= len(long) or short[-1] != long[-1]:
        return False
    words = iter(long)
    return all(word in words for word in short)


def _link_shorter_full_names(
    uf: _UnionFind, person_norms: set[str], article_names: dict[str, set[str]]
) -> None:
    """A multi-word PERSON name inside exactly one longer one (rule 5 of the module doc)."""
    names = sorted(n for n in person_norms if " " in n)
    for short in names:
        short_words = short.split()
        longer = [n for n in names if _within(short_words, n.split())]
        if longer:
            _link_to_one_longer(uf, short, longer, article_names)


def _build_entity(
    group: list[Mention], roles: dict[tuple[str, int, int], list[tuple[int, str]]]
) -> Entity:
    votes: Counter[str] = Counter(m.label for m in group)
    seen_roles: list[tuple[str, int, str]] = []
    for m in group:
        for start, text in roles.get((m.article, m.start, m.end), []):
            votes["PERSON"] += _ROLE_VOTES
            seen_roles.append((m.article, start, text))
    type_ = min(votes, key=lambda label: (-votes[label], label != "PERSON", label))
    forms = Counter(_display(m.text) for m in group)
    if type_ in {"PERSON", "ORG"}:

        def rank(form: str) -> tuple[int, int, int, int, str]:
            return (-len(form.split()), form.isupper(), -forms[form], -len(form), form)
    else:

        def rank(form: str) -> tuple[int, int, int, int, str]:
            return (-forms[form], form.isupper(), 0, -len(form), form)

    name = min(forms, key=rank)
    eid = entity_id(type_, name)
    surfaces = sorted({m.text for m in group} - {name})
    role_texts: list[str] = []
    for _, _, text in sorted(seen_roles):
        if text not in role_texts:
            role_texts.append(text)
    return Entity(
        id=eid,
        name=name,
        type=type_,
        aliases=surfaces,
        roles=role_texts,
        mentions=[
            replace(m, entity=eid) for m in sorted(group, key=lambda m: (m.article, m.start))
        ],
    )
