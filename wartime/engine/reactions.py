"""REACCIONES: enemies who see or hear an action may answer it.

After each action of the acting Pj, every enemy that has it in its CdV, or
that the action's noise reaches (the geometry noise rule), may try to react.
Its side chooses one of them (or passes); the reactor checks CH VOL and, on a
pass, takes one action at once, spending ENE down to −10.  A reaction is not
an activation: the reactor keeps its place in the turn.  Tiempo bala: a Pj
that has passed its CH VOL against the acting Pj reacts to that Pj's later
actions in the same activation without checking again.  Reactions do not
trigger reactions in this version, and reacting "antes de terminar la acción"
is not automated yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.actions import Action
from wartime.engine.checks import roll
from wartime.engine.events import Event
from wartime.engine.figures import REACTION_FLOOR, Figure
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.geometry.noise import hear_all
from wartime.geometry.vision import in_arc, vision_range

if TYPE_CHECKING:
    from wartime.engine.state import GameState

QUIET_ACTIONS = frozenset({"esperar"})  # they hand over at once: nothing to answer


@dataclass
class Window:
    """An open chance to react to one action of ``actor``."""

    actor: str
    side: str  # the side that may react
    candidates: list[str]  # figures that saw or heard it and have not tried yet
    reactor: str | None = None  # passed its CH VOL: now picks its action

    def copy(self) -> Window:
        return Window(self.actor, self.side, list(self.candidates), self.reactor)


def witnesses(state: GameState, actor: Figure, events: list[Event]) -> list[str]:
    """Enemies of ``actor`` that see it (CdV) or hear the noise the action made."""
    from wartime.engine.combat import sight
    from wartime.engine.sequence import possessed

    able = [
        e for e in state.enemies_of(actor)
        if e.ene > REACTION_FLOOR and not e.casualty and e.id != state.active
        and not possessed(state, e)  # Poseer: a possessed figure cannot react
    ]  # fmt: skip
    # CdV first (cheap: arc and range), then LdV: what is wholly hidden is not seen.
    watching = [e for e in able if in_vision(e, actor)]
    seen = {e.id for e in watching if _sees(sight(state, e, actor).cover_class, actor)}
    heard: set[str] = set()
    for noise in (ev for ev in events if ev.kind == "noise"):
        source = (float(noise.data["source"][0]), float(noise.data["source"][1]))
        radius = float(noise.data["radius"])
        rule = state.scenario.ruleset.noise_wall_rule
        hearing = hear_all(source, radius, [e.disc() for e in able], state.world.barriers, rule)
        heard |= {e.id for e, h in zip(able, hearing, strict=True) if h.hears}
    return sorted(seen | heard)


def _sees(cover_class: str, actor: Figure) -> bool:
    """Not wholly hidden; and a Pj hidden by Esconderse only while over 50% covered."""
    return cover_class != "total" and not (actor.hidden and cover_class == "over_half")


def in_vision(viewer: Figure, target: Figure) -> bool:
    gap = edge_distance(viewer.position, viewer.radius, target.position, target.radius)
    arc = in_arc(viewer.position, viewer.facing, target.position, target.radius)
    return arc and gap <= vision_range(viewer.vol)


def open_window(
    state: GameState, actor: Figure, action: Action, events: list[Event]
) -> list[Event]:
    if state.probing or action.kind in QUIET_ACTIONS or state.over or state.active != actor.id:
        return []
    found = witnesses(state, actor, events)
    if not found:
        return []
    side = state.figures[found[0]].side
    state.window = Window(actor.id, side, found)
    text = f"Pueden reaccionar a {actor.id}: {', '.join(found)}"
    return [Event("reaction_window", text, {"actor": actor.id, "candidates": found})]


def decide(state: GameState, action: Action) -> list[Event]:
    """The reacting side either passes or names a candidate, who checks CH VOL."""
    window = state.window
    assert window is not None
    if action.kind == "pass":
        state.window = None
        return [Event("no_reaction", f"El bando {window.side} no reacciona")]
    if action.kind != "react":
        raise IllegalActionError("Choose a character to react with, or pass")
    if action.figure not in window.candidates:
        raise IllegalActionError(
            f"{action.figure} cannot react now: it neither saw nor heard {window.actor}"
        )
    reactor = state.figure(action.figure)
    window.candidates.remove(reactor.id)
    if reactor.lose_next:  # a failed PSI outside its activation costs this reaction
        reactor.lose_next = False
        if not window.candidates:
            state.window = None
        return [
            Event(
                "lost_reaction", f"{reactor.id} pierde esta reacción (PSI)", {"figure": reactor.id}
            )
        ]
    if reactor.id in state.bullet_time:  # Tiempo bala: no new CH VOL against this actor
        text = f"{reactor.id} sigue en tiempo bala: reacciona sin CH VOL"
        return [Event("bullet_time", text, {"figure": reactor.id}), *_start(window, reactor)]
    guard = [("en guardia", reactor.guard_bonus)] if reactor.guard_bonus else []
    reactor.guard_bonus = 0  # En guardia: only its next CH VOL to react
    outcome, event = roll(state, reactor, "CH VOL (reacción)", reactor.vol, guard)
    events = [event]
    if outcome.passed:
        state.bullet_time.add(reactor.id)
        events += _start(window, reactor)
    elif not window.candidates:
        state.window = None
    return events


def _start(window: Window, reactor: Figure) -> list[Event]:
    """The reactor takes the floor: its one action comes next."""
    window.reactor = reactor.id
    reactor.reacting = True
    reactor.actions_taken = 0
    reactor.next_action_modifier = 0
    return [Event("reaction", f"{reactor.id} reacciona", {"figure": reactor.id})]


def react(state: GameState, action: Action) -> list[Event]:
    """The reactor's one action, or "pass"; then the acting Pj goes on."""
    from wartime.engine.handlers import HANDLERS

    window = state.window
    assert window is not None and window.reactor is not None
    reactor = state.figure(window.reactor)
    if action.figure not in (None, reactor.id):
        raise IllegalActionError(f"{reactor.id} is the one reacting, not {action.figure}")
    if action.kind == "pass":
        events = [Event("reaction_pass", f"{reactor.id} no hace nada")]
    elif action.kind in QUIET_ACTIONS or action.kind not in HANDLERS:
        raise IllegalActionError(f"'{action.kind}' cannot be used as a reaction")
    else:
        from wartime.engine.generic import perform

        events = perform(state, reactor, action, HANDLERS[action.kind])
    reactor.reacting = False
    reactor.focus = 0  # Concentrarse: a reaction is one action, nothing follows it
    state.window = None
    from wartime.engine.sequence import check_game_over, end_activation

    events += check_game_over(state)
    actor = state.figure(window.actor)
    if not state.over and actor.casualty and state.active == actor.id:
        events += end_activation(state, actor, acted=True)  # taken out by the reaction
    return events
