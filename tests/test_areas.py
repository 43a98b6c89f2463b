"""Area weapons in play (wartime.engine.actions.areas), each test citing its rulebook section.

ÁREAS (templates, Daño, Dispersión), COMBATE (CH IMP, criticals, fumbles,
Cobertura, Atacar a distancia) and the catalogue entries Dispersión,
Munición estabilizadora and Corrector de puntería.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest

from wartime.board.battlefield import Posture, Wall
from wartime.engine import Action, GameState, IllegalActionError, PendingKind
from wartime.engine.core.profiles import Profile, Weapon
from wartime.engine.core.scenario import Scenario, load_scenario
from wartime.rules.dice import Dice

from .conftest import ARMIES, ROOT
from .engine_support import ScriptedDice, do, profile, scenario, started
from .engine_support import refused as support_refused

GRENADE = Weapon("granada", ene=3, dan=5, alc=20, cal=4, bonuses=("Área",), area="R3")
MACHINE_GUN = Weapon("ametralladora", ene=4, dan=5, alc=25, cal=5, bonuses=("Área",), area="L5")
FLAMER = Weapon("lanzallamas", ene=3, dan=4, alc=10, cal=4, bonuses=("Área",), area="G4/3")
LIGHTNING = Weapon("rayo", ene=3, dan=3, alc=20, cal=4, bonuses=("Área",), area="S5")
MORTAR = Weapon("mortero", ene=3, dan=4, alc=30, cal=4, bonuses=("Área", "Dispersión"), area="R3")

FAIL_DEF, PASS_PSI = 9, 4  # CH DEF 9 > DEF 3 fails; CH PSI 4 ≤ VOL 4 passes


class AimedDice(ScriptedDice):
    """Scripted d10 faces, and scripted scatter directions in degrees (Dice.uniform × 360)."""

    def __init__(self, faces: Iterable[int], angles: Iterable[float] = ()) -> None:
        super().__init__(faces)
        self.angles = list(angles)

    def uniform(self) -> float:
        if not self.angles:
            raise AssertionError("the test ran out of scripted scatter angles")
        return self.angles.pop(0) / 360.0

    def clone(self) -> AimedDice:
        return AimedDice(self.faces, self.angles)


def tough(name: str, weapon: Weapon | None = None, vol: int = 4) -> Profile:
    """CON 8 keeps the target standing, so every wound is followed by its CH PSI."""
    return profile(name, con=8, vol=vol, weapons=(weapon,) if weapon else ())


def ready(scn: Scenario, faces: Iterable[int] = (), angles: Iterable[float] = ()) -> GameState:
    """``a`` (side A) is acting; the dice that follow are exactly ``faces`` and ``angles``."""
    state = started(scn)
    state.dice = AimedDice(faces, angles)
    return state


def kinds(events: list, kind: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == kind]


def rolls(events: list, purpose: str) -> list[dict]:  # type: ignore[type-arg]
    return [e.data for e in events if e.kind == "roll" and e.data["purpose"].startswith(purpose)]


def hits(events: list) -> dict[str, tuple[int, str]]:  # type: ignore[type-arg]
    return {h["target"]: (h["damage"], h["cover"]) for h in kinds(events, "hit")}


def cluster(weapon: Weapon = GRENADE, walls: tuple[Wall, ...] = ()) -> Scenario:
    """``a`` shoots from (10, 10) at ``b``; d, f and c stand round b; e is far off."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (20.0, 10.0), 180.0),  # the target: wholly inside an R3 on it
        ("d", "B", (20.0, 11.0), 180.0),  # its rim touches the template's rim: wholly inside
        ("f", "A", (20.0, 8.6), 0.0),  # a friend of the shooter, half in
        ("c", "B", (21.45, 10.0), 180.0),  # half in
        ("e", "B", (25.0, 10.0), 180.0),  # outside
    ]
    profiles = {"a": tough("a", weapon), **{u[0]: tough(u[0]) for u in units[1:]}}
    return scenario(units, profiles, walls=walls)


# -- ÁREAS, Daño -------------------------------------------------------------------------------


def test_round_template_full_and_half_damage_on_a_cluster() -> None:
    """ÁREAS, Daño: bases wholly covered take the whole DAÑ, partly covered half (rounded
    half up, CONCEPTOS BÁSICOS, Redondeo); friend or foe; each makes its CH DEF and CH PSI."""
    state = ready(cluster(), [3, *[FAIL_DEF, PASS_PSI] * 4])
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    (template,) = kinds(events, "template")
    assert template["shape"] == "R3" and template["origin"] == pytest.approx([20, 10])
    assert sorted(template["full"]) == ["b", "d"] and sorted(template["partial"]) == ["c", "f"]
    # DAÑ 5: whole 5, half 2.5 → 3; from the centre outward: b, d, f, c
    assert [h["target"] for h in kinds(events, "hit")] == ["b", "d", "f", "c"]
    assert hits(events) == {"b": (5, "none"), "d": (5, "none"), "f": (3, "none"), "c": (3, "none")}
    wounds = {fid: f.wounds for fid, f in state.figures.items()}
    assert wounds == {"a": 0, "b": 5, "d": 5, "f": 3, "c": 3, "e": 0}
    assert len(rolls(events, "CH DEF")) == 4 and len(rolls(events, "CH PSI")) == 4
    assert state.figures["a"].ene == 10 - GRENADE.ene  # it began with CON + AGI, capped at 10
    assert kinds(events, "noise")[0]["radius"] == 2 * GRENADE.dan  # a weapon's noise: DAÑ × 2


def test_cover_is_judged_from_the_template_centre() -> None:
    """ÁREAS, Daño: the attack comes from the middle of the template; COMBATE, Cobertura:
    hidden over 50% gives CH DEF +2. A chest-high wall between b and c hides c from b's spot."""
    wall = Wall(((20.75, 0.0), (20.75, 30.0)), 0.7, 3)
    state = ready(cluster(walls=(wall,)), [3, *[FAIL_DEF, PASS_PSI] * 4])
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    assert hits(events)["c"] == (3, "over_half") and hits(events)["b"] == (5, "none")
    defence = {r["who"]: r for r in rolls(events, "CH DEF")}
    assert defence["c"]["modifiers"] == [["cobertura", 2]] and defence["b"]["modifiers"] == []


def test_a_critical_adds_one_damage_for_everyone_and_ignores_cover() -> None:
    """COMBATE, Críticos y pifias: a critical CH IMP ignores cover and gives DAÑ +1; a partly
    covered base takes half of the attack's DAÑ, now 6 → 3."""
    wall = Wall(((20.75, 0.0), (20.75, 30.0)), 0.7, 3)
    state = ready(cluster(walls=(wall,)), [1, *[FAIL_DEF, PASS_PSI] * 4])
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    assert kinds(events, "area_on_target")
    assert hits(events) == {"b": (6, "none"), "d": (6, "none"), "f": (3, "none"), "c": (3, "none")}
    assert all(r["modifiers"] == [] for r in rolls(events, "CH DEF"))


def test_the_attacker_is_not_hit_by_its_own_line_template() -> None:
    """ÁREAS, Lineal (DESIGN §5): an L starts at the attacker's base edge toward the aim; it
    touches the attacker's base, but a unit is not hit by its own template. It reaches only
    its length (5 K); a friend that it touches is hit like anyone else."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (13.0, 10.0), 180.0),  # wholly inside the 1 K wide line
        ("f", "A", (11.5, 11.0), 0.0),  # touches the line's side
        ("c", "B", (16.0, 10.0), 180.0),  # touches the line's far end
        ("e", "B", (18.0, 10.0), 180.0),  # beyond its 5 K
    ]
    profiles = {"a": tough("a", MACHINE_GUN), **{u[0]: tough(u[0]) for u in units[1:]}}
    state = ready(scenario(units, profiles), [3, *[FAIL_DEF, PASS_PSI] * 3])
    events = do(state, Action("ataque_distancia", target="b", item="ametralladora"))
    (template,) = kinds(events, "template")
    assert template["shape"] == "L5" and template["origin"] == pytest.approx([13, 10])
    assert "a" not in template["full"] + template["partial"]
    assert hits(events) == {"b": (5, "none"), "f": (3, "none"), "c": (3, "none")}
    assert state.figures["a"].wounds == 0 and state.figures["e"].wounds == 0


def test_a_drop_template_aimed_at_a_point() -> None:
    """ÁREAS, Gota: an L stem then a round head (G4/3: 4 K, then 3 K across), aimed at a
    point on the table (COMBATE, Atacar a distancia: in the CdV and within ALC)."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("s", "B", (12.5, 10.0), 180.0),  # in the stem
        ("b", "B", (16.0, 10.0), 180.0),  # at the head's centre
        ("r", "B", (17.5, 10.0), 180.0),  # on the head's rim
        ("o", "B", (16.0, 13.0), 180.0),  # outside
    ]
    profiles = {"a": tough("a", FLAMER), **{u[0]: tough(u[0]) for u in units[1:]}}
    state = ready(scenario(units, profiles), [3, *[FAIL_DEF, PASS_PSI] * 3])
    events = do(state, Action("ataque_distancia", point=(18.0, 10.0), item="lanzallamas"))
    (imp,) = rolls(events, "CH IMP")
    assert imp["modifiers"] == []  # a point has no posture or size modifiers
    (template,) = kinds(events, "template")
    assert template["shape"] == "G4/3"
    assert sorted(template["full"]) == ["b", "s"] and template["partial"] == ["r"]
    assert hits(events) == {"s": (4, "none"), "b": (4, "none"), "r": (2, "none")}
    assert state.figures["o"].wounds == 0


def test_a_round_template_hits_its_own_thrower_when_it_covers_it() -> None:
    """ÁREAS, Redonda: everything within its size in K of one point; only L and G spare their
    attacker (DESIGN §5), so a grenade thrown too close catches the thrower too."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (13.0, 10.0), 180.0)]
    profiles = {"a": tough("a", GRENADE), "b": tough("b")}
    state = ready(scenario(units, profiles), [3, *[FAIL_DEF, PASS_PSI] * 2])
    events = do(state, Action("ataque_distancia", point=(12.0, 10.0), item="granada"))
    assert [h["target"] for h in kinds(events, "hit")] == ["b", "a"]
    assert hits(events) == {"b": (5, "none"), "a": (3, "none")}
    assert state.figures["a"].wounds == 3


def test_a_point_takes_the_shooters_modifiers_and_no_targets() -> None:
    """MODIFICADORES, CH IMP a distancia: at a point the range band and the shooter's own
    posture count (Agacharse: +1); there is no target whose posture or size could count."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 25.0), 180.0)]
    profiles = {"a": tough("a", GRENADE, vol=5), "b": tough("b")}
    state = ready(scenario(units, profiles), [3])
    state.figures["a"].posture = Posture.CROUCHED
    events = do(state, Action("ataque_distancia", point=(25.0, 10.0), item="granada"))
    (imp,) = rolls(events, "CH IMP")
    assert imp["modifiers"] == [["distancia", -1], ["tirador agachado", 1]]
    assert kinds(events, "template")[0]["full"] == [] and not kinds(events, "hit")


# -- ÁREAS, Salto ------------------------------------------------------------------------------


def _tied_chain(faces: Iterable[int] = (), more: tuple = ()) -> GameState:  # type: ignore[type-arg]
    """a aims an S5 at b; c and d stand 1 K from b each (a tie); e is far from everyone."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (20.0, 10.0), 180.0),  # the target
        ("c", "B", (20.0, 12.0), 180.0),  # 1 K from b ...
        ("d", "A", (20.0, 8.0), 0.0),  # ... and so is d (a friend of the shooter): a tie
        ("e", "B", (30.0, 10.0), 180.0),  # too far from everyone
        *more,
    ]
    profiles = {"a": tough("a", LIGHTNING), **{u[0]: tough(u[0]) for u in units[1:]}}
    return ready(scenario(units, profiles), faces)


def test_a_tied_jump_waits_for_the_attackers_pick_before_any_die() -> None:
    """ÁREAS, Salto: S+N affects N figures, from the target to the nearest one within 3 K.
    Equally near ones are the attacker's pick (the issue's "choose the next chain or jump
    target", over DESIGN §5's 1D10): the attack waits at pending ``jump``, nothing spent
    or rolled; a figure that is not among the tied is refused."""
    faces = [3, *[FAIL_DEF, PASS_PSI] * 3]
    state = _tied_chain(faces)
    ene = state.figures["a"].ene
    events = do(state, Action("ataque_distancia", target="b", item="rayo"))  # b lets it come
    assert [e.kind for e in events] == ["declared", "jump_choice"]  # the answer logs with the pick
    assert events[-1].data == {"figure": "a", "chain": ["b"], "options": ["c", "d"]}
    pending = state.pending
    assert (pending.kind, pending.side, pending.figure) == (PendingKind.JUMP, "A", "a")
    assert state.legal_actions() == [
        Action("jump", "a", target="c"),
        Action("jump", "a", target="d"),
    ]
    assert state.figures["a"].ene == ene and state.dice.faces == faces
    wrong = Action("jump", target="e")
    support_refused(state, wrong, "one of the figures equally near: c, d; not 'e'")
    # the question is nested in the refusal, so str() words it in English too (issue 16)
    support_refused(state, Action("end"), "a must first answer: Salto of a")


def test_the_pick_settles_the_tie_and_the_chain_stops_when_nobody_is_within_3_k() -> None:
    """ÁREAS, Salto: picked d, the chain goes b, d, then c (3 K from d); then nobody is
    within 3 K, so the S5 stops at 3; every figure in it takes the whole DAÑ. The
    decisions replay to the same state, and undo returns to the pick."""
    state = _tied_chain([3, *[FAIL_DEF, PASS_PSI] * 3])
    do(state, Action("ataque_distancia", target="b", item="rayo"))
    events = do(state, Action("jump", target="d"))
    (chain,) = kinds(events, "chain")
    assert chain["chain"] == ["b", "d", "c"]
    assert hits(events) == {"b": (3, "none"), "d": (3, "none"), "c": (3, "none")}
    assert state.figures["e"].wounds == 0 and state.figures["a"].wounds == 0
    kinds_played = [a.kind for a in state.history[-4:]]
    assert kinds_played == ["ataque_distancia", "pass", "jump", "pass"]
    replay = _tied_chain([3, *[FAIL_DEF, PASS_PSI] * 3])
    for action in state.history[len(replay.history) :]:
        replay.apply(action)
    assert replay.hash() == state.hash()


def test_a_second_tie_further_down_the_chain_is_picked_too() -> None:
    """ÁREAS, Salto: from d, f and g stand 1 K away each: a second pick; the hold keeps the
    first one, and the chain is b, d, g, then c."""
    more = (("f", "B", (18.0, 8.0), 0.0), ("g", "B", (22.0, 8.0), 180.0))
    state = _tied_chain([3, *[FAIL_DEF, PASS_PSI] * 5], more)
    do(state, Action("ataque_distancia", target="b", item="rayo"))
    events = state.apply(Action("jump", target="d"))
    assert kinds(events, "jump_choice") == [
        {"figure": "a", "chain": ["b", "d"], "options": ["f", "g"]}
    ]
    assert state.pending.kind is PendingKind.JUMP
    events = do(state, Action("jump", target="g"))
    assert kinds(events, "chain")[0]["chain"][:3] == ["b", "d", "g"]


def test_the_baseline_ai_sends_a_tied_jump_at_an_enemy() -> None:
    """The baseline AI picks an enemy of the attacker among the tied figures."""
    from wartime.engine.ai.players import choose

    state = _tied_chain([3, *[FAIL_DEF, PASS_PSI] * 3])
    do(state, Action("ataque_distancia", target="b", item="rayo"))
    assert choose(state) == Action("jump", "a", target="c")


def test_a_jump_chain_needs_a_target_figure() -> None:
    """ÁREAS, Salto: the chain starts "por el objetivo": a point is not enough."""
    state = ready(cluster(LIGHTNING))
    before = state.hash()
    with pytest.raises(IllegalActionError, match="must be aimed at a target figure"):
        state.apply(Action("ataque_distancia", point=(20.0, 10.0), item="rayo"))
    assert state.hash() == before


# -- ÁREAS, Dispersión -------------------------------------------------------------------------


def test_a_miss_scatters_the_template_and_logs_its_dice() -> None:
    """ÁREAS, Dispersión: an Área weapon with ALC > 0 that fails CH IMP scatters 1D10 K per
    15 K to the target (9 K: one die) in a random direction; the template lands there."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("b", "B", (20.0, 10.0), 180.0),
        ("c", "B", (20.0, 15.5), 180.0),
    ]
    profiles = {"a": tough("a", GRENADE), "b": tough("b"), "c": tough("c")}
    state = ready(scenario(units, profiles), [8, 5, FAIL_DEF, PASS_PSI], angles=[90.0])
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    assert rolls(events, "CH IMP")[0]["outcome"] == "fail"
    (drift,) = kinds(events, "scatter")
    assert drift["rolls"] == [5] and drift["angle"] == pytest.approx(90.0)
    assert drift["distance"] == 5 and drift["end"] == pytest.approx([20.0, 15.0])
    assert [r["purpose"][:6] for r in kinds(events, "roll")] == ["CH IMP", "CH DEF", "CH PSI"]
    (template,) = kinds(events, "template")
    assert template["origin"] == pytest.approx([20.0, 15.0]) and template["full"] == ["c"]
    assert state.figures["b"].wounds == 0 and state.figures["c"].wounds == 5


def test_scatter_dice_per_fifteen_k_and_munición_estabilizadora_halves_the_drift() -> None:
    """ÁREAS, Dispersión: 19 K to the target is two dice (DESIGN §7); Munición estabilizadora,
    "dispersa la mitad": 4 + 3 = 7 K → 3.5 → 4 K (Redondeo, half up)."""
    steady = Weapon(
        "granada", ene=3, dan=5, alc=20, cal=4,
        bonuses=("Área", "Munición estabilizadora"), area="R3",
    )  # fmt: skip
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 10.0), 180.0)]
    profiles = {"a": tough("a", steady, vol=6), "b": tough("b")}
    state = ready(scenario(units, profiles), [8, 4, 3], angles=[180.0])
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    (drift,) = kinds(events, "scatter")
    assert drift["rolls"] == [4, 3] and drift["distance"] == 4
    assert drift["end"] == pytest.approx([26.0, 10.0])
    (template,) = kinds(events, "template")
    assert template["full"] == template["partial"] == [] and not kinds(events, "hit")


def test_corrector_de_punteria_rolls_the_scatter_again_and_keeps_the_shorter() -> None:
    """Corrector de puntería: "repite dispersión"; the engine keeps the shorter drift."""
    corrected = Weapon(
        "granada", ene=3, dan=5, alc=20, cal=4,
        bonuses=("Área", "Corrector de puntería"), area="R3",
    )  # fmt: skip
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    profiles = {"a": tough("a", corrected), "b": tough("b")}
    state = ready(scenario(units, profiles), [8, 9, 1, FAIL_DEF, PASS_PSI], angles=[0.0, 90.0])
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    assert [d["rolls"] for d in kinds(events, "scatter")] == [[9], [1]]
    assert kinds(events, "scatter_kept")[0]["distance"] == 1
    assert kinds(events, "template")[0]["origin"] == pytest.approx([20.0, 11.0])
    assert hits(events) == {"b": (5, "none")}  # 1 K off, b's base is still wholly inside


def test_a_template_scattered_off_the_table_hits_nobody() -> None:
    """ÁREAS, Dispersión: the scattered template is laid where it lands; off the table it is
    lost, even if its edge would have reached a figure on the table."""
    units = [
        ("a", "A", (30.0, 10.0), 0.0),
        ("b", "B", (38.0, 10.0), 180.0),
        ("c", "B", (39.5, 10.8), 180.0),  # an R3 at (41, 10) would reach it
    ]
    profiles = {"a": tough("a", GRENADE), "b": tough("b"), "c": tough("c")}
    state = ready(scenario(units, profiles), [8, 3], angles=[0.0])  # to (41, 10): off
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    assert kinds(events, "scatter")[0]["end"] == pytest.approx([41.0, 10.0])
    assert kinds(events, "area_off_table") and not kinds(events, "template")
    assert not rolls(events, "CH DEF")
    assert state.figures["b"].wounds == state.figures["c"].wounds == 0


def test_a_fumble_hurts_the_attacker_and_its_weapon_and_lays_no_template() -> None:
    """COMBATE, Críticos y pifias: a fumbled CH IMP is an automatic DAÑ 1 hit on the attacker
    (its own CH DEF) and a wound on the weapon; it does not scatter."""
    state = ready(cluster(), [10, FAIL_DEF, PASS_PSI])
    events = do(state, Action("ataque_distancia", target="b", item="granada"))
    assert kinds(events, "fumble") and not kinds(events, "scatter")
    assert not kinds(events, "template")
    assert state.figures["a"].wounds == 1 and state.figures["a"].weapon_wounds == {"granada": 1}
    assert all(f.wounds == 0 for fid, f in state.figures.items() if fid != "a")


# -- Dispersión (the malus) --------------------------------------------------------------------


def test_dispersion_malus_scatters_even_a_hit_unless_critical() -> None:
    """Dispersión (−5): short of a critical CH IMP the shot scatters, 1D10 K per 30 K of
    distance with LdV. A passed CH IMP at a figure 9 K away (LdV) still scatters one die."""
    state = ready(cluster(MORTAR), [3, 2, *[FAIL_DEF, PASS_PSI] * 2], angles=[90.0])
    events = do(state, Action("ataque_distancia", target="b", item="mortero"))
    assert rolls(events, "CH IMP")[0]["outcome"] == "pass"
    (drift,) = kinds(events, "scatter")
    assert drift["per_die"] == 30 and drift["rolls"] == [2]
    assert drift["end"] == pytest.approx([20.0, 12.0])
    # R3 at (20, 12): d (20, 11) is wholly inside; b (20, 10) touches its rim: half
    assert hits(events) == {"d": (4, "none"), "b": (2, "none")}


def test_dispersion_malus_critical_lands_on_the_aim() -> None:
    """Dispersión: only a critical CH IMP does not scatter (and it has DAÑ +1, no cover)."""
    state = ready(cluster(MORTAR), [1, *[FAIL_DEF, PASS_PSI] * 4])
    events = do(state, Action("ataque_distancia", target="b", item="mortero"))
    assert not kinds(events, "scatter")
    assert hits(events) == {"b": (5, "none"), "d": (5, "none"), "f": (3, "none"), "c": (3, "none")}


@pytest.mark.parametrize(("walls", "dice"), [((), 1), ((Wall(((15, 0), (15, 30)), 3.0, 5),), 2)])
def test_dispersion_malus_dice_with_and_without_ldv(walls: tuple[Wall, ...], dice: int) -> None:
    """Dispersión: 1D10 K per 30 K with LdV to the aim, per 20 K without. A point 21 K away:
    one die in the open, two behind a wall taller than the shooter (a point needs no LdV)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    profiles = {"a": tough("a", MORTAR, vol=5), "b": tough("b")}
    state = ready(scenario(units, profiles, walls=walls), [5, *[2] * dice], angles=[90.0])
    events = do(state, Action("ataque_distancia", point=(31.5, 10.0), item="mortero"))
    (drift,) = kinds(events, "scatter")
    assert drift["per_die"] == (30 if not walls else 20) and len(drift["rolls"]) == dice
    assert drift["end"] == pytest.approx([31.5, 10.0 + 2 * dice])


# -- COMBATE, Atacar a distancia: refusals -----------------------------------------------------


def _refused(state: GameState, action: Action, reason: str) -> None:
    before = (state.hash(), len(state.history), len(state.log), list(state.dice.faces))
    with pytest.raises(IllegalActionError, match=reason):
        state.apply(action)
    assert (state.hash(), len(state.history), len(state.log), state.dice.faces) == before


def test_out_of_range_is_refused_for_a_figure_and_for_a_point() -> None:
    """COMBATE, Atacar a distancia: within the weapon's ALC (edge to edge, or to the point)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (32.0, 10.0), 180.0)]
    profiles = {"a": tough("a", GRENADE, vol=6), "b": tough("b")}
    state = ready(scenario(units, profiles), [3])
    _refused(state, Action("ataque_distancia", target="b", item="granada"), "out of range")
    _refused(state, Action("ataque_distancia", point=(31, 10), item="granada"), "out of range")


def test_engaged_attacker_cannot_use_an_area_weapon() -> None:
    """COMBATE, Atacar a distancia: an attacker locked in CaC may not shoot."""
    units = [
        ("a", "A", (10.0, 10.0), 0.0),
        ("m", "B", (11.0, 10.0), 180.0),  # in base contact
        ("b", "B", (20.0, 10.0), 180.0),
    ]
    profiles = {"a": tough("a", GRENADE), "m": tough("m"), "b": tough("b")}
    state = ready(scenario(units, profiles), [3])
    _refused(state, Action("ataque_distancia", target="b", item="granada"), "Engaged in CaC")
    _refused(state, Action("ataque_distancia", point=(20, 12), item="granada"), "Engaged in CaC")


def test_outside_the_cdv_is_refused_and_other_bad_aims() -> None:
    """COMBATE, Atacar a distancia: the target in the CdV (ENTORNO: the 180° in front); a
    point too must be in the arc, on the table, and a figure aimed at must be an enemy."""
    units = [("a", "A", (20.0, 10.0), 0.0), ("b", "B", (10.0, 10.0), 0.0)]
    profiles = {"a": tough("a", GRENADE), "b": tough("b")}
    state = ready(scenario(units, profiles), [3])
    shoot = Action("ataque_distancia", item="granada")
    _refused(state, replace(shoot, target="b"), "Target outside the CdV")
    _refused(state, replace(shoot, point=(15.0, 10.0)), "Aim point outside the CdV")
    _refused(state, replace(shoot, point=(45.0, 10.0)), "off the table")
    _refused(state, shoot, "at a target figure or at a point")
    _refused(state, replace(shoot, target="a"), "your own side")
    both = Action("ataque_distancia", target="b", point=(25.0, 10.0), item="granada")
    _refused(state, both, "not both")


def test_a_line_cannot_be_aimed_inside_the_attackers_own_base() -> None:
    """ÁREAS, Lineal: the line starts at the attacker's base edge and points at the aim."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0)]
    profiles = {"a": tough("a", MACHINE_GUN), "b": tough("b")}
    state = ready(scenario(units, profiles), [3])
    _refused(
        state, Action("ataque_distancia", point=(10.2, 10.0), item="ametralladora"), "own base"
    )


# -- the sample armies on the sample map -------------------------------------------------------


def _until_acting(state: GameState, figure: str) -> None:
    """Hand the turn on (others activate and end at once) until ``figure`` is acting."""
    while not (state.pending.kind is PendingKind.ACT and state.pending.figure == figure):
        if state.pending.kind is PendingKind.ACTIVATE:
            able = [a.figure for a in state.legal_actions()]
            do(state, Action("activate", figure if figure in able else able[0]))
        else:
            do(state, Action("end"))


def test_legion_grenade_launcher_and_machine_gun_on_the_village_map() -> None:
    """ÁREAS with the sample Legión (lanzagranadas R3, ametralladora L5) against the Culto
    on maps/aldea-en-ruinas.yaml, loaded as a player would (units link to characters)."""
    scn = load_scenario(
        ROOT / "maps" / "aldea-en-ruinas.yaml",
        {"A": ARMIES / "legion.yaml", "B": ARMIES / "culto.yaml"},
        seed=3,
    )
    state = scn.new_game()
    # Bring three brutes up: two at the grenadier's range, one within the line's 5 K.
    state.figures["b-bruto-2"].position = (21.0, 12.0)
    state.figures["b-bruto-1"].position = (22.2, 12.8)
    state.figures["b-bruto-3"].position = (28.0, 6.5)
    state.dice = ScriptedDice([9, 1])  # side A wins the initiative
    do(state, Action("initiative", "a-granadero"))
    do(state, Action("initiative", "b-titiritero"))
    state.dice = Dice(3)
    _until_acting(state, "a-granadero")
    brute_psi = 2  # the brutes' VOL is 3
    state.dice = AimedDice([3, FAIL_DEF, brute_psi, FAIL_DEF, brute_psi])
    events = do(state, Action("ataque_distancia", target="b-bruto-2", item="lanzagranadas"))
    (template,) = kinds(events, "template")
    assert template["shape"] == "R3" and template["full"] == ["b-bruto-2"]
    assert template["partial"] == ["b-bruto-1"]
    # lanzagranadas DAÑ 4 against cuero DEF 2 (failed): 4 wounds in the middle, 2 half in
    assert state.figures["b-bruto-2"].wounds == 4 and state.figures["b-bruto-1"].wounds == 2
    assert state.figures["a-granadero"].ene == 8 - 4
    do(state, Action("end"))
    state.dice = Dice(4)
    _until_acting(state, "a-ametrallador")
    state.dice = AimedDice([3, FAIL_DEF])
    events = do(state, Action("ataque_distancia", target="b-bruto-3", item="ametralladora"))
    (template,) = kinds(events, "template")
    assert template["shape"] == "L5" and template["full"] == ["b-bruto-3"]
    assert state.figures["b-bruto-3"].wounds == 5  # DAÑ 5 against CON 5: incapacitated
    assert state.figures["b-bruto-3"].casualty
