"""What the catalogue does to a hit: its DAÑ, the CH DEF plan, and the wounds it leaves.

The other half of :mod:`wartime.engine.core.modifiers` (which reads the entries and their
conditions): the effects of ``data/effects/damage.yaml`` and the CH DEF fields of
the vocabulary (:mod:`wartime.rules.effects`), applied by :mod:`wartime.engine.core.combat`.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from wartime.board.shapes import Point
from wartime.engine.core.denial import denies
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import (
    Context,
    carries,
    chosen_now,
    effect_value,
    every_entry,
    fits,
    from_flank,
    hits_before,
    in_force,
    keyed,
    label_of,
    lasting_on,
    named_by,
    option_label,
    own_invocation,
    power_spent,
    sources,
    target_named,
)
from wartime.engine.core.profiles import Trait, Weapon
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.i18n import say
from wartime.rules.effects import CheckModifier, Choice, Damage, Effect

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState


def damage_modifiers(
    state: GameState, attacker: Figure, target: Figure, ctx: Context
) -> list[tuple[str, int]]:
    """DAÑ from the attacker's traits and from the target's "attackers" traits.

    Conditional ones (a critical, an action, the target, the range) count only when the
    blow meets them: see ``_aimed``.
    """
    return [(name, value) for name, value, _ in _damage_effects(state, attacker, target, ctx)]


def damage_factors(target: Figure, weapon: Weapon | None = None) -> list[tuple[str, int]]:
    """The factors on the DAÑ the target takes, each with its entry (Blandito ×2;
    Alérgico (X) ×2 from a weapon of its X)."""
    return [
        (f"{trait.name} ({trait.param})" if trait.param else trait.name, effect.damage_taken)
        for trait, effect in entries_of(target, None)
        if effect.damage_taken and _hit_by(trait, effect, weapon)
    ]


def _hit_by(trait: Trait, effect: Effect, weapon: Weapon | None) -> bool:
    """``hit_by_param``: only a hit with a weapon whose material (the army's
    ``material:``) the entry's X names; not its id, nor its entries (Fuego automático is
    no fire)."""
    if not effect.hit_by_param:
        return True
    return weapon is not None and named_by(trait.param, _material(weapon))


def _material(weapon: Weapon) -> tuple[str, ...]:
    return (weapon.material,) if weapon.material else ()


def defense_bonus(
    state: GameState, figure: Figure, melee: bool | None = None, weapon: Weapon | None = None
) -> int:
    """DEF from the figure's own entries against a blow (``melee``: struck in CaC).

    Its weapons' entries count only once a charge switched them on (Arma de carga);
    an entry with a ``floor`` keeps the DEF they leave from going below it (Escuchimizado).
    """
    ctx = Context(melee=melee)
    total, floor = 0, None
    for trait, effect in every_entry(figure):
        if effect.stat != "DEF" or effect.who != "self" or not in_force(effect, figure, ctx):
            continue
        if not _hit_by(trait, effect, weapon):  # Resistencia a (X)
            continue
        if option_label(trait, effect) is not None or (
            isinstance(effect, Choice) and effect.switch is not None
        ):
            if not chosen_now(figure, trait, effect):  # an option's price (Frenesí)
                continue
        elif (
            trait.weapon is not None or (isinstance(effect, Damage) and effect.after_charge)
        ) and not lasting_on(state, figure, trait, effect):
            continue
        if isinstance(effect, Choice) and effect.equals is not None:
            return effect.equals - figure.defense  # Frenesí: DEF 0, whatever else it has
        total += effect_value(effect, trait)
        if isinstance(effect, CheckModifier) and effect.floor is not None:
            floor = effect.floor if floor is None else max(floor, effect.floor)
    return total if floor is None else max(total, floor - figure.defense)


# -- Damage, wounds and the CH DEF (data/effects/damage.yaml) ---------------------------------


def _aimed(effect: Effect, attacker: Figure, target: Figure, ctx: Context) -> bool:
    """The conditions an effect puts on the blow: a critical, the action, the target, range."""
    if isinstance(effect, Damage):
        if effect.critical and not ctx.critical:
            return False
        if effect.after_wounding and not attacker.blooded:  # Sanguinario
            return False
    if effect.action is not None and effect.action != ctx.action:
        return False
    if isinstance(effect, CheckModifier):  # flank (a check's field): none of those below
        return not effect.flank or from_flank(attacker, target)
    if not isinstance(effect, Damage):
        return True
    if effect.target_has is not None and not _is_of(target, effect.target_has):
        return False
    if effect.target_lacks is not None and carries(target, effect.target_lacks):
        return False
    if effect.target_attribute is not None and effect.target_min is not None:
        name = effect.target_attribute
        have = target.vol if name == "VOL" else target.profile.attribute(name)
        if have < effect.target_min:
            return False
    if effect.within_alc is not None:
        if ctx.weapon is None:
            return False
        gap = edge_distance(attacker.position, attacker.radius, target.position, target.radius)
        return gap <= effect.within_alc * ctx.weapon.alc
    return True


TRANSPORT = "transporte"  # target_has: a figure that is a transport (Reventamuros)


def _is_of(target: Figure, wanted: str) -> bool:
    """``target_has``: an entry or tag it carries, or ``transporte``: it is a transport (a
    transport archetype it rides, not destroyed; driving.drives leaves out a Mecha)."""
    if wanted == TRANSPORT:
        return target.profile.transport is not None and target.riding
    return carries(target, wanted)


def _damage_effects(
    state: GameState, attacker: Figure, target: Figure, ctx: Context
) -> Iterator[tuple[str, int, Effect]]:
    """Each DAÑ effect on this blow: its label, its value and the effect.

    The conditions of checks (``fits``: with_weapon, with_entry, group...) hold for
    DAÑ too; the blow's action is the one under way when the caller does not name it.
    """
    if ctx.action is None and attacker.doing is not None:
        ctx = replace(ctx, action=attacker.doing.kind, item=ctx.item or attacker.doing.item)
    for owner, trait, effect in sources(state, attacker, replace(ctx, against=target)):
        if effect.stat != "DAÑ" or not in_force(effect, attacker, ctx):
            continue
        if not _aimed(effect, attacker, target, ctx):
            continue
        if (
            isinstance(effect, Choice)
            and effect.target_is_param
            and not target_named(target, trait.param)
        ):
            continue  # Munición anti
        if not fits(state, owner, trait, effect, None, ctx):
            continue
        if (
            isinstance(effect, Damage)
            and effect.lost_on_fumble
            and keyed(trait) in state.figures[owner].dulled
        ):
            continue  # Afilada, after a fumble
        value = effect_value(effect, trait)
        if isinstance(effect, Damage):
            if effect.per_wound:  # Energía vital: X = the wounds its bearer has taken
                value *= state.figures[owner].wounds
            if effect.per_hit:  # Fuego sostenido: the hits in a row on this target before
                value *= hits_before(state.figures[owner], target, ctx)
        if isinstance(effect, Choice) and effect.power is not None:
            value = power_spent(state.figures[owner], trait)  # Poderoso: the Poder spent on it
        if value:
            yield label_of(trait, owner, attacker), value, effect


def critical_damage(
    state: GameState, attacker: Figure, target: Figure, ctx: Context
) -> list[tuple[str, int]]:
    """DAÑ that only a critical CH IMP brings (Daño extra, Matarife), beyond its own +1.

    The blow's DAÑ was worked out before the die said critical; this is added then.
    """
    crit = replace(ctx, critical=True)
    return [
        (n, v)
        for n, v, e in _damage_effects(state, attacker, target, crit)
        if isinstance(e, Damage) and e.critical
    ]


def action_damage(state: GameState, attacker: Figure, target: Figure, ctx: Context) -> int:
    """The part of the DAÑ that belongs to this action only (Ariete when embistiendo)."""
    return sum(v for _, v in action_damage_parts(state, attacker, target, ctx))


def action_damage_parts(
    state: GameState, attacker: Figure, target: Figure, ctx: Context
) -> list[tuple[str, int]]:
    """The DAÑ entries that name the action under way, labelled (Ariete, Shin)."""
    return [(n, v) for n, v, e in _damage_effects(state, attacker, target, ctx) if e.action]


@dataclass(frozen=True)
class Blow:
    """A hit as the target's CH DEF meets it: who struck, with what, in CaC, a critical."""

    striker: Figure
    weapon: Weapon | None
    melee: bool
    critical: bool = False


@dataclass(frozen=True)
class Landing:
    """A blow's CH DEF is over: its events, and the target as the blow found it."""

    blow: Blow
    events: list[Event]
    where: Point  # where the target stood when hit
    hurt_before: int  # its wounds before the blow (Figure.hurt)
    damage: int
    source: Point | None  # where the blow came from, for a push (None: from the striker)
    # Whether it met the CH DEF and left the target standing, not stopped by cover or a
    # shield: only then do the striker's entries that ride on a hit act.
    reached: bool


@dataclass(frozen=True)
class Wounded:
    """A blow's wounds are dealt and their consequences begin: what it did to the target."""

    blow: Blow
    dealt: int  # the wounds it dealt (Figure.hurt before and after)
    taken_out: bool  # the target fell to it


@dataclass(frozen=True)
class Chance:
    """An entry that may leave a hit without DAÑ: for sure, or on ``die`` ≤ ``at_most``."""

    label: str
    owner: str  # who rolls it (for the log)
    die: str | None = None  # "1D10" or "1D100"; None: always
    at_most: int = 0


@dataclass(frozen=True)
class Defence:
    """What the entries of both sides do to the CH DEF against one hit, and to its wounds."""

    hits: tuple[str, int] | None = None  # Munición explosiva: defended that many times
    struck: tuple[Chance, ...] = ()  # the striker's (Sin daño, De Padrón): before cover
    own: tuple[Chance, ...] = ()  # the target's (Afortunado): once the hit gets through
    no_cover: str | None = None
    defense: tuple[tuple[str, int], ...] = ()  # DEF from the striker's entries
    checks: tuple[tuple[str, int], ...] = ()  # CH DEF modifiers from them (Munición silenciosa)
    no_repeat: str | None = None
    repeat_pass: tuple[str, str] | None = None  # (entry, "plain" or "any")
    seconds: tuple[tuple[str, str], ...] = ()  # (entry, its DEF: "DEF-1", "DEF/2", "5")
    pass_saves: str | None = None
    pass_wounds: tuple[str, int] | None = None
    wounded_above: tuple[str, float] | None = None
    kill_heals: tuple[str, int] | None = None  # the striker's (Devora almas)


def _chance(label: str, owner: str, effect: Damage) -> Chance:
    if effect.percent:
        return Chance(label, owner, "1D100", effect.percent)
    if effect.d10_at_most:
        return Chance(label, owner, "1D10", effect.d10_at_most)
    return Chance(label, owner)


def defence(state: GameState, target: Figure, blow: Blow | None) -> Defence:
    """Gather the target's own entries and those the striker brings to this hit."""
    plan = Defence()
    for trait, own in entries_of(target, None, Damage):  # the others give it nothing
        if own.who == "self" and (not own.own_invocation or own_invocation(target, blow)):
            plan = _own_defence(plan, trait.name, target.id, own)
    shifted = state.volley_defense  # Arma de enjambre: its criticals lower the DEF
    if shifted is not None and shifted[0] == target.id and shifted[2]:
        plan = replace(plan, defense=(*plan.defense, (shifted[1], shifted[2])))
    if blow is None:
        return plan
    striker = blow.striker
    ctx = Context(target, blow.melee, blow.weapon, critical=blow.critical)

    for trait, effect in entries_of(striker, blow.weapon):
        if striker.side != target.side and denies(target, trait.name):
            continue  # Niega (X): the striker's X does nothing against it
        if in_force(effect, striker, ctx) and _aimed(effect, striker, target, ctx):
            plan = _struck_defence(plan, f"{trait.name} ({striker.id})", trait, effect, striker)
    return plan


def _own_defence(plan: Defence, name: str, owner: str, effect: Damage) -> Defence:
    """The target's entries: the first of each kind counts, second CH DEF add up."""
    return replace(
        plan,
        own=plan.own + ((_chance(name, owner, effect),) if effect.no_damage else ()),
        seconds=plan.seconds + (((name, str(effect.second_def)),) if effect.second_def else ()),
        repeat_pass=plan.repeat_pass or _named(name, effect.repeat_pass),
        pass_saves=plan.pass_saves or (name if effect.pass_saves else None),
        wounded_above=plan.wounded_above or _named(name, effect.wounded_above),
    )


def _struck_defence(
    plan: Defence, name: str, trait: Trait, effect: Effect, striker: Figure
) -> Defence:
    """The striker's entries on the figure it hits (``who: targets``), and Devora almas."""
    if effect.who == "self" and isinstance(effect, Damage) and effect.kill_heals:
        return replace(plan, kill_heals=plan.kill_heals or (name, effect.kill_heals))
    if effect.who != "targets":
        return plan
    defense = (
        ((name, effect_value(effect, trait)),) if effect.stat == "DEF" and effect.value else ()
    )
    check = ((name, effect_value(effect, trait)),) if effect.check == "DEF" and effect.value else ()
    if not isinstance(effect, Damage):  # DEF and CH DEF only: the rest is damage.yaml's
        return replace(plan, defense=plan.defense + defense, checks=plan.checks + check)
    return replace(
        plan,
        struck=plan.struck + ((_chance(name, striker.id, effect),) if effect.no_damage else ()),
        defense=plan.defense + defense,
        checks=plan.checks + check,
        no_cover=plan.no_cover or (name if effect.no_cover else None),
        no_repeat=plan.no_repeat or (name if effect.no_repeat else None),
        # The weapon's forced repeat takes the place of the target's own (the same roll).
        repeat_pass=_named(name, effect.repeat_pass) or plan.repeat_pass,
        pass_wounds=plan.pass_wounds or _named(name, effect.pass_wounds),
        hits=plan.hits or (_named(name, effect.hits) if (effect.hits or 0) > 1 else None),
    )


_T = TypeVar("_T")


def _named(name: str, value: _T | None) -> tuple[str, _T] | None:
    return None if value is None else (name, value)


def second_defense(spec: str, own: int) -> int:
    """The DEF of a second CH DEF: the figure's DEF −N, DEF/N (rounded half up), or a number."""
    if spec.startswith("DEF/"):
        divisor = int(spec[4:])
        return (2 * own + divisor) // (2 * divisor)  # REDONDEO: N.5 goes up
    if spec.startswith("DEF"):
        return own + int(spec[3:] or 0)
    return int(spec)


def fumble_wounds(attacker: Figure, weapon: Weapon | None) -> tuple[str, int] | None:
    """Munición corrosiva: wounds a fumbled CH IMP costs the attacker, with no CH DEF."""
    for trait, effect in entries_of(attacker, weapon, Damage):
        if effect.fumble_wounds:
            return trait.name, effect.fumble_wounds
    return None


def no_healing(figure: Figure) -> str | None:
    """The entry that keeps ``figure`` from recovering wounds (Sin cura), if any."""
    return next((t.name for t, e in entries_of(figure, None, Damage) if e.no_healing), None)


def refuse_healing(figure: Figure, name: str) -> None:
    """Raise IllegalActionError when an entry ``name`` cannot heal ``figure``: it has no
    wounds, or an entry keeps it from recovering any (Sin cura)."""
    if not figure.wounds:
        raise IllegalActionError(say("refused.hits.no_wounds", entry=name, figure=figure.id))
    barred = no_healing(figure)
    if barred is not None:
        raise IllegalActionError(
            say("refused.hits.no_healing", entry=name, figure=figure.id, barred=barred)
        )


def blunts_charge(figure: Figure) -> str | None:
    """The entry that takes the charge bonus from those who charge ``figure`` (Contracarga)."""
    return next((t.name for t, e in entries_of(figure, None, Damage) if e.blunts_charge), None)


def hide(figure: Figure) -> tuple[str, int] | None:
    """The entry whose levels take the figure's wounds first, and how many it has (Escudo
    coriáceo)."""
    return next(((t.name, t.level) for t, e in entries_of(figure, None, Damage) if e.absorbs), None)


def after_wounding(figure: Figure, weapon: Weapon | None) -> bool:
    """Whether it carries an entry that its wounding in CaC switches on (Sanguinario)."""
    return any(e.after_wounding for _, e in entries_of(figure, weapon, Damage))


def lost_on_fumble(attacker: Figure, weapon: Weapon | None, melee: bool) -> list[str]:
    """The entries a fumbled CH IMP takes away (Afilada): those that would have served it."""
    ctx = Context(melee=melee, weapon=weapon)
    return sorted(
        {
            keyed(t)
            for t, e in entries_of(attacker, weapon, Damage)
            if e.lost_on_fumble and in_force(e, attacker, ctx) and keyed(t) not in attacker.dulled
        }
    )
