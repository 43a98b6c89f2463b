"""Named points where the rules' core asks whoever registered to answer.

The core of the engine fires a hook at a fixed point of the game (an activation
starts, an action is about to be played, a check is rolled); the modules of the
actions and of the catalogue's entries register implementations on it.  The core
never names who answers, so adding an entry never touches the core (the way
XMage's and Forge's cores never import a card).

Every implementation carries an explicit integer ``order``, unique on its hook,
because the order in which implementations run is the order in which they roll
dice, and with it the replay hash.  A ``key`` names what registered (the catalogue
entry's effect key, or an action family) for errors and for listing.

There are four ways to call a hook, each a method:

- :meth:`Hook.collect`: call all of them, keep every answer in order;
- :meth:`Hook.first`: the first answer that is not ``None`` wins (a veto, a choice);
- :meth:`Hook.fold`: add up the answers (a modifier, a stat);
- :meth:`Thread.thread`: pass a value through each in turn (damage, wounds).

A plain typed registry rather than pluggy: pluggy matches implementations by their
argument names at run time, which ``mypy --strict`` cannot check, its ordering
cannot express a fixed total order, and it costs several times a plain loop on a
veto hook that every legality probe calls.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Concatenate, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")
V = TypeVar("V")
N = TypeVar("N", int, float)


@dataclass(frozen=True)
class Impl(Generic[P, R]):
    """One registered answer: where it runs among the others, who gave it, the function."""

    order: int
    key: str
    fn: Callable[P, R]


@dataclass
class _Registry(Generic[P, R]):
    name: str
    impls: tuple[Impl[P, R], ...] = field(default=(), repr=False)

    def impl(self, order: int, key: str) -> Callable[[Callable[P, R]], Callable[P, R]]:
        """Decorator: register ``fn`` at ``order``; refused when the order is taken."""

        def add(fn: Callable[P, R]) -> Callable[P, R]:
            self.register(order, key, fn)
            return fn

        return add

    def register(self, order: int, key: str, fn: Callable[P, R]) -> None:
        for taken in self.impls:
            if taken.order == order:
                raise ValueError(
                    f"hook {self.name}: order {order} is taken by {taken.key!r}, "
                    f"so {key!r} needs another"
                )
        self.impls = tuple(sorted((*self.impls, Impl(order, key, fn)), key=lambda i: i.order))

    def keys(self) -> list[str]:
        """Who answers, in the order they run."""
        return [i.key for i in self.impls]

    def __iter__(self) -> Iterator[Impl[P, R]]:
        return iter(self.impls)


@dataclass
class Hook(_Registry[P, R]):
    """A hook whose answers are collected, searched for the first, or added up."""

    def collect(self, *args: P.args, **kwargs: P.kwargs) -> list[R]:
        return [i.fn(*args, **kwargs) for i in self.impls]

    def first(self, *args: P.args, **kwargs: P.kwargs) -> R | None:
        for i in self.impls:
            answer = i.fn(*args, **kwargs)
            if answer is not None:
                return answer
        return None


@dataclass
class Fold(_Registry[P, N]):
    """A hook whose numeric answers are added to a starting value."""

    def fold(self, start: N, *args: P.args, **kwargs: P.kwargs) -> N:
        total = start
        for i in self.impls:
            total += i.fn(*args, **kwargs)
        return total


@dataclass
class Thread(_Registry[Concatenate[V, P], V], Generic[P, V]):
    """A hook that passes one value through every implementation in order."""

    def thread(self, value: V, *args: P.args, **kwargs: P.kwargs) -> V:
        for i in self.impls:
            value = i.fn(value, *args, **kwargs)
        return value
