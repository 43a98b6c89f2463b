"""BONUS Y MALUS: Hielo (actions/mind.py) and Machina mors (entries/deathmachine.py).

ScriptedDice force every die, in the order the actions roll them.  A figure starts its
first activation with ENE CON + AGI = 8.
"""

from __future__ import annotations

import dataclasses

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.profiles import Profile, Trait

from . import engine_support as support
from .engine_support import profile, scenario, started

# -- Hielo -------------------------------------------------------------------------------------


def _traits(base: Profile, *traits: Trait, int_: int = 4) -> Profile:
    return dataclasses.replace(base, int_=int_, traits=traits)


def _hacked(b_traits: tuple[Trait, ...], faces: list[int]) -> GameState:
    """a (neuromante, INT 7) hacks b, 3 K away, who carries ``b_traits``."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0),
             ("z", "B", (35.0, 28.0), 90.0)]  # fmt: skip
    profiles = {"a": _traits(profile("a"), Trait("Neuromante"), int_=7),
                "b": _traits(profile("b"), *b_traits)}  # fmt: skip
    state = started(scenario(units, profiles=profiles), [*faces, *[5] * 8])
    state.apply(Action("corromper_hackear", target="b"))
    state.apply(Action("pass", "b"))  # no Huir: the hack resolves
    return state


def test_hielo_lets_a_plain_target_strike_back_at_three() -> None:
    """BONUS Y MALUS, Hielo: Combate mental against a Corromper / Hackear with INT, VOL
    and CAL 3; the blow is CH 3 and its stress DAÑ 3 − 4 (at least 1)."""
    # a's CH INT 5 (7) passes, b's CH VOL 9 fails: 3 stress; b's blow: CH 2 (3) passes,
    # a's CH VOL 9 fails: 1 stress.
    state = _hacked((Trait("Hielo"),), [5, 9, 2, 9])
    assert (state.pending.kind, state.pending.figure) == (PendingKind.RESPOND, "b")
    assert Action("combate_mental", "b", target="a") in state.legal_actions()
    events = state.apply(Action("combate_mental", "b", target="a"))
    (blow,) = support.rolls(events, "CH Hielo (Combate mental)")
    assert blow["target"] == 3 and blow["outcome"] == "pass"
    hit = next(e for e in events if e.kind == "mind_hit")
    assert hit.data["damage"] == 1 and state.figures["a"].stress == 1
    assert state.figures["b"].ene == -3  # outside its activation, as a reactor pays


def test_hielo_on_a_piece_of_gear_counts_too() -> None:
    """BONUS Y MALUS, Hielo: the entry sits on an object; its bearer is the one hacked."""
    state = _hacked((Trait("Hielo", weapon="fusil"),), [5, 9])
    assert (state.pending.kind, state.pending.figure) == (PendingKind.RESPOND, "b")


def test_without_hielo_a_plain_target_has_no_answer() -> None:
    """BONUS Y MALUS, Hielo (negative): no entry, no Combate mental for a plain target."""
    state = _hacked((), [5, 9])
    assert state.pending.kind is not PendingKind.RESPOND
    support.refused(state, Action("combate_mental", "b", target="a"), "react with, or pass")


# -- Machina mors ------------------------------------------------------------------------------

MORS = Trait("Machina mors", weapon="fusil")


def _watched(b_traits: tuple[Trait, ...] = (MORS,)) -> GameState:
    """a (A) crouches in b's CdV; c (A) and d (B, b's ally) stand in front of b too; e (B)
    stands behind b, out of its CdV."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0), ("c", "A", (12.0, 12.0), 0.0),
        ("b", "B", (21.0, 10.0), 180.0), ("d", "B", (18.0, 16.0), 180.0),
        ("e", "B", (30.0, 10.0), 180.0),
    ]  # fmt: skip
    profiles = {"b": _traits(profile("b"), *b_traits)}
    state = started(scenario(units, profiles=profiles))
    state.apply(Action("agacharse"))
    return state


def test_machina_mors_is_offered_to_a_bearer_that_may_react() -> None:
    """BONUS Y MALUS, Machina mors: the weapon may answer as a reaction."""
    state = _watched()
    assert state.pending.kind is PendingKind.REACT and "b" in state.window.candidates  # type: ignore[union-attr]
    assert Action("react", "b", item="fusil") in state.legal_actions()
    assert Action("react", "b", item="cuchillo") not in state.legal_actions()


def test_machina_mors_fires_at_everything_in_its_field_without_vol_or_ene() -> None:
    """BONUS Y MALUS, Machina mors: ENE 0, no CH VOL, every figure in its CdT (friend or
    foe, nearest first), each shot at CH IMP 4 with no shot modifiers."""
    state = _watched()
    state.dice.faces = [2, 9, 5, 5]  # type: ignore[attr-defined]  # d hit (CH DEF 9 fails)
    events = state.apply(Action("react", "b", item="fusil"))
    shots = support.rolls(events, "CH IMP (Machina mors)")
    assert [s["target"] for s in shots] == [4, 4, 4]
    assert all(not s["modifiers"] for s in shots)
    assert not support.rolls(events, "CH VOL (reacción)")
    hit = [e.data["target"] for e in events if e.kind == "hit"]
    missed = [e.data["target"] for e in events if e.kind == "miss"]
    assert hit == ["d"] and missed == ["c", "a"]  # e, behind b, is out of its CdT
    assert state.figures["d"].wounds > 0 and state.figures["b"].ene == 0
    assert state.window is None and state.pending.kind is PendingKind.ACT
    assert state.pending.figure == "a" and "b" not in state.bullet_time


def test_machina_mors_refusals() -> None:
    """BONUS Y MALUS, Machina mors (negative): only the armed weapon, only after the
    action (no early point)."""
    state = _watched()
    support.refused(state, Action("react", "b", item="cuchillo"), "no weapon 'cuchillo'")
    early = Action("react", "b", item="fusil", point=(12.0, 10.0))
    support.refused(state, early, "not on the path")
    plain = _watched(())
    assert Action("react", "b", item="fusil") not in plain.legal_actions()
    support.refused(plain, Action("react", "b", item="fusil"), "Machina mors")


def test_random_games_with_hielo_and_machina_mors() -> None:
    """BONUS Y MALUS, Hielo and Machina mors: seeded random games stay legal and replay."""
    a = _traits(profile("a"), Trait("Neuromante"), int_=7)
    b = _traits(profile("b"), MORS, Trait("Hielo"))
    d = _traits(profile("d"), Trait("Machina mors"))
    scn = support.two_pairs({"a": a, "b": b, "d": d}, 20.0, (20.0, 14.0))
    kinds = {(d.action.kind, d.action.item) for d in support.random_games(scn, 12)}
    assert ("react", "fusil") in kinds
