"""Army files (``wartime_army: 1``): archetypes, characters and lists.

The format is documented in ``docs/army-format.md``.  Loading reports every
problem in one :class:`DataError`; a file that loads is safe to cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartime.errors import Problem, Severity
from wartime.formats.document import Document, read_document
from wartime.formats.schema import Checker, describe
from wartime.rules.archetypes import (
    Archetype,
    Army,
    ArmyList,
    BonusRef,
    Character,
    Kind,
    attribute_ranges,
    cross_attribute_problems,
)
from wartime.rules.catalog import Catalog, load_catalog
from wartime.rules.legality import army_findings
from wartime.rules.linked import AVATAR, PET, PET_ENTRIES
from wartime.rules.linked import REMOTE_CONTROL as REMOTE
from wartime.rules.tables import Tables, load_tables, normalize_shape
from wartime.rules.text import closest

VERSION = 1
_TOP_KEYS = ("wartime_army", "name", "archetypes", "characters", "lists")
_ALIASES = {"DAN": "DAÑ"}  # for keyboards without Ñ
_SLOTS = {  # character key -> the archetype kind it holds
    "race": Kind.RACE,
    "weapons": Kind.WEAPON,
    "protections": Kind.PROTECTION,
    "metaabilities": Kind.METAABILITY,
    "objects": Kind.OBJECT,
    "transport": Kind.TRANSPORT,
}
_MAX_HEIGHT = 100.0  # human heights; far above any figure, catches unit mix-ups


@dataclass(frozen=True)
class LoadedArmy:
    army: Army
    warnings: tuple[Problem, ...]


class _ArmyReader(Checker):
    def __init__(self, doc: Document, catalog: Catalog, tables: Tables) -> None:
        super().__init__(doc)
        self.catalog = catalog
        self.tables = tables
        self.kinds: dict[str, Kind | None] = {}  # archetype id -> kind (None if broken)

    def unique_id(self, item: dict[str, Any], path: str, seen: dict[str, str]) -> str | None:
        if "id" not in item:
            return None
        ident = self.text(item["id"], f"{path}.id")
        if ident is None:
            return None
        if ident in seen:
            self.error(f"{path}.id", f"duplicated id '{ident}' (first used at {seen[ident]})")
            return None
        seen[ident] = path
        return ident

    # -- archetypes ------------------------------------------------------
    def archetypes(self, raw: Any) -> list[Archetype]:
        out: list[Archetype] = []
        seen: dict[str, str] = {}
        for i, item in enumerate(self.sequence(raw, "archetypes") or []):
            archetype = self.archetype(item, f"archetypes[{i}]", seen)
            if archetype is not None:
                out.append(archetype)
        return out

    def archetype(self, raw: Any, path: str, seen: dict[str, str]) -> Archetype | None:
        if not isinstance(raw, dict):
            self.error(path, f"expected a mapping, got {describe(raw)}")
            return None
        ident = self.unique_id(raw, path, seen)
        if "kind" not in raw:
            self.error(path, "missing 'kind'")
            kind = None
        else:
            kind = self.kind(raw["kind"], f"{path}.kind")
        if ident is not None:
            self.kinds[ident] = kind  # None: exists but broken, so references stay quiet
        if kind is None:  # without a kind, its attributes cannot be judged
            return None
        ranges = attribute_ranges()[kind]
        extra = {Kind.RACE: ("height",), Kind.WEAPON: ("material",)}.get(kind, ())
        self.mapping(raw, path, ("id", "kind", *ranges, *_ALIASES, "bonus", *extra), ("id",))
        attributes = self.attributes(raw, path, kind)
        if attributes is not None:
            probe = Archetype(ident or "?", kind, attributes)
            for attribute, message in cross_attribute_problems(probe, self.tables):
                key = next(
                    (k for k, n in _ALIASES.items() if n == attribute and k in raw), attribute
                )
                self.error(f"{path}.{key}", message)
        bonuses = self.bonuses(raw.get("bonus"), f"{path}.bonus")
        height = self.height(raw.get("height", 1.0), f"{path}.height")
        material = self.material(raw.get("material"), f"{path}.material")
        if ident is None or attributes is None or bonuses is None or height is None:
            return None
        return Archetype(ident, kind, attributes, tuple(bonuses), height, material)

    def kind(self, raw: Any, path: str) -> Kind | None:
        try:
            return Kind(raw)
        except ValueError:
            allowed = ", ".join(k.value for k in Kind)
            hint = closest(str(raw), (k.value for k in Kind))
            tip = f" (did you mean '{hint}'?)" if hint else ""
            self.error(path, f"kind {raw!r} is not one of {allowed}{tip}")
            return None

    def attributes(self, raw: dict[str, Any], path: str, kind: Kind) -> dict[str, int] | None:
        values: dict[str, int] = {}
        ok = True
        for name, allowed in attribute_ranges()[kind].items():
            keys = [k for k in (name, *(a for a, n in _ALIASES.items() if n == name)) if k in raw]
            if not keys:
                needed = ", ".join(attribute_ranges()[kind])
                self.error(path, f"missing {name} (a {kind.value} needs {needed})")
                ok = False
                continue
            if len(keys) > 1:
                self.error(f"{path}.{keys[1]}", f"{keys[1]} repeats {name}: give it once")
            value = self.integer(raw[keys[0]], f"{path}.{keys[0]}")
            if value is None:
                ok = False
            elif value not in allowed:
                self.error(
                    f"{path}.{keys[0]}", f"{name} {value} is out of range: allowed {allowed}"
                )
                ok = False
            else:
                values[name] = value
        return values if ok else None

    def material(self, raw: Any, path: str) -> str | None:
        """A weapon's material: a word or two (fuego, plata), or absent."""
        value = None if raw is None else self.text(raw, path)
        return None if value is None else value.strip()

    def height(self, raw: Any, path: str) -> float | None:
        value = self.number(raw, path)
        if value is not None and not 0 < value <= _MAX_HEIGHT:
            self.error(
                path, f"height {raw} must be above 0 and at most {_MAX_HEIGHT:g} human heights"
            )
            return None
        return value

    # -- bonus/malus -------------------------------------------------------
    def bonuses(self, raw: Any, path: str) -> list[BonusRef] | None:
        items = self.sequence(raw, path)
        if items is None:
            return None
        refs = [self.bonus(item, f"{path}[{i}]") for i, item in enumerate(items)]
        return None if None in refs else [r for r in refs if r is not None]

    def bonus(self, raw: Any, path: str) -> BonusRef | None:
        if isinstance(raw, str):
            raw = {"name": raw}
        fields = self.mapping(raw, path, ("name", "level", "param"), ("name",))
        if fields is None or "name" not in fields:
            return None
        name = self.text(fields["name"], f"{path}.name")
        if name is None:
            return None
        entry = self.catalog.find(name)
        if entry is None:
            hint = self.catalog.suggest(name)
            tip = f" (did you mean '{hint}'?)" if hint else " (see `wartime catalog --search`)"
            self.error(path, f"unknown bonus '{name}'{tip}")
            return None
        level = self.level(fields, path, entry.name, entry.per_level, entry.max_level)
        param = self.param(fields, path, entry.name, entry.param)
        if level is None or param is None:
            return None
        return BonusRef(entry.name, level, param or None)

    def level(
        self, fields: dict[str, Any], path: str, name: str, per_level: bool, top: int
    ) -> int | None:
        if "level" not in fields:
            return 1
        level = self.integer(fields["level"], f"{path}.level")
        if level is None:
            return None
        if not per_level and level != 1:
            self.error(f"{path}.level", f"'{name}' has no levels: remove 'level'")
            return None
        if not 1 <= level <= top:
            self.error(f"{path}.level", f"level {level} of '{name}' is outside 1 to {top}")
            return None
        return level

    def param(self, fields: dict[str, Any], path: str, name: str, takes: bool) -> str | None:
        """The parameter as text, "" when absent, None when wrong."""
        raw = fields.get("param")
        if raw is None:
            if name == "Área":
                self.error(path, "'Área' needs a shape in 'param', e.g. {name: Área, param: R3}")
                return None
            return ""
        if not takes:
            self.error(f"{path}.param", f"'{name}' takes no parameter")
            return None
        if type(raw) not in (str, int, float) or isinstance(raw, bool):
            self.error(f"{path}.param", f"expected text or a number, got {describe(raw)}")
            return None
        if name != "Área":
            return str(raw)
        shape = normalize_shape(str(raw))
        if self.tables.area_points(shape) is None:
            self.error(
                f"{path}.param",
                f"unknown area '{raw}' (allowed: R1–R10, L1–L10, L12, L15, L20, S1–S10, G3/2–G7/4)",
            )
            return None
        return shape

    # -- characters and lists ------------------------------------------------
    def characters(self, raw: Any) -> list[Character]:
        out: list[Character] = []
        seen: dict[str, str] = {}
        keys = ("id", "name", *_SLOTS, "controller", "pet", "summoners")
        for i, item in enumerate(self.sequence(raw, "characters") or []):
            path = f"characters[{i}]"
            fields = self.mapping(item, path, keys, ("id", "race"))
            if fields is None:
                continue
            ident = self.unique_id(fields, path, seen)
            name = fields.get("name", "")
            if name != "" and self.text(name, f"{path}.name") is None:
                name = ""
            slots = {  # a missing race is already reported as a missing key
                key: self.slot(fields.get(key), f"{path}.{key}", kind)
                if key in fields or kind is not Kind.RACE
                else None
                for key, kind in _SLOTS.items()
            }
            if ident is None or any(v is None for v in slots.values()):
                continue
            controller = None
            if "controller" in fields:
                controller = self.text(fields["controller"], f"{path}.controller")
            pet = self.bonuses(fields["pet"], f"{path}.pet") if "pet" in fields else []
            if pet is not None and len(pet) > PET_ENTRIES:
                many = f"a pet has at most {PET_ENTRIES} entries, not {len(pet)}"
                self.error(f"{path}.pet", many)
            called = self.sequence(fields.get("summoners", []), f"{path}.summoners") or []
            summoners = [self.text(r, f"{path}.summoners[{j}]") for j, r in enumerate(called)]
            race, transport = slots["race"], slots["transport"]
            out.append(
                Character(
                    ident,
                    race=race[0] if race else "",
                    name=name,
                    weapons=tuple(slots["weapons"] or ()),
                    protections=tuple(slots["protections"] or ()),
                    metaabilities=tuple(slots["metaabilities"] or ()),
                    objects=tuple(slots["objects"] or ()),
                    transport=transport[0] if transport else None,
                    controller=controller,
                    pet=tuple(pet or ()),
                    summoners=tuple(s for s in summoners if s is not None),
                )
            )
        return out

    def controllers(self, characters: list[Character], archetypes: list[Archetype]) -> None:
        """Control remoto: a controller is another character of the army, and only a
        character that carries the entry has one; Mascota mágica: likewise its pet."""
        by_id = {a.id: a for a in archetypes}
        ids = [c.id for c in characters]
        for i, character in enumerate(characters):
            path = f"characters[{i}].controller"
            carried = {
                b.name for aid in character.archetype_ids() if aid in by_id
                for b in by_id[aid].bonuses
            }  # fmt: skip
            if character.pet and PET not in carried:
                self.error(f"characters[{i}].pet", f"only a character with {PET} has a pet")
            self.summoned(i, character, AVATAR in carried, ids)
            if character.controller is None:
                if REMOTE in carried:
                    self.warning(
                        f"characters[{i}]",
                        f"{character.id} carries {REMOTE} but names no controller: "
                        "it acts on its own, as any character",
                    )
                continue
            if REMOTE not in carried:
                self.error(path, f"only a character with {REMOTE} has a controller")
            elif character.controller == character.id:
                self.error(path, f"{character.id} cannot be its own controller")
            elif character.controller not in ids:
                hint = closest(character.controller, ids)
                tip = f" (did you mean '{hint}'?)" if hint else ""
                self.error(path, f"no character with id '{character.controller}'{tip}")

    def summoned(self, i: int, character: Character, avatar: bool, ids: list[str]) -> None:
        """Avatar: its summoners are other characters of the army; only an avatar has them."""
        path = f"characters[{i}].summoners"
        if character.summoners and not avatar:
            self.error(path, f"only a character with {AVATAR} is summoned")
        elif avatar and not character.summoners:
            self.warning(
                f"characters[{i}]",
                f"{character.id} carries {AVATAR} but names no summoners: "
                "it never comes into the game",
            )
        for j, summoner in enumerate(character.summoners):
            if summoner == character.id:
                self.error(f"{path}[{j}]", f"{character.id} cannot summon itself")
            elif summoner not in ids:
                hint = closest(summoner, ids)
                tip = f" (did you mean '{hint}'?)" if hint else ""
                self.error(f"{path}[{j}]", f"no character with id '{summoner}'{tip}")

    def fielded(self, lists: list[ArmyList], characters: list[Character]) -> None:
        """A list that recruits a remote unit recruits its controller too, and one that
        recruits an avatar recruits one of its summoners."""
        operated = {c.id: c.controller for c in characters if c.controller}
        summoned = {c.id: c.summoners for c in characters if c.summoners}
        for i, roster in enumerate(lists):
            for j, member in enumerate(roster.characters):
                callers = summoned.get(member, ())
                if callers and not set(callers) & set(roster.characters):
                    self.error(
                        f"lists[{i}].characters[{j}]",
                        f"{member} ({AVATAR}) is summoned by {', '.join(callers)}, "
                        f"none of whom is in list '{roster.id}'",
                    )
                controller = operated.get(member)
                if controller is not None and controller not in roster.characters:
                    self.error(
                        f"lists[{i}].characters[{j}]",
                        f"{member} is operated by {controller} ({REMOTE}), "
                        f"who is not in list '{roster.id}'",
                    )

    def slot(self, raw: Any, path: str, kind: Kind) -> list[str] | None:
        """Archetype references of one kind; race and transport hold a single id."""
        if kind is Kind.RACE and raw is None:
            self.error(path, "a character needs a race: give a race archetype's id")
            return None
        if kind in (Kind.RACE, Kind.TRANSPORT):
            refs = [] if raw is None else [(raw, path)]
        else:
            items = self.sequence(raw, path)
            if items is None:
                return None
            refs = [(item, f"{path}[{j}]") for j, item in enumerate(items)]
        ids = [self.reference(ref, where, kind) for ref, where in refs]
        return None if None in ids else [i for i in ids if i is not None]

    def reference(self, raw: Any, path: str, kind: Kind) -> str | None:
        ident = self.text(raw, path)
        if ident is None:
            return None
        if ident not in self.kinds:
            hint = closest(ident, self.kinds)
            tip = f" (did you mean '{hint}'?)" if hint else ""
            self.error(path, f"no archetype with id '{ident}'{tip}")
            return None
        found = self.kinds[ident]
        if found is None:  # that archetype's own problem is already reported
            return None
        if found is not kind:
            self.error(path, f"'{ident}' is a {found.value}, not a {kind.value}")
            return None
        return ident

    def lists(self, raw: Any, characters: set[str]) -> list[ArmyList]:
        out: list[ArmyList] = []
        seen: dict[str, str] = {}
        for i, item in enumerate(self.sequence(raw, "lists") or []):
            path = f"lists[{i}]"
            fields = self.mapping(item, path, ("id", "limit", "characters"), ("id", "limit"))
            if fields is None:
                continue
            ident = self.unique_id(fields, path, seen)
            limit = (
                self.integer(fields.get("limit"), f"{path}.limit") if "limit" in fields else None
            )
            if limit is not None and limit < 0:
                self.error(f"{path}.limit", f"limit {limit} must be 0 or more points")
                limit = None
            members = []
            for j, ref in enumerate(
                self.sequence(fields.get("characters"), f"{path}.characters") or []
            ):
                cid = self.text(ref, f"{path}.characters[{j}]")
                if cid is not None and cid not in characters:
                    hint = closest(cid, characters)
                    tip = f" (did you mean '{hint}'?)" if hint else ""
                    self.error(f"{path}.characters[{j}]", f"no character with id '{cid}'{tip}")
                elif cid is not None:
                    members.append(cid)
            if ident is not None and limit is not None:
                out.append(ArmyList(ident, limit, tuple(members)))
        return out

    def army(self) -> Army:
        data = self.doc.data
        if not self.version(data, "wartime_army", VERSION, "army"):
            self.raise_errors()
        self.mapping(data, "", _TOP_KEYS)
        name = data.get("name", "")
        if name != "" and self.text(name, "name") is None:
            name = ""
        archetypes = self.archetypes(data.get("archetypes"))
        raw_characters = data.get("characters")
        characters = self.characters(raw_characters)
        known = {
            c["id"]
            for c in (raw_characters if isinstance(raw_characters, list) else [])
            if isinstance(c, dict) and isinstance(c.get("id"), str)
        }
        lists = self.lists(data.get("lists"), known)
        self.controllers(characters, archetypes)
        self.fielded(lists, characters)
        self.raise_errors()
        return Army(
            name or Path(self.doc.file).stem, tuple(archetypes), tuple(characters), tuple(lists)
        )


def parse_army(
    doc: Document, catalog: Catalog | None = None, tables: Tables | None = None
) -> LoadedArmy:
    """Validate a parsed army document; raises DataError listing every problem."""
    reader = _ArmyReader(doc, catalog or load_catalog(), tables or load_tables())
    army = reader.army()
    warnings = [p for p in reader.problems if p.severity is Severity.WARNING]
    warnings += [
        doc.problem(f.path, f.message, Severity.WARNING) for f in army_findings(army, catalog)
    ]
    return LoadedArmy(army, tuple(warnings))


def load_army(path: str | Path) -> LoadedArmy:
    """Read, parse and validate an army file."""
    return parse_army(read_document(path))
