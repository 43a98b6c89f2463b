"""Issue 16: what the action modules say (engine/actions: melee, terrain, generic, items,
usar_bonus, mind, moving, transport, boarding, altitude) is a catalogue message, worded in
Spanish or English when shown.

Real actions are played; each line or refusal is then read in both languages: Spanish as the
log always said it (the golden transcripts pin it), English as the refusals always said it
(``str(exc)``).  A line built on another line (Mover sin hacer ruido) or on a list joined with
"y" / "and" (the leg-ups of Subir a un alto) keeps its structure, never parsing text.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.core.events import Event
from wartime.i18n import Message

from . import engine_support as support


def _play(state: GameState, action: Action) -> list[Event]:
    """Apply ``action``; every answer or reaction it opens is passed."""
    events = state.apply(action)
    while state.pending.kind.value in ("respond", "react"):
        events += state.apply(Action("pass"))
    return events


def _one(events: list[Event], kind: str) -> Event:
    (found,) = [e for e in events if e.kind == kind]
    assert isinstance(found.message, Message)  # a catalogue message, not a worded str
    json.dumps(found.data)  # the data stays plain values whatever the message holds
    return found


def _refusal(state: GameState, action: Action) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert isinstance(caught.value.reason, Message)
    return caught.value


def _both(said: Event | IllegalActionError) -> tuple[str, str]:
    if isinstance(said, Event):
        assert isinstance(said.message, Message)
        return said.message.text("es"), said.message.text("en")
    return said.text("es"), said.text("en")


def _brawl(faces: list[int]) -> GameState:
    """a and b in base contact (engaged in CaC); a acts; z (side B) far off keeps the game on."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (11.0, 10.0), 180.0),
        ("z", "B", (35.0, 25.0), 180.0),
    ]
    return support.started(support.scenario(units), faces)


FAR = ("b", "B", (35.0, 25.0), 90.0)  # out of sight and hearing: no chance to react


# -- melee.py ------------------------------------------------------------------------------------


def test_noquear_says_the_target_is_knocked_out_in_both_languages() -> None:
    """ACCIONES DE COMBATE, Noquear: won, the target is unconscious; the line in both languages."""
    events = _play(_brawl([3, 2, 5]), Action("noquear", target="b"))
    spanish, english = _both(_one(events, "knocked_out"))
    assert spanish == "b queda inconsciente: cuenta como baja hasta que le atiendan"
    assert english == "b is knocked unconscious: a casualty until someone tends to it"
    reached = _one(events, "hit")
    assert _both(reached) == ("a alcanza a b: Noquear", "a reaches b: Noquear")


def test_a_throw_out_of_range_names_its_reach_in_both_languages() -> None:
    """ACCIONES DE COMBATE, Lanzar armas / objetos: reach MOV+CON; the refusal nests whose
    reach it is ("a throw reaches MOV+CON =") and keeps the English it always had."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (16.5, 10.0), 180.0)]
    state = support.started(support.scenario(units), [])
    refusal = _refusal(state, Action("lanzar_armas_objetos", target="b"))
    assert str(refusal) == "Target out of range: 5.5 K, a throw reaches MOV+CON = 5 K"
    assert _both(refusal) == (
        "Objetivo fuera de alcance: 5.5 K, un lanzamiento alcanza MOV+CON = 5 K",
        "Target out of range: 5.5 K, a throw reaches MOV+CON = 5 K",
    )
    reason = state.check(Action("lanzar_armas_objetos", target="b"))
    assert isinstance(reason, Message) and reason.key == "refused.melee.out_of_range"


# -- terrain.py ----------------------------------------------------------------------------------


def test_a_silent_move_nests_the_moves_own_line() -> None:
    """ACCIONES DE MOVIMIENTO, Mover sin hacer ruido: the move's line, with the silence added
    in the reader's language (the line itself is nested, never extended as text)."""
    state = support.started(support.scenario([("a", "A", (10.0, 10.0), 0.0), FAR]))
    events = _play(state, Action("mover_sin_hacer_ruido", point=(20, 10)))
    moved = _one(events, "move")
    assert isinstance(moved.message, Message) and moved.message.key == "log.terrain.silent"
    (line,) = [value for name, value in moved.message.values if name == "line"]
    inner_es = line.text("es") if isinstance(line, Message) else line
    inner_en = line.text("en") if isinstance(line, Message) else line
    spanish, english = _both(moved)
    assert spanish == f"{inner_es} sin hacer ruido" and spanish.startswith("a ")
    assert english == f"{inner_en}, without a sound"


def _climb(height: float, helpers: list[tuple[str, tuple[float, float]]]) -> GameState:
    """a (AGI 6: twice its 1 K height) against a wall ``height`` K high, allies beside it."""
    wall = Wall(((10.8, 0), (10.8, 20)), height, 4, id="muralla")
    units: list[Any] = [("a", "A", (10.2, 10.0), 0.0), FAR]
    units += [(hid, "A", at, 0.0) for hid, at in helpers]
    profiles = {"a": support.profile("a", agi=6)}
    state = support.started(support.scenario(units, profiles=profiles, walls=(wall,)), [2])
    state.figures["h3"].height = 2.0
    return state


HELPERS = [("h1", (9.2, 10.0)), ("h2", (10.2, 11.0)), ("h3", (10.2, 9.0))]
UP = Action("subir_a_un_alto", point=(10.8, 10.0))


def test_leg_ups_are_joined_with_y_or_and() -> None:
    """ACCIONES DE MOVIMIENTO, Subir a un alto: two allies' leg-ups, joined in each language,
    in the log and in the refusal when even they are not enough."""
    events = _play(_climb(3.5, HELPERS), UP)
    assert _both(_one(events, "climb_up")) == (
        "a sube a muralla (3.5 K) con la ayuda de h3 (+1 K) y h1 (+0.5 K)",
        "a climbs onto muralla (3.5 K) with the leg-up of h3 (+1 K) and h1 (+0.5 K)",
    )
    spanish, english = _both(_refusal(_climb(4.0, HELPERS), UP))
    assert english == (
        "muralla is 4 K high: a reaches 2 K with Subir a un alto (height 1 K × 2 for AGI 6)"
        "; with the leg-up of h3 (+1 K) and h1 (+0.5 K), 3.5 K"
    )
    assert spanish == (
        "muralla mide 4 K de alto: a alcanza 2 K con Subir a un alto (altura 1 K × 2 por AGI 6)"
        "; con el impulso de h3 (+1 K) y h1 (+0.5 K), 3.5 K"
    )


# -- generic.py, moving.py, usar_bonus.py, altitude.py -------------------------------------------


def test_apoyar_refusal_and_line_in_both_languages() -> None:
    """ACCIONES GENÉRICAS, Apoyar (3): an ally within 2 K gets CH ATR +1."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (10.0, 13.5), 0.0), FAR]
    state = support.started(support.scenario(units))
    assert _both(_refusal(state, Action("apoyar", target="c"))) == (
        "c está a 2.5 K: Apoyar alcanza 2 K",
        "c is 2.5 K away: Apoyar reaches 2 K",
    )
    state.figures["c"].position = (10.0, 11.5)
    events = _play(state, Action("apoyar", target="c"))
    assert _both(_one(events, "support")) == (
        "a apoya a c: CH ATR +1 en su siguiente chequeo",
        "a supports c: CH ATR +1 on its next check",
    )


def test_posture_and_waiting_in_both_languages() -> None:
    """ACCIONES DE MOVIMIENTO, Agacharse, and Esperar: a posture taken twice is refused."""
    state = support.started(support.scenario([("a", "A", (10.0, 10.0), 0.0), FAR]))
    posture = _one(_play(state, Action("agacharse")), "posture")
    assert _both(posture) == ("a: Agacharse", "a: Agacharse")  # an action's name stays
    assert _both(_refusal(state, Action("agacharse"))) == (
        "a ya está agachado",
        "a is already crouched",
    )
    waited = _one(_play(state, Action("esperar")), "wait")
    assert _both(waited) == ("a espera a una fase posterior", "a waits for a later phase")


def test_entry_and_height_refusals_in_both_languages() -> None:
    """Usar bonus of an entry the figure lacks; Cambiar de altitud for a figure the map put
    on the ground (MOVIMIENTO, Alturas de movimiento)."""
    state = support.started(support.scenario([("a", "A", (10.0, 10.0), 0.0), FAR]))
    assert _both(_refusal(state, Action("usar_bonus", item="Nada"))) == (
        "a no tiene ningún bonus 'Nada' que usar",
        "a has no entry 'Nada' to use",
    )
    assert _both(_refusal(state, Action("cambiar_de_altitud", level=2))) == (
        "a no puede volar: el mapa lo colocó a la altura 1",
        "a cannot fly: the map placed it at height 1",
    )
