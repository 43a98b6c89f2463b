"""BONUS Y MALUS, a second pass: entries the engine plays now that it has grown.

Each entry of ``SECOND_PASS`` is in ``data/effects`` and is shown here in a real
action with scripted dice; the rule each test names is in our words, and the
readings behind it are in docs/rules-interpretations.md ("Second pass on the
catalogue").  Scenes: a (side A) at (10, 10) faces east, b (side B) 10 K away
faces it; the fusil is DAÑ 4, the cuchillo DAÑ 2, every figure AGI 4 and DEF 3.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from wartime.engine import Action, GameState
from wartime.engine.core.events import Event
from wartime.engine.core.hits import defense_bonus
from wartime.engine.core.profiles import Profile, Trait, Transport, Weapon

from . import engine_support as support

# The entries this file automates; the LEFT_OUT tables of the older files no longer list them.
SECOND_PASS = frozenset(
    {
        "Escuchimizado", "Artillero", "Rabia", "Mulo", "Munición silenciosa",
        "Fuego automático", "Fuego a ráfagas", "Fuego sostenido", "Lucha con 2 armas",
        "Servus", "Caer con estilo", "Garras y dientes", "Arma de carga", "Artificiero",
        "Cuerpo de luz",
    }
)  # fmt: skip

SHOT = Action("ataque_distancia", target="b", item="fusil")
STAB = Action("ataque_cac", target="b", item="cuchillo")
PAD = [5] * 8  # whatever falls after the dice a test looks at
SMG = Weapon("subfusil", ene=2, dan=3, alc=20, cal=4)
SWORD = Weapon("espada", ene=2, dan=3, alc=0, cal=4)
GREATSWORD = Weapon("mandoble", ene=3, dan=4, alc=0, cal=4, bonuses=("A 2 manos",))
LANCE = Weapon("lanza", ene=2, dan=3, alc=0, cal=4)
BIKE = Transport("moto", ene=1, mov=8.0, defense=1, cal=3)


def t(name: str, weapon: str | None = None) -> Trait:
    return Trait(name, 1, weapon)


def carrying(base: Profile, *traits: Trait) -> Profile:
    return replace(base, traits=traits)


def duel(
    a: Profile | None = None, b: Profile | None = None, dice: list[int] | None = None,
    b_at: tuple[float, float] = (21.0, 10.0), b_facing: float = 180.0,
    more: tuple[tuple[str, str, tuple[float, float], float], ...] = (),
) -> GameState:  # fmt: skip
    """a acts first; b (CON 9 unless given) stands at ``b_at``."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", b_at, b_facing), *more]
    profiles = {"a": a or support.profile("a"), "b": b or support.profile("b", con=9)}
    return support.started(support.scenario(units, profiles=profiles), [*(dice or []), *PAD])


def hits(events: list[Event]) -> list[int]:
    return [int(e.data["damage"]) for e in events if e.kind == "hit"]


def ene_paid(events: list[Event]) -> list[int]:
    return [int(e.data["cost"]) for e in events if e.kind == "ene"]


# -- DEF ----------------------------------------------------------------------------------------


def test_escuchimizado_takes_one_def_but_never_below_zero() -> None:
    """BONUS Y MALUS, Escuchimizado: DEF -1 (its CH DEF and the wounds a pass saves), and
    a figure of DEF 0 stays at 0."""
    b = carrying(support.profile("b", con=9), t("Escuchimizado"))
    state = duel(b=b, dice=[2, 2, 3])  # CH IMP 2, CH DEF 2 passes against DEF 2
    data = support.rolls_of(support.do(state, SHOT), "b", "CH DEF")[0]
    assert data["base"] == 2 and state.figures["b"].wounds == 4 - 2
    bare = carrying(support.profile("b", con=9, defense=0), t("Escuchimizado"), t("Baño de acero"))
    state = duel(b=bare, dice=[2, 9, 3])
    assert support.rolls_of(support.do(state, SHOT), "b", "CH DEF")[0]["base"] == 0 + 1 - 1
    state = duel(
        b=carrying(support.profile("b", con=9, defense=0), t("Escuchimizado")), dice=[2, 9, 3]
    )
    assert defense_bonus(state, state.figures["b"]) == 0  # its DEF, not -1
    assert support.rolls_of(support.do(state, SHOT), "b", "CH DEF")[0]["base"] == 0
    assert state.figures["b"].wounds == 4


def test_rabia_strikes_harder_in_cac_and_defends_worse_there() -> None:
    """BONUS Y MALUS, Rabia: in CaC, CH IMP +1 and DAÑ +1, and DEF -1 against CaC blows."""
    state = duel(a=carrying(support.profile("a"), t("Rabia")), dice=[2, 9, 3], b_at=(11.0, 10.0))
    events = support.do(state, STAB)
    assert support.labelled(support.rolls_of(events, "a", "CH IMP")[0], "Rabia") == [["Rabia", 1]]
    assert hits(events) == [support.KNIFE.dan + 1]
    state = duel(a=carrying(support.profile("a"), t("Rabia")), dice=[2, 9, 3])
    events = support.do(state, SHOT)
    assert support.labelled(support.rolls_of(events, "a", "CH IMP")[0], "Rabia") == [] and hits(
        events
    ) == [4]
    raging = carrying(support.profile("b", con=9), t("Rabia"))
    state = duel(b=raging, dice=[2, 9, 3], b_at=(11.0, 10.0))
    assert support.rolls_of(support.do(state, STAB), "b", "CH DEF")[0]["base"] == 3 - 1
    state = duel(b=raging, dice=[2, 9, 3])
    assert (
        support.rolls_of(support.do(state, SHOT), "b", "CH DEF")[0]["base"] == 3
    )  # a shot: the whole DEF


# -- Arma de carga ------------------------------------------------------------------------------


def charged(dice: list[int]) -> GameState:
    """a charges b (3.5 K away, CON 9) and strikes with its lanza (Arma de carga)."""
    a = carrying(support.profile("a", weapons=(LANCE, support.RIFLE)), t("Arma de carga", "lanza"))
    state = duel(a=a, dice=dice, b_at=(13.5, 10.0))
    support.do(state, Action("cargar", target="b"))
    return state


def hand_over(state: GameState, dice: list[int]) -> None:
    """a ends its activation and b starts its own with these dice."""
    support.do(state, Action("end"))
    state.dice = support.ScriptedDice([*dice, *PAD])
    state.apply(Action("activate", "b"))


def test_arma_de_carga_adds_two_to_the_charge_and_lowers_def_while_in_cac() -> None:
    """BONUS Y MALUS, Arma de carga: its charge's blow gets DAÑ +2 more; from that blow the
    bearer has DEF -2 until it is out of that CaC."""
    state = charged([4, 9, 3])  # a's CH IMP, b's CH DEF and CH PSI
    events = support.do(state, Action("ataque_cac", target="b", item="lanza"))
    assert hits(events) == [LANCE.dan + 1 + 2]  # lanza 3 + CON 4 - 4, the charge +1, +2
    assert state.figures["a"].lasting == ("Arma de carga (lanza)",)
    hand_over(state, [2, 9, 3])  # b's CH IMP, a's CH DEF and CH PSI
    events = support.do(state, Action("ataque_cac", target="a", item="cuchillo"))
    assert support.rolls_of(events, "a", "CH DEF")[0]["base"] == 3 - 2
    support.do(state, Action("destrabarse", point=(16.0, 10.0)))  # b leaves, a's free blow or not
    assert state.figures["a"].lasting == ()


def test_arma_de_carga_does_nothing_without_the_charge() -> None:
    a = carrying(support.profile("a", weapons=(LANCE,)), t("Arma de carga", "lanza"))
    state = duel(a=a, b=support.profile("b", con=20), dice=[4, 9, 5], b_at=(11.0, 10.0))
    events = support.do(state, Action("ataque_cac", target="b", item="lanza"))
    assert hits(events) == [LANCE.dan] and state.figures["a"].lasting == ()


# -- CON for strength: Mulo; bare hands: Garras y dientes; two weapons --------------------------


def test_mulo_counts_con_one_higher_for_cac_dan_ramming_and_sobrecarga() -> None:
    """BONUS Y MALUS, Mulo: CON +1 for the DAÑ of CaC blows (an improvised object's too), of
    Embestir (and its cap), and for sobrecarga."""
    mule = carrying(support.profile("a"), t("Mulo"))
    state = duel(a=mule, dice=[2, 9, 3], b_at=(11.0, 10.0))
    assert hits(support.do(state, STAB)) == [support.KNIFE.dan + 1]
    state = duel(a=mule, dice=[2, 9, 3], b_at=(11.0, 10.0))
    improvised = Action("ataque_cac_objeto_improvisado", target="b", item="madera")
    assert hits(support.do(state, improvised)) == [1 + 4 + 1 - 4]
    state = duel(a=mule, dice=[3, 9, 3], b_at=(13.0, 10.0))
    assert hits(support.do(state, Action("embestir", target="b"))) == [4 + 1]
    for traits, wanted in [((), [["sobrecarga", -1]]), ((t("Mulo"),), [])]:
        loaded = carrying(support.profile("a", con=3, defense=4), *traits)  # DEF 4 over CON 3
        state = duel(a=loaded, dice=[2, 9, 3])
        assert (
            support.labelled(
                support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0], "sobrecarga"
            )
            == wanted
        )


def test_garras_y_dientes_strike_with_half_con_and_no_cap() -> None:
    """BONUS Y MALUS, Garras y dientes: bare-handed CaC DAÑ = CON/2 (half up), and claws are
    no bare fist: the one-wound limit of Ataque CaC sin armas does not hold them."""
    beast = support.profile("a", con=7, weapons=())
    for traits, damage, wounds in [((t("Garras y dientes"),), 4, 4), ((), 3, 1)]:
        state = duel(a=carrying(beast, *traits), dice=[2, 9, 3], b_at=(11.0, 10.0))
        events = support.do(state, Action("ataque_cac", target="b"))  # no CaC weapon: bare hands
        assert hits(events) == [damage] and state.figures["b"].wounds == wounds


def test_lucha_con_2_armas_needs_a_second_cac_weapon_in_the_other_hand() -> None:
    """BONUS Y MALUS, Lucha con 2 armas: CH IMP +1 in CaC with a CaC weapon while it carries
    another; a two-handed one leaves no hand free; a shot gets nothing."""
    cases = [((support.KNIFE, SWORD), STAB, [["Lucha con 2 armas", 1]]),
             ((support.KNIFE, support.RIFLE), STAB, []), ((support.KNIFE, GREATSWORD), STAB, []),
             ((support.RIFLE, support.KNIFE, SWORD), SHOT, [])]  # fmt: skip
    for weapons, action, wanted in cases:
        fighter = carrying(support.profile("a", weapons=weapons), t("Lucha con 2 armas"))
        b_at = (11.0, 10.0) if action is STAB else (21.0, 10.0)
        state = duel(a=fighter, dice=[2, 9, 3], b_at=b_at)
        data = support.rolls_of(support.do(state, action), "a", "CH IMP")[0]
        assert support.labelled(data, "Lucha con 2 armas") == wanted, weapons


# -- Noise and flanks ----------------------------------------------------------------------------

# c, b's ally, stands behind a with its back to it: it can only hear the shot (8 K for DAÑ 4).
LISTENER = (("c", "B", (4.0, 10.0), 180.0),)


def heard_by(events: list[Event]) -> list[str]:
    return [c for e in events if e.kind == "reaction_window" for c in e.data["candidates"]]


@pytest.mark.parametrize(
    ("traits", "weapon", "silent"),
    [
        ((t("Munición silenciosa", "fusil"),), "fusil", True),
        ((t("Munición silenciosa"),), "fusil", True),  # on the character: all its weapons
        ((t("Munición silenciosa", "subfusil"),), "fusil", False),
        ((), "fusil", False),
    ],
)
def test_a_silenced_shot_makes_no_noise(
    traits: tuple[Trait, ...], weapon: str, silent: bool
) -> None:
    """BONUS Y MALUS, Munición silenciosa: the shot makes no noise, so an enemy that does
    not see the shooter cannot react to it."""
    a = carrying(support.profile("a", weapons=(support.RIFLE, SMG)), *traits)
    state = duel(a=a, dice=[2, 9, 3], more=LISTENER)
    events = support.do(state, Action("ataque_distancia", target="b", item=weapon))
    assert ("noise" in [e.kind for e in events]) is not silent
    assert ("silent" in [e.kind for e in events]) is silent
    assert heard_by(events) == (["b"] if silent else ["b", "c"])


@pytest.mark.parametrize(("b_facing", "flank"), [(180.0, False), (135.0, False), (134.0, True),
                                                 (90.0, True), (0.0, True)])  # fmt: skip
def test_municion_silenciosa_lowers_the_ch_def_of_a_flank_or_back_shot(
    b_facing: float, flank: bool
) -> None:
    """BONUS Y MALUS, Munición silenciosa: CH DEF -1 when the shooter stands on the target's
    flank or behind it (more than 45° off the way it faces)."""
    a = carrying(support.profile("a"), t("Munición silenciosa", "fusil"))
    state = duel(a=a, dice=[2, 9, 3], b_facing=b_facing)
    data = support.rolls_of(support.do(state, SHOT), "b", "CH DEF")[0]
    wanted = [["Munición silenciosa (a)", -1]] if flank else []
    assert support.labelled(data, "Munición silenciosa") == wanted


# -- Shots in a row ------------------------------------------------------------------------------


def gunner(*traits: Trait) -> Profile:
    return carrying(support.profile("a", weapons=(support.RIFLE, SMG, support.KNIFE)), *traits)


def burst(state: GameState, *actions: Action) -> list[list[Event]]:
    return [support.do(state, action) for action in actions]


SPRAY = Action("ataque_distancia", target="b", item="subfusil")


def test_fuego_automatico_makes_each_shot_after_the_first_cheaper_and_harder() -> None:
    """BONUS Y MALUS, Fuego automático: a shot that follows one with the same weapon takes
    CH IMP -1 and costs ENE 1 less (at least 1); another action between ends the chain."""
    state = duel(a=gunner(t("Fuego automático", "subfusil")), dice=[8] * 4)  # four misses
    shots = burst(state, SPRAY, SPRAY, Action("agacharse"), SPRAY)
    imp = [
        support.labelled(support.rolls_of(e, "a", "CH IMP")[0], "Fuego automático")
        for e in shots[:2]
    ]
    assert imp == [[], [["Fuego automático", -1]]]
    assert [ene_paid(e) for e in shots] == [[2], [1], [1], [2]]
    assert support.labelled(support.rolls_of(shots[3], "a", "CH IMP")[0], "Fuego automático") == []
    state = duel(a=gunner(t("Fuego automático", "subfusil")), dice=[8] * 3)
    shots = burst(state, SHOT, SPRAY)  # the fusil's shot does not start the subfusil's chain
    assert support.labelled(support.rolls_of(shots[1], "a", "CH IMP")[0], "Fuego automático") == []


def test_fuego_automatico_starts_over_with_each_activation() -> None:
    state = duel(a=gunner(t("Fuego automático", "subfusil")), dice=[8])
    support.do(state, SPRAY)
    hand_over(state, [])
    support.do(state, Action("end"))  # b's activation ends, and with it the turn
    state.dice = support.ScriptedDice([9, 1, 8, *PAD])
    for action in (Action("initiative", "a"), Action("initiative", "b"), Action("activate", "a")):
        state.apply(action)
    events = support.do(state, SPRAY)
    assert ene_paid(events) == [2] and "Fuego automático" not in str(
        support.rolls_of(events, "a", "CH IMP")
    )


def test_fuego_a_rafagas_cheapens_the_fourth_shot_at_one_target() -> None:
    """BONUS Y MALUS, Fuego a ráfagas: after three shots in a row at one target, each more
    at it costs ENE -1; a shot at another target starts the count again."""
    units = (("c", "B", (21.0, 14.0), 180.0),)
    state = duel(a=gunner(t("Fuego a ráfagas", "subfusil")), dice=[8] * 6, more=units)
    state.figures["a"].ene = 10
    at_c = Action("ataque_distancia", target="c", item="subfusil")
    shots = burst(state, SPRAY, SPRAY, SPRAY, SPRAY, at_c)
    assert [ene_paid(e) for e in shots] == [[2], [2], [2], [1], [2]]


def test_fuego_sostenido_adds_one_for_each_hit_in_a_row() -> None:
    """BONUS Y MALUS, Fuego sostenido: each hit on the same enemy right after another adds
    DAÑ +1 more; a miss, or a shot at another, starts again."""
    hit = [2, 2]  # the CH IMP hits, b's CH DEF passes (DAÑ 3 against DEF 3: no wounds)
    b = support.profile("b", con=20)
    state = duel(a=gunner(t("Fuego sostenido", "subfusil")), b=b, dice=[*hit, *hit, *hit, 8])
    state.figures["a"].ene = 10
    shots = burst(state, SPRAY, SPRAY, SPRAY, SPRAY)
    assert [hits(e) for e in shots] == [[3], [4], [5], []]
    state = duel(a=gunner(t("Fuego sostenido", "subfusil")), b=b, dice=[*hit, 8, *hit])
    assert [hits(e) for e in burst(state, SPRAY, SPRAY, SPRAY)] == [[3], [], [3]]


def test_a_record_of_shots_is_kept_only_by_those_who_need_it() -> None:
    """Figures without these entries keep no chain (their state hashes stay as they were)."""
    state = duel(dice=[8, 8])
    burst(state, SHOT, SHOT)
    assert state.figures["a"].volley is None


# -- Artillero -------------------------------------------------------------------------------------


def test_artillero_ignores_the_speed_of_transports_only() -> None:
    """BONUS Y MALUS, Artillero: no CH IMP malus for shooting from a transport under way or
    at one; a shooter that ran more than 5 K on foot keeps the velocidad -1."""
    speed = [["velocidad", -1]]
    for traits, wanted in [((), speed), ((t("Artillero"),), [])]:
        rider = carrying(replace(support.profile("a"), transport=BIKE), *traits)
        state = duel(a=rider, dice=[2, 9, 3], b_at=(25.0, 10.0))
        support.do(state, Action("mover", point=(17.0, 10.0)))  # 7 K along its nose
        assert (
            support.labelled(
                support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0], "velocidad"
            )
            == wanted
        )
    runner = carrying(support.profile("a", mov=6.0), t("Artillero"))
    state = duel(a=runner, dice=[2, 9, 3], b_at=(25.0, 10.0))
    support.do(state, Action("mover", point=(16.0, 10.0)))  # 6 K on foot
    assert (
        support.labelled(support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0], "velocidad")
        == speed
    )


def test_artillero_ignores_a_moving_or_sprinting_transport_as_a_target() -> None:
    for traits, wanted in [((), 2), ((t("Artillero"),), 0)]:
        state = duel(
            a=carrying(support.profile("a"), *traits),
            b=replace(support.profile("b", con=9), transport=BIKE),
            dice=[2, 9, 3],
        )
        state.figures["b"].moved, state.figures["b"].sprinted = 12.0, True  # its last turn
        data = support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]
        found = support.labelled(data, "velocidad") + support.labelled(data, "blanco esprintando")
        assert len(found) == wanted


# -- Falls ---------------------------------------------------------------------------------------


def test_caer_con_estilo_takes_no_damage_from_a_fall() -> None:
    """BONUS Y MALUS, Caer con estilo: a fall (Dejarse caer from height 2, DAÑ 4) hurts it not."""
    for traits, wounds in [((), 4), ((t("Caer con estilo"),), 0)]:
        state = duel(a=carrying(support.profile("a", con=6), *traits), dice=[9, 3])
        state.figures["a"].level = 2
        events = support.do(state, Action("dejarse_caer"))
        assert state.figures["a"].wounds == wounds and state.figures["a"].level == 1
        assert bool(support.rolls_of(events, "a", "CH DEF")) is not bool(traits)
    assert "Caer con estilo: no le hace daño" in next(e.text for e in events if e.kind == "fall")


# -- Artificiero and Cuerpo de luz ---------------------------------------------------------------

GRENADE = Weapon("granada", ene=3, dan=5, alc=20, cal=4, bonuses=("Área",), area="R3")
TORCH = Weapon("antorcha", ene=3, dan=4, alc=20, cal=4, bonuses=("Munición incendiaria",))
ORB = Weapon("orbe", ene=3, dan=3, alc=20, cal=4, bonuses=("Invocación", "Área"), area="R6")


@pytest.mark.parametrize(("weapon", "bonus"), [(GRENADE, 1), (TORCH, 1), (support.RIFLE, 0)])
def test_artificiero_adds_to_fire_and_area_weapons(weapon: Weapon, bonus: int) -> None:
    """BONUS Y MALUS, Artificiero: DAÑ +1 with a weapon that has an area or sets fire."""
    a = carrying(support.profile("a", weapons=(weapon,)), t("Artificiero"))
    state = duel(a=a, dice=[2, 9, 3])
    events = support.do(state, Action("ataque_distancia", target="b", item=weapon.id))
    assert hits(events) == [weapon.dan + bonus]


def test_cuerpo_de_luz_is_not_hurt_by_its_own_invocation() -> None:
    """BONUS Y MALUS, Cuerpo de luz: an invocation the bearer casts (here an R6 that covers
    it) deals it no DAÑ; the enemy caught beside it takes the whole DAÑ."""
    for traits, hurt in [((t("Cuerpo de luz"),), 0), ((), 3)]:
        caster = carrying(support.profile("a", con=9, weapons=(ORB,)), *traits)
        state = duel(a=caster, dice=[2, 9, 3, 9, 3], b_at=(13.0, 10.0))
        events = support.do(state, Action("ataque_distancia", point=(11.5, 10.0), item="orbe"))
        assert state.figures["a"].wounds == hurt and state.figures["b"].wounds == 3
        assert ("spared" in [e.kind for e in events]) is bool(traits)


# -- Servus, and what the army list is told -----------------------------------------------------

ARMY = """\
wartime_army: 1
name: Bestias
archetypes:
  - {id: ogro, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4, bonus: [Servus]}
  - {id: lobo, kind: race, CON: 6, AGI: 4, INT: 2, VOL: 3, bonus: [Garras y dientes]}
  - {id: maza, kind: weapon, ENE: 2, DAÑ: 3, ALC: 0, CAL: 3}
  - {id: vigor, kind: metaability, ENE: 2, ALC: 3, CAL: 3, bonus: [Mutación, Servus]}
characters:
  - {id: bruto, race: ogro, weapons: [maza], metaabilities: [vigor]}
  - {id: fiera, race: lobo, weapons: [maza]}
  - {id: cachorro, race: lobo}
"""


def test_servus_raises_con_and_agi_of_the_character_that_carries_it(tmp_path: Path) -> None:
    """BONUS Y MALUS, Servus: CON and AGI +1 (a CH IMP on AGI 5, the ENE of CON + AGI 10)."""
    from wartime.engine.core.profiles import profile_from_army
    from wartime.formats.army import load_army

    (tmp_path / "army.yaml").write_text(ARMY, encoding="utf-8")
    sheet = profile_from_army(load_army(tmp_path / "army.yaml").army, "bruto")
    assert (sheet.con, sheet.agi, sheet.int_, sheet.vol) == (5, 5, 4, 4)
    a = replace(support.profile("a", con=sheet.con, agi=sheet.agi), traits=sheet.traits)
    state = duel(a=a, dice=[2, 9, 3])
    assert state.figures["a"].ene == 10
    assert support.rolls_of(support.do(state, SHOT), "a", "CH IMP")[0]["base"] == 5


def test_the_army_is_warned_where_the_engine_or_the_entry_falls_short(tmp_path: Path) -> None:
    """Garras y dientes takes no equipment; a Servus granted by a metaability is not applied
    by the engine (the players keep it)."""
    from wartime.formats.army import load_army
    from wartime.rules.legality import entry_findings

    (tmp_path / "army.yaml").write_text(ARMY, encoding="utf-8")
    found = [
        (f.path, f.message.text("en"))
        for f in entry_findings(load_army(tmp_path / "army.yaml").army)
    ]
    assert [path for path, _ in found] == ["characters[0]", "characters[1]"]
    assert "'Servus' on metaability 'vigor' is not applied" in found[0][1]
    assert "'Garras y dientes' cannot take equipment" in found[1][1] and "maza" in found[1][1]


def test_cuerpo_de_luz_is_not_hurt_by_its_own_fumbled_invocation() -> None:
    """A fumbled CH IMP hits its own caster (DAÑ 1, the weapon a wound): not the bearer."""
    for traits, rolled in [((t("Cuerpo de luz"),), []), ((), ["CH DEF", "CH PSI (heridas)"])]:
        caster = carrying(support.profile("a", weapons=(ORB,)), *traits)
        state = duel(a=caster, dice=[10, 9, 3])
        events = support.do(state, Action("ataque_distancia", target="b", item="orbe"))
        assert [d["purpose"] for d in support.rolls_of(events, "a", "CH")][1:] == rolled
        assert state.figures["a"].weapon_wounds == {"orbe": 1}
