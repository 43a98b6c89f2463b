"""Resonador (BONUS Y MALUS): a neuromante casts its invocaciones from the bearer.

n (the neuromante, side A) stands far from everyone; r (side A, Resonador) stands 2 K
from e (side B).  The invocación reaches 3 K (ALC 3).  See entries/resonator.py.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState, IllegalActionError
from wartime.engine.core.profiles import Metaability, Trait

from .engine_support import do, profile, rolls, scenario, started, users_of

CALL = Metaability("llamada", ene=2, alc=3, cal=5, attribute="INT", grants=(Trait("Refuerzo"),))
FROM_R = Action("usar", "n", target="e", item="llamada", options=("Resonador (r)",))


def _game(faces: list[int], relay_side: str = "A") -> GameState:
    neuromante = replace(profile("n"), metaabilities=(CALL,), traits=users_of(CALL))
    relay = replace(profile("r", vol=4), traits=(Trait("Resonador"),))
    units = [("n", "A", (2.0, 2.0), 0.0), ("r", relay_side, (20.0, 10.0), 0.0),
             ("e", "B", (23.0, 10.0), 180.0)]  # fmt: skip
    scn = scenario(units, profiles={"n": neuromante, "r": relay})
    return started(scn, [*faces, *[5] * 10], first="n", second="e")


def test_the_invocation_is_offered_and_reaches_from_the_bearer() -> None:
    """Resonador: e is 20 K from the neuromante but 2 K from r: cast from r, it reaches;
    r gains 1 stress and makes a CH PSI."""
    state = _game([3, 3])  # n's CH INT passes; r's CH PSI passes
    assert FROM_R in state.legal_actions()
    events = do(state, FROM_R)
    assert rolls(events, "CH INT (llamada)") and state.figures["r"].stress == 1
    assert rolls(events, "CH PSI (Resonador)")
    assert any(e.kind == "resonator" for e in events)


def test_without_the_bearer_it_is_out_of_reach() -> None:
    state = _game([3])
    with pytest.raises(IllegalActionError, match=r"not in n's CdV|reaches ALC"):
        state.apply(replace(FROM_R, options=()))


def test_a_bearer_of_the_other_side_may_resist() -> None:
    """Resonador: an enemy bearer resists with a CH VOL ENF; won, nothing is cast."""
    state = _game([8, 2], relay_side="B")  # the CH VOL ENF first: n 8 fails, r 2 passes
    ene = state.figures["n"].ene
    events = do(state, replace(FROM_R, target="r"))
    assert any(e.kind == "resisted" and e.data["figure"] == "r" for e in events)
    assert state.figures["n"].ene == ene - 2 and state.figures["r"].stress == 0


@pytest.mark.parametrize(
    ("options", "words"),
    [(("Resonador (e)",), "e is no figure in play that carries it"),
     (("Resonador (n)",), "no figure in play that carries it")],
)  # fmt: skip
def test_only_a_bearer_relays(options: tuple[str, ...], words: str) -> None:
    state = _game([3])
    before = state.hash()
    with pytest.raises(IllegalActionError, match=words):
        state.apply(replace(FROM_R, options=options))
    assert state.hash() == before
