"""BONUS Y MALUS: entries that change numbers and limits (entries/limits.py): the CdV, a
weapon's ALC and ENE, the strides and their ENE, forbidden actions, silence and heavy
weapons, each played with scripted dice, with a case where it does not apply.

a (side A) stands at (10, 10) facing b (side B, CON 9); bases are 1 K wide, so b at
(x, 10) is x − 11 K away edge to edge.  VOL 4 gives a CdV of 20 K.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Profile, Trait, Weapon
from wartime.rules.effects import load_effects

from . import engine_support as support

PAD = [5] * 10
SHOT = Action("ataque_distancia", target="b", item="fusil")
LONG_RIFLE = Weapon("fusil", ene=3, dan=4, alc=40, cal=4)  # the CdV, not the ALC, limits it
CANNON = Weapon("cañón", ene=6, dan=4, alc=20, cal=4)
MORTAR = Weapon("mortero", ene=3, dan=5, alc=20, cal=4, bonuses=("Arma pesada",))

ENTRIES = (
    "Corto de vista", "Súper vista", "Más alcance", "Mucho más alcance",
    "Munición autopropulsada", "Sin sangre", "Rambo", "Lento", "Rápido", "Lastrado",
    "Piernas muy cortas", "Silencioso", "Silenciador", "Arma pesada",
)  # fmt: skip


def carrying(base: Profile, *names: str) -> Profile:
    return replace(base, traits=tuple(Trait(n) for n in names))


def game(
    a: Profile | None = None, b_at: float = 21.0, faces: list[int] = (), ene: int | None = None,
) -> GameState:  # fmt: skip
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (b_at, 10.0), 180.0)]
    profiles = {"a": a or support.profile("a"), "b": support.profile("b", con=9)}
    state = support.started(support.scenario(units, profiles=profiles), [*faces, *PAD])
    if ene is not None:
        state.figures["a"].ene = ene
    return state


def paid(events: list[Any]) -> list[dict[str, Any]]:
    return [e.data for e in events if e.kind == "ene"]


def offered(state: GameState, kind: str, item: str | None = None) -> list[Action]:
    return [a for a in state.legal_actions() if a.kind == kind and (item is None or a.item == item)]


def test_every_entry_of_the_batch_is_automated() -> None:
    """Each entry of this batch has effects in data/effects/limits.yaml."""
    assert set(ENTRIES) <= set(load_effects())


# -- CdV ---------------------------------------------------------------------------------------


def test_super_vista_sees_and_shoots_5_k_past_vol_x5() -> None:
    """BONUS Y MALUS, Súper vista: CdV +5 K: b 24 K away (beyond VOL 4 × 5 = 20 K) can
    be shot, and legal_actions() offers it; without the entry it is outside the CdV."""
    seer = carrying(support.profile("a", weapons=(LONG_RIFLE,)), "Súper vista")
    state = game(seer, b_at=35.0, faces=[3, 9])
    assert offered(state, "ataque_distancia")
    events = support.do(state, SHOT)
    assert support.rolls_of(events, "a", "CH IMP")[0]["roll"] == 3
    plain = game(support.profile("a", weapons=(LONG_RIFLE,)), b_at=35.0)
    assert not offered(plain, "ataque_distancia")
    support.refused(plain, SHOT, "outside the CdV")
    too_far = game(seer, b_at=37.0)  # 26 K: past the 25 K it sees
    support.refused(too_far, SHOT, "outside the CdV")


def test_corto_de_vista_sees_5_k_less() -> None:
    """BONUS Y MALUS, Corto de vista: CdV −5 K: b 16 K away is out of its 15 K CdV, while a
    figure without the entry shoots it; 14 K away it still may."""
    myopic = carrying(support.profile("a"), "Corto de vista")
    state = game(myopic, b_at=27.0)
    assert not offered(state, "ataque_distancia")
    support.refused(state, SHOT, "outside the CdV")
    events = support.do(game(support.profile("a"), b_at=27.0, faces=[3, 9]), SHOT)
    assert support.rolls_of(events, "a", "CH IMP")
    near = game(myopic, b_at=25.0, faces=[3, 9])
    assert support.rolls_of(support.do(near, SHOT), "a", "CH IMP")


# -- ALC ---------------------------------------------------------------------------------------

ARMY = """\
wartime_army: 1
name: Tiradores
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
  - {id: miope, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4, bonus: [Más alcance]}
  - {id: pistola, kind: weapon, ENE: 2, DAÑ: 2, ALC: 10, CAL: 2, bonus: [Más alcance]}
  - {id: carabina, kind: weapon, ENE: 2, DAÑ: 3, ALC: 8, CAL: 3, bonus: [Mucho más alcance]}
  - id: cohete
    kind: weapon
    ENE: 3
    DAÑ: 3
    ALC: 9
    CAL: 3
    bonus: [Munición autopropulsada, Más alcance]
  - {id: revólver, kind: weapon, ENE: 2, DAÑ: 2, ALC: 10, CAL: 2}
  - {id: daga, kind: weapon, ENE: 1, DAÑ: 1, ALC: 0, CAL: 2}
characters:
  - {id: tirador, race: humano, weapons: [pistola, carabina, cohete, revólver, daga]}
  - {id: otro, race: miope, weapons: [revólver, daga]}
"""


def sheets(tmp_path: Path) -> tuple[Profile, Profile]:
    from wartime.engine.core.profiles import profile_from_army
    from wartime.formats.army import load_army

    (tmp_path / "army.yaml").write_text(ARMY, encoding="utf-8")
    army = load_army(tmp_path / "army.yaml").army
    return profile_from_army(army, "tirador"), profile_from_army(army, "otro")


def test_mas_alcance_mucho_mas_alcance_and_autopropulsada_change_the_alc(tmp_path: Path) -> None:
    """BONUS Y MALUS, Más alcance (+5 K), Mucho más alcance (+10 K), Munición
    autopropulsada (×2, then the K added): ALC 10 → 15, 8 → 18, 9 → 23; a weapon without
    them keeps its ALC, and a CaC weapon gains no reach from the character's entry."""
    sheet, other = sheets(tmp_path)
    alc = {w.id: w.alc for w in sheet.weapons}
    assert alc == {"pistola": 15, "carabina": 18, "cohete": 23, "revólver": 10, "daga": 0}
    assert {w.id: w.alc for w in other.weapons} == {"revólver": 15, "daga": 0}
    pistol = next(w for w in sheet.weapons if w.id == "pistola")
    revolver = next(w for w in sheet.weapons if w.id == "revólver")
    a = replace(support.profile("a", weapons=(pistol, revolver)), traits=sheet.traits)
    state = game(a, b_at=24.0, faces=[3, 9])  # 13 K: within 15, beyond 10
    events = support.do(state, Action("ataque_distancia", target="b", item="pistola"))
    assert support.rolls_of(events, "a", "CH IMP") and state.figures["b"].wounds == 2
    support.refused(game(a, b_at=24.0), Action("ataque_distancia", target="b", item="revólver"),
            "out of range")  # fmt: skip


# -- ENE of weapons ----------------------------------------------------------------------------


def test_sin_sangre_adds_1_to_the_ene_of_every_weapon() -> None:
    """BONUS Y MALUS, Sin sangre: a shot with the fusil (ENE 3) costs 4, a CaC blow with
    the cuchillo (ENE 2) costs 3; a Mover still costs 1."""
    bloodless = carrying(support.profile("a"), "Sin sangre")
    events = support.do(game(bloodless, faces=[3, 9]), SHOT)
    assert paid(events)[0]["cost"] == 4 and ["Sin sangre", 1] in paid(events)[0]["modifiers"]
    blow = support.do(game(bloodless, b_at=11.0, faces=[3, 9]),
              Action("ataque_cac", target="b", item="cuchillo"))  # fmt: skip
    assert paid(blow)[0]["cost"] == support.KNIFE.ene + 1
    walk = support.do(game(bloodless), Action("mover", point=(12.0, 12.0)))
    assert paid(walk)[0]["cost"] == 1
    assert (
        paid(support.do(game(support.profile("a"), faces=[3, 9]), SHOT))[0]["cost"]
        == support.RIFLE.ene
    )


def test_rambo_caps_the_ene_of_using_a_weapon_at_4() -> None:
    """BONUS Y MALUS, Rambo: the cañón (ENE 6) costs 4, even with Sin sangre (7 → 4); the
    fusil (ENE 3) still costs 3, and without Rambo the cañón costs 6."""
    rambo = carrying(support.profile("a", weapons=(CANNON, support.RIFLE)), "Rambo")
    shot = Action("ataque_distancia", target="b", item="cañón")
    events = support.do(game(rambo, faces=[3, 9]), shot)
    assert paid(events)[0]["cost"] == 4 and ["Rambo", -2] in paid(events)[0]["modifiers"]
    both = carrying(support.profile("a", weapons=(CANNON,)), "Rambo", "Sin sangre")
    assert paid(support.do(game(both, faces=[3, 9]), shot))[0]["cost"] == 4
    assert paid(support.do(game(rambo, faces=[3, 9]), SHOT))[0]["cost"] == support.RIFLE.ene
    plain = support.profile("a", weapons=(CANNON, support.RIFLE))
    assert paid(support.do(game(plain, faces=[3, 9]), shot))[0]["cost"] == CANNON.ene
    poor = game(rambo, faces=[3, 9], ene=4)  # ENE 4 pays the capped cañón
    assert offered(poor, "ataque_distancia", "cañón")
    assert not offered(game(plain, ene=4), "ataque_distancia", "cañón")


# -- Movement ----------------------------------------------------------------------------------


def test_lento_pays_1_more_for_movement_actions() -> None:
    """BONUS Y MALUS, Lento: Mover costs 2, Correr 3 and Agacharse 2 (every action of the
    movement group); with ENE 1 no Mover nor Agacharse is offered; a shot costs what it did."""
    slow = carrying(support.profile("a"), "Lento")
    assert paid(support.do(game(slow), Action("mover", point=(11.0, 12.0))))[0]["cost"] == 2
    assert paid(support.do(game(slow), Action("correr", point=(11.0, 12.0))))[0]["cost"] == 3
    assert paid(support.do(game(slow, faces=[3, 9]), SHOT))[0]["cost"] == support.RIFLE.ene
    assert paid(support.do(game(slow), Action("agacharse")))[0]["cost"] == 2
    assert not offered(game(slow, ene=1), "mover") and not offered(game(slow, ene=1), "agacharse")
    support.refused(game(slow, ene=1), Action("mover", point=(11.0, 12.0)), "Not enough ENE")
    assert offered(game(support.profile("a"), ene=1), "mover")


def test_rapido_runs_and_sprints_1_k_farther() -> None:
    """BONUS Y MALUS, Rápido: Correr reaches MOV+1+1 = 3 K and Esprintar MOV+5+1 = 7 K;
    Mover still reaches MOV, and without the entry Correr stops at 2 K."""
    fast = carrying(support.profile("a"), "Rápido")
    far = (10.0, 20.0)
    run = support.do(game(fast), Action("correr", point=far))
    assert next(e for e in run if e.kind == "move").data["travelled"] == pytest.approx(3.0)
    sprint = support.do(game(fast), Action("esprintar", point=far))
    assert next(e for e in sprint if e.kind == "move").data["travelled"] == pytest.approx(7.0)
    walk = support.do(game(fast), Action("mover", point=far))
    assert next(e for e in walk if e.kind == "move").data["travelled"] == pytest.approx(1.0)
    plain = support.do(game(support.profile("a")), Action("correr", point=far))
    assert next(e for e in plain if e.kind == "move").data["travelled"] == pytest.approx(2.0)


def test_lastrado_may_not_run_or_sprint() -> None:
    """BONUS Y MALUS, Lastrado: Correr and Esprintar are refused and not offered; Mover
    is, and a figure without the entry may run."""
    heavy = carrying(support.profile("a"), "Lastrado")
    state = game(heavy)
    support.refused(state, Action("correr", point=(10.0, 12.0)), "Lastrado")
    support.refused(state, Action("esprintar", point=(10.0, 12.0)), "Lastrado")
    kinds = {a.kind for a in state.legal_actions()}
    assert "mover" in kinds and not kinds & {"correr", "esprintar"}
    support.do(state, Action("mover", point=(10.0, 11.0)))
    assert {"correr", "esprintar"} <= {a.kind for a in game(support.profile("a")).legal_actions()}


def test_piernas_muy_cortas_may_not_sprint_and_strike_worse_in_cac() -> None:
    """BONUS Y MALUS, Piernas muy cortas: Esprintar is refused (Correr is not), and its CaC
    CH IMP takes −1, its ranged one does not."""
    short = carrying(support.profile("a"), "Piernas muy cortas")
    state = game(short)
    support.refused(state, Action("esprintar", point=(10.0, 12.0)), "Piernas muy cortas")
    kinds = {a.kind for a in state.legal_actions()}
    assert "correr" in kinds and "esprintar" not in kinds
    support.do(state, Action("correr", point=(10.0, 12.0)))
    blow = support.do(game(short, b_at=11.0, faces=[3, 9]),
              Action("ataque_cac", target="b", item="cuchillo"))  # fmt: skip
    assert ["Piernas muy cortas", -1] in support.rolls_of(blow, "a", "CH IMP")[0]["modifiers"]
    shot = support.do(game(short, faces=[3, 9]), SHOT)
    assert not [
        m for m in support.rolls_of(shot, "a", "CH IMP")[0]["modifiers"] if "Piernas" in m[0]
    ]


# -- Noise -------------------------------------------------------------------------------------


def test_silencioso_moves_silently_for_movers_ene() -> None:
    """BONUS Y MALUS, Silencioso: Mover sin hacer ruido costs 1 (as Mover), not 2, and
    still makes no noise; without the entry it costs 2."""
    quiet = carrying(support.profile("a"), "Silencioso")
    sneak = Action("mover_sin_hacer_ruido", point=(10.0, 11.0))
    events = support.do(game(quiet), sneak)
    assert paid(events)[0]["cost"] == 1 and not [e for e in events if e.kind == "noise"]
    assert paid(support.do(game(support.profile("a")), sneak))[0]["cost"] == 2
    assert paid(support.do(game(quiet), Action("mover", point=(10.0, 11.0))))[0]["cost"] == 1


def test_silenciador_keeps_its_weapon_quiet() -> None:
    """BONUS Y MALUS, Silenciador: a shot with the fusil that carries it makes no noise;
    the same shot without it does."""
    silenced = replace(support.profile("a"), traits=(Trait("Silenciador", 1, "fusil"),))
    events = support.do(game(silenced, faces=[3, 9]), SHOT)
    noises = [e for e in events if e.kind == "noise" and e.data["figure"] == "a"]
    assert not noises and [e for e in events if e.kind == "silent"]
    loud = support.do(game(support.profile("a"), faces=[3, 9]), SHOT)
    assert [e for e in loud if e.kind == "noise" and e.data["figure"] == "a"]


# -- Arma pesada -------------------------------------------------------------------------------


@pytest.mark.parametrize(("con", "allowed"), [(6, True), (5, False), (4, False)])
def test_arma_pesada_needs_con_above_the_weapons_dan(con: int, allowed: bool) -> None:
    """BONUS Y MALUS, Arma pesada: the mortero (DAÑ 5) fires for CON 6; CON 5 or 4 is
    refused with the reason, and legal_actions() does not offer it; the fusil still fires."""
    shooter = support.profile("a", con=con, weapons=(MORTAR, support.RIFLE))
    state = game(shooter, faces=[3, 9, 3, 9])
    shot = Action("ataque_distancia", target="b", item="mortero")
    assert bool(offered(state, "ataque_distancia", "mortero")) is allowed
    if allowed:
        assert support.rolls_of(support.do(state, shot), "a", "CH IMP")
    else:
        support.refused(state, shot, "Arma pesada: mortero")
        assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")


def test_arma_pesada_as_a_trait_on_the_weapon() -> None:
    """BONUS Y MALUS, Arma pesada: carried as the weapon's entry (not in its bonuses)."""
    rifle_heavy = replace(support.profile("a"), traits=(Trait("Arma pesada", 1, "fusil"),))
    support.refused(game(rifle_heavy), SHOT, "CON above its DAÑ")  # CON 4, DAÑ 4


# -- Random games ------------------------------------------------------------------------------


def test_random_games_with_bearers_end_cleanly_and_replay() -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception (nothing offered is refused) and replay to the same hash (DESIGN §3)."""
    profiles = {
        "a": carrying(
            support.profile("a", weapons=(MORTAR, support.RIFLE, support.KNIFE)),
            "Lastrado",
            "Súper vista",
            "Rambo",
        ),
        "b": carrying(
            support.profile("b", con=6, weapons=(MORTAR, support.KNIFE)),
            "Lento",
            "Rápido",
            "Corto de vista",
        ),
        "c": carrying(
            support.profile("c", weapons=(CANNON, support.KNIFE)),
            "Piernas muy cortas",
            "Sin sangre",
            "Silencioso",
        ),
        "d": replace(support.profile("d"), traits=(Trait("Silenciador", 1, "fusil"),)),
    }
    scn = support.two_pairs(profiles, 16.0, (20.0, 14.0))
    kinds: set[str] = set()
    taken: set[tuple[str | None, str, str | None]] = set()
    for decision in support.random_games(scn, 10):
        action = decision.action
        kinds.add(action.kind)
        taken.add((action.figure, action.kind, action.item))
    assert {"mover", "ataque_distancia"} <= kinds
    assert not {(f, k) for f, k, _ in taken} & {("a", "correr"), ("a", "esprintar")}
    assert ("c", "esprintar") not in {(f, k) for f, k, _ in taken}
    # Arma pesada bars using the mortar as a weapon; dropping or throwing it is no use of it
    handled = {"soltar", "lanzar_armas_objetos"}
    assert not [t for t in taken if t[0] == "a" and t[2] == "mortero" and t[1] not in handled]
