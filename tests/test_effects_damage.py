"""BONUS Y MALUS, the entries with hook ``damage``: their effects shown in play.

Each automated entry (``data/effects/damage.yaml``) is a case of one table: a
real attack (Ataque a distancia with the fusil, or Cargar then Ataque CaC with
the cuchillo) with scripted dice, and the DAÑ of the hit and the wounds taken.
The other damage entries are listed with why the effect vocabulary cannot state
them yet: they stay in ``not_yet_automated()`` for the players to adjudicate.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib import resources

import pytest
import yaml

from wartime.engine import Action, GameState
from wartime.engine.bonuses import not_yet_automated
from wartime.engine.events import Event
from wartime.engine.profiles import Trait, Weapon
from wartime.rules.catalog import Hook, load_catalog

from .engine_support import KNIFE, RIFLE, do, profile, scenario, started

CARBINE = Weapon("carabina", ene=2, dan=3, alc=15, cal=3)

# The unmodified blows of the two fights below, with the target's CH DEF failed.
RANGED_DAN = RIFLE.dan  # fusil: DAÑ 4
MELEE_DAN = KNIFE.dan + 1  # cuchillo 2 + CON 4 − 4 + 1 for Cargar = 3


@dataclass(frozen=True)
class Case:
    """An entry on ``bearer`` ("a" attacks, "b" is attacked), maybe on a weapon of a's."""

    entry: str
    rule: str  # the rule's section and, in our words, what it does
    bearer: str
    weapon: str | None
    attack: str  # "ranged" (fusil) or "melee" (cargar, then cuchillo)
    damage: int  # the DAÑ of the hit event
    wounds: int  # the wounds b takes (its CH DEF fails)


ABSORCION = "BONUS Y MALUS, Absorción de impacto: hits on the bearer deal DAÑ -1."
BLANDITO = "BONUS Y MALUS, Blandito: the bearer takes double DAÑ."
FILO_ROMO = "BONUS Y MALUS, Filo romo: DAÑ-1"
REFORZADA = "BONUS Y MALUS, Munición reforzada: DAÑ +1 when shooting."
CABALLERIA = "BONUS Y MALUS, Caballería: a charge adds DAÑ +2 instead of +1."
LACERACION = "BONUS Y MALUS, Señor de la laceración: any attack on the bearer, CaC or shot, DAÑ -2."

CASES = [
    Case("Absorción de impacto", ABSORCION, "b", None, "ranged", 3, 3),
    Case("Absorción de impacto", ABSORCION, "b", None, "melee", 2, 2),
    # The hit is DAÑ 4 (3); Blandito doubles what the bearer takes.
    Case("Blandito", BLANDITO, "b", None, "ranged", 4, 8),
    Case("Blandito", BLANDITO, "b", None, "melee", 3, 6),
    Case("Filo romo", FILO_ROMO, "a", "fusil", "ranged", 3, 3),
    Case("Filo romo", FILO_ROMO, "a", "cuchillo", "melee", 2, 2),
    # A weapon's malus counts only when that weapon strikes.
    Case("Filo romo", FILO_ROMO, "a", "cuchillo", "ranged", 4, 4),
    Case("Munición reforzada", REFORZADA, "a", "fusil", "ranged", 5, 5),
    # The ammunition of the carabina does nothing for the fusil.
    Case("Munición reforzada", REFORZADA, "a", "carabina", "ranged", 4, 4),
    # "a distancia": no bonus in CaC.
    Case("Munición reforzada", REFORZADA, "a", None, "melee", 3, 3),
    # Cargar gives DAÑ +1; Caballería makes it +2 for the blow after the charge.
    Case("Caballería", CABALLERIA, "a", None, "melee", 4, 4),
    Case("Caballería", CABALLERIA, "a", None, "ranged", 4, 4),
    Case("Señor de la laceración", LACERACION, "b", None, "ranged", 2, 2),
    Case("Señor de la laceración", LACERACION, "b", None, "melee", 1, 1),
]

# Every other damage entry, and why the vocabulary cannot state its whole rule.
LEFT_OUT = {
    "Afilada": "loses its DAÑ +1 on a fumble: a lasting loss",
    "Afortunado": "a 1D10 to ignore the DAÑ: a chance",
    "Alérgico": "DAÑ x2 only from the substance named (X)",
    "Anulador de escudo": "takes energy-shield levels instead of DAÑ",
    "Aplasta": "CAL −1 to an enemy protection",
    "Ariete": "only when embistiendo, which is not a 'when'",
    "Arma de carga": "DEF −2 until the end of the combat: a duration",
    "Artificiero": "only with fire or area weapons: a weapon type",
    "Bomba viviente": "explodes on death",
    "Caer con estilo": "damage from falls",
    "Contracarga": "cancels the whole charge bonus, whatever its size",
    "Cuerpo de luz": "only against its own invocations",
    "Dañino": "+1 wound to the user",
    "Daño extra": "only with a critical CH IMP",
    "De Padrón": "a 50% chance of DAÑ 0",
    "Defectuoso": "a 10% chance of a wound",
    "Devora almas": "heals on a kill in CaC",
    "Elixir": "heals, then leaves the game",
    "Empuñadura larga": "an optional trade: a choice",
    "Energía vital": "an optional DAÑ +X, X the wounds taken",
    "Escudo coriáceo": "levels lost before wounds",
    "Frenesí": "optional, and DEF 0 until its next activation",
    "Fuego pesado": "its ENE +3 (stat ENE) is not applied by the engine yet",
    "Fuego sostenido": "grows with consecutive hits on one enemy",
    "Garras y dientes": "unarmed DAÑ CON/2, and no equipment",
    "Gran bestia": "wounded only by DAÑ > CON/2",
    "Larga vida": "no wounds after a passed CH DEF",
    "Malvado": "stress to the user",
    "Matamuertos": "only against 'no vivos': a target type",
    "Matarife": "only with a critical CH IMP in CaC",
    "Miembros prescindibles": "wounds by body zones",
    "Munición aliento de dragón": "also ALC /2 and CAL −1",
    "Munición anti": "only against the target type named (X)",
    "Munición bendecida": "only against INT 6 or more",
    "Munición corrosiva": "a wound despite a passed CH DEF, or the attacker's on a fumble",
    "Munición de pulso": "depends on the target being vulnerable",
    "Munición experimental": "only within ALC/2",
    "Munición explosiva": "two hits, two CH DEF",
    "Munición psíquica": "inflicts stress",
    "Muro": "a protection against stress",
    "Poderoso": "a Poder counter spent on DAÑ",
    "Reventamuros": "only against doors, walls and tanks",
    "Sanguinario": "only after wounding in CaC in that activation",
    "Shin": "only in Ataque psíquico / Hackear",
    "Sin cura": "no healing",
    "Sin daño": "the weapon causes no wounds (damage_taken is the bearer's)",
}


def fight(
    attack: str, a_traits: tuple[Trait, ...] = (), b_traits: tuple[Trait, ...] = ()
) -> tuple[GameState, list[Event]]:
    """a attacks b (CON 9): "ranged" with the fusil, "melee" Cargar then the cuchillo."""
    a = replace(profile("a", weapons=(RIFLE, CARBINE, KNIFE)), traits=a_traits)
    b = replace(profile("b", con=9), traits=b_traits)
    melee = attack == "melee"
    where = (13.5, 10.0) if melee else (21.0, 10.0)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", where, 180.0)]
    # CH IMP passes, CH DEF 9 fails, then b's CH PSI for its wounds.
    faces = [4, 9, 5] if melee else [3, 9, 4]
    state = started(scenario(units, profiles={"a": a, "b": b}), faces=faces)
    if melee:
        do(state, Action("cargar", target="b"))
        events = do(state, Action("ataque_cac", target="b", item="cuchillo"))
    else:
        events = do(state, Action("ataque_distancia", target="b", item="fusil"))
    return state, events


def hit_damage(events: list[Event]) -> int:
    return int(next(e for e in events if e.kind == "hit").data["damage"])


@pytest.mark.parametrize(("attack", "dan"), [("ranged", RANGED_DAN), ("melee", MELEE_DAN)])
def test_the_plain_blows_the_cases_start_from(attack: str, dan: int) -> None:
    """COMBATE: fusil DAÑ 4 at range; cuchillo DAÑ 2 + CON − 4 + 1 after Cargar in CaC."""
    state, events = fight(attack)
    assert hit_damage(events) == dan and state.figures["b"].wounds == dan


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=f"{c.entry}-{c.attack}-{c.weapon or 'figure'}") for c in CASES],
)
def test_damage_entries_in_play(case: Case) -> None:
    traits = (Trait(case.entry, 1, case.weapon),)
    state, events = fight(case.attack, **{f"{case.bearer}_traits": traits})
    assert hit_damage(events) == case.damage, case.rule
    assert state.figures["b"].wounds == case.wounds, case.rule


def _damage_yaml() -> dict[str, object]:
    text = resources.files("wartime.data").joinpath("effects/damage.yaml").read_text("utf-8")
    raw = yaml.safe_load(text)
    assert isinstance(raw, dict)
    return raw


def test_every_entry_of_damage_yaml_has_hook_damage() -> None:
    catalog = load_catalog()
    hooks = {name: getattr(catalog.find(name), "hook", None) for name in _damage_yaml()}
    assert hooks == dict.fromkeys(hooks, Hook.DAMAGE)


def test_every_damage_entry_is_encoded_and_shown_or_left_out_with_a_reason() -> None:
    encoded = set(_damage_yaml())
    damage = {e.name for e in load_catalog().entries if e.hook is Hook.DAMAGE}
    assert encoded == {c.entry for c in CASES}
    assert not encoded & set(LEFT_OUT)
    assert encoded | set(LEFT_OUT) == damage
    pending = set(not_yet_automated())
    assert set(LEFT_OUT) <= pending and not encoded & pending
