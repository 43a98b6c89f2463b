"""Behaviour entries of the catalogue (BONUS Y MALUS): what the bearer will and will not do.

- **Fanático** (``no_panic``): a failed or fumbled CH LOC brings it no panic, so it never
  has to flee (:func:`fearless`, read by :func:`wartime.engine.core.psychology.loc_check`); a
  fumble still takes its point of VOL.
- **Cobarde** (``attack_psi``): each attack it launches, in its activation or reacting,
  first needs a passed CH PSI (:func:`nerve`).  Failed, the attack is lost: its ENE is
  paid, it counts as an action, and the failed CH PSI has its usual consequences
  (stress, the lost next action outside its activation, the CH LOC of a fumble).
- **Ansia de sangre**, **Animal interior** (``must_charge``): while a Cargar is open to it
  in its own activation, its action is a Cargar (at any enemy it can charge) or handing
  over.  Animal interior is calmed by an ally within 10 K with Líder, Presencia de honor or
  Aura de obstinación.  A critical CH LOC's charge (``Figure.fury``) is held the same way,
  to its one target: :func:`owed_charges` is the one place both are worked out, for
  :func:`compel` (the refusal) and, through :func:`forced_charges`, for the lists of
  choices and the AI.  Whether the owed charge "can be made" is asked of the rules of
  Cargar alone, without this compulsion or the first-action duties of minds.py (each
  would ask the other back, without end).  Those duties are judged with this one in
  force, so when both bind, the charge comes first: Locura asesina's victim is charged,
  not shot, and a victim that cannot be charged is no duty.
- **Miedo en las manos** (``nearest_target``): a shot at a figure must go at the nearest
  enemy it could shoot at now with that weapon, edge to edge; ties leave the choice
  (:func:`refusal`).

Only the figure's own entries count (and those a metaability grants), not a weapon's.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.combat import check_shot
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.legal import reachable_charges
from wartime.engine.core.modifiers import ally_near
from wartime.engine.core.nerve import face, is_attack
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import Reason, say
from wartime.rules.effects import Behaviour

COWARD = "Cobarde"  # the cause its CH PSI is logged with
SHOTS = "ataque_distancia"  # every kind of shot starts so (a bulto, a ciegas...)
TIE = 1e-9  # K: two enemies this close in distance are equally near
BOUND = "behaviour"  # this module's compulsion, as GameState.unbound names it
# What a probe of the owed charge leaves out: this compulsion and minds.py's duties.
OWED_ALONE = frozenset({BOUND, "minds"})


def _effects(figure: Figure) -> list[tuple[str, Behaviour]]:
    return [(t.name, e) for t, e in entries_of(figure, None, Behaviour)]


@hookspecs.no_panic.impl(order=10, key="behaviour")
def fearless(figure: Figure) -> str | None:
    """Fanático: the entry that keeps the figure out of panic, or None."""
    return next((name for name, e in _effects(figure) if e.no_panic), None)


# -- Ansia de sangre, Animal interior, and a critical CH LOC's charge -------------------------


def driven(state: GameState, figure: Figure) -> str | None:
    """The entry that makes the figure charge now (Ansia de sangre...), or None."""
    return next(
        (
            name
            for name, e in _effects(figure)
            if e.must_charge and not (e.unless_ally and ally_near(state, figure, e))
        ),
        None,
    )


@hookspecs.forced_actions.impl(order=30, key="behaviour")
def _fury(state: GameState, figure: Figure, reacting: bool) -> list[Action] | None:
    """A critical CH LOC, Ansia de sangre: the charge or nothing, in its own activation."""
    return None if reacting else forced_charges(state, figure) or None


def forced_charges(state: GameState, figure: Figure) -> list[Action]:
    """The legal charges the figure is held to now, in its own activation ([] when free):
    the enemy a critical CH LOC set it on, or any enemy a must-charge entry can reach."""
    return owed_charges(state, figure, state.check)


def owed_charges(
    state: GameState, figure: Figure, problem: Callable[[Action], Reason | None]
) -> list[Action]:
    """The charges the figure owes now that ``problem`` finds nothing against ([] when
    free): the fury's one target first, else any enemy a must-charge entry can reach."""
    if figure.fury is not None:
        charge = Action("cargar", figure.id, target=figure.fury)
        if problem(charge) is None:
            return [charge]
    if driven(state, figure) is None:
        return []

    return [c for c in reachable_charges(state, figure) if problem(c) is None]


@hookspecs.compulsions.impl(order=10, key="behaviour")
def compel(state: GameState, figure: Figure, action: Action) -> None:
    """Refuse any action but the owed charge (or handing over) while that charge can be made."""
    if BOUND in state.unbound:
        return  # a probe of an owed charge: the rules of Cargar alone judge it
    if action.kind == "end" or (figure.fury is None and driven(state, figure) is None):
        return
    if action.kind == "cargar" and (figure.fury is None or action.target == figure.fury):
        return  # its own legality is the handler's to check
    forced = owed_charges(state, figure, partial(state.check, unbound=OWED_ALONE))
    if not forced or any(action.kind == "cargar" and action.target == c.target for c in forced):
        return
    if figure.fury is not None and forced[0].target == figure.fury:
        raise IllegalActionError(
            say("refused.behaviour.enraged", figure=figure.id, target=figure.fury)
        )
    targets = ", ".join(str(c.target) for c in forced)
    raise IllegalActionError(
        say(
            "refused.behaviour.must_charge",
            figure=figure.id,
            entry=driven(state, figure),
            targets=targets,
        )
    )


# -- Cobarde -----------------------------------------------------------------------------------


@hookspecs.nerve.impl(order=10, key="behaviour")
def nerve(state: GameState, figure: Figure, action: Action) -> tuple[list[Event], bool]:
    """Cobarde: the CH PSI before each attack it launches (core/nerve.py); it comes before
    the target's Horror (targets.py)."""
    coward = any(e.attack_psi for _, e in _effects(figure)) and is_attack(state, figure, action)
    return face(state, figure, action, [COWARD] if coward else [])


# -- Miedo en las manos ------------------------------------------------------------------------


@hookspecs.refusal.impl(order=90, key="behaviour")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Miedo en las manos: why a shot at this target is refused (a nearer enemy it could
    shoot at now with that weapon), or None."""
    if not action.kind.startswith(SHOTS) or action.target is None:
        return None
    if not any(e.nearest_target for _, e in _effects(figure)):
        return None
    target = state.figures.get(action.target)
    weapon = _shooting_with(figure, action)
    if target is None or weapon is None:
        return None  # the handler says why

    gap = _gap(figure, target)
    nearer = sorted(
        (e for e in state.enemies_of(figure) if e is not target and _gap(figure, e) < gap - TIE),
        key=lambda e: (_gap(figure, e), e.id),
    )
    for enemy in nearer:
        try:
            check_shot(state, figure, enemy, weapon)
        except IllegalActionError:
            continue
        return say("refused.behaviour.nearest", figure=figure.id, enemy=enemy.id, target=target.id)
    return None


def _shooting_with(figure: Figure, action: Action) -> Weapon | None:
    if action.item is not None:
        return figure.profile.weapon(action.item)
    return next((w for w in figure.profile.weapons if w.ranged), None)


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)
