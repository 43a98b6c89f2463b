"""The editor's state: the edited map in its history, the tool, the selection.

:class:`EditorState` is the base the editor's parts share (:mod:`.tools`,
:mod:`.panel`, :mod:`.files`, joined in :mod:`.mode`): each part is a mixin
over this state, so the parts stay in their own modules while the mode stays
one object plugged into the shell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog, UIMessageWindow

from wartime.board import edits, queries
from wartime.board.battlefield import SIDES, Battlefield, TerrainKind
from wartime.board.edits import EditError
from wartime.board.history import History
from wartime.board.shapes import Point
from wartime.errors import Problem, Severity
from wartime.i18n import Message, say
from wartime.ui.modes.base import Mode
from wartime.ui.strings import text
from wartime.ui.widgets import call

AUTOSAVE_SECONDS = 60.0


class EditorState(Mode):
    """What every part of the editor reads and writes; the edited map is ``self.history``."""

    name = "editor"

    # Built by the layout (the tool bar and the side panel).
    tool_buttons: dict[str, UIButton]
    kind_menu: UIDropDownMenu
    side_menu: UIDropDownMenu
    panel: UIPanel
    army_button: UIButton
    character_menu: UIDropDownMenu
    problem_list: UISelectionList
    error_box: UITextBox
    props_rect: Any

    def __init__(
        self,
        field: Battlefield,
        path: Path | None = None,
        *,
        autosave_dir: Path | None = None,
        autosave_interval: float = AUTOSAVE_SECONDS,
        offer_recovery: bool = True,
    ) -> None:
        self.history = History(field)
        self.path = path
        self.autosave_dir = autosave_dir
        self.autosave_interval = autosave_interval
        self.offer_recovery = offer_recovery
        self.tool = "select"
        self.selection: list[str] = []
        self.points: list[Point] = []  # the wall or polygon being drawn
        self.cursor: Point | None = None  # K, snapped when a drawing tool is active
        self.drag: dict[str, Any] | None = None
        self.terrain_kind = TerrainKind.DIFFICULT.value
        self.side = SIDES[0]
        self.characters: list[str] = []
        self.character: str | None = None
        self.army_name: str | None = None
        self.panel_error = ""
        self._since_autosave = 0.0
        self._autosaved: Battlefield = field
        self._last_click: tuple[int, tuple[int, int]] | None = None
        self._pending: Callable[[], object] | None = None
        self._force_quit = False
        self._typing_edit: tuple[str, str] | None = None  # (key, name) of the last typed edit
        self.confirm: UIConfirmationDialog | None = None
        self.message_window: UIMessageWindow | None = None
        self.file_dialog: UIFileDialog | None = None
        self.file_purpose = ""
        self._problems: tuple[int, list[edits.Issue]] = (-1, [])
        # The problems of the file as it was read (issue 16: a map with errors opens), and
        # how many of its elements could not be represented: shown until it is saved.
        self.file_problems: list[edits.Issue] = []
        self.left_out = 0
        self.unsaved: Any = None  # the Guardar / Descartar / Cancelar question
        self.unsaved_buttons: dict[str, Any] = {}
        self._after_save: Callable[[], object] | None = None
        self._problem_keys: dict[str, str] = {}
        self._panel_state: tuple[Any, ...] | None = None
        self._panel_widgets: list[Any] = []
        self.entries: dict[str, UITextEntryLine] = {}
        self.drops: dict[str, UIDropDownMenu] = {}

    # --- state -----------------------------------------------------------------------

    @property
    def field(self) -> Battlefield:
        return self.history.current

    def issues(self) -> list[edits.Issue]:
        version = self.app.field_version
        if self._problems[0] != version:
            self._problems = (version, [*self.file_problems, *edits.problems(self.field)])
        return self._problems[1]

    def set_file_problems(self, found: Sequence[Problem], left_out: int) -> None:
        """Show the problems of the file just read beside the live ones, until it is saved."""
        self.file_problems = [_file_issue(p) for p in found]
        self.left_out = left_out
        self._problems = (-1, [])

    def commit(self, field: Battlefield, selection: Sequence[str] | None = None) -> None:
        """Record an edit (one undo step) and show it."""
        self.history.push(field)
        self._typing_edit = None
        if selection is not None:
            self.selection = list(selection)
        self._show_current()

    def _show_current(self) -> None:
        self.app.field = self.history.current
        self.app.hover = None
        self.selection = [k for k in self.selection if self._exists(k)]

    def _exists(self, key: str) -> bool:
        return queries.exists(self.field, key)

    def _selected_item(self) -> Any:
        if len(self.selection) != 1:
            return None
        try:
            return queries.element(self.field, self.selection[0])[2]
        except EditError:
            return None

    def refuse(self, exc: EditError) -> None:
        self.app._say(text("editor.refused", reason=exc.text()))

    def set_tool(self, tool: str) -> None:
        self.tool = tool
        self.points = []
        self.drag = None
        self._sync_tools()

    def _sync_tools(self) -> None:
        for name, button in self.tool_buttons.items():
            call(button, "select" if name == self.tool else "unselect")

    # --- undo and redo ---------------------------------------------------------------

    def drop_file_problems(self) -> None:
        """The file now holds what the editor shows: its old problems are gone."""
        self.set_file_problems((), 0)

    def undo(self) -> None:
        self.points = []
        self.history.undo()
        self._typing_edit = None
        self._show_current()

    def redo(self) -> None:
        self.history.redo()
        self._typing_edit = None
        self._show_current()


def _file_issue(problem: Problem) -> edits.Issue:
    """A problem of the file as the Problems list shows it: where in the file, and why
    (worded when the list is drawn, in the language of the moment)."""
    severity = "warning" if problem.severity is Severity.WARNING else "error"
    message: Message | str = problem.message
    if problem.path:
        message = say("phrase.errors.located", where=problem.path, reason=message)
    if problem.line is None:
        return ("", severity, say("problem.file_no_line", message=message))
    return ("", severity, say("problem.file", line=problem.line, message=message))
