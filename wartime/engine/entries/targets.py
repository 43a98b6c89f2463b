"""Catalogue entries about targets and weapon reach (BONUS Y MALUS, batch G).

On a weapon (the trait on it, or its archetype's entries):

- **Fuego a larga** (``stretch`` + ``option``): a shot taken with the entry has the
  weapon's ALC and ENE doubled (:func:`stretched`, on the ``shot_weapon`` hook);
  ``legal_actions()`` offers it out past the plain ALC (:func:`extra_attacks`).
- **Arma arrojada** (``thrown_dan``): thrown with Lanzar armas / objetos it reaches
  CON+AGI K and hits with its own DAÑ +1 (:func:`thrown`).
- **Arma corta** (``short_reach``): a ranged weapon of ALC 5 or less is a CaC weapon too
  (:func:`short`, on the ``short_weapon`` hook).
- **Arma muy larga** (``long_reach``) and **Arma ATA** (``any_height``): a CaC blow may
  reach an enemy it is not engaged with, up to 2 K away or at another height
  (:func:`reaches`, asked by ``combat.ataque_cac``); ATA also lets shots and throws
  reach every height.
- **Campo ciego** (``blind_k``, per level): no shot within 5 K per level
  (:func:`shot_problem`).

On the figure:

- **Franco tirador** (``sure_shot``): its shots into a CaC need no second CH IMP.
- **Anónimo** (``anonymous``): no Cargar at it; no shot or throw at it while another
  living figure stands within 3 K of it (:func:`shot_problem`, :func:`refusal`).
- **Horror** (``horror``): a CaC attack at it first needs a passed CH PSI
  (:func:`nerve`, after the attacker's Cobarde: core/nerve.py).
- **Radiante** (``radiant``): an enemy that starts an activation within 10 K of it checks
  CH VOL; failed, its shots in that activation must go at the bearer first, while it can
  shoot at it (:func:`activation_starts`, :func:`refusal`; its :class:`Dazzled` mark).
- **Sombra** (``cover_def``, ``hides_bare``): DEF +1 against hits taken with over 50%
  cover (:func:`shade`), and Esconderse with no cover (:func:`hides_bare`).

Each profile's own entries of the batch are found once and kept, so figures without any
pay one dictionary look-up.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.checks import roll
from wartime.engine.core.combat import check_shot, sight
from wartime.engine.core.denial import denies
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.marks import Mark, Slot
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.nerve import face, is_attack
from wartime.engine.core.profiles import Weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.stats import vol
from wartime.engine.core.traits import per_profile
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import Reason, say
from wartime.rules.effects import Targeting, effects_of

SHOTS = "ataque_distancia"  # every shot at a figure starts so (a bulto, a ciegas...)
THROW = "lanzar_armas_objetos"
# Not a CaC attack for Horror: a throw, and Cargar (its blow, an Ataque CaC, asks instead).
NOT_CAC = frozenset({THROW, "cargar"})
STRETCH_SHOT = "ataque_distancia"  # Fuego a larga serves the plain Ataque a distancia only
TIE = 1e-9
CONTACT = 0.05  # K: bases this close touch (movement.ENGAGED_GAP)


@dataclass(frozen=True)
class Dazzled(Mark):
    """Radiante's mark: the bearers it must shoot at first in this activation."""

    dazzled: tuple[str, ...] = ()


_SLOT = Slot("targets", Dazzled())


def mark(figure: Figure) -> Dazzled:
    """Its Radiante mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Dazzled) -> None:
    """Give it this Radiante mark."""
    _SLOT.put(figure, new)


@dataclass(frozen=True)
class Marks:
    """A profile's entries of this batch: its own (name, effect), and its weapons'
    (weapon id, name, level, effect)."""

    own: tuple[tuple[str, Targeting], ...] = ()
    weapons: tuple[tuple[str, str, int, Targeting], ...] = ()


NONE = Marks()
_FIELDS = ("stretch", "thrown_dan", "short_reach", "long_reach", "blind_k", "any_height",
           "sure_shot", "anonymous", "horror", "radiant", "cover_def", "hides_bare")  # fmt: skip


def _ours(effect: Targeting) -> bool:
    return any(getattr(effect, name) for name in _FIELDS)


@per_profile
def marks(figure: Figure) -> Marks:
    """The figure's entries of this batch (kept per profile unless some are granted)."""
    granted = [t for grant in figure.granted for t in grant.traits]
    own: list[tuple[str, Targeting]] = []
    armed: list[tuple[str, str, int, Targeting]] = []
    for trait in (*figure.profile.traits, *granted):
        for effect in effects_of(trait.name, Targeting):
            if not _ours(effect):
                continue
            if trait.weapon is None:
                own.append((trait.name, effect))
            else:
                armed.append((trait.weapon, trait.name, trait.level, effect))
    for weapon in figure.profile.weapons:  # an archetype's entries not listed as traits
        on_it = {name for wid, name, _, _ in armed if wid == weapon.id}
        for name in weapon.bonuses:
            if name in on_it:
                continue
            armed += [(weapon.id, name, 1, e) for e in effects_of(name, Targeting) if _ours(e)]
    found = Marks(tuple(own), tuple(armed))
    return NONE if found == NONE else found


def _own(figure: Figure, field: str) -> tuple[str, Targeting] | None:
    return next(((n, e) for n, e in marks(figure).own if getattr(e, field)), None)


def _on(figure: Figure, weapon: Weapon | None, field: str) -> tuple[str, int, Targeting] | None:
    if weapon is None:
        return None
    return next(
        ((n, lv, e) for wid, n, lv, e in marks(figure).weapons
         if wid == weapon.id and getattr(e, field)),
        None,
    )  # fmt: skip


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


# -- Fuego a larga -----------------------------------------------------------------------------


@hookspecs.shot_weapon.impl(order=10, key="targets")
def shot_weapon(weapon: Weapon, figure: Figure, action: Action) -> Weapon:
    """A shot taken with ``action``: Fuego a larga's weapon, and Radiante's duty met."""
    shot_at(figure, action)
    return stretched(figure, action, weapon)


def stretched(figure: Figure, action: Action, weapon: Weapon) -> Weapon:
    """Fuego a larga: the weapon as the shot taken with the entry uses it (ALC and ENE
    times the factor); the weapon itself otherwise."""
    if not action.options:
        return weapon
    for wid, name, _, effect in marks(figure).weapons:
        if wid == weapon.id and effect.stretch and name in action.options:
            return replace(weapon, alc=weapon.alc * effect.stretch, ene=weapon.ene * effect.stretch)
    for name, effect in marks(figure).own:  # on the character: any ranged weapon
        if effect.stretch and name in action.options and weapon.ranged:
            return replace(weapon, alc=weapon.alc * effect.stretch, ene=weapon.ene * effect.stretch)
    return weapon


def _stretch_labels(figure: Figure, weapon: Weapon) -> list[tuple[str, int]]:
    found = [(n, e.stretch) for wid, n, _, e in marks(figure).weapons
             if wid == weapon.id and e.stretch]  # fmt: skip
    found += [(n, e.stretch) for n, e in marks(figure).own if e.stretch]
    return [(n, s) for n, s in found if s is not None]


# -- Arma arrojada ---------------------------------------------------------------------------


@hookspecs.thrown.impl(order=10, key="targets")
def thrown(figure: Figure, weapon: Weapon | None, reach: float, dan: int) -> tuple[float, int, str]:
    """Arma arrojada: a thrown weapon carrying it reaches CON+AGI K and hits with its own
    DAÑ plus the entry's; anything else keeps the throw's reach (MOV+CON) and DAÑ.  The
    third item names the reach, for the refusal."""
    found = _on(figure, weapon, "thrown_dan")
    if found is None or weapon is None:
        return reach, dan, "MOV+CON"
    reach = float(figure.profile.con + figure.profile.agi)
    return reach, weapon.dan + found[2].thrown_dan, f"CON+AGI ({found[0]})"


# -- Arma corta, Arma muy larga, Arma ATA ------------------------------------------------------


@hookspecs.short_weapon.impl(order=10, key="targets")
def short(figure: Figure, weapon: Weapon) -> str | None:
    """Arma corta: the entry that lets this ranged weapon serve in CaC, or None."""
    found = _on(figure, weapon, "short_reach")
    if found is None or found[2].short_reach is None or weapon.alc > found[2].short_reach:
        return None
    return found[0]


@hookspecs.any_height.impl(order=10, key="targets")
def any_height(figure: Figure, weapon: Weapon | None) -> bool:
    """Arma ATA: the weapon reaches targets at any height."""
    return _on(figure, weapon, "any_height") is not None


@hookspecs.reaches.impl(order=10, key="targets")
def reaches(state: GameState, figure: Figure, target: Figure, weapon: Weapon) -> str | None:
    """The entry that lets a CaC blow with ``weapon`` reach ``target`` although they are not
    engaged: Arma muy larga (up to its K, edge to edge, at the same height, with LdV) or
    Arma ATA (bases in contact, at another height); None when neither does."""
    gap = _gap(figure, target)
    high = any_height(figure, weapon)
    if target.level != figure.level and not high:
        return None
    if high and gap <= CONTACT:
        return _on(figure, weapon, "any_height")[0]  # type: ignore[index]
    found = _on(figure, weapon, "long_reach")
    if found is None or found[2].long_reach is None or gap > found[2].long_reach + TIE:
        return None
    if target.perch != figure.perch and not high:
        return None
    return None if sight(state, figure, target).line_of_sight == "blocked" else found[0]


# -- Campo ciego, Anónimo ----------------------------------------------------------------------


def blind_zone(figure: Figure, weapon: Weapon) -> tuple[str, float] | None:
    """Campo ciego: the entry and the K around the shooter the weapon cannot fire into."""
    found = _on(figure, weapon, "blind_k")
    if found is None:
        return None
    name, level, effect = found
    return name, float(effect.blind_k or 0) * (level if effect.per_level else 1)


@hookspecs.shot_barred.impl(order=10, key="targets")
def shot_problem(state: GameState, figure: Figure, target: Figure, weapon: Weapon | None) -> None:
    """Raise when Campo ciego (the weapon's) or Anónimo (the target's) forbids the shot."""
    if weapon is not None:
        zone = blind_zone(figure, weapon)
        if zone is not None and _gap(figure, target) < zone[1] - TIE:
            raise IllegalActionError(
                say(
                    "refused.targets.blind",
                    entry=zone[0],
                    weapon=weapon.id,
                    within=zone[1],
                    figure=target.id,
                    gap=_gap(figure, target),
                )
            )
    screen = crowd(state, figure, target)
    if screen is not None:
        raise IllegalActionError(
            say(
                "refused.targets.anonymous",
                figure=target.id,
                screen=screen,
                within=_own(target, "anonymous")[1].anonymous,  # type: ignore[index]
            )
        )


def crowd(state: GameState, shooter: Figure, target: Figure) -> str | None:
    """Anónimo: another living figure (not the shooter) within reach of the target."""
    found = _own(target, "anonymous")
    if found is None or found[1].anonymous is None or denies(shooter, found[0]):
        return None
    reach = float(found[1].anonymous)
    near = sorted(
        f.id
        for f in state.figures.values()
        if f is not target and f is not shooter and f.present and not f.removed
        and f.aboard is None and _gap(f, target) <= reach + TIE
    )  # fmt: skip
    return near[0] if near else None


# -- Franco tirador ----------------------------------------------------------------------------


@hookspecs.sure_shot.impl(order=10, key="targets")
def sure_shot(figure: Figure, target: Figure) -> list[Event]:
    """Franco tirador: a note that the shot into the CaC hits its target with no second
    CH IMP; [] when the shooter lacks it (the second CH IMP follows)."""
    found = _own(figure, "sure_shot")
    if found is None:
        return []
    text = say("log.targets.sure_shot", entry=found[0], figure=figure.id, target=target.id)
    return [Event("sure_shot", text, {"figure": figure.id, "target": target.id})]


# -- Horror ------------------------------------------------------------------------------------


@hookspecs.nerve.impl(order=20, key="targets")
def nerve(state: GameState, figure: Figure, action: Action) -> tuple[list[Event], bool]:
    """Horror: the CH PSI a CaC attack at a bearer needs first, each entry its own, after
    the attacker's own Cobarde (core/nerve.py)."""
    return face(state, figure, action, horror_causes(state, figure, action))


def horror_causes(state: GameState, figure: Figure, action: Action) -> list[str]:
    """Horror: the entries of the target that ask a CH PSI of a CaC attack at it."""
    if action.target is None or action.kind.startswith(SHOTS) or action.kind in NOT_CAC:
        return []
    target = state.figures.get(action.target)
    if target is None or not marks(target).own:
        return []
    found = [name for name, e in marks(target).own if e.horror and not denies(figure, name)]
    return found if found and is_attack(state, figure, action) else []


# -- Radiante ----------------------------------------------------------------------------------


def _radiant(state: GameState, figure: Figure) -> list[tuple[Figure, str, float]]:
    found = []
    for enemy in sorted(state.enemies_of(figure), key=lambda e: e.id):
        for name, effect in marks(enemy).own:
            if denies(figure, name):  # Niega (Radiante)
                continue
            if effect.radiant is not None and _gap(figure, enemy) <= effect.radiant + TIE:
                found.append((enemy, name, float(effect.radiant)))
    return found


@hookspecs.activation_starts.impl(order=80, key="targets")
def activation_starts(state: GameState, figure: Figure) -> list[Event]:
    """Radiante: an enemy of bearers within reach checks CH VOL once as its activation
    starts; failed, its shots must go at them first (its :class:`Dazzled` mark)."""
    put(figure, Dazzled())
    near = _radiant(state, figure)
    if not near:
        return []
    names = ", ".join(f.id for f, _, _ in near)
    purpose = f"CH VOL ({near[0][1]}: {names})"
    outcome, event = roll(state, figure, purpose, vol(state, figure), [])
    if outcome.passed:
        return [event]
    put(figure, Dazzled(tuple(f.id for f, _, _ in near)))
    text = say("log.targets.dazzled", figure=figure.id, targets=names, entry=near[0][1])
    return [
        event,
        Event("dazzled", text, {"figure": figure.id, "targets": list(mark(figure).dazzled)}),
    ]


def _dazzle_refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    if not mark(figure).dazzled or state.active != figure.id or action.target is None:
        return None
    if not action.kind.startswith(SHOTS) or action.target in mark(figure).dazzled:
        return None
    weapon = _weapon_of(figure, action)
    if weapon is None:
        return None
    for bearer_id in mark(figure).dazzled:
        bearer = state.figures.get(bearer_id)
        if bearer is None or bearer.casualty:
            continue
        try:
            check_shot(state, figure, bearer, weapon)
        except IllegalActionError:
            continue
        return say("refused.targets.dazzled", figure=figure.id, bearer=bearer.id)
    return None


def shot_at(figure: Figure, action: Action) -> None:
    """Radiante: a shot at a bearer meets the duty to shoot at it first."""
    if (
        mark(figure).dazzled
        and action.kind.startswith(SHOTS)
        and action.target in mark(figure).dazzled
    ):
        put(figure, Dazzled())


def _weapon_of(figure: Figure, action: Action) -> Weapon | None:
    if action.item is not None:
        return figure.profile.weapon(action.item)
    return next((w for w in figure.profile.weapons if w.ranged), None)


# -- Refusals, and what legal_actions() adds ---------------------------------------------------


@hookspecs.refusal.impl(order=110, key="targets")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Why the batch's entries refuse ``action``: a Cargar at an Anónimo, a shot that a
    Radiante claims first, Fuego a larga with any attack but Ataque a distancia."""
    if action.kind == "cargar" and action.target is not None:
        target = state.figures.get(action.target)
        found = _own(target, "anonymous") if target is not None else None
        if found is not None and not denies(figure, found[0]):
            return say("refused.targets.no_charge", entry=found[0], target=action.target)
    if action.options and action.kind != STRETCH_SHOT:
        names = {n for _, n, _, e in marks(figure).weapons if e.stretch}
        taken = (names | {n for n, e in marks(figure).own if e.stretch}) & set(action.options)
        if taken:
            return say("refused.targets.stretch_only", option=min(taken))
    return _dazzle_refusal(state, figure, action)


@hookspecs.extra_attacks.impl(order=10, key="targets")
def extra_attacks(state: GameState, figure: Figure) -> list[Action]:
    """The attacks the batch's entries open that legal_actions() would not list: Fuego a
    larga's shots past the plain ALC, Arma corta's blows, Arma muy larga's and Arma ATA's
    blows at enemies it is not engaged with (each still checked in full)."""
    found = marks(figure)
    if not found.weapons and not any(e.stretch for _, e in found.own):
        return []
    enemies = state.enemies_of(figure)
    engaged = engaged_with(state, figure)
    out: list[Action] = []
    for weapon in figure.profile.weapons:
        if weapon.ranged:
            for name, factor in _stretch_labels(figure, weapon):
                out += [
                    Action(SHOTS, figure.id, target=e.id, item=weapon.id, options=(name,))
                    for e in enemies
                    if weapon.alc < _gap(figure, e) <= weapon.alc * factor
                ]
            if short(figure, weapon) is not None:
                out += [Action("ataque_cac", figure.id, target=e.id, item=weapon.id)
                        for e in engaged]  # fmt: skip
        out += [
            Action("ataque_cac", figure.id, target=e.id, item=weapon.id)
            for e in enemies
            if e not in engaged and (not weapon.ranged or short(figure, weapon) is not None)
            and reaches(state, figure, e, weapon) is not None
        ]  # fmt: skip
    return out


# -- Sombra ------------------------------------------------------------------------------------


@hookspecs.cover_defense.impl(order=10, key="targets")
def shade(figure: Figure) -> int:
    """Sombra: DEF more against a hit the bearer takes with over 50% cover."""
    return sum(e.cover_def for _, e in marks(figure).own)


@hookspecs.hides_bare.impl(order=10, key="targets")
def hides_bare(figure: Figure) -> bool:
    """Sombra: the bearer may take Esconderse with no cover."""
    return _own(figure, "hides_bare") is not None
