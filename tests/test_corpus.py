"""The frozen-hash corpus: about a hundred AI games that must play exactly as frozen.

This pins the engine's behaviour across its restructure (issue 11). The two corpus
armies (tests/corpus/vanguardia.yaml, horda.yaml) carry many catalogue entries that act in
play; each game of tools/corpus.py is replayed and its final state hash, numbers of events
and actions, winner and digest of event kinds must equal tests/corpus/frozen.json. Any
difference means the game behaves differently. Only after a deliberate change of
behaviour is the file rewritten, with ``python tools/corpus.py`` (read its diff first).

The games are split into blocks so that pytest-xdist spreads them over its workers.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "corpus.py"
BLOCKS = 20  # ten games a block: short enough that no worker waits long on the last


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("corpus_tool", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


corpus = _load_tool()


def test_the_frozen_file_holds_every_game_of_the_corpus() -> None:
    assert list(corpus.load_frozen()) == corpus.games()


@pytest.mark.parametrize("block", range(BLOCKS))
def test_games_play_as_frozen(block: int) -> None:
    frozen = corpus.load_frozen()
    found: list[str] = []
    for map_name, seed in corpus.games()[block::BLOCKS]:  # interleaved: both maps a block
        played = corpus.replay(map_name, seed)
        if difference := corpus.differences(frozen.get((map_name, seed)), played):
            found.append(difference)
    assert not found, "games differ from the frozen corpus:\n" + "\n".join(found)
