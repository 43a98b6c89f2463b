"""The play screen's side panel: the banner (who decides what), the card of the figure
that decides (or an attack's breakdown while a target is hovered), the action bar and
the log.

The bar lists every action of the book for the figure that acts, grouped as the book
groups them; an action it cannot take now is a disabled button whose tooltip is the
engine's reason.  A kind with several decisions (weapons, targets, figures) gets one
button per decision, unless the board chooses among them (a target, a point).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UIPanel, UIScrollingContainer, UITextBox

from wartime.engine import Action, Event
from wartime.i18n import told
from wartime.play import BarEntry
from wartime.play.bar import OTHER
from wartime.ui.modes.play.words import action_label, entry_label
from wartime.ui.panels import panel_height, side_panel
from wartime.ui.strings import text
from wartime.ui.widgets import call

PANEL_WIDTH = 372
BANNER = 52
CARD = 190
ROW = 28
LOG_LINES = 80  # the log shows the last events only: a text box re-lays out all it holds
GROUPS = ("movement", "combat", "generic", "other")


@dataclass(frozen=True)
class Choice:
    """A button of the bar: the decisions it stands for (empty: greyed out)."""

    label: str
    entry: BarEntry
    actions: tuple[Action, ...]


def choices(entries: Sequence[BarEntry], board_picks: Callable[[BarEntry], bool]) -> list[Choice]:
    """The bar's buttons: one per entry whose decisions the board picks among (or that
    has one decision, or none), else one per decision."""
    out: list[Choice] = []
    for entry in entries:
        if len(entry.actions) <= 1 or board_picks(entry):
            out.append(Choice(entry_label(entry), entry, entry.actions))
            continue
        for action in entry.actions:
            out.append(Choice(action_label(entry.name, action), entry, (action,)))
    return out


def board_picks(entry: BarEntry) -> bool:
    """Whether the board picks among the entry's decisions: by target or by point."""
    actions = entry.actions
    if not actions:
        return False
    same_item = len({a.item for a in actions}) == 1
    return same_item and (
        all(a.target is not None for a in actions) or all(a.point is not None for a in actions)
    )


def plain_entries(actions: Sequence[Action]) -> list[BarEntry]:
    """The bar for decisions that are no figure's action (deploy, initiative, activate,
    react, respond, a question): one entry per kind."""
    by_kind: dict[str, list[Action]] = {}
    for action in actions:
        by_kind.setdefault(action.kind, []).append(action)
    return [BarEntry(kind, kind, OTHER, None, tuple(acts), None) for kind, acts in by_kind.items()]


class SidePanel:
    """The widgets at the right of the view; rebuilt on every layout."""

    def __init__(self) -> None:
        self.panel: UIPanel | None = None
        self.banner: UITextBox | None = None
        self.card: UITextBox | None = None
        self.bar: UIScrollingContainer | None = None
        self.log: UITextBox | None = None
        self.buttons: dict[object, Choice] = {}
        self._shown: dict[str, str] = {}
        self._log_size = -1
        self._held = 0

    def build(self, manager: Any, size: tuple[int, int]) -> UIPanel:
        height = panel_height(size)
        self.panel = side_panel(manager, size, PANEL_WIDTH)
        inner = PANEL_WIDTH - 12
        self.banner = UITextBox("", pygame.Rect(4, 4, inner, BANNER), manager, container=self.panel)
        self.card = UITextBox(
            "", pygame.Rect(4, 8 + BANNER, inner, CARD), manager, container=self.panel
        )
        rest = height - BANNER - CARD - 24
        bar_height = max(ROW * 3, rest * 11 // 20)
        self.bar = UIScrollingContainer(
            pygame.Rect(4, 12 + BANNER + CARD, inner, bar_height),
            manager,
            container=self.panel,
            allow_scroll_x=False,
        )
        top = 16 + BANNER + CARD + bar_height
        self.log = UITextBox(
            "", pygame.Rect(4, top, inner, max(ROW * 2, height - top - 8)), manager,
            container=self.panel,
        )  # fmt: skip
        self.buttons = {}
        self._shown = {}
        self._log_size = -1
        self._held = 0
        return self.panel

    def show(self, which: str, html: str) -> None:
        """Set the banner or the card, only when it changed (a text box lays out anew)."""
        box = {"banner": self.banner, "card": self.card}[which]
        if box is not None and self._shown.get(which) != html:
            self._shown[which] = html
            call(box, "set_text", html)

    def fill_bar(self, manager: Any, buttons: Sequence[Choice]) -> None:
        """Lay the buttons out under their groups' headings."""
        bar = self.bar
        if bar is None:
            return
        for element in list(self.buttons):
            call(element, "kill")
        for heading in getattr(self, "_headings", []):
            call(heading, "kill")
        self.buttons, self._headings = {}, []
        width = bar.get_container().get_rect().width - 16
        y = 0
        for group in GROUPS:
            mine = [c for c in buttons if c.entry.group == group]
            if not mine:
                continue
            heading = UILabel(
                pygame.Rect(0, y, width, ROW - 6), text(f"group.{group}"), manager,
                container=bar, object_id="#panel_kind",
            )  # fmt: skip
            self._headings.append(heading)
            y += ROW - 6
            for choice in mine:
                tip = told(choice.entry.reason) if choice.entry.reason else None
                button = UIButton(
                    pygame.Rect(0, y, width, ROW - 2), choice.label, manager, container=bar,
                    tool_tip_text=escape(tip) if tip else None,
                )  # fmt: skip
                if not choice.actions:
                    call(button, "disable")
                self.buttons[button] = choice
                y += ROW
        bar.set_scrollable_area_dimensions((width, max(y, 1)))

    def reset_log(self) -> None:
        """The next :meth:`show_log` fills the box afresh (another reader's log)."""
        self._log_size = -1

    def show_log(self, log: Sequence[Event]) -> None:
        """The last events, newest at the bottom.  New events are appended (laying out
        the whole box again costs tens of ms); the box is refilled with the last
        LOG_LINES when it holds twice as many, or when the log shrank (an undo, a load)."""
        if self.log is None or len(log) == self._log_size:
            return
        fresh = (
            0 <= self._log_size < len(log)
            and self._held + len(log) - self._log_size <= 2 * LOG_LINES
        )
        if fresh:
            lines = [_line(e) for e in log[self._log_size :]]
            call(self.log, "append_html_text", "<br>" + "<br>".join(lines))
            self._held += len(lines)
        else:
            lines = [_line(e) for e in log[-LOG_LINES:]]
            call(self.log, "set_text", "<br>".join(lines))
            self._held = len(lines)
        self._log_size = len(log)
        bar = getattr(self.log, "scroll_bar", None)
        if bar is not None:  # the newest line in sight
            call(bar, "set_scroll_from_start_percentage", 1.0)


def _line(event: Event) -> str:
    return escape(event.text).replace("→", "->")  # the arrow is not in the font
