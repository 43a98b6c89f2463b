"""Placeholder: filled in by the work on these actions."""

from __future__ import annotations

from wartime.engine.sequence import Handler

HANDLERS: dict[str, Handler] = {}
