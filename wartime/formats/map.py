"""Map files (``wartime_map: 1``): load with located errors, dump, round-trip.

The format is documented in ``docs/map-format.md``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import yaml

from wartime import resources
from wartime.board.battlefield import (
    DEFAULT_SCALE_MM,
    DEFAULT_WALL_THICKNESS,
    LEVELS,
    SIDES,
    Battlefield,
    Darkness,
    Deployment,
    GameRules,
    Light,
    Obstacle,
    Posture,
    Terrain,
    TerrainKind,
    Throwable,
    ThrowSize,
    Unit,
    Wall,
)
from wartime.board.shapes import Point
from wartime.board.validation import battlefield_problems
from wartime.errors import DataError, Problem, ReasonError, Severity
from wartime.formats.army import load_army
from wartime.formats.document import Document, read_document, system_why
from wartime.formats.files import write_atomic
from wartime.formats.schema import Checker, describe
from wartime.i18n import Message, Reason, say, say_n
from wartime.rules.archetypes import Army
from wartime.rules.text import closest

VERSION = 1
MAX_VERTICES = 100_000  # a hostile file must not hang the program
MAX_POINTS = 10_000  # of one wall or one polygon: a curve traced every 0.1 K across 1000 K
MAX_UNITS = 1_000  # overlap checks grow with the square of the count
MAX_TABLE_K = 1_000.0
_T = TypeVar("_T")

_TOP = ("wartime_map", "name", "size", "scale_mm", "walls", "obstacles", "terrain",
        "deployment", "units", "armies", "scenario", "throwables", "darkness",
        "lights")  # fmt: skip
NOISE_RULES = ("subtract_def", "halve")
_UNIT = ("id", "side", "position", "facing", "base", "height", "level", "posture", "vol",
         "character")  # fmt: skip
_PACKAGED_NAME = re.compile(r"[\w-]+")  # no folder, no extension: `legion`


# Phrases the map's reasons share with the editor's (board.edits).
A_WALL = say("phrase.map.a_wall")
A_POLYGON = say("phrase.map.a_polygon")
ABOVE_0 = say("phrase.map.above_0")
ZERO_OR_MORE = say("phrase.map.zero_or_more")
TERRAIN_KIND = say("phrase.map.terrain_kind")
SIDE = say("phrase.map.side")
POSTURE = say("phrase.map.posture")
NOISE_RULE = say("phrase.map.noise_rule")
SIZE = say("phrase.map.size")


def too_many_points(what: Message, count: int, limit: int = MAX_POINTS) -> Message:
    """Why ``what`` (:data:`A_WALL`, :data:`A_POLYGON`) of ``count`` points is refused."""
    return say("problem.map.too_many_points", what=what, limit=limit, count=count)


def too_many_vertices(limit: int = MAX_VERTICES) -> Message:
    return say("problem.map.too_many_vertices", n=limit)


def too_many_units(limit: int = MAX_UNITS) -> Message:
    return say("problem.map.too_many_units", n=limit)


@dataclass(frozen=True)
class LoadedMap:
    battlefield: Battlefield
    warnings: tuple[Problem, ...]


@dataclass(frozen=True)
class SalvagedMap:
    """A map file read as far as it goes, for the editor (issue 16): every element the
    model can hold, and every problem of the file with its place.  ``left_out`` counts
    the elements that could not be represented (a wall with no height, a point that is
    not a number...): saving this map over the file would lose them."""

    battlefield: Battlefield
    problems: tuple[Problem, ...]
    left_out: int


def is_packaged_name(entry: str) -> bool:
    """Whether an `armies:` entry names a packaged army (`legion`) rather than a file."""
    return _PACKAGED_NAME.fullmatch(entry) is not None


def army_file(map_file: str | Path, entry: str) -> Path:
    """The army file an `armies:` entry names; :class:`ReasonError` (a ValueError) says
    why there is none.

    A bare name (no folder, no extension) is one of the sample armies installed
    with the program; anything else is a path relative to the map's folder,
    which may not leave it.
    """
    if is_packaged_name(entry):
        packaged = resources.packaged_armies()
        if entry in packaged:
            return packaged[entry]
        hint = closest(entry, packaged)
        names: Reason = ", ".join(packaged) or say("phrase.map.none")
        file = f"{entry}.yaml"
        raise ReasonError(
            say("problem.map.no_packaged_hint", name=entry, hint=hint, names=names, file=file)
            if hint
            else say("problem.map.no_packaged", name=entry, names=names, file=file)
        )
    if "\0" in entry:  # the operating system would refuse it with a bare ValueError
        raise ReasonError(say("problem.map.nul_army", path=repr(entry)))
    try:
        folder = Path(map_file).resolve().parent
        target = (folder / entry).resolve()
        if Path(entry).is_absolute() or not target.is_relative_to(folder):
            raise ReasonError(say("problem.map.leaves_folder", path=entry))
        found = target.is_file()
    except RuntimeError:  # pathlib's "Symlink loop" (Python 3.11 and 3.12)
        raise ReasonError(say("problem.map.army_loop", path=entry)) from None
    except OSError as exc:  # a name too long, a loop (3.13), a folder that cannot be read
        why = system_why(exc)
        raise ReasonError(say("problem.map.army_unopenable", path=entry, why=why)) from None
    if not found:
        raise ReasonError(say("problem.map.no_army_file", path=entry))
    return target


def linked_army_files(doc: Document) -> dict[str, Path]:
    """The files that a map document's `armies:` entries name, for those that resolve.

    Only a lookup: loading the map (``parse_map``) reports the entries that do not.
    """
    raw = doc.data.get("armies") if isinstance(doc.data, dict) else None
    out = {}
    for entry in raw if isinstance(raw, list) else []:
        if isinstance(entry, str):
            try:
                out[entry] = army_file(doc.file, entry)
            except ReasonError:
                continue
    return out


def undefined_characters(doc: Document, units: Sequence[Unit]) -> list[Problem]:
    """One warning naming the units whose `character` no army defines (none when empty):
    such figures play bare, without weapons, and must not do so in silence."""
    if not units:
        return []
    named = ", ".join(f"{u.id} ({u.character})" for u in units)
    packaged: Reason = ", ".join(resources.packaged_armies()) or say("phrase.map.none_installed")
    message = say_n("problem.map.undefined_characters", len(units), named=named, packaged=packaged)
    return [doc.problem("units", message, Severity.WARNING)]


class _MapReader(Checker):
    def __init__(self, doc: Document, linked: Mapping[str, Army] | None = None) -> None:
        super().__init__(doc)
        self.linked = linked or {}  # armies already read, by entry: no file is opened
        self.vertices = 0
        self.seen: dict[str, str] = {}  # one id namespace for every feature and unit
        self.characters: set[str] = set()  # of the linked armies
        self.salvage = False  # read on past errors, keeping what can be represented
        self.left_out = 0

    def point(self, raw: Any, path: str) -> Point | None:
        if not (isinstance(raw, list) and len(raw) == 2):
            self.error(path, say("problem.map.not_point", got=describe(raw)))
            return None
        x, y = (self.number(v, f"{path}[{i}]") for i, v in enumerate(raw))
        if x is None or y is None:
            return None
        if not (math.isfinite(x) and math.isfinite(y)):
            self.error(path, say("problem.map.not_finite"))
            return None
        return (x, y)

    def points(self, raw: Any, path: str, minimum: int) -> tuple[Point, ...] | None:
        items = self.sequence(raw, path)
        if items is None:
            return None
        if len(items) > MAX_POINTS:
            what = A_WALL if path.endswith(".points") else A_POLYGON
            self.error(path, too_many_points(what, len(items)))
            return None
        self.vertices += len(items)
        if self.vertices > MAX_VERTICES:
            self.error(path, too_many_vertices())
            return None
        if len(items) < minimum:
            self.error(path, say("problem.map.too_few_points", n=minimum, count=len(items)))
            return None
        pts = [self.point(p, f"{path}[{i}]") for i, p in enumerate(items)]
        return None if None in pts else tuple(p for p in pts if p is not None)

    def measure(self, raw: Any, path: str, *, positive: bool = False) -> float | None:
        """A finite length in K: zero or more, or above zero when ``positive``."""
        value = self.number(raw, path)
        if value is None:
            return None
        if not math.isfinite(value) or value < 0 or (positive and value == 0):
            bound = ABOVE_0 if positive else ZERO_OR_MORE
            self.error(path, say("problem.map.not_allowed", value=value, bound=bound))
            return None
        return value

    def defense(self, raw: Any, path: str) -> int | None:
        value = self.integer(raw, path)
        if value is not None and not 0 <= value <= 10:
            self.error(path, say("problem.map.def_range", value=value))
            return None
        return value

    def choice(self, raw: Any, path: str, allowed: tuple[str, ...], what: Message) -> str | None:
        if raw not in allowed:
            named = ", ".join(allowed)
            self.error(
                path, say("problem.map.unknown_choice", what=what, value=repr(raw), allowed=named)
            )
            return None
        return str(raw)

    def ident(self, fields: dict[str, Any], path: str, seen: dict[str, str]) -> str | None:
        if "id" not in fields:
            return None
        ident = self.text(fields["id"], f"{path}.id")
        if ident is not None and ident in seen:
            self.error(f"{path}.id", say("problem.map.duplicated_id", id=ident, path=seen[ident]))
            if self.salvage:  # the editor names elements by id: a second one is renumbered
                n = 2
                while f"{ident}-{n}" in seen:
                    n += 1
                ident = f"{ident}-{n}"
                seen[ident] = path
        elif ident is not None:
            seen[ident] = path
        return ident

    def each(
        self, raw: Any, key: str, read: Callable[[dict[str, Any], str], _T | None]
    ) -> list[_T]:
        out = []
        for i, item in enumerate(self.sequence(raw, key) or []):
            path = f"{key}[{i}]"
            if not isinstance(item, dict):
                self.error(path, say("problem.schema.not_mapping", got=describe(item)))
                self.left_out += 1
                continue
            value = read(item, path)
            if value is not None:
                out.append(value)
            else:
                self.left_out += 1
        return out

    def wall(self, f: dict[str, Any], path: str) -> Wall | None:
        self.mapping(
            f, path, ("id", "points", "height", "def", "thickness"), ("points", "height", "def")
        )
        ident = self.ident(f, path, self.seen)
        points = self.points(f.get("points"), f"{path}.points", 2)
        height = self.measure(f.get("height"), f"{path}.height") if "height" in f else None
        defense = self.defense(f.get("def"), f"{path}.def") if "def" in f else None
        raw_thickness = f.get("thickness", DEFAULT_WALL_THICKNESS)
        thickness = self.measure(raw_thickness, f"{path}.thickness", positive=True)
        if points is None or height is None or defense is None or thickness is None:
            return None
        return Wall(points, height, defense, thickness, ident)

    def obstacle(self, f: dict[str, Any], path: str) -> Obstacle | None:
        self.mapping(f, path, ("id", "polygon", "height", "def"), ("polygon", "height", "def"))
        ident = self.ident(f, path, self.seen)
        polygon = self.points(f.get("polygon"), f"{path}.polygon", 3)
        height = self.measure(f.get("height"), f"{path}.height") if "height" in f else None
        defense = self.defense(f.get("def"), f"{path}.def") if "def" in f else None
        if polygon is None or height is None or defense is None:
            return None
        return Obstacle(polygon, height, defense, ident)

    def terrain(self, f: dict[str, Any], path: str) -> Terrain | None:
        self.mapping(f, path, ("id", "polygon", "kind"), ("polygon", "kind"))
        ident = self.ident(f, path, self.seen)
        polygon = self.points(f.get("polygon"), f"{path}.polygon", 3)
        kinds = tuple(k.value for k in TerrainKind)
        kind = (
            self.choice(f.get("kind"), f"{path}.kind", kinds, TERRAIN_KIND) if "kind" in f else None
        )
        if polygon is None or kind is None:
            return None
        return Terrain(polygon, TerrainKind(kind), ident)

    def dark(self, f: dict[str, Any], path: str) -> Darkness | None:
        """A dark area (``darkness:``): an id and a polygon."""
        self.mapping(f, path, ("id", "polygon"), ("polygon",))
        ident = self.ident(f, path, self.seen)
        polygon = self.points(f.get("polygon"), f"{path}.polygon", 3)
        return None if polygon is None else Darkness(polygon, ident)

    def light(self, f: dict[str, Any], path: str) -> Light | None:
        """A light source (``lights:``): an id, a point and a radius in K above 0."""
        self.mapping(f, path, ("id", "position", "radius"), ("position", "radius"))
        ident = self.ident(f, path, self.seen)
        position = self.point(f.get("position"), f"{path}.position") if "position" in f else None
        radius = None
        if "radius" in f:
            radius = self.measure(f.get("radius"), f"{path}.radius", positive=True)
        if position is None or radius is None:
            return None
        return Light(position, radius, ident)

    def zone(self, f: dict[str, Any], path: str) -> Deployment | None:
        self.mapping(f, path, ("side", "polygon"), ("side", "polygon"))
        side = self.choice(f.get("side"), f"{path}.side", SIDES, SIDE) if "side" in f else None
        polygon = self.points(f.get("polygon"), f"{path}.polygon", 3)
        if side is None or polygon is None:
            return None
        return Deployment(side, polygon)

    def unit(self, f: dict[str, Any], path: str) -> Unit | None:
        self.mapping(f, path, _UNIT, ("id", "side", "position"))
        ident = self.ident(f, path, self.seen)
        side = self.choice(f.get("side"), f"{path}.side", SIDES, SIDE) if "side" in f else None
        position = self.point(f.get("position"), f"{path}.position") if "position" in f else None
        facing = self.number(f.get("facing", 90.0), f"{path}.facing")
        base = self.measure(f.get("base", 1.0), f"{path}.base", positive=True)
        height = self.measure(f.get("height", 1.0), f"{path}.height", positive=True)
        level = self.integer(f.get("level", 1), f"{path}.level")
        if level is not None and level not in LEVELS:
            allowed = ", ".join(map(str, LEVELS))
            self.error(f"{path}.level", say("problem.map.level", value=level, allowed=allowed))
            level = None
        postures = tuple(p.value for p in Posture)
        posture = self.choice(f.get("posture", "standing"), f"{path}.posture", postures, POSTURE)
        vol = self.integer(f.get("vol", 4), f"{path}.vol")
        if vol is not None and not 1 <= vol <= 10:
            self.error(f"{path}.vol", say("problem.map.vol_range", value=vol))
            vol = None
        character = f.get("character")
        if character is not None:
            character = self.text(character, f"{path}.character")
        needed = (ident, side, position, facing, base, height, level, posture, vol)
        if any(v is None for v in needed):
            return None
        return Unit(
            id=str(ident),
            side=str(side),
            position=position or (0.0, 0.0),
            facing=float(facing or 0.0) % 360,
            base=float(base or 1.0),
            height=float(height or 1.0),
            level=int(level or 1),
            posture=Posture(posture or Posture.STANDING),
            vol=int(vol or 4),
            character=character,
        )

    def throwable(self, f: dict[str, Any], path: str) -> Throwable | None:
        """An object Súper fuerza may throw: its id (what a throw names), centre and size."""
        self.mapping(f, path, ("id", "position", "size"), ("id", "position", "size"))
        ident = self.ident(f, path, self.seen)
        position = self.point(f.get("position"), f"{path}.position") if "position" in f else None
        sizes = tuple(s.value for s in ThrowSize)
        size = self.choice(f.get("size"), f"{path}.size", sizes, SIZE) if "size" in f else None
        if ident is None or position is None or size is None:
            return None
        return Throwable(ident, position, ThrowSize(size))

    def rules(self, raw: Any) -> GameRules:
        """The optional `scenario:` block; anything missing keeps its default."""
        if raw is None:
            return GameRules()
        fields = self.mapping(raw, "scenario", ("turn_limit", "noise_wall_rule", "line_width"))
        if fields is None:
            return GameRules()
        default = GameRules()
        limit = self.integer(fields.get("turn_limit", default.turn_limit), "scenario.turn_limit")
        if limit is not None and limit < 1:
            self.error("scenario.turn_limit", say("problem.map.turn_limit", value=limit))
        rule = fields.get("noise_wall_rule", default.noise_wall_rule)
        rule = self.choice(rule, "scenario.noise_wall_rule", NOISE_RULES, NOISE_RULE)
        width = self.measure(
            fields.get("line_width", default.line_width), "scenario.line_width", positive=True
        )
        return GameRules(
            turn_limit=limit if limit and limit >= 1 else default.turn_limit,
            noise_wall_rule=rule or default.noise_wall_rule,
            line_width=width or default.line_width,
        )

    def capped(self, raw: Any, key: str, limit: int) -> Any:
        if isinstance(raw, list) and len(raw) > limit:
            many = say("problem.map.too_many_units", n=limit)
            if key != "units":
                many = say("problem.map.too_many_throwables", n=limit)
            self.error(key, many)
            self.left_out += len(raw) - limit
            return raw[:limit]
        return raw

    def size(self, raw: Any) -> tuple[float, float] | None:
        point = self.point(raw, "size")
        if point is None:
            return None
        if not all(0 < v <= MAX_TABLE_K for v in point):
            self.error("size", say("problem.map.size", top=MAX_TABLE_K))
            return None
        return point

    def armies(self, raw: Any) -> tuple[str, ...]:
        """Packaged armies by name, or army files relative to the map's folder and never
        outside it (see ``army_file``)."""
        out = []
        for i, item in enumerate(self.sequence(raw, "armies") or []):
            path = f"armies[{i}]"
            entry = self.text(item, path)
            if entry is None:
                continue
            if entry in self.linked:  # embedded in a save
                out.append(entry)
                self.characters |= {c.id for c in self.linked[entry].characters}
                continue
            try:
                target = army_file(self.doc.file, entry)
            except ReasonError as exc:
                self.error(path, exc.reason)
                continue
            out.append(entry)
            self.characters |= self.army_characters(target, path)
        return tuple(out)

    def army_characters(self, target: Path, path: str) -> set[str]:
        """The character ids of a linked army; its own problems are summarised here."""
        try:
            army = load_army(target).army
        except DataError as exc:
            first, more = exc.problems[0].said(), len(exc.problems) - 1
            self.error(
                path,
                say("problem.map.army_invalid_more", first=first, more=more)
                if more
                else say("problem.map.army_invalid", first=first),
            )
            return set()
        return {c.id for c in army.characters}

    def linked_characters(self, units: list[Unit]) -> None:
        """With armies linked, every unit's character must be one of theirs."""
        for i, unit in enumerate(units):
            if unit.character is not None and unit.character not in self.characters:
                hint = closest(unit.character, self.characters)
                name = unit.character
                self.error(
                    f"units[{i}].character",
                    say("problem.map.no_character_hint", name=name, hint=hint)
                    if hint
                    else say("problem.map.no_character", name=name),
                )

    def battlefield(self) -> Battlefield:
        data = self.doc.data
        if not self.version(data, "wartime_map", VERSION, "map"):
            self.raise_errors()
        self.mapping(data, "", _TOP, ("size",))
        name = data.get("name", "")
        if name != "" and self.text(name, "name") is None:
            name = ""
        size = self.size(data["size"]) if "size" in data else None
        scale = self.measure(data.get("scale_mm", DEFAULT_SCALE_MM), "scale_mm", positive=True)
        units = self.each(self.capped(data.get("units"), "units", MAX_UNITS), "units", self.unit)
        armies = self.armies(data.get("armies"))
        if armies:
            self.linked_characters(units)
        elif not data.get("armies"):  # (a broken entry is reported as such)
            self.problems += undefined_characters(self.doc, [u for u in units if u.character])
        field = Battlefield(
            name=name or Path(self.doc.file).stem,
            size=size or self.fallback_size(data),
            scale_mm=scale or DEFAULT_SCALE_MM,
            walls=tuple(self.each(data.get("walls"), "walls", self.wall)),
            obstacles=tuple(self.each(data.get("obstacles"), "obstacles", self.obstacle)),
            terrain=tuple(self.each(data.get("terrain"), "terrain", self.terrain)),
            deployment=tuple(self.each(data.get("deployment"), "deployment", self.zone)),
            units=tuple(units),
            armies=armies,
            darkness=tuple(self.each(data.get("darkness"), "darkness", self.dark)),
            lights=tuple(self.each(data.get("lights"), "lights", self.light)),
            rules=self.rules(data.get("scenario")),
            throwables=tuple(
                self.each(
                    self.capped(data.get("throwables"), "throwables", MAX_UNITS),
                    "throwables",
                    self.throwable,
                )
            ),
        )
        if self.salvage:  # the editor shows the geometric problems live
            return field
        self.raise_errors()
        for path, message in battlefield_problems(field):
            self.error(path, message)
        self.raise_errors()
        return field

    def fallback_size(self, data: dict[str, Any]) -> tuple[float, float]:
        """A table for a map whose size is missing or wrong: 1 × 1 K when loading (the
        load fails anyway); in the editor, one that holds every point of the file."""
        if not self.salvage:
            return (1.0, 1.0)
        xs, ys = [48.0], [36.0]  # the editor's empty table, at least

        def walk(raw: Any) -> None:
            if isinstance(raw, list) and len(raw) == 2 and all(_finite(v) for v in raw):
                xs.append(float(raw[0]))
                ys.append(float(raw[1]))
            elif isinstance(raw, list | dict):
                for value in raw.values() if isinstance(raw, dict) else raw:
                    walk(value)

        for key in (
            "walls", "obstacles", "terrain", "deployment", "units", "throwables", "darkness",
            "lights",
        ):  # fmt: skip
            walk(data.get(key))
        return (min(math.ceil(max(xs)), MAX_TABLE_K), min(math.ceil(max(ys)), MAX_TABLE_K))


def read_map(doc: Document, linked: Mapping[str, Army] | None = None) -> LoadedMap:
    """Validate a parsed map document, keeping its warnings; raises DataError listing
    every problem.  ``linked`` gives armies already read, by their `armies:` entry."""
    reader = _MapReader(doc, linked)
    field = reader.battlefield()
    warnings = tuple(p for p in reader.problems if p.severity is Severity.WARNING)
    return LoadedMap(field, warnings)


def salvage_map(path: str | Path) -> SalvagedMap:
    """Read a map file for the editor: the elements that can be represented, and every
    problem found; raises DataError only when the file is not a map at all (unreadable,
    not YAML, no ``wartime_map: 1``)."""
    reader = _MapReader(read_document(path))
    reader.salvage = True
    field = reader.battlefield()
    return SalvagedMap(field, tuple(reader.problems), reader.left_out)


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def parse_map(doc: Document, linked: Mapping[str, Army] | None = None) -> Battlefield:
    """Validate a parsed map document; raises DataError listing every problem."""
    return read_map(doc, linked).battlefield


def load_map(path: str | Path) -> Battlefield:
    return parse_map(read_document(path))


def _points(points: tuple[Point, ...]) -> list[list[float]]:
    return [[_num(x), _num(y)] for x, y in points]


def _num(value: float) -> float | int:
    """Whole numbers print without ".0", so saved maps stay readable."""
    return int(value) if float(value).is_integer() else value


def map_to_data(field: Battlefield) -> dict[str, Any]:
    """The YAML-ready form of a battlefield; defaults are left out."""
    data: dict[str, Any] = {
        "wartime_map": VERSION,
        "name": field.name,
        "size": list(map(_num, field.size)),
    }
    if field.scale_mm != DEFAULT_SCALE_MM:
        data["scale_mm"] = _num(field.scale_mm)
    data["walls"] = [_wall(w) for w in field.walls]
    data["obstacles"] = [
        _with_id(o.id, {"polygon": _points(o.polygon), "height": _num(o.height), "def": o.defense})
        for o in field.obstacles
    ]
    data["terrain"] = [
        _with_id(t.id, {"polygon": _points(t.polygon), "kind": t.kind.value}) for t in field.terrain
    ]
    data["deployment"] = [{"side": d.side, "polygon": _points(d.polygon)} for d in field.deployment]
    data["units"] = [_unit(u) for u in field.units]
    if field.throwables:  # (left out when there are none: older maps dump as they did)
        data["throwables"] = [
            {"id": t.id, "position": _points((t.position,))[0], "size": t.size.value}
            for t in field.throwables
        ]
    if field.armies:
        data["armies"] = list(field.armies)
    data.update(_lighting(field))
    if field.rules != GameRules():
        data["scenario"] = {
            "turn_limit": field.rules.turn_limit,
            "noise_wall_rule": field.rules.noise_wall_rule,
            "line_width": _num(field.rules.line_width),
        }
    return data


def _lighting(field: Battlefield) -> dict[str, Any]:
    """The dark areas and lights, only when the map has some (an older map dumps as before)."""
    out: dict[str, Any] = {}
    if field.darkness:
        out["darkness"] = [_with_id(d.id, {"polygon": _points(d.polygon)}) for d in field.darkness]
    if field.lights:
        out["lights"] = [
            _with_id(g.id, {"position": _points((g.position,))[0], "radius": _num(g.radius)})
            for g in field.lights
        ]
    return out


def _with_id(ident: str | None, body: dict[str, Any]) -> dict[str, Any]:
    return {"id": ident, **body} if ident is not None else body


def _wall(w: Wall) -> dict[str, Any]:
    body = {"points": _points(w.points), "height": _num(w.height), "def": w.defense}
    if w.thickness != DEFAULT_WALL_THICKNESS:
        body["thickness"] = _num(w.thickness)
    return _with_id(w.id, body)


def _unit(u: Unit) -> dict[str, Any]:
    defaults = Unit(u.id, u.side, u.position)
    body: dict[str, Any] = {"id": u.id, "side": u.side, "position": _points((u.position,))[0]}
    for key in ("facing", "base", "height", "level", "vol", "character"):
        value = getattr(u, key)
        if value != getattr(defaults, key):
            body[key] = _num(value) if isinstance(value, float) else value
    if u.posture is not Posture.STANDING:
        body["posture"] = u.posture.value
    return body


def dump_map(field: Battlefield) -> str:
    return yaml.safe_dump(
        map_to_data(field), allow_unicode=True, sort_keys=False, default_flow_style=None, width=100
    )


def save_map(field: Battlefield, path: str | Path) -> None:
    """Write atomically: a crash never leaves a half-written map."""
    write_atomic(Path(path), dump_map(field))
