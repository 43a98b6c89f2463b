"""Arma de enjambre (BONUS Y MALUS): swarm weapons fire together, as one volley.

Our reading (docs/rules-interpretations.md): the acting figure shoots with a weapon that
carries the entry and names it in the action's options (an option of the attack, offered
and checked as the others are: entries/options.py); every ally with a ranged swarm
weapon that could shoot the same target now (CdV, range, LdV, not engaged) fires with
it, at once, and so does the acting figure.  Each pays its weapon's ENE and may go
down to ENE −10 for it, acting or not.  Each rolls its own CH IMP; then each fumble
cancels a critical (both count as a plain pass and a plain miss), and each critical
left lowers the target's DEF (by 1, the entry's data) against every hit of the volley,
besides its own bonus.  A fumble with no critical to cancel is an ordinary fumble.  The
hits then land one by one, in the order the figures fired.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import afford, spend
from wartime.engine.core.combat import Aimed, Sight, aim_shot, check_shot, land_shot, shot_target
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.dice import Outcome
from wartime.rules.effects import Special, effects_of

ENTRY = "Arma de enjambre"


def _def_per_critical() -> int:
    """What each critical left takes off the target's DEF (the entry's data: 1)."""
    return max((e.swarm for e in effects_of(ENTRY, Special)), default=0)


def swarming(weapon: Weapon) -> bool:
    """A ranged weapon with the entry and no template."""
    return ENTRY in weapon.bonuses and weapon.ranged and weapon.area is None


def _joiners(
    state: GameState, shooter: Figure, target: Figure
) -> list[tuple[Figure, Weapon, Sight]]:
    """The allies that fire with ``shooter``: each with its first swarm weapon that can
    shoot ``target`` now and whose ENE it can pay (down to −10)."""
    found = []
    for ally in state.living(shooter.side):
        if ally is shooter or not ally.present:
            continue
        for weapon in (w for w in ally.profile.weapons if swarming(w)):
            try:
                seen = check_shot(state, ally, target, weapon)
                afford(ally, weapon.ene, ENTRY, deep=True)
            except IllegalActionError:
                continue
            found.append((ally, weapon, seen))
            break
    return found


@hookspecs.volley.impl(order=10, key="swarm")
def volley(state: GameState, figure: Figure, action: Action, weapon: Weapon) -> list[Event] | None:
    """The shot with the option: the volley of every swarm weapon that can join."""
    if ENTRY not in action.options:
        return None
    if not swarming(weapon):
        raise IllegalActionError(say("refused.swarm.weapon", entry=ENTRY, weapon=weapon.id))
    target, seen = shot_target(state, figure, action, weapon)
    joiners = _joiners(state, figure, target)
    if not joiners:
        raise IllegalActionError(
            say("refused.swarm.no_ally", entry=ENTRY, target=target.id, figure=figure.id)
        )
    shooters = [(figure, weapon, seen), *joiners]
    names = ", ".join(s.id for s, _, _ in shooters)
    text = say("log.swarm.volley", entry=ENTRY, figures=names, target=target.id)
    events = [Event("volley", text, {"figures": [s.id for s, _, _ in shooters],
                                     "target": target.id})]  # fmt: skip
    aimed: list[Aimed] = []
    for shooter, arm, view in shooters:
        events.append(
            spend(shooter, arm.ene, say("phrase.checks.with", label=ENTRY, other=arm.id), deep=True)
        )
        shot = aim_shot(state, shooter, target, arm, view)
        events += shot.events
        aimed.append(shot)
    outcomes, more, shift = _cancelled([a.outcome for a in aimed], target)
    events += more
    state.volley_defense = (target.id, ENTRY, -shift)
    try:
        for shot, outcome in zip(aimed, outcomes, strict=True):
            events += land_shot(state, shot, outcome)
    finally:
        state.volley_defense = None
    return events


def _cancelled(outcomes: list[Outcome], target: Figure) -> tuple[list[Outcome], list[Event], int]:
    """Each fumble cancels a critical; the criticals left lower the target's DEF."""
    crits = [i for i, o in enumerate(outcomes) if o is Outcome.CRITICAL]
    fumbles = [i for i, o in enumerate(outcomes) if o is Outcome.FUMBLE]
    pairs = min(len(crits), len(fumbles))
    out = list(outcomes)
    for i in crits[:pairs]:
        out[i] = Outcome.PASS
    for i in fumbles[:pairs]:
        out[i] = Outcome.FAIL
    events = []
    if pairs:
        text = say("log.swarm.cancelled", entry=ENTRY, pairs=pairs)
        events.append(Event("volley_cancelled", text, {"cancelled": pairs}))
    left = len(crits) - pairs
    shift = left * _def_per_critical()
    if left:
        text = say("log.swarm.criticals", entry=ENTRY, left=left, shift=shift, target=target.id)
        events.append(Event("volley_criticals", text, {"target": target.id, "def": -shift}))
    return out, events, shift
