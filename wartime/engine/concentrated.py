"""Arco concentrado (BONUS Y MALUS): an area weapon's G template fired as a beam.

The entry is an option taken with the attack (``Action.options`` names it, as
engine/options.py takes any option).  Taken, the G template (Área de gota) is laid as an
L as long as the whole G, stem and head (a G4/3 becomes an L7), from the attacker's
base edge toward the aim, and the attack has DAÑ +2 (``stat: DAÑ`` in the data).  It is
refused with a weapon whose template is not a G.  The data is
``data/effects/clouds.yaml``.
"""

from __future__ import annotations

from wartime.engine.actions import Action
from wartime.engine.bonuses import action_weapon, option_label
from wartime.engine.core.traits import entries_of
from wartime.engine.figures import Figure
from wartime.engine.profiles import Weapon
from wartime.errors import IllegalActionError
from wartime.rules.tables import parse_shape


def _linear_labels(figure: Figure, weapon: Weapon | None) -> set[str]:
    return {
        label
        for trait, effect in entries_of(figure, weapon)
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
        name = weapon.id if weapon is not None else "this attack"
        raise IllegalActionError(f"{sorted(taken)[0]} needs a weapon with Área de gota: {name}")


def shape_of(figure: Figure, weapon: Weapon, area: str) -> str:
    """The template laid: an L as long as the G when a linear option is taken."""
    doing = figure.doing
    if doing is None or not _linear_labels(figure, weapon) & set(doing.options):
        return area
    shape = parse_shape(area)
    if shape is None or shape.kind != "G":
        return area
    return f"L{shape.size + shape.disk:g}"
