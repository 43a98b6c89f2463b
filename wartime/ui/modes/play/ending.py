"""The screens that cover the board: the hot-seat hand-off and the end of the game.

The hand-off hides the board until the next person says it is their turn, so that
neither sees the other's choices.  The end names the winner (or a draw), the turn, and
each side's casualties with the points they were worth; from there the players save,
watch the replay or start a rematch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIPanel, UITextBox

from wartime.engine import casualty_points
from wartime.engine.ai import casualties
from wartime.play import Session
from wartime.ui.dialogs import centred
from wartime.ui.strings import text
from wartime.ui.widgets import kill

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp

WIDTH, HEIGHT = 460, 230


class HandOff:
    """ "Side B's turn": one button, and the board stays hidden until it is pressed."""

    def __init__(self) -> None:
        self.side: str | None = None
        self.panel: UIPanel | None = None
        self.go: UIButton | None = None

    @property
    def open(self) -> bool:
        return self.side is not None

    def show(self, app: ViewApp, side: str) -> None:
        self.side = side
        self.relayout(app)

    def relayout(self, app: ViewApp) -> None:
        kill(self.panel)
        self.panel = self.go = None
        if self.side is None:
            return
        manager = app.manager
        self.panel = UIPanel(centred(app.size, WIDTH, HEIGHT), starting_height=20, manager=manager)
        UITextBox(
            f"<b>{text('handoff.title', side=self.side)}</b><br><br>"
            + text("handoff.body", side=self.side),
            pygame.Rect(10, 10, WIDTH - 26, 120), manager, container=self.panel,
        )  # fmt: skip
        self.go = UIButton(
            pygame.Rect(10, 150, WIDTH - 26, 40), text("handoff.go", side=self.side), manager,
            container=self.panel,
        )  # fmt: skip

    def answer(self, event: pygame.event.Event) -> bool:
        """True when this event lets the next person in (the button, or Enter)."""
        pressed = event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.go
        entered = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if pressed or entered:
            self.close()
            return True
        return False

    def close(self) -> None:
        kill(self.panel)
        self.panel = self.go = None
        self.side = None


class EndScreen:
    """The end of the game: who won, the turn, the casualties and points."""

    def __init__(self) -> None:
        self.summary: str | None = None
        self.panel: UIPanel | None = None
        self.buttons: dict[Any, str] = {}

    @property
    def open(self) -> bool:
        return self.summary is not None

    def show(self, app: ViewApp, session: Session) -> None:
        self.summary = summary(session)
        self.relayout(app)

    def relayout(self, app: ViewApp) -> None:
        kill(self.panel)
        self.panel, self.buttons = None, {}
        if self.summary is None:
            return
        manager = app.manager
        self.panel = UIPanel(
            centred(app.size, WIDTH, HEIGHT + 20), starting_height=20, manager=manager
        )
        UITextBox(self.summary, pygame.Rect(10, 10, WIDTH - 26, 140), manager, container=self.panel)
        width = (WIDTH - 26 - 20) // 3
        for i, name in enumerate(("save", "replay", "rematch")):
            button = UIButton(
                pygame.Rect(10 + i * (width + 10), 170, width, 40), text(f"end.{name}"), manager,
                container=self.panel,
            )  # fmt: skip
            self.buttons[button] = name

    def answer(self, event: pygame.event.Event) -> str | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.buttons.get(event.ui_element)
        return None

    def close(self) -> None:
        kill(self.panel)
        self.panel, self.buttons, self.summary = None, {}, None


def summary(session: Session) -> str:
    """The end's text (HTML): the winner or a draw, the turn, casualties and points."""
    pending = session.pending
    lost = casualties(session.state)  # the figures each side has lost
    # the points each side lost are the ones the other side took (the turn limit's count)
    points = {"A": casualty_points(session.state, "B"), "B": casualty_points(session.state, "A")}
    head = (
        text("end.winner", side=pending.winner) if pending.winner is not None else text("end.draw")
    )
    return "<br>".join(
        (
            f"<b>{text('end.title')}: {head}</b>",
            text("end.turn", turn=pending.turn),
            text(
                "end.casualties",
                a=lost.get("A", 0),
                pa=points.get("A", 0),
                b=lost.get("B", 0),
                pb=points.get("B", 0),
            ),
        )
    )
