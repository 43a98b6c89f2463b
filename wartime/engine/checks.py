"""Making checks during play: the roll, its modifiers, and the event that explains it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine import bonuses
from wartime.engine.bonuses import Context
from wartime.engine.events import Event, roll_event
from wartime.engine.figures import REACTION_FLOOR, Figure
from wartime.errors import IllegalActionError
from wartime.rules.dice import OpposedResult, Outcome, opposed_result

if TYPE_CHECKING:
    from wartime.engine.state import GameState

Modifiers = list[tuple[str, int]]
SUPPORT = "apoyo"  # Apoyar: the label of its CH ATR bonus (used up by the helped Pj's next check)
FOCUS = "concentración"  # Concentrarse: the label of its bonus to the next action's first CH ATR


def acting_modifiers(figure: Figure) -> Modifiers:
    """CH ATR modifiers that follow the acting Pj through its activation."""
    mods: Modifiers = []
    if figure.actions_taken > 0:
        mods.append(("acción encadenada", -1))  # ACCIONES, Acciones combinadas (DESIGN §7)
    if figure.next_action_modifier:
        mods.append(("tras esprintar", figure.next_action_modifier))
    if figure.reacting_early:  # REACCIONES and MODIFICADORES: one −1 for reacting first
        mods.append(("reacción antes de terminar la acción", -1))
    if figure.psi_bonus:
        mods.append(("crítico de PSI", figure.psi_bonus))
    if figure.panic:
        mods.append(("pánico", -1))  # PSICOLOGÍA, Pánico: CH ATR −1
    if figure.support:
        mods.append((SUPPORT, figure.support))  # Apoyar; generic.perform uses it up
    if figure.focus:
        mods.append((FOCUS, figure.focus))  # Concentrarse; generic.perform uses it up
    return mods


def roll(
    state: GameState, who: Figure, purpose: str, target: int, modifiers: Modifiers,
    ctx: Context | None = None,
) -> tuple[Outcome, Event]:  # fmt: skip
    """Roll one CH for ``who``: 1D10 against target + modifiers, logged.

    Automated bonus/malus add their modifiers, change which faces are
    criticals or fumbles, allow one reroll of a failure, or pass outright.
    """
    ctx = ctx or Context()
    mods = (
        modifiers
        + burden_modifiers(who, purpose)
        + bonuses.check_modifiers(state, who, purpose, ctx)
    )
    read = bonuses.faces(state, who, purpose, ctx)
    die = state.dice.d10()
    total = target + sum(v for _, v in mods)
    outcome = _read(die, total, read)
    first = None
    if read.reroll and not outcome.passed:
        first, die = die, state.dice.d10()  # one more try; the log shows both dice
        outcome = _read(die, total, read)
    if read.auto_pass and not outcome.passed:
        outcome = Outcome.PASS
    event = roll_event(purpose, die, target, tuple(mods), outcome.value, who.id, first)
    return outcome, event


def burden_modifiers(figure: Figure, purpose: str) -> Modifiers:
    """MODIFICADORES, por sobrecarga and por TAL vs CON, on CH IMP and CH AGI."""
    kinds = bonuses.check_kinds(purpose)
    if not kinds & {"IMP", "AGI"}:
        return []
    mods: Modifiers = []
    over = figure.profile.defense - (figure.profile.con - figure.wounds)
    if over > 0:
        mods.append(("sobrecarga", -over))
    if "AGI" in kinds:
        misfit = sum(abs(tal - figure.profile.con) for tal in figure.profile.talla)
        if misfit:
            mods.append(("TAL contra CON", -misfit))
    return mods


def _read(die: int, total: int, faces: bonuses.Faces) -> Outcome:
    if not 1 <= die <= 10:
        raise ValueError(f"a D10 roll is 1..10, got {die}")
    if die <= faces.critical_to:
        return Outcome.CRITICAL
    if die >= faces.fumble_from:
        return Outcome.FUMBLE
    return Outcome.PASS if die <= total else Outcome.FAIL


def spend(figure: Figure, cost: int, label: str, extra: str = "") -> Event:
    """Pay an action's ENE: at least 1; never below 0 in one's own activation, −10 reacting."""
    cost = max(1, cost)
    floor = REACTION_FLOOR if figure.reacting else 0
    if figure.ene - cost < floor:
        limit = " (a reaction may go down to ENE −10)" if figure.reacting else ""
        raise IllegalActionError(
            f"Not enough ENE: {label} costs {cost}{extra}, you have {figure.ene}{limit}"
        )
    figure.ene -= cost
    text = f"{figure.id} gasta ENE {cost} en {label} (le queda {figure.ene})"
    return Event("ene", text, {"figure": figure.id, "cost": cost, "ene": figure.ene})


def contest(
    state: GameState, actor: Figure, defender: Figure, name: str, melee: bool = True
) -> tuple[OpposedResult, Outcome, list[Event]]:
    """CH ENF on attribute ``name`` (DESIGN §7): the lowest passing die wins, a tie the defender's.

    The actor's roll carries its acting modifiers (a chained action's CH ATR −1).
    """
    purpose = f"CH {name} ENF"
    mine, mine_event = roll(
        state, actor, purpose, actor.profile.attribute(name), acting_modifiers(actor),
        Context(defender, melee=melee),
    )  # fmt: skip
    _, theirs_event = roll(
        state, defender, purpose, defender.profile.attribute(name), [], Context(actor, melee=melee)
    )
    a, d = mine_event.data, theirs_event.data
    result = opposed_result(a["roll"], a["target"], d["roll"], d["target"])
    winner = {OpposedResult.ACTOR: actor.id, OpposedResult.DEFENDER: defender.id}.get(result)
    text = (
        f"CH {name} ENF: gana {winner}" if winner else f"CH {name} ENF: ambos fallan, no pasa nada"
    )
    data = {"figure": actor.id, "target": defender.id, "winner": winner, "result": result.value}
    return result, mine, [mine_event, theirs_event, Event("opposed", text, data)]
