"""SECUENCIA DE JUEGO: initiative, phases 10→1, alternating sides, new turns.

DESIGN.md §7: a Pj acts in the first phase ≤ its VOL in which it has not
acted; sides alternate within a phase, the initiative winner first.
"""

from __future__ import annotations

import math
from itertools import chain
from typing import TYPE_CHECKING

from wartime.board.battlefield import SIDES
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import activation_bonus
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import initiative_modifiers
from wartime.engine.core.stats import vol
from wartime.errors import IllegalActionError
from wartime.i18n import Reason, say

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState


def other(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]


def choose_initiative(state: GameState, action: Action) -> list[Event]:
    """Each side names a living Pj; then both roll 1D10 + that Pj's VOL."""
    side = state.pending.side
    assert side is not None
    if action.kind != "initiative":
        raise IllegalActionError(say("refused.sequence.initiative_choice"))
    figure = state.figure(action.figure)
    if figure.side != side or figure.casualty:
        raise IllegalActionError(say("refused.sequence.not_living", figure=figure.id, side=side))
    state.initiative[side] = figure.id
    if len(state.initiative) < len(SIDES):
        chosen = say("log.sequence.initiative_choice", side=side, figure=figure.id)
        return [Event("initiative_choice", chosen)]
    return roll_initiative(state)


def roll_initiative(state: GameState) -> list[Event]:
    """TURNOS E INICIATIVA: the highest 1D10 + VOL wins; a tie is rolled again."""
    events = []
    while True:
        totals = {}
        for side in SIDES:
            figure = state.figures[state.initiative[side]]
            roll = state.dice.d10()
            extra = initiative_modifiers(state, figure)  # Explorador
            will = vol(state, figure)  # Líder, Despertando del letargo (presence.py)
            totals[side] = roll + will + sum(v for _, v in extra)
            named = "".join(f" + {label} {value}" for label, value in extra)
            events.append(Event(
                "roll",
                say("log.sequence.initiative_roll", side=side, die=roll, vol=will, named=named,
                    total=totals[side]),
                {"purpose": "iniciativa", "who": figure.id, "roll": roll, "target": None,
                 "modifiers": [["VOL", will], *map(list, extra)],
                 "outcome": totals[side]},
            ))  # fmt: skip
        if totals["A"] != totals["B"]:
            break
        events.append(Event("tie", say("log.sequence.tie")))
    state.leader = max(SIDES, key=lambda s: totals[s])
    state.to_move = state.leader
    state.phase = 10
    events.append(
        Event(
            "initiative",
            say("log.sequence.initiative", side=state.leader),
            {"side": state.leader},
        )
    )
    return events + advance(state)


def eligible(state: GameState, figure: Figure, phase: int) -> bool:
    """Whether a Pj may act in ``phase``: alive, not yet acted, VOL high enough, not waiting,
    not possessed (Poseer), not operated by another (Control remoto)."""
    waiting = figure.waiting_below is not None and phase >= figure.waiting_below
    return (
        not figure.casualty
        and not figure.acted
        and vol(state, figure) >= phase
        and not waiting
        and not possessed(state, figure)
        and not any(hookspecs.operated.collect(state, figure))
    )


def possessed(state: GameState, figure: Figure) -> bool:
    """Poseer (actions/mind.py): held by a possessor that is still in the game."""
    owner = figure.possessed_by
    return owner is not None and not state.figures[owner].casualty


def candidates(state: GameState, side: str | None) -> list[Figure]:
    return [f for f in state.figures.values() if f.side == side and eligible(state, f, state.phase)]


def advance(state: GameState) -> list[Event]:
    """Move on to the next side, phase or turn that has someone to act."""
    events: list[Event] = []
    while not state.over:
        assert state.leader is not None
        if candidates(state, state.to_move):
            return events
        if candidates(state, other(state.to_move or state.leader)):
            state.to_move = other(state.to_move or state.leader)
            return events
        if state.phase > 1:
            state.phase -= 1
            state.to_move = state.leader  # every phase opens with the initiative winner
            continue
        events += new_turn(state)
        return events
    return events


def new_turn(state: GameState) -> list[Event]:
    """Everyone has acted: a new turn with a new initiative, or the end at the turn limit."""
    if state.turn >= state.scenario.ruleset.turn_limit:
        return finish_on_points(state)
    state.turn += 1
    state.phase = 10
    state.initiative.clear()
    state.leader = None
    state.to_move = None
    for figure in state.figures.values():
        figure.acted = False
        figure.waiting_below = None
        figure.sprinted = False
        figure.moved = 0.0
        figure.support = 0  # Apoyar: an unused support lapses with the turn
        figure.looted = 0  # Saquear: its CH AGI malus lasts this turn only
    events = [Event("turn", say("log.sequence.turn", turn=state.turn), {"turn": state.turn})]
    events += chain.from_iterable(hookspecs.turn_starts.collect(state))
    return events + check_game_over(state, waiting_counts=False)


def activate(state: GameState, action: Action) -> list[Event]:
    if action.kind != "activate":
        raise IllegalActionError(say("refused.sequence.choose"))
    figure = state.figure(action.figure)
    if figure.casualty:
        if figure.dead:
            raise IllegalActionError(say("refused.sequence.dead", figure=figure.id))
        if figure.unconscious:
            raise IllegalActionError(say("refused.sequence.unconscious", figure=figure.id))
        raise IllegalActionError(say("refused.sequence.incapacitated", figure=figure.id))
    if figure.side != state.to_move:
        raise IllegalActionError(
            say("refused.sequence.side", figure=figure.id, side=figure.side, to_move=state.to_move)
        )
    if not eligible(state, figure, state.phase):
        why = say("phrase.sequence.acted") if figure.acted else say("phrase.sequence.waiting")
        if possessed(state, figure):
            why = say("phrase.sequence.possessed", owner=figure.possessed_by)
        elif not figure.acted and any(hookspecs.operated.collect(state, figure)):
            why = say("phrase.sequence.operated", controller=figure.profile.controller)
        raise IllegalActionError(
            say(
                "refused.sequence.phase",
                figure=figure.id,
                phase=state.phase,
                vol=vol(state, figure),
                why=why,
            )
        )
    return begin_activation(state, figure, say("phrase.sequence.in_phase", phase=state.phase))


def begin_activation(state: GameState, figure: Figure, how: Reason) -> list[Event]:
    """``figure`` starts its activation (``how``, for the log: in which phase, or at
    whose word) and gains its ENE."""
    gain = figure.start_activation()
    state.active = figure.id
    text = say("log.sequence.activate", figure=figure.id, how=how, gain=gain, ene=figure.ene)
    data = {"figure": figure.id, "phase": state.phase, "ene": figure.ene}
    events = [Event("activate", text, data), *activation_bonus(state, figure)]
    events += chain.from_iterable(hookspecs.activation_starts.collect(state, figure))
    events += check_game_over(state)
    if not state.over and spent(state, figure):
        events += end_activation(state, figure, acted=True)  # Estrés = VOL: the activation ends
    return events


FLEEING = frozenset({"mover", "correr", "esprintar", "huir", "destrabarse"})


def action_lost(state: GameState, figure: Figure) -> list[Event]:
    """An action of the acting Pj lost to its nerve: it counts, and stress may end the turn."""
    figure.actions_taken += 1
    events = check_game_over(state)
    if not state.over and spent(state, figure):
        events += end_activation(state, figure, acted=True)
    return events


def spent(state: GameState, figure: Figure) -> bool:
    """The acting ``figure``'s activation is over: taken out, or its stress at its VOL."""
    return figure.casualty or figure.stress >= vol(state, figure)


def done_for(state: GameState, figure: Figure) -> bool:
    """The acting ``figure`` can act no more: spent, or away (Desaparecer)."""
    return spent(state, figure) or figure.away


def settle(state: GameState) -> list[Event]:
    """After any decision: an acting Pj that can act no more, with nothing left to answer
    first, ends its activation (whatever took it out: a shot it drew, a reaction, a blast)."""
    if state.over or state.active is None or state.window or state.declared or state.exchange:
        return []
    figure = state.figures[state.active]  # (one away may still act: to come back)
    return end_activation(state, figure, acted=True) if spent(state, figure) else []


def fleeing_only(state: GameState, figure: Figure, action: Action) -> None:
    """Pánico: a Pj in panic always flees, moving away from the nearest enemy."""
    if action.kind not in FLEEING:
        raise IllegalActionError(say("refused.sequence.panic", figure=figure.id))
    enemies = state.enemies_of(figure)
    if action.point is None or not enemies:
        return
    nearest = min(enemies, key=lambda e: math.dist(e.position, figure.position))
    if math.dist(action.point, nearest.position) <= math.dist(figure.position, nearest.position):
        raise IllegalActionError(
            say("refused.sequence.panic_away", figure=figure.id, nearest=nearest.id)
        )


def end_activation(state: GameState, figure: Figure, *, acted: bool) -> list[Event]:
    """Hand over to the next player; unused ENE is kept (ENERGÍA, Acción).

    An ally acting on Órdenes hands back to the Pj that gave them (orders.py).
    """
    handed = hookspecs.hands_back.first(state, figure)  # Órdenes: back to the giver
    if handed is not None:
        return handed
    figure.acted = figure.acted or acted
    state.bullet_time.clear()  # tiempo bala lasts while this Pj acts
    for rival in state.figures.values():  # Contracarga answered this Pj's charge only
        if rival.counter_charge == figure.id:
            rival.counter_charge = None
    figure.next_action_modifier = 0
    figure.psi_bonus = 0
    figure.focus = 0  # Concentrarse: for the next action of this activation only
    figure.silent, figure.surprise = False, None  # Ataque sorpresa: within one activation
    figure.fury = None  # a critical CH LOC's charge is owed for one activation only
    ending = list(chain.from_iterable(hookspecs.activation_ends.collect(state, figure)))
    state.active = None
    text = say("log.sequence.end", figure=figure.id, ene=figure.ene)
    events = [*ending, Event("end", text, {"figure": figure.id, "ene": figure.ene})]
    events += chain.from_iterable(hookspecs.activation_over.collect(state, figure))
    back = hookspecs.carries_on.first(state, figure)  # Control remoto: its operator goes on
    if back is not None:
        return events + back + check_game_over(state)
    state.to_move = other(figure.side)
    return events + check_game_over(state) + advance(state)


def carry_on(state: GameState, figure: Figure, event: Event) -> list[Event]:
    """``figure`` goes on with its own activation after another's turn inside it (Órdenes,
    Control remoto): ``event`` says so; taken out meanwhile, its activation ends here."""
    state.active = figure.id
    if figure.casualty:
        return [event, *end_activation(state, figure, acted=True)]
    return [event]


def check_game_over(state: GameState, *, waiting_counts: bool = True) -> list[Event]:
    """A side whose characters are all casualties loses.

    One whose figures down may still come back (entries/revival.py) holds on until the
    next turn starts (``waiting_counts`` False): nobody of it standing then, it loses.
    """
    if state.over:
        return []
    events = list(chain.from_iterable(hookspecs.after_action.collect(state)))
    beaten = [
        side
        for side in SIDES
        if not state.living(side)
        and not (waiting_counts and any(hookspecs.holds_on.collect(state, side)))
    ]
    if not beaten:
        return events
    state.over = True
    state.winner = other(beaten[0]) if len(beaten) == 1 else None
    text = say("log.sequence.won", side=state.winner) if state.winner else say("log.sequence.draw")
    return [*events, Event("game_over", text, {"winner": state.winner, "reason": "casualties"})]


def casualty_points(state: GameState, side: str) -> int:
    """Points of the enemy characters that ``side`` has taken as casualties."""
    return sum(f.profile.points for f in state.figures.values() if f.side != side and f.casualty)


def finish_on_points(state: GameState) -> list[Event]:
    """At the turn limit, the side that has taken more enemy points wins."""
    fallen = list(chain.from_iterable(hookspecs.game_ends.collect(state)))
    scores = {side: casualty_points(state, side) for side in SIDES}
    state.over = True
    state.winner = None if scores["A"] == scores["B"] else max(SIDES, key=lambda s: scores[s])
    text = say("log.sequence.turn_limit", a=scores["A"], b=scores["B"])
    data = {"winner": state.winner, "reason": "turn_limit", "scores": scores}
    return [*fallen, Event("game_over", text, data)]
