"""ACCIONES GENÉRICAS (wartime/engine/actions/generic.py): support, focus, guard, hiding, searching,
healing, reloading and dropping.

Each test cites the rulebook's section; ScriptedDice force every die, in the order the
actions roll them.  ENE costs are read from the action list, as the engine reads them.
"""

from __future__ import annotations

from typing import Any

import pytest

from wartime.board.battlefield import Wall
from wartime.engine import Action, GameState, PendingKind, Scenario
from wartime.engine.actions.generic import HANDLERS as GENERIC
from wartime.engine.core.combat import magazine_size, rounds_left
from wartime.engine.core.dispatch import HANDLERS, not_yet_automated
from wartime.engine.core.profiles import Weapon

from . import engine_support as support
from .engine_support import START_ENE as ENE

MINE = Weapon("mina", ene=2, dan=5, alc=0, cal=3, bonuses=("Área de activación",))
LOW_WALL = Wall(((20.0, 8.0), (20.0, 12.0)), 0.7, 2)  # b at x 21 is 68% hidden from a at x 10


def b_first(scn: Scenario, faces: list[int] | tuple[int, ...] = ()) -> GameState:
    """Side B wins the initiative (A rolls 1, B 9) and b acts first."""
    state = scn.new_game()
    state.dice = support.ScriptedDice([1, 9, *faces])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    state.apply(Action("activate", "b"))
    return state


def hand_over(state: GameState, to: str) -> None:
    """End the acting Pj's activation and let ``to`` act next."""
    support.do(state, Action("end"))
    state.apply(Action("activate", to))


def behind_wall(**profiles: Any) -> Scenario:
    """a shoots along y = 10 at b, who stands 1 K behind a chest-high wall."""
    return support.scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)],
        profiles=profiles,
        walls=(LOW_WALL,),
    )


def squad(**profiles: Any) -> Scenario:
    """a with its ally c 1 K away (c in base contact at x 11), facing b 10 K off."""
    return support.scenario(
        [
            ("a", "A", (10.0, 10.0), 0.0),
            ("c", "A", (11.0, 10.0), 0.0),
            ("b", "B", (21.0, 10.0), 180.0),
        ],
        profiles=profiles,
    )


# -- the registry ------------------------------------------------------------------------------


def test_generic_actions_are_of_the_list_and_reach_the_engine() -> None:
    """ACCIONES GENÉRICAS: handlers keyed by data/actions.yaml ids, plugged into the engine."""
    expected = {
        "apoyar", "buscar", "concentrarse", "curar_reparar", "en_guardia", "esconderse",
        "percibir", "recargar", "soltar",
    }  # fmt: skip
    assert set(GENERIC) == expected and expected <= set(support.BOOK)
    assert all(HANDLERS[k] is GENERIC[k] for k in expected)
    pending = set(not_yet_automated())
    elsewhere = {"Comerciar", "Saquear", "Eliminar"}  # items.py (Usar: metaabilities.py)
    assert not elsewhere & pending
    assert not {support.BOOK[k].name for k in expected} & pending


def test_the_generic_statuses_enter_the_hash() -> None:
    """DESIGN §3: the state hash sees every status (hash version 2: always, by place)."""
    state = support.started(squad())
    figure = state.figures["b"]
    plain, digest = figure.snapshot(), state.hash()
    figure.hidden = True
    assert len(figure.snapshot()) == len(plain) and state.hash() != digest
    figure.hidden = False
    assert figure.snapshot() == plain and state.hash() == digest
    figure.rounds["fusil"] = 3
    assert state.hash() != digest and state.clone().figures["b"].rounds is not figure.rounds


# -- Apoyar ------------------------------------------------------------------------------------


def test_apoyar_gives_the_ally_plus_one_on_its_next_check_only() -> None:
    """Apoyar (3): CH ATR +1 to an ally within 2 K; it waits through actions with no check."""
    state = support.started(squad(), faces=[5, 9, 2])  # c's IMP 5 ≤ 4 + 1; b's DEF 9 fails; PSI 2
    support.do(state, Action("apoyar", target="c"))
    assert state.figures["a"].ene == ENE - support.book_cost("apoyar")
    assert state.figures["c"].support == 1
    hand_over(state, "b")
    hand_over(state, "c")
    support.do(state, Action("agacharse"))  # no check: the support waits
    assert state.figures["c"].support == 1
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    (imp,) = support.rolls(events, "CH IMP")
    assert ["apoyo", 1] in imp["modifiers"] and imp["outcome"] == "pass"
    assert state.figures["c"].support == 0 and state.figures["b"].wounds == support.RIFLE.dan


def test_supports_add_up_and_lapse_with_the_turn() -> None:
    """Apoyar: each support is +1 (our reading); an unused one ends with the turn."""
    state = support.started(squad())
    support.do(state, Action("apoyar", target="c"))
    support.do(state, Action("apoyar", target="c"))
    assert state.figures["c"].support == 2
    hand_over(state, "b")
    hand_over(state, "c")
    support.do(state, Action("end"))
    assert state.turn == 2 and state.figures["c"].support == 0


def test_apoyar_refusals() -> None:
    far = support.scenario(
        [
            ("a", "A", (10.0, 10.0), 0.0),
            ("c", "A", (10.0, 13.5), 0.0),
            ("b", "B", (21.0, 10.0), 180.0),
        ]
    )
    state = support.started(far)
    support.refused(state, Action("apoyar", target="c"), r"c is 2.5 K away: Apoyar reaches 2 K")
    support.refused(state, Action("apoyar", target="b"), "b is not on your side")
    support.refused(state, Action("apoyar", target="a"), "helps an ally, not oneself")
    support.refused(state, Action("apoyar"), "needs an ally to support")


# -- Concentrarse ------------------------------------------------------------------------------


def test_concentrarse_adds_up_to_three_for_the_next_action() -> None:
    """Concentrarse (2): +1 per consecutive use, max +3, on the next action's first CH ATR."""
    gunman = support.profile("a", weapons=(support.PISTOL,))
    state = support.started(squad(a=gunman), faces=[6, 9, 2])  # IMP 6 ≤ 4 − 1 + 3; DEF 9; PSI 2
    for _ in range(3):
        support.do(state, Action("concentrarse"))
    assert state.figures["a"].focus == 3
    assert state.figures["a"].ene == ENE - 3 * support.book_cost("concentrarse")
    support.refused(state, Action("concentrarse"), r"already concentrated to the maximum \(\+3\)")
    events = support.do(state, Action("ataque_distancia", target="b", item="pistola"))
    (imp,) = support.rolls(events, "CH IMP")
    assert imp["modifiers"] == [["acción encadenada", -1], ["concentración", 3]]
    assert imp["target"] == 6 and imp["outcome"] == "pass"
    assert state.figures["a"].focus == 0


def test_concentration_lapses_after_another_action_or_the_activation() -> None:
    """Concentrarse: only consecutive uses add up, and only the very next action gains."""
    state = support.started(squad())
    support.do(state, Action("concentrarse"))
    support.do(state, Action("agacharse"))  # an action with no check still uses the turn of "next"
    assert state.figures["a"].focus == 0
    support.do(state, Action("concentrarse"))
    assert state.figures["a"].focus == 1
    support.do(state, Action("end"))
    assert state.figures["a"].focus == 0


# -- En guardia --------------------------------------------------------------------------------


def test_en_guardia_gives_plus_two_to_the_next_reaction_check() -> None:
    """En guardia (2): its next CH VOL to react gets +2 (REACCIONES)."""
    state = b_first(squad(), faces=[6])  # CH VOL 6 ≤ 4 + 2
    support.do(state, Action("en_guardia"))
    guard = state.figures["b"]
    assert (
        guard.on_guard
        and guard.guard_bonus == 2
        and guard.ene == ENE - support.book_cost("en_guardia")
    )
    hand_over(state, "a")
    state.apply(Action("agacharse"))  # in b's CdV: a chance to react
    (check,) = support.rolls(state.apply(Action("react", "b")), "CH VOL (reacción)")
    assert check["modifiers"] == [["en guardia", 2]] and check["outcome"] == "pass"
    assert state.pending.kind is PendingKind.REACT_ACT
    assert state.figures["b"].guard_bonus == 0  # spent on this CH VOL


def test_en_guardia_ends_with_any_other_action() -> None:
    state = b_first(squad())
    support.do(state, Action("en_guardia"))
    support.refused(state, Action("en_guardia"), "already on guard")
    support.do(state, Action("agacharse"))
    guard = state.figures["b"]
    assert not guard.on_guard and guard.guard_bonus == 0


# -- Esconderse --------------------------------------------------------------------------------


def test_esconderse_needs_over_half_cover_from_every_enemy_in_sight() -> None:
    """Esconderse (2): more than 50% covered; in the open it is refused."""
    support.refused(
        b_first(squad()),
        Action("esconderse"),
        r"a sees b with 0% cover: Esconderse needs more than 50%",
    )
    state = b_first(behind_wall())
    events = state.apply(Action("esconderse"))
    assert state.figures["b"].hidden and state.figures["b"].ene == ENE - support.book_cost(
        "esconderse"
    )
    # a, over the wall, no longer sees b: nothing to react to
    assert "reaction_window" not in [e.kind for e in events]
    support.refused(state, Action("esconderse"), "already hidden")


def test_shooting_a_hidden_pj_needs_a_won_int_contest_first() -> None:
    """Esconderse: an enemy needs a CH INT ENF to find it before acting on it."""
    state = b_first(behind_wall(), faces=[2, 5, 9])  # a's INT 2 passes, b's 5 fails; IMP 9
    support.do(state, Action("esconderse"))
    hand_over(state, "a")
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    spot = support.rolls(events, "CH INT ENF (descubrir)")
    assert [r["who"] for r in spot] == ["a", "b"]
    assert [e.kind for e in events if e.kind in ("revealed", "miss")] == ["revealed", "miss"]
    assert not state.figures["b"].hidden and state.figures["a"].ene == ENE - support.RIFLE.ene


@pytest.mark.parametrize("faces", [[7, 3], [7, 8]], ids=["b wins", "both fail"])
def test_a_lost_contest_loses_the_action_and_its_ene(faces: list[int]) -> None:
    """Not found, the attack fails: its ENE is spent and it counts as an action."""
    state = b_first(behind_wall(), faces=faces)
    support.do(state, Action("esconderse"))
    hand_over(state, "a")
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert not support.rolls(events, "CH IMP") and "not_found" in [e.kind for e in events]
    shooter = state.figures["a"]
    assert shooter.ene == ENE - support.RIFLE.ene and shooter.actions_taken == 1
    assert state.figures["b"].hidden


def test_an_illegal_action_on_a_hidden_pj_is_refused_before_any_die() -> None:
    """The action's own requirements come first: no contest for an impossible action."""
    state = b_first(behind_wall())
    support.do(state, Action("esconderse"))
    hand_over(state, "a")
    support.refused(state, Action("cargar", target="b"), r"Cargar reaches 4 K")
    support.refused(state, Action("ataque_distancia", target="b", item="cuchillo"), "needs ALC > 0")


def test_an_enemy_that_sees_it_poorly_covered_finds_it_without_a_check() -> None:
    """Esconderse only hides what is more than 50% covered from the one looking."""
    flank = support.scenario(
        [("a", "A", (21.0, 14.0), 270.0), ("b", "B", (21.0, 10.0), 180.0)], walls=(LOW_WALL,)
    )
    state = support.started(flank, faces=[9])  # a's CH IMP 9 misses: no contest rolled
    state.figures["b"].hidden = True  # hidden from others; a, past the wall's end, sees it
    events = support.do(state, Action("ataque_distancia", target="b", item="fusil"))
    assert not support.rolls(events, "CH INT ENF (descubrir)")
    (found,) = [e for e in events if e.kind == "revealed"]
    assert found.data == {"figure": "b", "by": "a"} and not state.figures["b"].hidden


def test_moving_ends_hiding_and_generic_actions_do_not() -> None:
    state = b_first(behind_wall())
    support.do(state, Action("esconderse"))
    support.do(state, Action("concentrarse"))
    assert state.figures["b"].hidden
    events = support.do(state, Action("mover", point=(23.0, 10.0)))
    assert not state.figures["b"].hidden and "revealed" in [e.kind for e in events]


# -- Percibir, Buscar --------------------------------------------------------------------------


def lurkers() -> Scenario:
    """b stands 3 K from a, d 19 K away (the tests mark them hidden)."""
    return support.scenario(
        [
            ("a", "A", (10.0, 10.0), 0.0),
            ("b", "B", (14.0, 10.0), 180.0),
            ("d", "B", (30.0, 10.0), 180.0),
        ]
    )


def test_percibir_finds_hidden_enemies_within_int_k() -> None:
    """Percibir (2, INT): passed, the hidden enemies within INT K are found."""
    state = support.started(lurkers(), faces=[3])
    for fid in ("b", "d"):
        state.figures[fid].hidden = True
    events = support.do(state, Action("percibir"))
    (check,) = support.rolls(events, "CH INT (Percibir)")
    assert check["target"] == 4 and check["outcome"] == "pass"
    assert not state.figures["b"].hidden and state.figures["d"].hidden
    assert state.figures["a"].ene == ENE - support.book_cost("percibir")


def test_a_failed_percibir_finds_nobody() -> None:
    state = support.started(lurkers(), faces=[8])
    state.figures["b"].hidden = True
    support.do(state, Action("percibir"))
    assert state.figures["b"].hidden


def test_buscar_searches_a_spot_within_reach() -> None:
    """Buscar (1, INT): passed, an enemy hidden at the spot searched is found."""
    scn = support.scenario([("a", "A", (10.0, 10.0), 0.0), ("b", "B", (12.2, 10.0), 180.0)])
    state = support.started(scn, faces=[4])
    state.figures["b"].hidden = True
    support.refused(state, Action("buscar", point=(13.0, 10.0)), r"2.5 K away: Buscar reaches 1 K")
    events = support.do(state, Action("buscar", point=(11.2, 10.0)))
    (search,) = [e.data for e in events if e.kind == "search"]
    assert search["outcome"] == "pass" and search["found"] == ["b"]
    assert not state.figures["b"].hidden and state.figures["a"].ene == ENE - support.book_cost(
        "buscar"
    )


# -- Curar / Reparar ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faces", "before", "after"),
    [
        ([3], 2, 1),  # passed: 1 wound healed
        ([1], 2, 0),  # critical: up to 3
        ([7, 2], 2, 3),  # failed: 1 more (and c checks PSI, passed)
        ([10, 2], 1, 4),  # fumble: 3 more, c is down at CON 4 (a sees it fall: CH PSI 2)
    ],
    ids=["pass", "critical", "fail", "fumble"],
)
def test_curar_outcomes(faces: list[int], before: int, after: int) -> None:
    """Curar / Reparar (3, INT): 1 wound, 3 with a critical; failing adds 1, a fumble 3."""
    state = support.started(squad(), faces=faces)
    state.figures["c"].wounds = before
    events = support.do(state, Action("curar_reparar", target="c"))
    assert support.rolls(events, "CH INT (Curar / Reparar)")[0]["target"] == 4
    assert state.figures["c"].wounds == after
    assert state.figures["a"].ene == ENE - support.book_cost("curar_reparar")


def test_curar_raises_an_incapacitated_ally_and_oneself() -> None:
    """COMBATE, Heridas: wounds up to CON can be healed, so an incapacitated Pj gets up."""
    state = support.started(squad(), faces=[3, 3])
    state.figures["c"].wounds = 4
    assert state.figures["c"].casualty
    support.do(state, Action("curar_reparar", target="c"))
    assert state.figures["c"].wounds == 3 and not state.figures["c"].casualty
    assert "c" in {d.id for d in state.physics().bases}
    state.figures["a"].wounds = 1
    support.do(state, Action("curar_reparar"))
    assert state.figures["a"].wounds == 0


def test_curar_wakes_a_knocked_out_ally() -> None:
    """Noquear: unconscious until someone tends to it; Curar tends to it."""
    state = support.started(squad(), faces=[3])
    state.figures["c"].unconscious = True  # as Noquear leaves it
    events = support.do(state, Action("curar_reparar", target="c"))
    assert "woken" in [e.kind for e in events]
    assert not state.figures["c"].casualty and state.figures["c"].wounds == 0


def test_curar_refusals() -> None:
    state = support.started(squad())
    support.refused(state, Action("curar_reparar", target="c"), "c has no wounds to heal")
    support.refused(state, Action("curar_reparar", target="b"), "b is not on your side")
    state.figures["c"].wounds = 5
    support.refused(state, Action("curar_reparar", target="c"), "c is dead")
    state.figures["c"].wounds = 0
    state.figures["c"].stress, state.figures["c"].unconscious = 5, True
    support.refused(state, Action("curar_reparar", target="c"), "unconscious from stress")
    apart = support.scenario(
        [("a", "A", (10.0, 10.0), 0.0), ("c", "A", (13.0, 10.0), 0.0), ("b", "B", (21, 10), 180)]
    )
    state = support.started(apart)
    state.figures["c"].wounds = 1
    support.refused(state, Action("curar_reparar", target="c"), "not in base contact")


# -- Recargar ----------------------------------------------------------------------------------


def test_a_magazine_empties_and_ataque_a_distancia_refuses_to_fire() -> None:
    """Cargadores: without X a magazine holds 10 − DAÑ shots; then it must be reloaded."""
    state = support.started(
        squad(a=support.profile("a", weapons=(support.SHOTGUN, support.KNIFE))), faces=[9, 9]
    )
    assert magazine_size(state.figures["a"], support.SHOTGUN) == 10 - support.SHOTGUN.dan == 2
    for left in (1, 0):
        support.do(state, Action("ataque_distancia", target="b", item="escopeta"))  # IMP 9: a miss
        assert rounds_left(state.figures["a"], support.SHOTGUN) == left
    support.refused(
        state,
        Action("ataque_distancia", target="b", item="escopeta"),
        "escopeta has an empty magazine: reload it first",
    )
    support.refused(
        state,
        Action("recargar", item="escopeta"),
        "Not enough ENE: Recargar escopeta costs 8, you have 6",
    )


def test_recargar_costs_the_weapons_dan_and_fills_the_magazine() -> None:
    """Recargar (X): X = DAÑ of the weapon."""
    state = support.started(squad(a=support.profile("a", weapons=(support.SHOTGUN, support.KNIFE))))
    support.refused(
        state, Action("recargar", item="escopeta"), r"already has a full magazine \(2 shots\)"
    )
    state.figures["a"].rounds["escopeta"] = 0
    support.do(state, Action("recargar"))  # the weapon that needs it
    shooter = state.figures["a"]
    assert shooter.ene == ENE - support.SHOTGUN.dan and rounds_left(shooter, support.SHOTGUN) == 2
    assert "escopeta" not in shooter.rounds  # full, as at the start


def test_mas_municion_doubles_the_magazine_and_plain_guns_need_none() -> None:
    """Más munición: each magazine holds twice the shots."""
    drum = Weapon("tambor", ene=1, dan=8, alc=20, cal=4, bonuses=("Cargadores", "Más munición"))
    state = support.started(squad(a=support.profile("a", weapons=(drum, support.RIFLE))))
    assert magazine_size(state.figures["a"], drum) == 4
    assert rounds_left(state.figures["a"], support.RIFLE) is None
    support.refused(state, Action("recargar", item="fusil"), "fusil does not use magazines")
    support.refused(state, Action("recargar", item="arco"), "carries no weapon 'arco'")


# -- Soltar ------------------------------------------------------------------------------------


def test_soltar_drops_an_item_for_the_minimum_ene() -> None:
    """Soltar (X): X = 0 unless it is a bomb, and every action costs at least ENE 1."""
    assert support.BOOK["soltar"].ene_min == 0
    state = support.started(
        squad(a=support.profile("a", weapons=(support.RIFLE, support.KNIFE, MINE)))
    )
    support.refused(state, Action("soltar"), "needs the item to drop")
    support.refused(state, Action("soltar", item="arco"), "carries no 'arco'")
    far = Action("soltar", item="mina", point=(30.0, 30.0))
    support.refused(state, far, "within reach of its own base")  # a bomb: entries/mines.py
    support.do(state, Action("soltar", item="cuchillo"))
    shooter = state.figures["a"]
    assert shooter.ene == ENE - 1 and shooter.profile.weapon("cuchillo") is None


def test_the_ranged_variants_use_rounds_too() -> None:
    """Cargadores: every shot of the weapon counts, a bulto as well (ACCIONES DE COMBATE)."""
    long_gun = Weapon("rifle", ene=3, dan=8, alc=40, cal=4, bonuses=("Cargadores",))
    scn = support.scenario(
        [("a", "A", (5.0, 10.0), 0.0), ("b", "B", (31.0, 10.0), 180.0)],
        profiles={"a": support.profile("a", agi=8, weapons=(long_gun,))},
    )
    state = support.started(scn, faces=[6])  # 25 K: beyond the CdV; IMP 6 > 8 − 1 − 2 misses
    support.do(state, Action("ataque_distancia_a_bulto", target="b", item="rifle"))
    assert rounds_left(state.figures["a"], long_gun) == 1


def test_cargadores_parameter_sets_the_magazine() -> None:
    """BONUS Y MALUS, Cargadores (X): X rounds a magazine (10 − DAÑ when X is not given)."""
    from wartime.engine.core.combat import magazine_size
    from wartime.engine.core.figures import Figure
    from wartime.engine.core.profiles import Weapon, profile_from_army
    from wartime.formats.army import load_army

    from .conftest import ARMIES

    legion = load_army(ARMIES / "legion.yaml").army
    fusil = profile_from_army(legion, "fusilero").weapon("fusil")
    assert fusil is not None and fusil.magazine == 6
    holder = Figure("x", "A", profile_from_army(legion, "fusilero"), (0, 0), 0, 0.5, 1.0)
    assert magazine_size(holder, fusil) == 6
    plain = Weapon("pistola", 2, 3, 10, 3, ("Cargadores",))
    assert magazine_size(holder, plain) == 10 - 3
