"""legal_actions offers the variants, generic actions and terrain moves (core/candidates.py)."""

from __future__ import annotations

import pytest

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core import candidates as offers

from . import engine_support as support


def kinds(state: GameState) -> set[str]:
    return {a.kind for a in state.legal_actions()}


def all_checked(state: GameState) -> None:
    for action in state.legal_actions():
        assert state.check(action) is None, action


def test_in_contact_the_cac_variants_and_destrabarse_are_offered() -> None:
    state = support.face_off(support.profile("a"), more=())
    state.figures["b"].position = (11.0 + 2 * state.figures["a"].radius - 1.0, 10.0)
    found = kinds(state)
    for kind in ("ataque_cac_sin_armas", "ataque_cac_objeto_improvisado", "desarmar",
                 "empujar", "inmovilizar_enemigo", "noquear", "ataque_cac_arma_disparo",
                 "destrabarse"):  # fmt: skip
        assert kind in found, kind
    assert not found & {"mover_sin_hacer_ruido", "ataque_distancia_a_bulto", "embestir"}
    assert "ataque_sorpresa" not in found  # it was seen coming (no silent arrival)
    all_checked(state)


def test_apart_no_cac_variant_is_offered() -> None:
    state = support.face_off(support.profile("a"))
    found = kinds(state)
    assert not found & {"ataque_cac_sin_armas", "desarmar", "noquear", "destrabarse"}
    for kind in ("concentrarse", "en_guardia", "percibir", "buscar", "soltar",
                 "mover_sin_hacer_ruido"):  # fmt: skip
        assert kind in found, kind
    all_checked(state)


def test_long_range_shot_beyond_the_alc_within_the_cdv() -> None:
    a = support.profile("a", weapons=(support.PISTOL,))
    state = support.face_off(a)  # b 11 K away (edge to edge less): within ALC 15
    assert "ataque_distancia_a_larga_distancia" not in kinds(state)
    state.figures["b"].position = (28.0, 10.0)  # beyond ALC 15, within VOL×5 = 20 K
    assert "ataque_distancia_a_larga_distancia" in kinds(state)
    all_checked(state)


def test_apoyar_an_ally_within_two_k_only() -> None:
    more = (("c", "A", (10.0, 12.0), support.profile("c")),)
    state = support.face_off(support.profile("a"), more=more)
    assert Action("apoyar", "a", target="c") in state.legal_actions()
    state.figures["c"].position = (10.0, 16.0)
    assert "apoyar" not in kinds(state)


def test_recargar_once_a_shot_left_the_magazine_not_full() -> None:
    a = support.profile("a", weapons=(support.SHOTGUN,))
    state = support.face_off(a)
    assert "recargar" not in kinds(state)
    support.do(state, Action("ataque_distancia", "a", target="b", item="escopeta"))
    if state.pending.kind is PendingKind.ACT and state.active == "a":
        state.figures["a"].ene = 2  # Recargar costs the DAÑ, 8
        assert "recargar" not in kinds(state)
        state.figures["a"].ene = 9
        assert Action("recargar", "a", item="escopeta") in state.legal_actions()
        all_checked(state)


def test_concentrarse_not_offered_at_its_cap_nor_without_ene() -> None:
    state = support.face_off(support.profile("a"))
    state.figures["a"].focus = 3
    assert "concentrarse" not in kinds(state)
    state.figures["a"].ene = 1
    assert not kinds(state) & {"en_guardia", "percibir", "concentrarse"}
    all_checked(state)


def test_the_plain_shortcut_agrees_with_the_check() -> None:
    """offers' SIMPLE kinds and silent moves, taken without a trial in plain positions,
    are exactly those GameState.check passes (the shortcut switched off)."""
    scn = support.two_pairs({}, 22.0, (22.0, 14.0))
    seen = 0
    for seed in range(4):
        state = scn.with_seed(seed).new_game()
        import random

        rng = random.Random(seed)
        while not state.over and seen < 400:
            listed = state.legal_actions()  # the list the next move is drawn from, once
            if state.pending.kind in (PendingKind.ACT, PendingKind.REACT_ACT):
                fast = set(listed)
                plain, offers.plain_position = offers.plain_position, lambda s, f: False
                try:
                    slow = set(state.legal_actions())
                finally:
                    offers.plain_position = plain
                assert fast == slow
                assert all(state.check(a) is None for a in fast)
                seen += 1
            state.apply(rng.choice(listed))
    assert seen > 50


@pytest.mark.parametrize("seed", range(3))
def test_random_games_take_the_new_kinds(seed: int) -> None:
    scn = support.two_pairs({}, 14.0, (14.0, 14.0))
    taken = {d.action.kind for d in support.random_games(scn.with_seed(seed), 1)}
    assert taken & {"concentrarse", "en_guardia", "percibir", "buscar", "soltar"}
