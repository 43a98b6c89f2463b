"""REACCIONES: enemies who see or hear an action may answer it.

After each action of the acting Pj, every enemy that has it in its CdV, or
that the action's noise reaches (the geometry noise rule), may try to react.
Its side chooses one of them (or passes); the reactor checks CH VOL and, on a
pass, takes one action at once, spending ENE down to −10.  A reaction is not
an activation: the reactor keeps its place in the turn.  Tiempo bala: a Pj
that has passed its CH VOL against the acting Pj reacts to that Pj's later
actions in the same activation without checking again.

Reacting before the action ends: after a move, the reactor may name a point of
the path (``react`` with ``point``).  The mover is put back there, the reactor
acts with CH ATR −1, and then the mover carries on to where it was going,
unless it fell, is engaged, was moved, or the way is now blocked.  Reactions do
not trigger reactions in this version.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import chain
from typing import TYPE_CHECKING

import shapely

from wartime.board.shapes import Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import roll
from wartime.engine.core.combat import sight
from wartime.engine.core.dispatch import HANDLERS
from wartime.engine.core.events import Event
from wartime.engine.core.figures import REACTION_FLOOR, Figure
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.perform import perform
from wartime.engine.core.psychology import keeps_nerve
from wartime.engine.core.sequence import check_game_over, end_activation, possessed
from wartime.engine.core.sight import in_vision
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.geometry.noise import hear_all
from wartime.i18n import say

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

QUIET_ACTIONS = frozenset({"esperar"})  # they hand over at once: nothing to answer
ON_PATH = 0.05  # K: how near the mover's path a named point must be


@dataclass
class Window:
    """An open chance to react to one action of ``actor``."""

    actor: str
    side: str  # the side that may react
    candidates: list[str]  # figures that saw or heard it and have not tried yet
    reactor: str | None = None  # passed its CH VOL: now picks its action
    path: tuple[Point, Point] | None = None  # the actor's move, if the action was one
    halt: Point | None = None  # an early reaction caught the mover here, on its path

    def copy(self) -> Window:
        return Window(
            self.actor, self.side, list(self.candidates), self.reactor, self.path, self.halt
        )

    def snapshot(self) -> list[object]:
        """For the state hash."""
        return [self.actor, self.candidates, self.reactor, self.path, self.halt]


def witnesses(state: GameState, actor: Figure, events: list[Event]) -> list[str]:
    """Enemies of ``actor`` that see it (CdV) or hear the noise the action made."""
    able = [
        e for e in state.enemies_of(actor)
        if e.ene > REACTION_FLOOR and not e.casualty and e.id != state.active
        and not possessed(state, e)  # Poseer: a possessed figure cannot react
        and not e.crash  # Drogas de combate: no reactions until its crash is over (gear.py)
        and not any(hookspecs.barred_from_reacting.collect(e))  # Munición aturdiradora
    ]  # fmt: skip
    # CdV first (cheap: arc and range), then LdV: what is wholly hidden is not seen.
    watching = [e for e in able if in_vision(state, e, actor)]
    state.world.fill_cover(
        (e.eye(), actor.position, 2 * actor.radius, actor.current_height, actor.feet())
        for e in watching
    )  # every watcher's cover of the actor (combat.Sight.cover) in one batch
    seen = {e.id for e in watching if _sees(sight(state, e, actor).cover_class, actor)}
    heard: set[str] = set()
    for noise in (ev for ev in events if ev.kind == "noise"):
        source = (float(noise.data["source"][0]), float(noise.data["source"][1]))
        radius = float(noise.data["radius"])
        rule = state.scenario.ruleset.noise_wall_rule
        hearing = hear_all(source, radius, [e.disc() for e in able], state.world.barriers, rule)
        heard |= {e.id for e, h in zip(able, hearing, strict=True) if h.hears}
    felt = set().union(*hookspecs.senses_actor.collect(able, actor))  # Sentido arácnido
    return sorted(seen | heard | felt)


def _sees(cover_class: str, actor: Figure) -> bool:
    """Not wholly hidden; and a Pj hidden by Esconderse only while over 50% covered."""
    return cover_class != "total" and not (actor.hidden and cover_class == "over_half")


def open_window(
    state: GameState, actor: Figure, action: Action, events: list[Event]
) -> list[Event]:
    if state.probing or state.previewing is not None or action.kind in QUIET_ACTIONS:
        return []
    if state.over or state.active != actor.id:
        return []
    found = witnesses(state, actor, events)
    if not found:
        return []
    side = state.figures[found[0]].side
    state.window = Window(actor.id, side, found, path=_path(actor, events))
    text = say("log.reactions.window", actor=actor.id, found=", ".join(found))
    return [Event("reaction_window", text, {"actor": actor.id, "candidates": found})]


def _path(actor: Figure, events: list[Event]) -> tuple[Point, Point] | None:
    """The straight path of the actor's move in ``events``, if it moved."""
    moves = [e for e in events if e.kind == "move" and e.data.get("figure") == actor.id]
    if not moves or "from" not in moves[-1].data or "to" not in moves[-1].data:
        return None
    start, end = moves[-1].data["from"], moves[-1].data["to"]
    return (float(start[0]), float(start[1])), (float(end[0]), float(end[1]))


def _early_point(window: Window, action: Action) -> Point | None:
    """Where an early reaction catches the mover; refused unless it is on the path."""
    if action.point is None:
        return None
    if window.path is None:
        raise IllegalActionError(say("refused.reactions.not_moved", actor=window.actor))
    start, end = window.path
    off = shapely.LineString([start, end]).distance(shapely.Point(action.point))
    if off > ON_PATH or math.dist(action.point, end) <= ON_PATH:
        raise IllegalActionError(
            say(
                "refused.reactions.off_path",
                x=action.point[0],
                y=action.point[1],
                actor=window.actor,
                end_x=end[0],
                end_y=end[1],
            )
        )
    return action.point


def decide(state: GameState, action: Action) -> list[Event]:
    """The reacting side either passes or names a candidate, who checks CH VOL."""
    window = state.window
    assert window is not None
    if action.kind == "pass":
        state.window = None
        return [Event("no_reaction", say("log.reactions.none", side=window.side))]
    if action.kind != "react":
        raise IllegalActionError(say("refused.reactions.choose"))
    if action.figure not in window.candidates:
        raise IllegalActionError(
            say("refused.reactions.unaware", figure=action.figure, actor=window.actor)
        )
    reactor = state.figure(action.figure)
    volley = hookspecs.reacts_with.first(state, window, reactor, action)  # Machina mors
    if volley is not None:
        return volley
    early = _early_point(window, action)
    window.candidates.remove(reactor.id)
    actor = state.figure(window.actor)
    turned = list(chain.from_iterable(hookspecs.reactor_chosen.collect(state, reactor, actor)))
    if reactor.lose_next:  # a failed PSI outside its activation costs this reaction
        reactor.lose_next = False
        if not window.candidates:
            state.window = None
        return [
            *turned,
            Event(
                "lost_reaction",
                say("log.reactions.lost", figure=reactor.id),
                {"figure": reactor.id},
            ),
        ]
    if reactor.id in state.bullet_time:  # Tiempo bala: no new CH VOL against this actor
        text = say("log.reactions.bullet_time", figure=reactor.id)
        events = [*turned, Event("bullet_time", text, {"figure": reactor.id})]
        return events + _start(state, window, reactor, early)
    guard = [("en guardia", reactor.guard_bonus)] if reactor.guard_bonus else []
    reactor.guard_bonus = 0  # En guardia: only its next CH VOL to react
    purpose = say("phrase.reactions.react")
    outcome, event = roll(state, reactor, purpose, vol(state, reactor), guard)
    events = [*turned, event]
    if outcome.passed:
        state.bullet_time.add(reactor.id)
        events += _start(state, window, reactor, early)
    elif not window.candidates:
        state.window = None
    return events


def _start(state: GameState, window: Window, reactor: Figure, early: Point | None) -> list[Event]:
    """The reactor takes the floor: its one action comes next."""
    window.reactor = reactor.id
    reactor.reacting = True
    reactor.actions_taken = 0
    reactor.next_action_modifier = 0
    events = [
        Event("reaction", say("log.reactions.react", figure=reactor.id), {"figure": reactor.id})
    ]
    if early is None:
        return events
    reactor.reacting_early = True
    window.halt = early
    actor = state.figure(window.actor)
    _put(state, actor, early)
    text = say("log.reactions.early", figure=reactor.id, actor=actor.id, x=early[0], y=early[1])
    return [*events, Event("early_reaction", text, {"figure": reactor.id, "at": list(early)})]


def _put(state: GameState, figure: Figure, point: Point) -> None:
    """Set a base down elsewhere on its path, keeping the movement table in step."""
    figure.position = point
    if state._physics is not None and figure.level == 1:
        state._physics.remove(figure.id)
        state._physics.place(figure.disc())


def _carry_on(state: GameState, window: Window) -> list[Event]:
    """After an early reaction the mover goes on, unless something stopped it."""
    actor = state.figure(window.actor)
    assert window.path is not None and window.halt is not None
    goal = window.path[1]
    if actor.casualty or actor.position != window.halt or engaged_with(state, actor):
        text = say("log.reactions.move_cut", figure=actor.id)
        return [Event("move_cut", text, {"figure": actor.id, "at": list(actor.position)})]
    if actor.level == 1:
        result = state.physics().move_toward(actor.id, goal, math.dist(actor.position, goal))
        actor.position = result.end
    else:
        actor.position = goal
    end = actor.position
    text = say("log.reactions.move_resumed", figure=actor.id, x=end[0], y=end[1])
    return [Event("move_resumed", text, {"figure": actor.id, "to": list(end)})]


def react(state: GameState, action: Action) -> list[Event]:
    """The reactor's one action, or "pass"; then the acting Pj goes on."""
    window = state.window
    assert window is not None and window.reactor is not None
    reactor = state.figure(window.reactor)
    if action.figure not in (None, reactor.id):
        raise IllegalActionError(
            say("refused.reactions.other", reactor=reactor.id, figure=action.figure)
        )
    if action.kind == "pass":
        events = [Event("reaction_pass", say("log.reactions.pass", figure=reactor.id))]
    elif action.kind in QUIET_ACTIONS or action.kind not in HANDLERS:
        raise IllegalActionError(say("refused.reactions.not_reaction", kind=action.kind))
    else:
        events, goes_ahead = keeps_nerve(state, reactor, action)  # Cobarde: a CH PSI to attack
        if goes_ahead:
            events += perform(state, reactor, action, HANDLERS[action.kind])
    reactor.reacting = False
    reactor.reacting_early = False
    reactor.focus = 0  # Concentrarse: a reaction is one action, nothing follows it
    state.window = None
    if window.halt is not None:
        events += _carry_on(state, window)

    events += check_game_over(state)
    actor = state.figure(window.actor)
    if not state.over and actor.casualty and state.active == actor.id:
        events += end_activation(state, actor, acted=True)  # taken out by the reaction
    return events
