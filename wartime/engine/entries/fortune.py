"""Fortuna (BONUS Y MALUS): once a turn, luck turns one thing its bearer's way.

The entry lists its uses without saying when each is chosen.  Our reading
(docs/rules-interpretations.md): its side is asked as each chance comes up, and may
keep it for a later one (pending ``fortune``, core/midway.py):

- a failed check of the bearer (any CH, the CH DEF included): the die is cancelled and
  rolled again (anular un dado), or the number gets +1 when that makes it pass
  (éxito +1); a fumble may also become a plain failure (ignorar una pifia);
- wounds a hit is about to deal it: none are taken (ignorar un DAÑ);
- a hit it lands: DAÑ +1;
- Usar bonus in its own activation while wounded: a wound healed (curar 1 herida;
  not with Sin cura).

Whichever is taken spends it until the next turn begins.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.checks import Luck, Use, spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.hits import refuse_healing
from wartime.engine.core.midway import ask
from wartime.engine.core.pending import (
    DECLINE,
    MORE_DAMAGE,
    NO_DAMAGE,
    NO_FUMBLE,
    PLUS_ONE,
    REROLL,
)
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.errors import IllegalActionError
from wartime.i18n import Message, Reason, say
from wartime.rules.dice import Outcome
from wartime.rules.effects import EntryAction

if TYPE_CHECKING:
    from wartime.rules.effects import Effect

ENTRY = "Fortuna"
FORTUNE = "fortune"  # the pending kind; Action("fortune", item=<one of the uses below>)


@dataclass(frozen=True)
class Spent(marks.Mark):
    """Fortuna's mark: the turn it was last spent."""

    fortune_turn: int = 0


_SLOT = marks.Slot("fortune", Spent())


def mark(figure: Figure) -> Spent:
    """Its Fortuna mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Spent) -> None:
    """Give it this Fortuna mark."""
    _SLOT.put(figure, new)


@per_profile
def _bearer(figure: Figure) -> bool:
    return any(effect.fortune for _, effect in entries_of(figure, None, EntryAction))


@hookspecs.luck_left.impl(order=10, key="fortune")
def lucky(state: GameState, figure: Figure) -> bool:
    """It carries Fortuna and has not spent it this turn."""
    return mark(figure).fortune_turn != state.turn and not figure.casualty and _bearer(figure)


def _offer(state: GameState, figure: Figure, uses: Sequence[str], text: Message) -> str:
    """Ask the bearer's side; a use taken spends Fortuna for the turn."""
    data = {"figure": figure.id, "options": [*uses, DECLINE]}
    asked = say("log.fortune.choice", what=text, entry=ENTRY, uses=", ".join(uses))
    event = Event("fortune_choice", asked, data)
    answer = ask(state, FORTUNE, figure, (*uses, DECLINE), DECLINE, event)
    if answer != DECLINE:
        put(figure, Spent(state.turn))
    return answer


def on_roll(
    state: GameState, who: Figure, purpose: Reason, die: int, total: int, outcome: Outcome,
    one_more_passes: bool,
) -> str:  # fmt: skip
    """The use taken on a failed check of the bearer (DECLINE when none is offered)."""
    if outcome.passed or not lucky(state, who):
        return DECLINE
    uses = [REROLL, *([PLUS_ONE] if one_more_passes else [])]
    uses += [NO_FUMBLE] if outcome is Outcome.FUMBLE else []
    text = say(
        "log.fortune.failed", figure=who.id, purpose=purpose, roll=die, total=total,
        verdict=say(f"outcome.{outcome.value}"),
    )  # fmt: skip
    return _offer(state, who, uses, text)


@hookspecs.wounds_ignored.impl(order=10, key="fortune")
def ignore_damage(state: GameState, target: Figure, wounds: int) -> list[Event] | None:
    """Wounds about to be dealt to the bearer: none, if its side takes that use (None
    when it does not)."""
    if not lucky(state, target):
        return None
    text = say("log.fortune.wounds", figure=target.id, wounds=wounds)
    if _offer(state, target, [NO_DAMAGE], text) == DECLINE:
        return None
    said = say("log.fortune.no_damage", entry=ENTRY, figure=target.id, wounds=wounds)
    return [Event("fortune", said, {"figure": target.id, "use": NO_DAMAGE, "wounds": wounds})]


def more_damage(state: GameState, attacker: Figure, target: Figure, damage: int) -> int:
    """A hit the bearer lands: DAÑ +1, if its side takes that use."""
    if not lucky(state, attacker):
        return damage
    text = say("log.combat.hit", figure=attacker.id, target=target.id, damage=damage)
    return damage + 1 if _offer(state, attacker, [MORE_DAMAGE], text) != DECLINE else damage


@hookspecs.entry_used.impl(order=50, key="fortune")
def heal(state: GameState, figure: Figure, action: Action, name: str, use: Effect) -> list[Event]:
    """Usar bonus: Fortuna heals one of the bearer's wounds (curar 1 herida)."""
    if action.target not in (None, figure.id):
        raise IllegalActionError(say("refused.fortune.bearer", entry=ENTRY, target=action.target))
    if not lucky(state, figure):
        raise IllegalActionError(say("refused.fortune.used", figure=figure.id, entry=ENTRY))
    refuse_healing(figure, ENTRY)
    event = spend(figure, use.use or 1, say("phrase.fortune.heal", entry=ENTRY))
    put(figure, Spent(state.turn))
    figure.wounds -= 1
    text = say(
        "log.fortune.healed", entry=ENTRY, figure=figure.id, wounds=figure.wounds,
        con=figure.profile.con,
    )  # fmt: skip
    return [event, Event("healed", text, {"figure": figure.id, "wounds": figure.wounds})]


@hookspecs.hit_damage.impl(order=10, key="fortune")
def _hit_damage(damage: int, state: GameState, attacker: Figure, target: Figure) -> int:
    return more_damage(state, attacker, target, damage)


_USES = {REROLL: Use.REROLL, PLUS_ONE: Use.PLUS_ONE, NO_FUMBLE: Use.NO_FUMBLE}


@hookspecs.second_chance.impl(order=10, key="fortune")
def second_chance(
    state: GameState, who: Figure, purpose: Reason, die: int, total: int, outcome: Outcome,
    one_more_passes: bool,
) -> Luck | None:  # fmt: skip
    """Fortuna on a failed check of its bearer: the use its side takes, or None."""
    use = on_roll(state, who, purpose, die, total, outcome, one_more_passes)
    return None if use == DECLINE else Luck(_USES.get(use), ENTRY, use, FORTUNE)
