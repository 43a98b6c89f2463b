"""BONUS Y MALUS, the entries with hook ``damage``: their effects shown in play.

Each automated entry (``data/effects/damage.yaml``) is a case of one table: a
real attack (Ataque a distancia with the fusil, or Cargar then Ataque CaC with
the cuchillo) with scripted dice, and the DAÑ of the hit and the wounds taken.
The entries on the CH DEF and the wounds have their own table in
``test_effects_damage_defence.py``.  The other damage entries are listed with
why the engine cannot play them whole yet: they stay in ``not_yet_automated()``
for the players to adjudicate.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib import resources

import pytest
import yaml

from wartime.engine import Action, GameState
from wartime.engine.core.events import Event
from wartime.engine.core.modifiers import not_yet_automated
from wartime.engine.core.profiles import Trait, Weapon
from wartime.rules.catalog import Mechanism, load_catalog
from wartime.rules.effects import load_effects

from .engine_support import KNIFE, RIFLE, do, profile, scenario, started

CARBINE = Weapon("carabina", ene=2, dan=3, alc=15, cal=3)

# The unmodified blows of the two fights below, with the target's CH DEF failed.
RANGED_DAN = RIFLE.dan  # fusil: DAÑ 4
MELEE_DAN = KNIFE.dan + 1  # cuchillo 2 + CON 4 − 4 + 1 for Cargar = 3

# The dice after initiative: CH IMP passes, CH DEF 9 fails, then b's CH PSI for its wounds.
FACES = {"ranged": (3, 9, 4), "melee": (4, 9, 5)}
CRITICAL = {"ranged": (1, 9, 4), "melee": (1, 9, 5)}  # the CH IMP is a 1


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
    faces: tuple[int, ...] | None = None  # other dice than FACES[attack]
    b_has: tuple[str, ...] = ()  # more entries of b's (No vivo...)
    b_int: int = 4
    b_x: float | None = None  # b's place for a shot (21: 10 K edge to edge)
    a_wounds: int = 0


ABSORCION = "BONUS Y MALUS, Absorción de impacto: hits on the bearer deal DAÑ -1."
BLANDITO = "BONUS Y MALUS, Blandito: the bearer takes double DAÑ."
FILO_ROMO = "BONUS Y MALUS, Filo romo: DAÑ-1"
REFORZADA = "BONUS Y MALUS, Munición reforzada: DAÑ +1 when shooting."
CABALLERIA = "BONUS Y MALUS, Caballería: a charge adds DAÑ +2 instead of +1."
LACERACION = "BONUS Y MALUS, Señor de la laceración: any attack on the bearer, CaC or shot, DAÑ -2."
EXTRA = "BONUS Y MALUS, Daño extra: a critical CH IMP adds one more DAÑ to its own +1."
MATARIFE = "BONUS Y MALUS, Matarife: a critical CH IMP in CaC is worth DAÑ +2."
BENDECIDA = "BONUS Y MALUS, Munición bendecida: DAÑ +2 against a target of INT 6 or more."
EXPERIMENTAL = "BONUS Y MALUS, Munición experimental: DAÑ +3 within half the weapon's ALC."
MATAMUERTOS = "BONUS Y MALUS, Matamuertos: DAÑ +2 against a target that is not alive."
PULSO = "BONUS Y MALUS, Munición de pulso: DAÑ +2 against the vulnerable, -2 otherwise."
ENERGIA = "BONUS Y MALUS, Energía vital: in CaC, DAÑ + the wounds the bearer has taken."
CONTRACARGA = "BONUS Y MALUS, Contracarga: who charges the bearer gets no charge bonus."
PESADO = "BONUS Y MALUS, Fuego pesado: DAÑ +3 for its attacks, which cost ENE +3."
AFILADA = "BONUS Y MALUS, Afilada: DAÑ +1 in CaC, until a fumble."
REVENTAMUROS = "BONUS Y MALUS, Reventamuros: DAÑ +3 in CaC, only against doors, walls, tanks."

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
    # A critical: DAÑ 4 + 1, and 1 more; nothing without the critical.
    Case("Daño extra", EXTRA, "a", "fusil", "ranged", 6, 6, CRITICAL["ranged"]),
    Case("Daño extra", EXTRA, "a", None, "melee", 5, 5, CRITICAL["melee"]),
    Case("Daño extra", EXTRA, "a", "fusil", "ranged", 4, 4),
    Case("Matarife", MATARIFE, "a", None, "melee", 5, 5, CRITICAL["melee"]),
    Case("Matarife", MATARIFE, "a", None, "melee", 3, 3),
    # "de CaC": a critical shot keeps its plain +1.
    Case("Matarife", MATARIFE, "a", None, "ranged", 5, 5, CRITICAL["ranged"]),
    Case("Munición bendecida", BENDECIDA, "a", "fusil", "ranged", 6, 6, b_int=6),
    Case("Munición bendecida", BENDECIDA, "a", "fusil", "ranged", 4, 4, b_int=5),
    # The fusil has ALC 20: within 10 K, edge to edge, the shot gains DAÑ +3.
    Case("Munición experimental", EXPERIMENTAL, "a", "fusil", "ranged", 7, 7, b_x=19.0),
    Case("Munición experimental", EXPERIMENTAL, "a", "fusil", "ranged", 7, 7, b_x=21.0),
    Case("Munición experimental", EXPERIMENTAL, "a", "fusil", "ranged", 4, 4, b_x=25.0),
    Case("Matamuertos", MATAMUERTOS, "a", "fusil", "ranged", 6, 6, b_has=("No vivo",)),
    Case("Matamuertos", MATAMUERTOS, "a", "cuchillo", "melee", 5, 5, b_has=("No vivo",)),
    Case("Matamuertos", MATAMUERTOS, "a", "fusil", "ranged", 4, 4),
    # A target is vulnerable when one of its entries has that tag (Control remoto).
    Case("Munición de pulso", PULSO, "a", "fusil", "ranged", 6, 6, b_has=("Control remoto",)),
    Case("Munición de pulso", PULSO, "a", "fusil", "ranged", 2, 2),
    # a has 2 wounds: cuchillo 2 + CON 4 − 4 − 2 wounds is 0, at least 1; + 1 for Cargar
    # and + 2 from Energía vital.  (The wounds also bring sobrecarga's CH IMP −1.)
    Case("Energía vital", ENERGIA, "a", None, "melee", 4, 4, (3, 9, 5), a_wounds=2),
    Case("Energía vital", ENERGIA, "a", None, "melee", 3, 3),
    Case("Energía vital", ENERGIA, "a", None, "ranged", 4, 4, a_wounds=2),
    # No CH IMP +1 (so the 4 of FACES would fail), no DAÑ +1: cuchillo 2.
    Case("Contracarga", CONTRACARGA, "b", None, "melee", 2, 2, (3, 9, 5)),
    Case("Contracarga", CONTRACARGA, "b", None, "ranged", 4, 4),
    Case("Fuego pesado", PESADO, "a", "fusil", "ranged", 7, 7),
    Case("Fuego pesado", PESADO, "a", "cuchillo", "melee", 6, 6),
    Case("Fuego pesado", PESADO, "a", "cuchillo", "ranged", 4, 4),
    Case("Afilada", AFILADA, "a", "cuchillo", "melee", 4, 4),
    Case("Afilada", AFILADA, "a", "cuchillo", "ranged", 4, 4),
    # Against a Pj nothing: b is no transport (tests/test_psychic_ammo.py hits one).
    Case("Reventamuros", REVENTAMUROS, "a", None, "melee", 3, 3),
]

# Every other damage entry, and why the engine cannot play its whole rule yet (none now:
# Miembros prescindibles is played by entries/body_zones.py, tests/test_body_zones.py).
LEFT_OUT: dict[str, str] = {}
# Munición psíquica and Muro are played by entries/psychic_hits.py, Reventamuros against a
# transport: tests/test_psychic_ammo.py.


def fight(
    attack: str, a_traits: tuple[Trait, ...] = (), b_traits: tuple[Trait, ...] = (),
    *, faces: tuple[int, ...] | None = None, b_int: int = 4, b_x: float | None = None,
    a_wounds: int = 0,
) -> tuple[GameState, list[Event]]:  # fmt: skip
    """a attacks b (CON 9): "ranged" with the fusil, "melee" Cargar then the cuchillo."""
    a = replace(profile("a", weapons=(RIFLE, CARBINE, KNIFE)), traits=a_traits)
    b = replace(profile("b", con=9), traits=b_traits, int_=b_int)
    melee = attack == "melee"
    where = (13.5, 10.0) if melee else (b_x or 21.0, 10.0)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", where, 180.0)]
    state = started(scenario(units, profiles={"a": a, "b": b}), faces=faces or FACES[attack])
    state.figures["a"].wounds = a_wounds
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


def _case_id(case: Case) -> str:
    extra = "-crit" if case.faces and case.faces[0] == 1 else ""
    return f"{case.entry}-{case.attack}-{case.weapon or 'figure'}-{case.damage}{extra}"


@pytest.mark.parametrize("case", [pytest.param(c, id=_case_id(c)) for c in CASES])
def test_damage_entries_in_play(case: Case) -> None:
    traits = (Trait(case.entry, 1, case.weapon),)
    b_has = tuple(Trait(name) for name in case.b_has)
    a_traits, b_traits = (traits, b_has) if case.bearer == "a" else ((), traits + b_has)
    state, events = fight(
        case.attack, a_traits, b_traits, faces=case.faces, b_int=case.b_int, b_x=case.b_x,
        a_wounds=case.a_wounds,
    )  # fmt: skip
    assert hit_damage(events) == case.damage, case.rule
    assert state.figures["b"].wounds == case.wounds, case.rule


def _damage_yaml() -> dict[str, object]:
    text = resources.files("wartime.data").joinpath("effects/damage.yaml").read_text("utf-8")
    raw = yaml.safe_load(text)
    assert isinstance(raw, dict)
    return raw


def test_every_entry_of_damage_yaml_has_hook_damage_or_acts_on_the_ch_def() -> None:
    from .test_effects_damage_defence import DEFENCE_ENTRIES

    catalog = load_catalog()
    hooks = {name: getattr(catalog.find(name), "mechanism", None) for name in _damage_yaml()}
    others = {name for name, hook in hooks.items() if hook is not Mechanism.DAMAGE}
    assert others == DEFENCE_ENTRIES - {n for n, h in hooks.items() if h is Mechanism.DAMAGE}


def test_every_damage_entry_is_encoded_and_shown_or_left_out_with_a_reason() -> None:
    from .test_effects_cries import DAMAGE_ENTRIES as CRIES
    from .test_effects_damage_defence import DEFENCE_ENTRIES
    from .test_effects_pass2 import SECOND_PASS

    encoded = set(_damage_yaml())
    damage = {e.name for e in load_catalog().entries if e.mechanism is Mechanism.DAMAGE}
    mind = {"Shin"}  # its DAÑ is a mind attack's stress: tests/test_mind.py
    assert encoded - SECOND_PASS - CRIES - mind == {c.entry for c in CASES} | DEFENCE_ENTRIES
    assert not encoded & set(LEFT_OUT)
    # The entries that are choices, counters or shields are in choices.yaml.
    assert (set(load_effects()) | set(LEFT_OUT)) & damage == damage
    assert set(LEFT_OUT) <= damage and all(LEFT_OUT.values())
    pending = set(not_yet_automated())
    assert set(LEFT_OUT) <= pending and not encoded & pending
