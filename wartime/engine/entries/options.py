"""Optional entries a character takes with an attack, and Poderoso's Poder.

Some entries of BONUS Y MALUS are offers, not standing rules: Empuñadura larga and
Frenesí trade DEF for DAÑ when their bearer wants, Maestro de esgrima picks where
its +1 goes before each CaC blow, Poderoso spends the Poder it gathered on DAÑ;
Arco concentrado lays an area weapon's G template as an L as long as the whole G (a G4/3
becomes an L7), with DAÑ +2, and is refused with a weapon whose template is not a G
(its data is in ``data/effects/clouds.yaml``).
An attack names the ones it takes in ``Action.options``; the data says what each
does (``option``; ``choice``, ``until_next``, ``power`` in rules/effects/choices.py) and
:func:`wartime.engine.core.modifiers.chosen_now` switches their effects on.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from wartime.engine.core import hookspecs, marks
from wartime.engine.core.action import Action, option_refused
from wartime.engine.core.book import cac_ids, shot_ids
from wartime.engine.core.events import Event
from wartime.engine.core.figures import Figure
from wartime.engine.core.modifiers import action_weapon, option_label, spent_in
from wartime.engine.core.profiles import Trait, Weapon
from wartime.engine.core.state import GameState
from wartime.engine.core.traits import entries_of
from wartime.errors import IllegalActionError
from wartime.i18n import say
from wartime.rules.effects import Choice, Cloud, load_effects
from wartime.rules.tables import parse_shape

if TYPE_CHECKING:
    from wartime.engine.core.hits import Wounded

OWN_OPTIONS = frozenset({"usar", "usar_bonus", "mover", "correr", "esprintar",
                         "salto_de_longitud"})  # fmt: skip  # their
# handlers read them: a cóctel's attribute (gear.py), La mano de la muerte's source
# (specials.py), Fuego en las venas on a move (heat.py), Súper salto on a jump (leaps.py)


@dataclass(frozen=True)
class Chosen(marks.Mark):
    """The options' mark: Poderoso's Poder gathered from wounds suffered and dealt, and the
    options whose price lasts until its next activation starts (Frenesí's DEF 0)."""

    power: int = 0
    taken: tuple[str, ...] = ()


_SLOT = marks.Slot("options", Chosen())


def mark(figure: Figure) -> Chosen:
    """Its options mark."""
    return _SLOT.of(figure)


def put(figure: Figure, new: Chosen) -> None:
    """Give it this options mark."""
    _SLOT.put(figure, new)


def offers(figure: Figure, action: Action) -> dict[str, bool]:
    """The options ``figure`` may take with ``action``'s weapon: label → CaC only.

    An option is for CaC only when any effect it switches on is (``when: melee``).
    """
    found: dict[str, bool] = {}
    for trait, effect in entries_of(figure, action_weapon(figure, action)):
        if isinstance(effect, Choice) and effect.power is not None:
            labels = [f"{trait.name} ({n})" for n in range(1, mark(figure).power + 1)]
        else:
            label = option_label(trait, effect)
            labels = [] if label is None else [label]
        for label in labels:
            found[label] = found.get(label, False) or effect.when == "melee"
    return found


def optional(figure: Figure) -> bool:
    """Whether the figure has any option to take (cheap: legal_actions asks for every Pj)."""
    return (
        mark(figure).power > 0
        or _has_options(figure.profile.traits)
        or any(_has_options(g.traits) for g in figure.granted)
    )


@functools.cache
def _has_options(traits: tuple[Trait, ...]) -> bool:
    effects = load_effects()
    return any(option_label(t, e) for t in traits for e in effects.get(t.name, ()))


@hookspecs.attack_variants.impl(order=10, key="options")
def _taken_with(figure: Figure, attacks: list[Action]) -> list[Action]:
    """Each attack with each single option that fits it (Frenesí, Maestro de esgrima...)."""
    return [v for a in attacks for v in variants(figure, a)] if optional(figure) else []


def variants(figure: Figure, action: Action) -> list[Action]:
    """``action`` with each single option that fits it (legal_actions offers them all)."""
    if action.kind not in cac_ids() | shot_ids():
        return []
    return [
        replace(action, options=(label,))
        for label, cac_only in offers(figure, action).items()
        if action.kind in cac_ids() or not cac_only
    ]


@hookspecs.options_taken.impl(order=10, key="options")
def take(figure: Figure, action: Action) -> list[Event]:
    """Take the options an attack names: pay Poder, start the prices that last."""
    if not action.options or action.kind in OWN_OPTIONS:
        return []
    if action.kind not in cac_ids() | shot_ids():
        raise IllegalActionError(say("refused.options.attack_only", option=action.options[0]))
    found = offers(figure, action)
    entries: set[str] = set()
    for label in action.options:
        if label not in found:
            raise IllegalActionError(
                option_refused(figure.id, label, say("phrase.action.with_attack"), found)
            )
        if found[label] and action.kind not in cac_ids():
            raise IllegalActionError(say("refused.options.cac_only", option=label))
        entry = label.split(" (")[0]
        if entry in entries:
            raise IllegalActionError(say("refused.options.once", entry=entry))
        entries.add(entry)

    refuse_unfit(figure, action)  # Arco concentrado: only with a G template
    events = []
    for label in action.options:
        spent = _spend_power(figure, label)
        lasting = _lasting(figure, action, label)
        if lasting and label not in mark(figure).taken:
            put(figure, replace(mark(figure), taken=(*mark(figure).taken, label)))
        power = say("phrase.options.power", power=mark(figure).power) if spent else ""
        text = say("log.options.chosen", figure=figure.id, option=label, power=power)
        events.append(Event("option", text, {"figure": figure.id, "option": label}))
    return events


def _spend_power(figure: Figure, label: str) -> int:
    for trait, effect in entries_of(figure, None, Choice):
        spent = spent_in((label,), trait.name) if effect.power is not None else 0
        if spent:
            put(figure, replace(mark(figure), power=mark(figure).power - spent))
            return spent
    return 0


def _lasting(figure: Figure, action: Action, label: str) -> bool:
    """Whether the option has effects that last until the bearer's next activation."""
    return any(
        effect.until_next and option_label(trait, effect) == label
        for trait, effect in entries_of(figure, action_weapon(figure, action), Choice)
    )


@hookspecs.wounds_taken.impl(order=10, key="options")
def gather(figure: Figure, wounds: int) -> list[Event]:
    """Poderoso: a point of Poder for each wound the bearer suffers or deals, up to its cap."""
    cap = next((e.power for _, e in entries_of(figure, None, Choice) if e.power is not None), None)
    if cap is None or wounds <= 0 or figure.casualty:
        return []
    before = mark(figure).power
    put(figure, replace(mark(figure), power=min(cap, before + wounds)))
    after = mark(figure).power
    if after == before:
        return []
    text = say("log.options.power", figure=figure.id, before=before, after=after)
    return [Event("power", text, {"figure": figure.id, "power": after})]


@hookspecs.wounds_dealt.impl(order=10, key="options")
def _dealt(state: GameState, target: Figure, wounded: Wounded) -> list[Event]:
    """Poderoso: the striker's Poder grows with the wounds its blow dealt."""
    return gather(wounded.blow.striker, wounded.dealt)


# -- Arco concentrado: an area weapon's G template fired as a beam ------------------------


def _linear_labels(figure: Figure, weapon: Weapon | None) -> set[str]:
    return {
        label
        for trait, effect in entries_of(figure, weapon, Cloud)
        if effect.linear and (label := option_label(trait, effect)) is not None
    }


def refuse_unfit(figure: Figure, action: Action) -> None:
    """Raise IllegalActionError when a linear option goes with a weapon that has no G."""
    if not action.options:
        return
    weapon = action_weapon(figure, action)
    taken = _linear_labels(figure, weapon) & set(action.options)
    if not taken:
        return
    shape = parse_shape(weapon.area or "") if weapon is not None else None
    if shape is None or shape.kind != "G":
        name = weapon.id if weapon is not None else say("phrase.options.this_attack")
        raise IllegalActionError(
            say("refused.options.drop_area", option=sorted(taken)[0], weapon=name)
        )


@hookspecs.template_shape.impl(order=10, key="options")
def shape_of(area: str, figure: Figure, weapon: Weapon) -> str:
    """The template laid: an L as long as the G when a linear option is taken."""
    doing = figure.doing
    if doing is None or not _linear_labels(figure, weapon) & set(doing.options):
        return area
    shape = parse_shape(area)
    if shape is None or shape.kind != "G":
        return area
    return f"L{shape.size + shape.disk:g}"


@hookspecs.option_lasting.impl(order=10, key="options")
def option_lasting(figure: Figure, label: str) -> bool:
    """The option's price holds until the bearer's next activation starts."""
    return label in mark(figure).taken


@hookspecs.activation_begun.impl(order=10, key="options")
def activation_begun(figure: Figure) -> None:
    """An option's price (Frenesí's DEF 0) ends as its next activation starts."""
    if mark(figure).taken:
        put(figure, replace(mark(figure), taken=()))
