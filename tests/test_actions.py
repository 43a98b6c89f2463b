"""ACCIONES: the action list as data, checked against the rulebook."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from wartime import data
from wartime.errors import DataError
from wartime.rules.actions import (
    Action,
    Attribute,
    Difficulty,
    EneSource,
    Group,
    Modifier,
    Requirement,
    RoleCost,
    _validated,
    load_actions,
)

from .conftest import ROOT

RULEBOOK = ROOT.parent / "shared" / "seeds" / "000_db3ed0c2614b7994.txt"
AGI, CON, INT, PSI, VOL = (
    Attribute.AGI,
    Attribute.CON,
    Attribute.INT,
    Attribute.PSI,
    Attribute.VOL,
)
SIMPLE, COMPLEX, DIFFICULT, OPPOSED = (
    Difficulty.SIMPLE,
    Difficulty.COMPLEX,
    Difficulty.DIFFICULT,
    Difficulty.OPPOSED,
)


def action(name: str) -> Action:
    found = load_actions().find(name)
    assert found is not None, name
    return found


def test_the_list_has_61_actions_19_26_16_by_group() -> None:
    book = load_actions()
    assert len(book.actions) == 61
    counts = {g: len(book.by_group(g)) for g in Group}
    assert counts == {Group.MOVEMENT: 19, Group.COMBAT: 26, Group.GENERIC: 16}
    assert book.by_group("combat") == book.by_group(Group.COMBAT)


def test_ids_and_names_are_unique() -> None:
    actions = load_actions().actions
    assert len({a.id for a in actions}) == 61
    assert len({a.name for a in actions}) == 61


def test_the_book_order_starts_and_ends_each_group() -> None:
    book = load_actions()
    ends = [(g[0].name, g[-1].name) for g in map(book.by_group, Group)]
    assert ends == [("Mover", "Pivotar"), ("Ataque a distancia", "Noquear"), ("Apoyar", "Usar")]


@pytest.mark.parametrize(
    ("name", "ene", "check", "difficulty"),
    [("Mover", 1, (), SIMPLE), ("Correr", 2, (), SIMPLE), ("Esprintar", 3, (), SIMPLE),
     ("Escalar", 3, (AGI,), COMPLEX), ("Nadar", 2, (AGI,), COMPLEX),
     ("180°", 4, (AGI,), DIFFICULT), ("Maniobrar", 1, (AGI,), COMPLEX),
     ("Ataque a distancia", EneSource.WEAPON_ENE, (AGI,), COMPLEX),
     ("Ataque a distancia a bulto", EneSource.WEAPON_ENE, (AGI,), DIFFICULT),
     ("Ataque a distancia a un combate CaC", EneSource.WEAPON_ENE, (AGI,), COMPLEX),
     ("Lanzar armas / objetos", 2, (AGI,), COMPLEX),
     ("Ataque CaC con objeto improvisado", 3, (AGI,), COMPLEX),
     ("Ataque CaC sin armas", 1, (AGI,), COMPLEX), ("Ataque sorpresa", 0, (), SIMPLE),
     ("Cargar", 2, (), SIMPLE), ("Contracarga", 3, (), SIMPLE),
     ("Desarmar", 3, (AGI,), OPPOSED), ("Destrabarse del combate CaC", 2, (PSI,), COMPLEX),
     ("Empujar", 1, (CON,), OPPOSED), ("Esquivar en CaC", 3, (AGI,), OPPOSED),
     ("Corromper / Hackear", 3, (INT, VOL), COMPLEX), ("Contramagia", 3, (INT,), OPPOSED),
     ("Poseer", 3, (INT, VOL), COMPLEX), ("Desenfundar", 1, (AGI,), OPPOSED),
     ("Embestir", EneSource.RUN_PLUS_ONE, (AGI,), COMPLEX), ("Huir", 1, (PSI,), COMPLEX),
     ("Noquear", 1, (CON,), OPPOSED), ("Apoyar", 3, (), SIMPLE), ("Buscar", 1, (INT,), COMPLEX),
     ("Curar / Reparar", 3, (INT,), COMPLEX), ("Desatarse", 4, (AGI,), DIFFICULT),
     ("Eliminar", 2, (CON, AGI, INT), COMPLEX), ("Esperar", 1, (), SIMPLE),
     ("Percibir", 2, (INT,), COMPLEX), ("Recargar", EneSource.WEAPON_DAN, (), SIMPLE),
     ("Saquear", 3, (), SIMPLE), ("Soltar", EneSource.ITEM_ENE, (), SIMPLE),
     ("Usar", EneSource.ITEM_ENE, (), SIMPLE),
     ("Mover cargado con un objeto", EneSource.CARRIED_LOAD, (), SIMPLE)],
)  # fmt: skip
def test_cost_check_and_difficulty(
    name: str, ene: object, check: tuple[Attribute, ...], difficulty: Difficulty
) -> None:
    a = action(name)
    assert (a.ene, a.check, a.difficulty) == (ene, check, difficulty)


def test_pivotar_costs_3_for_a_transport_and_1_when_reacting() -> None:
    assert action("Pivotar").ene == RoleCost(transport=3, reacting=1)


def test_only_the_actions_printed_at_zero_have_a_zero_floor() -> None:
    zero = {a.name for a in load_actions().actions if a.ene_min == 0}
    assert zero == {"Ataque sorpresa", "Soltar"}


def test_180_is_difficult_by_con_minus_agi_and_needs_mov_4() -> None:
    a = action("180°")
    assert a.difficulty_modifier == "CON-AGI"
    assert Requirement("min_mov", 4) in a.requires
    assert a.distance == "MOV+4"


def test_corromper_needs_a_neuromante_or_titiritero() -> None:
    assert action("Corromper / Hackear").requires == (Requirement("neuromante_or_titiritero"),)


@pytest.mark.parametrize(
    ("name", "distance"),
    [("Mover", "MOV"), ("Correr", "MOV+1"), ("Esprintar", "MOV+5"), ("180°", "MOV+4"),
     ("Cargar", "MOV+3 (min 2)"), ("Destrabarse del combate CaC", "2"), ("Huir", "3"),
     ("Maniobrar", "1"), ("Agacharse", None), ("Ataque CaC", None)],
)  # fmt: skip
def test_distances(name: str, distance: str | None) -> None:
    assert action(name).distance == distance


def test_salto_de_longitud_table() -> None:
    table = action("Salto de longitud").table
    assert table is not None and table.scale == "MOV"
    assert [(b.agi_max, b.factor) for b in table.bands] == [(3, 1), (5, 2), (7, 3), (None, 4)]
    assert [table.factor(agi) for agi in (1, 3, 4, 6, 7, 8, 10)] == [1, 1, 2, 3, 3, 4, 4]


def test_subir_a_un_alto_table() -> None:
    table = action("Subir a un alto").table
    assert table is not None and table.scale == "height"
    bands = [(b.agi_max, b.factor) for b in table.bands]
    assert bands == [(3, 0.5), (4, 1), (5, 1.5), (7, 2), (None, 3)]
    # the book's "AGI >= 6" and "AGI >= 8" overlap: 8 and above take the higher
    assert [table.factor(agi) for agi in (2, 4, 5, 6, 7, 8)] == [0.5, 1, 1.5, 2, 2, 3]


def test_dejarse_caer_damage_bands() -> None:
    a = action("Dejarse caer")
    assert a.distance == "fall"
    assert [(b.height_max, b.dan) for b in a.fall_damage] == [(2, 0), (3, 4), (4, 7), (None, 10)]


def test_mover_cargado_load_bands() -> None:
    bands = [(b.carriers, b.load_max, b.terrain) for b in action("mover_cargado").load_bands]
    assert bands == [
        ("one", "CON/2", "difficult"),
        ("one", "CON", "extreme"),
        ("one", None, None),
        ("several", "CON", "difficult"),
    ]


def test_correr_modifiers() -> None:
    assert action("Correr").modifiers == (
        Modifier(check="AGI", value=1, when="next_action_movement", until="next_action"),
        Modifier(check="AGI", value=-1, when="next_action_not_movement", until="next_action"),
    )


@pytest.mark.parametrize(("name", "step"), [("Agacharse", 1), ("Cuerpo a tierra", 2)])
def test_posture_impact_modifiers(name: str, step: int) -> None:
    imp = {(m.who, m.when): m.value for m in action(name).modifiers if m.check == "IMP"}
    assert imp == {
        ("self", "attacking_ranged"): 1,
        ("self", "attacking_cac"): -step,
        ("attackers", "ranged_beyond_3k"): -step,
        ("attackers", "attacking_cac"): step,
    }


@pytest.mark.parametrize(
    ("name", "expected"),
    [("Esprintar", [("ATR", -3), ("cannot_attack", None), ("IMP", -1)]),
     ("Cargar", [("IMP", 1), ("DAÑ", 1)]),
     ("Contracarga", [("DEF", 1)]),
     ("Ataque CaC con objeto improvisado", [("IMP", -1)]),
     ("Ataque sorpresa", [("auto_hit", None), ("DEF", -2)]),
     ("Apoyar", [("ATR", 1)]),
     ("Concentrarse", [("ATR", 1)]),
     ("Saquear", [("AGI", -1)])],
)  # fmt: skip
def test_stated_modifiers(name: str, expected: list[tuple[str, int | None]]) -> None:
    got = [(m.check or m.stat or m.effect, m.value) for m in action(name).modifiers]
    assert got == expected


def test_concentrarse_caps_at_3_and_saquear_counts_objects() -> None:
    (focus,) = action("Concentrarse").modifiers
    assert (focus.per, focus.max) == ("consecutive_use", 3)
    (loot,) = action("Saquear").modifiers
    assert (loot.per, loot.until) == ("looted_object", "end_of_turn")


def test_en_guardia_helps_the_next_reaction() -> None:
    (vol,) = [m for m in action("En guardia").modifiers if m.check]
    assert (vol.check, vol.value, vol.when) == ("VOL", 2, "reaction_check")


def test_attack_variants_share_their_handler() -> None:
    ranged = [a for a in load_actions().actions if a.name.startswith("Ataque a distancia")]
    assert len(ranged) == 5
    assert {a.hook for a in ranged} == {"ranged_attack"}
    assert len({a.variant for a in ranged}) == 5
    for name in ("Ataque CaC", "Desarmar", "Empujar", "Inmovilizar enemigo", "Noquear"):
        assert action(name).hook == "melee_attack"


def test_every_requirement_used_is_declared_with_a_meaning() -> None:
    book = load_actions()
    used = {r.id for a in book.actions for r in a.requires}
    assert used == set(book.requirements)
    assert all(d.meaning for d in book.requirements.values())


@pytest.mark.parametrize(
    ("typed", "expected"),
    [("mover", "Mover"), ("MÓVER", "Mover"), ("córrer", "Correr"), ("180°", "180°"),
     ("giro_180", "180°"), ("cuerpo a TIERRA", "Cuerpo a tierra"),
     ("despegar / aterrizar", "Despegar / aterrizar"), ("CURAR / REPARAR", "Curar / Reparar"),
     ("ataque_distancia_a_bulto", "Ataque a distancia a bulto"),
     ("Ataque a distáncia a bulto", "Ataque a distancia a bulto")],
)  # fmt: skip
def test_find_ignores_case_and_accents(typed: str, expected: str) -> None:
    assert action(typed).name == expected


def test_find_returns_none_for_unknown_actions() -> None:
    assert load_actions().find("Teletransportarse") is None


# --- the validator ----------------------------------------------------------


def _raw() -> dict[str, Any]:
    raw: dict[str, Any] = copy.deepcopy(data.read("actions.yaml"))
    return raw


def _problems(raw: Any) -> list[str]:
    with pytest.raises(DataError) as caught:
        _validated(raw)
    return [f"{p.path}: {p.reason('en')}" for p in caught.value.problems]


def _break(index: int, key: str, value: Any) -> dict[str, Any]:
    raw = _raw()
    raw["actions"][index][key] = value
    return raw


def test_the_shipped_file_validates() -> None:
    assert len(_validated(_raw()).actions) == 61


@pytest.mark.parametrize(
    ("index", "key", "value", "path"),
    [(3, "ene", "lots", "actions[3].ene"),
     (3, "ene", -1, "actions[3].ene"),
     (3, "ene", True, "actions[3].ene"),
     (3, "difficulty", "hard", "actions[3].difficulty"),
     (0, "group", "moving", "actions[0].group"),
     (0, "check", "DEX", "actions[0].check"),
     (2, "requires", ["once_per_turn"], "actions[2].requires[0]"),
     (2, "requires", [{"once_per_activation": 2}], "actions[2].requires[0]"),
     (13, "requires", ["min_mov"], "actions[13].requires[0]"),
     (1, "modifiers", [{"check": "AGI", "value": 1, "when": "sometimes"}],
      "actions[1].modifiers[0].when"),
     (1, "modifiers", [{"check": "AGI", "stat": "DAÑ", "value": 1}], "actions[1].modifiers[0]"),
     (1, "modifiers", [{"effect": "silent", "value": 2}], "actions[1].modifiers[0]"),
     (0, "distance", "far", "actions[0].distance"),
     (0, "id", "Mover", "actions[0].id"),
     (0, "summary", "x" * 141, "actions[0].summary"),
     (0, "colour", "red", "actions[0].colour"),
     (9, "difficulty", "simple", "actions[9].difficulty"),
     (0, "difficulty_modifier", "CON-AGI", "actions[0].difficulty_modifier")],
)  # fmt: skip
def test_a_malformed_field_is_located(index: int, key: str, value: Any, path: str) -> None:
    problems = _problems(_break(index, key, value))
    assert any(p.startswith(f"{path}:") for p in problems), problems


def test_a_missing_field_is_reported_by_name() -> None:
    raw = _raw()
    del raw["actions"][5]["hook"]
    assert _problems(raw) == ["actions[5].hook: missing field"]


def test_a_table_must_end_with_an_open_band() -> None:
    raw = _raw()
    raw["actions"][11]["table"]["bands"][-1]["agi_max"] = 9
    assert _problems(raw) == ["actions[11].table: band limits must ascend and end with null"]


def test_every_problem_is_reported_at_once() -> None:
    raw = _raw()
    raw["actions"][0]["ene"] = "lots"
    raw["actions"][60]["group"] = "misc"
    assert len(_problems(raw)) == 2


def test_duplicated_ids_are_rejected() -> None:
    raw = _raw()
    raw["actions"][1]["id"] = "mover"
    assert _problems(raw) == ["actions: 'mover' names two actions"]


def test_shared_hooks_need_distinct_variants() -> None:
    raw = _raw()
    raw["actions"][1]["variant"] = "mover"
    assert _problems(raw) == ["actions: hook 'move': variants must differ"]


def test_an_unused_requirement_is_rejected() -> None:
    raw = _raw()
    raw["requirements"]["never_needed"] = "nothing asks for this"
    assert _problems(raw) == ["requirements.never_needed: declared but never used"]


def test_undocumented_modifier_fields_are_rejected() -> None:
    raw = _raw()
    del raw["modifier_fields"]["per"]
    assert [p.split(":")[0] for p in _problems(raw)] == ["modifier_fields"]


@pytest.mark.parametrize("raw", [None, [], {"entries": []}, {"actions": {}}])
def test_a_broken_top_level_is_rejected(raw: Any) -> None:
    assert _problems(raw) == [": expected a mapping with a list 'actions'"]
