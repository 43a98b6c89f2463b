"""CREACIÓN DE PERSONAJES and LISTAS DE JUEGO: every costing formula."""

from __future__ import annotations

import pytest

from wartime.formats.army import load_army
from wartime.rules.archetypes import Archetype, Army, ArmyList, BonusRef, Character, Kind
from wartime.rules.costing import archetype_cost, army_cost
from wartime.rules.legality import army_findings

from .conftest import ARMIES

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")


def arch(kind: Kind, *bonus: BonusRef, ident: str = "a", **attrs: int) -> Archetype:
    return Archetype(ident, kind, attrs, tuple(bonus))


def points(kind: Kind, *bonus: BonusRef, **attrs: int) -> int:
    return archetype_cost(arch(kind, *bonus, **attrs)).points


def test_race_is_the_sum_of_table_costs() -> None:
    """CREACIÓN DE RAZAS: CON 4 (5) + AGI 6 (20) + INT 1 (−10) + VOL 10 (300)."""
    assert points(Kind.RACE, CON=4, AGI=6, INT=1, VOL=10) == 315


def test_race_with_bonus_and_malus() -> None:
    """CREACIÓN DE RAZAS step 3: plus bonus (Explorador 2) and malus (Muy torpe −10)."""
    total = points(
        Kind.RACE, BonusRef("Explorador"), BonusRef("Muy torpe"), CON=3, AGI=3, INT=3, VOL=3
    )
    assert total == 0 + 2 - 10


def test_weapon_is_table_cell_plus_alc_and_cal() -> None:
    """CREACIÓN DE ARMAS step 5: cell(ENE 3, DAÑ 5) = 76, + ALC 20 + CAL 5."""
    assert points(Kind.WEAPON, ENE=3, **{"DAÑ": 5}, ALC=20, CAL=5) == 101


def test_weapon_with_negative_cell() -> None:
    """CREACIÓN DE ARMAS: ENE 10 × DAÑ 4 is −929; the archetype may cost below zero."""
    assert points(Kind.WEAPON, ENE=10, **{"DAÑ": 4}, ALC=0, CAL=1) == -928


def test_weapon_in_forbidden_cell_cannot_be_costed() -> None:
    with pytest.raises(ValueError, match="not allowed by the weapon table"):
        points(Kind.WEAPON, ENE=1, **{"DAÑ": 8}, ALC=0, CAL=1)


def test_protection_formula() -> None:
    """CREACIÓN DE PROTECCIONES step 6: DEF×3 + TAL + CAL − ENE = 12 + 4 + 5 − 2."""
    assert points(Kind.PROTECTION, ENE=2, DEF=4, TAL=4, CAL=5) == 19


def test_metaability_formula() -> None:
    """CREACIÓN DE METAHABILIDADES step 5 (DESIGN §7): ALC + CAL − 3×ENE = 12 + 5 − 9."""
    assert points(Kind.METAABILITY, ENE=3, ALC=12, CAL=5) == 8


def test_object_formula() -> None:
    """CREACIÓN DE OBJETOS step 5: ALC + CAL − ENE = 6 + 3 − 2."""
    assert points(Kind.OBJECT, ENE=2, ALC=6, CAL=3) == 7


def test_transport_formula() -> None:
    """CREACIÓN DE TRANSPORTES step 7: MOV + DEF×3 + CAL − ENE = 12 + 12 + 4 − 2."""
    assert points(Kind.TRANSPORT, ENE=2, MOV=12, DEF=4, CAL=4) == 26


def test_breakdown_names_every_term() -> None:
    cost = archetype_cost(
        arch(Kind.WEAPON, BonusRef("Área", param="R3"), ENE=3, **{"DAÑ": 5}, ALC=20, CAL=5)
    )
    assert [(t.label, t.points) for t in cost.terms] == [
        ("ENE 3 × DAÑ 5 (table)", 76),
        ("ALC 20", 20),
        ("CAL 5", 5),
        ("Área R3", 7),
    ]


def test_per_level_entry_costs_cost_times_level() -> None:
    """BONUS Y MALUS: Escudo de energía, 5 pts per level."""
    base = points(Kind.PROTECTION, ENE=0, DEF=1, TAL=0, CAL=1)
    shielded = points(
        Kind.PROTECTION, BonusRef("Escudo de energía", level=4), ENE=0, DEF=1, TAL=0, CAL=1
    )
    assert shielded - base == 20


def test_negative_per_level_entry() -> None:
    """BONUS Y MALUS: Campo ciego, −5 pts per level."""
    plain = points(Kind.WEAPON, ENE=3, **{"DAÑ": 5}, ALC=20, CAL=5)
    blind = points(
        Kind.WEAPON, BonusRef("Campo ciego", level=3), ENE=3, **{"DAÑ": 5}, ALC=20, CAL=5
    )
    assert blind - plain == -15


@pytest.mark.parametrize(
    ("shape", "area_points"), [("R1", 1), ("L20", 60), ("S4", 12), ("G7/4", 34)]
)
def test_area_costs_the_area_table(shape: str, area_points: int) -> None:
    """CREACIÓN DE ARMAS, area table: Área (shape) costs the table's points."""
    plain = points(Kind.WEAPON, ENE=5, **{"DAÑ": 5}, ALC=0, CAL=1)
    with_area = points(
        Kind.WEAPON, BonusRef("Área", param=shape), ENE=5, **{"DAÑ": 5}, ALC=0, CAL=1
    )
    assert with_area - plain == area_points


def test_area_despreciable_makes_the_area_free() -> None:
    """BONUS Y MALUS: Área despreciable (3 pts) sets the cost of the area to 0."""
    plain = points(Kind.WEAPON, ENE=5, **{"DAÑ": 5}, ALC=0, CAL=1)
    cheap = points(
        Kind.WEAPON,
        BonusRef("Área", param="R10"),
        BonusRef("Área despreciable"),
        ENE=5,
        **{"DAÑ": 5},
        ALC=0,
        CAL=1,
    )
    assert cheap - plain == 3


def _army(race_attrs: dict[str, int], repeats: int = 1, limit: int = 100) -> Army:
    race = Archetype("r", Kind.RACE, race_attrs)
    knife = Archetype("k", Kind.WEAPON, {"ENE": 2, "DAÑ": 2, "ALC": 0, "CAL": 3})
    pj = Character("pj", race="r", weapons=("k", "k"))
    return Army("t", (race, knife), (pj,), (ArmyList("l", limit, ("pj",) * repeats),))


def test_character_is_the_sum_of_its_archetypes_with_repeats() -> None:
    """PERSONAJES Y ARQUETIPOS: race 20 + knife 14 twice."""
    cost = army_cost(_army({"CON": 4, "AGI": 4, "INT": 4, "VOL": 4}))
    assert cost.characters[0].points == 20 + 14 + 14


def test_cheap_character_counts_as_ten() -> None:
    """LISTAS DE JUEGO step 2 (DESIGN §7): a character costs at least 10 points."""
    cost = army_cost(_army({"CON": 1, "AGI": 1, "INT": 1, "VOL": 1}))
    character = cost.characters[0]
    assert character.raw_points == -40 + 28
    assert character.points == 10


@pytest.mark.parametrize(("limit", "within"), [(95, False), (96, True), (200, True)])
def test_list_total_against_limit(limit: int, within: bool) -> None:
    """LISTAS DE JUEGO step 3: the list costs the sum of its characters, repeats each time."""
    cost = army_cost(_army({"CON": 4, "AGI": 4, "INT": 4, "VOL": 4}, repeats=2, limit=limit))
    assert cost.lists[0].points == 96
    assert cost.lists[0].within_limit is within


def test_issue_example_army(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The worked example of the army format: humano 22, fusil 108, escudo 21."""
    loaded = load_army(ARMIES / "legion.yaml")
    assert loaded.warnings == ()
    example = tmp_path / "patrulla.yaml"
    example.write_text(EXAMPLE, encoding="utf-8")
    cost = army_cost(load_army(example).army)
    assert {a.archetype: a.points for a in cost.archetypes} == {
        "humano": 22,
        "fusil": 108,
        "escudo": 21,
    }
    assert cost.characters[0].points == 151
    assert (cost.lists[0].points, cost.lists[0].within_limit) == (302, True)


EXAMPLE = """\
wartime_army: 1
name: Patrulla de la Legión
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4, bonus: [Explorador]}
  - id: fusil
    kind: weapon
    ENE: 3
    DAN: 5
    ALC: 20
    CAL: 5
    bonus: [Fuego automático, {name: Área, param: R3}, {name: Cargadores, param: 10}]
  - {id: escudo, kind: protection, ENE: 2, DEF: 3, TAL: 0, CAL: 4,
     bonus: [{name: Escudo de energía, level: 2}]}
characters:
  - {id: legionario, name: Legionario, race: humano, weapons: [fusil], protections: [escudo],
     metaabilities: [], objects: [], transport: null}
lists:
  - {id: patrulla, limit: 500, characters: [legionario, legionario]}
"""


@pytest.mark.parametrize("name", ["legion.yaml", "culto.yaml"])
def test_sample_armies_are_valid_and_between_300_and_500(name: str) -> None:
    loaded = load_army(ARMIES / name)
    assert loaded.warnings == ()
    (lst,) = army_cost(loaded.army).lists
    assert 300 <= lst.points <= 500
    assert lst.within_limit


def test_culto_has_a_metaability_user_melee_and_a_transport() -> None:
    army = load_army(ARMIES / "culto.yaml").army
    kinds = {army.archetype(a).kind for c in army.characters for a in c.archetype_ids()}
    assert {Kind.METAABILITY, Kind.TRANSPORT} <= kinds
    melee = [a for a in army.archetypes if a.kind is Kind.WEAPON and a["ALC"] == 0]
    assert melee


def test_legion_has_a_heavy_weapon_with_an_area() -> None:
    army = load_army(ARMIES / "legion.yaml").army
    assert any(
        b.name == "Área" for a in army.archetypes if a.kind is Kind.WEAPON for b in a.bonuses
    )


def test_requirement_tag_warns_but_still_costs() -> None:
    """BONUS Y MALUS: Invocación [Neuromante] on a character without Neuromante."""
    race = Archetype("r", Kind.RACE, {"CON": 3, "AGI": 3, "INT": 3, "VOL": 3})
    spell = Archetype(
        "m", Kind.METAABILITY, {"ENE": 1, "ALC": 5, "CAL": 5}, (BonusRef("Invocación"),)
    )
    army = Army("t", (race, spell), (Character("pj", race="r", metaabilities=("m",)),))
    (finding,) = army_findings(army)
    assert finding.path == "characters[0]"
    assert "Invocación" in finding.message.text("en") and "Neuromante" in finding.message.text("en")
    assert army_cost(army).archetypes[1].points == 5 + 5 - 3 + 7


def test_requirement_met_by_another_archetype_of_the_character() -> None:
    race = Archetype(
        "r", Kind.RACE, {"CON": 3, "AGI": 3, "INT": 3, "VOL": 3}, (BonusRef("Neuromante"),)
    )
    spell = Archetype(
        "m", Kind.METAABILITY, {"ENE": 1, "ALC": 5, "CAL": 5}, (BonusRef("Invocación"),)
    )
    army = Army("t", (race, spell), (Character("pj", race="r", metaabilities=("m",)),))
    assert army_findings(army) == []


def test_metahabilidad_tag_met_by_a_metaability_archetype() -> None:
    race = Archetype(
        "r", Kind.RACE, {"CON": 3, "AGI": 3, "INT": 3, "VOL": 3}, (BonusRef("Magia: dormir"),)
    )
    spell = Archetype("m", Kind.METAABILITY, {"ENE": 1, "ALC": 5, "CAL": 5})
    bare = Army("t", (race,), (Character("pj", race="r"),))
    armed = Army("t", (race, spell), (Character("pj", race="r", metaabilities=("m",)),))
    assert len(army_findings(bare)) == 1
    assert army_findings(armed) == []


def test_area_de_gota_tag_needs_a_drop_area_on_the_same_archetype() -> None:
    """BONUS Y MALUS: Arco concentrado [Área de gota]."""
    race = Archetype("r", Kind.RACE, {"CON": 3, "AGI": 3, "INT": 3, "VOL": 3})
    attrs = {"ENE": 5, "DAÑ": 5, "ALC": 10, "CAL": 5}
    drop = Archetype(
        "w", Kind.WEAPON, attrs, (BonusRef("Arco concentrado"), BonusRef("Área", param="G4/3"))
    )
    ring = Archetype(
        "w", Kind.WEAPON, attrs, (BonusRef("Arco concentrado"), BonusRef("Área", param="R3"))
    )
    for weapon, expected in ((drop, 0), (ring, 1)):
        army = Army("t", (race, weapon), (Character("pj", race="r", weapons=("w",)),))
        assert len(army_findings(army)) == expected


def test_reliquia_repeated_in_a_list_warns() -> None:
    """BONUS Y MALUS: Reliquia cannot repeat in a list of play."""
    race = Archetype("r", Kind.RACE, {"CON": 3, "AGI": 3, "INT": 3, "VOL": 3})
    relic = Archetype("o", Kind.OBJECT, {"ENE": 1, "ALC": 0, "CAL": 5}, (BonusRef("Reliquia"),))
    pj = Character("pj", race="r", objects=("o",))
    once = Army("t", (race, relic), (pj,), (ArmyList("l", 100, ("pj",)),))
    twice = Army("t", (race, relic), (pj,), (ArmyList("l", 100, ("pj", "pj")),))
    assert army_findings(once) == []
    (finding,) = army_findings(twice)
    assert finding.path == "lists[0]" and "Reliquia" in finding.message.text("en")
