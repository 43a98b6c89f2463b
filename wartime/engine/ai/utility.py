"""How good a position is for one side: the planner's score (planner.py).

The score is in points of the army lists, the currency the game is won in at the turn
limit (core.sequence.finish_on_points), so that its terms weigh against one another in
one unit:

- **material**: the points of the enemy figures taken out, and a share of a figure's
  points for each wound short of that, minus the same for its own (weighted apart, which
  is what the presets differ in);
- **threat** and **exposure**: what each side could take from the other at its next
  activation, one attack per figure at the target it would hurt most, from where the
  figures stand now: a shot within ALC, or a blow as far as the activation's walk and
  charge reach along the way round the walls, with the blow's ENE left over (its odds
  from check_odds with both postures, the cover from the world's own cover memory, the
  same numbers the resolver rolls against; a driver strikes nobody, nobody shoots into
  or out of CaC, and in the last turn a figure that has acted attacks no more);
- **approach**: for its own figures with nothing in reach, the K still to walk to the
  nearest enemy (the walking way round solids, geometry.pathfinding) beyond what a fresh
  activation reaches, so that a figure out of the fight gets closer instead of standing
  (the ENE it keeps counts in the ``ene`` term, not here);
- the end of the game, when the position is one: a win or a loss is worth as much as
  every figure on the table, besides the material (a finite stake, so that a rollout
  that ends in a loss counts against a move and does not swamp every other rollout).

The score is static: the planner gets chance and the enemy's answers from rollouts on
the engine itself, and asks this only where a rollout stops.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, partial

from wartime.board.battlefield import Posture
from wartime.board.shapes import Point
from wartime.engine.core.book import cost, entry
from wartime.engine.core.combat import (
    CLOSE,
    cover_query,
    melee_damage,
    posture_modifiers,
    range_penalty,
)
from wartime.engine.core.figures import ENE_CAP, Figure
from wartime.engine.core.movement import engaged_with, moves
from wartime.engine.core.routes import swims
from wartime.engine.core.sight import hidden_in_dark
from wartime.engine.core.state import GameState
from wartime.engine.core.vehicles import drives
from wartime.geometry.distance import edge_distance
from wartime.rules.dice import check_odds

MIN_POINTS = 10  # a character costs at least 10 points (DESIGN.md §7)
OVER_HALF = 50.0  # % of cover above which the target's CH DEF gets +2 (DESIGN.md §5)
TOTAL = 99.999  # % of cover that leaves no line of sight
COVER_DEF = 2
MARCH = ("mover", "correr")  # the strides a figure may take before it charges
Walk = Callable[[Figure, Point], float]  # the length of a figure's way to a point
STRIKE, BARE_HANDS = "ataque_cac", "ataque_cac_sin_armas"  # the blows after a charge
STAND_UP = "levantarse"


@dataclass(frozen=True)
class Weights:
    """How much each term of the score counts (a preset's risk attitude).

    ``dealt`` and ``taken`` weigh the points the enemy and the side itself have lost;
    ``wound_share`` is the share of a figure's points its wounds are worth before it is
    taken out (the turn limit counts only casualties, so a wound is worth less than its
    part of a kill); ``threat`` and ``exposure`` weigh the expected points of the next
    attacks, the side's own and the enemy's; ``approach`` is the share of a figure's
    points that each K of way to the nearest enemy costs while nothing is in its reach;
    ``win`` is the share of the table's points that a won game adds (a lost one takes);
    ``ene`` is what each point of ENE its figures keep is worth, as far as it carries
    over to their next activation (:func:`_carried`): an action that changes nothing
    else is then worse than handing over, but ENE the cap would waste buys nothing.
    """

    dealt: float = 1.0
    taken: float = 1.0
    wound_share: float = 0.6
    threat: float = 0.5
    exposure: float = 0.5
    approach: float = 0.01
    win: float = 1.0
    ene: float = 0.2


def worth(figure: Figure) -> float:
    """The points the enemy scores by taking the figure out."""
    return float(max(MIN_POINTS, figure.profile.points))


def lost(figure: Figure, wound_share: float) -> float:
    """The share of its points a figure has lost: all of them once taken out, else
    ``wound_share`` of the way to the nearer of its two ends: wounds up to CON, or
    stress above VOL (Estrés: unconscious, a casualty too, which a titiritero's
    Corromper deals; counted, the planner sees what a first hack gains)."""
    if figure.casualty or figure.removed:  # taken out, as simulation.taken_out counts
        return 1.0
    wounded = figure.wounds / max(1, figure.profile.con)
    stressed = figure.stress / (max(0, figure.vol) + 1)
    return wound_share * min(1.0, max(wounded, stressed))


class Scorer:
    """Scores positions for one side with one set of weights.

    It remembers what it has worked out for one decision's many positions, which differ
    in a few figures only: each attacker's threat to each target (keyed by everything
    :func:`threat` reads of the two) and the walking distances (which depend on the map
    and the two points only).  :meth:`forget` empties that memory between decisions.
    """

    def __init__(self, weights: Weights) -> None:
        self.weights = weights
        self._ways: dict[tuple[float, bool, Point, Point], float] = {}
        self._threats: dict[tuple[object, ...], float] = {}

    def forget(self) -> None:
        self._ways.clear()
        self._threats.clear()

    def score(self, state: GameState, side: str) -> float:
        w = self.weights
        mine = [f for f in state.figures.values() if f.side == side]
        theirs = [f for f in state.figures.values() if f.side != side]
        # at the end a wound short of a casualty counts for nothing (finish_on_points), so
        # not in the last turn either: the threat terms count what it makes of a kill
        last = state.turn >= state.scenario.ruleset.turn_limit
        share = 0.0 if state.over or last else w.wound_share
        total = w.dealt * sum(worth(f) * lost(f, share) for f in theirs)
        total -= w.taken * sum(worth(f) * lost(f, share) for f in mine)
        if state.over:
            stake = w.win * sum(worth(f) for f in state.figures.values())
            won = state.winner == side
            return total + (0.0 if state.winner is None else stake if won else -stake)
        ready = [f for f in mine if f.present]
        foes = [f for f in theirs if f.present]
        if not ready or not foes:
            return total
        held = _held(state, ready + foes)  # who may shoot and be shot (threat)
        keys = {f.id: (*_key(f), held[f.id]) for f in ready + foes}
        pairs = [(a, b) for a in ready for b in foes] + [(b, a) for a in ready for b in foes]
        missing = [(a, b) for a, b in pairs if (keys[a.id], keys[b.id]) not in self._threats]
        if missing:
            walk = partial(self.way, state)
            _fill_cover(state, [(a, b) for a, b in missing if not held[a.id] | held[b.id]])
            for a, b in missing:
                self._threats[keys[a.id], keys[b.id]] = threat(state, a, b, held, walk)
        known = self._threats
        total += w.ene * sum(_carried(state, f) for f in ready)
        # in the last turn a figure that has acted attacks no more (it may still react,
        # which the rollouts play out) and has nothing left to walk for
        for figure in _to_act(ready, last):
            best = max(known[keys[figure.id], keys[foe.id]] for foe in foes)
            total += w.threat * best
            if best == 0.0 and w.approach:
                total -= w.approach * worth(figure) * self.gap(state, figure, foes)
        total -= w.exposure * sum(
            max(known[keys[foe.id], keys[f.id]] for f in ready) for foe in _to_act(foes, last)
        )
        return total

    def gap(self, state: GameState, figure: Figure, foes: list[Figure]) -> float:
        """The K the figure must still walk to have the nearest enemy in its reach."""
        reach = _reach(figure)
        nearest = min(foes, key=lambda e: (_edge(figure, e), e.id))
        return max(0.0, self.way(state, figure, nearest.position) - reach)

    def way(self, state: GameState, figure: Figure, goal: Point) -> float:
        """The walking length from the figure to ``goal`` round the solids (the other
        bases left out, so the answer depends on the two points only)."""
        if figure.level != 1:
            return math.dist(figure.position, goal)
        wet = swims(figure)
        key = (figure.radius, wet, figure.position, goal)
        found = self._ways.get(key)
        if found is None:
            clearance = state.world.clearance(figure.radius, off_water=wet)
            found = clearance.way(figure.position, goal, []).length
            if not math.isfinite(found):
                found = math.dist(figure.position, goal)
            self._ways[key] = found
        return found


def _held(state: GameState, figures: list[Figure]) -> dict[str, frozenset[str]]:
    """Each figure's enemies in base contact (movement.engaged_with): whom it is in CaC
    with."""
    return {f.id: frozenset(e.id for e in engaged_with(state, f)) for f in figures}


def _to_act(figures: list[Figure], last: bool) -> list[Figure]:
    """The figures that attack again before the game ends: all of them, but in the last
    turn only those that have not acted."""
    return [f for f in figures if not (last and f.acted)]


def _carried(state: GameState, figure: Figure) -> float:
    """The ENE of the figure's that its next activation still has: the activation adds
    CON + AGI − wounds up to ENE_CAP (Figure.start_activation), so ENE kept above the cap
    less that gain is lost, and all of it after the last turn; a debt (below 0 after
    reacting) is owed in full."""
    if figure.ene < 0:
        return float(figure.ene)
    if state.turn >= state.scenario.ruleset.turn_limit and figure.acted:
        return 0.0
    return float(min(figure.ene, max(0, ENE_CAP - figure.activation_gain)))


def _key(figure: Figure) -> tuple[object, ...]:
    """Everything :func:`threat` reads of a figure, as attacker or as target."""
    return (
        figure.id, figure.position, figure.radius, figure.level, figure.perch,
        figure.current_height, figure.posture, figure.wounds, figure.sprinted,
        figure.defense, figure.mov, figure.profile.agi, figure.profile.con,
        figure.profile.weapons, figure.activation_ene(),  # the strike reach reads it
    )  # fmt: skip


def threat(
    state: GameState, attacker: Figure, target: Figure,
    held: Mapping[str, frozenset[str]] | None = None, walk: Walk | None = None,
) -> float:  # fmt: skip
    """The points ``attacker`` may expect to take from ``target`` with one attack at its
    next activation, from where both stand: a shot within ALC and in line of sight (it
    may turn to face first), or a blow as far as it can walk and charge
    (:func:`_charge_reach`), measured along ``walk``: the length of the way from a figure
    to a point (Scorer.way, round the walls; the straight line when not given).

    Nobody shoots from CaC nor into it (combat: a ranged attack is refused to an engaged
    figure and at one), so a figure in CaC only strikes those it is engaged with, and
    is open only to their blows: ``held`` maps each figure to the enemies in contact
    with it (movement.engaged_with, worked out here when not given)."""
    if held is None:
        held = _held(state, [attacker, target])
    if held[attacker.id] and target.id not in held[attacker.id]:
        return 0.0
    gap = _edge(attacker, target)
    best = 0.0
    engaged = target.id in held[attacker.id]  # in contact already: no walk, no charge
    blows = [
        (damage, price + extra, _charge_reach(attacker, price + extra), modifier)
        for damage, price in _blows(attacker)
        for extra, modifier in _stances(attacker)
    ]
    way = gap
    if walk is not None and not engaged and any(gap <= reach for *_, reach, _ in blows):
        # the straight gap is a lower bound: ask for the way round the walls only when
        # it leaves a blow in reach (the way is the dearer question)
        way = max(gap, walk(attacker, target.position) - attacker.radius - target.radius)
    against = _posture(target, "attackers", "attacking_cac")
    back = not engaged and way < moves().charge_min  # too close to charge: a step back
    for damage, price, reach, modifier in blows:
        far = _charge_reach(attacker, price + _step_back()) if back else reach
        if attacker.activation_ene() >= price if engaged else way <= far:
            hit = _success(attacker.profile.agi + modifier + against)
            best = max(best, _wounds(hit, damage, target, 0))
    free = not (held[attacker.id] or held[target.id])  # neither is in CaC
    shots = [w for w in attacker.profile.weapons if free and w.ranged and gap <= w.alc]
    if shots and not hidden_in_dark(state, attacker, target):  # no LdV into the dark
        cover = state.world.cover(*cover_query(attacker, target))
        if cover < TOTAL:
            bonus = COVER_DEF if cover > OVER_HALF else 0
            hit = _success(attacker.profile.agi + _shot_modifier(attacker, target, gap))
            for weapon in shots:
                best = max(best, _wounds(hit, weapon.dan, target, bonus))
    if not best:
        return 0.0
    left = max(1, target.profile.con - target.wounds)
    return min(1.0, best / left) * worth(target)


@cache
def _odds(target: int) -> tuple[float, float]:
    """The chance to pass a CH against ``target`` (criticals included), and to fail it
    as a plain fail or a fumble, as floats (check_odds is exact, and slow here)."""
    odds = check_odds(target)
    return float(odds.success), float(odds.failed + odds.fumble)


def _success(target: int) -> float:
    return _odds(target)[0]


def _wounds(hit: float, damage: int, target: Figure, cover_bonus: int) -> float:
    """Expected wounds of a blow or shot: a passed CH DEF takes DAÑ − DEF, a failed one
    all of it (as the baseline reckons, players.py); a critical defence counts as a pass."""
    defence, failed = _odds(target.defense + cover_bonus)
    on_pass = max(0, damage - target.defense)
    return hit * (defence * on_pass + failed * damage)


def _shot_modifier(shooter: Figure, target: Figure, gap: float) -> int:
    """The range band and the two postures (combat._ranged_modifiers, the main ones)."""
    modifier = range_penalty(gap) + _posture(shooter, "self", "attacking_ranged")
    if gap > CLOSE:
        modifier += _posture(target, "attackers", "ranged_beyond_3k")
    if target.sprinted:
        modifier -= 1
    return modifier


def _posture(figure: Figure, who: str, when: str) -> int:
    """The CH IMP that the figure's posture (Agacharse, Cuerpo a tierra) gives ``who``
    (itself, or those attacking it) ``when`` (combat.posture_modifiers)."""
    return sum(value for _, value in posture_modifiers(figure, "{}", who, when))


def _stances(figure: Figure) -> list[tuple[int, int]]:
    """How a figure may strike next time, as (ENE beyond the blow's, CH IMP): in its
    posture, at its CaC modifier (Cuerpo a tierra: −2), or, lying or crouching, after a
    Levantarse at no modifier.  Lying down costs a striker its aim, so the score must
    not take a prone brute's charge for a standing one's."""
    own = _posture(figure, "self", "attacking_cac")
    if figure.posture is Posture.STANDING:
        return [(0, own)]
    return [(0, own), (cost(entry(STAND_UP)), 0)]


@cache
def _step_back() -> int:
    """The ENE of the Mover that takes a striker too close to charge (a Cargar needs
    charge_min K of way) back to where its charge can start."""
    return moves().strides["mover"].ene


def _blows(figure: Figure) -> list[tuple[int, int]]:
    """The figure's CaC blows as (DAÑ, ENE of the Ataque CaC): one for each blade, or its
    bare hands (CON − 4, Ataque CaC sin armas) when it has none.  None while it drives a
    transport, which never fights in CaC (actions/driving.py): the buggy's MOV 12 would
    otherwise have its driver "strike" from 87 K away, and never drive to the fight."""
    if drives(figure):
        return []
    blades = [w for w in figure.profile.weapons if not w.ranged]
    if not blades:
        return [(max(1, figure.profile.con - 4), cost(entry(BARE_HANDS)))]
    return [(melee_damage(figure, w), cost(entry(STRIKE), w)) for w in blades]


def _charge_reach(figure: Figure, strike: int, ene: int | None = None) -> float:
    """How far from an enemy (edge to edge) the figure may stand and still strike it
    with a blow of ENE ``strike`` at its next activation: it walks on the ENE it will have
    then (``ene``, by default Figure.activation_ene), less a Cargar's and the blow's, and
    charges.  A figure that strikes walks in first: a Cargar from where it stands would
    leave most of its ENE unused.  (It walks at the better of Mover's and Correr's K per
    ENE; Esprintar bars the attack.)"""
    strides = moves().strides
    charge = strides["cargar"]
    pace = max((figure.mov + strides[k].extra_k) / max(1, strides[k].ene) for k in MARCH)
    left = (figure.activation_ene() if ene is None else ene) - charge.ene - strike
    if left < 0:
        return 0.0  # not even the charge and the blow: no strike next time
    return left * pace + figure.mov + charge.extra_k


def _reach(figure: Figure) -> float:
    """How near the figure must be to hurt an enemy after a fresh activation: its longest
    ALC, or its cheapest blow's charge on the ENE an activation adds alone.  Not the ENE
    it keeps: that is the ``ene`` term's, and walking now would otherwise count no more
    than keeping the ENE to walk later."""
    fresh = min(ENE_CAP, figure.activation_gain)
    charges = [_charge_reach(figure, price, fresh) for _, price in _blows(figure)]
    return max([w.alc for w in figure.profile.weapons if w.ranged] + charges, default=0.0)


def _edge(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


def _fill_cover(state: GameState, pairs: list[tuple[Figure, Figure]]) -> None:
    """Ask the world for the cover of every pair within a shot, in one batch
    (World.fill_cover)."""
    state.world.fill_cover(
        cover_query(a, b)
        for a, b in pairs
        if any(w.ranged and _edge(a, b) <= w.alc for w in a.profile.weapons)
    )
