"""The play screen, driven headless through its own input handling (issue 13).

A hot-seat game on Campo abierto is played from the start screen to the end screen by
pressing the bar's buttons, clicking the board and typing the shortcuts, as a person
would; an AI-against-AI game runs in the window until it is over; the prompts for a
chain's jump and for Fortuna are answered from the bar.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from wartime.engine import PendingKind
from wartime.play import Seat, Session
from wartime.ui.modes.play import PlayMode
from wartime.ui.modes.replay import ReplayMode
from wartime.ui.modes.start import StartMode

from .ui_driver import Driver

ROOT = Path(__file__).resolve().parents[1]
FIELD = ROOT / "maps" / "campo-abierto.yaml"
LIMIT = 2500  # decisions: a game that runs longer is a bug of the screen


def _choose(driver: Driver, menu: Any, option: str) -> None:
    driver.send(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            {"ui_element": menu, "text": option, "selected_option_id": option},
        )
    )


def _new_game(driver: Driver, start: StartMode) -> PlayMode:
    _choose(driver, start.menus["map"], str(FIELD))
    _choose(driver, start.menus["seat-B"], "persona")
    legion = next(k for k in (start._force_key(f) for f in start._forces) if "legion" in k)
    culto = next(k for k in (start._force_key(f) for f in start._forces) if "culto" in k)
    _choose(driver, start.menus["forces-A"], legion)
    _choose(driver, start.menus["forces-B"], culto)
    assert driver.press_where(start.buttons, lambda key: key == "play")
    assert isinstance(driver.mode, PlayMode)
    return driver.mode  # type: ignore[no-any-return]


def _press(driver: Driver, play: PlayMode, kind: str) -> bool:
    return driver.press_where(
        play.panel.buttons, lambda choice: choice.entry.kind == kind and bool(choice.actions)
    )


def _pick(driver: Driver, path: Path) -> None:
    """Choose ``path`` in the file dialog the mode opened."""
    driver.send(
        pygame.event.Event(
            pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
            {"ui_element": driver.mode.files.dialog, "text": str(path)},
        )
    )


class Hand:
    """A person at the screen: moves once, shoots once, tries undo, then ends activations."""

    def __init__(self, driver: Driver, play: PlayMode, saves: Path) -> None:
        self.driver, self.play, self.saves = driver, play, saves
        self.met: set[PendingKind] = set()
        self.moved = self.shot = self.saved = self.reacted = False
        self.undone = 0

    @property
    def session(self) -> Session:
        return self.play.session

    def step(self) -> None:
        driver, play = self.driver, self.play
        pending = self.session.pending
        self.met.add(pending.kind)
        if play.handoff.open:
            driver.key(pygame.K_RETURN)
        elif pending.kind is PendingKind.DEPLOY:
            spots = self.session.state.legal_actions()
            spot = spots[len(spots) // 2]  # inside the zone, clear of its edge
            assert _press(driver, play, "deploy")
            assert spot.point is not None
            driver.click(spot.point)
        elif pending.kind is PendingKind.ACT:
            self.act(pending.figure or "")
        elif pending.kind is PendingKind.REACT and not self.reacted:
            self.reacted = True  # once, someone reacts: its CH VOL decides whether it acts
            assert driver.press_where(
                play.panel.buttons,
                lambda choice: bool(choice.actions) and choice.actions[0].kind == "react",
            )
        elif pending.kind is PendingKind.REACT_ACT:
            assert _press(driver, play, "pass")
        elif pending.kind is PendingKind.ACTIVATE:
            figure = self.session.state.legal_actions()[0].figure or ""
            driver.click(self.session.state.figures[figure].position)  # a click activates it
        else:
            assert driver.press_where(play.panel.buttons, lambda choice: bool(choice.actions))

    def act(self, figure: str) -> None:
        driver, play = self.driver, self.play
        state = self.session.state
        can_move = any(a.kind == "mover" and a.point for a in state.legal_actions())
        if can_move and (not self.moved or not self.undone):
            self.move(figure)
        elif not self.shot and any(a.kind == "ataque_distancia" for a in state.legal_actions()):
            self.shoot()
        elif not self.saved:
            self.save_and_load()
        else:
            assert _press(driver, play, "end")

    def move(self, figure: str) -> None:
        """Mover along the way under the cursor; Ctrl+Z takes it back (no die rolled), and
        it is played again."""
        driver, play = self.driver, self.play
        state = self.session.state
        before = state.figures[figure].position
        far = next(a.point for a in state.legal_actions() if a.kind == "mover" and a.point)
        # short of the full stride: a click lands on a whole pixel
        target = (before[0] + 0.8 * (far[0] - before[0]), before[1] + 0.8 * (far[1] - before[1]))
        assert _press(driver, play, "mover") and play.tool is not None
        driver.hover(target)
        assert play.plan is not None and play.plan.refusal is None, play.plan
        driver.click(target)
        moved = self.session.state.figures[figure].position
        assert moved != before and play.tool is None
        self.moved = True
        if self.session.pending.figure != figure or play.handoff.open:
            return  # the move opened a reaction: undo is tried on a later move
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
        assert self.session.state.figures[figure].position == before
        self.undone += 1
        assert _press(driver, play, "mover")
        driver.click(target)
        assert self.session.state.figures[figure].position == moved

    def shoot(self) -> None:
        """Every enemy is labelled; the first one with odds is clicked; the shot rolls, so
        undo refuses."""
        driver, play = self.driver, self.play
        assert _press(driver, play, "ataque_distancia")
        assert play.tool is not None and play.labels
        aimed = [label for label in play.labels.values() if label.preview is not None]
        refused = [label for label in play.labels.values() if label.reason is not None]
        assert all(label.reason == self.session.state.check(label.action) for label in refused)
        if not aimed:
            driver.key(pygame.K_ESCAPE)
            assert _press(driver, play, "end")
            return
        target = self.session.state.figures[aimed[0].target]
        driver.hover(target.position)
        assert play.hovered == target.id
        log = len(self.session.state.log)
        driver.click(target.position)
        assert len(self.session.state.log) > log
        rolled = [e for e in self.session.state.log[log:] if e.kind == "roll"]
        assert rolled and "check" in rolled[0].data  # structured, not free text
        while self.session.pending.kind is PendingKind.RESPOND:  # the target may answer
            self.step()
        if play.handoff.open:
            driver.key(pygame.K_RETURN)
        history = len(self.session.state.history)
        refusal = self.session.undo_refusal()
        driver.key(pygame.K_z, pygame.KMOD_CTRL)
        if refusal is not None:  # a die was rolled since: the shot stands, and it says why
            assert len(self.session.state.history) == history
            assert "deshacer" in (driver.app.message or "")
        self.shot = True

    def save_and_load(self) -> None:
        """Ctrl+S to a file, a few more decisions, then Ctrl+O brings the saved game back."""
        driver = self.driver
        path = self.saves / "partida.yaml"
        driver.key(pygame.K_s, pygame.KMOD_CTRL)
        _pick(driver, path)
        saved = self.session.state.hash()
        assert path.is_file()
        driver.key(pygame.K_q)  # a free turn changes the game
        assert self.session.state.hash() != saved
        driver.key(pygame.K_o, pygame.KMOD_CTRL)
        _pick(driver, path)
        assert self.session.state.hash() == saved
        self.saved = True


def test_a_hot_seat_game_from_the_start_screen_to_the_end_screen(tmp_path: Path) -> None:
    driver = Driver(StartMode(), tmp_path / "config")
    play = _new_game(driver, driver.mode)
    hand = Hand(driver, play, tmp_path)
    for _ in range(LIMIT):
        if play.session.over:
            break
        hand.step()
    assert play.session.over and play.end.open
    expected = {
        PendingKind.DEPLOY, PendingKind.INITIATIVE, PendingKind.ACTIVATE, PendingKind.ACT,
        PendingKind.REACT,
    }  # fmt: skip
    assert expected <= hand.met
    assert hand.moved and hand.saved and hand.undone == 1
    driver.shot(tmp_path / "end.png")
    steps = len(play.session.state.history)
    assert driver.press_where(play.end.buttons, lambda name: name == "replay")
    replay = driver.mode
    assert isinstance(replay, ReplayMode) and replay.replay.step == steps
    driver.press(driver.app.top.buttons["back"])
    assert replay.replay.step == steps - 1
    assert replay.replay.state.hash() == Replay_hash_before_last(play)


def Replay_hash_before_last(play: PlayMode) -> str:  # noqa: N802
    state = play.session.state.scenario.new_game()
    for action in play.session.state.history[:-1]:
        state.apply(action)
    return state.hash()


def test_an_ai_against_ai_game_plays_in_the_window_until_it_is_over(tmp_path: Path) -> None:
    from wartime.engine import load_scenario

    seats = {"A": Seat("A", "baseline"), "B": Seat("B", "baseline")}
    session = Session(load_scenario(FIELD, seed=2).new_game(), seats, 2)
    play = PlayMode(session, pace=0.0)
    driver = Driver(play, tmp_path / "config")
    for _ in range(LIMIT):
        if play.end.open:
            break
        driver.frame()
    assert session.over and play.end.open
    assert not play.handoff.open  # nobody to hand over to
    assert len(session.state.history) > 20


@pytest.mark.parametrize("kind", ["jump", "fortune"])
def test_a_question_midway_is_answered_from_the_bar(kind: str, tmp_path: Path) -> None:
    from .test_play_questions import question_state

    state = question_state(kind)
    assert state.pending.kind.value == kind
    session = Session(state, {"A": Seat("A"), "B": Seat("B")})
    play = PlayMode(session, pace=0.0)
    driver = Driver(play, tmp_path / "config")
    assert play.panel._shown["banner"].startswith(("Bando A", "a (bando A)"))
    options = [c for c in play.panel.buttons.values() if c.actions]
    assert options and all(c.actions[0].kind == kind for c in options)
    assert driver.press_where(play.panel.buttons, lambda choice: bool(choice.actions))
    if play.tool is not None:  # the jump: the board picks among the figures equally near
        assert play.tool.kind == "target" and set(play.labels) == {"c", "d"}
        driver.click(state.figures["c"].position)
    assert session.state.pending.kind.value != kind
    assert session.state.history[-1].kind == kind


def test_the_ai_pace_chosen_at_the_start_is_kept_and_played(tmp_path: Path) -> None:
    """AI turns play at a readable pace, a setting chosen on the start screen."""
    start = StartMode()
    driver = Driver(start, tmp_path / "config")
    _choose(driver, start.menus["pace"], "1.2")
    assert driver.app.settings.ai_pace == 1.2
    _choose(driver, start.menus["map"], str(FIELD))
    assert driver.press_where(start.buttons, lambda key: key == "play")
    play = driver.mode
    assert isinstance(play, PlayMode) and play.pace == 1.2
    again = Driver(StartMode(), tmp_path / "config")  # the settings remember it
    assert again.app.settings.ai_pace == 1.2


def test_the_start_screen_opens_the_editor_and_the_overlay_on_the_chosen_map(
    tmp_path: Path,
) -> None:
    for key, name in (("editor", "editor"), ("overlay", "overlay")):
        start = StartMode()
        driver = Driver(start, tmp_path / "config")
        _choose(driver, start.menus["map"], str(FIELD))
        assert driver.press_where(start.buttons, lambda pressed, key=key: pressed == key)
        assert driver.mode.name == name and driver.app.field.name == "Campo abierto"


def test_the_start_screen_loads_a_save_resumes_the_interrupted_game_and_lists_it(
    tmp_path: Path,
) -> None:
    """Cargar partida picks a save in the file dialog; a crash leaves the autosave, and
    the next start offers it back; a loaded game joins the recent games."""
    from wartime.engine import WARTIME
    from wartime.engine.ai import choose
    from wartime.ui.modes.play.run import autosave_path

    config = tmp_path / "config"
    state = WARTIME.new_game(FIELD, seed=3)
    for _ in range(10):
        state.apply(choose(state))  # type: ignore[arg-type]
    save = tmp_path / "partida.yaml"
    WARTIME.save(state, save)
    start = StartMode()
    driver = Driver(start, config)
    assert driver.press_where(start.buttons, lambda key: key == "load")
    driver.send(
        pygame.event.Event(
            pygame_gui.UI_FILE_DIALOG_PATH_PICKED, {"ui_element": start.dialog, "text": str(save)}
        )
    )
    play = driver.mode
    assert isinstance(play, PlayMode) and play.session.state.hash() == state.hash()
    assert driver.app.settings.recent_games == [str(save.resolve())]
    WARTIME.save(state, autosave_path(config))  # what the game screen keeps after a decision
    again = StartMode()
    second = Driver(again, config)
    assert "resume" in again.buttons.values() and f"game:{save.resolve()}" in again.buttons.values()
    assert second.press_where(again.buttons, lambda key: key == "resume")
    assert isinstance(second.mode, PlayMode)
    assert second.mode.session.state.hash() == state.hash()


def test_the_target_of_a_declared_attack_answers_from_the_bar(tmp_path: Path) -> None:
    """Huir and Esquivar: the target's side is asked, after the hand-off in hot-seat."""
    from .test_play_questions import respond_state

    state = respond_state()
    session = Session(state, {"A": Seat("A"), "B": Seat("B")})
    play = PlayMode(session, pace=0.0)
    driver = Driver(play, tmp_path / "config")
    assert play.panel._shown["banner"].startswith("b (bando B)")
    kinds = {c.actions[0].kind for c in play.panel.buttons.values() if c.actions}
    assert "pass" in kinds
    assert _press(driver, play, "pass")
    assert session.state.pending.kind is not PendingKind.RESPOND
    answer = session.state.history[-1]
    assert answer.kind == "pass" and answer.figure in (None, "b")


def test_the_language_chosen_at_the_start_speaks_at_once_and_is_kept(tmp_path: Path) -> None:
    """One language at a time (issue 16): the window's setting, chosen on the start screen."""
    from wartime.ui.strings import current_language, set_language

    start = StartMode()
    driver = Driver(start, tmp_path / "config")
    try:
        _choose(driver, start.menus["language"], "en")
        assert current_language() == "en" and driver.app.settings.language == "en"
        labels = {button.text for button in start.buttons}
        assert "Start the game" in labels and "Empezar la partida" not in labels
        again = Driver(StartMode(), tmp_path / "config")
        assert again.app.settings.effective_language == "en"
    finally:
        set_language("es")


def test_an_area_attack_lays_its_template_on_the_hovered_target(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ÁREAS: the screen shows the template at the aim and whom it covers, before the click."""
    from wartime.engine.core.profiles import Weapon
    from wartime.render.primitives import Polygon

    from .engine_support import profile, scenario, started

    grenade = Weapon("granada", ene=3, dan=5, alc=15, cal=3, bonuses=("Área",), area="R4")
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0),
             ("c", "B", (21.8, 10.0), 180.0)]  # fmt: skip
    state = started(scenario(units, profiles={"a": profile("a", weapons=(grenade,))}))
    state.reseed(6)
    play = PlayMode(Session(state, {"A": Seat("A"), "B": Seat("B")}), pace=0.0)
    driver = Driver(play, tmp_path / "config")
    assert _press(driver, play, "ataque_distancia") and play.tool is not None
    drawn: list[Any] = []
    monkeypatch.setattr(
        driver.app.painter, "draw", lambda view, shapes, *a, **k: drawn.extend(shapes)
    )
    driver.hover(state.figures["b"].position)
    outlines = [s for s in drawn if isinstance(s, Polygon) and len(s.points) > 20]
    assert outlines, "the R4 template is drawn at the hovered target"


def test_leaving_a_game_in_progress_asks_first(tmp_path: Path) -> None:
    """Esc on a game in progress asks; leaving is confirmed in the question's window."""
    from .test_play_questions import respond_state

    play = PlayMode(Session(respond_state(), {"A": Seat("A"), "B": Seat("B")}), pace=0.0)
    driver = Driver(play, tmp_path / "config")
    driver.key(pygame.K_ESCAPE)
    assert driver.app.running and play.confirm is not None
    driver.send(
        pygame.event.Event(
            pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, {"ui_element": play.confirm}
        )
    )
    assert not driver.app.running
