"""BONUS Y MALUS, Guardaespaldas (entries/guards.py): a bodyguard steps into the line of
fire of an attack declared at an ally within 3 K, played with scripted dice."""

from __future__ import annotations

from dataclasses import replace

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.profiles import Trait

from .engine_support import profile, refused, scenario, started

SHOT = Action("ataque_distancia", target="b", item="fusil")


def game(c_at: tuple[float, float], faces: tuple[int, ...] = ()) -> GameState:
    """a (A) shoots at b (B, CON 9) 11 K away; c (B) carries Guardaespaldas."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0),
        ("c", "B", c_at, 180.0),
    ]  # fmt: skip
    profiles = {
        "b": profile("b", con=9),
        "c": replace(profile("c", con=9), traits=(Trait("Guardaespaldas"),)),
    }
    return started(scenario(units, profiles=profiles), faces=[*faces, *[6, 5] * 8])


def test_guardaespaldas_takes_the_shot_aimed_at_an_ally_within_3_k() -> None:
    """BONUS Y MALUS, Guardaespaldas: the side attacked may have the bearer step in; the
    declared shot then goes at the bearer (CH IMP 3 hits it, its CH DEF 9 fails)."""
    state = game((21.0, 12.5), (3, 9, 5))
    events = state.apply(SHOT)
    assert state.pending.kind is PendingKind.RESPOND
    assert events[-1].data["guards"] == ["c"]
    assert Action("guardaespaldas", "c") in state.legal_actions()
    events = state.apply(Action("guardaespaldas", "c"))
    assert [e.data["target"] for e in events if e.kind == "hit"] == ["c"]
    assert state.figures["c"].wounds == 4 and state.figures["b"].wounds == 0


def test_no_bodyguard_beyond_3_k_nor_for_someone_else() -> None:
    """BONUS Y MALUS, Guardaespaldas: an ally farther than 3 K is not covered, and only a
    bodyguard the declaration named may step in."""
    far = game((21.0, 15.0))
    far.apply(SHOT)
    assert all(a.kind != "guardaespaldas" for a in far.legal_actions())
    near = game((21.0, 12.5))
    near.apply(SHOT)
    refused(near, Action("guardaespaldas", "b"), "cannot step in")
