"""The Spanish of the core's reasons: every refusal and every problem in a file is a
catalogue message, worded in Spanish and in English (issue 16).

Each case makes its message with the core itself, from bad input (the few that cannot be
provoked, a YAML error without a position, are said as the loader says them), and checks
both: the English is what the core has always said (``str()`` of its errors), the Spanish
is what the window and the CLI show.
"""

from __future__ import annotations

import dataclasses
import os
import re
import shutil
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wartime.board import edits
from wartime.board.battlefield import Battlefield, Deployment, Throwable, ThrowSize, Unit, Wall
from wartime.board.edits import (
    EditError,
    add_deployment,
    add_light,
    add_obstacle,
    add_terrain,
    add_throwable,
    add_unit,
    add_wall,
    can_save,
    find,
    key_of,
    move,
    move_vertex,
    problems,
    remove_vertex,
    set_property,
    snap,
)
from wartime.board.history import History
from wartime.board.validation import polygon_problems
from wartime.engine import Action, GameState, PendingKind
from wartime.errors import DataError, ReasonError
from wartime.formats import document
from wartime.formats.army import parse_army
from wartime.formats.document import parse_document, read_document
from wartime.formats.map import parse_map, read_map
from wartime.i18n import Message, Reason, say, told

from .engine_support import scenario as engine_scenario
from .engine_support import started

ROOT = Path(__file__).resolve().parent.parent
ZONE_A = ((0.0, 0.0), (24.0, 0.0), (24.0, 4.0), (0.0, 4.0))
ZONE_B = ((0.0, 14.0), (24.0, 14.0), (24.0, 18.0), (0.0, 18.0))


def base_map() -> Battlefield:
    """A 24×18 table: a two-point wall, a house, a three-point wood, two zones, two units."""
    field = Battlefield("Prueba", (24.0, 18.0))
    field, _ = add_wall(field, [(2, 9), (8, 9)], ident="muro")
    field, _ = add_obstacle(field, [(12, 8), (16, 8), (16, 11), (12, 11)], ident="casa")
    field, _ = add_terrain(field, [(18, 2), (22, 2), (20, 6)], "difficult", ident="bosque")
    field, _ = add_deployment(field, "A", ZONE_A)
    field, _ = add_deployment(field, "B", ZONE_B)
    field = add_unit(field, Unit("a1", "A", (3.0, 2.0)))
    return add_unit(field, Unit("b1", "B", (3.0, 16.0), facing=270.0))


FIELD = base_map()


# -- making the core speak --------------------------------------------------------------


def refusal(edit: Callable[[], object]) -> Reason:
    """The reason an edit is refused with."""
    with pytest.raises(EditError) as info:
        edit()
    return info.value.reason


def refused(edit: Callable[..., object], *args: object) -> Callable[[], Reason]:
    """A case maker: the reason ``edit(FIELD, *args)`` is refused with."""
    return lambda: refusal(lambda: edit(FIELD, *args))


def problem(field: Battlefield, containing: str = "") -> Reason:
    """The one message of ``problems(field)`` containing ``containing``."""
    found = [m for _key, _severity, m in problems(field) if containing in told(m, "en")]
    assert len(found) == 1, problems(field)
    return found[0]


def loaded(text: str, containing: str = "", folder: Path | None = None) -> Reason:
    """The one problem (containing ``containing``) the map loader finds in ``text``."""
    file = str((folder or Path("/nowhere")) / "map.yaml")
    with pytest.raises(DataError) as info:
        parse_map(parse_document(text, file))
    found = [p.message for p in info.value.problems if containing in p.reason("en")]
    assert len(found) == 1, info.value.problems
    return found[0]


def read(path: Path) -> Reason:
    with pytest.raises(DataError) as info:
        read_document(path)
    return info.value.problems[0].message


ARMY = """\
wartime_army: 1
name: t
archetypes:
  - {id: soldado, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4}
  - {id: fusil, kind: weapon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4}
"""


# Third archetypes with Control remoto, Mascota mágica and Avatar, and a character c.
REMOTE = (
    "  - {id: dron, kind: race, CON: 2, AGI: 5, INT: 1, VOL: 3, bonus: [Control remoto]}\n"
    "characters:\n  - {id: c, race: soldado}\n"
)
PET = (
    "  - {id: elfo, kind: race, CON: 3, AGI: 5, INT: 4, VOL: 4, bonus: [Mascota mágica]}\n"
    "characters:\n  - {id: c, race: elfo, pet: "
)
AVATAR = (
    "  - {id: demonio, kind: race, CON: 6, AGI: 5, INT: 2, VOL: 5, bonus: [Avatar]}\n"
    "characters:\n  - {id: c, race: soldado}\n"
)


def army(text: str, containing: str = "") -> Reason:
    """The one problem (containing ``containing``) the army loader finds in :data:`ARMY`
    followed by ``text``."""
    with pytest.raises(DataError) as info:
        parse_army(parse_document(ARMY + text, "army.yaml"))
    found = [p.message for p in info.value.problems if containing in p.reason("en")]
    assert len(found) == 1, info.value.problems
    return found[0]


def army_warning(text: str) -> Reason:
    """The one warning the army loader gives for :data:`ARMY` followed by ``text``."""
    (found,) = parse_army(parse_document(ARMY + text, "army.yaml")).warnings
    return found.message


def map_warning(text: str) -> Reason:
    """The one warning the map loader gives for ``text``."""
    (found,) = read_map(parse_document(text, "/nowhere/map.yaml")).warnings
    return found.message


def archetype(fields: str, containing: str = "") -> str:
    """The problem of a third archetype written as the flow mapping ``{fields}``."""
    return army(f"  - {{{fields}}}\n", containing)


def replayed(tmp: Path, change: Callable[[str], str]) -> str:
    """Why a save of a short duel, changed by ``change``, is refused or left unchecked."""
    from wartime.engine.ai.players import choose
    from wartime.engine.core.saves import replay_save, save_game
    from wartime.engine.core.scenario import load_scenario

    state = load_scenario(ROOT / "maps" / "campo-abierto.yaml", seed=7).new_game()
    for _ in range(3):
        state.apply(choose(state))
    tmp.mkdir(parents=True, exist_ok=True)
    path = tmp / "partida.yaml"
    save_game(state, path)
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    try:
        unchecked = replay_save(path, verify=True).unchecked
    except DataError as exc:
        return exc.problems[0].message
    assert unchecked is not None
    return unchecked


def read_save(path: Path) -> str:
    from wartime.engine.core.saves import replay_save

    with pytest.raises(DataError) as info:
        replay_save(path)
    return info.value.problems[0].message


def _rehashed(text: str, version: str | None = None) -> str:
    """A save's text with its hash changed and, when given, its hash version."""
    lines = ["hash: deadbeef" if line.startswith("hash:") else line for line in text.splitlines()]
    if version is not None:
        lines = [f"hash_version: {version}" if x.startswith("hash_version:") else x for x in lines]
    return "\n".join(lines) + "\n"


def parsed(text: str) -> Reason:
    with pytest.raises(DataError) as info:
        parse_document(text, "x.yaml")
    return info.value.problems[0].message


MAP = "wartime_map: 1\nsize: [10, 10]\n"


def with_units(*units: Unit, zones: tuple[Deployment, ...] = ()) -> Battlefield:
    """A 24×18 table with these units placed as they are (no refusal)."""
    return Battlefield("t", (24.0, 18.0), deployment=zones, units=units)


def in_folder(tmp: Path, army: str | None = None) -> Path:
    """A folder with, when ``army`` is given, an army file ``army.yaml`` holding it."""
    tmp.mkdir(parents=True, exist_ok=True)
    if army == "legion":
        shutil.copy(ROOT / "assets" / "armies" / "legion.yaml", tmp / "army.yaml")
    elif army is not None:
        (tmp / "army.yaml").write_text(army, encoding="utf-8")
    return tmp


# (case id, how to make the English message, the Spanish expected or how to derive it).
# A case gets tmp_path when its maker takes one argument.
Maker = Callable[..., Reason]

# -- the engine's refusals: a duel (engine_support.duel), a set-up, an action refused -------

SHOOT = Action("ataque_distancia", "a", target="b", item="fusil")


def engine_refusal(
    action: Action, setup: Callable[[GameState], object] | None = None,
    walls: tuple[Wall, ...] = (),
) -> Reason:  # fmt: skip
    """Why the engine refuses ``action`` in the duel (a at (10, 10) facing b 11 K east),
    after ``setup``, with ``walls`` on the table."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = started(engine_scenario(units, walls=walls))
    state.reseed(1)
    if setup is not None:
        setup(state)
    reason = state.check(action)
    assert reason is not None, action
    return reason


def _b_beside_a(state: GameState) -> None:
    state.figures["b"].position = (11.0, 10.0)
    state._physics = None  # built again where the figures stand


def _far_sighted_a_and_b_away(state: GameState) -> None:
    a = state.figures["a"]
    state.figures["a"] = dataclasses.replace(a, profile=dataclasses.replace(a.profile, vol=6))
    state.figures["b"].position = (33.0, 10.0)
    state._physics = None


def _sprinted_once(state: GameState) -> None:
    state.apply(Action("esprintar", "a", point=(8.0, 10.0)))
    while state.pending.kind is PendingKind.REACT:
        state.apply(Action("pass"))


CASES: list[tuple[str, Maker, str | Callable[[str], str]]] = [
    # -- board.edits: naming elements and ids -------------------------------------------
    (
        "unknown-kind",
        refused(key_of, "trees", 0),
        "el tipo de elemento 'trees' no existe; admitidos: walls, obstacles, terrain, "
        "deployment, units, throwables, darkness, lights",
    ),
    (
        "no-number",
        refused(key_of, "deployment", 9),
        "no hay zona de despliegue número 10: el mapa tiene 2",
    ),
    (
        "no-number-wall",
        refused(key_of, "walls", 5),
        "no hay muro número 6: el mapa tiene 1",
    ),
    (
        "nothing-called",
        refused(find, "nada"),
        "no hay nada llamado 'nada' en el mapa",
    ),
    (
        "empty-id",
        refused(set_property, "a1", "id", ""),
        "un id debe ser texto no vacío, no ''",
    ),
    (
        "id-taken",
        refused(set_property, "a1", "id", "b1"),
        "el id 'b1' ya se usa en este mapa: elige otro",
    ),
    (
        "id-like-path",
        refused(set_property, "casa", "id", "walls[0]"),
        "el id 'walls[0]' parece un lugar del archivo del mapa: elige otro",
    ),
    (
        "empty-character",
        refused(add_unit, Unit("c1", "A", (6, 2), character="  ")),
        "un personaje debe ser texto no vacío, no '  '",
    ),
    (
        "character-not-text",
        refused(set_property, "a1", "character", 3),
        "un personaje debe ser texto, no 3",
    ),
    # -- board.edits: checked values -------------------------------------------------------
    (
        "not-a-number",
        refused(set_property, "muro", "height", "alto"),
        "la altura debe ser un número, no 'alto'",
    ),
    (
        "not-a-number-move",
        refused(move, ["a1"], "x", 0),
        "el desplazamiento en x debe ser un número, no 'x'",
    ),
    (
        "not-finite",
        refused(set_property, "a1", "facing", float("inf")),
        "el encaramiento debe ser un número finito, no inf",
    ),
    (
        "not-whole",
        refused(set_property, "a1", "vol", 2.5),
        "VOL debe ser un número entero, no 2.5",
    ),
    (
        "not-a-point",
        refused(add_unit, Unit("c1", "A", (1, 2, 3))),  # type: ignore[arg-type]
        "una posición debe ser dos números (x, y), no (1, 2, 3)",
    ),
    (
        "not-a-point-snap",
        lambda: refusal(lambda: snap((1.0,), FIELD, grid=False)),  # type: ignore[arg-type]
        "un punto debe ser dos números (x, y), no (1.0,)",
    ),
    (
        "level-not-allowed",
        refused(set_property, "a1", "level", 7),
        "el nivel 7 no está permitido; admitidos: -1, 1, 2, 3, 4",
    ),
    (
        "measure-negative",
        refused(set_property, "muro", "height", -1),
        "no se admite la altura -1: debe ser 0 o más",
    ),
    (
        "measure-zero",
        refused(set_property, "a1", "base", 0),
        "no se admite la base 0: debe ser mayor que 0",
    ),
    (
        "measure-grid-step",
        lambda: refusal(lambda: snap((5.0, 5.0), FIELD, grid=True, step=0)),
        "no se admite el paso de la rejilla 0: debe ser mayor que 0",
    ),
    (
        "def-range",
        refused(set_property, "muro", "def", 11),
        "DEF 11 está fuera de rango: admitido de 0 a 10",
    ),
    (
        "vol-range",
        refused(set_property, "a1", "vol", 12),
        "VOL 12 está fuera de rango: admitido de 1 a 10",
    ),
    (
        "remove-vertex-wall",
        refused(remove_vertex, "muro", 0),
        "no se puede quitar un vértice de 'muro': un muro necesita al menos 2 puntos",
    ),
    (
        "remove-vertex-polygon",
        refused(remove_vertex, "bosque", 1),
        "no se puede quitar un vértice de 'bosque': un polígono necesita al menos 3 puntos",
    ),
    (
        "few-points-wall",
        refused(add_wall, [(1, 1)]),
        "un muro necesita al menos 2 puntos y tiene 1",
    ),
    (
        "few-points-zone",
        refused(add_deployment, "A", [(0, 0), (1, 1)]),
        "una zona de despliegue necesita al menos 3 puntos y tiene 2",
    ),
    # -- board.edits: units kept clear, vertices, properties, choices --------------------
    (
        "would-be-off",
        refused(add_unit, Unit("c1", "A", (23.8, 2.0))),
        "la unidad 'c1' quedaría fuera de la mesa de 24×18 K",
    ),
    (
        "would-overlap",
        refused(add_unit, Unit("c1", "A", (3.5, 2.0))),
        "la unidad 'c1' se solaparía con la unidad 'a1'",
    ),
    (
        "would-stand-inside",
        refused(add_unit, Unit("c1", "A", (14.0, 9.5))),
        "la unidad 'c1' quedaría dentro de 'casa'",
    ),
    (
        "no-vertices",
        refused(remove_vertex, "a1", 0),
        "la unidad 'a1' no tiene vértices: muévela",
    ),
    (
        "throwable-no-vertices",
        lambda: refusal(lambda: remove_vertex(add_throwable(FIELD, (10.0, 10.0))[0], "coche-1", 0)),
        "'coche-1' no tiene vértices: muévelo o cambia su tamaño",
    ),
    (
        "throwable-would-be-off",
        lambda: refusal(lambda: add_throwable(FIELD, (23.5, 10.0), "lorry")),
        "el camión 'camion-1' quedaría fuera de la mesa de 24×18 K",
    ),
    (
        "light-no-vertices",
        lambda: refusal(lambda: remove_vertex(add_light(FIELD, (5, 5))[0], "lights[0]", 0)),
        "la luz 'lights[0]' no tiene vértices: muévela",
    ),
    (
        "no-vertex-number",
        refused(move_vertex, "casa", 9, (1.0, 1.0)),
        "'casa' no tiene el vértice número 9: admitido de 0 a 3",
    ),
    (
        "no-property",
        refused(set_property, "casa", "thickness", 1),
        "un obstáculo no tiene la propiedad 'thickness'; admitidas: id, height, def",
    ),
    (
        "no-property-unit",
        refused(set_property, "a1", "colour", 1),
        "una unidad no tiene la propiedad 'colour'; admitidas: id, side, facing, posture, "
        "level, base, height, vol, character",
    ),
    (
        "unknown-terrain-kind",
        refused(set_property, "bosque", "kind", "lava"),
        "el tipo de terreno 'lava' no existe; admitidos: difficult, extreme, water, crevice",
    ),
    (
        "unknown-side",
        refused(set_property, "a1", "side", "C"),
        "el bando 'C' no existe; admitidos: A, B",
    ),
    (
        "unknown-posture",
        refused(set_property, "a1", "posture", "sentado"),
        "la postura 'sentado' no existe; admitidos: standing, crouched, prone",
    ),
    # -- board.edits.problems ----------------------------------------------------------
    (
        "too-many-vertices",
        lambda: _patched(edits, "MAX_VERTICES", 3, lambda: problem(FIELD, "vertices")),
        "el mapa supera el máximo de 3 vértices",
    ),
    (
        "too-many-points",
        lambda: _patched(
            edits,
            "MAX_POINTS",
            2,
            lambda: problem(
                Battlefield("t", (24.0, 18.0), walls=(Wall(((1, 1), (2, 2), (3, 1)), 1.0, 1),)),
                "too many points",
            ),
        ),
        "demasiados puntos: un muro admite como mucho 2 y tiene 3",
    ),
    (
        "too-many-units",
        lambda: _patched(edits, "MAX_UNITS", 1, lambda: problem(FIELD, "too many")),
        "el mapa supera el máximo de 1 unidades",
    ),
    (
        "no-deployment",
        lambda: problem(with_units()),
        "no hay ninguna zona de despliegue",
    ),
    (
        "side-without-zone",
        lambda: problem(with_units(zones=(Deployment("A", ZONE_A),))),
        "el bando B no tiene zona de despliegue",
    ),
    (
        "outside-zone",
        lambda: problem(with_units(Unit("x", "A", (3.0, 10.0)), zones=_zones())),
        "la unidad 'x' no está entera dentro de una zona de despliegue del bando A",
    ),
    # -- board.validation -------------------------------------------------------------
    (
        "polygon-few-points",
        lambda: next(polygon_problems(((0.0, 0.0), (1.0, 1.0)), "obstacles[0].polygon"))[1],
        "un polígono necesita al menos 3 puntos y tiene 2",
    ),
    (
        "polygon-no-area",
        lambda: problem(add_obstacle(FIELD, [(1, 1), (2, 2), (3, 3)])[0], "area"),
        "el polígono no tiene área (sus puntos están en una línea)",
    ),
    (
        "polygon-crosses",
        lambda: problem(add_terrain(FIELD, [(5, 5), (7, 7), (7, 5), (5, 7)])[0], "crosses"),
        "el polígono se cruza consigo mismo (autointersección[6 6])",
    ),
    (
        "off-table",
        lambda: problem(with_units(Unit("u", "A", (0.0, 2.0)), zones=_zones()), "off"),
        "la unidad 'u' está fuera de la mesa de 24×18 K",
    ),
    (
        "throwable-off-table",
        lambda: problem(
            replace(
                with_units(zones=_zones()),
                throwables=(Throwable("grua", (0.5, 9.0), ThrowSize.LARGER),),
            ),
            "off",
        ),
        "el objeto más grande 'grua' está fuera de la mesa de 24×18 K",
    ),
    (
        "light-off-table",
        lambda: problem(add_light(FIELD, (30.0, 2.0))[0], "light"),
        "la luz está fuera de la mesa de 24×18 K",
    ),
    (
        "overlaps",
        lambda: problem(
            with_units(Unit("a1", "A", (5.0, 2.0)), Unit("a2", "A", (5.5, 2.0)), zones=_zones())
        ),
        "la unidad 'a2' se solapa con la unidad 'a1' (units[0])",
    ),
    (
        "stands-inside",
        lambda: problem(_in_house(), "inside '"),
        "la unidad 'u' está dentro de 'casa'",
    ),
    (
        "can-save-broken",
        lambda: _cannot_save(
            with_units(Unit("a1", "A", (5.0, 2.0)), Unit("a2", "A", (5.5, 2.0)), zones=_zones())
        ),
        "la unidad 'a2' se solapa con la unidad 'a1' (units[0])",
    ),
    # -- formats.map: the map loader ---------------------------------------------------
    (
        "expected-point",
        lambda: loaded("wartime_map: 1\nsize: grande\n"),
        "se esperaba un punto [x, y], no texto",
    ),
    (
        "coordinates-finite",
        lambda: loaded("wartime_map: 1\nsize: [.inf, 3]\n"),
        "las coordenadas deben ser números finitos",
    ),
    (
        "loader-measure",
        lambda: loaded(MAP + "scale_mm: -1\n"),
        "no se admite -1: debe ser mayor que 0",
    ),
    (
        "loader-measure-zero-or-more",
        lambda: loaded(MAP + "walls:\n- {points: [[1, 1], [2, 2]], height: -2, def: 3}\n"),
        "no se admite -2: debe ser 0 o más",
    ),
    (
        "loader-few-points",
        lambda: loaded(MAP + "terrain:\n- {polygon: [[1, 1], [2, 2]], kind: water}\n"),
        "necesita al menos 3 puntos y tiene 2",
    ),
    (
        "loader-def",
        lambda: loaded(MAP + "walls:\n- {points: [[1, 1], [2, 2]], height: 1, def: 12}\n"),
        "DEF 12 está fuera de rango: admitido de 0 a 10",
    ),
    (
        "duplicated-id",
        lambda: loaded(
            MAP + "obstacles:\n"
            "- {id: casa, polygon: [[1, 1], [2, 1], [2, 2]], height: 1, def: 3}\n"
            "- {id: casa, polygon: [[5, 5], [6, 5], [6, 6]], height: 1, def: 3}\n"
        ),
        "id 'casa' repetido (usado antes en obstacles[0])",
    ),
    (
        "loader-level",
        lambda: loaded(MAP + "units:\n- {id: u, side: A, position: [5, 5], level: 7}\n"),
        "el nivel 7 no es ninguno de -1, 1, 2, 3, 4",
    ),
    (
        "loader-vol",
        lambda: loaded(MAP + "units:\n- {id: u, side: A, position: [5, 5], vol: 0}\n"),
        "VOL 0 está fuera de rango: admitido de 1 a 10",
    ),
    (
        "turn-limit",
        lambda: loaded(MAP + "scenario: {turn_limit: 0}\n"),
        "el límite de turnos 0 debe ser 1 o más",
    ),
    (
        "unknown-noise-rule",
        lambda: loaded(MAP + "scenario: {noise_wall_rule: loud}\n"),
        "la regla de ruido 'loud' no existe; admitidos: subtract_def, halve",
    ),
    (
        "too-many-units-loader",
        lambda: _patched(
            __import__("wartime.formats.map", fromlist=["MAX_UNITS"]),
            "MAX_UNITS",
            1,
            lambda: loaded(
                MAP + "units:\n- {id: u, side: A, position: [2, 2]}\n"
                "- {id: v, side: A, position: [5, 5]}\n"
            ),
        ),
        "el mapa supera el máximo de 1 unidades",
    ),
    (
        "table-side",
        lambda: loaded("wartime_map: 1\nsize: [2000, 10]\n"),
        "cada lado debe ser mayor que 0 y como mucho 1000 K",
    ),
    (
        "leaves-folder",
        lambda tmp: loaded(MAP + "armies: [../x.yaml]\n", folder=in_folder(tmp)),
        "'../x.yaml' sale de la carpeta del mapa: indica una ruta dentro de ella",
    ),
    (
        "no-packaged-army-hint",
        lambda: loaded(MAP + "armies: [legio]\n"),
        "no hay ningún ejército incluido 'legio' (¿quisiste decir 'legion'?): los ejércitos "
        "incluidos son culto, legion; para un archivo junto al mapa, escribe su extensión, "
        "p. ej. 'legio.yaml'",
    ),
    (
        "no-packaged-army",
        lambda: loaded(MAP + "armies: [zzzzzz]\n"),
        "no hay ningún ejército incluido 'zzzzzz': los ejércitos incluidos son culto, legion; "
        "para un archivo junto al mapa, escribe su extensión, p. ej. 'zzzzzz.yaml'",
    ),
    (
        "army-name-nul",
        lambda tmp: loaded(MAP + 'armies: ["a.yaml\\0"]\n', folder=in_folder(tmp)),
        "el nombre de archivo de ejército 'a.yaml\\x00' contiene un carácter NUL, que ningún "
        "archivo admite",
    ),
    (
        "army-symlink-loop",
        lambda tmp: _patched(
            Path,
            "resolve",
            mock.Mock(side_effect=RuntimeError("Symlink loop from 'a.yaml'")),
            lambda: loaded(MAP + "armies: [a.yaml]\n", folder=in_folder(tmp)),
        ),
        "no se puede abrir el archivo de ejército 'a.yaml': un bucle de enlaces simbólicos",
    ),
    (
        "army-cannot-open",
        lambda tmp: loaded(MAP + f"armies: [{'x' * 300}.yaml]\n", folder=in_folder(tmp)),
        # the system's reason, worded in Spanish too
        "no se puede abrir el archivo de ejército '" + "x" * 300 + ".yaml': el nombre del "
        "archivo es demasiado largo",
    ),
    (
        "no-army-file",
        lambda tmp: loaded(MAP + "armies: [nada.yaml]\n", folder=in_folder(tmp)),
        "no hay ningún archivo de ejército 'nada.yaml' junto al mapa",
    ),
    (
        "army-invalid",
        lambda tmp: loaded(MAP + "armies: [army.yaml]\n", folder=in_folder(tmp, "hola: 1\n")),
        lambda english: (
            english.replace("the army file is invalid: ", "el archivo de ejército no es válido: ")
            .replace("not a Wartime army file: ", "no es un archivo de ejército de Wartime: ")
            .replace("it must start with", "debe empezar por")
        ),
    ),
    (
        "army-invalid-more",
        lambda tmp: loaded(
            MAP + "armies: [army.yaml]\n",
            folder=in_folder(tmp, "wartime_army: 1\nfoo: 1\nbar: 2\n"),
        ),
        lambda english: (
            english.replace("the army file is invalid: ", "el archivo de ejército no es válido: ")
            .replace("unknown key 'foo' (allowed: ", "clave desconocida 'foo' (admitidas: ")
            .replace(" (and 1 more)", " (y 1 más)")
        ),
    ),
    (
        "no-character-hint",
        lambda tmp: loaded(
            MAP + "armies: [army.yaml]\n"
            "units:\n- {id: u, side: A, position: [5, 5], character: sargentto}\n",
            folder=in_folder(tmp, "legion"),
        ),
        "no hay ningún personaje 'sargentto' en los ejércitos del mapa "
        "(¿quisiste decir 'sargento'?)",
    ),
    (
        "no-character",
        lambda tmp: loaded(
            MAP + "armies: [army.yaml]\n"
            "units:\n- {id: u, side: A, position: [5, 5], character: zzzzzzzz}\n",
            folder=in_folder(tmp, "legion"),
        ),
        "no hay ningún personaje 'zzzzzzzz' en los ejércitos del mapa",
    ),
    # -- formats.schema ----------------------------------------------------------------
    (
        "duplicated-key",
        lambda: loaded(MAP + "name: a\nname: b\n"),
        "clave repetida: solo se conservaría el último valor",
    ),
    (
        "expected-mapping",
        lambda: loaded(MAP + "walls: [3]\n"),
        "se esperaba un mapeo (clave: valor), no un número",
    ),
    (
        "unknown-key-hint",
        lambda: loaded(MAP + "nmae: x\n"),
        "clave desconocida 'nmae' (¿quisiste decir 'name'?)",
    ),
    (
        "unknown-key-allowed",
        lambda: loaded(MAP + "zzzzzz: 1\n"),
        "clave desconocida 'zzzzzz' (admitidas: wartime_map, name, size, scale_mm, walls, "
        "obstacles, terrain, deployment, units, armies, scenario, throwables, darkness, lights)",
    ),
    ("missing", lambda: loaded("wartime_map: 1\nname: x\n"), "falta 'size'"),
    ("expected-list", lambda: loaded(MAP + "walls: 3\n"), "se esperaba una lista, no un número"),
    (
        "expected-whole-shown",
        lambda: loaded(MAP + "units:\n- {id: u, side: A, position: [5, 5], vol: alto}\n"),
        "se esperaba un número entero, no texto 'alto'",
    ),
    (
        "expected-whole",
        lambda: loaded(MAP + "units:\n- {id: u, side: A, position: [5, 5], vol: [1]}\n"),
        "se esperaba un número entero, no una lista",
    ),
    (
        "expected-number",
        lambda: loaded(MAP + "units:\n- {id: u, side: A, position: [5, 5], facing: norte}\n"),
        "se esperaba un número, no texto",
    ),
    (
        "number-too-large",
        lambda: loaded(
            MAP + "units:\n- {id: u, side: A, position: [5, 5], facing: 1" + "0" * 400 + "}\n"
        ),
        "número demasiado grande: un número puede ser como mucho 1.8e+308",
    ),
    (
        "expected-text",
        lambda: loaded(MAP + "name: [1]\n"),
        "se esperaba texto no vacío, no una lista",
    ),
    (
        "expected-text-nothing",
        lambda: loaded(MAP + "units:\n- {id: null, side: A, position: [5, 5]}\n"),
        "se esperaba texto no vacío, no nada",
    ),
    (
        "not-wartime",
        lambda: loaded("hola: 1\n"),
        "no es un archivo de mapa de Wartime: debe empezar por 'wartime_map: 1'",
    ),
    (
        "unsupported-version",
        lambda: loaded("wartime_map: 2\nsize: [1, 1]\n"),
        "versión 2 no admitida: este programa lee la versión 1",
    ),
    # -- formats.document ----------------------------------------------------------------
    (
        "yaml-syntax-located",
        lambda: parsed("a: [1, 2"),
        # The parser's own words (libyaml's or PyYAML's) are kept as they are.
        lambda english: "error de sintaxis YAML en la línea {}, columna {}: {}".format(
            *re.fullmatch(r"YAML syntax error at line (\d+), column (\d+): (.*)", english).groups()
        ),
    ),
    (
        "yaml-syntax",
        lambda: say("problem.document.syntax", why="invalid YAML"),
        "error de sintaxis YAML: invalid YAML",
    ),
    (
        "yaml-error",
        lambda: say("problem.document.yaml", why="bad stream"),
        "error de YAML: bad stream",
    ),
    (
        "yaml-value",
        lambda: parsed("d: 2024-13-45"),
        "no se puede leer un valor YAML: month must be in 1..12",
    ),
    (
        "yaml-recursive",
        lambda: parsed("a: &x [*x]"),
        "un alias se contiene a sí mismo: no se admite YAML recursivo",
    ),
    (
        "too-many-values",
        lambda: _patched(document, "MAX_NODES", 2, lambda: parsed("a: [1, 2]")),
        "demasiados valores: un archivo admite como mucho 2 (cada uso de un alias cuenta "
        "todos los valores que repite)",
    ),
    (
        "lone-surrogate",
        lambda: _patched(document, "_Loader", document._PyLoader, lambda: parsed('a: "\\ud800"')),
        "el texto contiene '\\ud800', media pareja sustituta de UTF-16 y no un carácter: "
        "escribe el carácter mismo, o su escape \\U",
    ),
    (
        "nested-too-deeply",
        lambda: parsed("a: " + "[" * 500 + "]" * 500),
        "los datos están anidados a demasiada profundidad para leerlos",
    ),
    (
        "file-too-large",
        lambda tmp: _patched(document, "MAX_BYTES", 1, lambda: read(_file(tmp, b"ab: 1"))),
        "archivo demasiado grande: el límite es 0 MiB",
    ),
    ("is-a-folder", lambda tmp: read(in_folder(tmp)), "es una carpeta, no un archivo"),
    (
        "is-a-fifo",
        lambda tmp: read(_fifo(tmp)),
        "es una tubería con nombre (FIFO), no un archivo normal: solo se leen archivos normales",
    ),
    (
        "is-a-device",
        lambda: read(Path(os.devnull)),
        "es un dispositivo, no un archivo normal: solo se leen archivos normales",
    ),
    (
        "not-a-regular-file",
        lambda: say("problem.document.not_regular"),
        "no es un archivo normal: solo se leen archivos normales",
    ),
    (
        "nul-in-a-name",
        lambda tmp: read(in_folder(tmp) / "map.yaml\0"),
        "no se puede leer: el nombre del archivo contiene un carácter NUL, que ningún nombre "
        "de archivo admite",
    ),
    (
        "cannot-read",
        lambda tmp: read(in_folder(tmp) / "missing.yaml"),
        "no se puede leer: no existe el archivo o la carpeta",  # the system's reason too
    ),
    (
        "not-utf8",
        lambda tmp: read(_file(tmp, b"a: \xff\n")),
        "no es texto UTF-8 (byte erróneo en la posición 3)",
    ),
    # -- formats.army ------------------------------------------------------------------
    (
        "army-kind-hint",
        lambda: archetype("id: x, kind: racex, CON: 4, AGI: 4, INT: 3, VOL: 4"),
        "el tipo 'racex' no es ninguno de race, weapon, protection, metaability, object, "
        "transport (¿querías decir 'race'?)",
    ),
    (
        "army-kind",
        lambda: archetype("id: x, kind: qqqqqq"),
        "el tipo 'qqqqqq' no es ninguno de race, weapon, protection, metaability, object, "
        "transport",
    ),
    (
        "army-missing-attribute",
        lambda: archetype("id: x, kind: race, CON: 4, AGI: 4, INT: 3"),
        "falta VOL (un arquetipo de tipo raza necesita CON, AGI, INT, VOL)",
    ),
    (
        "army-height",
        lambda: archetype("id: x, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, height: 0"),
        lambda english: (
            "la altura 0 debe ser mayor que 0 y como mucho "
            + english.split("at most ")[1].split(" ")[0]
            + " alturas humanas"
        ),
    ),
    (
        "army-bonus-hint",
        lambda: archetype("id: x, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, bonus: [Lídr]"),
        "bonus desconocido 'Lídr' (¿querías decir 'Líder'?)",
    ),
    (
        "army-bonus",
        lambda: archetype("id: x, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, bonus: [Qwzx]"),
        "bonus desconocido 'Qwzx' (consulta `wartime catalog --search`)",
    ),
    (
        "army-alias-repeats",
        lambda: archetype("id: x, kind: weapon, ENE: 3, DAÑ: 4, DAN: 4, ALC: 15, CAL: 4"),
        "DAN repite DAÑ: dalo una sola vez",
    ),
    (
        "army-level",
        lambda: archetype(
            "id: x, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, "
            "bonus: [{name: Campo de oscuridad, level: 9}]"
        ),
        "el nivel 9 de 'Campo de oscuridad' está fuera de 1 a 5",
    ),
    (
        "army-no-levels",
        lambda: archetype(
            "id: x, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, bonus: [{name: Líder, level: 2}]"
        ),
        "'Líder' no tiene niveles: quita 'level'",
    ),
    (
        "army-area-shape",
        lambda: army("  - {id: x, kind: weapon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4, bonus: [Área]}\n"),
        "'Área' necesita una forma en 'param', p. ej. {name: Área, param: R3}",
    ),
    (
        "army-no-parameter",
        lambda: archetype(
            "id: x, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, bonus: [{name: Líder, param: 2}]"
        ),
        "'Líder' no admite parámetro",
    ),
    (
        "army-parameter-type",
        lambda: archetype(
            "id: x, kind: weapon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4, "
            "bonus: [{name: Cargadores, param: [1]}]"
        ),
        "se esperaba texto o un número, no una lista",
    ),
    (
        "army-area",
        lambda: archetype(
            "id: x, kind: weapon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4, "
            "bonus: [{name: Área, param: R99}]"
        ),
        lambda english: "área desconocida 'R99' (admitidas: " + english.partition("(allowed: ")[2],
    ),
    (
        "army-controller-entry",
        lambda: army(
            "characters:\n  - {id: c, race: soldado}\n  - {id: d, race: soldado, controller: c}\n"
        ),
        "solo un personaje con Control remoto tiene controlador",
    ),
    (
        "army-controller-self",
        lambda: army(REMOTE + "  - {id: d, race: dron, controller: d}\n"),
        "d no puede ser su propio controlador",
    ),
    (
        "army-controller-missing",
        lambda: army_warning(REMOTE + "  - {id: d, race: dron}\n"),
        "d lleva Control remoto pero no nombra controlador: actúa por su cuenta, como "
        "cualquier personaje",
    ),
    (
        "army-controller-list",
        lambda: army(
            REMOTE + "  - {id: d, race: dron, controller: c}\n"
            "lists:\n  - {id: l, limit: 100, characters: [d]}\n"
        ),
        "a d lo maneja c (Control remoto), que no está en la lista 'l'",
    ),
    (
        "army-pet-many",
        lambda: army(PET + "[Mulo, Fortuna, Explorador, Anfibio]}\n"),
        "una mascota tiene como mucho 3 bonus, no 4",
    ),
    (
        "army-pet-entry",
        lambda: army("characters:\n  - {id: c, race: soldado, pet: [Mulo]}\n"),
        "solo un personaje con Mascota mágica tiene mascota",
    ),
    (
        "army-summoned-entry",
        lambda: army("characters:\n  - {id: c, race: soldado, summoners: [c]}\n", "summoned"),
        "solo se invoca a un personaje con Avatar",
    ),
    (
        "army-summoners-missing",
        lambda: army_warning(AVATAR + "  - {id: d, race: demonio}\n"),
        "d lleva Avatar pero no nombra invocadores: nunca entra en la partida",
    ),
    (
        "army-summoner-self",
        lambda: army(AVATAR + "  - {id: d, race: demonio, summoners: [d]}\n"),
        "d no puede invocarse a sí mismo",
    ),
    (
        "army-summoner-list",
        lambda: army(
            AVATAR + "  - {id: d, race: demonio, summoners: [c]}\n"
            "lists:\n  - {id: l, limit: 100, characters: [d]}\n"
        ),
        "a d (Avatar) lo invoca c, y ninguno está en la lista 'l'",
    ),
    (
        "army-race",
        lambda: army("characters:\n  - {id: c, race: null}\n", "needs a race"),
        "un personaje necesita una raza: da el id de un arquetipo de raza",
    ),
    (
        "army-archetype-hint",
        lambda: army("characters:\n  - {id: c, race: soldadp}\n"),
        "no hay ningún arquetipo con id 'soldadp' (¿querías decir 'soldado'?)",
    ),
    (
        "army-archetype",
        lambda: army("characters:\n  - {id: c, race: qqqq}\n"),
        "no hay ningún arquetipo con id 'qqqq'",
    ),
    (
        "army-wrong-kind",
        lambda: army("characters:\n  - {id: c, race: fusil}\n"),
        "'fusil' es de tipo arma, no raza",
    ),
    (
        "army-limit",
        lambda: army("lists:\n  - {id: l, limit: -1, characters: []}\n"),
        "el límite -1 debe ser 0 o más puntos",
    ),
    (
        "army-character-hint",
        lambda: army(
            "characters:\n  - {id: cabo, race: soldado}\n"
            "lists:\n  - {id: l, limit: 100, characters: [cabp]}\n"
        ),
        "no hay ningún personaje con id 'cabp' (¿querías decir 'cabo'?)",
    ),
    (
        "army-character",
        lambda: army("lists:\n  - {id: l, limit: 100, characters: [qqqq]}\n"),
        "no hay ningún personaje con id 'qqqq'",
    ),
    (
        "army-at-least",
        lambda: archetype("id: x, kind: weapon, ENE: 3, DAÑ: 4, ALC: -5, CAL: 4", "range"),
        "ALC -5 está fuera de rango: admitido 0 o más",
    ),
    (
        "army-reach",
        lambda: archetype("id: x, kind: weapon, ENE: 3, DAÑ: 4, ALC: 99, CAL: 4", "exceeds"),
        "ALC 99 supera 5×DAÑ = 20",
    ),
    (
        "army-weapon-table",
        lambda: archetype("id: x, kind: weapon, ENE: 1, DAÑ: 10, ALC: 15, CAL: 4", "table"),
        "la tabla de armas no admite ENE 1 × DAÑ 10",
    ),
    (
        "map-bare-unit",
        lambda: map_warning(
            MAP + "units:\n  - {id: u, side: A, position: [5, 5], character: nadie}\n"
        ),
        lambda english: (
            "1 unidad nombra personajes que ningún ejército enlazado define, así "
            "que juega como figura sin armas: u (nadie); enlaza los ejércitos que los definen en "
            "`armies:` (un archivo junto al mapa, o un ejército incluido por su nombre: "
            + english.rpartition("by name: ")[2]
        ),
    ),
    (
        "map-bare-units",
        lambda: map_warning(
            MAP + "units:\n  - {id: u, side: A, position: [5, 5], character: nadie}\n"
            "  - {id: v, side: B, position: [7, 7], character: nadie}\n"
        ),
        lambda english: (
            "2 unidades nombran personajes que ningún ejército enlazado define, así "
            "que juegan como figuras sin armas: u (nadie), v (nadie); enlaza los ejércitos que los "
            "definen en `armies:` (un archivo junto al mapa, o un ejército incluido por su nombre: "
            + english.rpartition("by name: ")[2]
        ),
    ),
    # -- rules.legality: an army's warnings ------------------------------------------
    (
        "army-requires",
        lambda: army_warning(
            "  - {id: brujo, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, bonus: [Shin]}\n"
            "characters:\n  - {id: c, race: brujo}\n"
        ),
        "'Shin' en el arquetipo 'brujo' requiere Neuromante, que el personaje 'c' no tiene",
    ),
    (
        "army-reliquia",
        lambda: army_warning(
            "  - {id: anillo, kind: object, ALC: 1, CAL: 1, ENE: 1, bonus: [Reliquia]}\n"
            "characters:\n  - {id: c, race: soldado, objects: [anillo]}\n"
            "  - {id: d, race: soldado, objects: [anillo]}\n"
            "lists:\n  - {id: l, limit: 500, characters: [c, d]}\n"
        ),
        "el arquetipo 'anillo' es una Reliquia y puede aparecer una vez por lista, no 2 veces",
    ),
    (
        "army-claws",
        lambda: army_warning(
            "  - {id: bestia, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, "
            "bonus: [Garras y dientes]}\n"
            "characters:\n  - {id: c, race: bestia, weapons: [fusil]}\n"
        ),
        "'Garras y dientes' no admite equipo, pero el personaje 'c' lleva fusil",
    ),
    (
        "army-servus",
        lambda: army_warning(
            "  - {id: arma, kind: weapon, ENE: 3, DAÑ: 4, ALC: 15, CAL: 4, bonus: [Servus]}\n"
            "characters:\n  - {id: c, race: soldado, weapons: [arma]}\n"
        ),
        "el motor no aplica 'Servus' en el arquetipo de tipo arma 'arma': ajusta CON y AGI a "
        "mano mientras cuente",
    ),
    (
        "army-limb",
        lambda: army_warning(
            "  - {id: cojo, kind: race, CON: 4, AGI: 4, INT: 3, VOL: 4, "
            "bonus: [{name: Sin miembro, param: cola}]}\n"
            "characters:\n  - {id: c, race: cojo}\n"
        ),
        "'Sin miembro (cola)' en 'cojo' no nombra ninguna extremidad que el motor conozca "
        "(brazo, mano, pierna, pie): los jugadores deciden qué acciones impide",
    ),
    # -- engine.core.saves -----------------------------------------------------------
    (
        "not-a-save",
        lambda tmp: read_save(_file(tmp, b"wartime_save: 9\n")),
        "no es una partida guardada de Wartime: debe empezar por 'wartime_save: 1'",
    ),
    (
        "hash-mismatch",
        lambda tmp: replayed(tmp, _rehashed),
        lambda english: (
            "el hash no coincide: la repetición da "
            + english.split("gives ")[1].split(",")[0]
            + ", la partida guardada dice deadbeef: se cambiaron sus jugadas o el escenario "
            "que incluye"
        ),
    ),
    (
        "hash-mismatch-v2",
        lambda tmp: replayed(tmp, lambda text: _rehashed(text, "2")),
        lambda english: (
            "el hash no coincide: la repetición da "
            + english.split("gives ")[1].split(",")[0]
            + ", la partida guardada dice deadbeef: se cambiaron sus jugadas"
        ),
    ),
    (
        "hash-unchecked",
        lambda tmp: replayed(tmp, lambda text: _rehashed(text, "99")),
        lambda english: (
            "guardada con la versión de hash 99, y este programa usa la versión "
            + english.split("version ")[2].split(":")[0]
            + ": las jugadas se repitieron, pero el hash final no se puede comparar"
        ),
    ),
    (
        "cannot-be-replayed",
        lambda tmp: replayed(tmp, lambda text: text.replace("kind: initiative", "kind: volar", 1)),
        # the engine's refusal nested in the save's problem, worded in Spanish too
        "no se puede repetir: Elige el personaje cuya VOL tira la iniciativa",
    ),
    # -- the engine's refusals the play screen shows most ------------------------------
    (
        "engine-alc-above",
        lambda: engine_refusal(Action("ataque_distancia", "a", target="b", item="cuchillo")),
        "cuchillo no sirve para este ataque: necesita ALC mayor que 0",
    ),
    (
        "engine-alc",
        lambda: engine_refusal(Action("ataque_cac", "a", target="b", item="fusil")),
        "fusil no sirve para este ataque: necesita ALC 0",
    ),
    (
        "engine-sprinted",
        lambda: engine_refusal(SHOOT, lambda s: setattr(s.figures["a"], "sprinted", True)),
        "Tras Esprintar, un personaje no puede atacar en este turno",
    ),
    (
        "engine-not-engaged",
        lambda: engine_refusal(Action("ataque_cac", "a", target="b", item="cuchillo")),
        "b no está trabado con a en CaC",
    ),
    (
        "engine-engaged-move",
        lambda: engine_refusal(Action("mover", "a", point=(8.0, 10.0)), _b_beside_a),
        "Trabado en CaC: usa Destrabarse para salir del combate",
    ),
    (
        "engine-engaged-shot",
        lambda: engine_refusal(SHOOT, _b_beside_a),
        "Trabado en CaC: no puedes disparar",
    ),
    (
        "engine-cdv",
        lambda: engine_refusal(SHOOT, lambda s: setattr(s.figures["a"], "facing", 180.0)),
        "El objetivo está fuera del CdV",
    ),
    (
        "engine-ldv",
        lambda: engine_refusal(SHOOT, walls=(Wall(((15.0, 5.0), (15.0, 15.0)), 3.0, 5),)),
        "No hay LdV hasta b",
    ),
    (
        "engine-range",
        lambda: engine_refusal(SHOOT, _far_sighted_a_and_b_away),
        lambda english: (
            "Objetivo fuera de alcance: " + english.split(": ")[1].replace(" has ", " tiene ")
        ),
    ),
    (
        "engine-ene",  # a move: its label is the action's name in both languages
        lambda: engine_refusal(
            Action("correr", "a", point=(12.0, 10.0)), lambda s: setattr(s.figures["a"], "ene", 0)
        ),
        "ENE insuficiente: Correr cuesta 2 y tienes 0",
    ),
    (
        "engine-once",
        lambda: engine_refusal(Action("esprintar", "a", point=(6.0, 10.0)), _sprinted_once),
        "Esprintar solo una vez por actuación",
    ),
    (
        "engine-no-figure",
        lambda: engine_refusal(Action("ataque_distancia", "a", target="zz", item="fusil")),
        "No hay ninguna figura 'zz' en la mesa",
    ),
    (
        "engine-standing",
        lambda: engine_refusal(Action("levantarse", "a")),
        "a ya está de pie",
    ),
    (
        "engine-over",
        lambda: engine_refusal(Action("end", "a"), lambda s: setattr(s, "over", True)),
        "La partida ha terminado",
    ),
    # -- board.history -----------------------------------------------------------------
    (
        "history-limit",
        lambda: _history_refusal(),
        "el límite del historial debe ser 1 o más, no 0",
    ),
]


def _zones() -> tuple[Deployment, ...]:
    return (Deployment("A", ZONE_A), Deployment("B", ZONE_B))


def _in_house() -> Battlefield:
    units = (Unit("u", "A", (14.0, 9.5)),)
    return Battlefield("t", (24.0, 18.0), obstacles=FIELD.obstacles, units=units)


def _patched(module: Any, name: str, value: object, make: Callable[[], Reason]) -> Reason:
    with mock.patch.object(module, name, value):
        return make()


def _cannot_save(field: Battlefield) -> Reason:
    ok, reasons = can_save(field)
    assert not ok and len(reasons) == 1, reasons
    return reasons[0]


def _fifo(tmp: Path) -> Path:
    path = in_folder(tmp) / "pipe.yaml"
    os.mkfifo(path)
    return path


def _file(tmp: Path, body: bytes) -> Path:
    path = in_folder(tmp) / "file.yaml"
    path.write_bytes(body)
    return path


def _history_refusal() -> Reason:
    with pytest.raises(ReasonError) as info:
        History(FIELD, limit=0)
    return info.value.reason


def _made(maker: Maker, tmp: Path) -> Reason:
    return maker(tmp) if maker.__code__.co_argcount else maker()


@pytest.mark.parametrize(("maker", "spanish"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_reason_reads_in_spanish_and_in_english(
    maker: Maker, spanish: str | Callable[[str], str], tmp_path: Path
) -> None:
    reason = _made(maker, tmp_path)
    assert isinstance(reason, Message), f"plain text, not a catalogue message: {reason!r}"
    english = told(reason, "en")
    expected = spanish if isinstance(spanish, str) else spanish(english)
    assert told(reason, "es") == expected, english


# -- the sweep: every refusal of set_property reads in Spanish ------------------------------

STOP = ("is", "must", "allowed", "out of range", "overlaps", "inside", "needs")
_STOP = re.compile(r"\b(?:" + "|".join(map(re.escape, STOP)) + r")\b", re.IGNORECASE)
KEYS = ("muro", "casa", "bosque", "deployment[0]", "a1")
NAMES = (*{n for names in edits.PROPERTIES.values() for n in names}, "defense", "colour", "fuerza")
BAD = st.one_of(
    st.integers(-1000, 1000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.sampled_from(
        ["", " ", "abc", "1,5", "-3", "11", "0", "1e9", "nan", "inf", "walls[0]", "b1"]
    ),
    st.booleans(),
    st.none(),
    st.lists(st.integers(-3, 3), max_size=3),
    st.tuples(st.floats(allow_nan=False), st.floats(allow_nan=False)),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), name=st.sampled_from(sorted(NAMES)), value=BAD)
def test_every_set_property_refusal_is_translated(key: str, name: str, value: object) -> None:
    try:
        set_property(FIELD, key, name, value)
    except EditError as exc:
        english, spanish = str(exc), exc.text("es")
    else:
        return
    assert spanish != english, english
    shown = spanish.replace(repr(value), "")  # what the user typed may say anything
    assert not _STOP.search(shown), (english, spanish)
