"""The hook registry (wartime/engine/hooks.py): the four ways to call a hook, and the
fixed order that keeps the dice, and so the replay hash, the same in every game."""

from __future__ import annotations

import pytest

from wartime.engine.core import hookspecs
from wartime.engine.hooks import Fold, Hook, Thread


def test_implementations_run_in_the_order_they_carry_not_the_order_they_register() -> None:
    calls: list[str] = []
    hook: Hook[[int], int] = Hook("h")

    def answer(order: int, key: str) -> None:
        def fn(n: int) -> int:
            calls.append(key)
            return n

        hook.register(order, key, fn)

    for order, key in ((30, "c"), (10, "a"), (20, "b")):
        answer(order, key)
    assert hook.collect(1) == [1, 1, 1]
    assert calls == ["a", "b", "c"] and hook.keys() == ["a", "b", "c"]


def test_an_order_taken_twice_is_refused_naming_both() -> None:
    hook: Hook[[], None] = Hook("veto")
    hook.register(10, "first", lambda: None)
    with pytest.raises(ValueError, match=r"veto: order 10 is taken by 'first', so 'second'"):
        hook.register(10, "second", lambda: None)
    assert hook.keys() == ["first"]


def test_first_returns_the_first_answer_that_is_not_none_and_stops() -> None:
    asked: list[int] = []
    hook: Hook[[int], str | None] = Hook("refusal")

    def answer(order: int, reply: str | None) -> None:
        def fn(n: int) -> str | None:
            asked.append(order)
            return reply

        hook.register(order, str(order), fn)

    answer(10, None)
    answer(20, "no")
    answer(30, "never asked")
    assert hook.first(0) == "no" and asked == [10, 20]
    assert Hook[[int], str | None]("empty").first(0) is None


def test_fold_adds_the_answers_to_the_start() -> None:
    fold: Fold[[int], int] = Fold("shift")
    fold.register(10, "plus", lambda n: n)
    fold.register(20, "minus_one", lambda n: -1)
    assert fold.fold(5, 3) == 7
    assert Fold[[int], float]("none").fold(1.5, 3) == 1.5


def test_thread_passes_the_value_through_each_in_order() -> None:
    thread: Thread[[str], str] = Thread("damage")
    thread.register(20, "twice", lambda v, tag: v * 2)
    thread.register(10, "tag", lambda v, tag: v + tag)
    assert thread.thread("a", "b") == "abab"  # tag first (10), then twice (20)


def test_the_whole_rulebook_is_registered_once_the_engine_is_imported() -> None:
    """install.py registers every answer: the activation's start is answered by its
    rule modules in the order today's games were recorded in."""
    import wartime.engine  # noqa: F401

    starts = hookspecs.activation_starts.keys()
    assert starts[:2] == ["possession", "holds"] and "psychology" in starts
    assert starts.index("poison") < starts.index("addiction")
    assert hookspecs.after_action.keys() == [
        "mines", "revival", "necromancy", "darkfield", "invisible",
    ]  # fmt: skip
