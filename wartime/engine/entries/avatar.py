"""Avatar (BONUS Y MALUS): a character that comes into the game only when summoned.

Our reading (docs/rules-interpretations.md): the army names who may summon each avatar
(``summoners:``, characters of the army).  An avatar in a side's list is not deployed
before the first turn: it waits off the table (GameState.summonable).  In its own
activation, a figure of one of its summoners' characters takes Usar bonus naming the
entry and the avatar, with the point where it is to appear: within SUMMON_REACH K of the
summoner's base, on the table, overlapping nothing.  It pays ENE 3 and rolls CH INT;
passed, the avatar stands there, facing where the summoner faces, and acts in the
phases' order like any figure that has not acted this turn; failed, it still waits.  A
side whose figures are all out of the game has lost, whatever avatars it still waits
for: nobody is left to summon them.
"""

from __future__ import annotations

import math

from wartime.board.shapes import Disc, Point
from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.book import USE_BONUS
from wartime.engine.core.checks import acting_modifiers, roll, spend
from wartime.engine.core.deployment import place
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.scenario import Reserve
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import Message, say
from wartime.rules.effects import EntryAction, effects_of
from wartime.rules.linked import AVATAR

ENTRY = AVATAR
SUMMON_REACH = 1.0  # K from the summoner's base edge to the avatar's
_DIRECTIONS = 8  # the spots offered round the summoner (legal_actions)


def _price() -> int:
    """The ENE a summoning costs (the entry's data: 3)."""
    return max((e.summoned for e in effects_of(ENTRY, EntryAction)), default=0)


def _summons(figure: Figure, reserve: Reserve) -> bool:
    return (
        reserve.side == figure.side and figure.present
        and figure.profile.character in reserve.profile.summoners
    )  # fmt: skip


def _spot_problem(
    state: GameState, figure: Figure, reserve: Reserve, point: Point
) -> Message | None:
    """Why the avatar cannot appear at ``point`` next to its summoner (None: it can)."""
    radius = reserve.base / 2
    gap = edge_distance(figure.position, figure.radius, point, radius)
    if gap > SUMMON_REACH + 1e-9:
        return say(
            "refused.avatar.too_far", avatar=reserve.id, reach=SUMMON_REACH, figure=figure.id,
            gap=gap,
        )  # fmt: skip
    in_the_way = state.physics().overlaps(Disc(reserve.id, point, radius, reserve.side))
    if in_the_way:
        return say("refused.avatar.overlap", avatar=reserve.id, others=", ".join(in_the_way))
    return None


def _spots(state: GameState, figure: Figure, reserve: Reserve) -> list[Point]:
    """Free spots in base contact round the summoner, toward its facing first."""
    reach = figure.radius + reserve.base / 2 + 0.05
    found = []
    for k in range(_DIRECTIONS):
        angle = math.radians(figure.facing + 360.0 * k / _DIRECTIONS)
        x, y = figure.position
        point = (round(x + reach * math.cos(angle), 6), round(y + reach * math.sin(angle), 6))
        if _spot_problem(state, figure, reserve, point) is None:
            found.append(point)
    return found


@hookspecs.offers.impl(order=80, key="avatar")
def offers(state: GameState, figure: Figure) -> list[Action]:
    """Summoning each avatar it may summon, at the first free spot beside it."""
    if state.active != figure.id or not state.summonable:
        return []
    out = []
    for rid in state.summonable:
        reserve = state.reserve(rid)
        spots = _spots(state, figure, reserve) if _summons(figure, reserve) else []
        if spots:
            out.append(Action(USE_BONUS, figure.id, target=rid, point=spots[0], item=ENTRY))
    return out


@hookspecs.bonus_taken.impl(order=50, key="avatar")
def summon(state: GameState, figure: Figure, action: Action) -> list[Event] | None:
    """Usar bonus (Avatar): ENE 3 and a CH INT; passed, the avatar stands at the point."""
    if action.item != ENTRY:
        return None
    if action.target not in state.summonable:
        raise IllegalActionError(
            say("refused.avatar.not_waiting", entry=ENTRY, target=repr(action.target))
        )
    reserve = state.reserve(action.target or "")
    if not _summons(figure, reserve):
        callers = ", ".join(reserve.profile.summoners)
        raise IllegalActionError(
            say("refused.avatar.summoners", entry=ENTRY, avatar=reserve.id, callers=callers)
        )
    if state.active != figure.id:
        raise IllegalActionError(say("refused.avatar.own_turn", entry=ENTRY))
    if action.point is None:
        raise IllegalActionError(say("refused.avatar.no_point", entry=ENTRY, avatar=reserve.id))
    problem = _spot_problem(state, figure, reserve, action.point)
    if problem is not None:
        raise IllegalActionError(problem)
    events = [spend(figure, _price(), f"{ENTRY} ({reserve.id})")]
    purpose = f"CH INT ({ENTRY})"
    outcome, rolled = roll(state, figure, purpose, figure.profile.int_, acting_modifiers(figure))
    events.append(rolled)
    if not outcome.passed:
        text = say("log.avatar.failed", figure=figure.id, avatar=reserve.id)
        return [*events, Event("summon_failed", text, {"figure": figure.id, "avatar": reserve.id})]
    state.summonable.remove(reserve.id)
    avatar = place(state, reserve, action.point, figure.facing)
    x, y = action.point
    text = say("log.avatar.summoned", figure=figure.id, avatar=avatar.id, x=x, y=y)
    data = {"figure": figure.id, "avatar": avatar.id, "point": [x, y]}
    return [*events, Event("summoned", text, data)]
