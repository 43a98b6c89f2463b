"""Play mode: a whole game at one screen, hot-seat or against the AI (issue 13).

The mode is a client of :mod:`wartime.play`: a :class:`~wartime.play.Session` holds the
game, and everything shown comes from the engine through it (the bar from
``legal_actions`` and ``refusals``, the move under the cursor from ``find_path`` and
``check``, the targets' labels from ``preview``).  What a person does becomes one
engine decision:

- a bar button with one decision plays it; one whose decisions differ by target or
  point arms a tool, and the board picks (a click on a figure or a point);
- Mover, Correr and Esprintar share the move tool: the way under the cursor is drawn
  coloured by the stride it needs, with its length and ENE, and a click plays it;
- Q and E turn the acting figure 45° for free; Ctrl+Z undoes while no die was rolled;
  Ctrl+S and Ctrl+O save and load; Esc drops the tool.

AI seats play on their own at ``pace`` seconds a decision.  In hot-seat play a hand-off
screen hides the board when the other person must decide; the end shows the winner,
casualties, points and turn, with save, replay and rematch.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from wartime.board.queries import hit_test
from wartime.engine import Action, IllegalActionError, PendingKind
from wartime.errors import DataError
from wartime.i18n import told
from wartime.play import (
    MovePlan,
    Session,
    TargetLabel,
    action_bar,
    aim,
    plan_move,
)
from wartime.play.board import field_of, log_for
from wartime.play.moving import STRIDES
from wartime.render.play import acting_shapes, target_shapes
from wartime.ui import dialogs
from wartime.ui.modes.base import Mode
from wartime.ui.modes.play.drawing import captions, move_of, template_of
from wartime.ui.modes.play.ending import EndScreen, HandOff
from wartime.ui.modes.play.files import SaveDialogs
from wartime.ui.modes.play.panel import (
    PANEL_WIDTH,
    Choice,
    SidePanel,
    board_picks,
    choices,
    plain_entries,
)
from wartime.ui.modes.play.words import banner, breakdown, card
from wartime.ui.modes.replay import ReplayMode
from wartime.ui.strings import text
from wartime.ui.widgets import alive

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp

PLAY_BAR = (
    ("save", 132), ("load", 124), ("undo", 140), ("fit", 104), ("grid", 84), ("arcs", 76),
    ("help", 104),
)  # fmt: skip
TURN_STEP = 45.0  # degrees per Q/E press
PICK_TOLERANCE_PX = 6.0
AI_AUTOSAVE = 2.0  # seconds between two autosaves of an AI's decisions


@dataclass
class Tool:
    """What a click on the board does now: ``move`` (the stride the way needs), ``target``
    (one of ``actions`` by its target), ``point`` (``kind`` at the point) or ``facing``."""

    kind: str
    choice: Choice

    @property
    def figure(self) -> str | None:
        return self.choice.actions[0].figure if self.choice.actions else None


class PlayMode(Mode):
    """The game screen."""

    name = "play"

    def __init__(
        self, session: Session, *, pace: float = 0.6, autosave: Path | None = None,
        save_path: Path | None = None,
    ) -> None:  # fmt: skip
        self.session = session
        self.pace = pace
        self.autosave_path = autosave
        self.files = SaveDialogs(save_path)
        self.panel = SidePanel()
        self.tool: Tool | None = None
        self.plan: MovePlan | None = None
        self.labels: dict[str, TargetLabel] = {}
        self.hovered: str | None = None  # the target under the cursor
        self.inspected: str | None = None  # a figure clicked to read its card
        self.cursor: tuple[float, float] | None = None
        self.last_person: str | None = None  # the side of the person who decided last
        self.handoff = HandOff()
        self.end = EndScreen()
        self.ai_wait = 0.0
        self.dialog: Any = None
        self._drawn: tuple[str, int] | None = None  # the position the bar and board show
        self.dialog_purpose = ""
        self._saved_at = -math.inf
        self.confirm: Any = None  # the "leave the game?" question, while it is open
        self.leaving = False
        self._log_viewer: str | None = None  # whose log the panel shows (log_for)
        self._log_seen: tuple[int, str | None] = (-1, None)

    # -- the contract with the shell ----------------------------------------------------
    def attach(self, app: ViewApp) -> None:
        super().attach(app)
        app.field = field_of(self.session.state, self.session.viewer())

    def bar(self) -> Sequence[tuple[str, int]]:
        return PLAY_BAR

    def insets(self) -> tuple[int, int]:
        return (0, PANEL_WIDTH)

    def layout(self) -> list[Any]:
        widgets: list[Any] = [self.panel.build(self.app.manager, self.app.size)]
        self._drawn = None  # the bar is new: fill it again
        self.handoff.relayout(self.app)
        self.end.relayout(self.app)
        return widgets

    def title(self) -> str:
        return text("play.title", name=self.app.field.name)

    def help_body(self) -> str:
        return text("help.play")

    def status(self) -> str | None:
        if self.app.message:
            return self.app.message
        if self.tool is not None:
            return text(f"tool.{'target' if self.tool.kind == 'facing' else self.tool.kind}")
        return None

    def selected(self) -> frozenset[str]:
        shown = self.inspected or self._decider()
        return frozenset({shown}) if shown else frozenset()

    def may_quit(self) -> bool:
        """A game in progress asks first (it is kept by the autosave either way)."""
        if self.leaving or self.session.over or not self.session.state.history:
            return True
        if not alive(self.confirm):
            self.confirm = dialogs.confirm_dialog(
                self.app.manager, self.app.size, text("play.quit_title"),
                text("play.quit_body"), text("play.quit_ok"),
            )  # fmt: skip
        return False

    # -- events -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        confirmed = event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED
        if confirmed and event.ui_element is self.confirm:
            self.leaving = True
            self.app.quit()
            return True
        if self.handoff.open or self.end.open:
            return self._screen_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.panel.buttons:
            self.choose(self.panel.buttons[event.ui_element])
            return True
        picked = self.files.picked(event)
        if picked is not None:
            purpose, path = picked
            if purpose == "save":
                self.save(path)
            else:
                self.load(path)
            return True
        if event.type == pygame.KEYDOWN and not consumed:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION and self.app._over_view(event.pos):
            self._hover(self.app.camera.to_k(self.app._view_point(event.pos)))
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and not consumed
            and not self.app.nav.space_down
            and self.app._over_view(event.pos)
        ):
            self.click(self.app.camera.to_k(self.app._view_point(event.pos)))
            return True
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_z:
            self.undo()
        elif ctrl and event.key == pygame.K_s:
            self.save_dialog()
        elif ctrl and event.key == pygame.K_o:
            self.load_dialog()
        elif event.key in (pygame.K_q, pygame.K_e) and not ctrl:
            self.turn(TURN_STEP if event.key == pygame.K_q else -TURN_STEP)
        elif event.key == pygame.K_ESCAPE and (self.tool is not None or self.inspected):
            self.drop_tool()
            self.inspected = None
        else:
            return False
        return True

    def button(self, name: str) -> bool:
        actions = {"save": self.save_dialog, "load": self.load_dialog, "undo": self.undo}
        if name in actions:
            actions[name]()
            return True
        return False

    # -- deciding -----------------------------------------------------------------------
    def choose(self, choice: Choice) -> None:
        """A bar button: play its one decision, or arm the tool that picks among them."""
        actions = choice.actions
        if not actions:
            self.app._say(text("play.refused", reason=told(choice.entry.reason or "")))
            return
        first = actions[0]
        pending = self.session.pending.kind
        if first.kind in STRIDES and pending in (PendingKind.ACT, PendingKind.REACT_ACT):
            self.tool = Tool("move", choice)
        elif first.kind == "girar":
            self.tool = Tool("facing", choice)
        elif all(a.point is not None for a in actions):
            self.tool = Tool("point", choice)
        elif all(a.target is not None for a in actions):  # the breakdown before the click
            self.tool = Tool("target", choice)
            self._aim(choice)
        else:
            self.decide(first)
            return
        self.plan = None
        if self.cursor is not None:
            self._hover(self.cursor)

    def _aim(self, choice: Choice) -> None:
        """Label every enemy for an attack (a preview each), or only its targets."""
        first = choice.actions[0]
        actor = first.figure
        labels: dict[str, TargetLabel] = {}
        if actor is not None and choice.entry.group == "combat":
            labels = {
                lab.target: lab for lab in aim(self.session.state, actor, first.kind, first.item)
            }
        for action in choice.actions:  # answers, helpers: the targets the list gives
            if action.target is not None and action.target not in labels:
                labels[action.target] = TargetLabel(action.target, action, None, None)
        self.labels = labels

    def click(self, point: tuple[float, float]) -> None:
        """A left click on the board at ``point`` (K)."""
        tool = self.tool
        if tool is None:
            self._pick_figure(point)
        elif tool.kind == "move":
            plan = self.plan or self._plan(point)
            if plan is not None and plan.action is not None:
                self.decide(plan.action)
            elif plan is not None:
                self.app._say(text("play.refused", reason=told(plan.refusal or "")))
        elif tool.kind == "point":
            first = tool.choice.actions[0]
            chosen = Action(first.kind, first.figure, point=point, item=first.item)
            self.decide(chosen)
        elif tool.kind == "facing" and tool.figure is not None:
            here = self.session.state.figures[tool.figure].position
            facing = math.degrees(math.atan2(point[1] - here[1], point[0] - here[0])) % 360.0
            self.decide(Action("girar", tool.figure, facing=round(facing, 3)))
        elif tool.kind == "target":
            self._pick_target(point)

    def _pick_target(self, point: tuple[float, float]) -> None:
        assert self.tool is not None
        picked = self._figure_at(point)
        label = self.labels.get(picked or "")
        if label is None:
            return
        if label.reason is not None:
            self.app._say(text("play.refused", reason=told(label.reason)))
            return
        self.decide(label.action)

    def _pick_figure(self, point: tuple[float, float]) -> None:
        """No tool: a click on a figure takes the decision that names it (activate it,
        roll with it, react with it), else shows its card."""
        picked = self._figure_at(point)
        if picked is None:
            self.inspected = None
            return
        named = [a for a in self.session.state.legal_actions() if a.figure == picked]
        kinds = {a.kind for a in named}
        if len(named) == 1 and kinds <= {"activate", "initiative", "react"}:
            self.decide(named[0])
            return
        self.inspected = picked

    def decide(self, action: Action) -> bool:
        """Take a person's decision; a refusal is said, and nothing changes."""
        seat = self.session.seat()
        if seat is None or not seat.person:
            return False
        try:
            self.session.decide(action)
        except IllegalActionError as exc:
            self.app._say(text("play.refused", reason=told(exc.reason)))
            return False
        self.last_person = seat.side
        self._after()
        return True

    def turn(self, degrees: float) -> None:
        """Q/E: the acting figure turns by ``degrees`` (free, in its own activation)."""
        pending = self.session.pending
        if pending.kind is not PendingKind.ACT or pending.figure is None:
            return
        facing = (self.session.state.figures[pending.figure].facing + degrees) % 360.0
        self.decide(Action("girar", pending.figure, facing=facing))

    def undo(self) -> None:
        refusal = self.session.undo_refusal()
        if refusal is not None:
            self.app._say(text("play.no_undo", reason=told(refusal)))
            return
        action = self.session.undo()
        self.app._say(text("play.undone", action=action.kind))
        self._after(autosave=True)

    def drop_tool(self) -> None:
        self.tool, self.plan, self.labels, self.hovered = None, None, {}, None

    def _autosave_due(self) -> bool:
        """An AI's decisions are kept every AI_AUTOSAVE seconds (a save takes tens of ms,
        as long as a frame or more); a person's, and the end, at once."""
        return self.session.over or time.monotonic() - self._saved_at >= AI_AUTOSAVE

    def _after(self, autosave: bool = True) -> None:
        """The game changed: drop the tool, redraw, keep it safe, maybe hand over."""
        self.drop_tool()
        self.inspected = None
        self.app.field = field_of(self.session.state, self.session.viewer())
        if autosave and self.autosave_path is not None:
            with contextlib.suppress(OSError):  # a failed autosave must not stop the game
                self.session.save(self.autosave_path)
            self._saved_at = time.monotonic()
        if self.session.over:
            self.end.show(self.app, self.session)
        elif self.session.hand_off(self.last_person):
            side = self.session.pending.side or ""
            self.handoff.show(self.app, side)

    # -- the cursor ---------------------------------------------------------------------
    def _hover(self, point: tuple[float, float]) -> None:
        self.cursor = point
        tool = self.tool
        if tool is None:
            return
        if tool.kind == "move":
            self.plan = self._plan(point)
        elif tool.kind == "target":
            self.hovered = self._figure_at(point)

    def _plan(self, point: tuple[float, float]) -> MovePlan | None:
        figure = self.tool.figure if self.tool is not None else None
        if figure is None:
            return None
        width, height = self.session.state.scenario.battlefield.size
        inside = (min(max(point[0], 0.0), width), min(max(point[1], 0.0), height))
        return plan_move(self.session.state, figure, inside)

    def _figure_at(self, point: tuple[float, float]) -> str | None:
        key = hit_test(self.app.field, point, PICK_TOLERANCE_PX / self.app.camera.scale)
        return key if key is not None and key in self.session.state.figures else None

    # -- each frame ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.handoff.open:  # nothing of the next person's position shows yet
            self.panel.show("banner", text("handoff.title", side=self.handoff.side))
            self.panel.show("card", "")
            if self._drawn is not None:
                self._drawn = None
                self.panel.fill_bar(self.app.manager, [])
            return
        if self.end.open:
            self._refresh()
            return
        session = self.session
        if session.ai_to_decide():
            self.ai_wait += dt
            if self.ai_wait >= self.pace:
                self.ai_wait = 0.0
                session.play_ai()
                self._after(autosave=self._autosave_due())
        self._refresh()

    def _refresh(self) -> None:
        """Bring the panel in step with the game (the bar only when the game moved)."""
        if self.tool is not None:
            self.app.hover = None  # a hovered figure's CdV would cover the tool's drawing
        session = self.session
        state = session.state
        self.panel.show("banner", banner(session))
        shown = self._card_figure()
        if self.tool is not None and self.tool.kind == "target" and self.hovered in self.labels:
            self.panel.show("card", self._breakdown(self.labels[self.hovered]))
        elif shown is not None:
            self.panel.show("card", card(state, shown))
        else:
            self.panel.show("card", "")
        viewer = session.viewer()
        if viewer != self._log_viewer:  # another reader: its own log (Invisible)
            self._log_viewer = viewer
            self.panel.reset_log()
        if self._log_seen != (len(state.log), viewer):  # (log_for reads the whole log)
            self._log_seen = (len(state.log), viewer)
            self.panel.show_log(log_for(state, viewer))
        key = (state.hash(), len(state.history))
        if key != self._drawn:
            self._drawn = key
            self.panel.fill_bar(self.app.manager, self._buttons())

    def _breakdown(self, label: TargetLabel) -> str:
        if label.preview is None:
            return text("breakdown.refused", target=label.target, reason=told(label.reason or ""))
        name = self.tool.choice.entry.name if self.tool is not None else label.action.kind
        return breakdown(name, label.preview)

    def _buttons(self) -> list[Choice]:
        seat = self.session.seat()
        if seat is None or not seat.person:
            return []
        decider = self._decider()
        state = self.session.state
        pending = self.session.pending.kind
        if decider is not None and pending in (PendingKind.ACT, PendingKind.REACT_ACT):
            return choices(action_bar(state, decider), board_picks)
        return choices(plain_entries(state.legal_actions()), board_picks)

    def _decider(self) -> str | None:
        pending = self.session.pending
        return pending.figure

    def _card_figure(self) -> str | None:
        figure = self.inspected or self._decider()
        return figure if figure in self.session.state.figures else None

    # -- drawing ------------------------------------------------------------------------
    def draw(self, view: pygame.Surface) -> None:
        if self.handoff.open:
            view.fill((24, 26, 30))  # the board stays hidden until the next person is in
            return
        shapes: list[Any] = []
        state = self.session.state
        decider = self._decider()
        if decider in state.figures:
            figure = state.figures[decider]
            shapes += acting_shapes(figure.position, figure.radius)
        if self.tool is not None and self.tool.kind == "move" and self.plan is not None:
            shapes += move_of(self.plan)
        if self.tool is not None and self.tool.kind == "target":
            hovered = (
                state.figures[self.hovered].position if self.hovered in state.figures else None
            )
            shapes += template_of(state, self.tool.choice.actions[0], hovered)
            shapes += target_shapes(captions(state, self.labels), hovered)
        if shapes:
            self.app.painter.draw(view, shapes, self.app.camera, table=self.app.field.size)

    # -- saving and loading -------------------------------------------------------------
    def save_dialog(self) -> None:
        self.files.ask(self.app, "save")

    def load_dialog(self) -> None:
        self.files.ask(self.app, "load")

    def save(self, path: Path) -> bool:
        try:
            self.session.save(path)
        except OSError as exc:
            self.app._say(text("play.save_failed", path=path.name, reason=exc.strerror or exc))
            return False
        self.files.path = path
        self.app._say(text("play.saved", path=path.name))
        return True

    def load(self, path: Path) -> bool:
        """Load a save; a file that cannot be read opens a window naming the file, the
        place in it and the problem, and the game on screen stays."""
        try:
            session = Session.load(path, self.session.seats)
        except DataError as exc:
            body = "<br>".join(str(p) for p in exc.problems)
            dialogs.message_window(
                self.app.manager, self.app.size, text("play.load_failed", path=path.name), body
            )
            return False
        self.session = session
        self.files.path = path
        self.last_person = None
        self.end.close()
        self.app._say(text("play.loaded", path=path.name))
        self._after(autosave=False)
        return True

    # -- the screens over the board -----------------------------------------------------
    def _screen_event(self, event: pygame.event.Event) -> bool:
        if self.handoff.open:
            if self.handoff.answer(event):
                self.last_person = self.session.pending.side
            return True
        choice = self.end.answer(event)
        if choice == "save":
            self.save_dialog()
            self.end.close()
        elif choice == "replay":
            self.end.close()
            self.app.switch(ReplayMode.of_game(self.session.state, back=self))
        elif choice == "rematch":
            self.rematch()
        return True

    def rematch(self) -> None:
        """A new game on the same map, the same seats, the next seed."""
        state = self.session.state
        seed = state.scenario.seed + 1
        scenario = state.scenario.with_seed(seed)
        self.session = Session(scenario.new_game(), self.session.seats, seed)
        self.end.close()
        self.last_person = None
        self._after(autosave=False)
