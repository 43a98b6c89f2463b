"""Benchmark: the play screen (issue 13): preview, move preview, a frame, peak memory.

Run from the repo root:  python tools/bench/play.py [--positions 40]

Scene: Complejo industrial with both sample armies' lists (the Legión's ``seccion``
against the Culto's ``culto``: the figures the map does not place are deployed first),
played by the baseline AI; positions are taken from that game.  1280×800, software
rendering (SDL's dummy driver).  Prints, each beside a baseline timed in the same run:

- ``GameState.preview`` of one attack (every ranged attack the baseline could take in
  those positions), against one play of the same attack on a copy (``lookahead`` +
  ``apply``): a preview is that play repeated for each branch of the dice tree;
- the move under the cursor (``play.plan_move``: the engine's way, stride, ENE and its
  ``check`` of the move) to seeded points within 8 K, against ``check`` alone;
- a frame of the game screen with 20 figures (the map's 12 and 8 more beside them) and
  the move under the cursor shown (a new one each frame, its planning timed above), and
  one with an attack's target labels (their previews made once, as the screen does),
  against a frame of the plain battlefield view;
- peak resident memory (VmHWM) of a child process that plays the whole game in the
  window, against a child that only imports pygame and the window.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# wartime first: it caps the BLAS threads at one before numpy loads (wartime/__init__.py)
import wartime  # noqa: F401

# isort: split
import argparse
import math
import platform
import random
import statistics
import subprocess
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

from timing import samples_ms

from wartime.engine import Action, GameState, PendingKind, load_scenario
from wartime.engine.ai import choose
from wartime.formats.map import load_map, save_map

ROOT = Path(__file__).resolve().parents[2]
MAP = ROOT / "maps" / "complejo-industrial.yaml"
ARMIES = {"A": str(ROOT / "assets" / "armies" / "legion.yaml"),
          "B": str(ROOT / "assets" / "armies" / "culto.yaml")}  # fmt: skip
LISTS = {"A": "seccion", "B": "culto"}
SEED = 7

GAME = """
import os, pathlib, resource, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
def _peak():  # VmHWM: this process's own high-water mark (ru_maxrss carries the parent's)
    status = pathlib.Path("/proc/self/status").read_text().splitlines()
    return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
from pathlib import Path
from wartime.engine import load_scenario
from wartime.play import Seat, Session
from wartime.play.board import field_of
from wartime.ui.modes.play import PlayMode
from wartime.ui.shell import ViewApp
armies, lists = {armies!r}, {lists!r}
state = load_scenario({map!r}, armies, seed={seed}, lists=lists).new_game()
session = Session(state, {{"A": Seat("A", "baseline"), "B": Seat("B", "baseline")}}, {seed})
mode = PlayMode(session, pace=0.0)
app = ViewApp(field_of(state), None, mode=mode, settings_dir=Path({settings!r}))
frames = 0
while not mode.end.open and frames < 20000:
    app.step(0.016)
    frames += 1
print(_peak(), len(session.state.history))
"""
BARE = (
    "import os, pathlib; os.environ['SDL_VIDEODRIVER'] = 'dummy'; import pygame, "
    "wartime.ui.shell; status = pathlib.Path('/proc/self/status').read_text().splitlines(); "
    "print(next(int(l.split()[1]) for l in status if l.startswith('VmHWM:')), 0)"
)


def twenty(folder: Path) -> Path:
    """Complejo industrial with 8 more figures (20 in all), written to ``folder``: the
    issue's frame budget is for 20 figures, the sample map places 12."""
    field = load_map(MAP)
    extra = [
        replace(
            unit,
            id=f"{unit.id}x",
            position=(unit.position[0] + (3.5 if unit.side == "A" else -3.5), unit.position[1]),
        )
        for unit in field.units
        if unit.id in ("a1", "a3", "a4", "a6", "b1", "b3", "b4", "b6")
    ]
    path = folder / MAP.name
    save_map(replace(field, units=(*field.units, *extra)), path)
    return path


def positions(count: int) -> list[GameState]:
    """Copies of the game's positions where the acting figure may shoot."""
    state = load_scenario(MAP, ARMIES, seed=SEED, lists=LISTS).new_game()
    found: list[GameState] = []
    while state.pending.kind is not PendingKind.GAME_OVER and len(found) < count:
        if state.pending.kind is PendingKind.ACT and _shots(state):
            found.append(state.clone())
        state.apply(choose(state))
    return found


def _shots(state: GameState) -> list[Action]:
    return [a for a in state.legal_actions() if a.kind == "ataque_distancia"]


def spread(ms: list[float]) -> str:
    ordered = sorted(ms)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"median {statistics.median(ms):7.2f} ms  p90 {p90:7.2f} ms  max {max(ms):7.2f} ms"


def bench_preview(states: list[GameState]) -> None:
    previews: list[float] = []
    plays: list[float] = []
    exact = 0
    for state in states:
        for shot in _shots(state):

            def one_play(shot: Action = shot, state: GameState = state) -> None:
                with state.lookahead(1) as trial:
                    trial.apply(shot)

            previews += samples_ms(lambda shot=shot, state=state: state.preview(shot), 1)
            plays += samples_ms(one_play, 1)
            exact += state.preview(shot).exact
    print(f"preview of one attack ({len(previews)}, {exact} exact): {spread(previews)}")
    print(f"  one play of it (baseline):       {spread(plays)}")
    print(f"  ratio of the medians: {statistics.median(previews) / statistics.median(plays):.1f}×")


def bench_moves(states: list[GameState]) -> None:
    from wartime.play import plan_move

    rng = random.Random(SEED)
    plans: list[float] = []
    checks: list[float] = []
    for state in states:
        figure = state.pending.figure or ""
        x, y = state.figures[figure].position
        for _ in range(10):
            angle, reach = rng.uniform(0, math.tau), 8.0 * math.sqrt(rng.random())
            goal = (x + reach * math.cos(angle), y + reach * math.sin(angle))
            plans += samples_ms(lambda g=goal, s=state, f=figure: plan_move(s, f, g), 1)
            move = Action("mover", figure, point=goal)
            checks += samples_ms(lambda m=move, s=state: s.check(m), 1)
    print(f"move under the cursor ({len(plans)}): {spread(plans)}")
    print(f"  check of the move (baseline):  {spread(checks)}")
    print(f"  ratio of the medians: {statistics.median(plans) / statistics.median(checks):.1f}×")


def bench_frames(frames: int) -> None:
    import pygame

    from wartime.play import Seat, Session
    from wartime.play.board import field_of
    from wartime.ui.modes.play import PlayMode
    from wartime.ui.modes.view import ViewMode
    from wartime.ui.shell import ViewApp

    settings = Path(tempfile.mkdtemp())
    state = load_scenario(twenty(settings), seed=SEED).new_game()
    while state.pending.kind is not PendingKind.ACT or not _shots(state):  # an armed figure
        state.apply(choose(state))
    seats = {"A": Seat("A"), "B": Seat("B")}
    session = Session(state.clone(), seats, SEED)
    mode = PlayMode(session, pace=0.0)
    app = ViewApp(field_of(session.state), None, mode=mode, settings_dir=settings)
    app.step(0.016)
    figure = session.state.figures[session.pending.figure or ""]
    bar = {c.entry.kind: c for c in mode.panel.buttons.values() if c.actions}
    rng = random.Random(SEED)
    mode.choose(bar["mover"])
    moving: list[float] = []
    for _ in range(frames):
        angle, reach = rng.uniform(0, math.tau), 8.0 * math.sqrt(rng.random())
        cursor = (figure.position[0] + reach * math.cos(angle),
                  figure.position[1] + reach * math.sin(angle))  # fmt: skip

        mode._hover(cursor)  # what a MOUSEMOTION does (timed above as the move preview)
        moving += samples_ms(lambda: app.step(0.016), 1)
    mode.drop_tool()
    mode.choose(bar["ataque_distancia"])
    aiming = samples_ms(lambda: app.step(0.016), frames)
    pygame.quit()
    plain = ViewApp(field_of(state), None, mode=ViewMode(), settings_dir=settings)
    viewing = samples_ms(lambda: plain.step(0.016), frames, warmup=5)
    pygame.quit()
    units = len(field_of(state).units)
    print(f"frame, {units} figures, a move shown:   {spread(moving)}")
    print(f"frame with {len(mode.labels)} target labels:       {spread(aiming)}")
    print(f"  frame of the plain view (baseline):   {spread(viewing)}")
    print(f"  ratio of the medians: {statistics.median(moving) / statistics.median(viewing):.1f}×")


def bench_memory() -> None:
    settings = tempfile.mkdtemp()
    script = GAME.format(armies=ARMIES, lists=LISTS, map=str(MAP), seed=SEED, settings=settings)
    out = {}
    for name, code in (("game", script), ("bare", BARE)):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, cwd=ROOT)  # fmt: skip
        kib, decisions = done.stdout.split()[-2:]
        out[name] = (int(kib) / 1024, int(decisions))
    game, decisions = out["game"]
    print(f"peak memory, a whole game in the window ({decisions} decisions): {game:.0f} MB")
    print(f"  a bare import of pygame and the window (baseline): {out['bare'][0]:.0f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="positions with a shot (40)")
    parser.add_argument("--frames", type=int, default=120, help="frames of each kind (120)")
    args = parser.parse_args()
    print(f"Python {platform.python_version()}, {platform.machine()}")
    bench_memory()  # first: the children are spawned while this process is still small
    states = positions(args.positions)
    print(f"{len(states)} positions of a baseline game on {MAP.name}")
    bench_preview(states)
    bench_moves(states)
    bench_frames(args.frames)


if __name__ == "__main__":
    main()
