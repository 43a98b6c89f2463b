"""BONUS Y MALUS, Munición psíquica, Muro and Reventamuros, played with scripted dice.

a shoots b 10 K away with its fusil (DAÑ 4): a's CH IMP 3 passes, then b's CH DEF,
then b's CH PSI if it is wounded.  b's pieces are a casco (DEF 2, CAL 2) and, in the
Muro cases, a yelmo psíquico (DEF 3, CAL 3) whose archetype carries Muro (the
profile keeps each protection's entries: Protection.bonuses).
"""

from __future__ import annotations

from dataclasses import replace

from wartime.engine import Action, GameState
from wartime.engine.core.events import Event
from wartime.engine.core.profiles import Protection, Trait, Transport

from . import engine_support as support

SHOT = Action("ataque_distancia", target="b", item="fusil")
PSYCHIC = Trait("Munición psíquica", 1, "fusil")
HELMET = Protection("casco", defense=2, cal=2)
WALL = Protection("yelmo", defense=3, cal=3, bonuses=("Muro",))
ARMY_B = """wartime_army: 1
archetypes:
  - {id: humano, kind: race, CON: 4, AGI: 4, INT: 4, VOL: 4}
  - {id: casco, kind: protection, ENE: 0, DEF: 2, TAL: 0, CAL: 2}
  - {id: yelmo, kind: protection, ENE: 0, DEF: 3, TAL: 0, CAL: 3, bonus: [%s]}
characters:
  - {id: b, race: humano, protections: [casco, yelmo]}
lists:
  - {id: l, limit: 500, characters: [b]}
"""
PAD = [5] * 8


def game(
    faces: list[int], *, psychic: bool = False, walled: bool = False, pieces: bool = False,
    vol: int = 4, defense: int = 3,
) -> GameState:  # fmt: skip
    """a (with Munición psíquica on its fusil if ``psychic``) shoots b; ``pieces``: b wears
    the casco and the yelmo, which carries Muro if ``walled``."""
    a = replace(support.profile("a"), traits=(PSYCHIC,) if psychic else ())
    b = support.profile("b", con=9, vol=vol, defense=defense)
    if pieces:
        yelmo = WALL if walled else replace(WALL, bonuses=())
        b = replace(b, defense=5, protections=(HELMET, yelmo))
        b = replace(b, traits=(Trait("Muro"),) if walled else ())
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    scn = support.scenario(units, profiles={"a": a, "b": b})
    return support.started(scn, [*faces, *PAD])


def test_an_army_file_tells_which_protection_carries_muro() -> None:
    """BONUS Y MALUS, Muro: the entry sits on a protection archetype; the profile built from
    the army keeps it on that piece, so only that piece guards the mind."""
    import yaml

    from wartime.engine.core.figures import Figure
    from wartime.engine.core.profiles import profile_from_army
    from wartime.formats.army import parse_army
    from wartime.formats.document import Document

    for entry, guarded in (("Muro", [False, True]), ("", [False, False])):
        army = parse_army(Document("b.yaml", yaml.safe_load(ARMY_B % entry))).army
        sheet = profile_from_army(army, "b")
        assert [p.guards_the_mind for p in sheet.protections] == guarded
        b = Figure.from_unit(
            support.scenario([("b", "B", (5.0, 5.0), 0.0)]).battlefield.units[0], sheet
        )
        assert (b.defense, b.mind_defense) == ((2, 3) if entry else (5, 0))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def psi_rolls(events: list[Event]) -> list[Event]:
    return [e for e in events if str(e.data.get("purpose", "")).startswith("CH PSI")]


def test_a_psychic_hit_deals_stress_and_ordinary_armour_does_not_stop_it() -> None:
    """BONUS Y MALUS, Munición psíquica: its hits inflict stress.  Our ruling: each wound is
    1 stress instead; b's DEF 3 gives nothing against it (CH DEF 3 fails against DEF 0),
    and stress is no wound: no CH PSI, no wounds."""
    state = game([3, 3], psychic=True)
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert (b.wounds, b.stress) == (0, 4) and not b.unconscious
    assert not psi_rolls(events) and "wounds" not in kinds(events)
    assert any(e.kind == "stress" and "Munición psíquica" in e.text for e in events)


def test_the_same_shot_without_it_wounds_through_the_armour() -> None:
    """COMBATE: a passed CH DEF (3 against DEF 3) lets DAÑ − DEF through, 1 wound; no stress."""
    state = game([3, 3, 3])  # b's CH PSI 3 passes
    support.do(state, SHOT)
    assert (state.figures["b"].wounds, state.figures["b"].stress) == (1, 0)


def test_psychic_stress_above_vol_leaves_the_target_unconscious() -> None:
    """BONUS Y MALUS, Munición psíquica; PSICOLOGÍA, Estrés: above VOL, unconscious."""
    state = game([3, 9], psychic=True, vol=3)
    events = support.do(state, SHOT)
    b = state.figures["b"]
    assert b.stress == 4 and b.unconscious and b.wounds == 0
    assert "unconscious" in kinds(events)


def test_a_fumbled_ch_def_against_stress_adds_one_and_wounds_no_piece() -> None:
    """COMBATE, Pifia en CH DEF: the fumble adds one to the DAÑ (5 stress, above VOL 4); a
    stress hit wounds no protection, not even the Muro piece that met it."""
    state = game([3, 10], psychic=True, pieces=True, walled=True)
    support.do(state, SHOT)
    b = state.figures["b"]
    assert b.stress == 5 and b.unconscious and b.armour == () and b.armour_wounds == 0


def test_muro_defends_from_stress() -> None:
    """BONUS Y MALUS, Muro: this protection protects from stress instead of wounds.  The
    yelmo's DEF 3 alone counts: CH DEF 3 passes, DAÑ 4 − 3 = 1 stress."""
    state = game([3, 3], psychic=True, pieces=True, walled=True)
    events = support.do(state, SHOT)
    ch_def = next(e for e in events if e.data.get("purpose") == "CH DEF")
    assert ch_def.data["target"] == WALL.defense
    assert (state.figures["b"].stress, state.figures["b"].wounds) == (1, 0)


def test_muro_gives_no_def_against_an_ordinary_hit() -> None:
    """BONUS Y MALUS, Muro: instead of wounds, so not against them: only the casco's DEF 2
    counts (CH DEF 3 fails: 4 wounds); the same pieces without Muro give DEF 5 (it holds)."""
    state = game([3, 3, 5], pieces=True, walled=True)
    events = support.do(state, SHOT)
    ch_def = next(e for e in events if e.data.get("purpose") == "CH DEF")
    assert ch_def.data["target"] == HELMET.defense and state.figures["b"].wounds == 4
    plain = game([3, 3, 5], pieces=True)
    support.do(plain, SHOT)
    assert plain.figures["b"].wounds == 0


def test_a_fumbled_ch_def_never_wounds_the_muro_piece() -> None:
    """COMBATE, Pifia en CH DEF wounds the piece giving most DEF; the yelmo (DEF 3) gives
    none against this hit, so the casco takes the wound."""
    state = game([3, 10, 5], pieces=True, walled=True)
    support.do(state, SHOT)
    assert state.figures["b"].armour == (1, 0)
    plain = game([3, 10, 5], pieces=True)
    support.do(plain, SHOT)
    assert plain.figures["b"].armour == (0, 1)


BUGGY = Transport("buggy", ene=2, mov=6.0, defense=1, cal=9)


def blow_at(target_rides: bool, wrecker: bool = True) -> list[Event]:
    """a strikes b in base contact with its cuchillo (DAÑ 2 + CON 4 − 4 = 2): CH IMP 3,
    b's CH DEF 9 fails."""
    a = replace(support.profile("a"), traits=(Trait("Reventamuros"),) if wrecker else ())
    b = support.profile("b", con=9)
    if target_rides:
        b = replace(b, transport=BUGGY)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0)]
    state = support.started(support.scenario(units, profiles={"a": a, "b": b}), [3, 9, *PAD])
    return support.do(state, Action("ataque_cac", target="b", item="cuchillo"))


def hit_damage(events: list[Event]) -> int:
    return int(next(e for e in events if e.kind == "hit").data["damage"])


def test_reventamuros_adds_three_in_cac_against_a_transport() -> None:
    """BONUS Y MALUS, Reventamuros: DAÑ +3 in CaC against doors, walls, tanks; a transport
    is the tank here (doors and walls cannot be attacked in play)."""
    assert hit_damage(blow_at(target_rides=True)) == 2 + 3
    assert hit_damage(blow_at(target_rides=True, wrecker=False)) == 2


def test_reventamuros_adds_nothing_against_a_pj_on_foot() -> None:
    """BONUS Y MALUS, Reventamuros: a Pj on foot is no tank, door or wall."""
    assert hit_damage(blow_at(target_rides=False)) == 2
