"""The game's log and its refusals in both languages, over whole games (issue 16, "One
language at a time, and both complete").

Every event the engine logs and every reason it refuses with is a catalogue message, so
each one reads in Spanish and in English; the Spanish stays what the golden transcripts
pin (tests/test_golden.py).  Here every line of every golden playthrough and of a whole
game on each sample map is worded in both languages, and the English must hold no
Spanish sentence words and no key left unworded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from wartime.engine import GameState, PendingKind, load_scenario
from wartime.engine.ai import choose
from wartime.engine.core.events import Event
from wartime.i18n import Message

from .golden_cases import cases, play

ROOT = Path(__file__).resolve().parents[1]
MAPS = sorted((ROOT / "maps").glob("*.yaml"))

# A key worded as itself: the catalogue lacked it (i18n shows the key rather than fail).
UNWORDED = re.compile(r"\b(?:log|refused|phrase|outcome|problem)\.[a-z_0-9]+(?:\.[a-z_0-9]+)*\b")
# Words of Spanish sentences that no name of the game or of the sample files contains, so
# an English line that has one was written in Spanish.
SPANISH = re.compile(
    r"(?<!\w)(contra|gasta|queda|herida|heridas|superado|fallado|gana|pierde|dispara|"
    r"mueve|turno|bando|empate|ninguno|puede|tiene|está|hacia|también|porque)(?!\w)",
    re.IGNORECASE,
)


def _messages(said: object) -> Iterator[Message]:
    """``said`` and every message nested in its values."""
    if isinstance(said, Message):
        yield said
        for _, value in said.values:
            yield from _messages(value)


def _whole_game(path: Path, seed: int = 3) -> tuple[list[Event], list[object]]:
    """A whole baseline game on the map ``path``: its log and the reasons the engine gave
    for the actions the acting figures could not take."""
    state = load_scenario(path, {}, seed=seed).new_game()
    reasons: list[object] = []
    for step in range(2_000):
        if state.pending.kind is PendingKind.GAME_OVER:
            break
        if state.pending.kind is PendingKind.ACT and step % 7 == 0:
            figure = state.pending.figure
            assert figure is not None
            reasons += [r.reason for r in state.refusals(figure)]
        state.apply(choose(state))
    return state.log, reasons


def _check_both(said: object, where: str) -> None:
    assert isinstance(said, Message), f"{where}: plain text, not a catalogue message: {said!r}"
    spanish, english = said.text("es"), said.text("en")
    assert not UNWORDED.search(spanish) and not UNWORDED.search(english), (where, english)
    found = SPANISH.search(english)
    assert found is None, f"{where}: Spanish word {found.group()!r} in English: {english}"


@pytest.mark.parametrize("case", cases(), ids=lambda p: p.stem)
def test_every_line_of_a_golden_playthrough_is_a_message_in_both_languages(
    case: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    logged: list[Event] = []
    original = GameState.apply

    def apply(self: GameState, action: object) -> list[Event]:
        events = original(self, action)  # type: ignore[arg-type]
        logged.extend(events)
        return events

    monkeypatch.setattr(GameState, "apply", apply)
    play(case)
    assert logged
    for event in logged:
        _check_both(event.message, f"{case.stem}: {event.kind}")


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.stem)
def test_a_whole_game_logs_and_refuses_in_both_languages(path: Path) -> None:
    log, reasons = _whole_game(path)
    assert len(log) > 50 and reasons
    for event in log:
        _check_both(event.message, f"{path.stem}: {event.kind}")
    for reason in reasons:
        _check_both(reason, f"{path.stem}: a refusal")


def test_the_english_log_of_a_shot_reads_as_english() -> None:
    """One line worded whole, nested parts included: the roll's purpose, its verdict."""
    log, _ = _whole_game(MAPS[0])
    checks = [e.message for e in log if isinstance(e.message, Message)]
    rolls = [m for m in checks if m.key == "log.roll"]
    assert rolls
    line = rolls[0]
    english = line.text("en")
    assert " against " in english and " contra " in line.text("es")
    assert any(m.key.startswith("outcome.") for m in _messages(line))
