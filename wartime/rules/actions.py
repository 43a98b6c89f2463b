"""The action list (section ACCIONES), read from ``data/actions.yaml``.

Costs, checks and modifiers are data so that the engine's handlers (named by
each action's ``hook``) never hard-code a number of the book.  The file is
validated strictly: a typo in a requirement id or a modifier term would
otherwise silently switch a rule off.  Names match ignoring case and accents.
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, TypeVar

from wartime import data
from wartime.errors import DataError, Problem
from wartime.rules.text import fold

_SOURCE = "wartime/data/actions.yaml"
_SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
_DISTANCE = re.compile(r"^(MOV(\+\d+)?( \(min \d+\))?|\d+|table|fall)$")
_RANGE = re.compile(r"^(ALC(\+50%)?|MOV\+CON|INT(/VOL)?|\d+)$")
_SUMMARY_MAX = 140
_TOP_KEYS = frozenset({"requirements", "modifier_fields", "modifier_terms", "actions"})
_E = TypeVar("_E", bound=StrEnum)


class Group(StrEnum):
    MOVEMENT = "movement"
    COMBAT = "combat"
    GENERIC = "generic"


class Difficulty(StrEnum):
    SIMPLE = "simple"  # no check
    COMPLEX = "complex"  # a check
    DIFFICULT = "difficult"  # the book's mark D: CH -1
    OPPOSED = "opposed"  # the book's mark ENF: CH ENF


class Attribute(StrEnum):
    """What an action's check rolls against (PSI is a CH PSI, rolled on VOL)."""

    CON = "CON"
    AGI = "AGI"
    INT = "INT"
    VOL = "VOL"
    PSI = "PSI"


class EneSource(StrEnum):
    """Where the X of an "(X)" cost comes from."""

    WEAPON_ENE = "weapon_ene"
    WEAPON_DAN = "weapon_dan"
    ITEM_ENE = "item_ene"
    CARRIED_LOAD = "carried_load"
    RUN_PLUS_ONE = "run_plus_one"  # Embestir: Correr's ENE + 1


@dataclass(frozen=True)
class RoleCost:
    """Pivotar (3/1): the cost depends on who pivots."""

    transport: int
    reacting: int


Ene = int | EneSource | RoleCost


@dataclass(frozen=True)
class Requirement:
    """One requirement of an action; ``value`` only for parametrised ids (min_mov)."""

    id: str
    value: int | None = None


@dataclass(frozen=True)
class RequirementDef:
    """A requirement id declared at the top of the file."""

    id: str
    meaning: str
    param: bool  # used as {id: N}


@dataclass(frozen=True)
class Modifier:
    """A change to a roll or a number; exactly one of check, stat, effect is set."""

    check: str | None = None
    stat: str | None = None
    effect: str | None = None
    value: int | None = None
    per: str | None = None
    max: int | None = None
    who: str = "self"
    when: str | None = None
    until: str | None = None


@dataclass(frozen=True)
class AgiBand:
    agi_max: int | None  # None: any higher AGI
    factor: float


@dataclass(frozen=True)
class JumpTable:
    scale: str  # "MOV" or "height"
    bands: tuple[AgiBand, ...]

    def factor(self, agi: int) -> float:
        """The multiplier of ``scale`` for a model with this AGI."""
        return next(b.factor for b in self.bands if b.agi_max is None or agi <= b.agi_max)


@dataclass(frozen=True)
class FallBand:
    height_max: int | None  # in heights of the model; None: any higher fall
    dan: int


@dataclass(frozen=True)
class LoadBand:
    carriers: str  # "one" or "several" (then CON is their sum)
    load_max: str | None  # "CON/2", "CON"; None: any heavier load
    terrain: str | None  # "difficult", "extreme"; None: it cannot be carried


@dataclass(frozen=True)
class MaterialDamage:
    material: str
    dan: int


@dataclass(frozen=True)
class ConditionalCheck:
    check: Attribute
    difficulty: Difficulty
    when: str


@dataclass(frozen=True)
class Action:
    id: str
    name: str  # spelled as in the rulebook
    group: Group
    ene: Ene
    ene_min: int  # what the book prints; the engine enforces "minimum ENE 1"
    check: tuple[Attribute, ...]  # empty: no check; several: alternatives
    difficulty: Difficulty
    difficulty_modifier: str | None
    requires: tuple[Requirement, ...]
    distance: str | None
    modifiers: tuple[Modifier, ...]
    hook: str
    summary: str
    range: str | None = None
    variant: str | None = None
    table: JumpTable | None = None
    fall_damage: tuple[FallBand, ...] = ()
    load_bands: tuple[LoadBand, ...] = ()
    material_dan: tuple[MaterialDamage, ...] = ()
    conditional_checks: tuple[ConditionalCheck, ...] = ()


@dataclass(frozen=True)
class ActionBook:
    actions: tuple[Action, ...]
    requirements: Mapping[str, RequirementDef]
    modifier_terms: Mapping[str, Mapping[str, str]]  # modifier field -> term -> meaning
    _by_key: Mapping[str, Action] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = {fold(a.name): a for a in self.actions}
        keys.update({a.id: a for a in self.actions})
        object.__setattr__(self, "_by_key", keys)

    def find(self, name_or_id: str) -> Action | None:
        """The action called ``name_or_id`` (name or id), ignoring case and accents."""
        exact = self._by_key.get(name_or_id)  # an id or folded name: every key folds to itself
        return exact if exact is not None else self._by_key.get(fold(name_or_id))

    def by_group(self, group: Group | str) -> tuple[Action, ...]:
        """The actions of ``group``, in the book's order."""
        wanted = Group(group)
        return tuple(a for a in self.actions if a.group is wanted)


# --- validation -------------------------------------------------------------


class _InvalidError(Exception):
    """A malformed value; ``where`` extends the field's path (e.g. "[2].when")."""

    def __init__(self, message: str, where: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where


@dataclass(frozen=True)
class _Vocab:
    requirements: Mapping[str, RequirementDef]
    terms: Mapping[str, Mapping[str, str]]

    def term(self, kind: str, value: Any, where: str = "") -> str:
        if not isinstance(value, str) or value not in self.terms[kind]:
            raise _InvalidError(f"unknown {kind} term {value!r}", where)
        return value


_MODIFIER_FIELDS = frozenset(f.name for f in dataclasses.fields(Modifier))
_TERM_FIELDS = _MODIFIER_FIELDS - {"value", "max"}
_MODIFIER_KINDS = ("check", "stat", "effect")


def _is_int(value: Any) -> bool:
    return type(value) is int  # bool is an int subclass, and YAML's yes/no must not pass


def _enum(kind: type[_E], value: Any) -> _E:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise _InvalidError(f"{value!r} is not one of {allowed}") from None


def _text(value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _InvalidError("expected a non-empty string")
    return value


def _snake(value: Any) -> str:
    if not isinstance(value, str) or not _SNAKE.match(value):
        raise _InvalidError(f"{value!r} is not a snake_case ASCII id")
    return value


def _matching(pattern: re.Pattern[str], value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not pattern.match(value):
        raise _InvalidError(f"{value!r} does not match {pattern.pattern}")
    return value


def _row(raw: Any, keys: tuple[str, ...], where: str) -> dict[str, Any]:
    """A mapping with exactly ``keys`` (a band of a table, a material…)."""
    if not isinstance(raw, dict) or set(raw) != set(keys):
        raise _InvalidError(f"expected a mapping with keys {', '.join(keys)}", where)
    return raw


def _rows(raw: Any, keys: tuple[str, ...], where: str = "") -> list[dict[str, Any]]:
    if not isinstance(raw, list) or not raw:
        raise _InvalidError("expected a non-empty list", where)
    return [_row(item, keys, f"{where}[{i}]") for i, item in enumerate(raw)]


def _caps(values: list[Any]) -> None:
    """Band limits: integers strictly ascending, then null for "anything above"."""
    *limits, last = values
    ascending = all(_is_int(v) for v in limits) and limits == sorted(set(limits))
    if last is not None or not ascending:
        raise _InvalidError("band limits must ascend and end with null")


# --- one field each ---------------------------------------------------------


def _ene(value: Any, _: _Vocab) -> Ene:
    if _is_int(value) and value >= 0:
        return int(value)
    if isinstance(value, dict):
        row = _row(value, ("transport", "reacting"), "")
        if not all(_is_int(v) and v >= 1 for v in row.values()):
            raise _InvalidError("transport and reacting costs must be positive integers")
        return RoleCost(**row)
    if isinstance(value, str) and value in set(EneSource):
        return EneSource(value)
    sources = ", ".join(EneSource)
    raise _InvalidError(f"{value!r}: expected an integer ≥ 0, {sources} or {{transport, reacting}}")


def _ene_min(value: Any, _: _Vocab) -> int:
    if not _is_int(value) or value not in (0, 1):
        raise _InvalidError("expected 0 or 1")
    return int(value)


def _check(value: Any, _: _Vocab) -> tuple[Attribute, ...]:
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    checks = tuple(_enum(Attribute, v) for v in items)
    if not checks or len(set(checks)) != len(checks):
        raise _InvalidError("expected distinct attributes")
    return checks


def _requirement(raw: Any, vocab: _Vocab, where: str) -> Requirement:
    key, value = (raw, None) if isinstance(raw, str) else _single(raw, where)
    known = vocab.requirements.get(key)
    if known is None:
        raise _InvalidError(f"unknown requirement {key!r}", where)
    if not (_is_int(value) if known.param else value is None):
        wanted = "an integer value" if known.param else "no value"
        raise _InvalidError(f"requirement {key!r} takes {wanted}", where)
    return Requirement(key, value)


def _single(raw: Any, where: str) -> tuple[str, Any]:
    if not isinstance(raw, dict) or len(raw) != 1:
        raise _InvalidError("expected an id or a one-key mapping {id: value}", where)
    ((key, value),) = raw.items()
    return str(key), value


def _requires(value: Any, vocab: _Vocab) -> tuple[Requirement, ...]:
    if not isinstance(value, list):
        raise _InvalidError("expected a list")
    return tuple(_requirement(r, vocab, f"[{i}]") for i, r in enumerate(value))


def _modifier(raw: Any, vocab: _Vocab, where: str) -> Modifier:
    if not isinstance(raw, dict) or not set(raw) <= _MODIFIER_FIELDS:
        raise _InvalidError(f"expected a mapping with keys among {sorted(_MODIFIER_FIELDS)}", where)
    if sum(k in raw for k in _MODIFIER_KINDS) != 1:
        raise _InvalidError("needs exactly one of check, stat, effect", where)
    for key in _TERM_FIELDS & raw.keys():
        vocab.term(key, raw[key], f"{where}.{key}")
    numeric = "effect" not in raw
    if numeric != ("value" in raw) or (numeric and not _is_int(raw["value"])):
        raise _InvalidError("check and stat take an integer value; an effect takes none", where)
    if "max" in raw and ("per" not in raw or not _is_int(raw["max"]) or raw["max"] < 1):
        raise _InvalidError("max is a positive integer capping a per modifier", where)
    return Modifier(**raw)


def _modifiers(value: Any, vocab: _Vocab) -> tuple[Modifier, ...]:
    if not isinstance(value, list):
        raise _InvalidError("expected a list")
    return tuple(_modifier(m, vocab, f"[{i}]") for i, m in enumerate(value))


def _summary(value: Any, _: _Vocab) -> str:
    text = _text(value)
    if "\n" in text or len(text) > _SUMMARY_MAX:
        raise _InvalidError(f"a summary is one line of at most {_SUMMARY_MAX} characters")
    return text


def _factor(value: Any) -> float:
    if not (_is_int(value) or isinstance(value, float)) or value <= 0:
        raise _InvalidError(f"factor {value!r} is not a positive number")
    return float(value)


def _table(value: Any, _: _Vocab) -> JumpTable:
    raw = _row(value, ("scale", "bands"), "")
    if raw["scale"] not in ("MOV", "height"):
        raise _InvalidError("scale is MOV or height", ".scale")
    rows = _rows(raw["bands"], ("agi_max", "factor"), ".bands")
    _caps([r["agi_max"] for r in rows])
    return JumpTable(raw["scale"], tuple(AgiBand(r["agi_max"], _factor(r["factor"])) for r in rows))


def _fall_damage(value: Any, _: _Vocab) -> tuple[FallBand, ...]:
    rows = _rows(value, ("height_max", "dan"))
    _caps([r["height_max"] for r in rows])
    if not all(_is_int(r["dan"]) and r["dan"] >= 0 for r in rows):
        raise _InvalidError("dan must be a non-negative integer")
    return tuple(FallBand(**r) for r in rows)


def _load_bands(value: Any, _: _Vocab) -> tuple[LoadBand, ...]:
    rows = _rows(value, ("carriers", "load_max", "terrain"))
    valid = all(
        r["carriers"] in ("one", "several")
        and r["load_max"] in ("CON/2", "CON", None)
        and r["terrain"] in ("difficult", "extreme", None)
        for r in rows
    )
    if not valid:
        allowed = "carriers one|several, load_max CON/2|CON|null, terrain difficult|extreme|null"
        raise _InvalidError(allowed)
    return tuple(LoadBand(**r) for r in rows)


def _material_dan(value: Any, _: _Vocab) -> tuple[MaterialDamage, ...]:
    rows = _rows(value, ("material", "dan"))
    if not all(isinstance(r["material"], str) and _is_int(r["dan"]) for r in rows):
        raise _InvalidError("material is a string and dan an integer")
    return tuple(MaterialDamage(**r) for r in rows)


def _conditional_check(raw: Any, vocab: _Vocab, where: str) -> ConditionalCheck:
    row = _row(raw, ("check", "difficulty", "when"), where)
    try:
        check, difficulty = _enum(Attribute, row["check"]), _enum(Difficulty, row["difficulty"])
    except _InvalidError as exc:
        raise _InvalidError(exc.message, where) from None
    if difficulty is Difficulty.SIMPLE:
        raise _InvalidError("a conditional check cannot be simple", where)
    return ConditionalCheck(check, difficulty, vocab.term("when", row["when"], f"{where}.when"))


def _conditional_checks(value: Any, vocab: _Vocab) -> tuple[ConditionalCheck, ...]:
    if not isinstance(value, list) or not value:
        raise _InvalidError("expected a non-empty list")
    return tuple(_conditional_check(c, vocab, f"[{i}]") for i, c in enumerate(value))


def _plain(parse: Callable[[Any], Any]) -> Callable[[Any, _Vocab], Any]:
    """A parser that needs no vocabulary."""
    return lambda value, _: parse(value)


_REQUIRED: dict[str, Callable[[Any, _Vocab], Any]] = {
    "id": _plain(_snake),
    "name": _plain(_text),
    "group": _plain(lambda v: _enum(Group, v)),
    "ene": _ene,
    "ene_min": _ene_min,
    "check": _check,
    "difficulty": _plain(lambda v: _enum(Difficulty, v)),
    "difficulty_modifier": _plain(lambda v: None if v is None else _text(v)),
    "requires": _requires,
    "distance": _plain(lambda v: _matching(_DISTANCE, v)),
    "modifiers": _modifiers,
    "hook": _plain(_snake),
    "summary": _summary,
}
_OPTIONAL: dict[str, Callable[[Any, _Vocab], Any]] = {
    "range": _plain(lambda v: _matching(_RANGE, v)),
    "variant": _plain(_snake),
    "table": _table,
    "fall_damage": _fall_damage,
    "load_bands": _load_bands,
    "material_dan": _material_dan,
    "conditional_checks": _conditional_checks,
}
_PARSERS = {**_REQUIRED, **_OPTIONAL}


# --- one action -------------------------------------------------------------


def _fields(
    raw: dict[str, Any], path: str, vocab: _Vocab, problems: list[Problem]
) -> dict[str, Any]:
    for key in sorted(set(raw) - set(_PARSERS), key=str):
        problems.append(Problem(_SOURCE, f"{path}.{key}", "unknown field"))
    for key in _REQUIRED.keys() - raw.keys():
        problems.append(Problem(_SOURCE, f"{path}.{key}", "missing field"))
    fields: dict[str, Any] = {}
    for key in _PARSERS.keys() & raw.keys():
        try:
            fields[key] = _PARSERS[key](raw[key], vocab)
        except _InvalidError as exc:
            problems.append(Problem(_SOURCE, f"{path}.{key}{exc.where}", exc.message))
    return fields


def _inconsistencies(f: dict[str, Any]) -> list[tuple[str, str]]:
    """(field, message) for fields that contradict each other."""
    found = []
    if (f["difficulty"] is Difficulty.SIMPLE) != (f["check"] == ()):
        found.append(("difficulty", "simple exactly when there is no check"))
    if f["difficulty_modifier"] is not None and f["difficulty"] is not Difficulty.DIFFICULT:
        found.append(("difficulty_modifier", "only a difficult action has one"))
    if "conditional_checks" in f and f["difficulty"] is not Difficulty.SIMPLE:
        found.append(("conditional_checks", "only a simple action checks conditionally"))
    if isinstance(f["ene"], int) and f["ene"] < f["ene_min"]:
        found.append(("ene", "lower than ene_min"))
    pairs = (
        ("table", f["distance"] == "table"),
        ("fall_damage", f["distance"] == "fall"),
        ("load_bands", f["ene"] is EneSource.CARRIED_LOAD),
    )
    for key, needed in pairs:
        if needed != (key in f):
            found.append((key, "present exactly when distance or ene refers to it"))
    return found


def _action(raw: Any, path: str, vocab: _Vocab, problems: list[Problem]) -> Action | None:
    if not isinstance(raw, dict):
        problems.append(Problem(_SOURCE, path, "expected a mapping"))
        return None
    before = len(problems)
    fields = _fields(raw, path, vocab, problems)
    if len(problems) > before:
        return None
    for key, message in _inconsistencies(fields):
        problems.append(Problem(_SOURCE, f"{path}.{key}", message))
    return Action(**fields) if len(problems) == before else None


# --- the whole file ---------------------------------------------------------


def _requirement_defs(raw: Any, problems: list[Problem]) -> dict[str, RequirementDef]:
    if not isinstance(raw, dict):
        problems.append(Problem(_SOURCE, "requirements", "expected a mapping id -> meaning"))
        return {}
    defs = {}
    for key, spec in raw.items():
        meaning, param = (spec, None) if isinstance(spec, str) else _param_spec(spec)
        if not _SNAKE.match(str(key)) or not meaning or param not in (None, "int"):
            problems.append(Problem(_SOURCE, f"requirements.{key}", "malformed requirement"))
            continue
        defs[key] = RequirementDef(key, meaning, param is not None)
    return defs


def _param_spec(spec: Any) -> tuple[str | None, Any]:
    if not isinstance(spec, dict) or set(spec) != {"param", "meaning"}:
        return None, None
    return (spec["meaning"] if isinstance(spec["meaning"], str) else None), spec["param"]


def _terms(raw: Any, documented: Any, problems: list[Problem]) -> dict[str, dict[str, str]]:
    """The vocabulary of modifier fields; the file must document every field we read."""
    if not isinstance(documented, dict) or set(documented) != _MODIFIER_FIELDS:
        fields = ", ".join(sorted(_MODIFIER_FIELDS))
        problems.append(Problem(_SOURCE, "modifier_fields", f"must document exactly {fields}"))
    if not isinstance(raw, dict) or set(raw) != _TERM_FIELDS:
        fields = ", ".join(sorted(_TERM_FIELDS))
        problems.append(Problem(_SOURCE, "modifier_terms", f"must list terms for {fields}"))
        return {}
    terms: dict[str, dict[str, str]] = {}
    for kind, entries in raw.items():
        if not isinstance(entries, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in entries.items()
        ):
            problems.append(Problem(_SOURCE, f"modifier_terms.{kind}", "expected term -> meaning"))
            continue
        terms[kind] = entries
    return terms


def _used_terms(actions: list[Action]) -> set[tuple[str, str]]:
    used = {("when", c.when) for a in actions for c in a.conditional_checks}
    for modifier in (m for a in actions for m in a.modifiers):
        for kind in _TERM_FIELDS:
            value = getattr(modifier, kind)
            if value is not None:
                used.add((kind, value))
    return used


def _unused(actions: list[Action], vocab: _Vocab) -> list[Problem]:
    """Declared but unused vocabulary is usually a misspelling on one side."""
    problems = []
    used_requirements = {r.id for a in actions for r in a.requires}
    for key in vocab.requirements.keys() - used_requirements:
        problems.append(Problem(_SOURCE, f"requirements.{key}", "declared but never used"))
    used_terms = _used_terms(actions)
    for kind, entries in vocab.terms.items():
        for term in entries.keys() - {t for k, t in used_terms if k == kind}:
            problems.append(Problem(_SOURCE, f"modifier_terms.{kind}.{term}", "never used"))
    return problems


def _clashes(actions: list[Action]) -> list[Problem]:
    """Ids and names must each find one action; shared hooks need distinct variants."""
    problems = []
    owner: dict[str, int] = {}  # by position: two actions may share a misspelt id
    for index, action in enumerate(actions):
        for key in {action.id, fold(action.name)}:
            if owner.setdefault(key, index) != index:
                problems.append(Problem(_SOURCE, "actions", f"{key!r} names two actions"))
    hooks: dict[str, list[Action]] = {}
    for action in actions:
        hooks.setdefault(action.hook, []).append(action)
    for hook, sharing in hooks.items():
        variants = [a.variant for a in sharing]
        if len(sharing) > 1 and (None in variants or len(set(variants)) != len(variants)):
            problems.append(Problem(_SOURCE, "actions", f"hook {hook!r}: variants must differ"))
    return problems


def _vocab(raw: dict[str, Any]) -> _Vocab:
    problems: list[Problem] = []
    unknown = set(raw) - _TOP_KEYS
    if unknown:
        problems.append(Problem(_SOURCE, "", f"unknown top-level keys {sorted(unknown)}"))
    requirements = _requirement_defs(raw.get("requirements"), problems)
    terms = _terms(raw.get("modifier_terms"), raw.get("modifier_fields"), problems)
    if problems:  # actions checked against a broken vocabulary would only add noise
        raise DataError(problems)
    return _Vocab(requirements, terms)


def _validated(raw: Any) -> ActionBook:
    if not isinstance(raw, dict) or not isinstance(raw.get("actions"), list):
        raise DataError([Problem(_SOURCE, "", "expected a mapping with a list 'actions'")])
    vocab = _vocab(raw)
    problems: list[Problem] = []
    parsed = [_action(a, f"actions[{i}]", vocab, problems) for i, a in enumerate(raw["actions"])]
    actions = [a for a in parsed if a is not None]
    if not problems:  # cross-checks on a partial list would report false clashes
        problems += _clashes(actions) + _unused(actions, vocab)
    if problems:
        raise DataError(problems)
    return ActionBook(tuple(actions), vocab.requirements, vocab.terms)


@functools.cache
def load_actions() -> ActionBook:
    """The full action list, parsed and validated once."""
    return _validated(data.read("actions.yaml"))
