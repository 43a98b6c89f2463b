"""The contract between the shell and a mode (view, editor; later play, replay...).

The shell (:class:`wartime.ui.shell.ViewApp`) owns the window, the one loop,
the camera, the painter, the static-layer cache, the pygame_gui manager and
the shared widgets (top bar, Escala/Recientes, status line, help, dialogs).
A mode is one object plugged into it; every method below has a default, so a
mode overrides only what it changes.  The plain battlefield view uses the
defaults as they are.

The shell calls, in this order:

* :meth:`attach` once when the mode is switched in (``app.switch(mode)``),
  then :meth:`bar`, :meth:`insets` and :meth:`layout` at every (re)layout;
* per event, :meth:`handle` before the shell (True: the mode used it), and
  :meth:`button` when a top-bar button is pressed;
* per frame, :meth:`update`, then :meth:`selected`, :meth:`problems` (what
  the renderer highlights), :meth:`draw` over the view, :meth:`status` and
  :meth:`title`;
* :meth:`may_quit` before closing and :meth:`guard` before an action that
  would drop the mode's work (opening a recent file).

A new mode is a new module (or package) in :mod:`wartime.ui.modes` that sets
``MODE`` to its class; :func:`wartime.ui.modes.registry` finds it by its
:attr:`name`, with no list to edit.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from wartime.ui.strings import text

if TYPE_CHECKING:
    from wartime.ui.shell import ViewApp

VIEW_BAR = (("open", 96), ("fit", 104), ("grid", 84), ("arcs", 76), ("help", 104))


class Mode:
    """What a mode adds to the shell's one loop; the plain battlefield view is this base.

    A mode lays out its own widgets around the view, sees every event first,
    draws over the view and may veto quitting.
    """

    name: ClassVar[str] = "view"
    app: ViewApp

    def attach(self, app: ViewApp) -> None:
        """The mode is switched into ``app`` (it may set ``app.field``)."""
        self.app = app

    def bar(self) -> Sequence[tuple[str, int]]:
        """The top bar's buttons as (name, width); their labels are ``bar.<name>``."""
        return VIEW_BAR

    def insets(self) -> tuple[int, int]:
        """Pixels the mode takes (below the top bar, at the right) from the view."""
        return (0, 0)

    def layout(self) -> list[Any]:
        """Build the mode's widgets for the window's size; the shell kills them on relayout."""
        return []

    def handle(self, event: pygame.event.Event, consumed: bool) -> bool:
        """See an event before the shell; True when the mode used it."""
        return False

    def button(self, name: str) -> bool:
        """A top-bar button was pressed; True when the mode handled it."""
        return False

    def update(self, dt: float) -> None:
        """Once per frame, after the events."""

    def draw(self, view: pygame.Surface) -> None:
        """Draw over the battlefield view (in view pixels)."""

    def selected(self) -> frozenset[str]:
        """Keys the renderer draws as selected."""
        return frozenset()

    def problems(self) -> frozenset[str]:
        """Keys the renderer outlines as wrong."""
        return frozenset()

    def status(self) -> str | None:
        """A status line replacing the view's, or None."""
        return None

    def title(self) -> str:
        return text("app.title_map", name=self.app.field.name)

    def help_body(self) -> str:
        return text("help.body")

    def may_quit(self) -> bool:
        """False to keep the window open (the mode asks the user first)."""
        return True

    def guard(self, action: Callable[[], object]) -> None:
        """Run ``action`` now, or once the user agrees to drop the mode's unsaved work."""
        action()

    def open_path(self, path: Path) -> bool:
        """Open the map at ``path`` (chosen in Recientes); True when it loaded."""
        return self.app.open_map(path)
