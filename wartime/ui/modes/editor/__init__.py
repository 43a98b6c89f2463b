"""The map editor mode (``wartime edit``): its state, tools, side panel and files.

:mod:`.mode` joins the parts into :class:`EditorMode`; :func:`run_editor`
opens it in the shell.
"""

from wartime.ui.modes.editor.mode import EditorMode, run_editor

MODE = EditorMode

__all__ = ["MODE", "EditorMode", "run_editor"]
