"""Casting (METAHABILIDADES, PSICOLOGÍA): what the mind actions, the metaabilities and
Contramagia share.

- Who casts with what: a **neuromante** (the entry Neuromante) checks INT, a
  **titiritero** (Atadura) its VOL as it is now (:func:`mind_attribute`).
- Whom: a target at the caster's height, in its CdV and within the reach the action or
  metaability gives (:func:`within_reach`).
- The caster's CH INT, which becomes a CH INT ENF against the counter-mage while
  Contramagia answers it (:func:`cast_roll`; actions/countermagic.py).
- Pifias con metahabilidades: +1 stress unless a CH PSI passes, unless an entry spares
  the caster (the ``fumble_spared`` hook: Runas de protección) (:func:`fumbled`).
- Stress from an attack on the mind, and what it sets off (:func:`gain_stress`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.book import COUNTER
from wartime.engine.core.checks import Modifiers, acting_modifiers, roll
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import Context
from wartime.engine.core.psychology import NEUROMANCER, psi_check, stress_limits
from wartime.engine.core.stats import sight_extra, vol
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.geometry.vision import can_interact, in_arc, vision_range
from wartime.i18n import Reason, say, told
from wartime.rules.dice import OpposedResult, Outcome, opposed_result

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState

TITIRITERO = "Atadura"  # the entry that makes a titiritero (checks VOL)
RELAY = "Resonador"  # the entry an invocación may be cast from (entries/resonator.py)


def relay_option(figure_id: str) -> str:
    """How Usar's options name the figure an invocación is cast from (Resonador)."""
    return f"{RELAY} ({figure_id})"


def relayed_from(options: tuple[str, ...]) -> str | None:
    """The figure Usar's options cast from, or None."""
    prefix = f"{RELAY} ("
    return next((o[len(prefix) : -1] for o in options if o.startswith(prefix)), None)


def spell_options(options: tuple[str, ...]) -> tuple[str, ...]:
    """Usar's options for the metaability itself: all but the one naming a relay."""
    prefix = f"{RELAY} ("
    return tuple(o for o in options if not o.startswith(prefix))


def bears(figure: Figure, name: str) -> bool:
    """The figure's own profile lists the entry ``name`` (not one granted it)."""
    return any(t.name == name for t in figure.profile.traits)


def mind_attribute(state: GameState, figure: Figure) -> tuple[str, int] | None:
    """INT for a neuromante, VOL (as it is now) for a titiritero, None for anyone else."""
    if bears(figure, NEUROMANCER):
        return "INT", figure.profile.int_
    if bears(figure, TITIRITERO):
        return "VOL", vol(state, figure)
    return None


def within_reach(
    state: GameState, figure: Figure, target: Figure, label: Reason, name: str, reach: int
) -> None:
    """A target at the same height (or levels 1 and 2), in the CdV and within ``reach`` K."""
    if not can_interact(figure.level, target.level, ranged=True):
        raise IllegalActionError(say("refused.combat.height", target=target.id))
    gap = edge_distance(figure.position, figure.radius, target.position, target.radius)
    sight = vision_range(vol(state, figure)) + sight_extra(figure)  # Súper vista...
    if not in_arc(figure.position, figure.facing, target.position, target.radius) or gap > sight:
        raise IllegalActionError(
            say("refused.magic.cdv", target=target.id, figure=figure.id, sight=sight)
        )
    if gap > reach + 1e-9:
        raise IllegalActionError(
            say(
                "refused.magic.reach",
                target=target.id,
                gap=gap,
                label=label,
                name=name,
                reach=reach,
            )
        )


def fumbled(state: GameState, figure: Figure) -> list[Event]:
    """Pifias con metahabilidades: the CH PSI of a fumbled casting (+1 stress if it fails),
    or what spares the caster it (Runas de protección)."""
    spared = hookspecs.fumble_spared.first(figure)
    return spared if spared is not None else psi_check(state, figure, say("phrase.magic.fumble"))


def gain_stress(state: GameState, target: Figure, amount: int, source: Figure) -> list[Event]:
    """``target`` gains ``amount`` stress from ``source``'s attack on its mind."""
    if amount <= 0:
        text = say("log.magic.resists", figure=target.id, by=source.id)
        return [Event("no_stress", text, {"figure": target.id, "by": source.id})]
    target.stress += amount
    text = say(
        "log.psychology.stress_up",
        figure=target.id,
        amount=amount,
        stress=target.stress,
        vol=vol(state, target),
    )
    data = {"figure": target.id, "stress": target.stress, "gain": amount, "by": source.id}
    return [Event("stress", text, data), *stress_limits(state, target)]


def cast_roll(
    state: GameState, caster: Figure, purpose: Reason, value: int, mods: Modifiers, ctx: Context
) -> tuple[Outcome, list[Event]]:
    """The caster's CH INT, or, under Contramagia, the CH INT ENF that replaces it.

    A critical gives the other side 1 stress, a fumble its roller (the caster's own
    fumble keeps the usual CH PSI of a fumbled metaability instead); a CH VOL avoids
    that stress.
    """
    countering = state.countering
    if (
        countering is None
        or countering[1] != caster.id
        or not told(purpose, "es").startswith("CH INT")  # the game's own words
    ):
        outcome, event = roll(state, caster, purpose, value, mods, ctx)
        return outcome, [event]
    mage = state.figure(countering[0])
    opposed = say("phrase.magic.opposed", purpose=purpose)
    mine, mine_event = roll(state, caster, opposed, value, mods, ctx)
    ctx_mage = Context(caster, melee=False, action=COUNTER, defending=True)
    theirs, theirs_event = roll(
        state, mage, "CH INT ENF (Contramagia)", mage.profile.int_, acting_modifiers(mage), ctx_mage
    )
    a, d = mine_event.data, theirs_event.data
    result = opposed_result(a["roll"], a["target"], d["roll"], d["target"])
    goes_on = result is OpposedResult.ACTOR
    text = (
        say("log.magic.goes_on", mage=mage.id, caster=caster.id)
        if goes_on
        else say("log.magic.cancelled", mage=mage.id, caster=caster.id)
    )
    data = {"figure": caster.id, "by": mage.id, "result": result.value}
    events = [mine_event, theirs_event, Event("opposed", text, data)]
    if theirs is Outcome.CRITICAL:
        events += _shaken(state, caster, mage)
    if mine is Outcome.CRITICAL or theirs is Outcome.FUMBLE:
        events += _shaken(state, mage, caster)
    outcome = mine if goes_on or mine is Outcome.FUMBLE else Outcome.FAIL
    return outcome, events


def _shaken(state: GameState, figure: Figure, source: Figure) -> list[Event]:
    """1 level of stress, unless a CH VOL passes (its DEF is a CH VOL)."""
    outcome, event = roll(state, figure, "CH VOL (Contramagia)", vol(state, figure), [])
    return [event] if outcome.passed else [event, *gain_stress(state, figure, 1, source)]
