"""Declared contracts of the pipeline's components, checked when they load and as they run.

Extractors read each other's items by name (``inp.earlier.get("quotes", [])``) and
aggregators read extractors' items and earlier sections (``corpus.items("figures")``,
``corpus.sections.get("stories", [])``). Before contracts a reordered tuple, a component
left out of a subset or a renamed one emptied a section without a word. So each component
declares, as spaCy's factories do:

* ``requires``: the names of the outputs it reads (extractors' items, earlier sections);
* ``assigns``: what it produces, which is its own ``name`` (the pipeline stores a
  component's items under its name, so ``assigns`` is ``(name,)``; declaring it keeps the
  contract whole, read in one place).

:func:`load_components` checks the order when components load (every required name is
assigned by a component before it, or by an earlier stage) and raises
:class:`~crosswire.errors.ContractError` on a missing, misordered, duplicated or
undeclared component. At run time a component sees the others' outputs through a
:class:`Declared` view, which raises on a name it did not declare, so a read can never
drift from the declaration (a test also scans the sources for reads: tests/pipeline).

Components outside crosswire register through entry points, read lazily when components
load (never at import): group ``crosswire.extractors`` or ``crosswire.aggregators``, the
entry point's name the component's name, its value the object
(``my_package.module:EXTRACTOR``). They run after the built-in components of their stage,
each after the registered ones it requires.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Iterator, Mapping, Sequence
from importlib.metadata import EntryPoint, entry_points
from importlib.util import find_spec
from typing import Any, TypeVar

from crosswire.errors import ContractError

__all__ = ["Declared", "check_order", "load_components"]

V = TypeVar("V")


class Declared(Mapping[str, V]):
    """Other components' outputs as one component may read them: only the names it requires.

    Reading an undeclared name raises :class:`ContractError` (``get`` and ``in`` included: a
    ``get`` with a default would otherwise hide the drift). A declared name with no output
    (the component that assigns it found nothing, or the caller ran it alone) is absent, as
    in a plain mapping, so ``get(name, [])`` behaves as before.
    """

    __slots__ = ("_component", "_outputs", "_requires")

    def __init__(self, component: str, requires: Collection[str], outputs: Mapping[str, V]):
        self._component = component
        self._requires = frozenset(requires)
        self._outputs = outputs

    def __getitem__(self, name: str) -> V:
        if name not in self._requires:
            raise ContractError(
                f"{self._component} read {name!r} without declaring it: add {name!r} to its "
                f"requires (it declares {sorted(self._requires)}), and load the component "
                f"that assigns {name!r} before it"
            )
        return self._outputs[name]

    def __iter__(self) -> Iterator[str]:
        return (name for name in self._outputs if name in self._requires)

    def __len__(self) -> int:
        return sum(1 for _ in self)


def load_components(
    package: str,
    builtin: Sequence[str],
    names: Sequence[str] | None,
    attr: str,
    kind: type,
    *,
    group: str,
    role: str,
    available: Collection[str] = (),
    allow_missing: Collection[str] = (),
) -> list[Any]:
    """The components of one stage, loaded and checked against their declared contracts.

    ``names`` are loaded in the order given, each from module ``package.<name>`` (its
    ``attr``) or from the entry point of that name in ``group``; ``None`` means the
    ``builtin`` ones, then every registered one, each placed after what it requires.
    ``kind`` is a runtime-checkable Protocol (hence the plain ``type``: mypy will not bind a
    Protocol to a type variable's ``type[T]``). ``available`` names the outputs an earlier
    stage assigns (the extractors', for aggregators); ``allow_missing``
    names outputs the caller knows are not loaded (a required name outside a subset is an
    error otherwise). ``role`` names the stage's components in messages ("extractor").

    Raises:
        ContractError: a name no module or entry point provides, a component without a
            valid declaration, or an order in which a requirement is not met.
    """
    registered = {ep.name: ep for ep in entry_points(group=group)}
    order = list(builtin if names is None else names)
    components = [_load(package, name, attr, kind, registered, group, role) for name in order]
    if names is None:
        extra = [
            _load(package, name, attr, kind, registered, group, role)
            for name in sorted(registered)
            if name not in builtin
        ]
        components += _placed(extra, {n for c in components for n in c.assigns} | set(available))
    check_order(components, role, available=available, allow_missing=allow_missing)
    return components


def check_order(
    components: Sequence[Any],
    role: str,
    *,
    available: Collection[str] = (),
    allow_missing: Collection[str] = (),
) -> None:
    """Raise :class:`ContractError` unless every component's requirements are met in order.

    A required name is met when a component before it assigns it, when an earlier stage
    does (``available``), or when the caller allows it missing. Two
    components of one stage may not assign the same name (the second would overwrite).
    """
    assigned = set(available)
    own: dict[str, str] = {}
    position = {name: i for i, c in enumerate(components) for name in c.assigns}
    for i, component in enumerate(components):
        who = f"the {component.name} {role}"
        for need in component.requires:
            if need in assigned or need in allow_missing:
                continue
            if position.get(need, -1) > i:
                later = components[position[need]].name
                raise ContractError(
                    f"{who} requires {need!r}, which the {later} {role} assigns only after "
                    f"it runs: load {later} before {component.name}"
                )
            raise ContractError(
                f"{who} requires {need!r}, which no component loaded before it assigns: "
                f"load the component that assigns {need!r} (install it, or add its name to "
                f"the names loaded) before {component.name}, or pass allow_missing="
                f"({need!r},) if the caller does without it"
            )
        for out in component.assigns:
            if out in own:
                raise ContractError(
                    f"{who} assigns {out!r}, which {own[out]} assigns already: "
                    f"rename one of them (two outputs of one name would overwrite each other)"
                )
            own[out] = who
            assigned.add(out)


def _load(
    package: str,
    name: str,
    attr: str,
    kind: type,
    registered: Mapping[str, EntryPoint],
    group: str,
    role: str,
) -> Any:
    """The component ``name``, from crosswire's module or a registered entry point, checked."""
    module_name = f"{package}.{name}"
    builtin = _module_exists(module_name)
    entry = registered.get(name)
    if builtin and entry is not None:
        raise ContractError(
            f"the {role} {name!r} is crosswire's own ({module_name}) and is also registered "
            f"in entry point group {group!r} as {entry.value}: give the registered one "
            f"another name"
        )
    if builtin:
        component, where = getattr(importlib.import_module(module_name), attr), module_name
    elif entry is not None:
        component, where = entry.load(), f"{entry.value} (entry point group {group!r})"
    else:
        raise ContractError(
            f"no {role} named {name!r} is installed: it is neither a module {module_name} "
            f"nor registered in entry point group {group!r}; check the name, or install "
            f"the package that provides it"
        )
    _check_declaration(component, name, kind, where, role)
    return component


def _module_exists(module_name: str) -> bool:
    """Whether ``module_name`` can be imported (False for a name with a missing parent)."""
    try:
        return find_spec(module_name) is not None
    except ModuleNotFoundError:
        return False


def _check_declaration(component: Any, name: str, kind: type, where: str, role: str) -> None:
    """Raise :class:`ContractError` unless ``component`` is a ``kind`` that declares its
    contract (``requires`` and ``assigns``, tuples of names; ``assigns`` its own name)."""
    for field in ("requires", "assigns"):
        if not hasattr(component, field):
            raise ContractError(
                f"{where} declares no {field}: give it {field}: tuple[str, ...], the names "
                f"of the outputs it {'reads' if field == 'requires' else 'produces'}"
            )
    if not isinstance(component, kind):
        raise ContractError(
            f"{where} is not an {role}: it needs name, requires, assigns and the "
            f"{role}'s method (see {kind.__module__}.{kind.__name__})"
        )
    own_name = getattr(component, "name", None)  # the Protocol check narrows to object
    if own_name != name:
        raise ContractError(
            f"{where} is loaded as {name!r} but names itself {own_name!r}: use one name for both"
        )
    for field in ("requires", "assigns"):
        value = getattr(component, field)
        if not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
            raise ContractError(
                f"the {name} {role} ({where}) declares {field} = {value!r}: declare it as a "
                f"tuple of output names, e.g. {field} = ({name!r},)"
            )
    assigns = getattr(component, "assigns", None)
    if assigns != (name,):
        raise ContractError(
            f"the {name} {role} ({where}) declares assigns = {assigns!r}, but the "
            f"pipeline stores a component's items under its name only: declare "
            f"assigns = ({name!r},)"
        )


def _placed(extra: Sequence[Any], available: set[str]) -> list[Any]:
    """Registered components in an order that meets their requirements where one exists.

    Each goes as early as what it requires allows (ties by name); those whose requirements
    no order meets are left at the end, for :func:`check_order` to name what is missing.
    """
    placed: list[Any] = []
    left = list(extra)
    have = set(available)
    while left:
        ready = [c for c in left if set(c.requires) <= have]
        if not ready:
            return placed + left
        placed.append(ready[0])
        left.remove(ready[0])
        have.update(ready[0].assigns)
    return placed
