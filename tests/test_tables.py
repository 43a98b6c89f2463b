"""CREACIÓN DE PERSONAJES: every cell of the three costing tables.

The expected values below are typed in from the rulebook, independently of
``wartime/data/tables.yaml``, so a slip in the data file fails here.
"""

from __future__ import annotations

import pytest

from wartime.rules.tables import load_tables, normalize_shape, parse_shape

X = None  # a cell the rulebook prints as "x": not allowed

# CREACIÓN DE RAZAS, step 3
RACE = {1: -10, 2: -5, 3: 0, 4: 5, 5: 10, 6: 20, 7: 40, 8: 80, 9: 150, 10: 300}

# CREACIÓN DE ARMAS, step 1: rows ENE 1..10, columns DAÑ 1..10
WEAPON = [
    [8, 21, 52, 125, 302, 729, X, X, X, X],
    [-5, 11, 26, 63, 151, 365, 880, X, X, X],
    [-15, 1, 13, 31, 76, 182, 440, 1062, X, X],
    [-35, -20, 1, 16, 38, 91, 220, 531, 1282, X],
    [-75, -60, -25, 1, 19, 46, 110, 266, 641, 1548],
    [-155, -140, -75, -29, 0, 23, 55, 133, 321, 774],
    [-315, -300, -175, -89, -38, 1, 28, 66, 160, 387],
    [X, -620, -375, -209, -114, -43, 2, 33, 80, 193],
    [X, X, -775, -449, -266, -131, -51, 1, 40, 97],
    [X, X, X, -929, -570, -307, -155, -63, 2, 48],
]

# The area table of CREACIÓN DE ARMAS: 47 shapes
AREA = {
    "R1": 1, "R2": 3, "R3": 7, "R4": 13, "R5": 20,
    "R6": 28, "R7": 38, "R8": 50, "R9": 64, "R10": 79,
    **{f"L{n}": 3 * n for n in [*range(1, 11), 12, 15, 20]},
    **{f"S{n}": 3 * n for n in range(1, 11)},
    "G3/2": 12, "G3/3": 16,
    "G4/2": 15, "G4/3": 19, "G4/4": 25,
    "G5/2": 18, "G5/3": 22, "G5/4": 28,
    "G6/2": 21, "G6/3": 25, "G6/4": 31,
    "G7/2": 24, "G7/3": 28, "G7/4": 34,
}  # fmt: skip


@pytest.mark.parametrize(("value", "points"), RACE.items())
def test_race_attribute_cost(value: int, points: int) -> None:
    assert load_tables().race_cost(value) == points


@pytest.mark.parametrize("value", [0, 11, -1])
def test_race_attribute_outside_table(value: int) -> None:
    with pytest.raises(ValueError):
        load_tables().race_cost(value)


@pytest.mark.parametrize(
    ("ene", "dan"), [(ene, dan) for ene in range(1, 11) for dan in range(1, 11)]
)
def test_weapon_table_cell(ene: int, dan: int) -> None:
    assert load_tables().weapon_cell(ene, dan) == WEAPON[ene - 1][dan - 1]


def test_weapon_table_has_sixteen_forbidden_cells() -> None:
    cells = [load_tables().weapon_cell(e, d) for e in range(1, 11) for d in range(1, 11)]
    assert len(cells) == 100
    assert cells.count(None) == 16


@pytest.mark.parametrize(("shape", "points"), AREA.items())
def test_area_table(shape: str, points: int) -> None:
    assert load_tables().area_points(shape) == points


def test_area_table_has_47_shapes_and_nothing_else() -> None:
    assert len(AREA) == 47
    assert dict(load_tables().area_cost) == AREA


@pytest.mark.parametrize(
    ("typed", "canonical"), [("r3", "R3"), (" g3/2 ", "G3/2"), ("l 12", "L12")]
)
def test_area_shapes_are_read_in_any_case(typed: str, canonical: str) -> None:
    assert normalize_shape(typed) == canonical
    assert load_tables().area_points(typed) == AREA[canonical]


@pytest.mark.parametrize("shape", ["R11", "L11", "S0", "G8/2", "G3", "X3", ""])
def test_unknown_area_shapes(shape: str) -> None:
    assert load_tables().area_points(shape) is None


def test_parse_shape() -> None:
    assert parse_shape("g5/3") == parse_shape("G5/3")
    shape = parse_shape("G5/3")
    assert shape is not None and (shape.kind, shape.size, shape.disk) == ("G", 5, 3)
    assert parse_shape("nonsense") is None


def test_minimum_character_cost_is_ten() -> None:
    """LISTAS DE JUEGO, step 2: the minimum cost of any character is 10 points."""
    assert load_tables().minimum_character_cost == 10


def test_broken_packaged_tables_name_the_file_and_the_key() -> None:
    """Packaged data is validated when first used, with the same located errors."""
    from wartime.errors import DataError
    from wartime.rules.tables import _validated

    good = {
        "race_attribute_cost": list(RACE.values()),
        "weapon_cost": WEAPON,
        "area_cost": AREA,
        "minimum_character_cost": 10,
        "cover_defence_bonus": 2,
    }
    assert _validated(good).weapon_cell(1, 7) is None
    broken = {
        **good, "weapon_cost": WEAPON[:9], "area_cost": {"Q3": 1}, "cover_defence_bonus": "2",
    }  # fmt: skip
    with pytest.raises(DataError) as info:
        _validated(broken)
    assert [(p.file, p.path) for p in info.value.problems] == [
        ("wartime/data/tables.yaml", "weapon_cost"),
        ("wartime/data/tables.yaml", "area_cost"),
        ("wartime/data/tables.yaml", "cover_defence_bonus"),
    ]


def test_the_cover_bonus_is_the_books() -> None:
    """COMBATE, Cobertura: more than half hidden, the CH DEF takes +2 (tables.yaml)."""
    from wartime.rules.tables import load_tables

    assert load_tables().cover_defence_bonus == 2
