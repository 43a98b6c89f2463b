"""BONUS Y MALUS: aura and reroll entries that tests/test_effects_auras_rerolls.py cannot
stage (an aura around the target or the shooter, ENE, the start of an activation, a
metaability, the scatter), each shown in play with scripted dice.

The aura's bearer is ``c``; ``inside`` and ``outside`` put its base 0.1 K inside or
outside the entry's range from the figure it is measured to.  ``LEFT_OUT`` lists
the aura and reroll entries that stay with the players, each with its reason.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Metaability, Profile, Trait, Weapon
from wartime.geometry.distance import edge_distance
from wartime.rules.catalog import Mechanism, load_catalog
from wartime.rules.effects import load_effects

from . import engine_support as support
from .test_areas import FAIL_DEF, GRENADE, PASS_PSI, AimedDice, kinds, ready, tough

PAD = [5] * 8
WAND = Weapon("varita", ene=3, dan=3, alc=20, cal=4, bonuses=("Invocación",))
FIREBALL = Metaability("bola", ene=2, alc=6, cal=5, attribute="INT")  # an invocación
BUNKAI = Metaability("golpe", ene=2, alc=6, cal=5, attribute="AGI")


def carrier(name: str, entry: str | None) -> Profile:
    return replace(support.profile(name), traits=(Trait(entry),) if entry else ())


def game(
    c_at: tuple[float, float] | None = None, c_side: str = "A", entry: str | None = None,
    dice: list[int] | None = None, a: Profile | None = None, b_at: tuple[float, float] = (21, 10),
) -> GameState:  # fmt: skip
    """a (A) at (10, 10) facing b (B, CON 9); c, when placed, carries ``entry``; a acts."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, 180.0)]
    profiles = {"b": support.profile("b", con=9)}
    if a is not None:
        profiles["a"] = a
    if c_at is not None:
        units.append(("c", c_side, c_at, 90.0))
        profiles["c"] = carrier("c", entry)
    return support.started(support.scenario(units, profiles=profiles), [*(dice or []), *PAD])


def gap(state: GameState, one: str, other: str) -> float:
    x, y = state.figures[one], state.figures[other]
    return edge_distance(x.position, x.radius, y.position, y.radius)


def beside(x: float, y: float, gap_k: float) -> tuple[float, float]:
    """A 1 K base ``gap_k`` K above a 1 K base at (x, y)."""
    return (x, y + 1.0 + gap_k)


def ene_paid(events: list[Any]) -> list[int]:
    return [e.data["cost"] for e in events if e.kind == "ene"]


SHOT = Action("ataque_distancia", target="b", item="fusil")
RANGE = [("inside", -0.1), ("outside", +0.1)]


# -- Auras around the figure attacked or the attacker -------------------------------------------


@pytest.mark.parametrize(("where", "shift"), RANGE)
def test_grito_de_oscuridad_reaches_the_attackers_of_its_allies(where: str, shift: float) -> None:
    """BONUS Y MALUS, Grito de oscuridad: whoever attacks an ally within 5 K of the bearer
    has CH IMP -1 (measured from the bearer to the ally attacked)."""
    state = game(beside(21.0, 10.0, 5.0 + shift), "B", "Grito de oscuridad", [5])
    assert gap(state, "b", "c") == pytest.approx(5.0 + shift)
    mods = support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]["modifiers"]
    assert (["Grito de oscuridad (c)", -1] in mods) is (where == "inside")


def test_grito_de_oscuridad_is_for_the_others_and_for_the_bearers_side() -> None:
    """An aura on "aliados" leaves the bearer out; and an enemy's shout does not help b."""
    state = game(beside(21.0, 10.0, 2.0), "B", "Grito de oscuridad", [5])
    events = support.do(state, Action("ataque_distancia", target="c", item="fusil"))
    assert not [
        m for m in support.rolls_of(events, "a", "CH IMP")[0]["modifiers"] if "oscuridad" in m[0]
    ]
    state = game(beside(21.0, 10.0, 2.0), "A", "Grito de oscuridad", [5])
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]["modifiers"] == []


@pytest.mark.parametrize(("where", "shift"), RANGE)
def test_grito_de_punteria_reaches_the_targets_of_its_allies_shots(
    where: str, shift: float
) -> None:
    """BONUS Y MALUS, Grito de puntería: the targets of the shots of allies within 5 K of the
    bearer have CH DEF -1 (measured from the bearer to the shooter)."""
    state = game(beside(10.0, 10.0, 5.0 + shift), "A", "Grito de puntería", [2, 9, 3])
    data = support.rolls_of(support.do(state, SHOT), "b", "CH DEF")[0]
    assert (["Grito de puntería (c)", -1] in data["modifiers"]) is (where == "inside")


def test_grito_de_punteria_counts_for_shots_only_an_area_too() -> None:
    """Not in CaC; an area weapon's hit is a shot as well."""
    state = game(beside(10.0, 10.0, 2.0), "A", "Grito de puntería", [2, 9, 3], b_at=(11.0, 10.0))
    events = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
    assert ["Grito de puntería (c)", -1] not in support.rolls_of(events, "b", "CH DEF")[0][
        "modifiers"
    ]
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    units.append(("c", "A", beside(10.0, 10.0, 2.0), 90.0))
    profiles = {"a": tough("a", GRENADE), "b": tough("b"), "c": carrier("c", "Grito de puntería")}
    state = ready(support.scenario(units, profiles), [2, FAIL_DEF, PASS_PSI])
    events = support.do(state, Action("ataque_distancia", target="b", item="granada"))
    assert ["Grito de puntería (c)", -1] in support.rolls_of(events, "b", "CH DEF")[0]["modifiers"]


# -- DAÑ on a charge ---------------------------------------------------------------------------


def charge(entry: str, c_gap: float, charging: bool = True) -> int:
    """a charges b (3.5 K) and stabs it; c, a's ally, stands ``c_gap`` K from where a ends.

    The DAÑ of the hit: knife 2 + CON 4 − 4, +1 for the charge.
    """
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.5, 10.0), 180.0)]
    units.append(("c", "A", beside(12.5, 10.0, c_gap), 90.0))
    profiles = {"b": support.profile("b", con=9), "c": carrier("c", entry)}
    state = support.started(support.scenario(units, profiles=profiles), [2, 9, *PAD])
    if charging:
        support.do(state, Action("cargar", target="b"))
        assert gap(state, "a", "c") == pytest.approx(c_gap, abs=0.01)
    else:
        state.figures["a"].position = (12.5, 10.0)
    events = support.do(state, Action("ataque_cac", target="b", item="cuchillo"))
    return int(next(e.data["damage"] for e in events if e.kind == "hit"))


def test_grito_de_combate_adds_to_the_charges_blow() -> None:
    """BONUS Y MALUS, Grito de combate: allies within 5 K, DAÑ +1 on the first attack of a
    charge (the blow after Cargar)."""
    assert charge("Grito de combate", 4.9) == support.KNIFE.dan + 1 + 1
    assert charge("Grito de combate", 5.1) == support.KNIFE.dan + 1
    assert charge("Grito de combate", 2.0, charging=False) == support.KNIFE.dan


def test_grito_de_muerte_leaves_out_the_charges_blow() -> None:
    """BONUS Y MALUS, Grito de muerte: allies within 5 K that did not charge, DAÑ +1 in CaC."""
    assert charge("Grito de muerte", 2.0) == support.KNIFE.dan + 1
    assert charge("Grito de muerte", 2.0, charging=False) == support.KNIFE.dan + 1


# -- ENE ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entry", "side", "shift", "shot", "crouch"),
    [
        ("Grito de maestría", "A", -0.1, support.RIFLE.ene - 1, 1),  # weapons only
        ("Grito de maestría", "A", +0.1, support.RIFLE.ene, 1),
        ("Grito de maestría", "B", -0.1, support.RIFLE.ene, 1),  # an enemy's shout
        ("Hálito de hambre", "B", -0.1, support.RIFLE.ene + 1, 2),  # every action
        ("Hálito de hambre", "B", +0.1, support.RIFLE.ene, 1),
        ("Hálito de hambre", "A", -0.1, support.RIFLE.ene, 1),  # an ally's breath
    ],
)
def test_ene_auras(entry: str, side: str, shift: float, shot: int, crouch: int) -> None:
    """BONUS Y MALUS, Grito de maestría: allies within 5 K, their weapons cost ENE -1 (min 1);
    Hálito de hambre: enemies within 5 K, ENE -1 (each of their actions costs 1 more)."""
    state = game(beside(10.0, 10.0, 5.0 + shift), side, entry, [5])
    assert ene_paid(support.do(state, SHOT)) == [shot]
    state = game(beside(10.0, 10.0, 5.0 + shift), side, entry)
    events = support.do(state, Action("agacharse"))
    assert ene_paid(events) == [crouch]
    if crouch == 2:
        assert "Hálito de hambre (c) +1" in next(e.text for e in events if e.kind == "ene")


def test_grito_de_maestria_keeps_the_minimum_of_one() -> None:
    cheap = replace(support.profile("a"), weapons=(replace(support.RIFLE, ene=1),))
    state = game(beside(10.0, 10.0, 2.0), "A", "Grito de maestría", [5], a=cheap)
    assert ene_paid(support.do(state, SHOT)) == [1]


def activated(c_at: tuple[float, float], c_side: str, ene: int = 0) -> GameState:
    """a (with ``ene`` ENE before it) starts its activation with c near it."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    units.append(("c", c_side, c_at, 90.0))
    state = support.scenario(units, profiles={"c": carrier("c", "Genio estratega")}).new_game()
    state.dice = support.ScriptedDice([9, 1])
    state.apply(Action("initiative", "a"))
    state.apply(Action("initiative", "b"))
    state.figures["a"].ene = ene
    state.apply(Action("activate", "a"))
    return state


def test_genio_estratega_gives_its_allies_one_ene_as_they_start() -> None:
    """BONUS Y MALUS, Genio estratega: allies within 3 K, ENE +1 as their activation starts
    (still no more than 10)."""
    start = 4 + 4  # CON + AGI
    state = activated(beside(10.0, 10.0, 2.9), "A")
    assert state.figures["a"].ene == start + 1
    assert [e.text for e in state.log if e.kind == "ene_gain"] == [
        "a: Genio estratega (c), ENE +1 → 9"
    ]
    assert activated(beside(10.0, 10.0, 3.1), "A").figures["a"].ene == start
    assert activated(beside(10.0, 10.0, 2.0), "B").figures["a"].ene == start
    assert activated(beside(10.0, 10.0, 2.0), "A", ene=5).figures["a"].ene == 10


# -- Invocations near Distorsión envenenada ----------------------------------------------------


@pytest.mark.parametrize(
    ("c_side", "shift", "outcome"),
    [("A", -0.1, "fumble"), ("A", +0.1, "fail"), ("B", -0.1, "fumble")],
)
def test_distorsion_envenenada_makes_invocations_fumble_on_nine(
    c_side: str, shift: float, outcome: str
) -> None:
    """BONUS Y MALUS, Distorsión envenenada: within 5 K of the object, 9 and 10 are fumbles
    for whoever makes invocations (an invocación's CH INT)."""
    caster = replace(
        support.profile("a"),
        metaabilities=(FIREBALL, BUNKAI),
        traits=support.users_of(FIREBALL, BUNKAI),
    )
    state = game(beside(10.0, 10.0, 5.0 + shift), c_side, "Distorsión envenenada", [9], a=caster)
    assert (
        support.rolls_of(support.do(state, Action("usar", item="bola")), "a", "CH INT")[0][
            "outcome"
        ]
        == outcome
    )
    state = game(beside(10.0, 10.0, 5.0 + shift), c_side, "Distorsión envenenada", [9], a=caster)
    # a bunkai (CH AGI) is no invocation
    assert (
        support.rolls_of(support.do(state, Action("usar", item="golpe")), "a", "CH AGI")[0][
            "outcome"
        ]
        == "fail"
    )


def test_distorsion_envenenada_reaches_its_bearer_and_invocation_weapons() -> None:
    """Its bearer invokes within 5 K of it too; a weapon with Invocación is an invocation."""
    caster = replace(
        support.profile("a", weapons=(support.RIFLE, WAND)),
        metaabilities=(FIREBALL,),
        traits=(Trait("Distorsión envenenada"), *support.users_of(FIREBALL)),
    )
    state = game(dice=[9], a=caster)
    assert (
        support.rolls_of(support.do(state, Action("usar", item="bola")), "a", "CH INT")[0][
            "outcome"
        ]
        == "fumble"
    )
    for weapon, outcome in [("varita", "fumble"), ("fusil", "fail")]:
        state = game(dice=[9], a=caster)
        events = support.do(state, Action("ataque_distancia", target="b", item=weapon))
        assert support.rolls_of(events, "a", "CH IMP")[0]["outcome"] == outcome, weapon


# -- Rerolls -----------------------------------------------------------------------------------


def test_runas_de_rechazo_rerolls_the_vol_contest_of_an_action_aimed_at_it() -> None:
    """BONUS Y MALUS, Runas de rechazo: as the target of an action, it may repeat its CH VOL
    ENF (a metaability cast on it: a's CH AGI 2, a's CH VOL ENF 3, b's 8 then 1)."""
    caster = replace(support.profile("a"), metaabilities=(BUNKAI,), traits=support.users_of(BUNKAI))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (14.0, 10.0), 180.0)]
    for b_traits, mine, wins in [((Trait("Runas de rechazo"),), 8, True), ((), None, False)]:
        profiles = {"a": caster, "b": replace(support.profile("b"), traits=b_traits)}
        state = support.started(support.scenario(units, profiles=profiles), [2, 3, 8, 1, *PAD])
        events = support.do(state, Action("usar", target="b", item="golpe"))
        assert support.rolls_of(events, "b", "CH VOL ENF")[0]["rerolled"] == mine
        assert ("resisted" in [e.kind for e in events]) is wins
    # The caster's own contest is not "aimed at it": no reroll for a.
    profiles = {"a": replace(caster, traits=(Trait("Runas de rechazo"), *support.users_of(BUNKAI)))}
    state = support.started(support.scenario(units, profiles=profiles), [2, 8, 3, *PAD])
    events = support.do(state, Action("usar", target="b", item="golpe"))
    assert support.rolls_of(events, "a", "CH VOL ENF")[0]["rerolled"] is None


def test_control_del_chi_serves_once_per_activation() -> None:
    """BONUS Y MALUS, Control del CHI: one failed check rolled again per activation; the
    first failure uses it, and it is back when the bearer's next activation starts."""
    chi = replace(support.profile("a"), traits=(Trait("Control del CHI"),))
    state = game(dice=[8, 2, 9, 3, 8], a=chi)
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]["rerolled"] == 8
    assert state.figures["a"].spent == ("Control del CHI",)
    spent = state.hash()
    second = support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]
    assert second["rerolled"] is None and second["outcome"] == "fail"
    support.do(state, Action("esperar"))
    state.apply(Action("activate", "b"))
    support.do(state, Action("end"))
    state.dice = support.ScriptedDice([8, 2, 9, 3])
    state.apply(Action("activate", "a"))  # a later phase: a new activation
    assert state.figures["a"].spent == () and state.hash() != spent
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]["rerolled"] == 8


def test_corrector_de_punteria_rolls_the_scatter_twice() -> None:
    """BONUS Y MALUS, Corrector de puntería: the scatter is rolled again (the shorter kept);
    on the character, as on the weapon (tests/test_areas.py)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    a = replace(tough("a", GRENADE), traits=(Trait("Corrector de puntería"),))
    state = ready(support.scenario(units, {"a": a, "b": tough("b")}), [8, 9, 1, FAIL_DEF, PASS_PSI],
                  angles=[0.0, 90.0])  # fmt: skip
    assert isinstance(state.dice, AimedDice)
    events = support.do(state, Action("ataque_distancia", target="b", item="granada"))
    assert [d["rolls"] for d in kinds(events, "scatter")] == [[9], [1]]
    assert load_effects()["Corrector de puntería"][0].rescatter


# Entries with their own tests here (the others are cases of test_effects_auras_rerolls.py).
ELSEWHERE = {
    "Grito de oscuridad", "Grito de puntería", "Grito de combate", "Grito de maestría",
    "Hálito de hambre", "Genio estratega", "Distorsión envenenada", "Runas de rechazo",
    "Corrector de puntería",
    # the cries and Apestoso: tests/test_effects_cries.py
    "Grito berserker", "Grito de sangre", "Grito de venganza", "Grito de veterano", "Apestoso",
    # the presence auras: tests/test_effects_presence.py
    "Líder", "Gran demonio", "Faro", "Distorsión psíquica",
}  # fmt: skip

# The CH DEF rerolls of the damage work (tests/test_effects_damage*.py).
DAMAGE_WORK = {
    "7 vidas", "Otra oportunidad", "Salvaguarda", "Munición excepcional",
    "Munición vida o muerte", "Proveedor pirata", "Escudo de energía",
    "Escudo de energía avanzado", "Entrenado para vivir",
}  # fmt: skip

# Aura and reroll entries that stay with the players (bonuses.not_yet_automated), and why:
# none now (Fortuna, the last, is played by entries/fortune.py; tests/test_fortune.py).
LEFT_OUT: dict[str, str] = {}


def test_every_aura_and_reroll_entry_is_automated_or_left_out_with_a_reason() -> None:
    hooks = (Mechanism.AURA, Mechanism.REROLL)
    names = {e.name for e in load_catalog().entries if e.mechanism in hooks}
    automated = set(load_effects())
    missing = names - automated - DAMAGE_WORK
    assert missing <= set(LEFT_OUT), missing - set(LEFT_OUT)
    assert not set(LEFT_OUT) & automated
    assert all(len(why) > 20 for why in LEFT_OUT.values())
