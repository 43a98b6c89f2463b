"""Death, wounds and fire (BONUS Y MALUS), batch I.

- Explota: taken out by wounds, on 1D100 ≤ 50 the bearer blows up with the DAÑ of the
  hit that took it out, over as many K as its MOV.
- Inflamable: taken out by wounds it always blows up, with half that DAÑ (rounded half
  up) over as many K as that half; a fumbled CH IMP of its own, once resolved, blows it
  up on 1D100 ≤ 30 with half the weapon's DAÑ.
- Sangre de ácido: each blow that wounds the bearer gives every enemy in CaC with it 1
  wound with no CH DEF, and takes CAL 1 off one of that enemy's protections
  (core/protections.py, as Aplasta).
- Saikikku: each blow that wounds the bearer gives every enemy in CaC with it 1 stress,
  with no check (the bonus they lose until they act is left to the players).

The blasts are Bomba viviente's (core/blasts.py: each figure caught makes its CH DEF).  The
data is ``data/effects/afterlife.yaml``; docs/rules-interpretations.md has the readings.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.blasts import burst
from wartime.engine.core.checks import chance
from wartime.engine.core.combat import wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.protections import corrode
from wartime.engine.core.psychology import stress_limits
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.engine.core.traits import entries_of
from wartime.i18n import say
from wartime.rules.dice import round_half_up
from wartime.rules.effects import Afterlife

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow, Wounded


def _first(figure: Figure, key: str) -> tuple[str, Afterlife] | None:
    for trait, effect in entries_of(figure, None, Afterlife):
        if getattr(effect, key):
            return trait.name, effect
    return None


# -- Explota and Inflamable --------------------------------------------------------------------


@hookspecs.taken_out.impl(order=30, key="afterlife")
def died(state: GameState, figure: Figure, damage: int) -> list[Event]:
    """``figure`` was just taken out by wounds from a hit of ``damage`` (or that many
    wounds with no hit): a bearer that explodes on death may blow up (once Héroe, Ave
    Fénix and Resurrección have said whether it may come back: revival.py)."""
    events: list[Event] = []
    found = _first(figure, "explodes")
    if found is None:
        return events
    name, effect = found
    assert effect.explodes is not None
    if effect.explodes < 100:
        purpose = say("phrase.afterlife.explodes", entry=name, at_most=effect.explodes)
        hit, event = chance(state, figure.id, purpose, "1D100", effect.explodes)
        events.append(event)
        if not hit:
            return events
    return events + _explode(state, figure, name, effect, damage)


def _explode(
    state: GameState, figure: Figure, name: str, effect: Afterlife, damage: int
) -> list[Event]:
    if effect.explosion == "half_hit":
        half = round_half_up(Fraction(damage, 2))
        return burst(state, figure, name, half, half) if half > 0 else []
    return burst(state, figure, name, damage, figure.mov) if damage > 0 else []


@hookspecs.fumbled.impl(order=10, key="afterlife")
def fumbled(state: GameState, figure: Figure, weapon: Weapon | None) -> list[Event]:
    """``figure``'s fumbled CH IMP with ``weapon`` was resolved: Inflamable may blow up."""
    found = _first(figure, "fumble_explodes")
    if found is None or figure.casualty or weapon is None:
        return []
    name, effect = found
    assert effect.fumble_explodes is not None
    purpose = say("phrase.afterlife.fumble_explodes", entry=name, at_most=effect.fumble_explodes)
    hit, event = chance(state, figure.id, purpose, "1D100", effect.fumble_explodes)
    if not hit:
        return [event]
    dan = max(1, weapon.dan - figure.weapon_wounds.get(weapon.id, 0))
    return [event, *_explode(state, figure, name, effect, dan)]


# -- Sangre de ácido and Saikikku --------------------------------------------------------------


def splashed(state: GameState, target: Figure, blow: Blow, dealt: int) -> list[Event]:
    """A blow dealt ``target`` ``dealt`` wounds: its acid and its psychic cry reach every
    enemy in CaC with it (standing or fallen, it bleeds either way)."""
    if dealt <= 0:
        return []
    acid, cry = _first(target, "acid_blood"), _first(target, "stress_splash")
    if acid is None and cry is None:
        return []

    near = engaged_with(state, target)  # by the bases' places: a fallen bearer still bleeds
    events: list[Event] = []
    if acid is not None:
        events += _acid(state, target, acid[0], near)
    if cry is not None:
        events += _stress(state, target, cry[0], near)
    return events


def _acid(state: GameState, bearer: Figure, name: str, near: list[Figure]) -> list[Event]:
    events: list[Event] = []
    for enemy in near:
        if enemy.casualty:
            continue
        text = say("log.afterlife.acid", entry=name, figure=enemy.id, bearer=bearer.id)
        events.append(Event("acid", text, {"figure": enemy.id, "entry": name}))
        events += corrode(enemy, name)
        events += wound(state, enemy, 1, bearer)
    return events


def _stress(state: GameState, bearer: Figure, name: str, near: list[Figure]) -> list[Event]:
    events: list[Event] = []
    for enemy in near:
        if enemy.casualty:
            continue
        enemy.stress += 1
        text = say(
            "log.afterlife.stress", entry=name, figure=enemy.id, stress=enemy.stress,
            vol=vol(state, enemy),
        )  # fmt: skip
        data = {"figure": enemy.id, "stress": enemy.stress, "entry": name, "source": bearer.id}
        events.append(Event("stress", text, data))
        events += stress_limits(state, enemy)
    return events


@hookspecs.wounded.impl(order=50, key="afterlife")
def _splashed(state: GameState, target: Figure, wounded: Wounded) -> list[Event]:
    """Sangre de ácido, Saikikku: the wounds a blow dealt splash those in CaC with it."""
    return splashed(state, target, wounded.blow, wounded.dealt)
