"""Catalogue entries about movement, uses and conditions of use (BONUS Y MALUS, batch H).

Movement, on the bearer:

- **Cojitranco** (``terrain_step``) and **Equipo pesado** (``burden_con``): :func:`ground`
  turns the ENE surcharge of the ground a move crosses (core/routes.py, and the moves of
  actions/terrain.py): Equipo pesado makes it difficult at least while the bearer's
  CON is that low (not riding a transport); Cojitranco then counts it one level harder,
  never past extreme.
- **Dirección resistida** (``turn_limit``): its facing changes by at most that many
  degrees in one action.  An action asking for a facing farther off (Pivotar, a move's
  final facing) and 180° are refused (:func:`refusal`); the free turn of a Pj that moves
  in its activation stops at the limit (:func:`after`).
- **Caza** (``hunt_turn``): a move may ask for a final facing up to that many degrees past
  what the move allows (a transport's 45°, a reacting Pj's none); the move turns as far as
  it may, then a CH AGI turns it the rest (:func:`hunt_split`; the move rolls it).
- **Ajustable** (``fitted``, on a protection): ``checks.misfit`` is the TAL contra CON malus,
  which leaves out the fitted pieces whose TAL is one off the CON (checks.burden_modifiers).

Uses.  A *use* is an attack with the weapon whose ENE the action pays (the weapon the
entry sits on), or a Usar of the object or metaability carrying the entry:

- **Cargas (X)** (``charges``): X uses per figure and item (its :class:`Worn` mark); one more is
  refused.  Only uses that go ahead count.
- **Arma de campaña** (``campaign``): the first such weapon a figure uses is the only one
  of them it may use for the rest of the game (its :class:`Worn` mark).
- Before a use goes ahead (:func:`before`), in this order: **Prueba de agilidad /
  constitución / inteligencia / voluntad** (``use_check``), a CH of that attribute;
  **Neuropsico** (``use_psi``), a CH PSI; **Sin munición** and **Munición atascada**
  (``misfire``), 1D100 at most that many.  A failed CH or an unlucky 1D100 loses the use:
  its ENE is paid and it counts as an action, as a Cobarde's lost attack.  The CH PSI of
  Neuropsico never stops the use; a failure has its usual cost (stress...).

Araña and Serpiente are not automated: walls are barriers with no surface to walk on, and
the board has no crevices.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action
from wartime.engine.core.checks import acting_modifiers, chance, roll, spend
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import action_weapon
from wartime.engine.core.profiles import Trait
from wartime.engine.core.psychology import psi_check
from wartime.engine.core.responses import entry_name
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of, per_profile
from wartime.engine.core.vehicles import TURN_LIMIT, drives
from wartime.geometry.terrain import SURCHARGE
from wartime.i18n import Message, Reason, say
from wartime.rules.effects import Wear, effects_of

EXTREME = SURCHARGE["extreme"]
DIFFICULT = SURCHARGE["difficult"]
LEVELS = {v: k for k, v in SURCHARGE.items()}  # surcharge -> ground name
TURN_180 = "giro_180"
ROUND = 1e-9  # degrees: turns this close to a limit are within it


@dataclass(frozen=True)
class Worn(marks.Mark):
    """Wear's mark: an item id for each use made of it (Cargas), and the first Arma de
    campaña it used, the only one of them it may use."""

    charged: tuple[str, ...] = ()
    campaign: str | None = None


_SLOT = marks.Slot("wear", Worn())


def mark(figure: Figure) -> Worn:
    """Its wear mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Worn) -> None:
    """Give it this wear mark."""
    _SLOT.put(figure, new)


def _own(figure: Figure) -> Iterator[tuple[Trait, Wear]]:
    """The bearer's own entries (not a weapon's)."""
    return ((t, e) for t, e in entries_of(figure, None, Wear) if t.weapon is None)


# -- Cojitranco, Equipo pesado -----------------------------------------------------------------


@per_profile
def _grounded(figure: Figure) -> tuple[tuple[Trait, Wear], ...]:
    """Its own entries that change the ground (every sampled move asks)."""
    return tuple((t, e) for t, e in _own(figure) if e.burden_con is not None or e.terrain_step)


@hookspecs.ground_surcharge.impl(order=10, key="wear")
def ground(surcharge_why: tuple[int, Reason], figure: Figure) -> tuple[int, Reason]:
    """The ENE surcharge of the ground a move crosses, as it counts for the figure, and the
    reason shown: Equipo pesado makes it difficult at least, then Cojitranco harder."""
    surcharge, why = surcharge_why
    entries = _grounded(figure)
    for trait, effect in entries:
        low = effect.burden_con
        heavy = low is not None and figure.profile.con <= low and not _riding(figure)
        if heavy and surcharge < DIFFICULT:
            surcharge, why = DIFFICULT, _ground(DIFFICULT, trait.name)
    for trait, effect in entries:
        if effect.terrain_step and surcharge < EXTREME:
            surcharge = min(EXTREME, surcharge + effect.terrain_step)
            why = _ground(surcharge, trait.name)
    return surcharge, why


def _ground(surcharge: int, entry: str) -> Message:
    """The ground a move counts as, and the entry that makes it so: "difícil (Cojitranco)"."""
    return say("phrase.wear.ground", ground=say(f"terrain.{LEVELS[surcharge]}"), entry=entry)


def _riding(figure: Figure) -> bool:
    return drives(figure) or figure.aboard is not None


# -- Ajustable ---------------------------------------------------------------------------------


# -- facing: Dirección resistida, Caza ---------------------------------------------------------


def _angle(a: float, b: float) -> float:
    return abs((b - a + 180) % 360 - 180)


def _toward(start: float, goal: float, limit: float) -> float:
    """``start`` turned toward ``goal`` by at most ``limit`` degrees."""
    off = (goal - start + 180) % 360 - 180
    return (start + max(-limit, min(limit, off))) % 360


def turn_limit(figure: Figure) -> tuple[str, int] | None:
    """Dirección resistida: the entry and the most degrees one action may turn the figure."""
    found = [(t.name, e.turn_limit) for t, e in _own(figure) if e.turn_limit is not None]
    return min(found, key=lambda f: f[1]) if found else None


def _hunt(figure: Figure) -> tuple[str, int] | None:
    found = [(t.name, e.hunt_turn) for t, e in _own(figure) if e.hunt_turn is not None]
    return max(found, key=lambda f: f[1]) if found else None


def _move_turn(figure: Figure) -> float:
    """Degrees a move's final facing may be off the figure's facing without Caza."""
    if drives(figure):
        return TURN_LIMIT
    return 0.0 if figure.reacting else 360.0


@hookspecs.turn_beyond.impl(order=10, key="wear")
def hunt_split(figure: Figure, facing: float | None) -> tuple[str, float, float] | None:
    """Caza: when a move's final ``facing`` is beyond what the move allows but within the
    entry's extra degrees, the entry, the facing the move ends with and the one its CH AGI
    turns to (the move rolls it, actions/moving.py)."""
    hunt = _hunt(figure)
    if hunt is None or facing is None or not math.isfinite(facing):
        return None
    allowed, off = _move_turn(figure), _angle(figure.facing, facing)
    if off <= allowed + ROUND or off > allowed + hunt[1] + ROUND:
        return None
    return hunt[0], _toward(figure.facing, facing, allowed), facing % 360


# -- uses --------------------------------------------------------------------------------------


def in_use(figure: Figure, action: Action) -> list[tuple[str, Trait, Wear]]:
    """(item id, entry, effect) of what ``action`` uses: the weapon whose ENE it pays, or
    the object or metaability of a Usar."""
    found: list[tuple[str, Trait, Wear]] = []
    weapon = action_weapon(figure, action)
    if weapon is not None:
        traits: tuple[Trait, ...] = tuple(t for t in figure.profile.traits if t.weapon == weapon.id)
        found += [(weapon.id, t, e) for t in traits for e in effects_of(t.name, Wear)]
    if action.kind == "usar" and action.item is not None:
        ability = figure.profile.metaability(action.item)
        gear = figure.profile.object(action.item)
        held = (ability.grants if ability else ()) + (gear.traits if gear else ())
        found += [(action.item, t, e) for t in held for e in effects_of(t.name, Wear)]
    return found


def charges_of(trait: Trait) -> int | None:
    """Cargas (X): the uses X allows; None when X is no whole number (left to the players)."""
    param = (trait.param or "").strip()
    return int(param) if param.isdigit() else None


@hookspecs.refusal.impl(order=120, key="wear")
def refusal(state: GameState, figure: Figure, action: Action) -> Reason | None:
    """Why the entries of batch H refuse ``action``: its item's charges are spent (Cargas),
    another campaign weapon was used (Arma de campaña), or it turns the figure too far
    (Dirección resistida); None when none does."""
    for item, trait, effect in in_use(figure, action):
        allowed = charges_of(trait) if effect.charges else None
        if allowed is not None and mark(figure).charged.count(item) >= allowed:
            return say(
                "refused.wear.charges",
                entry=trait.name,
                allowed=allowed,
                figure=figure.id,
                item=item,
            )
        if effect.campaign and mark(figure).campaign not in (None, item):
            return say(
                "refused.wear.campaign",
                entry=trait.name,
                figure=figure.id,
                weapon=mark(figure).campaign,
            )
    return _turn_refusal(figure, action)


def _turn_refusal(figure: Figure, action: Action) -> Reason | None:
    limit = turn_limit(figure)
    if limit is None:
        return None
    name, degrees = limit
    if action.kind == TURN_180:
        return say("refused.wear.turn", entry=name, figure=figure.id, degrees=degrees)
    if action.facing is None or not math.isfinite(action.facing):
        return None
    off = _angle(figure.facing, action.facing)
    if off > degrees + ROUND:
        return say(
            "refused.wear.turn_asked", entry=name, figure=figure.id, degrees=degrees, off=off
        )
    return None


@hookspecs.use_tests.impl(order=10, key="wear")
def before(
    state: GameState, figure: Figure, action: Action, cost: Callable[[], int]
) -> tuple[list[Event], bool]:
    """The tests before a use (Prueba de..., Neuropsico, Sin munición, Munición atascada):
    their events and whether the use goes ahead.  ``cost`` is what the action would cost
    (it raises when the action is illegal).  A legality probe rolls nothing."""
    used = [] if state.probing else in_use(figure, action)
    tests = [(t, e) for _, t, e in used if e.use_check or e.use_psi or e.misfire]
    if not tests:
        return [], True
    price = cost()  # the action must be legal before any die is rolled
    events: list[Event] = []
    for trait, effect in sorted(tests, key=lambda te: _order(te[1])):
        lost = _test(state, figure, trait, effect, events)
        if lost is not None:
            return events + _lose(figure, action, price, trait.name, lost), False
    return events, True


def _order(effect: Wear) -> int:
    """Prueba de... first, then Neuropsico, then the ammunition."""
    return 0 if effect.use_check else 1 if effect.use_psi else 2


def _test(
    state: GameState, figure: Figure, trait: Trait, effect: Wear, events: list[Event]
) -> Message | None:
    """One test before the use; the reason it is lost, or None."""
    if effect.use_check is not None:
        attribute = effect.use_check
        outcome, event = roll(
            state, figure, f"CH {attribute} ({trait.name})",
            figure.profile.attribute(attribute), acting_modifiers(figure),
        )  # fmt: skip
        events.append(event)
        return None if outcome.passed else say("phrase.wear.failed_check", attribute=attribute)
    if effect.use_psi:
        events += psi_check(state, figure, trait.name)
        return None
    assert effect.misfire is not None
    purpose = say("phrase.wear.misfire_chance", entry=trait.name, at_most=effect.misfire)
    unlucky, event = chance(state, figure.id, purpose, "1D100", effect.misfire)
    events.append(event)
    return None if not unlucky else say(_MISFIRES.get(trait.name, "phrase.wear.misfire"))


# What a misfire does, by the entry's name (a closed set: each key is in the catalogues).
_MISFIRES = {"Sin munición": "phrase.wear.out_of_ammo", "Munición atascada": "phrase.wear.jammed"}


def _lose(figure: Figure, action: Action, price: int, name: str, why: Message) -> list[Event]:
    events = [spend(figure, price, f"{entry_name(action)} ({name})")] if price else []
    figure.next_action_modifier = 0
    text = say("log.wear.lost", entry=name, figure=figure.id, why=why)
    events.append(Event("use_lost", text, {"figure": figure.id, "entry": name}))
    return events


@hookspecs.used.impl(order=10, key="wear")
def after(figure: Figure, action: Action, facing: float) -> list[Event]:
    """Once a use went ahead: the charge it spent (Cargas), the campaign weapon it used;
    and Dirección resistida stops a free turn at its limit (``facing``: where the figure
    faced as the action began)."""
    events: list[Event] = []
    for item, _, effect in in_use(figure, action):
        if effect.charges:
            put(figure, replace(mark(figure), charged=(*mark(figure).charged, item)))
        if effect.campaign and mark(figure).campaign is None:
            put(figure, replace(mark(figure), campaign=item))
    limit = turn_limit(figure)
    if limit is not None and _angle(facing, figure.facing) > limit[1] + ROUND:
        figure.facing = _toward(facing, figure.facing, limit[1])
        text = say("log.wear.turn", entry=limit[0], figure=figure.id, facing=figure.facing)
        events.append(Event("turn", text, {"figure": figure.id, "facing": figure.facing}))
    return events
