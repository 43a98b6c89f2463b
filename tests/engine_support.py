"""Small hand-built scenarios and scripted dice for the engine tests."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from wartime.board.battlefield import Battlefield, Obstacle, Terrain, Unit, Wall
from wartime.engine import GameState, Ruleset, Scenario
from wartime.engine.core.profiles import Metaability, Profile, Trait, Weapon
from wartime.rules.actions import load_actions
from wartime.rules.dice import Dice

RIFLE = Weapon("fusil", ene=3, dan=4, alc=20, cal=4)
KNIFE = Weapon("cuchillo", ene=2, dan=2, alc=0, cal=3)
PISTOL = Weapon("pistola", ene=1, dan=3, alc=15, cal=3)
SHOTGUN = Weapon("escopeta", ene=1, dan=8, alc=20, cal=4, bonuses=("Cargadores",))  # 10−8 = 2
START_ENE = 8  # CON 4 + AGI 4 gained at the first activation (ENERGÍA, Inicio actuación)
BOOK = {a.id: a for a in load_actions().actions}  # the action list, by id


def profile(
    name: str, con: int = 4, agi: int = 4, vol: int = 4, defense: int = 3,
    weapons: tuple[Weapon, ...] = (RIFLE, KNIFE), mov: float = 1.0, points: int = 50,
) -> Profile:  # fmt: skip
    return Profile(name, name, con, agi, 4, vol, mov, defense, weapons, points)


def scenario(
    units: Iterable[tuple[str, str, tuple[float, float], float]],
    profiles: dict[str, Profile] | None = None,
    walls: tuple[Wall, ...] = (),
    obstacles: tuple[Obstacle, ...] = (),
    terrain: tuple[Terrain, ...] = (),
    seed: int = 1,
    turn_limit: int = 6,
) -> Scenario:
    """Units as (id, side, position, facing); profiles default to a rifleman."""
    placed = tuple(Unit(uid, side, pos, facing) for uid, side, pos, facing in units)
    field = Battlefield(
        "test", (40.0, 30.0), walls=walls, obstacles=obstacles, terrain=terrain, units=placed
    )
    chosen = {u.id: (profiles or {}).get(u.id) or profile(u.id) for u in placed}
    return Scenario(field, chosen, Ruleset(turn_limit=turn_limit), seed)


class ScriptedDice(Dice):
    """Dice that return the given d10 faces in order (and fail loudly when they run out)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def d10(self) -> int:
        if not self.faces:
            raise AssertionError("the test ran out of scripted dice")
        return self.faces.pop(0)

    def clone(self) -> ScriptedDice:
        return ScriptedDice(self.faces)


class PercentDice(ScriptedDice):
    """Scripted d10 faces and scripted 1D100 rolls (a Probabilidad)."""

    def __init__(self, faces: Iterable[int], hundreds: Iterable[int]) -> None:
        super().__init__(faces)
        self.hundreds = list(hundreds)

    def d100(self) -> int:
        if not self.hundreds:
            raise AssertionError("the test ran out of scripted 1D100 rolls")
        return self.hundreds.pop(0)

    def clone(self) -> PercentDice:
        return PercentDice(self.faces, self.hundreds)


def duel() -> Scenario:
    """Two riflemen 10 K apart on open ground, facing each other."""
    return scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)])


def face_off(
    a: Profile, b: Profile | None = None, *, faces: Iterable[int] = (),
    more: tuple[Any, ...] = (), pad: Iterable[int] = (5,) * 12,
) -> GameState:  # fmt: skip
    """a (side A) at (10, 10) facing b (side B) 11 K east; ``more`` adds (id, side, spot,
    profile) figures facing east; the dice are ``faces``, then ``pad``; a is acting."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    profiles = {"a": a, "b": b or profile("b")}
    for fid, side, spot, prof in more:
        units.append((fid, side, spot, 0.0))
        profiles[fid] = prof
    return started(scenario(units, profiles=profiles), [*faces, *pad])


def started(
    scn: Scenario, faces: Iterable[int] = (), first: str = "a", second: str = "b"
) -> GameState:
    """Both sides roll initiative (A wins with the scripted 9 vs 1) and ``first`` activates."""
    from wartime.engine import Action

    state = scn.new_game()
    state.dice = ScriptedDice([9, 1, *faces])
    state.apply(Action("initiative", first))
    state.apply(Action("initiative", second))
    state.apply(Action("activate", first))
    return state


def do(state: GameState, action: object) -> list:  # type: ignore[type-arg]
    """Apply ``action``; its target takes it (no Huir or Esquivar), and nobody reacts."""
    from wartime.engine import Action, PendingKind

    assert isinstance(action, Action)
    events = state.apply(action)
    while state.pending.kind in (PendingKind.RESPOND, PendingKind.REACT):
        events += state.apply(Action("pass"))
    return events


def refused(state: GameState, action: object, match: str) -> None:
    """The action is illegal for the reason given, and leaves no trace (DESIGN §3)."""
    import pytest

    from wartime.engine import Action, IllegalActionError

    assert isinstance(action, Action)
    faces = list(state.dice.faces) if isinstance(state.dice, ScriptedDice) else None
    before = (state.hash(), len(state.history), len(state.log))
    with pytest.raises(IllegalActionError, match=match):
        state.apply(action)
    assert (state.hash(), len(state.history), len(state.log)) == before
    if faces is not None:
        assert isinstance(state.dice, ScriptedDice) and state.dice.faces == faces


def rolls(events: list[Any], purpose: str) -> list[dict[str, Any]]:
    """The logged rolls made for exactly ``purpose``."""
    return [e.data for e in events if e.kind == "roll" and e.data["purpose"] == purpose]


def rolls_of(events: list[Any], who: str, purpose: str) -> list[dict[str, Any]]:
    """The logged rolls of ``who`` whose purpose starts with ``purpose``."""
    return [
        e.data
        for e in events
        if e.kind == "roll" and e.data["who"] == who and e.data["purpose"].startswith(purpose)
    ]


def labelled(data: dict[str, Any], entry: str) -> list[list[Any]]:
    """The modifiers of a logged roll whose label starts with ``entry``."""
    return [m for m in data["modifiers"] if m[0].startswith(entry)]


def book_cost(action_id: str) -> int:
    """The fixed ENE the action list prints for ``action_id``."""
    found = load_actions().find(action_id)
    assert found is not None and isinstance(found.ene, int)
    return found.ene


def users_of(*abilities: Metaability) -> tuple[Trait, ...]:
    """The entries a caster needs to use ``abilities`` (Neuromante, Metamorfo, Cinético)."""
    from wartime.engine.actions.metaabilities import USER

    needed = {USER[a.attribute] for a in abilities if a.attribute in USER}
    return tuple(Trait(name) for name in sorted(needed))


def two_pairs(
    profiles: dict[str, Profile], b_x: float, d_at: tuple[float, float], **extra: Any
) -> Scenario:
    """a and c (side A) at x 10, 4 K apart, facing b (at ``b_x`` in a's row) and d (side
    B): the small battle the entry tests' random games are played on (3 turns)."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0), ("b", "B", (b_x, 10.0), 180.0),
        ("c", "A", (10.0, 14.0), 0.0), ("d", "B", d_at, 180.0),
    ]  # fmt: skip
    return scenario(units, profiles=profiles, turn_limit=3, **extra)


@dataclass(frozen=True)
class Decision:
    """One decision of a random game: the action, its events, and whether the figure
    that took it was reacting."""

    action: Any
    events: list[Any]
    reacting: bool


def random_games(scn: Scenario, seeds: int) -> Iterator[Decision]:
    """Seeded games of random legal moves (the baseline AI plays side A in odd seeds);
    yields every decision, and asserts that each game replays to the same hash."""
    import random

    from wartime.engine.ai.players import choose

    for seed in range(seeds):
        state = scn.with_seed(seed).new_game()
        rng = random.Random(seed)
        while not state.over:
            ai = state.pending.side == "A" and seed % 2
            action = choose(state) if ai else rng.choice(state.legal_actions())
            actor = state.figures.get(action.figure or "")
            reacting = actor is not None and actor.reacting
            yield Decision(action, state.apply(action), reacting)
        replay = scn.with_seed(seed).new_game()
        for action in state.history:
            replay.apply(action)
        assert replay.hash() == state.hash(), seed
