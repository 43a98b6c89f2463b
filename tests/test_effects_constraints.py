"""BONUS Y MALUS, the constraint entries (entries/constraints.py, rules/equipment.py).

a shoots b 11 K away (the fusil: CH IMP, then b's CH DEF and CH PSI); c is a's ally.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from wartime.engine import Action, GameState, PendingKind
from wartime.engine.core.combat import wound
from wartime.engine.core.modifiers import not_yet_automated
from wartime.engine.core.profiles import Gear, Profile, Trait, Transport, Weapon
from wartime.engine.entries.constraints import NOTHING_IN_PLAY, ONE_HAND, missing_arms

from . import engine_support as support
from .conftest import ROOT

SHOT = Action("ataque_distancia", target="b", item="fusil")
PAD = [5] * 12
BEHIND = (9.0, 10.0)  # base contact with a (bases of 1 K)
PARTNER = support.profile("c", weapons=(support.PISTOL,))


def armed(name: str, *traits: Trait, weapon: Weapon = support.RIFLE, **extra: Any) -> Profile:
    """A rifleman carrying ``traits`` (and ``weapon`` instead of the plain fusil)."""
    base = support.profile(name, weapons=(weapon, support.KNIFE))
    return replace(base, traits=traits, **extra)


def game(a: Profile, *, faces: tuple[int, ...] = (), more: tuple[Any, ...] = ()) -> GameState:
    """a (side A) against b 11 K away; ``more`` adds (id, side, spot, profile) figures."""
    return support.face_off(a, faces=faces, more=more, pad=PAD)


def imp(events: list[Any]) -> dict[str, Any]:
    return support.rolls_of(events, "a", "CH IMP")[0]


# -- A 2 manos -------------------------------------------------------------------------------

TWO_HANDED = replace(support.RIFLE, bonuses=("A 2 manos",))
ONE_ARM = Trait("Sin miembro", param="brazo")


def test_a_two_hander_with_one_arm_takes_ch_imp_minus_one() -> None:
    """BONUS Y MALUS, A 2 manos: used one-handed, CH IMP −1.  Our ruling: a bearer with
    Sin miembro (brazo) wields it one-handed; Sin miembro's own −1 still counts."""
    state = game(armed("a", ONE_ARM, weapon=TWO_HANDED), faces=(3, 9, 4))
    roll = imp(support.do(state, SHOT))
    assert support.labelled(roll, "A 2 manos") == [[ONE_HAND, -1]]
    assert support.labelled(roll, "Sin miembro") == [["Sin miembro", -1]]


def test_two_arms_or_a_one_handed_weapon_take_nothing() -> None:
    """BONUS Y MALUS, A 2 manos: with both arms, or a lost leg, the two-hander is used as
    it should be; a one-armed bearer of a weapon without the entry takes no −1 of it."""
    for prof in (
        armed("a", weapon=TWO_HANDED),
        armed("a", Trait("Sin miembro", param="pierna"), weapon=TWO_HANDED),
        armed("a", ONE_ARM),
    ):
        state = game(prof, faces=(3, 9, 4))
        assert support.labelled(imp(support.do(state, SHOT)), "A 2 manos") == []


def test_an_arm_lost_by_miembros_prescindibles_counts_and_two_leave_it_unusable() -> None:
    """BONUS Y MALUS, A 2 manos: it needs two useful limbs.  Our ruling: an arm lost with
    Miembros prescindibles makes it one-handed (CH IMP −1); with both arms lost it cannot
    be used at all, and the attack is refused (a weapon without the entry still fires)."""
    bearer = armed("a", Trait("Miembros prescindibles"), weapon=TWO_HANDED)
    state = game(bearer, faces=(3,))  # the CH PSI for the wounds
    a = state.figures["a"]
    wound(state, a, 2)  # CON 4: an arm holds 2
    assert missing_arms(a) == 1
    shot = support.do(state, SHOT)
    assert support.labelled(imp(shot), "A 2 manos") == [[ONE_HAND, -1]]
    state = game(bearer, faces=(3,))
    wound(state, state.figures["a"], 4)
    assert missing_arms(state.figures["a"]) == 2
    support.refused(state, SHOT, "A 2 manos: a has no useful arm to wield fusil")


def test_sin_miembro_of_both_arms_refuses_the_two_hander() -> None:
    """BONUS Y MALUS, A 2 manos: our ruling: "Sin miembro (brazos)" names both arms."""
    state = game(armed("a", Trait("Sin miembro", param="brazos"), weapon=TWO_HANDED))
    support.refused(state, SHOT, "no useful arm")


# -- Enorme and Mega armadura ----------------------------------------------------------------

HUGE = replace(support.RIFLE, bonuses=("Enorme",))
MOTO = Transport("moto", ene=1, mov=10.0, defense=1, cal=3)


def test_an_enorme_weapon_fires_only_from_a_transport_or_with_mega_armadura() -> None:
    """BONUS Y MALUS, Enorme: only fitted on transports; Mega armadura: may carry "enorme"
    weapons.  Our ruling: on foot and without Mega armadura it cannot be fired."""
    support.refused(game(armed("a", weapon=HUGE)), SHOT, "Enorme: fusil is mounted")
    for prof in (
        armed("a", weapon=HUGE, transport=MOTO),
        armed("a", Trait("Mega armadura"), weapon=HUGE),
    ):
        state = game(prof, faces=(3, 9, 4))
        assert imp(support.do(state, SHOT))["who"] == "a"


ENORME_ARMY = """wartime_army: 1
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
  - {id: canon, kind: weapon, ENE: 4, DAÑ: 6, ALC: 30, CAL: 5, bonus: [Enorme]}
  - {id: coraza, kind: protection, ENE: 1, DEF: 4, TAL: 4, CAL: 5, bonus: [Mega armadura]}
  - {id: camion, kind: transport, ENE: 2, MOV: 12, DEF: 3, CAL: 4}
characters:
  - {id: a_pie, race: humano, weapons: [canon]}
  - {id: blindado, race: humano, weapons: [canon], protections: [coraza]}
  - {id: motorizado, race: humano, weapons: [canon], transport: camion}
lists:
  - {id: l, limit: 900, characters: [a_pie, blindado, motorizado]}
"""


def _findings(tmp_path: Path, text: str) -> list[tuple[str, str]]:
    from wartime.formats.army import load_army
    from wartime.rules.legality import army_findings

    (tmp_path / "army.yaml").write_text(text, encoding="utf-8")
    army = load_army(tmp_path / "army.yaml").army
    return [(f.path, f.message.text("en")) for f in army_findings(army)]


def test_an_enorme_weapon_off_a_transport_is_a_finding(tmp_path: Path) -> None:
    """BONUS Y MALUS, Enorme and Mega armadura: list building flags the character that
    carries an Enorme weapon with neither a transport nor Mega armadura, and only it."""
    found = _findings(tmp_path, ENORME_ARMY)
    enorme = [(p, m) for p, m in found if "'Enorme'" in m]
    assert enorme == [
        (
            "characters[0]",
            "'Enorme' weapon 'canon' only goes on a transport, but character 'a_pie' "
            "has no transport or Mega armadura",
        )
    ]


# -- Laborioso -------------------------------------------------------------------------------

TOILSOME = replace(support.PISTOL, bonuses=("Laborioso",))


def _traders() -> GameState:
    a = support.profile("a", weapons=(support.RIFLE, TOILSOME))
    c = support.profile("c", weapons=(support.KNIFE,))
    return game(a, more=(("c", "A", BEHIND, c),))


def test_a_laborioso_piece_cannot_be_traded() -> None:
    """BONUS Y MALUS, Laborioso: no trading with this object.  Comerciar refuses to give
    it, to take it, or to swap it; another piece still changes hands."""
    state = _traders()
    support.refused(state, Action("comerciar", target="c", item="pistola"), "Laborioso")
    support.refused(state, Action("comerciar", target="c", item="pistola por cuchillo"), "Lab")
    support.do(state, Action("comerciar", target="c", item="fusil"))
    assert [w.id for w in state.figures["c"].profile.weapons] == ["cuchillo", "fusil"]


# -- Artillero requerido ---------------------------------------------------------------------

CREWED = replace(support.RIFLE, bonuses=("Artillero requerido",))


def test_a_crewed_weapon_needs_an_ally_in_base_contact() -> None:
    """BONUS Y MALUS, Artillero requerido: one more Pj is needed to use it.  Our ruling:
    an ally in base contact with the bearer, free to act, serves as its crewman."""
    support.refused(game(armed("a", weapon=CREWED)), SHOT, "Artillero requerido: fusil needs")
    far = game(armed("a", weapon=CREWED), more=(("c", "A", (10.0, 14.0), support.profile("c")),))
    support.refused(far, SHOT, "needs a crewman")
    crewed = game(
        armed("a", weapon=CREWED), faces=(3, 9, 4), more=(("c", "A", BEHIND, support.profile("c")),)
    )
    assert imp(support.do(crewed, SHOT))["who"] == "a"


def test_an_engaged_or_fallen_crewman_does_not_serve() -> None:
    """BONUS Y MALUS, Artillero requerido: our ruling: a crewman engaged in CaC (an enemy
    in base contact with it) or a casualty cannot help fire the weapon."""
    engaged = game(
        armed("a", weapon=CREWED),
        more=(
            ("c", "A", BEHIND, support.profile("c")),
            ("d", "B", (8.0, 10.0), support.profile("d")),
        ),
    )
    support.refused(engaged, SHOT, "needs a crewman")
    fallen = game(armed("a", weapon=CREWED), more=(("c", "A", BEHIND, support.profile("c")),))
    fallen.figures["c"].wounds = 4
    support.refused(fallen, SHOT, "needs a crewman")


# -- Requiere (X) ----------------------------------------------------------------------------


def _requiring(wanted: str, *traits: Trait, **extra: Any) -> Profile:
    need = Trait("Requiere", param=wanted, weapon="fusil")
    return armed("a", need, *traits, **extra)


def test_requiere_refuses_a_bearer_without_the_entry_or_archetype_it_names() -> None:
    """BONUS Y MALUS, Requiere (X): the gear asks its user for X.  Our ruling: X names a
    catalogue entry or an archetype; a bearer without it cannot use the weapon."""
    support.refused(game(_requiring("Líder")), SHOT, r"Requiere \(Líder\): a lacks it")
    scope = Gear("mira", ene=1, alc=0, cal=2)
    for prof in (_requiring("Líder", Trait("Líder")), _requiring("Mira", gear=(scope,))):
        state = game(prof, faces=(3, 9, 4))
        assert imp(support.do(state, SHOT))["who"] == "a"


def test_requiere_of_something_unknown_is_left_to_the_players() -> None:
    """BONUS Y MALUS, Requiere (X): an X that is neither entry nor archetype (a level, a
    condition) does not stop the engine; list building warns about it."""
    state = game(_requiring("nivel 3"), faces=(3, 9, 4))
    assert imp(support.do(state, SHOT))["who"] == "a"


def test_requiere_on_an_object_refuses_usar() -> None:
    """BONUS Y MALUS, Requiere (X): on an object, Usar is refused to a bearer without X."""
    kit = Gear("botiquin", ene=1, alc=0, cal=2, traits=(Trait("Requiere", param="Líder"),))
    state = game(armed("a", gear=(kit,)))
    support.refused(
        state,
        Action("usar", item="botiquin"),
        r"Requiere \(Líder\): a lacks it and cannot use botiquin",
    )


REQUIERE_ARMY = """wartime_army: 1
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
  - {id: jefe, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 5, bonus: [Líder]}
  - id: estandarte
    kind: weapon
    ENE: 2
    DAÑ: 2
    ALC: 0
    CAL: 3
    bonus: [{name: Requiere, param: Líder}]
  - id: reliquia
    kind: weapon
    ENE: 2
    DAÑ: 2
    ALC: 0
    CAL: 3
    bonus: [{name: Requiere, param: nivel 3}]
characters:
  - {id: soldado, race: humano, weapons: [estandarte]}
  - {id: capitan, race: jefe, weapons: [estandarte, reliquia]}
lists:
  - {id: l, limit: 900, characters: [soldado, capitan]}
"""


def test_requiere_in_the_army_flags_who_lacks_x_and_warns_of_an_unknown_x(
    tmp_path: Path,
) -> None:
    """BONUS Y MALUS, Requiere (X): list building flags a character without X, and warns
    that an X the engine cannot read is left to the players."""
    found = [
        (p, m) for p, m in _findings(tmp_path, REQUIERE_ARMY) if "Requiere" in m or "requires" in m
    ]
    assert found == [
        (
            "characters[0]",
            "'estandarte' requires Líder, which character 'soldado' does not have: "
            "it cannot use it",
        ),
        (
            "characters[1]",
            "'Requiere (nivel 3)' on 'reliquia' names no catalogue entry and no archetype: "
            "the players adjudicate who may use it",
        ),
    ]


# -- Animal ----------------------------------------------------------------------------------


def test_an_animal_takes_no_human_action() -> None:
    """BONUS Y MALUS, Animal: no properly human actions.  Our ruling: trading, looting,
    healing, reloading, throwing, using an object... are refused; it still attacks."""
    kit = Gear("botiquin", ene=1, alc=0, cal=2)
    beast = armed("a", Trait("Animal"), gear=(kit,))
    state = game(beast, faces=(3, 9, 4), more=(("c", "A", BEHIND, PARTNER),))
    support.refused(state, Action("comerciar", target="c", item="cuchillo"), "Animal: a may not")
    support.refused(state, Action("recargar", item="fusil"), "Animal: a may not Recargar")
    support.refused(state, Action("usar", item="botiquin"), "Animal: a cannot use an object")
    assert imp(support.do(state, SHOT))["who"] == "a"


def test_a_person_trades_as_usual() -> None:
    """BONUS Y MALUS, Animal: a character without it trades with the same ally."""
    state = game(armed("a"), more=(("c", "A", BEHIND, PARTNER),))
    support.do(state, Action("comerciar", target="c", item="cuchillo"))
    assert state.figures["c"].profile.weapon("cuchillo") is not None


MOUNT_ARMY = """wartime_army: 1
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
  - {id: perro, kind: race, CON: 3, AGI: 5, INT: 2, VOL: 3, bonus: [Animal]}
  - {id: caballo, kind: transport, ENE: 2, MOV: 12, DEF: 1, CAL: 4, bonus: [Animal]}
characters:
  - {id: jinete, race: humano, transport: caballo}
  - {id: sabueso, race: perro}
lists:
  - {id: l, limit: 900, characters: [jinete, sabueso]}
"""


def test_animal_on_a_mount_is_warned_and_on_a_race_is_not(tmp_path: Path) -> None:
    """BONUS Y MALUS, Animal: our ruling: on a transport it describes the mount, which the
    engine would read as its rider's, so list building warns; a beast's race is silent."""
    found = [(p, m) for p, m in _findings(tmp_path, MOUNT_ARMY) if "Animal" in m]
    assert found == [
        (
            "characters[0]",
            "'Animal' on transport 'caballo' is read as its rider's: the engine treats "
            "character 'jinete' as the animal",
        )
    ]


# -- Perdido ---------------------------------------------------------------------------------


def _lost_scenario() -> Any:
    from wartime.engine.core.scenario import load_scenario

    armies = {
        "A": ROOT / "assets" / "armies" / "legion.yaml",
        "B": ROOT / "assets" / "armies" / "culto.yaml",
    }
    scn = load_scenario(
        ROOT / "maps" / "campo-abierto.yaml", armies, seed=3, lists={"A": "seccion", "B": "culto"}
    )
    first = scn.reserves[0]
    assert first.side == "A"
    lost = replace(first, profile=replace(first.profile, traits=(Trait("Perdido"),)))
    return replace(scn, reserves=(lost, *scn.reserves[1:])), lost.id


def test_a_perdido_reserve_is_placed_by_the_enemy_in_its_own_zone() -> None:
    """BONUS Y MALUS, Perdido: the next enemy player deploys it.  Our ruling: side B places
    side A's Perdido figure, in one of B's own turns to deploy, inside A's zone."""
    from wartime.engine.core.deployment import problem

    scn, lost = _lost_scenario()
    state = scn.new_game()
    assert state.pending.side == "A"
    spots = [a.point for a in state.legal_actions()]
    assert all(a.figure != lost for a in state.legal_actions())
    support.refused(state, Action("deploy", lost, point=spots[0]), "Perdido: side B places it")
    support.do(state, state.legal_actions()[0])
    assert state.pending.side == "B"
    reserve = state.reserve(lost)
    spot = next(p for p in spots if p is not None and problem(state, reserve, p) is None)
    events = support.do(state, Action("deploy", lost, point=spot))
    assert state.figures[lost].side == "A" and state.pending.side == "A"
    assert "lo despliega el bando B" in events[0].text


def test_deployment_with_a_perdido_reserve_runs_to_the_first_turn() -> None:
    """BONUS Y MALUS, Perdido: every reserve is placed, B placing the lost one of A."""
    scn, lost = _lost_scenario()
    state = scn.new_game()
    placed_by: dict[str, str] = {}
    while state.pending.kind is PendingKind.DEPLOY:
        side = state.pending.side
        action = state.legal_actions()[0]
        state.apply(action)
        placed_by[action.figure] = side
    assert placed_by[lost] == "B" and state.figures[lost].side == "A" and not state.reserves


# -- Entries with nothing in play, and the registry -----------------------------------------


def test_sin_estudios_and_comunicador_change_nothing_in_play() -> None:
    """BONUS Y MALUS, Sin estudios (cannot read) and Comunicador (talks with another
    comunicador): nothing in play reads or talks, so their bearers play as anyone."""
    assert NOTHING_IN_PLAY == ("Sin estudios", "Comunicador")
    plain = imp(support.do(game(armed("a"), faces=(3, 9, 4)), SHOT))
    both = armed("a", Trait("Sin estudios"), Trait("Comunicador"))
    assert imp(support.do(game(both, faces=(3, 9, 4)), SHOT)) == plain


def test_the_constraint_entries_are_no_longer_the_players() -> None:
    """BONUS Y MALUS: each entry of this batch is played, so none is left pending."""
    batch = {
        "A 2 manos", "Enorme", "Mega armadura", "Laborioso", "Artillero requerido",
        "Requiere", "Animal", "Perdido", "Sin estudios", "Comunicador",
    }  # fmt: skip
    assert not batch & set(not_yet_automated())
