"""Resonador (BONUS Y MALUS): a neuromante may cast its invocaciones from the bearer.

Our reading (docs/rules-interpretations.md): Usar of an invocación (a metaability whose
CH ATR is INT) names the bearer in its options, "Resonador (<id>)": the invocación's
CdV and ALC are then measured from the bearer, not from the caster, wherever the caster
stands.  The caster pays as usual; then a bearer of the other side may resist with a
CH VOL ENF, and if it wins nothing is cast (the ENE is spent).  A bearer that lets the
invocación through, willing or not, gains 1 stress and makes a CH PSI.
"""

from __future__ import annotations

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import contest
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.magic import RELAY, gain_stress, relay_option, relayed_from
from wartime.engine.core.profiles import Metaability
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import carried, per_profile
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.dice import OpposedResult

ENTRY = RELAY
INVOCATION = "INT"  # the CH ATR of an invocación (METAHABILIDADES)


@per_profile
def bearer(figure: Figure) -> bool:
    return any(t.name == ENTRY for t in carried(figure))


@hookspecs.cast_origin.impl(order=10, key="resonator")
def origin(state: GameState, caster: Figure, action: Action, ability: Metaability) -> Figure | None:
    """The bearer the invocación is cast from, checked; None when no option names one."""
    fid = relayed_from(action.options)
    if fid is None:
        return None
    relay = state.figures.get(fid)
    if relay is None or not relay.present or not bearer(relay):
        raise IllegalActionError(say("refused.resonator.none", entry=ENTRY, figure=fid))
    if relay is caster:
        raise IllegalActionError(say("refused.resonator.itself", entry=ENTRY, figure=caster.id))
    if ability.attribute != INVOCATION:
        raise IllegalActionError(
            say("refused.resonator.invocation", entry=ENTRY, ability=ability.id)
        )
    return relay


@hookspecs.cast_relayed.impl(order=10, key="resonator")
def relayed(
    state: GameState, caster: Figure, relay: Figure, ability: Metaability
) -> tuple[list[Event], bool]:
    """An enemy bearer may resist (CH VOL ENF); let through, it gains 1 stress and a CH PSI."""
    text = say(
        "log.resonator.cast", figure=caster.id, ability=ability.id, relay=relay.id, entry=ENTRY
    )
    events = [Event("resonator", text, {"figure": caster.id, "from": relay.id})]
    if relay.side != caster.side:
        result, _, contested = contest(state, caster, relay, "VOL", melee=False)
        events += contested
        if result is not OpposedResult.ACTOR:
            said = say("log.resonator.resisted", relay=relay.id, ability=ability.id)
            return [*events, Event("resisted", said, {"figure": relay.id, "by": caster.id})], False
    events += gain_stress(state, relay, 1, caster)
    return events + psi_check(state, relay, ENTRY), True


@hookspecs.metaability_offers.impl(order=30, key="resonator")
def offers(
    state: GameState, caster: Figure, ability: Metaability, near: list[Figure]
) -> list[Action]:
    """The invocación cast from each bearer in play, at each figure within its ALC of it."""
    if ability.attribute != INVOCATION:
        return []
    out = []
    for relay in state.figures.values():
        if relay is caster or not relay.present or not bearer(relay):
            continue
        for other in state.figures.values():
            gap = edge_distance(relay.position, relay.radius, other.position, other.radius)
            if other is not caster and other.present and gap <= ability.alc:
                options = (relay_option(relay.id),)
                out.append(
                    Action("usar", caster.id, target=other.id, item=ability.id, options=options)
                )
    return out
