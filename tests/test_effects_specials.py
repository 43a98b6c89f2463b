"""BONUS Y MALUS, batch J (entries/specials.py): Área manguante, Munición de racimo,
Necrófago, Munición regenerativa, Desafiante and La mano de la muerte, played with
scripted dice.

a (side A) stands at (10, 10) facing east with START_ENE after its first activation
began; the others stand where each test puts them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.profiles import Profile, Trait, Weapon
from wartime.engine.entries import specials
from wartime.engine.entries.specials import clustered
from wartime.rules.effects import load_effects

from . import engine_support as support

PAD = [5] * 10
FAIL_DEF, PASS_PSI = 9, 4
WIDE = Weapon("granada", ene=3, dan=5, alc=20, cal=4, bonuses=("Área",), area="R7")


def game(
    a_traits: tuple[Trait, ...] = (),
    faces: list[int] | tuple[int, ...] = (),
    others: tuple[tuple[str, str, tuple[float, float]], ...] = (("b", "B", (21.0, 10.0)),),
    *,
    weapons: tuple[Weapon, ...] = (support.RIFLE, support.KNIFE),
    con: int = 4,
    vol: int = 4,
    pad: bool = True,
) -> GameState:
    """a carries ``a_traits``; ``others`` are (id, side, position), facing west; e (side
    B) always stands far off so that no side runs out of figures."""
    a = replace(support.profile("a", con=con, vol=vol, weapons=weapons), traits=a_traits)
    units = [("a", "A", (10.0, 10.0), 0.0), ("e", "B", (38.0, 28.0), 180.0)]
    units += [(i, s, p, 180.0) for i, s, p in others]
    tough = {i: support.profile(i, con=8) for i, _, _ in others}
    scn = support.scenario(units, profiles={**tough, "a": a})
    return support.started(scn, faces=[*faces, *(PAD if pad else ())], second="e")


def use(entry: str, target: str | None = None, options: tuple[str, ...] = ()) -> Action:
    return Action("usar_bonus", "a", target=target, item=entry, options=options)


def kinds(events: list, kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == kind]


# -- Área manguante -------------------------------------------------------------------------

RING = (
    ("b", "B", (20.0, 10.0)),  # the aim: on the centre, DAÑ 5
    ("c", "B", (22.0, 10.0)),  # 1.5 K from the centre to its base: DAÑ 4
    ("d", "B", (20.0, 13.0)),  # 2.5 K: DAÑ 3
)


def test_area_manguante_loses_one_dan_per_k_from_the_centre() -> None:
    """BONUS Y MALUS, Área manguante: the template's DAÑ falls by 1 for each whole K
    between its centre and the nearest point of each base it covers."""
    faded = (Trait("Área manguante", weapon="granada"),)
    state = game(faded, [3, *[FAIL_DEF, PASS_PSI] * 3], RING, weapons=(WIDE,), pad=False)
    events = support.do(state, Action("ataque_distancia", "a", target="b", item="granada"))
    dealt = {h["target"]: h["damage"] for h in kinds(events, "hit")}
    assert dealt == {"b": 5, "c": 4, "d": 3}
    assert {f: state.figure(f).wounds for f in "bcd"} == {"b": 5, "c": 4, "d": 3}


def test_area_manguante_absent_the_whole_template_deals_its_dan() -> None:
    """BONUS Y MALUS, Área manguante (negative): without the entry every base wholly
    inside takes DAÑ 5; a base the faded DAÑ no longer reaches is not hit at all."""
    state = game((), [3, *[FAIL_DEF, PASS_PSI] * 3], RING, weapons=(WIDE,), pad=False)
    events = support.do(state, Action("ataque_distancia", "a", target="b", item="granada"))
    assert {h["target"]: h["damage"] for h in kinds(events, "hit")} == {"b": 5, "c": 5, "d": 5}
    weak = replace(WIDE, dan=2)
    faded = (Trait("Área manguante", weapon="granada"),)
    state = game(faded, [3, *[FAIL_DEF, PASS_PSI] * 2], RING, weapons=(weak,), pad=False)
    events = support.do(state, Action("ataque_distancia", "a", target="b", item="granada"))
    assert {h["target"]: h["damage"] for h in kinds(events, "hit")} == {"b": 2, "c": 1}
    assert [f["target"] for f in kinds(events, "faded")] == ["d"]
    assert state.figure("d").wounds == 0


# -- Munición de racimo ---------------------------------------------------------------------


def test_municion_de_racimo_halves_dan_and_fires_an_r_of_the_old_dan() -> None:
    """BONUS Y MALUS, Munición de racimo: the weapon's DAÑ is halved (rounded half up) and
    its hit covers an R template as wide as its DAÑ was; a shot hits every base under it."""
    racimo = replace(support.PISTOL, bonuses=("Munición de racimo",))
    made = clustered(racimo, ())
    assert (made.dan, made.area) == (2, "R3")
    assert clustered(support.RIFLE, ("Munición de racimo",)).area == "R4"  # the character's
    state = game((), [3, *[FAIL_DEF, PASS_PSI] * 2], (("b", "B", (20.0, 10.0)),
                 ("c", "B", (20.0, 11.0))), weapons=(made,), pad=False)  # fmt: skip
    events = support.do(state, Action("ataque_distancia", "a", target="b", item="pistola"))
    (template,) = kinds(events, "template")
    assert template["shape"] == "R3"
    assert {h["target"]: h["damage"] for h in kinds(events, "hit")} == {"b": 2, "c": 2}


def test_municion_de_racimo_leaves_other_weapons_alone() -> None:
    """BONUS Y MALUS, Munición de racimo (negative): without the entry, or on a CaC
    weapon or one that already has an Área, the weapon stays as it was."""
    assert clustered(support.PISTOL, ()) == support.PISTOL
    assert clustered(support.KNIFE, ("Munición de racimo",)) == support.KNIFE
    assert clustered(WIDE, ("Munición de racimo",)) == WIDE
    state = game((), [3, FAIL_DEF, PASS_PSI], weapons=(support.PISTOL,))
    events = support.do(state, Action("ataque_distancia", "a", target="b", item="pistola"))
    assert not kinds(events, "template") and state.figure("b").wounds == 3


# -- Necrófago ------------------------------------------------------------------------------


def test_necrofago_eats_a_corpse_in_contact_to_heal_and_the_corpse_runs_out() -> None:
    """BONUS Y MALUS, Necrófago: ENE 5 heals the bearer a wound eating from a corpse in
    base contact; each wound healed takes 1 CON from the corpse, and a corpse with no
    CON left feeds nobody."""
    state = game((Trait("Necrófago"),), others=(("b", "B", (11.0, 10.0)),))
    state.figure("b").wounds = 8  # CON 8: taken out
    state.figure("a").wounds, state.figure("a").ene = 3, 10
    action = use("Necrófago", "b")
    assert action in state.legal_actions()
    events = support.do(state, action)
    a, b = state.figure("a"), state.figure("b")
    assert (a.wounds, a.ene, specials.mark(b).eaten) == (2, 5, 1) and kinds(events, "healed")
    specials.put(b, specials.Eaten(8))
    a.ene = 10
    support.refused(state, action, "nothing is left")


def test_necrofago_needs_a_corpse_in_contact_and_a_wound() -> None:
    """BONUS Y MALUS, Necrófago (negative): a living figure is no corpse, a corpse out of
    contact is out of reach, and an unhurt bearer has nothing to heal."""
    state = game((Trait("Necrófago"),), others=(("b", "B", (11.0, 10.0)),
                 ("c", "B", (13.0, 10.0))))  # fmt: skip
    state.figure("a").wounds = 1
    support.refused(state, use("Necrófago", "b"), "not a corpse")
    state.figure("c").wounds = 8
    support.refused(state, use("Necrófago", "c"), "not in base contact")
    state.figure("b").wounds = 8
    state.figure("a").wounds = 0
    support.refused(state, use("Necrófago", "b"), "no wounds")


# -- Munición regenerativa ------------------------------------------------------------------


def test_municion_regenerativa_gets_a_round_back_or_costs_cal() -> None:
    """BONUS Y MALUS, Munición regenerativa: an ENE 1 action with a CH CAL of the weapon:
    passed, a round comes back; failed, the weapon loses 1 CAL (a weapon wound)."""
    regen = (Trait("Munición regenerativa", weapon="escopeta"),)
    state = game(regen, [3, 9], weapons=(support.SHOTGUN,))
    state.figure("a").rounds["escopeta"] = 0
    action = use("Munición regenerativa")
    assert action in state.legal_actions()
    events = support.do(state, action)
    check = support.rolls_of(events, "a", "CH CAL")[0]
    assert (check["target"], check["outcome"]) == (4, "pass")
    a = state.figure("a")
    assert (a.rounds["escopeta"], a.ene) == (1, support.START_ENE - 1)
    events = support.do(state, action)
    assert support.rolls_of(events, "a", "CH CAL")[0]["outcome"] == "fail"
    a = state.figure("a")
    assert (a.rounds["escopeta"], a.weapon_wounds["escopeta"]) == (1, 1)


def test_municion_regenerativa_needs_a_magazine_short_of_rounds() -> None:
    """BONUS Y MALUS, Munición regenerativa (negative): a full magazine, or a weapon with
    no magazines, has nothing to get back."""
    regen = (Trait("Munición regenerativa", weapon="escopeta"),)
    state = game(regen, weapons=(support.SHOTGUN,))
    support.refused(state, use("Munición regenerativa"), "short of rounds")
    plain = game((Trait("Munición regenerativa", weapon="fusil"),))
    support.refused(plain, use("Munición regenerativa"), "short of rounds")


# -- Desafiante -----------------------------------------------------------------------------


def test_desafiante_makes_the_challenged_enemy_charge_it_next() -> None:
    """BONUS Y MALUS, Desafiante: ENE 3 and a won CH VOL ENF; the challenged Pj must
    charge the bearer in its next activation while it can."""
    state = game((Trait("Desafiante"),), [2, 6], others=(("b", "B", (14.0, 10.0)),))
    action = use("Desafiante", "b")
    assert action in state.legal_actions()
    events = support.do(state, action)
    assert support.rolls_of(events, "a", "CH VOL ENF") and support.rolls_of(
        events, "b", "CH VOL ENF"
    )
    assert state.figure("b").fury == "a" and state.figure("a").ene == support.START_ENE - 3
    support.do(state, Action("end", "a"))
    support.do(state, Action("activate", "b"))
    support.refused(
        state, Action("ataque_distancia", "b", target="a", item="fusil"), "must charge a"
    )
    assert {x.kind for x in state.legal_actions()} <= {"cargar", "end"}


def test_desafiante_lost_or_out_of_reach_compels_nothing() -> None:
    """BONUS Y MALUS, Desafiante (negative): a lost CH VOL ENF leaves the enemy free; an
    enemy beyond VOL K cannot be challenged, nor an ally."""
    state = game((Trait("Desafiante"),), [6, 2], others=(("b", "B", (14.0, 10.0)),
                 ("c", "A", (10.0, 14.0))))  # fmt: skip
    support.do(state, use("Desafiante", "b"))
    assert state.figure("b").fury is None
    far = game((Trait("Desafiante"),), others=(("b", "B", (16.0, 10.0)),))
    support.refused(far, use("Desafiante", "b"), "reaches VOL")
    support.refused(state, use("Desafiante", "c"), "not an enemy")


# -- La mano de la muerte -------------------------------------------------------------------


def test_la_mano_de_la_muerte_moves_a_wound_onto_an_ally_in_contact() -> None:
    """BONUS Y MALUS, La mano de la muerte: ENE 3 and a passed CH VOL move one of the
    bearer's wounds onto a willing (allied) Pj; an enemy opposes with CH VOL ENF."""
    hand = (Trait("La mano de la muerte"),)
    state = game(hand, [3, PASS_PSI, 2, 6, PASS_PSI],
                 others=(("c", "A", (11.0, 10.0)), ("b", "B", (10.0, 11.0))))  # fmt: skip
    state.figure("a").wounds = 2
    action = use("La mano de la muerte", "c")
    assert action in state.legal_actions()
    events = support.do(state, action)
    assert support.rolls_of(events, "a", "CH VOL (La mano")[0]["outcome"] == "pass"
    a, c = state.figure("a"), state.figure("c")
    assert (a.wounds, c.wounds, a.ene) == (1, 1, support.START_ENE - 3)
    events = support.do(state, use("La mano de la muerte", "b"))
    assert support.rolls_of(events, "b", "CH VOL ENF")
    a, b = state.figure("a"), state.figure("b")
    assert (a.wounds, b.wounds) == (0, 1)


def test_la_mano_de_la_muerte_reaches_vol_k_only_with_vol_6() -> None:
    """BONUS Y MALUS, La mano de la muerte (negative, then VOL 6): out of contact it
    reaches nobody, nor takes a wound from another; with VOL 6 it picks the ally the
    wound comes from and the figure it goes to, within VOL K."""
    hand = (Trait("La mano de la muerte"),)
    far = (("c", "A", (13.0, 10.0)), ("d", "A", (10.0, 14.0)))
    state = game(hand, others=far)
    state.figure("a").wounds = 1
    support.refused(state, use("La mano de la muerte", "c"), "out of reach")
    support.refused(state, use("La mano de la muerte", "c", ("d",)), "only with VOL 6")
    strong = game(hand, [3, PASS_PSI], others=far, vol=6)
    strong.figure("d").wounds = 2
    support.do(strong, use("La mano de la muerte", "c", ("d",)))
    assert (strong.figure("d").wounds, strong.figure("c").wounds) == (1, 1)


# -- Manipulador ----------------------------------------------------------------------------


def shot_at(vol: int, faces: list[int]) -> tuple[GameState, Action]:
    """a (side A, VOL 4) is acting and shoots at b (Manipulador, VOL ``vol``) 10 K off."""
    b = replace(support.profile("b", vol=vol), traits=(Trait("Manipulador"),))
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    state = support.scenario(units, profiles={"b": b}).new_game()
    state.dice = support.ScriptedDice([9, 1, *faces, *PAD])  # a's side wins the initiative
    steps = [Action("initiative", "a"), Action("initiative", "b")]
    steps += [Action("activate", "b"), Action("end", "b")] if vol > 4 else []  # acts earlier
    for action in (*steps, Action("activate", "a")):
        state.apply(action)
    return state, Action("ataque_distancia", "a", target="b", item="fusil")


def test_manipulador_answers_a_shot_with_ch_vol_enf_for_ch_imp_minus_1() -> None:
    """BONUS Y MALUS, Manipulador: shot at by a figure of lower VOL, the bearer may answer
    with a CH VOL ENF; won, the shooter's CH IMP for that shot is at −1."""
    state, shot = shot_at(6, [2, 6, 5])
    state.apply(shot)
    answer = Action("manipular", "b")
    assert answer in state.legal_actions()
    events = support.do(state, answer)
    assert support.rolls_of(events, "b", "CH VOL ENF") and support.rolls_of(
        events, "a", "CH VOL ENF"
    )
    (imp,) = support.rolls_of(events, "a", "CH IMP")
    assert ["Manipulador", -1] in imp["modifiers"] and imp["outcome"] == "fail"  # 5 > 4 − 1
    assert state.figure("b").wounds == 0 and not specials.manipulated(state.figure("a"))


def test_manipulador_needs_more_vol_and_a_won_check() -> None:
    """BONUS Y MALUS, Manipulador (negative): against a shooter of equal VOL it has no such
    answer; a lost CH VOL ENF leaves the CH IMP alone."""
    state, shot = shot_at(4, [])
    state.apply(shot)
    support.refused(state, Action("manipular", "b"), "not an answer")
    state, shot = shot_at(6, [6, 2, 3, 9, 4])
    state.apply(shot)
    events = support.do(state, Action("manipular", "b"))
    (imp,) = support.rolls_of(events, "a", "CH IMP")
    assert not [m for m in imp["modifiers"] if m[0] == "Manipulador"] and imp["outcome"] == "pass"


# -- In play --------------------------------------------------------------------------------


def test_batch_j_entries_are_automated() -> None:
    """The seven entries of this batch have effects."""
    effects = load_effects()
    for name in ("Área manguante", "Munición de racimo", "Necrófago",
                 "Munición regenerativa", "Desafiante", "La mano de la muerte",
                 "Manipulador"):  # fmt: skip
        assert name in effects


@pytest.mark.parametrize("seeds", [8])
def test_random_games_with_batch_j_entries_end_cleanly_and_replay(seeds: int) -> None:
    """Seeded games of random legal moves between bearers of these entries end without an
    exception and replay to the same hash (DESIGN §3)."""
    every = (Trait("Necrófago"), Trait("Desafiante"), Trait("La mano de la muerte"),
             Trait("Munición regenerativa", weapon="escopeta"),
             Trait("Área manguante", weapon="granada"), Trait("Manipulador"))  # fmt: skip
    racimo = replace(support.PISTOL, bonuses=("Munición de racimo",))

    def armed(name: str, weapons: tuple[Weapon, ...], vol: int = 4) -> Profile:
        return replace(support.profile(name, vol=vol, weapons=weapons), traits=every)

    profiles = {
        "a": armed(
            "a", (support.SHOTGUN, support.KNIFE), vol=6
        ),  # La mano de la muerte within VOL K
        "b": armed("b", (WIDE, support.KNIFE)),
        "c": armed("c", (clustered(racimo, ()), support.KNIFE), vol=6),
        "d": armed("d", (support.SHOTGUN, WIDE)),
    }
    scn = support.two_pairs(profiles, 13.0, (16.0, 14.0))
    taken: set[str] = set()
    for decision in support.random_games(scn, seeds):
        if decision.action.kind == "usar_bonus":
            taken.add(decision.action.item or "")
        if decision.action.kind == "manipular":
            taken.add("Manipulador")
    assert "Desafiante" in taken  # the others hang on wounds, corpses and empty magazines
