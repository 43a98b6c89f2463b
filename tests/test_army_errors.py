"""Army files that cannot be used: every problem is reported, nothing crashes.

The rules checked come from the rulebook's section CREACIÓN DE PERSONAJES (as
shipped in ``wartime/data``) and from ``docs/army-format.md``: each problem must
name the file, the path inside it, the line, and say what is allowed.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from wartime.cli import main
from wartime.engine.core.profiles import profile_from_army
from wartime.errors import DataError, Problem, Severity
from wartime.formats.army import LoadedArmy, load_army, parse_army
from wartime.formats.document import Document, parse_document
from wartime.rules.archetypes import BonusRef
from wartime.rules.costing import army_cost
from wartime.rules.tables import load_tables

from .conftest import ARMIES

# The texts these tests read are the English ones (the CLI speaks the run's language).
pytestmark = pytest.mark.usefixtures("english")

LEGION = ARMIES / "legion.yaml"

# A valid value for every attribute of each kind (docs/army-format.md).
VALID: dict[str, dict[str, int]] = {
    "race": {"CON": 4, "AGI": 4, "INT": 4, "VOL": 4},
    "weapon": {"ENE": 3, "DAÑ": 4, "ALC": 15, "CAL": 4},
    "protection": {"ENE": 1, "DEF": 3, "TAL": 4, "CAL": 4},
    "metaability": {"ENE": 3, "ALC": 12, "CAL": 5},
    "object": {"ENE": 1, "ALC": 0, "CAL": 1},
    "transport": {"ENE": 2, "MOV": 12, "DEF": 4, "CAL": 4},
}

# The 16 cells the rulebook's weapon table prints as "x", as (ENE, DAÑ).
FORBIDDEN_CELLS = frozenset(
    {
        *((1, 7), (1, 8), (1, 9), (1, 10), (2, 8), (2, 9), (2, 10), (3, 9), (3, 10), (4, 10)),
        *((8, 1), (9, 1), (9, 2), (10, 1), (10, 2), (10, 3)),
    }
)

# Lines 1-6 of most character and list tests: a race, a weapon, a protection, a transport.
ARSENAL = """\
    wartime_army: 1
    archetypes:
      - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
      - {id: fusil, kind: weapon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4}
      - {id: armadura, kind: protection, ENE: 1, DEF: 3, TAL: 4, CAL: 4}
      - {id: buggy, kind: transport, ENE: 2, MOV: 12, DEF: 4, CAL: 4}
    """

# Four independent problems, on lines 3, 3, 4 and 6.
BAD_ARMY = """\
    wartime_army: 1
    archetypes:
      - {id: fusil, kind: weapon, ENE: 1, DAÑ: 8, ALC: 41, CAL: 4}
      - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4, bonus: [Afiladaa]}
    characters:
      - {id: cabo, race: fusil}
    """


# -- helpers -------------------------------------------------------------------


def write(tmp_path: Path, *parts: str, name: str = "army.yaml") -> Path:
    """Write the dedented ``parts``, one after the other, to ``tmp_path / name``."""
    path = tmp_path / name
    path.write_text("".join(textwrap.dedent(part) for part in parts), encoding="utf-8")
    return path


def archetype_yaml(kind: str, changes: dict[str, Any] | None = None, bonus: str = "") -> str:
    """An army holding one archetype ``a`` of ``kind``, valid unless ``changes`` break it.

    Values are written as JSON (which is YAML): "4" stays text and True is `true`.
    The attributes start on line 5; ``bonus`` is raw YAML for the `bonus` key.
    """
    attributes = {**VALID[kind], **(changes or {})}
    lines = ["wartime_army: 1", "archetypes:", "  - id: a", f"    kind: {kind}"]
    lines += [
        f"    {key}: {json.dumps(value, ensure_ascii=False)}" for key, value in attributes.items()
    ]
    if bonus:
        lines.append(f"    bonus: {bonus}")
    return "\n".join(lines) + "\n"


def problems_of(path: Path) -> list[Problem]:
    """Every problem ``load_army`` reports for ``path``; fails when the file loads."""
    with pytest.raises(DataError) as caught:
        load_army(path)
    problems = list(caught.value.problems)
    assert problems, "a DataError must hold at least one problem"
    return problems


def only_problem(path: Path) -> Problem:
    """The one problem ``load_army`` reports for ``path``."""
    problems = problems_of(path)
    assert len(problems) == 1, "\n".join(map(str, problems))
    return problems[0]


def problem_at(problems: list[Problem], where: str) -> Problem:
    """The single problem reported at path ``where`` inside the file."""
    found = [p for p in problems if p.path == where]
    listing = "\n".join(map(str, problems))
    assert len(found) == 1, f"expected one problem at {where!r} in:\n{listing}"
    return found[0]


def assert_problem(problem: Problem, file: Path, where: str, line: int | None, *words: str) -> None:
    """``problem`` is an error in ``file`` at ``where`` and ``line``, mentioning ``words``."""
    assert problem.file == str(file)
    assert problem.path == where
    assert problem.line == line
    assert problem.severity is Severity.ERROR
    for word in words:
        assert word in problem.reason("en"), f"{word!r} not in {problem.reason('en')!r}"


def assert_only_problem(file: Path, where: str, line: int | None, *words: str) -> None:
    """Loading ``file`` reports exactly one problem: at ``where`` and ``line``, with ``words``."""
    assert_problem(only_problem(file), file, where, line, *words)


def line_of(path: Path, text: str) -> int:
    """The 1-based number of the first line of ``path`` containing ``text``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            return number
    raise AssertionError(f"{text!r} is not in {path}")


def parse_text(text: str) -> LoadedArmy:
    """Parse and validate army ``text`` without a file on disk."""
    return parse_army(parse_document(text, "army.yaml"))


# -- hypothesis strategies ---------------------------------------------------------------

PROPERTY = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

KINDS = ["race", "weapon", "protection", "metaability", "object", "transport"]
ATTRIBUTES = ["CON", "AGI", "INT", "VOL", "ENE", "DAÑ", "DAN", "ALC", "CAL", "DEF", "TAL", "MOV"]
KEY_NAMES = [
    *("wartime_army", "name", "archetypes", "characters", "lists", "id", "kind", "height"),
    *("bonus", "level", "param", "race", "weapons", "protections", "metaabilities"),
    *("objects", "transport", "limit", *ATTRIBUTES),
]
WORDS = [*KINDS, "humano", "fusil", "a", "b", "Afilada", "Área", "Escudo de energía", "R3", "G3/2"]

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.integers(),
    st.floats(),
    st.text(max_size=12),
    st.sampled_from(WORDS),
)
KEYS = st.one_of(st.sampled_from(KEY_NAMES), st.text(max_size=8), st.integers(), st.none())
YAMLISH = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(KEYS, inner, max_size=4)),
    max_leaves=20,
)
IDS = st.one_of(st.sampled_from(["a", "b", "c"]), YAMLISH)
BONUS_NAMES = [
    "Afilada",
    "afilada",
    "Área",
    "AREA",
    "Escudo de energía",
    "Maná",
    "Cargadores",
    "Zz",
]
BONUS_LIKE = st.one_of(
    st.sampled_from(BONUS_NAMES),
    st.fixed_dictionaries(
        {"name": st.one_of(st.sampled_from(BONUS_NAMES), YAMLISH)},
        optional={
            "level": st.one_of(st.integers(-1, 12), YAMLISH),
            "param": st.one_of(st.sampled_from(["R3", "r3", "Q3", "6", ""]), YAMLISH),
        },
    ),
    YAMLISH,
)
ARCHETYPE_LIKE = st.fixed_dictionaries(
    {"id": IDS, "kind": st.one_of(st.sampled_from(KINDS), YAMLISH)},
    optional={
        **{name: st.one_of(st.integers(-2, 60), YAMLISH) for name in ATTRIBUTES},
        "height": YAMLISH,
        "bonus": st.one_of(st.lists(BONUS_LIKE, max_size=3), YAMLISH),
    },
)
CHARACTER_LIKE = st.fixed_dictionaries(
    {"id": IDS},
    optional={
        "race": IDS,
        "name": YAMLISH,
        "transport": IDS,
        **{
            slot: st.one_of(st.lists(IDS, max_size=3), YAMLISH)
            for slot in ("weapons", "protections", "metaabilities", "objects")
        },
    },
)
LIST_LIKE = st.fixed_dictionaries(
    {"id": IDS},
    optional={
        "limit": st.one_of(st.integers(-5, 1000), YAMLISH),
        "characters": st.one_of(st.lists(IDS, max_size=4), YAMLISH),
    },
)
ARMY_LIKE = st.fixed_dictionaries(
    {"wartime_army": st.one_of(st.just(1), YAMLISH)},
    optional={
        "name": YAMLISH,
        "archetypes": st.one_of(st.lists(ARCHETYPE_LIKE, max_size=4), YAMLISH),
        "characters": st.one_of(st.lists(CHARACTER_LIKE, max_size=3), YAMLISH),
        "lists": st.one_of(st.lists(LIST_LIKE, max_size=2), YAMLISH),
        "extra": YAMLISH,
    },
)


def node_paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path (keys and indices) of every node below ``node``."""
    if isinstance(node, dict):
        children = list(node.items())
    elif isinstance(node, list):
        children = list(enumerate(node))
    else:
        return
    for key, child in children:
        yield (*prefix, key)
        yield from node_paths(child, (*prefix, key))


LEGION_DATA = yaml.safe_load(LEGION.read_text(encoding="utf-8"))


@st.composite
def mutated_legion(draw: st.DrawFn) -> Any:
    """The legion sample with 1-3 nodes replaced by arbitrary data or deleted."""
    data = copy.deepcopy(LEGION_DATA)
    for _ in range(draw(st.integers(1, 3))):
        paths = list(node_paths(data))
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if draw(st.booleans()):
            parent[path[-1]] = draw(YAMLISH)
        else:
            del parent[path[-1]]
    return data


YAML_TOKENS = [
    *("a", "b", "é", "ñ", ":", " ", "  ", "\n", "- ", "[", "]", "{", "}", ",", "? ", "|"),
    *(">", "'", '"', "#", "1", "-1", "1.5", ".inf", ".nan", "~", "null", "true", "---"),
    *("...", "%YAML 1.1", "<<", "\t", "\\", "\x00", "\ufeff", "\x07", "&x ", "!x "),
    *("!<tag:x> ", "wartime_army", "DAÑ", "!!int ", "!!bool ", "2024-13-45", "*x", "&x [*x]"),
]


# Valid archetypes for the costing property: every attribute within its range.
LEVEL_1_10 = st.integers(1, 10)
ALLOWED_CELLS = sorted(
    (ene, dan) for ene in range(1, 11) for dan in range(1, 11) if (ene, dan) not in FORBIDDEN_CELLS
)
VALID_BONUS = st.one_of(
    st.sampled_from(["Afilada", "Explorador", "Líder", "A 2 manos", "7 vidas"]),
    st.fixed_dictionaries({"name": st.just("Escudo de energía"), "level": LEVEL_1_10}),
    st.fixed_dictionaries({"name": st.just("Maná"), "level": st.integers(1, 3)}),
    st.fixed_dictionaries({"name": st.just("Cargadores"), "param": st.integers(1, 20)}),
    st.fixed_dictionaries(
        {"name": st.just("Área"), "param": st.sampled_from(sorted(load_tables().area_cost))}
    ),
)
BONUSES = st.lists(VALID_BONUS, max_size=3)


def valid_archetype(
    kind: str, attributes: dict[str, st.SearchStrategy[Any]], **optional: st.SearchStrategy[Any]
) -> st.SearchStrategy[dict[str, Any]]:
    """Archetypes of ``kind`` with every attribute drawn from ``attributes``, maybe bonuses."""
    return st.fixed_dictionaries(
        {"kind": st.just(kind), **attributes}, optional={"bonus": BONUSES, **optional}
    )


@st.composite
def valid_weapon(draw: st.DrawFn) -> dict[str, Any]:
    """CREACIÓN DE ARMAS: an allowed ENE × DAÑ cell and ALC up to 5×DAÑ."""
    ene, dan = draw(st.sampled_from(ALLOWED_CELLS))
    alc = st.integers(0, 5 * dan)
    weapon = valid_archetype(
        "weapon", {"ENE": st.just(ene), "DAÑ": st.just(dan), "ALC": alc, "CAL": LEVEL_1_10}
    )
    return draw(weapon)


RACE_ATTRIBUTES = {name: LEVEL_1_10 for name in ("CON", "AGI", "INT", "VOL")}
VALID_BY_KIND = {
    "race": valid_archetype("race", RACE_ATTRIBUTES, height=st.floats(0.1, 100)),
    "weapon": valid_weapon(),
    "protection": valid_archetype(
        "protection",
        {
            "ENE": st.integers(0, 40),
            "DEF": LEVEL_1_10,
            "TAL": st.integers(0, 10),
            "CAL": LEVEL_1_10,
        },
    ),
    "metaability": valid_archetype(
        "metaability", {"ENE": st.integers(1, 40), "ALC": st.integers(0, 100), "CAL": LEVEL_1_10}
    ),
    "object": valid_archetype(
        "object", {"ENE": st.integers(1, 40), "ALC": st.integers(0, 100), "CAL": LEVEL_1_10}
    ),
    "transport": valid_archetype(
        "transport",
        {
            "ENE": st.integers(1, 40),
            "MOV": st.integers(1, 40),
            "DEF": LEVEL_1_10,
            "CAL": LEVEL_1_10,
        },
    ),
}


@st.composite
def valid_armies(draw: st.DrawFn) -> dict[str, Any]:
    """A valid army as loaded YAML data: archetypes of each kind, characters and lists."""
    archetypes: list[dict[str, Any]] = []
    ids: dict[str, list[str]] = {}
    for kind, strategy in VALID_BY_KIND.items():
        count = draw(st.integers(1 if kind == "race" else 0, 3))
        ids[kind] = [f"{kind}{i}" for i in range(count)]
        archetypes += [{"id": aid, **draw(strategy)} for aid in ids[kind]]

    def some(kind: str) -> list[str]:
        return draw(st.lists(st.sampled_from(ids[kind]), max_size=3)) if ids[kind] else []

    characters = []
    for i in range(draw(st.integers(1, 4))):
        character = {
            "id": f"pj{i}",
            "race": draw(st.sampled_from(ids["race"])),
            "weapons": some("weapon"),
            "protections": some("protection"),
            "metaabilities": some("metaability"),
            "objects": some("object"),
        }
        if ids["transport"] and draw(st.booleans()):
            character["transport"] = draw(st.sampled_from(ids["transport"]))
        characters.append(character)
    pj_ids = [c["id"] for c in characters]
    lists = [
        {
            "id": f"lista{i}",
            "limit": draw(st.integers(0, 3000)),
            "characters": draw(st.lists(st.sampled_from(pj_ids), max_size=8)),
        }
        for i in range(draw(st.integers(1, 3)))
    ]
    return {"wartime_army": 1, "archetypes": archetypes, "characters": characters, "lists": lists}


# -- CREACIÓN DE ARMAS: the weapon table and ALC ---------------------------------


@pytest.mark.parametrize(
    ("ene", "dan"), [(1, 7), (1, 8), (1, 9), (1, 10), (2, 8), (8, 1), (9, 2), (10, 1), (10, 3)]
)
def test_weapon_table_forbidden_cell_is_reported(tmp_path: Path, ene: int, dan: int) -> None:
    """CREACIÓN DE ARMAS: an ENE × DAÑ cell printed "x" in the weapon table is refused."""
    path = write(tmp_path, archetype_yaml("weapon", {"ENE": ene, "DAÑ": dan, "ALC": 0}))
    assert_only_problem(
        path,
        "archetypes[0].DAÑ",
        line_of(path, "DAÑ:"),
        f"ENE {ene} × DAÑ {dan} is not allowed by the weapon table",
    )


def test_weapon_table_has_exactly_the_16_forbidden_cells() -> None:
    """CREACIÓN DE ARMAS: of the 100 ENE × DAÑ cells, exactly the book's 16 "x" are refused."""
    refused = set()
    for ene in range(1, 11):
        for dan in range(1, 11):
            try:
                parse_text(archetype_yaml("weapon", {"ENE": ene, "DAÑ": dan, "ALC": 0}))
            except DataError:
                refused.add((ene, dan))
    assert refused == FORBIDDEN_CELLS


def test_weapon_table_allowed_cell_loads(tmp_path: Path) -> None:
    """CREACIÓN DE ARMAS: ENE 8 × DAÑ 2 is a priced cell (−620), so the weapon loads."""
    path = write(tmp_path, archetype_yaml("weapon", {"ENE": 8, "DAÑ": 2, "ALC": 0}))
    weapon = load_army(path).army.archetype("a")
    assert (weapon["ENE"], weapon["DAÑ"]) == (8, 2)


def test_weapon_table_problem_names_the_dan_alias(tmp_path: Path) -> None:
    """CREACIÓN DE ARMAS: written as DAN (no Ñ key), the forbidden cell points at `DAN`."""
    path = write(
        tmp_path, archetype_yaml("weapon", {"ENE": 1, "ALC": 0}).replace("DAÑ: 4", "DAN: 8")
    )
    assert_only_problem(path, "archetypes[0].DAN", 6, "ENE 1 × DAÑ 8 is not allowed")


def test_alc_above_five_times_dan_is_reported(tmp_path: Path) -> None:
    """CREACIÓN DE ARMAS: ALC at most 5×DAÑ; ALC 30 with DAÑ 5 is refused."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("weapon", {"ENE": 3, "DAÑ": 5, "ALC": 30})),
        "archetypes[0].ALC",
        7,
        "ALC 30 exceeds 5×DAÑ = 25",
    )


def test_alc_exactly_five_times_dan_loads(tmp_path: Path) -> None:
    """CREACIÓN DE ARMAS: ALC at most 5×DAÑ; ALC 25 with DAÑ 5 is the limit and loads."""
    path = write(tmp_path, archetype_yaml("weapon", {"ENE": 3, "DAÑ": 5, "ALC": 25}))
    assert load_army(path).army.archetype("a")["ALC"] == 25


def test_weapon_table_and_alc_problems_are_reported_together(tmp_path: Path) -> None:
    """CREACIÓN DE ARMAS: a forbidden cell and ALC above 5×DAÑ give two problems."""
    path = write(tmp_path, archetype_yaml("weapon", {"ENE": 1, "DAÑ": 8, "ALC": 41}))
    problems = problems_of(path)
    assert [p.path for p in problems] == ["archetypes[0].DAÑ", "archetypes[0].ALC"]
    assert "ALC 41 exceeds 5×DAÑ = 40" in problems[1].reason("en")


# -- BONUS Y MALUS ------------------------------------------------------------------


def test_unknown_bonus_suggests_the_closest_name(tmp_path: Path) -> None:
    """BONUS Y MALUS: a misspelt entry is refused with the catalogue's closest name."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("weapon", bonus="[Fuego automático, Afiladaa]")),
        "archetypes[0].bonus[1]",
        9,
        "unknown bonus 'Afiladaa' (did you mean 'Afilada'?)",
    )


def test_unknown_bonus_without_a_close_name_points_to_the_catalog(tmp_path: Path) -> None:
    """BONUS Y MALUS: an entry like nothing in the catalogue points at `wartime catalog`."""
    path = write(tmp_path, archetype_yaml("race", bonus="[Qwertyuiop]"))
    problem = only_problem(path)
    assert_problem(problem, path, "archetypes[0].bonus[0]", 9, "unknown bonus 'Qwertyuiop'")
    assert "did you mean" not in problem.reason("en")
    assert "wartime catalog --search" in problem.reason("en")


def test_bonus_names_match_ignoring_case_and_accents(tmp_path: Path) -> None:
    """BONUS Y MALUS: `afilada`, `AREA` (param r3) and `escudo de energia` are catalogue names."""
    bonus = "[afilada, {name: AREA, param: r3}, {name: escudo de energia, level: 2}]"
    path = write(tmp_path, archetype_yaml("weapon", bonus=bonus))
    loaded = load_army(path)
    assert loaded.army.archetype("a").bonuses == (
        BonusRef("Afilada"),
        BonusRef("Área", 1, "R3"),
        BonusRef("Escudo de energía", 2),
    )
    assert loaded.warnings == ()


@pytest.mark.parametrize(
    ("bonus", "where", "words"),
    [
        (
            "[{name: Escudo de energía, level: 11}]",
            "archetypes[0].bonus[0].level",
            ("level 11 of 'Escudo de energía' is outside 1 to 10",),
        ),
        (
            "[{name: Maná, level: 4}]",
            "archetypes[0].bonus[0].level",
            ("level 4 of 'Maná'", "1 to 3"),
        ),
        (
            "[{name: Maná, level: 0}]",
            "archetypes[0].bonus[0].level",
            ("level 0 of 'Maná'", "1 to 3"),
        ),
        (
            "[{name: Maná, level: '2'}]",
            "archetypes[0].bonus[0].level",
            ("expected a whole number",),
        ),
        (
            "[{name: Afilada, level: 2}]",
            "archetypes[0].bonus[0].level",
            ("'Afilada' has no levels", "remove 'level'"),
        ),
        (
            "[{name: Afilada, param: x}]",
            "archetypes[0].bonus[0].param",
            ("'Afilada' takes no parameter",),
        ),
        ("[Área]", "archetypes[0].bonus[0]", ("'Área' needs a shape in 'param'",)),
        (
            "[{name: Área, param: Q3}]",
            "archetypes[0].bonus[0].param",
            ("unknown area 'Q3'", "R1–R10"),
        ),
        ("[{name: Área, param: R11}]", "archetypes[0].bonus[0].param", ("unknown area 'R11'",)),
        ("[{level: 2}]", "archetypes[0].bonus[0]", ("missing 'name'",)),
        ("{name: Afilada}", "archetypes[0].bonus", ("expected a list, got a mapping",)),
    ],
)
def test_bonus_level_and_param_problems(
    tmp_path: Path, bonus: str, where: str, words: tuple[str, ...]
) -> None:
    """BONUS Y MALUS: level 1..max, only when per level; param only where taken; Área needs one."""
    assert_only_problem(write(tmp_path, archetype_yaml("race", bonus=bonus)), where, 9, *words)


@pytest.mark.parametrize("shape", ["R3", "r10", "L20", "s1", "g3/2", "G7/4"])
def test_area_shapes_of_the_area_table_load_in_any_case(tmp_path: Path, shape: str) -> None:
    """CREACIÓN DE ARMAS, area table: every listed shape is accepted, in any case."""
    path = write(tmp_path, archetype_yaml("weapon", bonus=f"[{{name: Área, param: {shape}}}]"))
    assert load_army(path).army.archetype("a").bonuses == (BonusRef("Área", 1, shape.upper()),)


# -- duplicated ids and keys ---------------------------------------------------------


def test_duplicated_archetype_id(tmp_path: Path) -> None:
    """Army format: archetype ids are unique; the second use names the first."""
    path = write(
        tmp_path,
        """\
        wartime_army: 1
        archetypes:
          - {id: fusil, kind: weapon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4}
          - {id: fusil, kind: object, ENE: 1, ALC: 0, CAL: 1}
        """,
    )
    assert_only_problem(
        path,
        "archetypes[1].id",
        4,
        "duplicated id 'fusil'",
        "first used at archetypes[0]",
    )


def test_duplicated_character_id(tmp_path: Path) -> None:
    """Army format: character ids are unique among characters."""
    path = write(
        tmp_path,
        ARSENAL,
        """\
        characters:
          - {id: cabo, race: humano}
          - {id: cabo, race: humano, weapons: [fusil]}
        """,
    )
    assert_only_problem(path, "characters[1].id", 9, "duplicated id 'cabo'", "characters[0]")


def test_duplicated_list_id(tmp_path: Path) -> None:
    """LISTAS DE JUEGO: list ids are unique among lists."""
    path = write(
        tmp_path,
        ARSENAL,
        """\
        characters:
          - {id: cabo, race: humano}
        lists:
          - {id: patrulla, limit: 100, characters: [cabo]}
          - {id: patrulla, limit: 200, characters: [cabo, cabo]}
        """,
    )
    assert_only_problem(path, "lists[1].id", 11, "duplicated id 'patrulla'", "lists[0]")


def test_duplicated_yaml_key_inside_an_archetype(tmp_path: Path) -> None:
    """Army format: a key given twice is reported (YAML would silently keep the last)."""
    path = write(
        tmp_path,
        """\
        wartime_army: 1
        archetypes:
          - id: humano
            kind: race
            CON: 4
            AGI: 4
            INT: 4
            VOL: 4
            CON: 5
        """,
    )
    assert_only_problem(path, "archetypes[0].CON", 9, "duplicated key")


def test_duplicated_yaml_key_at_the_top(tmp_path: Path) -> None:
    """Army format: a top-level key given twice is reported at its last line."""
    assert_only_problem(
        write(tmp_path, "wartime_army: 1\nname: Uno\nname: Dos\n"), "name", 3, "duplicated key"
    )


# -- references between archetypes, characters and lists -------------------------


@pytest.mark.parametrize(
    ("character", "where", "words"),
    [
        ("{id: cabo, race: nadie}", "characters[0].race", ("no archetype with id 'nadie'",)),
        (
            "{id: cabo, race: humana}",
            "characters[0].race",
            ("no archetype with id 'humana'", "(did you mean 'humano'?)"),
        ),
        (
            "{id: cabo, race: humano, weapons: [fusil, nadie]}",
            "characters[0].weapons[1]",
            ("no archetype with id 'nadie'",),
        ),
        (
            "{id: cabo, race: humano, transport: moto}",
            "characters[0].transport",
            ("no archetype with id 'moto'",),
        ),
    ],
)
def test_reference_to_a_missing_archetype(
    tmp_path: Path, character: str, where: str, words: tuple[str, ...]
) -> None:
    """Army format: a character may only carry archetypes defined in the file."""
    assert_only_problem(
        write(tmp_path, ARSENAL, f"characters:\n  - {character}\n"), where, 8, *words
    )


@pytest.mark.parametrize(
    ("character", "where", "words"),
    [
        (
            "{id: cabo, race: humano, weapons: [armadura]}",
            "characters[0].weapons[0]",
            ("'armadura' is a protection, not a weapon",),
        ),
        (
            "{id: cabo, race: humano, protections: [armadura, fusil]}",
            "characters[0].protections[1]",
            ("'fusil' is a weapon, not a protection",),
        ),
        ("{id: cabo, race: fusil}", "characters[0].race", ("'fusil' is a weapon, not a race",)),
        (
            "{id: cabo, race: humano, transport: armadura}",
            "characters[0].transport",
            ("'armadura' is a protection, not a transport",),
        ),
        (
            "{id: cabo, race: humano, objects: [buggy]}",
            "characters[0].objects[0]",
            ("'buggy' is a transport, not a object",),
        ),
    ],
)
def test_reference_to_an_archetype_of_the_wrong_kind(
    tmp_path: Path, character: str, where: str, words: tuple[str, ...]
) -> None:
    """Army format: each slot of a character holds archetypes of its own kind only."""
    assert_only_problem(
        write(tmp_path, ARSENAL, f"characters:\n  - {character}\n"), where, 8, *words
    )


def test_list_reference_to_a_missing_character(tmp_path: Path) -> None:
    """LISTAS DE JUEGO: a list recruits only characters defined in the file."""
    path = write(
        tmp_path,
        ARSENAL,
        """\
        characters:
          - {id: cabo, race: humano}
        lists:
          - id: patrulla
            limit: 100
            characters: [cabo, capo, nadie]
        """,
    )
    problems = problems_of(path)
    assert len(problems) == 2
    assert_problem(
        problems[0],
        path,
        "lists[0].characters[1]",
        12,
        "no character with id 'capo'",
        "(did you mean 'cabo'?)",
    )
    assert_problem(problems[1], path, "lists[0].characters[2]", 12, "no character with id 'nadie'")


# -- types, unknown keys and missing keys ------------------------------------------------


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("4", ("expected a whole number, got text '4'",)),
        (True, ("expected a whole number, got true/false",)),
        (4.5, ("expected a whole number, got a number 4.5",)),
        ([4], ("expected a whole number, got a list",)),
        (None, ("expected a whole number, got nothing",)),
    ],
)
def test_attribute_of_the_wrong_type(tmp_path: Path, value: Any, words: tuple[str, ...]) -> None:
    """CREACIÓN DE RAZAS: attributes are whole numbers: not text, true/false, decimals or lists."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("race", {"CON": value})), "archetypes[0].CON", 5, *words
    )


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("archetypes: {humano: 1}\n", "archetypes", ("expected a list, got a mapping",)),
        ("characters: cabo\n", "characters", ("expected a list, got text",)),
        ("lists: 3\n", "lists", ("expected a list, got a number",)),
        ("archetypes: [humano]\n", "archetypes[0]", ("expected a mapping, got text",)),
        ("characters: [[cabo]]\n", "characters[0]", ("expected a mapping, got a list",)),
        ("name: [a, b]\n", "name", ("expected non-empty text, got a list",)),
    ],
)
def test_section_of_the_wrong_type(
    tmp_path: Path, text: str, where: str, words: tuple[str, ...]
) -> None:
    """Army format: archetypes, characters and lists are lists of mappings; name is text."""
    assert_only_problem(write(tmp_path, "wartime_army: 1\n", text), where, 2, *words)


def test_slot_given_as_text_instead_of_a_list(tmp_path: Path) -> None:
    """Army format: `weapons` is a list of archetype ids, even for one weapon."""
    assert_only_problem(
        write(tmp_path, ARSENAL, "characters:\n  - {id: cabo, race: humano, weapons: fusil}\n"),
        "characters[0].weapons",
        8,
        "expected a list, got text",
    )


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        (
            "characteres: []\n",
            "characteres",
            ("unknown key 'characteres'", "did you mean 'characters'?"),
        ),
        ("colour: red\n", "colour", ("unknown key 'colour'", "allowed: wartime_army, name")),
    ],
)
def test_unknown_top_level_key(
    tmp_path: Path, text: str, where: str, words: tuple[str, ...]
) -> None:
    """Army format: only wartime_army, name, archetypes, characters and lists at the top."""
    assert_only_problem(write(tmp_path, "wartime_army: 1\n", text), where, 2, *words)


def test_unknown_archetype_key_suggests_the_closest(tmp_path: Path) -> None:
    """CREACIÓN DE RAZAS: a misspelt key such as `bonuses` suggests `bonus`."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("race", {"bonuses": ["Líder"]})),
        "archetypes[0].bonuses",
        9,
        "unknown key 'bonuses' (did you mean 'bonus'?)",
    )


def test_height_is_only_for_races(tmp_path: Path) -> None:
    """CREACIÓN DE ARMAS: `height` belongs to races; on a weapon it is an unknown key."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("weapon", {"height": 2})),
        "archetypes[0].height",
        9,
        "unknown key 'height'",
    )


def test_unknown_character_and_list_keys(tmp_path: Path) -> None:
    """Army format: characters and lists accept only their documented keys."""
    path = write(
        tmp_path,
        ARSENAL,
        """\
        characters:
          - {id: cabo, race: humano, weapon: [fusil]}
        lists:
          - {id: patrulla, limit: 100, characters: [cabo], limite: 5}
        """,
    )
    problems = problems_of(path)
    assert len(problems) == 2
    assert_problem(
        problem_at(problems, "characters[0].weapon"),
        path,
        "characters[0].weapon",
        8,
        "unknown key 'weapon' (did you mean 'weapons'?)",
    )
    assert_problem(
        problem_at(problems, "lists[0].limite"),
        path,
        "lists[0].limite",
        10,
        "unknown key 'limite' (did you mean 'limit'?)",
    )


def test_missing_attribute_names_all_that_the_kind_needs(tmp_path: Path) -> None:
    """CREACIÓN DE RAZAS: every attribute is required; a race needs CON, AGI, INT and VOL."""
    path = write(
        tmp_path,
        """\
        wartime_army: 1
        archetypes:
          - id: humano
            kind: race
            CON: 4
            AGI: 4
            INT: 4
        """,
    )
    assert_only_problem(
        path,
        "archetypes[0]",
        3,
        "missing VOL",
        "a race needs CON, AGI, INT, VOL",
    )


def test_missing_kind_is_reported(tmp_path: Path) -> None:
    """Army format: every archetype has a `kind`."""
    path = write(tmp_path, "wartime_army: 1\narchetypes:\n  - {id: humano}\n")
    problems = problems_of(path)
    assert_problem(
        problem_at(problems, "archetypes[0]"), path, "archetypes[0]", 3, "missing 'kind'"
    )


def test_unknown_kind_suggests_the_closest(tmp_path: Path) -> None:
    """Army format: kind is race, weapon, protection, metaability, object or transport."""
    assert_only_problem(
        write(tmp_path, "wartime_army: 1\narchetypes:\n  - {id: espada, kind: wepon}\n"),
        "archetypes[0].kind",
        3,
        "kind 'wepon' is not one of race, weapon, protection",
        "(did you mean 'weapon'?)",
    )


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("characters:\n  - {id: cabo}\n", "characters[0]", ("missing 'race'",)),
        ("characters:\n  - {race: humano}\n", "characters[0]", ("missing 'id'",)),
        ("lists:\n  - {id: patrulla}\n", "lists[0]", ("missing 'limit'",)),
        ("lists:\n  - {limit: 5}\n", "lists[0]", ("missing 'id'",)),
        ("lists:\n  - {id: l, limit: -1}\n", "lists[0].limit", ("limit -1 must be 0 or more",)),
        ("lists:\n  - {id: l, limit: '100'}\n", "lists[0].limit", ("expected a whole number",)),
    ],
)
def test_missing_or_wrong_character_and_list_keys(
    tmp_path: Path, text: str, where: str, words: tuple[str, ...]
) -> None:
    """LISTAS DE JUEGO: a character needs an id and a race; a list an id and a limit ≥ 0 points."""
    assert_only_problem(write(tmp_path, ARSENAL, text), where, 8, *words)


# -- attribute ranges of each kind --------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "attribute", "value", "allowed"),
    [
        ("race", "CON", 0, "allowed 1 to 10"),
        ("race", "VOL", 11, "allowed 1 to 10"),
        ("weapon", "ENE", 11, "allowed 1 to 10"),
        ("weapon", "DAÑ", 0, "allowed 1 to 10"),
        ("weapon", "ALC", -1, "allowed 0 or more"),
        ("protection", "TAL", 11, "allowed 0 to 10"),
        ("protection", "DEF", 0, "allowed 1 to 10"),
        ("protection", "ENE", -1, "allowed 0 or more"),
        ("metaability", "ENE", 0, "allowed 1 or more"),
        ("object", "CAL", 11, "allowed 1 to 10"),
        ("transport", "MOV", 0, "allowed 1 or more"),
    ],
)
def test_attribute_out_of_range(
    tmp_path: Path, kind: str, attribute: str, value: int, allowed: str
) -> None:
    """CREACIÓN DE RAZAS, ARMAS, PROTECCIONES, METAHABILIDADES, OBJETOS, TRANSPORTES: ranges."""
    path = write(tmp_path, archetype_yaml(kind, {attribute: value}))
    assert_only_problem(
        path,
        f"archetypes[0].{attribute}",
        line_of(path, f"{attribute}:"),
        f"{attribute} {value} is out of range",
        allowed,
    )


@pytest.mark.parametrize(
    ("kind", "changes"),
    [
        ("race", {"CON": 1, "AGI": 10, "INT": 1, "VOL": 10}),
        ("protection", {"ENE": 0, "TAL": 0, "DEF": 10}),
        ("protection", {"ENE": 500, "TAL": 10}),
        ("metaability", {"ENE": 1, "ALC": 0}),
        ("object", {"ENE": 1, "ALC": 999, "CAL": 10}),
        ("transport", {"MOV": 1, "ENE": 1}),
    ],
)
def test_attribute_range_limits_load(tmp_path: Path, kind: str, changes: dict[str, int]) -> None:
    """CREACIÓN DE PERSONAJES: the ends of each range are allowed (protection ENE 0 too)."""
    path = write(tmp_path, archetype_yaml(kind, changes))
    archetype = load_army(path).army.archetype("a")
    assert {k: archetype[k] for k in changes} == changes


@pytest.mark.parametrize("height", [0, -1, 101, "tall"])
def test_race_height_must_be_a_positive_number(tmp_path: Path, height: Any) -> None:
    """CREACIÓN DE RAZAS: `height` is above 0 (and at most 100) human heights."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("race", {"height": height})), "archetypes[0].height", 9
    )


# -- the file as a whole ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "name: Sin versión\narchetypes: []\n",
        "- wartime_army: 1\n",
        "",
        "# only a comment\n",
        "42\n",
    ],
    ids=["missing-key", "top-level-list", "empty", "only-comment", "a-number"],
)
def test_file_without_the_version_key(tmp_path: Path, text: str) -> None:
    """Army format: the file must start with `wartime_army: 1`."""
    assert_only_problem(
        write(tmp_path, text),
        "",
        None,
        "not a Wartime army file",
        "it must start with 'wartime_army: 1'",
    )


def test_unsupported_version(tmp_path: Path) -> None:
    """Army format: only version 1 is read; version 2 is refused before anything else."""
    assert_only_problem(
        write(tmp_path, "wartime_army: 2\narchetypes: nonsense\n"),
        "wartime_army",
        1,
        "unsupported version 2",
        "this program reads version 1",
    )


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        ("wartime_army: 1\narchetypes:\n  - id: [humano\n    kind: race\n", 4, 9),
        ("wartime_army: 1\narchetypes:\n  - id: humano\n   kind: race\n", 4, 4),
        ("wartime_army: 1\narchetypes:\n\t- id: humano\n", 3, 1),
        ("wartime_army: 1\nname: a: b\n", 2, 8),
    ],
    ids=["unclosed-bracket", "bad-indent", "tab", "colon-in-value"],
)
def test_yaml_syntax_error_gives_line_and_column(
    tmp_path: Path, text: str, line: int, column: int
) -> None:
    """Army format: a YAML syntax error names its line and column."""
    assert_only_problem(
        write(tmp_path, text),
        "",
        line,
        f"YAML syntax error at line {line}, column {column}",
    )


def test_non_utf8_file(tmp_path: Path) -> None:
    """Army format: files are UTF-8; a Latin-1 Ñ is reported with its byte offset."""
    path = tmp_path / "latin1.yaml"
    path.write_bytes("wartime_army: 1\nname: España\n".encode("latin-1"))
    assert_only_problem(path, "", None, "not UTF-8 text", "bad byte at offset 26")


def test_missing_file(tmp_path: Path) -> None:
    """Army format: a file that does not exist is a clean error naming it."""
    path = tmp_path / "nowhere.yaml"
    assert_only_problem(path, "", None, "cannot read", "No such file")


def test_directory_instead_of_a_file(tmp_path: Path) -> None:
    """Army format: a folder given as the army file is a clean error naming it."""
    assert_problem(only_problem(tmp_path), tmp_path, "", None, "is a folder, not a file")


def test_every_problem_is_reported_in_one_go(tmp_path: Path) -> None:
    """Army format: loading reports every problem at once, each on its own path and line."""
    path = write(
        tmp_path,
        """\
        wartime_army: 1
        nmae: Fallos
        archetypes:
          - {id: humano, kind: race, CON: 0, AGI: 4, INT: 4, VOL: 4}
          - {id: fusil, kind: weapon, ENE: 1, DAÑ: 8, ALC: 0, CAL: 4}
          - {id: hacha, kind: weapon, ENE: 3, DAÑ: 4, ALC: 0, CAL: 4, bonus: [Afiladaa]}
        characters:
          - {id: cabo, race: humano, weapons: [fusil, hacha], protections: [hacha]}
        lists:
          - {id: patrulla, limit: 100, characters: [cabo, nadie]}
        """,
    )
    problems = problems_of(path)
    assert len(problems) >= 5
    assert sorted((p.line, p.path) for p in problems) == [
        (2, "nmae"),
        (4, "archetypes[0].CON"),
        (5, "archetypes[1].DAÑ"),
        (6, "archetypes[2].bonus[0]"),
        (8, "characters[0].protections[0]"),
        (10, "lists[0].characters[1]"),
    ]


def test_sample_legion_loads_without_problems() -> None:
    """Army format: the shipped sample is valid, so the error tests start from a good file."""
    loaded = load_army(LEGION)
    assert loaded.warnings == ()
    assert len(loaded.army.archetypes) == 6


# -- the command line -----------------------------------------------------------------------


@pytest.mark.parametrize("command", ["points", "check"])
def test_cli_bad_file_prints_one_line_per_problem_and_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """Army format, errors: one line per problem on stderr, status 2, no traceback."""
    path = write(tmp_path, BAD_ARMY)
    expected = [str(p) for p in problems_of(path)]
    assert len(expected) == 4
    assert main([command, str(path)]) == 2
    out, err = capsys.readouterr()
    assert err.splitlines() == expected
    assert f"{path}:3: archetypes[0].DAÑ: ENE 1 × DAÑ 8 is not allowed" in err
    assert "Traceback" not in err
    assert out == ""


@pytest.mark.parametrize("command", ["points", "check"])
def test_cli_unreadable_file_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    """Army format, errors: a missing file is one clean line and status 2."""
    path = tmp_path / "nowhere.yaml"
    assert main([command, str(path)]) == 2
    _, err = capsys.readouterr()
    assert err.splitlines() == [f"{path}: cannot read: No such file or directory"]


def test_cli_check_good_file_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    """Army format: `check` on a valid army reports OK and exits 0."""
    assert main(["--lang", "en", "check", str(LEGION)]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == (
        f"{LEGION}: OK: army 'Sección de la Legión' with 6 archetypes, 4 characters, 1 list"
    )
    assert err == ""


def test_cli_check_reports_every_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Army format: `check` goes on after a bad file and exits 2 if any file was bad."""
    bad = write(tmp_path, BAD_ARMY, name="bad.yaml")
    assert main(["--lang", "en", "check", str(bad), str(LEGION)]) == 2
    out, err = capsys.readouterr()
    assert f"{LEGION}: OK" in out
    assert len(err.splitlines()) == 4


@pytest.mark.parametrize("command", ["points", "check"])
@pytest.mark.parametrize("good", [True, False], ids=["good-file", "bad-file"])
def test_cli_never_writes_to_the_input_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, good: bool
) -> None:
    """Army format: the commands only read the files they are given."""
    path = tmp_path / "army.yaml"
    if good:
        shutil.copyfile(LEGION, path)
    else:
        write(tmp_path, BAD_ARMY)
    past = 1_500_000_000 * 10**9
    os.utime(path, ns=(past, past))
    before = path.read_bytes()
    main([command, str(path)])
    capsys.readouterr()
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == past
    assert list(tmp_path.iterdir()) == [path]


def test_cli_subprocess_bad_file_exits_2_without_traceback(tmp_path: Path) -> None:
    """Army format, errors: `python -m wartime points BAD` exits 2 with clean lines."""
    path = write(tmp_path, BAD_ARMY)
    result = subprocess.run(
        [sys.executable, "-m", "wartime", "--lang", "en", "points", str(path)],
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert result.stderr.splitlines() == [str(p) for p in problems_of(path)]
    assert result.stdout == ""


# -- property tests -----------------------------------------------------------------------


@PROPERTY
@given(st.one_of(YAMLISH, ARMY_LIKE, mutated_legion()))
def test_any_data_loads_or_raises_data_error(data: Any) -> None:
    """Army format: whatever the YAML holds, the loader returns an army or a DataError."""
    try:
        loaded = parse_army(Document("x.yaml", data))
    except DataError as exc:
        event("refused")
        assert exc.problems
        assert any(p.severity is Severity.ERROR for p in exc.problems)
        assert all(p.file == "x.yaml" for p in exc.problems)
    else:
        event("loaded")
        assert isinstance(loaded, LoadedArmy)


@PROPERTY
@given(st.one_of(st.text(), st.lists(st.sampled_from(YAML_TOKENS), max_size=30).map("".join)))
def test_any_text_parses_or_raises_data_error(text: str) -> None:
    """Army format: any text is either a YAML document or a DataError naming the file."""
    try:
        document = parse_document(text, "x.yaml")
    except DataError as exc:
        assert exc.problems
        assert all(p.file == "x.yaml" for p in exc.problems)
    else:
        assert document.file == "x.yaml"


@PROPERTY
@given(valid_armies())
def test_valid_army_costs_at_least_10_per_character_and_lists_add_up(data: dict[str, Any]) -> None:
    """LISTAS DE JUEGO: a character costs at least 10; a list costs the sum of its characters."""
    army = parse_army(Document("army.yaml", data)).army
    assert len(army.archetypes) == len(data["archetypes"])
    assert len(army.characters) == len(data["characters"])
    cost = army_cost(army)
    archetype_points = {a.archetype: a.points for a in cost.archetypes}
    character_points = {c.character: c.points for c in cost.characters}
    for character in army.characters:
        carried = sum(archetype_points[aid] for aid in character.archetype_ids())
        assert character_points[character.id] == max(10, carried) >= 10
    for army_list, list_cost in zip(army.lists, cost.lists, strict=True):
        assert list_cost.points == sum(character_points[cid] for cid in army_list.characters)
        assert list_cost.within_limit == (list_cost.points <= army_list.limit)


# -- loader edge cases that once crashed or hid problems ---------------------------


@pytest.mark.parametrize(
    "lists",
    ["", "lists:\n  - {id: patrulla, limit: 100, characters: [cabo]}\n"],
    ids=["no-list", "in-a-list"],
)
def test_character_with_an_empty_race_is_an_error(tmp_path: Path, lists: str) -> None:
    """Army format: `race` is required: one race archetype, not null."""
    path = write(tmp_path, ARSENAL, "characters:\n  - id: cabo\n    race:\n", lists)
    assert_problem(
        problem_at(problems_of(path), "characters[0].race"), path, "characters[0].race", 9
    )


def test_character_id_that_is_a_list_is_an_error(tmp_path: Path) -> None:
    """Army format: a character id is text."""
    assert_only_problem(
        write(tmp_path, ARSENAL, "characters:\n  - {id: [cabo], race: humano}\n"),
        "characters[0].id",
        8,
        "expected non-empty text, got a list",
    )


def test_every_bad_reference_in_a_slot_is_reported(tmp_path: Path) -> None:
    """Army format: loading reports every problem at once, also within one slot."""
    path = write(tmp_path, ARSENAL, "characters:\n  - {id: cabo, race: humano, weapons: [x, y]}\n")
    problems = problems_of(path)
    assert [p.path for p in problems] == ["characters[0].weapons[0]", "characters[0].weapons[1]"]


def test_weapon_table_is_checked_even_when_a_bonus_is_wrong(tmp_path: Path) -> None:
    """CREACIÓN DE ARMAS: the weapon table and ALC ≤ 5×DAÑ are reported next to a bad bonus."""
    weapon = archetype_yaml("weapon", {"ENE": 1, "DAÑ": 8, "ALC": 41}, bonus="[Afiladaa]")
    problems = problems_of(write(tmp_path, weapon))
    assert {p.path for p in problems} == {
        "archetypes[0].bonus[0]",
        "archetypes[0].DAÑ",
        "archetypes[0].ALC",
    }


def test_version_true_is_not_version_1(tmp_path: Path) -> None:
    """Army format: the version is the whole number 1; `true` is not a version."""
    path = write(tmp_path, "wartime_army: true\n")
    problem = only_problem(path)
    assert problem.path == "wartime_army"
    assert "unsupported version" in problem.reason("en")


@pytest.mark.parametrize(
    "text",
    [
        "wartime_army: 1\nname: 2024-13-45\n",
        "wartime_army: !!int uno\n",
        "wartime_army: !!bool maybe\n",
        "wartime_army: !!timestamp soon\n",
        "wartime_army: 1\narchetypes: &loop [*loop]\n",
    ],
    ids=["impossible-date", "bad-int-tag", "bad-bool-tag", "bad-timestamp-tag", "recursive-alias"],
)
def test_yaml_that_pyyaml_cannot_construct_is_a_data_error(text: str) -> None:
    """Army format: any unreadable YAML is a DataError naming the file, never a crash."""
    with pytest.raises(DataError) as caught:
        parse_document(text, "army.yaml")
    assert [p.file for p in caught.value.problems] == ["army.yaml"]


def test_cli_impossible_date_exits_2_without_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Army format, errors: no traceback reaches the user, whatever the file holds."""
    path = write(tmp_path, "wartime_army: 1\nname: 2024-13-45\n")
    assert main(["points", str(path)]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_control_character_problem_is_one_line(tmp_path: Path) -> None:
    """Army format, errors: every problem is printed on its own single line."""
    path = write(tmp_path, "wartime_army: 1\nname: a\x07b\n")
    assert "\n" not in str(only_problem(path))


def test_material_is_only_for_weapons(tmp_path: Path) -> None:
    """Army format: `material` names what a weapon's hits are; elsewhere it is unknown."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("protection", {"material": "plata"})),
        "archetypes[0].material",
        9,
        "unknown key 'material'",
    )


@pytest.mark.parametrize("material", ["", "  ", 3, ["plata"]])
def test_weapon_material_must_be_text(tmp_path: Path, material: Any) -> None:
    """Army format: a weapon's `material` is a non-empty word or two (fuego, plata)."""
    assert_only_problem(
        write(tmp_path, archetype_yaml("weapon", {"material": material})),
        "archetypes[0].material",
        9,
    )


def test_weapon_material_reaches_the_engine(tmp_path: Path) -> None:
    """BONUS Y MALUS, Alérgico (X) and Resistencia a (X) read the weapon's `material`."""
    path = write(
        tmp_path,
        ARSENAL,
        """\
          - {id: espada, kind: weapon, ENE: 2, DAÑ: 3, ALC: 0, CAL: 4, material: " plata "}
        characters:
          - {id: paladin, race: humano, weapons: [espada]}
        """,
    )
    army = load_army(path).army
    sword = profile_from_army(army, "paladin").weapon("espada")
    assert sword is not None and sword.material == "plata"


def _special(race: str, entry: str, first: str, character: str, more: str = "") -> str:
    """ARSENAL's next part: a race ``race`` with ``entry``, a human ``first`` and
    ``character``, then ``more``."""
    return (
        f"  - {{id: {race}, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4, bonus: [{entry}]}}\n"
        f"characters:\n  - {{id: {first}, race: humano}}\n"
        f"  - {character}\n{more}"
    )


def _remote(character: str, more: str = "") -> str:
    """A race with Control remoto (dron), a técnico and ``character``."""
    return _special("dron", "Control remoto", "tecnico", character, more)


def test_a_remote_units_controller_reaches_the_engine(tmp_path: Path) -> None:
    """Control remoto: `controller` names the character that operates the unit."""
    path = write(tmp_path, ARSENAL, _remote("{id: zumbido, race: dron, controller: tecnico}"))
    loaded = load_army(path)
    assert profile_from_army(loaded.army, "zumbido").controller == "tecnico"
    assert loaded.warnings == ()


@pytest.mark.parametrize(
    ("character", "words"),
    [
        ("{id: cabo, race: humano, controller: tecnico}", ("only a character with",)),
        ("{id: zumbido, race: dron, controller: zumbido}", ("its own controller",)),
        ("{id: zumbido, race: dron, controller: tecnica}", ("no character with id 'tecnica'",
                                                            "did you mean 'tecnico'")),
    ],
)  # fmt: skip
def test_a_controller_must_fit(tmp_path: Path, character: str, words: tuple[str, ...]) -> None:
    path = write(tmp_path, ARSENAL, _remote(character))
    assert_only_problem(path, "characters[1].controller", 10, *words)


def test_a_remote_unit_with_no_controller_is_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, ARSENAL, _remote("{id: zumbido, race: dron}"))
    (warning,) = load_army(path).warnings
    assert warning.path == "characters[1]" and "names no controller" in warning.reason("en")


def test_a_list_with_a_remote_unit_has_its_controller(tmp_path: Path) -> None:
    """Control remoto: without its controller in the list, the unit could never act."""
    roster = "lists:\n  - {id: solo_dron, limit: 100, characters: [zumbido]}\n"
    character = "{id: zumbido, race: dron, controller: tecnico}"
    path = write(tmp_path, ARSENAL, _remote(character, roster))
    assert_only_problem(
        path, "lists[0].characters[0]", 12, "operated by tecnico", "not in list 'solo_dron'"
    )


def _master(pet: str) -> str:
    """ARSENAL's next part: a race with Mascota mágica and a character with ``pet``."""
    return (
        "  - {id: elfo, kind: race, CON: 3, AGI: 5, INT: 4, VOL: 4, bonus: [Mascota mágica]}\n"
        f"characters:\n  - {{id: druida, race: elfo, pet: {pet}}}\n"
    )


def test_a_pets_entries_reach_the_engine(tmp_path: Path) -> None:
    """Mascota mágica: `pet` lists the pet's entries (catalogue names, as `bonus`)."""
    path = write(tmp_path, ARSENAL, _master("[Profesión arquero, {name: Mulo}]"))
    pet = profile_from_army(load_army(path).army, "druida").pet
    assert [t.name for t in pet] == ["Profesión arquero", "Mulo"]


@pytest.mark.parametrize(
    ("pet", "where", "words"),
    [
        ("[Mulo, Fortuna, Explorador, Anfibio]", "characters[0].pet", ("at most 3 entries",)),
        ("[Mulla]", "characters[0].pet[0]", ("unknown bonus 'Mulla'",)),
    ],
)
def test_a_pet_is_checked(tmp_path: Path, pet: str, where: str, words: tuple[str, ...]) -> None:
    path = write(tmp_path, ARSENAL, _master(pet))
    assert_only_problem(path, where, 9, *words)


def test_only_a_character_with_the_entry_has_a_pet(tmp_path: Path) -> None:
    path = write(tmp_path, ARSENAL, "characters:\n  - {id: cabo, race: humano, pet: [Mulo]}\n")
    assert_only_problem(path, "characters[0].pet", 8, "only a character with Mascota mágica")


def _avatar(character: str, more: str = "") -> str:
    """A race with Avatar (infernal), a bruja and ``character``."""
    return _special("infernal", "Avatar", "bruja", character, more)


def test_an_avatars_summoners_reach_the_engine(tmp_path: Path) -> None:
    """Avatar: `summoners` names the characters that may summon it."""
    path = write(tmp_path, ARSENAL, _avatar("{id: demonio, race: infernal, summoners: [bruja]}"))
    loaded = load_army(path)
    assert profile_from_army(loaded.army, "demonio").summoners == ("bruja",)
    assert loaded.warnings == ()


@pytest.mark.parametrize(
    ("character", "where", "words"),
    [
        ("{id: cabo, race: humano, summoners: [bruja]}", "characters[1].summoners",
         "only a character with Avatar"),
        ("{id: demonio, race: infernal, summoners: [demonio]}", "characters[1].summoners[0]",
         "cannot summon itself"),
        ("{id: demonio, race: infernal, summoners: [brujo]}", "characters[1].summoners[0]",
         "did you mean 'bruja'"),
    ],
)  # fmt: skip
def test_summoners_must_fit(tmp_path: Path, character: str, where: str, words: str) -> None:
    path = write(tmp_path, ARSENAL, _avatar(character))
    assert_only_problem(path, where, 10, words)


def test_an_avatar_nobody_summons_is_a_warning(tmp_path: Path) -> None:
    path = write(tmp_path, ARSENAL, _avatar("{id: demonio, race: infernal}"))
    (warning,) = load_army(path).warnings
    assert warning.path == "characters[1]" and "never comes into the game" in warning.reason("en")


def test_a_list_with_an_avatar_has_a_summoner(tmp_path: Path) -> None:
    roster = "lists:\n  - {id: solo, limit: 300, characters: [demonio]}\n"
    character = "{id: demonio, race: infernal, summoners: [bruja]}"
    path = write(tmp_path, ARSENAL, _avatar(character, roster))
    assert_only_problem(path, "lists[0].characters[0]", 12, "summoned by bruja", "list 'solo'")


_WORD = st.text(st.characters(blacklist_categories=("Cc", "Cs")), max_size=6)
_ODD = st.one_of(
    st.none(), st.integers(-3, 3), _WORD, st.lists(_WORD, max_size=4),
    st.sampled_from(["tecnico", "zumbido", "Mulo", "[Mulo, Fortuna]", "plata"]),
)  # fmt: skip


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(controller=_ODD, pet=_ODD, summoners=_ODD, material=_ODD)
def test_the_new_army_fields_load_or_fail_with_a_located_problem(
    tmp_path: Path, controller: Any, pet: Any, summoners: Any, material: Any
) -> None:
    """controller, pet, summoners and material, whatever their values: the army loads, or
    every problem is located in the file (a path and a line), never a crash."""
    fields = {"controller": controller, "pet": pet, "summoners": summoners}
    given_ = {k: v for k, v in fields.items() if v is not None}
    character = {"id": "zumbido", "race": "dron", **given_}
    weapon = {"id": "garra", "kind": "weapon", "ENE": 2, "DAÑ": 3, "ALC": 0, "CAL": 4}
    if material is not None:
        weapon["material"] = material
    text = _remote(json.dumps(character, ensure_ascii=False)) + "  - {id: x, race: humano}\n"
    armed = f"  - {json.dumps(weapon, ensure_ascii=False)}\ncharacters:\n"
    path = write(tmp_path, ARSENAL, text.replace("characters:\n", armed))
    try:
        load_army(path)
    except DataError as error:
        assert error.problems
        assert all(p.path and p.line for p in error.problems), error.problems
