"""Every decision is checked before it is tried (DESIGN.md §3): a malformed action, an
option nobody can take, a Pj that cannot act, are refused in words, and the state is
left as it was; and no position ever asks a fallen figure to act."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from wartime.cli import main
from wartime.engine import Action, IllegalActionError, PendingKind
from wartime.engine.core.action import FIELDS
from wartime.engine.core.saves import load_game, save_game
from wartime.engine.core.scenario import load_scenario
from wartime.errors import DataError

from .conftest import ROOT
from .engine_support import duel, refused, scenario, started

SHOT = Action("ataque_distancia", "a", target="b", item="fusil")


def _three() -> Any:
    """a and c (side A) against b: a shoots at b, who may draw first (Desenfundar)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
             ("c", "A", (10.0, 25.0), 0.0)]  # fmt: skip
    # b draws and crits (1), a fumbles its draw (10); b hits (2); a fumbles CH DEF (10)
    return started(scenario(units), [1, 10, 2, 10, *[5] * 20])


def test_a_pj_taken_out_by_the_shot_it_drew_stops_acting() -> None:
    """ACCIONES DE COMBATE, Desenfundar: the target fires first and takes the attacker out.
    The attacker's activation ends there; the next decision is not asked of it, and
    legal_actions() (asked by any play screen after every step) lists the next side's."""
    state = _three()
    state.apply(SHOT)
    assert state.pending.kind is PendingKind.RESPOND
    events = state.apply(Action("desenfundar", "b"))
    kinds = [e.kind for e in events]
    assert state.figures["a"].casualty and "action_lost" in kinds
    assert kinds.index("end") > kinds.index("action_lost")  # its activation is over
    assert state.active is None and state.pending.figure != "a"
    legal = state.legal_actions()
    assert legal and all(x.figure != "a" for x in legal)


def test_a_casualty_is_refused_activation_as_incapacitated_or_dead() -> None:
    """SECUENCIA DE JUEGO: only a Pj that still stands activates; the refusal says why,
    not "waiting"."""
    state = _three()
    state.apply(SHOT)
    state.apply(Action("desenfundar", "b"))
    refused(state, Action("activate", "a"), "a is dead")
    state.figures["a"].wounds = state.figures["a"].profile.con  # exactly CON: not dead
    refused(state, Action("activate", "a"), "a is incapacitated")


BAD_FIELDS: list[tuple[dict[str, Any], str]] = [
    ({"point": (math.nan, 1.0)}, "point: a point is two finite numbers"),
    ({"point": (1.0, math.inf)}, "point: a point is two finite numbers"),
    ({"point": (1.0,)}, "point"),
    ({"point": ("1", "2")}, "point"),
    ({"figure": []}, "figure: a name is expected"),
    ({"target": 3}, "target: a name is expected"),
    ({"facing": math.nan}, "facing: a facing is finite degrees"),
    ({"level": 1.5}, "level: a height is a whole number"),
    ({"level": True}, "level"),
    ({"options": ["Frenesí"]}, "options: options are entry labels"),
]


@pytest.mark.parametrize(("fields", "match"), BAD_FIELDS)
def test_a_malformed_action_is_refused_by_its_field(fields: dict[str, Any], match: str) -> None:
    """A point of NaN or a list for a name is an IllegalActionError naming the field,
    never a ValueError from the geometry, and the state is untouched."""
    state = started(duel())
    action = Action(**{"kind": "mover", "figure": "a", "point": (12.0, 10.0), **fields})
    refused(state, action, match)


def test_options_on_a_decision_that_takes_none_are_refused_with_the_reason() -> None:
    """An option label must mean something: on "end" or "activate" it is refused, and a
    label the figure lacks is refused naming those it has."""
    state = started(duel())
    refused(state, Action("end", "a", options=("Nada",)), "'end' takes no options")
    refused(state, Action("mover", "a", point=(11.0, 10.0), options=("Nada",)),
            r"a cannot take Nada with a move \(it has no option")  # fmt: skip
    refused(state, Action("ataque_cac", "a", target="b", options=("Nada",)),
            r"cannot take Nada with this attack \(it has no option")  # fmt: skip


SAVE_ENTRIES: list[tuple[object, str]] = [
    ([], r"actions\[3\]: an action is a mapping"),
    ({"kind": "mover", "figure": []}, r"actions\[3\]\.figure: a name is expected"),
    ({"kind": "mover", "figure": [1, 2]}, r"actions\[3\]\.figure"),
    ({"kind": "mover", "figure": "a", "point": [1.0]}, r"actions\[3\]\.point"),
    ({"kind": "mover", "figure": "a", "point": [".nan", 1]}, r"actions\[3\]\.point"),
    ({"figure": "a"}, r"actions\[3\]\.kind: missing"),
    ({"kind": "mover", "puntos": 3}, r"actions\[3\]\.puntos: unknown field"),
]


@pytest.mark.parametrize(("entry", "match"), SAVE_ENTRIES)
def test_a_malformed_save_entry_is_a_located_file_error(
    entry: object, match: str, tmp_path: Path
) -> None:
    """``wartime replay`` on a damaged save: a DataError naming the file and the entry."""
    scn = load_scenario(ROOT / "maps" / "campo-abierto.yaml")
    state = scn.new_game()
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "partida.yaml"
    save_game(state, path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["actions"][3] = entry
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match=match) as error:
        load_game(path)
    assert str(path) in str(error.value)
    assert main(["replay", str(path)]) == 2


@settings(max_examples=60, deadline=None)
@given(
    field=st.sampled_from([f for f in FIELDS if f != "kind"]),
    value=st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4),
        st.lists(st.floats(), max_size=3), st.tuples(st.floats(), st.floats()),
    ),
)  # fmt: skip
def test_any_field_value_gives_a_result_or_a_refusal(field: str, value: object) -> None:
    """Hypothesis: whatever a field holds, apply() either plays the action or raises
    IllegalActionError and leaves the state as it was; nothing else escapes."""
    state = started(duel())
    fields: dict[str, Any] = {"kind": "mover", "figure": "a", "point": (11.0, 10.0), field: value}
    action = Action(**fields)
    before = state.hash()
    try:
        state.apply(action)
    except IllegalActionError:
        assert state.hash() == before
