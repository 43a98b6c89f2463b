"""Spells a metaability carries: the "Magia" entries of BONUS Y MALUS (entries/spells.py).

Each test names the entry.  The casters use ataduras (CH VOL, anyone may cast them);
ScriptedDice force the dice: the caster's CH VOL, then the enemy's CH VOL ENF (caster
first).  a (A) casts from (10, 10); c is its ally at (12, 12); b (B) stands at (14, 10).
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.actions.generic import knocked_out
from wartime.engine.core.modifiers import Context, check_modifiers
from wartime.engine.core.profiles import Metaability, Profile, Trait

from . import engine_support as support


def spell(name: str, *entries: str) -> Metaability:
    """An atadura (CH VOL) of ENE 2 and ALC 6 carrying ``entries``."""
    return Metaability(name, ene=2, alc=6, cal=5, attribute="VOL",
                       grants=tuple(Trait(e) for e in entries))  # fmt: skip


CALM = spell("calma", "Magia: tranquilizar")
SLEEP = spell("sueño", "Magia: dormir")
LULLABY = spell("nana", "Magia: tranquilizar", "Magia: dormir")
DECOY = spell("señuelo", "Magia: despistar")
VOID = spell("vacío", "Magia: anular")
WON = [3, 2, 6]  # CH VOL 3 passes; CH VOL ENF: a 2 beats b's failed 6


def caster(*abilities: Metaability, vol: int = 4) -> Profile:
    return dataclasses.replace(support.profile("a", vol=vol), metaabilities=abilities)


def game(faces: list[int], *abilities: Metaability, b: Profile | None = None) -> GameState:
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("c", "A", (12.0, 12.0), 0.0),
        ("b", "B", (14.0, 10.0), 180.0),
        ("z", "B", (35.0, 28.0), 90.0),
    ]
    profiles = {"a": caster(*(abilities or (CALM,)))}
    if b is not None:
        profiles["b"] = b
    return support.started(support.scenario(units, profiles=profiles), faces)


def kinds(events: list[object]) -> list[str]:
    return [e.kind for e in events]  # type: ignore[attr-defined]


# -- Magia: tranquilizar, Magia: dormir --------------------------------------------------------


def test_tranquilizar_leaves_a_panicking_stressed_enemy_calm() -> None:
    """BONUS Y MALUS, Magia: tranquilizar: the enemy leaves panic and loses its stress and
    fury once the metaability lands."""
    state = game(WON, CALM)
    b = state.figures["b"]
    b.panic, b.stress, b.fury = True, 2, "a"
    events = support.do(state, Action("usar", target="b", item="calma"))
    b = state.figures["b"]
    assert "calmed" in kinds(events)
    assert (b.panic, b.stress, b.fury) == (False, 0, None)


def test_tranquilizar_resisted_or_on_an_ally_does_nothing() -> None:
    """BONUS Y MALUS, Magia: tranquilizar: only an enemy the spell lands on is calmed; an
    enemy that wins its CH VOL ENF keeps its stress, and an ally is not the spell's."""
    state = game([3, 5, 2], CALM)  # b's lower passing die wins: resisted
    state.figures["b"].stress = 2
    events = support.do(state, Action("usar", target="b", item="calma"))
    assert "resisted" in kinds(events) and state.figures["b"].stress == 2
    state = game([3], CALM)
    state.figures["c"].stress = 1
    events = support.do(state, Action("usar", target="c", item="calma"))
    assert "calmed" not in kinds(events) and state.figures["c"].stress == 1


def test_dormir_knocks_out_a_calm_enemy_until_tended() -> None:
    """BONUS Y MALUS, Magia: dormir: a calm enemy (no panic, no stress) falls asleep, out
    of the game as one knocked out by Noquear, whom Curar wakes."""
    state = game(WON, SLEEP)
    events = support.do(state, Action("usar", target="b", item="sueño"))
    b = state.figures["b"]
    assert "asleep" in kinds(events)
    assert b.casualty and knocked_out(b) and b.wounds == 0


def test_dormir_fails_on_an_enemy_that_is_not_calm() -> None:
    """BONUS Y MALUS, Magia: dormir: an enemy with stress (or in panic) is not calm and
    stays awake, though the ENE is spent."""
    state = game(WON, SLEEP)
    state.figures["b"].stress = 1
    events = support.do(state, Action("usar", target="b", item="sueño"))
    assert "not_asleep" in kinds(events) and not state.figures["b"].casualty
    assert state.figures["a"].ene == support.START_ENE - 2


def test_tranquilizar_then_dormir_on_one_archetype() -> None:
    """BONUS Y MALUS, Magia: tranquilizar and Magia: dormir on one archetype: the calm
    comes first, so even a stressed enemy falls asleep."""
    state = game(WON, LULLABY)
    state.figures["b"].stress = 3
    events = support.do(state, Action("usar", target="b", item="nana"))
    assert kinds(events).index("calmed") < kinds(events).index("asleep")
    assert state.figures["b"].casualty


# -- Magia: despistar --------------------------------------------------------------------------


def test_despistar_moves_the_enemy_as_many_k_as_the_casters_int() -> None:
    """BONUS Y MALUS, Magia: despistar: the enemy slides toward the caster's point, up to
    the caster's INT (4) in K."""
    state = game(WON, DECOY)
    events = support.do(state, Action("usar", target="b", item="señuelo", point=(14.0, 25.0)))
    (moved,) = [e for e in events if e.kind == "displaced"]
    assert abs(moved.data["travelled"] - 4.0) < 1e-6
    x, y = state.figures["b"].position
    assert abs(x - 14.0) < 1e-6 and abs(y - 14.0) < 1e-6


def test_despistar_stops_at_a_wall() -> None:
    """BONUS Y MALUS, Magia: despistar: walls stop the slide as they stop a push."""
    from wartime.board.battlefield import Wall

    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0)]
    wall = Wall(((12.0, 12.0), (16.0, 12.0)), height=3.0, defense=5)
    scn = support.scenario(units, profiles={"a": caster(DECOY)}, walls=(wall,))
    state = support.started(scn, WON)
    support.do(state, Action("usar", target="b", item="señuelo", point=(14.0, 25.0)))
    assert state.figures["b"].position[1] < 12.0


def test_despistar_refusals() -> None:
    """BONUS Y MALUS, Magia: despistar: the caster must say where the enemy goes; the
    slide may not end within 1 K of the caster's side (no CaC this way); an ally or the
    caster takes no point.  Refused before anything is paid or rolled."""
    state = game(WON, DECOY)
    support.refused(state, Action("usar", target="b", item="señuelo"), "Action.point")
    support.refused(
        state, Action("usar", target="b", item="señuelo", point=(10.0, 10.0)), "within 1 K"
    )
    support.refused(
        state, Action("usar", target="c", item="señuelo", point=(12.0, 20.0)), "no point"
    )


# -- Magia: anular -----------------------------------------------------------------------------


def _defence(state: GameState, figure_id: str) -> list[tuple[str, int]]:
    figure = state.figures[figure_id]
    return check_modifiers(state, figure, "CH DEF", Context(None, melee=False))


def test_anular_switches_an_entry_off_until_the_casters_next_activation() -> None:
    """BONUS Y MALUS, Magia: anular: the named entry (Refuerzo, CH DEF +1) stops working
    on the target until the caster's next activation starts."""
    shielded = dataclasses.replace(support.profile("b"), traits=(Trait("Refuerzo"),))
    state = game(WON, VOID, b=shielded)
    assert _defence(state, "b") == [("Refuerzo", 1)]
    action = Action("usar", target="b", item="vacío", options=("Refuerzo",))
    events = support.do(state, action)
    assert "suppressed" in kinds(events) and _defence(state, "b") == []
    support.do(state, Action("end"))
    support.do(state, Action("activate", "b"))
    assert _defence(state, "b") == []  # still off in the target's own activation
    support.do(state, Action("end"))
    while state.pending.kind is PendingKind.ACTIVATE:
        support.do(state, Action("activate", state.legal_actions()[0].figure))
        support.do(state, Action("end"))
    state.dice.faces[:0] = [9, 1]  # type: ignore[attr-defined]
    support.do(state, Action("initiative", "a"))
    support.do(state, Action("initiative", "b"))
    events = support.do(state, Action("activate", "a"))
    assert "unsuppressed" in kinds(events) and _defence(state, "b") == [("Refuerzo", 1)]


def test_anular_cancels_a_metaability_at_work_on_an_ally() -> None:
    """BONUS Y MALUS, Magia: anular: naming a metaability at work on the target (an
    invocación) switches off all it grants."""
    shield = spell("escudo", "Refuerzo")
    state = game([3, 3], VOID, shield)
    support.do(state, Action("usar", target="c", item="escudo"))
    assert _defence(state, "c") == [("Refuerzo", 1)]
    support.do(state, Action("usar", target="c", item="vacío", options=("escudo",)))
    assert _defence(state, "c") == []


def test_anular_refusals() -> None:
    """BONUS Y MALUS, Magia: anular: one entry or metaability the target carries must be
    named; a metaability without the entry takes no options."""
    state = game(WON, VOID, CALM)
    support.refused(state, Action("usar", target="b", item="vacío"), "name one entry")
    support.refused(
        state, Action("usar", target="b", item="vacío", options=("Refuerzo",)), "carries no"
    )
    support.refused(
        state, Action("usar", target="b", item="calma", options=("Refuerzo",)), "no options"
    )


def test_legal_actions_offer_the_spells() -> None:
    """BONUS Y MALUS, Magia: despistar and Magia: anular: the offered Usar name a point
    for an enemy, and an entry to cancel."""
    shielded = dataclasses.replace(support.profile("b"), traits=(Trait("Refuerzo"),))
    state = game(WON, VOID, DECOY, b=shielded)
    offered = [a for a in state.legal_actions() if a.kind == "usar"]
    assert any(a.item == "señuelo" and a.target == "b" and a.point for a in offered)
    assert Action("usar", "a", target="b", item="vacío", options=("Refuerzo",)) in offered


def test_random_games_with_the_spells() -> None:
    """BONUS Y MALUS, the Magia entries: seeded random games with every spell replay."""
    a = caster(LULLABY, DECOY, VOID, vol=8)  # CH VOL 8: most casts pass
    c = caster(CALM, SLEEP, vol=8)
    scn = support.two_pairs({"a": a, "c": c}, b_x=16.0, d_at=(16.0, 14.0))
    seen: Counter[str] = Counter()
    for decision in support.random_games(scn, 8):
        seen.update(kinds(decision.events))
    spells = ("calmed", "asleep", "not_asleep", "displaced", "suppressed")
    assert sum(seen[k] for k in spells) > 0
