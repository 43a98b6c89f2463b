"""Issue 12 §4: a planner that wins, and ``GameState.reseed`` that its determinisations use.

The planner searches with the engine's own clone and apply, on clones whose dice come
from seeds of its own; these tests hold what it decides, not how fast.
"""

from __future__ import annotations

from wartime.engine import Action, GameState

from .engine_support import duel, started


def faces(state: GameState, count: int = 20) -> list[int]:
    return [state.dice.d10() for _ in range(count)]


# -- GameState.reseed --------------------------------------------------------------------


def test_reseed_changes_a_clones_future_dice_and_leaves_the_original_alone() -> None:
    state = duel().new_game()
    state.apply(Action("initiative", "a"))
    before = state.hash()
    twin, same = state.clone(), state.clone()
    twin.reseed(123)
    same.reseed(123)
    assert state.hash() == before  # the original's position and dice are untouched
    assert twin.hash() != before  # the dice are part of what decides the future
    assert faces(twin.clone()) == faces(same)  # a seed gives one future
    assert faces(twin) != faces(state.clone())
    state.apply(Action("initiative", "b"))  # the game goes on with its own dice
    replay = duel().new_game()
    for action in state.history:
        replay.apply(action)
    assert replay.hash() == state.hash()


def test_a_reseeded_clone_rolls_its_own_dice_in_play() -> None:
    """The position plays on as before; only the rolls differ (the initiative roll-off)."""
    state = duel().new_game()
    state.apply(Action("initiative", "a"))
    outcomes = set()
    for seed in range(8):
        twin = state.clone()
        twin.reseed(seed)
        twin.apply(Action("initiative", "b"))
        assert twin.turn == state.turn and twin.figures.keys() == state.figures.keys()
        outcomes.add(twin.leader)
    assert outcomes == {"A", "B"}


def test_lookahead_plays_on_a_reseeded_copy_and_puts_the_bases_back() -> None:
    """The copy borrows the movement table; leaving the block restores every base."""
    state = started(duel(), [5] * 10)
    table = state.physics()
    before = (state.hash(), len(state.history), len(state.log), table.position("a"))
    with state.lookahead(7) as twin:
        twin.apply(Action("correr", "a", point=(12.0, 10.0)))
        assert twin.figures["a"].position == (12.0, 10.0)
        assert table.position("a") == (12.0, 10.0)  # the same table, borrowed
        assert twin.history == [Action("correr", "a", point=(12.0, 10.0))]
    assert (state.hash(), len(state.history), len(state.log), table.position("a")) == before
    assert state.physics() is table
    state.apply(Action("correr", "a", point=(10.0, 12.0)))  # and the game moves on from it
    assert table.position("a") == (10.0, 12.0)
