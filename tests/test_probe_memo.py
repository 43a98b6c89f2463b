"""Table.probe_move remembers its answers until the table changes (wartime/physics/bases.py).

legal_actions probes the same move more than once (an open way, then the stride along
it); the memo must give exactly what a fresh probe gives, and forget everything as soon
as a base is placed, removed or moved.
"""

from __future__ import annotations

from wartime.board.shapes import Disc, wall_solids
from wartime.physics import Table, bases

WALL = wall_solids("muro", [(10.0, 2.0), (10.0, 18.0)], 0.2, 2.0, 3)


def table() -> Table:
    bases = [Disc("a", (4.0, 10.0), 0.5), Disc("b", (7.0, 10.0), 0.5), Disc("c", (4.0, 4.0), 0.5)]
    return Table(20, 20, WALL, bases)


# Moves that reach, stop on a base, stop on the wall, slide along it, or go nowhere.
MOVES = [
    ("a", (4.0, 16.0), 6.0),
    ("a", (12.0, 10.0), 8.0),
    ("b", (14.0, 10.0), 7.0),
    ("b", (13.0, 14.0), 9.0),
    ("c", (4.0, 12.0), 3.0),
    ("c", (4.0, 4.0), 2.0),
]


def test_a_remembered_probe_is_the_one_a_fresh_table_gives() -> None:
    memo = table()
    first = [memo.probe_move(*move) for move in MOVES]
    again = [memo.probe_move(*move) for move in MOVES]
    fresh = [table().probe_move(*move) for move in MOVES]
    assert first == again == fresh
    assert all(a is b for a, b in zip(first, again, strict=True))  # remembered, not redone
    assert any(r.blocked for r in first) and any(r.reached for r in first)


def test_an_int_budget_is_remembered_apart_from_the_same_float() -> None:
    """The travelled length may be the budget itself: 3 and 3.0 must not share an answer."""
    memo = table()
    as_int, as_float = memo.probe_move("c", (4.0, 12.0), 3), memo.probe_move("c", (4.0, 12.0), 3.0)
    assert as_int == table().probe_move("c", (4.0, 12.0), 3)
    assert as_float == table().probe_move("c", (4.0, 12.0), 3.0)
    assert type(as_int.travelled) is type(table().probe_move("c", (4.0, 12.0), 3).travelled)


def test_moving_a_base_forgets_the_probes() -> None:
    memo = table()
    stopped = memo.probe_move("a", (12.0, 10.0), 8.0)
    assert stopped.contacts == ("b",)
    memo.move_toward("b", (7.0, 16.0), 6.0)  # b steps out of a's way
    cleared = memo.probe_move("a", (12.0, 10.0), 8.0)
    assert cleared != stopped and cleared.contacts == ("muro",)
    assert cleared == _rebuilt(memo).probe_move("a", (12.0, 10.0), 8.0)


def test_removing_and_placing_a_base_forget_the_probes() -> None:
    memo = table()
    stopped = memo.probe_move("a", (12.0, 10.0), 8.0)
    memo.remove("b")
    gone = memo.probe_move("a", (12.0, 10.0), 8.0)
    assert gone != stopped and gone == _rebuilt(memo).probe_move("a", (12.0, 10.0), 8.0)
    memo.place(Disc("b", (7.0, 10.0), 0.5))
    assert memo.probe_move("a", (12.0, 10.0), 8.0) == stopped


def test_a_base_that_moved_probes_from_where_it_stands() -> None:
    memo = table()
    before = memo.probe_move("c", (4.0, 8.0), 2.0)
    memo.move_toward("c", (2.0, 4.0), 2.0)
    after = memo.probe_move("c", (4.0, 8.0), 2.0)
    assert after.start == (2.0, 4.0) != before.start
    assert after == _rebuilt(memo).probe_move("c", (4.0, 8.0), 2.0)


def _rebuilt(memo: Table) -> Table:
    """A new table holding the same bases: nothing remembered."""
    return Table(memo.width, memo.height, WALL, memo.bases)


def test_the_memo_stays_bounded_on_a_table_that_never_changes() -> None:
    """A drag probes goal after goal without moving anything: the memo must not grow forever."""
    memo = table()
    for step in range(bases._PROBES_KEPT + 10):
        memo.probe_move("c", (4.0 + step * 1e-4, 8.0), 2.0)
    assert len(memo._probes) <= bases._PROBES_KEPT
    assert memo.probe_move("c", (4.0, 8.0), 2.0) == table().probe_move("c", (4.0, 8.0), 2.0)
