"""Army files (``wartime_army: 1``): archetypes, characters and lists.

The format is documented in ``docs/army-format.md``.  Loading reports every
problem in one :class:`DataError`; a file that loads is safe to cost.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wartime.errors import Problem, Severity
from wartime.formats.document import Document, read_document
from wartime.formats.schema import Checker, describe
from wartime.i18n import Message, say
from wartime.rules.archetypes import (
    KINDS,
    Archetype,
    Army,
    ArmyList,
    BonusRef,
    Character,
    Kind,
    Range,
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
_AREAS = "R1–R10, L1–L10, L12, L15, L20, S1–S10, G3/2–G7/4"  # Área's shapes


def out_of_range(name: str, value: int, allowed: Range) -> Message:
    """Why an attribute's value is refused: ``CON 11 is out of range: allowed 1 to 10``."""
    if allowed.high is None:
        return say("problem.army.range_open", name=name, value=value, low=allowed.low)
    return say("problem.army.range", name=name, value=value, low=allowed.low, high=allowed.high)


def no_character(ident: str, ids: Collection[str]) -> Message:
    """No character ``ident`` in the army, with the closest id when one is close."""
    hint = closest(ident, ids)
    if hint:
        return say("problem.army.no_character_hint", id=ident, hint=hint)
    return say("problem.army.no_character", id=ident)


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
            self.error(f"{path}.id", say("problem.map.duplicated_id", id=ident, path=seen[ident]))
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
            self.error(path, say("problem.schema.not_mapping", got=describe(raw)))
            return None
        ident = self.unique_id(raw, path, seen)
        if "kind" not in raw:
            self.error(path, say("problem.schema.missing", key="kind"))
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
            self.error(
                path,
                say("problem.army.kind_hint", kind=repr(raw), allowed=allowed, hint=hint)
                if hint
                else say("problem.army.kind", kind=repr(raw), allowed=allowed),
            )
            return None

    def attributes(self, raw: dict[str, Any], path: str, kind: Kind) -> dict[str, int] | None:
        values: dict[str, int] = {}
        ok = True
        for name, allowed in attribute_ranges()[kind].items():
            keys = [k for k in (name, *(a for a, n in _ALIASES.items() if n == name)) if k in raw]
            if not keys:
                needed = ", ".join(attribute_ranges()[kind])
                missing = say("problem.army.missing", name=name, kind=KINDS[kind], needed=needed)
                self.error(path, missing)
                ok = False
                continue
            if len(keys) > 1:
                self.error(f"{path}.{keys[1]}", say("problem.army.repeats", key=keys[1], name=name))
            value = self.integer(raw[keys[0]], f"{path}.{keys[0]}")
            if value is None:
                ok = False
            elif value not in allowed:
                self.error(f"{path}.{keys[0]}", out_of_range(name, value, allowed))
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
            self.error(path, say("problem.army.height", value=str(raw), most=_MAX_HEIGHT))
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
            self.error(
                path,
                say("problem.army.unknown_bonus_hint", name=name, hint=hint)
                if hint
                else say("problem.army.unknown_bonus", name=name),
            )
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
            self.error(f"{path}.level", say("problem.army.no_levels", name=name))
            return None
        if not 1 <= level <= top:
            self.error(f"{path}.level", say("problem.army.level", level=level, name=name, top=top))
            return None
        return level

    def param(self, fields: dict[str, Any], path: str, name: str, takes: bool) -> str | None:
        """The parameter as text, "" when absent, None when wrong."""
        raw = fields.get("param")
        if raw is None:
            if name == "Área":
                example = "{name: Área, param: R3}"  # YAML, whose braces no template may hold
                self.error(path, say("problem.army.area_shape", example=example))
                return None
            return ""
        if not takes:
            self.error(f"{path}.param", say("problem.army.no_param", name=name))
            return None
        if type(raw) not in (str, int, float) or isinstance(raw, bool):
            self.error(f"{path}.param", say("problem.army.not_param", got=describe(raw)))
            return None
        if name != "Área":
            return str(raw)
        shape = normalize_shape(str(raw))
        if self.tables.area_points(shape) is None:
            self.error(
                f"{path}.param", say("problem.army.unknown_area", area=str(raw), allowed=_AREAS)
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
                many = say("problem.army.pet_entries", most=PET_ENTRIES, count=len(pet))
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
                self.error(f"characters[{i}].pet", say("problem.army.pet_only", entry=PET))
            self.summoned(i, character, AVATAR in carried, ids)
            if character.controller is None:
                if REMOTE in carried:
                    self.warning(
                        f"characters[{i}]",
                        say("problem.army.no_controller", id=character.id, entry=REMOTE),
                    )
                continue
            if REMOTE not in carried:
                self.error(path, say("problem.army.controller_only", entry=REMOTE))
            elif character.controller == character.id:
                self.error(path, say("problem.army.own_controller", id=character.id))
            elif character.controller not in ids:
                self.error(path, no_character(character.controller, ids))

    def summoned(self, i: int, character: Character, avatar: bool, ids: list[str]) -> None:
        """Avatar: its summoners are other characters of the army; only an avatar has them."""
        path = f"characters[{i}].summoners"
        if character.summoners and not avatar:
            self.error(path, say("problem.army.summoned_only", entry=AVATAR))
        elif avatar and not character.summoners:
            self.warning(
                f"characters[{i}]",
                say("problem.army.no_summoners", id=character.id, entry=AVATAR),
            )
        for j, summoner in enumerate(character.summoners):
            if summoner == character.id:
                self.error(f"{path}[{j}]", say("problem.army.summons_itself", id=character.id))
            elif summoner not in ids:
                self.error(f"{path}[{j}]", no_character(summoner, ids))

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
                        say(
                            "problem.army.summoners_missing",
                            member=member,
                            entry=AVATAR,
                            callers=", ".join(callers),
                            list=roster.id,
                        ),
                    )
                controller = operated.get(member)
                if controller is not None and controller not in roster.characters:
                    self.error(
                        f"lists[{i}].characters[{j}]",
                        say(
                            "problem.army.controller_missing",
                            member=member,
                            controller=controller,
                            entry=REMOTE,
                            list=roster.id,
                        ),
                    )

    def slot(self, raw: Any, path: str, kind: Kind) -> list[str] | None:
        """Archetype references of one kind; race and transport hold a single id."""
        if kind is Kind.RACE and raw is None:
            self.error(path, say("problem.army.no_race"))
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
            self.error(
                path,
                say("problem.army.no_archetype_hint", id=ident, hint=hint)
                if hint
                else say("problem.army.no_archetype", id=ident),
            )
            return None
        found = self.kinds[ident]
        if found is None:  # that archetype's own problem is already reported
            return None
        if found is not kind:
            self.error(
                path, say("problem.army.wrong_kind", id=ident, found=KINDS[found], kind=KINDS[kind])
            )
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
                self.error(f"{path}.limit", say("problem.army.limit", limit=limit))
                limit = None
            members = []
            for j, ref in enumerate(
                self.sequence(fields.get("characters"), f"{path}.characters") or []
            ):
                cid = self.text(ref, f"{path}.characters[{j}]")
                if cid is not None and cid not in characters:
                    self.error(f"{path}.characters[{j}]", no_character(cid, characters))
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
