"""Triggers of hits, kills and wounds (BONUS Y MALUS), batch F.

The catalogue entries that answer something happening in combat rather than change a
check's number:

- Acobardamiento: a figure the bearer hits checks CH PSI once the hit is resolved.
- Fatality: taking an enemy out in CaC makes the enemies near the bearer check CH PSI.
- Munición cegadora / paralizante: a hit drains the target's ENE (3, or the weapon's
  DAÑ), never below the reaction floor.
- Munición aturdiradora: a hit leaves the target unable to react, at CH ATR −1, until
  the end of its next activation (its :class:`Triggered` mark: 1 waiting, 2 in that activation).
- Psicópata: ENE for each wound its blows deal.
- Enfermo terminal: wounds with no CH DEF as each of its activations ends.
- Peligro: a fumbled CH IMP's hit on the bearer has more DAÑ, and Pinchos: a critical
  CH DEF in CaC strikes the attacker back harder (numbers the core reads: combat.py).
- Ira: wounded in CaC and still standing, its next activation has CH IMP and DAÑ +1 in
  CaC (the ``wrath`` condition, the mark's wrath: bit 1 earned, bit 2 in force).
- Orgulloso: wounded in CaC and still standing, a free blow at who wounded it
  (the core's free blow, the one of Grito de venganza: combat.free_blow).

Berserker and Sed de sangre lengthen Cargar as the cries do: entries/cries.py reads
``own_charge`` and ``own_kill_charge``.  A hit that the cover or a shield stops is no
hit here.  The data is ``data/effects/triggers.yaml``; docs/rules-interpretations.md has
the readings.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.combat import free_blow, striking_free, wound
from wartime.engine.core.events import Event
from wartime.engine.core.figures import ENE_CAP, REACTION_FLOOR, Figure
from wartime.engine.core.modifiers import Context, check_kinds
from wartime.engine.core.profiles import Trait, Weapon
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.effects import Trigger

if TYPE_CHECKING:
    from wartime.engine.core.hits import Landing, Wounded

STUNNED = "aturdido"  # the label of the stun's CH ATR −1
WAITING, NOW = 1, 2  # the mark's stunned, and the bits of its wrath


def _with(figure: Figure, weapon: Weapon | None, key: str) -> list[tuple[Trait, Trigger]]:
    return [(t, e) for t, e in entries_of(figure, weapon, Trigger) if getattr(e, key)]


@dataclass(frozen=True)
class Triggered(marks.Mark):
    """The triggers' mark: Munición aturdiradora's stun (1 until its next activation, 2
    during it) and Ira (bit 1 earned for its next activation, bit 2 in force now)."""

    stunned: int = 0
    wrath: int = 0


_SLOT = marks.Slot("triggers", Triggered())


def mark(figure: Figure) -> Triggered:
    """Its triggers' mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Triggered) -> None:
    """Give it this triggers' mark."""
    _SLOT.put(figure, new)


@hookspecs.barred_from_reacting.impl(order=10, key="triggers")
def stunned(figure: Figure) -> bool:
    """Munición aturdiradora: no reactions until its next activation ends."""
    return bool(mark(figure).stunned)


# -- A hit: Munición cegadora, paralizante, aturdiradora, Acobardamiento -----------------------


@hookspecs.landed.impl(order=10, key="triggers")
def landed(state: GameState, target: Figure, landing: Landing) -> list[Event]:
    """A hit that reached ``target``: the striker's entries that drain or stun it."""
    if not landing.reached:
        return []
    striker, weapon = landing.blow.striker, landing.blow.weapon
    found: list[Event] = []
    for trait, effect in entries_of(striker, weapon, Trigger):
        if effect.hit_ene or effect.hit_ene_dan:
            loss = effect.hit_ene or _weapon_damage(striker, weapon)
            found += _drain(target, trait.name, loss)
        if effect.stuns:
            put(target, replace(mark(target), stunned=WAITING))
            text = say("log.triggers.stunned", entry=trait.name, figure=target.id)
            found.append(Event("stunned", text, {"figure": target.id, "entry": trait.name}))
    return found


@hookspecs.landed.impl(order=16, key="triggers_cowing")
def _cowed(state: GameState, target: Figure, landing: Landing) -> list[Event]:
    """Acobardamiento: a hit that reached ``target`` calls for its CH PSI."""
    if not landing.reached:
        return []
    striker = landing.blow.striker
    found: list[Event] = []
    cowing = _with(striker, landing.blow.weapon, "hit_psi")
    if cowing and not target.casualty:
        found += psi_check(state, target, cowing[0][0].name, source=striker)
    return found


def _weapon_damage(figure: Figure, weapon: Weapon | None) -> int:
    """The weapon's DAÑ as it stands (its wounds take it down, never below 1)."""
    if weapon is None:
        return 0
    return max(1, weapon.dan - figure.weapon_wounds.get(weapon.id, 0))


def _drain(target: Figure, name: str, loss: int) -> list[Event]:
    before = target.ene
    target.ene = max(REACTION_FLOOR, min(before, before - loss))
    text = say("log.triggers.ene_lost", entry=name, figure=target.id, before=before, ene=target.ene)
    return [Event("ene_lost", text, {"figure": target.id, "entry": name, "ene": target.ene})]


@hookspecs.check_shifts.impl(order=20, key="triggers")
def _check_shifts(
    state: GameState, figure: Figure, purpose: str, ctx: Context
) -> list[tuple[str, int]]:
    return check_shifts(figure, purpose)


def check_shifts(figure: Figure, purpose: str) -> list[tuple[str, int]]:
    """A stunned figure's CH ATR −1 (cheap: every roll asks)."""
    if not mark(figure).stunned or "ATR" not in check_kinds(purpose):
        return []
    return [(STUNNED, -1)]


# -- Wounds dealt and taken: Psicópata, Ira, Orgulloso; a kill: Fatality -----------------------


@hookspecs.wounded.impl(order=30, key="triggers")
def wounded(state: GameState, target: Figure, wounded: Wounded) -> list[Event]:
    """``blow`` dealt ``target`` wounds, or took it out: Psicópata, Ira, Orgulloso, Fatality."""
    blow, dealt, taken_out = wounded.blow, wounded.dealt, wounded.taken_out
    striker = blow.striker
    events: list[Event] = []
    if dealt > 0 and not striker.casualty:
        events += _psychopath(striker, dealt)
    if blow.melee and dealt > 0 and not target.casualty:
        events += _wrath(target)
        events += _pride(state, target, striker)
    if blow.melee and taken_out and not striker.casualty:
        events += _fatality(state, striker, target)
    return events


def _psychopath(striker: Figure, dealt: int) -> list[Event]:
    gain = sum(e.wound_ene for _, e in _with(striker, None, "wound_ene")) * dealt
    if not gain or striker.ene >= ENE_CAP:
        return []
    before = striker.ene
    striker.ene = min(ENE_CAP, before + gain)
    text = say("log.triggers.psychopath", figure=striker.id, before=before, ene=striker.ene)
    return [Event("ene_gain", text, {"figure": striker.id, "ene": striker.ene})]


def _wrath(target: Figure) -> list[Event]:
    found = _with(target, None, "wrath")
    if not found:
        return []
    put(target, replace(mark(target), wrath=mark(target).wrath | WAITING))
    text = say("log.triggers.wrath", entry=found[0][0].name, figure=target.id)
    return [Event("wrath", text, {"figure": target.id})]


def _pride(state: GameState, target: Figure, striker: Figure) -> list[Event]:
    """Orgulloso: one free blow back (a free blow never brings another: combat.free_blow)."""
    found = _with(target, None, "strikes_back")
    if not found or striker.casualty or striking_free():
        return []
    name = found[0][0].name
    text = say("log.triggers.strike_back", entry=name, figure=target.id, striker=striker.id)
    opening = Event("strike_back", text, {"figure": target.id, "target": striker.id})
    return free_blow(state, target, striker, name, opening)


def _fatality(state: GameState, striker: Figure, victim: Figure) -> list[Event]:
    found = _with(striker, None, "kill_psi")
    if not found:
        return []
    trait, effect = found[0]
    near = [
        e for e in state.enemies_of(striker)
        if e is not victim
        and edge_distance(e.position, e.radius, striker.position, striker.radius) <= effect.kill_psi
    ]  # fmt: skip
    names = ", ".join(e.id for e in near) or say("phrase.blasts.nobody")
    text = say(
        "log.triggers.fatality", entry=trait.name, figure=striker.id, victim=victim.id,
        names=names,
    )  # fmt: skip
    events = [Event("fatality", text, {"figure": striker.id, "cowed": [e.id for e in near]})]
    for enemy in near:
        if not enemy.casualty:
            events += psi_check(state, enemy, trait.name, source=striker)
    return events


# -- Activations: the stun and Ira come and go; Enfermo terminal -------------------------------


@hookspecs.activation_starts.impl(order=50, key="triggers")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    events = []
    if mark(figure).stunned == WAITING:
        put(figure, replace(mark(figure), stunned=NOW))
        text = say("log.triggers.still_stunned", figure=figure.id)
        events.append(Event("stunned", text, {"figure": figure.id}))
    if mark(figure).wrath:
        put(figure, replace(mark(figure), wrath=NOW if mark(figure).wrath & WAITING else 0))
        if mark(figure).wrath:
            text = say("log.triggers.furious", figure=figure.id)
            events.append(Event("wrath", text, {"figure": figure.id}))
    return events


@hookspecs.activation_ends.impl(order=10, key="triggers")
def activation_ends(state: GameState, figure: Figure) -> list[Event]:
    """As ``figure``'s activation ends (before the turn passes on)."""
    if mark(figure).stunned == NOW:
        put(figure, replace(mark(figure), stunned=0))
    if mark(figure).wrath & NOW:
        put(figure, replace(mark(figure), wrath=mark(figure).wrath & WAITING))
    found = _with(figure, None, "end_wounds")
    if not found or figure.casualty:
        return []
    hurt = sum(e.end_wounds for _, e in found)
    text = say("log.triggers.end_wounds", entry=found[0][0].name, figure=figure.id, wounds=hurt)
    events = [Event("end_wounds", text, {"figure": figure.id, "wounds": hurt})]
    return events + wound(state, figure, hurt)


@hookspecs.in_wrath.impl(order=10, key="triggers")
def in_wrath(figure: Figure) -> bool:
    """Ira's modifiers hold (the ``wrath`` condition, modifiers._second_fits)."""
    return bool(mark(figure).wrath & NOW)
