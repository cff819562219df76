"""Adversarial inputs for a compiled regex: the inputs that make a backtracking engine slow.

A pattern is slow on long runs of what its quantifiers accept followed by a
tail that makes the match fail, so the engine retries every way of splitting
the run (and, under ``search``, from every start). For each repetition in the
pattern this builds a witness of the whole pattern with that repetition pumped
to the wanted length, with and without a failing tail, plus runs of a few
generic alphabets ("aaaa", "A.A.", "&a&a", spaces, digits). Test support only.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import re._constants as C  # noqa: N812
import re._parser as P  # noqa: N812
from collections.abc import Callable, Iterator

import crosswire

__all__ = ["adversarial_inputs", "adversarial_shapes", "package_patterns"]

_GENERIC = ("a", "A", "1", " ", "a ", "Aa ", "&a", ".a", "\n", "A.", "1,", "a-", "A ", "1.1 ")
_CANDIDATES = "aA1 &.-,'\n:/(\"Zz0_é"
_CATEGORIES = {
    C.CATEGORY_DIGIT: r"\d",
    C.CATEGORY_NOT_DIGIT: r"\D",
    C.CATEGORY_SPACE: r"\s",
    C.CATEGORY_NOT_SPACE: r"\S",
    C.CATEGORY_WORD: r"\w",
    C.CATEGORY_NOT_WORD: r"\W",
}
_REPEATS = (C.MAX_REPEAT, C.MIN_REPEAT, C.POSSESSIVE_REPEAT)


def package_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """Every compiled pattern held by a crosswire module (also inside tuples, lists and dicts)."""
    seen: dict[int, tuple[str, re.Pattern[str]]] = {}

    def visit(name: str, value: object, depth: int = 0) -> None:
        if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
            seen.setdefault(id(value), (name, value))
        elif depth < 2 and isinstance(value, tuple | list):
            for i, item in enumerate(value):
                visit(f"{name}[{i}]", item, depth + 1)
        elif depth < 2 and isinstance(value, dict):
            for key, item in value.items():
                visit(f"{name}[{key!r}]", item, depth + 1)

    for info in pkgutil.walk_packages(crosswire.__path__, "crosswire."):
        module = importlib.import_module(info.name)
        for attr, value in vars(module).items():
            visit(f"{info.name}.{attr}", value)
    return sorted(seen.values(), key=lambda item: item[0])


def _in_class(c: str, items: list[tuple[object, object]], ignore_case: bool) -> bool:
    negate = hit = False
    for op, av in items:
        if op is C.NEGATE:
            negate = True
        elif op is C.LITERAL:
            assert isinstance(av, int)
            hit |= chr(av) == c or (ignore_case and chr(av).lower() == c.lower())
        elif op is C.RANGE:
            assert isinstance(av, tuple)
            lo, hi = av
            hit |= any(
                lo <= ord(x) <= hi for x in ({c, c.lower(), c.upper()} if ignore_case else {c})
            )
        elif op is C.CATEGORY:
            hit |= re.match(_CATEGORIES.get(av, "(?!)"), c) is not None  # type: ignore[call-overload]
    return hit != negate


def _char(op: object, av: object, flags: int) -> str:
    if op is C.LITERAL:
        assert isinstance(av, int)
        return chr(av)
    if op is C.NOT_LITERAL:
        assert isinstance(av, int)
        return "b" if chr(av) == "a" else "a"
    if op is C.ANY:
        return "a"
    assert isinstance(av, list)
    for c in _CANDIDATES:
        if _in_class(c, av, bool(flags & re.I)):
            return c
    return "a"


def _witness(
    seq: list[tuple[object, object]],
    flags: int,
    target: tuple[int, ...] | None,
    n: int,
    path: tuple[int, ...] = (),
) -> str:
    """A short string the sequence could match, the repetition at ``target`` taken ``n`` times."""
    out: list[str] = []
    for i, (op, av) in enumerate(seq):
        here = (*path, i)
        inside = target is not None and target[: len(here)] == here
        if op in (C.LITERAL, C.NOT_LITERAL, C.ANY, C.IN):
            out.append(_char(op, av, flags))
        elif op is C.SUBPATTERN:
            out.append(_witness(list(av[3]), flags | av[1], target, n, here))  # type: ignore[index]
        elif op is C.ATOMIC_GROUP:
            out.append(_witness(list(av), flags, target, n, here))  # type: ignore[call-overload]
        elif op is C.BRANCH:
            k = target[len(here)] if inside and target is not None else 0
            out.append(_witness(list(av[1][k]), flags, target, n, (*here, k)))  # type: ignore[index]
        elif op in _REPEATS:
            lo, hi, body = av  # type: ignore[misc]
            if target == here:
                out.append(
                    _witness(list(body), flags, None, n) * (n if hi == C.MAXREPEAT else min(n, hi))
                )
            else:
                out.append(
                    _witness(list(body), flags, target, n, here) * max(lo, 1 if inside else 0)
                )
        elif op is C.GROUPREF_EXISTS:
            out.append(_witness(list(av[1]), flags, target, n, here))  # type: ignore[index]
    return "".join(out)


def _repetitions(
    seq: list[tuple[object, object]], path: tuple[int, ...] = ()
) -> Iterator[tuple[int, ...]]:
    for i, (op, av) in enumerate(seq):
        here = (*path, i)
        if op is C.SUBPATTERN:
            yield from _repetitions(list(av[3]), here)  # type: ignore[index]
        elif op is C.ATOMIC_GROUP:
            yield from _repetitions(list(av), here)  # type: ignore[call-overload]
        elif op is C.BRANCH:
            for k, alt in enumerate(av[1]):  # type: ignore[index]
                yield from _repetitions(list(alt), (*here, k))
        elif op in _REPEATS:
            if av[1] >= 2:  # type: ignore[index]
                yield here
            yield from _repetitions(list(av[2]), here)  # type: ignore[index]
        elif op is C.GROUPREF_EXISTS:
            yield from _repetitions(list(av[1]), here)  # type: ignore[index]


def adversarial_shapes(pattern: re.Pattern[str]) -> list[Callable[[int], str]]:
    """Makers of inputs likely to be slowest for ``pattern``: each takes a size in characters.

    The i-th maker gives the same shape at every size, so growth can be
    compared shape by shape without building every shape at every size.
    """
    tree = list(P.parse(pattern.pattern, pattern.flags))
    flags = pattern.flags
    out: list[Callable[[int], str]] = []
    for unit in _GENERIC:
        out.append(lambda size, unit=unit: (unit * (size // len(unit) + 1))[:size])
    for path in list(_repetitions(tree))[:40]:
        step = len(_witness(tree, flags, path, 9)) - len(_witness(tree, flags, path, 8))
        if step <= 0:
            continue

        def pumped(size: int, path: tuple[int, ...] = path, step: int = step) -> str:
            return _witness(tree, flags, path, size // step + 1)[:size]

        out.append(pumped)
        out.append(lambda size, pumped=pumped: pumped(size)[:-1] + "\x00")
    return out


def adversarial_inputs(pattern: re.Pattern[str], size: int) -> list[str]:
    """Every shape of :func:`adversarial_shapes` at ``size`` characters."""
    return [make(size) for make in adversarial_shapes(pattern)]
