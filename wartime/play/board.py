"""The battlefield as a game has it now: the map with its figures where they stand.

The view draws a :class:`Battlefield`; a game's figures move, turn, crouch and fall, so
the play screen draws the map with units built from the state's figures.  A casualty
stays where it fell, prone (its body can still be looted or finished off); a figure
inside a transport, away (Desaparecer) or taken off the table is not drawn.
"""

from __future__ import annotations

from dataclasses import replace

from wartime.board.battlefield import Battlefield, Posture, Unit
from wartime.engine import Event, GameState


def log_for(state: GameState, side: str | None) -> list[Event]:
    """The game's log as ``side`` may read it: what an enemy did while it was off the
    board (Invisible: from its "invisible" event to its "visible" one) is left out; for
    None, all of it."""
    if side is None:
        return state.log
    sides = {fid: f.side for fid, f in state.figures.items()}
    hidden: set[object] = set()
    shown = []
    for event in state.log:
        who = event.data.get("figure") or event.data.get("who")
        if event.kind == "invisible":
            hidden.add(who)
        elif event.kind == "visible":
            hidden.discard(who)
        elif who in hidden and sides.get(str(who)) != side:
            continue
        shown.append(event)
    return shown


def field_of(state: GameState, side: str | None = None) -> Battlefield:
    """The scenario's map with a unit for every figure on the table now, and each
    throwable object where it lies now (Súper fuerza moves them); for ``side``, only the
    figures that side knows of (GameState.observe: an invisible enemy is left out)."""
    field = state.scenario.battlefield
    known = state.observe(side).figures if side is not None else state.figures
    units = tuple(
        Unit(
            figure.id, figure.side, figure.position, figure.facing,
            base=2 * figure.radius, height=figure.height, level=figure.level,
            posture=Posture.PRONE if figure.casualty else figure.posture,
            vol=figure.profile.vol, character=figure.profile.name,
        )
        for figure in sorted(known.values(), key=lambda f: f.id)
        if figure.aboard is None and not figure.removed and figure.vanished != 1
    )  # fmt: skip
    things = tuple(replace(t, position=state.throwable_at(t)) for t in field.throwables)
    return replace(field, units=units, throwables=things)
