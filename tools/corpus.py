"""The frozen-hash corpus: AI games whose outcome pins the engine's behaviour (issue 11).

Two armies rich in catalogue entries (tests/corpus/vanguardia.yaml, tests/corpus/horda.yaml)
play each other with the baseline AI on two maps (tests/corpus/maps), a fixed list of seeds
per map. Each game
is recorded as its final state hash, its numbers of events and actions, its winner and a
digest of its sequence of event kinds; tests/test_corpus.py replays them all. Editing
the armies, the two maps or the baseline AI changes the games as surely as editing the
engine.

Run from anywhere, only after a deliberate change of behaviour (then read the diff):

    python tools/corpus.py            # rewrite tests/corpus/frozen.json
    python tools/corpus.py --check    # compare instead, print the first games that differ

The values were frozen from the engine before its restructure, with a pristine checkout
first on the path: ``PYTHONPATH=/path/to/checkout python tools/corpus.py``.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import wartime
from wartime.engine import Scenario, load_scenario
from wartime.engine.ai import play_out
from wartime.formats.files import write_atomic

if TYPE_CHECKING:
    from wartime.engine import GameState

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
FROZEN = CORPUS / "frozen.json"
ARMIES = {"A": CORPUS / "vanguardia.yaml", "B": CORPUS / "horda.yaml"}
LISTS = {"A": "vanguardia", "B": "horda"}
# Games per map (seeds 0 to n-1), sized to the CI budget of about 60 s of CPU in all.
# On aldea-en-ruinas the map's units stand for the lists' characters; on campo-abierto
# the lists deploy beside the map's two unarmed figures a side.  Both maps are the
# corpus's own copies (tests/corpus/maps), frozen as the sample maps stood, so that a
# designer's edit of maps/ does not move the corpus.
GAMES = {"campo-abierto": 120, "aldea-en-ruinas": 80}

Record = dict[str, Any]


def games() -> list[tuple[str, int]]:
    """Every (map, seed) of the corpus, in the frozen file's order."""
    return [(name, seed) for name, count in GAMES.items() for seed in range(count)]


@functools.cache
def scenario(map_name: str) -> Scenario:
    return load_scenario(CORPUS / "maps" / f"{map_name}.yaml", ARMIES, lists=LISTS)


def play(map_name: str, seed: int) -> GameState:
    return play_out(scenario(map_name).with_seed(seed).new_game())


def record(map_name: str, seed: int, state: GameState) -> Record:
    kinds = "\n".join(event.kind for event in state.log)
    return {
        "map": map_name,
        "seed": seed,
        "hash": state.hash(),
        "events": len(state.log),
        "actions": len(state.history),
        "winner": state.winner,
        "kinds_sha256": hashlib.sha256(kinds.encode()).hexdigest(),
    }


def replay(map_name: str, seed: int) -> Record:
    return record(map_name, seed, play(map_name, seed))


def dumps(records: list[Record]) -> str:
    """One game a line, keys sorted, so a diff names the games that changed."""
    lines = ",\n".join(json.dumps(r, sort_keys=True) for r in records)
    return f"[\n{lines}\n]\n"


def load_frozen(path: Path = FROZEN) -> dict[tuple[str, int], Record]:
    records: list[Record] = json.loads(path.read_text(encoding="utf-8"))
    return {(r["map"], r["seed"]): r for r in records}


def differences(expected: Record | None, got: Record) -> str | None:
    """What differs between a frozen game and its replay, or None."""
    where = f"{got['map']} seed {got['seed']}"
    if expected is None:
        return f"{where}: not in the frozen corpus"
    keys = sorted(expected.keys() | got.keys())
    fields = [key for key in keys if expected.get(key) != got.get(key)]
    if not fields:
        return None
    changes = ", ".join(f"{key} {expected.get(key)!r} -> {got.get(key)!r}" for key in fields)
    return f"{where}: {changes}"


def _summary(records: list[Record], states: list[GameState], seconds: float) -> str:
    def count(test: Callable[[GameState], bool]) -> int:
        return sum(1 for state in states if test(state))

    winners = Counter(str(r["winner"]) for r in records)
    return "\n".join([
        f"engine: {Path(wartime.__file__).parent}",
        f"{len(records)} games ({', '.join(f'{m}: {n}' for m, n in GAMES.items())}), "
        f"{seconds:.1f} s CPU, {seconds / max(1, len(records)):.3f} s a game",
        f"winners: {dict(sorted(winners.items()))}",
        f"over: {count(lambda s: s.over)}, with a hit: "
        f"{count(lambda s: any(e.kind == 'hit' for e in s.log))}, with wounds: "
        f"{count(lambda s: any(e.kind == 'wounds' for e in s.log))}, with a casualty at the end: "
        f"{count(lambda s: any(f.casualty for f in s.figures.values()))}",
    ])  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the frozen file")
    parser.add_argument("--shown", type=int, default=10, help="differing games to print")
    args = parser.parse_args(argv)
    start = time.process_time()
    records: list[Record] = []
    states: list[GameState] = []
    for map_name, seed in games():
        state = play(map_name, seed)
        states.append(state)
        records.append(record(map_name, seed, state))
    print(_summary(records, states, time.process_time() - start), file=sys.stderr)
    if not args.check:
        write_atomic(FROZEN, dumps(records))
        print(f"wrote {FROZEN.relative_to(ROOT)}", file=sys.stderr)
        return 0
    frozen = load_frozen()
    found = [d for r in records if (d := differences(frozen.get((r["map"], r["seed"])), r))]
    missing = frozen.keys() - set(games())
    found += [f"{m} seed {s}: frozen but no longer played" for m, s in sorted(missing)]
    for line in found[: args.shown]:
        print(line)
    print(f"{len(found)} of {len(records)} games differ from {FROZEN.relative_to(ROOT)}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
