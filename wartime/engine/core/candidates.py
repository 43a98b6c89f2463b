"""What may be offered: the candidates legal_actions lists beyond the core actions.

choices.legal_actions lists the core moves, shots, blows and postures; this module
adds every other action of the list the acting Pj (or a reactor) may take now: the
ranged and CaC variants, the generic actions, the terrain moves in a few sampled
directions, the mind actions of neuromantes and titiriteros, Dejarse caer,
Despegar / aterrizar and Contracarga (DESIGN.md §3).

Each candidate passes cheap filters first (the book's ENE affordable, the target in
contact for the CaC variants, in range and in the CdV arc for the shots, a magazine
that is not full...), and is then validated with :meth:`GameState.check`; the filters
only skip what the check would refuse, so a UI may still ask the check about any other
argument (another point, another material).  Sampled points, as Mover's: a few
directions only, any other point being validated on demand.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from wartime.board.battlefield import LEVELS
from wartime.board.shapes import Point
from wartime.engine.core.action import Action
from wartime.engine.core.book import cost, entry
from wartime.engine.core.combat import (
    Sight,
    cover_query,
    magazine_size,
    rounds_left,
    shot_query,
    sight,
)
from wartime.engine.core.figures import REACTION_FLOOR, Figure
from wartime.engine.core.heights import reach
from wartime.engine.core.magic import mind_attribute
from wartime.engine.core.melee import UNSEEN_TRAITS
from wartime.engine.core.modifiers import carries
from wartime.engine.core.movement import ENGAGED_GAP, backs_at, engaged_with, moves
from wartime.engine.core.perform import spots, watching
from wartime.engine.core.psychology import NEUROMANCER, STRESS
from wartime.engine.core.routes import route
from wartime.engine.core.sequence import possessed
from wartime.engine.core.stats import sight_extra, vol
from wartime.engine.core.throwables import lift_problem
from wartime.engine.core.vehicles import drives
from wartime.engine.core.world import CoverQuery
from wartime.errors import IllegalActionError
from wartime.geometry.distance import edge_distance
from wartime.geometry.terrain import SURCHARGE
from wartime.geometry.vision import can_interact, in_arc, vision_range
from wartime.rules.dice import Dice

if TYPE_CHECKING:
    from wartime.engine.core.state import GameState


# The book's ENE of the actions with a fixed cost (data/actions.yaml): the filters use
# them; the check applies the entries' modifiers.
@functools.cache
def _price(kind: str) -> int:
    """The ENE the action list prints for ``kind`` (data/actions.yaml), for the filters."""
    return cost(entry(kind))


MINDS = ("corromper_hackear", "poseer", "marcar_un_objetivo")
CONTESTED = ("desarmar", "empujar", "inmovilizar_enemigo", "noquear")
MATERIALS = (None, "wood")  # an improvised or thrown object: steel or hard rock (default), wood
WAYS = 4  # the sampled directions of Mover sin hacer ruido, Salto de longitud, 180°, Destrabarse
DISENGAGE_K = 2.0  # Destrabarse: 2 K away
SUPPORT_K = 2.0  # Apoyar: an ally within 2 K
LONG = 0.5  # the ranged variants' 50% beyond the CdV (a bulto) or the ALC (larga distancia)
_EPS = 1e-6


def choices(
    state: GameState, figure: Figure, legal: list[Action], free: dict[int, float],
    views: Views, reacting: bool = False,
) -> list[Action]:  # fmt: skip
    """The further legal actions of ``figure``; ``legal`` is what the core already offers
    (its moves too),
    ``free`` how far the base runs straight and free in the directions choices sampled,
    ``views`` the lines of sight of the list (:func:`look`)."""
    plain = plain_position(state, figure)
    if figure.aboard is not None:  # a passenger: generic actions and shots only
        found = _generic(state, figure) + _ranged(state, figure, legal, [])
        _spot(state, figure, found, views)
        return [a for a in found if _legal(state, a)]
    engaged = engaged_with(state, figure)
    found = _generic(state, figure) + _mind(state, figure)
    if engaged:
        found += _melee(state, figure, engaged)
    else:
        found += _ranged(state, figure, legal, engaged) + _falls(state, figure)
    if reacting:
        found += _counter_charge(state, figure)
    _spot(state, figure, found, views)
    watchers = views.watchers
    unseen = watchers is not None and not any(spots(figure, seen) for _, seen in watchers)
    simple = SIMPLE | ({"esconderse"} if plain and unseen else set())  # (generic.seen_by)
    checked = [
        a
        for a in found
        if (plain and a.kind in simple)
        or (not (plain and hopeless(views, figure, a)) and _legal(state, a))
    ]
    if not engaged:
        checked += _strides(state, figure, free, plain, set(legal))
    return checked


# The generic actions without a target whose legality is plain to see when no figure on
# the table carries an entry (no ENE modifier, no refusal of an entry can apply):
# _generic lists them only when the book's ENE is affordable and their own condition
# holds (tests/test_offers.py holds this equal to GameState.check).  Esconderse joins
# them when no enemy sees the figure with 50% cover or less (generic.seen_by; held equal
# to the check in tests/test_sight_shortcuts.py).
SIMPLE = frozenset({"concentrarse", "en_guardia", "percibir", "buscar", "soltar"})


def plain_position(state: GameState, figure: Figure) -> bool:
    """No entry anywhere on the table, and the figure stands free on the ground, in calm."""
    if figure.panic or figure.perch or figure.level != 1 or figure.vanished or figure.aboard:
        return False
    return not any(
        p.traits or p.gear or p.metaabilities or p.transport or any(w.bonuses for w in p.weapons)
        for p in (f.profile for f in state.figures.values())
    )


def _legal(state: GameState, action: Action) -> bool:
    """GameState.check, on a trial with dice of its own: whether an action is legal never
    hangs on its rolls (refusals come first), and a game's scripted dice stay untouched."""

    def attempt(trial: GameState) -> None:
        trial.dice = Dice(0)
        trial._apply(action)

    return state.probe(attempt) is None


def _affords(figure: Figure, cost: int) -> bool:
    return figure.ene - max(1, cost) >= (REACTION_FLOOR if figure.reacting else 0)


def _gap(a: Figure, b: Figure) -> float:
    return edge_distance(a.position, a.radius, b.position, b.radius)


# -- lines of sight: asked in batches, read without a trial ------------------------------------

# The shots and throws whose check refuses them when the figure has no LdV to the target:
# in a plain position nothing before that test lets them through (combat.check_shot,
# melee_variants._need_los); an area weapon's shot has no such test (areas.py).
SIGHTED = frozenset({"ataque_distancia", "ataque_distancia_a_larga_distancia",
                     "lanzar_armas_objetos"})  # fmt: skip
BLIND = "ataque_distancia_a_ciegas"  # needs no LdV of its own, and an ally that sees


@dataclass
class Views:
    """The lines of sight one list's checks ask, each worked out once for the list.

    The figures do not change while a list is drawn up (each check plays on a copy), so
    these sights are the ones the checks build (combat.sight), and their covers come
    from the world's memory, filled in batches."""

    aims: dict[str, Sight]  # the figure's sight of each enemy, when it may shoot at all
    watchers: list[tuple[Figure, Sight]] | None  # who could see it, when it may hide
    spotted: dict[str, bool] = field(default_factory=dict)  # a ciegas: blind target → seen


def look(state: GameState, figure: Figure, charges: list[Action]) -> Views:
    """The lines of sight of this list, their covers asked in one batch (World.fill_cover):
    the figure's eye to each enemy in its CdV (its shots and throws) and to each it may
    charge, its muzzle to each in its CdV (a legal shot's cover), and, while it may hide,
    the eye of each enemy that could see it.  The keys are combat's cover_query and
    shot_query, the ones the checks read.  A pair costs about 1/40 of a call in a batch,
    so a muzzle that no legal shot asks is cheap."""
    aims: dict[str, Sight] = {}
    queries: list[CoverQuery] = []
    if not figure.sprinted and not engaged_with(state, figure):  # else no shot asks its LdV
        enemies, aimed = state.enemies_of(figure), {a.target for a in charges}
        aims = {e.id: sight(state, figure, e) for e in enemies}
        seen = [e for e in enemies if aims[e.id].in_vision]
        queries += [cover_query(figure, e) for e in seen + [e for e in enemies if e.id in aimed]]
        queries += [shot_query(figure, e) for e in seen]
    watchers = None
    if not figure.hidden and _affords(figure, _price("esconderse")):  # as _generic offers it
        watchers = list(watching(state, figure))
        queries += [cover_query(enemy, figure) for enemy, _ in watchers]
    state.world.fill_cover(queries)
    return Views(aims, watchers)


def _spot(state: GameState, figure: Figure, found: list[Action], views: Views) -> None:
    """Whether an ally sees each target of an a ciegas shot in ``found`` that the figure
    does not (:func:`lookouts`), their lines of sight asked in one batch; its check asks
    the allies only at such a target."""
    aims = sorted({a.target for a in found if a.kind == BLIND and a.target is not None})
    blind = [state.figure(t) for t in aims if t in views.aims and _hidden(views.aims[t])]
    looking = {t.id: lookouts(state, figure, t) for t in blind}
    state.world.fill_cover(
        cover_query(ally, target) for target in blind for ally, _ in looking[target.id]
    )
    views.spotted = {
        tid: any(not _hidden(seen) for _, seen in lookers) for tid, lookers in looking.items()
    }


def lookouts(state: GameState, figure: Figure, target: Figure) -> list[tuple[Figure, Sight]]:
    """The allies an a ciegas shot of ``figure`` at ``target`` asks for their LdV, each
    with its sight of it: living, with the target in their CdV, at a height they may shoot
    at.  The rule of melee_variants.ataque_distancia_a_ciegas, which an offer may not
    import (an action); tests/test_sight_shortcuts.py holds the two equal."""
    return [
        (ally, view)
        for ally in state.living(figure.side)
        if ally.id != figure.id
        and can_interact(ally.level, target.level, ranged=True)
        and (view := sight(state, ally, target)).in_vision
    ]


def _hidden(seen: Sight) -> bool:
    return seen.line_of_sight == "blocked"


def hopeless(views: Views, figure: Figure, action: Action) -> bool:
    """In a plain position (:func:`plain_position`), whether the check of ``action`` is
    sure to refuse it for what the lines of sight alone tell, read without a trial: a shot
    or a throw at a target wholly hidden from the figure, an a ciegas shot at one it sees
    or that no ally sees (tests/test_sight_shortcuts.py holds the lists equal with and
    without)."""
    if action.kind not in SIGHTED and action.kind != BLIND:
        return False
    seen = views.aims.get(action.target or "")
    if seen is None or not seen.in_vision:  # it may not shoot now, or not there: the check
        return False
    if action.kind == "ataque_distancia" and _area(figure, action.item):
        return False  # an area shot asks no LdV of the target (areas.py)
    if action.kind in SIGHTED:
        return _hidden(seen)
    if not _hidden(seen):
        return True  # a ciegas at a target the figure sees: Ataque a distancia it is
    return views.spotted.get(action.target or "") is False  # no ally sees it (asked: _spot)


def _area(figure: Figure, item: str | None) -> bool:
    """The weapon a shot fires is an area weapon (or is not carried: left to the check)."""
    if item is None:
        weapon = next((w for w in figure.profile.weapons if w.ranged), None)
    else:
        weapon = figure.profile.weapon(item)
    return weapon is None or weapon.area is not None


# -- CaC ---------------------------------------------------------------------------------------


def _melee(state: GameState, figure: Figure, engaged: list[Figure]) -> list[Action]:
    """The CaC variants at each enemy in base contact, Ataque sorpresa, Destrabarse 4 ways."""
    fid, out = figure.id, []
    guns = [w for w in figure.profile.weapons if w.ranged and w.area is None]
    unseen = (
        figure.silent
        or figure.hidden
        or any(t.name in UNSEEN_TRAITS for t in figure.profile.traits)
    )
    for enemy in engaged:
        eid = enemy.id
        if _affords(figure, _price("ataque_cac_sin_armas")):
            out.append(Action("ataque_cac_sin_armas", fid, target=eid))
            out += [
                Action(kind, fid, target=eid)
                for kind in CONTESTED
                if _affords(figure, _price(kind))
            ]
        if _affords(figure, _price("ataque_cac_objeto_improvisado")):
            out += [
                Action("ataque_cac_objeto_improvisado", fid, target=eid, item=m) for m in MATERIALS
            ]
        out += [
            Action("ataque_cac_arma_disparo", fid, target=eid, item=w.id)
            for w in guns
            if _affords(figure, w.ene)
        ]
        behind = not in_arc(enemy.position, enemy.facing, figure.position, 0.0)
        if unseen and behind and figure.surprise != eid:
            out.append(Action("ataque_sorpresa", fid, target=eid))
    if _affords(figure, _price("destrabarse")):
        out += [Action("destrabarse", fid, point=p) for p in _around(figure, DISENGAGE_K)]
    return out


def _around(figure: Figure, k: float) -> list[tuple[float, float]]:
    x, y = figure.position
    ways = [2 * math.pi * i / WAYS for i in range(WAYS)]
    return [(round(x + k * math.cos(a), 6), round(y + k * math.sin(a), 6)) for a in ways]


# -- shots and throws --------------------------------------------------------------------------


def _ranged(
    state: GameState, figure: Figure, legal: list[Action], engaged: list[Figure]
) -> list[Action]:
    """The ranged variants, Lanzar armas / objetos and Embestir, at enemies they may reach."""
    if engaged or figure.sprinted:
        return []
    fid, out = figure.id, []
    sight = vision_range(vol(state, figure)) + sight_extra(figure)
    guns = [w for w in figure.profile.weapons if w.ranged and w.area is None]
    plain = {(a.target, a.item) for a in legal if a.kind == "ataque_distancia"}
    throw = max(figure.profile.mov + figure.profile.con, figure.profile.con + figure.profile.agi)
    ram = figure.mov + 1  # Embestir: MOV+1 K, at least 2 K
    things = state.scenario.battlefield.throwables  # Súper fuerza: the objects it may lift
    lifts = (
        [t.id for t in things if lift_problem(figure, t, state.throwable_at(t)) is None]
        if things
        else []
    )
    for enemy in state.enemies_of(figure):
        gap = _gap(figure, enemy)
        if not in_arc(figure.position, figure.facing, enemy.position, enemy.radius):
            if 2 - _EPS <= gap <= ram + _EPS and _affords(figure, _price("embestir")):
                out.append(Action("embestir", fid, target=enemy.id))
            continue
        eid = enemy.id
        for w in (w for w in guns if _affords(figure, w.ene)):
            if sight < gap <= min(sight * (1 + LONG), w.alc) + _EPS:
                out.append(Action("ataque_distancia_a_bulto", fid, target=eid, item=w.id))
            if gap > sight + _EPS:
                continue
            if w.alc < gap <= w.alc * (1 + LONG) + _EPS:
                out.append(Action("ataque_distancia_a_larga_distancia", fid, target=eid, item=w.id))
            if gap > w.alc + _EPS:
                continue
            if engaged_with(state, enemy):
                out.append(Action("ataque_distancia_a_combate_cac", fid, target=eid, item=w.id))
            if (eid, w.id) not in plain:  # no plain shot: perhaps no LdV, and an ally sees it
                out.append(Action("ataque_distancia_a_ciegas", fid, target=eid, item=w.id))
        if gap <= min(throw, sight) + _EPS and _affords(figure, _price("lanzar_armas_objetos")):
            items = [*MATERIALS, *(w.id for w in figure.profile.weapons), *lifts]
            out += [Action("lanzar_armas_objetos", fid, target=eid, item=i) for i in items]
        if 2 - _EPS <= gap <= ram + _EPS and _affords(figure, _price("embestir")):
            out.append(Action("embestir", fid, target=eid))
    return out


# -- generic actions ---------------------------------------------------------------------------


def _generic(state: GameState, figure: Figure) -> list[Action]:
    """Apoyar, Curar, Recargar, Soltar, Concentrarse, En guardia, Esconderse, Percibir, Buscar."""
    fid, out = figure.id, []
    if _affords(figure, _price("apoyar")):
        out += [
            Action("apoyar", fid, target=ally.id)
            for ally in state.living(figure.side)
            if ally is not figure and _gap(figure, ally) <= SUPPORT_K + _EPS
        ]
    if _affords(figure, _price("curar_reparar")):
        out += [
            Action("curar_reparar", fid, target=None if p is figure else p.id)
            for p in state.figures.values()
            if p.side == figure.side
            and not p.removed
            and (p.wounds or p.unconscious or p.poisoned is not None)
            and (p is figure or _gap(figure, p) <= ENGAGED_GAP)
        ]
        if carries(figure, NEUROMANCER):  # PSICOLOGÍA, Estrés: a neuromante treats it
            out += [
                Action("curar_reparar", fid, target=None if p is figure else p.id, item=STRESS)
                for p in state.figures.values()
                if p.side == figure.side and not p.removed and p.stress
                and (p is figure or _gap(figure, p) <= ENGAGED_GAP)
            ]  # fmt: skip
    for w in figure.profile.weapons:
        size = magazine_size(figure, w)
        if size is not None and rounds_left(figure, w) != size and _affords(figure, w.dan):
            out.append(Action("recargar", fid, item=w.id))
    if _affords(figure, 1):  # Soltar: X = 0 but a bomb's ENE; an action costs 1 at least
        out += [Action("soltar", fid, item=w.id) for w in figure.profile.weapons]
    simple = {
        "concentrarse": figure.focus < 3,
        "en_guardia": not figure.guard_bonus,
        "esconderse": not figure.hidden,
        "percibir": True,
        "buscar": True,
    }
    out += [Action(k, fid) for k, ok in simple.items() if ok and _affords(figure, _price(k))]
    return out


# -- minds, heights, reactions -----------------------------------------------------------------


def _mind(state: GameState, figure: Figure) -> list[Action]:
    """Corromper / Hackear and Poseer at enemies within reach; Marcar a figure it possesses."""
    found = mind_attribute(state, figure)
    if found is None or not _affords(figure, min(_price(k) for k in MINDS)):
        return []
    fid, out = figure.id, []
    for enemy in state.enemies_of(figure):
        if _gap(figure, enemy) > found[1] + _EPS:
            continue
        out.append(Action("corromper_hackear", fid, target=enemy.id))
        if enemy.stress >= vol(state, enemy) or enemy.marked_by == fid:
            out.append(Action("poseer", fid, target=enemy.id))
    out += [
        Action("marcar_un_objetivo", fid, target=f.id)
        for f in state.figures.values()
        if f.possessed_by == fid and f.marked_by != fid and possessed(state, f)
    ]
    return out


def _falls(state: GameState, figure: Figure) -> list[Action]:
    """Dejarse caer from a height or a perch; Despegar / aterrizar between heights 1 and 2."""
    out = []
    if figure.perch or figure.level in (2, 3):
        out.append(Action("dejarse_caer", figure.id))
    if figure.level in (1, 2) and figure.level in LEVELS:
        low, high = reach(state, figure)
        other = 3 - figure.level
        if low <= other <= high:
            out.append(Action("despegar_aterrizar", figure.id, level=other))
    return out


def _counter_charge(state: GameState, figure: Figure) -> list[Action]:
    """Contracarga: a reactor in contact with the enemy that has just charged it."""
    charger = state.figures.get(state.active or "")
    if charger is None or not charger.charging or not _affords(figure, _price("contracarga")):
        return []
    if figure not in engaged_with(state, charger):
        return []
    return [Action("contracarga", figure.id)]


# -- sampled moves -----------------------------------------------------------------------------


def _strides(
    state: GameState, figure: Figure, free: dict[int, float], plain: bool, offered: set[Action]
) -> list[Action]:
    """Mover sin hacer ruido, Salto de longitud and 180° in four directions at full reach.

    A jump is sampled where the straight way is not free as far (a run gets there
    otherwise): over a low wall, a gap, a base.  In a plain position (:func:`plain_position`) a
    silent move is checked as its handler plans it (core.routes.route), without a trial.
    """
    if figure.perch or drives(figure) or figure.panic or figure.aboard is not None:
        return []
    fid, out, checked = figure.id, [], []
    if _affords(figure, _price("mover_sin_hacer_ruido")):
        steady = _affords(figure, _price("mover_sin_hacer_ruido") + max(SURCHARGE.values()))
        for way, point in enumerate(_around(figure, figure.mov)):
            silent = Action("mover_sin_hacer_ruido", fid, point=point)
            # a Mover round a wall (core.routes.winding) says nothing of the straight way
            straight = free.get(2 * way, -1.0) >= figure.mov - _EPS
            if not plain:
                out.append(silent)
            elif steady and straight and Action("mover", fid, point=point) in offered:
                checked.append(silent)  # Mover's way, and ENE for any ground: as legal
            elif _silent_ok(state, figure, point, straight):
                checked.append(silent)
    if _affords(figure, _price("salto_de_longitud")) and figure.level == 1:
        jump = figure.mov * moves().jump_table.factor(figure.profile.agi)
        out += [
            Action("salto_de_longitud", fid, point=p)
            for way, p in enumerate(_around(figure, jump))
            if free.get(2 * way, -1.0) < jump - _EPS and _on_table(state, figure, p)
        ]
    if _affords(figure, _price("giro_180")) and figure.mov >= moves().turn_min_mov:
        out += [
            Action("giro_180", fid, point=p)
            for p in _around(figure, figure.mov + moves().turn.extra_k)
        ]
    return checked + [a for a in out if _legal(state, a)]


def _on_table(state: GameState, figure: Figure, point: Point) -> bool:
    """The base would fit on the table there (a landing off it is refused)."""
    width, height = state.scenario.battlefield.size
    r = figure.radius
    return r <= point[0] <= width - r and r <= point[1] <= height - r


def _silent_ok(state: GameState, figure: Figure, point: Point, clear: bool) -> bool:
    """Mover sin hacer ruido to ``point`` as its handler plans it (terrain_moves), without
    a trial: ``clear`` when the straight way was probed free at least as far."""
    backs = backs_at(state, figure, point)
    try:
        route(
            state,
            figure,
            point,
            figure.mov + moves().silent.extra_k,
            moves().silent,
            backs,
            clear=clear,
        )
    except IllegalActionError:
        return False
    return True
