"""Spells that work on a body: Magia: resucitar and Magia: telekinesis (BONUS Y MALUS;
entries/necromancy.py).

The caster a (A, VOL 4) uses ataduras (CH VOL) from (10, 10); c is its ally; b (B) lies
taken out at (14, 10); z (B) stands far away so the game goes on.  A body has no will:
only the caster's CH VOL is rolled.
"""

from __future__ import annotations

import dataclasses

from wartime.engine import Action, GameState
from wartime.engine.core.figures import GONE
from wartime.engine.core.profiles import Metaability, Profile, Trait
from wartime.engine.entries import necromancy, revival
from wartime.engine.entries.necromancy import lapse

from . import engine_support as support


def spell(name: str, *entries: str) -> Metaability:
    return Metaability(name, ene=2, alc=6, cal=5, attribute="VOL",
                       grants=tuple(Trait(e) for e in entries))  # fmt: skip


RAISE = spell("alzar", "Magia: resucitar")
LIFT = spell("empuje", "Magia: telekinesis")
PLAIN = spell("nada", "Ágil")


def game(faces: list[int], *abilities: Metaability, b_con: int = 4) -> GameState:
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("c", "A", (10.0, 14.0), 0.0),
        ("b", "B", (14.0, 10.0), 180.0),
        ("z", "B", (35.0, 28.0), 90.0),
    ]
    a = dataclasses.replace(support.profile("a"), metaabilities=abilities or (RAISE,))
    profiles: dict[str, Profile] = {"a": a, "b": support.profile("b", con=b_con)}
    state = support.started(support.scenario(units, profiles=profiles), faces)
    b = state.figures["b"]
    b.wounds = b.profile.con  # down from wounds: a body
    state.lift(b)
    return state


def kinds(events: list[object]) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]


# -- Magia: resucitar --------------------------------------------------------------------------


def test_resucitar_raises_a_body_as_the_casters_puppet() -> None:
    """BONUS Y MALUS, Magia: resucitar: the body within VOL K stands up on the caster's
    side with its own CON and AGI 3, INT 1, VOL 1, with no CH VOL ENF, and acts within
    the caster's activation on the caster's ENE."""
    state = game([3], RAISE)
    events = support.do(state, Action("usar", target="b", item="alzar"))
    b, a = state.figures["b"], state.figures["a"]
    assert "raised" in kinds(events) and "contest" not in kinds(events)
    assert not b.casualty and b.side == "A" and b.possessed_by == "a" and b.wounds == 0
    p = b.profile
    assert (p.con, p.agi, p.int_, p.vol) == (4, 3, 1, 1)
    before = a.ene
    support.do(state, Action("mover", figure="b", point=(14.0, 11.0)))
    assert state.figures["a"].ene < before and state.figures["b"].position == (14.0, 11.0)


def test_resucitar_body_falls_when_its_caster_falls_or_the_game_ends() -> None:
    """BONUS Y MALUS, Magia: resucitar: the raised body goes back to its side, profile
    and wounds once the caster is out, and a body cut down while up falls too."""
    state = game([3], RAISE)
    support.do(state, Action("usar", target="b", item="alzar"))
    a, b = state.figures["a"], state.figures["b"]
    a.wounds = a.profile.con
    events = lapse(state)
    assert kinds(events) == ["fell_again"]
    assert b.casualty and b.side == "B" and b.wounds == 4 and b.profile.agi == 4
    assert necromancy.mark(b).raised is None and b.possessed_by is None
    state = game([3], RAISE)
    support.do(state, Action("usar", target="b", item="alzar"))
    b = state.figures["b"]
    b.wounds = 4  # cut down while raised: it is a body again, with those wounds too
    assert kinds(lapse(state)) == ["fell_again"] and b.wounds == 8 and b.side == "B"


def test_resucitar_lapses_when_the_casters_next_activation_starts() -> None:
    """BONUS Y MALUS, Magia: resucitar: like a possession it ends as the caster's next
    activation starts (the caster may raise it again then); a possessed body does not
    activate for its side."""
    state = game([3], RAISE)
    support.do(state, Action("usar", target="b", item="alzar"))
    support.do(state, Action("end"))
    assert Action("activate", "b") not in state.legal_actions()
    from wartime.engine.actions.mind import release

    events = release(state, state.figures["a"]) + lapse(state)
    assert "fell_again" in kinds(events) and state.figures["b"].casualty


def test_resucitar_refusals() -> None:
    """BONUS Y MALUS, Magia: resucitar: a body beyond VOL K, a Pj only unconscious, a body
    Rematador finished, and a casualty for a metaability without a body spell are refused."""
    state = game([3], RAISE, PLAIN)
    revival.put(state.figures["b"], revival.Coming(GONE))
    support.refused(state, Action("usar", target="b", item="alzar"), "finished off")
    support.refused(state, Action("usar", target="b", item="nada"), "is a casualty")
    revival.put(state.figures["b"], revival.Coming())
    state.figures["b"].position = (19.5, 10.0)
    support.refused(state, Action("usar", target="b", item="alzar"), "reaches VOL 4")
    state = game([3], RAISE)
    b = state.figures["b"]
    b.wounds, b.unconscious = 0, True
    support.refused(state, Action("usar", target="b", item="alzar"), "not a body")


# -- Magia: telekinesis ------------------------------------------------------------------------


def test_telekinesis_carries_a_body_up_to_vol_k() -> None:
    """BONUS Y MALUS, Magia: telekinesis: a body of CON up to the caster's VOL goes toward
    the point picked, at most VOL K, and stays a body."""
    state = game([3], LIFT)
    events = support.do(state, Action("usar", target="b", item="empuje", point=(14.0, 20.0)))
    b = state.figures["b"]
    assert "body_moved" in kinds(events) and b.casualty
    assert b.position == (14.0, 14.0)


def test_telekinesis_refusals() -> None:
    """BONUS Y MALUS, Magia: telekinesis: a body heavier than VOL, no point, or a landing
    spot taken by another base are refused before anything is paid."""
    state = game([3], LIFT, b_con=5)
    support.refused(
        state, Action("usar", target="b", item="empuje", point=(14.0, 14.0)), "too heavy"
    )
    state = game([3], LIFT)
    support.refused(state, Action("usar", target="b", item="empuje"), "say where")
    support.refused(
        state, Action("usar", target="b", item="empuje", point=(10.0, 10.0)), "would land on"
    )


def test_legal_actions_offer_body_spells() -> None:
    """BONUS Y MALUS, Magia: resucitar, telekinesis: Usar at a body in reach is offered."""
    state = game([3], RAISE, LIFT)
    offered = [a for a in state.legal_actions() if a.kind == "usar" and a.target == "b"]
    assert any(a.item == "alzar" for a in offered)
    assert any(a.item == "empuje" and a.point is not None for a in offered)


def test_random_games_with_necromancers() -> None:
    """BONUS Y MALUS, Magia: resucitar, telekinesis: seeded random games with casters of
    both stay legal and replay to the same hash."""
    a = dataclasses.replace(support.profile("a"), metaabilities=(RAISE, LIFT))
    c = dataclasses.replace(support.profile("c"), metaabilities=(RAISE, LIFT))
    weak = support.profile("b", con=1)  # soon a body within a's reach
    scn = support.two_pairs({"a": a, "c": c, "b": weak}, 13.0, (16.0, 14.0))
    seen = [k for d in support.random_games(scn, 12) for k in kinds(d.events)]
    assert "game_over" in seen
