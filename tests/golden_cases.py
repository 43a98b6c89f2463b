"""Golden playthroughs: short scripted scenarios with their expected transcripts.

Each ``tests/golden/NAME.yaml`` holds a battlefield (map format), the figures'
profiles, the dice (scripted d10 faces, or a seed) and the actions.  Playing
it gives a transcript: every event's text, then the final hash.  The test
compares it with ``NAME.txt`` as text; ``python tools/golden.py`` rewrites
the ``.txt`` files after a deliberate change, for review in the diff.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from wartime.engine import Action, GameState, Ruleset, Scenario
from wartime.engine.core.profiles import Gear, Metaability, Profile, Trait, Transport, Weapon
from wartime.engine.core.scenario import Reserve
from wartime.formats.document import Document
from wartime.formats.map import parse_map

from .engine_support import ScriptedDice

GOLDEN = Path(__file__).parent / "golden"


def _trait(raw: str | dict[str, Any]) -> Trait:
    """An entry by name, or {name, level, weapon, param}."""
    return Trait(raw) if isinstance(raw, str) else Trait(**raw)


def _profile(uid: str, raw: dict[str, Any]) -> Profile:
    weapons = tuple(Weapon(**w) for w in raw.get("weapons", []))
    traits = tuple(_trait(t) for t in raw.get("traits", []))
    gear = tuple(
        Gear(**{**g, "traits": tuple(_trait(t) for t in g.get("traits", []))})
        for g in raw.get("gear", [])
    )
    abilities = tuple(
        Metaability(**{**m, "grants": tuple(Trait(n) for n in m.get("grants", []))})
        for m in raw.get("metaabilities", [])
    )
    return Profile(
        character=uid,
        name=raw.get("name", uid),
        con=raw.get("con", 4),
        agi=raw.get("agi", 4),
        int_=raw.get("int", 4),
        vol=raw.get("vol", 4),
        mov=raw.get("mov", 1.0),
        defense=raw.get("def", 0),
        weapons=weapons,
        points=raw.get("points", 10),
        traits=traits,
        metaabilities=abilities,
        transport=Transport(**raw["transport"]) if "transport" in raw else None,
        gear=gear,
        controller=raw.get("controller"),
        pet=tuple(_trait(t) for t in raw.get("pet", [])),
        summoners=tuple(raw.get("summoners", [])),
    )


def play(case: Path) -> str:
    """Play one golden case; returns its transcript."""
    data = yaml.safe_load(case.read_text(encoding="utf-8"))
    field = parse_map(Document(str(case), {"wartime_map": 1, **data["map"]}))
    profiles = {u.id: _profile(u.id, data.get("profiles", {}).get(u.id, {})) for u in field.units}
    ruleset = Ruleset(turn_limit=data.get("turn_limit", 6))
    waiting = tuple(  # Avatar: characters off the table until summoned
        Reserve(w["id"], w["side"], _profile(w["id"], w.get("profile", {})))
        for w in data.get("summonable", [])
    )
    scenario = Scenario(field, profiles, ruleset, data.get("seed", 0), summonable=waiting)
    state = GameState(scenario)
    if "dice" in data:
        state.dice = ScriptedDice(data["dice"])
    lines = [f"# {case.stem}"]
    for index, raw in enumerate(data["actions"]):
        action = Action.from_data(raw)
        lines.append(f"> {action}")
        try:
            events = state.apply(action)
        except Exception as exc:
            raise AssertionError(
                f"{case.name}: actions[{index}] {action}: {exc} ({state.pending})"
            ) from exc
        lines += [f"  {event.text}" for event in events]
    lines.append(f"hash {state.hash()}")
    return "\n".join(lines) + "\n"


def cases() -> list[Path]:
    return sorted(GOLDEN.glob("*.yaml"))
