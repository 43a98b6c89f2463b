"""The costing tables of CREACIÓN DE PERSONAJES, read from ``data/tables.yaml``."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wartime import data
from wartime.errors import DataError, Problem

_SOURCE = "wartime/data/tables.yaml"
ATTRIBUTE_VALUES = range(1, 11)
_SHAPE = re.compile(r"^([RLS])(\d+)$|^G(\d+)/(\d+)$")


@dataclass(frozen=True)
class Tables:
    race_attribute_cost: tuple[int, ...]  # index 0 is value 1
    weapon_cost: tuple[tuple[int | None, ...], ...]  # [ENE-1][DAÑ-1]; None = "x"
    area_cost: Mapping[str, int]
    minimum_character_cost: int
    cover_defence_bonus: int  # Cobertura: CH DEF + this behind more than half cover

    def race_cost(self, value: int) -> int:
        """Points of one race attribute (CON, AGI, INT or VOL) at ``value`` 1..10."""
        if value not in ATTRIBUTE_VALUES:
            raise ValueError(f"race attributes go from 1 to 10, got {value}")
        return self.race_attribute_cost[value - 1]

    def weapon_cell(self, ene: int, dan: int) -> int | None:
        """The ENE × DAÑ cell of the weapon table; None where the book prints x."""
        if ene not in ATTRIBUTE_VALUES or dan not in ATTRIBUTE_VALUES:
            raise ValueError(f"ENE and DAÑ go from 1 to 10, got ENE {ene}, DAÑ {dan}")
        return self.weapon_cost[ene - 1][dan - 1]

    def area_points(self, shape: str) -> int | None:
        """Points of the bonus Área for ``shape`` (any case, e.g. "r3"); None if unknown."""
        return self.area_cost.get(normalize_shape(shape))


def normalize_shape(shape: str) -> str:
    """Canonical spelling of an area shape: ``" g3/2 "`` -> ``"G3/2"``."""
    return "".join(shape.split()).upper()


@dataclass(frozen=True)
class Shape:
    """A parsed area shape: R diameter, L length, S jumps, G stem length and disk."""

    kind: str  # "R", "L", "S" or "G"
    size: int  # diameter, length, jumps, or the G stem length
    disk: int = 0  # only for G


def parse_shape(shape: str) -> Shape | None:
    match = _SHAPE.match(normalize_shape(shape))
    if match is None:
        return None
    if match.group(1):
        return Shape(match.group(1), int(match.group(2)))
    return Shape("G", int(match.group(3)), int(match.group(4)))


def _is_row(value: Any, allow_x: bool) -> bool:
    """Ten integers (or null for the weapon table's "x" cells)."""
    return (
        isinstance(value, list)
        and len(value) == 10
        and all(type(v) is int or (allow_x and v is None) for v in value)
    )


def _validated(raw: Any) -> Tables:
    if not isinstance(raw, dict):
        raise DataError([Problem(_SOURCE, "", "expected a mapping at the top")])
    checks = {
        "race_attribute_cost": (
            _is_row(raw.get("race_attribute_cost"), allow_x=False),
            "expected 10 integers, for values 1 to 10",
        ),
        "weapon_cost": (
            isinstance(weapon := raw.get("weapon_cost"), list)
            and len(weapon) == 10
            and all(_is_row(row, allow_x=True) for row in weapon),
            "expected 10 rows of 10 integers or null",
        ),
        "area_cost": (
            isinstance(area := raw.get("area_cost"), dict)
            and all(
                isinstance(k, str) and parse_shape(k) and type(v) is int for k, v in area.items()
            ),
            "expected shape: points pairs such as R3: 7",
        ),
        "minimum_character_cost": (
            type(raw.get("minimum_character_cost")) is int,
            "expected an integer",
        ),
        "cover_defence_bonus": (
            type(raw.get("cover_defence_bonus")) is int,
            "expected an integer",
        ),
    }
    problems = [Problem(_SOURCE, key, message) for key, (ok, message) in checks.items() if not ok]
    if problems:
        raise DataError(problems)
    return Tables(
        race_attribute_cost=tuple(raw["race_attribute_cost"]),
        weapon_cost=tuple(tuple(row) for row in raw["weapon_cost"]),
        area_cost=dict(raw["area_cost"]),
        minimum_character_cost=raw["minimum_character_cost"],
        cover_defence_bonus=raw["cover_defence_bonus"],
    )


@functools.cache
def load_tables() -> Tables:
    """The rulebook's tables, parsed and validated once."""
    return _validated(data.read("tables.yaml"))
