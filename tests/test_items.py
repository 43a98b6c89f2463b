"""Item actions (wartime/engine/actions/items.py): Comerciar, Saquear and Eliminar.

Each test cites the rulebook's section (ACCIONES GENÉRICAS unless it says otherwise);
ScriptedDice force every die.  ENE costs are read from the action list, as the engine
reads them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState, PendingKind, Scenario
from wartime.engine.actions.items import HANDLERS as ITEMS
from wartime.engine.core.checks import LOOTED, burden_modifiers
from wartime.engine.core.dispatch import HANDLERS, not_yet_automated
from wartime.engine.core.profiles import Trait, Weapon

from . import engine_support as support
from .engine_support import START_ENE as ENE

SWORD = Weapon("espada", ene=2, dan=3, alc=0, cal=4)


def camp(**profiles: Any) -> Scenario:
    """a with its ally c in contact to the east and b in contact to the north; d far off.

    c and b are not in contact with each other; d, 29 K away, sees nothing of it.
    """
    return support.scenario(
        [
            ("a", "A", (10.0, 10.0), 0.0),
            ("c", "A", (11.0, 10.0), 0.0),
            ("b", "B", (10.0, 11.0), 180.0),
            ("d", "B", (35.0, 25.0), 180.0),
        ],
        profiles=profiles,
    )


def begun(scn: Scenario, faces: list[int] | tuple[int, ...] = (), down: str = "b") -> GameState:
    """``down`` lies incapacitated (wounds = CON) from the start; A wins, a acts first."""
    state = scn.new_game()
    if down:
        body = state.figures[down]
        body.wounds = body.profile.con
    state.dice = support.ScriptedDice([9, 1, *faces])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "d"))
    state.apply(Action("activate", "a"))
    return state


def weapons(state: GameState, fid: str) -> list[str]:
    return [w.id for w in state.figures[fid].profile.weapons]


def finish_turn(state: GameState) -> None:
    """Everyone hands over until the next turn begins."""
    turn = state.turn
    while state.turn == turn:
        if state.pending.kind is PendingKind.ACTIVATE:
            state.apply(state.legal_actions()[0])
        else:
            support.do(state, Action("end"))


# -- the registry ------------------------------------------------------------------------------


def test_item_actions_are_of_the_list_and_reach_the_engine() -> None:
    """ACCIONES GENÉRICAS and DE MOVIMIENTO: Comerciar, Saquear, Eliminar and Mover cargado
    con un objeto (bodies are the objects it weighs) are played."""
    assert set(ITEMS) == {"comerciar", "saquear", "eliminar", "mover_cargado"} <= set(support.BOOK)
    assert all(HANDLERS[k] is ITEMS[k] for k in ITEMS)
    pending = set(not_yet_automated())
    assert not {"Comerciar", "Saquear", "Eliminar", "Mover cargado con un objeto"} & pending


# -- Comerciar ---------------------------------------------------------------------------------


def test_comerciar_gives_a_weapon_to_an_ally_in_contact() -> None:
    """Comerciar (1): one piece of equipment goes to a character in base contact."""
    state = begun(camp(c=support.profile("c", weapons=(support.RIFLE,))), down="")
    digest = state.hash()
    events = support.do(state, Action("comerciar", target="c", item="cuchillo"))
    assert weapons(state, "a") == ["fusil"] and weapons(state, "c") == ["fusil", "cuchillo"]
    assert state.figures["a"].ene == ENE - support.book_cost("comerciar")
    assert [e.data for e in events if e.kind == "handed"] == [
        {"figure": "c", "from": "a", "item": "cuchillo"}
    ]
    assert state.figures["a"].rearmed and state.figures["c"].rearmed
    assert state.hash() != digest


def test_comerciar_takes_a_weapon_the_ally_carries() -> None:
    """Comerciar: receiving is the same action; the piece named is the ally's."""
    state = begun(camp(c=support.profile("c", weapons=(support.PISTOL,))), down="")
    support.do(state, Action("comerciar", target="c", item="pistola"))
    assert weapons(state, "a") == ["fusil", "cuchillo", "pistola"] and weapons(state, "c") == []


@pytest.mark.parametrize("named", ["cuchillo por pistola", "pistola por cuchillo"])
def test_comerciar_swaps_one_piece_for_another(named: str) -> None:
    """Comerciar: give and receive in one action ("y/o"), in either order of naming."""
    state = begun(camp(c=support.profile("c", weapons=(support.PISTOL,))), down="")
    support.do(state, Action("comerciar", target="c", item=named))
    assert weapons(state, "a") == ["fusil", "pistola"] and weapons(state, "c") == ["cuchillo"]
    assert state.figures["a"].ene == ENE - support.book_cost("comerciar")


def test_a_traded_weapon_keeps_its_wounds_rounds_and_entries() -> None:
    """COMBATE (a weapon's wounds), Cargadores and BONUS Y MALUS travel with the weapon."""
    sharp = Trait("Afilada", weapon="escopeta")
    own = Trait("Sigilo")  # the character's own entry stays with it
    giver = replace(
        support.profile("a", weapons=(support.SHOTGUN, support.KNIFE)), traits=(sharp, own)
    )
    state = begun(camp(a=giver), down="")
    a = state.figures["a"]
    a.weapon_wounds["escopeta"], a.rounds["escopeta"] = 2, 1
    a.dulled = ("Afilada (escopeta)",)
    state.figures["c"].weapon_wounds["escopeta"] = 3  # stale: an escopeta c once dropped
    support.do(state, Action("comerciar", target="c", item="escopeta"))
    a, c = state.figures["a"], state.figures["c"]  # apply() swaps in the trial's figures
    assert c.weapon_wounds == {"escopeta": 2} and c.rounds == {"escopeta": 1}
    assert c.dulled == ("Afilada (escopeta)",) and sharp in c.profile.traits
    assert a.weapon_wounds == {} and a.rounds == {} and a.dulled == ()
    assert a.profile.traits == (own,)


def test_comerciar_refusals() -> None:
    """Comerciar: a living ally in base contact, and a piece one of the two carries."""
    state = begun(camp(c=support.profile("c", weapons=(support.RIFLE, support.PISTOL))), down="")
    support.refused(state, Action("comerciar", item="cuchillo"), "needs the ally to trade with")
    support.refused(state, Action("comerciar", target="c"), r"needs the piece to give or take")
    support.refused(state, Action("comerciar", target="a", item="cuchillo"), "not on oneself")
    support.refused(state, Action("comerciar", target="b", item="cuchillo"), "b is an enemy")
    support.refused(state, Action("comerciar", target="d", item="cuchillo"), "d is an enemy")
    support.refused(state, Action("comerciar", target="c", item="fusil"), "both carry 'fusil'")
    support.refused(state, Action("comerciar", target="c", item="lanza"), "Neither a nor c carries")
    support.refused(
        state, Action("comerciar", target="c", item="cuchillo por fusil"), "both carry 'fusil'"
    )
    support.refused(
        state,
        Action("comerciar", target="c", item="pistola por fusil"),
        "both carry 'fusil'",
    )
    state.figures["c"].wounds = 4
    support.refused(state, Action("comerciar", target="c", item="pistola"), "taken with Saquear")


def test_comerciar_needs_base_contact_and_one_piece_each_way() -> None:
    """Comerciar: "con un personaje en contacto"; a swap is one piece from each side."""
    apart = support.scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (12.0, 10.0), 0.0), ("d", "B", (35, 25), 0)]
    )
    state = apart.new_game()
    state.dice = support.ScriptedDice([9, 1])
    for action in (Action("initiative", "a"), Action("initiative", "d"), Action("activate", "a")):
        state.apply(action)
    support.refused(state, Action("comerciar", target="c", item="cuchillo"), "not in base contact")
    state = begun(camp(c=support.profile("c", weapons=(support.PISTOL,))), down="")
    support.refused(
        state,
        Action("comerciar", target="c", item="cuchillo por fusil"),
        "a carries both cuchillo and fusil",
    )


# -- Saquear -----------------------------------------------------------------------------------


def test_saquear_takes_one_piece_and_costs_ch_agi_minus_one() -> None:
    """Saquear (3): rob a body in contact; CH AGI −1 this turn per object taken."""
    state = begun(camp(b=support.profile("b", weapons=(support.PISTOL, SWORD))), faces=[2])
    events = support.do(state, Action("saquear", target="b", item="pistola"))
    looter = state.figures["a"]
    assert weapons(state, "a") == ["fusil", "cuchillo", "pistola"]
    assert weapons(state, "b") == ["espada"]
    assert looter.looted == 1 and looter.ene == ENE - support.book_cost("saquear")
    assert [e.kind for e in events if e.kind in ("handed", "looted")] == ["handed", "looted"]
    # the malus rides on every CH AGI (and CH IMP, a CH AGI with a weapon) of the turn
    events = support.do(state, Action("eliminar", target="b", item="AGI"))
    (check,) = support.rolls(events, "CH AGI (Eliminar)")
    assert check["modifiers"] == [["acción encadenada", -1], [LOOTED, -1]]
    assert (LOOTED, -1) in burden_modifiers(looter, "CH IMP")
    assert burden_modifiers(looter, "CH CON") == []


def test_saquear_without_an_item_takes_everything_it_can() -> None:
    """Saquear: every object looted counts; pieces of a name it already has stay."""
    state = begun(camp(b=support.profile("b", weapons=(support.PISTOL, support.KNIFE, SWORD))))
    support.do(state, Action("saquear", target="b"))
    assert weapons(state, "a") == ["fusil", "cuchillo", "pistola", "espada"]
    assert weapons(state, "b") == ["cuchillo"] and state.figures["a"].looted == 2


def test_the_looting_malus_lasts_until_the_turn_ends() -> None:
    """Saquear: "durante este turno"; the next turn starts clean."""
    state = begun(camp(b=support.profile("b", weapons=(support.PISTOL,))))
    support.do(state, Action("saquear", target="b"))
    assert state.figures["a"].looted == 1
    finish_turn(state)
    assert state.turn == 2 and state.figures["a"].looted == 0


def test_saquear_refusals() -> None:
    """Saquear: a fallen character in base contact that carries the piece."""
    state = begun(camp(b=support.profile("b", weapons=(support.RIFLE,))))
    support.refused(state, Action("saquear", target="c"), "c is not a casualty")
    support.refused(state, Action("saquear"), "needs the fallen character")
    support.refused(state, Action("saquear", target="a"), "not on oneself")
    support.refused(state, Action("saquear", target="b", item="pistola"), "b carries no 'pistola'")
    support.refused(state, Action("saquear", target="b", item="fusil"), "a already carries 'fusil'")
    support.refused(state, Action("saquear", target="b"), "a piece of each name b carries")
    state.figures["b"].profile = replace(state.figures["b"].profile, weapons=())
    support.refused(state, Action("saquear", target="b"), "b carries nothing to loot")
    state.figures["d"].wounds = 4
    support.refused(state, Action("saquear", target="d"), "not in base contact")


def test_an_ally_and_a_knocked_out_enemy_can_be_looted() -> None:
    """Saquear: any fallen character, friend or foe, including one knocked out (Noquear)."""
    state = begun(camp(c=support.profile("c", weapons=(support.PISTOL,))), down="c")
    support.do(state, Action("saquear", target="c"))
    assert weapons(state, "a")[-1] == "pistola"
    state = begun(camp(b=support.profile("b", weapons=(support.PISTOL,))), down="")
    state.figures["b"].unconscious = True
    support.do(state, Action("saquear", target="b", item="pistola"))
    assert weapons(state, "b") == []


# -- Eliminar ----------------------------------------------------------------------------------


def test_eliminar_removes_the_body_for_good() -> None:
    """Eliminar (2, CON, AGI, INT): passed, the body in contact leaves the table."""
    state = begun(camp(), faces=[4])
    digest = state.hash()
    events = support.do(state, Action("eliminar", target="b"))
    (check,) = support.rolls(events, "CH CON (Eliminar)")  # CON, AGI, INT all 4: the book's first
    assert check["outcome"] == "pass" and check["target"] == 4
    assert state.figures["b"].removed and state.figures["a"].ene == ENE - support.book_cost(
        "eliminar"
    )
    assert "removed" in [e.kind for e in events] and state.hash() != digest
    gone = "b is no longer on the table"
    support.refused(state, Action("saquear", target="b"), gone)
    support.refused(state, Action("eliminar", target="b"), gone)
    support.refused(state, Action("ataque_cac", target="b"), gone)
    assert not [a for a in state.legal_actions() if a.target == "b"]


def test_a_removed_ally_cannot_be_healed_back() -> None:
    """Eliminar on an incapacitated ally: Curar (COMBATE, Heridas) no longer reaches it."""
    state = begun(camp(), faces=[3], down="c")
    support.do(state, Action("eliminar", target="c"))
    support.refused(state, Action("curar_reparar", target="c"), "c is no longer on the table")


def test_a_failed_eliminar_leaves_the_body_and_spends_the_ene() -> None:
    """Eliminar: a complex action; failed, nothing happens but the ENE is gone."""
    state = begun(camp(), faces=[8])
    events = support.do(state, Action("eliminar", target="b"))
    assert not state.figures["b"].removed and "not_removed" in [e.kind for e in events]
    assert state.figures["a"].ene == ENE - support.book_cost("eliminar")


def test_eliminar_checks_the_attribute_named_or_the_best() -> None:
    """Eliminar: CH AGI, CON or INT, the player's choice; the best when not named."""
    state = begun(camp(a=support.profile("a", con=3, agi=6, defense=0)), faces=[6])
    events = support.do(state, Action("eliminar", target="b", item="int"))
    assert support.rolls(events, "CH INT (Eliminar)")[0]["target"] == 4
    state = begun(camp(a=support.profile("a", con=3, agi=6, defense=0)), faces=[6])
    assert support.rolls(support.do(state, Action("eliminar", target="b")), "CH AGI (Eliminar)")
    # MODIFICADORES, por sobrecarga: DEF 6 on CON 4 is AGI −2, so AGI 5 counts as 3
    heavy = support.profile("a", con=4, agi=5, defense=6)
    state = begun(camp(a=heavy), faces=[4])
    support.refused(state, Action("eliminar", target="b", item="VOL"), "checks CON, AGI, INT")
    assert support.rolls(support.do(state, Action("eliminar", target="b")), "CH CON (Eliminar)")


def test_eliminar_refusals() -> None:
    """Eliminar: "un cadáver en contacto": a fallen character, within base contact."""
    state = begun(camp(), down="")
    support.refused(state, Action("eliminar", target="c"), "c is not a casualty")
    support.refused(state, Action("eliminar"), "needs the fallen character")
    state.figures["d"].wounds = 5
    support.refused(state, Action("eliminar", target="d"), "not in base contact")


# -- the options offered and the replay --------------------------------------------------------


def test_the_item_actions_are_offered_when_there_is_someone_in_contact() -> None:
    """DESIGN §3: legal_actions lists the discrete item actions (each one checked)."""
    scn = camp(
        b=support.profile("b", weapons=(support.PISTOL, SWORD)), c=support.profile("c", weapons=())
    )
    state = begun(scn, faces=[5] * 10)  # trial attacks roll on copies of these dice
    offered = {(a.kind, a.target, a.item) for a in state.legal_actions()}
    assert ("comerciar", "c", "cuchillo") in offered and ("comerciar", "c", "fusil") in offered
    assert {("saquear", "b", None), ("saquear", "b", "pistola"), ("eliminar", "b", None)} <= (
        offered
    )
    assert not any(k == "saquear" and t == "c" for k, t, _ in offered)
    mine = [(k, t, i) for k, t, i in offered if k in ("comerciar", "saquear", "eliminar")]
    assert all(state.check(Action(k, "a", target=t, item=i)) is None for k, t, i in mine)


def test_a_game_with_item_actions_replays_to_the_same_hash() -> None:
    """DESIGN §3: the same seed and actions give the same state (weapons hashed by name)."""
    scn = camp(
        b=support.profile("b", weapons=(support.PISTOL, SWORD)),
        c=support.profile("c", weapons=(support.RIFLE,)),
    )
    state = begun(scn, faces=[3])
    support.do(state, Action("comerciar", target="c", item="cuchillo"))
    support.do(state, Action("saquear", target="b", item="espada"))
    support.do(state, Action("eliminar", target="b"))
    replay = begun(scn, faces=[3])
    for action in state.history[3:]:
        replay.apply(action)
    assert replay.hash() == state.hash()
    assert weapons(replay, "a") == ["fusil", "espada"] and replay.figures["b"].removed


# -- Mover cargado con un objeto -----------------------------------------------------------------


def _carrying(load_con: int, carrier: Any = None) -> GameState:
    """a (CON 4) stands in front of c, a fallen ally of CON ``load_con``; e waits far off."""
    from .engine_support import started

    units = [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (9.0, 10.0), 0.0)]
    units.append(("e", "B", (35.0, 25.0), 180.0))
    profiles = {"c": support.profile("c", con=load_con), **({"a": carrier} if carrier else {})}
    state = started(support.scenario(units, profiles), [], first="a", second="e")
    state.figures["c"].wounds = load_con  # incapacitated: a body to carry
    return state


@pytest.mark.parametrize(("load_con", "ene"), [(2, 1 + 1), (4, 1 + 2)])
def test_mover_cargado_makes_the_ground_harder_by_the_load(load_con: int, ene: int) -> None:
    """ACCIONES DE MOVIMIENTO, Mover cargado con un objeto (X): a load up to half the
    carrier's CON makes the ground difficult (ENE +1), up to all of it extreme (+2)."""
    state = _carrying(load_con)
    events = support.do(state, Action("mover_cargado", "a", target="c", point=(11.0, 10.0)))
    assert [e.data["cost"] for e in events if e.kind == "ene"] == [ene]
    a, c = state.figure("a"), state.figure("c")
    assert a.position == pytest.approx((11.0, 10.0))
    assert c.position == pytest.approx((11.0 - 1.025, 10.0))  # in contact, behind it


def test_mover_cargado_refuses_a_load_heavier_than_con_and_mulo_helps() -> None:
    """Mover cargado: heavier than the carrier's CON, it cannot be carried; BONUS Y MALUS,
    Mulo: CON +1 for moving objects."""
    state = _carrying(5)
    support.refused(
        state, Action("mover_cargado", "a", target="c", point=(11.0, 10.0)), "too heavy"
    )
    strong = replace(support.profile("a"), traits=(Trait("Mulo"),))
    support.do(_carrying(5, strong), Action("mover_cargado", "a", target="c", point=(11.0, 10.0)))
