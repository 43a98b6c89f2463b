"""Entry state on a figure: its marks (ENGINE-LAYOUT, step 8).

What a catalogue entry remembers about a figure (Munición incendiaria's fire, Condenado's
levels lost, Señuelo's stance...) is a *mark*: a small dataclass that the entry defines
in its own module and reads through its own typed accessor. It lives in
``Figure.marks``, keyed by the entry's key (the ``key`` its hook implementations carry),
so core never names an entry's state: where core used to reset an entry's field, the
entry resets its own mark on the hook that fires there.

A figure without a mark holds the entry's default: the accessor returns it, and putting
the default back takes the mark out, so the dict stays small and ``Figure.copy`` cheap.

Rules for a mark:

- a dataclass subclassing :class:`Mark`, best frozen (changed with ``dataclasses.replace``
  and put back); its fields hold immutable values (numbers, strings, tuples, frozen
  dataclasses), so that a shallow copy of a mutable mark is a deep one;
- its field names are the names its values carry in the state hash (``Figure.snapshot``
  places them by name), so each name is declared by one mark only;
- one mark per entry key, declared once with a :class:`Slot` at import time.
"""

from __future__ import annotations

import copy
from dataclasses import Field, fields
from typing import TYPE_CHECKING, ClassVar, Generic, Self, TypeVar, cast

if TYPE_CHECKING:
    from wartime.engine.core.figures import Figure


class Mark:
    """The base of every entry's mark on a figure: each subclass is a dataclass."""

    __slots__ = ()
    __dataclass_fields__: ClassVar[dict[str, Field[object]]]

    def copy(self) -> Self:
        """An independent copy for a trial state: a frozen mark is its own copy."""
        params = getattr(type(self), "__dataclass_params__", None)
        return self if params is not None and params.frozen else copy.copy(self)

    def snapshot(self) -> dict[str, object]:
        """Its values for the state hash, by name (``Figure.snapshot`` places them)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


M = TypeVar("M", bound=Mark)

# Every declared slot: key → its default mark, in the order the entries declared them.
_DEFAULTS: dict[str, Mark] = {}
# The hash values of a figure with no marks at all: every default's fields, by name.
_DEFAULT_VALUES: dict[str, object] = {}


class Slot(Generic[M]):
    """Where one entry's mark lives on a figure: its key and its default.

    Declared once, in the entry's module::

        _SLOT = marks.Slot("fire", Burning())

        def mark(figure: Figure) -> Burning:
            return _SLOT.of(figure)
    """

    __slots__ = ("default", "key")

    def __init__(self, key: str, default: M) -> None:
        if key in _DEFAULTS:
            raise ValueError(f"mark {key!r} is declared twice")
        taken = default.snapshot().keys() & _DEFAULT_VALUES.keys()
        if taken:
            raise ValueError(f"mark {key!r}: hash names {sorted(taken)} are taken")
        self.key = key
        self.default: M = default
        _DEFAULTS[key] = default
        _DEFAULT_VALUES.update(default.snapshot())

    def of(self, figure: Figure) -> M:
        """The figure's mark, or the default if it carries none."""
        return cast(M, figure.marks.get(self.key, self.default))

    def put(self, figure: Figure, mark: M) -> None:
        """Give the figure this mark; the default takes the mark away."""
        if mark == self.default:
            figure.marks.pop(self.key, None)
        else:
            figure.marks[self.key] = mark


def declared() -> dict[str, Mark]:
    """Every declared mark's default, by key (for tests and tools)."""
    return dict(_DEFAULTS)


def copied(marks: dict[str, Mark]) -> dict[str, Mark]:
    """An independent copy of a figure's marks, for a clone of the state."""
    return {key: mark.copy() for key, mark in marks.items()}


def later_values(marks: dict[str, Mark], hashed: frozenset[str]) -> list[tuple[str, object]]:
    """The values of the set marks whose names are not ``hashed`` (marks declared after a
    hash version's layout), by name: a mark at its default gives nothing."""
    return sorted(
        (name, value)
        for key, mark in marks.items()
        if mark != _DEFAULTS.get(key)
        for name, value in mark.snapshot().items()
        if name not in hashed
    )


def hash_values(marks: dict[str, Mark]) -> dict[str, object]:
    """The values every declared mark gives the state hash: the figure's, else defaults."""
    if not marks:
        return _DEFAULT_VALUES
    values = dict(_DEFAULT_VALUES)
    for mark in marks.values():
        values.update(mark.snapshot())
    return values
