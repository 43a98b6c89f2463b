"""Entry state on a figure: marks (core/marks.py, ENGINE-LAYOUT step 8).

A mark is owned by one entry, copied with the state, and hashed exactly where the
Figure field it replaced was hashed (hash version 2 does not move).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

import pytest

import wartime.engine  # noqa: F401  (install: every entry declares its mark)
from wartime.engine.core import figures, marks
from wartime.engine.core.figures import Figure
from wartime.engine.core.state import GameState

from . import engine_support as support


def _game() -> GameState:
    return support.scenario(
        [("a", "A", (5.0, 5.0), 0.0), ("b", "B", (20.0, 5.0), 180.0)]
    ).new_game()


def _varied(default: marks.Mark) -> marks.Mark:
    """The default with every field set to some other value of its kind."""
    changes: dict[str, object] = {}
    for f in fields(default):
        value = getattr(default, f.name)
        if isinstance(value, bool):
            changes[f.name] = not value
        elif isinstance(value, int):
            changes[f.name] = value + 2
        elif isinstance(value, tuple):
            changes[f.name] = ("z", "y")
        elif value is None and "str" in str(f.type):
            changes[f.name] = "b"
    return replace(default, **changes)


@dataclass
class _Tally(marks.Mark):
    """A mutable mark, for the copy test only (declared by no entry)."""

    count: int = 0


# Marks declared after hash version 2, hashed by name only while set (Figure.snapshot).
LATER = {"remote", "pet"}


def test_every_mark_is_hashed_by_the_name_of_the_field_it_replaced() -> None:
    """Each declared mark's names sit in hash version 2's layout (or, for a later one,
    none of them does), are no longer Figure fields, and no two marks share a name."""
    own = {f.name for f in fields(Figure)}
    seen: set[str] = set()
    for key, default in marks.declared().items():
        names = set(default.snapshot())
        if key in LATER:
            assert not names & set(figures._EXTRAS), key
        else:
            assert names <= set(figures._EXTRAS), key
        assert not names & own, key
        assert not names & seen, key
        seen |= names


@pytest.mark.parametrize("key", sorted(marks.declared()))
def test_the_snapshot_is_unchanged_by_the_move(key: str) -> None:
    """A figure whose mark holds the default hashes as one with no mark; a set mark
    gives its values at the same places, by name, and nothing else moves."""
    figure = _game().figures["a"]
    default = marks.declared()[key]
    before = figure.snapshot()
    figure.marks[key] = default
    assert figure.snapshot() == before
    varied = _varied(default)
    figure.marks[key] = varied
    after = figure.snapshot()
    assert after[:-1] == before[:-1]
    old, new = before[-1], after[-1]
    assert isinstance(old, dict) and isinstance(new, dict)
    if key in LATER:  # one more entry, after the others, while it is set
        assert list(old) == [*figures._EXTRAS, "weapons"]
        assert new == {**old, "later": sorted(varied.snapshot().items())}
        return
    assert list(new) == list(old) == [*figures._EXTRAS, "weapons"]
    values = varied.snapshot()
    for name in old:
        expected = values.get(name, old[name])
        if isinstance(expected, tuple):
            expected = sorted(expected)
        assert new[name] == expected, name


def test_a_clone_never_shares_marks_with_the_real_state() -> None:
    """GameState.clone copies every mark: changing one on a trial state leaves the real
    state's alone, whether the mark is frozen (put again) or mutable (changed in place)."""
    state = _game()
    key = sorted(marks.declared())[0]
    default = marks.declared()[key]
    real = state.figures["a"]
    real.marks[key] = _varied(default)
    real.marks["tally"] = _Tally(1)
    trial = state.clone()
    twin = trial.figures["a"]
    assert twin.marks is not real.marks
    assert twin.marks == real.marks and twin.snapshot() == real.snapshot()
    tally = twin.marks["tally"]
    assert isinstance(tally, _Tally) and tally is not real.marks["tally"]
    tally.count = 5
    twin.marks[key] = default
    assert real.marks["tally"] == _Tally(1) and real.marks[key] == _varied(default)
    assert state.hash() != trial.hash()
    # ... and the trial copy of a figure that carries no marks has a dict of its own
    bare = state.clone().figures["b"]
    bare.marks[key] = _varied(default)
    assert not state.figures["b"].marks


def test_a_slot_holds_the_default_as_no_mark() -> None:
    """Putting the default back takes the mark away: figures without entry state carry
    an empty dict, which keeps copies cheap."""
    figure = _game().figures["a"]
    slot = marks.Slot.__new__(marks.Slot)
    slot.key, slot.default = "tally", _Tally()
    assert slot.of(figure) == _Tally()
    slot.put(figure, _Tally(3))
    assert figure.marks == {"tally": _Tally(3)}
    slot.put(figure, _Tally())
    assert figure.marks == {}


def test_a_key_or_a_hash_name_is_declared_once() -> None:
    key, default = next(iter(marks.declared().items()))
    with pytest.raises(ValueError, match="declared twice"):
        marks.Slot(key, default)
    with pytest.raises(ValueError, match="are taken"):
        marks.Slot("another", default)
