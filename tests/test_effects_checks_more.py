"""BONUS Y MALUS: more check_modifier entries of ``data/effects/checks.yaml``, in play.

The first table plays one action with scripted dice and finds (or misses) the
entry's modifier on one roll of one figure.  Entries that change something else
(the ENE an action costs, the initiative roll, Concentrarse's step, the number a
check is made against) have their own tests below.  ``LEFT_OUT`` lists the
check_modifier entries that stay with the players, each with its reason.

Scenes (a acts; a and b are side A and B; dice in the order they fall):

- ``shoot``: a shoots b 10 K away: a's CH IMP 2, b's CH DEF 9 (4 wounds), b's CH PSI 3;
- ``strike``: the same with a knife in base contact;
- ``fumble``: a's shot fumbles (10): a's CH DEF 9 against DAÑ 1, a's CH PSI 3;
- ``push``: a pushes b (CON 4): a's CH IMP 3, then the CH CON ENF, a 3 and b 5;
- ``giro``: a (MOV 4) runs a 180°: its CH AGI 5;
- ``destrabarse``: a leaves its CaC with b: its CH PSI 4;
- ``usar``: a casts a bunkai on b 3 K away: a's CH AGI 2, then the CH VOL ENF, a 3, b 8;
- ``hidden``: b hides behind a chest-high wall; a shoots it: the CH INT ENF, a 2, b 5.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Metaability, Profile, Trait, Weapon
from wartime.rules.catalog import Mechanism, load_catalog
from wartime.rules.effects import load_effects

from . import engine_support as support

BUNKAI = Metaability("golpe", ene=2, alc=6, cal=5, attribute="AGI")
WALL = Wall(((20.0, 8.0), (20.0, 12.0)), 0.7, 2)  # b at x 21 is 68% hidden from a at x 10
WAND = Weapon("varita", ene=3, dan=3, alc=20, cal=4, bonuses=("Invocación",))
PAD = [5] * 6  # whatever falls after the rolls a scene looks at

# scene: (where b stands, a's MOV, b's CON, the action, the dice)
SCENES: dict[str, tuple[tuple[float, float], float, int, Action, list[int]]] = {
    "shoot": ((21.0, 10.0), 1.0, 9, Action("ataque_distancia", target="b", item="fusil"),
              [2, 9, 3]),
    "strike": ((11.0, 10.0), 1.0, 9, Action("ataque_cac", target="b", item="cuchillo"),
               [2, 9, 3]),
    "fumble": ((21.0, 10.0), 1.0, 9, Action("ataque_distancia", target="b", item="fusil"),
               [10, 9, 3]),
    "push": ((11.0, 10.0), 1.0, 4, Action("empujar", target="b"), [3, 3, 5]),
    "giro": ((21.0, 20.0), 4.0, 9, Action("giro_180", point=(30.0, 10.0)), [5]),
    "destrabarse": ((11.0, 10.0), 1.0, 9, Action("destrabarse", point=(8.0, 10.0)), [4]),
    "usar": ((14.0, 10.0), 1.0, 9, Action("usar", target="b", item="golpe"), [2, 3, 8]),
    "hidden": ((21.0, 10.0), 1.0, 9, Action("ataque_distancia", target="b", item="fusil"),
               [2, 5, 9]),
}  # fmt: skip


def t(name: str, weapon: str | None = None, param: str | None = None) -> Trait:
    return Trait(name, 1, weapon, param)


def scene(
    name: str, a: tuple[Trait, ...] = (), b: tuple[Trait, ...] = (), **others: Profile
) -> tuple[GameState, Action]:
    """The scene's state, a acting, with its dice; ``others`` stand on side A near a."""
    b_at, mov, b_con, action, dice = SCENES[name]
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, 180.0)]
    units += [(fid, "A", (10.0, 12.0 + 2 * i), 0.0) for i, fid in enumerate(others)]
    profiles = {
        "a": replace(
            support.profile("a", mov=mov, weapons=(support.RIFLE, support.KNIFE, WAND)),
            traits=(*a, *support.users_of(BUNKAI)),
            metaabilities=(BUNKAI,),
        ),
        "b": replace(support.profile("b", con=b_con), traits=b),
        **others,
    }
    walls = (WALL,) if name == "hidden" else ()
    state = support.started(support.scenario(units, profiles=profiles, walls=walls), [*dice, *PAD])
    if name == "hidden":
        state.figures["b"].hidden = True
    return state, action


@dataclass(frozen=True)
class Case:
    entry: str
    rule: str  # BONUS Y MALUS, the entry: in our words
    scene: str
    a: tuple[Trait, ...]  # what a carries
    b: tuple[Trait, ...]  # what b carries
    roll: tuple[str, str]  # whose roll, and its purpose (its start)
    modifier: int | None  # the entry's modifier on it; None: it is not there


def case(entry: str, rule: str, scene: str, roll: tuple[str, str], modifier: int | None,
         a: tuple[Trait, ...] = (), b: tuple[Trait, ...] = (), note: str = "") -> Any:  # fmt: skip
    return pytest.param(
        Case(entry, rule, scene, a, b, roll, modifier), id=f"{entry}-{note or scene}-{roll[0]}"
    )


CHOSEN_SHOT = (t("Maestría en combate", param="Ataque a distancia"),)
CASES = [
    case("Incapacidad", "CH ATR -1 in the action chosen (X)", "giro", ("a", "CH AGI"), -1,
         a=(t("Incapacidad", param="180°"),)),
    case("Incapacidad", "CH ATR -1 in the action chosen (X)", "giro", ("a", "CH AGI"), None,
         a=(t("Incapacidad", param="Correr"),), note="another action"),
    case("Incapacidad", "CH ATR -1 with the object chosen (X)", "strike", ("a", "CH IMP"), -1,
         a=(t("Incapacidad", param="Cuchillo"),), note="the knife"),
    case("Incapacidad de combate", "CH ATR -1 in the combat action chosen (X)", "strike",
         ("a", "CH IMP"), -1, a=(t("Incapacidad de combate", param="Ataque CaC"),)),
    case("Incapacidad de combate", "CH ATR -1 in the combat action chosen (X)", "shoot",
         ("a", "CH IMP"), None, a=(t("Incapacidad de combate", param="Ataque CaC"),)),
    case("Maestría", "CH ATR +1 in the action chosen (X)", "giro", ("a", "CH AGI"), 1,
         a=(t("Maestría", param="180°"),)),
    case("Maestría", "CH ATR +1 in the action chosen (X)", "destrabarse", ("a", "CH PSI"), None,
         a=(t("Maestría", param="180°"),), note="another action"),
    case("Maestría", "CH ATR +1 with the object chosen (X): a metaability used", "usar",
         ("a", "CH AGI (golpe)"), 1, a=(t("Maestría", param="golpe"),)),
    case("Maestría en combate", "CH ATR +1 in the combat action chosen (X)", "shoot",
         ("a", "CH IMP"), 1, a=CHOSEN_SHOT),
    case("Maestría en combate", "CH ATR +1 in the combat action chosen (X)", "strike",
         ("a", "CH IMP"), None, a=CHOSEN_SHOT),
    case("Maestría en combate", "not on the CH PSI its wounds bring", "fumble",
         ("a", "CH PSI (heridas)"), None, a=CHOSEN_SHOT),
    case("Maestría en combate", "not on the rolls of the figure it acts on", "shoot",
         ("b", "CH DEF"), None, b=CHOSEN_SHOT),
    case("Maestría en combate", "CH ATR +1 with the weapon it sits on", "shoot", ("a", "CH IMP"),
         1, a=(t("Maestría en combate", weapon="fusil"),), note="on the rifle"),
    case("Maestría en combate", "CH ATR +1 with the weapon it sits on", "strike",
         ("a", "CH IMP"), None, a=(t("Maestría en combate", weapon="fusil"),),
         note="on the rifle"),
    case("Retirada ordenada", "CH ATR +2 to get out of a CaC", "destrabarse", ("a", "CH PSI"), 2,
         a=(t("Retirada ordenada"),)),
    case("Retirada ordenada", "CH ATR +2 to get out of a CaC", "fumble",
         ("a", "CH PSI (heridas)"), None, a=(t("Retirada ordenada"),)),
    case("Piloto evasivo", "CH AGI +1 in movement actions with a check", "giro", ("a", "CH AGI"),
         1, a=(t("Piloto evasivo"),)),
    case("Piloto evasivo", "CH AGI +1 in movement actions with a check", "shoot", ("a", "CH IMP"),
         None, a=(t("Piloto evasivo"),)),
    case("Suspenso en gimnasia", "movement actions but Mover: CH -1", "giro", ("a", "CH AGI"), -1,
         a=(t("Suspenso en gimnasia"),)),
    case("Suspenso en gimnasia", "movement actions but Mover: CH -1", "strike", ("a", "CH IMP"),
         None, a=(t("Suspenso en gimnasia"),)),
    case("Runas de combate", "CH VOL ENF +1", "usar", ("a", "CH VOL ENF"), 1,
         a=(t("Runas de combate"),)),
    case("Runas de combate", "CH VOL ENF +1", "usar", ("b", "CH VOL ENF"), 1,
         b=(t("Runas de combate"),)),
    case("Runas de combate", "CH VOL ENF +1", "usar", ("a", "CH AGI (golpe)"), None,
         a=(t("Runas de combate"),), note="not a CH ENF"),
    case("Resistencia mental", "actions aimed at it with CH VOL ENF: CH ATR -1", "usar",
         ("a", "CH VOL ENF"), -1, b=(t("Resistencia mental"),)),
    case("Resistencia mental", "actions aimed at it with CH VOL ENF: CH ATR -1", "usar",
         ("b", "CH VOL ENF"), None, a=(t("Resistencia mental"),), note="its own action"),
    case("Señor de la confusión", "enemies, against it: CH INT -2", "hidden",
         ("a", "CH INT ENF"), -2, b=(t("Señor de la confusión"),)),
    case("Señor de la confusión", "enemies, against it: CH INT -2", "hidden",
         ("b", "CH INT ENF"), None, b=(t("Señor de la confusión"),), note="its own roll"),
    case("Señor de la corrosión", "enemies, against it: CH DEF -2", "shoot", ("b", "CH DEF"), -2,
         a=(t("Señor de la corrosión"),)),
    case("Señor de la corrosión", "enemies, against it: CH DEF -2", "strike", ("b", "CH DEF"), -2,
         a=(t("Señor de la corrosión"),)),
    case("Señor del hambre", "enemies, against it: CH CON -2", "push", ("a", "CH CON ENF"), -2,
         b=(t("Señor del hambre"),)),
    case("Señor del hambre", "enemies, against it: CH CON -2", "push", ("b", "CH CON ENF"), -2,
         a=(t("Señor del hambre"),), note="defending"),
    case("Señor del sometimiento", "enemies, against it: CH VOL -2", "usar", ("a", "CH VOL ENF"),
         -2, b=(t("Señor del sometimiento"),)),
    case("Señor del sometimiento", "enemies, against it: CH VOL -2", "shoot",
         ("b", "CH PSI (heridas)"), None, a=(t("Señor del sometimiento"),),
         note="wounds are not an act against it"),
    # Sin miembro (X): "DIF" is a difficult action, CH -1 (CONCEPTOS BÁSICOS).
    case("Sin miembro", "an arm: each CH IMP -1", "shoot", ("a", "CH IMP"), -1,
         a=(t("Sin miembro", param="brazo"),), note="brazo"),
    case("Sin miembro", "a hand: each CH IMP -1", "strike", ("a", "CH IMP"), -1,
         a=(t("Sin miembro", param="mano izquierda"),), note="mano"),
    case("Sin miembro", "an arm: actions done by hand, CH -1", "push", ("a", "CH CON ENF"), -1,
         a=(t("Sin miembro", param="brazo"),), note="empujar"),
    case("Sin miembro", "an arm: not movement", "giro", ("a", "CH AGI"), None,
         a=(t("Sin miembro", param="brazo"),), note="brazo-giro"),
    case("Sin miembro", "a leg: movement actions, CH -1", "giro", ("a", "CH AGI"), -1,
         a=(t("Sin miembro", param="Pierna"),), note="pierna"),
    case("Sin miembro", "a foot: movement actions only", "shoot", ("a", "CH IMP"), None,
         a=(t("Sin miembro", param="pies"),), note="pie-shot"),
    case("Sin miembro", "an arm: not the CH DEF", "shoot", ("b", "CH DEF"), None,
         b=(t("Sin miembro", param="brazo"),), note="def"),
    case("Sin miembro", "an X that is no limb: nothing", "shoot", ("a", "CH IMP"), None,
         a=(t("Sin miembro", param="cola"),), note="cola"),
    case("Sin miembro", "no X: nothing", "giro", ("a", "CH AGI"), None,
         a=(t("Sin miembro"),), note="none"),
]  # fmt: skip


@pytest.mark.parametrize("c", CASES)
def test_entry_modifies_its_check_in_play(c: Case) -> None:
    """BONUS Y MALUS, <entry>: <rule> — on that roll (labelled "entry (owner)" if another's)."""
    state, action = scene(c.scene, a=c.a, b=c.b)
    found = support.rolls_of(support.do(state, action), *c.roll)
    assert found, f"no {c.roll} in the scene {c.scene}"
    owner = "a" if c.a else "b"
    label = c.entry if owner == c.roll[0] else f"{c.entry} ({owner})"
    mods = support.labelled(found[0], c.entry)
    assert mods == ([] if c.modifier is None else [[label, c.modifier]]), c.rule


def test_borracho_grows_by_one_each_turn_after_the_third() -> None:
    """BONUS Y MALUS, Borracho: past turn 3, CH ATR -1 more for every turn."""
    for turn, wanted in [(1, []), (3, []), (4, [["Borracho", -1]]), (6, [["Borracho", -3]])]:
        state, action = scene("shoot", a=(t("Borracho"),))
        state.turn = turn  # the check reads the turn being played
        state.dice.faces[0] = 1  # a critical hits whatever the malus: b's CH DEF follows
        events = support.do(state, action)
        assert support.labelled(support.rolls_of(events, "a", "CH IMP")[0], "Borracho") == wanted, (
            turn
        )
        assert (
            support.labelled(support.rolls_of(events, "b", "CH DEF")[0], "Borracho") == []
        )  # not a CH ATR


def test_explorador_adds_one_to_the_initiative_roll() -> None:
    """BONUS Y MALUS, Explorador: +1 to the roll for the initiative (the "ventaja")."""
    state, _ = scene("shoot", a=(t("Explorador"),))
    rolled = [e.data for e in state.log if e.kind == "roll" and e.data["purpose"] == "iniciativa"]
    assert rolled[0]["modifiers"] == [["VOL", 4], ["Explorador", 1]]
    assert rolled[0]["outcome"] == 9 + 4 + 1
    assert rolled[1]["modifiers"] == [["VOL", 4]]


def test_mal_agujero_bites_only_with_heroe() -> None:
    """BONUS Y MALUS, Mal agujero: CH ATR -1 when it also carries Héroe."""
    state, action = scene("shoot", a=(t("Mal agujero"), t("Héroe")))
    assert support.labelled(
        support.rolls_of(support.do(state, action), "a", "CH IMP")[0], "Mal agujero"
    ) == [["Mal agujero", -1]]
    state, action = scene("shoot", a=(t("Mal agujero"),))
    assert (
        support.labelled(
            support.rolls_of(support.do(state, action), "a", "CH IMP")[0], "Mal agujero"
        )
        == []
    )


def test_mente_centrada_makes_concentrarse_give_two() -> None:
    """BONUS Y MALUS, Mente centrada: Concentrarse gives +2, not +1 (the +3 cap stays)."""
    for times, bonus in [(1, 2), (2, 3)]:
        state, action = scene("shoot", a=(t("Mente centrada"),))
        for _ in range(times):
            support.do(state, Action("concentrarse"))
        data = support.rolls_of(support.do(state, action), "a", "CH IMP")[0]
        assert ["concentración", bonus] in data["modifiers"]
    state, action = scene("shoot")
    support.do(state, Action("concentrarse"))
    assert ["concentración", 1] in support.rolls_of(support.do(state, action), "a", "CH IMP")[0][
        "modifiers"
    ]


def test_municion_teledirigida_shoots_at_eight() -> None:
    """BONUS Y MALUS, Munición teledirigida: its shots always check CH IMP 8."""
    guided = (t("Munición teledirigida", weapon="fusil"),)
    state, action = scene("shoot", a=guided)
    state.figures["a"].next_action_modifier = -3  # whatever else applies, the number is 8
    data = support.rolls_of(support.do(state, action), "a", "CH IMP")[0]
    assert data["target"] == 8 and data["base"] == 4
    assert support.labelled(data, "Munición teledirigida") == [["Munición teledirigida", 7]]
    state, action = scene("strike", a=guided)  # the knife carries no such ammunition
    assert support.rolls_of(support.do(state, action), "a", "CH IMP")[0]["target"] == 4


def test_pusilanime_halves_unless_a_leader_is_near() -> None:
    """BONUS Y MALUS, Pusilánime: ATR /2 without an ally within 10 K with Líder, Presencia de
    honor or Aura de obstinación (AGI 4 → 2 on the CH IMP, VOL 4 → 2 on the CH PSI)."""
    state, action = scene("shoot", a=(t("Pusilánime"),))
    assert support.labelled(
        support.rolls_of(support.do(state, action), "a", "CH IMP")[0], "Pusilánime"
    ) == [["Pusilánime", -2]]
    for entry in ("Líder", "Presencia de honor", "Aura de obstinación"):
        leader = replace(support.profile("c"), traits=(t(entry),))
        state, action = scene("shoot", a=(t("Pusilánime"),), c=leader)
        assert (
            support.labelled(
                support.rolls_of(support.do(state, action), "a", "CH IMP")[0], "Pusilánime"
            )
            == []
        ), entry
    state, action = scene("shoot", a=(t("Pusilánime"),), c=replace(support.profile("c"), traits=()))
    assert support.labelled(
        support.rolls_of(support.do(state, action), "a", "CH IMP")[0], "Pusilánime"
    ) == [["Pusilánime", -2]]
    far = scene(
        "shoot", a=(t("Pusilánime"),), c=replace(support.profile("c"), traits=(t("Líder"),))
    )
    state, action = far
    state.figures["c"].position = (10.0, 21.2)  # 10.2 K between the bases
    assert support.labelled(
        support.rolls_of(support.do(state, action), "a", "CH IMP")[0], "Pusilánime"
    ) == [["Pusilánime", -2]]


def test_luchador_consumado_denies_the_foes_numbers() -> None:
    """BONUS Y MALUS, Luchador consumado: in a CaC of several, its foes get no bonus for
    being more (MODIFICADORES, Por superioridad numérica)."""
    for traits, wanted in [((), True), ((t("Luchador consumado"),), False)]:
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
        units.append(("c", "A", (12.0, 10.0), 180.0))
        profiles = {"b": replace(support.profile("b", con=9), traits=traits)}
        state = support.started(support.scenario(units, profiles=profiles), [2, 9, 3, *PAD])
        data = support.rolls_of(
            support.do(state, Action("ataque_cac", target="b", item="cuchillo")), "a", "CH IMP"
        )
        assert (["superioridad numérica", 1] in data[0]["modifiers"]) is wanted


def ene_paid(events: list[Any]) -> list[int]:
    return [e.data["cost"] for e in events if e.kind == "ene"]


@pytest.mark.parametrize(
    ("entry", "item", "cost"),
    [
        ("Maestro carnicero", "fusil", support.RIFLE.ene - 1),  # a physical weapon checks AGI
        ("Maestro carnicero", "varita", WAND.ene),  # an invocación checks INT
        ("Maestro rúnico", "varita", WAND.ene - 1),
        ("Maestro rúnico", "fusil", support.RIFLE.ene),
    ],
)
def test_weapon_masters_pay_one_ene_less(entry: str, item: str, cost: int) -> None:
    """BONUS Y MALUS, Maestro carnicero: weapons with AGI cost ENE -1; Maestro rúnico: weapons
    with the entry Invocación cost ENE -1."""
    state, _ = scene("shoot", a=(t(entry),))
    events = support.do(state, Action("ataque_distancia", target="b", item=item))
    assert ene_paid(events) == [cost]
    if cost < support.RIFLE.ene:
        assert [e.data["modifiers"] for e in events if e.kind == "ene"] == [[[entry, -1]]]


def test_maestro_carnicero_leaves_other_actions_alone_and_lets_a_shot_through() -> None:
    """The ENE -1 is the weapon's: Agacharse still costs 1; with ENE 2 a 3-ENE rifle fires."""
    state, _ = scene("shoot", a=(t("Maestro carnicero"),))
    assert ene_paid(support.do(state, Action("agacharse"))) == [1]
    state, action = scene("shoot", a=(t("Maestro carnicero"),))
    state.figures["a"].ene = 2
    assert ene_paid(support.do(state, action)) == [2] and state.figures["a"].ene == 0


def test_senor_de_la_congelacion_makes_acting_on_it_cost_two_more() -> None:
    """BONUS Y MALUS, Señor de la congelación: enemies acting against it, ENE -2 (each such
    action costs them 2 more ENE; not those aimed at anyone else)."""
    frozen = (t("Señor de la congelación"),)
    state, action = scene("shoot", b=frozen)
    events = support.do(state, action)
    assert ene_paid(events) == [support.RIFLE.ene + 2]
    assert [e.data["modifiers"] for e in events if e.kind == "ene"] == [
        [["Señor de la congelación (b)", 2]]
    ]
    state, action = scene("shoot", a=frozen)  # its own actions are not "against it"
    assert ene_paid(support.do(state, action)) == [support.RIFLE.ene]


def test_senor_de_la_congelacion_counts_in_an_action_lost_to_a_hidden_target() -> None:
    """Esconderse: a lost CH INT ENF still spends the action's ENE, its +2 too."""
    state, action = scene("hidden", b=(t("Señor de la congelación"),))
    state.dice.faces[:2] = [7, 3]  # b wins the CH INT ENF
    events = support.do(state, action)
    assert "not_found" in [e.kind for e in events]
    assert ene_paid(events) == [support.RIFLE.ene + 2]


def test_every_entry_of_checks_yaml_is_tested_here_or_in_the_first_file() -> None:
    from .test_effects_checks import TESTED as FIRST
    from .test_effects_pass2 import SECOND_PASS

    names = {n for n in load_effects() if _in_file(n, "checks.yaml")}
    mine = {p.values[0].entry for p in CASES} | OWN_TESTS
    assert names - FIRST - mine - SECOND_PASS == set()
    assert mine <= names


OWN_TESTS = {
    "Borracho", "Explorador", "Mal agujero", "Mente centrada", "Munición teledirigida",
    "Pusilánime", "Luchador consumado", "Maestro carnicero", "Maestro rúnico",
    "Señor de la congelación",
    "Despertando del letargo",  # its tests: tests/test_effects_presence.py
}  # fmt: skip

# check_modifier entries that stay with the players (bonuses.not_yet_automated), and why.
# The CH DEF ones the damage work automates (Munición buscadora, perforante...) are in
# tests/test_effects_damage*.py; those of the second pass in tests/test_effects_pass2.py.
LEFT_OUT: dict[str, str] = {}  # Sin miembro is automated (engine/limbs.py)


def test_every_check_modifier_entry_is_automated_or_left_out_with_a_reason() -> None:
    catalog = load_catalog()
    mine = {e.name for e in catalog.entries if e.mechanism is Mechanism.CHECK_MODIFIER}
    automated = set(load_effects())
    assert mine - automated <= set(LEFT_OUT), mine - automated - set(LEFT_OUT)
    ours = {n for n in automated if n in mine and _in_file(n, "checks.yaml")}
    assert not ours & set(LEFT_OUT)
    assert all(len(why) > 20 for why in LEFT_OUT.values())


def _in_file(name: str, file: str) -> bool:
    return name in _entries_in(file)


@functools.cache
def _entries_in(file: str) -> frozenset[str]:
    """The entries an effects file names, parsed once (it was parsed once per name: 15 s)."""
    from importlib import resources

    import yaml

    text = resources.files("wartime.data").joinpath("effects", file).read_text(encoding="utf-8")
    return frozenset(yaml.safe_load(text))


LIMB_ARMY = """wartime_army: 1
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
  - {id: manco, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4, bonus: [{name: Sin miembro, param: %s}]}
characters:
  - {id: b, race: humano}
  - {id: m, race: manco}
lists:
  - {id: l, limit: 500, characters: [b, m]}
"""


@pytest.mark.parametrize(("limb", "warned"), [("brazo izquierdo", False), ("cola", True)])
def test_sin_miembro_names_its_limb_in_the_army_and_an_unknown_one_is_warned(
    tmp_path: Path, limb: str, warned: bool
) -> None:
    """BONUS Y MALUS, Sin miembro (X): an army gives X; the profile keeps it, and a limb the
    engine does not know (neither arm, hand, leg nor foot) is warned as the players'."""
    from wartime.engine.core.profiles import profile_from_army
    from wartime.formats.army import load_army
    from wartime.rules.legality import entry_findings

    (tmp_path / "army.yaml").write_text(LIMB_ARMY % limb, encoding="utf-8")
    army = load_army(tmp_path / "army.yaml").army
    (trait,) = profile_from_army(army, "m").traits
    assert (trait.name, trait.param) == ("Sin miembro", limb)
    found = [f.message.text("en") for f in entry_findings(army)]
    assert bool([m for m in found if "names no limb the engine knows" in m]) is warned
