"""ACCIONES GENÉRICAS, Usar (X = the object's ENE) with an object, and BONUS Y MALUS:
Elixir, Drogas de combate and Cóctel de vitaminas (actions/gear.py), played with
scripted dice."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.profiles import Gear, Trait, profile_from_army
from wartime.formats.army import load_army

from .engine_support import do, profile, refused, rolls_of, scenario, started

ELIXIR = Gear("elixir", ene=1, alc=0, cal=3, traits=(Trait("Elixir", 2),))
DRUG = Gear("estimulante", ene=1, alc=0, cal=3, traits=(Trait("Drogas de combate"),))
COCKTAIL = Gear("coctel", ene=1, alc=0, cal=3, traits=(Trait("Cóctel de vitaminas"),))
SHOT = Action("ataque_distancia", target="b", item="fusil")


def game(gear: tuple[Gear, ...], faces: tuple[int, ...] = (), *, c: bool = False) -> GameState:
    """a (carrying ``gear``) 11 K from b; c, an ally of a, 3 K behind it when asked."""
    profiles = {"a": replace(profile("a"), gear=gear), "b": profile("b", con=9)}
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    if c:
        units.append(("c", "A", (10.0, 14.0), 0.0))
    return started(scenario(units, profiles=profiles), faces=[*faces, *[6, 5] * 20])  # no ties


def to_a(state: GameState) -> None:
    """Everyone else hands over (initiative rolled as asked) until a may activate."""
    while not (state.pending.kind is PendingKind.ACTIVATE and state.to_move == "A"):
        step = (a for a in state.legal_actions() if a.kind in ("initiative", "activate", "end"))
        state.apply(next(step, Action("pass")))


def test_elixir_heals_a_wound_per_level_and_leaves_the_game() -> None:
    """BONUS Y MALUS, Elixir: 1 wound healed per level, then the object is gone;
    Usar pays the object's ENE."""
    state = game((ELIXIR,))
    use = Action("usar", item="elixir")
    assert replace(use, figure="a") in state.legal_actions()
    state.figures["a"].wounds = 3
    ene = state.figures["a"].ene
    events = do(state, use)
    assert state.figures["a"].wounds == 1 and state.figures["a"].ene == ene - ELIXIR.ene
    assert state.figures["a"].used_up == ("elixir",)
    assert "used_up" in [e.kind for e in events]
    assert all(a.kind != "usar" for a in state.legal_actions())
    refused(state, use, "was used up")


def test_elixir_on_an_ally_within_its_alc_and_never_past_sin_cura() -> None:
    """Usar: an object with ALC reaches an ally within it; Sin cura blocks the healing."""
    reach = replace(ELIXIR, alc=5)
    state = game((reach,), c=True)
    state.figures["c"].wounds = 1
    refused(state, Action("usar", item="elixir", target="b"), "oneself or on a living ally")
    do(state, Action("usar", item="elixir", target="c"))
    assert state.figures["c"].wounds == 0
    short = game((ELIXIR,), c=True)
    refused(short, Action("usar", item="elixir", target="c"), "ALC 0")
    cursed = game((ELIXIR,))
    a = cursed.figures["a"]
    a.profile, a.wounds = replace(a.profile, traits=(Trait("Sin cura"),)), 2
    do(cursed, Action("usar", item="elixir"))
    assert cursed.figures["a"].wounds == 2


def test_drogas_de_combate_give_ene_now_and_crash_the_next_activation() -> None:
    """BONUS Y MALUS, Drogas de combate: ENE +5 now (up to 10); the next activation has
    ENE 0, and there are no reactions until it ends."""
    state = game((DRUG,))
    assert state.figures["a"].ene == 8
    do(state, Action("usar", item="estimulante"))
    assert state.figures["a"].ene == 10 and state.figures["a"].crash == 1
    do(state, Action("end"))
    do(state, Action("activate", "b"))
    state.apply(Action("ataque_distancia", target="a", item="fusil"))
    while state.pending.kind is PendingKind.RESPOND:
        state.apply(Action("pass"))
    assert state.pending.kind is not PendingKind.REACT  # a cannot react
    state.apply(Action("end"))
    to_a(state)
    events = state.apply(Action("activate", "a"))
    assert "crash" in [e.kind for e in events] and state.figures["a"].ene == 0
    assert all(x.kind in ("end", "girar") for x in state.legal_actions())  # turning is free
    state.apply(Action("end"))
    assert state.figures["a"].crash == 0


def test_a_second_dose_in_one_turn_costs_five_wounds_as_the_activation_ends() -> None:
    """BONUS Y MALUS, Drogas de combate: two in the same turn, 5 wounds at the end of the
    activation."""
    state = game((DRUG,))
    state.figures["a"].profile = replace(state.figures["a"].profile, con=9)
    do(state, Action("usar", item="estimulante"))
    events = do(state, Action("usar", item="estimulante"))
    assert "overdose" in [e.kind for e in events] and state.figures["a"].wounds == 0
    state.apply(Action("end"))
    assert state.figures["a"].wounds == 5


def test_coctel_raises_the_attribute_named_for_the_rest_of_the_activation() -> None:
    """BONUS Y MALUS, Cóctel de vitaminas: +1 to the attribute chosen for the rest of the
    activation (its checks), then CH ATR −1 in the next one; the cóctel is drunk."""
    state = game((COCKTAIL,), (3, 9, 5))
    refused(state, Action("usar", item="coctel"), "Name the attribute")
    offered = {a.options for a in state.legal_actions() if a.kind == "usar"}
    assert offered == {("CON",), ("AGI",), ("INT",), ("VOL",)}
    do(state, Action("usar", item="coctel", options=("AGI",)))
    events = do(state, SHOT)
    assert ["cóctel (AGI)", 1] in rolls_of(events, "a", "CH IMP")[0]["modifiers"]
    assert state.figures["a"].used_up == ("coctel",)
    state.apply(Action("end"))
    assert state.figures["a"].boosts == () and state.figures["a"].drain_next
    to_a(state)
    events = state.apply(Action("activate", "a"))
    assert "drained" in [e.kind for e in events]
    events = do(state, SHOT)
    assert ["resaca de cóctel", -1] in rolls_of(events, "a", "CH IMP")[0]["modifiers"]


def test_an_army_object_is_carried_as_gear(tmp_path: Path) -> None:
    """Arquetipos: a character's object archetypes are its gear (id, ENE, ALC, CAL and
    entries), usable with Usar."""
    path = tmp_path / "army.yaml"
    path.write_text(
        "wartime_army: 1\n"
        "archetypes:\n"
        "  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}\n"
        "  - {id: pocion, kind: object, ENE: 2, ALC: 0, CAL: 3,"
        " bonus: [{name: Elixir, level: 2}]}\n"
        "characters:\n"
        "  - {id: medico, race: humano, objects: [pocion]}\n"
        "lists:\n"
        "  - {id: l, limit: 500, characters: [medico]}\n",
        encoding="utf-8",
    )
    found = profile_from_army(load_army(path).army, "medico")
    assert found.gear == (Gear("pocion", 2, 0, 3, (Trait("Elixir", 2),)),)


def test_an_object_the_engine_does_not_play_is_used_and_left_to_the_players() -> None:
    """Usar (X): any object can be used for its ENE; when none of its entries acts on use,
    the log says the players adjudicate it."""
    lamp = Gear("farol", ene=2, alc=0, cal=3, traits=(Trait("Faro"),))
    state = game((lamp,))
    events = do(state, Action("usar", item="farol"))
    assert [e.kind for e in events if e.kind in ("ene", "adjudicate")] == ["ene", "adjudicate"]
    assert state.figures["a"].ene == 8 - 2
    refused(state, Action("usar", item="farol", options=("AGI",)), "takes no options")
