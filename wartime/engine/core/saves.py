"""Saved games (``wartime_save: 1``): the scenario, the seed, the actions and the hash.

The scenario's files are embedded as text, so a save replays anywhere and
even after the map or armies change.  Loading replays every action and
verifies the final hash (DESIGN.md §3).  The save says which version of the hash it
holds (``hash_version``; a save without it holds version 1): one written with another
version still replays, and says that its hash could not be checked.

Save hash versions: 1 and 2 are ``GameState.hash()`` of that version alone; 3 is
``GameState.hash()`` (version 2) and the save's whole ``scenario`` block together
(:func:`save_hash`), so a changed map or army text, name, list, seed or ruleset fails
verification even where it leaves the game's state alone.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from wartime.engine.core.action import Action, MalformedActionError
from wartime.engine.core.scenario import Ruleset, Scenario, scenario_from_texts
from wartime.engine.core.state import HASH_VERSION, GameState
from wartime.errors import DataError, IllegalActionError, Problem
from wartime.formats.document import Document, read_document
from wartime.formats.files import write_atomic
from wartime.formats.schema import Checker, describe
from wartime.geometry.noise import NoiseRule
from wartime.i18n import Message, Reason, say

VERSION = 1
SAVE_HASH_VERSION = 3
# The GameState hash version each save hash version is made of.  A new GameState hash
# version needs a new save hash version here, or its saves would read as the old kind.
_STATE_HASH_OF = {2: 2, SAVE_HASH_VERSION: 2}


def save_hash(state_hash: str, scenario: Any) -> str:
    """The hash of save hash version 3: the game's state and the scenario block as saved."""
    blob = json.dumps({"state": state_hash, "scenario": scenario}, sort_keys=True, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def save_data(state: GameState) -> dict[str, Any]:
    scenario = state.scenario
    ruleset = scenario.ruleset
    block = {
        "names": dict(scenario.source.get("names", {})),
        "lists": dict(scenario.source.get("lists", {})),
        "texts": dict(scenario.source.get("texts", {})),
        "seed": scenario.seed,
        "ruleset": {
            "noise_wall_rule": ruleset.noise_wall_rule.value,
            "line_width": ruleset.line_width,
            "turn_limit": ruleset.turn_limit,
        },
    }
    return {
        "wartime_save": VERSION,
        "scenario": block,
        "actions": [a.to_data() for a in state.history],
        "hash": save_hash(state.hash(), block),
        "hash_version": SAVE_HASH_VERSION,
    }


def save_game(state: GameState, path: str | Path) -> None:
    """Write atomically; a scenario built in code (no texts) cannot be saved."""
    if not state.scenario.source.get("texts"):
        raise ValueError(
            "this scenario was built in code: only scenarios loaded from files can be saved"
        )
    text = yaml.safe_dump(save_data(state), allow_unicode=True, sort_keys=False, width=100)
    write_atomic(Path(path), text)


@dataclass(frozen=True)
class Replayed:
    """A saved game replayed: the state, why its hash could not be checked (or None),
    and, when it was replayed without ``verify``, the hash mismatch found (or None)."""

    state: GameState
    unchecked: Message | None = None
    mismatch: Problem | None = None


def load_game(path: str | Path, verify: bool = True) -> GameState:
    """Replay a saved game; a changed history or scenario gives a DataError naming the file."""
    return replay_save(path, verify).state


def replay_save(path: str | Path, verify: bool = True) -> Replayed:
    """Replay a saved game and check its final hash when the save's hash version is one
    this program computes.  With ``verify`` a mismatch is a DataError naming the file;
    without it, the mismatch is returned in :attr:`Replayed.mismatch`.

    Every problem, a damaged embedded map or army included, is located in the save:
    its file, the key path inside it and, for an embedded text, the place in that text.
    """
    doc = read_document(path)
    file = str(path)
    if not isinstance(doc.data, dict) or doc.data.get("wartime_save") != VERSION:
        raise DataError([Problem(file, "", say("problem.saves.not_save", version=VERSION))])
    form = _SaveReader(doc).read()
    scenario = _scenario(doc, form)
    actions = []
    for index, raw in enumerate(form.actions):
        try:
            actions.append(Action.from_data(raw))
        except MalformedActionError as exc:
            where = f"actions[{index}]" + (f".{exc.field}" if exc.field else "")
            raise DataError([doc.problem(where, exc.detail)]) from None
    state = scenario.new_game()
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except IllegalActionError as exc:
            # the engine's refusal nested as it is, worded in the reader's language
            refused = say("problem.saves.unreplayable", why=exc.reason)
            raise DataError([doc.problem(f"actions[{index}]", refused)]) from None
    if _STATE_HASH_OF.get(form.hash_version) != HASH_VERSION:
        return Replayed(
            state,
            say("problem.saves.hash_version", saved=form.hash_version, ours=SAVE_HASH_VERSION),
        )
    if form.hash_version == SAVE_HASH_VERSION:
        replayed = save_hash(state.hash(), doc.data["scenario"])
        key = "problem.saves.mismatch_scenario"
    else:  # version 2, the state alone
        replayed, key = state.hash(), "problem.saves.mismatch"
    if replayed != form.hash:
        mismatch = doc.problem(
            "hash",
            say("problem.saves.mismatch_scenario", replayed=replayed, saved=str(form.hash))
            if key == "problem.saves.mismatch_scenario"
            else say("problem.saves.mismatch", replayed=replayed, saved=str(form.hash)),
        )
        if verify:
            raise DataError([mismatch])
        return Replayed(state, mismatch=mismatch)
    return Replayed(state)


@dataclass(frozen=True)
class _Form:
    """A save's fields, each of the type it must have."""

    texts: dict[str, str]
    names: dict[str, str]
    lists: dict[str, str]
    seed: int
    ruleset: Ruleset
    actions: list[Any]
    hash: Any
    hash_version: int


_TOP = ("wartime_save", "scenario", "actions", "hash", "hash_version")
_SCENARIO = ("names", "lists", "texts", "seed", "ruleset")
_RULESET = ("noise_wall_rule", "line_width", "turn_limit")
_TEXT_KEYS = re.compile(r"map|army:[AB]|linked:.+")


class _SaveReader(Checker):
    """Checks the form of a save before anything is built from it: every field wrong is
    reported at its place, never met later as a crash."""

    def strings(self, raw: Any, path: str, keys: re.Pattern[str] | None = None) -> dict[str, str]:
        """A mapping of text to text (``keys``: the form each key must have)."""
        if raw is None:
            return {}
        if not isinstance(raw, dict):
            self.error(path, say("problem.schema.not_mapping", got=describe(raw)))
            return {}
        out = {}
        for key, value in raw.items():
            where = f"{path}.{key}"
            if not isinstance(key, str) or (keys is not None and not keys.fullmatch(key)):
                self.error(where, say("problem.saves.unknown_key", key=repr(key)))
            elif not isinstance(value, str):
                self.error(where, say("problem.saves.not_text", got=describe(value)))
            else:
                out[key] = value
        return out

    def ruleset(self, raw: Any) -> Ruleset:
        default = Ruleset()
        fields = self.mapping(raw, "scenario.ruleset", _RULESET) if raw is not None else {}
        fields = fields or {}
        rule = fields.get("noise_wall_rule", default.noise_wall_rule.value)
        if rule not in {r.value for r in NoiseRule}:
            allowed = ", ".join(r.value for r in NoiseRule)
            path = "scenario.ruleset.noise_wall_rule"
            what = say("phrase.map.noise_rule")
            self.error(
                path,
                say("problem.map.unknown_choice", what=what, value=repr(rule), allowed=allowed),
            )
            rule = default.noise_wall_rule.value
        width = self.number(
            fields.get("line_width", default.line_width), "scenario.ruleset.line_width"
        )
        if width is not None and not (math.isfinite(width) and width > 0):
            above = say("phrase.map.above_0")
            self.error(
                "scenario.ruleset.line_width",
                say("problem.map.not_allowed", value=width, bound=above),
            )
        limit = self.integer(
            fields.get("turn_limit", default.turn_limit), "scenario.ruleset.turn_limit"
        )
        if limit is not None and limit < 1:
            self.error("scenario.ruleset.turn_limit", say("problem.map.turn_limit", value=limit))
        return Ruleset(
            NoiseRule(rule),
            width if width is not None and width > 0 else default.line_width,
            limit if limit is not None and limit >= 1 else default.turn_limit,
        )

    def read(self) -> _Form:
        data = self.doc.data
        self.mapping(data, "", _TOP, ("scenario", "actions"))
        raw = data.get("scenario")
        fields = self.mapping(raw, "scenario", _SCENARIO, ("texts", "names", "seed")) or {}
        texts = self.strings(fields.get("texts"), "scenario.texts", _TEXT_KEYS)
        names = self.strings(fields.get("names"), "scenario.names", _TEXT_KEYS)
        lists = self.strings(fields.get("lists"), "scenario.lists", re.compile("[AB]"))
        if isinstance(fields.get("texts"), dict) and "map" not in fields["texts"]:
            self.error("scenario.texts", say("problem.saves.no_map"))
        for key in texts:
            if "names" in fields and key not in names:
                self.error("scenario.names", say("problem.saves.no_name", key=key))
        seed = self.integer(fields.get("seed", 0), "scenario.seed")
        ruleset = self.ruleset(fields.get("ruleset"))
        actions = self.sequence(data.get("actions"), "actions")
        version = data.get("hash_version", 1)  # saves from before the field hold version 1
        if type(version) is not int or version < 1:
            self.error("hash_version", say("problem.saves.bad_hash_version"))
        self.raise_errors()
        return _Form(
            texts, names, lists, seed or 0, ruleset, actions or [], data.get("hash"), version
        )


def _scenario(doc: Document, form: _Form) -> Scenario:
    """The scenario a save embeds; a problem in an embedded text is located in the save."""
    try:
        return scenario_from_texts(form.texts, form.names, form.seed, form.ruleset, form.lists)
    except DataError as exc:
        embedded: dict[str, str] = {}  # the name an embedded text was saved under -> its key
        for key, name in form.names.items():
            embedded.setdefault(name, key)
        raise DataError([_inside(doc, p, embedded) for p in exc.problems]) from None


def _inside(doc: Document, problem: Problem, embedded: dict[str, str]) -> Problem:
    """``problem``, found in a text the save embeds, located in the save itself: the
    save's file and the key of the text, then the place inside that text."""
    key = embedded.get(problem.file)
    if problem.path == "lists" or key is None:  # the lists chosen, or the scenario as a whole
        path = "scenario.lists" if problem.path == "lists" else "scenario"
        return Problem(doc.file, path, problem.message, doc.line(path), problem.severity)
    inner: Reason = ""
    if problem.line is not None:
        inner = say("phrase.saves.embedded_line", line=problem.line)
    if problem.path:
        inner = say("phrase.saves.inner", path=problem.path, inner=inner) if inner else problem.path
    message = (
        say("phrase.errors.located", where=inner, reason=problem.message)
        if inner
        else problem.message
    )
    path = f"scenario.texts.{key}"
    return Problem(doc.file, path, message, doc.line(path), problem.severity)
