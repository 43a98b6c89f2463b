"""Automated bonus/malus: which of the catalogue's effects reach a roll, and how.

Each figure carries traits (the catalogue entries of its archetypes).  A
weapon's traits count only while that weapon is used; the others always do.
The effects themselves are data (``data/effects``, see
:mod:`wartime.rules.effects`); this module decides which apply to a check, an
ENE cost or the initiative, with their conditions (the action, the weapon, the
target, auras by distance, chains of shots...).  What they do to a hit, its DAÑ
and the CH DEF plan, is :mod:`wartime.engine.core.hits`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs
from wartime.engine.core.action import Action
from wartime.engine.core.anatomy import serves
from wartime.engine.core.denial import denied, void
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure, Volley
from wartime.engine.core.movement import FAST, engaged_with
from wartime.engine.core.profiles import METAABILITY_KINDS, Trait, Weapon
from wartime.engine.core.stats import vol
from wartime.engine.core.traits import carried, entries_of, per_profile
from wartime.geometry.distance import edge_distance
from wartime.rules.actions import Attribute, EneSource, load_actions
from wartime.rules.catalog import load_catalog
from wartime.rules.dice import round_half_up
from wartime.rules.effects import (
    Aura,
    CheckModifier,
    Choice,
    Damage,
    Effect,
    EntryAction,
    Reroll,
    Trigger,
    load_effects,
)
from wartime.rules.text import fold

if TYPE_CHECKING:
    from wartime.engine.core.hits import Blow
    from wartime.engine.core.state import GameState

# Which effect names touch a check: CH IMP is a CH AGI with a physical weapon
# (COMBATE); CH PSI and CH LOC are CH VOL (PSICOLOGÍA).
_FAMILY = {
    "IMP": {"IMP", "AGI", "ATR"},
    "DEF": {"DEF"},
    "PSI": {"PSI", "VOL", "ATR"},
    "LOC": {"LOC", "VOL", "ATR"},
    "CON": {"CON", "ATR"},
    "AGI": {"AGI", "ATR"},
    "INT": {"INT", "ATR"},
    "VOL": {"VOL", "ATR"},
}
_PURPOSE = re.compile(r"(?:2º )?CH (\w+)")


def check_kinds(purpose: str) -> set[str]:
    """The effect names that apply to a roll, from its purpose ("CH IMP", "CH AGI ENF"...)."""
    match = _PURPOSE.match(purpose)
    kinds = set(_FAMILY.get(match.group(1), set())) if match else set()
    if "ENF" in purpose:
        kinds.add("ENF")
    return kinds


@dataclass(frozen=True)
class Context:
    """What a roll or a blow is about: the opposing figure, melee or not, the weapon."""

    against: Figure | None = None
    melee: bool | None = None
    weapon: Weapon | None = None
    action: str | None = None  # the action's id (checks.roll fills it in from Figure.doing)
    critical: bool = False  # the CH IMP of this blow was a critical
    no_reroll: bool = False  # this check may not be repeated (Munición vida o muerte)
    item: str | None = None  # the action's item: a weapon's or a metaability's id
    defending: bool = False  # the roller answers a CH ENF that another figure started


@dataclass(frozen=True)
class Faces:
    """How a die is read: critical up to ``critical_to``, fumble from ``fumble_from``."""

    critical_to: int = 1
    fumble_from: int = 10
    reroll: bool = False  # a failed check (a fumble too) is rolled once more
    auto_pass: bool = False
    reroll_fumble: bool = False  # only a fumble is rolled again
    reroll_failure: bool = False  # only a plain failure (not a fumble) is rolled again
    once: str | None = None  # the entry whose once-per-activation reroll is still unspent
    fixed: tuple[str, int] | None = None  # (entry, number): the check is made against it
    cancels: tuple[str, ...] = ()  # labels of modifiers dropped from the check


@per_profile
def _auras(figure: Figure) -> tuple[tuple[Trait, Effect], ...]:
    """The bearer's effects that reach other figures (``within`` K): every roll asks it
    of every figure on the table.  Orador stretches its cries (the auras hook)."""
    found = tuple((t, e) for t, e in entries_of(figure, None) if e.within is not None)
    return hookspecs.auras.thread(found, figure)


def in_force(effect: Effect, actor: Figure, ctx: Context) -> bool:
    if (
        isinstance(effect, Aura)
        and effect.roller_has
        and not any(carries(actor, name) for name in effect.roller_has)
    ):
        return False  # Distorsión psíquica: only on neuromantes and titiriteros
    if effect.when == "ranged":
        return ctx.melee is False
    if effect.when == "melee":
        return ctx.melee is True
    if effect.when == "charge":
        return actor.charging
    if effect.when == "uncharged":
        return ctx.melee is True and not actor.charging
    if effect.when in ("initiating", "defending"):
        return ctx.defending is (effect.when == "defending")
    return True


def effect_value(effect: Effect, trait: Trait) -> int:
    return effect.value * (trait.level if effect.per_level else 1)


def sources(state: GameState, actor: Figure, ctx: Context) -> Iterator[tuple[str, Trait, Effect]]:
    """Every effect that may reach ``actor``'s roll, with whose it is, less what Niega
    (X) of the roller or of the figure it acts against denies (denial.py)."""
    found = _sources(state, actor, ctx)
    against = ctx.against
    if not (denied(actor) or (against is not None and denied(against))):
        yield from found
        return
    for owner, trait, effect in found:
        if not void(state.figures[owner], trait.name, actor, against):
            yield owner, trait, effect


def _sources(state: GameState, actor: Figure, ctx: Context) -> Iterator[tuple[str, Trait, Effect]]:
    for trait, effect in entries_of(actor, ctx.weapon):
        if effect.who in ("self", "all") and not _cancelled(state, actor, effect):
            yield actor.id, trait, effect
    against = ctx.against
    if against is not None and against.side != actor.side:  # "enemigo": never an ally's
        for trait, effect in entries_of(against, None):
            if effect.who == "attackers" and effect.within is None and not _unveiled(actor, trait):
                yield against.id, trait, effect
    for other in state.figures.values():
        auras = _auras(other)  # most figures have none: asked first, it is the cheapest
        if not auras or other is actor or not other.present:  # a casualty, or away
            continue
        for trait, effect in auras:
            gap = _reach(actor, other, effect, ctx)
            if gap is None or effect.within is None or gap > effect.within:
                continue
            if not _cancelled(state, actor, effect):  # Faro against a distortion
                yield other.id, trait, effect


def _unveiled(actor: Figure, trait: Trait) -> bool:
    """Meta visión, Radar: the enemy's Mimético does nothing against ``actor``."""
    return any(hookspecs.unveils.collect(actor, trait.name))


def _cancelled(state: GameState, actor: Figure, effect: Effect) -> bool:
    """Faro: a distortion does not reach a figure within a beacon's reach."""
    return (
        isinstance(effect, Aura)
        and effect.distortion
        and any(hookspecs.undistorted.collect(state, actor))
    )


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


def _reach(actor: Figure, bearer: Figure, effect: Effect, ctx: Context) -> float | None:
    """How far ``bearer``'s aura is from what it reaches in ``actor``'s roll (None: it does not).

    An aura on allies or enemies (or on all) is measured to the roller; "attackers" with a
    range (Grito de oscuridad) to the bearer's ally the roller acts against or defends from.
    """
    if effect.within is None:
        return None
    if effect.who == "attackers":
        ally = ctx.against
        if ally is None or ally is bearer or ally.side != bearer.side or actor.side == bearer.side:
            return None
        return _gap(ally, bearer)
    same_side = bearer.side == actor.side
    if effect.who == "all" or (effect.who, same_side) in (("allies", True), ("enemies", False)):
        return _gap(actor, bearer)
    return None


def label_of(trait: Trait, owner: str, actor: Figure) -> str:
    return trait.name if owner == actor.id else f"{trait.name} ({owner})"


def reaching(
    state: GameState, actor: Figure, purpose: str, ctx: Context
) -> list[tuple[str, Trait, Effect]]:
    """Every effect that reaches ``actor``'s roll for ``purpose`` and is in force: what
    :func:`faces` and :func:`check_modifiers` read (a roll asks once for both)."""
    return [
        (owner, trait, effect)
        for owner, trait, effect in sources(state, actor, ctx)
        if in_force(effect, actor, ctx) and fits(state, owner, trait, effect, purpose, ctx)
    ]


def check_modifiers(
    state: GameState, actor: Figure, purpose: str, ctx: Context,
    found: list[tuple[str, Trait, Effect]] | None = None,
) -> list[tuple[str, int]]:  # fmt: skip
    """The entries' modifiers of the roll (``found``: :func:`reaching`, if known)."""
    kinds = check_kinds(purpose)
    mods: list[tuple[str, int]] = []
    halved = False  # an attribute halved twice (two Anuladores) is still only halved
    for owner, trait, effect in reaching(state, actor, purpose, ctx) if found is None else found:
        if effect.check not in kinds:
            continue
        if effect.halve:
            if halved:
                continue
            halved, value = True, _halving(state, actor, purpose)
        else:
            value = effect_value(effect, trait) * _turns(state, effect)
        if value:
            mods.append((label_of(trait, owner, actor), value))
    return mods


def faces(
    state: GameState, actor: Figure, purpose: str, ctx: Context,
    found: list[tuple[str, Trait, Effect]] | None = None,
) -> Faces:  # fmt: skip
    """How the roll's die is read (``found``: :func:`reaching`, if known)."""
    kinds = check_kinds(purpose)
    critical_to, fumble_from, auto = 1, 10, False
    again: set[str] = set()  # what a reroll may follow: "failure" (plain) and "fumble"
    once: str | None = None
    fixed: tuple[str, int] | None = None
    cancels: list[str] = []
    for owner, trait, effect in reaching(state, actor, purpose, ctx) if found is None else found:
        applies = effect.check is None or effect.check in kinds
        if effect.critical_to and applies:
            critical_to = max(critical_to, effect.critical_to)
        if effect.fumble_from and applies:
            fumble_from = min(fumble_from, effect.fumble_from)
        if effect.no_critical and applies:
            critical_to = 0
        if effect.reroll in kinds and isinstance(effect, Reroll) and effect.once:
            once = once or (None if trait.name in actor.spent else trait.name)
        elif effect.reroll in kinds:
            again |= {effect.reroll_on} if effect.reroll_on else {"failure", "fumble"}
        if isinstance(effect, CheckModifier) and applies:
            if effect.fixed is not None:
                fixed = (label_of(trait, owner, actor), effect.fixed)
            if effect.cancels is not None:
                cancels.append(effect.cancels)
        auto = auto or effect.auto_pass in kinds
    if ctx.no_reroll:
        again, once = set(), None
    both = again == {"failure", "fumble"}
    return Faces(
        critical_to, fumble_from, both, auto, "fumble" in again and not both,
        "failure" in again and not both, once, fixed, tuple(cancels),
    )  # fmt: skip


# -- What the conditions of checks, auras and rerolls ask (rules/effects.py) ------------------

# A roll's attribute: CH IMP is a CH AGI (physical weapons), CH PSI and CH LOC are CH VOL.
_ATTRIBUTE = {"IMP": "AGI", "PSI": "VOL", "LOC": "VOL"}


def fits(
    state: GameState, owner: str, trait: Trait, effect: Effect, purpose: str | None,
    ctx: Context,
) -> bool:  # fmt: skip
    """The conditions of an effect on the roll (or, with no ``purpose``, an action's ENE)."""
    bearer = state.figures[owner]
    if effect.opposed and (purpose is None or "ENF" not in purpose):
        return False
    if not serves(trait, effect, bearer):  # Sin miembro (X): only the effects of limb X
        return False
    chosen = isinstance(effect, CheckModifier) and effect.chosen
    if effect.action is not None or effect.group is not None or chosen:
        book = load_actions().find(ctx.action) if ctx.action else None
        if purpose is not None and not _own_check(purpose, book):
            return False
        wanted = load_actions().find(effect.action) if effect.action is not None else None
        if effect.action is not None and (book is None or wanted is None or book.id != wanted.id):
            return False
        if effect.group is not None and (book is None or book.group.value != effect.group):
            return False
        if chosen and not _chosen(trait, book is not None and book.id, ctx):
            return False
    if effect.with_weapon is not None and not _weapon_uses(ctx.weapon, effect.with_weapon):
        return False
    if (
        isinstance(effect, CheckModifier)
        and effect.with_entry is not None
        and not carries(bearer, effect.with_entry)
    ):
        return False
    if not _second_fits(bearer, effect, ctx):
        return False
    if not chosen_now(bearer, trait, effect):
        return False
    return not (effect.unless_ally and ally_near(state, bearer, effect))


def option_label(trait: Trait, effect: Effect) -> str | None:
    """How an attack's options name an optional entry: "Frenesí", "Maestro de esgrima (DAÑ)"."""
    if isinstance(effect, Choice) and effect.choice is not None:
        return f"{trait.name} ({effect.choice})"
    return trait.name if effect.option else None


def chosen_now(bearer: Figure, trait: Trait, effect: Effect) -> bool:
    """An optional effect holds in the attack taken with it (or, ``until_next``, from then
    until the bearer's next activation); a switched one while it is on (Mimético)."""
    switched = isinstance(effect, Choice) and effect.switch is not None
    if switched and trait.name not in bearer.switched:
        return False
    label = option_label(trait, effect)
    if label is None:
        return True
    if isinstance(effect, Choice) and effect.until_next:
        return any(hookspecs.option_lasting.collect(bearer, label))
    return bearer.doing is not None and label in bearer.doing.options


def named_by(param: str | None, names: Iterable[str]) -> bool:
    """A parametrised entry's X (Resistencia a (fuego)) is met by a name that contains it,
    compared folded (no accents or case, "_" as a space)."""
    if not param:
        return False
    wanted = fold(param.replace("_", " "))
    return any(wanted in fold(name.replace("_", " ")) for name in names)


def target_named(target: Figure, param: str | None) -> bool:
    """Whether ``target`` is of the kind X names: its id, character, name or race, an entry
    it carries or one of its tags, its transport (or "transporte" while it rides one)."""
    catalog = load_catalog()
    profile = target.profile
    entries = [t.name for t in profile.traits]
    tags = [tag for name in entries if (e := catalog.find(name)) for tag in e.tags]
    riding = [profile.transport.id, "transporte", "vehículo"] if profile.transport else []
    names = [target.id, profile.character, profile.name, profile.race or "", *entries, *tags]
    return named_by(param, names + (riding if target.riding else []))


def power_spent(bearer: Figure, trait: Trait) -> int:
    """Poderoso: the Poder the attack under way spends as DAÑ (its option "Poderoso (3)")."""
    return 0 if bearer.doing is None else spent_in(bearer.doing.options, trait.name)


def spent_in(options: tuple[str, ...], name: str) -> int:
    """The number an option of entry ``name`` carries: "Poderoso (3)" → 3."""
    head = f"{name} ("
    return sum(int(o[len(head) : -1]) for o in options if o.startswith(head))


def _own_check(purpose: str, book: object) -> bool:
    """A check the action asks for: not the CH PSI and CH LOC that its wounds, fumbles or
    stress bring, unless the action's own check is a CH PSI (Destrabarse)."""
    match = _PURPOSE.match(purpose)
    kind = match.group(1) if match else ""
    if kind == "LOC":
        return False
    if kind == "PSI":
        return Attribute.PSI in getattr(book, "check", ())
    return True


def _chosen(trait: Trait, action: str | bool, ctx: Context) -> bool:
    """Maestría (X): the action X names, or the weapon or item it names or sits on."""
    if trait.param is None:
        return trait.weapon is not None  # on a weapon: entries_of already asks for it in use
    named = load_actions().find(trait.param)
    if named is not None:
        return named.id == action
    wanted = fold(trait.param.replace("_", " "))
    used = (ctx.item, ctx.weapon.id if ctx.weapon else None)
    return any(u is not None and fold(u.replace("_", " ")) == wanted for u in used)


def _weapon_uses(weapon: Weapon | None, wanted: str) -> bool:
    """Whether the attack's weapon fits: any weapon, or one whose CH IMP rolls ``wanted``.

    COMBATE: physical weapons check AGI; a weapon carrying a metaability's kind entry
    (Invocación...) checks that kind's attribute (METAHABILIDADES).
    """
    if weapon is None:
        return False
    kinds = [METAABILITY_KINDS[b] for b in weapon.bonuses if b in METAABILITY_KINDS]
    return wanted == "any" or (kinds[0] if kinds else "AGI") == wanted


def ally_near(state: GameState, bearer: Figure, effect: Effect) -> bool:
    """Pusilánime: another living figure of its side, within range, carries one of them."""
    return any(
        other is not bearer
        and other.present
        and other.side == bearer.side
        and effect.ally_within is not None
        and _gap(other, bearer) <= effect.ally_within
        and any(carries(other, name) for name in effect.unless_ally)
        for other in state.figures.values()
    )


def _turns(state: GameState, effect: Effect) -> int:
    """Borracho: the value counts once per turn played beyond ``after_turn``."""
    if not isinstance(effect, CheckModifier) or effect.after_turn is None:
        return 1
    return max(0, state.turn - effect.after_turn)


def checked(purpose: str, weapon: Weapon | None = None) -> tuple[str | None, str | None]:
    """What a roll checks, from its purpose: the CH's name ("IMP", "DEF", "VOL"...) and the
    attribute it rolls on when it rolls on one (a CH IMP on AGI, or on the attribute of the
    metaability kind its weapon carries, METAHABILIDADES; a CH PSI or CH LOC on VOL)."""
    match = _PURPOSE.match(purpose)
    if match is None:
        return None, None
    kind = match.group(1)
    name = _ATTRIBUTE.get(kind, kind)
    if kind == "IMP" and weapon is not None:
        kinds = [METAABILITY_KINDS[b] for b in weapon.bonuses if b in METAABILITY_KINDS]
        name = kinds[0] if kinds else name
    return kind, name if name in ("CON", "AGI", "INT", "VOL") else None


def _halving(state: GameState, actor: Figure, purpose: str) -> int:
    """The modifier that makes the roll's attribute count half (REDONDEO: half up)."""
    match = _PURPOSE.match(purpose)
    kind = match.group(1) if match else ""
    name = _ATTRIBUTE.get(kind, kind)
    if name not in ("CON", "AGI", "INT", "VOL"):
        return 0
    have = vol(state, actor) if name == "VOL" else actor.profile.attribute(name)
    return round_half_up(Fraction(have, 2)) - have


def action_weapon(figure: Figure, action: Action) -> Weapon | None:
    """The weapon whose ENE an action pays: the one named, else the first of the reach
    the action asks for (as combat picks it); None for any other action."""
    book = load_actions().find(action.kind)
    if book is None or book.ene is not EneSource.WEAPON_ENE:
        return None
    if action.item is not None:
        return figure.profile.weapon(action.item)
    ranged = any(r.id == "weapon_alc_gt_0" for r in book.requires)
    return next((w for w in figure.profile.weapons if w.ranged is ranged), None)


def ene_modifiers(state: GameState, actor: Figure, action: Action) -> tuple[tuple[str, int], ...]:
    """What the entries add to the ENE ``action`` costs (Grito de maestría, Hálito de hambre)."""
    book = load_actions().find(action.kind)
    weapon = action_weapon(actor, action)
    target = state.figures.get(action.target) if action.target is not None else None
    ctx = Context(target, None, weapon, book.id if book else None, item=action.item)
    mods = []
    for owner, trait, effect in sources(state, actor, ctx):
        if effect.stat != "ENE" or not effect.value:
            continue
        if effect.with_weapon is not None and weapon is None:
            continue  # only the ENE of the weapon, not of every action
        if in_force(effect, actor, ctx) and fits(state, owner, trait, effect, None, ctx):
            mods.append((label_of(trait, owner, actor), effect_value(effect, trait)))
    return tuple(mods)


def initiative_modifiers(state: GameState, figure: Figure) -> list[tuple[str, int]]:
    """What the entries add to the initiative roll of the Pj a side rolls with (Explorador)."""
    return [
        (label_of(t, owner, figure), effect_value(e, t))
        for owner, t, e in sources(state, figure, Context())
        if e.stat == "INI" and e.value
    ]


def activation_ene(state: GameState, figure: Figure) -> list[tuple[str, int]]:
    """ENE the entries give when ``figure``'s activation starts (Genio estratega)."""
    return [
        (label_of(t, owner, figure), e.ene_gain)
        for owner, t, e in sources(state, figure, Context())
        if isinstance(e, Aura) and e.ene_gain
    ]


def focus_step(figure: Figure) -> int:
    """What Concentrarse gives beyond the book's step (Mente centrada: +2, not +1)."""
    return sum(e.focus for _, e in entries_of(figure, None, CheckModifier) if e.who == "self")


def not_yet_automated() -> list[str]:
    """Catalogue entries the engine does not apply yet: the players adjudicate them."""
    automated = load_effects()
    return [e.name for e in load_catalog().entries if e.name not in automated]


def carries(figure: Figure, name: str) -> bool:
    """It carries an entry called ``name``, or one tagged so (Control remoto: Vulnerable)."""
    catalog = load_catalog()
    for trait in carried(figure):
        entry = catalog.find(trait.name)
        if trait.name == name or (entry is not None and name in entry.tags):
            return True
    return False


def keyed(trait: Trait) -> str:
    """How Figure.dulled names an entry: with the weapon it sits on, if any."""
    return trait.name if trait.weapon is None else f"{trait.name} ({trait.weapon})"


# -- The second pass: chains of shots, two weapons, transports, flanks, what a figure is ------

_SHOTS = "ataque_distancia"  # the ranged attacks: Ataque a distancia and its variants
FRONT = 45.0  # degrees off its facing a blow still comes from the front (Munición silenciosa)
TWO_HANDED = "A 2 manos"  # a weapon that fills both hands: no second one with it


def every_entry(figure: Figure) -> Iterator[tuple[Trait, Effect]]:
    """Each effect of every entry the figure carries, its weapons' included."""
    effects = load_effects()
    for trait in carried(figure):
        for effect in effects.get(trait.name, ()):
            yield trait, effect


def _second_fits(bearer: Figure, effect: Effect, ctx: Context) -> bool:
    """The second pass's conditions on a roll, an ENE or a DAÑ (see rules/effects.py)."""
    if isinstance(effect, CheckModifier):
        if effect.streak is not None and _place(bearer, effect, ctx) < effect.streak:
            return False
        if effect.paired and not _paired(bearer, ctx.weapon):
            return False
    if effect.weapon_has and not (
        ctx.weapon is not None and any(n in ctx.weapon.bonuses for n in effect.weapon_has)
    ):
        return False
    marked = isinstance(effect, EntryAction) and effect.marked
    if marked and (ctx.against is None or ctx.against.id != bearer.marking):
        return False  # Marcador de objetivos: only against the figure it marked
    wrath = isinstance(effect, Trigger) and effect.wrath
    if wrath and not any(hookspecs.in_wrath.collect(bearer)):
        return False  # Ira: only in the activation after a wound in CaC (triggers.py)
    if isinstance(effect, CheckModifier) and effect.transport_motion:
        return _transport_motion(effect.cancels, bearer, ctx.against)
    return True


def _shots_before(figure: Figure, ctx: Context) -> Volley | None:
    """The shots with this weapon just before this one, when this is a ranged attack of
    the figure's own activation that follows them with no other action between."""
    record = figure.volley
    if record is None or figure.reacting or figure.actions_taken == 0:
        return None  # the first action of an activation starts a new chain
    if ctx.weapon is None or record.weapon != ctx.weapon.id:
        return None
    return record if (ctx.action or "").startswith(_SHOTS) else None


def _same_target(record: Volley, target: Figure | None) -> bool:
    return target is not None and record.target == target.id


def _place(figure: Figure, effect: CheckModifier, ctx: Context) -> int:
    """This attack's place in its chain (1: the first); 0 when it is no ranged attack."""
    if not (ctx.action or "").startswith(_SHOTS):
        return 0
    before = _shots_before(figure, ctx)
    if before is None:
        return 1
    if effect.same_target:
        return 1 + (before.at_target if _same_target(before, ctx.against) else 0)
    return 1 + before.shots


def hits_before(figure: Figure, target: Figure, ctx: Context) -> int:
    """Fuego sostenido: the hits in a row on ``target`` just before this shot."""
    before = _shots_before(figure, ctx)
    return before.hits if before is not None and _same_target(before, target) else 0


def _reads_volley(figure: Figure) -> bool:
    return any(
        (isinstance(e, CheckModifier) and e.streak is not None)
        or (isinstance(e, Damage) and e.per_hit)
        for _, e in every_entry(figure)
    )


def record_volley(figure: Figure, action: Action, events: list[Event]) -> None:
    """After an action of a bearer of Fuego automático (a ráfagas, sostenido): a ranged
    attack in its own activation extends its chain of shots, anything else ends it.

    Figures without such entries keep no record, so their state hashes do not change.
    """
    if not _reads_volley(figure):
        return
    weapon = action_weapon(figure, action) if action.kind.startswith(_SHOTS) else None
    if weapon is None or figure.reacting:
        figure.volley = None
        return
    hit = any(
        e.kind == "hit" and e.data.get("figure") == figure.id
        and e.data.get("target") == action.target
        for e in events
    )  # fmt: skip
    before = _shots_before(figure, Context(weapon=weapon, action=action.kind))
    if before is None:
        figure.volley = Volley(weapon.id, action.target, hits=int(hit))
    elif action.target is not None and before.target == action.target:
        hits = before.hits + 1 if hit else 0  # a miss ends the hits in a row
        figure.volley = replace(before, shots=before.shots + 1, at_target=before.at_target + 1,
                                hits=hits)  # fmt: skip
    else:
        figure.volley = Volley(weapon.id, action.target, before.shots + 1, 1, int(hit))


def _paired(bearer: Figure, weapon: Weapon | None) -> bool:
    """Lucha con 2 armas: a CaC weapon in use and another one at hand, neither two-handed.

    A weapon at as many wounds as its CAL cannot be used, so it is no second weapon.
    """
    if weapon is None or weapon.ranged:
        return False
    usable = [
        w for w in bearer.profile.weapons
        if not w.ranged and bearer.weapon_wounds.get(w.id, 0) < w.cal
    ]  # fmt: skip
    if any(TWO_HANDED in w.bonuses for w in usable if w.id == weapon.id):
        return False
    return any(w.id != weapon.id and TWO_HANDED not in w.bonuses for w in usable)


def _in_transport(figure: Figure) -> bool:
    return figure.profile.transport is not None and figure.riding


def _transport_motion(label: str | None, shooter: Figure, target: Figure | None) -> bool:
    """Artillero: the malus ``label`` comes only from the motion of transports.

    "velocidad" comes from whichever of the two moved over 5 K this turn; "blanco
    esprintando" from the target's sprint.
    """
    if label == "blanco esprintando":
        return target is not None and target.sprinted and _in_transport(target)
    movers = [f for f in (shooter, target) if f is not None and f.moved > FAST]
    return bool(movers) and all(_in_transport(f) for f in movers)


def from_flank(striker: Figure, target: Figure) -> bool:
    """The striker's centre lies more than 45° off the target's facing: a flank or the
    back (the front is the quarter the target faces)."""
    dx = striker.position[0] - target.position[0]
    dy = striker.position[1] - target.position[1]
    if dx == 0 and dy == 0:
        return False
    bearing = math.degrees(math.atan2(dy, dx))
    off = abs((bearing - target.facing + 180.0) % 360.0 - 180.0)
    return off > FRONT + 1e-9


def lasting_on(state: GameState, figure: Figure, trait: Trait, effect: Effect) -> bool:
    """Arma de carga: switched on by a charge's blow, while the bearer is still in CaC."""
    if not (isinstance(effect, Damage) and effect.after_charge):
        return False
    if keyed(trait) not in figure.lasting:
        return False
    return bool(engaged_with(state, figure))


def charged_with(figure: Figure, weapon: Weapon | None) -> None:
    """A charge's blow was struck with ``weapon``: its after-charge entries switch on."""
    found = tuple(
        keyed(t)
        for t, e in entries_of(figure, weapon, Damage)
        if e.after_charge and keyed(t) not in figure.lasting
    )
    figure.lasting = (*figure.lasting, *dict.fromkeys(found))


def end_lasting(state: GameState) -> None:
    """The CaC of a figure with an after-charge entry on has ended: it is switched off."""
    for figure in state.figures.values():
        if figure.lasting and (figure.casualty or not engaged_with(state, figure)):
            figure.lasting = ()


def silencer(figure: Figure, action: Action) -> str | None:
    """The entry that keeps an attack with a weapon from making noise (Munición
    silenciosa), on the weapon or on the character."""
    book = load_actions().find(action.kind)
    if book is None or book.group.value != "combat":
        return None
    weapon = action_weapon(figure, action)
    if weapon is None:
        return None
    return next((t.name for t, e in entries_of(figure, weapon) if e.no_noise), None)


def falls_unharmed(figure: Figure) -> str | None:
    """The entry that spares the figure the DAÑ of a fall (Caer con estilo)."""
    return next((t.name for t, e in entries_of(figure, None, Damage) if e.no_fall_damage), None)


def strength(figure: Figure) -> int:
    """What Mulo adds to CON for CaC DAÑ, Embestir, sobrecarga and the load bands of
    Mover cargado."""
    return sum(
        e.strength * (t.level if e.per_level else 1)
        for t, e in entries_of(figure, None, CheckModifier)
    )


def unarmed_divisor(figure: Figure) -> tuple[str, int] | None:
    """Garras y dientes: its unarmed CaC DAÑ is CON / N (the entry, N), not CON − 4."""
    return next(
        (
            (t.name, e.unarmed_divisor)
            for t, e in entries_of(figure, None, Damage)
            if e.unarmed_divisor
        ),
        None,
    )


INVOCATION = "Invocación"  # a weapon carrying it makes invocations (METAHABILIDADES)


def own_invocation(target: Figure, blow: Blow | None) -> bool:
    """Cuerpo de luz: the hit comes from the bearer's own attack with an invocation."""
    return (
        blow is not None
        and blow.striker is target
        and blow.weapon is not None
        and INVOCATION in blow.weapon.bonuses
    )


def own_invocation_immunity(figure: Figure, weapon: Weapon | None) -> str | None:
    """The entry that spares ``figure`` the hit of its own fumbled invocation (Cuerpo de
    luz), if ``weapon`` makes invocations."""
    if weapon is None or INVOCATION not in weapon.bonuses:
        return None
    return next(
        (t.name for t, e in entries_of(figure, None, Damage) if e.own_invocation and e.no_damage),
        None,
    )
