"""Issue 12 §4: a planner that wins, and ``GameState.reseed`` that its determinisations use.

The planner searches with the engine's own clone and apply, on clones whose dice come
from seeds of its own; these tests hold what it decides, not how fast.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from pathlib import Path

import pytest

from wartime import i18n
from wartime.board.battlefield import Posture, Wall
from wartime.cli import main
from wartime.engine import Action, GameState, PendingKind, load_scenario
from wartime.engine.ai import PRESETS, Planner, choose, make_player, player_names
from wartime.engine.ai.planner import Budget, Horizon
from wartime.engine.ai.utility import TOTAL, Scorer, Weights, lost, threat, worth
from wartime.engine.core.combat import cover_query
from wartime.engine.core.movement import engaged_with
from wartime.engine.core.profiles import Transport
from wartime.rules.dice import Dice

from .conftest import ROOT
from .engine_support import KNIFE, ScriptedDice, duel, profile, scenario, started


def faces(state: GameState, count: int = 20) -> list[int]:
    return [state.dice.d10() for _ in range(count)]


# -- GameState.reseed --------------------------------------------------------------------


def test_reseed_changes_a_clones_future_dice_and_leaves_the_original_alone() -> None:
    state = duel().new_game()
    state.apply(Action("initiative", "a"))
    before = state.hash()
    twin, same = state.clone(), state.clone()
    twin.reseed(123)
    same.reseed(123)
    assert state.hash() == before  # the original's position and dice are untouched
    assert twin.hash() != before  # the dice are part of what decides the future
    assert faces(twin.clone()) == faces(same)  # a seed gives one future
    assert faces(twin) != faces(state.clone())
    state.apply(Action("initiative", "b"))  # the game goes on with its own dice
    replay = duel().new_game()
    for action in state.history:
        replay.apply(action)
    assert replay.hash() == state.hash()


def test_a_reseeded_clone_rolls_its_own_dice_in_play() -> None:
    """The position plays on as before; only the rolls differ (the initiative roll-off)."""
    state = duel().new_game()
    state.apply(Action("initiative", "a"))
    outcomes = set()
    for seed in range(8):
        twin = state.clone()
        twin.reseed(seed)
        twin.apply(Action("initiative", "b"))
        assert twin.turn == state.turn and twin.figures.keys() == state.figures.keys()
        outcomes.add(twin.leader)
    assert outcomes == {"A", "B"}


def test_lookahead_plays_on_a_reseeded_copy_and_puts_the_bases_back() -> None:
    """The copy borrows the movement table; leaving the block restores every base."""
    state = started(duel(), [5] * 10)
    table = state.physics()
    before = (state.hash(), len(state.history), len(state.log), table.position("a"))
    with state.lookahead(7) as twin:
        twin.apply(Action("correr", "a", point=(12.0, 10.0)))
        assert twin.figures["a"].position == (12.0, 10.0)
        assert table.position("a") == (12.0, 10.0)  # the same table, borrowed
        # the game's history goes on in the copy (rules read the actions before)
        assert twin.history == [*state.history, Action("correr", "a", point=(12.0, 10.0))]
    assert (state.hash(), len(state.history), len(state.log), table.position("a")) == before
    assert state.physics() is table
    state.apply(Action("correr", "a", point=(10.0, 12.0)))  # and the game moves on from it
    assert table.position("a") == (10.0, 12.0)


def test_a_copy_that_moves_no_base_leaves_the_table_alone_and_one_that_does_is_undone() -> None:
    """Putting the bases back is skipped only when nothing moved since the copy was made
    (the table counts its changes); a copy that moved a base, then played on without
    moving any, is still undone (the planner's rollouts do that: a move, then a shot)."""
    state = started(duel(), [5] * 10)
    table = state.physics()
    with state.lookahead(3) as twin:
        twin.apply(Action("correr", "a", point=(12.0, 10.0)))
        moved = table.changes
        twin.apply(Action("pass"))  # B lets the chance to react go: no base moves
        assert table.changes == moved and table.position("a") == (12.0, 10.0)
        with twin.lookahead(4) as inner:
            inner.figures["a"].ene -= 1  # no base moves
        assert table.position("a") == (12.0, 10.0)
    assert table.position("a") == state.figures["a"].position
    assert state.physics() is table
    idle = table.changes
    with state.lookahead(6):
        pass
    assert table.changes == idle  # nothing moved, nothing was put back
    for _ in range(3):  # and the game plays on from a table that holds its own bases
        state.apply(choose(state))
    assert {d.id: d.centre for d in table.bases} == {
        f.id: f.position for f in state.figures.values() if f.on_table
    }


# -- the planner ---------------------------------------------------------------------------


def village_position() -> GameState:
    """The sample village after 60 baseline decisions, at an action of side A."""
    scn = load_scenario(ROOT / "maps" / "aldea-en-ruinas.yaml", {}, seed=3)
    state = scn.new_game()
    for _ in range(60):
        state.apply(choose(state))
    while state.pending.kind is not PendingKind.ACT or state.pending.side != "A":
        state.apply(choose(state))
    return state


def test_the_same_position_and_seed_give_the_same_decision() -> None:
    state = village_position()
    before = state.hash()
    planner = Planner(7)
    first = planner(state)
    assert planner(state) == first  # asked again
    assert Planner(7)(state.clone()) == first  # a fresh planner, a copy of the position
    assert state.hash() == before  # the search played on clones only
    assert state.check(first) is None  # and the action is legal here


def shooting_gallery() -> GameState:
    """a (side A) acting with a rifle; b stands in the open 7 K away, c crouches 19 K
    away (CH IMP −2: range and posture); both have AGI 3, so neither draws to fire first
    (the baseline answers so only when it is quicker)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (18.0, 10.0), 180.0),
             ("c", "B", (30.0, 10.0), 180.0)]  # fmt: skip
    profiles = {"b": profile("b", agi=3), "c": profile("c", agi=3)}
    state = started(scenario(units, profiles=profiles))
    state.figures["c"].posture = Posture.CROUCHED
    state.dice = Dice(11)
    return state


def test_it_prefers_the_shot_with_better_odds_over_a_worse_one_or_passing() -> None:
    state = shooting_gallery()
    at_b = Action("ataque_distancia", "a", target="b", item="fusil")
    at_c = Action("ataque_distancia", "a", target="c", item="fusil")
    # The better shot last: the first option wins ties, so this is the search's doing.
    # Scored right after the shot, where the odds tell the shots apart (over 400 plays
    # each: b's is worth 14 points and c's 6, one play spreading by about 20). Scored
    # later, a's next shots bring both to 21-26 points and spread them by 40-50, which no
    # search this small can split. With 32 plays the choice holds for planner seeds 1-20.
    shooter = Planner(1, budget=Budget(horizon=Horizon.ACTION, determinisations=32))
    assert shooter.best(state, [at_c, Action("end"), at_b]) == at_b
    assert shooter.best(state, [Action("end"), at_b]) == at_b
    # Free to choose, it may first lie down (its own shots +1, the enemy's −2 beyond
    # 3 K) and shoot after; it neither hands over nor aims at c.
    chosen = Planner(1)(state)
    assert chosen.kind != "end" and chosen.target != "c"


def test_its_rollouts_roll_their_own_dice_on_the_engine() -> None:
    """Reseeded clones: the rollouts differ with the seed as the engine's dice do, the
    same seed gives the same rollout, the game's own dice are never read, and what is
    legal does not depend on the seed."""
    state = shooting_gallery()
    state.dice = ScriptedDice([2, 9, 3, 3, 7] * 40)
    faces_before = list(state.dice.faces)
    planner = Planner(1)
    shot = Action("ataque_distancia", "a", target="b", item="fusil")
    scores = [planner.rollout(state, shot, "A", seed) for seed in range(12)]
    assert len(set(scores)) > 1  # hits and misses, as the engine rolled them
    assert planner.rollout(state, shot, "A", 5) == scores[5]
    listed = planner.candidates(state)
    planner(state)
    assert state.dice.faces == faces_before  # the game's future rolls stay unread
    reseeded = state.clone()
    reseeded.reseed(99)
    assert planner.candidates(reseeded) == listed


def hiding_rifleman() -> GameState:
    """a (side A) behind a tall wall, two enemy riflemen 10 K away beyond it: stepping
    out lets a shoot at one and be shot at by both."""
    wall = Wall(((12.0, 6.0), (12.0, 14.0)), 2.0, 5)
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (20.0, 10.0), 180.0),
             ("c", "B", (20.0, 13.0), 180.0)]  # fmt: skip
    state = started(scenario(units, walls=(wall,)))
    state.dice = Dice(5)
    return state


def can_hurt(state: GameState) -> bool:
    """Whether a has a line of fire to an enemy (all of them are within its rifle's ALC)."""
    a = state.figures["a"]
    return any(state.world.cover(*cover_query(a, foe)) < TOTAL for foe in state.enemies_of(a))


def test_the_score_lets_nobody_shoot_into_or_out_of_a_melee() -> None:
    """COMBATE: a ranged attack is refused to a figure engaged in CaC and at one.  a and
    b are in base contact; c, 13 K off (beyond its charge), has a clear shot at a but
    may not take it; b may strike a (its knife) but not shoot at d, 9 K off; d may still
    shoot c."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (11.0, 10.0), 180.0),
             ("c", "B", (24.0, 10.0), 180.0), ("d", "A", (11.0, 19.0), 270.0)]  # fmt: skip
    state = started(scenario(units))
    a, b, c, d = (state.figures[f] for f in "abcd")
    assert [e.id for e in engaged_with(state, a)] == ["b"]
    assert threat(state, c, a) == 0.0
    assert threat(state, b, d) == 0.0
    assert threat(state, b, a) > 0.0 and threat(state, a, b) > 0.0  # blows
    assert threat(state, d, c) > 0.0
    # the engine agrees: c's shot at a, and b's at d, are refused
    c_shot = Action("ataque_distancia", "c", target="a", item="fusil")
    b_shot = Action("ataque_distancia", "b", target="d", item="fusil")
    refused = {"c": "refused.combat.target_engaged", "b": "refused.combat.engaged"}
    for shooter, shot in (("c", c_shot), ("b", b_shot)):
        trial = state.clone()
        trial.active = shooter
        reason = trial.check(shot)
        assert reason is not None and reason.key == refused[shooter]


def test_a_striker_threatens_as_far_as_its_next_activation_walks_charges_and_strikes() -> None:
    """Cargar reaches MOV + 3 K for ENE 2, the blow after it costs its weapon's ENE (a
    knife: 2), and the ENE of the striker's next activation pays the walk before them (1 K
    an ENE at MOV 1).  b (a knife, no gun) has 0 ENE now and gains CON 4 + AGI 4 as it
    activates: it walks 8 − 2 − 2 = 4 K and charges 4, so it threatens a from 8 K away
    (edge to edge) and not from 8.3 K; with 5 ENE kept, up to the cap of 10, it walks 6 K
    and strikes from 10 K."""
    reached = []
    for x, kept in ((19.0, 0), (19.3, 0), (21.0, 5), (21.3, 5)):
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (x, 10.0), 180.0)]
        state = started(scenario(units, profiles={"b": profile("b", weapons=(KNIFE,))}))
        state.figures["b"].ene = kept
        reached.append(threat(state, state.figures["b"], state.figures["a"]) > 0.0)
    assert reached == [True, False, True, False]


def test_a_strikers_reach_is_measured_along_its_way_round_the_walls() -> None:
    """b (a knife) reaches a from 8 K, edge to edge, in the open (the test above); a wall
    between them, open only at the table's far edge, makes the way round it some 30 K
    long, so b strikes nobody next time however near a stands as the crow flies: the
    score must then walk b round the wall instead of leaving it where it is."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (17.0, 10.0), 180.0)]
    wall = Wall(((13.5, 0.0), (13.5, 25.0)), 3.0, 4, id="muro")
    knife = {"b": profile("b", weapons=(KNIFE,))}
    walled = started(scenario(units, profiles=knife, walls=(wall,)))
    open_ = started(scenario(units, profiles=knife))
    for state, reached in ((open_, True), (walled, False)):
        scorer = Scorer(Weights())
        a, b = state.figures["a"], state.figures["b"]
        walk = functools.partial(scorer.way, state)
        assert (threat(state, b, a, walk=walk) > 0.0) is reached
        assert threat(state, b, a) > 0.0  # the straight gap alone would say it reaches
    b, a = walled.figures["b"], walled.figures["a"]
    assert Scorer(Weights()).way(walled, b, a.position) > 20.0  # round the wall's end


def test_a_strikers_threat_reads_both_postures() -> None:
    """Cuerpo a tierra: −2 to the prone figure's own CaC checks, +2 to those striking it.
    b (a knife) reaches a from 8 K (the test above); lying down there, it has no ENE left
    to stand up (Levantarse, ENE 1) and strikes at −2; 1 K nearer it stands up first and
    strikes as well as standing.  A prone a is easier to strike."""

    def blow(x: float, striker: Posture, target: Posture) -> float:
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (x, 10.0), 180.0)]
        state = started(scenario(units, profiles={"b": profile("b", weapons=(KNIFE,))}))
        state.figures["b"].posture, state.figures["a"].posture = striker, target
        return threat(state, state.figures["b"], state.figures["a"])

    standing = blow(19.0, Posture.STANDING, Posture.STANDING)
    assert 0.0 < blow(19.0, Posture.PRONE, Posture.STANDING) < standing
    assert blow(18.0, Posture.PRONE, Posture.STANDING) == standing
    assert blow(19.0, Posture.STANDING, Posture.PRONE) > standing


def test_a_striker_too_close_to_charge_must_step_back_first() -> None:
    """A Cargar needs 2 K of way: b (a knife, ENE 2 a blow, 2 a Cargar) starting its next
    activation with 4 ENE charges a from 2.5 K, but from 1.5 K it must first walk back
    (Mover, ENE 1), which leaves too little for the charge and the blow."""
    reached = []
    for x in (13.5, 12.5):  # 2.5 and 1.5 K apart, edge to edge
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (x, 10.0), 180.0)]
        state = started(scenario(units, profiles={"b": profile("b", weapons=(KNIFE,))}))
        state.figures["b"].ene = -4  # + CON 4 + AGI 4 = 4 at its next activation
        reached.append(threat(state, state.figures["b"], state.figures["a"]) > 0.0)
    assert reached == [True, False]


def test_a_striker_in_contact_needs_only_the_blows_ene() -> None:
    """In CaC already, the next blow needs no walk and no Cargar: b (a knife, ENE 2 a blow)
    with a debt of 6 ENE starts its next activation with 8 − 6 = 2, enough for one blow at
    a in contact and not for a charge at it from 1 K away."""
    reached = []
    for x in (11.04, 12.0):  # in contact (within ENGAGED_GAP), then 1 K apart
        units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (x, 10.0), 180.0)]
        state = started(scenario(units, profiles={"b": profile("b", weapons=(KNIFE,))}))
        state.figures["b"].ene = -6
        reached.append(threat(state, state.figures["b"], state.figures["a"]) > 0.0)
    assert reached == [True, False]


def test_a_driver_strikes_nobody_and_walks_nearer_in_the_score() -> None:
    """A transport never fights in CaC (the driving refusal), so its driver's bare hands
    threaten nobody, however far its MOV would carry a charge; with nothing in reach, the
    approach term counts its way to the enemy, and driving nearer scores better."""
    vehicle = Transport("buggy", ene=2, mov=12.0, defense=4, cal=4)
    driver = replace(profile("b", weapons=()), transport=vehicle)
    units = [("a", "A", (2.0, 5.0), 0.0), ("b", "B", (38.0, 25.0), 180.0)]
    far = started(scenario(units, profiles={"b": driver}))
    near = far.clone()
    near.figures["b"].position = (30.0, 25.0)
    assert threat(far, far.figures["b"], far.figures["a"]) == 0.0
    assert threat(near, near.figures["b"], near.figures["a"]) == 0.0
    scorer = Scorer(Weights())
    assert scorer.score(near, "B") > scorer.score(far, "B")


def test_walking_now_scores_better_than_keeping_the_ene_to_walk_later() -> None:
    """The approach term measures the way left against the reach of a fresh activation,
    not of the ENE kept: otherwise a Correr of 2 K (2 ENE) and handing over with those 2
    ENE would leave the same gap, and the kept ENE would tip the choice to standing.  b
    (CON 3, AGI 3: an activation adds 6, so up to 4 kept ENE carries over) is far out of
    reach of a."""
    units = [("a", "A", (5.0, 5.0), 0.0), ("b", "B", (35.0, 25.0), 180.0)]
    b = profile("b", con=3, agi=3, weapons=(KNIFE,))
    stood = started(scenario(units, profiles={"b": b}))
    walked = stood.clone()
    stood.figures["b"].ene = 3
    walked.figures["b"].ene = 1
    walked.figures["b"].position = (33.0, 25.0)  # 2 K nearer, along the straight way
    scorer = Scorer(Weights())
    assert scorer.score(walked, "B") > scorer.score(stood, "B")


def test_the_scores_memory_gives_what_a_fresh_score_would() -> None:
    """A Scorer remembers threats across the positions of one decision; b's ENE alone
    (which its strike reach reads) decides whether it threatens a from 10 K away."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    low = started(scenario(units, profiles={"b": profile("b", weapons=(KNIFE,))}))
    high = low.clone()
    high.figures["b"].ene = 5
    scorer = Scorer(Weights())
    for state in (low, high, low):
        assert scorer.score(state, "A") == Scorer(Weights()).score(state, "A")
    assert scorer.score(high, "A") < scorer.score(low, "A")


def test_stress_counts_toward_a_casualty_in_the_score() -> None:
    """Estrés above VOL knocks a Pj out, a casualty like CON in wounds: a's stress (what a
    titiritero's Corromper deals) is worth to B its share of the way there, and a's
    wounds, when nearer their end, count instead of it, not on top."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (30.0, 20.0), 180.0)]
    calm = started(scenario(units))
    stressed, both = calm.clone(), calm.clone()
    stressed.figures["a"].stress = 2
    both.figures["a"].stress = 2
    both.figures["a"].wounds = 3
    scorer, a = Scorer(Weights()), calm.figures["a"]
    gain = scorer.score(stressed, "B") - scorer.score(calm, "B")
    share = Weights().wound_share * 2 / (a.vol + 1)
    assert gain == pytest.approx(share * worth(a))
    assert lost(both.figures["a"], 0.6) == 0.6 * min(1.0, 3 / a.profile.con)


def test_in_the_last_turn_the_score_counts_only_what_can_still_happen() -> None:
    """At the turn limit only casualties score (finish_on_points), and nobody activates
    again: in the last turn a wound short of a casualty counts nothing, and a figure that
    has acted no longer threatens (it may still react, which rollouts play out)."""
    units = [("a", "A", (10.0, 10.0), 0.0), ("b", "B", (21.0, 10.0), 180.0)]
    material = Scorer(Weights(threat=0.0, exposure=0.0, approach=0.0, ene=0.0))
    threats = Scorer(Weights(dealt=0.0, taken=0.0, approach=0.0, ene=0.0))
    gains, exposed = {}, {}
    for limit in (1, 6):  # turn 1 is the last, or one of six
        state = started(scenario(units, turn_limit=limit))
        wounded, acted = state.clone(), state.clone()
        wounded.figures["b"].wounds = 1
        acted.figures["b"].acted = True
        gains[limit] = (
            material.score(wounded, "A") - material.score(state, "A"),
            threats.score(acted, "A") - threats.score(state, "A"),
        )
        exposed[limit] = threat(state, state.figures["b"], state.figures["a"])
    assert gains[6] == (pytest.approx(0.6 * 50 / 4), 0.0)  # a wound: 0.6 of its share
    assert exposed[1] > 0.0  # b could shoot a...
    assert gains[1] == (0.0, pytest.approx(0.5 * exposed[1]))  # ...but it has acted


def test_the_presets_weigh_the_risk_differently() -> None:
    state = hiding_rifleman()
    presets = {p.name: p for p in PRESETS}
    outcomes = {}
    for name in ("prudente", "equilibrado", "agresivo"):
        after = state.clone()
        after.apply(presets[name].make(4)(state))
        outcomes[name] = can_hurt(after)
    assert not can_hurt(state)
    # the enemy's two answers, played out, keep the cautious and the balanced behind
    # the wall; the aggressive one counts its own shots higher and steps out
    assert outcomes == {"prudente": False, "equilibrado": False, "agresivo": True}


def test_the_registry_offers_the_planner_and_its_personalities() -> None:
    names = player_names()
    assert {"planner", "planner-prudente", "planner-agresivo"} <= set(names)
    assert isinstance(make_player("planner", 3).player, Planner)  # played fair (Invisible)
    assert [(p.player, p.label) for p in PRESETS] == [
        ("planner", "Equilibrado"),
        ("planner-prudente", "Prudente"),
        ("planner-agresivo", "Agresivo"),
    ]
    i18n.set_language("en")
    try:
        assert [p.label for p in PRESETS] == ["Balanced", "Cautious", "Aggressive"]
    finally:
        i18n.set_language("es")
    assert len({p.weights for p in PRESETS}) == len(PRESETS)


# One figure a side, six K apart: a whole game of the planner through `wartime sim` in a
# few seconds (campo-abierto's two a side took the suite's longest half-minute).
DUEL_MAP = """\
wartime_map: 1
name: Duelo
armies: [legion, culto]
size: [12, 10]
deployment:
  - {side: A, polygon: [[0, 0], [12, 0], [12, 3], [0, 3]]}
  - {side: B, polygon: [[0, 7], [12, 7], [12, 10], [0, 10]]}
units:
  - {id: a1, side: A, position: [6, 2], facing: 90, character: fusilero}
  - {id: b1, side: B, position: [6, 8], facing: 270, character: bruto}
"""


def test_wartime_sim_plays_the_planner(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    field = tmp_path / "duelo.yaml"
    field.write_text(DUEL_MAP, encoding="utf-8")
    argv = ["--lang", "en", "sim", str(field), "--ai-a", "planner", "--games", "1", "--seed", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "players: A planner, B baseline" in out


def test_a_transports_only_pivot_candidate_is_the_baselines_onto_the_way() -> None:
    """Pivotar costs a transport ENE 3 and changes nothing the score sees but its facing:
    the planner weighs the baseline's pivot onto the walking way (always a candidate) and
    none of the other seven facings the list offers, which only ever won by luck or by
    keeping the buggy out of the fight."""
    vehicle = Transport("buggy", ene=2, mov=6.0, defense=4, cal=2)
    buggy = replace(profile("a", weapons=(KNIFE,)), transport=vehicle)
    wall = Wall(((10.0, 0.0), (10.0, 12.0)), 3.0, 4, id="muro")
    units = [("a", "A", (9.0, 6.0), 0.0), ("b", "B", (30.0, 6.0), 180.0)]
    state = started(scenario(units, profiles={"a": buggy}, walls=(wall,)), [5] * 20)
    listed = [a for a in state.legal_actions() if a.kind == "pivotar"]
    pivots = [a for a in Planner(1).candidates(state) if a.kind == "pivotar"]
    assert len(listed) > 1 and pivots == [choose(state)]
