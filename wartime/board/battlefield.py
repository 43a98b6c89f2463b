"""The battlefield as immutable values (map format: docs/map-format.md).

Coordinates are in K, x to the right and y up the table; angles are degrees
counter-clockwise from +x (DESIGN.md §4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from wartime.board.shapes import Point, Solid, obstacle_solid, wall_solids

SIDES = ("A", "B")
LEVELS = (-1, 1, 2, 3, 4)  # ALTURAS DE MOVIMIENTO
DEFAULT_SCALE_MM = 28
DEFAULT_WALL_THICKNESS = 0.2


class TerrainKind(StrEnum):
    DIFFICULT = "difficult"
    EXTREME = "extreme"
    WATER = "water"
    CREVICE = "crevice"  # recovecos: difficult ground, easy for a Serpiente


class ThrowSize(StrEnum):
    """How big a throwable object is (Súper fuerza): it sets the lift's CH CON difficulty."""

    CAR = "car"  # coche
    LORRY = "lorry"  # camión
    LARGER = "larger"  # más grande

    @property
    def footprint(self) -> tuple[float, float]:
        """Width and depth in K of the object's outline on the table (drawn; measured from)."""
        return {"car": (2.0, 1.0), "lorry": (3.0, 1.25), "larger": (4.0, 2.0)}[self.value]


class Posture(StrEnum):
    STANDING = "standing"
    CROUCHED = "crouched"  # agachado: half height
    PRONE = "prone"  # cuerpo a tierra: a quarter of the height

    @property
    def height_factor(self) -> float:
        return {"standing": 1.0, "crouched": 0.5, "prone": 0.25}[self.value]


@dataclass(frozen=True)
class Wall:
    points: tuple[Point, ...]
    height: float
    defense: int
    thickness: float = DEFAULT_WALL_THICKNESS
    id: str | None = None


@dataclass(frozen=True)
class Obstacle:
    polygon: tuple[Point, ...]
    height: float
    defense: int
    id: str | None = None


@dataclass(frozen=True)
class Terrain:
    polygon: tuple[Point, ...]
    kind: TerrainKind
    id: str | None = None


@dataclass(frozen=True)
class Darkness:
    """A dark area: a figure wholly inside it, and lit by no light, cannot be seen
    (engine/core/sight.py says who sees it anyway: Luz, Radar)."""

    polygon: tuple[Point, ...]
    id: str | None = None


@dataclass(frozen=True)
class Light:
    """A light source: it lights every base within ``radius`` K of ``position``."""

    position: Point
    radius: float
    id: str | None = None


@dataclass(frozen=True)
class Deployment:
    side: str
    polygon: tuple[Point, ...]


@dataclass(frozen=True)
class Throwable:
    """An object lying on the table that a figure with Súper fuerza may throw.

    A marker: it blocks neither movement nor sight (docs/rules-interpretations.md).
    """

    id: str
    position: Point  # the centre of its outline
    size: ThrowSize = ThrowSize.CAR

    def outline(self, at: Point | None = None) -> tuple[Point, ...]:
        """Its axis-aligned rectangle, centred on ``at`` (default: where the map puts it)."""
        x, y = self.position if at is None else at
        w, d = self.size.footprint
        return ((x - w / 2, y - d / 2), (x + w / 2, y - d / 2), (x + w / 2, y + d / 2),
                (x - w / 2, y + d / 2))  # fmt: skip


@dataclass(frozen=True)
class Unit:
    id: str
    side: str
    position: Point
    facing: float = 90.0
    base: float = 1.0  # diameter in K
    height: float = 1.0  # standing figure height in K
    level: int = 1
    posture: Posture = Posture.STANDING
    vol: int = 4
    character: str | None = None

    @property
    def radius(self) -> float:
        return self.base / 2

    @property
    def current_height(self) -> float:
        """Height used for both the eye and the silhouette (DESIGN §5)."""
        return self.height * self.posture.height_factor


@dataclass(frozen=True)
class GameRules:
    """A map's optional `scenario:` block: how long the game lasts and the ruleset switches."""

    turn_limit: int = 6
    noise_wall_rule: str = "subtract_def"  # or "halve" (the rulebook states both)
    line_width: float = 1.0  # K, the width of L templates


@dataclass(frozen=True)
class Battlefield:
    name: str
    size: tuple[float, float]
    scale_mm: float = DEFAULT_SCALE_MM
    walls: tuple[Wall, ...] = ()
    obstacles: tuple[Obstacle, ...] = ()
    terrain: tuple[Terrain, ...] = ()
    deployment: tuple[Deployment, ...] = ()
    units: tuple[Unit, ...] = ()
    armies: tuple[str, ...] = ()
    darkness: tuple[Darkness, ...] = ()  # dark areas and lights (issue 15)
    lights: tuple[Light, ...] = ()
    rules: GameRules = GameRules()
    throwables: tuple[Throwable, ...] = ()  # Súper fuerza's objects (cars, lorries...)
    _units: dict[str, Unit] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_units", {u.id: u for u in self.units})

    @property
    def cm_per_k(self) -> float:
        """1 K = (figure scale in mm ÷ 10) cm (DESIGN §4)."""
        return self.scale_mm / 10

    def unit(self, unit_id: str) -> Unit:
        try:
            return self._units[unit_id]
        except KeyError:
            raise KeyError(f"no unit with id '{unit_id}' on {self.name}") from None

    def solids(self) -> list[Solid]:
        """Every wall piece and obstacle, as prisms for sight, noise and movement."""
        out: list[Solid] = []
        for index, wall in enumerate(self.walls):
            ident = wall.id or f"walls[{index}]"
            out += wall_solids(ident, wall.points, wall.thickness, wall.height, wall.defense)
        out += [
            obstacle_solid(o.id or f"obstacles[{i}]", o.polygon, o.height, o.defense)
            for i, o in enumerate(self.obstacles)
        ]
        return out
